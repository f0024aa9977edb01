package service

import "github.com/prometheus/client_golang/prometheus"

// Collectors returns the service's own Prometheus metrics, read from the
// server when scraped:
//
//	sudoku_solve_slots             solving slots (Config.MaxConcurrent)
//	sudoku_solves_in_flight        solves running now
//	sudoku_solves_queued           calls and batch items waiting for a slot
//	sudoku_solves_rejected_total   calls refused because the queue was full
//	sudoku_batch_answers_total     SolveBatch answers sent
//	sudoku_batch_item_errors_total SolveBatch answers that are item errors
//	sudoku_stream_stalls_total     streams ended because the client read nothing
//
// BuildGRPC registers them with GRPCConfig.Registerer.
func (s *Server) Collectors() []prometheus.Collector {
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: "sudoku", Name: name, Help: help}, f)
	}
	counter := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "sudoku", Name: name, Help: help}, f)
	}
	return []prometheus.Collector{
		gauge("solve_slots", "Solving slots: the most solves that run at once.",
			func() float64 { return float64(cap(s.limit.slots)) }),
		gauge("solves_in_flight", "Solves running now.",
			func() float64 { return float64(s.limit.inFlight()) }),
		gauge("solves_queued", "Calls and batch items waiting for a solving slot.",
			func() float64 { return float64(s.limit.waiting()) }),
		counter("solves_rejected_total", "Calls refused with ResourceExhausted because the solving queue was full.",
			func() float64 { return float64(s.limit.rejected.Load()) }),
		counter("batch_answers_total", "SolveBatch answers sent.",
			func() float64 { return float64(s.batchAnswers.Load()) }),
		counter("batch_item_errors_total", "SolveBatch answers that are item errors.",
			func() float64 { return float64(s.batchItemErrors.Load()) }),
		counter("stream_stalls_total", "Streams ended because the client read nothing for the stall timeout.",
			func() float64 { return float64(s.stalls.Load()) }),
	}
}

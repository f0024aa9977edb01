package service

import (
	"context"
	"log/slog"
	"net"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokuwise/solver/internal/logsample"
	"github.com/sudokuwise/solver/internal/transport"
)

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

// guardMetrics count what the server does against hostile clients:
//
//	sudoku_tls_handshake_failures_total{reason}   failed TLS handshakes: eof, timeout, error
//	sudoku_premature_reset_closes_total           connections closed for premature resets
//	sudoku_premature_reset_banned_conns_total     connections closed at once, their address banned
//
// BuildGRPC registers them with GRPCConfig.Registerer.
type guardMetrics struct {
	handshakeFailures *prometheus.CounterVec
	resetCloses       prometheus.Counter
	bannedConns       prometheus.Counter
}

// newGuardMetrics returns the metrics, every reason of handshake failure
// at zero.
func newGuardMetrics() *guardMetrics {
	m := &guardMetrics{
		handshakeFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Name: "tls_handshake_failures_total",
			Help: "TLS handshakes on the gRPC port that failed, by reason: eof (closed before done), timeout, error.",
		}, []string{"reason"}),
		resetCloses: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "sudoku", Name: "premature_reset_closes_total",
			Help: "Connections closed because their client cancelled too many calls before they were answered.",
		}),
		bannedConns: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "sudoku", Name: "premature_reset_banned_conns_total",
			Help: "Connections closed as soon as accepted, from an address banned for premature resets.",
		}),
	}
	for _, r := range []string{transport.HandshakeEOF, transport.HandshakeTimeout, transport.HandshakeError} {
		m.handshakeFailures.WithLabelValues(r)
	}
	return m
}

// collectors returns the metrics to register.
func (m *guardMetrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.handshakeFailures, m.resetCloses, m.bannedConns}
}

// handshakeFailed returns the function that counts and logs a failed TLS
// handshake: connections closed before their handshake (TCP probes, port
// scans) at debug level, other failures as warnings.
func handshakeFailed(logger *slog.Logger, sampler *logsample.Sampler, m *guardMetrics) func(net.Addr, string, error) {
	return func(remote net.Addr, reason string, err error) {
		m.handshakeFailures.WithLabelValues(reason).Inc()
		level := slog.LevelWarn
		if reason == transport.HandshakeEOF {
			level = slog.LevelDebug
		}
		attrs := []any{"listener", "grpc", "reason", reason, "err", err}
		if remote != nil {
			attrs = append(attrs, "peer.address", remote.String())
		}
		sampler.Log(context.Background(), logger, level, "TLS handshake failed", attrs...)
	}
}

// closedForResets returns the function that counts and logs a connection
// closed for premature resets, whose address is banned for ban.
func closedForResets(logger *slog.Logger, sampler *logsample.Sampler, ban time.Duration, m *guardMetrics) func(*guardedConn) {
	return func(c *guardedConn) {
		m.resetCloses.Inc()
		calls, premature := c.Counts()
		sampler.Log(context.Background(), logger, slog.LevelWarn, "closed connection: too many calls cancelled before they were answered",
			"peer.address", c.key.remote, "calls", calls, "premature_resets", premature, "ban", ban.String())
	}
}

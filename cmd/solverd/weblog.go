package main

import (
	"context"
	"log"
	"log/slog"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokuwise/solver/internal/logsample"
	"github.com/sudokuwise/solver/internal/transport"
)

// webErrorLog is the error log of the web port's http.Server, and of the
// metrics port's, whose lines are mostly a client's doing: a failed TLS
// handshake (a TCP probe, a plaintext request, a port scan) is counted by
// reason, as the gRPC port's are, and logged as that port logs it, a
// closed connection at debug level; every line goes through the
// noisy-log sampler.
type webErrorLog struct {
	logger   *slog.Logger
	listener string // "web" or "metrics", as the lines name it
	sampler  *logsample.Sampler
	failures *prometheus.CounterVec // by reason; nil without metrics
}

// newWebErrorLog returns the error log of the web port, its failed
// handshakes counted on reg when it is not nil.
func newWebErrorLog(logger *slog.Logger, noisyLogRate float64, reg prometheus.Registerer) (*log.Logger, error) {
	w := &webErrorLog{logger: logger, listener: "web", sampler: logsample.New(noisyLogRate)}
	if reg != nil {
		w.failures = prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Name: "web_tls_handshake_failures_total",
			Help: "TLS handshakes on the web port that failed, by reason: eof (closed before done), timeout, error.",
		}, []string{"reason"})
		if err := reg.Register(w.failures); err != nil {
			return nil, err
		}
	}
	return log.New(w, "", 0), nil
}

// newMetricsErrorLog returns the error log of the metrics port: its failed
// TLS handshakes (with -metrics-tls) are logged as the web port's, under
// -noisy-log-rate, rather than a WARN line each, as http.Server's own log
// wrote them.
func newMetricsErrorLog(logger *slog.Logger, noisyLogRate float64) *log.Logger {
	return log.New(&webErrorLog{logger: logger, listener: "metrics", sampler: logsample.New(noisyLogRate)}, "", 0)
}

// Write logs one line of http.Server's.
func (w *webErrorLog) Write(p []byte) (int, error) {
	line := strings.TrimSpace(string(p))
	// net/http's words: "http: TLS handshake error from ADDR: ERR".
	if rest, ok := strings.CutPrefix(line, "http: TLS handshake error from "); ok {
		addr, msg, _ := strings.Cut(rest, ": ")
		reason := handshakeReason(msg)
		if w.failures != nil {
			w.failures.WithLabelValues(reason).Inc()
		}
		level := slog.LevelWarn
		if reason == transport.HandshakeEOF {
			level = slog.LevelDebug
		}
		w.sampler.Log(context.Background(), w.logger, level, "TLS handshake failed",
			"listener", w.listener, "reason", reason, "err", msg, "peer.address", addr)
		return len(p), nil
	}
	w.sampler.Log(context.Background(), w.logger, slog.LevelWarn, w.listener+" port", "err", line)
	return len(p), nil
}

// handshakeReason classifies the text of a handshake's error as
// transport's reasons do its errors.
func handshakeReason(msg string) string {
	switch {
	case strings.HasSuffix(msg, "EOF"), strings.Contains(msg, "connection reset by peer"), strings.Contains(msg, "use of closed network connection"):
		return transport.HandshakeEOF
	case strings.Contains(msg, "i/o timeout"):
		return transport.HandshakeTimeout
	}
	return transport.HandshakeError
}

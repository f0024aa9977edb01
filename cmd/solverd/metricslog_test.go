package main

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/sudokuwise/solver/internal/syncbuf"
)

// TestMetricsHandshakeLog writes to the metrics server's error log the
// lines net/http writes for failed TLS handshakes, as a client that sends
// plain HTTP to -metrics-tls makes at will: they are logged as the web
// port's are, "TLS handshake failed" naming the listener, the reason and
// the peer, under -noisy-log-rate (a closed connection at debug level),
// not a WARN line each (50 requests made 50 lines).
func TestMetricsHandshakeLog(t *testing.T) {
	tests := []struct {
		name      string
		line      string
		level     slog.Level
		wantLevel string
		wantMax   int // lines logged of 50
	}{
		{"plain HTTP", "http: TLS handshake error from 127.0.0.1:44912: client sent an HTTP request to an HTTPS server", slog.LevelInfo, "WARN", 2},
		{"closed at once", "http: TLS handshake error from 127.0.0.1:44913: EOF", slog.LevelInfo, "", 0},
		{"closed at once, debug", "http: TLS handshake error from 127.0.0.1:44914: EOF", slog.LevelDebug, "DEBUG", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The sampler's timer writes its summary later, from its own
			// goroutine: the buffer is read under its lock.
			var buf syncbuf.Buffer
			logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: tt.level}))
			srv, err := newMetricsServer(prometheus.NewRegistry(), logger, 1, false, "")
			if err != nil {
				t.Fatal(err)
			}
			for range 50 {
				srv.ErrorLog.Print(tt.line)
			}
			logged := buf.String()
			lines := strings.Split(strings.TrimSpace(logged), "\n")
			if logged == "" {
				lines = nil
			}
			if len(lines) > tt.wantMax {
				t.Fatalf("%d lines logged of 50 at -noisy-log-rate 1, want at most %d; the first: %s", len(lines), tt.wantMax, lines[0])
			}
			if tt.wantMax > 0 && len(lines) == 0 {
				t.Fatal("no line logged")
			}
			for _, l := range lines {
				var rec map[string]any
				if err := json.Unmarshal([]byte(l), &rec); err != nil {
					t.Fatalf("%q: %v", l, err)
				}
				if rec["msg"] != "TLS handshake failed" || rec["listener"] != "metrics" || rec["level"] != tt.wantLevel ||
					!strings.HasPrefix(rec["peer.address"].(string), "127.0.0.1:") {
					t.Errorf("line %s; want a %s line \"TLS handshake failed\" with listener metrics and the peer's address", l, tt.wantLevel)
				}
			}
		})
	}
}

package logsample

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestSampler: past its burst, a sampler holds lines back, and the next
// line it passes counts them.
func TestSampler(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&out, nil))
	now := time.Unix(1000, 0)
	s := New(2)
	s.now = func() time.Time { return now }
	for range 10 {
		s.Log(context.Background(), logger, slog.LevelInfo, "cancelled")
	}
	if n := strings.Count(out.String(), "\n"); n != 2 {
		t.Fatalf("%d lines logged at once, want the burst of 2:\n%s", n, out.String())
	}
	now = now.Add(time.Second)
	out.Reset()
	s.Log(context.Background(), logger, slog.LevelInfo, "cancelled")
	if !strings.Contains(out.String(), `"log.suppressed":8`) {
		t.Fatalf("line after the burst = %s, want log.suppressed 8", out.String())
	}
	// Lines below the logger's level are neither logged nor counted.
	quiet := slog.New(slog.NewJSONHandler(&out, &slog.HandlerOptions{Level: slog.LevelWarn}))
	s.Log(context.Background(), quiet, slog.LevelDebug, "probe")
	if s.suppressed.Load() != 0 {
		t.Errorf("a line below the level was counted as suppressed")
	}
	var all *Sampler // no limit
	out.Reset()
	for range 5 {
		all.Log(context.Background(), logger, slog.LevelInfo, "each")
	}
	if n := strings.Count(out.String(), "\n"); n != 5 {
		t.Errorf("nil sampler logged %d of 5 lines", n)
	}
}

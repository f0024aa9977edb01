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

// TestSamplerFlush: the last line of a burst that no later line follows
// is logged once the flush delay is over, counting the lines held back
// before it, so that the burst's count is not lost; a line passed in the
// meantime counts them instead, and the flush logs nothing.
func TestSamplerFlush(t *testing.T) {
	tests := []struct {
		name      string
		lines     int  // logged at once, the burst of 2 passing
		passAfter bool // a line passes before the flush
		want      []string
	}{
		{"no line held back", 2, false, nil},
		{"one held back", 3, false, []string{`"n":2`}},
		{"many held back", 10, false, []string{`"n":9,"log.suppressed":7`}},
		{"a line passes first", 10, true, []string{`"n":10,"log.suppressed":8`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&out, nil))
			now := time.Unix(1000, 0)
			s := New(2)
			s.now = func() time.Time { return now }
			var flushes []func()
			s.after = func(_ time.Duration, f func()) { flushes = append(flushes, f) }
			for i := range tt.lines {
				s.Log(context.Background(), logger, slog.LevelInfo, "cancelled", "n", i)
			}
			out.Reset()
			if tt.passAfter {
				now = now.Add(time.Second)
				s.Log(context.Background(), logger, slog.LevelInfo, "cancelled", "n", tt.lines)
			}
			now = now.Add(flushDelay) // when the flush runs
			for _, f := range flushes {
				f()
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				if l == "" {
					continue
				}
				i := strings.Index(l, `"n":`)
				got = append(got, strings.TrimSuffix(l[i:], "}"))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("lines after the burst:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if len(flushes) > 1 {
				t.Errorf("%d flushes scheduled for one burst, want at most 1", len(flushes))
			}
		})
	}
}

// TestSamplerFloodRate: under a steady flood, lines pass at the sampler's
// rate, the flushes among them: a flush takes its place in the rate
// rather than add a line a second to it.
func TestSamplerFloodRate(t *testing.T) {
	tests := []struct {
		perSecond float64
		seconds   int
	}{
		{1, 10},
		{2, 10},
		{10, 5},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		logger := slog.New(slog.NewJSONHandler(&out, nil))
		start := time.Unix(1000, 0)
		now := start
		s := New(tt.perSecond)
		s.now = func() time.Time { return now }
		type timer struct {
			at time.Time
			f  func()
		}
		var timers []timer
		s.after = func(d time.Duration, f func()) { timers = append(timers, timer{now.Add(d), f}) }
		// A line every 7ms, the timers run when due.
		for now.Before(start.Add(time.Duration(tt.seconds) * time.Second)) {
			for len(timers) > 0 && !timers[0].at.After(now) {
				f := timers[0].f
				timers = timers[1:]
				f()
			}
			s.Log(context.Background(), logger, slog.LevelInfo, "cancelled")
			now = now.Add(7 * time.Millisecond)
		}
		limit := int(tt.perSecond)*tt.seconds + max(1, int(tt.perSecond)) // the rate, and the burst
		if n := strings.Count(out.String(), "\n"); n > limit {
			t.Errorf("%v lines a second: %d lines logged in %d s of flood, want at most %d", tt.perSecond, n, tt.seconds, limit)
		}
	}
}

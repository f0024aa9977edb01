// Package logsample keeps the log lines of events a client can cause at
// will (calls it cancels, requests it gets wrong) to a rate, counting
// those it holds back.
package logsample

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// A Sampler passes at most a number of log lines a second, and counts the
// lines it holds back: the next line it passes says how many
// ("log.suppressed"). When no line comes to pass after a burst, the last
// line held back is logged a second later, counting those before it, so
// that a burst's count is never lost. A nil *Sampler passes every line.
type Sampler struct {
	lim        *rate.Limiter
	now        func() time.Time
	after      func(time.Duration, func()) // time.AfterFunc; tests replace it
	suppressed atomic.Int64

	mu      sync.Mutex
	held    heldLine // the last line held back
	pending bool     // a flush of held is scheduled
}

// heldLine is a line a Sampler held back.
type heldLine struct {
	logger *slog.Logger
	level  slog.Level
	msg    string
	attrs  []any
}

// flushDelay is how long after holding a line back a Sampler logs it, when
// no other line has passed in the meantime.
const flushDelay = time.Second

// New returns a sampler of perSecond lines a second, in bursts of as many
// (at least one); 0 or less returns nil, which passes all.
func New(perSecond float64) *Sampler {
	if perSecond <= 0 {
		return nil
	}
	return &Sampler{
		lim:   rate.NewLimiter(rate.Limit(perSecond), max(1, int(perSecond))),
		now:   time.Now,
		after: func(d time.Duration, f func()) { time.AfterFunc(d, f) },
	}
}

// Log logs a line to logger, unless too many have been lately.
func (s *Sampler) Log(ctx context.Context, logger *slog.Logger, level slog.Level, msg string, attrs ...any) {
	if !logger.Enabled(ctx, level) {
		return
	}
	if s != nil {
		if !s.lim.AllowN(s.now(), 1) {
			s.hold(heldLine{logger, level, msg, attrs})
			return
		}
		if n := s.suppressed.Swap(0); n > 0 {
			attrs = append(attrs, "log.suppressed", n)
		}
	}
	logger.Log(ctx, level, msg, attrs...)
}

// hold counts line as held back, keeps it as the last one, and schedules
// a flush unless one is.
func (s *Sampler) hold(line heldLine) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.suppressed.Add(1)
	s.held = line
	if !s.pending {
		s.pending = true
		s.after(flushDelay, s.flush)
	}
}

// flush logs the last line held back, counting those held back before it,
// if no line has passed since (which would have counted them all). The
// line takes its place in the rate: while lines still come faster, the
// flush waits another delay, the next line passed counting them.
func (s *Sampler) flush() {
	s.mu.Lock()
	if s.suppressed.Load() > 0 && !s.lim.AllowN(s.now(), 1) {
		s.after(flushDelay, s.flush)
		s.mu.Unlock()
		return
	}
	line := s.held
	s.held = heldLine{}
	s.pending = false
	n := s.suppressed.Swap(0)
	s.mu.Unlock()
	if n == 0 || line.logger == nil {
		return
	}
	attrs := line.attrs
	if n > 1 {
		attrs = append(attrs[:len(attrs):len(attrs)], "log.suppressed", n-1)
	}
	line.logger.Log(context.Background(), line.level, line.msg, attrs...)
}

// Package logsample keeps the log lines of events a client can cause at
// will (calls it cancels, requests it gets wrong) to a rate, counting
// those it holds back.
package logsample

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// A Sampler passes at most a number of log lines a second, and counts the
// lines it holds back: the next line it passes says how many
// ("log.suppressed"). A nil *Sampler passes every line.
type Sampler struct {
	lim        *rate.Limiter
	now        func() time.Time
	suppressed atomic.Int64
}

// New returns a sampler of perSecond lines a second, in bursts of as many
// (at least one); 0 or less returns nil, which passes all.
func New(perSecond float64) *Sampler {
	if perSecond <= 0 {
		return nil
	}
	return &Sampler{lim: rate.NewLimiter(rate.Limit(perSecond), max(1, int(perSecond))), now: time.Now}
}

// Log logs a line to logger, unless too many have been lately.
func (s *Sampler) Log(ctx context.Context, logger *slog.Logger, level slog.Level, msg string, attrs ...any) {
	if !logger.Enabled(ctx, level) {
		return
	}
	if s != nil {
		if !s.lim.AllowN(s.now(), 1) {
			s.suppressed.Add(1)
			return
		}
		if n := s.suppressed.Swap(0); n > 0 {
			attrs = append(attrs, "log.suppressed", n)
		}
	}
	logger.Log(ctx, level, msg, attrs...)
}

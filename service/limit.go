package service

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
)

// errOverloaded refuses a call that finds the solving queue full.
var errOverloaded = errors.New("server overloaded")

// limiter bounds the solves that run at once across all calls. A call that
// finds every slot taken waits in a queue, in arrival order, until a slot
// frees or its context ends.
type limiter struct {
	slots    chan struct{}
	maxQueue int64
	queued   atomic.Int64
	rejected atomic.Uint64
}

func newLimiter(slots, maxQueue int) *limiter {
	return &limiter{slots: make(chan struct{}, slots), maxQueue: int64(maxQueue)}
}

// acquire takes a slot, waiting for one while ctx lasts. With shed, it
// refuses to wait (errOverloaded) when maxQueue calls wait already. The
// caller must call release when it got a slot.
func (l *limiter) acquire(ctx context.Context, shed bool) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	n := l.queued.Add(1)
	defer l.queued.Add(-1)
	if shed && n > l.maxQueue {
		l.rejected.Add(1)
		return fmt.Errorf("%w: %d solves running and %d waiting; retry later", errOverloaded, cap(l.slots), l.maxQueue)
	}
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for a solving slot: %w", ctx.Err())
	}
}

// release gives back a slot taken by acquire.
func (l *limiter) release() { <-l.slots }

// inFlight returns the number of slots taken.
func (l *limiter) inFlight() int { return len(l.slots) }

// waiting returns the number of calls waiting for a slot.
func (l *limiter) waiting() int { return int(l.queued.Load()) }

// slot is a solving slot held by one call, which may give it up while it
// waits for its client and take it again (see SolveSteps).
type slot struct {
	l    *limiter
	held bool
}

// admitBoard is admit for a call on a board of side n, which first counts
// the call as the calls its board weighs against -max-total-streams (see
// boardWeight).
func (s *Server) admitBoard(ctx context.Context, n int) (*slot, error) {
	if err := weigh(ctx, n); err != nil {
		return nil, err
	}
	return s.admit(ctx)
}

// admit takes a slot for a call, refusing it when the queue is full.
func (s *Server) admit(ctx context.Context) (*slot, error) {
	if err := s.limit.acquire(ctx, true); err != nil {
		return nil, err
	}
	return &slot{l: s.limit, held: true}, nil
}

// release gives the slot back; it does nothing when the slot is not held.
func (sl *slot) release() {
	if sl.held {
		sl.held = false
		sl.l.release()
	}
}

// reacquire takes the slot again after release, waiting in the queue
// without being refused: the call was admitted already.
func (sl *slot) reacquire(ctx context.Context) error {
	if sl.held {
		return nil
	}
	if err := sl.l.acquire(ctx, false); err != nil {
		return err
	}
	sl.held = true
	return nil
}

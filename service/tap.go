package service

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// authTap returns a tap handle that refuses, with Unauthenticated, every
// stream but health checks whose metadata lacks a token check accepts.
// It runs on the stream's headers, before its request is read, so that a
// client without a token makes the server neither read nor decode
// anything more. The context it returns names the caller (see tokenAuth).
func authTap(check auth.AuthFunc) tap.ServerInHandle {
	return func(ctx context.Context, info *tap.Info) (context.Context, error) {
		service, _ := splitMethod(info.FullMethodName)
		if isHealth(service) {
			return ctx, nil
		}
		authed, err := check(ctx)
		if err != nil {
			if _, ok := status.FromError(err); !ok {
				err = status.Error(codes.Unauthenticated, err.Error())
			}
			return ctx, err
		}
		return authed, nil
	}
}

// requestTimerKey is the context key of a stream's *requestTimer.
type requestTimerKey struct{}

// requestTimer is the context of a stream whose first request message
// must arrive within a time limit: when it has not, the context is
// cancelled and reports DeadlineExceeded, which ends the stream's read
// (and so the call) with that code. The call's own deadline, which
// handlers see, is unchanged: the limit is lifted once the message is in
// (see stop).
type requestTimer struct {
	context.Context // cancelled when the limit passes or the stream ends
	limit           time.Duration
	timer           *time.Timer
	expired         atomic.Bool
}

// requestTimeoutTap returns a tap handle that gives each stream limit
// for its first request message to arrive in full; callStats lifts the
// limit when it has. It must come last of the server's taps, so that it
// arms a timer only for streams that will be handled.
//
// SolveBatch is exempt: its client may open the stream before it has read
// a puzzle to send, from a slow pipe say; the batch's idle timeout bounds
// a stream that sends nothing.
func requestTimeoutTap(limit time.Duration) tap.ServerInHandle {
	return func(ctx context.Context, info *tap.Info) (context.Context, error) {
		if info.FullMethodName == sudokuv1.SudokuService_SolveBatch_FullMethodName {
			return ctx, nil
		}
		ctx, cancel := context.WithCancel(ctx)
		rt := &requestTimer{Context: ctx, limit: limit}
		rt.timer = time.AfterFunc(limit, func() {
			rt.expired.Store(true)
			cancel()
		})
		return rt, nil
	}
}

// Err is the embedded context's error, but DeadlineExceeded once the
// limit has passed.
func (rt *requestTimer) Err() error {
	err := rt.Context.Err()
	if err != nil && rt.expired.Load() {
		return context.DeadlineExceeded
	}
	return err
}

// Value returns rt itself for requestTimerKey.
func (rt *requestTimer) Value(key any) any {
	if key == (requestTimerKey{}) {
		return rt
	}
	return rt.Context.Value(key)
}

// stopRequestTimer lifts the time limit of the stream of ctx, if it has
// one: its first request message has arrived, or it has ended.
func stopRequestTimer(ctx context.Context) {
	if rt, ok := ctx.Value(requestTimerKey{}).(*requestTimer); ok {
		rt.timer.Stop()
	}
}

// requestTimedOut returns the time limit that the first request message
// of the stream of ctx missed, if it missed one.
func requestTimedOut(ctx context.Context) (time.Duration, bool) {
	rt, ok := ctx.Value(requestTimerKey{}).(*requestTimer)
	if !ok || !rt.expired.Load() {
		return 0, false
	}
	return rt.limit, true
}

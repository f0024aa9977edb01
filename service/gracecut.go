package service

import (
	"context"
	"errors"
	"time"

	middleware "github.com/grpc-ecosystem/go-grpc-middleware/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// graceCut ends the calls still running once a shutdown's grace period is
// over (GRPC.CutCalls) with a status that says why, which their clients
// get before the server closes their connections: closed first, they saw
// a transport error ("transport is closing", or an EOF over HTTP) that
// names no reason.
type graceCut struct {
	ctx    context.Context // ended by cancel: every call's context then ends
	cancel context.CancelFunc
	wait   time.Duration // graceCutWait, but in tests
}

func newGraceCut() *graceCut {
	ctx, cancel := context.WithCancel(context.Background())
	return &graceCut{ctx: ctx, cancel: cancel, wait: graceCutWait}
}

// errGraceOver is the cause of a call's context the grace's end ended.
var errGraceOver = errors.New("grace period over")

// graceCutWait bounds how long the server waits, the calls cut, for their
// handlers to return and their statuses to go out before it closes the
// connections left: a solve notices its context between steps, which on
// a 32×32 take a few tenths of a second. The deployments'
// terminationGracePeriodSeconds leave room for it (and for solverd's web
// port's as much) after the grace.
const graceCutWait = time.Second

// wrap returns ctx ended when the calls are cut, and a function that lets
// it go.
func (c *graceCut) wrap(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(c.ctx, func() { cancel(errGraceOver) })
	return ctx, func() {
		stop()
		cancel(nil)
	}
}

// status is the status of a call that returned err under ctx: Unavailable
// with the reason when the grace's end cut it.
func (c *graceCut) status(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errGraceOver) {
		return status.Error(codes.Unavailable, "the server stopped: its grace period was over")
	}
	return err
}

func (c *graceCut) unary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	ctx, done := c.wrap(ctx)
	defer done()
	resp, err := handler(ctx, req)
	return resp, c.status(ctx, err)
}

func (c *graceCut) stream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx, done := c.wrap(ss.Context())
	defer done()
	ws := middleware.WrapServerStream(ss)
	ws.WrappedContext = ctx
	return c.status(ctx, handler(srv, ws))
}

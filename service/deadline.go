package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	middleware "github.com/grpc-ecosystem/go-grpc-middleware/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// errMaxTimeout is the cause of a call's context that GRPCConfig.MaxTimeout
// ended.
var errMaxTimeout = errors.New("the server's longest deadline passed")

// deadlineCap brings the deadline of a Sudoku service call forward to max
// when its caller set a later one (a call without one gets
// Config.DefaultTimeout from the service), and says so in the error of a
// call that runs out of it. SolveBatch, whose stream lasts as long as the
// batch, is exempt: each of its puzzles has Config.DefaultTimeout.
type deadlineCap struct {
	max time.Duration
}

// bound returns ctx with its deadline brought forward to c.max from now
// when it is later than that, for a call of fullMethod.
func (c deadlineCap) bound(ctx context.Context, fullMethod string) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !strings.HasPrefix(fullMethod, "/"+sudokuv1.SudokuService_ServiceDesc.ServiceName+"/") ||
		fullMethod == sudokuv1.SudokuService_SolveBatch_FullMethodName || !ok || time.Until(d) <= c.max {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, c.max, errMaxTimeout)
}

// explain returns err, the error of a call whose context is ctx, saying
// that the server's bound ended it when it did.
func (c deadlineCap) explain(ctx context.Context, err error) error {
	return explainDeadline(ctx, err, errMaxTimeout,
		fmt.Sprintf("the server ends a call after %v (solverd's -max-timeout), sooner than its caller's deadline", c.max))
}

// explainDeadline returns err, the error of a call whose context is ctx,
// with why added to its message when it is DeadlineExceeded and cause
// ended ctx (a deadline the server set, which its caller would otherwise
// look for among its own).
func explainDeadline(ctx context.Context, err, cause error, why string) error {
	if status.Code(err) != codes.DeadlineExceeded || !errors.Is(context.Cause(ctx), cause) {
		return err
	}
	return status.Error(codes.DeadlineExceeded, strings.TrimSuffix(status.Convert(err).Message(), ".")+": "+why)
}

func (c deadlineCap) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	ctx, cancel := c.bound(ctx, info.FullMethod)
	defer cancel()
	resp, err := handler(ctx, req)
	return resp, c.explain(ctx, err)
}

func (c deadlineCap) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx, cancel := c.bound(ss.Context(), info.FullMethod)
	defer cancel()
	if ctx == ss.Context() {
		return handler(srv, ss)
	}
	ws := middleware.WrapServerStream(ss)
	ws.WrappedContext = ctx
	return c.explain(ctx, handler(srv, ws))
}

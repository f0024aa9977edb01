package service

import (
	"context"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/logging"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/selector"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// GRPC is a gRPC server carrying the Sudoku service, the standard health
// service and server reflection, with request logging and panic recovery.
type GRPC struct {
	Server *grpc.Server
	Health *health.Server
}

// NewGRPC builds a gRPC server for srv. Requests are logged to logger
// (health and reflection calls excepted) and panics in handlers become
// Internal errors. extra options are appended to the server's own.
func NewGRPC(srv *Server, logger *slog.Logger, extra ...grpc.ServerOption) *GRPC {
	logOpts := []logging.Option{logging.WithLogOnEvents(logging.FinishCall)}
	logFunc := logging.LoggerFunc(func(ctx context.Context, lvl logging.Level, msg string, fields ...any) {
		logger.Log(ctx, slog.Level(lvl), msg, fields...)
	})
	recoverOpt := recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
		logger.ErrorContext(ctx, "panic in handler", "panic", p, "stack", string(debug.Stack()))
		return status.Error(codes.Internal, "internal error")
	})
	notInfra := selector.MatchFunc(func(_ context.Context, meta interceptors.CallMeta) bool {
		return !isInfra(meta.Service)
	})
	opts := []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(
			selector.UnaryServerInterceptor(logging.UnaryServerInterceptor(logFunc, logOpts...), notInfra),
			recovery.UnaryServerInterceptor(recoverOpt),
		),
		grpc.ChainStreamInterceptor(
			selector.StreamServerInterceptor(logging.StreamServerInterceptor(logFunc, logOpts...), notInfra),
			recovery.StreamServerInterceptor(recoverOpt),
		),
	}
	gs := grpc.NewServer(append(opts, extra...)...)
	sudokuv1.RegisterSudokuServiceServer(gs, srv)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(sudokuv1.SudokuService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(gs, hs)
	reflection.Register(gs)
	return &GRPC{Server: gs, Health: hs}
}

// isInfra reports whether a service is health checking or reflection, whose
// calls are not worth a log line each.
func isInfra(service string) bool {
	return strings.HasPrefix(service, "grpc.health.") || strings.HasPrefix(service, "grpc.reflection.")
}

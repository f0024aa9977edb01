package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/logging"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/ratelimit"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/selector"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/transport"
)

// GRPC is a gRPC server carrying the Sudoku service, the standard health
// service and server reflection, with its middleware.
type GRPC struct {
	Server *grpc.Server
	Health *health.Server
	srv    *Server
	logger *slog.Logger
}

// GRPCConfig configures the gRPC server that BuildGRPC makes. The zero
// value, but for Logger, is a server without rate limit, authentication
// or metrics.
type GRPCConfig struct {
	// Logger receives a line per call (health and reflection calls
	// excepted) and the shutdown messages. Nil discards them.
	Logger *slog.Logger
	// RateLimit is the sustained rate of calls per second the server
	// accepts, health checks excepted; calls beyond it, after a burst of
	// RateBurst, fail with ResourceExhausted. 0 means no limit.
	RateLimit float64
	// RateBurst is the most calls accepted at once above the rate; 0 means
	// the rate rounded up (at least 1).
	RateBurst int
	// Tokens, when not empty, are the bearer tokens accepted: every call
	// but health checks must carry one in its "authorization: Bearer ..."
	// metadata, or fails with Unauthenticated.
	Tokens []string
	// Registerer, when not nil, receives the server's Prometheus metrics:
	// RPC counts and latencies (grpc_server_*) and the service's own
	// (sudoku_*, see Server.Collectors).
	Registerer prometheus.Registerer
	// MaxRecvMsgSize is the largest message received; 0 means gRPC's
	// default of 4 MiB. The largest message sent is the service's
	// Config.MaxSendMsgSize.
	MaxRecvMsgSize int
	// ServerOptions are appended to the server's own: keepalive, TLS
	// credentials and the like.
	ServerOptions []grpc.ServerOption
}

// NewGRPC builds a gRPC server for srv that logs requests to logger and
// has no rate limit, authentication or metrics; extra options are
// appended to the server's own. It is BuildGRPC for tests and in-process
// use.
func NewGRPC(srv *Server, logger *slog.Logger, extra ...grpc.ServerOption) *GRPC {
	g, err := BuildGRPC(srv, GRPCConfig{Logger: logger, ServerOptions: extra})
	if err != nil {
		panic(err) // only metrics registration fails, and there is none
	}
	return g
}

// BuildGRPC builds a gRPC server for srv. Its interceptors run in this
// order: metrics (every call counts, refused or not), rate limit (the
// cheapest refusal, before any other work), request logging, bearer-token
// authentication, then panic recovery around the handler, which turns a
// panic into Internal. Health checks skip the rate limit and
// authentication; health and reflection calls are not logged.
func BuildGRPC(srv *Server, cfg GRPCConfig) (*GRPC, error) {
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	var unary []grpc.UnaryServerInterceptor
	var stream []grpc.StreamServerInterceptor

	var metrics *grpcprom.ServerMetrics
	if cfg.Registerer != nil {
		metrics = grpcprom.NewServerMetrics(grpcprom.WithServerHandlingTimeHistogram(
			grpcprom.WithHistogramBuckets(latencyBuckets)))
		for _, c := range append([]prometheus.Collector{metrics}, srv.Collectors()...) {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, fmt.Errorf("registering metrics: %w", err)
			}
		}
		unary = append(unary, metrics.UnaryServerInterceptor())
		stream = append(stream, metrics.StreamServerInterceptor())
	}

	notHealth := selector.MatchFunc(func(_ context.Context, meta interceptors.CallMeta) bool {
		return !isHealth(meta.Service)
	})
	if cfg.RateLimit > 0 {
		lim := newRateLimiter(cfg.RateLimit, cfg.RateBurst)
		unary = append(unary, selector.UnaryServerInterceptor(ratelimit.UnaryServerInterceptor(lim), notHealth))
		stream = append(stream, selector.StreamServerInterceptor(ratelimit.StreamServerInterceptor(lim), notHealth))
	}

	logOpts := []logging.Option{logging.WithLogOnEvents(logging.FinishCall)}
	logFunc := logging.LoggerFunc(func(ctx context.Context, lvl logging.Level, msg string, fields ...any) {
		logger.Log(ctx, slog.Level(lvl), msg, fields...)
	})
	notInfra := selector.MatchFunc(func(_ context.Context, meta interceptors.CallMeta) bool {
		return !isInfra(meta.Service)
	})
	unary = append(unary, selector.UnaryServerInterceptor(logging.UnaryServerInterceptor(logFunc, logOpts...), notInfra))
	stream = append(stream, selector.StreamServerInterceptor(logging.StreamServerInterceptor(logFunc, logOpts...), notInfra))

	if len(cfg.Tokens) > 0 {
		authFn, err := transport.BearerAuth(cfg.Tokens)
		if err != nil {
			return nil, err
		}
		unary = append(unary, selector.UnaryServerInterceptor(auth.UnaryServerInterceptor(authFn), notHealth))
		stream = append(stream, selector.StreamServerInterceptor(auth.StreamServerInterceptor(authFn), notHealth))
	}

	recoverOpt := recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
		logger.ErrorContext(ctx, "panic in handler", "panic", p, "stack", string(debug.Stack()))
		return status.Error(codes.Internal, "internal error")
	})
	unary = append(unary, recovery.UnaryServerInterceptor(recoverOpt))
	stream = append(stream, recovery.StreamServerInterceptor(recoverOpt))

	opts := []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(unary...),
		grpc.ChainStreamInterceptor(stream...),
		grpc.MaxSendMsgSize(srv.cfg.MaxSendMsgSize),
		// Stop and GracefulStop return only once every handler has.
		grpc.WaitForHandlers(true),
	}
	if cfg.MaxRecvMsgSize > 0 {
		opts = append(opts, grpc.MaxRecvMsgSize(cfg.MaxRecvMsgSize))
	}
	gs := grpc.NewServer(append(opts, cfg.ServerOptions...)...)
	sudokuv1.RegisterSudokuServiceServer(gs, srv)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(sudokuv1.SudokuService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(gs, hs)
	reflection.Register(gs)
	if metrics != nil {
		metrics.InitializeMetrics(gs)
	}
	return &GRPC{Server: gs, Health: hs, srv: srv, logger: logger}, nil
}

// latencyBuckets are the bounds, in seconds, of the RPC latency
// histogram: from the tenth of a millisecond of an easy puzzle to the
// minutes of a long batch stream.
var latencyBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300}

// ErrGraceExpired is returned by Shutdown when calls were still running
// when its context ended, and were cancelled.
var ErrGraceExpired = errors.New("grace period over; remaining calls cancelled")

// Shutdown stops the server gracefully. Health checks report NOT_SERVING
// at once, batch streams stop taking new puzzles (see SolveBatch), new
// calls are refused, and the calls in flight finish. When ctx ends first,
// the calls still running are cancelled and Shutdown returns
// ErrGraceExpired once their handlers have returned.
func (g *GRPC) Shutdown(ctx context.Context) error {
	g.Health.Shutdown()
	g.srv.Drain()
	stopped := make(chan struct{})
	go func() {
		g.Server.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
		return nil
	case <-ctx.Done():
	}
	g.logger.Warn("grace period over; closing remaining calls")
	g.Server.Stop()
	<-stopped
	return ErrGraceExpired
}

// isInfra reports whether a service is health checking or reflection, whose
// calls are not worth a log line each.
func isInfra(service string) bool {
	return isHealth(service) || strings.HasPrefix(service, "grpc.reflection.")
}

// isHealth reports whether a service is health checking, which load
// balancers and orchestrators call without credentials and must always
// get an answer.
func isHealth(service string) bool {
	return strings.HasPrefix(service, "grpc.health.")
}

// rateLimiter is a ratelimit.Limiter over one token bucket for the whole
// server.
type rateLimiter struct {
	lim *rate.Limiter
}

func newRateLimiter(perSecond float64, burst int) *rateLimiter {
	if burst <= 0 {
		burst = max(1, int(perSecond+0.999))
	}
	return &rateLimiter{lim: rate.NewLimiter(rate.Limit(perSecond), burst)}
}

// Limit refuses a call when the bucket is empty.
func (r *rateLimiter) Limit(context.Context) error {
	if !r.lim.Allow() {
		return fmt.Errorf("rate limit of %g calls per second (burst %d) exceeded", float64(r.lim.Limit()), r.lim.Burst())
	}
	return nil
}

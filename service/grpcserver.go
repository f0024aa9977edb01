package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/selector"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	noopmetric "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	grpcstats "google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/logsample"
	"github.com/sudokuwise/solver/internal/transport"
)

// GRPC is a gRPC server carrying the Sudoku service, the standard health
// service and server reflection, with its middleware.
type GRPC struct {
	Server *grpc.Server
	Health *health.Server
	srv    *Server
	logger *slog.Logger
	watch  *healthWatch
	guard  *resetGuard // nil without a premature reset limit
	// admission counts the calls in progress; nil without MaxStreams
	// and MaxHeap.
	admission *admission
	stats     *callStats
	cut       *graceCut // ends the calls left when the grace is over

	drainDelay time.Duration
	drainOnce  sync.Once
	drained    chan struct{} // closed once the drain delay is over
	refuseOnce sync.Once     // RefuseNewCalls
}

// GRPCConfig configures the gRPC server that BuildGRPC makes. The zero
// value, but for Logger, is a server without rate limit, authentication,
// metrics or tracing.
type GRPCConfig struct {
	// Logger receives a line per call (health and reflection calls
	// excepted) and the shutdown messages. Nil discards them.
	Logger *slog.Logger
	// RateLimit is the sustained rate of calls per second the server
	// accepts from each caller, health checks excepted; a caller's calls
	// beyond it, after a burst of RateBurst, fail with ResourceExhausted.
	// A caller is its bearer token when Tokens is set, else the IP
	// address it connects from. 0 means no limit.
	RateLimit float64
	// RateBurst is the most calls a caller may make at once above the
	// rate; 0 means the rate rounded up (at least 1).
	RateBurst int
	// MaxCallers bounds the callers whose rate the server remembers; 0
	// means DefaultMaxCallers. Callers idle long enough to have their
	// whole burst back are forgotten first, as they lose nothing by it.
	MaxCallers int
	// Tokens, when not empty, are the bearer tokens accepted: every call
	// but health checks must carry one in its "authorization: Bearer ..."
	// metadata, or fails with Unauthenticated before the rate limit or
	// anything else spends on it. On a connection served by the server
	// itself, the token is checked on the call's headers, before its
	// request is read (a tap handle, the first of the taps); calls that
	// come through Server.ServeHTTP (the web viewer's) are checked by an
	// interceptor, once their request is decoded.
	Tokens []string
	// RequestTimeout, when positive, is how long a call has for its
	// request (the first message of a client stream) to arrive in full
	// once its headers have: a call whose request is late ends with
	// DeadlineExceeded, before its handler or default deadline begin. It
	// does not apply to calls through Server.ServeHTTP.
	RequestTimeout time.Duration
	// PrematureResetLimit, when positive, makes GRPC.Serve close the
	// connections whose client cancels most of the calls it opens before
	// they are answered (HTTP/2 rapid reset): a connection is closed once
	// it has had PrematureResetLimit/2 premature resets while it has had
	// fewer than PrematureResetLimit calls, or once half of its calls are
	// premature resets after that. A premature reset is a call that ends
	// Canceled within PrematureResetLifetime (0:
	// DefaultPrematureResetLifetime) of its start.
	PrematureResetLimit    int
	PrematureResetLifetime time.Duration
	// PrematureResetBan is how long, after closing a connection for
	// premature resets, GRPC.Serve closes new connections from its IP
	// address at once: else the client just reconnects. 0 bans none.
	PrematureResetBan time.Duration
	// NoisyLogRate, when positive, is the most log lines a second about
	// each kind of call a client can make fail at will: calls it cancels,
	// calls refused for want of a valid token, for its rate or the
	// server's load, calls refused for their request (bad input, its own
	// bounds), calls whose request came too late; and about each kind of connection event: TLS handshakes
	// that fail, connections closed for premature resets. The next line
	// logged counts those held back ("log.suppressed"); metrics count
	// them all. 0 logs every one.
	NoisyLogRate float64
	// Creds, when not nil, are the server's transport credentials (TLS):
	// the handshakes that fail with them are counted
	// (sudoku_tls_handshake_failures_total) and logged. Set them here
	// rather than with grpc.Creds in ServerOptions.
	Creds credentials.TransportCredentials
	// Registerer, when not nil, receives the server's Prometheus metrics:
	// RPC counts and latencies (grpc_server_*) and the service's own
	// (sudoku_*, see Server.Collectors).
	Registerer prometheus.Registerer
	// TracerProvider, when not nil, receives an OpenTelemetry span for
	// every call, and solve calls add their puzzle's size and variant and
	// their steps and guesses to it. Nil traces nothing.
	TracerProvider trace.TracerProvider
	// TracePublic makes the server a public endpoint for tracing: a call's
	// span starts a trace of its own, linked to the span context its
	// caller sent, rather than continuing it as its child, so that callers
	// the server does not trust set neither its trace ids nor whether a
	// call is sampled.
	TracePublic bool
	// DrainDelay is how long Shutdown reports NOT_SERVING to health checks
	// while still serving calls, so that load balancers that poll see it
	// before the server refuses calls. 0 stops at once.
	DrainDelay time.Duration
	// MaxRecvMsgSize is the largest message received; 0 means gRPC's
	// default of 4 MiB. The largest message sent is the service's
	// Config.MaxSendMsgSize.
	MaxRecvMsgSize int
	// StreamWindow and ConnWindow are the HTTP/2 flow-control windows of
	// each call and of each connection, in bytes: fixed, where gRPC's
	// default widens the window of every call whose client sends fast up
	// to 16 MiB (BDP estimation), read or not, so that a client that
	// opens many calls and sends without end could fill the server's
	// memory. 0 means DefaultStreamWindow and DefaultConnWindow; gRPC
	// raises a value below 64 KiB to 64 KiB. A negative StreamWindow
	// leaves both to gRPC's BDP estimation, for trusted clients on links
	// with a large bandwidth-delay product.
	StreamWindow int32
	ConnWindow   int32
	// MaxTimeout, when positive, is the longest a call of the Sudoku
	// service may run: a later deadline of its caller's is brought forward
	// to it, and the call that reaches it ends with DeadlineExceeded saying
	// so. A call whose caller set no deadline gets Config.DefaultTimeout,
	// which should not be longer; SolveBatch, whose stream lasts as long as
	// its batch, is exempt (each of its puzzles has DefaultTimeout).
	MaxTimeout time.Duration
	// MaxRequestSize, when positive, bounds the request of every method of
	// the Sudoku service but SolveBatch, whose messages carry many
	// puzzles (MaxRecvMsgSize bounds those): a larger request fails with
	// ResourceExhausted before it is decoded.
	MaxRequestSize int
	// MaxStreams, when positive, is the most calls in progress at once
	// across all connections, health checks excepted: a call over it is
	// refused with ResourceExhausted before its request is read (a unary
	// call with a deadline once read, before it is handled: see
	// refusing). A call counts until it ends, however long its client
	// stalls.
	MaxStreams int
	// MaxHeap, when positive, is the Go heap size in bytes (sampled every
	// 100 ms) above which new calls, health checks excepted, are refused
	// with ResourceExhausted before their request is read (as MaxStreams
	// does).
	MaxHeap uint64
	// MaxHealthWatches, when positive, is the most health Watch streams
	// open at once (exempt from MaxStreams and MaxHeap, as every health
	// check is): one more is refused with ResourceExhausted.
	MaxHealthWatches int
	// ServerOptions are appended to the server's own: keepalive, TLS
	// credentials and the like. They must not include grpc.InTapHandle,
	// of which a server has one: add to InTaps instead.
	ServerOptions []grpc.ServerOption
	// InTaps run in order on every new stream, in the connection's I/O
	// goroutine, before its request is read (see tap.ServerInHandle): the
	// first error refuses the stream, which is then logged and counted
	// with the error's code. They must not block. The token check comes
	// before them.
	InTaps []tap.ServerInHandle
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

// BuildGRPC builds a gRPC server for srv.
//
// On a new stream, before its request is read, its tap handles run: the
// bearer-token check when Tokens are set, GRPCConfig.InTaps, then the
// request timeout's. A stream they refuse is logged and counted with its
// code. Every other call, including one whose request cannot be read or
// is too large, is logged and counted once it ends, with the code its
// client got, by a stats handler (see callStats); with a TracerProvider,
// another stats handler traces it. Then its interceptors run in this
// order: a request that is not valid protobuf fails with InvalidArgument
// (see checkedCodec), a call already cancelled ends without running,
// bearer-token authentication refuses calls without a valid token (those
// the tap has let through pass at once), the rate limit of the caller
// refuses calls over it, and panic recovery around the handler turns a
// panic into Internal. Health checks skip authentication and the rate
// limit; health and reflection calls are not logged.
//
// The server takes gzip-compressed requests, and answers a compressed
// request compressed.
func BuildGRPC(srv *Server, cfg GRPCConfig) (*GRPC, error) {
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	stats := &callStats{
		logger:     logger,
		cancelled:  logsample.New(cfg.NoisyLogRate),
		refused:    logsample.New(cfg.NoisyLogRate),
		exhausted:  logsample.New(cfg.NoisyLogRate),
		badRequest: logsample.New(cfg.NoisyLogRate),
		timedOut:   logsample.New(cfg.NoisyLogRate),
	}
	guardMetrics := newGuardMetrics()
	if cfg.Registerer != nil {
		stats.metrics = newRPCMetrics()
		collectors := append(stats.metrics.collectors(), srv.Collectors()...)
		for _, c := range append(collectors, guardMetrics.collectors()...) {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, fmt.Errorf("registering metrics: %w", err)
			}
		}
	}
	opts := []grpc.ServerOption{
		grpc.StatsHandler(stats),
		grpc.ForceServerCodecV2(checkedCodec{CodecV2: encoding.GetCodecV2(protoCodecName), maxRequest: cfg.MaxRequestSize}),
	}
	var guard *resetGuard
	if cfg.PrematureResetLimit > 0 {
		guard = newResetGuard(cfg.PrematureResetLimit, cfg.PrematureResetLifetime, cfg.PrematureResetBan)
		sampler := logsample.New(cfg.NoisyLogRate)
		guard.onClose = closedForResets(logger, sampler, cfg.PrematureResetBan, guardMetrics)
		guard.onRefuse = func(net.Addr) { guardMetrics.bannedConns.Inc() }
		opts = append(opts, grpc.StatsHandler(guard))
	}
	if cfg.Creds != nil {
		opts = append(opts, grpc.Creds(transport.WatchHandshakes(cfg.Creds,
			handshakeFailed(logger, logsample.New(cfg.NoisyLogRate), guardMetrics))))
	}
	if cfg.TracerProvider != nil {
		opts = append(opts, grpc.StatsHandler(otelgrpc.NewServerHandler(
			// No span for a method the server does not have: its name is
			// the client's, as many as it likes (metrics count them all
			// as "unknown", and log them sampled).
			otelgrpc.WithFilter(func(info *grpcstats.RPCTagInfo) bool { return stats.known(info.FullMethodName) }),
			otelgrpc.WithTracerProvider(cfg.TracerProvider),
			otelgrpc.WithPropagators(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})),
			otelgrpc.WithMeterProvider(noopmetric.NewMeterProvider()),
			otelgrpc.WithPublicEndpointFn(func(context.Context, *grpcstats.RPCTagInfo) bool { return cfg.TracePublic }),
		)))
	}

	cut := newGraceCut()
	unary := []grpc.UnaryServerInterceptor{refuseTappedUnary, cut.unary, checkRequestUnary, skipCancelledUnary}
	stream := []grpc.StreamServerInterceptor{refuseTappedStream, cut.stream, checkRequestStream, skipCancelledStream}
	if cfg.MaxTimeout > 0 {
		dc := deadlineCap{max: cfg.MaxTimeout}
		unary = append(unary, dc.unary)
		stream = append(stream, dc.stream)
	}
	notHealth := selector.MatchFunc(func(_ context.Context, meta interceptors.CallMeta) bool {
		return !isHealth(meta.Service)
	})
	// First: a draining server takes no new call on this port, whoever
	// asks.
	taps := []tap.ServerInHandle{srv.refuseDraining}
	if len(cfg.Tokens) > 0 {
		authFn, names, err := tokenAuth(cfg.Tokens)
		if err != nil {
			return nil, err
		}
		// The names change with each start: say which is whose.
		logger.Info("the names of callers with a token, in the order of the tokens (they change with each start)", "caller_names", names)
		taps = append(taps, authTap(authFn))
		// For calls through ServeHTTP, which runs no tap; calls the tap
		// let through pass at once.
		unary = append(unary, selector.UnaryServerInterceptor(auth.UnaryServerInterceptor(authFn), notHealth))
		stream = append(stream, selector.StreamServerInterceptor(auth.StreamServerInterceptor(authFn), notHealth))
	}
	taps = append(taps, cfg.InTaps...)
	var adm *admission
	if cfg.MaxStreams > 0 || cfg.MaxHeap > 0 || cfg.MaxHealthWatches > 0 {
		// Last of the taps that refuse: a stream refused after it was
		// counted would never be let go.
		adm = newAdmission(cfg.MaxStreams, cfg.MaxHeap, cfg.MaxHealthWatches)
		taps = append(taps, adm.tap)
		// Calls through ServeHTTP (the web viewer's) pass no tap.
		unary = append(unary, adm.unary)
		stream = append(stream, adm.stream)
		if cfg.Registerer != nil {
			for _, c := range adm.collectors() {
				if err := cfg.Registerer.Register(c); err != nil {
					return nil, fmt.Errorf("registering metrics: %w", err)
				}
			}
		}
	}
	if cfg.RequestTimeout > 0 {
		taps = append(taps, requestTimeoutTap(cfg.RequestTimeout))
	}
	if cfg.RateLimit > 0 {
		lim := newCallerLimiter(cfg.RateLimit, cfg.RateBurst, cfg.MaxCallers, time.Now)
		if cfg.Registerer != nil {
			refused := prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: "sudoku", Name: "rate_limited_total",
				Help: "Calls refused because their caller's -rate-limit was spent."},
				func() float64 { return float64(lim.refused.Load()) })
			if err := cfg.Registerer.Register(refused); err != nil {
				return nil, fmt.Errorf("registering metrics: %w", err)
			}
		}
		unary = append(unary, selector.UnaryServerInterceptor(lim.unary, notHealth))
		stream = append(stream, selector.StreamServerInterceptor(lim.stream, notHealth))
	}
	recovered := func(ctx context.Context, p any) error {
		logger.ErrorContext(ctx, "panic in handler", "panic", p, "stack", string(debug.Stack()))
		return status.Error(codes.Internal, "internal error")
	}
	srv.recovered = recovered // a batch puzzle's panic: see solveItem
	recoverOpt := recovery.WithRecoveryHandlerContext(recovered)
	unary = append(unary, recovery.UnaryServerInterceptor(recoverOpt))
	stream = append(stream, recovery.StreamServerInterceptor(recoverOpt))

	opts = append(opts,
		grpc.ChainUnaryInterceptor(unary...),
		grpc.ChainStreamInterceptor(stream...),
		grpc.MaxSendMsgSize(srv.cfg.MaxSendMsgSize),
		// gRPC answers a call to an unknown method without a handler, and
		// so without telling the stats handler that it ended.
		grpc.UnknownServiceHandler(unknownMethod),
		// Stop and GracefulStop return only once every handler has.
		grpc.WaitForHandlers(true),
		// A call's headers (its token, trace context and the like) are
		// read before any tap runs: gRPC's default lets each call send
		// 16 MiB of them.
		grpc.MaxHeaderListSize(maxHeaderListSize),
	)
	if len(taps) > 0 {
		opts = append(opts, grpc.InTapHandle(refusing(chainTaps(taps), stats.refuse)))
	}
	if cfg.StreamWindow >= 0 {
		opts = append(opts,
			grpc.StaticStreamWindowSize(cmp.Or(cfg.StreamWindow, DefaultStreamWindow)),
			grpc.StaticConnWindowSize(cmp.Or(cfg.ConnWindow, DefaultConnWindow)),
		)
	}
	if cfg.MaxRecvMsgSize > 0 {
		opts = append(opts, grpc.MaxRecvMsgSize(cfg.MaxRecvMsgSize))
	}
	gs := grpc.NewServer(append(opts, cfg.ServerOptions...)...)
	sudokuv1.RegisterSudokuServiceServer(gs, srv)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(sudokuv1.SudokuService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	watch := newHealthWatch(hs)
	healthpb.RegisterHealthServer(gs, watch)
	reflection.Register(gs)
	stats.init(gs.GetServiceInfo())
	return &GRPC{
		Server: gs, Health: hs, srv: srv, logger: logger, watch: watch, guard: guard, admission: adm, stats: stats, cut: cut,
		drainDelay: cfg.DrainDelay, drained: make(chan struct{}),
	}, nil
}

// Serve serves the server on ln, as Server.Serve does, and closes the
// connections of clients that reset too many calls, banning their
// addresses a while (see GRPCConfig.PrematureResetLimit and
// PrematureResetBan), which Server.Serve alone does not.
func (g *GRPC) Serve(ln net.Listener) error {
	if g.guard != nil {
		ln = g.guard.listener(ln)
	}
	return g.Server.Serve(ln)
}

// maxHeaderListSize bounds the headers of a call, in bytes.
const maxHeaderListSize = 64 << 10

// chainTaps returns one tap handle that runs taps in order, each with the
// context the one before it returned, and stops at the first error.
func chainTaps(taps []tap.ServerInHandle) tap.ServerInHandle {
	return func(ctx context.Context, info *tap.Info) (context.Context, error) {
		for _, t := range taps {
			var err error
			if ctx, err = t(ctx, info); err != nil {
				return ctx, err
			}
		}
		return ctx, nil
	}
}

// refusing returns the tap handle h that also reports each stream it
// refuses to refused.
//
// A call with a deadline is let through instead, marked with its refusal,
// for refuseTappedUnary or refuseTappedStream to end at once: gRPC does
// not cancel the context of a call a tap refuses, so the timer of its
// deadline stays armed until the deadline passes. A client that makes each
// refused call again at once left one such timer a call (48,000 of them
// on 500 connections in 14 s), and as they shared its deadline they all
// fired together, each in a goroutine of its own: 120 MiB of stacks at
// once, past the pod. A call let through ends like any other, its
// context cancelled and its timer stopped; only a unary call's request is
// read before it is refused.
func refusing(h tap.ServerInHandle, refused func(ctx context.Context, fullMethod string, err error)) tap.ServerInHandle {
	return func(ctx context.Context, info *tap.Info) (context.Context, error) {
		out, err := h(ctx, info)
		if err == nil {
			return out, nil
		}
		if _, ok := ctx.Deadline(); ok {
			return context.WithValue(ctx, tapRefusedKey{}, err), nil
		}
		refused(ctx, info.FullMethodName, err)
		return out, err
	}
}

// tapRefusedKey is the context key of the error of a call the taps refused
// but let through (see refusing).
type tapRefusedKey struct{}

// refuseTappedUnary ends a call the taps refused with their error, before
// any other interceptor runs.
func refuseTappedUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err, ok := ctx.Value(tapRefusedKey{}).(error); ok {
		return nil, err
	}
	return handler(ctx, req)
}

// refuseTappedStream is refuseTappedUnary for streams: the call ends
// before its request is read.
func refuseTappedStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if err, ok := ss.Context().Value(tapRefusedKey{}).(error); ok {
		return err
	}
	return handler(srv, ss)
}

// skipCancelledUnary ends a call already cancelled (or past its deadline)
// by the time its request is decoded, rather than solve for nobody: a
// client that resets its streams as it opens them would otherwise have
// the server solve every one.
func skipCancelledUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := ctx.Err(); err != nil {
		return nil, status.FromContextError(err).Err()
	}
	return handler(ctx, req)
}

// skipCancelledStream is skipCancelledUnary for streams.
func skipCancelledStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if err := ss.Context().Err(); err != nil {
		return status.FromContextError(err).Err()
	}
	return handler(srv, ss)
}

// unknownMethod is the server's UnknownServiceHandler: it refuses calls to
// methods the server does not have with Unimplemented, the code grpc-go
// itself gives them, but as a handler, so that the stats handler sees the
// call end and logs and counts it like any other.
func unknownMethod(_ any, stream grpc.ServerStream) error {
	method, _ := grpc.MethodFromServerStream(stream)
	return status.Errorf(codes.Unimplemented, "unknown method %s", method)
}

// latencyBuckets are the bounds, in seconds, of the RPC latency
// histogram: from the tenth of a millisecond of an easy puzzle to the
// minutes of a long batch stream.
var latencyBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300}

// ErrGraceExpired is returned by Shutdown when calls were still running
// when its context ended, and were cancelled.
var ErrGraceExpired = errors.New("grace period over; remaining calls cancelled")

// Drain begins a graceful shutdown: health checks report NOT_SERVING at
// once, and health Watch streams get NOT_SERVING and end with
// Unavailable, so that they hold up nothing; calls are still served.
// Drain then waits GRPCConfig.DrainDelay, or until ctx ends, for load
// balancers that poll to see NOT_SERVING. Later calls wait for the same
// delay and do nothing more. Shutdown calls it.
func (g *GRPC) Drain(ctx context.Context) {
	g.drainOnce.Do(func() {
		g.Health.Shutdown()
		g.watch.close()
		if g.drainDelay <= 0 {
			close(g.drained)
			return
		}
		g.logger.Info("draining: reporting NOT_SERVING before refusing calls", "drain_delay", g.drainDelay.String())
		go func() {
			time.Sleep(g.drainDelay)
			close(g.drained)
		}()
	})
	select {
	case <-g.drained:
	case <-ctx.Done():
	}
}

// RefuseNewCalls makes the service refuse new calls (Unavailable, batch
// streams taking no more puzzles) while the calls in flight go on, and
// logs it once, with their number: Shutdown calls it, and so may a caller
// that stops another front end of the service first (solverd's web port),
// so that the log marks when calls began to be refused, and counts the
// calls then in flight, theirs included.
func (g *GRPC) RefuseNewCalls() {
	g.refuseOnce.Do(func() {
		g.logger.Info("refusing new calls; waiting for those in flight", "calls_in_flight", g.stats.inFlight.Load())
		g.srv.Drain()
	})
}

// Shutdown stops the server gracefully. First it drains (see Drain): health
// checks report NOT_SERVING for the drain delay while calls are served.
// Then batch streams stop taking new puzzles (see SolveBatch), new calls
// are refused, and the calls in flight finish. When ctx ends first, the
// calls still running are cut (see CutCalls), and Shutdown returns
// ErrGraceExpired once their handlers have returned.
func (g *GRPC) Shutdown(ctx context.Context) error {
	g.Drain(ctx)
	g.RefuseNewCalls()
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
	if g.stats.inFlight.Load() == 0 {
		// GracefulStop waits for every connection to close, and a
		// client that keeps an idle one open without answering the
		// GOAWAY's ping holds it to the end of the grace: no call was
		// cut.
		g.logger.Info("grace period over with no call in flight; closing the connections left")
		g.Server.Stop()
		<-stopped
		return nil
	}
	g.logger.Warn("grace period over; closing remaining calls")
	g.CutCalls()
	// The handlers return with the status that says why, which goes out
	// before their connections close, unless a client holds them.
	select {
	case <-stopped:
	case <-time.After(g.cut.wait):
	}
	g.Server.Stop()
	<-stopped
	return ErrGraceExpired
}

// CutCalls ends the calls still running, their grace over, with
// Unavailable "the server stopped: its grace period was over", the status
// their clients then get (rather than their connection closed under
// them), and records the cut as CutShort does. Shutdown calls it; so
// should a caller that stops another front end of the service (solverd's
// web port), before it closes that front end's connections.
func (g *GRPC) CutCalls() {
	g.CutShort()
	g.cut.cancel()
}

// CutShort records that the server's stop is cutting short the calls
// still running, its grace over (Shutdown does, and the web port's stop
// should): they are logged and counted as Unavailable, the code their
// clients get, not as Canceled, which would read as their clients' doing.
func (g *GRPC) CutShort() {
	g.stats.cut.Store(true)
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

// refuseDraining is a tap that refuses new calls with Unavailable once the
// server drains (Server.Drain), health checks excepted: the web port's
// calls in flight, which run inside this server, may still take their
// grace before it stops, and a new call would be cut short by the stop
// anyway. Calls through ServeHTTP (the web port's) pass no tap.
func (s *Server) refuseDraining(ctx context.Context, info *tap.Info) (context.Context, error) {
	select {
	case <-s.draining:
		if !isHealthMethod(info.FullMethodName) {
			return nil, status.Error(codes.Unavailable, "server is shutting down: send the call to another server")
		}
	default:
	}
	return ctx, nil
}

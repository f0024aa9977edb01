package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime/debug"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/keepalive"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/transport"
	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

// run is the whole daemon: it parses args (and the environment), then
// serves until ctx is done and the server has stopped. -h prints the usage
// to stdout and returns nil.
func run(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(args, lookupEnv, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	logger := newLogger(stderr, cfg)
	if names := cfg.unknownEnv(environ()); len(names) > 0 {
		logger.Warn("ignoring environment variables that name no solverd flag (misspelt?); solverd -h lists each flag's", "names", names)
	}
	return serve(ctx, cfg, logger)
}

// newLogger returns the structured logger cfg asks for, writing to w.
func newLogger(w io.Writer, cfg *config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.logLevel}
	if cfg.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// serve listens on cfg.listen (and cfg.metricsListen, cfg.httpListen) and
// serves the Sudoku service until ctx is done. Then it reports NOT_SERVING
// to health checks, ends health Watch streams, keeps serving calls for
// cfg.drainDelay, and stops gracefully, forcibly once cfg.grace has
// passed.
func serve(ctx context.Context, cfg *config, logger *slog.Logger) error {
	gcfg, tlsCfg, err := grpcConfig(cfg, logger)
	if err != nil {
		return err
	}
	if limit := softMemoryLimit(cfg.maxHeap, cfg.memoryLimit, lookupEnv); limit > 0 {
		debug.SetMemoryLimit(limit)
		from := "-max-heap"
		if cfg.memoryLimit > 0 {
			from = "-memory-limit"
		}
		logger.Info("Go memory limit set from "+from+" (GOMEMLIMIT unset)", "limit_mib", limit>>20)
	} else if v, ok := lookupEnv("GOMEMLIMIT"); ok {
		if cfg.memoryLimit > 0 {
			logger.Warn("GOMEMLIMIT is set: -memory-limit does not set the Go memory limit", "gomemlimit", v, "memory_limit_mib", cfg.memoryLimit>>20)
		}
		if cfg.heapFromGoMemLimit {
			logger.Info("heap bound lowered to 6/7 of GOMEMLIMIT (-max-heap unset)",
				"gomemlimit", v, "gomemlimit_mib", debug.SetMemoryLimit(-1)>>20, "max_heap_mib", cfg.maxHeap>>20)
		}
	}
	tp, err := newTracerProvider(ctx, cfg.otlpEndpoint, lookupEnv)
	if err != nil {
		return err
	}
	if tp != nil {
		gcfg.TracerProvider = tp
		gcfg.TracePublic = cfg.tracePublic
		// OpenTelemetry reports failed exports through its global error
		// handler, by default in the standard log's plain text.
		otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
			logger.Warn("trace export failed", "err", err)
		}))
		logger.Info("exporting traces over OTLP", "endpoint", redactEndpoint(otlpTarget(cfg.otlpEndpoint, lookupEnv)))
		defer func() {
			// Send the spans still batched, briefly: the collector may be gone.
			shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := tp.Shutdown(shutCtx); err != nil {
				logger.Warn("exporting the last trace spans", "err", err)
			}
		}()
	}
	var reg *prometheus.Registry
	if cfg.metricsListen != "" {
		reg = prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		gcfg.Registerer = reg
	}
	var calls *callConns
	if cfg.maxConnections > 0 {
		calls = newCallConns()
		gcfg.ServerOptions = append(gcfg.ServerOptions, grpc.StatsHandler(calls))
	}
	srv := service.New(cfg.service)
	g, err := service.BuildGRPC(srv, gcfg)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	var metrics *http.Server
	metricsDone := make(chan error, 1)
	if reg != nil {
		if metrics, err = startMetrics(cfg, reg, tlsCfg, logger, metricsDone); err != nil {
			ln.Close()
			return err
		}
	}
	var web *http.Server
	webDone := make(chan error, 1)
	if cfg.httpListen != "" {
		if web, err = startWeb(cfg, g, reg, tlsCfg, logger, webDone); err != nil {
			ln.Close()
			if metrics != nil {
				metrics.Close()
			}
			return err
		}
	}

	var (
		probe      *grpc.Server
		probeCalls *callConns
	)
	probeDone := make(chan error, 1)
	probeAddr := ""
	if cfg.healthListen != "" {
		hln, err := net.Listen("tcp", cfg.healthListen)
		if err != nil {
			ln.Close()
			if metrics != nil {
				metrics.Close()
			}
			if web != nil {
				web.Close()
			}
			return fmt.Errorf("health checks: %w", err)
		}
		probeAddr = hln.Addr().String()
		// A full port closes the connection without a call the longest,
		// as the gRPC port does: connections that never send a call (or
		// finish their handshake) would otherwise keep the kubelet's
		// probes waiting until gRPC closes them, 30 s on.
		probeCalls = newCallConns()
		probe = g.ProbeServer(grpc.StatsHandler(probeCalls))
		capped := newCappedListener(hln, maxProbeConnections, "health", nil, logger)
		capped.evict, capped.opened, capped.closed = probeCalls.idle.closeOldest, probeCalls.opened, probeCalls.closed
		go func() { probeDone <- probe.Serve(capped) }()
	}

	served := make(chan error, 1)
	if cfg.maxConnections > 0 {
		// Connections over the cap wait in the listen backlog, but one
		// without calls is closed to make room.
		var r prometheus.Registerer // a nil *Registry is no nil Registerer
		if reg != nil {
			r = reg
		}
		capped := newCappedListener(ln, cfg.maxConnections, "grpc", r, logger)
		capped.evict, capped.opened, capped.closed = calls.idle.closeOldest, calls.opened, calls.closed
		ln = capped
	}
	go func() { served <- g.Serve(ln) }()
	logger.Info("serving", "addr", ln.Addr().String(), "health_addr", probeAddr, "tls", cfg.tlsCert != "", "mutual_tls", cfg.tlsClientCA != "",
		"auth", cfg.authTokenFile != "", "solve_slots", srv.Config().MaxConcurrent)

	var serveErr error
	select {
	case serveErr = <-served:
		// Serve failed on its own: there is nothing to stop.
	case err := <-metricsDone:
		serveErr = fmt.Errorf("metrics: %w", err)
		g.Server.Stop()
		<-served
	case err := <-webDone:
		serveErr = fmt.Errorf("web viewer: %w", err)
		g.Server.Stop()
		<-served
	case err := <-probeDone:
		serveErr = fmt.Errorf("health checks: %w", err)
		g.Server.Stop()
		<-served
	case <-ctx.Done():
		logger.Info("shutting down", "drain_delay", cfg.drainDelay.String(), "grace", cfg.grace.String())
		// Health checks report NOT_SERVING while calls are still served;
		// then the grace period begins.
		g.Drain(context.Background())
		graceCtx, cancel := context.WithTimeout(context.Background(), cfg.grace)
		if web != nil {
			stopWeb(graceCtx, web, g, logger)
		}
		if err := g.Shutdown(graceCtx); err != nil {
			logger.Warn("stopped with calls cut short", "err", err)
		}
		cancel()
		if err := <-served; err != nil && !errors.Is(err, grpc.ErrServerStopped) {
			serveErr = err
		}
	}
	if web != nil {
		web.Close() // at once, unless stopWeb has already let it drain
	}
	if probe != nil {
		// Probes saw NOT_SERVING from the drain on.
		probeCalls.closeAll()
		probe.Stop()
	}
	if metrics != nil {
		// Scrapes could see the drain until now.
		shutCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		metrics.Shutdown(shutCtx)
		cancel()
	}
	if serveErr != nil && !errors.Is(serveErr, grpc.ErrServerStopped) {
		return serveErr
	}
	// The answers a batch client must have: every one counted here was
	// handed to gRPC before its stream ended.
	logger.Info("stopped", "batch_answers", srv.BatchAnswers())
	return nil
}

// maxProbeConnections bounds the connections of -health-listen: a kubelet
// opens one a probe.
const maxProbeConnections = 16

// startWeb serves the web viewer of g on addr, with TLS when tlsCfg is
// not nil, its connections counted on reg when it is not nil; the error
// that ends serving goes to done.
func startWeb(cfg *config, g *service.GRPC, reg *prometheus.Registry, tlsCfg *tls.Config, logger *slog.Logger, done chan<- error) (*http.Server, error) {
	var h http.Handler
	opts := []webview.Option{webview.WithLogger(logger, cfg.noisyLogRate), webview.WithAllowedOrigins(cfg.origins()),
		webview.WithRequestLimits(min(cfg.maxRequestSize, cfg.maxMsgSize), cfg.maxMsgSize)}
	if reg != nil {
		opts = append(opts, webview.WithRegisterer(reg))
	}
	if cfg.httpHSTS > 0 {
		opts = append(opts, webview.WithStrictTransportSecurity(cfg.httpHSTS))
	}
	h, err := webview.New(g.Server, opts...)
	if err != nil {
		return nil, err
	}
	h = overHTTP(h)
	if cfg.requestTimeout > 0 {
		h = bodyDeadline(h, cfg.requestTimeout)
	}
	var r prometheus.Registerer // a nil *Registry is no nil Registerer
	if reg != nil {
		r = reg
	}
	errorLog, err := newWebErrorLog(logger, cfg.noisyLogRate, r)
	if err != nil {
		return nil, fmt.Errorf("web viewer: %w", err)
	}
	wln, err := net.Listen("tcp", cfg.httpListen)
	if err != nil {
		return nil, fmt.Errorf("web viewer: %w", err)
	}
	// Unsent answers bounded in the kernel (lowatListener), so that a
	// client that reads nothing is seen as stalled over HTTP/1.1 too.
	wln = lowatListener{wln}
	idle := newIdleConns()
	if cfg.maxConnections > 0 {
		// As on the gRPC port (a cap of its own): more wait in the
		// backlog, counted and warned of as there; but an idle
		// keep-alive connection is closed to make room.
		capped := newCappedListener(wln, cfg.maxConnections, "web", r, logger)
		capped.evict = idle.closeOldest
		wln = capped
	}
	web := &http.Server{
		Handler:           h,
		TLSConfig:         tlsCfg,
		ReadHeaderTimeout: 5 * time.Second,
		// No WriteTimeout: a SolveSteps stream lasts as long as its solve,
		// which the service's deadlines bound.
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       errorLog,
		ConnState:      idle.track,
	}
	// HTTP/2 as well as HTTP/1.1: gRPC and client streams (SolveBatch)
	// need it. Without TLS, HTTP/2 with prior knowledge (h2c, which gRPC
	// clients speak to a plaintext address), never by Upgrade.
	web.Protocols = new(http.Protocols)
	web.Protocols.SetHTTP1(true)
	if tlsCfg != nil {
		web.Protocols.SetHTTP2(true)
	} else {
		web.Protocols.SetUnencryptedHTTP2(true)
	}
	scheme := "http"
	if tlsCfg != nil {
		scheme = "https"
		go func() { done <- web.ServeTLS(wln, "", "") }()
	} else {
		go func() { done <- web.Serve(wln) }()
	}
	logger.Info("serving web viewer", "addr", wln.Addr().String(), "url", scheme+"://"+wln.Addr().String()+"/")
	return web, nil
}

// bodyDeadline gives each request with a body d to send it in full, as
// -request-timeout does on the gRPC port: a client that trickles its body
// is cut off rather than held. The deadline is lifted once the body has
// been read, so that a SolveSteps stream answers as long as its solve.
// SolveBatch is exempt, as on the gRPC port: its body is a stream of
// puzzles that lasts as long as the batch, which its idle timeout bounds.
func bodyDeadline(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody && r.URL.Path != sudokuv1.SudokuService_SolveBatch_FullMethodName {
			rc := http.NewResponseController(w)
			if rc.SetReadDeadline(time.Now().Add(d)) == nil {
				// On a copy: the server's own request keeps its body,
				// whose type tells it not to read one the handler
				// refused unread, which a client that sent Expect:
				// 100-continue holds back until it is asked for it.
				r = r.WithContext(r.Context())
				r.Body = &deadlineBody{ReadCloser: r.Body, lift: func() { rc.SetReadDeadline(time.Time{}) }}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// deadlineBody is a request body that lifts its read deadline at its end.
type deadlineBody struct {
	io.ReadCloser
	lift func()
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		b.lift()
	}
	return n, err
}

// stopWeb stops the web viewer gracefully before the gRPC server: the
// viewer's calls run inside the gRPC server, whose graceful stop would cut
// them short. New calls are refused, and that logged, at once; batches
// drain meanwhile; once ctx ends, the calls still open are cut with the
// status that says why (service.GRPC.CutCalls), given webCutWait to send
// it, and their connections closed.
func stopWeb(ctx context.Context, web *http.Server, g *service.GRPC, logger *slog.Logger) {
	g.RefuseNewCalls()
	if err := web.Shutdown(ctx); err != nil {
		logger.Warn("web viewer stopped with calls cut short", "err", err)
		g.CutCalls()
		wait, cancel := context.WithTimeout(context.Background(), webCutWait)
		web.Shutdown(wait) // its connections idle once the calls cut have ended
		cancel()
		web.Close()
	}
}

// webCutWait bounds how long stopWeb waits for the calls it cut to end
// (a variable for the tests, whose solves under the race detector take
// longer to notice).
var webCutWait = time.Second

// grpcConfig returns the gRPC server configuration of cfg: message sizes,
// connection management, TLS, authentication and rate limit; and the TLS
// configuration, nil without TLS, for the web viewer to share.
func grpcConfig(cfg *config, logger *slog.Logger) (service.GRPCConfig, *tls.Config, error) {
	gcfg := service.GRPCConfig{
		Logger:         logger,
		RateLimit:      cfg.rateLimit,
		RateBurst:      cfg.rateBurst,
		DrainDelay:     cfg.drainDelay,
		MaxRecvMsgSize: cfg.maxMsgSize,
		// Against hostile clients.
		RequestTimeout:         cfg.requestTimeout,
		MaxTimeout:             cfg.maxTimeout,
		PrematureResetLimit:    cfg.prematureResetLimit,
		PrematureResetLifetime: cfg.prematureResetLifetime,
		PrematureResetBan:      cfg.prematureResetBan,
		NoisyLogRate:           cfg.noisyLogRate,
		ServerOptions: []grpc.ServerOption{
			grpc.ConnectionTimeout(cfg.handshakeTimeout),
			grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{
				// gRPC reads 0 as its default of 5 minutes: 1ns is no minimum.
				MinTime:             max(cfg.keepaliveMinTime, time.Nanosecond),
				PermitWithoutStream: cfg.keepaliveWithoutCalls,
			}),
			grpc.KeepaliveParams(keepalive.ServerParameters{
				MaxConnectionIdle:     orInfinity(cfg.maxConnIdle),
				MaxConnectionAge:      orInfinity(cfg.maxConnAge),
				MaxConnectionAgeGrace: orInfinity(cfg.maxConnAgeGrace),
				Time:                  cfg.keepaliveTime,
				Timeout:               cfg.keepaliveTimeout,
			}),
		},
	}
	gcfg.StreamWindow, gcfg.ConnWindow = int32(cfg.streamWindow), int32(cfg.connWindow)
	if cfg.streamWindow == 0 {
		gcfg.StreamWindow = -1 // gRPC's BDP estimation
	}
	gcfg.MaxRequestSize = min(cfg.maxRequestSize, cfg.maxMsgSize)
	gcfg.MaxStreams = cfg.maxTotalStreams
	gcfg.MaxHealthWatches = cfg.maxWatches
	gcfg.MaxHeap = uint64(cfg.maxHeap)
	if cfg.maxStreams > 0 {
		gcfg.ServerOptions = append(gcfg.ServerOptions, grpc.MaxConcurrentStreams(cfg.maxStreams))
	}
	var tlsCfg *tls.Config
	if cfg.tlsCert != "" {
		var err error
		reloaded := func(err error) {
			if err != nil {
				logger.Warn("TLS key pair changed on disk but not loaded; the one in use stays", "err", err)
				return
			}
			logger.Info("TLS key pair reloaded", "cert", cfg.tlsCert)
		}
		if tlsCfg, err = transport.ServerTLS(cfg.tlsCert, cfg.tlsKey, cfg.tlsClientCA, reloaded); err != nil {
			return gcfg, nil, err
		}
		// gRPC's credentials and the web viewer's server each take a copy.
		gcfg.Creds = credentials.NewTLS(tlsCfg.Clone())
	}
	if cfg.authTokenFile != "" {
		tokens, err := transport.ReadTokens(cfg.authTokenFile)
		if err != nil {
			return gcfg, nil, err
		}
		gcfg.Tokens = tokens
		if cfg.tlsCert == "" {
			logger.Warn("bearer tokens travel in clear text without TLS; set -tls-cert and -tls-key")
		}
	}
	return gcfg, tlsCfg, nil
}

// orInfinity returns d, or gRPC's infinity for 0.
func orInfinity(d time.Duration) time.Duration {
	if d == 0 {
		return time.Duration(1<<63 - 1)
	}
	return d
}

// startMetrics serves the metrics of reg on cfg.metricsListen, over TLS
// with cfg.metricsTLS; the error that ends serving goes to done.
func startMetrics(cfg *config, reg *prometheus.Registry, tlsCfg *tls.Config, logger *slog.Logger, done chan<- error) (*http.Server, error) {
	metrics, err := newMetricsServer(reg, logger, cfg.noisyLogRate, cfg.pprof, cfg.metricsTokenFile)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	if cfg.metricsTLS {
		metrics.TLSConfig = metricsTLS(tlsCfg)
	}
	mln, err := net.Listen("tcp", cfg.metricsListen)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	// Serving sets up the server's TLS configuration: read nothing of it after.
	if cfg.metricsTLS {
		go func() { done <- metrics.ServeTLS(mln, "", "") }()
	} else {
		go func() { done <- metrics.Serve(mln) }()
	}
	logger.Info("serving metrics", "addr", mln.Addr().String(), "tls", cfg.metricsTLS, "auth", cfg.metricsTokenFile != "")
	if cfg.metricsTokenFile != "" && !cfg.metricsTLS {
		logger.Warn("metrics bearer tokens travel in clear text without TLS; set -metrics-tls")
	}
	return metrics, nil
}

// metricsTLS returns the TLS configuration of the metrics server: the
// gRPC server's certificate, without asking for a client certificate,
// which scrapers seldom have; a bearer token authenticates them instead.
func metricsTLS(grpcTLS *tls.Config) *tls.Config {
	cfg := grpcTLS.Clone()
	cfg.ClientAuth = tls.NoClientCert
	cfg.ClientCAs = nil
	return cfg
}

// newMetricsServer returns the HTTP server of /metrics, and of the
// profiler's /debug/pprof/ when withPprof; with tokenFile, a file of
// bearer tokens, it answers only requests that carry one. Its failed TLS
// handshakes are logged at most noisyLogRate lines a second.
func newMetricsServer(reg *prometheus.Registry, logger *slog.Logger, noisyLogRate float64, withPprof bool, tokenFile string) (*http.Server, error) {
	mux := http.NewServeMux()
	if withPprof {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	}
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog:            slog.NewLogLogger(logger.Handler(), slog.LevelError),
		MaxRequestsInFlight: 4,
		Timeout:             10 * time.Second,
	}))
	var handler http.Handler = mux
	if tokenFile != "" {
		tokens, err := transport.ReadTokens(tokenFile)
		if err != nil {
			return nil, err
		}
		if handler, err = transport.RequireBearer(tokens, mux); err != nil {
			return nil, err
		}
	}
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       time.Minute,
		ErrorLog:          newMetricsErrorLog(logger, noisyLogRate),
	}, nil
}

// softMemoryLimit returns the Go runtime's soft memory limit that solverd
// sets when the environment sets no GOMEMLIMIT: 7/8 of -memory-limit (a
// container's limit: the kernel kills the process past it, and charges it
// with memory Go does not count, socket buffers among it), else a sixth
// above -max-heap (224 MiB by default), so that the collector works
// harder as the heap nears the bound at which new calls are refused,
// rather than let garbage grow the process to three times its live heap
// (GOGC=200) under a flood of calls. 0: set none (no bound, or GOMEMLIMIT
// set).
func softMemoryLimit(maxHeap, memoryLimit int64, lookupEnv func(string) (string, bool)) int64 {
	if _, ok := lookupEnv("GOMEMLIMIT"); ok {
		return 0
	}
	switch {
	case memoryLimit > 0:
		return memoryLimit / 8 * 7
	case maxHeap > 0:
		return maxHeap / 6 * 7
	}
	return 0
}

// limitBelowHeap reports whether the Go memory limit is not above
// maxHeap, so that the collector would run all the time before -max-heap
// refuses a call: the rule -memory-limit's soft limit keeps too.
func limitBelowHeap(limit, maxHeap int64) bool {
	return maxHeap > 0 && limit <= maxHeap
}

// overHTTP marks the context of every request h serves as served over
// HTTP in its protocol (service.OverHTTP), so that its call's log line
// names the protocol the client spoke (gRPC-Web, Connect or gRPC, which
// the port's transcoder turns into gRPC), and a call whose client goes
// away as its answer is written counts as Canceled, not as the server's
// Unavailable.
func overHTTP(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(service.OverHTTP(r.Context(), webProtocol(r.Header.Get("Content-Type")))))
	})
}

// webProtocol is the protocol of a web port's call of contentType:
// "grpc-web", "grpc", or "connect" (Connect's streams, and its unary
// calls in JSON or binary protobuf).
func webProtocol(contentType string) string {
	ct, _, _ := mime.ParseMediaType(contentType)
	switch {
	case strings.HasPrefix(ct, "application/grpc-web"):
		return "grpc-web"
	case strings.HasPrefix(ct, "application/grpc"):
		return "grpc"
	}
	return "connect"
}

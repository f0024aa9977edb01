package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/sudokuwise/solver/internal/flagvalue"
	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

// config is the daemon's configuration, from flags and the environment.
type config struct {
	listen     string
	maxMsgSize int
	grace      time.Duration
	drainDelay time.Duration
	logLevel   slog.Level
	logFormat  string
	service    service.Config

	// Connections.
	maxStreams            uint32
	handshakeTimeout      time.Duration
	keepaliveTime         time.Duration
	keepaliveTimeout      time.Duration
	keepaliveMinTime      time.Duration
	keepaliveWithoutCalls bool
	maxConnIdle           time.Duration
	maxConnAge            time.Duration
	maxConnAgeGrace       time.Duration

	// Memory bounds under hostile clients.
	streamWindow    int
	connWindow      int
	maxRequestSize  int
	maxConnections  int
	maxTotalStreams int
	maxHeap         int64
	memoryLimit     int64
	// heapFromGoMemLimit tells that maxHeap, unset, was lowered below
	// GOMEMLIMIT (see fitGoMemoryLimit).
	heapFromGoMemLimit bool
	healthListen       string
	maxWatches         int

	// flagEnv holds the SOLVERD_<FLAG> name of every flag.
	flagEnv map[string]bool

	// Middleware.
	rateLimit     float64
	rateBurst     int
	authTokenFile string
	tlsCert       string
	tlsKey        string
	tlsClientCA   string
	metricsListen string
	pprof         bool
	httpListen    string
	corsOrigins   string // -http-cors-origins, comma-separated
	httpHSTS      time.Duration
	otlpEndpoint  string
	tracePublic   bool

	// Hostile clients.
	requestTimeout         time.Duration
	maxTimeout             time.Duration
	prematureResetLimit    int
	prematureResetLifetime time.Duration
	prematureResetBan      time.Duration
	noisyLogRate           float64
	metricsTLS             bool
	metricsTokenFile       string

	batchLinger    time.Duration // cfg.service.BatchLinger, where 0 means none
	batchHeartbeat time.Duration // cfg.service.BatchHeartbeat, where 0 means none
}

// origins returns the origins of -http-cors-origins.
func (cfg *config) origins() []string {
	var out []string
	for o := range strings.SplitSeq(cfg.corsOrigins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// envPrefix prefixes the environment variable of every flag.
const envPrefix = "SOLVERD_"

// envName returns the environment variable that sets flag name:
// "max-msg-size" → "SOLVERD_MAX_MSG_SIZE".
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// lookupEnv reads the environment, and environ lists it.
var (
	lookupEnv = os.LookupEnv
	environ   = os.Environ
)

// serviceLink reports whether name is one of the variables Kubernetes
// sets in a pod for a Service named solverd (SOLVERD_SERVICE_HOST,
// SOLVERD_SERVICE_PORT_GRPC, SOLVERD_PORT_50051_TCP_ADDR and the like),
// which are no misspelt setting.
func serviceLink(name string) bool {
	rest := strings.TrimPrefix(name, envPrefix)
	return rest == "PORT" || strings.HasPrefix(rest, "PORT_") || rest == "SERVICE_HOST" || rest == "SERVICE_PORT" || strings.HasPrefix(rest, "SERVICE_PORT_")
}

// unknownEnv returns the names in env ("NAME=value", as os.Environ lists
// them) that begin with SOLVERD_ but name no flag, sorted: a misspelt
// setting (SOLVERD_GRACE_PERIOD for SOLVERD_GRACE), which would otherwise
// be ignored without a word.
func (cfg *config) unknownEnv(env []string) []string {
	var names []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, envPrefix) && !cfg.flagEnv[name] && !serviceLink(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// usageError is a bad command line or environment: exit status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// parseConfig reads the configuration from args and, for flags not on the
// command line, from the environment through lookupEnv. -h prints the usage
// to w and returns flag.ErrHelp.
func parseConfig(args []string, lookupEnv func(string) (string, bool), w io.Writer) (*config, error) {
	def := service.DefaultConfig()
	cfg := &config{logLevel: slog.LevelInfo, logFormat: "text"}
	fs := flag.NewFlagSet("solverd", flag.ContinueOnError)
	fs.StringVar(&cfg.listen, "listen", "localhost:50051", "`host:port` to serve on; port 0 picks a free port")
	fs.IntVar(&cfg.maxMsgSize, "max-msg-size", 256<<10, "largest message received, in `bytes` (the largest puzzle the API takes is far smaller)")
	fs.IntVar(&cfg.service.MaxSendMsgSize, "max-send-msg-size", def.MaxSendMsgSize, "largest message sent, in `bytes`; a Solve answer with more steps fails, a batch answer becomes an item error")
	fs.DurationVar(&cfg.grace, "grace", 10*time.Second, "how long to let in-flight calls finish on shutdown, after the drain delay")
	fs.DurationVar(&cfg.drainDelay, "drain-delay", 0, "on shutdown, how long health checks report NOT_SERVING while calls are still served, before new calls are refused; set it to the health-check interval of your load balancer")
	fs.Var((*levelValue)(&cfg.logLevel), "log-level", "log `level`: debug, info, warn or error")
	fs.Var(&choiceValue{p: &cfg.logFormat, allowed: []string{"text", "json"}}, "log-format", "log `format`: text or json")

	fs.Uint64Var(&cfg.service.MaxNodes, "max-nodes", 0, "default and cap of search `nodes` (guesses) per solve; 0 means the service's")
	fs.Var((*flagvalue.Uint32)(&cfg.service.MaxSteps), "max-steps", "default and cap of `steps` per solve; 0 means the service's")
	fs.Var((*flagvalue.Uint32)(&cfg.service.MaxSolutions), "max-solutions", "cap of `solutions` counted per solve; 0 means the service's")
	fs.DurationVar(&cfg.service.DefaultTimeout, "default-timeout", 0, "deadline of calls that set none, and of each puzzle of a batch; 0 means the service's (30s)")
	fs.IntVar(&cfg.service.MaxConcurrent, "max-concurrent", 0, "`solves` that run at once across all calls; 0 means one per CPU")
	fs.IntVar(&cfg.service.MaxQueue, "max-queue", def.MaxQueue, "`calls` that may wait for a solving slot; more are refused with ResourceExhausted (batch puzzles wait instead)")
	fs.IntVar(&cfg.service.BatchWorkers, "batch-workers", 0, "`puzzles` of one SolveBatch stream solved at once; 0 means one per CPU")
	fs.DurationVar(&cfg.batchHeartbeat, "batch-heartbeat", def.BatchHeartbeat, "how long a SolveBatch stream whose puzzles are being solved may send nothing before it sends a message without answers, so that clients (solverctl batch's -puzzle-timeout) tell puzzles that take long from a server that hangs; 0 sends none")
	fs.DurationVar(&cfg.batchLinger, "batch-linger", def.BatchLinger, "how long a SolveBatch answer may wait for others to share its message, while other puzzles of the stream are being solved; 0 sends each alone at once")
	fs.IntVar(&cfg.service.StreamBuffer, "stream-buffer", def.StreamBuffer, "`messages` a SolveSteps stream holds for a client that reads slower than the solver works")
	fs.IntVar(&cfg.service.StreamBufferBytes, "stream-buffer-bytes", def.StreamBufferBytes, "`bytes` of messages a SolveSteps stream holds for a client that reads slower than the solver works (a 32×32 step carries tens of KiB of board)")
	fs.DurationVar(&cfg.service.StallTimeout, "stall-timeout", def.StallTimeout, "end a stream with ResourceExhausted when its client reads nothing for this long")
	fs.DurationVar(&cfg.service.BatchIdleTimeout, "batch-idle-timeout", def.BatchIdleTimeout, "end a SolveBatch stream with Unavailable when its client has sent nothing for this long (since the stream opened or its last message) while none of its puzzles is being solved or answered; 0 means never")

	cfg.maxStreams = 100
	fs.Var((*flagvalue.Uint32)(&cfg.maxStreams), "max-streams", "concurrent `calls` per connection; 0 means no limit")
	fs.DurationVar(&cfg.handshakeTimeout, "handshake-timeout", 10*time.Second, "time a new connection has to complete its handshake")
	fs.DurationVar(&cfg.keepaliveTime, "keepalive-time", time.Minute, "ping a connection idle for this long, to find dead clients")
	fs.DurationVar(&cfg.keepaliveTimeout, "keepalive-timeout", 20*time.Second, "close a connection whose ping is not answered within this time")
	fs.DurationVar(&cfg.keepaliveMinTime, "keepalive-min-time", 10*time.Second, "close connections of clients that ping more often than this; 0 means no minimum")
	fs.BoolVar(&cfg.keepaliveWithoutCalls, "keepalive-permit-without-calls", true, "let clients ping connections with no call in flight")
	fs.DurationVar(&cfg.maxConnIdle, "max-connection-idle", 15*time.Minute, "close connections without calls for this long; 0 means never")
	fs.DurationVar(&cfg.maxConnAge, "max-connection-age", 30*time.Minute, "ask clients to reconnect after this long (±10%), so that load rebalances; 0 means never")
	fs.DurationVar(&cfg.maxConnAgeGrace, "max-connection-age-grace", 5*time.Minute, "then close the connection after this long, cutting calls still running; 0 means never")

	fs.IntVar(&cfg.streamWindow, "stream-window", service.DefaultStreamWindow, "HTTP/2 flow-control window of each call, in `bytes` (at least 65536): the most a client may send a call ahead of what its handler has read; fixed, so that calls that send without end hold no more; 0 leaves both windows to gRPC's BDP estimation (up to 16 MiB a call: for trusted clients only)")
	fs.IntVar(&cfg.connWindow, "conn-window", service.DefaultConnWindow, "HTTP/2 flow-control window of each connection, in `bytes` (at least 65536)")
	fs.IntVar(&cfg.maxRequestSize, "max-request-size", service.DefaultMaxRequestSize, "largest request of every method but SolveBatch, in `bytes` (a puzzle takes at most 64 KiB of text and 64 KiB of region map); larger ones are refused before they are decoded; -max-msg-size bounds it too")
	fs.IntVar(&cfg.maxConnections, "max-connections", 512, "`connections` served at once; more wait to be accepted, while the one idle the longest (no call for a second or more) is closed to make room; 0 means no limit")
	fs.IntVar(&cfg.maxTotalStreams, "max-total-streams", service.DefaultMaxStreams, "`calls` in progress at once across all connections, stalled ones included, health checks excepted; more are refused with ResourceExhausted before their request is read (a unary call with a deadline: once read, before it is handled); 0 means no limit")
	fs.IntVar(&cfg.maxWatches, "max-health-watches", service.DefaultMaxHealthWatches, "health Watch `streams` open at once (apart from -max-total-streams, so that they stay open beside a full server); more are refused with ResourceExhausted; 0 means no limit")
	fs.Int64Var(&cfg.maxHeap, "max-heap", service.DefaultMaxHeap, "Go heap size in `bytes` above which new calls (health checks excepted) are refused with ResourceExhausted; 0 means no bound; unset, 3/4 of -memory-limit when that is set, and at most 6/7 of GOMEMLIMIT when that is set (set, it must be below GOMEMLIMIT)")
	fs.StringVar(&cfg.healthListen, "health-listen", "", "`address` of a port that serves gRPC health checks alone, in plaintext, for probes (a kubelet's): unlike -listen, its connections do not count against -max-connections, so clients holding every connection cannot starve the probes; keep it off the clients' network; empty serves none")
	fs.Int64Var(&cfg.memoryLimit, "memory-limit", 0, "memory in `bytes` the process may use (a container's limit, which the kernel enforces): unless GOMEMLIMIT is set, Go's soft memory limit is set to 7/8 of it, leaving room for what Go does not count; 0: the soft limit is 7/6 of -max-heap")

	fs.Float64Var(&cfg.rateLimit, "rate-limit", 0, "`calls` per second accepted from each caller (its bearer token with -auth-token-file, else its IP address), health checks excepted; more are refused with ResourceExhausted; 0 means no limit")
	fs.IntVar(&cfg.rateBurst, "rate-burst", 0, "`calls` a caller may make at once above the rate limit; 0 means the rate")
	fs.StringVar(&cfg.authTokenFile, "auth-token-file", "", "`file` of bearer tokens, one a line; when set, every call but health checks needs one, checked before the rate limit")
	fs.StringVar(&cfg.tlsCert, "tls-cert", "", "PEM certificate chain `file`; with -tls-key, serve TLS")
	fs.StringVar(&cfg.tlsKey, "tls-key", "", "PEM private key `file` of -tls-cert")
	fs.StringVar(&cfg.tlsClientCA, "tls-client-ca", "", "PEM `file` of the CAs of client certificates; when set, clients must present one (mutual TLS)")
	fs.StringVar(&cfg.metricsListen, "metrics-listen", "", "`host:port` of the Prometheus /metrics HTTP endpoint; empty serves none")
	fs.StringVar(&cfg.httpListen, "http-listen", "", "`host:port` of the web viewer: a page that solves a puzzle and shows each step, calling this server's API over Connect and gRPC-Web (with its TLS, tokens and limits); empty serves none")
	fs.DurationVar(&cfg.httpHSTS, "http-hsts", 0, "with -tls-cert, send Strict-Transport-Security of this `max-age` (e.g. 8760h) on -http-listen's answers: a browser that had one then reaches this host over TLS alone, on every port (-metrics-listen's too), and lets no one click through a certificate it does not trust; 0 sends none (a proxy in front may set it)")
	fs.StringVar(&cfg.corsOrigins, "http-cors-origins", "", "comma-separated `origins` (scheme://host[:port]; * for any; scheme://*.host for its subdomains) whose pages may call the API on -http-listen from a browser (CORS), with -auth-token-file's tokens as on the viewer; empty: the viewer's own page alone")
	fs.StringVar(&cfg.otlpEndpoint, "otlp-endpoint", "", "OpenTelemetry collector to export a trace span of every call to, over OTLP/gRPC: `host:port` or http://host:port in plain text, https://host:port over TLS; empty exports none unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set")
	fs.BoolVar(&cfg.tracePublic, "trace-public", false, "with traces on, start each call's trace afresh, linked to the span context its caller sent (traceparent) instead of continuing it: for a server whose callers are not trusted to set its trace ids and sampling")
	fs.BoolVar(&cfg.pprof, "pprof", false, "also serve the Go profiler's /debug/pprof/ on -metrics-listen (keep that address private)")

	fs.DurationVar(&cfg.maxTimeout, "max-timeout", 10*time.Minute, "longest a call may run (SolveBatch streams excepted: each puzzle has -default-timeout): a caller's later deadline is brought forward to it; unset, it is raised to a longer -default-timeout; set shorter than an unset -default-timeout, it lowers that to itself; 0 means no limit")
	fs.DurationVar(&cfg.requestTimeout, "request-timeout", 10*time.Second, "time a call has, once its headers are in, for its request to arrive in full; a later one ends with DeadlineExceeded (SolveBatch streams excepted: -batch-idle-timeout bounds them); 0 means no limit")
	fs.IntVar(&cfg.prematureResetLimit, "premature-reset-limit", 500, "close a connection (HTTP/2 rapid reset) once its client has cancelled half this many `calls` within -premature-reset-lifetime of their start, before it has made this many, or half of its calls after that; 0 means never")
	fs.DurationVar(&cfg.prematureResetLifetime, "premature-reset-lifetime", service.DefaultPrematureResetLifetime, "a call cancelled by its client within this time of its start counts as a premature reset")
	fs.DurationVar(&cfg.prematureResetBan, "premature-reset-ban", 10*time.Second, "after closing a connection for premature resets, close new connections from its IP address at once for this long; 0 means never")
	fs.Float64Var(&cfg.noisyLogRate, "noisy-log-rate", 10, "most log `lines` a second about each kind of event a client can cause at will: calls it cancels, calls without a valid token, calls refused for its rate or the server's load, calls refused for their request (bad input, its own bounds), requests too late, failed TLS handshakes, connections closed for premature resets; the next line logged counts those held back; 0 logs them all")
	fs.BoolVar(&cfg.metricsTLS, "metrics-tls", false, "serve -metrics-listen over TLS with -tls-cert and -tls-key (asking no client certificate)")
	fs.StringVar(&cfg.metricsTokenFile, "metrics-token-file", "", "`file` of bearer tokens, one a line; when set, -metrics-listen answers only requests carrying one (Authorization: Bearer ...)")

	// The environment first, so that the command line overrides it.
	var envErr error
	cfg.flagEnv = map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) {
		name := envName(f.Name)
		cfg.flagEnv[name] = true
		v, ok := lookupEnv(name)
		if !ok || envErr != nil {
			return
		}
		if err := fs.Set(f.Name, v); err != nil {
			envErr = &usageError{fmt.Errorf("invalid value %q for %s: %v (see solverd -h)", v, name, flagvalue.ExplainSet(f, err))}
		}
	})
	if envErr != nil {
		return nil, envErr
	}

	// The flag package prints its own message and the usage on a bad flag;
	// keep that quiet and return a one-line error instead.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(w, fs)
			return nil, err
		}
		return nil, &usageError{fmt.Errorf("%v (see solverd -h)", flagvalue.Explain(fs, err))}
	}
	if fs.NArg() > 0 {
		return nil, &usageError{fmt.Errorf("unexpected argument %q (see solverd -h)", fs.Arg(0))}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["max-heap"] && cfg.memoryLimit > 0 {
		// The heap bound follows the container's limit (a fixed default
		// refused a pod of less than 216 MiB and left a larger one's
		// bound where it was).
		cfg.maxHeap = cfg.memoryLimit / 4 * 3
		if cfg.maxHeap < minMaxHeap {
			// Named so: the user set no -max-heap to blame.
			return nil, &usageError{fmt.Errorf("-memory-limit (%d bytes) must be 0 (none) or at least %d bytes while -max-heap is unset: the heap bound is then 3/4 of it, and at least %d bytes (%d MiB)",
				cfg.memoryLimit, (minMaxHeap+2)/3*4, minMaxHeap, minMaxHeap>>20)}
		}
	}
	if err := cfg.fitGoMemoryLimit(lookupEnv, set["max-heap"]); err != nil {
		return nil, &usageError{err}
	}
	if !set["max-timeout"] && cfg.service.DefaultTimeout > cfg.maxTimeout {
		// A configuration from before -max-timeout keeps its longer
		// default deadline.
		cfg.maxTimeout = cfg.service.DefaultTimeout
	}
	if def := service.DefaultConfig().DefaultTimeout; !set["default-timeout"] && cfg.service.DefaultTimeout == 0 && cfg.maxTimeout > 0 && cfg.maxTimeout < def {
		// A -max-timeout below the service's default deadline brings that
		// down to it too, rather than refusing a default nobody set.
		cfg.service.DefaultTimeout = cfg.maxTimeout
	}
	if err := cfg.check(); err != nil {
		return nil, &usageError{err}
	}
	cfg.service.BatchLinger = cfg.batchLinger
	if cfg.batchLinger == 0 {
		cfg.service.BatchLinger = -1 // the service's zero is its default
	}
	cfg.service.BatchHeartbeat = cfg.batchHeartbeat
	if cfg.batchHeartbeat == 0 {
		cfg.service.BatchHeartbeat = -1 // the service's zero is its default
	}
	if cfg.service.BatchIdleTimeout == 0 {
		cfg.service.BatchIdleTimeout = -1 // never; the service's zero is its default
	}
	return cfg, nil
}

// goMemoryLimit returns the Go runtime's soft memory limit, which it takes
// from GOMEMLIMIT at start.
var goMemoryLimit = func() int64 { return debug.SetMemoryLimit(-1) }

// fitGoMemoryLimit keeps the heap bound below the soft memory limit of a
// GOMEMLIMIT in the environment, as -memory-limit's own must be: at or
// under the bound, the collector would run without pause as the heap
// nears the bound at which calls are refused. A bound set with -max-heap
// is refused, naming both; a derived one (the default, or 3/4 of
// -memory-limit) is at most 6/7 of the limit, which is then a sixth
// above it at least, as solverd sets the limit from -max-heap alone: a
// limit less than a sixth above it lowers it, so that a higher limit
// never gives a lower bound.
func (cfg *config) fitGoMemoryLimit(lookupEnv func(string) (string, bool), heapSet bool) error {
	v, ok := lookupEnv("GOMEMLIMIT")
	if !ok {
		return nil
	}
	limit := goMemoryLimit()
	if heapSet {
		if limitBelowHeap(limit, cfg.maxHeap) {
			return fmt.Errorf("GOMEMLIMIT (%s, %d bytes) must be above -max-heap (%d bytes): the collector would run without pause as the heap nears the bound at which calls are refused; raise GOMEMLIMIT or lower -max-heap", v, limit, cfg.maxHeap)
		}
		return nil
	}
	heap := limit / 7 * 6
	if cfg.maxHeap <= heap {
		return nil
	}
	if heap >= minMaxHeap {
		cfg.maxHeap, cfg.heapFromGoMemLimit = heap, true
		return nil
	}
	return fmt.Errorf("GOMEMLIMIT (%s, %d bytes) must be above the heap bound, at least %d bytes while -max-heap is unset: the bound is then 6/7 of it, and at least %d bytes (%d MiB)",
		v, limit, (minMaxHeap+5)/6*7, minMaxHeap, minMaxHeap>>20)
}

// Bounds of flags whose larger values could only be mistakes.
const (
	maxStreamBuffer = 4096     // messages; -stream-buffer-bytes bounds their bytes
	maxBatchWorkers = 1024     // goroutines a SolveBatch stream; past -max-concurrent they only wait
	minRateLimit    = 1e-3     // calls a second
	minMaxHeap      = 16 << 20 // bytes: an idle daemon's heap is a few MiB
)

// check rejects values out of range and flags that need others.
func (cfg *config) check() error {
	for _, origin := range cfg.origins() {
		if err := webview.CheckOrigin(origin); err != nil {
			return fmt.Errorf("-http-cors-origins: %v", err)
		}
	}
	if cfg.corsOrigins != "" && cfg.httpListen == "" {
		return errors.New("-http-cors-origins needs -http-listen: the origins call the API there")
	}
	if cfg.httpHSTS > 0 && (cfg.httpListen == "" || cfg.tlsCert == "") {
		return errors.New("-http-hsts needs -http-listen and -tls-cert: browsers ignore the header on answers in clear text")
	}
	if d := cfg.httpHSTS; d > 0 && (d < time.Second || d%time.Second != 0) {
		return fmt.Errorf("-http-hsts must be whole seconds (the header's max-age counts them), not %v", d)
	}
	positive := []struct {
		name string
		v    int
	}{
		{"max-msg-size", cfg.maxMsgSize},
		{"max-send-msg-size", cfg.service.MaxSendMsgSize},
		{"max-queue", cfg.service.MaxQueue},
		{"stream-buffer", cfg.service.StreamBuffer},
		{"stream-buffer-bytes", cfg.service.StreamBufferBytes},
		{"max-request-size", cfg.maxRequestSize},
	}
	for _, p := range positive {
		if p.v <= 0 {
			return fmt.Errorf("-%s must be positive, not %d", p.name, p.v)
		}
	}
	notNegative := []struct {
		name string
		v    float64
	}{
		{"max-concurrent", float64(cfg.service.MaxConcurrent)},
		{"batch-workers", float64(cfg.service.BatchWorkers)},
		{"rate-limit", cfg.rateLimit},
		{"rate-burst", float64(cfg.rateBurst)},
		{"max-connections", float64(cfg.maxConnections)},
		{"max-total-streams", float64(cfg.maxTotalStreams)},
		{"max-heap", float64(cfg.maxHeap)},
		{"memory-limit", float64(cfg.memoryLimit)},
		{"max-health-watches", float64(cfg.maxWatches)},
	}
	for _, p := range notNegative {
		if p.v < 0 || math.IsNaN(p.v) {
			return fmt.Errorf("-%s must not be negative, not %v", p.name, p.v)
		}
	}
	// A heap bound below a few MiB refuses every call and keeps the
	// collector running (a value typed in MiB rather than bytes).
	if h := cfg.maxHeap; h != 0 && h < minMaxHeap {
		return fmt.Errorf("-max-heap must be 0 (no bound) or at least %d bytes (%d MiB), not %d: it counts bytes", minMaxHeap, minMaxHeap>>20, h)
	}
	if m := cfg.memoryLimit; m != 0 && (m < minMaxHeap || cfg.maxHeap >= m/8*7) {
		return fmt.Errorf("-memory-limit (%d bytes) must be 0 (none) or at least %d bytes (%d MiB) and above -max-heap (%d) by an eighth of it at least: the heap bound must come before the soft memory limit", m, minMaxHeap, minMaxHeap>>20, cfg.maxHeap)
	}
	// Upper bounds where a value typed in the wrong unit would take the
	// memory of every call (a channel of that many messages a SolveSteps
	// stream, that many goroutines a SolveBatch stream).
	for _, p := range []struct {
		name   string
		v, max int
	}{
		{"stream-buffer", cfg.service.StreamBuffer, maxStreamBuffer},
		{"batch-workers", cfg.service.BatchWorkers, maxBatchWorkers},
	} {
		if p.v > p.max {
			return fmt.Errorf("-%s must be at most %d, not %d", p.name, p.max, p.v)
		}
	}
	// A rate below one call in 1,000 s is refused as a mistake (a count
	// an hour or a day given as calls a second): it would let a caller
	// one call, then none for hours.
	if r := cfg.rateLimit; r != 0 && !(r >= minRateLimit && r <= math.MaxFloat64) {
		return fmt.Errorf("-rate-limit must be 0 (no limit) or from %g to a finite number of calls a second, not %v", minRateLimit, r)
	}
	// A burst without a rate allows nothing more than no limit does: a
	// rate limit left out, not a burst to ignore.
	if cfg.rateBurst > 0 && cfg.rateLimit == 0 {
		return fmt.Errorf("-rate-burst (%d) needs -rate-limit: without a rate there is no limit to burst above", cfg.rateBurst)
	}
	if r := cfg.noisyLogRate; math.IsInf(r, 0) || math.IsNaN(r) {
		return fmt.Errorf("-noisy-log-rate must be a finite number of lines a second, not %v", r)
	}
	durations := []struct {
		name     string
		v        time.Duration
		positive bool
	}{
		{"grace", cfg.grace, false},
		{"drain-delay", cfg.drainDelay, false},
		{"batch-linger", cfg.batchLinger, false},
		{"batch-heartbeat", cfg.batchHeartbeat, false},
		{"default-timeout", cfg.service.DefaultTimeout, false},
		{"stall-timeout", cfg.service.StallTimeout, true},
		{"batch-idle-timeout", cfg.service.BatchIdleTimeout, false},
		{"handshake-timeout", cfg.handshakeTimeout, true},
		{"keepalive-time", cfg.keepaliveTime, true},
		{"keepalive-timeout", cfg.keepaliveTimeout, true},
		{"keepalive-min-time", cfg.keepaliveMinTime, false},
		{"max-connection-idle", cfg.maxConnIdle, false},
		{"max-connection-age", cfg.maxConnAge, false},
		{"max-connection-age-grace", cfg.maxConnAgeGrace, false},
		{"http-hsts", cfg.httpHSTS, false},
	}
	for _, d := range durations {
		if d.v < 0 || d.positive && d.v == 0 {
			want := "must not be negative"
			if d.positive {
				want = "must be positive"
			}
			return fmt.Errorf("-%s %s, not %v", d.name, want, d.v)
		}
	}
	for _, w := range []struct {
		name string
		v    int
	}{{"stream-window", cfg.streamWindow}, {"conn-window", cfg.connWindow}} {
		if w.name == "stream-window" && w.v == 0 {
			continue
		}
		if w.v < 64<<10 || w.v > math.MaxInt32 {
			return fmt.Errorf("-%s must be from 65536 to %d bytes, not %d", w.name, math.MaxInt32, w.v)
		}
	}
	if cfg.pprof && cfg.metricsListen == "" {
		return errors.New("-pprof needs -metrics-listen")
	}
	if (cfg.tlsCert == "") != (cfg.tlsKey == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if cfg.tlsClientCA != "" && cfg.tlsCert == "" {
		return errors.New("-tls-client-ca needs -tls-cert and -tls-key")
	}
	return cfg.checkGuard()
}

// checkGuard rejects the flags against hostile clients out of range, and
// the metrics flags that need others.
func (cfg *config) checkGuard() error {
	defaultTimeout := cfg.service.DefaultTimeout
	if defaultTimeout == 0 {
		defaultTimeout = service.DefaultConfig().DefaultTimeout
	}
	switch {
	case cfg.requestTimeout < 0:
		return fmt.Errorf("-request-timeout must not be negative, not %v", cfg.requestTimeout)
	case cfg.maxTimeout < 0:
		return fmt.Errorf("-max-timeout must not be negative, not %v", cfg.maxTimeout)
	case cfg.maxTimeout > 0 && defaultTimeout > cfg.maxTimeout:
		return fmt.Errorf("-default-timeout (%v) must not be longer than -max-timeout (%v)", defaultTimeout, cfg.maxTimeout)
	case cfg.prematureResetLimit < 0:
		return fmt.Errorf("-premature-reset-limit must not be negative, not %d", cfg.prematureResetLimit)
	case cfg.prematureResetBan < 0:
		return fmt.Errorf("-premature-reset-ban must not be negative, not %v", cfg.prematureResetBan)
	case cfg.prematureResetLifetime <= 0:
		return fmt.Errorf("-premature-reset-lifetime must be positive, not %v", cfg.prematureResetLifetime)
	case cfg.noisyLogRate < 0:
		return fmt.Errorf("-noisy-log-rate must not be negative, not %v", cfg.noisyLogRate)
	case cfg.metricsTLS && cfg.tlsCert == "":
		return errors.New("-metrics-tls needs -tls-cert and -tls-key")
	case (cfg.metricsTLS || cfg.metricsTokenFile != "") && cfg.metricsListen == "":
		return errors.New("-metrics-tls and -metrics-token-file need -metrics-listen")
	}
	return nil
}

// printUsage prints the usage of solverd: every flag with its default and
// its environment variable.
func printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: solverd [flags]\n\n")
	fmt.Fprintf(w, "Serve the Sudoku solving gRPC API. Each flag can also be set from the\n")
	fmt.Fprintf(w, "environment variable shown; the command line wins over the environment.\n")
	fmt.Fprintf(w, "The garbage collector runs at GOGC=%d unless the environment sets GOGC.\n\n", defaultGOGC)
	fs.VisitAll(func(f *flag.Flag) {
		typ, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  -%s %s\n", f.Name, typ)
		if f.DefValue == "" {
			fmt.Fprintf(w, "    \t%s (env %s)\n", usage, envName(f.Name))
			return
		}
		fmt.Fprintf(w, "    \t%s (default %s; env %s)\n", usage, f.DefValue, envName(f.Name))
	})
}

// levelValue is a flag.Value for a slog level by name.
type levelValue slog.Level

var levelNames = map[string]slog.Level{
	"debug": slog.LevelDebug,
	"info":  slog.LevelInfo,
	"warn":  slog.LevelWarn,
	"error": slog.LevelError,
}

func (l *levelValue) String() string { return strings.ToLower(slog.Level(*l).String()) }

func (l *levelValue) Set(s string) error {
	lvl, ok := levelNames[strings.ToLower(s)]
	if !ok {
		return errors.New("want debug, info, warn or error")
	}
	*l = levelValue(lvl)
	return nil
}

// choiceValue is a flag.Value for one of a fixed set of strings.
type choiceValue struct {
	p       *string
	allowed []string
}

func (c *choiceValue) String() string {
	if c.p == nil { // the zero value the flag package may make
		return ""
	}
	return *c.p
}

func (c *choiceValue) Set(s string) error {
	for _, a := range c.allowed {
		if strings.EqualFold(s, a) {
			*c.p = a
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(c.allowed, ", "))
}

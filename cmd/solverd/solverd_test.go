package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
	"github.com/sudokuwise/solver/service"
)

// logWriter collects the log of a daemon under test and reports the address
// of its "serving" line.
type logWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string
}

var servingRE = regexp.MustCompile(`msg=serving addr=(\S+)`)

func newLogWriter() *logWriter { return &logWriter{addr: make(chan string, 1)} }

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if m := servingRE.FindSubmatch(p); m != nil {
		w.addr <- string(m[1])
	}
	return w.buf.Write(p)
}

func (w *logWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// startDaemon runs the daemon with args in the background and returns its
// address, a function that cancels its context, and the result of run.
func startDaemon(t *testing.T, args ...string) (addr string, cancel context.CancelFunc, done <-chan error, log *logWriter) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	log = newLogWriter()
	errc := make(chan error, 1)
	go func() { errc <- run(ctx, args, strings.NewReader(""), &bytes.Buffer{}, log) }()
	select {
	case addr = <-log.addr:
	case err := <-errc:
		t.Fatalf("run returned early: %v\nlog:\n%s", err, log)
	case <-time.After(10 * time.Second):
		t.Fatalf("no serving line logged; log:\n%s", log)
	}
	return addr, cancel, errc, log
}

func dial(t *testing.T, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func waitDone(t *testing.T, done <-chan error, within time.Duration, log *logWriter) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(within):
		t.Fatalf("run did not return within %v of cancel; log:\n%s", within, log)
	}
}

func TestServeHealthAndShutdown(t *testing.T) {
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--log-level", "debug")
	health := healthpb.NewHealthClient(dial(t, addr))

	ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	for _, svc := range []string{"", "sudoku.v1.SudokuService"} {
		resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{Service: svc})
		if err != nil {
			t.Fatalf("Check(%q): %v", svc, err)
		}
		if got := resp.GetStatus(); got != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("Check(%q) = %v, want SERVING", svc, got)
		}
	}

	cancel()
	waitDone(t, done, 5*time.Second, log)
	if !strings.Contains(log.String(), "msg=stopped") {
		t.Errorf("log lacks the stopped line:\n%s", log)
	}
}

// TestShutdownWithWatch holds a health Watch stream open across shutdown:
// the watcher sees NOT_SERVING and its stream ends at once, so that it does
// not hold the daemon up for the grace period. During the drain delay
// health checks report NOT_SERVING while calls are still served.
func TestShutdownWithWatch(t *testing.T) {
	tests := []struct {
		name       string
		drainDelay time.Duration
	}{
		{"no drain delay", 0},
		{"drain delay", 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--grace", "1m", "--drain-delay", tt.drainDelay.String())
			conn := dial(t, addr)
			health := healthpb.NewHealthClient(conn)
			ctx, stop := context.WithTimeout(context.Background(), 20*time.Second)
			defer stop()
			watch, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if resp, err := watch.Recv(); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
				t.Fatalf("first Watch message = %v, %v; want SERVING", resp, err)
			}

			cancel()
			if resp, err := watch.Recv(); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
				t.Fatalf("Watch after cancel = %v, %v; want NOT_SERVING", resp, err)
			}
			if _, err := watch.Recv(); status.Code(err) != codes.Unavailable {
				t.Errorf("Watch stream ended with %v, want Unavailable", err)
			}
			if tt.drainDelay > 0 {
				// Within the drain delay: NOT_SERVING, and calls served.
				if resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
					t.Errorf("Check during the drain delay = %v, %v; want NOT_SERVING", resp, err)
				}
				req := &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}}
				if _, err := sudokuv1.NewSudokuServiceClient(conn).Solve(ctx, req); err != nil {
					t.Errorf("Solve during the drain delay: %v", err)
				}
			}
			// Far less than the grace period of a minute.
			waitDone(t, done, tt.drainDelay+10*time.Second, log)
			for _, bad := range []string{"grace period over", "cut short"} {
				if strings.Contains(log.String(), bad) {
					t.Errorf("log has %q:\n%s", bad, log)
				}
			}
		})
	}
}

func TestEnvironment(t *testing.T) {
	env := map[string]string{
		"SOLVERD_LISTEN":                         "localhost:0",
		"SOLVERD_GRACE":                          "3s",
		"SOLVERD_MAX_MSG_SIZE":                   "1024",
		"SOLVERD_LOG_FORMAT":                     "JSON",
		"SOLVERD_MAX_STEPS":                      "77",
		"SOLVERD_DEFAULT_TIMEOUT":                "5s",
		"SOLVERD_MAX_CONCURRENT":                 "3",
		"SOLVERD_RATE_LIMIT":                     "12.5",
		"SOLVERD_METRICS_LISTEN":                 "localhost:0",
		"SOLVERD_MAX_CONNECTION_AGE":             "1h",
		"SOLVERD_KEEPALIVE_PERMIT_WITHOUT_CALLS": "false",
		"SOLVERD_HTTP_LISTEN":                    "localhost:8080",
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }

	tests := []struct {
		name  string
		args  []string
		check func(*config) string
	}{
		{"env only", nil, func(c *config) string {
			if c.listen != "localhost:0" || c.grace != 3*time.Second || c.maxMsgSize != 1024 ||
				c.logFormat != "json" || c.service.MaxSteps != 77 || c.service.DefaultTimeout != 5*time.Second ||
				c.service.MaxConcurrent != 3 || c.rateLimit != 12.5 || c.metricsListen != "localhost:0" ||
				c.maxConnAge != time.Hour || c.keepaliveWithoutCalls || c.httpListen != "localhost:8080" {
				return "environment not applied"
			}
			return ""
		}},
		{"flag wins", []string{"--grace", "1s", "--listen=:0", "--log-format", "text"}, func(c *config) string {
			if c.grace != time.Second || c.listen != ":0" || c.logFormat != "text" {
				return "flags did not override the environment"
			}
			if c.maxMsgSize != 1024 {
				return "environment lost for a flag not given"
			}
			return ""
		}},
		{"default batch linger", nil, func(c *config) string {
			if c.service.BatchLinger != service.DefaultBatchLinger {
				return "batch linger is not the service's default"
			}
			return ""
		}},
		{"no batch linger", []string{"--batch-linger", "0"}, func(c *config) string {
			if c.service.BatchLinger >= 0 {
				return "-batch-linger 0 does not turn the linger off"
			}
			return ""
		}},
		{"default batch idle timeout", nil, func(c *config) string {
			if c.service.BatchIdleTimeout != service.DefaultBatchIdleTimeout {
				return "batch idle timeout is not the service's default"
			}
			return ""
		}},
		{"no batch idle timeout", []string{"--batch-idle-timeout", "0"}, func(c *config) string {
			if c.service.BatchIdleTimeout >= 0 {
				return "-batch-idle-timeout 0 does not turn the timeout off"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig(tt.args, lookup, &bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			if msg := tt.check(cfg); msg != "" {
				t.Errorf("%s: %+v", msg, cfg)
			}
		})
	}
}

// TestEnvironmentRun checks the real environment reaches run.
func TestEnvironmentRun(t *testing.T) {
	t.Setenv("SOLVERD_LISTEN", "localhost:0")
	t.Setenv("SOLVERD_LOG_LEVEL", "warn")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // stop as soon as it serves
	var log bytes.Buffer
	if err := run(ctx, nil, nil, nil, &log); err != nil {
		t.Fatal(err)
	}
	if log.Len() != 0 {
		t.Errorf("info lines logged at SOLVERD_LOG_LEVEL=warn:\n%s", log.String())
	}
}

func TestBadConfig(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"bad duration", []string{"--grace", "soon"}, nil, `invalid value "soon" for flag -grace`},
		{"bad level", []string{"--log-level", "loud"}, nil, "want debug, info, warn or error"},
		{"bad format", []string{"--log-format", "xml"}, nil, "want one of text, json"},
		{"unknown flag", []string{"--port", "1"}, nil, "flag provided but not defined: -port"},
		{"zero message size", []string{"--max-msg-size", "0"}, nil, "must be positive"},
		{"uint32 overflow", []string{"--max-steps", "5000000000"}, nil, "want a number"},
		{"argument", []string{"serve"}, nil, `unexpected argument "serve"`},
		{"zero queue", []string{"--max-queue", "0"}, nil, "-max-queue must be positive"},
		{"negative rate", []string{"--rate-limit", "-1"}, nil, "-rate-limit must not be negative"},
		{"bad rate", []string{"--rate-limit", "fast"}, nil, `invalid value "fast" for flag -rate-limit`},
		{"zero stall timeout", []string{"--stall-timeout", "0s"}, nil, "-stall-timeout must be positive"},
		{"negative batch linger", []string{"--batch-linger", "-1ms"}, nil, "-batch-linger must not be negative"},
		{"negative batch heartbeat", []string{"--batch-heartbeat", "-1ms"}, nil, "-batch-heartbeat must not be negative"},
		{"origin with a path", []string{"--http-listen", "localhost:0", "--http-cors-origins", "https://app.example/solve"}, nil, `-http-cors-origins: origin "https://app.example/solve": want scheme://host[:port] alone`},
		{"origins without the web port", []string{"--http-cors-origins", "https://app.example"}, nil, "-http-cors-origins needs -http-listen"},
		{"HSTS without TLS", []string{"--http-listen", "127.0.0.1:0", "--http-hsts", "24h"}, nil, "-http-hsts needs -http-listen and -tls-cert"},
		{"HSTS negative", []string{"--http-hsts", "-1s"}, nil, "-http-hsts must not be negative"},
		{"HSTS under a second", []string{"--http-listen", "127.0.0.1:0", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--http-hsts", "500ms"}, nil, "-http-hsts must be whole seconds"},
		{"HSTS a fraction of a second", []string{"--http-listen", "127.0.0.1:0", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--http-hsts", "1.5s"}, nil, "-http-hsts must be whole seconds"},
		{"negative batch idle timeout", []string{"--batch-idle-timeout", "-1s"}, nil, "-batch-idle-timeout must not be negative"},
		{"negative connection age", []string{"--max-connection-age", "-1m"}, nil, "-max-connection-age must not be negative"},
		{"certificate without key", []string{"--tls-cert", "c.pem"}, nil, "-tls-cert and -tls-key go together"},
		{"client CA without TLS", []string{"--tls-client-ca", "ca.pem"}, nil, "-tls-client-ca needs -tls-cert"},
		{"pprof without metrics", []string{"--pprof"}, nil, "-pprof needs -metrics-listen"},
		{"negative request timeout", []string{"--request-timeout", "-1s"}, nil, "-request-timeout must not be negative"},
		{"negative max timeout", []string{"--max-timeout", "-1s"}, nil, "-max-timeout must not be negative"},
		{"default timeout past the max", []string{"--default-timeout", "20m", "--max-timeout", "10m"}, nil, "-default-timeout (20m0s) must not be longer than -max-timeout (10m0s)"},
		{"default timeout set past the max", []string{"--max-timeout", "10s", "--default-timeout", "30s"}, nil, "-default-timeout (30s) must not be longer than -max-timeout (10s)"},
		{"negative reset limit", []string{"--premature-reset-limit", "-1"}, nil, "-premature-reset-limit must not be negative"},
		{"negative reset ban", []string{"--premature-reset-ban", "-1s"}, nil, "-premature-reset-ban must not be negative"},
		{"zero reset lifetime", []string{"--premature-reset-lifetime", "0s"}, nil, "-premature-reset-lifetime must be positive"},
		{"negative noisy log rate", []string{"--noisy-log-rate", "-1"}, nil, "-noisy-log-rate must not be negative"},
		{"metrics TLS without TLS", []string{"--metrics-listen", ":0", "--metrics-tls"}, nil, "-metrics-tls needs -tls-cert"},
		{"metrics token without metrics", []string{"--metrics-token-file", "t"}, nil, "need -metrics-listen"},
		{"small stream window", []string{"--stream-window", "1000"}, nil, "-stream-window must be from 65536"},
		{"small conn window", []string{"--conn-window", "0"}, nil, "-conn-window must be from 65536"},
		{"zero request size", []string{"--max-request-size", "0"}, nil, "-max-request-size must be positive"},
		{"negative connections", []string{"--max-connections", "-1"}, nil, "-max-connections must not be negative"},
		{"negative total streams", []string{"--max-total-streams", "-5"}, nil, "-max-total-streams must not be negative"},
		{"negative heap", []string{"--max-heap", "-1"}, nil, "-max-heap must not be negative"},
		{"heap in the wrong unit", []string{"--max-heap", "192"}, nil, "-max-heap must be 0 (no bound) or at least 16777216 bytes (16 MiB), not 192: it counts bytes"},
		{"memory limit under the heap bound", []string{"--memory-limit", "209715200", "--max-heap", "201326592"}, nil, "-memory-limit (209715200 bytes) must be 0 (none) or at least 16777216 bytes (16 MiB) and above -max-heap (201326592) by an eighth of it at least"},
		{"memory limit under the heap bound's least, heap unset", []string{"--memory-limit", "22369623"}, nil, "-memory-limit (22369623 bytes) must be 0 (none) or at least 22369624 bytes while -max-heap is unset"},
		{"memory limit of 16 MiB from the environment", nil, map[string]string{"SOLVERD_MEMORY_LIMIT": "16777216"}, "-memory-limit (16777216 bytes) must be 0 (none) or at least 22369624 bytes while -max-heap is unset"},
		{"negative health watches", []string{"--max-health-watches", "-1"}, nil, "-max-health-watches must not be negative"},
		{"huge stream buffer", []string{"--stream-buffer", "10000000000"}, nil, "-stream-buffer must be at most 4096"},
		{"huge batch workers", []string{"--batch-workers", "1000000000"}, nil, "-batch-workers must be at most 1024"},
		{"NaN rate", []string{"--rate-limit", "NaN"}, nil, "-rate-limit must not be negative, not NaN"},
		{"tiny rate", []string{"--rate-limit", "1e-11"}, nil, "-rate-limit must be 0 (no limit) or from 0.001"},
		{"infinite rate", []string{"--rate-limit", "+Inf"}, nil, "-rate-limit must be 0 (no limit) or from 0.001"},
		{"burst without a rate", []string{"--rate-burst", "400"}, nil, "-rate-burst (400) needs -rate-limit"},
		{"burst without a rate, from the environment", nil, map[string]string{"SOLVERD_RATE_BURST": "400"}, "-rate-burst (400) needs -rate-limit"},
		{"NaN log rate", []string{"--noisy-log-rate", "NaN"}, nil, "-noisy-log-rate must"},
		// A value from the environment is explained as on the command
		// line, not with the flag package's bare "parse error".
		{"bad env bool", nil, map[string]string{"SOLVERD_KEEPALIVE_PERMIT_WITHOUT_CALLS": "maybe"}, `invalid value "maybe" for SOLVERD_KEEPALIVE_PERMIT_WITHOUT_CALLS: want true or false (see solverd -h)`},
		{"bad env", nil, map[string]string{"SOLVERD_MAX_NODES": "many"}, `invalid value "many" for SOLVERD_MAX_NODES: want a whole number of 0 or more`},
		{"bad env duration", nil, map[string]string{"SOLVERD_GRACE": "20"}, `invalid value "20" for SOLVERD_GRACE: want a duration, a number and a unit such as 30s, 2m or 1h30m (see solverd -h)`},
		{"bad env int", nil, map[string]string{"SOLVERD_MAX_CONCURRENT": "1e3"}, `invalid value "1e3" for SOLVERD_MAX_CONCURRENT: want a whole number (written in digits, as 1000, not 1e3)`},
		{"bad env float", nil, map[string]string{"SOLVERD_RATE_LIMIT": "fast"}, `invalid value "fast" for SOLVERD_RATE_LIMIT: want a number`},
		{"bad env uint32", nil, map[string]string{"SOLVERD_MAX_STEPS": "-1"}, `invalid value "-1" for SOLVERD_MAX_STEPS: want a number from 0 to 4294967295`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			_, err := parseConfig(tt.args, lookup, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if !errors.As(err, new(*usageError)) {
				t.Errorf("err = %T, want a usage error", err)
			}
		})
	}
}

func TestRunBadFlag(t *testing.T) {
	var stderr bytes.Buffer
	err := run(context.Background(), []string{"--max-msg-size", "big"}, nil, nil, &stderr)
	if err == nil || !strings.Contains(err.Error(), "max-msg-size") {
		t.Fatalf("run = %v, want an error naming -max-msg-size", err)
	}
	if stderr.Len() != 0 {
		t.Errorf("run printed on a bad flag (main prints the one line): %q", stderr.String())
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, nil, &stdout, &stderr); err != nil {
		t.Fatalf("run -h = %v, want nil", err)
	}
	if stderr.Len() != 0 {
		t.Errorf("run -h wrote to stderr: %q", stderr.String())
	}
	usage := stdout.String()
	for _, want := range []string{"-listen", "default localhost:50051", "SOLVERD_LISTEN", "-max-msg-size", "default 262144",
		"SOLVERD_DEFAULT_TIMEOUT", "default 10s", "-max-queue calls", "default 256", "-max-connection-age duration", "default 30m0s",
		"-drain-delay duration", "SOLVERD_DRAIN_DELAY", "-otlp-endpoint host:port", "from each caller"} {
		if !strings.Contains(usage, want) {
			t.Errorf("usage lacks %q:\n%s", want, usage)
		}
	}
	// Every flag is documented with its environment variable.
	for _, line := range strings.Split(usage, "\n") {
		name, ok := strings.CutPrefix(line, "  -")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		if !strings.Contains(usage, "env "+envName(name)+")") {
			t.Errorf("usage lacks the environment variable of -%s", name)
		}
	}
}

// TestMemoryBounds checks that the flags of the memory bounds reach the
// gRPC server's configuration, with their documented defaults.
func TestMemoryBounds(t *testing.T) {
	noEnv := func(string) (string, bool) { return "", false }
	tests := []struct {
		name string
		args []string
		want service.GRPCConfig
	}{
		{"defaults", nil, service.GRPCConfig{StreamWindow: 64 << 10, ConnWindow: 1 << 20,
			MaxRequestSize: service.DefaultMaxRequestSize, MaxStreams: 200, MaxHeap: 192 << 20}},
		{"set", []string{"-stream-window", "131072", "-conn-window", "4194304", "-max-request-size", "4096",
			"-max-total-streams", "10", "-max-heap", "16777216"},
			service.GRPCConfig{StreamWindow: 128 << 10, ConnWindow: 4 << 20, MaxRequestSize: 4096, MaxStreams: 10, MaxHeap: 16 << 20}},
		// Unset, the heap bound is 3/4 of the container's limit.
		{"heap from the memory limit", []string{"-memory-limit", "209715200"},
			service.GRPCConfig{StreamWindow: 64 << 10, ConnWindow: 1 << 20,
				MaxRequestSize: service.DefaultMaxRequestSize, MaxStreams: 200, MaxHeap: 150 << 20}},
		{"heap from the least memory limit", []string{"-memory-limit", "22369624"},
			service.GRPCConfig{StreamWindow: 64 << 10, ConnWindow: 1 << 20,
				MaxRequestSize: service.DefaultMaxRequestSize, MaxStreams: 200, MaxHeap: 16777218}},
		{"heap set beside the memory limit", []string{"-memory-limit", "1073741824", "-max-heap", "268435456"},
			service.GRPCConfig{StreamWindow: 64 << 10, ConnWindow: 1 << 20,
				MaxRequestSize: service.DefaultMaxRequestSize, MaxStreams: 200, MaxHeap: 256 << 20}},
		{"dynamic windows, request size capped by the message size", []string{"-stream-window", "0", "-max-msg-size", "1000", "-max-total-streams", "0", "-max-heap", "0"},
			service.GRPCConfig{StreamWindow: -1, ConnWindow: 1 << 20, MaxRequestSize: 1000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseConfig(tt.args, noEnv, &bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := grpcConfig(cfg, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			if got.StreamWindow != tt.want.StreamWindow || got.ConnWindow != tt.want.ConnWindow ||
				got.MaxRequestSize != tt.want.MaxRequestSize || got.MaxStreams != tt.want.MaxStreams || got.MaxHeap != tt.want.MaxHeap {
				t.Errorf("windows %d/%d, request %d, streams %d, heap %d; want %d/%d, %d, %d, %d",
					got.StreamWindow, got.ConnWindow, got.MaxRequestSize, got.MaxStreams, got.MaxHeap,
					tt.want.StreamWindow, tt.want.ConnWindow, tt.want.MaxRequestSize, tt.want.MaxStreams, tt.want.MaxHeap)
			}
		})
	}
}

// TestGOMEMLIMITLogged: solverd started under a GOMEMLIMIT below its
// derived heap bound logs the bound it lowered, and under none it says
// nothing of it.
func TestGOMEMLIMITLogged(t *testing.T) {
	const warning = "heap bound lowered to 6/7 of GOMEMLIMIT"
	for _, tt := range []struct {
		name  string
		limit int64 // the Go memory limit the runtime took from GOMEMLIMIT; 0: unset
		want  bool
	}{
		{"below -max-heap", 100 << 20, true},
		{"unset", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(f func(string) (string, bool)) { lookupEnv = f }(lookupEnv)
			lookupEnv = func(string) (string, bool) { return "", false }
			if tt.limit > 0 {
				defer debug.SetMemoryLimit(debug.SetMemoryLimit(tt.limit))
				lookupEnv = func(k string) (string, bool) {
					if k == "GOMEMLIMIT" {
						return fmt.Sprintf("%dMiB", tt.limit>>20), true
					}
					return "", false
				}
			}
			_, cancel, done, log := startDaemon(t, "--listen", "localhost:0")
			cancel()
			waitDone(t, done, 5*time.Second, log)
			if got := strings.Contains(log.String(), warning); got != tt.want {
				t.Errorf("logged %v, want %v; log:\n%s", got, tt.want, log)
			}
		})
	}
}

// TestLimitBelowHeap: a GOMEMLIMIT not above -max-heap is refused (or
// lowers a derived bound), as -memory-limit's soft limit must be above it.
func TestLimitBelowHeap(t *testing.T) {
	tests := []struct {
		name           string
		limit, maxHeap int64
		want           bool
	}{
		{"below the heap bound", 128 << 20, 192 << 20, true},
		{"at the heap bound", 192 << 20, 192 << 20, true},
		{"just above, as -memory-limit may set it", 193 << 20, 192 << 20, false},
		{"a sixth above, as -max-heap alone sets it", 224 << 20, 192 << 20, false},
		{"no heap bound", 64 << 20, 0, false},
		{"no limit (math.MaxInt64)", math.MaxInt64, 192 << 20, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := limitBelowHeap(tt.limit, tt.maxHeap); got != tt.want {
				t.Errorf("limitBelowHeap(%d, %d) = %v, want %v", tt.limit, tt.maxHeap, got, tt.want)
			}
		})
	}
}

func TestSoftMemoryLimit(t *testing.T) {
	env := func(vars map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	tests := []struct {
		name            string
		maxHeap, memory int64
		env             map[string]string
		want            int64
	}{
		{"default heap bound", 192 << 20, 0, nil, 224 << 20},
		{"a pod's limit", 192 << 20, 256 << 20, nil, 224 << 20},
		{"a larger pod", 192 << 20, 1 << 30, nil, 896 << 20},
		{"GOMEMLIMIT set", 192 << 20, 256 << 20, map[string]string{"GOMEMLIMIT": "1GiB"}, 0},
		{"no heap bound", 0, 0, nil, 0},
	}
	for _, tt := range tests {
		if got := softMemoryLimit(tt.maxHeap, tt.memory, env(tt.env)); got != tt.want {
			t.Errorf("%s: softMemoryLimit = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// holdCall keeps a call open on conn (a SolveBatch stream, after one
// puzzle answered) until the test ends, so that a full port does not
// close conn as idle.
func holdCall(t *testing.T, conn *grpc.ClientConn) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stream, err := sudokuv1.NewSudokuServiceClient(conn).SolveBatch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	req := &sudokuv1.SolveBatchRequest{Items: []*sudokuv1.BatchItem{
		{Id: "1", Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}},
	}}
	if err := stream.Send(req); err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("SolveBatch: %v", err)
	}
}

// checkHealth makes a health check on conn within timeout.
func checkHealth(conn *grpc.ClientConn, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// TestMaxConnections checks that a connection over -max-connections waits
// to be served until another closes, while the others carry calls.
func TestMaxConnections(t *testing.T) {
	addr, _, _, _ := startDaemon(t, "-listen", "127.0.0.1:0", "-max-connections", "1")
	check := checkHealth
	first := dial(t, addr)
	if err := check(first, 10*time.Second); err != nil {
		t.Fatalf("first connection: %v", err)
	}
	holdCall(t, first)
	second := dial(t, addr)
	if err := check(second, 2*minEvictIdle); status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("second connection while the first is open: %v, want DeadlineExceeded (not served)", err)
	}
	first.Close()
	if err := check(second, 10*time.Second); err != nil {
		t.Fatalf("second connection once the first closed: %v", err)
	}
}

// TestHealthListen checks that -health-listen answers health checks while
// clients hold every connection -max-connections allows on -listen, and
// that it reports the drain.
func TestHealthListen(t *testing.T) {
	addr, cancel, done, log := startDaemon(t, "-listen", "127.0.0.1:0", "-max-connections", "1",
		"-health-listen", "127.0.0.1:0", "-drain-delay", "1s")
	m := regexp.MustCompile(`health_addr=(\S+)`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no health_addr in the serving line:\n%s", log)
	}
	check := func(conn *grpc.ClientConn, timeout time.Duration) (healthpb.HealthCheckResponse_ServingStatus, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		return resp.GetStatus(), err
	}
	client := dial(t, addr)
	if _, err := check(client, 10*time.Second); err != nil {
		t.Fatalf("the client's connection: %v", err)
	}
	holdCall(t, client)
	if _, err := check(dial(t, addr), 300*time.Millisecond); status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("a probe on -listen beside the client: %v, want DeadlineExceeded (the cap reached)", err)
	}
	probe := dial(t, m[1])
	if st, err := check(probe, 10*time.Second); err != nil || st != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("a probe on -health-listen beside the client: %v, %v; want SERVING", st, err)
	}
	cancel()
	deadline := time.Now().Add(900 * time.Millisecond)
	for {
		st, err := check(probe, time.Second)
		if err == nil && st == healthpb.HealthCheckResponse_NOT_SERVING {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("draining: the probe got %v, %v; want NOT_SERVING", st, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	waitDone(t, done, 10*time.Second, log)
}

// TestHealthPortEvictsSilent: connections that fill the health port and
// never send a call do not keep a probe waiting: the port closes the one
// without a call the longest (a second at least) to let it in, where it
// waited until gRPC closed them, 30 s on.
func TestHealthPortEvictsSilent(t *testing.T) {
	_, cancel, done, log := startDaemon(t, "-listen", "127.0.0.1:0", "-health-listen", "127.0.0.1:0")
	m := regexp.MustCompile(`health_addr=(\S+)`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no health_addr in the serving line:\n%s", log)
	}
	for range maxProbeConnections {
		c, err := net.Dial("tcp", m[1])
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Write([]byte("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(minEvictIdle + 200*time.Millisecond)
	ctx, cancelCheck := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelCheck()
	resp, err := healthpb.NewHealthClient(dial(t, m[1])).Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("a probe beside %d silent connections: %v, %v; want SERVING", maxProbeConnections, resp.GetStatus(), err)
	}
	cancel()
	waitDone(t, done, 10*time.Second, log)
}

// TestMaxTimeoutDefault: -max-timeout is 10m unless set, raised to a
// longer -default-timeout then (a configuration from before it kept
// working), and taken as set otherwise.
func TestMaxTimeoutDefault(t *testing.T) {
	noEnv := func(string) (string, bool) { return "", false }
	for _, tt := range []struct {
		args        []string
		want        time.Duration
		wantDefault time.Duration // -default-timeout, 0 for the service's
	}{
		{nil, 10 * time.Minute, 0},
		{[]string{"--default-timeout", "20m"}, 20 * time.Minute, 20 * time.Minute},
		{[]string{"--default-timeout", "1m", "--max-timeout", "2m"}, 2 * time.Minute, time.Minute},
		{[]string{"--max-timeout", "0"}, 0, 0},
		// Below the service's 30s, the default deadline comes down to it:
		// solverd refused to start over a default nobody set.
		{[]string{"--max-timeout", "10s"}, 10 * time.Second, 10 * time.Second},
		{[]string{"--max-timeout", "1m"}, time.Minute, 0},
	} {
		cfg, err := parseConfig(tt.args, noEnv, io.Discard)
		if err != nil || cfg.maxTimeout != tt.want || cfg.service.DefaultTimeout != tt.wantDefault {
			t.Errorf("%v: -max-timeout %v, -default-timeout %v, %v; want %v, %v", tt.args, cfg.maxTimeout, cfg.service.DefaultTimeout, err, tt.want, tt.wantDefault)
		}
	}
	// Set, it is kept, and refused when longer.
	if _, err := parseConfig([]string{"--max-timeout", "10s", "--default-timeout", "20s"}, noEnv, io.Discard); err == nil || !strings.Contains(err.Error(), "-default-timeout (20s) must not be longer than -max-timeout (10s)") {
		t.Errorf("a -default-timeout longer than -max-timeout: %v", err)
	}
}

// TestGOMEMLIMITBelowHeap: a GOMEMLIMIT not above the heap bound is
// refused at start when -max-heap is set, naming both; when -max-heap is
// unset and the bound is derived, the bound is at most 6/7 of it (the
// soft limit a sixth above, as -max-heap alone sets it), so that a
// higher GOMEMLIMIT never gives a lower bound.
func TestGOMEMLIMITBelowHeap(t *testing.T) {
	tests := []struct {
		name     string
		limit    int64 // the Go memory limit the runtime took from GOMEMLIMIT; 0: unset
		args     []string
		wantHeap int64
		wantErr  string
	}{
		{"unset", 0, nil, 192 << 20, ""},
		{"above the default bound", 256 << 20, nil, 192 << 20, ""},
		{"below the default bound", 70 << 20, nil, 60 << 20, ""},
		// Less than a sixth above the bound: a higher limit than the one
		// at the bound must not give a higher bound.
		{"at the default bound", 192 << 20, nil, (192 << 20) / 7 * 6, ""},
		{"just above the default bound", 193 << 20, nil, (193 << 20) / 7 * 6, ""},
		{"a sixth above the default bound", 224 << 20, nil, 192 << 20, ""},
		{"just above the bound of -memory-limit", 400 << 20, []string{"-memory-limit", "536870912"}, (400 << 20) / 7 * 6, ""},
		{"below the bound of -memory-limit", 70 << 20, []string{"-memory-limit", "536870912"}, 60 << 20, ""},
		{"at the bound set", 128 << 20, []string{"-max-heap", "134217728"}, 0,
			"GOMEMLIMIT (128MiB, 134217728 bytes) must be above -max-heap (134217728 bytes)"},
		{"below the bound set", 64 << 20, []string{"-max-heap", "134217728"}, 0,
			"GOMEMLIMIT (64MiB, 67108864 bytes) must be above -max-heap (134217728 bytes)"},
		{"no bound", 64 << 20, []string{"-max-heap", "0"}, 0, ""},
		{"too low for any bound", 14 << 20, nil, 0,
			"GOMEMLIMIT (14MiB, 14680064 bytes) must be above the heap bound, at least 19573421 bytes while -max-heap is unset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(string) (string, bool) { return "", false }
			if tt.limit > 0 {
				defer debug.SetMemoryLimit(debug.SetMemoryLimit(tt.limit))
				lookup = func(k string) (string, bool) {
					if k == "GOMEMLIMIT" {
						return fmt.Sprintf("%dMiB", tt.limit>>20), true
					}
					return "", false
				}
			}
			cfg, err := parseConfig(tt.args, lookup, &bytes.Buffer{})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, new(*usageError)) {
					t.Fatalf("err = %v, want a usage error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.maxHeap != tt.wantHeap {
				t.Errorf("max heap %d, want %d", cfg.maxHeap, tt.wantHeap)
			}
		})
	}
}

// TestUnknownEnv checks that the SOLVERD_ variables that name no flag are
// the ones named, and that run warns of them: SOLVERD_GRACE_PERIOD=20s was
// ignored without a word, the grace left at 10s.
func TestUnknownEnv(t *testing.T) {
	cfg, err := parseConfig(nil, func(string) (string, bool) { return "", false }, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		env  []string
		want []string
	}{
		{nil, nil},
		{[]string{"SOLVERD_GRACE=20s", "SOLVERD_LOG_FORMAT=json", "HOME=/root"}, nil},
		{[]string{"SOLVERD_GRACE_PERIOD=20s", "SOLVERD_GRACE=1s", "SOLVERD_METRICS_ADDR=:9090"}, []string{"SOLVERD_GRACE_PERIOD", "SOLVERD_METRICS_ADDR"}},
		{[]string{"SOLVERD_=x", "solverd_grace=1s", "GOMEMLIMIT=1GiB"}, []string{"SOLVERD_"}},
		// What Kubernetes sets for a Service named solverd (where service
		// links are on) is no misspelt setting.
		{[]string{"SOLVERD_SERVICE_HOST=10.0.0.7", "SOLVERD_SERVICE_PORT=50051", "SOLVERD_SERVICE_PORT_GRPC=50051", "SOLVERD_PORT=tcp://10.0.0.7:50051",
			"SOLVERD_PORT_50051_TCP=tcp://10.0.0.7:50051", "SOLVERD_PORT_50051_TCP_ADDR=10.0.0.7", "SOLVERD_SERVICE_HOSTS=x"}, []string{"SOLVERD_SERVICE_HOSTS"}},
	}
	for _, tt := range tests {
		if got := cfg.unknownEnv(tt.env); !slices.Equal(got, tt.want) {
			t.Errorf("unknownEnv(%q) = %q, want %q", tt.env, got, tt.want)
		}
	}

	t.Setenv("SOLVERD_LISTEN", "localhost:0")
	t.Setenv("SOLVERD_LOG_LEVEL", "warn")
	t.Setenv("SOLVERD_GRACE_PERIOD", "20s")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()               // stop as soon as it serves
	var log syncbuf.Buffer // the daemon's goroutines may log after run
	if err := run(ctx, nil, nil, nil, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "level=WARN") || !strings.Contains(log.String(), "SOLVERD_GRACE_PERIOD") {
		t.Errorf("no warning naming SOLVERD_GRACE_PERIOD:\n%s", log.String())
	}
}

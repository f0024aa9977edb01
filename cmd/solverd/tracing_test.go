package main

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	"google.golang.org/grpc"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// collector is an OTLP trace collector that keeps what it receives.
type collector struct {
	coltracepb.UnimplementedTraceServiceServer
	mu   sync.Mutex
	reqs []*coltracepb.ExportTraceServiceRequest
}

func (c *collector) Export(_ context.Context, req *coltracepb.ExportTraceServiceRequest) (*coltracepb.ExportTraceServiceResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reqs = append(c.reqs, req)
	return &coltracepb.ExportTraceServiceResponse{}, nil
}

// startCollector serves a collector on a free port and returns it with its
// address.
func startCollector(t *testing.T) (*collector, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &collector{}
	gs := grpc.NewServer()
	coltracepb.RegisterTraceServiceServer(gs, c)
	go gs.Serve(lis)
	t.Cleanup(gs.Stop)
	return c, lis.Addr().String()
}

// TestTracesExported runs the daemon with a collector named by the flag or
// the standard environment: the span of a Solve call reaches it, with the
// puzzle's size, under the service name solverd.
func TestTracesExported(t *testing.T) {
	tests := []struct {
		name string
		args func(addr string) []string
		env  func(addr string) map[string]string
	}{
		{"flag host:port", func(addr string) []string { return []string{"--otlp-endpoint", addr} }, nil},
		{"flag URL", func(addr string) []string { return []string{"--otlp-endpoint", "http://" + addr} }, nil},
		{"environment", nil, func(addr string) map[string]string {
			return map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://" + addr}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, addr := startCollector(t)
			args := []string{"--listen", "localhost:0"}
			if tt.args != nil {
				args = append(args, tt.args(addr)...)
			}
			if tt.env != nil {
				for k, v := range tt.env(addr) {
					t.Setenv(k, v)
				}
			}
			daemon, cancel, done, log := startDaemon(t, args...)
			ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
			defer stop()
			req := &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}}
			if _, err := sudokuv1.NewSudokuServiceClient(dial(t, daemon)).Solve(ctx, req); err != nil {
				t.Fatal(err)
			}
			cancel() // the daemon sends the spans it holds as it stops
			waitDone(t, done, 10*time.Second, log)

			c.mu.Lock()
			defer c.mu.Unlock()
			found := false
			for _, r := range c.reqs {
				for _, rs := range r.GetResourceSpans() {
					service := attr(rs.GetResource().GetAttributes(), "service.name")
					for _, ss := range rs.GetScopeSpans() {
						for _, s := range ss.GetSpans() {
							if s.GetName() != "sudoku.v1.SudokuService/Solve" {
								continue
							}
							found = true
							if service.GetStringValue() != "solverd" {
								t.Errorf("service.name = %v, want solverd", service)
							}
							if size := attr(s.GetAttributes(), "sudoku.puzzle.size"); size.GetIntValue() != 9 {
								t.Errorf("sudoku.puzzle.size = %v, want 9", size)
							}
						}
					}
				}
			}
			if !found {
				t.Errorf("no Solve span exported; the collector got %v\nlog:\n%s", c.reqs, log)
			}
			// The call's log line names its trace and span.
			named := false
			for _, line := range strings.Split(log.String(), "\n") {
				if strings.Contains(line, `msg="finished call"`) && strings.Contains(line, "grpc.method=Solve") {
					named = strings.Contains(line, "trace_id=") && strings.Contains(line, "span_id=")
				}
			}
			if !named {
				t.Errorf("no log line of the Solve call names its trace:\n%s", log)
			}
		})
	}
}

// TestTracingOff: without an endpoint in the flags or the environment, or
// with the SDK disabled, the daemon makes no tracer provider.
func TestTracingOff(t *testing.T) {
	tests := []struct {
		name     string
		endpoint string
		env      map[string]string
	}{
		{"nothing set", "", nil},
		{"SDK disabled", "localhost:4317", map[string]string{"OTEL_SDK_DISABLED": "true"}},
		{"SDK disabled, environment", "", map[string]string{"OTEL_SDK_DISABLED": "TRUE", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://localhost:4317"}},
		{"other OTEL variables only", "", map[string]string{"OTEL_SERVICE_NAME": "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			tp, err := newTracerProvider(context.Background(), tt.endpoint, lookup)
			if err != nil || tp != nil {
				t.Errorf("newTracerProvider = %v, %v; want nil, nil", tp, err)
			}
		})
	}
}

// TestBadOTLPEndpoint: a malformed collector address stops the daemon at
// start with a usage error (exit status 2) naming the flag or variable,
// before it listens; good ones pass.
func TestBadOTLPEndpoint(t *testing.T) {
	tests := []struct {
		name     string
		endpoint string
		env      map[string]string
		want     string // "" for an endpoint that is good
	}{
		{"colons", "::bad::", nil, `-otlp-endpoint (or SOLVERD_OTLP_ENDPOINT) "::bad::": want host:port`},
		{"no port", "collector", nil, "missing port"},
		{"port not a number", "collector:otlp", nil, `port "otlp"`},
		{"port out of range", "collector:70000", nil, `port "70000"`},
		{"no host", ":4317", nil, "no host"},
		{"URL scheme", "grpc://collector:4317", nil, `scheme "grpc"`},
		{"URL without host", "http://:4317", nil, "names no host"},
		{"URL bad port", "https://collector:x", nil, "-otlp-endpoint"},
		{"URL credentials not shown", "https://tenant:S3CRET@collector:x", nil, `"https://xxxxx@collector:x"`},
		{"URL credentials not shown by the URL parser", "https://tenant:S3CRET@collector:4317/%zz", nil, `"https://xxxxx@collector:4317/%zz"`},
		{"environment credentials not shown", "", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "https://key@:4317"}, `"https://xxxxx@:4317"`},
		{"bad even with the SDK disabled", "::bad::", map[string]string{"OTEL_SDK_DISABLED": "true"}, "-otlp-endpoint"},
		{"environment", "", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "::bad::"}, `OTEL_EXPORTER_OTLP_ENDPOINT "::bad::"`},
		{"traces environment", "", map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "ftp://x"}, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"},
		{"good host:port", "localhost:4317", nil, ""},
		{"good IPv6", "[::1]:4317", nil, ""},
		{"good URL without port", "https://collector.example", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			tp, err := newTracerProvider(context.Background(), tt.endpoint, lookup)
			if tp != nil {
				defer tp.Shutdown(context.Background())
			}
			if tt.want == "" {
				if err != nil {
					t.Fatalf("newTracerProvider(%q) = %v, want no error", tt.endpoint, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("newTracerProvider(%q) = %v, want an error containing %q", tt.endpoint, err, tt.want)
			}
			if strings.Contains(err.Error(), "S3CRET") || strings.Contains(err.Error(), "key@") {
				t.Errorf("the error shows the endpoint's credentials: %v", err)
			}
			if !errors.As(err, new(*usageError)) {
				t.Errorf("err = %T, want a usage error (exit status 2)", err)
			}
		})
	}
	// The daemon refuses it before it serves.
	err := run(context.Background(), []string{"--listen", "localhost:0", "--otlp-endpoint", "::bad::"}, nil, io.Discard, io.Discard)
	if !errors.As(err, new(*usageError)) || !strings.Contains(err.Error(), "-otlp-endpoint") {
		t.Fatalf("run = %v, want a usage error naming -otlp-endpoint", err)
	}
}

// attr returns the value of the attribute key, nil when absent.
func attr(attrs []*commonpb.KeyValue, key string) *commonpb.AnyValue {
	for _, kv := range attrs {
		if kv.GetKey() == key {
			return kv.GetValue()
		}
	}
	return nil
}

// TestRedactEndpoint: the user information of a collector's URL never
// reaches a log; other addresses are shown as given.
func TestRedactEndpoint(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://tenant:S3CRET@collector:4317", "https://xxxxx@collector:4317"},
		{"https://APIKEY@collector", "https://xxxxx@collector"},
		{"http://a@b@collector:4317/v1/traces?x=@", "http://xxxxx@collector:4317/v1/traces?x=@"},
		{"https://collector:4317/p@th", "https://collector:4317/p@th"},
		{"https://collector:4317", "https://collector:4317"},
		{"collector:4317", "collector:4317"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := redactEndpoint(tt.in); got != tt.want {
			t.Errorf("redactEndpoint(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestTraceExportFailureLogged: a collector that refuses the spans is
// told of in the daemon's log, as a line of its own in its format (JSON
// with -log-format json), not in OpenTelemetry's default plain text on
// stderr.
func TestTraceExportFailureLogged(t *testing.T) {
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer() // no trace service: every export is Unimplemented
	go gs.Serve(lis)
	t.Cleanup(gs.Stop)
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "50") // export within milliseconds
	daemon, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--otlp-endpoint", lis.Addr().String())
	defer func() {
		cancel()
		waitDone(t, done, 10*time.Second, log)
	}()
	req := &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}}
	if _, err := sudokuv1.NewSudokuServiceClient(dial(t, daemon)).Solve(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(10 * time.Second); !strings.Contains(log.String(), `msg="trace export failed"`); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("no failed export logged in 10s:\n%s", log)
		}
	}
}

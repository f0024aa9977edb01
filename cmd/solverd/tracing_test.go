package main

import (
	"context"
	"net"
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

// attr returns the value of the attribute key, nil when absent.
func attr(attrs []*commonpb.KeyValue, key string) *commonpb.AnyValue {
	for _, kv := range attrs {
		if kv.GetKey() == key {
			return kv.GetValue()
		}
	}
	return nil
}

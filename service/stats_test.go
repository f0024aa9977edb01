package service

import (
	"cmp"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/logsample"
	"github.com/sudokuwise/solver/internal/syncbuf"
)

// TestEveryCallLoggedAndCounted makes calls that end in every way, also
// before any handler or interceptor runs: each is logged once and counted
// once with the code its client got, and a stream handler returns that
// code too.
func TestEveryCallLoggedAndCounted(t *testing.T) {
	const maxRecv = 4 << 10
	oversized := &sudokuv1.SolveRequest{Puzzle: textPuzzle(strings.Repeat(".", 2*maxRecv))}
	malformed := rawMessage{0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}
	notUTF8 := rawMessage{0x0a, 0x03, 0x12, 0x01, 0xff} // puzzle.text, and a batch's items[0].id
	batchDesc := &grpc.StreamDesc{StreamName: "SolveBatch", ServerStreams: true, ClientStreams: true}
	rawBatch := func(t *testing.T, conn *grpc.ClientConn, bad any) error {
		stream, err := conn.NewStream(context.Background(), batchDesc, sudokuv1.SudokuService_SolveBatch_FullMethodName, grpc.ForceCodec(rawCodec{}))
		if err != nil {
			t.Fatal(err)
		}
		return badBatch(t, stream, bad)
	}
	tests := []struct {
		name   string
		method string
		stream bool
		want   codes.Code
		call   func(t *testing.T, conn *grpc.ClientConn) error
	}{
		{"Solve", "Solve", false, codes.OK, func(t *testing.T, conn *grpc.ClientConn) error {
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			return err
		}},
		{"Solve bad puzzle", "Solve", false, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle("bad")})
			return err
		}},
		{"Solve oversized", "Solve", false, codes.ResourceExhausted, func(t *testing.T, conn *grpc.ClientConn) error {
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), oversized)
			return err
		}},
		{"Solve over its node budget", "Solve", false, codes.ResourceExhausted, func(t *testing.T, conn *grpc.ClientConn) error {
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{
				Puzzle:  textPuzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
				Options: &sudokuv1.SolveOptions{MaxNodes: 1, SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY},
			})
			return err
		}},
		{"Solve past its deadline", "Solve", false, codes.DeadlineExceeded, func(t *testing.T, conn *grpc.ClientConn) error {
			// The client's cancel most often reaches the server before
			// its own copy of the deadline fires.
			p, o := longPuzzle()
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: p, Options: o})
			return err
		}},
		{"Solve malformed", "Solve", false, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return conn.Invoke(context.Background(), sudokuv1.SudokuService_Solve_FullMethodName, malformed, new(sudokuv1.SolveResponse), grpc.ForceCodec(rawCodec{}))
		}},
		{"Solve not UTF-8", "Solve", false, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return conn.Invoke(context.Background(), sudokuv1.SudokuService_Solve_FullMethodName, notUTF8, new(sudokuv1.SolveResponse), grpc.ForceCodec(rawCodec{}))
		}},
		{"SolveSteps not UTF-8", "SolveSteps", true, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			desc := &grpc.StreamDesc{StreamName: "SolveSteps", ServerStreams: true}
			stream, err := conn.NewStream(context.Background(), desc, sudokuv1.SudokuService_SolveSteps_FullMethodName, grpc.ForceCodec(rawCodec{}))
			if err != nil {
				t.Fatal(err)
			}
			if err := stream.SendMsg(notUTF8); err != nil {
				t.Fatal(err)
			}
			stream.CloseSend()
			return stream.RecvMsg(new(sudokuv1.SolveStepsResponse))
		}},
		{"SolveBatch oversized", "SolveBatch", true, codes.ResourceExhausted, func(t *testing.T, conn *grpc.ClientConn) error {
			return badBatch(t, conn, batchOf(&sudokuv1.BatchItem{Id: "big", Puzzle: oversized.Puzzle}))
		}},
		{"SolveBatch malformed", "SolveBatch", true, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return rawBatch(t, conn, malformed)
		}},
		{"SolveBatch not UTF-8", "SolveBatch", true, codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return rawBatch(t, conn, notUTF8)
		}},
		{"unknown method", "Guess", false, codes.Unimplemented, func(t *testing.T, conn *grpc.ClientConn) error {
			return conn.Invoke(context.Background(), "/sudoku.v1.SudokuService/Guess", &sudokuv1.SolveRequest{}, new(sudokuv1.SolveResponse))
		}},
	}
	// The ErrorInfo reasons logged and counted; a message over
	// -max-msg-size is refused by gRPC, without one.
	reasons := map[string]string{
		"Solve over its node budget": ReasonNodeLimit,
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncbuf.Buffer
			reg := prometheus.NewRegistry()
			ts := startServer(t, Config{}, GRPCConfig{
				Logger:         slog.New(slog.NewJSONHandler(&log, nil)),
				Registerer:     reg,
				MaxRecvMsgSize: maxRecv,
			})
			if err := tt.call(t, ts.conn); status.Code(err) != tt.want {
				t.Fatalf("call ended with %v, want %v", err, tt.want)
			}
			if tt.stream {
				if err := ts.exit.next(t); status.Code(err) != tt.want {
					t.Errorf("stream handler returned %v, want %v", err, tt.want)
				}
			}
			// The log line comes once the server has finished the call,
			// which may be just after the client has its status.
			var lines []map[string]any
			waitFor(t, "the call's log line", func() bool {
				lines = callLines(t, log.String(), tt.method)
				return len(lines) > 0
			})
			if len(lines) != 1 {
				t.Fatalf("%d log lines for %s, want 1:\n%s", len(lines), tt.method, log.String())
			}
			if got := lines[0]["grpc.code"]; got != tt.want.String() {
				t.Errorf("logged code %v, want %v:\n%s", got, tt.want, log.String())
			}
			if got, _ := lines[0]["grpc.error_reason"].(string); got != reasons[tt.name] {
				t.Errorf("logged reason %q, want %q:\n%s", got, reasons[tt.name], log.String())
			}
			families, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == codes.ResourceExhausted {
				// Every reason is counted, at zero before its first call,
				// and this call's alone.
				counted := cmp.Or(reasons[tt.name], noReason)
				for _, r := range exhaustedReasons {
					want := 0.0
					if r == counted {
						want = 1
					}
					if got, ok := metricValue(families, "sudoku_resource_exhausted_total", map[string]string{"reason": r}); !ok || got != want {
						t.Errorf("sudoku_resource_exhausted_total{reason=%q} = %v (found %v), want %v", r, got, ok, want)
					}
				}
			}
			labels := map[string]string{"grpc_method": tt.method, "grpc_code": tt.want.String()}
			got, ok := metricValue(families, "grpc_server_handled_total", labels)
			if tt.want == codes.Unimplemented {
				// Not a method of the server: counted under "unknown", so
				// that clients cannot make up labels, and logged as the
				// client's mistake.
				if ok {
					t.Errorf("unknown method counted under its own name: %v", got)
				}
				unknown := map[string]string{"grpc_service": "unknown", "grpc_method": "unknown", "grpc_code": "Unimplemented"}
				if got, _ := metricValue(families, "grpc_server_handled_total", unknown); got != 1 {
					t.Errorf("grpc_server_handled_total%v = %v, want 1", unknown, got)
				}
				// Started and timed as it is handled, so that started
				// less handled counts the calls in flight.
				unknownStart := map[string]string{"grpc_service": "unknown", "grpc_method": "unknown"}
				for _, name := range []string{"grpc_server_started_total", "grpc_server_handling_seconds"} {
					if got, _ := metricValue(families, name, unknownStart); got != 1 {
						t.Errorf("%s%v = %v, want 1", name, unknownStart, got)
					}
				}
				if level := lines[0]["level"]; level != "WARN" {
					t.Errorf("unknown method logged at %v, want WARN", level)
				}
				return
			}
			if got != 1 {
				t.Errorf("grpc_server_handled_total%v = %v, want 1", labels, got)
			}
		})
	}
}

// callLines returns the "finished call" lines of a JSON log for method.
func callLines(t *testing.T, log, method string) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if m["msg"] == "finished call" && m["grpc.method"] == method {
			lines = append(lines, m)
		}
	}
	return lines
}

// TestSamplers checks which calls are logged through samplers: those a
// client can make end badly at will, the rate limit's and a full queue's
// refusals (ResourceExhausted) among them, not the server's own errors.
func TestSamplers(t *testing.T) {
	h := &callStats{cancelled: logsample.New(1), refused: logsample.New(1), exhausted: logsample.New(1), badRequest: logsample.New(1)}
	for _, tt := range []struct {
		code   codes.Code
		reason string
		want   *logsample.Sampler
	}{
		{codes.Canceled, "", h.cancelled},
		{codes.Unauthenticated, "", h.refused},
		{codes.Unimplemented, "", h.refused},
		{codes.ResourceExhausted, ReasonOverloaded, h.exhausted},
		{codes.ResourceExhausted, ReasonRateLimited, h.exhausted},
		{codes.ResourceExhausted, ReasonStalled, h.exhausted},
		{codes.ResourceExhausted, "", h.exhausted},
		// The request's own bounds and faults: a flood of them does not
		// hold back the lines of the server's load.
		{codes.ResourceExhausted, ReasonNodeLimit, h.badRequest},
		{codes.ResourceExhausted, ReasonStepLimit, h.badRequest},
		{codes.ResourceExhausted, ReasonRequestTooLarge, h.badRequest},
		{codes.ResourceExhausted, ReasonAnswerTooLarge, h.badRequest},
		{codes.ResourceExhausted, ReasonNoPuzzle, h.badRequest},
		{codes.InvalidArgument, "", h.badRequest},
		{codes.Internal, "", nil},
		{codes.OK, "", nil},
	} {
		if got := h.samplerFor(tt.code, tt.reason); got != tt.want {
			t.Errorf("sampler of %v %q = %p, want %p", tt.code, tt.reason, got, tt.want)
		}
	}
}

// TestCallAttrsTrace: a call's log line names its span when the span is
// exported (sampled), and not otherwise: a span id nobody can look up.
func TestCallAttrsTrace(t *testing.T) {
	tid, _ := trace.TraceIDFromHex("11111111111111111111111111111111")
	sid, _ := trace.SpanIDFromHex("2222222222222222")
	for _, tt := range []struct {
		flags trace.TraceFlags
		named bool
	}{{trace.FlagsSampled, true}, {0, false}} {
		sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: tt.flags})
		ctx := trace.ContextWithSpanContext(context.Background(), sc)
		attrs := callAttrs(ctx, methodInfo{service: "s", method: "m"}, time.Now(), codes.OK, time.Millisecond)
		named := false
		for i := 0; i+1 < len(attrs); i += 2 {
			if attrs[i] == "trace_id" && attrs[i+1] == tid.String() {
				named = true
			}
		}
		if named != tt.named {
			t.Errorf("flags %v: trace named %v, want %v (%v)", tt.flags, named, tt.named, attrs)
		}
	}
}

// TestCallAttrsRequestID: a call's log line carries the id its client sent
// as x-request-id, cut to 128 bytes, and none that holds a control or
// non-ASCII byte (a forged line in the log).
func TestCallAttrsRequestID(t *testing.T) {
	long := strings.Repeat("a", 200)
	for _, tt := range []struct {
		name string
		md   metadata.MD
		want string
	}{
		{"none", nil, ""},
		{"an id", metadata.Pairs("x-request-id", "batch-7/line-42"), "batch-7/line-42"},
		{"the first of two", metadata.Pairs("x-request-id", "one", "x-request-id", "two"), "one"},
		{"too long", metadata.Pairs("x-request-id", long), long[:128]},
		{"a newline", metadata.Pairs("x-request-id", "a\nlevel=ERROR"), ""},
		{"not ASCII", metadata.Pairs("x-request-id", "caf\u00e9"), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.md != nil {
				ctx = metadata.NewIncomingContext(ctx, tt.md)
			}
			attrs := callAttrs(ctx, methodInfo{service: "s", method: "m"}, time.Now(), codes.OK, time.Millisecond)
			got := ""
			for i := 0; i+1 < len(attrs); i += 2 {
				if attrs[i] == "request_id" {
					got = attrs[i+1].(string)
				}
			}
			if got != tt.want {
				t.Errorf("request_id %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCallEndRelabelled: a call over HTTP (the web port) whose client
// went away as its answer was written ends "transport is closing", which
// gRPC codes Unavailable; it is logged as Canceled, as a client leaving
// sooner is, not as the server's fault. Over a connection, when the server
// cut calls short, or while the client is still there, Unavailable stays.
// A call cancelled when its deadline had passed, or nearly, is logged as
// DeadlineExceeded, what its client saw.
func TestCallEndRelabelled(t *testing.T) {
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	closing := status.Error(codes.Unavailable, "transport is closing")
	// gRPC's HTTP transport cancels a call's context once its status is
	// written, whoever ended it.
	idle := status.Error(codes.Unavailable, "idle stream closed: no request for 60s and no puzzle in flight")
	cancelled := status.Error(codes.Canceled, "context canceled")
	past, stopPast := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer stopPast()
	soon, stopSoon := context.WithDeadline(context.Background(), time.Now().Add(deadlineSlack/2))
	defer stopSoon()
	later, stopLater := context.WithDeadline(context.Background(), time.Now().Add(time.Hour))
	defer stopLater()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		cut  bool
		want codes.Code
	}{
		{"over HTTP, client gone", OverHTTP(gone, "connect"), closing, false, codes.Canceled},
		{"over HTTP, client there", OverHTTP(context.Background(), "connect"), closing, false, codes.Unavailable},
		{"over HTTP, server cut calls short", OverHTTP(gone, "connect"), closing, true, codes.Unavailable},
		{"over HTTP, the server's own Unavailable, status written", OverHTTP(gone, "connect"), idle, false, codes.Unavailable},
		{"over a connection", gone, closing, false, codes.Unavailable},
		{"cancelled past the deadline", past, cancelled, false, codes.DeadlineExceeded},
		{"cancelled just before the deadline", soon, cancelled, false, codes.DeadlineExceeded},
		{"cancelled well before the deadline", later, cancelled, false, codes.Canceled},
		{"cancelled, no deadline", gone, cancelled, false, codes.Canceled},
		{"cancelled past the deadline, server cut calls short", past, cancelled, true, codes.Unavailable},
	}
	for _, tt := range tests {
		var log syncbuf.Buffer
		h := &callStats{logger: slog.New(slog.NewJSONHandler(&log, nil)), cancelled: logsample.New(0), refused: logsample.New(0), exhausted: logsample.New(0), timedOut: logsample.New(0)}
		h.cut.Store(tt.cut)
		ci := &callInfo{methodInfo: methodInfo{service: "sudoku.v1.SudokuService", method: "Rate"}, start: time.Now()}
		h.end(tt.ctx, ci, &stats.End{Error: tt.err, EndTime: time.Now()})
		lines := callLines(t, log.String(), "Rate")
		if len(lines) != 1 || lines[0]["grpc.code"] != tt.want.String() {
			t.Errorf("%s: logged %v, want one line of %v", tt.name, lines, tt.want)
		}
	}
}

// TestInfraCallsLogged checks which health calls are logged: checks and
// watches that are answered are not (probes make them all the time), a
// Watch refused over -max-health-watches is, with its code and the limit.
func TestInfraCallsLogged(t *testing.T) {
	tests := []struct {
		name    string
		watches int // Watch streams opened and held before the call
		call    func(healthpb.HealthClient) error
		want    codes.Code
		logged  bool
	}{
		{"Check", 0, func(h healthpb.HealthClient) error {
			_, err := h.Check(context.Background(), &healthpb.HealthCheckRequest{})
			return err
		}, codes.OK, false},
		{"Watch over its cap", 1, func(h healthpb.HealthClient) error {
			w, err := h.Watch(context.Background(), &healthpb.HealthCheckRequest{})
			if err != nil {
				return err
			}
			_, err = w.Recv()
			return err
		}, codes.ResourceExhausted, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncbuf.Buffer
			ts := startServer(t, Config{}, GRPCConfig{
				Logger:           slog.New(slog.NewJSONHandler(&log, nil)),
				MaxHealthWatches: 1,
			})
			health := healthpb.NewHealthClient(ts.conn)
			for range tt.watches {
				ctx, cancel := context.WithCancel(context.Background())
				t.Cleanup(cancel)
				w, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
				if err == nil {
					_, err = w.Recv()
				}
				if err != nil {
					t.Fatalf("Watch under its cap: %v", err)
				}
			}
			if err := tt.call(health); status.Code(err) != tt.want {
				t.Fatalf("call ended with %v, want %v", err, tt.want)
			}
			method := strings.Fields(tt.name)[0]
			if !tt.logged {
				// The line, were there one, comes once the server has
				// finished the call: let it.
				time.Sleep(100 * time.Millisecond)
				if lines := callLines(t, log.String(), method); len(lines) != 0 {
					t.Fatalf("%d log lines for %s, want none:\n%s", len(lines), method, log.String())
				}
				return
			}
			var lines []map[string]any
			waitFor(t, "the call's log line", func() bool {
				lines = callLines(t, log.String(), method)
				return len(lines) > 0
			})
			if got := lines[0]["grpc.code"]; got != tt.want.String() {
				t.Errorf("logged code %v, want %v", got, tt.want)
			}
			if msg, _ := lines[0]["grpc.error"].(string); !strings.Contains(msg, "-max-health-watches") {
				t.Errorf("logged error %q does not name -max-health-watches", msg)
			}
		})
	}
}

// TestRefusalsSampledApart: the calls a tap refuses are sampled by kind,
// as those a handler ends are: a flood of refusals for the server's load
// (-max-total-streams and -max-heap refuse in a tap, as the tokens do)
// does not hold back the lines of calls without a valid token, nor the
// other way round.
func TestRefusalsSampledApart(t *testing.T) {
	overloaded := withReason(codes.ResourceExhausted, ReasonOverloaded, "too many calls")
	noToken := status.Error(codes.Unauthenticated, "no bearer token")
	tests := []struct {
		name         string
		flood, other error
	}{
		{"load, then a token", overloaded, noToken},
		{"token, then load", noToken, overloaded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncbuf.Buffer
			h := &callStats{logger: slog.New(slog.NewJSONHandler(&log, nil)), cancelled: logsample.New(1), refused: logsample.New(1),
				exhausted: logsample.New(1), badRequest: logsample.New(1), timedOut: logsample.New(1)}
			ctx := context.Background()
			for range 5 {
				h.refuse(ctx, "/sudoku.v1.SudokuService/Solve", tt.flood)
			}
			h.refuse(ctx, "/sudoku.v1.SudokuService/Solve", tt.other)
			want := status.Code(tt.other).String()
			if !strings.Contains(log.String(), `"grpc.code":"`+want+`"`) {
				t.Errorf("the %v refusal after a flood of %v was held back:\n%s", want, status.Code(tt.flood), log.String())
			}
		})
	}
}

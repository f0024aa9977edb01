package service

import (
	"context"
	"io"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestTracing checks that every call has a span, and that solves add
// their puzzle and work to it: a batch's puzzles each have a span of
// their own under the stream's.
func TestTracing(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	t.Cleanup(func() { tp.Shutdown(context.Background()) })
	ts := startServer(t, Config{BatchWorkers: 1}, GRPCConfig{TracerProvider: tp})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	ctx := context.Background()

	if _, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard)}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	steps, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(seedEasy)})
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = steps.Recv()
	}
	if err != io.EOF {
		t.Fatal(err)
	}
	batch, err := openBatch(ctx, client)
	if err != nil {
		t.Fatal(err)
	}
	batch.Send(&sudokuv1.BatchItem{Id: "one", Puzzle: textPuzzle(clue17[0])})
	batch.Send(&sudokuv1.BatchItem{Id: "two", Puzzle: textPuzzle("bad")})
	batch.CloseSend()
	batch.answers(t)
	if _, err := healthpb.NewHealthClient(ts.conn).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}
	// A method the server does not have: no span, whose name would be
	// the client's.
	if err := ts.conn.Invoke(ctx, "/evil.Service1/Method1", &healthpb.HealthCheckRequest{}, &healthpb.HealthCheckResponse{}); status.Code(err) != codes.Unimplemented {
		t.Fatalf("an unknown method: %v, want Unimplemented", err)
	}
	// The server ends a call's span once the call has ended, which may be
	// just after its client has seen the end.
	waitFor(t, "the spans of the calls", func() bool {
		for _, name := range []string{"Solve", "Rate", "SolveSteps", "SolveBatch"} {
			if spanNamed(exp.GetSpans(), "sudoku.v1.SudokuService/"+name) == nil {
				return false
			}
		}
		return spanNamed(exp.GetSpans(), "grpc.health.v1.Health/Check") != nil
	})

	spans := exp.GetSpans()
	for _, s := range spans {
		if strings.Contains(s.Name, "evil") {
			t.Errorf("a span of a method the server does not have: %s", s.Name)
		}
	}
	tests := []struct {
		name      string
		solve     bool // has the solve attributes
		wantSteps bool // more than none
	}{
		{"sudoku.v1.SudokuService/Solve", true, true},
		{"sudoku.v1.SudokuService/Rate", true, true},
		{"sudoku.v1.SudokuService/SolveSteps", true, true},
		{"sudoku.v1.SudokuService/SolveBatch", false, false},
		{"grpc.health.v1.Health/Check", false, false},
	}
	for _, tt := range tests {
		s := spanNamed(spans, tt.name)
		if s == nil {
			t.Errorf("no span %s among %v", tt.name, spanNames(spans))
			continue
		}
		have := map[attribute.Key]attribute.Value{}
		for _, kv := range s.Attributes {
			have[kv.Key] = kv.Value
		}
		if !tt.solve {
			if _, ok := have[attrSize]; ok {
				t.Errorf("%s: has %s", tt.name, attrSize)
			}
			continue
		}
		want := map[attribute.Key]attribute.Value{
			attrSize:    attribute.IntValue(9),
			attrVariant: attribute.StringValue("classic"),
			attrStatus:  attribute.StringValue("solved"),
			attrGuesses: attribute.IntValue(0),
		}
		for k, v := range want {
			if have[k] != v {
				t.Errorf("%s: %s = %v, want %v", tt.name, k, have[k].Emit(), v.Emit())
			}
		}
		if steps, ok := have[attrSteps]; !ok || tt.wantSteps && steps.AsInt64() == 0 {
			t.Errorf("%s: %s = %v, want more than none", tt.name, attrSteps, steps.Emit())
		}
	}

	// The batch's puzzles: children of the stream's span, the bad one
	// with its size unknown and its code.
	stream := spanNamed(spans, "sudoku.v1.SudokuService/SolveBatch")
	items := 0
	for _, s := range spans {
		if s.Name != "sudoku.v1.SudokuService/SolveBatch.item" {
			continue
		}
		items++
		if s.Parent.SpanID() != stream.SpanContext.SpanID() {
			t.Errorf("batch item span %v is not a child of the stream's", s.Attributes)
		}
		id := ""
		have := map[attribute.Key]bool{}
		for _, kv := range s.Attributes {
			have[kv.Key] = true
			if kv.Key == attrItemID {
				id = kv.Value.AsString()
			}
		}
		switch id {
		case "one":
			if !have[attrSize] || !have[attrSteps] || !have[attrGuesses] {
				t.Errorf("item one: attributes %v, want size, steps and guesses", s.Attributes)
			}
		case "two":
			// Bad input is the client's fault, not the server's: the
			// status stays unset, as otelgrpc leaves a unary call's.
			code := ""
			for _, kv := range s.Attributes {
				if kv.Key == attrItemCode {
					code = kv.Value.AsString()
				}
			}
			if s.Status.Code.String() != "Unset" || code != "InvalidArgument" {
				t.Errorf("item two: status %v, %s %q; want Unset, InvalidArgument", s.Status, attrItemCode, code)
			}
		default:
			t.Errorf("batch item span with id %q", id)
		}
	}
	if items != 2 {
		t.Errorf("%d batch item spans, want 2", items)
	}
}

// TestTracingOff: without a TracerProvider, solves add nothing and spend
// nothing on tracing (startItemSpan hands back the context as is).
func TestTracingOff(t *testing.T) {
	ctx := context.Background()
	got, span := startItemSpan(ctx, "id")
	if got != ctx || span.IsRecording() {
		t.Errorf("startItemSpan without tracing = %v, recording %v; want the same context, not recording", got, span.IsRecording())
	}
}

// TestGzip sends gzip-compressed requests, unary and streaming. It names
// the compressor and does not import it, so that only the service's own
// registration can make it pass.
func TestGzip(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}, grpc.UseCompressor("gzip"))
	if err != nil {
		t.Fatalf("gzip-compressed Solve: %v", err)
	}
	checkSolution(t, textPuzzle(seedEasy), resp.GetResult().GetBoard())
	stream, err := client.SolveBatch(context.Background(), grpc.UseCompressor("gzip"))
	if err != nil {
		t.Fatal(err)
	}
	b := &batchStream{SudokuService_SolveBatchClient: stream}
	b.Send(&sudokuv1.BatchItem{Id: "easy", Puzzle: textPuzzle(seedEasy)})
	b.CloseSend()
	if got := b.answers(t); got["easy"].GetResult() == nil {
		t.Errorf("gzip-compressed batch: answers %v", got)
	}
}

func spanNamed(spans tracetest.SpanStubs, name string) *tracetest.SpanStub {
	for i := range spans {
		if spans[i].Name == name {
			return &spans[i]
		}
	}
	return nil
}

func spanNames(spans tracetest.SpanStubs) []string {
	var names []string
	for _, s := range spans {
		names = append(names, s.Name)
	}
	return names
}

// TestTracePublic: a caller's span context (a W3C traceparent) is
// continued by default, the call's span its child; with TracePublic the
// call's span starts a trace of its own, linked to the caller's.
func TestTracePublic(t *testing.T) {
	const (
		callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
		callerSpan  = "00f067aa0ba902b7"
	)
	for _, public := range []bool{false, true} {
		exp := tracetest.NewInMemoryExporter()
		tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
		t.Cleanup(func() { tp.Shutdown(context.Background()) })
		ts := startServer(t, Config{}, GRPCConfig{TracerProvider: tp, TracePublic: public})
		client := sudokuv1.NewSudokuServiceClient(ts.conn)
		ctx := metadata.AppendToOutgoingContext(context.Background(), "traceparent", "00-"+callerTrace+"-"+callerSpan+"-01")
		if _, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
			t.Fatal(err)
		}
		var span *tracetest.SpanStub
		waitFor(t, "the call's span", func() bool {
			span = spanNamed(exp.GetSpans(), "sudoku.v1.SudokuService/Solve")
			return span != nil
		})
		continued := span.SpanContext.TraceID().String() == callerTrace && span.Parent.SpanID().String() == callerSpan
		linked := len(span.Links) == 1 && span.Links[0].SpanContext.TraceID().String() == callerTrace
		if continued == public || linked != public {
			t.Errorf("TracePublic %v: the span's trace %s, parent %s, %d links; want the caller's trace continued: %v, linked: %v",
				public, span.SpanContext.TraceID(), span.Parent.SpanID(), len(span.Links), !public, public)
		}
	}
}

// TestServerFault: the codes of the server's faults, which make a span's
// status an error, against the client's own.
func TestServerFault(t *testing.T) {
	for code, want := range map[codes.Code]bool{
		codes.Internal: true, codes.Unavailable: true, codes.DeadlineExceeded: true, codes.Unknown: true,
		codes.InvalidArgument: false, codes.ResourceExhausted: false, codes.Canceled: false, codes.NotFound: false,
	} {
		if got := serverFault(code); got != want {
			t.Errorf("serverFault(%v) = %v, want %v", code, got, want)
		}
	}
}

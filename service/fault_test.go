package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// The fault tests each end a call in a way a production server meets:
// the call ends with the right code, the server goes on serving, and the
// goroutines of the call are gone.

// slowPuzzle is a pathological request: an empty 32×32 Sudoku X whose
// solutions are counted up to 1000, which streams over a thousand steps
// (each with its 1024-cell board) from its start; it finishes in 0.2–0.5 s
// here, so tests that need a call still running at its deadline take
// longPuzzle.
func slowPuzzle() (*sudokuv1.Puzzle, *sudokuv1.SolveOptions) {
	p := textPuzzle(strings.Repeat(".", 1024))
	p.Variant = sudokuv1.Variant_VARIANT_X
	return p, &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(true), MaxSolutions: 1000}
}

// longPuzzle is a request whose first step takes seconds: an empty 32×32
// colour Sudoku whose solutions are counted up to 1000 before the first
// guess (8–9 s of CPU here, to the step limit). slowPuzzle streams its
// steps at once and solves in 0.2–0.5 s, too close to the deadlines of
// the tests that need a call still running when its deadline passes.
func longPuzzle() (*sudokuv1.Puzzle, *sudokuv1.SolveOptions) {
	p, o := slowPuzzle()
	p.Variant = sudokuv1.Variant_VARIANT_COLOUR
	return p, o
}

// checkServing fails t unless the server still solves a puzzle.
func checkServing(t *testing.T, ts *testServer) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	resp, err := sudokuv1.NewSudokuServiceClient(ts.conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if err != nil || resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Fatalf("after the fault, Solve = %v, %v; want solved", resp.GetResult().GetStatus(), err)
	}
}

// checkRecovered fails t unless the server is back to how it was before a
// fault: no solve runs or waits, no goroutine is left beyond base, and it
// still solves a puzzle.
func checkRecovered(t *testing.T, ts *testServer, base int) {
	t.Helper()
	checkIdle(t, ts)
	checkGoroutines(t, base)
	checkServing(t, ts)
}

// checkHandlerExit fails t unless the next stream handler to return
// returned an error with code want.
func checkHandlerExit(t *testing.T, ts *testServer, want codes.Code) {
	t.Helper()
	if err := ts.exit.next(t); status.Code(err) != want {
		t.Errorf("handler returned %v, want %v", err, want)
	}
}

// recvUntilError receives with recv until it fails, and returns the error.
func recvUntilError[T any](recv func() (T, error)) error {
	for {
		if _, err := recv(); err != nil {
			return err
		}
	}
}

// checkIdle fails t unless no solve runs or waits, within 10 seconds.
func checkIdle(t *testing.T, ts *testServer) {
	t.Helper()
	waitFor(t, "the solving slots to be free", func() bool {
		return ts.srv.limit.inFlight() == 0 && ts.srv.limit.waiting() == 0
	})
}

func TestFaultClientCancels(t *testing.T) {
	tests := []struct {
		name string
		// call starts a call on the slow puzzle under ctx and returns
		// the error it ends with once ctx is cancelled.
		call func(ctx context.Context, client sudokuv1.SudokuServiceClient, started func()) error
		// stream tells whether the call is a stream, whose handler's end
		// the harness sees.
		stream bool
	}{
		{"Solve", func(ctx context.Context, client sudokuv1.SudokuServiceClient, started func()) error {
			p, o := slowPuzzle()
			errc := make(chan error, 1)
			go func() {
				_, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: p, Options: o})
				errc <- err
			}()
			started()
			return <-errc
		}, false},
		{"SolveSteps", func(ctx context.Context, client sudokuv1.SudokuServiceClient, started func()) error {
			p, o := slowPuzzle()
			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: p, Options: o})
			if err != nil {
				return err
			}
			if _, err := stream.Recv(); err != nil {
				return err
			}
			started()
			return recvUntilError(stream.Recv)
		}, true},
		{"SolveBatch", func(ctx context.Context, client sudokuv1.SudokuServiceClient, started func()) error {
			p, o := slowPuzzle()
			stream, err := openBatch(ctx, client)
			if err != nil {
				return err
			}
			for _, id := range []string{"a", "b", "c"} {
				if err := stream.Send(&sudokuv1.BatchItem{Id: id, Puzzle: p, Options: o}); err != nil {
					return err
				}
			}
			started()
			return recvUntilError(stream.Recv)
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{}, GRPCConfig{})
			base := ts.baseline(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			started := func() {
				waitFor(t, "the solve to start", func() bool { return ts.srv.limit.inFlight() > 0 })
				cancel()
			}
			err := tt.call(ctx, sudokuv1.NewSudokuServiceClient(ts.conn), started)
			if status.Code(err) != codes.Canceled {
				t.Fatalf("call ended with %v, want Canceled", err)
			}
			if tt.stream {
				checkHandlerExit(t, ts, codes.Canceled)
			}
			checkRecovered(t, ts, base)
		})
	}
}

// TestFaultClientGone drops a client's connection in the middle of a batch
// it streams as fast as it can: the batch ends, its solves stop, and every
// goroutine it started returns.
func TestFaultClientGone(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	base := ts.baseline(t)
	conn := ts.dial(t)
	stream, err := openBatch(context.Background(), sudokuv1.NewSudokuServiceClient(conn))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			var items []*sudokuv1.BatchItem
			for j := range 16 {
				p := clue17[(i+j)%len(clue17)]
				items = append(items, &sudokuv1.BatchItem{Id: fmt.Sprint(i*16 + j), Puzzle: textPuzzle(p)})
			}
			if stream.SendMsg(batchOf(items...)) != nil {
				return
			}
		}
	})
	for range 20 {
		if _, err := stream.Recv(); err != nil {
			t.Fatalf("answer before the client went: %v", err)
		}
	}
	conn.Close()
	wg.Wait()
	checkHandlerExit(t, ts, codes.Canceled)
	checkRecovered(t, ts, base)
}

func TestFaultDeadline(t *testing.T) {
	p, o := longPuzzle()
	tests := []struct {
		name    string
		cfg     Config
		timeout time.Duration // the caller's; 0 sets none
		run     func(t *testing.T, ctx context.Context, ts *testServer)
	}{
		{"Solve, caller's deadline", Config{}, 200 * time.Millisecond, func(t *testing.T, ctx context.Context, ts *testServer) {
			_, err := sudokuv1.NewSudokuServiceClient(ts.conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: p, Options: o})
			if status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("Solve = %v, want DeadlineExceeded", err)
			}
		}},
		{"Solve, default deadline", Config{DefaultTimeout: 200 * time.Millisecond}, 0, func(t *testing.T, ctx context.Context, ts *testServer) {
			_, err := sudokuv1.NewSudokuServiceClient(ts.conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: p, Options: o})
			if status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("Solve = %v, want DeadlineExceeded", err)
			}
		}},
		// The client reads nothing: the default deadline still ends the
		// call on the server, which frees its slot at once.
		{"SolveSteps, default deadline, client not reading", Config{DefaultTimeout: 300 * time.Millisecond}, 0, func(t *testing.T, ctx context.Context, ts *testServer) {
			stream, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: p, Options: o})
			if err != nil {
				t.Fatal(err)
			}
			checkHandlerExit(t, ts, codes.DeadlineExceeded)
			checkIdle(t, ts)
			for err == nil {
				_, err = stream.Recv()
			}
			if status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("stream ended with %v, want DeadlineExceeded", err)
			}
		}},
		// A puzzle of a batch that runs out of time gets an item error;
		// the batch goes on.
		{"SolveBatch item", Config{DefaultTimeout: 300 * time.Millisecond}, 0, func(t *testing.T, ctx context.Context, ts *testServer) {
			stream, err := openBatch(ctx, sudokuv1.NewSudokuServiceClient(ts.conn))
			if err != nil {
				t.Fatal(err)
			}
			stream.checkOneFails(t, []*sudokuv1.BatchItem{
				{Id: "slow", Puzzle: p, Options: o},
				{Id: "easy", Puzzle: textPuzzle(seedEasy)},
			}, "slow", codes.DeadlineExceeded)
		}},
		// A batch as a whole has no default deadline, but the caller's
		// ends it.
		{"SolveBatch, caller's deadline", Config{}, 300 * time.Millisecond, func(t *testing.T, ctx context.Context, ts *testServer) {
			stream, err := openBatch(ctx, sudokuv1.NewSudokuServiceClient(ts.conn))
			if err != nil {
				t.Fatal(err)
			}
			stream.Send(&sudokuv1.BatchItem{Id: "slow", Puzzle: p, Options: o})
			for err == nil {
				_, err = stream.Recv()
			}
			if status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("stream ended with %v, want DeadlineExceeded", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, tt.cfg, GRPCConfig{})
			base := ts.baseline(t)
			ctx, cancel := context.WithCancel(context.Background())
			if tt.timeout > 0 {
				ctx, cancel = context.WithTimeout(context.Background(), tt.timeout)
			}
			tt.run(t, ctx, ts)
			cancel()
			checkRecovered(t, ts, base)
		})
	}
}

// TestFaultShutdownDuringBatch shuts the server down while a client
// streams puzzles and reads answers. Gracefully, the batch ends with
// Unavailable and the client has every answer the server sent; when the
// grace period runs out (puzzles still being solved), the server stops
// anyway.
func TestFaultShutdownDuringBatch(t *testing.T) {
	slow, slowOpts := longPuzzle()
	tests := []struct {
		name      string
		grace     time.Duration
		slowAfter int // puzzles sent before slow ones; 0 for none
		wantErr   error
	}{
		{"graceful", 20 * time.Second, 0, nil},
		{"grace expires", 300 * time.Millisecond, 30, ErrGraceExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Two slots whatever GOMAXPROCS is: the test waits for both to hold slow puzzles.
			ts := startServer(t, Config{BatchWorkers: 2, MaxConcurrent: 2, StallTimeout: time.Minute}, GRPCConfig{})
			stream, base, cancel := ts.openBatchBaseline(t)
			var sendWG sync.WaitGroup
			sendWG.Go(func() {
				for i := 0; ; i++ {
					// The puzzle after its number, which makes the id unique.
					p := clue17[i%len(clue17)]
					req := &sudokuv1.BatchItem{Id: fmt.Sprintf("%d %s", i, p), Puzzle: textPuzzle(p)}
					if tt.slowAfter > 0 && i >= tt.slowAfter {
						req = &sudokuv1.BatchItem{Id: fmt.Sprint("slow ", i), Puzzle: slow, Options: slowOpts}
					}
					if stream.Send(req) != nil {
						return
					}
				}
			})
			received := 0
			check := func(resp *sudokuv1.BatchAnswer) {
				received++
				if resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
					t.Fatalf("answer %d: %v, want solved", received, resp)
				}
				_, p, _ := strings.Cut(resp.GetId(), " ")
				checkSolution(t, textPuzzle(p), resp.GetResult().GetBoard())
			}
			for received < max(20, tt.slowAfter) {
				resp, err := stream.Recv()
				if err != nil {
					t.Fatalf("before shutdown: %v", err)
				}
				check(resp)
			}

			if tt.slowAfter > 0 {
				// Every fast puzzle is answered: the slots hold slow ones.
				waitFor(t, "the slow puzzles to start", func() bool { return ts.srv.limit.inFlight() == 2 })
			}
			shutdownCtx, stop := context.WithTimeout(context.Background(), tt.grace)
			defer stop()
			shutdown := make(chan error, 1)
			go func() { shutdown <- ts.g.Shutdown(shutdownCtx) }()
			var streamErr error
			for {
				resp, err := stream.Recv()
				if err != nil {
					streamErr = err
					break
				}
				check(resp)
			}
			if err := <-shutdown; !errors.Is(err, tt.wantErr) {
				t.Errorf("Shutdown = %v, want %v", err, tt.wantErr)
			}
			if hc, err := ts.g.Health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
				t.Errorf("health after shutdown = %v, %v; want NOT_SERVING", hc, err)
			}
			if tt.wantErr == nil {
				if status.Code(streamErr) != codes.Unavailable {
					t.Errorf("stream ended with %v, want Unavailable", streamErr)
				}
			}
			if sent := ts.srv.BatchAnswers(); uint64(received) != sent {
				t.Errorf("client received %d answers, server sent %d", received, sent)
			}
			cancel()
			sendWG.Wait()
			checkIdle(t, ts)
			checkGoroutines(t, base)
		})
	}
}

// rawCodec sends rawMessage as is, and any other message as protobuf.
type rawCodec struct{}

type rawMessage []byte

func (rawCodec) Marshal(v any) ([]byte, error) {
	if r, ok := v.(rawMessage); ok {
		return r, nil
	}
	return proto.Marshal(v.(proto.Message))
}

func (rawCodec) Unmarshal(data []byte, v any) error { return proto.Unmarshal(data, v.(proto.Message)) }
func (rawCodec) Name() string                       { return "proto" }

func TestFaultBadMessages(t *testing.T) {
	const maxRecv = 4 << 10
	oversized := batchOf(&sudokuv1.BatchItem{Id: "big", Puzzle: textPuzzle(strings.Repeat(".", 2*maxRecv))})
	malformed := rawMessage{0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01} // a length that overflows
	// Strings that are not UTF-8: a SolveRequest's puzzle.text and a
	// SolveBatchRequest's items[0].id.
	badText := rawMessage{0x0a, 0x03, 0x12, 0x01, 0xff}
	badID := rawMessage{0x0a, 0x03, 0x0a, 0x01, 0xff}
	batchDesc := &grpc.StreamDesc{StreamName: "SolveBatch", ServerStreams: true, ClientStreams: true}
	tests := []struct {
		name string
		want codes.Code
		// call returns how the call ended.
		call func(t *testing.T, conn *grpc.ClientConn) error
	}{
		{"Solve oversized", codes.ResourceExhausted, func(t *testing.T, conn *grpc.ClientConn) error {
			_, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: oversized.Items[0].Puzzle})
			return err
		}},
		{"Solve malformed", codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return conn.Invoke(context.Background(), sudokuv1.SudokuService_Solve_FullMethodName, malformed, new(sudokuv1.SolveResponse), grpc.ForceCodec(rawCodec{}))
		}},
		{"Solve not UTF-8", codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			return conn.Invoke(context.Background(), sudokuv1.SudokuService_Solve_FullMethodName, badText, new(sudokuv1.SolveResponse), grpc.ForceCodec(rawCodec{}))
		}},
		{"SolveBatch oversized", codes.ResourceExhausted, func(t *testing.T, conn *grpc.ClientConn) error {
			return badBatch(t, conn, oversized)
		}},
		{"SolveBatch malformed", codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			stream, err := conn.NewStream(context.Background(), batchDesc, sudokuv1.SudokuService_SolveBatch_FullMethodName, grpc.ForceCodec(rawCodec{}))
			if err != nil {
				t.Fatal(err)
			}
			return badBatch(t, stream, malformed)
		}},
		{"SolveBatch id not UTF-8", codes.InvalidArgument, func(t *testing.T, conn *grpc.ClientConn) error {
			stream, err := conn.NewStream(context.Background(), batchDesc, sudokuv1.SudokuService_SolveBatch_FullMethodName, grpc.ForceCodec(rawCodec{}))
			if err != nil {
				t.Fatal(err)
			}
			return badBatch(t, stream, badID)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{}, GRPCConfig{MaxRecvMsgSize: maxRecv})
			base := ts.baseline(t)
			if err := tt.call(t, ts.conn); status.Code(err) != tt.want {
				t.Fatalf("call ended with %v, want %v", err, tt.want)
			}
			checkRecovered(t, ts, base)
		})
	}
}

// badBatch sends a good puzzle then bad on a SolveBatch stream (a client
// connection or a stream already open) and returns how the stream ends.
func badBatch(t *testing.T, conn any, bad any) error {
	t.Helper()
	var stream grpc.ClientStream
	switch c := conn.(type) {
	case *grpc.ClientConn:
		s, err := openBatch(context.Background(), sudokuv1.NewSudokuServiceClient(c))
		if err != nil {
			t.Fatal(err)
		}
		stream = s
	case grpc.ClientStream:
		stream = c
	}
	if err := stream.SendMsg(batchOf(&sudokuv1.BatchItem{Id: "good", Puzzle: textPuzzle(seedEasy)})); err != nil {
		t.Fatal(err)
	}
	stream.SendMsg(bad) // fails on the client when the server has already ended the stream
	stream.CloseSend()
	var answers []string
	for {
		resp := new(sudokuv1.SolveBatchResponse)
		if err := stream.RecvMsg(resp); err != nil {
			// gRPC ends the stream as soon as it fails to read a
			// message: the good puzzle is answered only if it was
			// solved by then.
			if len(answers) > 1 || len(answers) == 1 && answers[0] != "good" {
				t.Errorf("answers %v before the error, want [good] or none", answers)
			}
			return err
		}
		for _, a := range resp.GetAnswers() {
			answers = append(answers, a.GetId())
		}
	}
}

// TestFaultFlood sends calls far beyond the rate limit: the excess is
// refused with ResourceExhausted, health checks are still answered, and
// once the flood is over calls succeed again.
func TestFaultFlood(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{RateLimit: 5, RateBurst: 5})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	health := healthpb.NewHealthClient(ts.conn)
	base := ts.baseline(t)
	var ok, refused, other atomic.Int64
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			switch status.Code(err) {
			case codes.OK:
				ok.Add(1)
			case codes.ResourceExhausted:
				refused.Add(1)
			default:
				other.Add(1)
				t.Errorf("call failed with %v", err)
			}
		})
		wg.Go(func() {
			if _, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
				t.Errorf("health check during the flood: %v", err)
			}
		})
	}
	wg.Wait()
	if ok.Load() == 0 || refused.Load() == 0 {
		t.Errorf("%d calls served, %d refused; want some of each", ok.Load(), refused.Load())
	}
	waitFor(t, "a call to be served after the flood", func() bool {
		_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
		return err == nil
	})
	checkGoroutines(t, base)
}

// TestOverload fills the solving slot and the queue: the next call is
// refused at once with ResourceExhausted, and the queued one is served
// when the slot frees.
func TestOverload(t *testing.T) {
	ts := startServer(t, Config{MaxConcurrent: 1, MaxQueue: 1}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	if err := ts.srv.limit.acquire(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	queued := make(chan error, 1)
	go func() {
		_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
		queued <- err
	}()
	waitFor(t, "a call to queue", func() bool { return ts.srv.limit.waiting() == 1 })
	for _, call := range []func() error{
		func() error {
			_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			return err
		},
		func() error {
			stream, err := client.SolveSteps(context.Background(), &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(seedEasy)})
			for err == nil {
				_, err = stream.Recv()
			}
			return err
		},
		func() error {
			// A generation takes a slot as a solve does (it took none, so
			// -max-concurrent did not bound it).
			_, err := client.Generate(context.Background(), &sudokuv1.GenerateRequest{})
			return err
		},
	} {
		if err := call(); status.Code(err) != codes.ResourceExhausted {
			t.Errorf("call with a full queue = %v, want ResourceExhausted", err)
		}
	}
	if got := ts.srv.limit.rejected.Load(); got != 3 {
		t.Errorf("%d calls counted as refused, want 3", got)
	}
	ts.srv.limit.release()
	if err := <-queued; err != nil {
		t.Errorf("queued call = %v, want success", err)
	}
}

// TestFaultStall opens a SolveSteps stream on a big board and reads
// nothing. Once the buffer is full the solver gives up its slot (so other
// calls are served), and after the stall timeout the server ends the
// stream with ResourceExhausted.
func TestFaultStall(t *testing.T) {
	ts := startServer(t, Config{MaxConcurrent: 1, StallTimeout: time.Second, DefaultTimeout: time.Minute}, GRPCConfig{})
	base := ts.baseline(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, o := slowPuzzle()
	if _, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: p, Options: o}); err != nil {
		t.Fatal(err)
	}
	if err := ts.exit.next(t); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("handler returned %v, want ResourceExhausted", err)
	}
	if got := ts.srv.stalls.Load(); got != 1 {
		t.Errorf("%d stalls counted, want 1", got)
	}
	cancel()
	checkRecovered(t, ts, base)
}

// TestSlowReaderFreesSlot: a stream whose client reads nothing does not
// keep its solving slot while it waits, so that the one slot serves
// other calls.
func TestSlowReaderFreesSlot(t *testing.T) {
	ts := startServer(t, Config{MaxConcurrent: 1, StallTimeout: time.Minute, DefaultTimeout: time.Minute}, GRPCConfig{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, o := slowPuzzle()
	if _, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: p, Options: o}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the solve to start", func() bool { return ts.srv.limit.inFlight() == 1 })
	checkServing(t, ts)
	cancel()
	checkIdle(t, ts)
}

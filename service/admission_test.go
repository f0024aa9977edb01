package service

import (
	"context"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestAdmissionStreamCap checks the server-wide cap of calls: calls over it
// are refused with ResourceExhausted before their request is read, idle
// and stalled calls count until they end, health checks pass anyway, and
// a call that ends makes room for another.
func TestAdmissionStreamCap(t *testing.T) {
	const maxStreams = 3
	ts := startServer(t, Config{}, GRPCConfig{MaxStreams: maxStreams})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)

	// Idle batch streams that never send: they hold their place.
	var cancels []context.CancelFunc
	for range maxStreams {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		cancels = append(cancels, cancel)
		if _, err := client.SolveBatch(ctx); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the idle streams to be counted", func() bool { return ts.g.admission.streams.Load() == maxStreams })

	_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "-max-total-streams") {
		t.Fatalf("Solve over the cap: %v, want ResourceExhausted naming -max-total-streams", err)
	}
	hc, err := healthpb.NewHealthClient(ts.conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health check over the cap: %v, %v; want SERVING", hc, err)
	}

	cancels[0]()
	waitFor(t, "the cancelled stream to leave", func() bool { return ts.g.admission.streams.Load() == maxStreams-1 })
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatalf("Solve once a stream ended: %v", err)
	}
	for _, c := range cancels[1:] {
		c()
	}
	waitFor(t, "every stream to leave", func() bool { return ts.g.admission.streams.Load() == 0 })
	if got := ts.g.admission.refusedStreams.Load(); got != 1 {
		t.Errorf("%d calls counted as refused, want 1", got)
	}
}

// TestAdmissionBoardWeight checks that a call on a large board counts as
// the calls its board weighs against the cap while it runs: a 32×32 four,
// or the whole cap when that is smaller, so that it runs alone on the
// server rather than being refused as OVERLOADED however idle the server.
func TestAdmissionBoardWeight(t *testing.T) {
	for n, want := range map[int]int{4: 1, 9: 1, 16: 1, 25: 2, 32: 4} {
		if got := boardWeight(n); got != want {
			t.Errorf("boardWeight(%d) = %d, want %d", n, got, want)
		}
	}
	empty32 := textPuzzle(strings.Repeat(".", 32*32))
	tests := []struct {
		name       string
		maxStreams int
		weight     int64
	}{
		{"cap of 4", 4, 4},
		{"cap of 3, below the weight", 3, 3},
		{"cap of 1", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{}, GRPCConfig{MaxStreams: tt.maxStreams})
			client := sudokuv1.NewSudokuServiceClient(ts.conn)
			ctx, cancel := context.WithCancel(context.Background())
			t.Cleanup(cancel)
			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: empty32})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := stream.Recv(); err != nil { // the call is in its handler, weighed
				t.Fatalf("a 32×32 SolveSteps alone under a cap of %d: %v, want it served", tt.maxStreams, err)
			}
			waitFor(t, "the 32×32 call to be weighed", func() bool { return ts.g.admission.streams.Load() == tt.weight })
			if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); status.Code(err) != codes.ResourceExhausted {
				t.Fatalf("Solve beside a 32×32 call under a cap of %d: %v, want ResourceExhausted", tt.maxStreams, err)
			}
			cancel()
			waitFor(t, "the 32×32 call to leave", func() bool { return ts.g.admission.streams.Load() == 0 })
			if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
				t.Fatalf("Solve once the 32×32 call ended: %v", err)
			}
		})
	}
}

// TestAdmissionWeighsBeforeBoard checks that a call refused for its
// board's weight is refused before it builds the board: each such call
// built its own layout first (854 KiB for a 32×32), and 1,000 SolveSteps
// of 32×32 boards over 500 connections, 950 of them refused, held 20–30
// MB of layouts built to be thrown away. It counts the bytes the server's
// process allocates over refused calls.
func TestAdmissionWeighsBeforeBoard(t *testing.T) {
	empty32 := textPuzzle(strings.Repeat(".", 32*32))
	tests := []struct {
		name string
		call func(context.Context, sudokuv1.SudokuServiceClient) error
	}{
		{"Solve", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			_, err := c.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: empty32})
			return err
		}},
		{"SolveSteps", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			s, err := c.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: empty32})
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
		{"Rate", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			_, err := c.Rate(ctx, &sudokuv1.RateRequest{Puzzle: empty32})
			return err
		}},
		{"FindSteps", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			_, err := c.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: empty32})
			return err
		}},
	}
	ts := startServer(t, Config{}, GRPCConfig{MaxStreams: 4})
	client := holdIdleStream(t, ts)
	const calls, most = 20, 256 << 10 // bytes a refused call may allocate
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Once first, so that what is built once (the standard
			// layout a call copies) is in place.
			if err := tt.call(context.Background(), client); status.Code(err) != codes.ResourceExhausted {
				t.Fatalf("a 32×32 %s beside an idle stream under a cap of 4: %v, want ResourceExhausted", tt.name, err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range calls {
				if err := tt.call(context.Background(), client); status.Code(err) != codes.ResourceExhausted {
					t.Fatalf("a 32×32 %s beside an idle stream under a cap of 4: %v, want ResourceExhausted", tt.name, err)
				}
			}
			runtime.ReadMemStats(&after)
			if got := (after.TotalAlloc - before.TotalAlloc) / calls; got > most {
				t.Errorf("a refused 32×32 %s allocated %d KiB; want at most %d KiB (no board built)", tt.name, got>>10, most>>10)
			}
		})
	}
}

// TestAdmissionGenerateWeight checks that a generation weighs as the
// board it makes, also when it starts from a puzzle or a map alone, whose
// size the request need not give: a 32×32 one is refused under a cap of 4
// that an idle stream shares.
func TestAdmissionGenerateWeight(t *testing.T) {
	empty32 := textPuzzle(strings.Repeat(".", 32*32))
	tests := []struct {
		name string
		req  *sudokuv1.GenerateRequest
	}{
		{"new", &sudokuv1.GenerateRequest{Seed: 1, Size: 32}},
		{"base on a map alone", &sudokuv1.GenerateRequest{Seed: 1, Size: 32, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP}},
		{"base on a puzzle", &sudokuv1.GenerateRequest{Seed: 1, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP, Puzzle: empty32}},
	}
	small := startServer(t, Config{}, GRPCConfig{MaxStreams: 4})
	client := holdIdleStream(t, small)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_, err := client.Generate(ctx, tt.req)
			if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "a 32×32 board counts as 4 calls") {
				t.Fatalf("a 32×32 Generate under a cap of 4 that an idle stream shares: %v, want ResourceExhausted saying it counts as 4", err)
			}
		})
	}
}

// TestAdmissionHealthWatches checks the cap of health Watch streams: they
// pass beside a full server, one over their own cap is refused with
// ResourceExhausted naming it, Check passes anyway, and a Watch that ends
// makes room for another.
func TestAdmissionHealthWatches(t *testing.T) {
	const maxWatches = 2
	ts := startServer(t, Config{}, GRPCConfig{MaxStreams: 1, MaxHealthWatches: maxWatches})
	health := healthpb.NewHealthClient(ts.conn)
	// The server is full: its one call is an idle batch stream.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if _, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveBatch(ctx); err != nil {
		t.Fatal(err)
	}
	watch := func() (context.CancelFunc, error) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		w, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
		if err != nil {
			return cancel, err
		}
		_, err = w.Recv()
		return cancel, err
	}
	var cancels []context.CancelFunc
	for range maxWatches {
		c, err := watch()
		if err != nil {
			t.Fatalf("Watch under its cap, beside a full server: %v", err)
		}
		cancels = append(cancels, c)
	}
	if _, err := watch(); status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "-max-health-watches") {
		t.Fatalf("Watch over its cap: %v, want ResourceExhausted naming -max-health-watches", err)
	}
	if hc, err := health.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil || hc.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("Check with every Watch taken: %v, %v; want SERVING", hc, err)
	}
	cancels[0]()
	waitFor(t, "the cancelled Watch to leave", func() bool { return ts.g.admission.watches.Load() == maxWatches-1 })
	if _, err := watch(); err != nil {
		t.Fatalf("Watch once one ended: %v", err)
	}
	if got := ts.g.admission.refusedWatches.Load(); got != 1 {
		t.Errorf("%d Watch streams counted as refused, want 1", got)
	}
}

// TestAdmissionHeap checks the heap shedder: above the bound new calls are
// refused with ResourceExhausted, health checks excepted; below, they pass.
func TestAdmissionHeap(t *testing.T) {
	var heap atomic.Uint64
	heap.Store(100 << 20)
	a := newAdmission(0, 64<<20, 0)
	a.readHeap = heap.Load
	a.collect = func() {} // all of it live
	now := time.Unix(1000, 0)
	a.now = func() time.Time { return now }

	solve := &tap.Info{FullMethodName: sudokuv1.SudokuService_Solve_FullMethodName}
	_, err := a.tap(context.Background(), solve)
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(err.Error(), "-max-heap") {
		t.Fatalf("tap with the heap at 100 MiB: %v, want ResourceExhausted naming -max-heap", err)
	}
	if _, err := a.tap(context.Background(), &tap.Info{FullMethodName: healthpb.Health_Check_FullMethodName}); err != nil {
		t.Fatalf("health check with the heap over the bound: %v", err)
	}

	// The heap is read again only once the sample is old.
	heap.Store(10 << 20)
	if _, err := a.tap(context.Background(), solve); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("tap within the sampling period: %v, want the old sample's refusal", err)
	}
	now = now.Add(heapSampleEvery)
	if _, err := a.tap(context.Background(), solve); err != nil {
		t.Fatalf("tap once the heap fell: %v", err)
	}
	if got := a.refusedHeap.Load(); got != 2 {
		t.Errorf("%d refusals counted, want 2", got)
	}

	// Through a server, with the real heap far above a bound of 1 byte.
	ts := startServer(t, Config{}, GRPCConfig{MaxHeap: 1})
	_, err = sudokuv1.NewSudokuServiceClient(ts.conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("Solve over the heap bound: %v, want ResourceExhausted", err)
	}
}

// TestAdmissionHeapCollects: a heap above the bound with little of it live
// (a large call's garbage) is collected before a call is refused, at most
// once every collectEvery.
func TestAdmissionHeapCollects(t *testing.T) {
	var heap atomic.Uint64
	a := newAdmission(0, 64<<20, 0)
	a.readHeap = heap.Load
	collects := 0
	a.collect = func() {
		collects++
		heap.Store(10 << 20)
	}
	now := time.Unix(1000, 0)
	a.now = func() time.Time { return now }
	solve := &tap.Info{FullMethodName: sudokuv1.SudokuService_Solve_FullMethodName}

	heap.Store(100 << 20)
	if _, err := a.tap(context.Background(), solve); err != nil || collects != 1 {
		t.Fatalf("the heap at 100 MiB of garbage: %v after %d collections, want admitted after 1", err, collects)
	}
	heap.Store(100 << 20)
	now = now.Add(heapSampleEvery)
	if _, err := a.tap(context.Background(), solve); status.Code(err) != codes.ResourceExhausted || collects != 1 {
		t.Fatalf("within collectEvery of the last collection: %v after %d collections, want refused without one", err, collects)
	}
	now = now.Add(collectEvery)
	if _, err := a.tap(context.Background(), solve); err != nil || collects != 2 {
		t.Fatalf("collectEvery later: %v after %d collections, want admitted after 2", err, collects)
	}
}

// TestAdmissionBigAnswer: an answer of bigAnswer bytes or more that would
// take the heap past seven eighths of -max-heap is refused with ResourceExhausted naming
// it, after a collection (garbage does not count), and counted; smaller
// answers, and big ones that fit, pass. Answers stay in memory until
// their clients read them, after their calls no longer count.
func TestAdmissionBigAnswer(t *testing.T) {
	big := &sudokuv1.FindStepsResponse{Steps: []*sudokuv1.Step{{Explanation: strings.Repeat("x", 1<<20)}}}
	small := &sudokuv1.FindStepsResponse{Steps: []*sudokuv1.Step{{Explanation: "x"}}}
	info := &grpc.UnaryServerInfo{FullMethod: sudokuv1.SudokuService_FindSteps_FullMethodName}
	tests := []struct {
		name     string
		heap     uint64 // before a collection
		live     uint64 // after one
		answer   proto.Message
		refused  bool
		collects int
	}{
		{"big answer, room for it", 10 << 20, 10 << 20, big, false, 0},
		{"big answer, no room", 63 << 20, 63 << 20, big, true, 1},
		{"big answer, past seven eighths of the bound", 56 << 20, 56 << 20, big, true, 1},
		{"big answer, room once garbage is collected", 63 << 20, 20 << 20, big, false, 1},
		{"small answer, no room", 63<<20 + 1<<19, 63<<20 + 1<<19, small, false, 0},
	}
	for _, tt := range tests {
		var heap atomic.Uint64
		heap.Store(tt.heap)
		a := newAdmission(0, 64<<20, 0)
		a.readHeap = heap.Load
		collects := 0
		a.collect = func() { collects++; heap.Store(tt.live) }
		ctx := context.WithValue(context.Background(), admittedKey{}, a) // as the tap admits it
		resp, err := a.unary(ctx, nil, info, func(context.Context, any) (any, error) { return tt.answer, nil })
		if tt.refused {
			if status.Code(err) != codes.ResourceExhausted || !strings.Contains(err.Error(), "-max-heap") || resp != nil {
				t.Errorf("%s: %v, want ResourceExhausted naming -max-heap", tt.name, err)
			}
			if a.refusedHeap.Load() != 1 {
				t.Errorf("%s: %d refusals counted, want 1", tt.name, a.refusedHeap.Load())
			}
		} else if err != nil || resp != tt.answer {
			t.Errorf("%s: %v, want the answer", tt.name, err)
		}
		if collects != tt.collects {
			t.Errorf("%s: %d collections, want %d", tt.name, collects, tt.collects)
		}
	}
}

// TestMaxRequestSize checks that a request of one puzzle over its bound is
// refused with ResourceExhausted, undecoded, while a batch message of the
// same size is not.
func TestMaxRequestSize(t *testing.T) {
	const limit = 2000
	ts := startServer(t, Config{}, GRPCConfig{MaxRequestSize: limit})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	big := seedEasy + strings.Repeat(" ", limit)
	_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(big)})
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "-max-request-size") {
		t.Fatalf("Solve of %d bytes: %v, want ResourceExhausted naming -max-request-size", len(big), err)
	}
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatalf("Solve under the bound: %v", err)
	}

	stream, err := client.SolveBatch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var items []*sudokuv1.BatchItem
	for range 40 { // 40 puzzles of 81 characters: more than limit bytes
		items = append(items, &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)})
	}
	answers, err := sendOne(t, stream, &sudokuv1.SolveBatchRequest{Items: items})
	if err != nil {
		t.Fatalf("batch: %v", err)
	}
	for _, a := range answers {
		if a.GetError() != nil {
			t.Errorf("batch answer %s: %v", a.GetId(), a.GetError())
		}
	}
	if len(answers) != len(items) {
		t.Errorf("batch message of %d puzzles: %d answered", len(items), len(answers))
	}
}

// countingListener counts the bytes its connections read.
type countingListener struct {
	net.Listener
	read *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{Conn: c, read: l.read}, nil
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// TestNonReadingBatchStreams checks what many SolveBatch streams on one
// connection, whose client sends as fast as it can and reads nothing, can
// push into a server with its default, fixed flow-control windows: each stream its
// window and the little its handler reads ahead and answers, not the
// 16 MiB a window may grow to under gRPC's BDP estimation.
func TestNonReadingBatchStreams(t *testing.T) {
	const (
		streams      = 50
		streamWindow = DefaultStreamWindow
		connWindow   = DefaultConnWindow
	)
	srv := New(Config{BatchWorkers: 1, StallTimeout: time.Minute})
	g, err := BuildGRPC(srv, GRPCConfig{}) // the default windows
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var read atomic.Int64
	go g.Serve(countingListener{Listener: ln, read: &read})
	t.Cleanup(g.Server.Stop)
	// The client's windows are fixed too, so that answers it does not
	// read hold the server's handlers back soon.
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithStaticStreamWindowSize(streamWindow), grpc.WithStaticConnWindowSize(connWindow))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := sudokuv1.NewSudokuServiceClient(conn)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var items []*sudokuv1.BatchItem
	for range 64 {
		items = append(items, &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)})
	}
	req := &sudokuv1.SolveBatchRequest{Items: items}
	var sent atomic.Int64
	var wg sync.WaitGroup
	for range streams {
		stream, err := client.SolveBatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for stream.Send(req) == nil {
				sent.Add(1)
			}
		}()
	}
	// Wait until the server takes no more: flow control holds every
	// sender back. A quiet second counts only once every stream has sent
	// something (a loaded machine, -race, can stall the start that long).
	last, still := int64(-1), 0
	for deadline := time.Now().Add(20 * time.Second); still < 10 || last < streams*1000; {
		if time.Now().After(deadline) {
			t.Fatalf("after 20s the server took %d bytes, still taking data or below %d", read.Load(), streams*1000)
		}
		time.Sleep(100 * time.Millisecond)
		if n := read.Load(); n == last {
			still++
		} else {
			last, still = n, 0
		}
	}
	// Per stream: its window of unread requests, the puzzles its handler
	// reads ahead and solves until the answers fill the client's window
	// (a few hundred puzzles of about 90 bytes), with room to spare.
	const bound = streams*(streamWindow+256<<10) + connWindow
	if last > bound {
		t.Errorf("the server took %d bytes from %d non-reading streams, want at most %d", last, streams, bound)
	}
	t.Logf("%d streams: the server took %d bytes (%d KiB a stream); %d messages sent", streams, last, last/streams>>10, sent.Load())
	cancel()
	wg.Wait()
}

// TestMaxHeaderListSize checks that a call with more headers than the
// server takes is refused, and one with ordinary headers is not.
func TestMaxHeaderListSize(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	big := metadata.AppendToOutgoingContext(context.Background(), "x-padding", strings.Repeat("a", maxHeaderListSize))
	if _, err := client.Solve(big, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err == nil {
		t.Fatalf("Solve with %d bytes of headers succeeded", maxHeaderListSize)
	}
	small := metadata.AppendToOutgoingContext(context.Background(), "x-padding", strings.Repeat("a", 1000))
	if _, err := client.Solve(small, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatalf("Solve with 1000 bytes of headers: %v", err)
	}
}

// TestAdmissionInterceptors checks the admission of calls that no tap saw
// (those through Server.ServeHTTP): counted while they run, refused over
// the cap, health checks and calls the tap admitted let through.
func TestAdmissionInterceptors(t *testing.T) {
	a := newAdmission(1, 0, 0)
	solve := &grpc.UnaryServerInfo{FullMethod: sudokuv1.SudokuService_Solve_FullMethodName}
	var inHandler int64
	handler := func(ctx context.Context, req any) (any, error) {
		inHandler = a.streams.Load()
		return "ok", nil
	}
	if _, err := a.unary(context.Background(), nil, solve, handler); err != nil || inHandler != 1 {
		t.Fatalf("unary under the cap: %v, %d calls counted in the handler; want nil, 1", err, inHandler)
	}
	if n := a.streams.Load(); n != 0 {
		t.Fatalf("%d calls counted after the call, want 0", n)
	}

	release, err := a.admit() // the one call the cap allows
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.unary(context.Background(), nil, solve, handler); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("unary over the cap: %v, want ResourceExhausted", err)
	}
	health := &grpc.UnaryServerInfo{FullMethod: healthpb.Health_Check_FullMethodName}
	if _, err := a.unary(context.Background(), nil, health, handler); err != nil {
		t.Errorf("health check over the cap: %v", err)
	}
	tapped := context.WithValue(context.Background(), admittedKey{}, true)
	if _, err := a.unary(tapped, nil, solve, handler); err != nil {
		t.Errorf("a call the tap admitted, over the cap: %v", err)
	}
	streamInfo := &grpc.StreamServerInfo{FullMethod: sudokuv1.SudokuService_SolveBatch_FullMethodName}
	err = a.stream(nil, fakeStream{context.Background()}, streamInfo, func(any, grpc.ServerStream) error { return nil })
	if status.Code(err) != codes.ResourceExhausted {
		t.Errorf("stream over the cap: %v, want ResourceExhausted", err)
	}
	release()
	release() // twice does no harm
	if n := a.streams.Load(); n != 0 {
		t.Fatalf("%d calls counted after release, want 0", n)
	}
}

// fakeStream is a server stream with a context and nothing else.
type fakeStream struct{ ctx context.Context }

func (f fakeStream) Context() context.Context   { return f.ctx }
func (fakeStream) SetHeader(metadata.MD) error  { return nil }
func (fakeStream) SendHeader(metadata.MD) error { return nil }
func (fakeStream) SetTrailer(metadata.MD)       {}
func (fakeStream) SendMsg(any) error            { return nil }
func (fakeStream) RecvMsg(any) error            { return nil }

// TestAdmissionRefusedReleasesDeadline checks that a call refused over the
// cap whose client set a deadline has its server-side context cancelled
// once it is refused, rather than left with its deadline's timer armed
// until the deadline passes: gRPC leaves the context of a call a tap
// refuses to its deadline, and a client that makes each refused call
// again at once left tens of thousands of such timers, which fired
// together at its deadline.
func TestAdmissionRefusedReleasesDeadline(t *testing.T) {
	tests := []struct {
		name   string
		method string
		call   func(context.Context, sudokuv1.SudokuServiceClient) error
	}{
		{"Solve", "/sudoku.v1.SudokuService/Solve", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			_, err := c.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			return err
		}},
		{"SolveSteps", "/sudoku.v1.SudokuService/SolveSteps", func(ctx context.Context, c sudokuv1.SudokuServiceClient) error {
			s, err := c.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(seedEasy)})
			if err == nil {
				_, err = s.Recv()
			}
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := make(chan context.Context, 1)
			seen := func(ctx context.Context, info *tap.Info) (context.Context, error) {
				if info.FullMethodName == tt.method {
					calls <- ctx
				}
				return ctx, nil
			}
			ts := startServer(t, Config{}, GRPCConfig{MaxStreams: 1, InTaps: []tap.ServerInHandle{seen}})
			client := holdIdleStream(t, ts)

			// The deadline is far enough that the server ends the
			// refused call well before it; the test waits for it
			// without the fix.
			ctx, cancelCall := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancelCall()
			if err := tt.call(ctx, client); status.Code(err) != codes.ResourceExhausted {
				t.Fatalf("%s over the cap: %v, want ResourceExhausted", tt.name, err)
			}
			server := <-calls
			<-server.Done()
			if err := server.Err(); err != context.Canceled {
				t.Errorf("the refused call's context ended with %v, want %v (cancelled when refused, not left to its deadline)", err, context.Canceled)
			}
		})
	}
}

// holdIdleStream opens a SolveBatch stream on ts that sends nothing until
// the test ends, counted in ts's admission as a call in progress, and
// returns a client of ts.
func holdIdleStream(t *testing.T, ts *testServer) sudokuv1.SudokuServiceClient {
	t.Helper()
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	idle, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if _, err := client.SolveBatch(idle); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the idle stream to be counted", func() bool { return ts.g.admission.streams.Load() == 1 })
	return client
}

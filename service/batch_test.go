package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
)

// Three of the 17-clue puzzles of the shared set.
var clue17 = []string{
	".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
	".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
	".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
}

// batchItemTests are the items of TestSolveBatch: each is answered with a
// result that check accepts, or with an error of code want.
var batchItemTests = []struct {
	name     string
	req      *sudokuv1.BatchItem
	want     codes.Code
	field    string // the field named by the violation of an InvalidArgument
	withStep bool
}{
	{name: "easy", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)}},
	{name: "hard", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedHard)}},
	{name: "17 clues a", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(clue17[0])}},
	{name: "17 clues b", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(clue17[1])}},
	{name: "17 clues c", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(clue17[2])}},
	{name: "jigsaw", req: &sudokuv1.BatchItem{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}}},
	{name: "with steps", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedHard), IncludeSteps: true}, withStep: true},
	{name: "basic view", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(clue17[0]), View: sudokuv1.ResultView_RESULT_VIEW_BASIC}},
	{name: "full view", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(clue17[1]), View: sudokuv1.ResultView_RESULT_VIEW_FULL}},
	{name: "unknown view", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy), View: 9}, want: codes.InvalidArgument, field: "view"},
	{name: "bad text", req: &sudokuv1.BatchItem{Puzzle: textPuzzle("12x")}, want: codes.InvalidArgument, field: "puzzle.text"},
	{name: "no puzzle", req: &sudokuv1.BatchItem{}, want: codes.InvalidArgument, field: "puzzle"},
	{name: "bad strategy", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy), Options: &sudokuv1.SolveOptions{Strategies: []string{"Nope"}}},
		want: codes.InvalidArgument, field: "options.strategies[0]"},
	{name: "strategies that do not run on the variant", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(simpleStr8ts), Options: &sudokuv1.SolveOptions{Strategies: []string{"B"}}},
		want: codes.InvalidArgument, field: "options.strategies"},
	{name: "step limit", req: &sudokuv1.BatchItem{Puzzle: textPuzzle(seedHard), Options: &sudokuv1.SolveOptions{MaxSteps: 3}},
		want: codes.ResourceExhausted},
}

func TestSolveBatch(t *testing.T) {
	for _, tc := range []struct {
		workers    int
		perMessage int // puzzles a request message carries
	}{
		{1, 1},
		{4, 1},
		{1, len(batchItemTests)},
		{4, 5},
	} {
		t.Run(fmt.Sprintf("%d workers, %d a message", tc.workers, tc.perMessage), func(t *testing.T) {
			ts := startServer(t, Config{BatchWorkers: tc.workers}, GRPCConfig{})
			client := sudokuv1.NewSudokuServiceClient(ts.conn)
			base := ts.baseline(t)
			stream, err := openBatch(context.Background(), client)
			if err != nil {
				t.Fatal(err)
			}
			var items []*sudokuv1.BatchItem
			for i, tt := range batchItemTests {
				item := proto.CloneOf(tt.req)
				item.Id = tt.name
				if items = append(items, item); len(items) == tc.perMessage || i == len(batchItemTests)-1 {
					if err := stream.SendMsg(batchOf(items...)); err != nil {
						t.Fatal(err)
					}
					items = nil
				}
			}
			if err := stream.CloseSend(); err != nil {
				t.Fatal(err)
			}
			answers := stream.answers(t)
			for _, tt := range batchItemTests {
				t.Run(tt.name, func(t *testing.T) {
					resp := answers[tt.name]
					if resp == nil {
						t.Fatal("no answer")
					}
					checkBatchAnswer(t, client, tt.req, resp, tt.want, tt.field, tt.withStep)
				})
			}
			if len(answers) != len(batchItemTests) {
				t.Errorf("%d answers, want %d", len(answers), len(batchItemTests))
			}
			if got := ts.srv.BatchAnswers(); got != uint64(len(batchItemTests)) {
				t.Errorf("server counted %d answers sent, want %d", got, len(batchItemTests))
			}
			checkGoroutines(t, base)
		})
	}
}

// checkBatchAnswer checks the answer of req: an item error is what a
// Solve call with the same puzzle and options fails with.
func checkBatchAnswer(t *testing.T, client sudokuv1.SudokuServiceClient, req *sudokuv1.BatchItem, resp *sudokuv1.BatchAnswer, want codes.Code, field string, withSteps bool) {
	t.Helper()
	if want != codes.OK {
		ie := resp.GetError()
		if ie == nil {
			t.Fatalf("answer %v, want an error %v", resp, want)
		}
		if got := codes.Code(ie.GetCode()); got != want {
			t.Errorf("code %v (%s), want %v", got, ie.GetMessage(), want)
		}
		_, callErr := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: req.GetPuzzle(), Options: req.GetOptions(), View: req.GetView()})
		st := status.Convert(callErr)
		if st.Code() != codes.Code(ie.GetCode()) || st.Message() != ie.GetMessage() {
			t.Errorf("item error %v %q, but Solve fails with %v %q", codes.Code(ie.GetCode()), ie.GetMessage(), st.Code(), st.Message())
		}
		if field != "" {
			if len(ie.GetViolations()) != 1 || ie.GetViolations()[0].GetField() != field {
				t.Errorf("violations %v, want one of field %q", ie.GetViolations(), field)
			}
		}
		return
	}
	res := resp.GetResult()
	if res == nil {
		t.Fatalf("answer %v, want a result", resp)
	}
	if res.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Fatalf("status %v, want solved", res.GetStatus())
	}
	if req.GetView() == sudokuv1.ResultView_RESULT_VIEW_BASIC {
		// No board and no packed string; the plain text is the full
		// result's.
		if res.GetBoard() != nil || res.GetPacked() != "" {
			t.Errorf("basic result has board %v and packed %q, want neither", res.GetBoard() != nil, res.GetPacked())
		}
		full, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: req.GetPuzzle(), Options: req.GetOptions()})
		if err != nil {
			t.Fatal(err)
		}
		if res.GetPlain() != full.GetResult().GetPlain() {
			t.Errorf("basic result plain %q, want %q", res.GetPlain(), full.GetResult().GetPlain())
		}
		return
	}
	checkSolution(t, req.GetPuzzle(), res.GetBoard())
	if res.GetPacked() == "" {
		t.Error("full result without its packed string")
	}
	if withSteps != (len(resp.GetSteps()) > 0) {
		t.Errorf("%d steps, want steps %v", len(resp.GetSteps()), withSteps)
	}
	if withSteps && uint32(len(resp.GetSteps())) != res.GetStepCount() {
		t.Errorf("%d steps sent, result counts %d", len(resp.GetSteps()), res.GetStepCount())
	}
}

// TestSolveBatchAnswersWhenDone sends a puzzle that takes long, then an
// easy one: with two workers the easy one is answered first.
func TestSolveBatchAnswersWhenDone(t *testing.T) {
	ts := startServer(t, Config{BatchWorkers: 2, MaxConcurrent: 2}, GRPCConfig{})
	stream, base, cancel := ts.openBatchBaseline(t)
	slow := &sudokuv1.BatchItem{Id: "slow", Puzzle: textPuzzle(strings.Repeat(".", 625)),
		Options: &sudokuv1.SolveOptions{MaxSolutions: 1000, MaxNodes: 1 << 40}}
	if err := stream.Send(slow); err != nil {
		t.Fatal(err)
	}
	// The slow puzzle is being solved before the easy one is sent.
	waitFor(t, "the slow puzzle to start", func() bool { return ts.srv.limit.inFlight() == 1 })
	if err := stream.Send(&sudokuv1.BatchItem{Id: "easy", Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	resp, err := stream.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetId() != "easy" {
		t.Fatalf("first answer is %q, want easy", resp.GetId())
	}
	cancel()
	checkHandlerExit(t, ts, codes.Canceled)
	checkGoroutines(t, base)
	if n := ts.srv.limit.inFlight(); n != 0 {
		t.Errorf("%d solves still in flight", n)
	}
}

// TestSolveBatchBackpressure sends puzzles as fast as it can and reads
// nothing: the server stops reading them, and its puzzles received but
// not answered stay within its workers and buffer, until it ends the
// stalled stream.
func TestSolveBatchBackpressure(t *testing.T) {
	const workers = 2
	var received atomic.Int64
	countRecv := grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		return handler(srv, &countingStream{ServerStream: ss, n: &received})
	})
	ts := startServer(t, Config{BatchWorkers: workers, StallTimeout: 500 * time.Millisecond}, GRPCConfig{ServerOptions: []grpc.ServerOption{countRecv}})
	stream, base, cancel := ts.openBatchBaseline(t)
	const total = 1_000_000
	var sent atomic.Int64
	sendDone := make(chan error, 1)
	go func() {
		req := &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)}
		for i := range total {
			req.Id = fmt.Sprint(i)
			if err := stream.Send(req); err != nil {
				sendDone <- err
				return
			}
			sent.Add(1)
		}
		sendDone <- nil
	}()
	// The bound: a puzzle in the receiver's hand and those read ahead, one
	// per worker (solving, or waiting with its answer), the answers queued,
	// those of the message being sent and one held for the next.
	const bound = 1 + batchReadAhead + workers + batchOutbox + maxAnswersPerMessage + 1
	var handlerErr error
	for done := false; !done; {
		select {
		case handlerErr = <-ts.exit.ch:
			done = true
		default:
		}
		if pending := received.Load() - int64(ts.srv.BatchAnswers()); pending > bound {
			t.Fatalf("%d puzzles received and not answered, want at most %d", pending, bound)
		}
	}
	if status.Code(handlerErr) != codes.ResourceExhausted {
		t.Errorf("handler returned %v, want ResourceExhausted for the stall", handlerErr)
	}
	if got := ts.srv.stalls.Load(); got != 1 {
		t.Errorf("%d stalls counted, want 1", got)
	}
	// The client, which reads nothing, does not learn that the stream is
	// over: it stays blocked by flow control until it gives up.
	cancel()
	if err := <-sendDone; err == nil {
		t.Errorf("the client sent all %d puzzles; want it held back", total)
	}
	if r := received.Load(); r >= total {
		t.Errorf("server received %d puzzles, want fewer than %d", r, total)
	}
	t.Logf("client sent %d puzzles, server received %d and answered %d", sent.Load(), received.Load(), ts.srv.BatchAnswers())
	checkGoroutines(t, base)
}

// countingStream counts the messages a server stream receives.
type countingStream struct {
	grpc.ServerStream
	n *atomic.Int64
}

func (s *countingStream) RecvMsg(m any) error {
	err := s.ServerStream.RecvMsg(m)
	if err == nil {
		s.n.Add(1)
	}
	return err
}

// checkOneFails sends items, each in a message of its own, closes the
// stream and reads every answer: the item with id failing must get an
// item error of code want, every other item a result.
func (b *batchStream) checkOneFails(t *testing.T, items []*sudokuv1.BatchItem, failing string, want codes.Code) {
	t.Helper()
	for _, it := range items {
		if err := b.Send(it); err != nil {
			t.Fatal(err)
		}
	}
	b.CloseSend()
	got := b.answers(t)
	for _, it := range items {
		a := got[it.GetId()]
		if it.GetId() == failing {
			if code := codes.Code(a.GetError().GetCode()); code != want {
				t.Errorf("%s answer %v, want a %v error", it.GetId(), a, want)
			}
		} else if a.GetResult() == nil {
			t.Errorf("%s answer %v, want a result", it.GetId(), a)
		}
	}
}

// TestSolveBatchItemPanics: a puzzle whose solve panics (a defect, as
// a product that overflowed once was: it took solverd down) gets an
// Internal item error, logged with its stack, and the stream and the
// server go on.
func TestSolveBatchItemPanics(t *testing.T) {
	testHookSolveItem = func(item *sudokuv1.BatchItem) {
		if item.GetId() == "boom" {
			panic("a defect")
		}
	}
	t.Cleanup(func() { testHookSolveItem = nil })
	var logged syncbuf.Buffer
	ts := startServer(t, Config{}, GRPCConfig{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	stream, err := openBatch(context.Background(), client)
	if err != nil {
		t.Fatal(err)
	}
	stream.checkOneFails(t, []*sudokuv1.BatchItem{
		{Id: "before", Puzzle: textPuzzle(seedHard)},
		{Id: "boom", Puzzle: textPuzzle(seedHard)},
		{Id: "after", Puzzle: textPuzzle(seedHard)},
	}, "boom", codes.Internal)
	if log := logged.String(); !strings.Contains(log, "panic in handler") || !strings.Contains(log, "a defect") || !strings.Contains(log, "solveItem") {
		t.Errorf("the panic was not logged with its stack:\n%s", log)
	}
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard)}); err != nil {
		t.Errorf("the server after the panic: %v", err)
	}
}

// TestSolveBatchTooLarge: an answer larger than the server sends becomes
// an item error, and the stream goes on.
func TestSolveBatchTooLarge(t *testing.T) {
	ts := startServer(t, Config{MaxSendMsgSize: 8 << 10}, GRPCConfig{})
	stream, err := openBatch(context.Background(), sudokuv1.NewSudokuServiceClient(ts.conn))
	if err != nil {
		t.Fatal(err)
	}
	stream.checkOneFails(t, []*sudokuv1.BatchItem{
		{Id: "big", Puzzle: textPuzzle(seedHard), IncludeSteps: true},
		{Id: "small", Puzzle: textPuzzle(seedHard)},
	}, "big", codes.ResourceExhausted)
}

// TestSolveBatchSplitsMessages sends puzzles whose answers each fit in a
// message but not together: the server spreads them over several
// messages instead of failing any.
func TestSolveBatchSplitsMessages(t *testing.T) {
	item := &sudokuv1.BatchItem{Puzzle: textPuzzle(seedHard), IncludeSteps: true}
	one := startServer(t, Config{}, GRPCConfig{})
	resp, err := sudokuv1.NewSudokuServiceClient(one.conn).Solve(context.Background(),
		&sudokuv1.SolveRequest{Puzzle: item.Puzzle, IncludeSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	size := proto.Size(&sudokuv1.BatchAnswer{Id: "id", Outcome: &sudokuv1.BatchAnswer_Result{Result: resp.GetResult()}, Steps: resp.GetSteps()})

	// Room for one answer a message, not two.
	ts := startServer(t, Config{MaxSendMsgSize: size * 3 / 2, BatchWorkers: 4}, GRPCConfig{})
	stream, err := openBatch(context.Background(), sudokuv1.NewSudokuServiceClient(ts.conn))
	if err != nil {
		t.Fatal(err)
	}
	const n = 6
	var items []*sudokuv1.BatchItem
	for i := range n {
		it := proto.CloneOf(item)
		it.Id = fmt.Sprint(i)
		items = append(items, it)
	}
	if err := stream.SendMsg(batchOf(items...)); err != nil {
		t.Fatal(err)
	}
	stream.CloseSend()
	got := stream.answers(t)
	for _, a := range got {
		if len(a.GetSteps()) == 0 || a.GetResult() == nil {
			t.Errorf("answer %s: %d steps, error %v; want a result with its steps", a.GetId(), len(a.GetSteps()), a.GetError())
		}
	}
	if len(got) != n || stream.messages != n {
		t.Errorf("%d answers in %d messages, want %d in %d", len(got), stream.messages, n, n)
	}
}

// TestSolveBatchIDs sends messages without puzzles, which are ignored,
// and puzzles whose ids repeat, which are answered with an error each
// while the stream goes on; every id comes back exactly as sent.
func TestSolveBatchIDs(t *testing.T) {
	ts := startServer(t, Config{BatchWorkers: 2}, GRPCConfig{})
	stream, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveBatch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	easy := func(id string) *sudokuv1.BatchItem { return &sudokuv1.BatchItem{Id: id, Puzzle: textPuzzle(seedEasy)} }
	long := strings.Repeat("long id ", 200)
	odd := "ä\n\x00 \t👍"
	messages := [][]*sudokuv1.BatchItem{
		{easy("a")},
		{},
		{easy("b"), easy("a")},
		{},
		{easy(""), easy("")},
		{easy(" a "), easy(odd), easy(long), easy("A")},
		{{Id: "b", Puzzle: textPuzzle("bad")}},
	}
	// The outcomes of each id, in any order: "solved", or "repeated" for
	// a repeated id's error.
	want := map[string][]string{
		"a":   {"repeated", "solved"},
		"b":   {"repeated", "solved"},
		"":    {"solved", "solved"}, // an empty id is not checked
		" a ": {"solved"},
		odd:   {"solved"},
		long:  {"solved"},
		"A":   {"solved"},
	}
	for _, items := range messages {
		if err := stream.Send(&sudokuv1.SolveBatchRequest{Items: items}); err != nil {
			t.Fatal(err)
		}
	}
	stream.CloseSend()
	got := map[string][]string{}
	for {
		resp, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("stream ended with %v, want OK after every answer", err)
		}
		for _, a := range resp.GetAnswers() {
			outcome := "solved"
			if e := a.GetError(); e != nil {
				outcome = fmt.Sprintf("error %v %q", codes.Code(e.GetCode()), e.GetMessage())
				if codes.Code(e.GetCode()) == codes.InvalidArgument && len(e.GetViolations()) == 1 &&
					e.GetViolations()[0].GetField() == "id" && strings.Contains(e.GetMessage(), "repeats the id") {
					outcome = "repeated"
				}
			} else if a.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
				outcome = a.GetResult().GetStatus().String()
			}
			got[a.GetId()] = append(got[a.GetId()], outcome)
		}
	}
	for id, outcomes := range got {
		slices.Sort(outcomes)
		if !slices.Equal(outcomes, want[id]) {
			t.Errorf("id %q: answers %v, want %v", id, outcomes, want[id])
		}
	}
	for id, outcomes := range want {
		if got[id] == nil {
			t.Errorf("id %q: no answer, want %v", id, outcomes)
		}
	}
	if err := ts.exit.next(t); err != nil {
		t.Errorf("handler returned %v, want nil", err)
	}
}

// TestRecentIDs checks the window of ids a batch remembers.
func TestRecentIDs(t *testing.T) {
	r := newRecentIDs(3)
	steps := []struct {
		id  string
		new bool
	}{
		{"a", true}, {"b", true}, {"a", false}, {"c", true},
		{"d", true}, // forgets a
		{"a", true}, // forgets b
		{"c", false}, {"d", false}, {"b", true},
	}
	for i, st := range steps {
		if got := r.add(st.id); got != st.new {
			t.Errorf("step %d: add(%q) = %v, want %v", i, st.id, got, st.new)
		}
	}
	if len(r.set) != 3 || len(r.ring) != 3 {
		t.Errorf("%d ids in the set, %d in the ring; want 3 and 3", len(r.set), len(r.ring))
	}
}

// TestItemClockDeadline checks that a batch puzzle's context has its
// deadline, which the solver reads to give logic half of it and guessing
// the rest, as for a unary Solve: without one, logic took the whole time
// of a hard puzzle and the batch failed it where Solve answered.
func TestItemClockDeadline(t *testing.T) {
	c := newItemClock(context.Background(), time.Minute)
	defer c.close()
	for range 2 { // a fresh context, then the one kept
		before := time.Now()
		ctx := c.start()
		d, ok := ctx.Deadline()
		if !ok || d.Before(before.Add(time.Minute)) || d.After(time.Now().Add(time.Minute)) {
			t.Errorf("deadline %v, %v; want a minute from the start", d, ok)
		}
		if err := c.stop(nil); err != nil {
			t.Fatal(err)
		}
	}
	// A parent's earlier deadline wins.
	parent, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	pc := newItemClock(parent, time.Minute)
	defer pc.close()
	if d, _ := pc.start().Deadline(); d.After(time.Now().Add(time.Second)) {
		t.Errorf("deadline %v past the parent's", d)
	}
}

// TestItemClockLateTimer runs a puzzle whose timer fires as it ends: the
// timer's function, which cancels the clock's context, may run before the
// puzzle stops, between its stop and the next puzzle's start, or after
// that start. Whatever the order, the next puzzle must get a context that
// is not cancelled: when the clock reused the first one, the late function
// cancelled it, failing the next puzzle at once with DeadlineExceeded.
// The test plays the firing by stopping the timer itself and calling its
// function, the first context's cancel, where the case says.
func TestItemClockLateTimer(t *testing.T) {
	errSolve := errors.New("solve failed")
	tests := []struct {
		name string
		when string // the timer's function runs before "stop", "start" or "after"
		want error  // returned by the first puzzle's stop
	}{
		{"function runs before stop", "stop", context.DeadlineExceeded},
		{"function runs before next start", "start", errSolve},
		{"function runs after next start", "after", errSolve},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newItemClock(context.Background(), time.Hour)
			defer c.close()
			c.start()
			c.timer.Stop()     // it fired: a later Stop reports false
			cancel := c.cancel // of the first puzzle's context
			fire := func() { cancel(context.DeadlineExceeded) }
			if tt.when == "stop" {
				fire()
			}
			if err := c.stop(errSolve); !errors.Is(err, tt.want) {
				t.Errorf("first puzzle stopped with %v, want %v", err, tt.want)
			}
			if tt.when == "start" {
				fire()
			}
			next := c.start()
			if tt.when == "after" {
				fire()
			}
			if err := next.Err(); err != nil {
				t.Errorf("next puzzle's context is done at its start: %v (cause %v)", err, context.Cause(next))
			}
			if err := c.stop(nil); err != nil {
				t.Errorf("next puzzle stopped with %v, want nil", err)
			}
		})
	}
}

// TestItemClockDeadlineSaid: a batch puzzle that runs out of its time is
// answered DeadlineExceeded with a message naming the bound (solverd's
// -default-timeout), as a unary call that set no deadline is told, not a
// bare "context deadline exceeded"; a puzzle that fails otherwise keeps
// its own error.
func TestItemClockDeadlineSaid(t *testing.T) {
	errSolve := errors.New("solve failed")
	tests := []struct {
		name     string
		timeout  time.Duration
		wantCode codes.Code
		wantMsg  string
	}{
		{"ran out", time.Millisecond, codes.DeadlineExceeded, "the puzzle's deadline of 1ms (solverd's -default-timeout, which each puzzle of a batch has) passed"},
		{"failed in time", time.Hour, codes.Internal, "solve failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newItemClock(context.Background(), tt.timeout)
			defer c.close()
			ctx := c.start()
			if tt.timeout < time.Second {
				<-ctx.Done()
			}
			ie := toItemError(c.stop(errSolve))
			if got := codes.Code(ie.GetCode()); got != tt.wantCode {
				t.Errorf("code %v, want %v", got, tt.wantCode)
			}
			if !strings.Contains(ie.GetMessage(), tt.wantMsg) {
				t.Errorf("message %q, want it to contain %q", ie.GetMessage(), tt.wantMsg)
			}
		})
	}
}

// TestSolveBatchDrainAfterCloseSend drains the server while the one worker
// of a stream solves its first puzzle, after the client has closed its
// side. Puzzles still queued are dropped unanswered: the stream must then
// end with Unavailable, which tells the client to send them again, not
// with OK, which says that every puzzle was answered. A stream whose
// puzzles were all taken ends with OK once they are answered.
func TestSolveBatchDrainAfterCloseSend(t *testing.T) {
	tests := []struct {
		name    string
		puzzles int
		want    codes.Code
	}{
		{"puzzles queued", 5, codes.Unavailable},
		{"every puzzle taken", 1, codes.OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hold, started := make(chan struct{}), make(chan struct{}, 1)
			testHookSolveItem = func(item *sudokuv1.BatchItem) {
				if item.GetId() == "0" {
					started <- struct{}{}
					<-hold
				}
			}
			dropped := make(chan struct{}, 1)
			testHookBatchDropped = func() {
				select {
				case dropped <- struct{}{}:
				default:
				}
			}
			t.Cleanup(func() { testHookSolveItem, testHookBatchDropped = nil, nil })
			eof := make(chan struct{})
			signalEOF := grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
				return handler(srv, &eofStream{ServerStream: ss, eof: eof})
			})
			ts := startServer(t, Config{MaxConcurrent: 1, BatchWorkers: 1}, GRPCConfig{ServerOptions: []grpc.ServerOption{signalEOF}})
			stream, _, _ := ts.openBatchBaseline(t)
			items := make([]*sudokuv1.BatchItem, tt.puzzles)
			for i := range items {
				items[i] = &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: textPuzzle(clue17[i%len(clue17)])}
			}
			if err := stream.SudokuService_SolveBatchClient.Send(batchOf(items...)); err != nil {
				t.Fatal(err)
			}
			if err := stream.CloseSend(); err != nil {
				t.Fatal(err)
			}
			receive(t, started, 20*time.Second, "first puzzle solving")
			receive(t, eof, 20*time.Second, "end of the client's side read")
			ts.srv.Drain()
			receive(t, dropped, 20*time.Second, "queue dropped")
			close(hold)

			answers := 0
			var err error
			for {
				if _, err = stream.Recv(); err != nil {
					break
				}
				answers++
			}
			if err == io.EOF {
				err = nil
			}
			if answers != 1 || status.Code(err) != tt.want {
				t.Errorf("%d answers, stream ended with %v; want 1 answer and %v", answers, err, tt.want)
			}
			if err := ts.exit.next(t); status.Code(err) != tt.want {
				t.Errorf("handler returned %v, want %v", err, tt.want)
			}
		})
	}
}

// eofStream is a server stream that closes eof once it has received the
// end of the client's side.
type eofStream struct {
	grpc.ServerStream
	eof chan struct{}
}

func (s *eofStream) RecvMsg(m any) error {
	err := s.ServerStream.RecvMsg(m)
	if err == io.EOF {
		close(s.eof)
	}
	return err
}

// TestSolveBatchItemCap: a request message of MaxBatchItems puzzles is
// answered whole; one of more ends the stream with ResourceExhausted,
// REQUEST_TOO_LARGE, naming items and both counts, before it is decoded.
func TestSolveBatchItemCap(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	for _, n := range []int{MaxBatchItems, MaxBatchItems + 1} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		stream, err := client.SolveBatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		req := &sudokuv1.SolveBatchRequest{}
		for i := range n {
			req.Items = append(req.Items, &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: textPuzzle(seedEasy), View: sudokuv1.ResultView_RESULT_VIEW_BASIC})
		}
		answers, err := sendOne(t, stream, req)
		answered := len(answers)
		switch {
		case err != nil && n <= MaxBatchItems:
			t.Fatalf("%d puzzles a message: %v", n, err)
		case n > MaxBatchItems:
			want := fmt.Sprintf("items: a message of %d puzzles, more than the %d", n, MaxBatchItems)
			if status.Code(err) != codes.ResourceExhausted || !strings.Contains(fmt.Sprint(err), want) || errorReason(err) != ReasonRequestTooLarge {
				t.Errorf("%d puzzles a message: %v (reason %q); want ResourceExhausted, %s, naming %q", n, err, errorReason(err), ReasonRequestTooLarge, want)
			}
		}
		want := n
		if n > MaxBatchItems {
			want = 0
		}
		if answered != want {
			t.Errorf("%d puzzles a message: %d answered, want %d", n, answered, want)
		}
	}
}

// endlessBatch is a SolveBatch stream whose client sends messages of n
// puzzles without end; it counts the messages read.
type endlessBatch struct {
	sudokuv1.SudokuService_SolveBatchServer
	n     int
	reads atomic.Int64
}

func (s *endlessBatch) Recv() (*sudokuv1.SolveBatchRequest, error) {
	s.reads.Add(1)
	req := &sudokuv1.SolveBatchRequest{}
	for i := range s.n {
		req.Items = append(req.Items, &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: textPuzzle(seedEasy)})
	}
	return req, nil
}

// TestSolveBatchReadsWhenRoom: with no worker taking puzzles, the
// receiver of a client sending messages of 250 puzzles reads one message
// and waits: it reads (and so decodes) the next only when fewer than
// batchReadAhead puzzles wait, where it used to read one more and hold
// it decoded while the queue was full.
func TestSolveBatchReadsWhenRoom(t *testing.T) {
	s := New(Config{})
	stream := &endlessBatch{n: 250}
	items := newItemQueue(batchReadAhead, recentIDWindow)
	done := make(chan error, 1)
	go func() { done <- s.receive(stream, items, newBatchIdle(0)) }()
	waitFor(t, "the first message read", func() bool { return stream.reads.Load() >= 1 })
	time.Sleep(100 * time.Millisecond) // time for a second read, if it comes
	if n := stream.reads.Load(); n != 1 {
		t.Errorf("%d messages read with the queue full, want 1", n)
	}
	for range 250 - batchReadAhead/2 { // a worker wakes the receiver at half the limit
		items.take()
	}
	waitFor(t, "the next message read once there was room", func() bool { return stream.reads.Load() == 2 })
	items.drop()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("receive after the queue was dropped: %v, want context.Canceled", err)
	}
}

// TestSolveBatchWaitingHoldsNoBoard checks that the puzzles batch workers
// hold while they wait for a solving slot are not decoded yet: a stream
// counts as one call against -max-total-streams whatever its boards, and
// 200 streams whose two workers each held a decoded 32×32 (its layout,
// 854 KiB) while every slot was busy took solverd to 350 MiB, past the
// pod's 256 MiB.
func TestSolveBatchWaitingHoldsNoBoard(t *testing.T) {
	const streams = 40
	tests := []struct {
		name string
		n    int
	}{
		{"9×9", 9},
		{"32×32", 32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{MaxConcurrent: 1, BatchWorkers: 2}, GRPCConfig{})
			if err := ts.srv.limit.acquire(context.Background(), false); err != nil { // every slot busy
				t.Fatal(err)
			}
			defer ts.srv.limit.release()
			client := sudokuv1.NewSudokuServiceClient(ts.conn)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			before := liveHeap()
			empty := textPuzzle(strings.Repeat(".", tt.n*tt.n))
			for range streams {
				stream, err := client.SolveBatch(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := stream.Send(&sudokuv1.SolveBatchRequest{Items: []*sudokuv1.BatchItem{{Puzzle: empty}, {Puzzle: empty}}}); err != nil {
					t.Fatal(err)
				}
			}
			waitFor(t, "every worker to wait for a slot", func() bool { return ts.srv.limit.waiting() == 2*streams })
			// Each waiting puzzle may hold its request and a worker's
			// state, not a board: 80 decoded 32×32s held 70 MiB.
			if grown := int64(liveHeap()) - int64(before); grown > 16<<20 {
				t.Errorf("%d puzzles waiting for a slot hold %d MiB more heap, want at most 16", 2*streams, grown>>20)
			}
		})
	}
}

// TestSolveBatchNoPuzzleAnsweredWhileBusy: an item without a puzzle, the
// probe a client sends a server it took for hung, is answered at once
// while every slot is taken by other calls (it waited for one), so that
// the client sees a busy server alive rather than giving it up.
func TestSolveBatchNoPuzzleAnsweredWhileBusy(t *testing.T) {
	tests := []struct {
		name   string
		puzzle *sudokuv1.Puzzle
	}{
		{"empty text", textPuzzle("")},
		{"no source", &sudokuv1.Puzzle{}},
		{"no puzzle", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{MaxConcurrent: 1}, GRPCConfig{})
			if err := ts.srv.limit.acquire(context.Background(), false); err != nil { // every slot busy
				t.Fatal(err)
			}
			defer ts.srv.limit.release()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			stream, err := sudokuv1.NewSudokuServiceClient(ts.conn).SolveBatch(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := stream.Send(batchOf(&sudokuv1.BatchItem{Id: "probe", Puzzle: tt.puzzle})); err != nil {
				t.Fatal(err)
			}
			resp, err := stream.Recv()
			for err == nil && len(resp.GetAnswers()) == 0 { // heartbeats
				resp, err = stream.Recv()
			}
			if err != nil {
				t.Fatalf("no answer while the slots are busy: %v", err)
			}
			a := resp.GetAnswers()[0]
			if a.GetId() != "probe" || codes.Code(a.GetError().GetCode()) != codes.InvalidArgument {
				t.Errorf("answer %v, want an InvalidArgument item error of probe", a)
			}
		})
	}
}

// liveHeap returns the bytes of the heap's live objects, after a
// collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

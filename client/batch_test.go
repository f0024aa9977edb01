package client_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// flaky is a service whose SolveBatch streams fail: the first fail
// streams (all when fail is negative) answer half of their first message
// (none when silent) and then end with Unavailable, the others are the
// service's. It records the size of every request message.
type flaky struct {
	sudokuv1.SudokuServiceServer
	fail    int64
	silent  bool
	streams atomic.Int64

	mu    sync.Mutex
	sizes []int // of the request messages received
}

func (f *flaky) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	if n := f.streams.Add(1); f.fail >= 0 && n > f.fail {
		return f.SudokuServiceServer.SolveBatch(&recording{stream, f})
	}
	req, err := stream.Recv()
	if err != nil {
		return err
	}
	f.record(req)
	var answers []*sudokuv1.BatchAnswer
	half := req.GetItems()[:len(req.GetItems())/2]
	if f.silent {
		half = nil
	}
	for _, it := range half {
		answers = append(answers, &sudokuv1.BatchAnswer{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Result{
			Result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution},
		}})
	}
	if err := stream.Send(&sudokuv1.SolveBatchResponse{Answers: answers}); err != nil {
		return err
	}
	return status.Error(codes.Unavailable, "server going away")
}

func (f *flaky) record(req *sudokuv1.SolveBatchRequest) {
	f.mu.Lock()
	f.sizes = append(f.sizes, proto.Size(req))
	f.mu.Unlock()
}

// recording records the request messages of a stream.
type recording struct {
	sudokuv1.SudokuService_SolveBatchServer
	f *flaky
}

func (r *recording) Recv() (*sudokuv1.SolveBatchRequest, error) {
	req, err := r.SudokuService_SolveBatchServer.Recv()
	if err == nil {
		r.f.record(req)
	}
	return req, err
}

// runBatch sends n copies of puzzle (id i for the ith) over a batch to c
// with cfg, and returns the answers by id, failing the test on an id
// answered twice or not at all, and Run's error.
func runBatch(t *testing.T, c *client.Client, cfg client.BatchConfig, n int, puzzle func(i int) string) (map[string]client.Answer, error) {
	t.Helper()
	got := map[string]client.Answer{}
	b, err := client.NewBatch([]*client.Client{c}, cfg, func(a client.Answer) {
		if _, dup := got[a.ID]; dup {
			t.Errorf("item %s answered twice", a.ID)
		}
		got[a.ID] = a
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	go func() {
		defer b.CloseInput()
		for i := range n {
			item := &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: puzzle(i)}}, View: sudokuv1.ResultView_RESULT_VIEW_BASIC}
			if err := b.Add(ctx, item); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	runErr := b.Run(ctx)
	if runErr != nil {
		b.FailRemaining(ctx, runErr)
	}
	for i := range n {
		if _, ok := got[fmt.Sprint(i)]; !ok {
			t.Errorf("item %d not answered", i)
		}
	}
	if len(got) != n {
		t.Errorf("%d answers, want %d", len(got), n)
	}
	return got, runErr
}

func seed(int) string { return seedPuzzle }

// TestBatchStreamFails: the puzzles a failed stream left unanswered are
// sent again, each answered exactly once, all solved.
func TestBatchStreamFails(t *testing.T) {
	f := &flaky{fail: 2}
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		f.SudokuServiceServer = s
		return f
	})
	got, err := runBatch(t, c, client.BatchConfig{InFlight: 16, PerMessage: 8}, 100, seed)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	for id, a := range got {
		if a.Err != nil || a.Answer.GetResult().GetPlain() != seedSolution {
			t.Errorf("item %s: %v, %v; want the solution", id, a.Answer, a.Err)
		}
	}
	if n := f.streams.Load(); n < 3 {
		t.Errorf("%d streams opened, want the 2 failed and one more", n)
	}
}

// TestBatchServerGivenUp: when every stream fails, each puzzle is still
// answered exactly once. Streams that answer some keep the server on,
// and the puzzles they leave are given up after their tries; streams
// that answer none make the batch give the server up, and Run says that
// no server is left.
func TestBatchServerGivenUp(t *testing.T) {
	for _, silent := range []bool{false, true} {
		t.Run(fmt.Sprint("silent=", silent), func(t *testing.T) {
			f := &flaky{fail: -1, silent: silent}
			c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
				f.SudokuServiceServer = s
				return f
			})
			got, err := runBatch(t, c, client.BatchConfig{InFlight: 4, PerMessage: 4, GiveUpAfter: time.Millisecond}, 40, seed)
			if silent && (err == nil || !strings.Contains(err.Error(), "no server left") || status.Code(err) != codes.Unavailable) {
				t.Errorf("Run: %v, want no server left, Unavailable", err)
			}
			if !silent && err != nil {
				t.Errorf("Run: %v, want nil: every puzzle was answered or given up", err)
			}
			solved, failed := 0, 0
			for id, a := range got {
				switch {
				case a.Err != nil && status.Code(a.Err) == codes.Unavailable:
					failed++
				case a.Err == nil && a.Answer.GetResult().GetPlain() == seedSolution:
					solved++
				default:
					t.Errorf("item %s: %v, %v", id, a.Answer, a.Err)
				}
			}
			if failed == 0 || (solved == 0) != silent {
				t.Errorf("%d solved, %d failed", solved, failed)
			}
		})
	}
}

// TestBatchMessageSplit: messages stay under MaxMsgSize, and under the
// smaller limit a server names when it refuses one; an item larger than
// any message fails alone.
func TestBatchMessageSplit(t *testing.T) {
	// Each item carries 300 bytes of text, a puzzle the service may
	// refuse with an item error: an answer all the same, after the
	// transport took it, which is all this test needs.
	padded := func(i int) string {
		if i == 7 {
			return strings.Repeat("9", 5000) // larger than any message
		}
		return seedPuzzle + strings.Repeat(".", 219)
	}
	for _, tt := range []struct {
		name      string
		maxMsg    int
		serverMax int // 0: the default
		limit     int // that messages stay under
	}{
		{"client limit", 2048, 0, 2048},
		{"server limit", 64 << 10, 1500, 1500},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &flaky{fail: 0}
			var sopts []grpc.ServerOption
			if tt.serverMax > 0 {
				sopts = append(sopts, grpc.MaxRecvMsgSize(tt.serverMax))
			}
			c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
				f.SudokuServiceServer = s
				return f
			}, sopts...)
			const n = 60
			got, err := runBatch(t, c, client.BatchConfig{InFlight: 64, PerMessage: 64, MaxMsgSize: tt.maxMsg}, n, padded)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			var big *client.ItemTooLargeError
			if a := got["7"]; !errors.As(a.Err, &big) || status.Code(a.Err) != codes.ResourceExhausted {
				t.Errorf("item 7: %v, want it too large, ResourceExhausted", a.Err)
			}
			for id, a := range got {
				if id != "7" && (a.Err != nil || a.Answer == nil) {
					t.Errorf("item %s: %v, want an answer of the server", id, a.Err)
				}
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.sizes) < n*300/tt.limit {
				t.Errorf("%d messages, want the batch split into several", len(f.sizes))
			}
			for _, size := range f.sizes {
				if size > tt.limit {
					t.Errorf("a message of %d bytes, more than %d", size, tt.limit)
				}
			}
		})
	}
}

// TestBatchServerRestarts: streams that fail BatchStreamFailures times in
// a row, answering nothing, within GiveUpAfter (a server restarting) do
// not give the server up: the puzzles are answered once it is back.
func TestBatchServerRestarts(t *testing.T) {
	f := &flaky{fail: client.BatchStreamFailures, silent: true}
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		f.SudokuServiceServer = s
		return f
	})
	got, err := runBatch(t, c, client.BatchConfig{InFlight: 4, PerMessage: 4, GiveUpAfter: 2 * time.Second}, 20, seed)
	if err != nil {
		t.Fatalf("Run: %v, want every puzzle answered after %d failed streams", err, client.BatchStreamFailures)
	}
	for id, a := range got {
		if a.Err != nil {
			t.Errorf("item %s: %v", id, a.Err)
		}
	}
}

// TestBatchAnswerCallsBatch: the answer function may call the batch's
// methods (its progress, a follow-up puzzle) without a deadlock.
func TestBatchAnswerCallsBatch(t *testing.T) {
	c := newTestClient(t, nil)
	item := func(id string) *sudokuv1.BatchItem {
		return &sudokuv1.BatchItem{Id: id, Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}}
	}
	var (
		b        *client.Batch
		answered []string
	)
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{}, func(a client.Answer) {
		answered = append(answered, fmt.Sprintf("%s after %d", a.ID, b.Answered()))
		_ = b.Hangs()
		if a.ID == "first" {
			if err := b.Add(context.Background(), item("follow-up")); err != nil {
				t.Error(err)
			}
			b.CloseInput()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Add(context.Background(), item("first")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	select {
	case err := <-done:
		if err != nil || strings.Join(answered, ", ") != "first after 1, follow-up after 2" {
			t.Errorf("Run: %v; answers %q", err, answered)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return: the answer function's calls deadlocked the batch")
	}
}

// idler is a service that ends a SolveBatch stream with Unavailable when
// its client sends nothing for a while, as solverd's -batch-idle-timeout
// does.
type idler struct {
	sudokuv1.SudokuServiceServer
	after  time.Duration
	closed atomic.Int64
}

func (s *idler) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	first := make(chan *sudokuv1.SolveBatchRequest, 1)
	go func() {
		if req, err := stream.Recv(); err == nil {
			first <- req
		}
	}()
	select {
	case req := <-first:
		return s.SudokuServiceServer.SolveBatch(&replayed{SudokuService_SolveBatchServer: stream, first: req})
	case <-time.After(s.after):
		s.closed.Add(1)
		return status.Error(codes.Unavailable, "idle stream closed: open a new stream to send more")
	}
}

// replayed is a stream whose first request was read already.
type replayed struct {
	sudokuv1.SudokuService_SolveBatchServer
	first *sudokuv1.SolveBatchRequest
}

func (r *replayed) Recv() (*sudokuv1.SolveBatchRequest, error) {
	if req := r.first; req != nil {
		r.first = nil
		return req, nil
	}
	return r.SudokuService_SolveBatchServer.Recv()
}

// TestBatchIdleStreamsClosed: streams a server closes because a slow
// input left them idle are opened again without counting as failures,
// so the batch does not give a healthy server up.
func TestBatchIdleStreamsClosed(t *testing.T) {
	defer client.SetIdleStreamAge(10 * time.Millisecond)()
	s := &idler{after: 50 * time.Millisecond}
	c := newTestClient(t, func(srv sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		s.SudokuServiceServer = srv
		return s
	})
	var got []string
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{GiveUpAfter: time.Millisecond}, func(a client.Answer) {
		got = append(got, fmt.Sprintf("%s %v %s", a.ID, a.Err, a.Answer.GetResult().GetPlain()))
	})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		defer b.CloseInput()
		for s.closed.Load() < 2*client.BatchStreamFailures {
			time.Sleep(10 * time.Millisecond) // a slow input
		}
		b.Add(context.Background(), &sudokuv1.BatchItem{Id: "late", Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}})
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := b.Run(ctx); err != nil || len(got) != 1 || got[0] != "late <nil> "+seedSolution {
		t.Fatalf("Run: %v, answers %q; want the late puzzle solved after %d idle streams closed", err, got, s.closed.Load())
	}
}

// beating is a service whose SolveBatch answers each puzzle hold after
// it came, sending a message without answers every beat meanwhile, as
// solverd does while it solves (0: none). It counts the items received.
type beating struct {
	sudokuv1.SudokuServiceServer
	hold, beat time.Duration
	items      atomic.Int64
}

func (s *beating) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	type arrival struct {
		ids []string
		at  time.Time
	}
	reqs := make(chan arrival, 64)
	recvErr := make(chan error, 1)
	go func() {
		for {
			req, err := stream.Recv()
			if err != nil {
				recvErr <- err
				close(reqs)
				return
			}
			var ids []string
			for _, it := range req.GetItems() {
				ids = append(ids, it.GetId())
			}
			s.items.Add(int64(len(ids)))
			reqs <- arrival{ids, time.Now()}
		}
	}()
	var tick <-chan time.Time
	if s.beat > 0 {
		t := time.NewTicker(s.beat)
		defer t.Stop()
		tick = t.C
	}
	for a := range reqs {
		for wait := time.Until(a.at.Add(s.hold)); wait > 0; wait = time.Until(a.at.Add(s.hold)) {
			select {
			case <-tick:
				if err := stream.Send(&sudokuv1.SolveBatchResponse{}); err != nil {
					return err
				}
			case <-time.After(wait):
			}
		}
		resp := &sudokuv1.SolveBatchResponse{}
		for _, id := range a.ids {
			resp.Answers = append(resp.Answers, &sudokuv1.BatchAnswer{Id: id, Outcome: &sudokuv1.BatchAnswer_Result{
				Result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution},
			}})
		}
		if err := stream.Send(resp); err != nil {
			return err
		}
	}
	if err := <-recvErr; err != io.EOF {
		return err
	}
	return nil
}

// TestBatchHeartbeat: puzzles that take longer than PuzzleTimeout to
// solve, on a server that sends heartbeats meanwhile, are answered once
// each, their stream never declared hung nor the puzzles sent again.
func TestBatchHeartbeat(t *testing.T) {
	// Forty heartbeats to a puzzle timeout: a loaded machine delays some.
	srv := &beating{hold: 2 * time.Second, beat: 25 * time.Millisecond}
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		srv.SudokuServiceServer = s
		return srv
	})
	const n = 3
	got, err := runBatch(t, c, client.BatchConfig{InFlight: 2, PuzzleTimeout: time.Second}, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	for id, a := range got {
		if a.Err != nil || a.Answer.GetResult().GetPlain() != seedSolution {
			t.Errorf("item %s: %v, %v; want solved", id, a.Answer, a.Err)
		}
	}
	if m := srv.items.Load(); m != n {
		t.Errorf("the server received %d items for %d puzzles: some were sent again", m, n)
	}
}

// slowCounting is a service whose SolveBatch streams count the puzzles
// they receive and send each answer message after delay.
type slowCounting struct {
	sudokuv1.SudokuServiceServer
	delay    time.Duration
	received atomic.Int64
}

func (s *slowCounting) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	return s.SudokuServiceServer.SolveBatch(&slowCountingStream{stream, s})
}

type slowCountingStream struct {
	sudokuv1.SudokuService_SolveBatchServer
	s *slowCounting
}

func (c *slowCountingStream) Recv() (*sudokuv1.SolveBatchRequest, error) {
	req, err := c.SudokuService_SolveBatchServer.Recv()
	c.s.received.Add(int64(len(req.GetItems())))
	return req, err
}

func (c *slowCountingStream) Send(resp *sudokuv1.SolveBatchResponse) error {
	time.Sleep(c.s.delay)
	return c.SudokuService_SolveBatchServer.Send(resp)
}

// TestBatchSpreadsSmallBatch: a small batch, read in full before any
// stream opens, is shared by the servers of a batch rather than taken
// whole by the stream that opens first, as it was when each stream could
// send its whole window at once (17 puzzles on three servers went 17, 0,
// 0): a stream's window opens small and widens as it is answered.
func TestBatchSpreadsSmallBatch(t *testing.T) {
	var servers []*slowCounting
	var clients []*client.Client
	for range 3 {
		s := &slowCounting{delay: 300 * time.Millisecond}
		servers = append(servers, s)
		clients = append(clients, newTestClient(t, func(inner sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
			s.SudokuServiceServer = inner
			return s
		}))
	}
	const n = 17
	answered := 0
	b, err := client.NewBatch(clients, client.BatchConfig{}, func(client.Answer) { answered++ })
	if err != nil {
		t.Fatal(err)
	}
	runSeeds(t, b, n)
	if answered != n {
		t.Fatalf("%d answers, want %d", answered, n)
	}
	var got []int64
	for _, s := range servers {
		got = append(got, s.received.Load())
	}
	for _, k := range got {
		if k == 0 {
			t.Fatalf("puzzles received by the three servers: %v; want each to get some", got)
		}
	}
}

// okAfterFirst answers the first message of its first stream and then
// ends that stream with OK, before the client closed its side (solverd
// never does); later streams are the service's.
type okAfterFirst struct {
	sudokuv1.SudokuServiceServer
	streams atomic.Int64
}

func (s *okAfterFirst) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	if s.streams.Add(1) > 1 {
		return s.SudokuServiceServer.SolveBatch(stream)
	}
	req, err := stream.Recv()
	if err != nil {
		return err
	}
	var answers []*sudokuv1.BatchAnswer
	for _, it := range req.GetItems() {
		answers = append(answers, &sudokuv1.BatchAnswer{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Result{
			Result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution},
		}})
	}
	return stream.Send(&sudokuv1.SolveBatchResponse{Answers: answers})
}

// TestBatchStreamEndedEarly: a stream the server ends with OK while the
// input goes on (slowly) is not taken for the batch's end: the puzzle
// added next is answered, on a new stream. It was taken by the ended
// stream's sender and lost, and Run failed with "no server left".
func TestBatchStreamEndedEarly(t *testing.T) {
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		return &okAfterFirst{SudokuServiceServer: s}
	})
	var mu sync.Mutex
	got := map[string]int{}
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{}, func(a client.Answer) {
		mu.Lock()
		got[a.ID]++
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- b.Run(ctx) }()
	item := func(id string) *sudokuv1.BatchItem {
		return &sudokuv1.BatchItem{Id: id, Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}}
	}
	if err := b.Add(ctx, item("1")); err != nil {
		t.Fatal(err)
	}
	// The input is slow: the first stream has ended before the next.
	waitUntil(t, func() bool { mu.Lock(); defer mu.Unlock(); return got["1"] == 1 })
	time.Sleep(100 * time.Millisecond)
	if err := b.Add(ctx, item("2")); err != nil {
		t.Fatal(err)
	}
	b.CloseInput()
	if err := <-runErr; err != nil {
		t.Fatalf("Run: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got["1"] != 1 || got["2"] != 1 {
		t.Errorf("answers %v; want each puzzle answered once", got)
	}
}

// rateLimited refuses its first stream as solverd's rate limit does, with
// a RetryInfo of wait, and records when each stream opened.
type rateLimited struct {
	sudokuv1.SudokuServiceServer
	wait time.Duration

	mu     sync.Mutex
	opened []time.Time
}

func (s *rateLimited) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	s.mu.Lock()
	s.opened = append(s.opened, time.Now())
	first := len(s.opened) == 1
	s.mu.Unlock()
	if !first {
		return s.SudokuServiceServer.SolveBatch(stream)
	}
	st, err := status.New(codes.ResourceExhausted, "rate limit spent").WithDetails(
		&errdetails.ErrorInfo{Reason: service.ReasonRateLimited, Domain: service.ErrorDomain},
		&errdetails.RetryInfo{RetryDelay: durationpb.New(s.wait)})
	if err != nil {
		return err
	}
	return st.Err()
}

// TestBatchHonoursRetryInfo: a stream refused with a RetryInfo (solverd's
// rate limit) is opened again after the delay the server asked for, not
// after the backoff's first 100 ms, which would spend the caller's
// retries against a bucket still empty.
func TestBatchHonoursRetryInfo(t *testing.T) {
	const wait = 600 * time.Millisecond
	rl := &rateLimited{wait: wait}
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		rl.SudokuServiceServer = s
		return rl
	})
	if _, err := runBatch(t, c, client.BatchConfig{}, 3, seed); err != nil {
		t.Fatal(err)
	}
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if len(rl.opened) != 2 {
		t.Fatalf("%d streams opened, want 2", len(rl.opened))
	}
	if gap := rl.opened[1].Sub(rl.opened[0]); gap < wait {
		t.Errorf("stream opened again after %v, before the %v the server asked for", gap, wait)
	}
}

// waitUntil polls cond until it holds, failing the test after 10 s.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("condition not met within 10s")
		}
	}
}

// TestBatchCloseInputTwice checks that a second CloseInput does nothing
// (it used to close a closed channel, a panic), that Add after it is
// refused, and that the batch still answers what was added.
func TestBatchCloseInputTwice(t *testing.T) {
	c := newTestClient(t, nil)
	answered := 0
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{}, func(client.Answer) { answered++ })
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	item := &sudokuv1.BatchItem{Id: "1", Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}}
	if err := b.Add(ctx, item); err != nil {
		t.Fatal(err)
	}
	b.CloseInput()
	b.CloseInput()
	late := &sudokuv1.BatchItem{Id: "2", Puzzle: item.Puzzle}
	if err := b.Add(ctx, late); err == nil || !strings.Contains(err.Error(), "after CloseInput") {
		t.Errorf("Add after CloseInput: err = %v, want one naming CloseInput", err)
	}
	if err := b.Run(ctx); err != nil || answered != 1 {
		t.Fatalf("Run = %v with %d answers, want nil and 1", err, answered)
	}
}

// TestMaxPerMessage: the client's bound on the puzzles of a message is the
// service's.
func TestMaxPerMessage(t *testing.T) {
	if client.MaxPerMessage != service.MaxBatchItems {
		t.Errorf("client.MaxPerMessage = %d, service.MaxBatchItems = %d", client.MaxPerMessage, service.MaxBatchItems)
	}
}

// TestBatchSlowAnswerFunction: an answer function that keeps the batch
// waiting (output piped to a paused reader) for longer than PuzzleTimeout
// does not get a healthy server's stream declared hung, nor its puzzles
// sent again: the time the batch spends handing answers over is not the
// server's silence.
func TestBatchSlowAnswerFunction(t *testing.T) {
	c := newTestClient(t, nil)
	const n = 6
	answered := 0
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{InFlight: 2, PuzzleTimeout: 200 * time.Millisecond}, func(a client.Answer) {
		if answered++; answered == 1 {
			time.Sleep(time.Second)
		}
		if a.Err != nil {
			t.Errorf("item %s: %v", a.ID, a.Err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	runSeeds(t, b, n)
	if answered != n || len(b.Hangs()) != 0 {
		t.Errorf("%d answered, streams declared hung %v; want %d, none", answered, b.Hangs(), n)
	}
}

// runSeeds adds n copies of seedPuzzle to b, ids 0 to n-1, closes its
// input and runs it to the end.
func runSeeds(t *testing.T, b *client.Batch, n int) {
	t.Helper()
	ctx := context.Background()
	for i := range n {
		item := &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}, View: sudokuv1.ResultView_RESULT_VIEW_BASIC}
		if err := b.Add(ctx, item); err != nil {
			t.Fatal(err)
		}
	}
	b.CloseInput()
	if err := b.Run(ctx); err != nil {
		t.Fatal(err)
	}
}

// busy is a service whose solving slots are all taken by other calls until
// a time, and which sends no heartbeat while its puzzles wait, as solverd:
// a SolveBatch stream answers an item without a puzzle at once (the probe
// of a server taken for hung) and the others, solved, once the time has
// come. It counts the puzzles it received.
type busy struct {
	sudokuv1.SudokuServiceServer
	until    time.Time
	received atomic.Int64
}

func (b *busy) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	var mu sync.Mutex // stream.Send is not safe for concurrent use
	send := func(a *sudokuv1.BatchAnswer) error {
		mu.Lock()
		defer mu.Unlock()
		return stream.Send(&sudokuv1.SolveBatchResponse{Answers: []*sudokuv1.BatchAnswer{a}})
	}
	for {
		req, err := stream.Recv()
		if err != nil {
			return err
		}
		for _, it := range req.GetItems() {
			if it.GetPuzzle().GetText() == "" {
				if err := send(&sudokuv1.BatchAnswer{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Error{
					Error: &sudokuv1.ItemError{Code: int32(codes.InvalidArgument), Message: "puzzle: no puzzle"}}}); err != nil {
					return err
				}
				continue
			}
			b.received.Add(1)
			go func() { // waits for a slot
				select {
				case <-time.After(time.Until(b.until)):
				case <-stream.Context().Done():
					return
				}
				send(&sudokuv1.BatchAnswer{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Result{
					Result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution}}})
			}()
		}
	}
}

// TestBatchBusyServerWaited: a server that answers the probe after a hang
// is alive, its slots taken by others' calls: it is not given up, and each
// stream after a probe waits twice as long as the last, so that its
// puzzles, sent again to the end of its queue each time, come to their
// turn: sent again every PuzzleTimeout, they would go round 30 times.
func TestBatchBusyServerWaited(t *testing.T) {
	srv := &busy{until: time.Now().Add(3 * time.Second)}
	c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		srv.SudokuServiceServer = s
		return srv
	})
	// Hung after 100ms and given up after 5 failures over 200ms, were it
	// not for the probe's answer.
	const n = 8
	got, err := runBatch(t, c, client.BatchConfig{InFlight: 4, PerMessage: 4, PuzzleTimeout: 100 * time.Millisecond, GiveUpAfter: 200 * time.Millisecond}, n, seed)
	if err != nil {
		t.Fatalf("Run: %v, want every puzzle answered once the server had a slot", err)
	}
	for id, a := range got {
		if a.Err != nil {
			t.Errorf("item %s: %v", id, a.Err)
		}
	}
	// Four a stream for 100, 200, 400, 800 and 1600 ms, then the eight;
	// sent again every 100ms (maxPatience 1) the server received 68.
	if r := srv.received.Load(); r > 4*n {
		t.Errorf("the server received %d puzzles for %d: sent again while they waited", r, n)
	}
}

// TestBatchFailuresCounted: streams that failed and were opened again are
// counted by server, with the first error, though every puzzle is
// answered; a batch without failures has none.
func TestBatchFailuresCounted(t *testing.T) {
	for _, fail := range []int64{0, 2} {
		f := &flaky{fail: fail, silent: true}
		c := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
			f.SudokuServiceServer = s
			return f
		})
		b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{GiveUpAfter: 2 * time.Second}, func(client.Answer) {})
		if err != nil {
			t.Fatal(err)
		}
		runSeeds(t, b, 8)
		got := b.Failures()[c.Target()]
		if got.Count != int(fail) {
			t.Errorf("%d streams failed: Failures counts %d", fail, got.Count)
		}
		if fail > 0 && (got.First == nil || !strings.Contains(got.First.Error(), "server going away")) {
			t.Errorf("first error %v, want the server's", got.First)
		}
	}
}

// slow is a service whose SolveBatch answers each puzzle, solved, 100ms
// after it arrives.
type slow struct{ sudokuv1.SudokuServiceServer }

func (b *slow) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	var mu sync.Mutex // stream.Send is not safe for concurrent use
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		req, err := stream.Recv()
		if err != nil {
			return nil
		}
		for _, it := range req.GetItems() {
			wg.Go(func() {
				time.Sleep(100 * time.Millisecond)
				mu.Lock()
				defer mu.Unlock()
				stream.Send(&sudokuv1.SolveBatchResponse{Answers: []*sudokuv1.BatchAnswer{{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Result{
					Result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution}}}}})
			})
		}
	}
}

// TestBatchBusyBesideFree: the puzzles of a server busy for a minute go to
// a free one, also after its probe was answered (the stream that probed
// once never let them go, and the batch waited for the busy server).
func TestBatchBusyBesideFree(t *testing.T) {
	srv := &busy{until: time.Now().Add(time.Minute)}
	a := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		srv.SudokuServiceServer = s
		return srv
	})
	b := newTestClient(t, func(s sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer {
		return &slow{SudokuServiceServer: s}
	})
	const n = 40
	answered := 0
	bt, err := client.NewBatch([]*client.Client{a, b}, client.BatchConfig{InFlight: 4, PerMessage: 4, PuzzleTimeout: 200 * time.Millisecond}, func(a client.Answer) {
		if a.Err == nil {
			answered++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() {
		for i := range n {
			bt.Add(ctx, &sudokuv1.BatchItem{Id: fmt.Sprint(i), Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}})
		}
		bt.CloseInput()
	}()
	if err := bt.Run(ctx); err != nil {
		t.Fatalf("Run: %v after %d answers, want every puzzle answered by the free server", err, answered)
	}
	if answered != n {
		t.Errorf("%d answered, want %d", answered, n)
	}
}

package client_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
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
			got, err := runBatch(t, c, client.BatchConfig{InFlight: 4, PerMessage: 4}, 40, seed)
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

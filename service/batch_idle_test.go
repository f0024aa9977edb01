package service

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// checkIdleEnd fails t unless err is the status of a batch stream ended
// idle: Unavailable, naming the flag.
func checkIdleEnd(t *testing.T, err error) {
	t.Helper()
	st := status.Convert(err)
	if st.Code() != codes.Unavailable || !strings.Contains(st.Message(), "-batch-idle-timeout") {
		t.Fatalf("stream ended with %v, want Unavailable naming -batch-idle-timeout", err)
	}
}

// idleRetry runs try with a batch idle timeout of 100ms and, while try
// reports that its stream ended idle before the server had its first
// puzzle, again with twice the timeout (up to 6.4s). A stream's idle clock
// starts when it opens, so a test goroutine that a loaded machine stalls
// for longer than the timeout between opening a stream and sending to it
// sees the stream end idle, as it should: that is no failure of the code.
func idleRetry(t *testing.T, try func(t *testing.T, timeout time.Duration) (endedIdleEarly bool)) {
	t.Helper()
	for timeout := 100 * time.Millisecond; ; timeout *= 2 {
		if !try(t, timeout) {
			return
		}
		if timeout >= 6400*time.Millisecond {
			t.Fatalf("every stream ended idle before its first puzzle arrived, the last with a timeout of %v", timeout)
		}
		t.Logf("the stream ended idle before its first puzzle arrived (a stall over %v): again with %v", timeout, 2*timeout)
	}
}

// isIdleEnd tells whether err is the status of a batch stream ended idle.
func isIdleEnd(err error) bool {
	st := status.Convert(err)
	return st.Code() == codes.Unavailable && strings.Contains(st.Message(), "-batch-idle-timeout")
}

// TestSolveBatchIdle: a stream whose client sends a puzzle, reads its
// answer and then sends nothing ends with Unavailable after the idle
// timeout; the server then solves on.
func TestSolveBatchIdle(t *testing.T) {
	idleRetry(t, func(t *testing.T, timeout time.Duration) bool {
		ts := startServer(t, Config{BatchIdleTimeout: timeout}, GRPCConfig{})
		stream, base, cancel := ts.openBatchBaseline(t)
		defer cancel()
		// io.EOF: the stream has ended (idle, when the send came late); Recv
		// or the handler's exit tells how.
		if err := stream.Send(&sudokuv1.BatchItem{Id: "a", Puzzle: textPuzzle(seedEasy)}); err != nil && err != io.EOF {
			t.Fatal(err)
		}
		a, err := stream.Recv()
		if isIdleEnd(err) {
			return true
		}
		if err != nil || a.GetResult() == nil {
			t.Fatalf("first answer = %v, %v; want a result", a, err)
		}
		// The handler ends on its own: the test's 20s bound on it is far
		// beyond the timeout, and a stream never ended fails it.
		checkIdleEnd(t, ts.exit.next(t))
		_, err = stream.Recv()
		checkIdleEnd(t, err)
		checkGoroutines(t, base)

		// The server solves on: a new stream is answered (opened again if
		// it too ended idle before its puzzle arrived).
		for try := 0; ; try++ {
			stream, err = openBatch(context.Background(), sudokuv1.NewSudokuServiceClient(ts.conn))
			if err != nil {
				t.Fatal(err)
			}
			// io.EOF: the stream has ended (idle, when the send came late); Recv
			// or the handler's exit tells how.
			if err := stream.Send(&sudokuv1.BatchItem{Id: "b", Puzzle: textPuzzle(seedEasy)}); err != nil && err != io.EOF {
				t.Fatal(err)
			}
			if err := stream.CloseSend(); err != nil {
				t.Fatal(err)
			}
			a, err := stream.Recv()
			if isIdleEnd(err) && try < 5 {
				t.Logf("the new stream ended idle before its puzzle arrived: opened again")
				continue
			}
			if err != nil || a.GetId() != "b" || a.GetResult() == nil {
				t.Fatalf("new stream's answer = %v, %v; want a result for b", a, err)
			}
			if _, err := stream.Recv(); err != io.EOF {
				t.Fatalf("new stream ended with %v, want EOF after its answer", err)
			}
			return false
		}
	})
}

// TestSolveBatchIdleDisabled: with a negative idle timeout a silent
// stream is not ended (it ends when its client cancels).
func TestSolveBatchIdleDisabled(t *testing.T) {
	ts := startServer(t, Config{BatchIdleTimeout: -1}, GRPCConfig{})
	if got := ts.srv.Config().BatchIdleTimeout; got >= 0 {
		t.Fatalf("BatchIdleTimeout = %v, want negative kept", got)
	}
	if got := New(Config{}).Config().BatchIdleTimeout; got != DefaultBatchIdleTimeout {
		t.Errorf("default BatchIdleTimeout = %v, want %v", got, DefaultBatchIdleTimeout)
	}
	stream, _, cancel := ts.openBatchBaseline(t)
	if err := stream.Send(&sudokuv1.BatchItem{Id: "a", Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ts.exit.ch:
		t.Fatalf("silent stream without idle timeout ended with %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	cancel()
	checkHandlerExit(t, ts, codes.Canceled)
}

// TestSolveBatchSlowSender: a client that sends messages less often in
// total than the idle timeout, but each sooner than the timeout after
// the one before, keeps its stream: puzzles (P) and messages without
// puzzles (E) both restart the clock, the Es here spanning more than the
// timeout. Its stream ends with OK when it closes its side.
func TestSolveBatchSlowSender(t *testing.T) {
	const timeout, gap, messages = time.Second, 300 * time.Millisecond, "PEEEEPPP"
	ts := startServer(t, Config{BatchIdleTimeout: timeout}, GRPCConfig{})
	stream, _, _ := ts.openBatchBaseline(t)
	for i, m := range messages {
		if i > 0 {
			time.Sleep(gap)
		}
		if m == 'E' {
			if err := stream.SendMsg(batchOf()); err != nil {
				t.Fatalf("message %d: %v", i, err)
			}
			continue
		}
		if err := stream.Send(&sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)}); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if a, err := stream.Recv(); err != nil || a.GetResult() == nil {
			t.Fatalf("answer to message %d = %v, %v; want a result", i, a, err)
		}
	}
	if err := stream.CloseSend(); err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != io.EOF {
		t.Fatalf("end of stream = %v, want EOF (OK)", err)
	}
	if err := ts.exit.next(t); err != nil {
		t.Errorf("handler returned %v, want nil", err)
	}
}

// TestSolveBatchIdleInFlight: a stream whose puzzle is in flight for
// longer than the idle timeout (it waits for the only solving slot,
// which the test holds) is not idle, whether its client closed its side
// or not. Once the puzzle is answered, the clock restarts: the open
// stream then ends idle, the closed one with OK.
func TestSolveBatchIdleInFlight(t *testing.T) {
	for _, closeSend := range []bool{false, true} {
		name := "open"
		if closeSend {
			name = "half-closed"
		}
		t.Run(name, func(t *testing.T) {
			idleRetry(t, func(t *testing.T, timeout time.Duration) bool {
				ts := startServer(t, Config{MaxConcurrent: 1, BatchIdleTimeout: timeout}, GRPCConfig{})
				stream, base, cancel := ts.openBatchBaseline(t)
				defer cancel()
				release := holdSlot(t, ts)
				defer release()
				// io.EOF: the stream has ended (idle, when the send came late); Recv
				// or the handler's exit tells how.
				if err := stream.Send(&sudokuv1.BatchItem{Id: "a", Puzzle: textPuzzle(seedEasy)}); err != nil && err != io.EOF {
					t.Fatal(err)
				}
				if closeSend {
					if err := stream.CloseSend(); err != nil {
						t.Fatal(err)
					}
				}
				// The puzzle waits for a slot, unless the stream ended idle
				// before it arrived.
				var early error
				waitFor(t, "the puzzle to wait for a slot", func() bool {
					select {
					case early = <-ts.exit.ch:
						return true
					default:
						return ts.srv.limit.waiting() == 1
					}
				})
				if early != nil && isIdleEnd(early) {
					return true
				}
				if early != nil {
					t.Fatalf("stream ended with %v before its puzzle waited for a slot", early)
				}
				// Many times the idle timeout pass with the puzzle in flight.
				select {
				case err := <-ts.exit.ch:
					t.Fatalf("stream with a puzzle in flight ended with %v", err)
				case <-time.After(5 * timeout):
				}
				release()
				if a, err := stream.Recv(); err != nil || a.GetId() != "a" || a.GetResult() == nil {
					t.Fatalf("answer = %v, %v; want a result for a", a, err)
				}
				_, err := stream.Recv()
				if closeSend {
					if err != io.EOF {
						t.Fatalf("half-closed stream ended with %v, want EOF (OK)", err)
					}
					if err := ts.exit.next(t); err != nil {
						t.Errorf("handler returned %v, want nil", err)
					}
				} else {
					checkIdleEnd(t, err)
					checkIdleEnd(t, ts.exit.next(t))
				}
				checkGoroutines(t, base)
				return false
			})
		})
	}
}

// TestSolveBatchHeartbeat: while a puzzle of the stream is being solved
// and nothing else is sent, the stream sends messages without answers
// every BatchHeartbeat (a client tells a slow puzzle from a hung server
// by them); none once nothing is in flight, and none when turned off.
func TestSolveBatchHeartbeat(t *testing.T) {
	const beat = 20 * time.Millisecond
	for _, tt := range []struct {
		name      string
		heartbeat time.Duration
		want      bool
	}{
		{"on", beat, true},
		{"off", -1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hold := make(chan struct{})
			release := sync.OnceFunc(func() { close(hold) })
			testHookSolveItem = func(*sudokuv1.BatchItem) { <-hold }
			ts := startServer(t, Config{BatchHeartbeat: tt.heartbeat}, GRPCConfig{})
			// Before the server stops, which waits for the stream and its
			// puzzle (cleanups run last first).
			t.Cleanup(func() { release(); testHookSolveItem = nil })
			ctx, cancel := context.WithCancel(context.Background())
			t.Cleanup(cancel)
			stream, err := openBatch(ctx, sudokuv1.NewSudokuServiceClient(ts.conn))
			if err != nil {
				t.Fatal(err)
			}
			if err := stream.Send(&sudokuv1.BatchItem{Id: "slow", Puzzle: textPuzzle(seedEasy)}); err != nil {
				t.Fatal(err)
			}
			if tt.want {
				// The puzzle is held until three heartbeats came.
				beats := make(chan error, 1)
				go func() {
					for range 3 {
						resp, err := stream.SudokuService_SolveBatchClient.Recv()
						if err == nil && len(resp.GetAnswers()) > 0 {
							err = fmt.Errorf("an answer, %v, while the puzzle is held", resp)
						}
						if err != nil {
							beats <- err
							return
						}
					}
					beats <- nil
				}()
				select {
				case err := <-beats:
					if err != nil {
						t.Fatal(err)
					}
				case <-time.After(20 * time.Second):
					t.Fatal("no three heartbeats in 20s while the puzzle was held")
				}
			} else {
				time.Sleep(20 * beat) // the puzzle is held this long
			}
			release()
			if a, err := stream.Recv(); err != nil || a.GetId() != "slow" || a.GetResult() == nil {
				t.Fatalf("answer = %v, %v; want a result for slow", a, err)
			}
			if !tt.want && stream.beats != 0 {
				t.Errorf("%d heartbeats with heartbeats off, want none", stream.beats)
			}
			during := stream.beats
			time.Sleep(10 * beat) // nothing in flight
			stream.CloseSend()
			if _, err := stream.Recv(); err != io.EOF {
				t.Fatalf("stream ended with %v, want EOF", err)
			}
			if after := stream.beats - during; after != 0 {
				t.Errorf("%d heartbeats with no puzzle in flight, want none", after)
			}
		})
	}
}

// TestSolveBatchNoHeartbeatWaiting: a puzzle waiting for a solving slot
// (the server busy with other calls) gets no heartbeats, so that a client
// may send it to another server.
func TestSolveBatchNoHeartbeatWaiting(t *testing.T) {
	const beat = 50 * time.Millisecond
	ts := startServer(t, Config{MaxConcurrent: 1, BatchHeartbeat: beat}, GRPCConfig{})
	stream, _, _ := ts.openBatchBaseline(t)
	release := holdSlot(t, ts)
	defer release()
	if err := stream.Send(&sudokuv1.BatchItem{Id: "a", Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the puzzle to wait for a slot", func() bool { return ts.srv.limit.waiting() == 1 })
	time.Sleep(10 * beat)
	release()
	if a, err := stream.Recv(); err != nil || a.GetId() != "a" || a.GetResult() == nil {
		t.Fatalf("answer = %v, %v; want a result for a", a, err)
	}
	// Heartbeats while it waited would be ten; one may come while it
	// solves, on a machine so busy that the solve takes a beat.
	if stream.beats > 1 {
		t.Errorf("%d heartbeats while the puzzle waited for a slot, want none", stream.beats)
	}
}

// holdSlot takes the server's one solving slot and returns what gives it
// back, which the test calls or defers (a second call does nothing).
func holdSlot(t *testing.T, ts *testServer) (release func()) {
	t.Helper()
	if err := ts.srv.limit.acquire(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	return sync.OnceFunc(ts.srv.limit.release)
}

// TestBatchIdleEmptyMessageAsLastAnswered receives a message without
// puzzles while the last puzzle in flight is answered: the idle clock must
// run afterwards, or the stream, with nothing in flight, never ends idle.
// The test runs the order that stopped it: received, waiting for the lock,
// while answered counts the puzzle and restarts the clock. received used
// to count the message before taking the lock, see the puzzle still in
// flight, and stop the clock that answered had just restarted.
func TestBatchIdleEmptyMessageAsLastAnswered(t *testing.T) {
	b := newBatchIdle(time.Hour)
	defer b.stop()
	b.received(1)
	b.mu.Lock()
	done := make(chan struct{})
	go func() {
		b.received(0)
		close(done)
	}()
	waitLocking(t, "service.(*batchIdle).received")
	// answered, the lock it takes held here already.
	if b.inFlight.Add(-1) == 0 {
		b.arm()
	}
	b.mu.Unlock()
	receive(t, done, 10*time.Second, "return from received")

	b.mu.Lock()
	running := b.timer != nil && b.timer.Stop()
	b.mu.Unlock()
	if n := b.inFlight.Load(); n != 0 || !running {
		t.Errorf("%d puzzles in flight, clock running %v; want 0 and true", n, running)
	}
}

// waitLocking waits until a goroutine whose stack has the function fn
// waits for a sync.Mutex, failing t after 10 seconds.
func waitLocking(t *testing.T, fn string) {
	t.Helper()
	waitFor(t, fn+" to wait for a lock", func() bool {
		var buf bytes.Buffer
		pprof.Lookup("goroutine").WriteTo(&buf, 2)
		for g := range strings.SplitSeq(buf.String(), "\n\n") {
			if strings.Contains(g, "[sync.Mutex.Lock") && strings.Contains(g, fn+"(") {
				return true
			}
		}
		return false
	})
}

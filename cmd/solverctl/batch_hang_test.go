package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// freezer is a TCP proxy to a server that can be frozen: it then stops
// reading and writing, as a server stopped with SIGSTOP, its kernel still
// holding the connections open.
type freezer struct {
	lis    net.Listener
	frozen chan struct{} // closed to freeze
	once   sync.Once
	done   chan struct{} // closed at the end of the test
}

// startFreezer starts a freezer to backend and returns it; it is closed
// when t ends.
func startFreezer(t *testing.T, backend string) *freezer {
	t.Helper()
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{lis: lis, frozen: make(chan struct{}), done: make(chan struct{})}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		close(f.done)
		lis.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	wg.Go(func() {
		for {
			in, err := lis.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", backend)
			if err != nil {
				in.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, in, out)
			mu.Unlock()
			wg.Go(func() { f.pipe(out, in) })
			wg.Go(func() { f.pipe(in, out) })
		}
	})
	return f
}

// pipe copies src to dst until either fails or the freezer freezes; then
// it reads nothing more until the test ends.
func (f *freezer) pipe(dst io.Writer, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		select {
		case <-f.frozen:
			<-f.done
			return
		default:
		}
		n, err := src.Read(buf)
		select {
		case <-f.frozen:
			<-f.done // what was read is lost with the frozen process
			return
		default:
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (f *freezer) freeze() { f.once.Do(func() { close(f.frozen) }) }

func (f *freezer) addr() string { return f.lis.Addr().String() }

// TestBatchHungServer: one of three servers hangs, its handler never
// answering or the whole server frozen half way through; the others
// answer every puzzle, each exactly once, and the hung one is named.
func TestBatchHungServer(t *testing.T) {
	tests := []struct {
		name string
		// hung starts the server that hangs and returns its address and
		// how many puzzles it answered.
		hung func(t *testing.T) (addr string, answered func() uint64)
		// declared tells that the hung server takes a stream, which is
		// then declared hung.
		declared bool
	}{
		{"handler never answers", func(t *testing.T) (string, func() uint64) {
			return startSilent(t), func() uint64 { return 0 }
		}, true},
		{"server frozen half way", func(t *testing.T) (string, func() uint64) {
			backend, _, srv := startTCP(t)
			f := startFreezer(t, backend)
			stop := make(chan struct{})
			t.Cleanup(func() { close(stop) })
			go func() {
				for srv.BatchAnswers() < 50 {
					select {
					case <-stop:
						return
					case <-time.After(time.Millisecond):
					}
				}
				f.freeze()
			}()
			return f.addr(), srv.BatchAnswers
		}, true},
		{"listener never reads", func(t *testing.T) (string, func() uint64) {
			// The connection is accepted, by the kernel as for a frozen
			// server, and never gets an HTTP/2 handshake: it never becomes
			// ready, and the batch does not wait for it.
			lis, err := net.Listen("tcp", "localhost:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { lis.Close() })
			return lis.Addr().String(), func() uint64 { return 0 }
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			puzzles, solutions := relabelled(600)
			file := writeLines(t, puzzles)
			addrA, _, srvA := startTCP(t)
			hung, hungAnswers := tt.hung(t)
			addrC, _, srvC := startTCP(t)
			// A generous bound, well under gRPC's connect timeout of 20s
			// that a batch waiting for the hung server would take.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var stdout, stderr bytes.Buffer
			// The puzzle timeout leaves a live server under -race on a
			// loaded machine time to answer (at 300ms, CI under a load of
			// 15 declared both live servers hung and 32 puzzles failed).
			err := run(ctx, []string{"batch", "--addr", addrA + "," + hung + "," + addrC,
				"--inflight", "16", "--per-message", "4", "--puzzle-timeout", "1s", file}, strings.NewReader(""), &stdout, &stderr)
			out, errOut := stdout.String(), stderr.String()
			if err != nil {
				t.Fatalf("run: %v\n%s", err, errOut)
			}
			got := parseBatchText(t, out) // fails on a puzzle answered twice
			if len(got) != len(puzzles) {
				t.Fatalf("%d lines, want %d", len(got), len(puzzles))
			}
			for i, sol := range solutions {
				if f := got[strconv.Itoa(i+1)]; f[1] != "solved" || f[2] != sol {
					t.Fatalf("line %d = %q, want solved %s", i+1, f, sol)
				}
			}
			said := strings.Contains(errOut, "solverctl: "+hung+": ") && strings.Contains(errOut, "declared hung (no answer in 1s, --puzzle-timeout, or longer once the server had answered a probe)")
			if said != tt.declared {
				t.Errorf("stderr says the server hung: %v, want %v:\n%s", said, tt.declared, errOut)
			}
			a, c := srvA.BatchAnswers(), srvC.BatchAnswers()
			if a == 0 || c == 0 {
				t.Errorf("answers %d and %d: want both live servers to take part", a, c)
			}
			t.Logf("answers: %d, %d (hung: %d)", a, c, hungAnswers())
		})
	}
}

// hangOnce is a service whose first SolveBatch stream never answers:
// a server that hangs for a while, then recovers.
type hangOnce struct {
	*service.Server
	once sync.Once
}

func (h *hangOnce) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	first := false
	h.once.Do(func() { first = true })
	if first {
		return silentServer{}.SolveBatch(stream)
	}
	return h.Server.SolveBatch(stream)
}

// TestBatchServerRecovers: a server whose first stream hangs is probed,
// answers the probe and then solves every puzzle, each once.
func TestBatchServerRecovers(t *testing.T) {
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := service.New(service.Config{})
	gs := grpc.NewServer()
	sudokuv1.RegisterSudokuServiceServer(gs, &hangOnce{Server: srv})
	go gs.Serve(lis)
	t.Cleanup(gs.Stop)
	puzzles, solutions := relabelled(100)
	out, errOut, err := runCLI(t, "", "batch", "--addr", lis.Addr().String(), "--inflight", "8", "--puzzle-timeout", "200ms", writeLines(t, puzzles))
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut)
	}
	got := parseBatchText(t, out)
	for i, sol := range solutions {
		if f := got[strconv.Itoa(i+1)]; f == nil || f[1] != "solved" || f[2] != sol {
			t.Fatalf("line %d = %q, want solved %s", i+1, f, sol)
		}
	}
	if !strings.Contains(errOut, ": 1 stream declared hung") {
		t.Errorf("stderr does not say one stream hung:\n%s", errOut)
	}
	// Every puzzle, and the probe's item error.
	if n := srv.BatchAnswers(); n != 101 {
		t.Errorf("the server answered %d items, want 101", n)
	}
}

func TestDefaultPuzzleTimeout(t *testing.T) {
	tests := []struct{ timeout, want time.Duration }{
		{0, 10 * time.Second},
		{2 * time.Second, time.Second},
		{20 * time.Second, 5 * time.Second},
		{time.Hour, 10 * time.Second},
	}
	for _, tt := range tests {
		if got := defaultPuzzleTimeout(tt.timeout); got != tt.want {
			t.Errorf("defaultPuzzleTimeout(%v) = %v, want %v", tt.timeout, got, tt.want)
		}
	}
	f, _, err := parseBatchArgs(&command{name: "batch"}, &env{stdout: io.Discard, stderr: io.Discard}, []string{"--addr", "x:1", "--timeout", "20s", "f"})
	if err != nil || f.puzzleTimeout != 5*time.Second {
		t.Errorf("with -addr and -timeout 20s: %v, -puzzle-timeout %v, want 5s", err, f.puzzleTimeout)
	}
	f, _, err = parseBatchArgs(&command{name: "batch"}, &env{stdout: io.Discard, stderr: io.Discard}, []string{"f"})
	if err != nil || f.puzzleTimeout != 0 {
		t.Errorf("in-process: %v, -puzzle-timeout %v, want none", err, f.puzzleTimeout)
	}
	_, _, err = parseBatchArgs(&command{name: "batch"}, &env{stdout: io.Discard, stderr: io.Discard}, []string{"--puzzle-timeout", "-1s", "f"})
	if _, ok := err.(*usageError); !ok || !strings.Contains(err.Error(), "-puzzle-timeout -1s is negative") {
		t.Errorf("negative -puzzle-timeout: %v, want a usage error", err)
	}
	// Shorter than a loaded server's heartbeats: taken, with a note.
	for _, tt := range []struct {
		flag string
		note bool
	}{{"200ms", true}, {"1s", false}, {"0", false}} {
		var stderr strings.Builder
		_, _, err = parseBatchArgs(&command{name: "batch"}, &env{stdout: io.Discard, stderr: &stderr}, []string{"--puzzle-timeout", tt.flag, "f"})
		if err != nil || strings.Contains(stderr.String(), "may be declared hung") != tt.note {
			t.Errorf("-puzzle-timeout %s: %v, stderr %q; want a note: %v", tt.flag, err, stderr.String(), tt.note)
		}
	}
}

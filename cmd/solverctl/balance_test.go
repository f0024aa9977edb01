package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/resolver/manual"

	"github.com/sudokuwise/solver/client"
	"github.com/sudokuwise/solver/internal/shared"
	"github.com/sudokuwise/solver/service"
)

// balancedPuzzles returns n puzzles: the 17-clue set of the shared folder,
// cycled, or without it (outside CI) puzzles made from the seed puzzle.
func balancedPuzzles(t *testing.T, n int) (puzzles []string, solutions map[int]string) {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	set := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "testdata", "puzzles", "tdoku_puzzles2_17_clue.txt")
	if _, err := os.Stat(set); err != nil {
		if os.Getenv("CI") != "" {
			shared.Dir(t) // fails: CI has the shared folder
		}
		t.Logf("no shared 17-clue set (%v): using %d puzzles made from the seed puzzle", err, n)
		ps, sols := relabelled(n)
		solutions = map[int]string{}
		for i, s := range sols {
			solutions[i+1] = s
		}
		return ps, solutions
	}
	all := shared.Puzzles(t, set, 0)
	if len(all) == 0 {
		t.Fatalf("no puzzles in %s", set)
	}
	for i := range n {
		puzzles = append(puzzles, all[i%len(all)])
	}
	return puzzles, nil
}

// TestBatchRoundRobin runs a batch through one dns:///-like target whose
// resolver (a manual one) returns three servers, kills one of them halfway
// and removes it from the resolver: every puzzle must be answered exactly
// once (the client sends again what the killed server did not answer), and
// every server must have taken a share of the load.
func TestBatchRoundRobin(t *testing.T) {
	n := 50_000
	switch {
	case testing.Short():
		n = 5_000
	case raceEnabled:
		n = 5_000 // the race detector slows solving about tenfold
	}
	puzzles, solutions := balancedPuzzles(t, n)
	file := writeLines(t, puzzles)

	type server struct {
		addr string
		g    *service.GRPC
		srv  *service.Server
	}
	var servers []*server
	var addrs []resolver.Address
	for range 3 {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		// One solving slot each: three servers share this machine's CPUs.
		srv := service.New(service.Config{MaxConcurrent: 1, BatchWorkers: 1})
		g := service.NewGRPC(srv, slog.New(slog.DiscardHandler))
		go g.Server.Serve(lis)
		t.Cleanup(g.Server.Stop)
		s := &server{addr: lis.Addr().String(), g: g, srv: srv}
		servers = append(servers, s)
		addrs = append(addrs, resolver.Address{Addr: s.addr})
	}
	scheme := fmt.Sprintf("solverctl-rr-%d", time.Now().UnixNano())
	r := manual.NewBuilderWithScheme(scheme)
	r.InitialState(resolver.State{Addresses: addrs})
	resolver.Register(r)
	target := scheme + ":///solverd-headless"
	if !client.Balanced(target) {
		t.Fatalf("%s is not a balanced target", target)
	}

	answered := func() (sum uint64) {
		for _, s := range servers {
			sum += s.srv.BatchAnswers()
		}
		return sum
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out := filepath.Join(t.TempDir(), "out.txt")
	var stderr strings.Builder
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"batch", "--addr", target, "--out", out, file}, strings.NewReader(""), new(strings.Builder), &stderr)
	}()

	// Halfway, kill the server that has answered most, as a crashed pod,
	// and take it out of the resolver.
	var killed atomic.Int32
	killed.Store(-1)
	var atKill [3]uint64
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			if killed.Load() >= 0 || answered() < uint64(n/2) {
				continue
			}
			k := 0
			for i, s := range servers {
				atKill[i] = s.srv.BatchAnswers()
				if atKill[i] > atKill[k] {
					k = i
				}
			}
			servers[k].g.Server.Stop()
			killed.Store(int32(k))
			var left []resolver.Address
			for i, s := range servers {
				if i != k {
					left = append(left, resolver.Address{Addr: s.addr})
				}
			}
			r.UpdateState(resolver.State{Addresses: left})
			t.Logf("killed server %d after %d answers (all: %v)", k, atKill[k], atKill)
		}
	}
	if err != nil {
		t.Fatalf("batch: %v\n%s", err, stderr.String())
	}
	k := int(killed.Load())
	if k < 0 {
		t.Fatalf("the batch ended before half of it was answered: %s", stderr.String())
	}
	if want := fmt.Sprintf("solverctl: %d puzzles in", n); !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}

	// Every puzzle answered exactly once, solved.
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[int]bool, n)
	for line := range strings.SplitSeq(strings.TrimSuffix(string(b), "\n"), "\n") {
		f := strings.Split(line, "\t")
		id, err := strconv.Atoi(f[0])
		if err != nil || len(f) < 3 {
			t.Fatalf("bad line %q", line)
		}
		if seen[id] {
			t.Fatalf("puzzle %d answered twice", id)
		}
		seen[id] = true
		if f[1] != "solved" {
			t.Errorf("puzzle %d: %q", id, line)
			continue
		}
		if err := checkSolution(puzzles[id-1], f[2]); err != nil {
			t.Errorf("puzzle %d: %v", id, err)
		}
		if want, ok := solutions[id]; ok && f[2] != want {
			t.Errorf("puzzle %d: solution %s, want %s", id, f[2], want)
		}
	}
	if len(seen) != n {
		t.Fatalf("%d puzzles answered, want %d", len(seen), n)
	}

	// The load spread before the kill, over all three servers...
	var before uint64
	for _, a := range atKill {
		before += a
	}
	for i, a := range atKill {
		if a < before/10 {
			t.Errorf("before the kill, server %d had answered %d of %d: the load did not spread (%v)", i, a, before, atKill)
		}
	}
	// ... and over the whole batch: the killed server had taken a share
	// before it died, and the two left took a share each.
	var total uint64
	for i, s := range servers {
		got := s.srv.BatchAnswers()
		total += got
		t.Logf("server %d answered %d (%.0f%%)%s", i, got, 100*float64(got)/float64(n), map[bool]string{true: ", killed"}[i == k])
		if got < uint64(n/10) {
			t.Errorf("server %d answered %d of %d puzzles: the load did not spread", i, got, n)
		}
	}
	// Answers the killed server sent that never arrived were sent again.
	if total < uint64(n) {
		t.Errorf("the servers sent %d answers for %d puzzles", total, n)
	}
}

// checkSolution checks that solution is a full classic grid that keeps the
// clues of puzzle.
func checkSolution(puzzle, solution string) error {
	if len(solution) != 81 || len(puzzle) != 81 {
		return fmt.Errorf("solution %q", solution)
	}
	for i := range 81 {
		if c := puzzle[i]; c >= '1' && c <= '9' && solution[i] != c {
			return fmt.Errorf("solution %s changes the clue at %d", solution, i)
		}
	}
	for u := range 27 {
		var seen [10]bool
		for k := range 9 {
			var cell int
			switch {
			case u < 9:
				cell = u*9 + k
			case u < 18:
				cell = k*9 + u - 9
			default:
				b := u - 18
				cell = (b/3*3+k/3)*9 + b%3*3 + k%3
			}
			d := solution[cell] - '0'
			if d < 1 || d > 9 || seen[d] {
				return fmt.Errorf("solution %s breaks unit %d", solution, u)
			}
			seen[d] = true
		}
	}
	return nil
}

package strategy_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

var updateLocked = flag.Bool("update-locked", false, "rewrite testdata/locked-nested.golden from Locked Nested Trial")

// lockedBoards reads testdata/locked-nested.txt: boards where Nested
// Forcing Net is stuck.
func lockedBoards(t testing.TB) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, line := range shared.Lines(t, filepath.Join("testdata", "locked-nested.txt")) {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := codec.Decode(line, codec.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Board(p.Variant)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	return boards
}

// TestLockedNestedTrial runs Locked Nested Trial in find-all mode on
// boards where Nested Forcing Net finds nothing, checks every step
// against the board's one solution, wants a floor of steps (a finder
// that finds nothing fails), and compares the steps' explanations with
// testdata/locked-nested.golden (-update-locked rewrites it). Nested
// Forcing Net itself must find nothing there: the steps are the trial's
// own.
func TestLockedNestedTrial(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	var texts []string
	var srch search.Searcher
	lemmas := 0
	for i, b := range lockedBoards(t) {
		n := grid.Notation{Layout: b.Layout()}
		counted, err := srch.Count(context.Background(), b, 2)
		if err != nil || len(counted.Solutions) != 1 {
			t.Fatalf("board %d: %d solutions, %v; want one", i, len(counted.Solutions), err)
		}
		sol := counted.Solutions[0]
		var r2 strategy.Sink
		strategy.NestedForcingNet().Find(b, &r2)
		if len(r2.Steps()) > 0 {
			t.Errorf("board %d: Nested Forcing Net finds %s", i, r2.Steps()[0].Explain(n))
		}
		sink := strategy.Sink{All: true}
		strategy.LockedNestedTrial().Find(b, &sink)
		for _, s := range sink.Steps() {
			text := s.Explain(n)
			texts = append(texts, text)
			if !strings.HasPrefix(text, "Locked Nested Trial: if ") || len(s.Eliminations) != 1 || len(s.Nodes) < 2 {
				t.Errorf("board %d: a step of %d eliminations and %d nodes: %s", i, len(s.Eliminations), len(s.Nodes), text)
			}
			// A unit left without a digit is a group node of that digit;
			// one of no digit is a pair, worded by its origin. (The outer
			// trial's end was a group node of no digit over row 1 on
			// every step, its contradiction lost when the replay's state
			// was taken back.)
			for k, nd := range s.Nodes {
				if nd.Kind == strategy.GroupNode && nd.Digit == 0 && nd.Origin == "" {
					t.Errorf("board %d: node %d is a group node of no digit and no origin: %s", i, k, text)
				}
			}
			if strings.Contains(text, "row 1 has too few digits") {
				t.Errorf("board %d: %s", i, text)
			}
			// The trial's course; a lemma (a candidate ruled out) links on
			// to its trial's premise, the same candidate, and is
			// highlighted off.
			for _, lk := range s.Links {
				if lk.Kind != strategy.Then {
					t.Errorf("board %d: link %+v is no link of a trial's course: %s", i, lk, text)
				}
				a, b := s.Nodes[lk.From], s.Nodes[lk.To]
				if a.Kind == strategy.CandidateNode && b.Kind == strategy.CandidateNode && a.Digit == b.Digit && slices.Equal(a.Cells, b.Cells) {
					lemmas++
					if !slices.Contains(s.Marks, strategy.Mark{Cell: a.Cells[0], Digit: a.Digit, Role: strategy.RoleOff}) {
						t.Errorf("board %d: node %d, a lemma, is not highlighted off: %s", i, lk.From, text)
					}
				}
			}
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("board %d: removes the solution's %d from %s: %s", i, e.Digit, n.CellName(e.Cell), text)
				}
			}
		}
		t.Logf("board %d: %d steps", i, len(sink.Steps()))
	}
	if lemmas == 0 {
		t.Error("no lemma in the steps: the check of their links saw nothing")
	}
	const floor = 3
	if len(texts) < floor {
		t.Errorf("%d steps on the stuck boards, want %d or more", len(texts), floor)
	}
	golden := filepath.Join("testdata", "locked-nested.golden")
	if *updateLocked {
		if err := os.WriteFile(golden, []byte(strings.Join(texts, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := shared.Lines(t, golden)
	if len(want) != len(texts) {
		t.Errorf("%d steps, the golden file %d", len(texts), len(want))
	}
	for i := range min(len(want), len(texts)) {
		if texts[i] != want[i] {
			t.Errorf("step %d:\n got %s\nwant %s", i+1, texts[i], want[i])
		}
	}
}

// BenchmarkLockedNestedTrial runs Locked Nested Trial in find-all mode on
// the boards of testdata/locked-nested.txt.
func BenchmarkLockedNestedTrial(b *testing.B) {
	boards := lockedBoards(b)
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			sink := strategy.Sink{All: true}
			strategy.LockedNestedTrial().Find(bd, &sink)
		}
	}
}

// TestLockedNestedTrialCancel: a search whose sink is cancelled stops
// early: it finds fewer steps than the whole search on every board where
// that finds any (the caller discards what a cancelled finder leaves).
func TestLockedNestedTrialCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	done := make(chan struct{})
	close(done)
	for i, b := range lockedBoards(t) {
		whole := strategy.Sink{All: true}
		strategy.LockedNestedTrial().Find(b, &whole)
		cancelled := strategy.Sink{All: true, Cancel: done}
		strategy.LockedNestedTrial().Find(b, &cancelled)
		if len(whole.Steps()) == 0 || len(cancelled.Steps()) >= len(whole.Steps()) {
			t.Errorf("board %d: %d steps cancelled, %d whole; want fewer, and some whole", i, len(cancelled.Steps()), len(whole.Steps()))
		}
	}
}

package strategy_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// cageIntersectionBoards returns the boards Cage Intersection is tested and
// measured on: those before every fifth step of the logic solves of the
// first killer of engine/solver/testdata/killer9-cagesize.txt and the
// first of killer9-tarek.txt, as logic-only solves took them before the
// Dear passes waited on killers (see everyPassSteps).
func cageIntersectionBoards(tb testing.TB) []*grid.Board {
	tb.Helper()
	var boards []*grid.Board
	for _, f := range []struct {
		path  string
		lines int
	}{{"../solver/testdata/killer9-cagesize.txt", 1}, {"../search/testdata/killer9-tarek.txt", 1}} {
		for line := 1; line <= f.lines; line++ {
			b := boardAt(tb, f.path, line)
			boards = append(boards, b.Clone())
			everyPassSteps(b, solver.Options{Type: solver.LogicOnly}, func(k int, after *grid.Board) {
				if k%5 == 0 {
					boards = append(boards, after.Clone())
				}
			})
		}
	}
	return boards
}

// everyPassSteps takes the steps of logic on b with the strategies opts
// allows, running every pass in order after every step, the first to
// find a step taking it, until none finds one, and calls after with each
// step's number and the board after it: the steps of a solve before the
// solver let Dear passes that found nothing wait on killers (session 16),
// which the golden files of the enumeration's steps were written along.
func everyPassSteps(b *grid.Board, opts solver.Options, after func(k int, b *grid.Board)) {
	passes := strategy.Plan(func(st *strategy.Strategy) bool { return opts.Allows(st, b.Layout()) })
	k := 0 // the steps taken before the state SolveByFirstSteps hands over
	strategy.SolveByFirstSteps(b, passes, func(b *grid.Board, _ *strategy.Step) {
		if k > 0 {
			after(k, b)
		}
		k++
	})
	if b.Solved() && k > 0 {
		after(k, b) // the state after the last step, which it does not hand over
	}
}

// TestCageIntersectionSteps checks every step Cage Intersection finds
// (find-all mode) on the cageIntersectionBoards against their solutions
// and against testdata/cage-intersection.golden, the steps the
// enumeration of every joint filling found before the finder moved onto
// the linear search (at 726ee1c): each of those must come out byte for
// byte and in the same order. The linear search finds more where that
// enumeration spent its 50 000 nodes and concluded nothing (121 more
// steps here); those must be sound.
func TestCageIntersectionSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: killer solves")
	}
	want := shared.Lines(t, filepath.Join("testdata", "cage-intersection.golden"))
	var srch search.Searcher
	next, found := 0, 0
	for i, b := range cageIntersectionBoards(t) {
		counted, err := srch.Count(context.Background(), b, 2)
		if err != nil || len(counted.Solutions) != 1 {
			t.Fatalf("board %d: %d solutions, %v; want one", i, len(counted.Solutions), err)
		}
		sol := counted.Solutions[0]
		n := grid.Notation{Layout: b.Layout()}
		sink := strategy.Sink{All: true}
		strategy.CageIntersection().Find(b, &sink)
		for _, s := range sink.Steps() {
			found++
			text := fmt.Sprintf("%d: %s", i, s.Explain(n))
			if next < len(want) && text == want[next] {
				next++
			}
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("board %d: removes the solution's %d from %s: %s", i, e.Digit, n.CellName(e.Cell), text)
				}
			}
		}
	}
	t.Logf("%d steps, %d of them the enumeration's", found, next)
	if next < len(want) {
		t.Errorf("the enumeration's step %d is not found (in order): %s", next+1, want[next])
	}
}

// BenchmarkCageIntersection runs Cage Intersection in find-all mode on the
// cageIntersectionBoards.
func BenchmarkCageIntersection(b *testing.B) {
	boards := cageIntersectionBoards(b)
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			sink := strategy.Sink{All: true}
			strategy.CageIntersection().Find(bd, &sink)
		}
	}
}

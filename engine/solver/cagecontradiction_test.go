package solver_test

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// onlySolution returns b's solution, which the exact search proves is
// its only one.
func onlySolution(t *testing.T, b *grid.Board) []uint8 {
	t.Helper()
	var srch search.Searcher
	counted, err := srch.Count(context.Background(), b, 2)
	if err != nil || len(counted.Solutions) != 1 {
		t.Fatalf("count: %d solutions, %v; want one", len(counted.Solutions), err)
	}
	return counted.Solutions[0]
}

// TestCageContradictionSound solves the first of tarek's killers (no
// givens; logic was stuck after 22 steps before Cage Contradiction) by
// logic, checking every step against the solution the exact search
// proves, and requires the solve to finish with at least 10 Cage
// Contradiction steps, so that the test fails if the trials stop finding
// their contradictions or the solve falls back on guessing.
func TestCageContradictionSound(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: seconds of trials; CI runs it in full")
	}
	b := readPuzzles(t, "../search/testdata/killer9-tarek.txt")[0]
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	taken := 0
	res, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, _ *grid.Board) error {
		if s.Strategy == strategy.CageContradiction() {
			taken++
		}
		for _, p := range s.Placements {
			if sol[p.Cell] != uint8(p.Digit) {
				t.Errorf("step %d places %s=%d, solution %d: %s", k, n.CellName(p.Cell), p.Digit, sol[p.Cell], s.Explain(n))
			}
		}
		for _, e := range s.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				t.Errorf("step %d removes the solution's %d from %s: %s", k, e.Digit, n.CellName(e.Cell), s.Explain(n))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solver.Solved || !res.Board.ValuesEqual(sol) {
		t.Errorf("status %s: logic did not reach the solution", res.Status)
	}
	if taken < 10 {
		t.Errorf("%d Cage Contradiction steps taken, want at least 10", taken)
	}
	t.Logf("%d steps, %d of them Cage Contradiction", res.Steps, taken)
}

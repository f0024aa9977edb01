package solver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLongNestedSound solves tarek's killer of line 18 of
// engine/search/testdata/killer9-tarek.txt (no givens; logic was stuck
// after 43 steps with every cell open before Long Nested Cage
// Contradiction) by logic, checking every step against the solution the
// exact search proves, and requires the solve to finish and to take at
// least 5 Long Nested Cage Contradiction steps, each with an inner
// trial, so that the test fails if the long search stops finding its
// contradictions or the solve falls back on guessing.
func TestLongNestedSound(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: tens of seconds of nested trials; CI runs it in full")
	}
	const line, least = 18, 5
	b := readPuzzles(t, "../search/testdata/killer9-tarek.txt")[line-1]
	var srch search.Searcher
	counted, err := srch.Count(context.Background(), b, 2)
	if err != nil || len(counted.Solutions) != 1 {
		t.Fatalf("count: %d solutions, %v; want one", len(counted.Solutions), err)
	}
	sol := counted.Solutions[0]
	n := grid.Notation{Layout: b.Layout()}
	taken := 0
	res, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, _ *grid.Board) error {
		if s.Strategy == strategy.LongNestedContradiction() {
			taken++
			if !strings.Contains(s.Explain(n), "(if it were ") {
				t.Errorf("step %d has no inner trial: %s", k, s.Explain(n))
			}
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
	if taken < least {
		t.Errorf("%d Long Nested Cage Contradiction steps taken, want at least %d", taken, least)
	}
	t.Logf("%d steps, %d of them Long Nested Cage Contradiction", res.Steps, taken)
}

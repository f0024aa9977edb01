package solver_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// errEnough stops a solve that has taken the steps a test wants.
var errEnough = errors.New("enough steps")

// TestNestedContradictionSound solves tarek's killers of lines 11 and 22
// of engine/search/testdata/killer9-tarek.txt (no givens; logic was stuck
// after 25 and 20 steps with every cell open before Nested Cage
// Contradiction), and line 18 (stuck after 43 steps before Long Nested
// Cage Contradiction), by logic, checking every step against the
// solution the exact search proves, and requires each solve to finish and
// to take steps of the technique, each with an inner trial, so that the
// test fails if the nested trials stop finding their contradictions or a
// solve falls back on guessing. Line 37 (stuck after 16 steps, Long Nested
// Cage Contradiction included, without Strong Nested Cage Contradiction,
// and after 29 with it, 13 of them its) is followed only until it has
// taken the least Strong Nested Cage Contradiction steps, checked the same
// way.
func TestNestedContradictionSound(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: tens of seconds of nested trials; CI runs it in full")
	}
	boards := readPuzzles(t, "../search/testdata/killer9-tarek.txt")
	for _, tt := range []struct {
		st          *strategy.Strategy
		line, least int
		partial     bool // stop at least steps of st: logic does not finish
	}{
		{strategy.NestedContradiction(), 11, 4, false},
		{strategy.NestedContradiction(), 22, 1, false},
		{strategy.LongNestedContradiction(), 18, 5, false},
		{strategy.StrongNestedContradiction(), 37, 3, true},
	} {
		b := boards[tt.line-1]
		sol := onlySolution(t, b)
		n := grid.Notation{Layout: b.Layout()}
		taken := 0
		res, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, _ *grid.Board) error {
			for _, p := range s.Placements {
				if sol[p.Cell] != uint8(p.Digit) {
					t.Errorf("line %d step %d places %s=%d, solution %d: %s", tt.line, k, n.CellName(p.Cell), p.Digit, sol[p.Cell], s.Explain(n))
				}
			}
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("line %d step %d removes the solution's %d from %s: %s", tt.line, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
				}
			}
			if s.Strategy != tt.st {
				return nil
			}
			if !strings.Contains(s.Explain(n), "(if it were ") {
				t.Errorf("line %d step %d has no inner trial: %s", tt.line, k, s.Explain(n))
			}
			if taken++; tt.partial && taken == tt.least {
				return errEnough
			}
			return nil
		})
		if tt.partial && errors.Is(err, errEnough) {
			t.Logf("line %d: stopped after %d %s steps", tt.line, taken, tt.st.Name())
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solver.Solved || !res.Board.ValuesEqual(sol) {
			t.Errorf("line %d: status %s: logic did not reach the solution", tt.line, res.Status)
		}
		if taken < tt.least {
			t.Errorf("line %d: %d %s steps taken, want at least %d", tt.line, taken, tt.st.Name(), tt.least)
		}
		t.Logf("line %d: %d steps, %d of them %s", tt.line, res.Steps, taken, tt.st.Name())
	}
}

package solver_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// errEnough stops a solve that has taken the steps a test wants.
var errEnough = errors.New("enough steps")

// TestStrongNestedContradictionSound follows the logic solve of tarek's
// killer of line 37 of engine/search/testdata/killer9-tarek.txt (no
// givens; logic, Long Nested Cage Contradiction included, is stuck after
// 16 steps with every cell open without Strong Nested Cage Contradiction,
// and after 29 with it, 13 of them its) until it has taken least Strong
// Nested Cage
// Contradiction steps, checking every step against the solution the
// exact search proves and each of the technique's for an inner trial, so
// that the test fails if the strong trials stop finding their
// contradictions or find a wrong one.
func TestStrongNestedContradictionSound(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: tens of seconds of nested trials; CI runs it in full")
	}
	boards := readPuzzles(t, "../search/testdata/killer9-tarek.txt")
	st := strategy.StrongNestedContradiction()
	for _, tt := range []struct{ line, least int }{
		{37, 3},
	} {
		b := boards[tt.line-1]
		var srch search.Searcher
		counted, err := srch.Count(context.Background(), b, 2)
		if err != nil || len(counted.Solutions) != 1 {
			t.Fatalf("line %d: count: %d solutions, %v; want one", tt.line, len(counted.Solutions), err)
		}
		sol := counted.Solutions[0]
		n := grid.Notation{Layout: b.Layout()}
		taken, steps := 0, 0
		_, err = solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, _ *grid.Board) error {
			steps++
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
			if s.Strategy != st {
				return nil
			}
			if !strings.Contains(s.Explain(n), "(if it were ") {
				t.Errorf("line %d step %d has no inner trial: %s", tt.line, k, s.Explain(n))
			}
			if taken++; taken == tt.least {
				return errEnough
			}
			return nil
		})
		if err != nil && !errors.Is(err, errEnough) {
			t.Fatal(err)
		}
		if taken < tt.least {
			t.Errorf("line %d: %d %s steps taken, want at least %d", tt.line, taken, st.Name(), tt.least)
		}
		t.Logf("line %d: %d steps, %d of them %s", tt.line, steps, taken, st.Name())
	}
}

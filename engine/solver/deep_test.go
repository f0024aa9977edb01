package solver_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestDeepRunsOnlyInLogicOnly checks the rule of the Deep cost class: a
// Deep strategy runs in logic-only solves and where a solve names it, and
// a mixed solve (the default) leaves it out, while the Dear strategies
// run in both.
func TestDeepRunsOnlyInLogicOnly(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	deep := strategy.LongNestedContradiction()
	dear := strategy.NestedContradiction()
	if deep.Cost() != strategy.Deep || dear.Cost() != strategy.Dear {
		t.Fatalf("costs %v and %v, want deep and dear", deep.Cost(), dear.Cost())
	}
	tests := []struct {
		name       string
		opts       solver.Options
		deep, dear bool
	}{
		{"mixed", solver.Options{Type: solver.Mixed}, false, true},
		{"logic only", solver.Options{Type: solver.LogicOnly}, true, true},
		{"mixed, named", solver.Options{Type: solver.Mixed, Strategies: []*strategy.Strategy{deep, dear}}, true, true},
		// DeepLooks runs them where the solve would guess, not among its
		// passes.
		{"mixed, deep looks", solver.Options{Type: solver.Mixed, DeepLooks: 400_000}, false, true},
	}
	for _, tc := range tests {
		if got := tc.opts.Allows(deep, l); got != tc.deep {
			t.Errorf("%s: Allows(%s) = %v, want %v", tc.name, deep.Name(), got, tc.deep)
		}
		if got := tc.opts.Allows(dear, l); got != tc.dear {
			t.Errorf("%s: Allows(%s) = %v, want %v", tc.name, dear.Name(), got, tc.dear)
		}
	}
}

// TestDeepLooksBeforeGuess follows the mixed solve of line 37 of
// engine/search/testdata/killer9-tarek.txt, where logic without the Deep
// strategies stops after a few steps, to its first guess or Deep step:
// by default (DeepLooks 0) it guesses first; with DeepLooks, a Strong
// Nested Cage Contradiction search of a tenth of them (after a Long Nested
// one that finds nothing) takes a step there instead, sound against the
// solution, before any guess.
func TestDeepLooksBeforeGuess(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: a killer solve with nested trials, seconds of CPU")
	}
	b := readPuzzles(t, "../search/testdata/killer9-tarek.txt")[36]
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	for _, tc := range []struct {
		looks int
		want  *strategy.Strategy // the first Deep or guessing step
	}{
		{0, strategy.Guessing()},
		{400_000, strategy.StrongNestedContradiction()},
	} {
		var first *strategy.Strategy
		_, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.Mixed, DeepLooks: tc.looks}, func(k int, s *strategy.Step, _ *grid.Board) error {
			if s.Strategy != strategy.Guessing() && s.Strategy.Cost() != strategy.Deep {
				return nil
			}
			first = s.Strategy
			if s.Strategy.Cost() == strategy.Deep {
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("looks %d: step %d removes the solution's %d from %s: %s", tc.looks, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
					}
				}
			}
			return errEnough
		})
		if !errors.Is(err, errEnough) {
			t.Fatalf("looks %d: the solve ended (%v) without a guess or Deep step", tc.looks, err)
		}
		if first != tc.want {
			t.Errorf("looks %d: first guess or Deep step %s, want %s", tc.looks, first.Name(), tc.want.Name())
		}
	}
}

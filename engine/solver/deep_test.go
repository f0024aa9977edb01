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
	// A killer's: the cage strategies run only on boards with cages.
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}})
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
	deep := func(s *strategy.Strategy) bool { return s.Cost() == strategy.Deep }
	for _, tc := range []struct {
		looks int
		want  *strategy.Strategy // the first Deep or guessing step
	}{
		{0, strategy.Guessing()},
		{400_000, strategy.StrongNestedContradiction()},
	} {
		first := firstBeforeGuess(t, b, solver.Options{Type: solver.Mixed, DeepLooks: tc.looks}, deep)
		if first != tc.want {
			t.Errorf("looks %d: first guess or Deep step %s, want %s", tc.looks, first.Name(), tc.want.Name())
		}
	}
}

// TestVerityLooksBeforeGuess follows the default mixed solve of killer 38
// of engine/search/testdata/killer9-tarek.txt to its first guess or Cage
// Filling Verity step: by default (VerityLooks 0) it guesses first; with
// VerityLooks, the deep round before the first guess runs Cage Filling
// Verity and takes its step (r3c2<>9) there instead, sound against the
// solution.
func TestVerityLooksBeforeGuess(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: a killer solve with strong trials, seconds of CPU")
	}
	b := readPuzzles(t, "../search/testdata/killer9-tarek.txt")[37]
	w2 := strategy.CageFillingVerity()
	verity := func(s *strategy.Strategy) bool { return s == w2 }
	for _, tc := range []struct {
		looks int
		want  *strategy.Strategy // the first Cage Filling Verity or guessing step
	}{
		{0, strategy.Guessing()},
		{1_000_000, w2},
	} {
		first := firstBeforeGuess(t, b, solver.Options{Type: solver.Mixed, VerityLooks: tc.looks}, verity)
		if first != tc.want {
			t.Errorf("looks %d: first guess or Cage Filling Verity step %s, want %s", tc.looks, first.Name(), tc.want.Name())
		}
	}
}

// firstBeforeGuess solves b with opts to its first guess or first step of
// a strategy that watched reports, checks that step's eliminations
// against the solution and returns its strategy.
func firstBeforeGuess(t *testing.T, b *grid.Board, opts solver.Options, watched func(*strategy.Strategy) bool) *strategy.Strategy {
	t.Helper()
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	var first *strategy.Strategy
	_, err := solver.Solve(context.Background(), b.Clone(), opts, func(k int, s *strategy.Step, _ *grid.Board) error {
		if s.Strategy != strategy.Guessing() && !watched(s.Strategy) {
			return nil
		}
		first = s.Strategy
		if s.Strategy != strategy.Guessing() {
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("step %d removes the solution's %d from %s: %s", k, e.Digit, n.CellName(e.Cell), s.Explain(n))
				}
			}
		}
		return errEnough
	})
	if !errors.Is(err, errEnough) {
		t.Fatalf("the solve ended (%v) without a guess or a step of the strategy watched", err)
	}
	return first
}

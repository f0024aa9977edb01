package solver_test

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

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
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	w2 := strategy.CageFillingVerity()
	for _, tc := range []struct {
		looks int
		want  *strategy.Strategy // the first Cage Filling Verity or guessing step
	}{
		{0, strategy.Guessing()},
		{1_000_000, w2},
	} {
		var first *strategy.Strategy
		_, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.Mixed, VerityLooks: tc.looks}, func(k int, s *strategy.Step, _ *grid.Board) error {
			if s.Strategy != strategy.Guessing() && s.Strategy != w2 {
				return nil
			}
			first = s.Strategy
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("looks %d: step %d removes the solution's %d from %s: %s", tc.looks, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
				}
			}
			return errEnough
		})
		if !errors.Is(err, errEnough) {
			t.Fatalf("looks %d: the solve ended (%v) without a guess or Cage Filling Verity step", tc.looks, err)
		}
		if first != tc.want {
			t.Errorf("looks %d: first guess or Cage Filling Verity step %s, want %s", tc.looks, first.Name(), tc.want.Name())
		}
	}
}

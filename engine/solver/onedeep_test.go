package solver

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestOneDeepSearch solves, with and without Options.OneDeepSearch, the
// forum's HS killer 9 (line 9 of testdata/killer-hs.txt), which logic
// without the Deep strategies leaves to guesses, and tarek's killers 37
// and 41, where one Long Nested Cage Contradiction search finds a step
// and does not finish them. With it, HS 9 is finished without a guess by
// the Long Nested steps of one search, taken in a batch (at least two of
// them), and no Strong Nested search runs; tarek 41 is finished without
// a guess by the Strong Nested searches that follow the Long one; tarek
// 37 still guesses after Strong Nested steps, and no Deep step comes
// after its first guess. Without it, all three guess and take no Deep
// step. Every step before a guess is checked against the solution.
func TestOneDeepSearch(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: killer solves with nested trials, seconds of CPU")
	}
	hs := readPublished(t, "testdata/killer-hs.txt")
	if len(hs) != 9 {
		t.Fatalf("%d puzzles in killer-hs.txt, want 9", len(hs))
	}
	hs9, err := hs[8].p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	tarek := func(line int) (*grid.Board, []uint8) {
		b := variantLine(t, "killer9-tarek.txt", line)
		var srch search.Searcher
		counted, err := srch.Count(context.Background(), b, 2)
		if err != nil || len(counted.Solutions) != 1 {
			t.Fatalf("tarek %d: %d solutions, %v; want one", line, len(counted.Solutions), err)
		}
		return b, counted.Solutions[0]
	}
	tarek37, sol37 := tarek(37)
	tarek41, sol41 := tarek(41)
	long, strong := strategy.LongNestedContradiction(), strategy.StrongNestedContradiction()
	for _, tc := range []struct {
		name      string
		b         *grid.Board
		sol       []uint8
		one       bool
		guesses   bool // whether the solve guesses
		minLong   int  // Long Nested steps, at least
		minStrong int  // Strong Nested steps, at least (none when 0)
	}{
		{"HS 9, one deep search", hs9, hs[8].sol, true, false, 2, 0},
		{"HS 9, default", hs9, hs[8].sol, false, true, 0, 0},
		{"tarek 37, one deep search", tarek37, sol37, true, true, 1, 1},
		{"tarek 37, default", tarek37, sol37, false, true, 0, 0},
		{"tarek 41, one deep search", tarek41, sol41, true, false, 1, 1},
		{"tarek 41, default", tarek41, sol41, false, true, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := grid.Notation{Layout: tc.b.Layout()}
			var longSteps, strongSteps, otherDeep, afterGuess int
			guessed := false
			opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted, OneDeepSearch: tc.one}
			res, err := Solve(context.Background(), tc.b.Clone(), opts, func(k int, s *strategy.Step, _ *grid.Board) error {
				switch {
				case s.Strategy == strategy.Guessing():
					guessed = true
					return nil
				case s.Strategy.Cost() == strategy.Deep:
					if guessed {
						afterGuess++
					}
					switch s.Strategy {
					case long:
						longSteps++
					case strong:
						strongSteps++
					default:
						otherDeep++
					}
				}
				if !guessed {
					checkStep(t, tc.sol, n, tc.name, s)
				}
				return nil
			})
			if err != nil || res.Status != Solved || res.Count != 1 || !res.CountComplete {
				t.Fatalf("status %v, count %d (complete %v), %v; want solved, unique", res.Status, res.Count, res.CountComplete, err)
			}
			if (res.Guesses > 0) != tc.guesses {
				t.Errorf("%d guesses; want guesses %v", res.Guesses, tc.guesses)
			}
			if longSteps < tc.minLong || !tc.one && longSteps > 0 || otherDeep > 0 || afterGuess > 0 {
				t.Errorf("%d Long Nested steps (want at least %d, none without the option), %d other Deep steps, %d Deep steps after a guess; want none", longSteps, tc.minLong, otherDeep, afterGuess)
			}
			if strongSteps < tc.minStrong || tc.minStrong == 0 && strongSteps > 0 {
				t.Errorf("%d Strong Nested steps; want at least %d (none when 0)", strongSteps, tc.minStrong)
			}
		})
	}
}

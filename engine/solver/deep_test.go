package solver_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
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

// TestOneDeepSearch solves, with and without Options.OneDeepSearch, the
// forum's HS killer 9 (line 9 of testdata/killer-hs.txt), which logic
// without the Deep strategies leaves to guesses, and tarek's killer 37,
// which one Long Nested Cage Contradiction search does not finish. With
// it, HS 9 is finished without a guess by the Long Nested steps of one
// search, taken in a batch (at least two of them, each checked against
// the solution); tarek 37 still guesses, and no Deep step comes after its
// first guess, nor any Strong Nested one (the option runs Long Nested
// alone, once). Without it, both guess and take no Deep step.
func TestOneDeepSearch(t *testing.T) {
	if solver.Race || solver.Quick() {
		t.Skip("skipped under -race and -short: killer solves with nested trials, seconds of CPU")
	}
	hs := readPublishedBoards(t, "testdata/killer-hs.txt")
	tarek := readPuzzles(t, "../search/testdata/killer9-tarek.txt")
	if len(hs) != 9 || len(tarek) != 42 {
		t.Fatalf("%d and %d puzzles, want 9 and 42", len(hs), len(tarek))
	}
	long := strategy.LongNestedContradiction()
	for _, tc := range []struct {
		name      string
		b         *grid.Board
		one       bool
		guesses   bool // whether the solve guesses
		minLong   int  // Long Nested steps, at least
		onlyFirst bool // the Deep steps all before the first guess
	}{
		{"HS 9, one deep search", hs[8], true, false, 2, true},
		{"HS 9, default", hs[8], false, true, 0, true},
		{"tarek 37, one deep search", tarek[36], true, true, 0, true},
		{"tarek 37, default", tarek[36], false, true, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sol := onlySolution(t, tc.b)
			n := grid.Notation{Layout: tc.b.Layout()}
			var longSteps, afterGuess, strong int
			guessed := false
			opts := solver.Options{Type: solver.Mixed, CheckMultiple: true, Order: solver.Guided, Weight: solver.Weighted, OneDeepSearch: tc.one}
			res, err := solver.Solve(context.Background(), tc.b.Clone(), opts, func(k int, s *strategy.Step, _ *grid.Board) error {
				switch {
				case s.Strategy == strategy.Guessing():
					guessed = true
				case s.Strategy.Cost() == strategy.Deep:
					if guessed {
						afterGuess++
					}
					if s.Strategy == long {
						longSteps++
					} else {
						strong++
					}
				}
				if !guessed {
					for _, e := range s.Eliminations {
						if sol[e.Cell] == uint8(e.Digit) {
							t.Errorf("step %d removes the solution's %d from %s: %s", k, e.Digit, n.CellName(e.Cell), s.Explain(n))
						}
					}
				}
				return nil
			})
			if err != nil || res.Status != solver.Solved || res.Count != 1 || !res.CountComplete {
				t.Fatalf("status %v, count %d (complete %v), %v; want solved, unique", res.Status, res.Count, res.CountComplete, err)
			}
			if (res.Guesses > 0) != tc.guesses {
				t.Errorf("%d guesses; want guesses %v", res.Guesses, tc.guesses)
			}
			if longSteps < tc.minLong || !tc.one && longSteps > 0 || strong > 0 || afterGuess > 0 {
				t.Errorf("%d Long Nested steps (want at least %d, none without the option), %d other Deep steps, %d Deep steps after a guess; want none", longSteps, tc.minLong, strong, afterGuess)
			}
		})
	}
}

// readPublishedBoards reads the puzzles of a fixture of lines "<puzzle
// text> <solution>", the solutions left out.
func readPublishedBoards(t *testing.T, path string) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, line := range shared.Lines(t, path) {
		text, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, _, err := codec.Decode(text, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("%s: %.40s: %v", path, text, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s: %.40s: %v", path, text, err)
		}
		boards = append(boards, b)
	}
	return boards
}

package solver

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
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
// a guess by the Strong Nested searches that follow the Long one and the
// Cage Filling Verity searches after them (see strongDeepBatch); tarek
// 37 still guesses after Strong Nested steps, and no Deep step comes
// after its first guess. Without it, all three guess and take no Deep
// step. The forum's Mathemagic killer 5, where the searches take Long
// and Strong Nested steps and do not finish it when they run, has a
// count past deepCountCap, so with the option it guesses without any
// Deep step. Every step before a guess is checked against the solution.
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
	tarek37, sol37 := counted(t, variantLine(t, "killer9-tarek.txt", 37))
	tarek41, sol41 := counted(t, variantLine(t, "killer9-tarek.txt", 41))
	wecoc, solWecoc := counted(t, variantLine(t, "killer9-extreme.txt", 1))
	magic5, solMagic5 := counted(t, variantLine(t, "killer9-mathemagic.txt", 5))
	long, strong, verity := strategy.LongNestedContradiction(), strategy.StrongNestedContradiction(), strategy.CageFillingVerity()
	for _, tc := range []struct {
		name      string
		b         *grid.Board
		sol       []uint8
		one       bool // Options.OneDeepSearch
		weighed   bool // whether the count leaves the searches out
		guesses   bool // whether the solve guesses
		minLong   int  // Long Nested steps, at least
		minStrong int  // Strong Nested steps, at least (none when 0)
		minVerity int  // Cage Filling Verity steps, at least (none when 0)
	}{
		{"HS 9, one deep search", hs9, hs[8].sol, true, false, false, 2, 0, 0},
		{"HS 9, default", hs9, hs[8].sol, false, false, true, 0, 0, 0},
		{"tarek 37, one deep search", tarek37, sol37, true, false, true, 1, 1, 0},
		{"tarek 37, default", tarek37, sol37, false, false, true, 0, 0, 0},
		{"tarek 41, one deep search", tarek41, sol41, true, false, false, 1, 1, 1},
		{"tarek 41, default", tarek41, sol41, false, false, true, 0, 0, 0},
		{"Wecoc #1, one deep search", wecoc, solWecoc, true, false, false, 0, 0, 10},
		{"Wecoc #1, default", wecoc, solWecoc, false, false, true, 0, 0, 0},
		{"Mathemagic 5, one deep search", magic5, solMagic5, true, true, true, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := grid.Notation{Layout: tc.b.Layout()}
			var longSteps, strongSteps, veritySteps, otherDeep, afterGuess int
			guessed := false
			opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted, OneDeepSearch: tc.one}
			res, err := Solve(context.Background(), tc.b.Clone(), opts, func(k int, s *strategy.Step, _ *grid.Board) error {
				switch {
				case s.Strategy == strategy.Guessing():
					guessed = true
					return nil
				case s.Strategy == verity:
					veritySteps++
					if guessed {
						afterGuess++
					}
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
			if longSteps < tc.minLong || (!tc.one || tc.weighed) && longSteps > 0 || otherDeep > 0 || afterGuess > 0 {
				t.Errorf("%d Long Nested steps (want at least %d, none without the searches), %d other Deep steps, %d Deep steps after a guess; want none", longSteps, tc.minLong, otherDeep, afterGuess)
			}
			if strongSteps < tc.minStrong || tc.minStrong == 0 && strongSteps > 0 {
				t.Errorf("%d Strong Nested steps; want at least %d (none when 0)", strongSteps, tc.minStrong)
			}
			if veritySteps < tc.minVerity || tc.minVerity == 0 && veritySteps > 0 {
				t.Errorf("%d Cage Filling Verity steps; want at least %d (none when 0)", veritySteps, tc.minVerity)
			}
		})
	}
}

// counted returns b and its solution, which the exact search proves
// unique.
func counted(t *testing.T, b *grid.Board) (*grid.Board, []uint8) {
	t.Helper()
	var srch search.Searcher
	res, err := srch.Count(context.Background(), b, 2)
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("%d solutions, %v; want one", len(res.Solutions), err)
	}
	return b, res.Solutions[0]
}

// TestOneDeepVerityBudget: the Cage Filling Verity searches of
// Options.OneDeepSearch run where a mixed solve would first guess and
// where a logic-only one would be stuck, and stop once oneVerityLooks
// looks at fillings are spent in a solve. Wecoc #1's first such step
// lies 0.8 million looks into the mixed solve's search, and a
// logic-only solve, whose nested steps take it further first, finds one
// within a million: with 20,000 in all, neither solve takes one, the
// mixed one guesses and the logic-only one is stuck, and each spent the
// 20,000 (within a filling's trial).
func TestOneDeepVerityBudget(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: a killer's deep searches, seconds of CPU")
	}
	defer func(n int) { oneVerityLooks = n }(oneVerityLooks)
	oneVerityLooks = 20_000
	b, sol := counted(t, variantLine(t, "killer9-extreme.txt", 1))
	n := grid.Notation{Layout: b.Layout()}
	for _, typ := range []SolvingType{Mixed, LogicOnly} {
		steps, guessed := 0, false
		r := runDeep(t, b, Options{Type: typ, Order: Guided, CheckMultiple: typ == Mixed, OneDeepSearch: true}, func(_ int, s *strategy.Step, _ *grid.Board) error {
			switch s.Strategy {
			case strategy.Guessing():
				guessed = true
			case strategy.CageFillingVerity():
				steps++
			}
			if !guessed {
				checkStep(t, sol, n, "Wecoc #1", s)
			}
			return nil
		})
		want := Solved
		if typ == LogicOnly {
			want = Stuck
		}
		if r.res.Status != want || steps > 0 || guessed != (typ == Mixed) {
			t.Errorf("type %v: status %v, guessed %v, %d Cage Filling Verity steps; want %v, guesses only when mixed, no such step", typ, r.res.Status, guessed, steps, want)
		}
		// A search checks its budget at every filling, whose trial takes
		// a few dozen looks.
		if r.verityLooks < oneVerityLooks || r.verityLooks > oneVerityLooks+1000 {
			t.Errorf("type %v: the Cage Filling Verity searches took %d looks; want %d and a filling's at most", typ, r.verityLooks, oneVerityLooks)
		}
	}
}

// TestOneDeepVerityFruitless: on a killer where Cage Filling Verity
// finds nothing (Mathemagic line 1), the mixed solve's one search follows
// every group of fillings, each up to the filling after which those
// left keep every candidate, and then guesses. Its fillings' order (see
// strategy's coverOrder) brings that filling early, and a trial stops
// once it can add nothing: 12,382 looks, where the order of their
// digits, each trial to its end, took 289,701. The count would leave the
// searches out on this board (see deepCountCap): the test lets them run.
func TestOneDeepVerityFruitless(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: a killer's deep searches, seconds of CPU")
	}
	b := variantLine(t, "killer9-mathemagic.txt", 1)
	steps := 0
	opts := Options{Type: Mixed, Order: Guided, CheckMultiple: true, OneDeepSearch: true}
	r := newRun(b, opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
		if s.Strategy == strategy.CageFillingVerity() {
			steps++
		}
		return nil
	})
	r.plan(opts)
	r.deepWeighed = true
	if err := r.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.res.Status != Solved || r.res.Guesses == 0 || steps > 0 {
		t.Fatalf("status %v, %d guesses, %d Cage Filling Verity steps; want solved by guesses, no such step", r.res.Status, r.res.Guesses, steps)
	}
	if r.verityLooks == 0 || r.verityLooks > 100_000 {
		t.Errorf("the Cage Filling Verity search took %d looks; want some, at most 100,000", r.verityLooks)
	}
}

// TestOneDeepStrongBatch: the Strong Nested searches of
// Options.OneDeepSearch stop at their strongDeepBatch-th step until the
// Cage Filling Verity searches after them find nothing; then whole ones
// follow. Tarek 41 (the forum's fourth extreme) is finished by logic
// through batches of at most two Strong steps and Cage Filling Verity
// steps, no whole search needed (its first took 28 steps, its second
// 120); the fourth of the killer9-cage5-hard.txt killers (seed 207), which
// the short batches and the verities leave stuck, is finished by logic
// by the whole searches after them (with the short ones alone it
// guessed). Every step is checked against the solution.
func TestOneDeepStrongBatch(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: killers' deep searches, seconds of CPU")
	}
	hard := puzzleLines(t, "testdata/killer9-cage5-hard.txt")
	if len(hard) != 4 {
		t.Fatalf("%d puzzles in killer9-cage5-hard.txt, want 4", len(hard))
	}
	p, _, err := codec.Decode(strings.Fields(hard[3])[0], codec.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seed207, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		b     *grid.Board
		whole bool // whether whole Strong searches run
	}{
		{"tarek 41", variantLine(t, "killer9-tarek.txt", 41), false},
		{"cage5-hard seed 207", seed207, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, sol := counted(t, tc.b)
			n := grid.Notation{Layout: b.Layout()}
			short, verity, most := 0, 0, 0
			var r *run
			opts := Options{Type: Mixed, Order: Guided, CheckMultiple: true, OneDeepSearch: true}
			r = newRun(b, opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
				checkStep(t, sol, n, tc.name, s)
				switch {
				case s.Strategy == strategy.CageFillingVerity():
					verity++
				case s.Strategy == strategy.StrongNestedContradiction() && !r.strongFull:
					short++
					most = max(most, len(r.batch.Steps()))
				}
				return nil
			})
			r.plan(opts)
			if err := r.run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if r.res.Status != Solved || r.res.Guesses > 0 {
				t.Fatalf("status %v, %d guesses; want solved by logic", r.res.Status, r.res.Guesses)
			}
			if short == 0 || most > strongDeepBatch || verity == 0 || r.strongFull != tc.whole {
				t.Errorf("%d Strong steps before the whole searches, in batches of at most %d; %d Cage Filling Verity steps; whole searches %v; want some in batches of at most %d, some, %v",
					short, most, verity, r.strongFull, strongDeepBatch, tc.whole)
			}
		})
	}
}

// runDeep runs a solve of b with opts and emit as Solve does, without a
// deadline or the final count, and returns it, so that a test can read
// its deep searches' state.
func runDeep(t *testing.T, b *grid.Board, opts Options, emit Emit) *run {
	t.Helper()
	r := newRun(b, opts, emit)
	r.plan(opts)
	if err := r.run(context.Background()); err != nil {
		t.Fatalf("type %v: %v", opts.Type, err)
	}
	return r
}

// TestOneDeepWeighedSeveral: on a killer with two solutions, which logic
// cannot finish (tarek's killer 41 without its cage 24+ at r6c2, counted
// in 3,744 guesses: a setter's draft), the count where the mixed solve
// would first guess leaves the searches of OneDeepSearch out: no Long
// Nested search runs, nor Cage Filling Verity's (which follow a Long
// search that found nothing). They took 7 s of CPU there.
func TestOneDeepWeighedSeveral(t *testing.T) {
	const draft = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^0^<<^T^J^0^>>>^>^00ML<S<<^0>^<^<<^<"
	p, _, err := codec.Decode(draft, codec.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	r := runDeep(t, b, Options{Type: Mixed, Order: Guided, CheckMultiple: true, OneDeepSearch: true}, func(int, *strategy.Step, *grid.Board) error { return nil })
	if !r.counted || len(r.counts.Solutions) != 2 {
		t.Fatalf("counted %v, %d solutions; want two", r.counted, len(r.counts.Solutions))
	}
	if !r.deepWeighed || r.longFound || r.verityRuns || r.verityLooks > 0 {
		t.Errorf("weighed %v, Long step %v, Cage Filling Verity run %v (%d looks); want the searches left out", r.deepWeighed, r.longFound, r.verityRuns, r.verityLooks)
	}
}

// TestOneDeepWeighedNodeLimit: where Options.MaxNodes cuts the count that
// weighs the deep searches short (tarek's killer 38 is counted there in
// 4,367 guesses), the searches run and the solve counts again before its
// first guess, on the board they narrowed, where 4,000 guesses prove the
// solution unique, as they did before the count came first. (Tarek's
// killer 37, counted there in 5,435, was the example until its Strong
// searches were cut at two steps (strongDeepBatch): the board they leave
// now takes more.)
func TestOneDeepWeighedNodeLimit(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: a killer's deep searches, seconds of CPU")
	}
	b := variantLine(t, "killer9-tarek.txt", 38)
	opts := Options{Type: Mixed, Order: Guided, Weight: Weighted, CheckMultiple: true, OneDeepSearch: true, MaxNodes: 4000}
	res, err := Solve(context.Background(), b, opts, nil)
	if err != nil || res.Status != Solved || res.Count != 1 || !res.CountComplete {
		t.Fatalf("status %v, count %d (complete %v), %v; want solved, proved unique", res.Status, res.Count, res.CountComplete, err)
	}
}

package generate

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestStr8ts generates Str8ts puzzles of each variant and checks them:
// black cells symmetric under a half turn, black clues kept, exactly one
// solution by the exact search, the solution the puzzle's.
func TestStr8ts(t *testing.T) {
	for _, tt := range []struct {
		variant grid.Variant
		size    int
		level   strategy.Level
	}{
		{grid.Str8ts, 9, strategy.Easy},
		{grid.Str8ts, 6, strategy.Unrated},
		{grid.Str8tsX, 9, strategy.Unrated},
		{grid.Str8tsB, 9, strategy.Unrated},
		{grid.Str8tsBX, 9, strategy.Unrated},
	} {
		t.Run(tt.variant.String(), func(t *testing.T) {
			res := generateOK(t, Config{Variant: tt.variant, Size: tt.size, Level: tt.level, Seed: 5})
			l := res.Puzzle.Layout()
			if l.Variant != tt.variant || l.N != tt.size || l.BlackCells() == nil {
				t.Fatalf("made a %s of size %d, black %v", l.Variant, l.N, l.BlackCells() != nil)
			}
			for cell, black := range l.BlackCells() {
				if black != l.IsBlack(l.Cells-1-cell) {
					t.Fatalf("black cells not symmetric at %s", l.CellName(cell))
				}
			}
			n, sols := count(t, res.Puzzle)
			if n != 1 {
				t.Fatalf("%d solutions, want 1", n)
			}
			if string(sols[0]) != string(res.Solution.Values()) {
				t.Errorf("the solution is not the puzzle's")
			}
			for cell := range res.Puzzle.Layout().Cells {
				v := res.Puzzle.Value(cell)
				if v != 0 && sols[0][cell] != v {
					t.Errorf("clue %s lost", l.CellName(cell))
				}
			}
			if tt.level != strategy.Unrated && (!res.LevelMet || res.Grade.Rating.Level != tt.level) {
				t.Errorf("level %s (met %v), want %s", res.Grade.Rating.Level, res.LevelMet, tt.level)
			}
		})
	}
}

// TestStr8tsMirror checks that a Str8ts asked for mirror-symmetric clues
// has them: its black cells mirror-symmetric too (they were laid out under
// a half turn whatever was asked, so a white clue's mirror could be black),
// and every white clue's mirror a white clue.
func TestStr8tsMirror(t *testing.T) {
	for _, seed := range []uint64{4, 6} { // both asymmetric before
		res := generateOK(t, Config{Variant: grid.Str8ts, Size: 9, Symmetry: Mirror, Seed: seed})
		l := res.Puzzle.Layout()
		for cell := range l.Cells {
			m := mate(l.N, cell, Mirror)
			if l.IsBlack(cell) != l.IsBlack(m) {
				t.Fatalf("seed %d: %s black %v, its mirror %s black %v", seed, l.CellName(cell), l.IsBlack(cell), l.CellName(m), l.IsBlack(m))
			}
			if !l.IsBlack(cell) && res.Puzzle.Given(cell) != res.Puzzle.Given(m) {
				t.Errorf("seed %d: clue at %s %v, at its mirror %s %v", seed, l.CellName(cell), res.Puzzle.Given(cell), l.CellName(m), res.Puzzle.Given(m))
			}
		}
	}
}

// TestBlackShareAt checks the share of black cells an attempt's layouts
// are drawn with: blackShare for boards without boxes and for the first
// layouts of boards with them, then rising to maxBlackShare at the last.
func TestBlackShareAt(t *testing.T) {
	for _, tt := range []struct {
		variant grid.Variant
		try     int
		want    float64
	}{
		{grid.Str8ts, 0, blackShare},
		{grid.Str8ts, maxBlackTries - 1, blackShare},
		{grid.Str8tsX, maxBlackTries - 1, blackShare},
		{grid.Str8tsB, 0, blackShare},
		{grid.Str8tsB, steadyBlackTries - 1, blackShare},
		{grid.Str8tsBX, maxBlackTries - 1, maxBlackShare},
		{grid.Str8tsB, maxBlackTries - 1, maxBlackShare},
	} {
		g, err := newGenerator(Config{Variant: tt.variant, Size: 12})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.blackShareAt(tt.try); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s, layout %d: share %.3f, want %.3f", tt.variant, tt.try, got, tt.want)
		}
	}
	g, _ := newGenerator(Config{Variant: grid.Str8tsBX, Size: 12})
	for try := steadyBlackTries; try < maxBlackTries; try++ {
		if g.blackShareAt(try) <= g.blackShareAt(try-1) {
			t.Fatalf("share of layout %d not above layout %d's", try, try-1)
		}
	}
}

// TestBoxedStr8tsLayouts draws the layouts of twelve 12×12 Str8ts BX
// attempts: some must find one that admits a solution (three do). At
// blackShare alone about one layout in 1,800 did, none of these twelve
// attempts (60 layouts each) found one, and generation ran 7–20 s of CPU.
func TestBoxedStr8tsLayouts(t *testing.T) {
	if testing.Short() || race {
		t.Skip("draws hundreds of layouts")
	}
	g, err := newGenerator(Config{Variant: grid.Str8tsBX, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for seed := range uint64(12) {
		l, sol, err := g.newStr8tsGrid(context.Background(), newRand(seed))
		switch {
		case errors.Is(err, errRetry):
		case err != nil:
			t.Fatal(err)
		default:
			found++
			if l.N != 12 || len(sol) != l.Cells {
				t.Fatalf("seed %d: a %d×%d layout with %d values", seed, l.N, l.N, len(sol))
			}
		}
	}
	if found < 2 {
		t.Errorf("%d of 12 attempts found a layout with a solution, want at least 2", found)
	}
}

package solver

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestKillerHSPublished solves the forum's "human-solvable zero" killers
// of testdata/killer-hs.txt (seven killer X, two plain killers, none with
// a given) as the service does by default, checks every step against the
// published solution, and that each count proves it the only one. A floor
// of puzzles finished without a guess (all nine: the ninth since session
// 27, by the one Long Nested Cage Contradiction search of
// Options.OneDeepSearch) fails the test if the killer logic stops seeing
// the diagonals.
func TestKillerHSPublished(t *testing.T) {
	puzzles := readPublished(t, "testdata/killer-hs.txt")
	if len(puzzles) != 9 {
		t.Fatalf("%d puzzles in killer-hs.txt, want 9", len(puzzles))
	}
	wantLogic := 9
	if quick() {
		puzzles, wantLogic = puzzles[:2], 2
	}
	byLogic, killerX := 0, 0
	for _, p := range puzzles {
		b, err := p.p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		diagonals := 0
		for _, u := range b.Layout().Units() {
			if u.Kind == grid.Diagonal {
				diagonals++
			}
		}
		if x := strings.HasPrefix(p.text, "3x3:d:"); x != (b.Layout().Variant == grid.KillerX) || x && diagonals != 2 || !x && diagonals != 0 {
			t.Fatalf("%s: variant %v with %d diagonal units", p.name, b.Layout().Variant, diagonals)
		} else if x {
			killerX++
		}
		if res := solvePublished(t, p); res.Guesses == 0 {
			byLogic++
		}
	}
	t.Logf("%d of %d finished without a guess (%d killer X)", byLogic, len(puzzles), killerX)
	if byLogic < wantLogic || killerX == 0 {
		t.Errorf("%d finished without a guess, want at least %d; %d killer X", byLogic, wantLogic, killerX)
	}
}

package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestKillerHSPublished solves the forum's "human-solvable zero" killers
// of testdata/killer-hs.txt (seven killer X, two plain killers, none with
// a given) as the service does by default, checks every step against the
// published solution, and that each count proves it the only one. A floor
// of puzzles finished without a guess (eight of the nine today) fails the
// test if the killer logic stops seeing the diagonals.
func TestKillerHSPublished(t *testing.T) {
	type puzzle struct {
		text string
		sol  []uint8
	}
	var puzzles []puzzle
	for _, line := range shared.Lines(t, "testdata/killer-hs.txt") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, sol, ok := strings.Cut(line, " ")
		if !ok || len(sol) != 81 {
			t.Fatalf("line %q: want <SudoCue string> <81 digits>", line)
		}
		digits := make([]uint8, 81)
		for i := range sol {
			digits[i] = sol[i] - '0'
		}
		puzzles = append(puzzles, puzzle{text, digits})
	}
	if len(puzzles) != 9 {
		t.Fatalf("%d puzzles in killer-hs.txt, want 9", len(puzzles))
	}
	wantLogic := 8
	if quick() {
		puzzles, wantLogic = puzzles[:2], 2
	}
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted}
	byLogic, killerX := 0, 0
	for i, p := range puzzles {
		cp, _, err := codec.Decode(p.text, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		b, err := cp.Board(grid.Classic)
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		l := b.Layout()
		diagonals := 0
		for _, u := range l.Units() {
			if u.Kind == grid.Diagonal {
				diagonals++
			}
		}
		if x := strings.HasPrefix(p.text, "3x3:d:"); x != (l.Variant == grid.KillerX) || x && diagonals != 2 || !x && diagonals != 0 {
			t.Fatalf("puzzle %d: variant %v with %d diagonal units from %.8s", i+1, l.Variant, diagonals, p.text)
		} else if x {
			killerX++
		}
		n := grid.Notation{Layout: l}
		res, err := Solve(context.Background(), b, opts, func(k int, st *strategy.Step, _ *grid.Board) error {
			if st.Kind != strategy.Guess && st.Kind != strategy.Backtrack {
				checkStep(t, p.sol, n, fmt.Sprintf("puzzle %d step %d", i+1, k), st)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		if res.Status != Solved || res.Count != 1 || !res.CountComplete || !slices.Equal(res.Board.Values(), p.sol) {
			t.Fatalf("puzzle %d: status %v, count %d (complete %v), want the published solution, proved unique", i+1, res.Status, res.Count, res.CountComplete)
		}
		if res.Guesses == 0 {
			byLogic++
		}
	}
	t.Logf("%d of %d finished without a guess (%d killer X)", byLogic, len(puzzles), killerX)
	if byLogic < wantLogic || killerX == 0 {
		t.Errorf("%d finished without a guess, want at least %d; %d killer X", byLogic, wantLogic, killerX)
	}
}

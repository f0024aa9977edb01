package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestUnavoidableSets checks the unavoidable sets found on random grids:
// with every cell but those of a set given, the exact search must find
// another solution. Each grid must give a minimum of sets, or the test
// proves nothing.
func TestUnavoidableSets(t *testing.T) {
	for _, tt := range []struct {
		size    int
		variant grid.Variant
		min     int
	}{
		{9, grid.Classic, 20},
		{9, grid.X, 5},
		{16, grid.Classic, 100},
		{25, grid.Classic, 300},
	} {
		for seed := range uint64(2) {
			t.Run(fmt.Sprintf("%s %d seed %d", tt.variant, tt.size, seed), func(t *testing.T) {
				l, sol := randomGrid(t, tt.size, tt.variant, seed)
				u := newUnavoidable(l, sol)
				if len(u.sets) < tt.min {
					t.Fatalf("%d sets, want at least %d", len(u.sets), tt.min)
				}
				step := 1
				if race || testing.Short() {
					step = max(len(u.sets)/20, 1)
				}
				for k := 0; k < len(u.sets); k += step {
					set := u.sets[k]
					clues := append([]uint8(nil), sol...)
					for _, c := range set {
						clues[c] = 0
					}
					if n, _ := count(t, boardOf(l, clues, nil)); n < 2 {
						t.Fatalf("set %v: the grid is the only solution without it", set)
					}
				}
			})
		}
	}
}

// TestUnavoidableWitness takes random clues away from grids and checks
// each clue that the unavoidable sets say is needed against the exact
// search: without it the puzzle must have another solution.
func TestUnavoidableWitness(t *testing.T) {
	for _, tt := range []struct {
		size int
		keep float64 // the share of the cells left as clues
	}{
		{9, 0.45},
		{16, 0.6},
	} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%d seed %d", tt.size, seed), func(t *testing.T) {
				l, sol := randomGrid(t, tt.size, grid.Classic, seed)
				u := newUnavoidable(l, sol)
				rng := newRand(seed + 100)
				clues := append([]uint8(nil), sol...)
				for c := range clues {
					if rng.Float64() >= tt.keep {
						clues[c] = 0
					}
				}
				witnessed := 0
				for cell, v := range clues {
					if v == 0 || !u.witness(clues, cell) {
						continue
					}
					witnessed++
					clues[cell] = 0
					n, _ := count(t, boardOf(l, clues, nil))
					clues[cell] = v
					if n < 2 {
						t.Fatalf("%s: the clue at %s is said needed, yet the puzzle stays unique without it", values(boardOf(l, clues, nil)), l.CellName(cell))
					}
				}
				if witnessed < 2 {
					t.Fatalf("%d clues witnessed needed: the test proves nothing", witnessed)
				}
			})
		}
	}
}

// randomGrid returns a layout of the size and variant and a random
// solution grid of it.
func randomGrid(t *testing.T, size int, v grid.Variant, seed uint64) (*grid.Layout, []uint8) {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: size, Variant: v})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := fillRandom(context.Background(), grid.NewBoard(l), newRand(seed), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	return l, sol
}

package generate

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestPatternGrid checks the grids of the layouts the random fill gives up
// on: each a solution by the board's own check (every digit placed, no
// unit with a digit twice, the implied units of a Windoku with each digit
// once), and two seeds' grids different even once their digits are
// relabelled alike, so that the moves did more than relabel.
func TestPatternGrid(t *testing.T) {
	for _, tt := range []struct {
		variant grid.Variant
		size    int
	}{
		{grid.Colour, 20}, {grid.Colour, 21}, {grid.Colour, 24}, {grid.Colour, 25},
		{grid.Colour, 27}, {grid.Colour, 28}, {grid.Colour, 30}, {grid.Colour, 32},
		{grid.Windoku, 25},
	} {
		t.Run(fmt.Sprintf("%v %d", tt.variant, tt.size), func(t *testing.T) {
			if !patterned(tt.variant, tt.size) {
				t.Fatalf("patterned(%v, %d) is false", tt.variant, tt.size)
			}
			l, err := grid.NewLayout(grid.Config{Size: tt.size, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			var grids [][]uint8
			for seed := uint64(1); seed <= 2; seed++ {
				sol, err := patternGrid(l, newRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, l, sol)
				grids = append(grids, canonical(tt.size, sol))
			}
			if slices.Equal(grids[0], grids[1]) {
				t.Error("seeds 1 and 2 gave the same grid up to a relabelling")
			}
		})
	}
}

// TestPatternGridRefusesOtherLayouts checks that a layout whose rules the
// pattern does not keep (the diagonals of X) gets an error, not a grid
// that breaks them.
func TestPatternGridRefusesOtherLayouts(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.X})
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := patternGrid(l, newRand(1)); err == nil {
		t.Fatalf("patternGrid of a 9×9 X gave %v, want an error", sol)
	}
}

// TestSwapDigits swaps digits on parts of grids and checks that each
// stays a solution, and that swaps of part of the two digits' cells
// happen (a floor), which no relabelling makes.
func TestSwapDigits(t *testing.T) {
	for _, tt := range []struct {
		variant grid.Variant
		size    int
		floor   int // partial swaps among 300
	}{
		{grid.Classic, 9, 30},
		{grid.Colour, 25, 15},
		{grid.Windoku, 25, 10},
	} {
		t.Run(fmt.Sprintf("%v %d", tt.variant, tt.size), func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: tt.size, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			sol, err := patternGrid(l, newRand(3))
			if err != nil {
				t.Fatal(err)
			}
			rng := newRand(4)
			in := make([]bool, len(sol))
			var queue []int
			partial := 0
			for range 300 {
				before := slices.Clone(sol)
				cell := rng.IntN(len(sol))
				other := uint8(rng.IntN(tt.size-1)) + 1
				if other >= sol[cell] {
					other++
				}
				queue = swapDigits(l, sol, cell, other, in, queue)
				changed := 0
				for i := range sol {
					if sol[i] != before[i] {
						changed++
					}
				}
				if changed > 0 {
					partial++
					if changed == 2*tt.size {
						t.Fatalf("a swap changed all %d cells of the two digits", changed)
					}
				}
				if slices.Contains(in, true) {
					t.Fatal("swapDigits left its scratch set")
				}
			}
			checkSolution(t, l, sol)
			if partial < tt.floor {
				t.Errorf("%d partial swaps of 300, want at least %d", partial, tt.floor)
			}
		})
	}
}

// checkSolution fails t unless values solve layout l, by the board's
// check and the implied units'.
func checkSolution(t *testing.T, l *grid.Layout, values []uint8) {
	t.Helper()
	b := grid.NewBoard(l)
	for cell, v := range values {
		if v < 1 || int(v) > l.N {
			t.Fatalf("cell %d holds %d", cell, v)
		}
		b.Place(cell, int(v))
	}
	if c, twice := b.Duplicate(); twice {
		t.Fatalf("a digit twice: %s", c.Describe(grid.Notation{Layout: l}))
	}
	if c, ok := b.Check(); !ok || !b.Solved() {
		t.Fatalf("the grid breaks a rule (solved %v): %s", b.Solved(), c.Describe(grid.Notation{Layout: l}))
	}
	for _, u := range l.ImpliedUnits() {
		var seen grid.Digits
		for _, cell := range u {
			seen |= grid.Bit(int(values[cell]))
		}
		if seen != grid.AllDigits(l.N) {
			t.Fatalf("implied unit %v holds %v", u, seen)
		}
	}
}

// canonical returns values relabelled so that the first row reads 1..n.
func canonical(n int, values []uint8) []uint8 {
	label := make([]uint8, n+1)
	for c := range n {
		label[values[c]] = uint8(c + 1)
	}
	out := make([]uint8, len(values))
	for i, v := range values {
		out[i] = label[v]
	}
	return out
}

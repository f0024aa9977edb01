package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestSolvedJigsaw checks the jigsaws of boards with boxes above 16×16,
// whose regions are moved around a solution: connected regions that are
// not the boxes, the grid a solution of them, at least a quarter of the
// cells out of their box (so the trades did more than a few moves), and
// two seeds' layouts different.
func TestSolvedJigsaw(t *testing.T) {
	for _, tt := range []struct {
		variant grid.Variant
		size    int
		long    bool
	}{
		{grid.Jigsaw, 18, false},
		{grid.KillerJigsaw, 20, false},
		{grid.Jigsaw, 24, true},
		{grid.Jigsaw, 25, true},
		{grid.Jigsaw, 32, true},
	} {
		t.Run(fmt.Sprintf("%v %d", tt.variant, tt.size), func(t *testing.T) {
			if tt.long && (testing.Short() || race) {
				t.Skip("a second or more a layout; skipped under -short and -race")
			}
			n := tt.size
			boxes := boxRegions(n)
			var layouts [][]int
			for seed := uint64(1); seed <= 2; seed++ {
				g, err := newGenerator(Config{Size: n, Variant: tt.variant, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				l, sol, err := g.newGrid(context.Background(), newRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				checkRegions(t, l)
				checkSolution(t, l, sol)
				regions := make([]int, n*n)
				for k, u := range regionUnits(l) {
					for _, c := range u.Cells {
						regions[c] = k
					}
				}
				// Regions are told apart by their cells, not their
				// numbers: a cell is out of its box when the region
				// holding it holds fewer than half of that box's cells.
				moved := 0
				for c := range regions {
					same := 0
					for d := range regions {
						if boxes[d] == boxes[c] && regions[d] == regions[c] {
							same++
						}
					}
					if 2*same < n {
						moved++
					}
				}
				if moved < n*n/4 {
					t.Errorf("seed %d: %d cells out of their box, want at least %d", seed, moved, n*n/4)
				}
				layouts = append(layouts, regions)
			}
			if slices.Equal(layouts[0], layouts[1]) {
				t.Errorf("seeds 1 and 2 gave the same regions")
			}
		})
	}
}

// regionUnits returns the region units of l.
func regionUnits(l *grid.Layout) []grid.Unit {
	var out []grid.Unit
	for _, u := range l.Units() {
		if u.Kind == grid.Region {
			out = append(out, u)
		}
	}
	return out
}

// TestMixerMoves checks solvedRegions' two moves on a 9×9 solution of the
// boxes: after every trade and digit swap the grid still takes each digit
// once in every row, column and region, the index of where each digit
// sits agrees with the grid, and both moves happen often enough (a floor
// of trades and of swaps that change cells) for the test to fail when
// either finds nothing.
func TestMixerMoves(t *testing.T) {
	const n = 9
	rng := newRand(7)
	g, err := newGenerator(Config{Size: n, Variant: grid.Classic, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	l, err := grid.NewLayout(grid.Config{Size: n, Variant: grid.Classic})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := g.complete(context.Background(), rng, l, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := newMixer(n, sol)
	trades, swaps := 0, 0
	for i := range 4000 {
		if i%2 == 0 {
			if m.trade(rng) {
				trades++
			}
		} else {
			before := slices.Clone(m.sol)
			m.swap(rng.IntN(n*n), uint8(rng.IntN(n)+1))
			if !slices.Equal(before, m.sol) {
				swaps++
			}
		}
		jl, err := grid.NewLayout(grid.Config{Size: n, Variant: grid.Jigsaw, Regions: m.regions})
		if err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		if !solves(jl, m.sol) {
			t.Fatalf("move %d left a unit with a digit twice", i)
		}
		for cell, v := range m.sol {
			d := int(v) - 1
			for k, unit := range [3]int{cell / n, cell % n, m.regions[cell]} {
				if got := m.at[k*n*n+unit*n+d]; got != cell {
					t.Fatalf("move %d: the index puts digit %d of unit %d/%d at cell %d, not %d", i, v, k, unit, got, cell)
				}
			}
		}
	}
	if trades < 100 || swaps < 100 {
		t.Errorf("%d trades and %d swaps that changed cells in 2,000 tries each, want at least 100 of each", trades, swaps)
	}
}

// TestSolvedRegionsCancelled checks that moving the regions stops with its
// context: on 32×32 boards the moves ran seconds past a call's deadline.
func TestSolvedRegionsCancelled(t *testing.T) {
	_, sol := classicFill(t, newRand(1))
	if _, err := solvedRegions(context.Background(), 9, slices.Clone(sol), newRand(1)); err != nil {
		t.Fatalf("with a live context: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := solvedRegions(ctx, 9, slices.Clone(sol), newRand(1)); !errors.Is(err, context.Canceled) {
		t.Errorf("after its context ended: %v, want context.Canceled", err)
	}
}

// classicFill returns the classic 9×9 layout and a random solution of it
// drawn with rng.
func classicFill(t *testing.T, rng *rand.Rand) (*grid.Layout, []uint8) {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := fillRandom(context.Background(), grid.NewBoard(l), rng, DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	return l, sol
}

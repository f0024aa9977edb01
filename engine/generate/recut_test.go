package generate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// TestRecut draws partitions of 9×9 solution grids into 5-cell cages,
// finds a second solution of each that has one, and recuts: the cages
// stay a partition of connected cages of their sizes with distinct digits
// of the solution, exactly two of them change, and the second solution
// breaks one of those two (a sum or a repeated digit). It fails when
// fewer than 8 of the 12 draws are recut.
func TestRecut(t *testing.T) {
	fill, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	recuts := 0
	for seed := range uint64(12) {
		rng := newRand(seed + 1)
		sol, err := fillRandom(context.Background(), grid.NewBoard(fill), rng, DefaultMaxNodes)
		if err != nil {
			t.Fatal(err)
		}
		cells := exactCages(context.Background(), fill, 5, sol, rng)
		if cells == nil {
			t.Fatalf("seed %d: no partition", seed+1)
		}
		cl, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: cagesOf(cells, false, sol, nil)})
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&search.Searcher{MaxNodes: DefaultMaxNodes}).Count(context.Background(), grid.NewBoard(cl), 2)
		if err != nil || len(res.Solutions) < 2 {
			continue // unique as drawn (or not counted): nothing to recut
		}
		other := res.Solutions[0]
		if slices.Equal(other, sol) {
			other = res.Solutions[1]
		}
		before := make([][]int, len(cells))
		for i, cs := range cells {
			before[i] = slices.Clone(cs)
		}
		if !recut(9, cells, sol, other, rng) {
			t.Logf("seed %d: no recut", seed+1)
			continue
		}
		recuts++
		owner := make([]int, fill.Cells)
		var changed []int
		for k, cs := range cells {
			if len(cs) != len(before[k]) {
				t.Fatalf("seed %d: cage %d has %d cells, had %d", seed+1, k, len(cs), len(before[k]))
			}
			if !connected(9, cs) {
				t.Errorf("seed %d: cage %d %v is not connected", seed+1, k, cs)
			}
			var used grid.Digits
			for _, c := range cs {
				if owner[c] != 0 {
					t.Fatalf("seed %d: cell %d in two cages", seed+1, c)
				}
				owner[c] = k + 1
				if used.Has(int(sol[c])) {
					t.Errorf("seed %d: cage %d repeats %d", seed+1, k, sol[c])
				}
				used |= grid.Bit(int(sol[c]))
			}
			if !slices.Equal(slices.Sorted(slices.Values(cs)), slices.Sorted(slices.Values(before[k]))) {
				changed = append(changed, k)
			}
		}
		if slices.Contains(owner, 0) {
			t.Fatalf("seed %d: a cell in no cage", seed+1)
		}
		if len(changed) != 2 {
			t.Fatalf("seed %d: %d cages changed, want 2", seed+1, len(changed))
		}
		broken := false
		for _, k := range changed {
			sum, want := 0, 0
			var used grid.Digits
			for _, c := range cells[k] {
				sum += int(other[c])
				want += int(sol[c])
				broken = broken || used.Has(int(other[c]))
				used |= grid.Bit(int(other[c]))
			}
			broken = broken || sum != want
		}
		if !broken {
			t.Errorf("seed %d: the second solution fits the recut cages", seed+1)
		}
	}
	if recuts < 8 {
		t.Fatalf("%d of 12 draws recut, want at least 8", recuts)
	}
}

// TestCageSizeKiller9 makes 9×9 killers of 5-cell cages, the shape of the
// forum's hardest killers (docs/search.md): no clues, sixteen cages of
// five cells and one of one, and a fresh search proves each unique.
func TestCageSizeKiller9(t *testing.T) {
	for _, seed := range []uint64{2, 7, 13} {
		r, err := Generate(context.Background(), Config{Variant: grid.Killer, CageSize: 5, Seed: seed, MaxAttempts: 20})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Clues != 0 {
			t.Errorf("seed %d: %d clues, want none", seed, r.Clues)
		}
		sizes := map[int]int{}
		for _, cg := range r.Puzzle.Layout().Cages() {
			sizes[len(cg.Cells)]++
		}
		if sizes[5] != 16 || sizes[1] != 1 || len(sizes) != 2 {
			t.Errorf("seed %d: cages by size %v, want 16 of 5 cells and 1 of 1", seed, sizes)
		}
		res, err := (&search.Searcher{}).Count(context.Background(), r.Puzzle, 2)
		if err != nil || !res.Complete || len(res.Solutions) != 1 {
			t.Errorf("seed %d: %d solutions (complete %v, err %v), want 1", seed, len(res.Solutions), res.Complete, err)
		}
	}
}

// TestCageSizeLargeBoards makes 12×12 killers of 4-cell cages and 16×16
// killers of 3-cell cages, which took tens of seconds or ran past any
// deadline before their cages were drawn tight and their counts restarted
// (see tightest and restartNodes): no clues, every cage of the size but
// the Cells mod size of one cell, and a fresh search proves each unique.
func TestCageSizeLargeBoards(t *testing.T) {
	tests := []struct {
		size, cageSize int
		seeds          []uint64
	}{
		{12, 4, []uint64{1, 3}},
		{16, 3, []uint64{4}},
	}
	for _, tt := range tests {
		for _, seed := range tt.seeds {
			r, err := Generate(context.Background(), Config{Variant: grid.Killer, Size: tt.size, CageSize: tt.cageSize, Seed: seed})
			if err != nil {
				t.Fatalf("%d×%d, cage size %d, seed %d: %v", tt.size, tt.size, tt.cageSize, seed, err)
			}
			if r.Clues != 0 {
				t.Errorf("%d×%d seed %d: %d clues, want none", tt.size, tt.size, seed, r.Clues)
			}
			cells := tt.size * tt.size
			sizes := map[int]int{}
			for _, cg := range r.Puzzle.Layout().Cages() {
				sizes[len(cg.Cells)]++
			}
			want := map[int]int{tt.cageSize: cells / tt.cageSize}
			if cells%tt.cageSize != 0 {
				want[1] = cells % tt.cageSize
			}
			if !maps.Equal(sizes, want) {
				t.Errorf("%d×%d seed %d: cages by size %v, want %v", tt.size, tt.size, seed, sizes, want)
			}
			res, err := (&search.Searcher{}).Count(context.Background(), r.Puzzle, 2)
			if err != nil || !res.Complete || len(res.Solutions) != 1 {
				t.Errorf("%d×%d seed %d: %d solutions (complete %v, err %v), want 1", tt.size, tt.size, seed, len(res.Solutions), res.Complete, err)
			}
		}
	}
}

// TestTightest checks the choice of the frontier cell that grows a cage
// on a large board: among the cells with at most one free neighbour more
// than the fewest, the one whose digit takes the cage's sum furthest from
// its middle.
func TestTightest(t *testing.T) {
	// A 16×16 solution where only the digits of cells 0–4 matter.
	solution := make([]uint8, 256)
	copy(solution, []uint8{2, 15, 1, 3, 16})
	tests := []struct {
		name     string
		cage     []int
		frontier []int
		free     map[int]int
		want     int
	}{
		// The cage (2) is below the middle of 8.5: 1 takes it further
		// below than 3 does, and than 16 takes it above.
		{"low cage", []int{0}, []int{4, 2, 3}, map[int]int{2: 1, 3: 1, 4: 1}, 2},
		// The cage (15) is above it: 16 takes it further.
		{"high cage", []int{1}, []int{2, 4}, map[int]int{2: 1, 4: 1}, 4},
		// A cell with one free neighbour more than the fewest still counts.
		{"slack of one", []int{0}, []int{3, 2}, map[int]int{3: 0, 2: 1}, 2},
		// One with two more does not.
		{"beyond the slack", []int{0}, []int{3, 2}, map[int]int{3: 0, 2: 2}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			free := func(c int) int { return tt.free[c] }
			if got := tightest(tt.frontier, free, solution, tt.cage, 16, newRand(1)); got != tt.want {
				t.Errorf("tightest = cell %d, want %d", got, tt.want)
			}
		})
	}
}

// TestGenerate16Checked makes 16×16 jigsaws, whose solution the exact
// search finds (see searchFill), and a 16×16 X, both dug with the clause
// learning checker (see newDigger), and checks each independently of
// both: connected irregular regions, one solution by a fresh search, and
// every clue needed. It skips under -short and the race detector.
func TestGenerate16Checked(t *testing.T) {
	if testing.Short() || race {
		t.Skip("16×16 generations and their checks take about 10 s of CPU: skipped under -short and -race")
	}
	tests := []struct {
		variant grid.Variant
		seed    uint64
	}{
		{grid.Jigsaw, 1},
		{grid.X, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v seed %d", tt.variant, tt.seed), func(t *testing.T) {
			res, err := Generate(context.Background(), Config{Variant: tt.variant, Size: 16, Seed: tt.seed})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Minimal {
				t.Fatal("Minimal = false, want true")
			}
			if tt.variant == grid.Jigsaw {
				checkRegions(t, res.Puzzle.Layout())
			}
			checkUnique(t, res)
			checkMinimal(t, res, NoSymmetry)
		})
	}
}

// TestCageLayoutCancelled checks that drawing the cages of a killer stops
// with its context: draws of large cages on a 32×32 board, each scanning
// the open cells, went on for seconds past a call's deadline.
func TestCageLayoutCancelled(t *testing.T) {
	rng := newRand(1)
	fill, sol := classicFill(t, rng)
	if exactCages(context.Background(), fill, 5, sol, rng) == nil {
		t.Fatal("no partition with a live context: the check below would prove nothing")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if cells := exactCages(ctx, fill, 5, sol, rng); cells != nil {
		t.Errorf("exactCages drew %d cages after its context ended", len(cells))
	}
	g := &generator{cfg: Config{Mode: New, Variant: grid.Killer, CageSize: 5}, variant: grid.Killer}
	if _, _, err := g.cageLayout(ctx, rng, fill, sol); !errors.Is(err, context.Canceled) {
		t.Errorf("cageLayout after its context ended: %v, want context.Canceled", err)
	}
}

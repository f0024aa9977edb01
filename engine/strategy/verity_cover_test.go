package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestCoverOrder: coverOrder hands out every filling once; within a round
// each filling places a digit in some cell that no earlier filling of
// the round placed there, and a round ends only when every filling left
// places digits the round placed; ties go to the first in the order
// given.
func TestCoverOrder(t *testing.T) {
	// The fillings of three cells with digits 1-4, all different, summing
	// to 7 or 8, in the order of their digits: a digit that few fillings
	// place in a cell (4 in the last) comes late in that order.
	var fills []uint8
	var fresh []int
	const k = 3
	for a := uint8(1); a <= 4; a++ {
		for b := uint8(1); b <= 4; b++ {
			for c := uint8(1); c <= 4; c++ {
				if a != b && a != c && b != c && (a+b+c == 7 || a+b+c == 8) {
					fresh = append(fresh, len(fills))
					fills = append(fills, a, b, c)
				}
			}
		}
	}
	var c coverOrder
	c.start(fills, fresh, k)
	var got []int
	out := make([]bool, len(fresh))
	var used [k]grid.Digits
	rounds := 1
	places := func(j int) bool { // whether filling j places a digit new to the round
		for i, d := range fills[fresh[j] : fresh[j]+k] {
			if !used[i].Has(int(d)) {
				return true
			}
		}
		return false
	}
	for {
		j := c.next(fills, fresh, k)
		if j < 0 {
			break
		}
		if out[j] {
			t.Fatalf("filling %d handed out twice", j)
		}
		if !places(j) {
			// A new round: no filling left may place a digit new to the
			// round that ends.
			for o := range fresh {
				if !out[o] && places(o) {
					t.Fatalf("round %d ended with filling %v left, which places a new digit", rounds, fills[fresh[o]:fresh[o]+k])
				}
			}
			used = [k]grid.Digits{}
			rounds++
		}
		for i, d := range fills[fresh[j] : fresh[j]+k] {
			used[i] |= grid.Bit(int(d))
		}
		out[j] = true
		got = append(got, j)
	}
	if len(got) != len(fresh) {
		t.Fatalf("handed out %d fillings, want %d", len(got), len(fresh))
	}
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	for i, j := range sorted {
		if i != j {
			t.Fatalf("handed out %v, want each of 0..%d once", got, len(fresh)-1)
		}
	}
	// The first is the first filling given (every filling places three
	// new digits); the second places three digits the first does not.
	first, second := fills[fresh[got[0]]:fresh[got[0]]+k], fills[fresh[got[1]]:fresh[got[1]]+k]
	if got[0] != 0 {
		t.Errorf("first filling %v (index %d), want index 0", first, got[0])
	}
	for i := range k {
		if first[i] == second[i] {
			t.Errorf("second filling %v repeats a digit of the first %v in cell %d", second, first, i)
		}
	}
	if rounds < 2 {
		t.Errorf("%d rounds for %d fillings of three cells: want several", rounds, len(fresh))
	}
}

// randomFillings returns 1 to 300 random fillings of a group of 2 to
// grid.MaxGroupCells cells over digits 1 to 2..9 (repeats allowed), laid
// out as coverOrder reads them: fresh[j] is where filling j starts in fills.
func randomFillings(rng *rand.Rand) (fills []uint8, fresh []int, k, digits int) {
	k = 2 + rng.IntN(grid.MaxGroupCells-1)
	n := 1 + rng.IntN(300)
	digits = 2 + rng.IntN(8)
	fresh = make([]int, n)
	for j := range n {
		fresh[j] = len(fills)
		for range k {
			fills = append(fills, uint8(1+rng.IntN(digits)))
		}
	}
	return fills, fresh, k, digits
}

// TestCoverOrderLevelsAsScan holds coverOrder.next's levels to the plain
// scan of every score (nextScan): the same fillings in the same order, on
// random fillings of groups of 2 to 12 cells (the masks' two words),
// some with repeats of a filling's digits in other fillings' cells, some
// of more than 64 fillings (several words a level).
func TestCoverOrderLevelsAsScan(t *testing.T) {
	defer func(on bool) { coverLevels = on }(coverLevels)
	rng := rand.New(rand.NewPCG(38, 66))
	for round := range 300 {
		fills, fresh, k, _ := randomFillings(rng)
		n := len(fresh)
		order := func(levels bool) []int {
			coverLevels = levels
			var c coverOrder
			c.start(fills, fresh, k)
			var got []int
			for j := c.next(fills, fresh, k); j >= 0; j = c.next(fills, fresh, k) {
				got = append(got, j)
			}
			return got
		}
		want, got := order(false), order(true)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d (%d fillings of %d cells): levels give %v, the scan %v", round, n, k, got, want)
		}
	}
}

package strategy

import (
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

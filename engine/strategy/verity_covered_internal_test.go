package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestCoverOrderCovered holds coverOrder with digits of fillings alive
// noted (cover) between its picks to its rule and to the plain scan
// (nextScan): on random fillings, each pick places the most digits in
// the group's cells that neither the round nor a filling alive placed
// there (the first such on a tie), a round ends only when no filling
// left places one, and the levels hand out the same fillings in the same
// order as the scan.
func TestCoverOrderCovered(t *testing.T) {
	defer func(on bool) { coverLevels = on }(coverLevels)
	rng := rand.New(rand.NewPCG(71, 37))
	for round := range 300 {
		fills, fresh, k, digits := randomFillings(rng)
		n := len(fresh)
		// The digits of fillings alive, noted before the first pick and
		// after some others (notes[p] before pick p): the same for both.
		// In a search they are those of fillings carried from an earlier
		// one and of the fillings picked whose trials held.
		notes := make([][]int, n+1)
		for p := range notes {
			for rng.IntN(4) == 0 {
				notes[p] = append(notes[p], rng.IntN(k)*16+1+rng.IntN(digits))
			}
		}
		order := func(levels bool) []int {
			coverLevels = levels
			var c coverOrder
			c.start(fills, fresh, k)
			var got []int
			var used, covered [grid.MaxGroupCells]grid.Digits
			score := func(j int) int {
				s := 0
				for i, d := range fills[fresh[j] : fresh[j]+k] {
					if !(used[i] | covered[i]).Has(int(d)) {
						s++
					}
				}
				return s
			}
			out := make([]bool, n)
			note := func(p int) {
				for _, x := range notes[p] {
					covered[x/16] |= grid.Bit(x % 16)
					c.cover(x/16, grid.Bit(x%16))
				}
			}
			note(0)
			for j := c.next(fills, fresh, k); j >= 0; j = c.next(fills, fresh, k) {
				best := -1
				for o := range n {
					if !out[o] && (best < 0 || score(o) > score(best)) {
						best = o
					}
				}
				if score(best) == 0 && used != [grid.MaxGroupCells]grid.Digits{} {
					used = [grid.MaxGroupCells]grid.Digits{} // a new round
					best = -1
					for o := range n {
						if !out[o] && (best < 0 || score(o) > score(best)) {
							best = o
						}
					}
				}
				if j != best {
					t.Fatalf("round %d, levels %v: picked %d (score %d), want %d (score %d)", round, levels, j, score(j), best, score(best))
				}
				out[j] = true
				got = append(got, j)
				for i, d := range fills[fresh[j] : fresh[j]+k] {
					used[i] |= grid.Bit(int(d))
				}
				note(len(got))
			}
			return got
		}
		want, got := order(false), order(true)
		if len(got) != n {
			t.Fatalf("round %d: handed out %d fillings, want %d", round, len(got), n)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d (%d fillings of %d cells): levels give %v, the scan %v", round, n, k, got, want)
		}
	}
}

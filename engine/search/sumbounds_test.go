package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestSumBoundsKept descends at random through killers (the published
// ones and KenKen with sum cages), propagating at each depth, and checks
// that the bounds of every sum kept with the frame (frame.lo, frame.hi)
// are those its cells give: it fails if a removal or a placement leaves
// the bounds behind.
func TestSumBoundsKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 14))
	var boards []*grid.Board
	for _, file := range []string{"testdata/killer9-tarek.txt", "testdata/killer9-extreme.txt",
		"testdata/killer9-mathemagic.txt", "testdata/killer16.txt", "testdata/kenken9.txt"} {
		boards = append(boards, puzzleBoards(t, file)...)
	}
	states, sums := 0, 0
	for i, b := range boards {
		g := generic{}
		g.prepare(b.Layout())
		for range 3 {
			if !g.root(b) {
				t.Fatalf("board %d: the root fails", i)
			}
			f := g.frames[0]
			for depth := 0; ; depth++ {
				if !g.propagate(f) {
					// A frame that fails is left as it is, bounds and all.
					break
				}
				want := frame{value: f.value, cand: f.cand, lo: make([]int32, g.m.sums), hi: make([]int32, g.m.sums)}
				g.sumBounds(&want)
				if !slices.Equal(f.lo, want.lo) || !slices.Equal(f.hi, want.hi) {
					t.Fatalf("board %d, depth %d: bounds %v..%v, the cells give %v..%v", i, depth, f.lo, f.hi, want.lo, want.hi)
				}
				states++
				sums += g.m.sums
				if f.empty == 0 {
					break
				}
				// Descend: a random digit of a random empty cell.
				var empty []int
				for cell, c := range f.cand {
					if c != 0 {
						empty = append(empty, cell)
					}
				}
				cell := empty[rng.IntN(len(empty))]
				var digits []grid.Digits
				for x := f.cand[cell]; x != 0; x &= x - 1 {
					digits = append(digits, x&-x)
				}
				next := g.child(depth, f)
				if !g.remove(next, cell, next.cand[cell]&^digits[rng.IntN(len(digits))]) {
					break
				}
				f = next
			}
			g.clearQueues()
		}
	}
	t.Logf("%d states, %d sums checked", states, sums)
	if states < 300 || sums < 3000 {
		t.Errorf("%d states, %d sums checked, want at least 300 and 3,000", states, sums)
	}
}

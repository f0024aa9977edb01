package search

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// descentBoards are the boards of the random descents (see descend): the
// published killers, 16×16 killers and KenKen.
func descentBoards(t *testing.T) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, file := range []string{"testdata/killer9-tarek.txt", "testdata/killer9-extreme.txt",
		"testdata/killer9-mathemagic.txt", "testdata/killer16.txt", "testdata/kenken9.txt"} {
		boards = append(boards, puzzleBoards(t, file)...)
	}
	return boards
}

// descend runs three random descents through each board, guessing a
// random digit of a random empty cell at each depth, and calls visit
// with every frame that propagation leaves consistent (a frame that
// fails is left as it is); it returns the number of frames visited.
func descend(t *testing.T, rng *rand.Rand, boards []*grid.Board, visit func(i, depth int, g *generic, f *frame)) int {
	t.Helper()
	states := 0
	for i, b := range boards {
		g := generic{}
		g.prepare(b.Layout())
		for range 3 {
			if !g.root(b) {
				t.Fatalf("board %d: the root fails", i)
			}
			f := g.frames[0]
			for depth := 0; g.propagate(f); depth++ {
				visit(i, depth, &g, f)
				states++
				if f.empty == 0 {
					break
				}
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
	return states
}

// TestSumBoundsKept checks at the frames of random descents (see
// descend) that the bounds of every sum kept with the frame
// (frame.bounds) are those its cells give: it fails if a removal or a
// placement leaves the bounds behind.
func TestSumBoundsKept(t *testing.T) {
	sums := 0
	states := descend(t, rand.New(rand.NewPCG(38, 14)), descentBoards(t), func(i, depth int, g *generic, f *frame) {
		want := frame{value: f.value, cand: f.cand, bounds: make([]int64, g.m.sums)}
		g.sumBounds(&want)
		for k, b := range f.bounds {
			if b != want.bounds[k] {
				lo, hi := unpackBounds(b)
				wlo, whi := unpackBounds(want.bounds[k])
				t.Fatalf("board %d, depth %d, sum %d: bounds %d..%d, the cells give %d..%d", i, depth, k, lo, hi, wlo, whi)
			}
		}
		sums += g.m.sums
	})
	t.Logf("%d states, %d sums checked", states, sums)
	if states < 300 || sums < 3000 {
		t.Errorf("%d states, %d sums checked, want at least 300 and 3,000", states, sums)
	}
}

// TestNeededByCounts checks generic.needed at the frames of random
// descents (see descend) against counting, for every digit of every
// part, its places in the part and in the unit: a digit not placed in
// the unit is needed when all of its places lie in the part.
func TestNeededByCounts(t *testing.T) {
	needs, parts := 0, 0
	states := descend(t, rand.New(rand.NewPCG(38, 15)), descentBoards(t), func(i, depth int, g *generic, f *frame) {
		for id := range g.m.cons {
			c := &g.m.cons[id]
			for _, p := range c.parts {
				want := neededByCounts(f, p)
				if got := g.needed(f, []part{p}, ^grid.Digits(0)); got != want {
					t.Fatalf("board %d, depth %d, constraint %d, unit %d: needed %b, by counts %b", i, depth, id, p.unit, got, want)
				}
				parts++
				if want != 0 {
					needs++
				}
			}
		}
	})
	t.Logf("%d states, %d parts, %d needing digits", states, parts, needs)
	if states < 300 || needs < 1000 {
		t.Errorf("%d states, %d parts needing digits, want at least 300 and 1,000", states, needs)
	}
}

// neededByCounts returns the digits not placed in p's unit whose places
// in the unit (frame.count) all lie in p's cells, of those with a place
// there.
func neededByCounts(f *frame, p part) grid.Digits {
	var need grid.Digits
	for d := range 32 {
		bit := grid.Digits(1) << d
		if f.placed[p.unit]&bit != 0 {
			continue
		}
		n := 0
		for _, cell := range p.cells {
			if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
				n++
			}
		}
		if n > 0 && n == int(f.count[p.unit][d]) {
			need |= bit
		}
	}
	return need
}

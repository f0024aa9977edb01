package generate

import (
	"math/rand/v2"

	"github.com/sudokuwise/solver/engine/grid"
)

// randomRegions returns a random jigsaw region layout of an n×n grid: n
// connected regions of n cells (labels 0..n-1) that are not the regular
// boxes. It starts from the regular boxes (rows for sizes without boxes)
// and trades cells between neighbouring regions: a cell of region A next
// to region B goes to B, and a cell of B next to the rest of A goes to A,
// when both regions stay connected. Whether a solution exists is for the
// caller to find out.
func randomRegions(n int, rng *rand.Rand) []int {
	regions := make([]int, n*n)
	br, bc, boxed := grid.BoxShape(n)
	for cell := range regions {
		r, c := cell/n, cell%n
		if boxed {
			regions[cell] = (r/br)*(n/bc) + c/bc
		} else {
			regions[cell] = r
		}
	}
	if n < 3 {
		return regions
	}
	s := swapper{n: n, regions: regions, seen: make([]int, n*n)}
	want := 4 * n * n
	for done, tries := 0, 0; (done < want || !s.irregular()) && tries < 200*n*n; tries++ {
		if s.trade(rng) {
			done++
		}
	}
	return regions
}

// neighbour returns the orthogonal neighbour of cell in direction dir
// (0..3); ok is false off the grid.
func neighbour(n, cell, dir int) (int, bool) {
	r, c := cell/n, cell%n
	switch dir {
	case 0:
		r--
	case 1:
		r++
	case 2:
		c--
	default:
		c++
	}
	if r < 0 || r >= n || c < 0 || c >= n {
		return 0, false
	}
	return r*n + c, true
}

// swapper trades cells between regions while they stay connected.
type swapper struct {
	n       int
	regions []int
	seen    []int
	mark    int
	queue   []int
}

// trade moves a random cell a of region A next to region B into B, and a
// random cell b of B next to another cell of A into A, when both regions
// stay connected; it reports whether it did.
func (s *swapper) trade(rng *rand.Rand) bool {
	n := s.n
	a := rng.IntN(n * n)
	x, ok := neighbour(n, a, rng.IntN(4))
	ra, rb := s.regions[a], s.regions[x]
	if !ok || ra == rb {
		return false
	}
	// The cells of B next to A other than a.
	s.connected(x)
	var options []int
	for _, c := range s.queue {
		for dir := range 4 {
			if p, ok := neighbour(n, c, dir); ok && p != a && s.regions[p] == ra {
				options = append(options, c)
				break
			}
		}
	}
	if len(options) == 0 {
		return false
	}
	b := options[rng.IntN(len(options))]
	s.regions[a], s.regions[b] = rb, ra
	if s.connected(a) && s.connected(b) {
		return true
	}
	s.regions[a], s.regions[b] = ra, rb
	return false
}

// connected reports whether the region of cell is connected.
func (s *swapper) connected(cell int) bool {
	n, region := s.n, s.regions[cell]
	s.mark++
	s.seen[cell] = s.mark
	s.queue = append(s.queue[:0], cell)
	for i := 0; i < len(s.queue); i++ {
		for dir := range 4 {
			if p, ok := neighbour(n, s.queue[i], dir); ok && s.regions[p] == region && s.seen[p] != s.mark {
				s.seen[p] = s.mark
				s.queue = append(s.queue, p)
			}
		}
	}
	return len(s.queue) == n
}

// irregular reports whether the layout is not the regular boxes.
func (s *swapper) irregular() bool { return !grid.IsRegular(s.n, s.regions) }

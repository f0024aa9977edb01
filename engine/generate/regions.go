package generate

import (
	"context"
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
	var regions []int
	if _, _, boxed := grid.BoxShape(n); boxed {
		regions = boxRegions(n)
	} else {
		regions = make([]int, n*n)
		for cell := range regions {
			regions[cell] = cell / n
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
	a, x, ok := s.draw(rng)
	if !ok {
		return false
	}
	// The cells of B next to A other than a.
	s.connected(x)
	var options []int
	for _, c := range s.queue {
		if s.nextTo(c, s.regions[a], a) {
			options = append(options, c)
		}
	}
	if len(options) == 0 {
		return false
	}
	return s.exchange(a, options[rng.IntN(len(options))])
}

// draw picks a random cell a and a random neighbour x of it in another
// region; ok is false when the neighbour drawn is off the grid or in a's
// region.
func (s *swapper) draw(rng *rand.Rand) (a, x int, ok bool) {
	a = rng.IntN(s.n * s.n)
	x, ok = neighbour(s.n, a, rng.IntN(4))
	return a, x, ok && s.regions[a] != s.regions[x]
}

// nextTo reports whether cell has a neighbour in region other than except.
func (s *swapper) nextTo(cell, region, except int) bool {
	for dir := range 4 {
		if p, ok := neighbour(s.n, cell, dir); ok && p != except && s.regions[p] == region {
			return true
		}
	}
	return false
}

// exchange swaps the regions of cells a and b when both regions stay
// connected, reporting whether it did.
func (s *swapper) exchange(a, b int) bool {
	ra, rb := s.regions[a], s.regions[b]
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

// solvedRegions returns a jigsaw region layout of an n×n grid that has
// boxes, and a solution of it, in place of sol: sol is a solution of the
// regular boxes on entry. The layout is not drawn first and filled after:
// above 16×16 most drawn layouts either have no solution or hide it from
// every search we have (no 25×25 layout settled within 400,000 nodes), so
// the regions are moved around the solution instead. A trade moves a cell
// of region A next to region B into B and B's cell of the same digit, next
// to the rest of A, into A, when both regions stay connected: each region
// keeps every digit once. Trades alone barely leave the boxes (a handful
// of cells moved on 9×9 after thousands), since the two cells of a digit
// seldom both lie along the regions' border; partial swaps of two digits
// between the trades (see mixer.swap) change which trades are open.
//
// On 25×25 and 32×32 boards the moves take seconds: solvedRegions stops
// with ctx's error once ctx ends.
func solvedRegions(ctx context.Context, n int, sol []uint8, rng *rand.Rand) ([]int, error) {
	m := newMixer(n, sol)
	want := mixTrades * n * n
	for done, tries := 0, 0; (done < want || !m.irregular()) && tries < 50*want; tries++ {
		if tries%mixCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if rng.IntN(mixSwapEvery) == 0 {
			m.swap(rng.IntN(n*n), uint8(rng.IntN(n)+1))
		} else if m.trade(rng) {
			done++
		}
	}
	return m.regions, nil
}

// mixCheckEvery is how many moves solvedRegions makes between looks at
// its context: a move takes about a microsecond.
const mixCheckEvery = 1024

// mixTrades is the number of trades solvedRegions makes, times the cells
// of the board, and mixSwapEvery the moves among which it takes one partial
// digit swap (the others are trades).
const (
	mixTrades    = 128
	mixSwapEvery = 4
)

// mixer moves jigsaw regions around a solution (see solvedRegions).
type mixer struct {
	swapper
	sol []uint8
	// at[k*n*n + unit*n + d-1] is the cell of digit d in unit number unit
	// of kind k: rows, columns, regions.
	at []int
	in []bool
}

// newMixer returns a mixer of the regular boxes of an n×n board that has
// them, around sol, a solution of them.
func newMixer(n int, sol []uint8) *mixer {
	m := &mixer{
		swapper: swapper{n: n, regions: boxRegions(n), seen: make([]int, n*n)},
		sol:     sol,
		at:      make([]int, 3*n*n),
		in:      make([]bool, n*n),
	}
	for cell := range sol {
		m.place(cell)
	}
	return m
}

// boxRegions returns the regular boxes of an n×n board that has them, as
// the region of each cell (0..n-1, row by row of boxes).
func boxRegions(n int) []int {
	br, bc, _ := grid.BoxShape(n)
	regions := make([]int, n*n)
	for cell := range regions {
		regions[cell] = (cell/n/br)*(n/bc) + cell%n/bc
	}
	return regions
}

// place records cell's digit in the cell's three units.
func (m *mixer) place(cell int) {
	n := m.n
	d := int(m.sol[cell]) - 1
	m.at[(cell/n)*n+d] = cell
	m.at[n*n+(cell%n)*n+d] = cell
	m.at[2*n*n+m.regions[cell]*n+d] = cell
}

// trade moves a random cell a of region A next to region B into B, and
// B's cell of a's digit into A, when that cell lies next to the rest of A
// and both regions stay connected; it reports whether it did.
func (m *mixer) trade(rng *rand.Rand) bool {
	a, x, ok := m.draw(rng)
	if !ok {
		return false
	}
	n, ra := m.n, m.regions[a]
	b := m.at[2*n*n+m.regions[x]*n+int(m.sol[a])-1]
	if !m.nextTo(b, ra, a) || !m.exchange(a, b) {
		return false
	}
	m.place(a)
	m.place(b)
	return true
}

// swap swaps the digit of cell and digit other in the smallest set of
// cells holding one of the two that holds cell and meets every row,
// column and region in both or neither of its cells of the two (see
// swapSet), unless that set holds every cell of the two (a relabelling).
func (m *mixer) swap(cell int, other uint8) {
	n, digit := m.n, m.sol[cell]
	m.queue = swapSet(m.sol, cell, other, m.in, m.queue, func(c int, want uint8, add func(int)) {
		d := int(want) - 1
		add(m.at[(c/n)*n+d])
		add(m.at[n*n+(c%n)*n+d])
		add(m.at[2*n*n+m.regions[c]*n+d])
	})
	if len(m.queue) < 2*n {
		swapIn(m.sol, m.queue, digit, other)
		for _, c := range m.queue {
			m.place(c)
		}
	}
}

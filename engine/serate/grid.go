package serate

import (
	"iter"
	"math/bits"
)

// Region types in Sudoku Explainer's numbering; the order in which SE
// visits them (blocks, then columns, then rows) decides which of several
// equal steps it takes.
const (
	block = 0
	row   = 1
	col   = 2
)

// regionCells lists the cells of the 27 regions, 9 per type: blocks 0-8,
// rows 9-17, columns 18-26. Cells within a block run row by row.
var regionCells [27][9]int

// cellRegion gives the region of each type that holds a cell.
var cellRegion [81][3]int

// cellIndex gives a cell's index within its region of each type.
var cellIndex [81][3]int

// peers lists the 20 cells that share a region with a cell.
var peers [81][20]int

// isPeer reports whether two distinct cells share a region.
var isPeer [81][81]bool

// cellSet is a set of cells: cell c is bit c%64 of word c/64.
type cellSet [2]uint64

func (s *cellSet) add(c int)               { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool           { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) and(o cellSet) cellSet    { return cellSet{s[0] & o[0], s[1] & o[1]} }
func (s cellSet) or(o cellSet) cellSet     { return cellSet{s[0] | o[0], s[1] | o[1]} }
func (s cellSet) andNot(o cellSet) cellSet { return cellSet{s[0] &^ o[0], s[1] &^ o[1]} }
func (s cellSet) count() int               { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// cells yields the cells of s in increasing order.
func (s cellSet) cells() iter.Seq[int] {
	return func(yield func(int) bool) {
		for w, m := range s {
			for ; m != 0; m &= m - 1 {
				if !yield(w<<6 | bits.TrailingZeros64(m)) {
					return
				}
			}
		}
	}
}

// peerSet holds the peers of each cell as a cellSet.
var peerSet [81]cellSet

// crossing[a][b] is the 9-bit mask of the indexes within region a of the
// cells it shares with region b.
var crossing [27][27]uint16

func init() {
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			regionCells[block*9+i][j] = (i/3*3+j/3)*9 + i%3*3 + j%3
			regionCells[row*9+i][j] = i*9 + j
			regionCells[col*9+i][j] = j*9 + i
		}
	}
	for r := 0; r < 27; r++ {
		for i, c := range regionCells[r] {
			cellRegion[c][r/9] = r
			cellIndex[c][r/9] = i
		}
	}
	for a := 0; a < 81; a++ {
		n := 0
		for b := 0; b < 81; b++ {
			if a == b {
				continue
			}
			for t := 0; t < 3; t++ {
				if cellRegion[a][t] == cellRegion[b][t] {
					isPeer[a][b] = true
				}
			}
			if isPeer[a][b] {
				peerSet[a].add(b)
				peers[a][n] = b
				n++
			}
		}
	}
	for a := 0; a < 27; a++ {
		for b := 0; b < 27; b++ {
			if a == b {
				continue
			}
			for i, c := range regionCells[a] {
				if cellRegion[c][b/9] == b {
					crossing[a][b] |= 1 << i
				}
			}
		}
	}
}

// grid is the solving state: a value or a set of candidates per cell.
// Candidates are bits 1-9 of a uint16.
type grid struct {
	value [81]int8
	cand  [81]uint16
	count [10]int // placed cells per digit
	links *linkMemo
	// pos[r][v] is the mask of v's places in region r as of the last
	// loadPos, which next calls before each step: the producers read it
	// instead of scanning the region each time.
	pos [27][10]uint16
}

// loadPos fills pos from the candidates.
func (g *grid) loadPos() {
	g.pos = [27][10]uint16{}
	for c, m := range g.cand {
		for m != 0 {
			v := bits.TrailingZeros16(m)
			m &= m - 1
			for t := 0; t < 3; t++ {
				g.pos[cellRegion[c][t]][v] |= 1 << cellIndex[c][t]
			}
		}
	}
}

// places returns the mask of v's places in region r as of the last
// loadPos; positions computes it from the candidates as they are now.
func (g *grid) places(r, v int) uint16 { return g.pos[r][v] }

// place sets a cell's value and removes the value from its peers.
func (g *grid) place(c, v int) {
	g.value[c] = int8(v)
	g.cand[c] = 0
	g.count[v]++
	bit := uint16(1) << v
	for _, p := range peers[c] {
		g.cand[p] &^= bit
	}
}

// solved reports whether every cell has a value.
func (g *grid) solved() bool {
	n := 0
	for _, k := range g.count[1:] {
		n += k
	}
	return n == 81
}

// positions returns the 9-bit mask of the indexes in region r where v is a
// candidate.
func (g *grid) positions(r, v int) uint16 {
	bit := uint16(1) << v
	var m uint16
	for i, c := range regionCells[r] {
		if g.cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// empty counts the cells of region r without a value.
func (g *grid) empty(r int) int {
	n := 0
	for _, c := range regionCells[r] {
		if g.value[c] == 0 {
			n++
		}
	}
	return n
}

func popcount(m uint16) int { return bits.OnesCount16(m) }

// combos lists, for k = 1..4, the 9-bit masks with k bits set in increasing
// numeric order, the order in which SE enumerates subsets.
var combos [5][]uint16

// subsets lists, for k = 0..9, the 9-bit masks with k bits set in
// increasing numeric order (SE's Permutations); subsets[0] is {0}.
var subsets [10][]uint16

func init() {
	for m := uint16(0); m < 1<<9; m++ {
		k := popcount(m)
		subsets[k] = append(subsets[k], m)
		if k >= 1 && k <= 4 {
			combos[k] = append(combos[k], m)
		}
	}
}

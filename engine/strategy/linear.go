package strategy

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// maxLinearRows is the most equations a linearSearch solves at once.
const maxLinearRows = 8

// linearSearch decides which candidates of a few cells some solution of
// up to maxLinearRows equations, each sum(coef·digit) = target, puts
// there, the cells' digits taken from their candidates and distinct
// between cells that see each other. Rather than enumerating every
// solution (the orders of a cage's digits multiply them), it looks for
// one solution with each candidate not yet seen in a solution found.
type linearSearch struct {
	b      *grid.Board
	rows   int
	cells  []int
	coef   [][maxLinearRows]int8 // per cell, its coefficient in each row
	target [maxLinearRows]int
	sees   []uint32
	opts   []grid.Digits // the digits each cell may take in this search
	digit  []int
	lo, hi [][maxLinearRows]int // bounds of each row's sum over cells i..
	// rowsOf[i] has bit r for each row cell i is in; clique has bit r for
	// each row of coefficients 1 whose cells all see each other (a cage),
	// whose digits, all different, bound its sum tighter: left[i][r] and
	// union[i][r] are the row's cells among cells i.. and their options,
	// used[r] the digits its cells before took.
	rowsOf []uint8
	clique uint8
	left   [][maxLinearRows]int8
	union  [][maxLinearRows]grid.Digits
	used   [maxLinearRows]grid.Digits
	// support holds, after run, the digits some solution puts in each
	// cell, and those whose search was cut short.
	support []grid.Digits
	nodes   int
	aborted bool
	// witnesses keeps, by the equations' key, the solutions the last run
	// of those equations found; found collects this run's.
	witnesses []witnessEntry
	found     []uint8
}

// witnessEntry holds solutions of one system of equations: n digits a
// solution, one after another.
type witnessEntry struct {
	key  uint64
	n    int
	sols []uint8
}

// witnessBits sizes the store of solutions: 1<<witnessBits systems,
// direct-mapped by key; maxWitnesses is the most solutions kept a system
// (a 9×9 block's support rarely needs a few dozen).
const (
	witnessBits  = 9
	maxWitnesses = 64
)

// linearPool keeps the finders' searches between calls.
var linearPool = sync.Pool{New: func() any { return new(linearSearch) }}

// maxLinearNodes bounds the search for one solution; a candidate whose
// search is cut short is kept.
const maxLinearNodes = 20_000

// reset empties the search for board b.
func (s *linearSearch) reset(b *grid.Board) {
	s.b, s.rows, s.target = b, 0, [maxLinearRows]int{}
	s.cells, s.coef = s.cells[:0], s.coef[:0]
}

// row starts a new equation with the target given and returns its index,
// or -1 when there are maxLinearRows already.
func (s *linearSearch) row(target int) int {
	if s.rows == maxLinearRows {
		return -1
	}
	s.target[s.rows] = target
	s.rows++
	return s.rows - 1
}

// add gives open cell c coefficient coef (1 or -1) in row r, adding the
// cell when it is new.
func (s *linearSearch) add(r, c, coef int) {
	i := slices.Index(s.cells, c)
	if i < 0 {
		i = len(s.cells)
		s.cells = append(s.cells, c)
		s.coef = append(s.coef, [maxLinearRows]int8{})
	}
	s.coef[i][r] = int8(coef)
}

// run reports whether the equations have a solution; support then holds
// the digits of each cell some solution uses (or whose search was cut
// short), so a candidate outside it is in no solution. False also when
// the first search was cut short.
func (s *linearSearch) run() bool {
	n := len(s.cells)
	if n == 0 || n > 32 {
		return false
	}
	s.sees = append(s.sees[:0], make([]uint32, n)...)
	s.digit = append(s.digit[:0], make([]int, n)...)
	s.support = append(s.support[:0], make([]grid.Digits, n)...)
	s.opts = s.opts[:0]
	for i, c := range s.cells {
		for j := 0; j < i; j++ {
			if s.b.Layout().Sees(c, s.cells[j]) {
				s.sees[i] |= 1 << j
			}
		}
		s.opts = append(s.opts, s.b.Cands(c))
	}
	s.findCliques()
	if !s.solve() {
		return false
	}
	// A solution found by an earlier run of the same equations that the
	// cells' options still allow is a solution now: the digits it puts in
	// the cells need no search. The support is the same either way, since
	// a candidate's own search depends on the options alone and keeps the
	// candidate whenever some solution has it.
	e := s.witnessEntry()
	s.found = s.found[:0]
	s.keepFound()
	if e.n == n {
		for w := e.sols; len(w) >= n; w = w[n:] {
			if s.allows(w[:n]) {
				s.found = append(s.found, w[:n]...)
				for j, d := range w[:n] {
					s.support[j] |= grid.Bit(int(d))
				}
			}
		}
	}
	for i := range s.cells {
		for ds := s.opts[i] &^ s.support[i]; ds != 0; ds &= ds - 1 {
			d := ds & -ds
			if s.support[i]&d != 0 {
				continue // a solution found since has it
			}
			all := s.opts[i]
			s.opts[i] = d
			if s.solve() {
				s.keepFound()
			} else if s.aborted {
				s.support[i] |= d
			}
			s.opts[i] = all
		}
	}
	e.n = n
	e.sols = append(e.sols[:0], s.found[:min(len(s.found), maxWitnesses*n)]...)
	return true
}

// witnessEntry returns the store's entry for the equations loaded,
// emptied when it held another system.
func (s *linearSearch) witnessEntry() *witnessEntry {
	h := uint64(s.rows)*0x9e3779b97f4a7c15 ^ uint64(len(s.cells))
	for r := 0; r < s.rows; r++ {
		h = (h ^ uint64(s.target[r]+64)) * 0xbf58476d1ce4e5b9
	}
	for i, c := range s.cells {
		h = (h ^ uint64(c)) * 0x94d049bb133111eb
		for r := 0; r < s.rows; r++ {
			h = (h ^ uint64(s.coef[i][r]+2)<<r) * 0xbf58476d1ce4e5b9
		}
	}
	if s.witnesses == nil {
		s.witnesses = make([]witnessEntry, 1<<witnessBits)
	}
	e := &s.witnesses[h>>(64-witnessBits)]
	if e.key != h {
		e.key, e.n, e.sols = h, 0, e.sols[:0]
	}
	return e
}

// keepFound adds the solution in digit to found.
func (s *linearSearch) keepFound() {
	for _, d := range s.digit {
		s.found = append(s.found, uint8(d))
	}
}

// allows reports whether the digits w, one a cell, solve the equations
// with the cells' options: each digit a candidate of its cell, different
// from those of the cells it sees, every row making its target. (The
// check keeps a stored solution sound whatever system shares its key.)
func (s *linearSearch) allows(w []uint8) bool {
	var sum [maxLinearRows]int
	for i, d := range w {
		if s.opts[i]&grid.Bit(int(d)) == 0 {
			return false
		}
		for m := s.sees[i]; m != 0; m &= m - 1 {
			if w[bits.TrailingZeros32(m)] == d {
				return false
			}
		}
		for r := 0; r < s.rows; r++ {
			sum[r] += int(s.coef[i][r]) * int(d)
		}
	}
	return sum == s.target
}

// findCliques fills rowsOf and clique.
func (s *linearSearch) findCliques() {
	s.rowsOf = append(s.rowsOf[:0], make([]uint8, len(s.cells))...)
	s.clique = 1<<s.rows - 1
	var in [maxLinearRows]uint32 // the cells of each row so far
	for i := range s.cells {
		for r := 0; r < s.rows; r++ {
			switch s.coef[i][r] {
			case 0:
				continue
			case 1:
				if s.sees[i]&in[r] != in[r] {
					s.clique &^= 1 << r
				}
			default:
				s.clique &^= 1 << r
			}
			s.rowsOf[i] |= 1 << r
			in[r] |= 1 << i
		}
	}
}

// solve looks for one solution with the cells' options, adding its
// digits to support.
func (s *linearSearch) solve() bool {
	n := len(s.cells)
	s.lo = append(s.lo[:0], make([][maxLinearRows]int, n+1)...)
	s.hi = append(s.hi[:0], make([][maxLinearRows]int, n+1)...)
	for i := n - 1; i >= 0; i-- {
		o := s.opts[i]
		for r := 0; r < s.rows; r++ {
			lo, hi := s.lo[i+1][r], s.hi[i+1][r]
			switch s.coef[i][r] {
			case 1:
				lo, hi = lo+o.Min(), hi+o.Max()
			case -1:
				lo, hi = lo-o.Max(), hi-o.Min()
			}
			s.lo[i][r], s.hi[i][r] = lo, hi
		}
	}
	s.left = append(s.left[:0], make([][maxLinearRows]int8, n+1)...)
	s.union = append(s.union[:0], make([][maxLinearRows]grid.Digits, n+1)...)
	for i := n - 1; i >= 0; i-- {
		s.left[i], s.union[i] = s.left[i+1], s.union[i+1]
		for m := s.rowsOf[i] & s.clique; m != 0; m &= m - 1 {
			r := bits.TrailingZeros8(m)
			s.left[i][r]++
			s.union[i][r] |= s.opts[i]
		}
	}
	s.nodes, s.aborted, s.used = 0, false, [maxLinearRows]grid.Digits{}
	if !s.walk(0, [maxLinearRows]int{}) {
		return false
	}
	for j, d := range s.digit {
		s.support[j] |= grid.Bit(d)
	}
	return true
}

// walk places digits in cells i.., the rows' sums so far being sum, and
// reports whether it completed a solution (left in digit). It walks the
// tree of the plain bounds (each row's sum within the least and most its
// cells' options make), skipping the subtrees where a clique row's
// cells left cannot make its sum with different digits, in which no
// solution lies: it finds the solution the plain walk finds first, in no
// more nodes.
func (s *linearSearch) walk(i int, sum [maxLinearRows]int) bool {
	if s.nodes++; s.nodes > maxLinearNodes {
		s.aborted = true
		return false
	}
	if i == len(s.cells) {
		return sum == s.target
	}
	if i == 0 && !s.rootFits() {
		return false
	}
	var taken grid.Digits
	for m := s.sees[i]; m != 0; m &= m - 1 {
		taken |= grid.Bit(s.digit[bits.TrailingZeros32(m)])
	}
	// Rows cell i is not in keep the sums and bounds its parent checked.
	rows := s.rowsOf[i]
next:
	for ds := s.opts[i] &^ taken; ds != 0 && !s.aborted; ds &= ds - 1 {
		d := ds.Min()
		next := sum
		for m := rows; m != 0; m &= m - 1 {
			r := bits.TrailingZeros8(m)
			next[r] += int(s.coef[i][r]) * d
			if next[r]+s.lo[i+1][r] > s.target[r] || next[r]+s.hi[i+1][r] < s.target[r] {
				continue next
			}
			if s.clique&(1<<r) != 0 && !s.cliqueFits(i+1, r, next[r], s.used[r]|ds&-ds) {
				continue next
			}
		}
		s.digit[i] = d
		for m := rows & s.clique; m != 0; m &= m - 1 {
			s.used[bits.TrailingZeros8(m)] |= ds & -ds
		}
		found := s.walk(i+1, next)
		for m := rows & s.clique; m != 0; m &= m - 1 {
			s.used[bits.TrailingZeros8(m)] &^= ds & -ds
		}
		if found {
			return true
		}
	}
	return false
}

// rootFits reports whether every row's plain bounds over all the cells
// hold its target (the plain walk tries no digit of the first cell
// otherwise).
func (s *linearSearch) rootFits() bool {
	for r := 0; r < s.rows; r++ {
		if s.lo[0][r] > s.target[r] || s.hi[0][r] < s.target[r] {
			return false
		}
	}
	return true
}

// cliqueFits reports whether clique row r's cells among cells i.. can
// bring its sum from sum to its target with different digits outside
// used.
func (s *linearSearch) cliqueFits(i, r, sum int, used grid.Digits) bool {
	k := int(s.left[i][r])
	if k == 0 {
		return true
	}
	free := s.union[i][r] &^ used
	if free.Count() < k {
		return false
	}
	need := s.target[r] - sum
	lo, hi := 0, 0
	low, high := free, free
	for range k {
		lo += low.Min()
		low &= low - 1
		top := high.Max()
		hi += top
		high &^= grid.Bit(top)
	}
	return lo <= need && need <= hi
}

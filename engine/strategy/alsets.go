package strategy

import (
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// CellSet is a set of cells of a board as a bitset: cell c is bit c%64 of
// word c/64. Sets handed out by an ALSCollector have the collector's
// Words() words, enough for every cell of the board (up to 1024 cells).
// Sets of different lengths must not be combined.
type CellSet []uint64

// Has reports whether cell c is in the set.
func (s CellSet) Has(c int) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Add puts cell c in the set.
func (s CellSet) Add(c int) { s[c>>6] |= 1 << (c & 63) }

// Clear empties the set.
func (s CellSet) Clear() { clear(s) }

// Empty reports whether the set has no cell.
func (s CellSet) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// Count returns the number of cells in the set.
func (s CellSet) Count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Intersects reports whether s and t share a cell.
func (s CellSet) Intersects(t CellSet) bool {
	for i, w := range s {
		if w&t[i] != 0 {
			return true
		}
	}
	return false
}

// SubsetOf reports whether every cell of s is in t.
func (s CellSet) SubsetOf(t CellSet) bool {
	for i, w := range s {
		if w&^t[i] != 0 {
			return false
		}
	}
	return true
}

// Copy makes s equal to t.
func (s CellSet) Copy(t CellSet) { copy(s, t) }

// And keeps in s only the cells also in t.
func (s CellSet) And(t CellSet) {
	for i := range s {
		s[i] &= t[i]
	}
}

// AndNot removes the cells of t from s.
func (s CellSet) AndNot(t CellSet) {
	for i := range s {
		s[i] &^= t[i]
	}
}

// Or adds the cells of t to s.
func (s CellSet) Or(t CellSet) {
	for i := range s {
		s[i] |= t[i]
	}
}

// Next returns the smallest cell of the set at or after from, or -1 when
// there is none: for c := s.Next(0); c >= 0; c = s.Next(c + 1) visits the
// set in ascending order.
func (s CellSet) Next(from int) int {
	i := from >> 6
	if i >= len(s) {
		return -1
	}
	w := s[i] &^ (1<<(from&63) - 1)
	for {
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
		i++
		if i == len(s) {
			return -1
		}
		w = s[i]
	}
}

// AppendCells appends the cells of the set, ascending, to dst.
func (s CellSet) AppendCells(dst []int) []int {
	for i, w := range s {
		for w != 0 {
			dst = append(dst, i<<6|bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
	return dst
}

// ALS is an almost locked set: n empty cells of one unit that together
// hold exactly n+1 candidates (n = 1 is a bivalue cell). Whatever the
// solution, the cells hold n of the digits: if one digit is missing from
// them (every candidate of it there is false), the others are locked in.
//
// An ALS belongs to the ALSCollector that found it: its slices are views of
// the collector's buffers, valid until the collector's next Collect.
type ALS struct {
	// Unit is the lowest index (into Layout.Units) of a unit holding every
	// cell; a set lying in several units (a row and a box) is collected
	// once. It is -1 for a set of a killer cage lying in no unit.
	Unit int
	// Cage is the killer cage (an index into Layout.Cages) whose cells the
	// set is made of when it lies in no unit (an almost locked cage), else
	// -1. A killer cage has no repeats, so its cells see each other.
	Cage int
	// Digits are the len(Cells)+1 candidates of the cells together.
	Digits grid.Digits
	// Cells are the cells, ascending.
	Cells []int
	// Set holds Cells as a bitset.
	Set CellSet

	// per holds 2 sets per digit of Digits, in ascending digit order: the
	// cells of the set holding the digit, then the cells of the board
	// outside the set that see every one of them.
	per []uint64
	w   int
}

// Size returns the number of cells.
func (a *ALS) Size() int { return len(a.Cells) }

// rank returns the position of d among a's digits; d must be one.
func (a *ALS) rank(d int) int {
	return bits.OnesCount32(uint32(a.Digits & (grid.Bit(d) - 1)))
}

// Holders returns the cells of the set holding candidate d, or nil when d
// is not one of its digits. The set is shared: do not change it.
func (a *ALS) Holders(d int) CellSet {
	if !a.Digits.Has(d) {
		return nil
	}
	i := 2 * a.rank(d) * a.w
	return a.per[i : i+a.w : i+a.w]
}

// SeeAll returns the cells of the board outside the set that see every
// cell of the set holding candidate d (whatever they hold themselves), or
// nil when d is not one of its digits. Whenever the set holds d, none of
// them may: they are the targets of every ALS rule. The set is shared: do
// not change it.
func (a *ALS) SeeAll(d int) CellSet {
	if !a.Digits.Has(d) {
		return nil
	}
	i := (2*a.rank(d) + 1) * a.w
	return a.per[i : i+a.w : i+a.w]
}

// Overlaps reports whether a and b share a cell.
func (a *ALS) Overlaps(b *ALS) bool { return a.Set.Intersects(b.Set) }

// RestrictedCommons returns the restricted common candidates of a and b:
// the digits x of both such that every cell of a holding x sees every cell
// of b holding x, none of them in both sets. Then a and b cannot both hold
// x: if one does, the other misses x and is locked on its other digits.
// Overlapping sets are allowed; x is never a candidate of a shared cell.
func (a *ALS) RestrictedCommons(b *ALS) grid.Digits {
	var rc grid.Digits
	for m := a.Digits & b.Digits; m != 0; m &= m - 1 {
		x := m.Min()
		// b's holders outside a seeing all of a's holders; a's holders
		// then see all of b's, and none is shared (SeeAll excludes a).
		if b.Holders(x).SubsetOf(a.SeeAll(x)) {
			rc |= grid.Bit(x)
		}
	}
	return rc
}

// ALSCollector finds the almost locked sets of boards. Its zero value is
// ready to use. Reuse one (from one goroutine at a time) so that collecting
// does not allocate once its buffers have grown; strategies keep theirs in
// a sync.Pool.
type ALSCollector struct {
	// MaxCells bounds the cells of the sets collected; 0 means N-1 on
	// boards up to 9x9 and 8 on larger ones (bigger sets are rare, and
	// the number of subsets of a 16- to 32-cell unit explodes).
	MaxCells int

	sets  []ALS
	l     *grid.Layout // the layout of peers
	w     int
	max   int           // the bound on the cells of the sets kept in units
	peers []uint64      // peers[c*w:(c+1)*w]: the peers of cell c
	units []unitSets    // per unit, its sets as of the last Collect
	cur   *unitSets     // the unit being searched
	free  []int         // the empty cells of the unit being searched
	pick  []int         // the cells of the subset being built
	union []grid.Digits // the candidates of each subset of free (enumerate)
}

// unitSets are the sets of one unit. They depend only on the candidates of
// the unit's empty cells, so Collect keeps them while those stay the same:
// a step changes few units, and every strategy of a state collects anew.
type unitSets struct {
	cand  []grid.Digits // per cell of the unit: its candidates, or 0 when filled
	valid bool
	sets  []ALS
	cells []int    // the cells of the sets, one set after the other
	words []uint64 // the Set and per of the sets, one set after the other
}

// same reports whether the unit's cells hold the candidates they held when
// its sets were collected, and records them if not.
func (us *unitSets) same(b *grid.Board, cells []int) bool {
	same := us.valid && len(us.cand) == len(cells)
	us.cand = grow(us.cand, len(cells))
	for i, cell := range cells {
		c := b.Cands(cell)
		if b.Value(cell) != 0 {
			c = 0
		}
		if us.cand[i] != c {
			us.cand[i] = c
			same = false
		}
	}
	us.valid = true
	return same
}

// Words returns the number of words of the collector's cell sets (for the
// last layout collected).
func (c *ALSCollector) Words() int { return c.w }

// Peers returns the peers of cell (Layout.Peers) as a set of the
// collector's size. The set is shared: do not change it.
func (c *ALSCollector) Peers(cell int) CellSet {
	i := cell * c.w
	return c.peers[i : i+c.w : i+c.w]
}

// Sets returns the sets of the last Collect.
func (c *ALSCollector) Sets() []ALS { return c.sets }

// setLayout (re)builds the peer sets when the layout changes.
func (c *ALSCollector) setLayout(l *grid.Layout) {
	if c.l == l {
		return
	}
	c.l = l
	c.w = (l.Cells + 63) / 64
	c.units = extend(c.units, len(l.Units())+len(killerCages(l)))
	for i := range c.units {
		c.units[i].valid = false
	}
	c.peers = grow(c.peers[:0], l.Cells*c.w)
	clear(c.peers)
	for cell := 0; cell < l.Cells; cell++ {
		s := c.Peers(cell)
		for _, p := range l.Peers(cell) {
			s.Add(p)
		}
	}
}

// grow returns s resized to n, without keeping its contents when it must
// reallocate.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// Collect finds every almost locked set of b's empty cells in the units
// of b.L (rows, columns, boxes or jigsaw regions, and any extra units)
// with at most MaxCells cells, each once, and returns them unit by unit (in
// an order fixed for a board); on a killer board, then the sets inside a
// killer cage that no unit holds (almost locked cages, alcages.go). The
// result is valid until the next Collect.
func (c *ALSCollector) Collect(b *grid.Board) []ALS { return c.collectFrom(b, nil) }

// collectFrom is Collect, taking a unit's sets from donor instead of
// searching the unit again when donor's last Collect saw the unit's cells
// hold what they hold on b (on the same layout, with the same bound): the
// sets depend on nothing else. Grouped Nice Loop/AIC and Death Blossom
// collect the same board one after the other. donor may be nil or c; it is
// not changed, and must not be used by another goroutine meanwhile.
func (c *ALSCollector) collectFrom(b *grid.Board, donor *ALSCollector) []ALS {
	l := b.Layout()
	c.setLayout(l)
	max := c.MaxCells
	if max <= 0 {
		max = l.N - 1
		if l.N > 9 {
			max = 8
		}
	}
	if max != c.max {
		c.max = max
		for i := range c.units {
			c.units[i].valid = false
		}
	}
	if donor == c || donor != nil && (donor.l != l || donor.max != max) {
		donor = nil
	}
	c.sets = c.sets[:0]
	for u := range l.Units() {
		c.collectGroup(b, u, l.Unit(u).Cells, u, -1, max, donor)
	}
	for k, cg := range killerCages(l) {
		c.collectGroup(b, len(l.Units())+k, cg.Cells, -1, k, max, donor)
	}
	c.cur = nil
	return c.sets
}

// collectGroup collects the sets of cells (those of a unit, or of a killer
// cage) into c.sets, through the cache c.units[slot], or donor's when it
// holds the cells' sets as they stand (donor may be nil); the sets record
// unit u (-1 for a cage) and cage k (-1 for a unit).
func (c *ALSCollector) collectGroup(b *grid.Board, slot int, cells []int, u, k, max int, donor *ALSCollector) {
	us := &c.units[slot]
	if us.same(b, cells) {
		c.sets = append(c.sets, us.sets...)
		return
	}
	if donor != nil {
		if ds := &donor.units[slot]; ds.valid && slices.Equal(ds.cand, us.cand) {
			us.copyFrom(ds, c.w)
			c.sets = append(c.sets, us.sets...)
			return
		}
	}
	c.cur = us
	us.sets, us.cells, us.words = us.sets[:0], us.cells[:0], us.words[:0]
	c.free = c.free[:0]
	for _, cell := range cells {
		if b.Value(cell) == 0 && b.Cands(cell) != 0 {
			c.free = append(c.free, cell)
		}
	}
	lim := max
	if lim > len(c.free)-1 {
		lim = len(c.free) - 1
	}
	c.pick = c.pick[:0]
	if len(c.free) <= alsTableCells {
		c.enumerate(b, u, k, lim)
	} else {
		c.search(b, u, k, 0, 0, lim)
	}
	// The buffers may have moved while growing: point the sets at their
	// final places.
	us.point(c.w)
	c.sets = append(c.sets, us.sets...)
}

// point makes the sets' slices views of the unit's buffers, where they lie
// one set after the other; w is the words of a cell set.
func (us *unitSets) point(w int) {
	cp, wp := 0, 0
	for i := range us.sets {
		a := &us.sets[i]
		n := len(a.Cells)
		a.Cells = us.cells[cp : cp+n : cp+n]
		cp += n
		m := w * (1 + 2*a.Digits.Count())
		a.Set = us.words[wp : wp+w : wp+w]
		a.per = us.words[wp+w : wp+m : wp+m]
		wp += m
	}
}

// copyFrom makes us a copy of d, the sets of the same unit or cage on
// the same candidates, in buffers of its own; w is the words of a cell set.
func (us *unitSets) copyFrom(d *unitSets, w int) {
	us.sets = append(us.sets[:0], d.sets...)
	us.cells = append(us.cells[:0], d.cells...)
	us.words = append(us.words[:0], d.words...)
	us.point(w)
}

// alsTableCells is the most empty cells of a unit whose subsets enumerate
// walks through a table of their candidates; larger units are searched
// depth first, pruned by the number of candidates.
const alsTableCells = 12

// enumerate records the ALS of at most lim cells among c.free, visiting
// every subset through a table of the candidates of each.
func (c *ALSCollector) enumerate(b *grid.Board, u, k, lim int) {
	m := len(c.free)
	c.union = grow(c.union, 1<<m)
	c.union[0] = 0
	for mask := 1; mask < 1<<m; mask++ {
		low := bits.TrailingZeros(uint(mask))
		d := c.union[mask&(mask-1)] | b.Cands(c.free[low])
		c.union[mask] = d
		n := bits.OnesCount(uint(mask))
		if n > lim || d.Count() != n+1 {
			continue
		}
		c.pick = c.pick[:0]
		for r := mask; r != 0; r &= r - 1 {
			c.pick = append(c.pick, c.free[bits.TrailingZeros(uint(r))])
		}
		c.record(b, u, k, d)
	}
}

// search extends the subset c.pick of c.free (holding digits) with cells
// from index from on, recording each ALS of at most lim cells.
func (c *ALSCollector) search(b *grid.Board, u, k, from int, digits grid.Digits, lim int) {
	for i := from; i < len(c.free); i++ {
		cell := c.free[i]
		d := digits | b.Cands(cell)
		n := len(c.pick) + 1
		if d.Count() > lim+1 || d.Count() > len(c.pick)+len(c.free)-i+1 {
			continue // more cells cannot shed digits, and too few are left
		}
		c.pick = append(c.pick, cell)
		if d.Count() == n+1 {
			c.record(b, u, k, d)
		}
		if n < lim {
			c.search(b, u, k, i+1, d, lim)
		}
		c.pick = c.pick[:n-1]
	}
}

// record adds c.pick, an ALS of unit u (or of cage k when u is -1) on
// digits, unless an earlier unit holds it too (for a cage, any unit: the
// units' sets come first).
func (c *ALSCollector) record(b *grid.Board, u, k int, digits grid.Digits) {
	l := b.Layout()
	for _, v := range l.CellUnit(c.pick[0]) {
		if u >= 0 && v >= u {
			continue
		}
		all := true
		for _, cell := range c.pick[1:] {
			if !cellIn(l, cell, v) {
				all = false
				break
			}
		}
		if all {
			return
		}
	}
	us := c.cur
	n := len(c.pick)
	start := len(us.cells)
	us.cells = append(us.cells, c.pick...)
	w := c.w
	nd := digits.Count()
	base := len(us.words)
	us.words = slices.Grow(us.words, w*(1+2*nd))[:base+w*(1+2*nd)]
	buf := us.words[base:]
	clear(buf)
	set := CellSet(buf[:w])
	for _, cell := range c.pick {
		set.Add(cell)
	}
	r := 0
	for m := digits; m != 0; m &= m - 1 {
		d := m.Min()
		hold := CellSet(buf[w*(1+2*r) : w*(2+2*r)])
		see := CellSet(buf[w*(2+2*r) : w*(3+2*r)])
		first := true
		for _, cell := range c.pick {
			if !b.Cands(cell).Has(d) {
				continue
			}
			hold.Add(cell)
			if first {
				see.Copy(c.Peers(cell))
				first = false
			} else {
				see.And(c.Peers(cell))
			}
		}
		see.AndNot(set)
		r++
	}
	us.sets = append(us.sets, ALS{Unit: u, Cage: k, Digits: digits, Cells: us.cells[start : start+n], w: w})
}

// cellIn reports whether cell lies in unit u.
func cellIn(l *grid.Layout, cell, u int) bool {
	for _, v := range l.CellUnit(cell) {
		if v == u {
			return true
		}
	}
	return false
}

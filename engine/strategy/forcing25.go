package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// Boards of side 25 (625 cells, a digit's plane in 10 words) whose cells
// have three to five units each (classic, jigsaw and X 25×25) close their
// nets in followBare25 and followNet25, over arrays of fixed size, as
// boards of side 16 do in followBare16 and followNet16 (forcing16.go): one
// pointer reaches the closure's candidates and counts (bare25), one the
// layout's tables (tables25), and indices masked to the arrays' sizes need
// no bounds checks. The arrays are a power of two long, so some of their
// slots are never used. A plane of 640 bits is no power of two: a
// literal's digit is a division by a constant, a multiplication. The loops
// are written out again rather than shared with forcing16.go's: Go's
// generics take no array length as a parameter, and the loops' speed
// rests on their sizes being constants (TestClosures16MatchSlices holds
// both to the closures on slices).
const (
	side25       = 25
	cells25      = 625
	cw25         = 10            // words of a digit's plane
	plane25      = cw25 * 64     // forcing.plane
	words25      = side25 * cw25 // a closure's words of on and off
	lits25       = 2 * side25 * plane25
	cellSlots25  = 1024             // the arrays by cell
	wordSlots25  = 256              // the arrays by word of on and off
	remSlots25   = 2048             // implications.rem: units × 25 digits, at most 81 units
	queueSlots25 = 32768            // implications.queue: every literal once
	grownWords25 = wordSlots25 / 64 // bare25.grown
)

// bare25 holds the candidates and counts of a closure on a board of side
// 25 (implications.on, off, alive and rem view it), as bare16 does on a
// board of side 16.
type bare25 struct {
	on, off [wordSlots25]uint64
	alive   [cellSlots25]grid.Digits
	rem     [remSlots25]uint16
	// grown has a bit for each word of on the last bare closure set a
	// bit in (followBare25; tryLemma reads it), or every bit after a
	// traced one.
	grown [grownWords25]uint64
	// bad and badAt are the closure's contradiction while the loops run
	// (implications.bad, badAt), and limit followNet25's depth limit.
	badAt int32
	bad   uint8
	limit int32
}

// grownAll25 is bare25.grown with a bit for every word of on.
var grownAll25 = [grownWords25]uint64{^uint64(0), ^uint64(0), ^uint64(0), 1<<(words25-192) - 1}

// tables25 is what followBare25 reads of a layout of side 25 and its
// board: forcing.peers, candPlanes and unitCells, and each cell's units
// as cellRefs has them, with the units' numbers (unitRef.unit) apart, as
// only traced closures read them.
type tables25 struct {
	peers     [cellSlots25][cw25]uint64
	cands     [wordSlots25]uint64
	unitCells [remSlots25]int32
	refs      [cellSlots25]refs25
	unit      [cellSlots25][8]uint16
}

// refs25 is a cell's units as cellRefs has them (unitRef.base and pos),
// three to five (a 25×25 X's centre cell is on both diagonals), as refs16
// is on 16×16; the slots past the cell's last hold noUnit16.
type refs25 struct {
	base, pos [8]uint16
}

// has reports whether the cell has an i-th unit (from 0).
func (r *refs25) has(i int) bool { return r.base[i&7] != noUnit16 }

// fits25 reports whether closures of the sizes given (implications.init)
// are kept in a bare25.
func fits25(words, lits, cells, unitDigits int) bool {
	return words == words25 && lits == lits25 && cells == cells25 && unitDigits <= remSlots25
}

// ready25 sets f.t25 for layout l (after refUnits), or nil when l is not
// one followBare25 takes.
func (f *forcing) ready25(l *grid.Layout) {
	if l.N != side25 || l.Cells != cells25 || f.cw != cw25 || f.a.b25 == nil || f.c.b25 == nil {
		f.t25 = nil
		return
	}
	for cell := range l.Cells {
		if k := len(f.cellRefs[cell]); k < 3 || k > 5 {
			f.t25 = nil
			return
		}
	}
	if f.t25 == nil {
		f.t25 = new(tables25)
	}
	t := f.t25
	for cell := range l.Cells {
		copy(t.peers[cell][:], f.peers[cell*cw25:cell*cw25+cw25])
		r := &t.refs[cell]
		*r, t.unit[cell] = refs25{base: [8]uint16{3: noUnit16, 4: noUnit16}}, [8]uint16{}
		for i, ref := range f.cellRefs[cell] {
			r.base[i], r.pos[i], t.unit[cell][i] = uint16(ref.base), ref.pos, ref.unit
		}
	}
	clear(t.unitCells[:])
	copy(t.unitCells[:], f.unitCells)
}

// unitDown25 is unitDown on a bare25's counts, for unit i of a cell
// (refs r).
func unitDown25(rem *[remSlots25]uint16, r *refs25, i, di int) bool {
	k := (int(r.base[i&7]) + di) & (remSlots25 - 1)
	v := (rem[k] - 1) ^ r.pos[i&7]
	rem[k] = v
	return v&(remCount-1) == 0
}

// settle25 marks settled the counts of digit di+1 in the units of a cell
// (refs r), which a literal has made true.
func settle25(rem *[remSlots25]uint16, r *refs25, di int) {
	rem[(int(r.base[0])+di)&(remSlots25-1)] |= remSettled
	rem[(int(r.base[1])+di)&(remSlots25-1)] |= remSettled
	rem[(int(r.base[2])+di)&(remSlots25-1)] |= remSettled
	if r.has(3) {
		rem[(int(r.base[3])+di)&(remSlots25-1)] |= remSettled
		if r.has(4) {
			rem[(int(r.base[4])+di)&(remSlots25-1)] |= remSettled
		}
	}
}

// followBare25 is followBare on a board of side 25: the same literals in
// the same order, the same contradiction.
func (f *forcing) followBare25(im *implications, s *bare25, t *tables25) bool {
	s.grown, s.bad, s.badAt = [grownWords25]uint64{}, im.bad, im.badAt
	n := bareLoop25((*[queueSlots25]int32)(im.queue[:queueSlots25]), len(im.queue), s, t)
	im.queue = im.queue[:n]
	bad := s.bad
	im.bad, im.badAt = bad, s.badAt
	f.work += n + f.closeWork
	return bad != badNone
}

// bareLoop25 is followBare25's loop over queue, as bareLoop16 is
// followBare16's.
func bareLoop25(queue *[queueSlots25]int32, n int, s *bare25, t *tables25) int {
	_, _, _ = queue[0], s.bad, t.refs[0] // nil checks once, not once a literal
	for qi := 0; qi < n && s.bad == badNone; qi++ {
		lit := uint32(queue[qi&(queueSlots25-1)])
		c := lit >> 1
		d := c / plane25
		di := int(d) & 31
		cell := int(c-d*plane25) & (cellSlots25 - 1)
		if lit&1 != 0 {
			// netTrue: the cell's other digits and the peers' copies are
			// false; the digit's counts in the cell's units settled.
			for o := s.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
				x := bits.TrailingZeros32(uint32(o))*plane25 + cell
				w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
				if s.off[w]&m != 0 {
					continue
				}
				if s.on[w]&m != 0 {
					s.bad, s.badAt = badLiteral, int32(x)<<1
					break
				}
				s.off[w] |= m
				queue[n&(queueSlots25-1)] = int32(x) << 1
				n++
			}
			settle25(&s.rem, &t.refs[cell], di)
			pw := &t.peers[cell]
			base := di * cw25
			for j := range cw25 {
				w := (base + j) & (wordSlots25 - 1)
				fresh := pw[j] & t.cands[w] &^ s.off[w]
				if fresh == 0 {
					continue
				}
				if clash := fresh & s.on[w]; clash != 0 {
					s.bad, s.badAt = badLiteral, int32(w<<6|bits.TrailingZeros64(clash))<<1
					break
				}
				s.off[w] |= fresh
				wl := int32(w) << 7 // the false literal of the word's first bit
				for ; fresh != 0; fresh &= fresh - 1 {
					queue[n&(queueSlots25-1)] = wl | int32(bits.TrailingZeros64(fresh))<<1
					n++
				}
			}
			continue
		}
		// netFalse: the cell's candidates and the digit's counts in its
		// units go down; a cell or a count left at one holds it, at none
		// is a contradiction.
		left := s.alive[cell] &^ (1 << di)
		s.alive[cell] = left
		if left == 0 {
			s.bad, s.badAt = badCell, int32(cell)
			break
		}
		refs := &t.refs[cell]
		ends := uint64(0)
		if unitDown25(&s.rem, refs, 0, di) {
			ends |= 1
		}
		if unitDown25(&s.rem, refs, 1, di) {
			ends |= 2
		}
		if unitDown25(&s.rem, refs, 2, di) {
			ends |= 4
		}
		if refs.has(3) {
			if unitDown25(&s.rem, refs, 3, di) {
				ends |= 8
			}
			if refs.has(4) && unitDown25(&s.rem, refs, 4, di) {
				ends |= 16
			}
		}
		if left&(left-1) == 0 {
			// The cell's last candidate, unless implied true already.
			x := bits.TrailingZeros32(uint32(left))*plane25 + cell
			w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
			if s.on[w]&m == 0 {
				if s.off[w]&m != 0 {
					s.bad, s.badAt = badLiteral, int32(x)<<1|1
				} else {
					s.on[w] |= m
					s.grown[w>>6&(grownWords25-1)] |= 1 << (w & 63)
					queue[n&(queueSlots25-1)] = int32(x)<<1 | 1
					n++
				}
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			i := bits.TrailingZeros64(ends) & 7
			b := int(refs.base[i])
			k := (b + di) & (remSlots25 - 1)
			r := s.rem[k]
			if r&remCount == 0 {
				s.bad, s.badAt = badUnit, int32(k)
				continue
			}
			x := int(t.unitCells[(b+int(r>>remPosShift))&(remSlots25-1)]) + di*plane25
			w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
			if s.on[w]&m != 0 || s.bad != badNone {
				continue
			}
			if s.off[w]&m != 0 {
				s.bad, s.badAt = badLiteral, int32(x)<<1|1
				continue
			}
			s.on[w] |= m
			s.grown[w>>6&(grownWords25-1)] |= 1 << (w & 63)
			queue[n&(queueSlots25-1)] = int32(x)<<1 | 1
			n++
		}
	}
	return n
}

// followNet25 is followNet on a board of side 25 for a closure traced or
// cut at depth limit, as followNet16 is on a board of side 16: the same
// literals in the same order, with the same predecessors and depths, the
// same contradiction.
func (f *forcing) followNet25(im *implications, s *bare25, t *tables25, limit int32) bool {
	s.grown = grownAll25 // not noted here: every word may have grown
	tr := trace25{(*[queueSlots25]int32)(im.pred), (*[queueSlots25]int32)(im.depth)}
	s.bad, s.badAt, s.limit = im.bad, im.badAt, limit
	n := netLoop25((*[queueSlots25]int32)(im.queue[:queueSlots25]), len(im.queue), s, t, tr)
	im.queue = im.queue[:n]
	bad := s.bad
	im.bad, im.badAt = bad, s.badAt
	f.work += n + f.closeWork
	return bad != badNone
}

// trace25 is a traced closure's predecessors and depths, by literal.
type trace25 struct {
	pred, depth *[queueSlots25]int32
}

// netLoop25 is followNet25's loop, as bareLoop25 is followBare25's.
func netLoop25(queue *[queueSlots25]int32, n int, s *bare25, t *tables25, tr trace25) int {
	pred, depth := tr.pred, tr.depth
	_, _, _, _, _ = queue[0], s.bad, t.refs[0], pred[0], depth[0] // nil checks once
	for qi := 0; qi < n && s.bad == badNone; qi++ {
		lit := queue[qi&(queueSlots25-1)]
		dep := depth[lit&(queueSlots25-1)]
		if dep >= s.limit {
			break
		}
		next := dep + 1
		c := uint32(lit) >> 1
		d := c / plane25
		di := int(d) & 31
		cell := int(c-d*plane25) & (cellSlots25 - 1)
		if lit&1 != 0 {
			// netTrue.
			for o := s.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
				x := bits.TrailingZeros32(uint32(o))*plane25 + cell
				w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
				if s.off[w]&m != 0 {
					continue
				}
				xl := int32(x) << 1
				pred[xl&(queueSlots25-1)], depth[xl&(queueSlots25-1)] = lit, next
				if s.on[w]&m != 0 {
					s.bad, s.badAt = badLiteral, xl
					break
				}
				s.off[w] |= m
				queue[n&(queueSlots25-1)] = xl
				n++
			}
			settle25(&s.rem, &t.refs[cell], di)
			pw := &t.peers[cell]
			base := di * cw25
			for j := range cw25 {
				w := (base + j) & (wordSlots25 - 1)
				fresh := pw[j] & t.cands[w] &^ s.off[w]
				if fresh == 0 {
					continue
				}
				if clash := fresh & s.on[w]; clash != 0 {
					xl := int32(w<<6|bits.TrailingZeros64(clash)) << 1
					pred[xl&(queueSlots25-1)], depth[xl&(queueSlots25-1)] = lit, next
					s.bad, s.badAt = badLiteral, xl
					break
				}
				s.off[w] |= fresh
				wl := int32(w) << 7 // the false literal of the word's first bit
				for ; fresh != 0; fresh &= fresh - 1 {
					xl := wl | int32(bits.TrailingZeros64(fresh))<<1
					pred[xl&(queueSlots25-1)], depth[xl&(queueSlots25-1)] = lit, next
					queue[n&(queueSlots25-1)] = xl
					n++
				}
			}
			continue
		}
		// netFalse and netEnds.
		left := s.alive[cell] &^ (1 << di)
		s.alive[cell] = left
		if left == 0 {
			s.bad, s.badAt = badCell, int32(cell)
			break
		}
		refs := &t.refs[cell]
		ends := uint64(0)
		if unitDown25(&s.rem, refs, 0, di) {
			ends |= 1
		}
		if unitDown25(&s.rem, refs, 1, di) {
			ends |= 2
		}
		if unitDown25(&s.rem, refs, 2, di) {
			ends |= 4
		}
		if refs.has(3) {
			if unitDown25(&s.rem, refs, 3, di) {
				ends |= 8
			}
			if refs.has(4) && unitDown25(&s.rem, refs, 4, di) {
				ends |= 16
			}
		}
		if left&(left-1) == 0 {
			// The cell's last candidate, unless implied true already.
			x := bits.TrailingZeros32(uint32(left))*plane25 + cell
			w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
			if s.on[w]&m == 0 {
				xl := int32(x)<<1 | 1
				pred[xl&(queueSlots25-1)], depth[xl&(queueSlots25-1)] = predCellSingle, next
				if s.off[w]&m != 0 {
					s.bad, s.badAt = badLiteral, xl
				} else {
					s.on[w] |= m
					queue[n&(queueSlots25-1)] = xl
					n++
				}
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			i := bits.TrailingZeros64(ends) & 7
			b := int(refs.base[i])
			k := (b + di) & (remSlots25 - 1)
			r := s.rem[k]
			if r&remCount == 0 {
				s.bad, s.badAt = badUnit, int32(k)
				continue
			}
			x := int(t.unitCells[(b+int(r>>remPosShift))&(remSlots25-1)]) + di*plane25
			w, m := x>>6&(wordSlots25-1), uint64(1)<<(x&63)
			if s.on[w]&m != 0 || s.bad != badNone {
				continue
			}
			xl := int32(x)<<1 | 1
			pred[xl&(queueSlots25-1)], depth[xl&(queueSlots25-1)] = predUnitSingle-int32(t.unit[cell][i]), next
			if s.off[w]&m != 0 {
				s.bad, s.badAt = badLiteral, xl
				continue
			}
			s.on[w] |= m
			queue[n&(queueSlots25-1)] = xl
			n++
		}
	}
	return n
}

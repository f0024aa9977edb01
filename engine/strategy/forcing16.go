package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// Boards of side 16 (256 cells, a digit's plane in 4 words) whose cells
// have three or four units each (classic, X, jigsaw 16×16) close their
// bare nets in followBare16, over arrays of fixed size: the closure's
// candidates and counts (bare16) and the layout's tables (tables16). One
// pointer reaches each, and indices masked to the arrays' sizes need no
// bounds checks, so that the loop's state stays in registers: followBare
// on slices keeps 18 slice words live and spills most of them (session
// 22). followNet16 does the same for the traced and depth-cut closures.
const (
	side16      = 16
	cells16     = 256
	words16     = side16 * 4  // a closure's words of on and off
	remSlots16  = 1024        // implications.rem: units × 16 digits, at most 64 units
	queueSlots  = 2 * 4096    // implications.queue: every literal once
	plane16Bits = 8           // a candidate is digit-1 << 8 | cell
	cellMask16  = cells16 - 1 // a candidate's cell
)

// bare16 holds the candidates and counts of a closure on a board of side
// 16 (implications.on, off, alive and rem view it).
type bare16 struct {
	on, off [words16]uint64
	alive   [cells16]grid.Digits
	rem     [remSlots16]uint16
	// grown has a bit for each word of on the last bare closure set a
	// bit in (followBare16; tryLemma reads it), or every bit after a
	// traced one.
	grown uint64
	// bad and badAt are the closure's contradiction while the loops run
	// (implications.bad, badAt), and limit followNet16's depth limit:
	// kept here, read and written seldom, rather than in registers the
	// loops need.
	badAt int32
	bad   uint8
	limit int32
}

// tables16 is what followBare16 reads of a layout of side 16 and its
// board: forcing.peers, candPlanes and unitCells, and each cell's units
// as cellRefs has them, three or four (refs16), with the units' numbers
// (unitRef.unit) apart, as only traced closures read them.
type tables16 struct {
	peers     [cells16][4]uint64
	cands     [words16]uint64
	unitCells [remSlots16]int32
	refs      [cells16]refs16
	unit      [cells16][4]uint16 // unitRef.unit
}

// refs16 is a cell's units as cellRefs has them (unitRef.base and pos),
// in one record a closure reaches through one pointer, whose fields it
// reads at constant offsets. A cell with three units has base[3] noUnit16.
type refs16 struct {
	base, pos [4]uint16
}

// noUnit16 marks the fourth unit of a cell that has three (refs16).
const noUnit16 = 0xffff

// fourth reports whether the cell has a fourth unit.
func (r *refs16) fourth() bool { return r.base[3] != noUnit16 }

// fits16 reports whether closures of the sizes given (implications.init)
// are kept in a bare16.
func fits16(words, lits, cells, unitDigits int) bool {
	return words == words16 && lits == queueSlots && cells == cells16 && unitDigits <= remSlots16
}

// ready16 sets f.t16 for layout l (after refUnits), or nil when l is not
// one followBare16 takes.
func (f *forcing) ready16(l *grid.Layout) {
	if l.N != side16 || l.Cells != cells16 || f.a.b16 == nil || f.c.b16 == nil {
		f.t16 = nil
		return
	}
	for cell := range l.Cells {
		if k := len(f.cellRefs[cell]); k < 3 || k > 4 {
			f.t16 = nil
			return
		}
	}
	if f.t16 == nil {
		f.t16 = new(tables16)
	}
	t := f.t16
	for cell := range l.Cells {
		copy(t.peers[cell][:], f.peers[cell*4:cell*4+4])
		r := &t.refs[cell]
		*r, t.unit[cell] = refs16{base: [4]uint16{3: noUnit16}}, [4]uint16{}
		for i, ref := range f.cellRefs[cell] {
			r.base[i], r.pos[i], t.unit[cell][i] = uint16(ref.base), ref.pos, ref.unit
		}
	}
	clear(t.unitCells[:])
	copy(t.unitCells[:], f.unitCells)
}

// unitDown16 is unitDown on a bare16's counts, for unit i of a cell
// (refs r).
func unitDown16(rem *[remSlots16]uint16, r *refs16, i, di int) bool {
	k := (int(r.base[i&3]) + di) & (remSlots16 - 1)
	v := (rem[k] - 1) ^ r.pos[i&3]
	rem[k] = v
	return v&(remCount-1) == 0
}

// settle16 marks settled the counts of digit di+1 in the units of a cell
// (refs r), which a literal has made true.
func settle16(rem *[remSlots16]uint16, r *refs16, di int) {
	rem[(int(r.base[0])+di)&(remSlots16-1)] |= remSettled
	rem[(int(r.base[1])+di)&(remSlots16-1)] |= remSettled
	rem[(int(r.base[2])+di)&(remSlots16-1)] |= remSettled
	if r.fourth() {
		rem[(int(r.base[3])+di)&(remSlots16-1)] |= remSettled
	}
}

// followBare16 is followBare on a board of side 16: the same literals in
// the same order, the same contradiction.
func (f *forcing) followBare16(im *implications, s *bare16, t *tables16) bool {
	s.grown, s.bad, s.badAt = 0, im.bad, im.badAt
	n := bareLoop16((*[queueSlots]int32)(im.queue[:queueSlots]), len(im.queue), s, t)
	im.queue = im.queue[:n]
	bad := s.bad
	im.bad, im.badAt = bad, s.badAt
	f.work += n + f.closeWork
	return bad != badNone
}

// bareLoop16 is followBare16's loop over queue, whose first n literals
// are queued, from the contradiction in s.bad (badNone: none yet),
// returning the literals queued; it leaves the contradiction in s.bad and
// s.badAt, and notes in s.grown the words of on it sets a bit in. Neither
// the forcing state nor the closure is live in it, which leaves their
// registers to the loop.
func bareLoop16(queue *[queueSlots]int32, n int, s *bare16, t *tables16) int {
	nilChecks16(queue, s, t)
	for qi := 0; qi < n && s.bad == badNone; qi++ {
		lit := uint32(queue[qi&(queueSlots-1)])
		di := int(lit>>(1+plane16Bits)) & (side16 - 1)
		cell := int(lit>>1) & cellMask16
		if lit&1 != 0 {
			// netTrue: the cell's other digits and the peers' copies are
			// false; the digit's counts in the cell's units settled.
			for o := s.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
				x := bits.TrailingZeros32(uint32(o))<<plane16Bits | cell
				w, m := x>>6&(words16-1), uint64(1)<<(x&63)
				if s.off[w]&m != 0 {
					continue
				}
				if s.on[w]&m != 0 {
					s.bad, s.badAt = badLiteral, int32(x)<<1
					break
				}
				s.off[w] |= m
				queue[n&(queueSlots-1)] = int32(x) << 1
				n++
			}
			settle16(&s.rem, &t.refs[cell], di)
			pw := &t.peers[cell]
			for j := range 4 {
				w := (di<<2 | j) & (words16 - 1)
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
					queue[n&(queueSlots-1)] = wl | int32(bits.TrailingZeros64(fresh))<<1
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
		if unitDown16(&s.rem, refs, 0, di) {
			ends |= 1
		}
		if unitDown16(&s.rem, refs, 1, di) {
			ends |= 2
		}
		if unitDown16(&s.rem, refs, 2, di) {
			ends |= 4
		}
		if refs.fourth() && unitDown16(&s.rem, refs, 3, di) {
			ends |= 8
		}
		if left&(left-1) == 0 {
			// The cell's last candidate, unless implied true already.
			x := bits.TrailingZeros32(uint32(left))<<plane16Bits | cell
			w, m := x>>6&(words16-1), uint64(1)<<(x&63)
			if s.on[w]&m == 0 {
				if s.off[w]&m != 0 {
					s.bad, s.badAt = badLiteral, int32(x)<<1|1
				} else {
					s.on[w] |= m
					s.grown |= 1 << w
					queue[n&(queueSlots-1)] = int32(x)<<1 | 1
					n++
				}
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			i := bits.TrailingZeros64(ends) & 3
			b := int(refs.base[i])
			k := (b + di) & (remSlots16 - 1)
			r := s.rem[k]
			if r&remCount == 0 {
				s.bad, s.badAt = badUnit, int32(k)
				continue
			}
			x := int(t.unitCells[(b+int(r>>remPosShift))&(remSlots16-1)]) + di<<plane16Bits
			w, m := x>>6&(words16-1), uint64(1)<<(x&63)
			if s.on[w]&m != 0 || s.bad != badNone {
				continue
			}
			if s.off[w]&m != 0 {
				s.bad, s.badAt = badLiteral, int32(x)<<1|1
				continue
			}
			s.on[w] |= m
			s.grown |= 1 << w
			queue[n&(queueSlots-1)] = int32(x)<<1 | 1
			n++
		}
	}
	return n
}

// nilChecks16 checks the loops' pointers for nil once, ahead of their
// loops, which then check them no more (rather than once a literal).
func nilChecks16(queue *[queueSlots]int32, s *bare16, t *tables16) {
	_, _, _ = queue[0], s.bad, t.refs[0]
}

// followNet16 is followNet on a board of side 16 for a closure traced or
// cut at depth limit: the same literals in the same order, with the same
// predecessors and depths (netTrue, netFalse, netEnds and set written out
// in one loop), the same contradiction.
func (f *forcing) followNet16(im *implications, s *bare16, t *tables16, limit int32) bool {
	s.grown = ^uint64(0) // not noted here: every word may have grown
	tr := trace16{(*[queueSlots]int32)(im.pred), (*[queueSlots]int32)(im.depth)}
	s.bad, s.badAt, s.limit = im.bad, im.badAt, limit
	n := netLoop16((*[queueSlots]int32)(im.queue[:queueSlots]), len(im.queue), s, t, tr)
	im.queue = im.queue[:n]
	bad := s.bad
	im.bad, im.badAt = bad, s.badAt
	f.work += n + f.closeWork
	return bad != badNone
}

// trace16 is a traced closure's predecessors and depths, by literal.
type trace16 struct {
	pred, depth *[queueSlots]int32
}

// netLoop16 is followNet16's loop, as bareLoop16 is followBare16's.
func netLoop16(queue *[queueSlots]int32, n int, s *bare16, t *tables16, tr trace16) int {
	pred, depth := tr.pred, tr.depth
	nilChecks16(queue, s, t)
	_, _ = pred[0], depth[0]
	for qi := 0; qi < n && s.bad == badNone; qi++ {
		lit := queue[qi&(queueSlots-1)]
		dep := depth[lit&(queueSlots-1)]
		if dep >= s.limit {
			break
		}
		next := dep + 1
		di := int(uint32(lit)>>(1+plane16Bits)) & (side16 - 1)
		cell := int(uint32(lit)>>1) & cellMask16
		if lit&1 != 0 {
			// netTrue.
			for o := s.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
				x := bits.TrailingZeros32(uint32(o))<<plane16Bits | cell
				w, m := x>>6&(words16-1), uint64(1)<<(x&63)
				if s.off[w]&m != 0 {
					continue
				}
				xl := int32(x) << 1
				pred[xl&(queueSlots-1)], depth[xl&(queueSlots-1)] = lit, next
				if s.on[w]&m != 0 {
					s.bad, s.badAt = badLiteral, xl
					break
				}
				s.off[w] |= m
				queue[n&(queueSlots-1)] = xl
				n++
			}
			settle16(&s.rem, &t.refs[cell], di)
			pw := &t.peers[cell]
			for j := range 4 {
				w := (di<<2 | j) & (words16 - 1)
				fresh := pw[j] & t.cands[w] &^ s.off[w]
				if fresh == 0 {
					continue
				}
				if clash := fresh & s.on[w]; clash != 0 {
					xl := int32(w<<6|bits.TrailingZeros64(clash)) << 1
					pred[xl&(queueSlots-1)], depth[xl&(queueSlots-1)] = lit, next
					s.bad, s.badAt = badLiteral, xl
					break
				}
				s.off[w] |= fresh
				wl := int32(w) << 7 // the false literal of the word's first bit
				for ; fresh != 0; fresh &= fresh - 1 {
					xl := wl | int32(bits.TrailingZeros64(fresh))<<1
					pred[xl&(queueSlots-1)], depth[xl&(queueSlots-1)] = lit, next
					queue[n&(queueSlots-1)] = xl
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
		if unitDown16(&s.rem, refs, 0, di) {
			ends |= 1
		}
		if unitDown16(&s.rem, refs, 1, di) {
			ends |= 2
		}
		if unitDown16(&s.rem, refs, 2, di) {
			ends |= 4
		}
		if refs.fourth() && unitDown16(&s.rem, refs, 3, di) {
			ends |= 8
		}
		if left&(left-1) == 0 {
			// The cell's last candidate, unless implied true already.
			x := bits.TrailingZeros32(uint32(left))<<plane16Bits | cell
			w, m := x>>6&(words16-1), uint64(1)<<(x&63)
			if s.on[w]&m == 0 {
				xl := int32(x)<<1 | 1
				pred[xl&(queueSlots-1)], depth[xl&(queueSlots-1)] = predCellSingle, next
				if s.off[w]&m != 0 {
					s.bad, s.badAt = badLiteral, xl
				} else {
					s.on[w] |= m
					queue[n&(queueSlots-1)] = xl
					n++
				}
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			i := bits.TrailingZeros64(ends) & 3
			b := int(refs.base[i])
			k := (b + di) & (remSlots16 - 1)
			r := s.rem[k]
			if r&remCount == 0 {
				s.bad, s.badAt = badUnit, int32(k)
				continue
			}
			x := int(t.unitCells[(b+int(r>>remPosShift))&(remSlots16-1)]) + di<<plane16Bits
			w, m := x>>6&(words16-1), uint64(1)<<(x&63)
			if s.on[w]&m != 0 || s.bad != badNone {
				continue
			}
			xl := int32(x)<<1 | 1
			pred[xl&(queueSlots-1)], depth[xl&(queueSlots-1)] = predUnitSingle-int32(t.unit[cell][i]), next
			if s.off[w]&m != 0 {
				s.bad, s.badAt = badLiteral, xl
				continue
			}
			s.on[w] |= m
			queue[n&(queueSlots-1)] = xl
			n++
		}
	}
	return n
}

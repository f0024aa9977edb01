package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// Listed fillings of the small sum groups of a net. A closure only takes
// candidates away from the board's, so the fillings a sum group of up to
// four cells (tableFew) has in a closure are those it has on the board
// whose digits its cells still hold. A group's fillings on the board are
// listed when a closure first asks for them (again in a later search
// only if the options of its cells on the board have changed), each
// packed as the memo packs options (9 bits a cell, the cell's digit
// set); what a
// closure's options allow is then the union of the listed fillings inside
// them, a loop of a few dozen mask tests instead of a memo lookup (a
// random read of a 192 KiB table) or fewAllows on a miss. A group with
// more than maxListedFills fillings on the board keeps the memo.

// maxListedFills bounds the fillings listed for one group.
const maxListedFills = 128

// listedFills is where the fillings of a group are listed.
type listedFills struct {
	gen    uint32 // forcing.listGen when last checked; another: to check
	listed bool   // fills lists the fillings for the options opts
	opts   uint64 // the options of the cells on the board, packed
	n      int32  // the fillings listed, or -1: more than maxListedFills
	// placed holds the digits of the group's placed cells on the board
	// (packed as opts), placedMask their 9 bits each; set with gen.
	placed, placedMask uint64
	fills              []uint64
}

// resetFills readies the fillings listed for a new search (setup calls
// it once the board and the groups are known): a group's are listed
// again, when first asked for, only if its cells' options on the board
// have changed since they were.
func (f *forcing) resetFills() {
	if f.listedFor != f.rulesFor || len(f.listed) < len(f.groups) {
		f.listed = make([]listedFills, len(f.groups))
		f.listedFor = f.rulesFor
		f.listGen = 0
	}
	if f.listGen++; f.listGen == 0 {
		for i := range f.listed {
			f.listed[i].gen = 0
		}
		f.listGen = 1
	}
}

// listFillings is whether nets list the fillings of small sum groups;
// tests turn it off to hold the listed fillings to the memo and the tables.
var listFillings = true

// listedAllows returns what the fillings of group k, whose table t is
// tableFew, allow its cells with options opts (each within the cell's
// options on the board), and whether they are listed; when they are not,
// the caller asks the memo.
func (f *forcing) listedAllows(t *groupTable, k int, opts []grid.Digits) (cageAllows, bool) {
	lf := &f.listed[k]
	if lf.gen != f.listGen {
		f.checkListed(t, k)
	}
	if lf.n < 0 {
		return cageAllows{}, false
	}
	return fillsAllow(lf.fills, opts), true
}

// fillsAllow returns what the fillings fills (packed, 9 bits a cell)
// inside options opts allow the cells.
func fillsAllow(fills []uint64, opts []grid.Digits) cageAllows {
	var packed uint64
	for i, o := range opts {
		packed |= uint64(o) << (maxTableDigits * i)
	}
	support := fillsSupport(fills, packed)
	a := cageAllows{ok: true, none: support == 0}
	for i := range opts {
		a.support[i] = grid.Digits(support>>(maxTableDigits*i)) & (1<<maxTableDigits - 1)
	}
	return a
}

// fillsSupport returns what the fillings fills inside the options packed
// allow the cells, packed as they are (9 bits a cell).
func fillsSupport(fills []uint64, packed uint64) uint64 {
	var support uint64
	for _, x := range fills {
		// x when inside the options, else 0, without a branch: which
		// fillings are inside is not to be predicted.
		out := int64(x &^ packed) // below 2^36
		if support |= x &^ uint64((out|-out)>>63); support == packed {
			break // every option is allowed
		}
	}
	return support
}

// listedSupport returns what the listed fillings of group k allow its
// cells with the candidates closure im leaves them (packed, 9 bits a
// cell), and whether they are listed: applyCage's path for the small sum
// groups, which answers them without building a memo key or copying
// cageAllows (listedAllows gives the same for the same options).
func (f *forcing) listedSupport(im *implications, k int) (uint64, bool) {
	t := &f.tables[k]
	if t.kind != tableFew || !listFillings {
		return 0, false
	}
	lf := &f.listed[k]
	if lf.gen != f.listGen {
		f.checkListed(t, k)
	}
	if lf.n < 0 {
		return 0, false
	}
	// A placed cell's option is its digit (lf.placed), an open cell's
	// its candidates in the closure.
	var packed uint64
	for i, c := range f.groups[k].Cells() {
		packed |= uint64(im.alive[c]) << (maxTableDigits * i)
	}
	return fillsSupport(lf.fills, packed&^lf.placedMask|lf.placed), true
}

// applyListed is applyCage's end for group k (rule r) whose listed
// fillings allow support (packed) with the candidates im leaves: it
// keeps support for the cells, notes a contradiction when it is empty,
// and makes false the candidates it leaves out, as applyCage does with a
// cageAllows.
func (f *forcing) applyListed(im *implications, k, r int, support uint64, next int32) {
	im.seen[k] = im.gen
	kept := &im.support[k]
	*kept = [grid.MaxGroupCells]grid.Digits{}
	cells := f.groups[k].Cells()
	for i := range cells {
		kept[i] = grid.Digits(support>>(maxTableDigits*i)) & (1<<maxTableDigits - 1)
	}
	if support == 0 {
		im.bad, im.badAt = badRule, int32(r)
		return
	}
	for i, c := range cells {
		for ds := im.alive[c] &^ kept[i]; ds != 0; ds &= ds - 1 {
			im.set(f.cand(c, bits.TrailingZeros32(uint32(ds)))<<1, predRule-int32(r), next)
		}
	}
}

// checkListed readies the fillings of group k (tableFew, table t) for the
// search: those listed before when its cells have the same options on
// the board, else listed again (listFills).
func (f *forcing) checkListed(t *groupTable, k int) {
	g, lf := &f.groups[k], &f.listed[k]
	var packed uint64
	lf.placed, lf.placedMask = 0, 0
	for i, c := range g.Cells() {
		o := f.b.Cands(c)
		if v := f.b.Value(c); v != 0 {
			o = grid.Bit(int(v))
			lf.placed |= uint64(o) << (maxTableDigits * i)
			lf.placedMask |= (1<<maxTableDigits - 1) << (maxTableDigits * i)
		}
		packed |= uint64(o) << (maxTableDigits * i)
	}
	lf.gen = f.listGen
	if lf.listed && lf.opts == packed {
		return
	}
	f.listFills(t, k, packed)
}

// listFills lists the fillings of group k (tableFew, table t) on the
// board, whose cells' options (a placed cell's digit, an open cell's
// candidates) are packed: digits of those options adding up to the
// target, differing where cells see each other (t.apart), as fewAllows
// counts them.
func (f *forcing) listFills(t *groupTable, k int, packed uint64) {
	g, lf := &f.groups[k], &f.listed[k]
	var opts [maxFewCells]grid.Digits
	for i := range g.Len() {
		opts[i] = grid.Digits(packed>>(maxTableDigits*i)) & (1<<maxTableDigits - 1)
	}
	var ok bool
	lf.fills, ok = appendFills(lf.fills[:0], t, opts[:g.Len()], 0, 0, t.target, 0)
	lf.listed, lf.opts, lf.n = true, packed, int32(len(lf.fills))
	if !ok {
		lf.n = -1
		return
	}
	coverFirst(lf.fills)
}

// coverFirst orders fills (packed fillings, or digit sets) so that each,
// in turn, has the most digits the ones before it do not: fillsAllow and
// distinctAllows, which stop once what they have met allows every option,
// then meet it in a few when a closure has left a group's options as
// they were (most of its checks). The union of the fillings, what they
// allow, is the same in any order.
func coverFirst[T grid.Digits | uint64](fills []T) {
	var covered T
	for i := range fills {
		best, gain := i, -1
		for j := i; j < len(fills); j++ {
			if g := bits.OnesCount64(uint64(fills[j] &^ covered)); g > gain {
				best, gain = j, g
			}
		}
		if gain == 0 {
			return // the rest add nothing: their order does not matter
		}
		fills[i], fills[best] = fills[best], fills[i]
		covered |= fills[i]
	}
}

// appendFills appends to list the fillings of cells i and after, with
// options opts, adding up to rest, given the digits packed of the cells
// before i; it reports false, stopping, when the group's fillings (those
// from list[start:]) would be more than maxListedFills.
func appendFills(list []uint64, t *groupTable, opts []grid.Digits, start, i, rest int, packed uint64) ([]uint64, bool) {
	if i == len(opts) {
		if rest != 0 {
			return list, true
		}
		if len(list)-start == maxListedFills {
			return list, false
		}
		return append(list, packed), true
	}
	left := len(opts) - i - 1 // cells after i, each at least 1
	for ds := opts[i]; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		if d > rest-left {
			break // the digits go up
		}
		if t.apart[i]&holding(packed, i, d) != 0 {
			continue
		}
		var ok bool
		list, ok = appendFills(list, t, opts, start, i+1, rest-d, packed|uint64(grid.Bit(d))<<(maxTableDigits*i))
		if !ok {
			return list, false
		}
	}
	return list, true
}

// holding returns the cells before cell i to which packed gives digit d,
// a bit each.
func holding(packed uint64, i, d int) uint8 {
	var m uint8
	for j := range i {
		m |= uint8(packed>>(maxTableDigits*j+d-1)&1) << j
	}
	return m
}

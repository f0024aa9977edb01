package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// Listed fillings of the trials' groups. A search only takes candidates
// away from the board's (the candidates setup loads), so the fillings a
// group has in any trial of the search are those it has on the board whose
// digits its cells still hold. A group's fillings on the board are listed
// when a search first asks for them (again in a later search only if its
// cells' options on the board have changed), a bit each in sets of
// trialListMax bits: has holds, for each cell and digit, the fillings that
// put the digit in the cell. What a trial's options allow is then a few
// mask operations per candidate, where the memo costs a look in a table of
// megabytes (a cache miss, mostly) and a miss a fill of the group
// (grid.SumFiller, microseconds on the five- and six-cell virtual cages).
// A group with more fillings on the board than trialListMax, or whose
// fill there gives up, keeps the memo.

// trialListMax bounds the fillings listed for one group, and
// trialListWords is the words of a set of them.
const (
	trialListMax   = 256
	trialListWords = trialListMax / 64
)

// trialListCells is the most cells of a group listed: its options pack
// maxTrialDigits bits a cell in a word.
const trialListCells = 64 / maxTrialDigits

// fillSet is a set of the fillings listed for a group, a bit each.
type fillSet [trialListWords]uint64

// trialList is the fillings of a trial group on the board, listed.
type trialList struct {
	gen    uint32 // trial.listGen when last checked; another: to check
	known  bool   // opts and what follows are the group's on some board
	opts   uint64 // the options of the group's cells on the board, packed
	listed bool   // the fillings are listed for opts (else too many, or none may be)
	words  int    // the words of fillSet the fillings take
	all    fillSet
	union  uint64      // the bits (cell and digit, packed as opts) some filling holds
	must   grid.Digits // the digits every filling uses
	// has[b] is the fillings holding bit b of the packing (digit b%9+1
	// in cell b/9); digit[d-1] those using digit d in some cell.
	has   []fillSet
	digit [maxTrialDigits]fillSet
}

// listTrialFills is whether trials answer from the listed fillings; tests
// turn it off to hold them to the memo and the fills.
var listTrialFills = true

// resetLists forgets the fillings listed (for a new layout's groups),
// keeping their sets' room.
func (t *trial) resetLists() {
	t.lists = extend(t.lists, len(t.groups))
	for i := range t.lists {
		lf := &t.lists[i]
		lf.gen, lf.known, lf.listed = 0, false, false
	}
}

// packOpts packs options ds (at most trialListCells, below
// 1<<maxTrialDigits), maxTrialDigits bits a cell.
func packOpts(ds []grid.Digits) uint64 {
	var p uint64
	for i, d := range ds {
		p |= uint64(d) << (maxTrialDigits * i)
	}
	return p
}

// listedFill returns what the fillings of group g allow its cells, of
// options opts, from the fillings listed on the board, and whether they
// are listed and hold the options (else the caller asks the memo).
func (t *trial) listedFill(g int, opts []grid.Digits) (trialFill, bool) {
	if len(opts) > trialListCells {
		return trialFill{}, false
	}
	lf := &t.lists[g]
	if lf.gen != t.listGen {
		t.checkList(g)
	}
	packed := packOpts(opts)
	if !lf.listed || packed&^lf.opts != 0 {
		return trialFill{}, false
	}
	f := trialFill{ok: true}
	if lf.words == 0 {
		f.none = true // no filling on the board
		return f, true
	}
	removed := lf.union &^ packed
	if removed == 0 {
		// Every filling is inside the options.
		f.must = lf.must
		unpackSupport(&f, lf.union, len(opts))
		return f, true
	}
	in := lf.inside(packed, removed, len(opts))
	var support uint64
	var any uint64
	for w := range lf.words {
		any |= in[w]
	}
	if any == 0 {
		f.none = true
		return f, true
	}
	for kept := lf.union & packed; kept != 0; kept &= kept - 1 {
		b := bits.TrailingZeros64(kept)
		h := &lf.has[b]
		var x uint64
		for w := range lf.words {
			x |= h[w] & in[w]
		}
		if x != 0 {
			support |= 1 << b
		}
	}
	unpackSupport(&f, support, len(opts))
	var used grid.Digits
	for i := range opts {
		used |= f.support[i]
	}
	for ds := used; ds != 0; ds &= ds - 1 {
		d := &lf.digit[bits.TrailingZeros32(uint32(ds))]
		var x uint64
		for w := range lf.words {
			x |= in[w] &^ d[w]
		}
		if x == 0 {
			f.must |= ds & -ds
		}
	}
	return f, true
}

// inside returns the fillings listed whose digits the options packed (of
// n cells) hold: those without a bit of removed (the bits of the listed
// fillings packed lacks), or those with a bit of packed in every cell,
// whichever takes fewer sets.
func (lf *trialList) inside(packed, removed uint64, n int) fillSet {
	kept := lf.union & packed
	if bits.OnesCount64(removed) <= bits.OnesCount64(kept)+n {
		in := lf.all
		for ; removed != 0; removed &= removed - 1 {
			h := &lf.has[bits.TrailingZeros64(removed)]
			for w := range lf.words {
				in[w] &^= h[w]
			}
		}
		return in
	}
	in := lf.all
	const cell = 1<<maxTrialDigits - 1
	for i := range n {
		var c fillSet
		for k := kept >> (maxTrialDigits * i) & cell; k != 0; k &= k - 1 {
			h := &lf.has[maxTrialDigits*i+bits.TrailingZeros64(k)]
			for w := range lf.words {
				c[w] |= h[w]
			}
		}
		for w := range lf.words {
			in[w] &= c[w]
		}
	}
	return in
}

// unpackSupport sets f's support of n cells from support, packed as
// options.
func unpackSupport(f *trialFill, support uint64, n int) {
	const cell = 1<<maxTrialDigits - 1
	for i := range n {
		f.support[i] = grid.Digits(support>>(maxTrialDigits*i)) & cell
	}
}

// checkList readies the fillings of group g for the search: those listed
// before when its cells have the same options on the board, else listed
// again (list).
func (t *trial) checkList(g int) {
	grp, lf := &t.groups[g], &t.lists[g]
	lf.gen = t.listGen
	n := len(grp.cells)
	if n > trialListCells {
		return
	}
	var opts [trialListCells]grid.Digits
	for i, c := range grp.cells {
		opts[i] = t.top[c]
	}
	packed := packOpts(opts[:n])
	if lf.known && lf.opts == packed {
		return
	}
	lf.known, lf.opts = true, packed
	t.list(grp, lf, opts[:n])
}

// list lists the fillings of group grp with options opts (its cells'
// on the board) in lf, unless they are more than trialListMax or the fill
// gives up on them (then every fill of the group may, and the memo
// answers).
func (t *trial) list(grp *trialGroup, lf *trialList, opts []grid.Digits) {
	if lf.has == nil {
		lf.has = make([]fillSet, trialListCells*maxTrialDigits)
	}
	lf.listed = false
	var fills grid.Fills
	t.filler.Fill(opts, &grp.sees, grp.target, &fills)
	if !fills.OK || fills.Count > trialListMax {
		return
	}
	clear(lf.has)
	lf.digit = [maxTrialDigits]fillSet{}
	lf.all, lf.union, lf.must = fillSet{}, 0, 0
	var lo, hi [trialListCells + 1]int
	for i := len(opts) - 1; i >= 0; i-- {
		lo[i] = lo[i+1] + opts[i].Min()
		hi[i] = hi[i+1] + opts[i].Max()
	}
	count := 0
	lister := fillLister{lf: lf, opts: opts, sees: &grp.sees, lo: &lo, hi: &hi, count: &count}
	lister.walk(0, grp.target, 0)
	lf.words = (count + 63) / 64
	lf.must = fills.Must
	if count == 0 {
		lf.must = 0
	}
	lf.listed = true
}

// fillLister walks the fillings of a group to list them.
type fillLister struct {
	lf     *trialList
	opts   []grid.Digits
	sees   *[grid.MaxGroupCells]uint32
	lo, hi *[trialListCells + 1]int // the least and most cells i.. add
	count  *int
}

// walk lists the fillings of cells i and after adding up to rest, the
// cells before holding the digits packed.
func (w *fillLister) walk(i, rest int, packed uint64) {
	if i == len(w.opts) {
		if rest == 0 {
			w.add(packed)
		}
		return
	}
	for ds := w.opts[i]; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		if d+w.lo[i+1] > rest || d+w.hi[i+1] < rest {
			continue
		}
		clash := false
		for m := w.sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			clash = clash || packed>>(maxTrialDigits*j+d-1)&1 != 0
		}
		if !clash {
			w.walk(i+1, rest-d, packed|uint64(ds&-ds)<<(maxTrialDigits*i))
		}
	}
}

// add lists filling packed.
func (w *fillLister) add(packed uint64) {
	lf, k := w.lf, *w.count
	*w.count = k + 1
	word, bit := k>>6, uint64(1)<<(k&63)
	lf.all[word] |= bit
	lf.union |= packed
	const cell = 1<<maxTrialDigits - 1
	for i := range w.opts {
		ds := grid.Digits(packed>>(maxTrialDigits*i)) & cell
		b := maxTrialDigits*i + bits.TrailingZeros32(uint32(ds))
		lf.has[b][word] |= bit
		lf.digit[bits.TrailingZeros32(uint32(ds))][word] |= bit
	}
}

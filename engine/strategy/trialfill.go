package strategy

import (
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The fillings of the groups a trial follows (Cage Contradiction and
// Nested Cage Contradiction): the digits each cell of a cage or virtual
// cage takes in some filling, and those every filling uses.

// trialFill is what a group's fillings allow its cells.
type trialFill struct {
	support [grid.MaxGroupCells]grid.Digits
	must    grid.Digits // the digits every filling uses
	none    bool
	ok      bool
}

// maxTrialMemo bounds the group states a search remembers.
const maxTrialMemo = 1 << 15

// trialMemo remembers what the fillings of the trials' groups allowed, by
// the group and its cells' options: an open-addressed table, its keys and
// results packed in words (maxTrialDigits bits a cell's digits), which a
// lookup reads in one or two cache lines where a map of trialFill read
// several. It holds up to maxTrialMemo states in twice as many slots,
// and starts again when full.
type trialMemo struct {
	slots []trialMemoEntry
	n     int
}

// trialMemoEntry is one state of a group in trialMemo: the options of its
// cells and the digits its fillings allow them, maxTrialDigits bits a
// cell (trialMemoCells cells a word).
type trialMemoEntry struct {
	opts    [2]uint64
	support [2]uint64
	group   int32 // the group's index plus one; 0 in an empty slot
	must    grid.Digits
	none    bool
	ok      bool
}

// trialMemoCells is how many cells' digits a word of trialMemoEntry holds.
const trialMemoCells = 64 / maxTrialDigits

// packDigits packs ds, digit sets below 1<<maxTrialDigits, trialMemoCells
// to a word.
func packDigits(ds []grid.Digits) (w [2]uint64) {
	for i, d := range ds {
		w[i/trialMemoCells] |= uint64(d) << (maxTrialDigits * (i % trialMemoCells))
	}
	return w
}

// reset empties the memo, allocating its table on first use.
func (m *trialMemo) reset() {
	if m.slots == nil {
		m.slots = make([]trialMemoEntry, 2*maxTrialMemo)
	}
	if m.n > 0 {
		clear(m.slots)
	}
	m.n = 0
}

// slot returns the slot of group g with options opts (packed): its entry,
// or the empty slot where it goes.
func (m *trialMemo) slot(g int32, opts [2]uint64) *trialMemoEntry {
	h := (opts[0]*0x9e3779b97f4a7c15 ^ opts[1] ^ uint64(g)<<40) * 0xbf58476d1ce4e5b9
	mask := uint64(len(m.slots) - 1)
	for p := h >> 32 & mask; ; p = (p + 1) & mask {
		if e := &m.slots[p]; e.group == 0 || e.group == g && e.opts == opts {
			return e
		}
	}
}

// fill returns what the fillings of group g allow with the current
// candidates.
func (t *trial) fill(g int) trialFill {
	grp := &t.groups[g]
	n := len(grp.cells)
	for i, c := range grp.cells {
		t.opts[i] = t.cand[c]
	}
	opts := t.opts[:n]
	key := packDigits(opts)
	// Every look counts against the budget, remembered or not, so that
	// what a search finds does not depend on what earlier ones left in
	// the memo.
	t.work++
	e := t.memo.slot(int32(g+1), key)
	if e.group != 0 {
		f := trialFill{must: e.must, none: e.none, ok: e.ok}
		for i := range n {
			f.support[i] = grid.Digits(e.support[i/trialMemoCells]>>(maxTrialDigits*(i%trialMemoCells))) & (1<<maxTrialDigits - 1)
		}
		return f
	}
	var f trialFill
	switch {
	case grp.distinct:
		f = t.fillDistinct(opts, grp.target)
	default:
		f = t.fillSeeing(grp, opts)
	}
	if t.memo.n >= maxTrialMemo {
		t.memo.reset()
		e = t.memo.slot(int32(g+1), key)
	}
	t.memo.n++
	*e = trialMemoEntry{opts: key, support: packDigits(f.support[:n]), group: int32(g + 1), must: f.must, none: f.none, ok: f.ok}
	return f
}

// fillSeeing returns what the fillings of group grp allow each cell, its
// cells' options opts (see sumFill).
func (t *trial) fillSeeing(grp *trialGroup, opts []grid.Digits) trialFill {
	return fillWith(&t.filler, opts, &grp.sees, grp.target)
}

// sumFillers keeps the searches of sumFill.
var sumFillers = sync.Pool{New: func() any { return new(grid.SumFiller) }}

// sumFill returns what the fillings of cells of options opts summing to
// target allow each cell, digits distinct between cells that see each
// other (sees[i] has bit j for each earlier cell j that cell i sees):
// what Board.Fill finds (a filling is its Count, must its Must), giving
// up where it does, since both search with grid's SumFiller.
func sumFill(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) trialFill {
	sf := sumFillers.Get().(*grid.SumFiller)
	f := fillWith(sf, opts, sees, target)
	sumFillers.Put(sf)
	return f
}

// fillWith is sumFill with the search sf.
func fillWith(sf *grid.SumFiller, opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) trialFill {
	var f grid.Fills
	sf.Fill(opts, sees, target, &f)
	return trialFill{support: f.Support, must: f.Must, none: f.OK && f.Count == 0, ok: f.OK}
}

// fillDistinct returns what the fillings of cells of options opts, all
// different, summing to target allow each cell: the digits used so far are
// the state of a walk over the cells (their sum is the mask's), so the
// fillings are the paths from the empty set to a set of the target's sum.
// The sets reached at each step are listed (in t.level), so the walk and
// the clearing of dp and back touch only those, and a set whose sum the
// later cells cannot bring to the target is not reached.
func (t *trial) fillDistinct(opts []grid.Digits, target int) trialFill {
	n := len(opts)
	for i := range t.level {
		for _, m := range t.level[i] {
			t.dp[i][m], t.back[i][m] = false, false
		}
		t.level[i] = t.level[i][:0]
	}
	// lo[i] and hi[i] are the least and most cells i.. add: a set whose
	// sum they cannot bring to the target is not followed.
	var lo, hi [grid.MaxGroupCells + 1]int
	for i := n - 1; i >= 0; i-- {
		lo[i] = lo[i+1] + opts[i].Min()
		hi[i] = hi[i+1] + opts[i].Max()
	}
	t.dp[0][0] = true
	t.level[0] = append(t.level[0], 0)
	for i, o := range opts {
		for _, m := range t.level[i] {
			for ds := o &^ grid.Digits(m); ds != 0; ds &= ds - 1 {
				next := m | uint16(ds&-ds)
				if sum := int(digitSums[next]); sum+lo[i+1] > target || sum+hi[i+1] < target {
					continue
				}
				if !t.dp[i+1][next] {
					t.dp[i+1][next] = true
					t.level[i+1] = append(t.level[i+1], next)
				}
			}
		}
	}
	f := trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for _, m := range t.level[n] {
		if int(digitSums[m]) == target {
			t.back[n][m] = true
			f.none = false
			f.must &= grid.Digits(m)
		}
	}
	if f.none {
		return f
	}
	for i := n - 1; i >= 0; i-- {
		for _, m := range t.level[i] {
			for ds := opts[i] &^ grid.Digits(m); ds != 0; ds &= ds - 1 {
				if t.back[i+1][m|uint16(ds&-ds)] {
					t.back[i][m] = true
					f.support[i] |= ds & -ds
				}
			}
		}
	}
	return f
}

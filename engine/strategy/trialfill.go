package strategy

import (
	"math/bits"
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

// maxTrialMemo bounds the group states a search remembers: a tarek
// killer's logic solve looks some 30,000 up (a memo of 1<<15 started again
// four times in tarek 1-6, missing 200,000 looks against 153,000 with
// 1<<16), and a Long Nested Cage Contradiction search of 2,000,000 looks
// that finds nothing some 450,000 (1<<16 started again seven times a
// search on tarek 41; with 1<<18 the solve took a third of the CPU). The
// table grows as needed, to 16 MiB at most: with 1<<20 (64 MiB) the
// --type logic solves of tarek 41 and extreme 3 peaked at 227-232 MB of
// resident memory, close to a 256 MiB pod on their own, for no less CPU.
const maxTrialMemo = 1 << 18

// trialMemo remembers what the fillings of the trials' groups allowed, by
// the group and its cells' options: an open-addressed table of packed
// entries (see trialMemoEntry), which a lookup reads in one cache line
// where a map of trialFill read several. It holds up to maxTrialMemo
// states in twice as many slots (growing to them), and starts again when
// full.
type trialMemo struct {
	slots []trialMemoEntry
	n     int
}

// trialMemoEntry is one state of a group in trialMemo. Its key packs the
// options of the group's cells, maxTrialDigits bits a cell, cells 0-6 in
// the first word and 7-11 in the low bits of the second, whose top bits
// (from memoGroupShift) hold the group's index plus one, so an empty slot
// has a zero second word. Its value packs the digits the fillings allow
// the cells the same way, with ok in the first word's top bit, and must
// and none above the cells in the second.
type trialMemoEntry struct {
	key, val [2]uint64
}

// The layout of a trialMemoEntry: trialMemoCells cells a word; the
// group's index plus one, must and none above the second word's cells.
const (
	trialMemoCells = 64 / maxTrialDigits
	memoGroupShift = maxTrialDigits * (grid.MaxGroupCells - trialMemoCells)
	memoMustShift  = memoGroupShift
	memoNoneBit    = memoMustShift + maxTrialDigits
	memoMaxGroups  = 1<<(64-memoGroupShift) - 1
)

// packDigits packs ds, digit sets below 1<<maxTrialDigits, trialMemoCells
// to a word.
func packDigits(ds []grid.Digits) (w [2]uint64) {
	for i, d := range ds {
		w[i/trialMemoCells] |= uint64(d) << (maxTrialDigits * (i % trialMemoCells))
	}
	return w
}

// minTrialMemoSlots is the table a memo starts with; it doubles as it
// fills, up to 2*maxTrialMemo slots, so that a short search does not
// clear a large table.
const minTrialMemoSlots = 1 << 12

// reset empties the memo, keeping its table.
func (m *trialMemo) reset() {
	if m.slots == nil {
		m.slots = make([]trialMemoEntry, minTrialMemoSlots)
	}
	if m.n > 0 {
		clear(m.slots)
	}
	m.n = 0
}

// grow doubles the table, putting its entries in their new slots.
func (m *trialMemo) grow() {
	old := m.slots
	m.slots = make([]trialMemoEntry, 2*len(old))
	for i := range old {
		if e := &old[i]; e.key[1] != 0 {
			*m.slot(e.key) = *e
		}
	}
}

// slot returns the slot of key: its entry, or the empty slot where it
// goes.
func (m *trialMemo) slot(key [2]uint64) *trialMemoEntry {
	h := (key[0]*0x9e3779b97f4a7c15 ^ key[1]) * 0xbf58476d1ce4e5b9
	mask := uint64(len(m.slots) - 1)
	for p := h >> 32 & mask; ; p = (p + 1) & mask {
		if e := &m.slots[p]; e.key[1] == 0 || e.key == key {
			return e
		}
	}
}

// fill returns what the fillings of group g allow with the current
// candidates. Its must is zero where there is no filling or the search
// gave up (follow reads it only where there is one).
func (t *trial) fill(g int) trialFill {
	grp := &t.groups[g]
	n := len(grp.cells)
	for i, c := range grp.cells {
		t.opts[i] = t.cand[c]
	}
	opts := t.opts[:n]
	// Every look counts against the budget, remembered or not, so that
	// what a search finds does not depend on what earlier ones left in
	// the memo.
	t.work++
	if g >= memoMaxGroups || grp.distinct && n == 2 {
		// A pair of cells is filled in fewer operations than a look in
		// the memo (mostly a cache miss) takes.
		return t.fillGroup(grp, opts)
	}
	key := packDigits(opts)
	key[1] |= uint64(g+1) << memoGroupShift
	e := t.memo.slot(key)
	if e.key[1] != 0 {
		return unpackFill(e.val, n)
	}
	f := t.fillGroup(grp, opts)
	if 2*(t.memo.n+1) > len(t.memo.slots) {
		if t.memo.n >= maxTrialMemo {
			t.memo.reset()
		} else {
			t.memo.grow()
		}
		e = t.memo.slot(key)
	}
	t.memo.n++
	e.key, e.val = key, packFill(&f, n)
	return f
}

// fillGroup returns what the fillings of group grp allow its cells, of
// options opts, must zero where there is no filling or the search gave
// up.
func (t *trial) fillGroup(grp *trialGroup, opts []grid.Digits) trialFill {
	var f trialFill
	switch {
	case grp.distinct && len(opts) == 2:
		f = fillPair(opts[0], opts[1], grp.target)
	case grp.distinct:
		f = fillSets(opts, grp.target)
	default:
		f = t.fillSeeing(grp, opts)
	}
	if !f.ok || f.none {
		f.must = 0
	}
	return f
}

// packFill packs what f allows n cells as a trialMemoEntry's value.
func packFill(f *trialFill, n int) [2]uint64 {
	v := packDigits(f.support[:n])
	v[1] |= uint64(f.must) << memoMustShift
	if f.ok {
		v[0] |= 1 << 63
	}
	if f.none {
		v[1] |= 1 << memoNoneBit
	}
	return v
}

// unpackFill returns the trialFill of n cells packed in v by packFill.
func unpackFill(v [2]uint64, n int) trialFill {
	const cell = 1<<maxTrialDigits - 1
	f := trialFill{
		must: grid.Digits(v[1] >> memoMustShift & cell),
		none: v[1]>>memoNoneBit&1 != 0,
		ok:   v[0]>>63 != 0,
	}
	for i := range n {
		f.support[i] = grid.Digits(v[i/trialMemoCells] >> (maxTrialDigits * (i % trialMemoCells)) & cell)
	}
	return f
}

// fillSeeing returns what the fillings of group grp allow each cell, its
// cells' options opts (see sumFill).
// Where a few fillings show every option allowed and no digit in all
// (coverFills), that is what the search finds, unless it gives up: the
// walk in the cells' order must stay within grid's bound (walkBound).
func (t *trial) fillSeeing(grp *trialGroup, opts []grid.Digits) trialFill {
	if coverFills(opts, &grp.sees, grp.target) && walkBound(opts, ownOrder[:len(opts)], grp.target) <= fillNodeBound {
		return allowAll(opts)
	}
	return fillWith(&t.filler, opts, &grp.sees, grp.target)
}

// ownOrder is the cells of a group in their own order.
var ownOrder = func() (o [grid.MaxGroupCells]int) {
	for i := range o {
		o[i] = i
	}
	return o
}()

// allowAll returns the trialFill of cells of options opts whose fillings
// allow every option, no digit in all of them.
func allowAll(opts []grid.Digits) trialFill {
	f := trialFill{ok: true}
	copy(f.support[:], opts)
	return f
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

// fillWith is sumFill with the search sf. The search follows the cells
// in the order seeingOrder gives, when it may (what it finds does not
// depend on the order, only its work does).
func fillWith(sf *grid.SumFiller, opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) trialFill {
	var f grid.Fills
	order, ok := seeingOrder(opts, sees, target)
	if !ok {
		sf.Fill(opts, sees, target, &f)
		return trialFill{support: f.Support, must: f.Must, none: f.OK && f.Count == 0, ok: f.OK}
	}
	n := len(opts)
	var ordered [grid.MaxGroupCells]grid.Digits
	var pos [grid.MaxGroupCells]int
	for k, i := range order[:n] {
		ordered[k] = opts[i]
		pos[i] = k
	}
	var seen [grid.MaxGroupCells]uint32
	for i := range n {
		for m := sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			a, b := pos[i], pos[j]
			seen[max(a, b)] |= 1 << min(a, b)
		}
	}
	sf.Fill(ordered[:n], &seen, target, &f)
	fill := trialFill{must: f.Must, none: f.OK && f.Count == 0, ok: f.OK}
	for k, i := range order[:n] {
		fill.support[i] = f.Support[k]
	}
	return fill
}

// seeingOrder returns the order in which a sum search best follows cells
// of options opts adding up to target, where sees[i] has bit j for each
// earlier cell j that cell i sees: each next cell the one that sees the
// most cells before it (its digit then differs from theirs, not a state of
// the search to follow), of those the one with the fewest options. Along
// the trials of tarek killers the searches of the cells so ordered take
// about 30% less CPU than in the cells' order, Virtual Cage's a fifth
// less (docs/variant-techniques.md, "Session 13: sum fills in another
// order").
// It reports false when the order is the cells' own, or when either
// order's enumeration might pass grid's bound on the nodes of a walk
// (Board.Fill and the search give up past it, and where depends on the
// order): there the cells' order is kept.
func seeingOrder(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) (order [grid.MaxGroupCells]int, ok bool) {
	n := len(opts)
	if n < 3 || n > grid.MaxGroupCells {
		return order, false
	}
	var adj [grid.MaxGroupCells]uint32
	for i := range n {
		for m := sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			adj[i] |= 1 << j
			adj[j] |= 1 << i
		}
	}
	var done uint32
	same := true
	for k := range n {
		best, score := -1, 0
		for i := range n {
			if done>>i&1 != 0 {
				continue
			}
			if s := bits.OnesCount32(adj[i]&done)<<5 - opts[i].Count(); best < 0 || s > score {
				best, score = i, s
			}
		}
		order[k] = best
		done |= 1 << best
		same = same && best == k
	}
	if same || walkBound(opts, ownOrder[:n], target) > fillNodeBound || walkBound(opts, order[:n], target) > fillNodeBound {
		return order, false
	}
	return order, true
}

// walkBound returns a bound on the nodes of a walk over cells of options
// opts, taken in order, adding up to target, stopping once past
// fillNodeBound: the walk of grid's sum search, which places in each cell
// a digit after which the least and most the later cells add can still
// make the target, and one no earlier cell it sees holds. Without that
// last rule it visits more nodes: the root and, at each depth, the
// product of the option counts before it, or fewer, the partial fillings
// the first rule lets through (counted by their sums).
func walkBound(opts []grid.Digits, order []int, target int) int {
	nodes, level := 1, 1
	for _, i := range order {
		level *= max(opts[i].Count(), 1)
		if nodes += level; nodes > fillNodeBound {
			break
		}
	}
	if nodes <= fillNodeBound || target < 0 || target > maxWalkSum {
		return nodes
	}
	n := len(order)
	var lo, hi [grid.MaxGroupCells + 1]int // the least and most cells k.. add
	for k := n - 1; k >= 0; k-- {
		lo[k] = lo[k+1] + opts[order[k]].Min()
		hi[k] = hi[k+1] + opts[order[k]].Max()
	}
	// ways[left]: the partial fillings of the cells before k leaving left.
	var ways, next [maxWalkSum + 1]int
	ways[target] = 1
	nodes = 1
	for k, i := range order {
		next = [maxWalkSum + 1]int{}
		for left, w := range ways[:target+1] {
			if w == 0 {
				continue
			}
			for ds := opts[i] & digitsBetween(left-hi[k+1], left-lo[k+1]); ds != 0; ds &= ds - 1 {
				next[left-bits.TrailingZeros32(uint32(ds))-1] += w
				if nodes += w; nodes > fillNodeBound {
					return nodes
				}
			}
		}
		ways = next
	}
	return nodes
}

// maxWalkSum is the largest target walkBound counts partial fillings for
// by their sums (a 9×9 board's seven-cell virtual cage makes at most 63).
const maxWalkSum = 127

// digitsBetween returns the digits from lo to hi (within 1 to 32).
func digitsBetween(lo, hi int) grid.Digits {
	lo, hi = max(lo, 1), min(hi, 32)
	if lo > hi {
		return 0
	}
	return grid.Digits((uint64(1)<<hi - 1) &^ (uint64(1)<<(lo-1) - 1))
}

// fillSets returns what the fillings of cells of options opts, all
// different, summing to target allow each cell, as fillDistinct finds it
// (TestTrialFillsAgree): the digit sets of their number and sum
// (sumSets) that the options cover are matched to the cells (matchSet);
// the support is the union of the digits the matchings let each cell
// take, must the intersection of the sets matched. A set costs a few
// mask operations, where the walk follows every set of digits each first
// few cells can take.
func fillSets(opts []grid.Digits, target int) trialFill {
	n := len(opts)
	f := trialFill{ok: true, none: n > 0 || target != 0}
	if n == 0 || n > maxTableDigits || target < 0 || target >= len(sumSets[n]) {
		return f // no set of n digits makes target
	}
	var union grid.Digits
	for _, o := range opts {
		union |= o
	}
	f.must = ^grid.Digits(0)
	for _, set := range sumSets[n][target] {
		if set&^union == 0 && matchSet(opts, set, f.support[:n]) {
			f.none = false
			f.must &= set
		}
	}
	return f
}

// fillPair is fillSets for two cells of options a and b: the digits d
// of a whose partner target-d, another digit, b holds, and their
// partners; every filling uses both digits of a pair when there is one
// pair, no digit when there are more (the pairs share none).
func fillPair(a, b grid.Digits, target int) trialFill {
	x := a & mirrorDigits(b, target)
	if target%2 == 0 && target >= 2 && target <= 2*maxTrialDigits {
		x &^= grid.Bit(target / 2)
	}
	f := trialFill{ok: true, none: x == 0}
	f.support[0], f.support[1] = x, mirrorDigits(x, target)
	if both := x | f.support[1]; both.Count() == 2 {
		f.must = both
	}
	return f
}

// mirrorDigits returns the digits target-d, from 1 to maxTrialDigits, for
// the digits d of ds (below 1<<maxTrialDigits).
func mirrorDigits(ds grid.Digits, target int) grid.Digits {
	// Reversed, digit d is at bit 16-d; target-d belongs at bit target-d-1.
	r := uint32(bits.Reverse16(uint16(ds)))
	var m uint32
	switch {
	case target > 17 && target < 17+16:
		m = r << (target - 17)
	case target <= 17 && target > 1:
		m = r >> (17 - target)
	}
	return grid.Digits(m) & (1<<maxTrialDigits - 1)
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

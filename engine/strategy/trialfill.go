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

// trialMemo remembers what the fillings of the trials' groups of up to
// trialMemoCells cells allowed, by the group and its cells' options: a
// set-associative table of buckets of trialMemoWays entries, one cache line
// each, the entry used last first. A look reads one line, where an
// open-addressed table of two-word keys and values (sessions 10-13) read
// 1.6 slots of 32 bytes a look in a table of up to 16 MiB, most of them
// cache misses. It starts with minTrialMemo buckets and doubles while
// more than half its entries are taken, up to maxTrialMemo (4 MiB);
// there a new state takes the place of its bucket's least recently used
// one instead of the whole table starting again.
type trialMemo struct {
	// front keeps the states looked at or added last, direct-mapped
	// (trialMemoFront entries, 256 KiB, within a core's cache): two looks
	// in three find their state there.
	front []trialMemoEntry
	// near keeps fewer of them, direct-mapped by other bits of the hash
	// (trialMemoNear entries, 32 KiB, within a core's first-level
	// cache), looked at first.
	near    []trialMemoEntry
	buckets []trialMemoBucket
	shift   uint // 64 less the bits of a bucket's index
	n       int  // the entries taken
}

// trialMemoBucket is one cache line of trialMemo: its entries, the one looked
// at last first, the empty ones (a zero key) last.
type trialMemoBucket [trialMemoWays]trialMemoEntry

// trialMemoEntry is one state of a group in trialMemo. Its key packs the
// options of the group's cells, maxTrialDigits bits a cell, and above
// them (from memoGroupShift) the group's index plus one, so no key is
// zero. Its value packs the digits the fillings allow the cells the same
// way, must above them (from memoMustShift) and ok in the top bit; none
// is a value with ok and no digit allowed (a group with a filling allows
// each cell a digit).
type trialMemoEntry struct {
	key, val uint64
}

// The layout of a trialMemoEntry, and the table's sizes.
const (
	trialMemoCells = 6 // the most cells of a group the memo keeps
	memoGroupShift = maxTrialDigits * trialMemoCells
	memoMustShift  = memoGroupShift
	memoMaxGroups  = 1<<(64-memoGroupShift) - 1
	memoCellBits   = 1<<memoGroupShift - 1
	trialMemoWays  = 4
	minTrialMemo   = 1 << 10
	trialMemoFront = 1 << 14
	trialMemoNear  = 1 << 11
	maxTrialMemo   = 1 << 16
)

// packDigits packs ds, digit sets below 1<<maxTrialDigits, into a word,
// maxTrialDigits bits a set, the first lowest: at most 7 sets (the trial
// memo packs trialMemoCells, the forcing nets' group memo memoCells;
// maxTableDigits is maxTrialDigits).
func packDigits(ds []grid.Digits) (w uint64) {
	for i, d := range ds {
		w |= uint64(d) << (maxTrialDigits * i)
	}
	return w
}

// unpackDigits sets ds to the digit sets packDigits packed into w.
func unpackDigits(w uint64, ds []grid.Digits) {
	for i := range ds {
		ds[i] = grid.Digits(w>>(maxTrialDigits*i)) & (1<<maxTrialDigits - 1)
	}
}

// reset empties the memo, keeping its table.
func (m *trialMemo) reset() {
	if m.buckets == nil {
		m.front = make([]trialMemoEntry, trialMemoFront)
		m.near = make([]trialMemoEntry, trialMemoNear)
		m.buckets = make([]trialMemoBucket, minTrialMemo)
		m.shift = 64 - uint(bits.TrailingZeros(minTrialMemo))
	}
	if m.n > 0 {
		clear(m.front)
		clear(m.near)
		clear(m.buckets)
	}
	m.n = 0
}

// memoHash returns the hash of key: its top bits pick a bucket, its low
// bits a front entry.
func memoHash(key uint64) uint64 {
	h := key * 0x9e3779b97f4a7c15
	return (h ^ h>>29) * 0xbf58476d1ce4e5b9
}

// bucket returns the bucket of key.
func (m *trialMemo) bucket(key uint64) *trialMemoBucket {
	return &m.buckets[memoHash(key)>>m.shift]
}

// look returns the value kept under key: from the front, or from its
// bucket, where it moves to the bucket's front, and to the front; false
// when there is none.
func (m *trialMemo) look(key uint64) (uint64, bool) {
	h := memoHash(key)
	nr := &m.near[h>>32&(trialMemoNear-1)]
	if nr.key == key {
		return nr.val, true
	}
	f := &m.front[h&(trialMemoFront-1)]
	if f.key == key {
		*nr = *f
		return f.val, true
	}
	b := &m.buckets[h>>m.shift]
	for i := range b {
		if b[i].key == key {
			e := b[i]
			copy(b[1:i+1], b[:i])
			b[0], *f, *nr = e, e, e
			return e.val, true
		}
	}
	return 0, false
}

// add keeps val under key, not in the memo, at the front of its bucket.
// Below maxTrialMemo buckets the table doubles when the bucket is full
// or more than half its entries are taken; at it the bucket's last entry
// leaves.
func (m *trialMemo) add(key, val uint64) {
	b := m.bucket(key)
	for b[trialMemoWays-1].key != 0 && len(m.buckets) < maxTrialMemo {
		m.grow()
		b = m.bucket(key)
	}
	if b[trialMemoWays-1].key == 0 {
		m.n++
	}
	copy(b[1:], b[:trialMemoWays-1])
	b[0] = trialMemoEntry{key, val}
	h := memoHash(key)
	m.front[h&(trialMemoFront-1)] = b[0]
	m.near[h>>32&(trialMemoNear-1)] = b[0]
	if 2*m.n > trialMemoWays*len(m.buckets) && len(m.buckets) < maxTrialMemo {
		m.grow()
	}
}

// grow doubles the table, each entry moving to its bucket there in the
// order it had (an old bucket's entries go to two new ones).
func (m *trialMemo) grow() {
	old := m.buckets
	m.buckets = make([]trialMemoBucket, 2*len(old))
	m.shift--
	for i := range old {
		for _, e := range old[i] {
			if e.key == 0 {
				break
			}
			b := m.bucket(e.key)
			for w := range b {
				if b[w].key == 0 {
					b[w] = e
					break
				}
			}
		}
	}
}

// fill returns what the fillings of group g allow with the current
// candidates, in t.filled (its cells' support past the group's cells
// left as they were). Its must is zero where there is no filling or the
// search gave up (follow reads it only where there is one). It returns
// nil where the memo holds fillings that allow every candidate of the
// group and use no digit outside t.lockedG[g]: following them would
// rule nothing out (along tarek's killer 18 two looks in five, the HS
// killer 9's 45 %, session 70).
func (t *trial) fill(g int) *trialFill {
	grp := &t.groups[g]
	n := len(grp.cells)
	var key uint64 // the options packed as packDigits packs them
	for i, c := range grp.cells {
		o := t.cand[c]
		t.opts[i] = o
		key |= uint64(o) << (maxTrialDigits * i)
	}
	opts := t.opts[:n]
	f := &t.filled
	// Every look counts against the budget, remembered or not, so that
	// what a search finds does not depend on what earlier ones left in
	// the memo.
	t.work++
	if n > trialMemoCells || g >= memoMaxGroups || grp.distinct && n <= 3 {
		// A pair or a triple of cells is filled in fewer operations than
		// a look in the memo (mostly a cache miss) takes.
		*f = t.fillGroup(grp, opts)
		return f
	}
	key |= uint64(g+1) << memoGroupShift
	if val, ok := t.memo.look(key); ok {
		if val&memoCellBits != 0 && key&^val&memoCellBits == 0 && grid.Digits(val>>memoMustShift)&(1<<maxTrialDigits-1)&^t.lockedG[g] == 0 {
			return nil // a filling, every candidate allowed, no new lock
		}
		unpackFill(f, val, n)
		return f
	}
	*f = t.fillGroup(grp, opts)
	t.memo.add(key, packFill(f, n))
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
	case grp.distinct && len(opts) == 3:
		f = fillTriple(opts[0], opts[1], opts[2], grp.target)
	case grp.distinct && len(opts) == 4:
		f = fillQuadFewest(opts, grp.target)
	case grp.distinct && len(opts) >= 5 && len(opts) <= fillEnumCells && enumLeaves(opts) <= enumDistinctLeaves:
		f = t.enum.fill(opts, &grp.sees, grp.target)
	case grp.distinct:
		f = fillSets(opts, grp.target)
	default:
		f = t.fillSeeing(grp, opts)
	}
	if !f.ok || f.none {
		// What follow reads of it: nothing more (and what trialMemo
		// keeps).
		return trialFill{ok: f.ok, none: f.none}
	}
	return f
}

// packFill packs what f allows n cells (at most trialMemoCells) as a
// trialMemoEntry's value.
func packFill(f *trialFill, n int) uint64 {
	switch {
	case !f.ok:
		return 0
	case f.none:
		return 1 << 63
	}
	return packDigits(f.support[:n]) | uint64(f.must)<<memoMustShift | 1<<63
}

// unpackFill leaves in f the trialFill of n cells packed in v by
// packFill, f's support past them left as it was.
func unpackFill(f *trialFill, v uint64, n int) {
	const cell = 1<<maxTrialDigits - 1
	f.ok, f.none, f.must = v>>63 != 0, v>>63 != 0 && v&memoCellBits == 0, 0
	if !f.ok || f.none {
		return
	}
	f.must = grid.Digits(v >> memoMustShift & cell)
	for i := range n {
		f.support[i] = grid.Digits(v >> (maxTrialDigits * i) & cell)
	}
}

// fillSeeing returns what the fillings of group grp allow each cell, its
// cells' options opts (see sumFill).
// Where coverFills's walks settle every option and every digit of the
// fillings they find (witnessFill), that is what the search finds,
// unless it gives up: the walk in the cells' order must stay within
// grid's bound (walkBound). Most groups with an option of no filling or
// a digit in all fillings are settled so too, without the search.
func (t *trial) fillSeeing(grp *trialGroup, opts []grid.Digits) trialFill {
	n := len(opts)
	// On a layout where no fill search gives up (trial.monotone), the
	// bound holds for any options of the group, none empty (walkBound
	// counts no more nodes from fewer options): it need not be counted
	// (up to 2,000 instructions a six-cell group, 5 % of killer9-extreme
	// line 3's, session 71).
	within := t.monotone && noneEmpty(opts)
	if n >= 3 && n <= fillEnumCells && enumLeaves(opts) <= enumSeeingLeaves && (within || walkBound(opts, ownOrder[:n], grp.target) <= fillNodeBound) {
		// Where the search would not give up, the fillings are what it
		// finds, however they are found.
		return t.enum.fill(opts, &grp.sees, grp.target)
	}
	if f, ok := witnessFillFrom(opts, &grp.sees, grp.target, t.fillPool(grp, n)); ok && (within || walkBound(opts, ownOrder[:n], grp.target) <= fillNodeBound) {
		return f
	}
	return fillWith(&t.filler, opts, &grp.sees, grp.target)
}

// noneEmpty reports whether every cell of options opts has one at least.
func noneEmpty(opts []grid.Digits) bool {
	for _, o := range opts {
		if o == 0 {
			return false
		}
	}
	return true
}

// fillPool returns the fillings kept of group grp, of n cells, for its
// witness walks (see witnessFillFrom), or nil where they are not to
// start from them: a walk so started may give up where one started from
// none would not (or the other way), which changes the outcome unless no
// fill search of the layout gives up (trial.monotone).
func (t *trial) fillPool(grp *trialGroup, n int) *fillPool {
	if !t.monotone || n > poolCells || grp.pool < 0 {
		return nil
	}
	return &t.pools[grp.pool]
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
	// Without a branch (the witness walks' inner loop): the bits below
	// hi less those below lo-1, a shift of 64 or more giving 0, so all
	// bits once less one.
	below := uint64(1)<<uint(max(hi, 0)) - 1
	under := uint64(1)<<uint(max(lo-1, 0)) - 1
	return grid.Digits(below &^ under)
}

// fillSets returns what the fillings of cells of options opts, all
// different, summing to target allow each cell, as a walk over the digit
// sets of the cells finds it (TestTrialFillsAgree): the digit sets of
// their number and sum (sumSets) that the options cover are matched to
// the cells (matchSet);
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
	for _, set := range fillOrder[n][target] {
		if set&^union != 0 {
			continue
		}
		support := f.support[:n]
		if !f.none && supportHolds(opts, set, support) {
			if f.must&^set == 0 {
				// Matched or not, the set adds nothing: a filling is
				// known, must is within it and each cell's digits of it
				// are allowed already.
				continue
			}
			support = nil // it may narrow must alone
		}
		if matchSet(opts, set, support) {
			f.none = false
			f.must &= set
			if f.must == 0 && supportHolds(opts, ^grid.Digits(0), f.support[:n]) {
				break // every option allowed, no digit in all: nothing to add
			}
		}
	}
	return f
}

// fillOrder[size][sum] holds the sets of sumSets[size][sum] in the order
// fillSets matches them: from both ends of their order in turn (the
// first, the last, the second, ...), so that sets of low and of high
// digits come early, allow most options and leave few digits in all.
var fillOrder = func() (t [maxTableDigits + 1][46][]grid.Digits) {
	for k := range sumSets {
		for s, sets := range sumSets[k] {
			for i, j := 0, len(sets)-1; i <= j; i, j = i+1, j-1 {
				t[k][s] = append(t[k][s], sets[i])
				if i < j {
					t[k][s] = append(t[k][s], sets[j])
				}
			}
		}
	}
	return t
}()

// supportHolds reports whether support allows each cell of options opts
// every digit of set it holds.
func supportHolds(opts []grid.Digits, set grid.Digits, support []grid.Digits) bool {
	for i, o := range opts {
		if o&set&^support[i] != 0 {
			return false
		}
	}
	return true
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

// fillTriple is fillSets for three cells of options a, b and c: for
// each digit x of a, the last two cells take the pairs of the digits left
// adding up to target-x, as fillPair finds them (one pass over a, where
// a pass over each x of a and y of b cost tarek's killer 18 about 1% more
// instructions, session 69).
func fillTriple(a, b, c grid.Digits, target int) trialFill {
	f := trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for xs := a; xs != 0; xs &= xs - 1 {
		x := xs & -xs
		rest := target - x.Min()
		if rest < 3 || rest > 2*maxTrialDigits-1 {
			continue
		}
		y := b &^ x & mirrorDigits(c&^x, rest)
		if rest%2 == 0 {
			y &^= grid.Bit(rest / 2)
		}
		if y == 0 {
			continue
		}
		z := mirrorDigits(y, rest)
		f.none = false
		f.support[0] |= x
		f.support[1] |= y
		f.support[2] |= z
		// The pairs share no digit: every one of them uses both
		// digits when there is one pair.
		if yz := y | z; yz.Count() == 2 {
			f.must &= x | yz
		} else {
			f.must &= x
		}
	}
	return f
}

// fillQuadFewest is fillQuad for the four cells of options opts, the two
// cells of fewest options first (fillQuad's work is their product).
func fillQuadFewest(opts []grid.Digits, target int) trialFill {
	p := [4]int{0, 1, 2, 3}
	// The two of fewest options to the front, in the cells' order.
	for i := range 2 {
		m := i
		for j := i + 1; j < 4; j++ {
			if opts[p[j]].Count() < opts[p[m]].Count() {
				m = j
			}
		}
		p[i], p[m] = p[m], p[i]
	}
	q := fillQuad(opts[p[0]], opts[p[1]], opts[p[2]], opts[p[3]], target)
	f := q
	for i, c := range p {
		f.support[c] = q.support[i]
	}
	return f
}

// fillQuad is fillSets for four cells of options a, b, c and e: for
// each digit x of a and y of b, another, the last two cells take the
// pairs of the digits left adding up to target-x-y, as fillPair finds
// them. It does the pair's work inline: calling fillPair (not inlined)
// there cost tarek's killer 18 0.8% more instructions, all that fillQuad
// saves (7.325 against 7.382 G, session 21).
func fillQuad(a, b, c, e grid.Digits, target int) trialFill {
	f := trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for xs := a; xs != 0; xs &= xs - 1 {
		x := xs & -xs
		for ys := b &^ x; ys != 0; ys &= ys - 1 {
			y := ys & -ys
			xy := x | y
			rest := target - x.Min() - y.Min()
			if rest < 3 || rest > 2*maxTrialDigits-1 {
				continue
			}
			z := c &^ xy & mirrorDigits(e&^xy, rest)
			if rest%2 == 0 {
				z &^= grid.Bit(rest / 2)
			}
			if z == 0 {
				continue
			}
			w := mirrorDigits(z, rest)
			f.none = false
			f.support[0] |= x
			f.support[1] |= y
			f.support[2] |= z
			f.support[3] |= w
			// The pairs share no digit: every one of them uses both
			// digits when there is one pair.
			if zw := z | w; zw.Count() == 2 {
				f.must &= xy | zw
			} else {
				f.must &= xy
			}
		}
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

// fillEnumCells is the most cells fillEnum fills, and enumDistinctLeaves
// and enumSeeingLeaves the most digit choices (the product of the option
// counts of all cells but the two of most options, enumLeaves) it takes
// on for a memo miss of a group of five or six cells that all see each
// other (fillSets matches digit sets for the others) and of one of three
// to six cells that do not (witnessFill walks the others). Along tarek's
// killers 18, 21 and 15 those limits took 0.9-1.7% fewer instructions
// than none, 8/24 and 24/64 about as few (docs/variant-techniques.md,
// session 69).
const (
	fillEnumCells      = 6
	enumDistinctLeaves = 12
	enumSeeingLeaves   = 32
)

// fillEnum is what the fillings of a group of at most fillEnumCells cells
// allow, found by choosing a digit for each cell but the two of most
// options, fewest options first, and taking the pairs those two make of
// the sum left (pairSupport). It is exact: it finds what fillSets and a
// sum search that does not give up find.
type fillEnum struct {
	n     int
	order [fillEnumCells]int         // the cells, fewest options first
	opts  [fillEnumCells]grid.Digits // their options, in order
	// sees[k] has bit j for each cell j (in order) that cell k sees.
	sees  [fillEnumCells]uint8
	lo    [fillEnumCells + 1]int // the least the cells k.. add
	hi    [fillEnumCells + 1]int // the most
	pick  [fillEnumCells]grid.Digits
	sup   [fillEnumCells]grid.Digits
	must  grid.Digits
	found bool
}

// enumLeaves returns the digit choices fillEnum would take on for cells
// of options opts (n of them, at most fillEnumCells): the product of the
// option counts of all but the two widest.
func enumLeaves(opts []grid.Digits) int {
	p, a, b := 1, 1, 1 // a and b the two largest counts, a first
	for _, o := range opts {
		c := o.Count()
		p *= c
		if c > a {
			a, b = c, a
		} else if c > b {
			b = c
		}
	}
	return p / (a * b)
}

// fill returns what the fillings of cells of options opts adding up to
// target allow, digits distinct between cells that see each other (sees
// as for sumFill: bit j of sees[i] for each earlier cell j that cell i
// sees); 3 to fillEnumCells cells.
func (e *fillEnum) fill(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) trialFill {
	n := len(opts)
	e.n = n
	for i := range n {
		e.order[i] = i
	}
	// Fewest options first, the cells' order among equals.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && opts[e.order[j]].Count() < opts[e.order[j-1]].Count(); j-- {
			e.order[j], e.order[j-1] = e.order[j-1], e.order[j]
		}
	}
	var pos [fillEnumCells]int
	for k, i := range e.order[:n] {
		e.opts[k] = opts[i]
		pos[i] = k
		e.sees[k] = 0
	}
	for i := range n {
		for m := sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			a, b := pos[i], pos[bits.TrailingZeros32(m)]
			e.sees[a] |= 1 << b
			e.sees[b] |= 1 << a
		}
	}
	e.lo[n], e.hi[n] = 0, 0
	for k := n - 1; k >= 0; k-- {
		e.lo[k] = e.lo[k+1] + e.opts[k].Min()
		e.hi[k] = e.hi[k+1] + e.opts[k].Max()
	}
	e.sup = [fillEnumCells]grid.Digits{}
	e.must, e.found = ^grid.Digits(0), false
	e.walk(0, target, 0, [fillEnumCells]grid.Digits{})
	if !e.found {
		return trialFill{ok: true, none: true}
	}
	f := trialFill{ok: true, must: e.must}
	for k, i := range e.order[:n] {
		f.support[i] = e.sup[k]
	}
	return f
}

// walk chooses the digit of cell k (in order), left the sum the cells
// from k on make, used the digits chosen and bar[j] those chosen for the
// cells cell j sees; at the last two cells it takes their pairs.
func (e *fillEnum) walk(k, left int, used grid.Digits, bar [fillEnumCells]grid.Digits) {
	n := e.n
	if k == n-2 {
		x, y := e.opts[k]&^bar[k], e.opts[k+1]&^bar[k+1]
		sx, sy := pairSupport(x, y, left, e.sees[k]>>(k+1)&1 != 0)
		if sx == 0 {
			return
		}
		e.found = true
		for j := range k {
			e.sup[j] |= e.pick[j]
		}
		e.sup[k] |= sx
		e.sup[k+1] |= sy
		// The pairs share no digit: every filling of this choice uses
		// both of a pair only when there is one.
		if both := sx | sy; both.Count() <= 2 {
			used |= both
		}
		e.must &= used
		return
	}
	for ds := e.opts[k] &^ bar[k]; ds != 0; ds &= ds - 1 {
		d := ds & -ds
		r := left - d.Min()
		if r < e.lo[k+1] || r > e.hi[k+1] {
			continue
		}
		e.pick[k] = d
		next := bar
		for m := e.sees[k] &^ (1<<(k+1) - 1); m != 0; m &= m - 1 {
			next[bits.TrailingZeros8(m)] |= d
		}
		e.walk(k+1, r, used|d, next)
	}
}

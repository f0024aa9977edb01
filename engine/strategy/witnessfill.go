package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// Most sum groups a trial or Virtual Cage fills allow every option of
// every cell, and no digit is in all of their fillings (along tarek line
// 1's logic solve, 95% of the sum search's time went to such groups). A
// few fillings show it: one for each cell's option not yet in a filling
// found, each found by a depth-first walk that tries those options first.

// maxWitnessNodes bounds the nodes coverFills's walks visit for one group
// before it leaves the group to the sum search.
const maxWitnessNodes = 1024

// witnessWalk is coverFills's search: cells of options opts adding up to
// a target, digits distinct between cells that see each other (adj[i]
// has bit j for each cell j that cell i sees), followed in order.
type witnessWalk struct {
	opts  []grid.Digits
	adj   [grid.MaxGroupCells]uint32
	order [grid.MaxGroupCells]int
	// before[k] has bit j for each cell j that cell order[k] sees among
	// the cells order[:k], whose digits it may not take.
	before  [grid.MaxGroupCells]uint32
	lo, hi  [grid.MaxGroupCells + 1]int // the least and most cells order[k:] add
	digit   [grid.MaxGroupCells]grid.Digits
	covered [grid.MaxGroupCells]grid.Digits // the options in a filling found
	avoid   grid.Digits                     // a digit the walk leaves out
	nodes   int
	// started is the cell start ordered the walk for, plus one (0: none):
	// the walks of one cell's options share their order, which find does
	// not change.
	started int
	// pairs has find fill the last two cells together (findPair).
	// coverFills does not: where its walks give up decides what Virtual
	// Cage does, and findPair counts its nodes otherwise.
	pairs bool
}

// coverFills reports whether every option of every cell of cells of
// options opts adding up to target, digits distinct between cells that
// see each other (sees[i] has bit j for each earlier cell j that cell i
// sees), is in some filling, and no digit in all of them: it finds
// fillings that show it, giving up (false) after maxWitnessNodes nodes
// of its walks. False says nothing of the group.
func coverFills(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) bool {
	n := len(opts)
	if n == 0 || n > grid.MaxGroupCells {
		return false
	}
	w := newWitnessWalk(opts, sees)
	every := ^grid.Digits(0) // the digits of every filling found
	for i := range n {
		for opts[i]&^w.covered[i] != 0 {
			d := opts[i] &^ w.covered[i]
			d &= -d
			w.start(i)
			if !w.find(0, target, d) {
				return false
			}
			every &= w.found()
		}
	}
	// A digit of every filling found: a filling without it.
	for every != 0 {
		w.start(0)
		w.avoid = every & -every
		if !w.find(0, target, ^grid.Digits(0)) {
			return false
		}
		every &= w.found()
	}
	return true
}

// newWitnessWalk returns the walk of cells of options opts that see each
// other as sees says (see coverFills), each cell's neighbours both ways.
func newWitnessWalk(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32) witnessWalk {
	w := witnessWalk{opts: opts}
	for i := range opts {
		for m := sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			w.adj[i] |= 1 << j
			w.adj[j] |= 1 << i
		}
	}
	return w
}

// witnessFill returns what the fillings of cells of options opts adding
// up to target, digits distinct between cells that see each other (sees
// as for coverFills), allow each cell, from coverFills's walks: each
// option of each cell is in a filling found or its walk ends without one
// (it is in none), and each digit of every filling found is in every
// filling or a walk that leaves it out finds one. It reports false when
// the walks pass maxWitnessNodes nodes: they then say nothing of the
// group. Where the sum search does not give up, it finds the same.
func witnessFill(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) (trialFill, bool) {
	return witnessFillFrom(opts, sees, target, nil)
}

// witnessFillFrom is witnessFill starting from the fillings of the group
// in pool (nil for none) that opts allow, and adding to pool the fillings
// its walks find: the options they hold need no walk. The group is the
// pool's, of at most poolCells cells.
func witnessFillFrom(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int, pool *fillPool) (trialFill, bool) {
	n := len(opts)
	if n == 0 || n > grid.MaxGroupCells {
		return trialFill{}, false
	}
	w := newWitnessWalk(opts, sees)
	w.pairs = true
	var in [grid.MaxGroupCells]grid.Digits // the options in no filling
	every := ^grid.Digits(0)               // the digits of every filling found
	found := false
	var last [grid.MaxGroupCells]grid.Digits // the last filling found
	if pool != nil {
		found = pool.cover(opts, &w.covered, &every, &last)
	}
	for i := range n {
		for left := opts[i] &^ w.covered[i]; left != 0; left = opts[i] &^ w.covered[i] &^ in[i] {
			d := left & -left
			if found && w.repair(&last, i, d) {
				every &= w.found()
				copy(last[:n], w.digit[:n])
				pool.add(w.digit[:n])
				continue
			}
			w.start(i)
			if !w.find(0, target, d) {
				if w.nodes > maxWitnessNodes {
					return trialFill{}, false
				}
				in[i] |= d
				continue
			}
			found = true
			every &= w.found()
			copy(last[:n], w.digit[:n])
			pool.add(w.digit[:n])
		}
		if !found {
			// Cell 0 takes none of its options: there is no filling.
			return trialFill{ok: true, none: true}, true
		}
	}
	f := trialFill{ok: true}
	for every != 0 {
		if x := every & -every; !sumWithout(opts, x, target) {
			// The cells without x cannot make the target.
			f.must |= x
			every &^= x
			continue
		}
		w.startWithout(every & -every)
		if !w.find(0, target, ^grid.Digits(0)) {
			if w.nodes > maxWitnessNodes {
				return trialFill{}, false
			}
			f.must |= w.avoid
			every &^= w.avoid
			continue
		}
		every &= w.found()
		pool.add(w.digit[:n])
	}
	copy(f.support[:n], w.covered[:n])
	return f, true
}

// poolFills is the fillings a fillPool keeps, and poolCells the most cells
// of its group.
const (
	poolFills = 64
	poolCells = trialMemoCells // cover folds six cells' digits
)

// fillPool keeps the fillings of a group that witnessFillFrom found last,
// each packed as packDigits packs a cell's options (one digit a cell), in
// a ring: a filling found for some options is one for any others that
// hold its digits.
type fillPool struct {
	fills [poolFills]uint64 // 0: none
	next  int
	// n is the fillings kept, fills[:n] (the ring is filled from its
	// start): cover reads those alone, with no test for an empty one.
	n int
}

// add keeps the filling digits (no-op on a nil pool).
func (p *fillPool) add(digits []grid.Digits) {
	if p == nil {
		return
	}
	p.fills[p.next] = packDigits(digits)
	p.next = (p.next + 1) % poolFills
	p.n = max(p.n, p.next)
	if p.next == 0 {
		p.n = poolFills
	}
}

// cover adds to covered the digits of each kept filling that opts allow
// and keeps in every the digits all of them use, in last the last of
// them; it reports whether there is one.
func (p *fillPool) cover(opts []grid.Digits, covered *[grid.MaxGroupCells]grid.Digits, every *grid.Digits, last *[grid.MaxGroupCells]grid.Digits) bool {
	const cell = 1<<maxTrialDigits - 1
	key := packDigits(opts)
	var all, lastFill uint64 // the kept fillings' digits, and the last, packed
	for _, f := range p.fills[:p.n] {
		if f&^key != 0 {
			continue
		}
		all, lastFill = all|f, f
		// The digits of its (at most six) cells folded onto the first.
		u := f | f>>(3*maxTrialDigits)
		u |= u >> (2 * maxTrialDigits)
		u |= u >> maxTrialDigits
		*every &= grid.Digits(u & cell)
	}
	if lastFill == 0 {
		return false
	}
	for i := range opts {
		covered[i] |= grid.Digits(all >> (maxTrialDigits * i) & cell)
		last[i] = grid.Digits(lastFill >> (maxTrialDigits * i) & cell)
	}
	return true
}

// repair reports whether the filling last, cell i given digit d instead
// and one other cell j the digit that keeps the sum, is a filling, and
// leaves it in w.digit if so: most options not yet covered are so
// covered without a walk. Of the cells j that may, it takes the first
// whose new digit is not yet covered, else the first.
func (w *witnessWalk) repair(last *[grid.MaxGroupCells]grid.Digits, i int, d grid.Digits) bool {
	n := len(w.opts)
	// Cell i may take d unless a neighbour other than j holds it.
	var holds uint32 // the neighbours of i holding d
	for m := w.adj[i]; m != 0; m &= m - 1 {
		if k := bits.TrailingZeros32(m); last[k] == d {
			holds |= 1 << k
		}
	}
	js := (uint32(1)<<n - 1) &^ (1 << i) // the cells j that may change
	if holds != 0 {
		js &= holds // that one neighbour, if it is the only one
		if holds&(holds-1) != 0 {
			return false
		}
	}
	shift := bits.TrailingZeros32(uint32(last[i])) - bits.TrailingZeros32(uint32(d)) // j's digit moves up by it
	pick, digit := -1, grid.Digits(0)
	for ; js != 0; js &= js - 1 {
		j := bits.TrailingZeros32(js)
		e := bits.TrailingZeros32(uint32(last[j])) + shift // e+1 is j's new digit
		if e < 0 || e >= maxTrialDigits {
			continue
		}
		eb := grid.Digits(1) << e
		if w.opts[j]&eb == 0 || w.adj[j]>>i&1 != 0 && eb == d {
			continue
		}
		ok := true
		for m := w.adj[j] &^ (1 << i); m != 0; m &= m - 1 {
			if last[bits.TrailingZeros32(m)] == eb {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if pick < 0 || digit&w.covered[pick] != 0 && eb&w.covered[j] == 0 {
			pick, digit = j, eb
		}
	}
	if pick < 0 {
		return false
	}
	copy(w.digit[:n], last[:n])
	w.digit[i], w.digit[pick] = d, digit
	return true
}

// sumWithout reports whether cells of options opts without digit x may
// add up to target as far as their least and most digits tell: each
// keeps an option, and target lies between the sums of their least and
// of their most. False proves every filling uses x.
func sumWithout(opts []grid.Digits, x grid.Digits, target int) bool {
	lo, hi := 0, 0
	for _, o := range opts {
		o &^= x
		if o == 0 {
			return false
		}
		lo, hi = lo+o.Min(), hi+o.Max()
	}
	return lo <= target && target <= hi
}

// found adds the filling just found to the options covered and returns
// its digits.
func (w *witnessWalk) found() grid.Digits {
	var used grid.Digits
	for j, d := range w.digit[:len(w.opts)] {
		w.covered[j] |= d
		used |= d
	}
	return used
}

// start orders the cells for a walk that puts a digit in cell i: cell i
// first, then the others in their order, and sets before, lo and hi.
func (w *witnessWalk) start(i int) {
	if w.started == i+1 {
		return
	}
	w.started = i + 1
	n := len(w.opts)
	w.order[0] = i
	k := 1
	for j := range n {
		if j != i {
			w.order[k] = j
			k++
		}
	}
	var placed uint32
	for k, c := range w.order[:n] {
		w.before[k] = w.adj[c] & placed
		placed |= 1 << c
	}
	for k := n - 1; k >= 0; k-- {
		o := w.opts[w.order[k]]
		w.lo[k] = w.lo[k+1] + o.Min()
		w.hi[k] = w.hi[k+1] + o.Max()
	}
}

// startWithout orders the cells for a walk that leaves out digit x:
// fewest options without x first (in their order among equals), and
// sets before, lo and hi from those options. Most such walks find no
// filling, every one using x: with the cells in their order they went
// through the wide cells' digits first, where a cell of one or two
// options left ends them (session 71: on killer9-extreme line 3 some
// 78,000 walks, a seventh of its instructions).
func (w *witnessWalk) startWithout(x grid.Digits) {
	w.avoid = x
	w.started = 0 // not start's order
	n := len(w.opts)
	for k := range n {
		w.order[k] = k
	}
	for k := 1; k < n; k++ {
		for j := k; j > 0 && (w.opts[w.order[j]]&^x).Count() < (w.opts[w.order[j-1]]&^x).Count(); j-- {
			w.order[j], w.order[j-1] = w.order[j-1], w.order[j]
		}
	}
	var placed uint32
	for k, c := range w.order[:n] {
		w.before[k] = w.adj[c] & placed
		placed |= 1 << c
	}
	for k := n - 1; k >= 0; k-- {
		o := w.opts[w.order[k]] &^ x
		w.lo[k] = w.lo[k+1] + o.Min()
		w.hi[k] = w.hi[k+1] + o.Max()
	}
}

// find fills the cells order[k:] with what is left of the target, the
// first cell with digit d, trying first the options of each cell not yet
// in a filling found; false when there is no such filling or the walk
// passes maxWitnessNodes nodes.
func (w *witnessWalk) find(k, left int, d grid.Digits) bool {
	c := w.order[k]
	ds := w.opts[c] &^ w.avoid & digitsBetween(left-w.hi[k+1], left-w.lo[k+1])
	if k == 0 {
		ds &= d
	}
	for m := w.before[k]; m != 0; m &= m - 1 {
		ds &^= w.digit[bits.TrailingZeros32(m)]
	}
	if k == len(w.opts)-1 {
		// The last cell takes what is left of the target, the one digit
		// digitsBetween lets through, if it may.
		if ds == 0 {
			return false
		}
		if w.nodes++; w.nodes > maxWitnessNodes {
			return false
		}
		w.digit[c] = ds
		return true
	}
	if w.pairs && k == len(w.opts)-2 {
		return w.findPair(k, left, ds)
	}
	for try := ds &^ w.covered[c]; try != 0; try &= try - 1 {
		if w.nodes++; w.nodes > maxWitnessNodes {
			return false
		}
		w.digit[c] = try & -try
		if w.find(k+1, left-bits.TrailingZeros32(uint32(try))-1, d) {
			return true
		}
	}
	for try := ds & w.covered[c]; try != 0; try &= try - 1 {
		if w.nodes++; w.nodes > maxWitnessNodes {
			return false
		}
		w.digit[c] = try & -try
		if w.find(k+1, left-bits.TrailingZeros32(uint32(try))-1, d) {
			return true
		}
	}
	return false
}

// findPair is find for the last two cells, cell order[k] of digits ds
// (what find leaves it) and the last, which takes what is left of the
// target: a node for the pair instead of one for each digit of ds. Of the
// digits of ds whose partner the last cell may take, it takes the first
// not yet in a filling found for cell order[k], else the first whose
// partner is not for the last cell, else the first.
func (w *witnessWalk) findPair(k, left int, ds grid.Digits) bool {
	c, last := w.order[k], w.order[k+1]
	ls := w.opts[last] &^ w.avoid
	for m := w.before[k+1] &^ (1 << c); m != 0; m &= m - 1 {
		ls &^= w.digit[bits.TrailingZeros32(m)]
	}
	sees := w.before[k+1]>>c&1 != 0
	var pick, partner grid.Digits
	class := 3 // the preference of pick: 0 best
	for m := ds; m != 0 && class > 0; m &= m - 1 {
		z := m & -m
		p := left - bits.TrailingZeros32(uint32(m)) - 1
		if p < 1 || p > 32 {
			continue
		}
		pb := grid.Bit(p)
		if ls&pb == 0 || sees && pb == z {
			continue
		}
		cl := 2
		switch {
		case z&w.covered[c] == 0:
			cl = 0
		case pb&w.covered[last] == 0:
			cl = 1
		}
		if cl < class {
			pick, partner, class = z, pb, cl
		}
	}
	if class == 3 {
		return false
	}
	if w.nodes++; w.nodes > maxWitnessNodes {
		return false
	}
	w.digit[c], w.digit[last] = pick, partner
	return true
}

package strategy

import (
	"math/bits"
	"slices"

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
	later  []uint32      // per cell, the cells after it that see it
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
	// perms are the perm groups (a bit a cell): two cells or more of one
	// row, in no other, of one coefficient, that all see each other;
	// permOf[i] is cell i's group, or -1. The digits a solution puts in a
	// group may be put there in any order the options allow (expand).
	perms  []uint32
	permOf [32]int8
	left   [][maxLinearRows]int8
	union  [][maxLinearRows]grid.Digits
	used   [maxLinearRows]grid.Digits
	// support holds, after run, the digits some solution puts in each
	// cell, and those whose search was cut short.
	support []grid.Digits
	nodes   int
	aborted bool
	// memo keeps, by the system's signature (sig), what its last run
	// found; found collects this run's solutions.
	memo  []linearMemo
	sig   []int32
	found []uint8
	clock uint64 // counts the runs, for linearMemo.stamp
	// expanded and repaired count the solutions whose other orders
	// (expand) or repair brought a digit to the support, for the tests.
	expanded, repaired int
	// avail is what each cell may still take in a probe; fails holds the
	// hashes of the probes' states without a completion (see probe),
	// runSeed telling this run's from the others'.
	avail   [32]grid.Digits
	fails   []uint64
	runSeed uint64
	// dead holds the stored solutions of this run's system that its
	// options no longer allow, nor allow repaired (n digits each), and
	// hint the one the probe of a candidate follows first, or nil: a
	// solution near one that had the candidate tends to have it and the
	// other candidates that lost their solution with it.
	dead []uint8
	hint []uint8
}

// linearMemo is what the last run of one system of equations found: its
// support and result on the options it had, and the solutions it found
// (n digits a solution, one after another).
type linearMemo struct {
	sig     []int32
	opts    []grid.Digits
	support []grid.Digits
	ok      bool
	sols    []uint8
	// stamp is when the system was last run (linearSearch.clock).
	stamp uint64
}

// linearMemoBits sizes the memo: 1<<linearMemoBits systems, two slots a
// signature, the one run last kept (a 9×9 killer's solve runs some 700
// systems, which a memo of 512 had evict one another; direct-mapped,
// 4,096 slots still left tarek 1-6 7,868 searches without stored
// solutions, two ways 4,469); maxWitnesses is the most solutions kept
// a system (a 9×9 block's support rarely needs half as many).
const (
	linearMemoBits = 12
	maxWitnesses   = 128
)

// linearPool keeps the finders' searches, with their memos, between calls.
var linearPool keptPool[linearSearch]

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
	if !s.load() {
		return false
	}
	// The support depends on the system and the options alone: a run on
	// the options of the system's last run gives its answer again.
	e := s.memoEntry()
	if slices.Equal(e.opts, s.opts) {
		copy(s.support, e.support)
		return e.ok
	}
	s.findCliques()
	s.findPerms()
	s.runSeed = (s.runSeed + 1) * 0xd6e8feb86659fd93
	if s.fails == nil {
		s.fails = make([]uint64, 1<<probeMemoBits)
	}
	ok := s.search(e)
	e.opts = append(e.opts[:0], s.opts...)
	e.support = append(e.support[:0], s.support...)
	e.ok = ok
	n := len(s.cells)
	e.sols = append(e.sols[:0], s.found[:min(len(s.found), maxWitnesses*n)]...)
	return ok
}

// search finds the support of the loaded system, taking as solutions
// those of e, the system's last run, that the options still allow (or,
// their perm groups' digits in another order, allow: repair). Each
// solution found or taken brings the orders of its perm groups' digits
// (expand), so fewer candidates need a search of their own.
func (s *linearSearch) search(e *linearMemo) bool {
	n := len(s.cells)
	s.found, s.dead, s.hint = s.found[:0], s.dead[:0], nil
	if s.walkKept(e) {
		s.takeSolution(e.sols[:n])
	} else if !s.solve() {
		return false
	}
	s.keepFound()
	first := s.found[:n]
	s.expand(first)
	// A stored solution the cells' options still allow is a solution
	// now: the digits it puts in the cells need no search. The support is
	// the same either way, since a candidate's own search depends on the
	// options alone and keeps the candidate whenever some solution has it.
	// The walk's solution, stored first, is kept once.
	for w := e.sols; len(w) >= n; w = w[n:] {
		if slices.Equal(w[:n], first) {
			continue
		}
		if s.allows(w[:n]) {
			s.found = append(s.found, w[:n]...)
			for j, d := range w[:n] {
				s.support[j] |= grid.Bit(int(d))
			}
			s.expand(w[:n])
		} else if !s.repair(w[:n]) {
			s.dead = append(s.dead, w[:n]...)
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
			s.hint = s.deadWith(i, d)
			found := s.solveCandidate()
			s.opts[i] = all
			if found {
				s.keepFound()
				s.expand(s.found[len(s.found)-n:])
			} else if s.aborted {
				s.support[i] |= d
			}
		}
	}
	return true
}

// deadWith returns the first of the stored solutions this run could
// neither take nor repair (dead) that puts digit d (a bit) in cell i, or
// nil: the probe for that candidate follows it where the options allow
// (see probe).
func (s *linearSearch) deadWith(i int, d grid.Digits) []uint8 {
	n := len(s.cells)
	for w := s.dead; len(w) >= n; w = w[n:] {
		if grid.Bit(int(w[i])) == d {
			return w[:n]
		}
	}
	return nil
}

// walkKept reports whether the walk of solve would find the solution
// the walk of e, the system's last run, found (stored first in e.sols),
// without being cut short: the options, each within the last run's,
// still allow that solution. A walk on narrower options visits, in the
// same order, only nodes the wider walk visited (its bounds are tighter),
// and any solution before that one would have been the wider walk's.
func (s *linearSearch) walkKept(e *linearMemo) bool {
	n := len(s.cells)
	if len(e.sols) < n || len(e.opts) != n {
		return false
	}
	for i, o := range s.opts {
		if o&^e.opts[i] != 0 {
			return false
		}
	}
	return s.allows(e.sols[:n])
}

// takeSolution makes w (one digit a cell) the solution found, as walkFound
// does, its digits added to support.
func (s *linearSearch) takeSolution(w []uint8) {
	for j, d := range w {
		s.digit[j] = int(d)
	}
	s.addSupport()
}

// memoEntry returns the memo's entry for the loaded system (its rows'
// targets, its cells with their coefficients and the cells each sees),
// emptied when it held another system.
func (s *linearSearch) memoEntry() *linearMemo {
	s.sig = append(s.sig[:0], int32(s.rows))
	for r := 0; r < s.rows; r++ {
		s.sig = append(s.sig, int32(s.target[r]))
	}
	for i, c := range s.cells {
		var coef int32 // two bits a row: its coefficient plus one
		for r := 0; r < s.rows; r++ {
			coef |= int32(s.coef[i][r]+1) << (2 * r)
		}
		s.sig = append(s.sig, int32(c), coef, int32(s.sees[i]))
	}
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range s.sig {
		h = (h ^ uint64(uint32(x))) * 0xbf58476d1ce4e5b9
	}
	if s.memo == nil {
		s.memo = make([]linearMemo, 1<<linearMemoBits)
	}
	s.clock++
	// Two slots a system, the one used last kept when a third comes.
	at := h >> (64 - linearMemoBits) &^ 1
	e := &s.memo[at]
	if !slices.Equal(e.sig, s.sig) {
		if o := &s.memo[at+1]; slices.Equal(o.sig, s.sig) || o.stamp < e.stamp {
			e = o
		}
	}
	e.stamp = s.clock
	if !slices.Equal(e.sig, s.sig) {
		e.sig = append(e.sig[:0], s.sig...)
		e.opts, e.sols = e.opts[:0], e.sols[:0]
	}
	return e
}

// keepFound adds the solution in digit to found.
func (s *linearSearch) keepFound() {
	for _, d := range s.digit {
		s.found = append(s.found, uint8(d))
	}
}

// allows reports whether the digits w, one a cell, solve the loaded
// system with the cells' options: each digit a candidate of its cell,
// different from those of the cells it sees, every row making its
// target.
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

// load sets the cells' options and the cells each sees, and empties
// their support; false when there are no cells or too many.
func (s *linearSearch) load() bool {
	n := len(s.cells)
	if n == 0 || n > 32 {
		return false
	}
	s.sees = append(s.sees[:0], make([]uint32, n)...)
	s.later = append(s.later[:0], make([]uint32, n)...)
	s.digit = append(s.digit[:0], make([]int, n)...)
	s.support = append(s.support[:0], make([]grid.Digits, n)...)
	s.opts = s.opts[:0]
	for i, c := range s.cells {
		for j := 0; j < i; j++ {
			if s.b.Layout().Sees(c, s.cells[j]) {
				s.sees[i] |= 1 << j
				s.later[j] |= 1 << i
			}
		}
		s.opts = append(s.opts, s.b.Cands(c))
	}
	return true
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

// findPerms fills perms and permOf: the cells of each row in no other
// row, of each coefficient, put in the first group of the row whose cells
// they all see.
func (s *linearSearch) findPerms() {
	s.perms = s.perms[:0]
	var groups [32]uint32
	for r := 0; r < s.rows; r++ {
		for _, coef := range [2]int8{1, -1} {
			n := 0
		cells:
			for i, rows := range s.rowsOf {
				if rows != 1<<r || s.coef[i][r] != coef {
					continue
				}
				adj := s.sees[i] | s.later[i]
				for g := range n {
					if groups[g]&^adj == 0 {
						groups[g] |= 1 << i
						continue cells
					}
				}
				groups[n] = 1 << i
				n++
			}
			for _, g := range groups[:n] {
				if bits.OnesCount32(g) >= 2 {
					s.perms = append(s.perms, g)
				}
			}
		}
	}
	for i := range s.cells {
		s.permOf[i] = -1
	}
	for g, cells := range s.perms {
		for c := cells; c != 0; c &= c - 1 {
			s.permOf[bits.TrailingZeros32(c)] = int8(g)
		}
	}
}

// expand adds to support the digits of the solutions that solution w
// (one digit a cell) leads to by putting the digits of a perm group's
// cells in another order, the other cells keeping theirs: such a
// solution keeps every row's sum (the group's cells are in one row, of
// one coefficient), the group's cells see each other, and each takes a
// digit of its options that no cell outside the group it sees holds
// (matchSet finds the orders). Each digit added is in a solution, so the
// support is the one the candidates' searches would find, with fewer of
// them.
func (s *linearSearch) expand(w []uint8) {
	if len(s.perms) == 0 || s.b.Layout().N > maxTableDigits {
		return
	}
	var opts, sup [32]grid.Digits
	var at [32]int
	for _, cells := range s.perms {
		var set grid.Digits
		k := 0
		for c := cells; c != 0; c &= c - 1 {
			i := bits.TrailingZeros32(c)
			set |= grid.Bit(int(w[i]))
			o := s.opts[i]
			for x := (s.sees[i] | s.later[i]) &^ cells; x != 0; x &= x - 1 {
				o &^= grid.Bit(int(w[bits.TrailingZeros32(x)]))
			}
			opts[k], sup[k], at[k] = o, 0, i
			k++
		}
		if !matchSet(opts[:k], set, sup[:k]) {
			continue // cannot happen: w is a solution
		}
		for j, i := range at[:k] {
			if sup[j]&^s.support[i] != 0 {
				s.expanded++
			}
			s.support[i] |= sup[j]
		}
	}
}

// repair adds to support the digits of the solutions that solution w of
// the system, which the options no longer allow, leads to by putting the
// digits of the perm groups' cells in other orders, and reports whether
// there are any: the cells of no perm group must hold w's digits, and the
// cells of each group take its digits in an order the options allow,
// each cell leaving aside the digits of the cells it sees outside its
// group, and all of another group's digits when it sees one of its
// cells. Two cells of different groups that see each other then hold
// digits of their own groups alone, so any choice of orders, one a group,
// is a solution.
func (s *linearSearch) repair(w []uint8) bool {
	if len(s.perms) == 0 || s.b.Layout().N > maxTableDigits {
		return false
	}
	var inPerm uint32
	var sets [32]grid.Digits
	for g, cells := range s.perms {
		inPerm |= cells
		for c := cells; c != 0; c &= c - 1 {
			sets[g] |= grid.Bit(int(w[bits.TrailingZeros32(c)]))
		}
	}
	for i, d := range w {
		if inPerm&(1<<i) == 0 && !s.opts[i].Has(int(d)) {
			return false
		}
	}
	var opts, sup [32]grid.Digits
	var at [32]int
	k := 0
	for g, cells := range s.perms {
		from := k
		for c := cells; c != 0; c &= c - 1 {
			i := bits.TrailingZeros32(c)
			o := s.opts[i]
			for x := (s.sees[i] | s.later[i]) &^ cells; x != 0; x &= x - 1 {
				y := bits.TrailingZeros32(x)
				if inPerm&(1<<y) == 0 {
					o &^= grid.Bit(int(w[y]))
				} else {
					o &^= sets[s.permOf[y]]
				}
			}
			opts[k], sup[k], at[k] = o, 0, i
			k++
		}
		if !matchSet(opts[from:k], sets[g], sup[from:k]) {
			return false
		}
	}
	for i, d := range w {
		if inPerm&(1<<i) == 0 {
			s.support[i] |= grid.Bit(int(d))
		}
	}
	s.repaired++
	for j, i := range at[:k] {
		s.support[i] |= sup[j]
	}
	return true
}

// solve looks for one solution with the cells' options, adding its
// digits to support.
func (s *linearSearch) solve() bool {
	s.prepare()
	return s.walkFound()
}

// solveCandidate is solve for a system whose options fix a candidate: it
// first looks for a solution with forward checking (probe), within
// maxProbeNodes, and walks as solve does only when that finds none, so
// that whether a candidate is kept never depends on the probe.
func (s *linearSearch) solveCandidate() bool {
	s.prepare()
	s.nodes, s.aborted, s.used = 0, false, [maxLinearRows]grid.Digits{}
	copy(s.avail[:], s.opts)
	if s.probe(0, [maxLinearRows]int{}) {
		s.addSupport()
		return true
	}
	return s.walkFound()
}

// walkFound runs the bounded walk afresh and adds the digits of the
// solution it finds, if any, to support.
func (s *linearSearch) walkFound() bool {
	s.nodes, s.aborted, s.used = 0, false, [maxLinearRows]grid.Digits{}
	if !s.walk(0, [maxLinearRows]int{}) {
		return false
	}
	s.addSupport()
	return true
}

// addSupport adds the digits of the solution found (digit) to support.
func (s *linearSearch) addSupport() {
	for j, d := range s.digit {
		s.support[j] |= grid.Bit(d)
	}
}

// prepare sets the bounds of the rows' sums (lo, hi) and of the clique
// rows (left, union) over the cells' options.
func (s *linearSearch) prepare() {
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
}

// maxProbeNodes bounds a probe: most solutions it finds take far fewer
// nodes, and a candidate in no solution costs the probe's nodes on top
// of the walk's. With the states without a completion kept (fails), a
// probe rarely reaches it, finding solutions the walk is cut short
// before (tarek 1-6: 29 of 274,868 probes given up, against 2,806 at
// 2,000 nodes without fails).
const maxProbeNodes = 20_000

// probeMemoBits sizes fails: 1<<probeMemoBits states, direct-mapped.
const probeMemoBits = 12

// probe is walk with forward checking: avail holds the digits the cells
// i.. may still take, a digit placed leaving the later cells that see its
// cell, and a digit that leaves one of them none is not tried. It finds
// some solution, not necessarily walk's first, giving up past
// maxProbeNodes. Each cell tries first the digit of hint (a stored
// solution the options no longer allow that had the candidate searched),
// then the digits not yet in its support, so that the solution found tends to bring candidates no
// solution found before has, sparing their own searches: which
// solutions are found never changes the support (a candidate is kept
// when some solution has it, whichever finds it, and one in none is
// decided by its own walk alone).
//
// A state (the cell reached, the rows' sums, what the cells from it on
// may still take) that has no completion has none whenever it comes
// again, in this search or another of the same run: fails keeps the
// hashes of those searched through, and probe gives up on one it holds.
// A hash shared by two states only makes probe miss a solution, which
// the walk then looks for.
func (s *linearSearch) probe(i int, sum [maxLinearRows]int) bool {
	if s.nodes++; s.nodes > maxProbeNodes {
		return false
	}
	n := len(s.cells)
	if i == n {
		return sum == s.target
	}
	var h uint64
	if n-i > 2 {
		h = s.stateHash(i, &sum)
		if s.fails[h>>(64-probeMemoBits)] == h {
			return false
		}
	}
	rows := s.rowsOf[i]
	avail := s.avail[i]
	if s.hint != nil {
		if h := grid.Bit(int(s.hint[i])) & avail; h != 0 {
			if s.probeDigits(i, sum, rows, h) {
				return true
			}
			avail &^= h
		}
	}
	for _, set := range [2]grid.Digits{avail &^ s.support[i], avail & s.support[i]} {
		if s.probeDigits(i, sum, rows, set) {
			return true
		}
	}
	if h != 0 && s.nodes <= maxProbeNodes {
		s.fails[h>>(64-probeMemoBits)] = h
	}
	return false
}

// stateHash hashes the state of a probe at cell i: the run, i, the rows'
// sums and the digits the cells i.. may take, two cells a multiply;
// never 0.
func (s *linearSearch) stateHash(i int, sum *[maxLinearRows]int) uint64 {
	h := s.runSeed ^ uint64(i)*0x9e3779b97f4a7c15
	for r := 0; r < s.rows; r++ {
		h = (h ^ uint64(uint32(sum[r]))) * 0xbf58476d1ce4e5b9
	}
	avail := s.avail[i:len(s.cells)]
	for len(avail) >= 2 {
		h = (h ^ uint64(avail[0]) ^ uint64(avail[1])<<32) * 0x94d049bb133111eb
		avail = avail[2:]
	}
	if len(avail) == 1 {
		h = (h ^ uint64(avail[0])) * 0x94d049bb133111eb
	}
	return (h ^ h>>31) | 1
}

// probeDigits is probe trying the digits of set in cell i, the rows it is
// in being rows.
func (s *linearSearch) probeDigits(i int, sum [maxLinearRows]int, rows uint8, set grid.Digits) bool {
	// The cell's coefficients and the bounds of the cells after it, taken
	// once for its digits.
	coef, lo, hi := &s.coef[i], &s.lo[i+1], &s.hi[i+1]
next:
	for ds := set; ds != 0 && s.nodes <= maxProbeNodes; ds &= ds - 1 {
		d, bit := ds.Min(), ds&-ds
		next := sum
		for m := rows; m != 0; m &= m - 1 {
			r := bits.TrailingZeros8(m) & (maxLinearRows - 1)
			next[r] += int(coef[r]) * d
			if next[r]+lo[r] > s.target[r] || next[r]+hi[r] < s.target[r] {
				continue next
			}
			if s.clique&(1<<r) != 0 && !s.cliqueFits(i+1, r, next[r], s.used[r]|bit) {
				continue next
			}
		}
		var had uint32 // the later cells that see cell i and may take d
		for m := s.later[i]; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			if s.avail[j]&bit != 0 {
				if s.avail[j] == bit {
					s.restore(had, bit)
					continue next
				}
				had |= 1 << j
				s.avail[j] &^= bit
			}
		}
		s.digit[i] = d
		for m := rows & s.clique; m != 0; m &= m - 1 {
			s.used[bits.TrailingZeros8(m)] |= bit
		}
		found := s.probe(i+1, next)
		for m := rows & s.clique; m != 0; m &= m - 1 {
			s.used[bits.TrailingZeros8(m)] &^= bit
		}
		s.restore(had, bit)
		if found {
			return true
		}
	}
	return false
}

// restore gives the cells of mask back digit bit.
func (s *linearSearch) restore(mask uint32, bit grid.Digits) {
	for m := mask; m != 0; m &= m - 1 {
		s.avail[bits.TrailingZeros32(m)] |= bit
	}
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
	if free < 1<<spanDigits {
		span := cliqueSpans[k][free]
		return int(span&0xff) <= need && need <= int(span>>8)
	}
	lo, hi := digitSpan(free, k)
	return lo <= need && need <= hi
}

// digitSpan returns the least and the most sum k different digits of
// free make (free holding k digits or more).
func digitSpan(free grid.Digits, k int) (lo, hi int) {
	low, high := free, free
	for range k {
		lo += low.Min()
		low &= low - 1
		top := high.Max()
		hi += top
		high &^= grid.Bit(top)
	}
	return lo, hi
}

// spanDigits is the most digits cliqueSpans covers.
const spanDigits = 9

// cliqueSpans holds digitSpan(set, k) for each set of digits
// 1..spanDigits and k up to its size, the least sum in the low byte and
// the most in the high byte: cliqueFits runs at each node of the walks.
var cliqueSpans = newCliqueSpans()

// newCliqueSpans computes cliqueSpans.
func newCliqueSpans() *[spanDigits + 1][1 << spanDigits]uint16 {
	var t [spanDigits + 1][1 << spanDigits]uint16
	for set := grid.Digits(1); set < 1<<spanDigits; set++ {
		for k := 1; k <= set.Count(); k++ {
			lo, hi := digitSpan(set, k)
			t[k][set] = uint16(lo) | uint16(hi)<<8
		}
	}
	return &t
}

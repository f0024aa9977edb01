package search

import "github.com/sudokuwise/solver/engine/grid"

// maxReachStates bounds the states of a reach table: the partial sums of
// a sum cage, or the divisors of a product cage's target.
const maxReachStates = 4096

// reachTable is what a cage that gets no table of fillings (more than
// maxTupleCells cells, or more than maxTuples fillings) reaches as its
// cells are filled in order: the states are what the cells so far add up
// to (a sum: state s is s) or multiply to (a product: the divisors of the
// target, state s the divisor whose exponents of the primes of the target
// are s's digits in a mixed radix, the first prime's lowest), so that
// digit d leads from each state s of valid[d] to state s+off[d], and
// from no other. A digit of a cell is kept when some digits of the other
// cells, each among its candidates, lead from start (0) to goal through
// it. Cells seeing each other may take the same digit in such a filling,
// so this is weaker than a table of the fillings, but it is what the
// cage's digits allow together, where a sum's bounds (conSum) or a
// product's divisibility (grid.Layout.CageFeasible) weigh each cell
// alone: a large KenKen cage scattered over rows and columns was left to
// guesses. The states are kept a bit each, so a cell's step is a shift
// of them per digit.
type reachTable struct {
	states, words int
	goal          int
	off           []int      // by digit
	valid         [][]uint64 // by digit, words words each
}

// cageReach returns the reach table of sum or product cage cg of a board
// of n digits, or nil for another operator, past maxReachStates states or
// for a product no digits make.
func cageReach(n int, cg *grid.Cage) *reachTable {
	t := &reachTable{off: make([]int, n+1), valid: make([][]uint64, n+1)}
	// exps(s) are the exponents of state s (a product), one per prime,
	// and dexp[d] digit d's.
	var exps func(s int) []int
	var most []int // a product's exponents of the target
	dexp := make([][]int, n+1)
	switch cg.Op {
	case grid.OpAdd:
		if cg.Target < 0 || cg.Target >= maxReachStates {
			return nil
		}
		t.states, t.goal = cg.Target+1, cg.Target
		for d := 1; d <= n; d++ {
			t.off[d] = d
		}
	case grid.OpMul:
		var primes []int
		rest := cg.Target
		for p := 2; p <= n && rest > 1; p++ {
			if rest%p != 0 {
				continue
			}
			e := 0
			for ; rest%p == 0; rest /= p {
				e++
			}
			primes, most = append(primes, p), append(most, e)
		}
		if rest != 1 {
			return nil // a prime past n: no digits make it
		}
		t.states = 1
		radix := make([]int, len(primes))
		for i, e := range most {
			radix[i] = t.states
			if t.states *= e + 1; t.states > maxReachStates {
				return nil
			}
		}
		t.goal = t.states - 1
		exps = func(s int) []int {
			e := make([]int, len(most))
			for i := range most {
				e[i] = s / radix[i] % (most[i] + 1)
			}
			return e
		}
		for d := 1; d <= n; d++ {
			x := d
			dexp[d] = make([]int, len(primes))
			for i, p := range primes {
				for ; x%p == 0; x /= p {
					t.off[d] += radix[i]
					dexp[d][i]++
				}
			}
			if x != 1 {
				t.off[d] = -1 // a prime the target lacks
			}
		}
	default:
		return nil
	}
	t.words = (t.states + 63) / 64
	for d := 1; d <= n; d++ {
		t.valid[d] = make([]uint64, t.words)
		if t.off[d] < 0 {
			continue
		}
		for s := range t.states {
			ok := s+t.off[d] < t.states
			if ok && exps != nil {
				// No exponent of s past the target's once d's are added.
				e := exps(s)
				for i := range e {
					ok = ok && e[i]+dexp[d][i] <= most[i]
				}
			}
			if ok {
				t.valid[d][s/64] |= 1 << (s % 64)
			}
		}
	}
	return t
}

// reach applies the reach table t of a cage over cells to f: each cell
// keeps the digits some path from the table's start to its goal takes
// there (see reachTable); false when none reaches the goal.
func (g *generic) reach(f *frame, cells []int32, t *reachTable) bool {
	k := len(cells)
	if cap(g.reachDigits) < 2*k {
		g.reachDigits = make([]grid.Digits, 2*k)
	}
	domains, support := g.reachDigits[:k], g.reachDigits[k:2*k]
	cellDomains(f, cells, domains)
	return t.supports(domains, support, &g.reachBits) && g.keepSupported(f, cells, support)
}

// supports sets support[i] to the digits of domains[i] some path from
// start to goal takes at cell i, the cells taking digits of their
// domains; false when none reaches the goal. scratch is kept from one
// call to the next.
func (t *reachTable) supports(domains, support []grid.Digits, scratch *[]uint64) bool {
	k, words := len(domains), t.words
	// fwd[i*words:] has the states the first i cells reach; after the
	// states from which the cells after cell i reach the goal, here cell
	// i's.
	need := (k + 3) * words
	if cap(*scratch) < need {
		*scratch = make([]uint64, need)
	}
	bits := (*scratch)[:need]
	clear(bits)
	fwd, after, here := bits[:(k+1)*words], bits[(k+1)*words:(k+2)*words], bits[(k+2)*words:]
	fwd[0] = 1
	for i, dom := range domains {
		from, to := fwd[i*words:(i+1)*words], fwd[(i+1)*words:(i+2)*words]
		for ds := dom; ds != 0; ds &= ds - 1 {
			if d := ds.Min(); d < len(t.off) && t.off[d] >= 0 {
				orShiftUp(to, from, t.valid[d], t.off[d])
			}
		}
	}
	if fwd[k*words+t.goal/64]&(1<<(t.goal%64)) == 0 {
		return false
	}
	after[t.goal/64] |= 1 << (t.goal % 64)
	for i := k - 1; i >= 0; i-- {
		clear(here)
		from := fwd[i*words : (i+1)*words]
		var kept grid.Digits
		for ds := domains[i]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if d < len(t.off) && t.off[d] >= 0 && orShiftDown(here, after, from, t.valid[d], t.off[d]) {
				kept |= ds & -ds
			}
		}
		support[i] = kept
		after, here = here, after
	}
	return true
}

// orShiftUp sets in dst the states off above those of src in mask.
func orShiftUp(dst, src, mask []uint64, off int) {
	ws, bs := off/64, uint(off%64)
	for w := len(dst) - 1; w >= ws; w-- {
		x := (src[w-ws] & mask[w-ws]) << bs
		if bs != 0 && w-ws > 0 {
			x |= (src[w-ws-1] & mask[w-ws-1]) >> (64 - bs)
		}
		dst[w] |= x
	}
}

// orShiftDown sets in dst the states of from in mask whose state off
// above is in src, and reports whether there were any.
func orShiftDown(dst, src, from, mask []uint64, off int) bool {
	ws, bs := off/64, uint(off%64)
	any := false
	for w := range len(dst) - ws {
		x := src[w+ws] >> bs
		if bs != 0 && w+ws+1 < len(src) {
			x |= src[w+ws+1] << (64 - bs)
		}
		if x &= from[w] & mask[w]; x != 0 {
			dst[w] |= x
			any = true
		}
	}
	return any
}

// reachOf returns the reach table of cage cg, nil without tables
// (Options.NoTables) or where cageReach makes none.
func (m *model) reachOf(cg *grid.Cage) *reachTable {
	if m.opts.NoTables {
		return nil
	}
	return cageReach(m.l.N, cg)
}

// allSee reports whether every two of cells see each other.
func allSee(l *grid.Layout, cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[:i] {
			if !l.Sees(a, b) {
				return false
			}
		}
	}
	return true
}

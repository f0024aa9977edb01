package search

import "github.com/sudokuwise/solver/engine/grid"

// maxCombos bounds the combination table of one cage: a cage with more sets
// of digits meeting its target (a large cage of a 16×16 or 25×25 killer) is
// checked by its sum bounds alone.
const maxCombos = 1024

// maxTupleCells and maxTuples bound the tuple table of one cage.
const (
	maxTupleCells = 6
	maxTuples     = 4096
)

// cageTuples returns the fillings of cage cg in the order of its cells,
// digits distinct where cells see each other, or nil when the cage has
// more than maxTupleCells cells or maxTuples fillings.
func cageTuples(l *grid.Layout, cg *grid.Cage) []uint8 {
	k := len(cg.Cells)
	if k > maxTupleCells {
		return nil
	}
	e := tupleWalk{l: l, cg: cg, n: l.N}
	if !e.walk(0, 0, 1) {
		return nil
	}
	return e.out
}

// tupleWalk enumerates the fillings of a cage.
type tupleWalk struct {
	l     *grid.Layout
	cg    *grid.Cage
	n     int
	digit [maxTupleCells]uint8
	out   []uint8
}

// walk fills cells i.. given the sum and product so far; false when the
// table would pass maxTuples.
func (e *tupleWalk) walk(i, sum, prod int) bool {
	cg, k := e.cg, len(e.cg.Cells)
	if i == k {
		if !meets(cg, e.digit[:k], sum, prod) {
			return true
		}
		if len(e.out) == maxTuples*k {
			return false
		}
		e.out = append(e.out, e.digit[:k]...)
		return true
	}
	left := k - i - 1
	for d := 1; d <= e.n; d++ {
		switch cg.Op {
		case grid.OpAdd:
			if s := sum + d; s+left > cg.Target || s+left*e.n < cg.Target {
				continue
			}
		case grid.OpMul:
			if cg.Target%(prod*d) != 0 {
				continue
			}
		}
		clash := false
		for j := range i {
			if int(e.digit[j]) == d && e.l.Sees(cg.Cells[i], cg.Cells[j]) {
				clash = true
				break
			}
		}
		if clash {
			continue
		}
		e.digit[i] = uint8(d)
		if !e.walk(i+1, sum+d, prod*d) {
			return false
		}
	}
	return true
}

// meets reports whether a complete filling reaches the cage's target.
func meets(cg *grid.Cage, digits []uint8, sum, prod int) bool {
	second := 0
	if len(digits) > 1 {
		second = int(digits[1])
	}
	return cg.Op.Meets(cg.Target, sum, prod, int(digits[0]), second)
}

// cageCombos returns the sets of distinct digits that fill cage cg, or nil
// when the cage gets no table.
func cageCombos(l *grid.Layout, cg *grid.Cage) []grid.Digits {
	switch cg.Op {
	case grid.OpNone:
		return []grid.Digits{grid.Bit(cg.Target)}
	case grid.OpAdd:
	default:
		return nil
	}
	for i, a := range cg.Cells {
		for _, b := range cg.Cells[:i] {
			if !l.Sees(a, b) {
				return nil
			}
		}
	}
	var out []grid.Digits
	if !sumSets(l.N, len(cg.Cells), cg.Target, 1, 0, &out) {
		return nil
	}
	return out
}

// sumSets appends to out every set of k distinct digits from lo..n summing
// to t, each joined with set. It reports false when out would pass
// maxCombos.
func sumSets(n, k, t, lo int, set grid.Digits, out *[]grid.Digits) bool {
	if k == 0 {
		if t != 0 {
			return true
		}
		if len(*out) == maxCombos {
			return false
		}
		*out = append(*out, set)
		return true
	}
	for d := lo; d <= n; d++ {
		if k*d+k*(k-1)/2 > t { // the smallest sum from d on is too large
			break
		}
		if d+(k-1)*n-(k-1)*(k-2)/2 < t { // d with the k-1 largest digits is too small
			continue
		}
		if !sumSets(n, k-1, t-d, d+1, set|grid.Bit(d), out) {
			return false
		}
	}
	return true
}

// minTupleIndex is the most fillings of a tuple table checked filling by
// filling; a larger table is indexed by cell and digit (tupleIndex).
const minTupleIndex = 256

// tupleIndex returns the index of a table of fillings of k cells of a
// board of n digits (see constraint.with), nil for a table of at most
// minTupleIndex fillings.
func tupleIndex(n, k int, tuples []uint8) []uint64 {
	count := len(tuples) / k
	if count <= minTupleIndex {
		return nil
	}
	words := (count + 63) / 64
	with := make([]uint64, k*(n+1)*words)
	for t := range count {
		for i, d := range tuples[t*k : t*k+k] {
			with[(i*(n+1)+int(d))*words+t/64] |= 1 << (t % 64)
		}
	}
	return with
}

// indexedTuples is tuples for a table with an index (constraint.with):
// the same digits go, found a word of 64 fillings at a time rather than
// filling by filling.
func (g *generic) indexedTuples(f *frame, cells []int32, c *constraint) bool {
	var domains, support [maxTupleCells]grid.Digits
	k := len(cells)
	cellDomains(f, cells, domains[:k])
	return tupleSupport(c.with, g.l.N+1, domains[:k], support[:k], &g.tupleBits) && g.keepSupported(f, cells, support[:k])
}

// tupleSupport sets support[i] to the digits cell i takes in the
// fillings of index with (see constraint.with; stride digits a cell,
// N+1) that put in each cell a digit of its domain; false when there are
// none. scratch is kept from one call to the next.
func tupleSupport(with []uint64, stride int, domains, support []grid.Digits, scratch *[]uint64) bool {
	k := len(domains)
	words := len(with) / (k * stride)
	if cap(*scratch) < 2*words {
		*scratch = make([]uint64, 2*words)
	}
	alive, any := (*scratch)[:words], (*scratch)[words:2*words]
	for i, dom := range domains {
		clear(any)
		for ds := dom; ds != 0; ds &= ds - 1 {
			if d := ds.Min(); d < stride {
				for w, x := range with[(i*stride+d)*words:][:words] {
					any[w] |= x
				}
			}
		}
		none := true
		for w := range alive {
			if i == 0 {
				alive[w] = any[w]
			} else {
				alive[w] &= any[w]
			}
			none = none && alive[w] == 0
		}
		if none {
			return false
		}
	}
	for i, dom := range domains {
		var kept grid.Digits
		for ds := dom; ds != 0; ds &= ds - 1 {
			if d := ds.Min(); d < stride {
				for w, x := range with[(i*stride+d)*words:][:words] {
					if x&alive[w] != 0 {
						kept |= ds & -ds
						break
					}
				}
			}
		}
		support[i] = kept
	}
	return true
}

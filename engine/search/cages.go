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

// cageTables holds, for every cage of a layout, the sets of distinct
// digits that meet its target (combos), or else the tuples of digits that
// fill its cells in order (tuples, the cage's cell count a tuple): KenKen
// cages, whose digits may repeat and whose operator may be − × ÷. A cage
// with neither (too many sets or tuples) is checked by its bounds.
type cageTables struct {
	l      *grid.Layout
	combos [][]grid.Digits
	tuples [][]uint8
}

// load builds the tables of l, unless they are already l's.
func (t *cageTables) load(l *grid.Layout) {
	if t.l == l {
		return
	}
	t.l = l
	t.combos, t.tuples = t.combos[:0], t.tuples[:0]
	for k := range l.Cages {
		cg := &l.Cages[k]
		combos := cageCombos(l, cg)
		var tuples []uint8
		if combos == nil {
			tuples = cageTuples(l, cg)
		}
		t.combos, t.tuples = append(t.combos, combos), append(t.tuples, tuples)
	}
}

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

// cages applies every cage to f. A cage with a set table keeps to the sets
// still possible: its empty cells lose the digits no such set has left to
// place, and a digit that every set needs goes in when one cell alone can
// take it. A cage with a tuple table keeps each cell to the digits of the
// tuples still possible. Other cages are checked by their bounds. It
// reports whether any candidate went, and false on a contradiction.
func (g *generic) cages(f *frame) (changed, ok bool) {
	l := g.l
	for k := range l.Cages {
		cg := &l.Cages[k]
		table := g.tables.combos[k]
		if table == nil {
			var ok bool
			if tuples := g.tables.tuples[k]; tuples != nil {
				ok = g.cageTuples(f, cg, tuples, &changed)
			} else {
				ok = l.CageFeasible(k, f.value, f.cand)
			}
			if !ok {
				return changed, false
			}
			continue
		}
		var placed, open grid.Digits
		for _, cell := range cg.Cells {
			if v := f.value[cell]; v != 0 {
				placed |= grid.Bit(int(v))
			} else {
				open |= f.cand[cell]
			}
		}
		var allowed grid.Digits
		must, possible := ^grid.Digits(0), false
		for _, set := range table {
			rest := set &^ placed
			if set&placed != placed || rest&^open != 0 {
				continue
			}
			allowed |= rest
			must &= rest
			possible = true
		}
		if !possible {
			return changed, false
		}
		for _, cell := range cg.Cells {
			if f.value[cell] != 0 {
				continue
			}
			if gone := f.cand[cell] &^ allowed; gone != 0 {
				if !g.remove(f, cell, gone) {
					return changed, false
				}
				changed = true
			}
		}
		for m := must; m != 0; m &= m - 1 {
			bit := m & -m
			at, places := -1, 0
			for _, cell := range cg.Cells {
				if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
					at, places = cell, places+1
				}
			}
			if places == 0 {
				return changed, false
			}
			if places == 1 && f.cand[at] != bit {
				if !g.remove(f, at, f.cand[at]&^bit) {
					return changed, false
				}
				changed = true
			}
		}
	}
	return changed, true
}

// cageTuples keeps the cells of cage cg to the digits they take in the
// tuples still possible, setting *changed when a candidate goes; false on
// a contradiction.
func (g *generic) cageTuples(f *frame, cg *grid.Cage, tuples []uint8, changed *bool) bool {
	k := len(cg.Cells)
	var support [maxTupleCells]grid.Digits
	possible := false
next:
	for t := 0; t < len(tuples); t += k {
		tuple := tuples[t : t+k]
		for i, d := range tuple {
			cell := cg.Cells[i]
			if v := f.value[cell]; v != 0 && v != d || v == 0 && f.cand[cell]&grid.Bit(int(d)) == 0 {
				continue next
			}
		}
		possible = true
		for i, d := range tuple {
			support[i] |= grid.Bit(int(d))
		}
	}
	if !possible {
		return false
	}
	for i, cell := range cg.Cells {
		if f.value[cell] != 0 {
			continue
		}
		if gone := f.cand[cell] &^ support[i]; gone != 0 {
			if !g.remove(f, cell, gone) {
				return false
			}
			*changed = true
		}
	}
	return true
}

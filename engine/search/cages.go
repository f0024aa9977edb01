package search

import "github.com/sudokuwise/solver/engine/grid"

// maxCombos bounds the combination table of one cage: a cage with more sets
// of digits meeting its target (a large cage of a 16×16 or 25×25 killer) is
// checked by its sum bounds alone.
const maxCombos = 1024

// cageTables holds, for every cage of a layout, the sets of distinct
// digits that meet its target; nil for a cage whose digits may repeat
// (KenKen), whose operator is not a sum, or that has more than maxCombos
// sets.
type cageTables struct {
	l      *grid.Layout
	combos [][]grid.Digits
}

// load builds the tables of l, unless they are already l's.
func (t *cageTables) load(l *grid.Layout) {
	if t.l == l {
		return
	}
	t.l = l
	t.combos = t.combos[:0]
	for k := range l.Cages {
		t.combos = append(t.combos, cageCombos(l, &l.Cages[k]))
	}
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

// cages applies every cage to f. A cage with a table keeps to the sets
// still possible: its empty cells lose the digits no such set has left to
// place, and a digit that every set needs goes in when one cell alone can
// take it. Other cages are checked by their bounds. It reports whether any
// candidate went, and false on a contradiction.
func (g *generic) cages(f *frame) (changed, ok bool) {
	l := g.l
	for k := range l.Cages {
		cg := &l.Cages[k]
		table := g.tables.combos[k]
		if table == nil {
			g.view.L, g.view.Value, g.view.Cand = l, f.value, f.cand
			if !g.view.CageFeasible(k) {
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

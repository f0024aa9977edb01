package strategy

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Killer cages in the link graph. A cage without repeats is a unit for
// "no repeat": its cells are peers (grid.Layout.Peers), so the weak links
// between equal digits inside it come with the unit links. What a cage adds
// is its sum: a digit every remaining combination of the cage uses, not
// placed in it yet, must go in one of its places in the cage. When two
// nodes cover those places between them (candidates, or groups of the
// cage's cells lying in one unit), they are strongly linked.
//
// The groups inside cages are nodes of their own (addCageGroups): the
// cage's candidates of a digit within one row, column or box, two or more.
// They take part in the unit's strong links like the groups of a box/line
// intersection, and in the cage's strong links above.

// addCageGroups adds the group nodes inside b's killer cages: for each
// cage, unit holding two or more of its open cells and digit, the cage's
// candidates of the digit in that unit when there are two or more,
// registered with every unit holding them all.
func (g *chainGraph) addCageGroups(b *grid.Board) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	var buf [grid.MaxSize]int32
	var units [3 * grid.MaxGroupCells]int
	g.scratch = grow(g.scratch, g.w)
	s := CellSet(g.scratch)
	for _, cg := range l.Cages() {
		nu := 0
		for _, c := range cg.Cells {
			if b.Value(c) != 0 {
				continue
			}
			for _, u := range l.CellUnit(c) {
				if !slices.Contains(units[:nu], u) && nu < len(units) {
					units[nu] = u
					nu++
				}
			}
		}
		for _, u := range units[:nu] {
			for d := 1; d <= l.N; d++ {
				if id := g.groupNode(b, d, cg.Cells, u, &buf, s); id >= 0 {
					g.joinUnit(u, id)
				}
			}
		}
	}
}

// cageLinks adds the strong links of b's killer cages; a board without
// killer cages has none and costs nothing.
func (g *chainGraph) cageLinks(b *grid.Board) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	n := l.N
	var places [grid.MaxGroupCells]int
	for cg, f := range filledCages(b) {
		cells := cg.Cells()
		for m := f.Must; m != 0; m &= m - 1 {
			d := m.Min()
			if placedIn(b, cells, d) {
				continue
			}
			k := 0
			for _, c := range cells {
				if b.Value(c) == 0 && b.Cands(c).Has(d) {
					places[k] = c
					k++
				}
			}
			if k == 2 {
				g.addStrong(g.candNode[places[0]*n+d-1], g.candNode[places[1]*n+d-1], strongCage, -1)
				continue
			}
			// Every split of the places in two nodes (candidates or
			// groups), the first holding places[0].
			for mask := 1; mask < 1<<k-1; mask += 2 {
				a := g.placesNode(d, places[:k], mask)
				if a < 0 {
					continue
				}
				if c := g.placesNode(d, places[:k], (1<<k-1)&^mask); c >= 0 {
					g.addStrong(a, c, strongCage, -1)
				}
			}
		}
	}
}

// placesNode returns the node of digit d on the places picked by mask (a
// candidate, or a multi-cell node already in the graph), or -1.
func (g *chainGraph) placesNode(d int, places []int, mask int) int32 {
	if bits.OnesCount(uint(mask)) == 1 {
		return g.candNode[places[bits.TrailingZeros(uint(mask))]*g.l.N+d-1]
	}
	g.scratch = grow(g.scratch, g.w)
	s := CellSet(g.scratch)
	s.Clear()
	first := -1
	for i, c := range places {
		if mask&(1<<i) != 0 {
			s.Add(c)
			if first < 0 {
				first = c
			}
		}
	}
	return g.findMulti(d, first, s)
}

// sumWeak appends to w the weak links of candidate d of cell from the sum
// of its killer cage: when cell and one other are the cage's open cells,
// with s left to their sum, d there rules out every candidate y of the
// other but s-d. Equal digits are linked already (the cage's cells are
// peers).
func (g *chainGraph) sumWeak(b *grid.Board, cell, d int, w []chainEdge) []chainEdge {
	k := g.l.CellCage(cell)
	if k < 0 {
		return w
	}
	cg := g.l.Cage(k)
	if cg.Op != grid.OpAdd {
		return w
	}
	other, left := -1, cg.Target
	for _, c := range cg.Cells {
		switch {
		case b.Value(c) != 0:
			left -= int(b.Value(c))
		case c == cell:
		case other >= 0:
			return w // three open cells or more
		default:
			other = c
		}
	}
	if other < 0 {
		return w
	}
	n := g.l.N
	for m := b.Cands(other) &^ grid.Bit(d); m != 0; m &= m - 1 {
		if y := m.Min(); y != left-d {
			w = append(w, chainEdge{to: g.candNode[other*n+y-1], kind: weakSum, als: -1})
		}
	}
	return w
}

// noteLinkCage records in st.Cages the killer cage that holds the cells of
// both ends of a chain link, the cage whose sum or combinations make it.
func noteLinkCage(l *grid.Layout, st *Step, a, c []int) {
	if !isKiller(l) {
		return
	}
	k := l.CellCage(a[0])
	if k < 0 {
		return
	}
	for _, cells := range [2][]int{a, c} {
		for _, x := range cells {
			if l.CellCage(x) != k {
				return
			}
		}
	}
	if !slices.Contains(st.Cages, k) {
		st.Cages = append(st.Cages, k)
	}
}

// chainCages words the cages whose links a chain step uses, e.g.
// " (cage links: cage 10+ at r5c1)"; "" when it uses none.
func chainCages(s *Step, n grid.Notation) string {
	if len(s.Cages) == 0 {
		return ""
	}
	names := make([]string, len(s.Cages))
	for i, k := range s.Cages {
		names[i] = cageName(n, k)
	}
	return " (cage links: " + strings.Join(names, ", ") + ")"
}

package strategy

import (
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Killer cages in the link graph. A cage without repeats is a unit for
// "no repeat": its cells are peers (grid.Layout.Peers), so the weak links
// between equal digits inside it come with the unit links. What a cage adds
// is its sum: a digit every remaining combination of the cage uses, not
// placed in it yet, must go in one of its places in the cage. When two
// nodes cover those places (two candidates, or a candidate and a group of a
// box and a line inside the cage), they are strongly linked.

// cageLinks adds the strong links of b's killer cages; a board without
// killer cages has none and costs nothing.
func (g *chainGraph) cageLinks(b *grid.Board) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	n := l.N
	g.scratch = grow(g.scratch, g.w)
	rest := CellSet(g.scratch)
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
			switch {
			case k == 2:
				g.addStrong(g.candNode[places[0]*n+d-1], g.candNode[places[1]*n+d-1], strongCage, -1)
			case k > 2:
				// One candidate and a group holding the rest.
				for i := 0; i < k; i++ {
					rest.Clear()
					first := -1
					for j := 0; j < k; j++ {
						if j != i {
							rest.Add(places[j])
							if first < 0 {
								first = places[j]
							}
						}
					}
					if id := g.findMulti(d, first, rest); id >= 0 {
						g.addStrong(g.candNode[places[i]*n+d-1], id, strongCage, -1)
					}
				}
			}
		}
	}
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

package strategy

import (
	"github.com/sudokuwise/solver/engine/grid"
)

// Sum groups of forcing nets on killers. The rule of 45 gives cells of a
// known sum that no cage holds: the virtual cages of virtualcages.go (the
// innies and outies of a union of units, less a cage or another virtual
// cage). A net follows them as it follows cages: a digit no filling of
// the group puts in a cell is false there, and a group without a filling
// is a contradiction. They are what the rule of 45 lets a person reason
// with, and without them a net on an open killer finds little.

// maxSumCells bounds the cells of a sum group: larger ones rarely rule
// anything out in a net, and cost an enumeration at every change.
const maxSumCells = 4

// loadSums appends to f.groups the sum groups of killer layout l, after
// its cages, keeping in f.sums the virtual cage each comes from and in
// f.cellSums each cell's; other layouts have none.
func (f *forcing) loadSums(l *grid.Layout) {
	f.cellSums, f.sums, f.sumBase = nil, nil, len(l.Cages())+len(l.Units())
	if !isKiller(l) {
		return
	}
	vcs := virtualCagesOf(l)
	for i := range vcs {
		v := &vcs[i]
		if len(v.cells) > maxSumCells {
			continue
		}
		var g grid.Group
		g.Reset(grid.OpAdd, v.target)
		for _, c := range v.cells {
			g.Add(c)
		}
		f.groups = append(f.groups, g)
		f.sums = append(f.sums, v)
	}
	if len(f.sums) == 0 {
		return
	}
	f.cellSums = make([][]int32, l.Cells)
	for s, v := range f.sums {
		for _, c := range v.cells {
			f.cellSums[c] = append(f.cellSums[c], int32(s))
		}
	}
}

// isSum reports whether rule r (see predRule) is a sum group.
func (f *forcing) isSum(r int) bool { return f.cellSums != nil && r >= f.sumBase }

// sumOf returns the virtual cage of sum-group rule r.
func (f *forcing) sumOf(r int) *virtualCage { return f.sums[r-f.sumBase] }

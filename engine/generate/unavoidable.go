package generate

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// unavoidable holds sets of cells of a solution grid that every puzzle
// with that solution must give a clue in (unavoidable sets): the digits of
// each set can be rearranged into another solution. A clue that is the
// only one left in such a set is needed: without it, the rearranged grid
// solves the puzzle too, so the digger's check needs no search. The sets
// come from the grid's structure, at a cost of milliseconds a grid.
type unavoidable struct {
	sets   [][]int
	ofCell [][]int32 // indexes of the sets holding each cell
}

// maxUnavoidable bounds the size of the sets kept: a larger set seldom
// holds a single clue, and each costs a scan at every check of its cells.
const maxUnavoidable = 64

// newUnavoidable finds unavoidable sets of solution on layout l, which
// must have complete units only and no cages: the components of the swap
// of two digits, and the cycles of two rows or two columns whose cells
// swap their digits in pairs.
func newUnavoidable(l *grid.Layout, solution []uint8) *unavoidable {
	u := &unavoidable{ofCell: make([][]int32, l.Cells)}
	u.digitPairs(l, solution)
	u.linePairs(l, solution, grid.Row)
	u.linePairs(l, solution, grid.Column)
	return u
}

func (u *unavoidable) add(cells []int) {
	if len(cells) > maxUnavoidable {
		return
	}
	k := int32(len(u.sets))
	u.sets = append(u.sets, cells)
	for _, c := range cells {
		u.ofCell[c] = append(u.ofCell[c], k)
	}
}

// digitPairs adds, for each pair of digits a and b, the components of the
// cells holding them, a unit's a and b cells being linked: swapping a and
// b throughout a component keeps each unit's digits.
func (u *unavoidable) digitPairs(l *grid.Layout, solution []uint8) {
	n := l.N
	// at[d][k] is the cell holding digit d+1 in unit k.
	units := l.Units()
	at := make([][]int, n)
	for d := range at {
		at[d] = make([]int, len(units))
	}
	for k, unit := range units {
		for _, c := range unit.Cells {
			at[solution[c]-1][k] = c
		}
	}
	parent := make([]int, l.Cells)
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	comp := map[int][]int{}
	for a := range n {
		for b := a + 1; b < n; b++ {
			for k := range units {
				parent[at[a][k]], parent[at[b][k]] = at[a][k], at[b][k]
			}
			for k := range units {
				ra, rb := find(at[a][k]), find(at[b][k])
				if ra != rb {
					parent[ra] = rb
				}
			}
			clear(comp)
			for c, v := range solution {
				if int(v) == a+1 || int(v) == b+1 {
					r := find(c)
					comp[r] = append(comp[r], c)
				}
			}
			if len(comp) < 2 {
				// One component: every cell of both digits, too many to
				// hold a single clue.
				continue
			}
			for _, cells := range comp {
				u.add(cells)
			}
		}
	}
}

// linePairs adds, for each pair of units of kind (rows or columns), the
// cycles of the cells that swap digits across the two lines, cell i of
// one with cell i of the other, when the swap keeps every unit's digits.
func (u *unavoidable) linePairs(l *grid.Layout, solution []uint8, kind grid.UnitKind) {
	var lines [][]int
	for _, unit := range l.Units() {
		if unit.Kind == kind {
			lines = append(lines, unit.Cells)
		}
	}
	n := l.N
	pos := make([]int, n+1)
	done := make([]bool, n)
	for i, p := range lines {
		for _, q := range lines[i+1:] {
			for j, c := range q {
				pos[solution[c]] = j
			}
			clear(done)
			for j := range p {
				if done[j] {
					continue
				}
				var cells []int
				for k := j; !done[k]; k = pos[solution[p[k]]] {
					done[k] = true
					cells = append(cells, p[k], q[k])
				}
				if len(cells) <= maxUnavoidable && swapKeepsUnits(l, solution, cells) {
					u.add(cells)
				}
			}
		}
	}
}

// swapKeepsUnits reports whether swapping the digits of cells in pairs
// (cells[0] with cells[1], cells[2] with cells[3], ...) leaves every unit
// with the digits it had.
func swapKeepsUnits(l *grid.Layout, solution []uint8, cells []int) bool {
	delta := map[[2]int]int{} // (unit, digit) → change in count
	for i := 0; i < len(cells); i += 2 {
		p, q := cells[i], cells[i+1]
		for _, k := range l.CellUnit(p) {
			delta[[2]int{k, int(solution[p])}]--
			delta[[2]int{k, int(solution[q])}]++
		}
		for _, k := range l.CellUnit(q) {
			delta[[2]int{k, int(solution[q])}]--
			delta[[2]int{k, int(solution[p])}]++
		}
	}
	for _, d := range delta {
		if d != 0 {
			return false
		}
	}
	return true
}

// witness reports whether some set holding cell has no clue but cell's
// (clues[cell] itself may be empty): then a solution of the clues
// differs from the grid at cell.
func (u *unavoidable) witness(clues []uint8, cell int) bool {
	if u == nil {
		return false
	}
	for _, k := range u.ofCell[cell] {
		if !slices.ContainsFunc(u.sets[k], func(c int) bool { return c != cell && clues[c] != 0 }) {
			return true
		}
	}
	return false
}

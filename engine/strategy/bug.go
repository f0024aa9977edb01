package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

var bugPlusOne = &Strategy{
	name:        "Bivalue Universal Grave + 1",
	technique:   &Technique{name: "Bivalue Universal Grave + 1", code: "0610", level: Hard, score: 100, se: 56},
	class:       Elimination,
	needsUnique: true,
	explain:     explainBUGPlusOne,
	find:        findBUGPlusOne,
}

// BUGPlusOne (W, Bivalue Universal Grave + 1): when every empty cell but one
// has two candidates, that one has three, and removing one digit e from it
// would leave every candidate exactly twice in each unit it is missing from,
// the cell holds e. Otherwise the board would be a BUG: giving every empty
// cell its other candidate would be a second solution. The step removes the
// cell's other candidates, as HoDoKu reports it.
//
// The argument holds for any layout whose constraints are all units (rows,
// columns, regions, diagonals, windows, colour groups): every unit is
// checked. Cages are not units (a sum or product need not survive the
// swap), so boards with cages get no BUG+1 steps.
func BUGPlusOne() *Strategy { return bugPlusOne }

func findBUGPlusOne(b *grid.Board, sink *Sink) {
	if len(b.Layout().Cages()) > 0 {
		return
	}
	cell := -1
	for c := range b.Layout().Cells {
		v := b.Value(c)
		if v != 0 {
			continue
		}
		switch b.Cands(c).Count() {
		case 2:
		case 3:
			if cell >= 0 {
				return
			}
			cell = c
		default:
			return
		}
	}
	if cell < 0 {
		return
	}
	var keep grid.Digits
	for m := b.Cands(cell); m != 0; m &= m - 1 {
		if d := m.Min(); bugWithout(b, cell, d) {
			keep |= grid.Bit(d)
		}
	}
	if keep.Count() != 1 {
		return
	}
	s := sink.Add()
	s.Cells = append(s.Cells, cell)
	s.Units = append(s.Units, b.Layout().CellUnit(cell)...)
	for m := b.Cands(cell) &^ keep; m != 0; m &= m - 1 {
		s.Eliminations = append(s.Eliminations, CellDigit{cell, m.Min()})
	}
}

// bugWithout reports whether the board would be a BUG with d removed from
// cell: every candidate of every unit in exactly two of its cells.
func bugWithout(b *grid.Board, cell, d int) bool {
	for u := range b.Layout().Units() {
		var once, twice, more grid.Digits
		for _, c := range b.Layout().Unit(u).Cells {
			cand := b.Cands(c)
			if c == cell {
				cand &^= grid.Bit(d)
			}
			more |= twice & cand
			twice |= once & cand
			once |= cand
		}
		if more != 0 || once != twice {
			return false
		}
	}
	return true
}

func explainBUGPlusOne(s *Step, n grid.Notation) string {
	if len(s.Cells) == 0 {
		return describeChanges(s, n)
	}
	c := n.CellName(s.Cells[0])
	var removed grid.Digits
	for _, e := range s.Eliminations {
		removed |= grid.Bit(e.Digit)
	}
	return fmt.Sprintf("BUG+1: every empty cell but %s has two candidates; unless %s takes the candidate it holds three times in its units, the grid is a bivalue universal grave with two solutions, so remove %s from %s",
		c, c, n.DigitList(removed, ", "), c)
}

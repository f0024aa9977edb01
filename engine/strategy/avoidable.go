package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

var (
	arType1 = &Technique{name: "Avoidable Rectangle Type 1", code: "0607", level: Hard, score: 100, se: 45}
	arType2 = &Technique{name: "Avoidable Rectangle Type 2", code: "0608", level: Hard, score: 100, se: 46}
)

var avoidableRectangles = &Strategy{
	name:        "Avoidable Rectangles",
	technique:   arType1,
	techniques:  []*Technique{arType1, arType2},
	class:       Elimination,
	needsUnique: true,
	swapsPlaced: true,
	explain:     explainAvoidableRectangle,
	find:        findAvoidableRectangles,
}

// AvoidableRectangles (V) avoids deadly rectangles among digits the solver
// placed: if four cells in two rows, two columns and two regions, none of
// them a clue, ended up as a/b/b/a, the two digits could be swapped without
// touching a clue, giving a second solution of the clues (so the clues
// alone must have one: see SwapsPlaced). Type 1 has three such placed
// corners and removes the completing digit from the fourth; Type 2 has two
// placed corners in a row or column and two empty corners holding the
// completing digits and one same extra digit, which one of them must hold.
// Sink.Form of type 1 or 2 asks for one type, 0 for both.
//
// Unlike the unique rectangles, an empty corner must hold its completing
// digit as a candidate: without it the pattern can no longer form, and
// nothing follows (HoDoKu's "missing candidates" option does not apply).
func AvoidableRectangles() *Strategy { return avoidableRectangles }

// placedDigit returns the digit the solver placed in cell, or 0 for an
// empty cell or a clue.
func placedDigit(b *grid.Board, cell int) int {
	if b.Given(cell) {
		return 0
	}
	return int(b.Value(cell))
}

// findAvoidableRectangles looks at every pair of placed cells in a row
// (Type 1 and 2) or a column (Type 2) and the matching cells of every other
// row or column.
func findAvoidableRectangles(b *grid.Board, sink *Sink) {
	n := b.Layout().N
	for _, byRow := range [2]bool{true, false} {
		if !byRow && sink.Form.Type() == 1 {
			break // Type 1 rectangles all have a placed row pair
		}
		cell := func(line, i int) int {
			if byRow {
				return line*n + i
			}
			return i*n + line
		}
		for l0 := 0; l0 < n; l0++ {
			for i0 := 0; i0 < n; i0++ {
				p0 := cell(l0, i0)
				v0 := placedDigit(b, p0)
				if v0 == 0 {
					continue
				}
				for i1 := i0 + 1; i1 < n; i1++ {
					p1 := cell(l0, i1)
					v1 := placedDigit(b, p1)
					if v1 == 0 || v1 == v0 {
						continue
					}
					for l1 := 0; l1 < n; l1++ {
						if l1 != l0 && arRectangle(b, sink, byRow, [4]int{p0, p1, cell(l1, i0), cell(l1, i1)}) {
							return
						}
					}
				}
			}
		}
	}
}

// arRectangle checks the rectangle q whose corners q[0], q[1] hold
// different placed digits (q[2] is q[0]'s partner across, q[3] q[1]'s) and
// reports its steps; it returns true when the finder should stop.
func arRectangle(b *grid.Board, sink *Sink, byRow bool, q [4]int) bool {
	v0, v1 := placedDigit(b, q[0]), placedDigit(b, q[1])
	w2, w3 := placedDigit(b, q[2]), placedDigit(b, q[3])
	e2, e3 := b.Value(q[2]) == 0, b.Value(q[3]) == 0
	ab := grid.Bit(v0) | grid.Bit(v1)
	switch {
	case byRow && (sink.Form.Type() == 0 || sink.Form.Type() == 1) && (w2 == v1 && e3 || w3 == v0 && e2):
		// Type 1: the empty corner may not take the digit of its diagonal.
		empty, need := q[3], v0
		if e2 {
			empty, need = q[2], v1
		}
		if !b.Cands(empty).Has(need) || !deadlyLayout(b.Layout(), q) {
			return false
		}
		s := sink.Add()
		s.Technique = arType1
		s.Digits = ab
		s.Cells = append(s.Cells, q[:]...)
		s.Eliminations = append(s.Eliminations, CellDigit{empty, need})
		return sink.Done()
	case (sink.Form.Type() == 0 || sink.Form.Type() == 2) && e2 && e3:
		// Type 2: q[2] completes with v1, q[3] with v0; each has one extra
		// candidate, the same, so one of them holds it.
		x := b.Cands(q[2]) &^ grid.Bit(v1)
		if b.Cands(q[2]) != grid.Bit(v1)|x || b.Cands(q[3]) != grid.Bit(v0)|x || x.Count() != 1 || !deadlyLayout(b.Layout(), q) {
			return false
		}
		d := x.Min()
		var s *Step
		for _, p := range b.Layout().Peers(q[2]) {
			if b.Cands(p)&x == 0 || p == q[3] || !b.Layout().Sees(p, q[3]) {
				continue
			}
			if s == nil {
				s = sink.Add()
				s.Technique = arType2
				s.Digits = ab
				s.Cells = append(s.Cells, q[:]...)
			}
			s.Eliminations = append(s.Eliminations, CellDigit{p, d})
		}
		return s != nil && sink.Done()
	}
	return false
}

func explainAvoidableRectangle(s *Step, n grid.Notation) string {
	if len(s.Cells) < 4 || len(s.Eliminations) == 0 {
		return describeChanges(s, n)
	}
	a, b := s.Digits.Min(), s.Digits.Max()
	corners := cellList(n, s.Cells[:4])
	e := s.Eliminations[0]
	if s.Technique == arType1 {
		return fmt.Sprintf("%s on %s/%s in %s: %s in %s would complete a rectangle of placed digits that could swap, so remove it",
			s.Name(), n.DigitName(a), n.DigitName(b), corners, n.DigitName(e.Digit), n.CellName(e.Cell))
	}
	return fmt.Sprintf("%s on %s/%s in %s: %s or %s must hold %s to avoid a rectangle of swappable digits, so remove %s",
		s.Name(), n.DigitName(a), n.DigitName(b), corners, n.CellName(s.Cells[2]), n.CellName(s.Cells[3]), n.DigitName(e.Digit), uqEliminationList(n, s.Eliminations))
}

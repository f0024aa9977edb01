package strategy

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Intersection strategies: a digit, or a set of digits, confined to the
// cells two units share is removed from the rest of both.
var (
	lockedRegions = &Strategy{
		name: "Locked Regions", class: Elimination, local: true,
		technique: &Technique{name: "Locked Candidates Type 1 (Pointing)", code: "0100", level: Medium, score: 50, se: 26},
		explain:   explainLocked,
		find:      func(b *grid.Board, sink *Sink) { findLocked(b, sink, true) },
	}
	lockedCandidates = &Strategy{
		name: "Locked Candidates", class: Elimination, local: true,
		technique: &Technique{name: "Locked Candidates Type 2 (Claiming)", code: "0101", level: Medium, score: 50, se: 28},
		explain:   explainLocked,
		find:      func(b *grid.Board, sink *Sink) { findLocked(b, sink, false) },
	}
	lockedSubsets = &Strategy{
		name: "Locked Subsets", class: Elimination,
		techniques: []*Technique{lockedPair, lockedTriple},
		explain:    explainLockedSubset,
		find:       findLockedSubsets,
	}
	lockedPair   = &Technique{name: "Locked Pair", code: "0110", level: Medium, score: 40, se: 29}
	lockedTriple = &Technique{name: "Locked Triple", code: "0111", level: Medium, score: 60, se: 28}
)

// LockedRegions (D, the seed's "locked regions", HoDoKu's pointing):
// when a digit's cells in a region all lie in one row or column, the
// digit leaves the rest of that line. On other layouts the region may
// point into any unit it overlaps (a diagonal, a window).
func LockedRegions() *Strategy { return lockedRegions }

// LockedCandidates (G, the seed's "locked candidates", HoDoKu's
// claiming): when a digit's cells in a row or column all lie in one
// region, the digit leaves the rest of that region. On other layouts any
// unit that is not a region may claim.
func LockedCandidates() *Strategy { return lockedCandidates }

// LockedSubsets (I): a naked pair or triple whose cells lie in the
// overlap of two units removes its digits from the rest of both.
func LockedSubsets() *Strategy { return lockedSubsets }

// findLocked finds digits of unit A confined to its overlap with unit B,
// with A a region (pointing) or not (claiming).
func findLocked(b *grid.Board, sink *Sink, pointing bool) {
	l := b.Layout()
	for i := range l.Overlaps() {
		o := &l.Overlaps()[i]
		if (l.Unit(o.A).Kind == grid.Region) != pointing || !sink.through(l.Unit(o.A).Cells) {
			continue // a digit locked in o stands on the cells of o.A
		}
		var inside grid.Digits
		for _, c := range o.Cells {
			inside |= b.Cands(c)
		}
		if inside == 0 {
			continue
		}
		var outsideA, outsideB grid.Digits
		for _, c := range l.Unit(o.A).Cells {
			if !containsCell(o.Cells, c) {
				outsideA |= b.Cands(c)
			}
		}
		for _, c := range l.Unit(o.B).Cells {
			if !containsCell(o.Cells, c) {
				outsideB |= b.Cands(c)
			}
		}
		for locked := inside &^ outsideA & outsideB; locked != 0; locked &= locked - 1 {
			d := locked.Min()
			s := sink.Add()
			s.Digits = grid.Bit(d)
			s.Units = append(s.Units, o.A, o.B)
			for _, c := range o.Cells {
				if b.Cands(c).Has(d) {
					s.Cells = append(s.Cells, c)
				}
			}
			for _, c := range l.Unit(o.B).Cells {
				if b.Cands(c).Has(d) && !containsCell(o.Cells, c) {
					s.Eliminations = append(s.Eliminations, CellDigit{c, d})
				}
			}
			if sink.Done() {
				return
			}
		}
	}
}

// findLockedSubsets finds naked pairs and triples inside the overlap of a
// region and another unit.
func findLockedSubsets(b *grid.Board, sink *Sink) {
	l := b.Layout()
	for i := range l.Overlaps() {
		o := &l.Overlaps()[i]
		// Each overlap appears twice (A,B and B,A): take the one led by
		// the region, or the lower unit when neither is one.
		if l.Unit(o.A).Kind != grid.Region && (l.Unit(o.B).Kind == grid.Region || o.A > o.B) {
			continue
		}
		var cells [grid.MaxSize]int
		n := 0
		for _, c := range o.Cells {
			if cnt := b.Cands(c).Count(); b.Value(c) == 0 && cnt >= 2 && cnt <= 3 {
				cells[n] = c
				n++
			}
		}
		for k := 2; k <= 3; k++ {
			if sink.Form.Size() != 0 && sink.Form.Size() != k {
				continue
			}
			forEachSubset(n, k, func(pick uint32) bool {
				var digits grid.Digits
				for p := pick; p != 0; p &= p - 1 {
					digits |= b.Cands(cells[trailing(p)])
				}
				if digits.Count() != k {
					return true
				}
				s := sink.Add()
				s.Technique = lockedPair
				if k == 3 {
					s.Technique = lockedTriple
				}
				s.Digits = digits
				s.Units = append(s.Units, o.A, o.B)
				for p := pick; p != 0; p &= p - 1 {
					s.Cells = append(s.Cells, cells[trailing(p)])
				}
				for _, u := range [2]int{o.A, o.B} {
					for _, c := range l.Unit(u).Cells {
						if containsCell(s.Cells, c) {
							continue
						}
						for common := b.Cands(c) & digits; common != 0; common &= common - 1 {
							s.Eliminations = appendElimination(s.Eliminations, c, common.Min())
						}
					}
				}
				if len(s.Eliminations) == 0 {
					sink.steps = sink.steps[:len(sink.steps)-1]
					return true
				}
				return !sink.Done()
			})
			if sink.Done() {
				return
			}
		}
	}
}

func explainLocked(s *Step, n grid.Notation) string {
	l := n.Layout
	d := s.Digits.Min()
	a, b := l.Unit(s.Units[0]), l.Unit(s.Units[1])
	return fmt.Sprintf("in %s, %s lies only in %s: remove it from the rest of %s (%s)", a.Name(), n.DigitName(d), b.Name(), b.Name(), cellList(n, eliminationCells(s)))
}

func explainLockedSubset(s *Step, n grid.Notation) string {
	l := n.Layout
	return fmt.Sprintf("%s %s in %s, inside %s and %s: remove them from the rest of both", s.Name(), n.DigitList(s.Digits, "/"), cellList(n, s.Cells), l.Unit(s.Units[0]).Name(), l.Unit(s.Units[1]).Name())
}

// containsCell reports whether a short list of cells holds c.
func containsCell(cells []int, c int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// appendElimination adds an elimination unless it is already listed.
func appendElimination(list []CellDigit, cell, d int) []CellDigit {
	for _, e := range list {
		if e.Cell == cell && e.Digit == d {
			return list
		}
	}
	return append(list, CellDigit{cell, d})
}

func eliminationCells(s *Step) []int {
	var cells []int
	for _, e := range s.Eliminations {
		if !containsCell(cells, e.Cell) {
			cells = append(cells, e.Cell)
		}
	}
	return cells
}

// cellList names cells in a list, e.g. "r2c2, r2c7".
func cellList(n grid.Notation, cells []int) string {
	return strings.Join(cellNames(n, cells), ", ")
}

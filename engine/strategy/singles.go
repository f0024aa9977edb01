package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// The seed's methods. A, B and C keep the letters of the N×N seed.
var (
	fullHouse = newStrategy(Solution, &Technique{name: "Full House", code: "0000", level: Easy, score: 4, se: 10},
		findFullHouses, explainFullHouse)
	nakedSingle = alsoOnStr8ts(newStrategy(Solution, &Technique{name: "Naked Single", code: "0003", level: Easy, score: 4, se: 23},
		findNakedSingles, explainNakedSingle))
	hiddenSingle = newStrategy(Solution, &Technique{name: "Hidden Single", code: "0002", level: Easy, score: 14, se: 12},
		findHiddenSingles, explainHiddenSingle)
	guessing = &Strategy{
		name: "Guessing", class: Search, str8ts: AlsoOnStr8ts,
		technique: &Technique{name: "Guessing", code: "xxxx", level: Extreme, score: 10000, se: 95},
		explain:   explainGuessing,
	}
)

// FullHouse (H): the last empty cell of a unit holds the digit the unit
// misses. HoDoKu tries it first; here it comes right after the naked
// single, the seed's method A, so that the seed's examples keep their
// letters. Every full house is also a naked single, so H shows when A is
// not allowed, and in find-all mode.
func FullHouse() *Strategy { return fullHouse }

// NakedSingle (A, the seed's "singleton finder"): a cell with one
// candidate left holds it.
func NakedSingle() *Strategy { return nakedSingle }

// HiddenSingle (B): a digit with one place left in a unit goes there.
func HiddenSingle() *Strategy { return hiddenSingle }

// Guessing (C, Ariadne's thread): when logic is stuck, a digit is tried
// in the cell most likely to fail fast; a contradiction undoes it. The
// solver drives it, so it has no finder.
func Guessing() *Strategy { return guessing }

func findNakedSingles(b *grid.Board, sink *Sink) {
	for cell, c := range b.Candidates() {
		if b.Value(cell) != 0 {
			continue
		}
		if d := c.Single(); d != 0 {
			s := sink.Add()
			s.Digits = grid.Bit(d)
			s.Placements = append(s.Placements, CellDigit{cell, d})
			s.Cells = append(s.Cells, cell)
			if sink.Done() {
				return
			}
		}
	}
}

func explainNakedSingle(s *Step, n grid.Notation) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s is the only candidate left in %s", n.DigitName(p.Digit), n.CellName(p.Cell))
}

func findHiddenSingles(b *grid.Board, sink *Sink) {
	for u := range b.Layout().Units() {
		cells := b.Layout().Unit(u).Cells
		var once, twice grid.Digits
		for _, cell := range cells {
			c := b.Cands(cell)
			twice |= once & c
			once |= c
		}
		hidden := once &^ twice
		for hidden != 0 {
			d := hidden.Min()
			hidden &^= grid.Bit(d)
			for _, cell := range cells {
				if b.Cands(cell).Has(d) {
					s := sink.Add()
					s.Digits = grid.Bit(d)
					s.Placements = append(s.Placements, CellDigit{cell, d})
					s.Cells = append(s.Cells, cell)
					s.Units = append(s.Units, u)
					break
				}
			}
			if sink.Done() {
				return
			}
		}
	}
}

func explainHiddenSingle(s *Step, n grid.Notation) string {
	l := n.Layout
	p := s.Placements[0]
	return fmt.Sprintf("%s is the only place for %s in %s", n.CellName(p.Cell), n.DigitName(p.Digit), l.Unit(s.Units[0]).Name())
}

func findFullHouses(b *grid.Board, sink *Sink) {
	for u := range b.Layout().Units() {
		last, empty := -1, 0
		for _, cell := range b.Layout().Unit(u).Cells {
			if b.Value(cell) == 0 {
				last = cell
				if empty++; empty > 1 {
					break
				}
			}
		}
		if empty != 1 {
			continue
		}
		d := b.Cands(last).Single()
		if d == 0 {
			continue // the unit is broken; the solver's check reports it
		}
		s := sink.Add()
		s.Digits = grid.Bit(d)
		s.Placements = append(s.Placements, CellDigit{last, d})
		s.Cells = append(s.Cells, last)
		s.Units = append(s.Units, u)
		if sink.Done() {
			return
		}
	}
}

func explainFullHouse(s *Step, n grid.Notation) string {
	l := n.Layout
	p := s.Placements[0]
	return fmt.Sprintf("%s is the last empty cell of %s, which misses only %s", n.CellName(p.Cell), l.Unit(s.Units[0]).Name(), n.DigitName(p.Digit))
}

// explainGuessing explains a guess, or the backtrack that undoes one after
// a contradiction.
func explainGuessing(s *Step, n grid.Notation) string {
	switch {
	case s.Kind == Guess && len(s.Placements) == 1:
		p := s.Placements[0]
		return fmt.Sprintf("guess %s=%s (one of {%s}), guess %d in force", n.CellName(p.Cell), n.DigitName(p.Digit), n.DigitList(s.Digits, ","), s.Depth)
	case s.Kind == Backtrack && len(s.Eliminations) == 1:
		e := s.Eliminations[0]
		how := "returned to the safe copy"
		if s.Undone != SafeCopy {
			how = fmt.Sprintf("undid %d changes", s.Undone)
		}
		return fmt.Sprintf("contradiction: %s; %s, so %s is not %s", s.Conflict.Describe(n), how, n.CellName(e.Cell), n.DigitName(e.Digit))
	}
	return describeChanges(s, n)
}

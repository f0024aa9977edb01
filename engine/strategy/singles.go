package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// The seed's methods. A, B and C keep the letters of the N×N seed.
var (
	// FullHouse (H): the last empty cell of a unit holds the digit the unit
	// misses. HoDoKu tries it first; here it comes right after the naked
	// single, the seed's method A, so that the seed's examples keep their
	// letters. Every full house is also a naked single, so H shows when A is
	// not allowed, and in find-all mode.
	FullHouse = &Strategy{
		Letter: "H", Name: "Full House", Order: 210, Class: Solution,
		Technique: &Technique{Name: "Full House", Code: "0000", Level: Easy, Score: 4},
		Explain:   explainFullHouse,
	}
	// NakedSingle (A, the seed's "singleton finder"): a cell with one
	// candidate left holds it.
	NakedSingle = &Strategy{
		Letter: "A", Name: "Naked Single", Order: 200, Class: Solution,
		Technique: &Technique{Name: "Naked Single", Code: "0003", Level: Easy, Score: 4},
		Explain:   explainNakedSingle,
	}
	// HiddenSingle (B): a digit with one place left in a unit goes there.
	HiddenSingle = &Strategy{
		Letter: "B", Name: "Hidden Single", Order: 300, Class: Solution,
		Technique: &Technique{Name: "Hidden Single", Code: "0002", Level: Easy, Score: 14},
		Explain:   explainHiddenSingle,
	}
	// Guessing (C, Ariadne's thread): when logic is stuck, a digit is tried
	// in the cell most likely to fail fast; a contradiction undoes it. The
	// solver drives it, so it has no finder.
	Guessing = &Strategy{
		Letter: "C", Name: "Guessing", Order: 100000, Class: Search,
		Technique: &Technique{Name: "Guessing", Code: "xxxx", Level: Extreme, Score: 10000},
	}
)

func init() {
	// Finders are set here: they refer to their strategy.
	FullHouse.Find = findFullHouses
	NakedSingle.Find = findNakedSingles
	HiddenSingle.Find = findHiddenSingles
	Register(FullHouse)
	Register(NakedSingle)
	Register(HiddenSingle)
	Register(Guessing)
}

func findNakedSingles(b *grid.Board, sink *Sink) {
	for cell, c := range b.Cand {
		if b.Value[cell] != 0 {
			continue
		}
		if d := c.Single(); d != 0 {
			s := sink.Add(NakedSingle)
			s.Digits = grid.Bit(d)
			s.Placements = append(s.Placements, CellDigit{cell, d})
			s.Cells = append(s.Cells, cell)
			if sink.Done() {
				return
			}
		}
	}
}

func explainNakedSingle(s *Step, l *grid.Layout) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s is the only candidate left in %s", l.DigitName(p.Digit), l.CellName(p.Cell))
}

func findHiddenSingles(b *grid.Board, sink *Sink) {
	for u := range b.L.Units {
		cells := b.L.Units[u].Cells
		var once, twice grid.Digits
		for _, cell := range cells {
			c := b.Cand[cell]
			twice |= once & c
			once |= c
		}
		hidden := once &^ twice
		for hidden != 0 {
			d := hidden.Min()
			hidden &^= grid.Bit(d)
			for _, cell := range cells {
				if b.Cand[cell].Has(d) {
					s := sink.Add(HiddenSingle)
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

func explainHiddenSingle(s *Step, l *grid.Layout) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s is the only place for %s in %s", l.CellName(p.Cell), l.DigitName(p.Digit), l.Units[s.Units[0]].Name())
}

func findFullHouses(b *grid.Board, sink *Sink) {
	for u := range b.L.Units {
		last, empty := -1, 0
		for _, cell := range b.L.Units[u].Cells {
			if b.Value[cell] == 0 {
				last = cell
				if empty++; empty > 1 {
					break
				}
			}
		}
		if empty != 1 {
			continue
		}
		d := b.Cand[last].Single()
		if d == 0 {
			continue // the unit is broken; the solver's check reports it
		}
		s := sink.Add(FullHouse)
		s.Digits = grid.Bit(d)
		s.Placements = append(s.Placements, CellDigit{last, d})
		s.Cells = append(s.Cells, last)
		s.Units = append(s.Units, u)
		if sink.Done() {
			return
		}
	}
}

func explainFullHouse(s *Step, l *grid.Layout) string {
	p := s.Placements[0]
	return fmt.Sprintf("%s is the last empty cell of %s, which misses only %s", l.CellName(p.Cell), l.Units[s.Units[0]].Name(), l.DigitName(p.Digit))
}

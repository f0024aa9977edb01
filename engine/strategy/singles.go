package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// The seed's methods. A, B and C keep the letters of the N×N seed.
var (
	// NakedSingle (A, the seed's "singleton finder"): a cell with one
	// candidate left holds it.
	NakedSingle = &Strategy{
		Letter: "A", Name: "Naked Single", Order: 200, Level: Easy, Score: 4, Class: Solution,
		Explain: explainNakedSingle,
	}
	// HiddenSingle (B): a digit with one place left in a unit goes there.
	HiddenSingle = &Strategy{
		Letter: "B", Name: "Hidden Single", Order: 300, Level: Easy, Score: 14, Class: Solution,
		Explain: explainHiddenSingle,
	}
	// Guessing (C, Ariadne's thread): when logic is stuck, a digit is tried
	// in the cell most likely to fail fast; a contradiction undoes it. The
	// solver drives it, so it has no finder.
	Guessing = &Strategy{
		Letter: "C", Name: "Guessing", Order: 100000, Level: Extreme, Score: 10000, Class: Search,
	}
)

func init() {
	// Finders are set here: they refer to their strategy.
	NakedSingle.Find = findNakedSingles
	HiddenSingle.Find = findHiddenSingles
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
	return fmt.Sprintf("%d is the only candidate left in %s", p.Digit, l.CellName(p.Cell))
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
	return fmt.Sprintf("%s is the only place for %d in %s", l.CellName(p.Cell), p.Digit, l.Units[s.Units[0]].Name())
}

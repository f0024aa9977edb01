package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var (
	finnedTechniques = []*Technique{
		{name: "Finned X-Wing", code: "0310", level: Hard, score: 130, se: 44},
		{name: "Finned Swordfish", code: "0311", level: Unfair, score: 200, se: 56},
		{name: "Finned Jellyfish", code: "0312", level: Unfair, score: 250, se: 60},
		{name: "Finned Squirmbag", code: "0313", level: Unfair, score: 470, se: 62},
		{name: "Finned Whale", code: "0314", level: Unfair, score: 470, se: 63},
		{name: "Finned Leviathan", code: "0315", level: Unfair, score: 470, se: 64},
	}
	sashimiTechniques = []*Technique{
		{name: "Sashimi X-Wing", code: "0320", level: Hard, score: 150, se: 44},
		{name: "Sashimi Swordfish", code: "0321", level: Unfair, score: 240, se: 56},
		{name: "Sashimi Jellyfish", code: "0322", level: Unfair, score: 260, se: 60},
		{name: "Sashimi Squirmbag", code: "0323", level: Unfair, score: 470, se: 62},
		{name: "Sashimi Whale", code: "0324", level: Unfair, score: 470, se: 63},
		{name: "Sashimi Leviathan", code: "0325", level: Unfair, score: 470, se: 64},
	}
	// The Siamese forms (HoDoKu's code plus a trailing 1), reported in
	// find-all mode only (see addSiameseFish).
	finnedSiamese  = siameseTechniques(finnedTechniques)
	sashimiSiamese = siameseTechniques(sashimiTechniques)

	finnedFish = &Strategy{
		name: "Finned Fish", class: Elimination,
		techniques: fishTechniqueList(finnedTechniques, sashimiTechniques, finnedSiamese, sashimiSiamese),
		explain:    explainFinnedFish,
		perDigit:   true,
		find:       findFinnedFish,
	}
)

// FinnedFish (K): a basic fish but for a few extra candidates, the
// fins, all in one region. Either a fin is true, or the fish is; so a
// cover-line candidate outside the base lines that sees every fin is
// false either way. Sashimi when a base line keeps only one candidate
// in the cover lines. In find-all mode it also reports HoDoKu's Siamese
// finned fish: two finned fish on the same base lines with different
// eliminations.
func FinnedFish() *Strategy { return finnedFish }

// findFinnedFish reports the finned fish of b and, in find-all mode, the
// Siamese ones.
func findFinnedFish(b *grid.Board, sink *Sink) {
	findFish(b, sink, &finnedLineShape)
	if !sink.All || sink.Done() || sink.Cancelled() {
		return
	}
	// The Siamese fish pair the finned basic fish found in HoDoKu's order
	// (that names a Siamese fish).
	scratch := dualSinks.Get().(*Sink)
	defer dualSinks.Put(scratch)
	scratch.Reset()
	scratch.All, scratch.Form, scratch.Digits, scratch.strategy = true, sink.Form, sink.Digits, sink.strategy
	scratch.Cancel = sink.Cancel
	defer func() { scratch.Cancel = nil }() // the pool keeps no channel
	findFish(b, scratch, &hodokuBasicShape)
	n := len(scratch.steps)
	addSiameseFish(scratch, 0)
	for i := n; i < len(scratch.steps) && !sink.Done(); i++ {
		copyStep(sink.Add(), &scratch.steps[i])
	}
}

// copyStep makes s (fresh from Sink.Add) a copy of the fish step t.
func copyStep(s, t *Step) {
	s.Technique, s.Digits = t.Technique, t.Digits
	s.Units = append(s.Units, t.Units...)
	s.Cells = append(s.Cells, t.Cells...)
	s.Marks = append(s.Marks, t.Marks...)
	s.Eliminations = append(s.Eliminations, t.Eliminations...)
}

func explainFinnedFish(s *Step, n grid.Notation) string {
	if fishInfos[s.Technique].isSiam {
		return explainGeneralFish(s, n)
	}
	base, cover := fishSets(s, n.Layout)
	d := s.Digits.Min()
	targets := eliminationCells(s)
	sees := "which sees every fin"
	if len(targets) > 1 {
		sees = "each of which sees every fin"
	}
	return fmt.Sprintf("%s on %s: base %s, cover %s, fins %s; remove %s from %s, %s",
		s.Name(), n.DigitName(d), strings.Join(base, ", "), strings.Join(cover, ", "), cellList(n, finCells(s, n.Layout)), n.DigitName(d), cellList(n, targets), sees)
}

// finCells returns the fins of the finned fish s: its marked fins, or,
// when it has no marks (a line fish, see coverLineSteps), its base
// candidates outside every cover set (s.Units holds the base sets, then
// as many cover sets).
func finCells(s *Step, l *grid.Layout) []int {
	var fins []int
	for _, m := range s.Marks {
		if m.Role == RoleFin {
			fins = append(fins, m.Cell)
		}
	}
	if len(s.Marks) > 0 {
		return fins
	}
	covers := s.Units[len(s.Units)/2:]
	for _, c := range s.Cells {
		if !slices.ContainsFunc(covers, func(u int) bool { return slices.Contains(l.Unit(u).Cells, c) }) {
			fins = append(fins, c)
		}
	}
	return fins
}

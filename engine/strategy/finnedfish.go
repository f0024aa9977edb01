package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

var (
	finnedTechniques = []*Technique{
		{Name: "Finned X-Wing", Code: "0310", Level: Hard, Score: 130, SE: 44},
		{Name: "Finned Swordfish", Code: "0311", Level: Unfair, Score: 200, SE: 56},
		{Name: "Finned Jellyfish", Code: "0312", Level: Unfair, Score: 250, SE: 60},
		{Name: "Finned Squirmbag", Code: "0313", Level: Unfair, Score: 470, SE: 62},
		{Name: "Finned Whale", Code: "0314", Level: Unfair, Score: 470, SE: 63},
		{Name: "Finned Leviathan", Code: "0315", Level: Unfair, Score: 470, SE: 64},
	}
	sashimiTechniques = []*Technique{
		{Name: "Sashimi X-Wing", Code: "0320", Level: Hard, Score: 150, SE: 44},
		{Name: "Sashimi Swordfish", Code: "0321", Level: Unfair, Score: 240, SE: 56},
		{Name: "Sashimi Jellyfish", Code: "0322", Level: Unfair, Score: 260, SE: 60},
		{Name: "Sashimi Squirmbag", Code: "0323", Level: Unfair, Score: 470, SE: 62},
		{Name: "Sashimi Whale", Code: "0324", Level: Unfair, Score: 470, SE: 63},
		{Name: "Sashimi Leviathan", Code: "0325", Level: Unfair, Score: 470, SE: 64},
	}
	// The Siamese forms (HoDoKu's code plus a trailing 1), reported in
	// find-all mode only (see addSiameseFish).
	finnedSiamese  = siameseTechniques(finnedTechniques)
	sashimiSiamese = siameseTechniques(sashimiTechniques)

	// FinnedFish (K): a basic fish but for a few extra candidates, the
	// fins, all in one region. Either a fin is true, or the fish is; so a
	// cover-line candidate outside the base lines that sees every fin is
	// false either way. Sashimi when a base line keeps only one candidate
	// in the cover lines. In find-all mode it also reports HoDoKu's Siamese
	// finned fish: two finned fish on the same base lines with different
	// eliminations.
	FinnedFish = &Strategy{
		Name: "Finned Fish", class: Elimination,
		techniques: fishTechniqueList(finnedTechniques, sashimiTechniques, finnedSiamese, sashimiSiamese),
		Explain:    explainFinnedFish,
		perDigit:   true,
		find:       findFinnedFish,
	}
)

// findFinnedFish reports the finned fish of b and, in find-all mode, the
// Siamese ones.
func findFinnedFish(b *grid.Board, sink *Sink) {
	findLineFish(b, sink, finnedLineFish, true)
	if !sink.All || sink.Cancelled() {
		return
	}
	// The Siamese fish pair the finned basic fish of the general search,
	// which finds them in HoDoKu's order (that names a Siamese fish).
	scratch := dualSinks.Get().(*Sink)
	defer dualSinks.Put(scratch)
	scratch.Reset()
	scratch.All, scratch.Form, scratch.Digits, scratch.strategy = true, sink.Form, sink.Digits, sink.strategy
	scratch.Cancel = sink.Cancel
	defer func() { scratch.Cancel = nil }() // the pool keeps no channel
	f := genFishPool.Get().(*genFish)
	f.run(b, scratch, basicFish)
	genFishPool.Put(f)
	n := len(scratch.steps)
	addSiameseFish(scratch, 0)
	for i := n; i < len(scratch.steps); i++ {
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
	return fmt.Sprintf("%s on %s: base %v, cover %v, with fins; remove %s from %s, which sees every fin", s.Name(), n.DigitName(d), base, cover, n.DigitName(d), cellList(n, eliminationCells(s)))
}

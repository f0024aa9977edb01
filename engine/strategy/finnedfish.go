package strategy

import (
	"fmt"
	"math/bits"

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
	findFinnedFishOnly(b, sink)
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

// fishSearch holds one digit plane while looking for finned fish.
type fishSearch struct {
	b      *grid.Board
	sink   *Sink
	d      int
	byRow  bool
	k      int
	lines  [grid.MaxSize]uint32 // base line -> cover lines with the digit
	maxFin int                  // the most cover lines fins may add
	// band, on boards of regular boxes, maps a cover line to the cover
	// lines of its band of boxes across the base lines: fins all in one
	// box lie in one band. Nil on other boards.
	band *[grid.MaxSize]uint32
	work uint // fish tried, to poll the sink's cancellation
}

func (f *fishSearch) cell(base, cover int) int {
	if f.byRow {
		return base*f.b.L.N + cover
	}
	return cover*f.b.L.N + base
}

// findFinnedFishOnly reports the finned fish of b.
func findFinnedFishOnly(b *grid.Board, sink *Sink) { findFinnedFishBanded(b, sink, true) }

// findFinnedFishBanded is findFinnedFishOnly, cutting the choices of cover
// lines by bands of boxes when banded (tests compare it without).
func findFinnedFishBanded(b *grid.Board, sink *Sink, banded bool) {
	l := b.L
	if l.Regions() == nil {
		return // fins must share a region; KenKen boards have none
	}
	n := l.N
	lo, hi := sizes(sink, maxSetSize)
	maxFin := n
	var rowBand, colBand [grid.MaxSize]uint32 // see fishSearch.band
	if l.BoxCols > 0 {
		maxFin = max(l.BoxRows, l.BoxCols)
		for i := 0; i < n; i++ {
			lo := i - i%l.BoxCols
			rowBand[i] = (1<<l.BoxCols - 1) << lo
			lo = i - i%l.BoxRows
			colBand[i] = (1<<l.BoxRows - 1) << lo
		}
	}
	for k := lo; k <= hi; k++ {
		for d := 1; d <= n; d++ {
			if !sink.wants(d) {
				continue
			}
			for _, byRow := range [2]bool{true, false} {
				f := fishSearch{b: b, sink: sink, d: d, byRow: byRow, k: k, maxFin: maxFin}
				if banded && l.BoxCols > 0 {
					// Rows as base lines cover columns, banded by box width.
					f.band = &rowBand
					if !byRow {
						f.band = &colBand
					}
				}
				var live uint32
				for base := 0; base < n; base++ {
					for cover := 0; cover < n; cover++ {
						if b.Cand[f.cell(base, cover)].Has(d) {
							f.lines[base] |= 1 << cover
						}
					}
					if f.lines[base] != 0 {
						live |= 1 << base
					}
				}
				if !f.bases(live, 0, k, 0, 0) {
					return
				}
			}
		}
	}
}

// bases chooses the base lines; it returns false when the sink is done.
func (f *fishSearch) bases(live uint32, from, left int, chosen, union uint32) bool {
	if left == 0 {
		extra := bits.OnesCount32(union) - f.k
		if extra <= 0 || extra > f.maxFin {
			return true // a basic fish, or fins too spread for one region
		}
		return f.covers(chosen, union, f.k, 0, 0)
	}
	for i := from; i < f.b.L.N; i++ {
		if live&(1<<i) == 0 {
			continue
		}
		if !f.bases(live, i+1, left-1, chosen|1<<i, union|f.lines[i]) {
			return false
		}
	}
	return true
}

// covers chooses k cover lines among union, lowest first, and tries the
// fish they make; fins holds the lines of union passed over, which hold
// fins. Choices whose fins cannot lie in one box are cut. It returns false
// when the sink is done or cancelled.
func (f *fishSearch) covers(chosen, rest uint32, left int, cover, fins uint32) bool {
	if left == 0 {
		if f.work++; f.work%cancelEvery == 0 && f.sink.Cancelled() {
			return false
		}
		if f.scattered(fins | rest) {
			return true
		}
		return f.try(chosen, cover)
	}
	for m := rest; m != 0; m &= m - 1 {
		passed := fins | rest&^m
		if f.scattered(passed) {
			break // passing over more lines only scatters the fins more
		}
		bit := m & -m
		if !f.covers(chosen, m&^bit, left-1, cover|bit, passed) {
			return false
		}
	}
	return true
}

// scattered reports whether fins in lines could not all lie in one box,
// on a board of regular boxes.
func (f *fishSearch) scattered(lines uint32) bool {
	return f.band != nil && lines != 0 && lines&^f.band[trailing(lines)] != 0
}

// try checks the fish of base lines chosen and cover lines cover.
func (f *fishSearch) try(chosen, cover uint32) bool {
	l := f.b.L
	region, sashimi := -1, false
	for m := chosen; m != 0; m &= m - 1 {
		base := trailing(m)
		body := bits.OnesCount32(f.lines[base] & cover)
		if body == 0 {
			return true // a line of fins only is no base line
		}
		sashimi = sashimi || body == 1
		for fins := f.lines[base] &^ cover; fins != 0; fins &= fins - 1 {
			r := l.Region(f.cell(base, trailing(fins)))
			if region >= 0 && r != region {
				return true
			}
			region = r
		}
	}
	if region < 0 {
		return true
	}
	var fins [grid.MaxSize]int
	nf := 0
	for m := chosen; m != 0; m &= m - 1 {
		base := trailing(m)
		for x := f.lines[base] &^ cover; x != 0; x &= x - 1 {
			fins[nf] = f.cell(base, trailing(x))
			nf++
		}
	}
	var s *Step
	for m := cover; m != 0; m &= m - 1 {
		c := trailing(m)
		for base := 0; base < l.N; base++ {
			cell := f.cell(base, c)
			if chosen&(1<<base) != 0 || !f.b.Cand[cell].Has(f.d) || !seesAll(l, cell, fins[:nf]) {
				continue
			}
			if s == nil {
				s = f.start(chosen, cover, sashimi)
			}
			s.Eliminations = append(s.Eliminations, CellDigit{cell, f.d})
		}
	}
	return s == nil || !f.sink.Done()
}

// start adds the step of a fish; its Cells are the base-line candidates,
// fins included.
func (f *fishSearch) start(chosen, cover uint32, sashimi bool) *Step {
	l := f.b.L
	s := f.sink.Add()
	s.Technique = finnedTechniques[f.k-2]
	if sashimi {
		s.Technique = sashimiTechniques[f.k-2]
	}
	s.Digits = grid.Bit(f.d)
	rows, cols := lineUnits(l)
	base, other := rows, cols
	if !f.byRow {
		base, other = cols, rows
	}
	for m := chosen; m != 0; m &= m - 1 {
		s.Units = append(s.Units, base[trailing(m)])
	}
	for m := cover; m != 0; m &= m - 1 {
		s.Units = append(s.Units, other[trailing(m)])
	}
	for m := chosen; m != 0; m &= m - 1 {
		b := trailing(m)
		for x := f.lines[b]; x != 0; x &= x - 1 {
			s.Cells = append(s.Cells, f.cell(b, trailing(x)))
		}
	}
	return s
}

// seesAll reports whether cell sees every one of cells.
func seesAll(l *grid.Layout, cell int, cells []int) bool {
	for _, c := range cells {
		if c == cell || !l.Sees(cell, c) {
			return false
		}
	}
	return true
}

func explainFinnedFish(s *Step, n grid.Notation) string {
	if fishInfos[s.Technique].isSiam {
		return explainGeneralFish(s, n)
	}
	base, cover := fishSets(s, n.Layout)
	d := s.Digits.Min()
	return fmt.Sprintf("%s on %s: base %v, cover %v, with fins; remove %s from %s, which sees every fin", s.Name(), n.DigitName(d), base, cover, n.DigitName(d), cellList(n, eliminationCells(s)))
}

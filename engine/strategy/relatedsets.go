package strategy

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The Related Sets engine (James Pike's "Multiples", a seed of the
// project): naked subsets, hidden subsets and basic fish are one pattern on
// different planes of the candidate cube. In a 0/1 matrix whose lines are
// bit masks over cross-lines, k lines whose union covers exactly k
// cross-lines lock those cross-lines: every other line loses its entries
// there.
//
//   - unit plane, lines = cells, cross-lines = digits: naked subsets (F);
//   - unit plane transposed, lines = digits, cross-lines = cells: hidden
//     subsets (E);
//   - digit plane, lines = rows (columns), cross-lines = columns (rows):
//     basic fish (J).
//
// relatedSets runs the first two; the basic fish are the fish engine's
// (fish.go), which chooses the lines of the digit plane the same way and
// also finds fish with fins or boxes.

// plane is one matrix of the engine: line i is the mask lines[i] over
// cross-lines, numbered 0..n-1.
type plane struct {
	lines [grid.MaxSize]uint32
	n     int
}

// relatedSets calls found for every set of k lines (k ≥ 2), each with
// between 2 and k cross-lines (a line with one is a single), whose union
// covers exactly k cross-lines, such that some other line meets that cover
// (so that there is something to eliminate). found gets the chosen lines
// and the cover as masks and returns false to stop.
func relatedSets(p *plane, k int, found func(chosen, cover uint32) bool) {
	s := setSearch{p: p, k: k, found: found}
	for i := 0; i < p.n; i++ {
		if c := bits.OnesCount32(p.lines[i]); c >= 2 && c <= k {
			s.live |= 1 << i
		}
	}
	if bits.OnesCount32(s.live) >= k {
		s.walk(0, k, 0, 0)
	}
}

// setSearch is the state of one relatedSets call; a method rather than a
// recursive closure keeps it off the heap.
type setSearch struct {
	p     *plane
	k     int
	live  uint32
	found func(chosen, cover uint32) bool
}

func (s *setSearch) walk(from, left int, chosen, cover uint32) bool {
	if left == 0 {
		if bits.OnesCount32(cover) != s.k {
			return true
		}
		for i := 0; i < s.p.n; i++ {
			if chosen&(1<<i) == 0 && s.p.lines[i]&cover != 0 {
				return s.found(chosen, cover)
			}
		}
		return true
	}
	for i := from; i <= s.p.n-left; i++ {
		if s.live&(1<<i) == 0 {
			continue
		}
		c := cover | s.p.lines[i]
		if bits.OnesCount32(c) > s.k {
			continue
		}
		if !s.walk(i+1, left-1, chosen|1<<i, c) {
			return false
		}
	}
	return true
}

// forEachSubset calls visit with every k-subset of 0..n-1 as a bit mask,
// until visit returns false.
func forEachSubset(n, k int, visit func(pick uint32) bool) {
	subsetWalk(n, 0, k, 0, visit)
}

func subsetWalk(n, from, left int, pick uint32, visit func(pick uint32) bool) bool {
	if left == 0 {
		return visit(pick)
	}
	for i := from; i <= n-left; i++ {
		if !subsetWalk(n, i+1, left-1, pick|1<<i, visit) {
			return false
		}
	}
	return true
}

func trailing(m uint32) int { return bits.TrailingZeros32(m) }

// maxSetSize is the largest subset or fish looked for by default; larger
// ones (up to 7) are the complements of smaller ones in 9×9 and are asked
// for with Sink.Form.
const maxSetSize = 4

var (
	nakedTechniques = []*Technique{
		{name: "Naked Pair", code: "0200", level: Medium, score: 60, se: 30},
		{name: "Naked Triple", code: "0201", level: Medium, score: 80, se: 36},
		{name: "Naked Quadruple", code: "0202", level: Hard, score: 120, se: 50},
	}
	hiddenTechniques = []*Technique{
		{name: "Hidden Pair", code: "0210", level: Medium, score: 70, se: 34},
		{name: "Hidden Triple", code: "0211", level: Medium, score: 100, se: 40},
		{name: "Hidden Quadruple", code: "0212", level: Hard, score: 150, se: 54},
	}
	fishTechniques = []*Technique{
		{name: "X-Wing", code: "0300", level: Hard, score: 140, se: 32},
		{name: "Swordfish", code: "0301", level: Hard, score: 150, se: 38},
		{name: "Jellyfish", code: "0302", level: Hard, score: 160, se: 52},
		{name: "Squirmbag", code: "0303", level: Unfair, score: 470, se: 54},
		{name: "Whale", code: "0304", level: Unfair, score: 470, se: 55},
		{name: "Leviathan", code: "0305", level: Unfair, score: 470, se: 56},
	}

	nakedSubsets = &Strategy{
		name: "Naked Subsets", class: Elimination, str8ts: AlsoOnStr8ts, local: true,
		techniques: nakedTechniques,
		explain:    explainSubset,
		find:       findNakedSubsets,
	}
	hiddenSubsets = &Strategy{
		name: "Hidden Subsets", class: Elimination, local: true,
		techniques: hiddenTechniques,
		explain:    explainSubset,
		find:       findHiddenSubsets,
	}
	basicFishStrategy = &Strategy{
		name: "Basic Fish", class: Elimination,
		techniques: fishTechniques,
		explain:    explainFish,
		perDigit:   true,
		find:       findBasicFish,
	}
)

// NakedSubsets (F, the seed's "naked pairs" generalised): k cells of a
// unit holding only k digits between them take those digits from the
// unit's other cells.
func NakedSubsets() *Strategy { return nakedSubsets }

// HiddenSubsets (E, the seed's "hidden pairs" generalised): k digits
// confined to k cells of a unit clear those cells of other digits.
func HiddenSubsets() *Strategy { return hiddenSubsets }

// BasicFish (J): a digit confined to k columns within k rows (or k rows
// within k columns) leaves those columns (rows) elsewhere: X-Wing,
// Swordfish, Jellyfish, and the larger fish when asked for.
func BasicFish() *Strategy { return basicFishStrategy }

// sizes returns the range of sizes a sink asks for.
func sizes(sink *Sink, max int) (lo, hi int) {
	if k := sink.Form.Size(); k != 0 {
		return k, k
	}
	return 2, max
}

func findNakedSubsets(b *grid.Board, sink *Sink) {
	l := b.Layout()
	lo, hi := sizes(sink, maxSetSize)
	for k := lo; k <= hi; k++ {
		for u := range l.Units() {
			cells := l.Unit(u).Cells
			if !sink.through(cells) {
				continue // a naked subset of u stands on its cells
			}
			var p plane
			p.n = len(cells)
			for i, c := range cells {
				p.lines[i] = uint32(b.Cands(c))
			}
			relatedSets(&p, k, func(chosen, cover uint32) bool {
				s := sink.Add()
				s.Technique = nakedTechniques[min(k, 4)-2]
				s.Digits = grid.Digits(cover)
				s.Units = append(s.Units, u)
				for i, c := range cells {
					if chosen&(1<<i) != 0 {
						s.Cells = append(s.Cells, c)
						continue
					}
					for d := b.Cands(c) & grid.Digits(cover); d != 0; d &= d - 1 {
						s.Eliminations = append(s.Eliminations, CellDigit{c, d.Min()})
					}
				}
				return !sink.Done()
			})
			if sink.Done() {
				return
			}
		}
	}
}

func findHiddenSubsets(b *grid.Board, sink *Sink) {
	l := b.Layout()
	lo, hi := sizes(sink, maxSetSize)
	for k := lo; k <= hi; k++ {
		for u := range l.Units() {
			cells := l.Unit(u).Cells
			if !sink.through(cells) {
				continue // a hidden subset of u stands on all u's cells
			}
			var p plane
			p.n = l.N
			for i, c := range cells {
				for d := b.Cands(c); d != 0; d &= d - 1 {
					p.lines[d.Min()-1] |= 1 << i
				}
			}
			relatedSets(&p, k, func(chosen, cover uint32) bool {
				s := sink.Add()
				s.Technique = hiddenTechniques[min(k, 4)-2]
				s.Digits = grid.Digits(chosen)
				s.Units = append(s.Units, u)
				for m := cover; m != 0; m &= m - 1 {
					c := cells[trailing(m)]
					s.Cells = append(s.Cells, c)
					for d := b.Cands(c) &^ grid.Digits(chosen); d != 0; d &= d - 1 {
						s.Eliminations = append(s.Eliminations, CellDigit{c, d.Min()})
					}
				}
				return !sink.Done()
			})
			if sink.Done() {
				return
			}
		}
	}
}

// lineUnits returns the indexes of the row units and of the column units.
func lineUnits(l *grid.Layout) (rows, cols [grid.MaxSize]int) {
	for u := range l.Units() {
		switch unit := l.Unit(u); unit.Kind {
		case grid.Row:
			rows[unit.Index] = u
		case grid.Column:
			cols[unit.Index] = u
		}
	}
	return rows, cols
}

// findBasicFish reports the basic fish of b (the fish engine, fish.go).
func findBasicFish(b *grid.Board, sink *Sink) { findFish(b, sink, &basicLineShape) }

// explainSubset words a naked subset by the digits it removes from the
// rest of its units (those of its digits the other cells still held), a
// hidden one by the other candidates it removes from its own cells.
func explainSubset(s *Step, n grid.Notation) string {
	l := n.Layout
	digits := n.DigitList(s.Digits, "/")
	var units []string
	for _, u := range s.Units {
		units = append(units, l.Unit(u).Name())
	}
	where := strings.Join(units, " and ")
	if strings.HasPrefix(s.Name(), "Hidden") {
		return fmt.Sprintf("%s %s in %s of %s: those cells hold %s, so remove their other candidates (%s)", s.Name(), digits, cellList(n, s.Cells), where, digits, cellList(n, eliminationCells(s)))
	}
	// The digits removed, which may be fewer than the subset's: the
	// other cells may no longer hold some of them.
	var removed grid.Digits
	for _, e := range s.Eliminations {
		removed |= grid.Bit(e.Digit)
	}
	return fmt.Sprintf("%s %s in %s of %s: remove %s from the other cells of %s (%s)", s.Name(), digits, cellList(n, s.Cells), where, n.DigitList(removed, "/"), where, cellList(n, eliminationCells(s)))
}

// fishSets names the units of a fish step: its base sets, the first half
// of its Units, and its cover sets, the second.
func fishSets(s *Step, l *grid.Layout) (base, cover []string) {
	k := len(s.Units) / 2
	for i, u := range s.Units {
		if i < k {
			base = append(base, l.Unit(u).Name())
		} else {
			cover = append(cover, l.Unit(u).Name())
		}
	}
	return base, cover
}

func explainFish(s *Step, n grid.Notation) string {
	base, cover := fishSets(s, n.Layout)
	d := n.DigitName(s.Digits.Min())
	return fmt.Sprintf("%s on %s: base %s, cover %s; remove %s from %s", s.Name(), d, strings.Join(base, ", "), strings.Join(cover, ", "), d, cellList(n, eliminationCells(s)))
}

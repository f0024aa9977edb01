package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var lawOfLeftovers = newStrategy(Elimination, &Technique{name: "Law of Leftovers", level: Hard, score: 60, se: 32},
	findLeftovers, explainLeftovers)

// LawOfLeftovers (U2) is the jigsaw form of the rule of 45: k whole rows
// (or columns) and k whole regions each hold every digit k times, so once
// the cells they share are set aside, the cells left in the rows (the
// innies) hold the same digits as the cells left in the regions (the
// outies). A digit no cell on one side can hold is out of every cell of
// the other; with one cell a side, the two cells hold the same digit.
// The regions taken are the k with most cells in the rows, which leaves
// fewest cells over. It runs on boards with irregular regions only.
func LawOfLeftovers() *Strategy { return lawOfLeftovers }

// maxLeftovers is the most cells a side may have: with more, a digit
// missing from a side is rare and the step long to follow.
const maxLeftovers = 5

// leftoverSet is k consecutive lines and the k regions with most cells in
// them, and the cells left over on each side.
type leftoverSet struct {
	lines, regions []int // unit indexes
	in, out        []int // cells of the lines only, of the regions only
}

func findLeftovers(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !l.Variant.Irregular() {
		return
	}
	var rows, cols, regions []int
	for u, unit := range l.Units() {
		switch unit.Kind {
		case grid.Row:
			rows = append(rows, u)
		case grid.Column:
			cols = append(cols, u)
		case grid.Region:
			regions = append(regions, u)
		}
	}
	if len(rows) != l.N || len(cols) != l.N || len(regions) != l.N {
		return
	}
	for _, lines := range [][]int{rows, cols} {
		for k := 1; k < l.N; k++ {
			for first := 0; first+k <= l.N; first++ {
				set, ok := leftoversOf(l, lines[first:first+k], regions)
				if !ok {
					continue
				}
				if addLeftoverStep(b, sink, set) && sink.Done() {
					return
				}
			}
		}
	}
}

// leftoversOf returns the leftover set of lines, with the len(lines)
// regions with most cells in them; false when a side has no cell or more
// than maxLeftovers.
func leftoversOf(l *grid.Layout, lines, regions []int) (leftoverSet, bool) {
	inLines := make([]bool, l.Cells)
	for _, u := range lines {
		for _, c := range l.Unit(u).Cells {
			inLines[c] = true
		}
	}
	byCount := slices.Clone(regions)
	count := func(u int) int {
		n := 0
		for _, c := range l.Unit(u).Cells {
			if inLines[c] {
				n++
			}
		}
		return n
	}
	slices.SortStableFunc(byCount, func(x, y int) int { return count(y) - count(x) })
	set := leftoverSet{lines: lines, regions: byCount[:len(lines)]}
	slices.Sort(set.regions)
	inRegions := make([]bool, l.Cells)
	for _, u := range set.regions {
		for _, c := range l.Unit(u).Cells {
			inRegions[c] = true
		}
	}
	for c := range l.Cells {
		switch {
		case inLines[c] && !inRegions[c]:
			set.in = append(set.in, c)
		case inRegions[c] && !inLines[c]:
			set.out = append(set.out, c)
		}
	}
	if len(set.in) == 0 || len(set.in) > maxLeftovers || len(set.in) != len(set.out) {
		return set, false
	}
	return set, true
}

// addLeftoverStep adds the step of set, when it rules something out, and
// reports whether it did.
func addLeftoverStep(b *grid.Board, sink *Sink, set leftoverSet) bool {
	inDigits, outDigits := sideDigits(b, set.in), sideDigits(b, set.out)
	var gone []CellDigit
	gone = leftoverEliminations(b, set.in, outDigits, gone)
	gone = leftoverEliminations(b, set.out, inDigits, gone)
	if len(gone) == 0 {
		return false
	}
	s := sink.Add()
	s.Units = append(append(s.Units, set.lines...), set.regions...)
	s.Cells = append(append(s.Cells, set.in...), set.out...)
	s.Eliminations = gone
	return true
}

// sideDigits returns the digits the cells can hold: their placed digits
// and candidates.
func sideDigits(b *grid.Board, cells []int) grid.Digits {
	var ds grid.Digits
	for _, c := range cells {
		if v := b.Value(c); v != 0 {
			ds |= grid.Bit(int(v))
		} else {
			ds |= b.Cands(c)
		}
	}
	return ds
}

// leftoverEliminations appends to gone the candidates of cells outside
// other, the digits the other side can hold.
func leftoverEliminations(b *grid.Board, cells []int, other grid.Digits, gone []CellDigit) []CellDigit {
	for _, c := range cells {
		if b.Value(c) != 0 {
			continue
		}
		for ds := b.Cands(c) &^ other; ds != 0; ds &= ds - 1 {
			gone = append(gone, CellDigit{c, ds.Min()})
		}
	}
	return gone
}

// explainLeftovers explains a Law of Leftovers step, e.g. "rows 1-2 and
// boxes 1, 2 hold the same digits; set aside the cells they share, and
// r2c4 (rows only) holds the same digits as r3c1 (boxes only): r2c4-7".
func explainLeftovers(s *Step, n grid.Notation) string {
	l := n.Layout
	k := len(s.Units) / 2
	lines, regions := s.Units[:k], s.Units[k:]
	m := len(s.Cells) / 2
	kind := l.Unit(lines[0]).Kind.String() + "s"
	lineNames := fmt.Sprintf("%s %d-%d", kind, l.Unit(lines[0]).Index+1, l.Unit(lines[k-1]).Index+1)
	if k == 1 {
		lineNames = l.Unit(lines[0]).Name()
	}
	names := make([]string, len(regions))
	for i, u := range regions {
		names[i] = fmt.Sprint(l.Unit(u).Index + 1)
	}
	regionNames := "box " + names[0]
	if k > 1 {
		regionNames = "boxes " + strings.Join(names, ", ")
	}
	times := map[int]string{1: "once", 2: "twice"}[k]
	if times == "" {
		times = fmt.Sprintf("%d times", k)
	}
	return fmt.Sprintf("%s and %s each hold every digit %s; set aside the cells they share, and %s (in the %s only) hold the same digits as %s (in the %s only): %s",
		lineNames, regionNames, times, cellList(n, s.Cells[:m]), kind, cellList(n, s.Cells[m:]), "boxes", describeChanges(s, n))
}

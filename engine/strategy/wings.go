package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// The wings: a few bivalue (or one trivalue) cells that together force a
// digit into one of two cells, so no cell seeing both may hold it.
var (
	wWing = newStrategy(Elimination, &Technique{name: "W-Wing", code: "0803", level: Hard, score: 150, se: 52},
		findWWings, explainWWing)
	xyWing = alsoOnStr8ts(newStrategy(Elimination, &Technique{name: "XY-Wing", code: "0800", level: Hard, score: 160, se: 42},
		findXYWings, explainXYWing))
	xyzWing = alsoOnStr8ts(newStrategy(Elimination, &Technique{name: "XYZ-Wing", code: "0801", level: Hard, score: 180, se: 44},
		findXYZWings, explainXYWing))
)

// WWing (R): two cells with the same two candidates x and y that do not
// see each other, and a strong link on x whose ends each see one of
// them: they cannot both be x, so one is y, and no cell seeing both may
// hold y.
func WWing() *Strategy { return wWing }

// XYWing (P): a pivot with candidates xy seeing two pincers xz and yz:
// whatever the pivot holds, one pincer is z, so no cell seeing both
// pincers may hold z.
func XYWing() *Strategy { return xyWing }

// XYZWing (Q): a pivot with candidates xyz seeing two pincers xz and
// yz: one of the three cells is z, so no cell seeing all three may hold
// z.
func XYZWing() *Strategy { return xyzWing }

func findXYWings(b *grid.Board, sink *Sink) {
	l := b.Layout()
	for pivot := 0; pivot < l.Cells; pivot++ {
		pc := b.Cands(pivot)
		if b.Value(pivot) != 0 || pc.Count() != 2 {
			continue
		}
		x, y := pc.Min(), pc.Max()
		// Pincer 1 holds x and z, pincer 2 holds y and z.
		for _, p1 := range l.Peers(pivot) {
			c1 := b.Cands(p1)
			if b.Value(p1) != 0 || c1.Count() != 2 || !c1.Has(x) || c1.Has(y) {
				continue
			}
			z := (c1 &^ grid.Bit(x)).Min()
			want := grid.Bit(y) | grid.Bit(z)
			for _, p2 := range l.Peers(pivot) {
				if b.Value(p2) != 0 || b.Cands(p2) != want || !patSeeing(b, nil, z, p1, p2) {
					continue
				}
				s := sink.Add()
				s.Digits = pc | c1
				patSeeing(b, s, z, p1, p2)
				s.Cells = append(s.Cells, pivot, p1, p2)
				patAddUnit(s, patCommonUnit(l, pivot, p1))
				patAddUnit(s, patCommonUnit(l, pivot, p2))
				if sink.Done() {
					return
				}
			}
		}
	}
}

func findXYZWings(b *grid.Board, sink *Sink) {
	l := b.Layout()
	for pivot := 0; pivot < l.Cells; pivot++ {
		pc := b.Cands(pivot)
		if b.Value(pivot) != 0 || pc.Count() != 3 {
			continue
		}
		for _, p1 := range l.Peers(pivot) {
			c1 := b.Cands(p1)
			if b.Value(p1) != 0 || c1.Count() != 2 || c1&^pc != 0 {
				continue
			}
			for _, p2 := range l.Peers(pivot) {
				c2 := b.Cands(p2)
				// c1 < c2 takes each pair of pincers once.
				if b.Value(p2) != 0 || c2.Count() != 2 || c2&^pc != 0 || c1 >= c2 {
					continue
				}
				z := (c1 & c2).Single()
				if z == 0 || !patSeeing3(b, nil, z, pivot, p1, p2) {
					continue
				}
				s := sink.Add()
				s.Digits = pc
				patSeeing3(b, s, z, pivot, p1, p2)
				s.Cells = append(s.Cells, pivot, p1, p2)
				patAddUnit(s, patCommonUnit(l, pivot, p1))
				patAddUnit(s, patCommonUnit(l, pivot, p2))
				if sink.Done() {
					return
				}
			}
		}
	}
}

// patSeeing3 is patSeeing for the cells that see all of a, c and e.
func patSeeing3(b *grid.Board, st *Step, d, a, c, e int) bool {
	var seen patSet
	seen.setPeers(b.Layout(), a)
	found := false
	for _, p := range b.Layout().Peers(c) {
		if !b.Cands(p).Has(d) || !seen.has(p) || !b.Layout().Sees(p, e) {
			continue
		}
		if patEliminate(st, p, d) {
			return true
		}
		found = true
	}
	patSortElims(st)
	return found
}

// explainXYWing renders an XY- or XYZ-Wing, whose Cells are the pivot and
// the two pincers.
func explainXYWing(s *Step, n grid.Notation) string {
	c := s.Cells
	z := s.Eliminations[0].Digit
	return fmt.Sprintf("%s on {%s}: pivot %s, pincers %s and %s: one of them is %s, so remove %s from %s",
		s.Name(), n.DigitList(s.Digits, ","), n.CellName(c[0]), n.CellName(c[1]), n.CellName(c[2]), n.DigitName(z), n.DigitName(z), patCellNames(s.Eliminations, n))
}

func findWWings(b *grid.Board, sink *Sink) {
	l := b.Layout()
	var cells [grid.MaxSize * grid.MaxSize]int32 // the bivalue cells
	nc := 0
	var digits grid.Digits // their candidates
	for cell := 0; cell < l.Cells; cell++ {
		if b.Value(cell) == 0 && b.Cands(cell).Count() == 2 {
			cells[nc] = int32(cell)
			nc++
			digits |= b.Cands(cell)
		}
	}
	var links patLinks
	for x := 1; x <= l.N; x++ {
		if !digits.Has(x) {
			continue
		}
		links.collect(b, x, patAll)
		if links.n == 0 {
			continue
		}
		for i := 0; i < nc; i++ {
			w1 := int(cells[i])
			pair := b.Cands(w1)
			if !pair.Has(x) {
				continue
			}
			y := (pair &^ grid.Bit(x)).Min()
			for j := i + 1; j < nc; j++ {
				w2 := int(cells[j])
				if b.Cands(w2) != pair || l.Sees(w1, w2) || !patSeeing(b, nil, y, w1, w2) {
					continue
				}
				for k := 0; k < links.n; k++ {
					lk := links.link[k]
					e1, e2 := lk.a, lk.b
					if !patWEnds(l, e1, e2, w1, w2) {
						e1, e2 = e2, e1
						if !patWEnds(l, e1, e2, w1, w2) {
							continue
						}
					}
					s := sink.Add()
					s.Digits = pair
					patSeeing(b, s, y, w1, w2)
					s.Cells = append(s.Cells, w1, e1, e2, w2)
					patAddUnit(s, patCommonUnit(l, w1, e1))
					patAddUnit(s, lk.unit)
					patAddUnit(s, patCommonUnit(l, e2, w2))
					if sink.Done() {
						return
					}
					break // other links on x give the same eliminations
				}
			}
		}
	}
}

// patWEnds reports whether a strong link a=c joins w1 and w2: a sees w1
// and c sees w2, none of them being w1 or w2.
func patWEnds(l *grid.Layout, a, c, w1, w2 int) bool {
	return a != w1 && a != w2 && c != w1 && c != w2 && l.Sees(a, w1) && l.Sees(c, w2)
}

// explainWWing renders a W-Wing, whose Cells are the two wing cells with
// the ends of the strong link between them.
func explainWWing(s *Step, n grid.Notation) string {
	c := s.Cells
	y := s.Eliminations[0].Digit
	x := (s.Digits &^ grid.Bit(y)).Min()
	return fmt.Sprintf("W-Wing on {%s}: %s and %s are joined by the strong link %s=%s on %s, so one of them is %s: remove %s from %s",
		n.DigitList(s.Digits, ","), n.CellName(c[0]), n.CellName(c[3]), n.CellName(c[1]), n.CellName(c[2]), n.DigitName(x), n.DigitName(y), n.DigitName(y), patCellNames(s.Eliminations, n))
}

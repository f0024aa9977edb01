package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The unique rectangle techniques, in HoDoKu's order: Sink.Form of type k runs
// UniqueRectangles.Techniques[k-1] alone.
var (
	urType1  = &Technique{name: "Uniqueness Test 1", code: "0600", level: Hard, score: 100, se: 45}
	urType2  = &Technique{name: "Uniqueness Test 2", code: "0601", level: Hard, score: 100, se: 45}
	urType3  = &Technique{name: "Uniqueness Test 3", code: "0602", level: Hard, score: 100, se: 46}
	urType4  = &Technique{name: "Uniqueness Test 4", code: "0603", level: Hard, score: 100, se: 45}
	urType5  = &Technique{name: "Uniqueness Test 5", code: "0604", level: Hard, score: 100, se: 46}
	urType6  = &Technique{name: "Uniqueness Test 6", code: "0605", level: Hard, score: 100, se: 46}
	urHidden = &Technique{name: "Hidden Rectangle", code: "0606", level: Hard, score: 100, se: 46}
)

var uniqueRectangles = &Strategy{
	name:        "Unique Rectangles",
	technique:   urType1,
	techniques:  []*Technique{urType1, urType2, urType3, urType4, urType5, urType6, urHidden},
	class:       Elimination,
	needsUnique: true,
	explain:     explainUniqueRectangle,
	find:        func(b *grid.Board, sink *Sink) { findUniqueRectangles(b, sink, true) },
}

// UniqueRectangles (U) avoids the deadly pattern of four unsolved cells in
// two rows, two columns and two regions that could only hold two digits:
// such a pattern would let the digits swap, giving a second solution, so at
// least one corner must hold something else. Uniqueness Tests 1 to 6 and
// the Hidden Rectangle are the ways of using that fact; each runs at its own
// place in HoDoKu's order (Sink.Form of type 1..6 for the tests, 7 for the hidden
// rectangle, 0 for all).
//
// Corners with extra candidates may miss one or both rectangle digits when
// earlier steps removed them (HoDoKu's default "allow missing candidates",
// its library's variant -2; variant -1 has it off). That stays sound: the
// argument is about the digits the four cells finally hold, whatever their
// candidates. As in HoDoKu, a digit kept out of a corner by a placed peer
// does not count as missing, and such rectangles are skipped. The finder
// always allows missing candidates, which finds every rectangle the
// stricter rule finds, with the same eliminations.
func UniqueRectangles() *Strategy { return uniqueRectangles }

// rect is a candidate deadly rectangle. Corner i's row partner is i^1, its
// column partner i^2 and its diagonal partner i^3.
type rect struct {
	q     [4]int
	ab    grid.Digits    // the two rectangle digits
	extra [4]grid.Digits // candidates of each corner beyond ab
	nx    int            // corners with extra candidates
}

// maxURSubset bounds the size of a Uniqueness Test 3 subset, the two
// corners with extra candidates counting as one cell: no bound on a 9×9
// (its units leave seven other cells), as HoDoKu's; on larger boards the
// subsets of more cells cost more to look for than they find.
const maxURSubset = 8

// findUniqueRectangles reports unique rectangle steps; allowMissing admits
// corners with extra candidates that miss a rectangle digit.
func findUniqueRectangles(b *grid.Board, sink *Sink, allowMissing bool) {
	l := b.Layout()
	n := l.N
	for c0 := range b.Candidates() {
		ab := b.Cands(c0)
		if b.Value(c0) != 0 || ab.Count() != 2 {
			continue
		}
		r0, col0 := c0/n, c0%n
		for col1 := 0; col1 < n; col1++ {
			c1 := r0*n + col1
			if col1 == col0 || !urCorner(b, c1, ab, allowMissing) {
				continue
			}
			for r1 := 0; r1 < n; r1++ {
				c2, c3 := r1*n+col0, r1*n+col1
				if r1 == r0 || !urCorner(b, c2, ab, allowMissing) || !urCorner(b, c3, ab, allowMissing) {
					continue
				}
				// Each rectangle is taken from its first bivalue corner.
				if c1 < c0 && b.Cands(c1) == ab || c2 < c0 && b.Cands(c2) == ab || c3 < c0 && b.Cands(c3) == ab {
					continue
				}
				q := [4]int{c0, c1, c2, c3}
				if !deadlyLayout(l, q) {
					continue
				}
				r := rect{q: q, ab: ab}
				for i, c := range q {
					if r.extra[i] = b.Cands(c) &^ ab; r.extra[i] != 0 {
						r.nx++
					}
				}
				if urSteps(b, sink, &r) {
					return
				}
			}
		}
	}
}

// urCorner reports whether cell can be a corner of a rectangle on ab: an
// unsolved cell holding exactly ab, or ab and more; with allowMissing a cell
// with extra candidates may miss a digit of ab that no placed peer rules out.
func urCorner(b *grid.Board, cell int, ab grid.Digits, allowMissing bool) bool {
	if b.Value(cell) != 0 {
		return false
	}
	c := b.Cands(cell)
	if c&^ab == 0 {
		return c == ab
	}
	missing := ab &^ c
	if missing == 0 {
		return true
	}
	if !allowMissing {
		return false
	}
	for _, p := range b.Layout().Peers(cell) {
		if v := b.Value(p); v != 0 && missing.Has(int(v)) {
			return false
		}
	}
	return true
}

// deadlyLayout reports whether swapping the two digits of a filled
// rectangle q (corners as in rect) keeps every unit and cage of the layout
// valid: each unit or cage holding a corner must hold exactly two of them,
// a row pair or a column pair. For a classic grid that is "two rows, two
// columns, two boxes"; it also rules out jigsaw regions, diagonals, windows
// and cages that cut the rectangle differently.
func deadlyLayout(l *grid.Layout, q [4]int) bool {
	for i, c := range q {
		for _, u := range l.CellUnit(c) {
			partner, count := -1, 0
			for j, o := range q {
				if j != i && uqInUnit(l, o, u) {
					partner, count = j, count+1
				}
			}
			if count != 1 || partner == i^3 {
				return false
			}
		}
		if k := l.CellCage(c); k >= 0 {
			partner, count := -1, 0
			for j, o := range q {
				if j != i && l.CellCage(o) == k {
					partner, count = j, count+1
				}
			}
			if count != 1 || partner == i^3 {
				return false
			}
		}
	}
	return true
}

// uqInUnit reports whether cell lies in unit u.
func uqInUnit(l *grid.Layout, cell, u int) bool {
	for _, x := range l.CellUnit(cell) {
		if x == u {
			return true
		}
	}
	return false
}

// uqConfined reports whether, in some unit holding both p and q, digit d can
// only go in p or q (it is neither placed nor a candidate elsewhere there);
// it returns that unit, or -1.
func uqConfined(b *grid.Board, p, q, d int) int {
	l := b.Layout()
	bit := grid.Bit(d)
	for _, u := range l.CellUnit(p) {
		if !uqInUnit(l, q, u) {
			continue
		}
		ok := true
		for _, c := range l.Unit(u).Cells {
			if c != p && c != q && (b.Cands(c)&bit != 0 || int(b.Value(c)) == d) {
				ok = false
				break
			}
		}
		if ok {
			return u
		}
	}
	return -1
}

// urSteps reports the steps of rectangle r that sink.Form asks for; it
// returns true when the finder should stop.
func urSteps(b *grid.Board, sink *Sink, r *rect) bool {
	want := func(size int) bool { return sink.Form.Type() == 0 || sink.Form.Type() == size }
	// e1, e2 are the corners with extras when there are two of them.
	e1, e2 := -1, -1
	for i := range r.q {
		if r.extra[i] != 0 {
			if e1 < 0 {
				e1 = i
			} else {
				e2 = i
			}
		}
	}
	if r.nx == 1 && want(1) && urType1Step(b, sink, r, e1) {
		return true
	}
	if r.nx >= 2 {
		side := r.nx == 2 && e2 != e1^3
		if (want(2) && side || want(5) && !side) && urType25Step(b, sink, r, side) {
			return true
		}
		if r.nx == 2 && side {
			if want(3) && urType3Steps(b, sink, r, r.q[e1], r.q[e2]) {
				return true
			}
			if want(4) && urType4Steps(b, sink, r, r.q[e1], r.q[e2]) {
				return true
			}
		}
		if r.nx == 2 && !side && want(6) && urType6Steps(b, sink, r, e1, e2) {
			return true
		}
	}
	if want(7) && hiddenRectangleSteps(b, sink, r) {
		return true
	}
	return false
}

// newURStep adds a step of technique t on rectangle r.
func newURStep(sink *Sink, r *rect, t *Technique) *Step {
	s := sink.Add()
	s.Technique = t
	s.Digits = r.ab
	s.Cells = append(s.Cells, r.q[:]...)
	return s
}

// urType1Step: only corner i has extra candidates, so it may not hold
// either rectangle digit.
func urType1Step(b *grid.Board, sink *Sink, r *rect, i int) bool {
	c := r.q[i]
	del := b.Cands(c) & r.ab
	if del == 0 {
		return false
	}
	s := newURStep(sink, r, urType1)
	for m := del; m != 0; m &= m - 1 {
		s.Eliminations = append(s.Eliminations, CellDigit{c, m.Min()})
	}
	return sink.Done()
}

// urType25Step: every corner with extras has the same single extra digit x,
// so one of them holds x and no cell seeing all of them can. Two corners in
// a row or column make Type 2; a diagonal pair or three corners make Type 5.
func urType25Step(b *grid.Board, sink *Sink, r *rect, side bool) bool {
	var x grid.Digits
	for _, e := range r.extra {
		x |= e
	}
	if x.Count() != 1 {
		return false
	}
	t := urType5
	if side {
		t = urType2
	}
	var s *Step
	first := -1
	for i := range r.q {
		if r.extra[i] != 0 {
			first = r.q[i]
			break
		}
	}
	for _, p := range b.Layout().Peers(first) {
		if b.Cands(p)&x == 0 || !seesExtras(b.Layout(), r, p) {
			continue
		}
		if s == nil {
			s = newURStep(sink, r, t)
		}
		s.Eliminations = append(s.Eliminations, CellDigit{p, x.Min()})
	}
	return s != nil && sink.Done()
}

// seesExtras reports whether cell p is not a corner and sees every corner
// of r with extra candidates.
func seesExtras(l *grid.Layout, r *rect, p int) bool {
	for i, c := range r.q {
		if c == p || r.extra[i] != 0 && !l.Sees(p, c) {
			return false
		}
	}
	return true
}

// urType3Steps: one of the two corners e1, e2 (a row or column pair) holds
// one of their extra digits, so together they act as one cell holding those
// digits; with other cells of a shared unit they may form a naked subset
// whose digits leave the rest of every unit holding all of its cells.
func urType3Steps(b *grid.Board, sink *Sink, r *rect, e1, e2 int) bool {
	l := b.Layout()
	x := b.Cands(e1)&^r.ab | b.Cands(e2)&^r.ab
	for _, u := range l.CellUnit(e1) {
		if !uqInUnit(l, e2, u) {
			continue
		}
		var others [grid.MaxSize]int
		m := 0
		for _, c := range l.Unit(u).Cells {
			if c != e1 && c != e2 && b.Value(c) == 0 {
				others[m] = c
				m++
			}
		}
		var pick [maxURSubset]int
		if urSubsets(b, sink, r, u, e1, e2, others[:m], 0, pick[:0], x) {
			return true
		}
	}
	return false
}

// urSubsets extends the Type 3 subset pick (cells of unit u, from
// others[from:]) whose digits with the pseudo-cell are have.
func urSubsets(b *grid.Board, sink *Sink, r *rect, u, e1, e2 int, others []int, from int, pick []int, have grid.Digits) bool {
	if len(pick) > 0 && have.Count() == len(pick)+1 && urType3Step(b, sink, r, u, e1, e2, pick, have) {
		return true
	}
	if len(pick)+1 >= maxURSubset {
		return false
	}
	for i := from; i < len(others); i++ {
		next := have | b.Cands(others[i])
		if next.Count() > maxURSubset {
			continue
		}
		if urSubsets(b, sink, r, u, e1, e2, others, i+1, append(pick, others[i]), next) {
			return true
		}
	}
	return false
}

// urType3Step reports the Type 3 subset pick of digits ds found in unit u.
// The eliminations cover every unit holding the two corners and all of the
// subset; the step is taken from the first such unit only.
func urType3Step(b *grid.Board, sink *Sink, r *rect, u, e1, e2 int, pick []int, ds grid.Digits) bool {
	l := b.Layout()
	holds := func(v int) bool {
		if !uqInUnit(l, e1, v) || !uqInUnit(l, e2, v) {
			return false
		}
		for _, c := range pick {
			if !uqInUnit(l, c, v) {
				return false
			}
		}
		return true
	}
	for _, v := range l.CellUnit(e1) {
		if v < u && holds(v) {
			return false // reported from unit v
		}
	}
	var s *Step
	for _, v := range l.CellUnit(e1) {
		if v < u || !holds(v) {
			continue
		}
		for _, c := range l.Unit(v).Cells {
			del := b.Cands(c) & ds
			if del == 0 || c == e1 || c == e2 || slices.Contains(pick, c) || uqHasElimination(s, c) {
				continue
			}
			if s == nil {
				s = newURStep(sink, r, urType3)
				s.Cells = append(s.Cells, pick...)
			}
			if len(s.Units) == 0 || s.Units[len(s.Units)-1] != v {
				s.Units = append(s.Units, v)
			}
			for m := del; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, CellDigit{c, m.Min()})
			}
		}
	}
	return s != nil && sink.Done()
}

// urType4Steps: if a rectangle digit d can only go in e1 or e2 in a unit
// they share, one of them holds d, and the other digit in either would
// complete the pattern.
func urType4Steps(b *grid.Board, sink *Sink, r *rect, e1, e2 int) bool {
	for m := r.ab; m != 0; m &= m - 1 {
		d := m.Min()
		u := uqConfined(b, e1, e2, d)
		if u < 0 {
			continue
		}
		other := r.ab &^ grid.Bit(d)
		var s *Step
		for _, c := range [2]int{e1, e2} {
			if b.Cands(c)&other != 0 {
				if s == nil {
					s = newURStep(sink, r, urType4)
					s.Units = append(s.Units, u)
				}
				s.Eliminations = append(s.Eliminations, CellDigit{c, other.Min()})
			}
		}
		if s != nil && sink.Done() {
			return true
		}
	}
	return false
}

// urType6Steps: the corners with extras are diagonal and a rectangle digit
// d forms an X-Wing on the rectangle (confined to it in both rows or both
// columns); d in either extra corner would force the pattern, so d goes.
func urType6Steps(b *grid.Board, sink *Sink, r *rect, e1, e2 int) bool {
	q := &r.q
	for m := r.ab; m != 0; m &= m - 1 {
		d := m.Min()
		rows := uqConfined(b, q[0], q[1], d) >= 0 && uqConfined(b, q[2], q[3], d) >= 0
		cols := uqConfined(b, q[0], q[2], d) >= 0 && uqConfined(b, q[1], q[3], d) >= 0
		if !rows && !cols {
			continue
		}
		var s *Step
		for _, i := range [2]int{e1, e2} {
			if b.Cands(q[i]).Has(d) {
				if s == nil {
					s = newURStep(sink, r, urType6)
				}
				s.Eliminations = append(s.Eliminations, CellDigit{q[i], d})
			}
		}
		if s != nil && sink.Done() {
			return true
		}
	}
	return false
}

// hiddenRectangleSteps: for a corner holding just the two digits, if digit
// d can only go in the rectangle both along the opposite corner's row pair
// and along its column pair, the opposite corner cannot hold the other
// digit (it would force d into both partners and the pattern).
func hiddenRectangleSteps(b *grid.Board, sink *Sink, r *rect) bool {
	q := &r.q
	for i, c := range q {
		if b.Cands(c) != r.ab {
			continue
		}
		o := i ^ 3
		for m := r.ab; m != 0; m &= m - 1 {
			d := m.Min()
			other := r.ab &^ grid.Bit(d)
			if b.Cands(q[o])&other == 0 {
				continue
			}
			u1 := uqConfined(b, q[o], q[o^1], d)
			if u1 < 0 {
				continue
			}
			u2 := uqConfined(b, q[o], q[o^2], d)
			if u2 < 0 {
				continue
			}
			s := newURStep(sink, r, urHidden)
			s.Units = append(s.Units, u1, u2)
			s.Eliminations = append(s.Eliminations, CellDigit{q[o], other.Min()})
			if sink.Done() {
				return true
			}
		}
	}
	return false
}

func uqHasElimination(s *Step, cell int) bool {
	if s == nil {
		return false
	}
	for _, e := range s.Eliminations {
		if e.Cell == cell {
			return true
		}
	}
	return false
}

func explainUniqueRectangle(s *Step, n grid.Notation) string {
	l := n.Layout
	if len(s.Cells) < 4 {
		return describeChanges(s, n)
	}
	a, b := s.Digits.Min(), s.Digits.Max()
	corners := cellList(n, s.Cells[:4])
	var why string
	switch s.Technique {
	case urType1:
		why = "only one corner has other candidates, so it cannot hold either digit"
	case urType2, urType5:
		why = "one of the corners with extra candidates must hold " + n.DigitName(s.Eliminations[0].Digit)
	case urType3:
		why = fmt.Sprintf("the corners' extra candidates form a naked subset with %s", cellList(n, s.Cells[4:]))
	case urType4:
		why = fmt.Sprintf("%s can only go in the two corners with extra candidates in %s", n.DigitName(a+b-s.Eliminations[0].Digit), l.Unit(s.Units[0]).Name())
	case urType6:
		why = n.DigitName(s.Eliminations[0].Digit) + " forms an X-Wing on the rectangle"
	case urHidden:
		why = fmt.Sprintf("%s can only go in the rectangle in %s and in %s", n.DigitName(a+b-s.Eliminations[0].Digit), l.Unit(s.Units[0]).Name(), l.Unit(s.Units[1]).Name())
	}
	return fmt.Sprintf("%s on %s/%s in %s (%s): remove %s", s.Name(), n.DigitName(a), n.DigitName(b), corners, why, uqEliminationList(n, s.Eliminations))
}

// uqEliminationList renders eliminations cell by cell, in the order of
// their first: "7 and 8 from r1c1, 3 from r2c2" (it read "7 from r1c1, 8
// from r1c1").
func uqEliminationList(n grid.Notation, es []CellDigit) string {
	var cells []int
	digits := map[int][]string{}
	for _, e := range es {
		if _, seen := digits[e.Cell]; !seen {
			cells = append(cells, e.Cell)
		}
		digits[e.Cell] = append(digits[e.Cell], n.DigitName(e.Digit))
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = andList(digits[c]) + " from " + n.CellName(c)
	}
	return strings.Join(parts, ", ")
}

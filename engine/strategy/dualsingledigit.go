package strategy

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The dual single-digit patterns (HoDoKu's "duals"): two 2-String Kites, or
// two Empty Rectangles, built on the same candidates of one box and giving
// different eliminations, reported as one step that makes both.
var (
	dualTwoStringKite = perDigit(newStrategy(Elimination, &Technique{name: "Dual 2-String Kite", code: "0404", level: Hard, score: 150, se: 41},
		findDualTwoStringKites, explainDualKite))
	dualEmptyRectangle = perDigit(newStrategy(Elimination, &Technique{name: "Dual Empty Rectangle", code: "0405", level: Hard, score: 120, se: 42},
		findDualEmptyRectangles, explainDualER))
)

// DualTwoStringKite (p): two 2-String Kites on one digit through the
// same two candidates of a box, each the end of a strong link in its
// row and of one in its column: the first kite joins the row link of one
// cell to the column link of the other, the second the other way round.
// Each kite eliminates the digit from the cells seeing both its far ends.
func DualTwoStringKite() *Strategy { return dualTwoStringKite }

// DualEmptyRectangle (q): two Empty Rectangles on one digit in the same
// box (so on the same candidates there) with different strong links and
// different eliminations.
func DualEmptyRectangle() *Strategy { return dualEmptyRectangle }

// dualSinks holds the sinks in which the dual finders collect the single
// patterns they pair (Find may run on many goroutines at once).
var dualSinks = sync.Pool{New: func() any { return &Sink{All: true} }}

// dualSteps takes a sink of dualSinks and fills it with every step st finds
// on b; the caller puts it back.
func dualSteps(st *Strategy, b *grid.Board, digits grid.Digits) *Sink {
	k := dualSinks.Get().(*Sink)
	k.Reset()
	k.All, k.Digits = true, digits
	st.Find(b, k)
	return k
}

// findDuals pairs the steps st finds on b: two steps on the same digit
// with different eliminations that match make a step of sink with their
// digit and both their eliminations, which fill completes before its
// targets are marked.
func findDuals(st *Strategy, b *grid.Board, sink *Sink, match func(s1, s2 *Step) bool, fill func(s, s1, s2 *Step)) {
	found := dualSteps(st, b, sink.Digits)
	defer dualSinks.Put(found)
	steps := found.Steps()
	for i := range steps {
		s1 := &steps[i]
		for j := i + 1; j < len(steps); j++ {
			s2 := &steps[j]
			if s1.Digits != s2.Digits || !match(s1, s2) || slices.Equal(s1.Eliminations, s2.Eliminations) {
				continue
			}
			s := sink.Add()
			s.Digits = s1.Digits
			dualMergeElims(s, s1, s2)
			fill(s, s1, s2)
			dualMarkTargets(s)
			if sink.Done() {
				return
			}
		}
	}
}

// findDualTwoStringKites pairs the 2-String Kites of the board. A kite's
// Cells are its row's far end, its row's box cell, its column's box cell and
// its column's far end.
func findDualTwoStringKites(b *grid.Board, sink *Sink) {
	// The same two box cells in swapped roles (in the same roles they
	// would make the same kite).
	match := func(k1, k2 *Step) bool { return k1.Cells[1] == k2.Cells[2] && k1.Cells[2] == k2.Cells[1] }
	findDuals(dualKites, b, sink, match, func(s, k1, k2 *Step) {
		s.Cells = append(s.Cells, k1.Cells...)
		s.Cells = append(s.Cells, k2.Cells...)
		s.Units = append(s.Units, k1.Units...)
		s.Units = append(s.Units, k2.Units...)
		patAddUnit(s, dualRegionUnit(b.Layout(), k1.Cells[1]))
		// The two chains share the box cells: far1 = x - y = far2 for
		// the first kite, far3 = y - x = far4 for the second.
		d := k1.Digits.Min()
		c := k1.Cells
		for _, cell := range [6]int{c[0], c[1], c[2], c[3], k2.Cells[0], k2.Cells[3]} {
			s.addNode(CandidateNode, d, cell)
			s.Marks = append(s.Marks, Mark{cell, d, RolePattern})
		}
		s.Links = append(s.Links, Link{0, 1, Strong}, Link{1, 2, Weak}, Link{2, 3, Strong}, Link{4, 2, Strong}, Link{1, 5, Strong})
	})
}

// dualKites finds the 2-String Kites the dual pairs (findKitesForDuals);
// it is not in the catalogue.
var dualKites = perDigit(newStrategy(Elimination, TwoStringKite().technique, findKitesForDuals, explainTwoLinks))

// findDualEmptyRectangles pairs the Empty Rectangles of the board. An
// Empty Rectangle's Cells are the candidates of its box, then the ends x
// and y of its strong link; its Units are the box and the link's line.
func findDualEmptyRectangles(b *grid.Board, sink *Sink) {
	sameBox := func(e1, e2 *Step) bool { return e1.Units[0] == e2.Units[0] }
	findDuals(EmptyRectangle(), b, sink, sameBox, func(s, e1, e2 *Step) {
		box := e1.Cells[:len(e1.Cells)-2]
		s.Cells = append(s.Cells, e1.Cells...)
		s.Cells = append(s.Cells, e2.Cells[len(e2.Cells)-2:]...)
		s.Units = append(s.Units, e1.Units...)
		patAddUnit(s, e2.Units[1])
		d := e1.Digits.Min()
		for _, cell := range box {
			s.Marks = append(s.Marks, Mark{cell, d, RolePattern})
		}
		dualERChain(b.Layout(), s, e1, box)
		dualERChain(b.Layout(), s, e2, box)
	})
}

// dualERChain appends the nodes and links of the chain of Empty Rectangle
// er to s: y = x - (the box's candidates in x's line) = (the others), the
// last node seeing the elimination.
func dualERChain(l *grid.Layout, s *Step, er *Step, box []int) {
	n := l.N
	d := er.Digits.Min()
	x, y := er.Cells[len(er.Cells)-2], er.Cells[len(er.Cells)-1]
	// The link lies in a column when x is in the box's row, in a row when
	// x is in the box's column.
	inRow := l.Unit(er.Units[1]).Kind == grid.Column
	first := len(s.Nodes)
	for _, cell := range [2]int{y, x} {
		s.addNode(CandidateNode, d, cell)
		s.Marks = append(s.Marks, Mark{cell, d, RolePattern})
	}
	// The box's candidates in x's line, then the others.
	for _, inLine := range [2]bool{true, false} {
		var buf [grid.MaxSize]int
		cells := buf[:0]
		for _, cell := range box {
			if (inRow && cell/n == x/n || !inRow && cell%n == x%n) == inLine {
				cells = append(cells, cell)
			}
		}
		nd := s.addNode(GroupNode, d, cells...)
		if len(nd.Cells) == 1 {
			nd.Kind = CandidateNode
		}
	}
	s.Links = append(s.Links, Link{first, first + 1, Strong}, Link{first + 1, first + 2, Weak}, Link{first + 2, first + 3, Strong})
}

// dualMergeElims sets the eliminations of s to those of p and q, sorted
// and without repeats.
func dualMergeElims(s, p, q *Step) {
	s.Eliminations = append(s.Eliminations, p.Eliminations...)
	s.Eliminations = append(s.Eliminations, q.Eliminations...)
	patSortElims(s)
	s.Eliminations = slices.Compact(s.Eliminations)
}

// dualMarkTargets marks the eliminations of s as targets.
func dualMarkTargets(s *Step) {
	for _, e := range s.Eliminations {
		s.Marks = append(s.Marks, Mark{e.Cell, e.Digit, RoleTarget})
	}
}

// dualRegionUnit returns the index of the region holding cell, or -1.
func dualRegionUnit(l *grid.Layout, cell int) int {
	for _, u := range l.CellUnit(cell) {
		if l.Unit(u).Kind == grid.Region {
			return u
		}
	}
	return -1
}

// explainDualKite renders a Dual 2-String Kite, whose Cells are those of
// its two kites and whose last unit is the box.
func explainDualKite(s *Step, n grid.Notation) string {
	l := n.Layout
	c := s.Cells
	d := n.DigitName(s.Digits.Min())
	return fmt.Sprintf("Dual 2-String Kite on %s in %s: %s=%s-%s=%s and %s=%s-%s=%s, so %s or %s is %s, and %s or %s: remove %s from %s",
		d, l.Unit(s.Units[len(s.Units)-1]).Name(),
		n.CellName(c[0]), n.CellName(c[1]), n.CellName(c[2]), n.CellName(c[3]),
		n.CellName(c[4]), n.CellName(c[5]), n.CellName(c[6]), n.CellName(c[7]),
		n.CellName(c[0]), n.CellName(c[3]), d, n.CellName(c[4]), n.CellName(c[7]), d, patCellNames(s.Eliminations, n))
}

// explainDualER renders a Dual Empty Rectangle, whose Cells are the box's
// candidates and the ends of the two strong links.
func explainDualER(s *Step, n grid.Notation) string {
	l := n.Layout
	c := s.Cells
	k := len(c)
	d := n.DigitName(s.Digits.Min())
	var lines strings.Builder
	for i, u := range s.Units[1:] {
		if i > 0 {
			lines.WriteString(" and ")
		}
		lines.WriteString(l.Unit(u).Name())
	}
	return fmt.Sprintf("Dual Empty Rectangle on %s in %s with the strong links %s=%s and %s=%s in %s: remove %s from %s",
		d, l.Unit(s.Units[0]).Name(), n.CellName(c[k-4]), n.CellName(c[k-3]), n.CellName(c[k-2]), n.CellName(c[k-1]),
		lines.String(), d, patCellNames(s.Eliminations, n))
}

package strategy

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// medusa is the one technique of Medusa: HoDoKu has none, so its code is
// the one HoDoKu reserves for it.
var medusa = &Technique{name: "3D Medusa", code: "0507", level: Unfair, score: 320, se: 72}

var medusaStrategy = newStrategy(Elimination, medusa,
	findMedusa, explainMedusa)

// Medusa (n) colours candidates of every digit in two alternating colours
// along strong links: the two places of a digit in a unit, and the two
// candidates of a bivalue cell. In a cluster one colour is true and the
// other false (SudokuWiki's 3D Medusa). A colour is false when it holds two
// candidates of one cell (rule 1), or one digit twice in a unit (rule 2),
// or when it would empty a cell without coloured candidates, all of whose
// candidates see it (rule 6). A candidate not in the cluster is false when
// its cell holds both colours (rule 3), when it sees its digit in both
// colours (rule 4), or when it sees its digit in one colour and shares its
// cell with the other (rule 5). Clusters of one digit are left to
// SimpleColours.
func Medusa() *Strategy { return medusaStrategy }

// medusaEdge is a strong link from a candidate to another, through a unit
// (-1 for a bivalue cell).
type medusaEdge struct{ to, unit int32 }

// medusaScratch is the working storage of one Medusa search, kept in a
// pool between searches. A candidate is numbered cell*N + digit-1.
type medusaScratch struct {
	// colour of each candidate: 0 for none, 2g+1 or 2g+2 in cluster g.
	colour []int32
	pos    []int32 // index of a coloured candidate in its cluster
	order  []int32 // the coloured candidates, cluster after cluster
	// pairs[u] are the digits with exactly two places in unit u: pairA
	// and pairB hold them at u*N+d-1.
	pairs        []grid.Digits
	pairA, pairB []int32
	linked       []grid.Digits // the digits of each cell in a conjugate pair
	edges        []medusaEdge
	// mask[s][cell] are the cell's digits of colour s of the cluster,
	// seen[s][cell] the digits that the cell sees in colour s.
	mask, seen [2][]grid.Digits
	touched    []int32 // the cells with a mask or seen digit
}

var medusaPool = sync.Pool{New: func() any { return new(medusaScratch) }}

// medusaGrow returns v resized to n entries, all zero.
func medusaGrow[T any](v []T, n int) []T {
	if cap(v) < n {
		return make([]T, n)
	}
	v = v[:n]
	clear(v)
	return v
}

func findMedusa(b *grid.Board, sink *Sink) {
	m := medusaPool.Get().(*medusaScratch)
	defer medusaPool.Put(m)
	m.search(b, sink)
}

// search colours every cluster of the board and reports its steps.
func (m *medusaScratch) search(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	if !m.prepare(b) {
		return
	}
	next := int32(0)
	for cell := 0; cell < l.Cells; cell++ {
		linked := m.linked[cell]
		if b.Cands(cell).Count() == 2 {
			linked = b.Cands(cell)
		}
		for ; linked != 0; linked &= linked - 1 {
			x := int32(cell*n + linked.Min() - 1)
			if m.colour[x] != 0 {
				continue
			}
			g := next
			next++
			start := len(m.order)
			m.colour[x] = 2*g + 1
			m.order = append(m.order, x)
			broken := false
			for q := start; q < len(m.order); q++ {
				y := m.order[q]
				m.pos[y] = int32(q - start)
				c := m.colour[y]
				opposite := 4*g + 3 - c
				for _, e := range m.links(b, y) {
					switch m.colour[e.to] {
					case opposite:
					case c:
						broken = true // only on a board without solution
					default:
						m.colour[e.to] = opposite
						m.order = append(m.order, e.to)
					}
				}
			}
			if !broken && m.cluster(b, sink, m.order[start:], 2*g+1) {
				return
			}
		}
	}
}

// prepare sizes and clears the storage for b and finds the conjugate pairs
// of every unit. It reports false when the board has no bivalue cell, so
// no cluster of two digits.
func (m *medusaScratch) prepare(b *grid.Board) bool {
	l := b.Layout()
	n := l.N
	bivalue := false
	for _, c := range b.Candidates() {
		if c.Count() == 2 {
			bivalue = true
			break
		}
	}
	if !bivalue {
		return false
	}
	m.colour = medusaGrow(m.colour, l.Cells*n)
	m.pos = medusaGrow(m.pos, l.Cells*n)
	m.order = m.order[:0]
	m.touched = m.touched[:0]
	m.pairs = medusaGrow(m.pairs, len(l.Units()))
	m.pairA = medusaGrow(m.pairA, len(l.Units())*n)
	m.pairB = medusaGrow(m.pairB, len(l.Units())*n)
	m.linked = medusaGrow(m.linked, l.Cells)
	for s := range m.mask {
		m.mask[s] = medusaGrow(m.mask[s], l.Cells)
		m.seen[s] = medusaGrow(m.seen[s], l.Cells)
	}
	for u := range l.Units() {
		cells := l.Unit(u).Cells
		// The digits seen once or more, twice or more, three times or more.
		var once, twice, more grid.Digits
		for _, cell := range cells {
			c := b.Cands(cell)
			more |= twice & c
			twice |= once & c
			once |= c
		}
		pairs := twice &^ more
		m.pairs[u] = pairs
		for ds := pairs; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			bit := grid.Bit(d)
			i := u*n + d - 1
			m.pairA[i] = -1
			for _, cell := range cells {
				if b.Cands(cell)&bit == 0 {
					continue
				}
				m.linked[cell] |= bit
				if m.pairA[i] < 0 {
					m.pairA[i] = int32(cell)
				} else {
					m.pairB[i] = int32(cell)
				}
			}
		}
	}
	return true
}

// links returns the strong links of candidate x, in storage reused by the
// next call.
func (m *medusaScratch) links(b *grid.Board, x int32) []medusaEdge {
	l := b.Layout()
	n := int32(l.N)
	cell, d := x/n, x%n
	bit := grid.Bit(int(d) + 1)
	m.edges = m.edges[:0]
	if ds := b.Cands(int(cell)); ds.Count() == 2 {
		other := int32(bits.TrailingZeros32(uint32(ds &^ bit)))
		m.edges = append(m.edges, medusaEdge{cell*n + other, -1})
	}
	if m.linked[cell]&bit == 0 {
		return m.edges
	}
	for _, u := range l.CellUnit(int(cell)) {
		if m.pairs[u]&bit == 0 {
			continue
		}
		i := int32(u)*n + d
		a := m.pairA[i]
		if a == cell {
			a = m.pairB[i]
		}
		m.edges = append(m.edges, medusaEdge{a*n + d, int32(u)})
	}
	return m.edges
}

// The rules of 3D Medusa, numbered as SudokuWiki's.
const (
	medusaTwiceInCell = 1 + iota
	medusaTwiceInUnit
	medusaBothInCell
	medusaSeesBoth
	medusaUnitAndCell
	medusaEmptiedCell
)

// cluster reports the steps of the cluster of candidates xs, of colours c0
// and c0+1; it reports whether the finder may stop.
func (m *medusaScratch) cluster(b *grid.Board, sink *Sink, xs []int32, c0 int32) bool {
	l := b.Layout()
	n := int32(l.N)
	var digits grid.Digits
	for _, x := range xs {
		digits |= grid.Bit(int(x%n) + 1)
	}
	if digits.Count() < 2 {
		return false
	}
	// Mark the colours of the cells and what they see, listing the cells
	// touched (after clearing those of the last cluster): no rule applies
	// to the others.
	mask, seen := m.mask, m.seen
	for _, cell := range m.touched {
		mask[0][cell], mask[1][cell], seen[0][cell], seen[1][cell] = 0, 0, 0, 0
	}
	m.touched = m.touched[:0]
	for _, x := range xs {
		cell, bit, s := x/n, grid.Bit(int(x%n)+1), m.colour[x]-c0
		if mask[0][cell]|mask[1][cell]|seen[0][cell]|seen[1][cell] == 0 {
			m.touched = append(m.touched, cell)
		}
		mask[s][cell] |= bit
		for _, p := range l.Peers(int(cell)) {
			if mask[0][p]|mask[1][p]|seen[0][p]|seen[1][p] == 0 {
				m.touched = append(m.touched, int32(p))
			}
			seen[s][p] |= bit
		}
	}
	// Rules 1, 2 and 6: a colour is false.
	for s := int32(0); s < 2; s++ {
		rule, witness := 0, -1
		for _, x := range xs {
			cell, d := x/n, int(x%n)+1
			if m.colour[x]-c0 != s {
				continue
			}
			if mask[s][cell].Count() >= 2 {
				rule = medusaTwiceInCell
				break
			}
			if rule == 0 && seen[s][cell].Has(d) {
				rule = medusaTwiceInUnit
			}
		}
		if rule == 0 {
			for _, cell := range m.touched {
				if c := b.Cands(int(cell)); c != 0 && mask[0][cell]|mask[1][cell] == 0 && c&^seen[s][cell] == 0 {
					rule, witness = medusaEmptiedCell, int(cell)
					break
				}
			}
		}
		if rule == 0 {
			continue
		}
		st := sink.Add()
		for _, x := range xs {
			if m.colour[x]-c0 == s {
				st.Eliminations = append(st.Eliminations, CellDigit{int(x / n), int(x%n) + 1})
			}
		}
		m.draw(b, st, xs, c0+1-s, digits)
		if witness >= 0 {
			st.Cells = append(st.Cells, witness)
			for ds := b.Cands(witness); ds != 0; ds &= ds - 1 {
				st.Marks = append(st.Marks, Mark{Cell: witness, Digit: ds.Min(), Role: RolePattern})
			}
		}
		if sink.Done() {
			return true
		}
	}
	// Rules 3, 4 and 5 remove candidates outside the cluster, each under
	// the first rule that applies.
	for rule := medusaBothInCell; rule <= medusaUnitAndCell; rule++ {
		var st *Step
		for _, cell := range m.touched {
			coloured := mask[0][cell] | mask[1][cell]
			both := mask[0][cell] != 0 && mask[1][cell] != 0
			var out grid.Digits
			switch free := b.Cands(int(cell)) &^ coloured; {
			case rule == medusaBothInCell:
				if both {
					out = free
				}
			case both:
			case rule == medusaSeesBoth:
				out = free & seen[0][cell] & seen[1][cell]
			default: // medusaUnitAndCell
				free &^= seen[0][cell] & seen[1][cell]
				if mask[0][cell] != 0 {
					out = free & seen[1][cell]
				} else if mask[1][cell] != 0 {
					out = free & seen[0][cell]
				}
			}
			for ; out != 0; out &= out - 1 {
				if st == nil {
					st = sink.Add()
				}
				st.Eliminations = append(st.Eliminations, CellDigit{int(cell), out.Min()})
			}
		}
		if st != nil {
			m.draw(b, st, xs, c0, digits)
			if sink.Done() {
				return true
			}
		}
	}
	return false
}

// draw fills the step's digits, cells, units, nodes, strong links and
// marks from the cluster xs with colour on marked on, and marks its
// eliminations (sorted first) as targets. Marks[i] is the mark of Nodes[i].
func (m *medusaScratch) draw(b *grid.Board, s *Step, xs []int32, on int32, digits grid.Digits) {
	l := b.Layout()
	n := int32(l.N)
	patSortElims(s)
	s.Digits = digits
	for cell := 0; cell < l.Cells; cell++ {
		if m.mask[0][cell]|m.mask[1][cell] != 0 {
			s.Cells = append(s.Cells, cell)
		}
	}
	for i, x := range xs {
		cell, d := int(x/n), int(x%n)+1
		colourNode(s, d, cell)
		role := RoleOff
		if m.colour[x] == on {
			role = RoleOn
		}
		s.Marks = append(s.Marks, Mark{Cell: cell, Digit: d, Role: role})
		first := len(s.Links)
	edges:
		for _, e := range m.links(b, x) {
			j := int(m.pos[e.to])
			if j <= i {
				continue
			}
			for _, lk := range s.Links[first:] {
				if lk.To == j {
					continue edges // a pair in two units: one link
				}
			}
			s.Links = append(s.Links, Link{From: i, To: j, Kind: Strong})
			if e.unit >= 0 {
				patAddUnit(s, int(e.unit))
			}
		}
	}
	colourMarkTargets(s)
}

// medusaRule tells which rule a Medusa step applies, from its nodes and
// marks (see draw), and returns the candidates that show it: the nodes of
// one colour in one cell (rule 1) or unit (rule 2), or the emptied cell
// (rule 6).
func medusaRule(s *Step, l *grid.Layout) (rule int, a, c int) {
	nodes, marks := s.Nodes, s.Marks
	contradiction := false
	for i := range nodes {
		contradiction = contradiction || marks[i].Role == RoleTarget
	}
	if contradiction {
		for _, seeing := range []bool{false, true} {
			for i := range nodes {
				for j := i + 1; j < len(nodes); j++ {
					if marks[i].Role != RoleTarget || marks[j].Role != RoleTarget {
						continue
					}
					ci, cj := nodes[i].Cells[0], nodes[j].Cells[0]
					if !seeing && ci == cj {
						return medusaTwiceInCell, i, j
					}
					if seeing && nodes[i].Digit == nodes[j].Digit && l.Sees(ci, cj) {
						return medusaTwiceInUnit, i, j
					}
				}
			}
		}
		for _, mk := range marks[len(nodes):] {
			if mk.Role == RolePattern {
				return medusaEmptiedCell, mk.Cell, -1
			}
		}
		return 0, -1, -1
	}
	e := s.Eliminations[0]
	var inCell, seen [2]bool
	for i := range nodes {
		side := 0
		if marks[i].Role != RoleOn {
			side = 1
		}
		cell := nodes[i].Cells[0]
		inCell[side] = inCell[side] || cell == e.Cell
		seen[side] = seen[side] || nodes[i].Digit == e.Digit && l.Sees(cell, e.Cell)
	}
	switch {
	case inCell[0] && inCell[1]:
		return medusaBothInCell, -1, -1
	case seen[0] && seen[1]:
		return medusaSeesBoth, -1, -1
	}
	return medusaUnitAndCell, -1, -1
}

// medusaCandidate names a candidate as Eureka does, e.g. "(5)r1c2".
func medusaCandidate(n grid.Notation, cell, d int) string {
	return "(" + n.DigitName(d) + ")" + n.CellName(cell)
}

func explainMedusa(s *Step, n grid.Notation) string {
	l := n.Layout
	// The colours in board order.
	idx := make([]int, len(s.Nodes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int {
		a, c := s.Nodes[i], s.Nodes[j]
		if a.Cells[0] != c.Cells[0] {
			return a.Cells[0] - c.Cells[0]
		}
		return a.Digit - c.Digit
	})
	var on, off []string
	for _, i := range idx {
		nd := s.Nodes[i]
		name := medusaCandidate(n, nd.Cells[0], nd.Digit)
		if s.Marks[i].Role == RoleOn {
			on = append(on, name)
		} else {
			off = append(off, name)
		}
	}
	rule, a, c := medusaRule(s, l)
	var why string
	switch rule {
	case medusaTwiceInCell:
		why = fmt.Sprintf("%s and %s have one colour in one cell, so that colour is false",
			medusaCandidate(n, s.Nodes[a].Cells[0], s.Nodes[a].Digit), medusaCandidate(n, s.Nodes[c].Cells[0], s.Nodes[c].Digit))
	case medusaTwiceInUnit:
		why = fmt.Sprintf("%s and %s have one colour and see each other, so that colour is false",
			medusaCandidate(n, s.Nodes[a].Cells[0], s.Nodes[a].Digit), medusaCandidate(n, s.Nodes[c].Cells[0], s.Nodes[c].Digit))
	case medusaEmptiedCell:
		why = fmt.Sprintf("every candidate of %s sees that colour, which would empty it, so that colour is false", n.CellName(a))
	case medusaBothInCell:
		why = "a cell holding both colours keeps one of them"
	case medusaSeesBoth:
		why = "a candidate seeing its digit in both colours is false"
	case medusaUnitAndCell:
		why = "a candidate seeing its digit in one colour, in a cell with the other colour, is false"
	}
	return fmt.Sprintf("%s on %s, colours %s against %s: %s => %s",
		s.Name(), n.DigitList(s.Digits, ", "), strings.Join(on, ", "), strings.Join(off, ", "), why, eliminationList(n, s.Eliminations))
}

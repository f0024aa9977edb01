package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The single-digit patterns: two strong links of one digit joined by a weak
// link (skyscraper, 2-string kite, turbot fish), and a box whose candidates
// form a cross joined to a strong link (empty rectangle).
var (
	skyscraper = perDigit(newStrategy(Elimination, &Technique{name: "Skyscraper", code: "0400", level: Hard, score: 130, se: 40},
		findSkyscrapers, explainTwoLinks))
	twoStringKite = perDigit(newStrategy(Elimination, &Technique{name: "2-String Kite", code: "0401", level: Hard, score: 150, se: 41},
		findTwoStringKites, explainTwoLinks))
	turbotFish = perDigit(newStrategy(Elimination, &Technique{name: "Turbot Fish", code: "0403", level: Hard, score: 120, se: 42},
		findTurbotFish, explainTwoLinks))
	emptyRectangle = perDigit(newStrategy(Elimination, &Technique{name: "Empty Rectangle", code: "0402", level: Hard, score: 120, se: 42},
		findEmptyRectangles, explainEmptyRectangle))
)

// Skyscraper (L): two strong links in parallel lines (two rows or two
// columns) with one end of each in the same cross line; one of the two
// other ends holds the digit, so no cell seeing both may.
func Skyscraper() *Strategy { return skyscraper }

// TwoStringKite (M): a strong link in a row and one in a column with one
// end of each in the same box; one of the two other ends holds the
// digit, so no cell seeing both may.
func TwoStringKite() *Strategy { return twoStringKite }

// TurbotFish (N): two strong links in any units with an end of one
// seeing an end of the other; one of the two far ends holds the digit,
// so no cell seeing both may. Skyscrapers and kites are its special
// cases and are reported here too.
func TurbotFish() *Strategy { return turbotFish }

// EmptyRectangle (O): a box whose candidates of a digit all lie in one
// row and one column of it, and a strong link in a line that starts in
// that row (or column) outside the box: the cell where the link's other
// row (column) crosses the box's column (row) cannot hold the digit,
// else the box would have no place left for it. A box with only two
// candidates counts too (HoDoKu's option "allow ERs with only two
// candidates"); such a pattern is also a turbot fish.
func EmptyRectangle() *Strategy { return emptyRectangle }

// patSet is a set of cells of a board of any supported size.
type patSet [grid.MaxSize * grid.MaxSize / 64]uint64

func (s *patSet) add(cell int)      { s[cell>>6] |= 1 << (cell & 63) }
func (s *patSet) has(cell int) bool { return s[cell>>6]&(1<<(cell&63)) != 0 }

// setPeers sets s to the peers of cell.
func (s *patSet) setPeers(l *grid.Layout, cell int) {
	*s = patSet{}
	for _, p := range l.Peers(cell) {
		s.add(p)
	}
}

// patSeeing appends to st's eliminations digit d in every cell that holds
// it and sees both a and c, skipping the cells in skip; with st nil it only
// reports whether there is such a cell.
func patSeeing(b *grid.Board, st *Step, d, a, c int, skip ...int) bool {
	var seen patSet
	seen.setPeers(b.Layout(), a)
	bit := grid.Bit(d)
	found := false
next:
	for _, p := range b.Layout().Peers(c) {
		if b.Cands(p)&bit == 0 || !seen.has(p) {
			continue
		}
		for _, k := range skip {
			if p == k {
				continue next
			}
		}
		if patEliminate(st, p, d) {
			return true
		}
		found = true
	}
	patSortElims(st)
	return found
}

// patEliminate adds the elimination of d from cell p to st and reports
// false; with st nil, a probe that one such cell answers, it reports true.
func patEliminate(st *Step, p, d int) (probe bool) {
	if st == nil {
		return true
	}
	st.Eliminations = append(st.Eliminations, CellDigit{p, d})
	return false
}

// patSortElims sorts a step's eliminations by cell, then digit, for
// explanations that read in board order.
func patSortElims(st *Step) {
	if st == nil {
		return
	}
	slices.SortFunc(st.Eliminations, func(a, c CellDigit) int {
		if a.Cell != c.Cell {
			return a.Cell - c.Cell
		}
		return a.Digit - c.Digit
	})
}

// maxPatLinks bounds the units of any layout: rows, columns, regions and
// one kind of extra units (at most N of them, or two diagonals).
const maxPatLinks = 4*grid.MaxSize + 2

// patLink is a strong link: a unit in which a digit has exactly two
// candidate cells, a and b (in the unit's cell order).
type patLink struct{ a, b, unit int }

// patLinks is a fixed-size list of the strong links of one digit.
type patLinks struct {
	n    int
	link [maxPatLinks]patLink
}

// patKinds is a set of unit kinds (bit 1<<kind).
type patKinds uint8

// patAll is the set of every kind of unit.
const patAll patKinds = 0xff

// collect gathers the strong links on d in the units of the given kinds.
// Links over the same two cells (a pair in a row and a box) are kept once,
// with the first unit.
func (ls *patLinks) collect(b *grid.Board, d int, kinds patKinds) {
	ls.n = 0
	bit := grid.Bit(d)
	for u := range b.Layout().Units() {
		if kinds&(1<<b.Layout().Unit(u).Kind) == 0 {
			continue
		}
		first, second, n := -1, -1, 0
		for _, cell := range b.Layout().Unit(u).Cells {
			if b.Cands(cell)&bit != 0 {
				if n++; n == 1 {
					first = cell
				} else if n == 2 {
					second = cell
				} else {
					break
				}
			}
		}
		if n != 2 || ls.n == len(ls.link) {
			continue
		}
		dup := false
		for i := 0; i < ls.n; i++ {
			if l := ls.link[i]; l.a == first && l.b == second || l.a == second && l.b == first {
				dup = true
				break
			}
		}
		if !dup {
			ls.link[ls.n] = patLink{first, second, u}
			ls.n++
		}
	}
}

// patTwoLinks reports a step built on two strong links on d, x1=y1 and
// x2=y2, where one of the far ends y1, y2 must hold d, when it eliminates
// anything.
func patTwoLinks(b *grid.Board, sink *Sink, d int, l1, l2 patLink, x1, y1, x2, y2 int) {
	if !patSeeing(b, nil, d, y1, y2, x1, x2) {
		return
	}
	s := sink.Add()
	s.Digits = grid.Bit(d)
	patSeeing(b, s, d, y1, y2, x1, x2)
	// Cells: a far end, its near end, the other near end, its far end.
	s.Cells = append(s.Cells, y1, x1, x2, y2)
	s.Units = append(s.Units, l1.unit, l2.unit)
}

// otherEnd returns the end of l that is not cell.
func (l patLink) otherEnd(cell int) int {
	if l.a == cell {
		return l.b
	}
	return l.a
}

func findSkyscrapers(b *grid.Board, sink *Sink) {
	n := b.Layout().N
	var links patLinks
	for d := 1; d <= n; d++ {
		if !sink.wants(d) {
			continue
		}
		for _, kind := range [2]grid.UnitKind{grid.Row, grid.Column} {
			links.collect(b, d, 1<<kind)
			// cross gives the index of a cell's cross line: its column when
			// the links lie in rows, its row when they lie in columns.
			cross := func(cell int) int {
				if kind == grid.Row {
					return cell % n
				}
				return cell / n
			}
			for i := 0; i < links.n; i++ {
				for j := i + 1; j < links.n; j++ {
					l1, l2 := links.link[i], links.link[j]
					shared, x1, x2 := 0, -1, -1
					for _, e1 := range [2]int{l1.a, l1.b} {
						for _, e2 := range [2]int{l2.a, l2.b} {
							if cross(e1) == cross(e2) {
								shared++
								x1, x2 = e1, e2
							}
						}
					}
					if shared != 1 { // none, or an X-Wing
						continue
					}
					patTwoLinks(b, sink, d, l1, l2, x1, l1.otherEnd(x1), x2, l2.otherEnd(x2))
					if sink.Done() {
						return
					}
				}
			}
		}
	}
}

// findTwoStringKites reports the 2-String Kites of b: a strong link in a
// row and one in a column with an end of each in one box, their other ends
// outside it.
func findTwoStringKites(b *grid.Board, sink *Sink) { findKites(b, sink, false) }

// findKitesForDuals finds the 2-String Kites as HoDoKu pairs them into
// duals (DualTwoStringKite): the four cells distinct, the other ends
// anywhere (inside the box too: the ends in the box still cannot both hold
// the digit, so one of the other ends does). Of a row link and a column
// link with ends in several boxes, the first pair of ends in cell order
// counts. Every kite is kept, also one that eliminates what another does:
// HoDoKu pairs each kite with every other on the same two box cells.
func findKitesForDuals(b *grid.Board, sink *Sink) { findKites(b, sink, true) }

// findKites reports the 2-String Kites of b, or with duals those the dual
// kites pair (see findKitesForDuals).
func findKites(b *grid.Board, sink *Sink, duals bool) {
	if b.Layout().Regions() == nil {
		return
	}
	reg := b.Layout().Regions()
	var rows, cols patLinks
	for d := 1; d <= b.Layout().N; d++ {
		if !sink.wants(d) {
			continue
		}
		rows.collect(b, d, 1<<grid.Row)
		if rows.n == 0 {
			continue
		}
		cols.collect(b, d, 1<<grid.Column)
		for i := 0; i < rows.n; i++ {
			for j := 0; j < cols.n; j++ {
				lr, lc := rows.link[i], cols.link[j]
			ends:
				for _, xr := range [2]int{lr.a, lr.b} {
					for _, xc := range [2]int{lc.a, lc.b} {
						yr, yc := lr.otherEnd(xr), lc.otherEnd(xc)
						box := reg[xr]
						switch {
						case reg[xc] != box:
							continue
						case duals:
							if xr != xc && xr != yc && yr != xc && yr != yc {
								patTwoLinks(b, sink, d, lr, lc, xr, yr, xc, yc)
							}
							break ends // the first pair of box ends counts
						case xr == xc || reg[yr] == box || reg[yc] == box || yr == yc || yr == xc || yc == xr:
							continue
						}
						patTwoLinks(b, sink, d, lr, lc, xr, yr, xc, yc)
						if sink.Done() {
							return
						}
					}
				}
			}
		}
	}
}

func findTurbotFish(b *grid.Board, sink *Sink) {
	var links patLinks
	for d := 1; d <= b.Layout().N; d++ {
		if !sink.wants(d) {
			continue
		}
		links.collect(b, d, patAll)
		for i := 0; i < links.n; i++ {
			for j := i + 1; j < links.n; j++ {
				l1, l2 := links.link[i], links.link[j]
				for _, x1 := range [2]int{l1.a, l1.b} {
					for _, x2 := range [2]int{l2.a, l2.b} {
						y1, y2 := l1.otherEnd(x1), l2.otherEnd(x2)
						if x1 == x2 || y1 == y2 || x1 == y2 || x2 == y1 || !b.Layout().Sees(x1, x2) {
							continue
						}
						patTwoLinks(b, sink, d, l1, l2, x1, y1, x2, y2)
						if sink.Done() {
							return
						}
					}
				}
			}
		}
	}
}

// explainTwoLinks renders a step of two strong links, whose Cells are the
// far end, the near end of the first link, the near end of the second and
// its far end.
func explainTwoLinks(s *Step, n grid.Notation) string {
	c := s.Cells
	d := n.DigitName(s.Digits.Min())
	return fmt.Sprintf("%s on %s: %s=%s and %s=%s are strong links and %s sees %s, so %s or %s is %s: remove %s from %s",
		s.Name(), d, n.CellName(c[0]), n.CellName(c[1]), n.CellName(c[2]), n.CellName(c[3]),
		n.CellName(c[1]), n.CellName(c[2]), n.CellName(c[0]), n.CellName(c[3]), d, d, patCellNames(s.Eliminations, n))
}

// patCellNames names the cells of a list of placements or eliminations,
// each once when the list is sorted by cell.
func patCellNames(list []CellDigit, n grid.Notation) string {
	var b strings.Builder
	for i, e := range list {
		if i > 0 && e.Cell == list[i-1].Cell {
			continue
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n.CellName(e.Cell))
	}
	return b.String()
}

// patCommonUnit returns a unit holding both cells, or -1 when they share
// none (killer cage mates see each other without one).
func patCommonUnit(l *grid.Layout, a, c int) int {
	for _, u := range l.CellUnit(a) {
		for _, v := range l.CellUnit(c) {
			if u == v {
				return u
			}
		}
	}
	return -1
}

// patAddUnit appends unit u to the step's units unless it is -1 or there.
func patAddUnit(s *Step, u int) {
	if u < 0 || slices.Contains(s.Units, u) {
		return
	}
	s.Units = append(s.Units, u)
}

func findEmptyRectangles(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if l.Regions() == nil {
		return
	}
	n := l.N
	var lines erLines
	var boxCells, rows, cols, inRow, inCol [grid.MaxSize]int
	// Row and column of every cell, without a division per look-up.
	var rowOf, colOf [grid.MaxSize * grid.MaxSize]uint8
	for r, cell := 0, 0; r < n; r++ {
		for c := 0; c < n; c, cell = c+1, cell+1 {
			rowOf[cell], colOf[cell] = uint8(r), uint8(c)
		}
	}
	for d := 1; d <= n; d++ {
		if !sink.wants(d) {
			continue
		}
		bit := grid.Bit(d)
		lines.count(b, bit)
		for u := range l.Units() {
			unit := l.Unit(u)
			if unit.Kind != grid.Region {
				continue
			}
			// The candidates of the box, and how many lie in each row and
			// column.
			k, nr, nc := 0, 0, 0
			for _, cell := range unit.Cells {
				if b.Cands(cell)&bit == 0 {
					continue
				}
				boxCells[k] = cell
				k++
				r, c := int(rowOf[cell]), int(colOf[cell])
				if inRow[r] == 0 {
					rows[nr] = r
					nr++
				}
				if inCol[c] == 0 {
					cols[nc] = c
					nc++
				}
				inRow[r]++
				inCol[c]++
			}
			box := boxCells[:k]
			// A cross (row r, column c) covers every candidate of the box,
			// with some off row r and some off column c.
			for _, r := range rows[:nr] {
				for _, c := range cols[:nc] {
					covered := inRow[r] + inCol[c]
					if b.Cands(r*n+c).Has(d) && l.Region(r*n+c) == unit.Index {
						covered-- // the cell at the crossing counts once
					}
					if covered != k || inRow[r] == k || inCol[c] == k {
						continue
					}
					if findERLinks(b, sink, d, u, box, r, c, &lines) {
						return
					}
				}
			}
			for _, r := range rows[:nr] {
				inRow[r] = 0
			}
			for _, c := range cols[:nc] {
				inCol[c] = 0
			}
		}
	}
}

// erLines counts the candidates of a digit in every row and column, with
// the first two cells of each.
type erLines struct {
	rowCount, colCount [grid.MaxSize]int
	rowCell, colCell   [grid.MaxSize][2]int
}

func (e *erLines) count(b *grid.Board, bit grid.Digits) {
	n := b.Layout().N
	for i := 0; i < n; i++ {
		e.rowCount[i], e.colCount[i] = 0, 0
	}
	for r, cell := 0, 0; r < n; r++ {
		for c := 0; c < n; c, cell = c+1, cell+1 {
			if b.Cands(cell)&bit == 0 {
				continue
			}
			if e.rowCount[r] < 2 {
				e.rowCell[r][e.rowCount[r]] = cell
			}
			if e.colCount[c] < 2 {
				e.colCell[c][e.colCount[c]] = cell
			}
			e.rowCount[r]++
			e.colCount[c]++
		}
	}
}

// findERLinks reports the empty rectangles of box (unit u, candidates of d
// in row r and column c) with the strong links in lines; it reports whether
// the finder may stop.
func findERLinks(b *grid.Board, sink *Sink, d, u int, box []int, r, c int, lines *erLines) bool {
	l := b.Layout()
	n := l.N
	reg := l.Regions()
	boxID := reg[box[0]]
	for line := 0; line < n; line++ {
		// A strong link in column `line` from x in row r, or in row `line`
		// from x in column c; e is where the other end's line crosses
		// the box's column (row).
		for dir := 0; dir < 2; dir++ {
			var count int
			var ends [2]int
			if dir == 0 {
				if line == c {
					continue
				}
				count, ends = lines.colCount[line], lines.colCell[line]
			} else {
				if line == r {
					continue
				}
				count, ends = lines.rowCount[line], lines.rowCell[line]
			}
			if count != 2 {
				continue
			}
			for k := 0; k < 2; k++ {
				x, y := ends[k], ends[1-k]
				var e int
				if dir == 0 {
					if x/n != r {
						continue
					}
					e = (y/n)*n + c
				} else {
					if x%n != c {
						continue
					}
					e = r*n + y%n
				}
				if reg[x] == boxID || reg[e] == boxID || e == y || !b.Cands(e).Has(d) {
					continue
				}
				s := sink.Add()
				s.Digits = grid.Bit(d)
				s.Eliminations = append(s.Eliminations, CellDigit{e, d})
				s.Cells = append(s.Cells, box...)
				s.Cells = append(s.Cells, x, y)
				s.Units = append(s.Units, u, patLineUnit(l, dir == 0, line))
				if sink.Done() {
					return true
				}
			}
		}
	}
	return false
}

// patLineUnit returns the index of column (or row) i in l.Units.
func patLineUnit(l *grid.Layout, column bool, i int) int {
	kind := grid.Row
	if column {
		kind = grid.Column
	}
	for u := range l.Units() {
		if l.Unit(u).Kind == kind && l.Unit(u).Index == i {
			return u
		}
	}
	return -1
}

func explainEmptyRectangle(s *Step, n grid.Notation) string {
	l := n.Layout
	d := n.DigitName(s.Digits.Min())
	x, y := s.Cells[len(s.Cells)-2], s.Cells[len(s.Cells)-1]
	return fmt.Sprintf("Empty Rectangle on %s in %s with the strong link %s=%s in %s: remove %s from %s",
		d, l.Unit(s.Units[0]).Name(), n.CellName(x), n.CellName(y), l.Unit(s.Units[1]).Name(), d, patCellNames(s.Eliminations, n))
}

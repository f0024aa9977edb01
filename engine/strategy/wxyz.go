package strategy

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

var wxyzWing = &Strategy{
	name: techWXYZWing.name, technique: techWXYZWing, class: Elimination,
	local: true, find: findWXYZWings, explain: explainWXYZWing,
}

// WXYZWing (o): four cells holding four digits between them, all but one
// of which (z) restricted: each held only by cells that see one another.
// The four cells cannot all be filled from the three restricted digits,
// each at most once among them, so one of them holds z: no cell seeing all
// the cells with z may hold it. (HoDoKu reserves its code, 0802, without
// implementing it.)
func WXYZWing() *Strategy { return wxyzWing }

var techWXYZWing = &Technique{name: "WXYZ-Wing", code: "0802", level: Hard, score: 200, se: 55}

func findWXYZWings(b *grid.Board, sink *Sink) {
	l := b.Layout()
	var w wxyzSearch
	w.b, w.sink = b, sink
	w.best[0] = -1
	for cell := 0; cell < l.Cells; cell++ {
		if c := b.Cands(cell); b.Value(cell) == 0 && c.Count() >= 2 && c.Count() <= 4 {
			w.cells[w.n] = int16(cell)
			w.masks[w.n] = c
			for m := c; m != 0; m &= m - 1 {
				w.with[(m & -m).Min()][w.n>>6] |= 1 << (w.n & 63)
			}
			w.n++
		}
	}
	w.words = (w.n + 63) >> 6
	if sink.Changed == nil || sink.All {
		w.choose(0, 0, 0, 0)
		return
	}
	// Every wing stands on a changed cell: the wings through each of them
	// are looked at, and the first of the full search's order (cells by
	// index) reported.
	w.through = true
	for i := 0; i < w.n; i++ {
		if sink.Changed.Has(int(w.cells[i])) {
			w.pick[0], w.at[0] = int(w.cells[i]), i
			w.choose(0, 1, w.masks[i], 0)
		}
	}
	if w.best[0] >= 0 {
		for k, i := range w.best {
			w.pick[k] = int(w.cells[i])
		}
		w.through = false
		w.check(w.bestDigits, w.bestZ)
	}
}

// wxyzSearch is the state of one WXYZ-Wing search.
type wxyzSearch struct {
	b    *grid.Board
	sink *Sink
	// cells are the empty cells with two to four candidates, masks their
	// candidates, with[d] the set of those (by index) holding d.
	cells [grid.MaxSize * grid.MaxSize]int16
	masks [grid.MaxSize * grid.MaxSize]grid.Digits
	with  [grid.MaxSize + 1][grid.MaxSize * grid.MaxSize / 64]uint64
	n     int
	words int    // words of the sets in with
	pick  [4]int // the cells chosen
	stop  bool
	// through: the search goes through a cell chosen first (at[0]) and
	// keeps the wing first in the list's order (best, by index, -1 when
	// none) with its digits and its digit not restricted.
	through    bool
	at         [4]int // the list indices of the cells chosen
	best       [4]int
	bestDigits grid.Digits
	bestZ      int
}

// choose adds to the k cells chosen (holding digits, of which bad are not
// restricted) every cell of the list from start on that keeps them within
// four digits and one digit not restricted.
func (w *wxyzSearch) choose(start, k int, digits, bad grid.Digits) {
	if digits.Count() < 4 {
		for i := start; i < w.n && !w.stop; i++ {
			w.try(i, k, digits, bad)
		}
		return
	}
	// With four digits chosen, only cells holding no other digit will do.
	outside := grid.AllDigits(w.b.Layout().N) &^ digits
	for wi := start >> 6; wi < w.words && !w.stop; wi++ {
		x := ^uint64(0)
		for m := outside; m != 0; m &= m - 1 {
			x &^= w.with[(m & -m).Min()][wi]
		}
		if wi == start>>6 {
			x &= ^uint64(0) << (start & 63)
		}
		if wi == w.words-1 && w.n&63 != 0 {
			x &= 1<<(w.n&63) - 1
		}
		for ; x != 0 && !w.stop; x &= x - 1 {
			w.try(wi<<6+bits.TrailingZeros64(x), k, digits, bad)
		}
	}
}

// try adds cell i of the list as the k-th cell chosen when it keeps the
// cells within four digits and one digit not restricted.
func (w *wxyzSearch) try(i, k int, digits, bad grid.Digits) {
	c := w.masks[i]
	d := digits | c
	if d.Count() > 4 {
		return
	}
	cell := int(w.cells[i])
	// A digit that this cell shares with a chosen cell it does not see
	// stays unrestricted whatever cells come next.
	nb := bad
	for _, p := range w.pick[:k] {
		if common := c & w.b.Cands(p); common&^nb != 0 && !w.b.Layout().Sees(cell, p) {
			nb |= common
		}
	}
	if nb.Count() > 1 {
		return
	}
	if w.through && i == w.at[0] {
		return
	}
	w.pick[k], w.at[k] = cell, i
	switch {
	case k < 3:
		w.choose(i+1, k+1, d, nb)
	case d.Count() != 4 || nb == 0:
	case w.through:
		w.keep(d, nb.Min())
	default:
		w.check(d, nb.Min())
	}
}

// keep keeps the chosen cells, holding digits, with z the only digit not
// restricted, when z can be eliminated somewhere and they come before the
// best kept in the list's order.
func (w *wxyzSearch) keep(digits grid.Digits, z int) {
	at := w.at
	slices.Sort(at[:])
	if w.best[0] >= 0 && slices.Compare(at[:], w.best[:]) >= 0 || !w.eliminate(nil, z) {
		return
	}
	w.best, w.bestDigits, w.bestZ = at, digits, z
}

// check reports the chosen cells, holding digits, with z the only digit
// not restricted, when z can be eliminated somewhere.
func (w *wxyzSearch) check(digits grid.Digits, z int) {
	l := w.b.Layout()
	if !w.eliminate(nil, z) {
		return
	}
	s := w.sink.Add()
	s.Digits = digits
	w.eliminate(s, z)
	for i, cell := range w.pick {
		s.Cells = append(s.Cells, cell)
		for m := w.b.Cands(cell); m != 0; m &= m - 1 {
			s.Marks = append(s.Marks, Mark{cell, (m & -m).Min(), RolePattern})
		}
		for _, other := range w.pick[i+1:] {
			patAddUnit(s, patCommonUnit(l, cell, other))
		}
	}
	for _, e := range s.Eliminations {
		s.Marks = append(s.Marks, Mark{e.Cell, e.Digit, RoleTarget})
	}
	w.stop = w.sink.Done()
}

// eliminate appends to st's eliminations z in every cell outside the
// chosen ones that sees all the chosen cells holding z; with st nil it only
// reports whether there is such a cell.
func (w *wxyzSearch) eliminate(st *Step, z int) bool {
	b, l := w.b, w.b.Layout()
	first := -1
	for _, cell := range w.pick {
		if b.Cands(cell).Has(z) {
			first = cell
			break
		}
	}
	found := false
next:
	for _, p := range l.Peers(first) {
		if !b.Cands(p).Has(z) || b.Value(p) != 0 {
			continue
		}
		for _, cell := range w.pick {
			if cell == p || cell != first && b.Cands(cell).Has(z) && !l.Sees(p, cell) {
				continue next
			}
		}
		if st == nil {
			return true
		}
		found = true
		st.Eliminations = append(st.Eliminations, CellDigit{p, z})
	}
	patSortElims(st)
	return found
}

// explainWXYZWing renders a WXYZ-Wing, whose Cells are its four cells.
func explainWXYZWing(s *Step, n grid.Notation) string {
	c := s.Cells
	z := n.DigitName(s.Eliminations[0].Digit)
	return fmt.Sprintf("WXYZ-Wing on {%s}: %s, %s, %s and %s hold only these digits and all but %s are restricted, so one of them is %s: remove %s from %s",
		n.DigitList(s.Digits, ","), n.CellName(c[0]), n.CellName(c[1]), n.CellName(c[2]), n.CellName(c[3]), z, z, z, patCellNames(s.Eliminations, n))
}

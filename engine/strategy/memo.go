package strategy

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// DigitMemo remembers, for the per-digit passes of a solve
// (Strategy.PerDigit), the digits on which a pass found nothing and where
// each of them stood then: its candidates and its placements. What a
// per-digit finder reports for a digit depends on nothing else, so the pass
// need not look at that digit again until it moves. A solver asks Digits
// before a pass, puts the answer in Sink.Digits, and calls Nothing when the
// pass found nothing. The zero value is ready to use; once sized for a
// board it does not allocate.
type DigitMemo struct {
	l      *grid.Layout // the layout the passes' planes are on
	b      *grid.Board
	fresh  bool     // planes are b's
	n, w   int      // digits, words of a cell set
	planes []uint64 // b's: per digit, its candidates' cells, then its placements'
	passes []memoPass
}

// memoPass is what a DigitMemo knows of one pass.
type memoPass struct {
	st     *Strategy
	form   Form
	known  grid.Digits // digits found without patterns on their planes
	planes []uint64
}

// Load makes b the board of the next queries; its planes are taken when
// first needed. b must not change until the next Load.
func (m *DigitMemo) Load(b *grid.Board) {
	if b.Layout() != m.l {
		m.l, m.n, m.w = b.Layout(), b.Layout().N, (b.Layout().Cells+63)/64
		m.passes = m.passes[:0]
	}
	m.b, m.fresh = b, false
}

// Digits returns the digits the pass of st (at form) must look at on the
// loaded board: all but those on which it found nothing before, standing
// where they stand now. An empty set means there is nothing to find.
func (m *DigitMemo) Digits(st *Strategy, form Form) grid.Digits {
	all := grid.AllDigits(m.n)
	p := m.pass(st, form)
	if p.known == 0 {
		return all
	}
	m.takePlanes()
	k := 2 * m.w
	todo := all &^ p.known
	for ds := p.known; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		i := (d - 1) * k
		if !slices.Equal(p.planes[i:i+k], m.planes[i:i+k]) {
			todo |= grid.Bit(d)
		}
	}
	return todo
}

// Nothing records that the pass of st (at form) found nothing on the
// loaded board among digits.
func (m *DigitMemo) Nothing(st *Strategy, form Form, digits grid.Digits) {
	p := m.pass(st, form)
	m.takePlanes()
	k := 2 * m.w
	for ds := digits; ds != 0; ds &= ds - 1 {
		i := (ds.Min() - 1) * k
		copy(p.planes[i:i+k], m.planes[i:i+k])
	}
	p.known |= digits
}

// pass returns the memo of st's pass at form, adding it when new.
func (m *DigitMemo) pass(st *Strategy, form Form) *memoPass {
	for i := range m.passes {
		if p := &m.passes[i]; p.st == st && p.form == form {
			return p
		}
	}
	m.passes = append(m.passes, memoPass{st: st, form: form, planes: make([]uint64, 2*m.w*m.n)})
	return &m.passes[len(m.passes)-1]
}

// takePlanes computes the planes of the loaded board, once per Load.
func (m *DigitMemo) takePlanes() {
	if m.fresh {
		return
	}
	m.fresh = true
	k := 2 * m.w
	m.planes = grow(m.planes, k*m.n)
	clear(m.planes)
	b := m.b
	for c := range b.Layout().Cells {
		v := b.Value(c)
		word, bit := c>>6, uint64(1)<<(c&63)
		if v != 0 {
			m.planes[(int(v)-1)*k+m.w+word] |= bit
			continue
		}
		for ds := b.Cands(c); ds != 0; ds &= ds - 1 {
			m.planes[(ds.Min()-1)*k+word] |= bit
		}
	}
}

// local marks s as a local strategy (Strategy.Local).
func local(s *Strategy) *Strategy {
	s.local = true
	return s
}

// CellMemo remembers, for the local passes of a solve (Strategy.Local),
// the board on which a pass last found nothing. While candidates are only
// removed, a pattern that shows up since stands on a cell whose candidates
// changed: the pass need look only at patterns through those cells. A
// solver asks Changed before a pass, puts the answer in Sink.Changed, and
// calls Nothing when the pass found nothing. The zero value is ready to
// use; once sized for a board it does not allocate.
type CellMemo struct {
	b       *grid.Board
	passes  []cellPass
	changed []uint64
}

// cellPass is what a CellMemo knows of one pass.
type cellPass struct {
	st    *Strategy
	form  Form
	known bool          // cand holds the board on which it found nothing
	cand  []grid.Digits // candidates of the empty cells, 0 for filled ones
}

// Load makes b the board of the next queries. b must not change until the
// next Load.
func (m *CellMemo) Load(b *grid.Board) {
	if m.b == nil || m.b.Layout() != b.Layout() {
		m.passes = m.passes[:0]
	}
	m.b = b
}

// Changed returns the cells the pass of st (at form) must find its patterns
// through on the loaded board, and whether it must run at all: nil (every
// cell) when it never found nothing or a candidate came back since; no
// cell, and false, when nothing changed.
func (m *CellMemo) Changed(st *Strategy, form Form) (CellSet, bool) {
	p := m.pass(st, form)
	if !p.known {
		return nil, true
	}
	b := m.b
	m.changed = grow(m.changed, (b.Layout().Cells+63)/64)
	clear(m.changed)
	set, any := CellSet(m.changed), false
	for c, was := range p.cand {
		now := b.Cands(c)
		if b.Value(c) != 0 {
			now = 0
		}
		if now&^was != 0 {
			return nil, true // not a later state of the same solve
		}
		if now != was {
			set.Add(c)
			any = true
		}
	}
	return set, any
}

// Nothing records that the pass of st (at form) found nothing on the
// loaded board.
func (m *CellMemo) Nothing(st *Strategy, form Form) {
	p := m.pass(st, form)
	b := m.b
	p.cand = grow(p.cand, b.Layout().Cells)
	for c, d := range b.Candidates() {
		if b.Value(c) != 0 {
			d = 0
		}
		p.cand[c] = d
	}
	p.known = true
}

// pass returns the memo of st's pass at form, adding it when new.
func (m *CellMemo) pass(st *Strategy, form Form) *cellPass {
	for i := range m.passes {
		if p := &m.passes[i]; p.st == st && p.form == form {
			return p
		}
	}
	m.passes = append(m.passes, cellPass{st: st, form: form})
	return &m.passes[len(m.passes)-1]
}

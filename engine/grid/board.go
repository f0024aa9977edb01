package grid

import (
	"fmt"
	"iter"
	"slices"
)

// Board is the state of a puzzle being solved: the digit of every cell,
// whether it is a clue, and the candidates of every empty cell.
//
// A board can record every change it makes (see Track) so that a caller can
// undo back to a mark; that is how backtracking avoids copying boards.
//
// The digits and candidates are read through Value and Cands (inlined in
// the hot loops) and change only through the board's methods (Reset,
// Place, Eliminate, Restrict, SetCands, Undo, CopyFrom), which keep the
// count of empty cells, the clues and the trail true to them.
//
// A board is made by NewBoard or one of the codecs' readers; the zero
// Board has no layout and no method but Layout may be called on it.
type Board struct {
	l     *Layout
	value []uint8  // 0 when empty
	cand  []Digits // candidates of empty cells, 0 for filled and black cells

	given    []bool // whether the value is a clue
	empty    int    // number of empty cells
	tracking bool
	trail    []change
	digits   []Digits // scratch of Check
	placed   []Digits // scratch of Reset: the digits placed in each unit
}

type change struct {
	cell  int32
	value uint8
	cand  Digits
}

// Layout returns the layout of the board, shared and read-only.
func (b *Board) Layout() *Layout { return b.l }

// Cands returns the candidates of cell, none for a filled or black cell.
func (b *Board) Cands(cell int) Digits { return b.cand[cell] }

// Candidates yields every cell with its candidates, in cell order.
func (b *Board) Candidates() iter.Seq2[int, Digits] {
	return func(yield func(int, Digits) bool) {
		for cell, ds := range b.cand {
			if !yield(cell, ds) {
				return
			}
		}
	}
}

// AppendCandidates appends the candidates of every cell to dst and returns
// it.
func (b *Board) AppendCandidates(dst []Digits) []Digits { return append(dst, b.cand...) }

// CopyCandidates copies the candidates of every cell into dst, as copy
// does, and returns the number copied.
func (b *Board) CopyCandidates(dst []Digits) int { return copy(dst, b.cand) }

// CandidatesEqual reports whether c holds the candidates of every cell.
func (b *Board) CandidatesEqual(c []Digits) bool { return slices.Equal(b.cand, c) }

// SetCands makes ds the candidates of an empty cell, as pencil marks read
// from input set them, reporting whether it did: a filled or black cell
// keeps none, and a digit above the board's size is refused.
func (b *Board) SetCands(cell int, ds Digits) bool {
	if b.value[cell] != 0 || b.l.IsBlack(cell) || ds&^AllDigits(b.l.N) != 0 {
		return false
	}
	if b.cand[cell] != ds {
		b.record(cell)
		b.cand[cell] = ds
	}
	return true
}

// Value returns the digit of cell, 0 when it is empty.
func (b *Board) Value(cell int) uint8 { return b.value[cell] }

// Values returns a copy of the digits of every cell, 0 for empty ones.
func (b *Board) Values() []uint8 { return append([]uint8(nil), b.value...) }

// AppendValues appends the digits of every cell to dst and returns it.
func (b *Board) AppendValues(dst []uint8) []uint8 { return append(dst, b.value...) }

// ValuesEqual reports whether v holds the digits of every cell.
func (b *Board) ValuesEqual(v []uint8) bool { return slices.Equal(b.value, v) }

// CopyValues copies the digits of every cell into dst, as copy does, and
// returns the number copied.
func (b *Board) CopyValues(dst []uint8) int { return copy(dst, b.value) }

// SetView makes b a view of the digits of src with the candidates cand:
// a board to reason on other candidates with (what Fill and CageFeasible
// make of them) without copying src. b shares src's digits: it must not be
// changed through its methods, and it follows src's digits as they change.
// A nil cand views src's own candidates.
func (b *Board) SetView(src *Board, cand []Digits) {
	if cand == nil {
		cand = src.cand
	}
	b.l, b.value, b.cand = src.l, src.value, cand
}

// StraightWindows returns the windows open to the cells of a compartment
// with the board's digits and the candidates cand, or the board's own
// when cand is nil (see StraightWindows).
func (b *Board) StraightWindows(cells []int, cand []Digits) Digits {
	if cand == nil {
		cand = b.cand
	}
	return StraightWindows(b.l.N, cells, b.value, cand)
}

// NewBoard returns an empty board of the layout with every candidate open.
func NewBoard(l *Layout) *Board {
	b := &Board{
		l:     l,
		value: make([]uint8, l.Cells),
		cand:  make([]Digits, l.Cells),
		given: make([]bool, l.Cells),
		empty: l.Cells,
	}
	if l.unitPeers {
		b.placed = make([]Digits, len(l.units))
	}
	all := AllDigits(l.N)
	for i := range b.cand {
		b.cand[i] = all
	}
	b.blackOut()
	return b
}

// blackOut leaves the black cells of a Str8ts board without candidates and
// out of the count of empty cells: a black cell holds a clue or nothing,
// and there is nothing to find in it.
func (b *Board) blackOut() {
	if b.l.black == nil {
		return
	}
	for cell, black := range b.l.black {
		if black && b.value[cell] == 0 {
			if b.cand[cell] != 0 {
				b.cand[cell] = 0
			}
			b.empty--
		}
	}
}

// Clone returns an independent copy of the board (without its trail).
func (b *Board) Clone() *Board {
	c := &Board{l: b.l}
	c.CopyFrom(b)
	return c
}

// CopyFrom makes b a copy of src, reusing b's storage. Both must share a
// layout. The trail of b is kept as it is.
func (b *Board) CopyFrom(src *Board) {
	b.l = src.l
	b.value = append(b.value[:0], src.value...)
	b.cand = append(b.cand[:0], src.cand...)
	b.given = append(b.given[:0], src.given...)
	b.empty = src.empty
}

// Reset makes b the board of clues and entries, each one digit a cell (0
// for none; entries may be nil): every digit placed, the clues marked
// given, every empty cell's candidates those the digits leave, the trail
// dropped. A cell with a clue takes the clue. Reset does not check the
// digits (Load does) and does not allocate, but for a scratch table the
// first time on a board made by Clone.
func (b *Board) Reset(clues, entries []uint8) {
	if b.l.unitPeers {
		b.resetUnits(clues, entries)
		return
	}
	b.resetPeers(clues, entries)
}

// resetPeers is Reset placing each digit in turn, as Place does.
func (b *Board) resetPeers(clues, entries []uint8) {
	all := AllDigits(b.l.N)
	for cell := range b.value {
		b.value[cell], b.cand[cell], b.given[cell] = 0, all, false
	}
	b.empty = len(b.value)
	tracking := b.tracking
	b.tracking = false
	for cell, v := range clues {
		if v != 0 {
			b.place(cell, int(v))
			b.given[cell] = true
		}
	}
	for cell, v := range entries {
		if v != 0 && (cell >= len(clues) || clues[cell] == 0) {
			b.place(cell, int(v))
		}
	}
	b.blackOut()
	b.tracking = tracking
	b.trail = b.trail[:0]
}

// resetUnits is Reset on a layout whose peers are the cells of each
// cell's units (Layout.unitPeers): an empty cell's candidates are the
// digits none of its units has placed, which is what placing each digit in
// turn leaves, in a pass over the units and one over the cells.
func (b *Board) resetUnits(clues, entries []uint8) {
	b.empty = len(b.value)
	for cell := range b.value {
		v := uint8(0)
		given := false
		if cell < len(clues) && clues[cell] != 0 {
			v, given = clues[cell], true
		} else if cell < len(entries) {
			v = entries[cell]
		}
		b.value[cell], b.given[cell] = v, given
		if v != 0 {
			b.empty--
		}
	}
	units := b.l.units
	if len(b.placed) != len(units) {
		b.placed = make([]Digits, len(units))
	}
	for u := range units {
		var m Digits
		for _, cell := range units[u].Cells {
			m |= valueBits[b.value[cell]]
		}
		b.placed[u] = m
	}
	all := AllDigits(b.l.N)
	for cell := range b.cand {
		if b.value[cell] != 0 {
			b.cand[cell] = 0
			continue
		}
		c := all
		for _, u := range b.l.cellUnit[cell] {
			c &^= b.placed[u]
		}
		b.cand[cell] = c
	}
	b.trail = b.trail[:0]
}

// Track turns change recording on or off; turning it off drops the trail.
func (b *Board) Track(on bool) {
	b.tracking = on
	b.trail = b.trail[:0]
}

// Mark returns a point of the trail to Undo back to.
func (b *Board) Mark() int { return len(b.trail) }

// Undo reverts every change recorded since mark, a value Mark returned
// since; it panics on a mark past the trail's end or below 0.
func (b *Board) Undo(mark int) {
	if mark < 0 || mark > len(b.trail) {
		panic(fmt.Sprintf("grid: Undo to mark %d of a trail of %d changes", mark, len(b.trail)))
	}
	for i := len(b.trail) - 1; i >= mark; i-- {
		c := b.trail[i]
		if b.value[c.cell] == 0 && c.value != 0 {
			b.empty--
		} else if b.value[c.cell] != 0 && c.value == 0 {
			b.empty++
		}
		b.value[c.cell] = c.value
		b.cand[c.cell] = c.cand
	}
	b.trail = b.trail[:mark]
}

// Changes returns the number of changes recorded since mark.
func (b *Board) Changes(mark int) int { return len(b.trail) - mark }

func (b *Board) record(cell int) {
	if b.tracking {
		b.trail = append(b.trail, change{cell: int32(cell), value: b.value[cell], cand: b.cand[cell]})
	}
}

// Place writes d in an empty cell and removes d from the candidates of its
// peers, reporting whether it did: a filled cell (a clue or a placed
// digit), a black cell and a digit outside 1..N are left as they are, so
// that the count of empty cells stays true and every digit fits the board.
func (b *Board) Place(cell, d int) bool {
	if d < 1 || d > b.l.N || b.l.IsBlack(cell) {
		return false
	}
	return b.place(cell, d)
}

// place is Place without its checks of the digit and of black cells, for
// Reset, which places the clues of black cells and does not check digits.
func (b *Board) place(cell, d int) bool {
	if b.value[cell] != 0 {
		return false
	}
	b.record(cell)
	b.value[cell] = uint8(d)
	b.cand[cell] = 0
	b.empty--
	bit := Bit(d)
	for _, p := range b.l.peers[cell] {
		if b.cand[p]&bit != 0 {
			b.record(p)
			b.cand[p] &^= bit
		}
	}
	return true
}

// Eliminate removes d from the candidates of cell, reporting whether it was
// there (a number outside 1..MaxSize never is).
func (b *Board) Eliminate(cell, d int) bool {
	if !b.cand[cell].Has(d) {
		return false
	}
	b.record(cell)
	b.cand[cell] &^= Bit(d)
	return true
}

// Restrict keeps only the candidates of cell that are in keep.
func (b *Board) Restrict(cell int, keep Digits) {
	if b.cand[cell]&^keep != 0 {
		b.record(cell)
		b.cand[cell] &= keep
	}
}

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool { return b.empty == 0 }

// Empty returns the number of empty cells.
func (b *Board) Empty() int { return b.empty }

// Given reports whether the digit of cell is a clue.
func (b *Board) Given(cell int) bool { return b.given[cell] }

// Entered reports whether some cell holds a digit that is not a clue:
// progress entered with the puzzle, or placed since.
func (b *Board) Entered() bool {
	for cell, v := range b.value {
		if v != 0 && !b.given[cell] {
			return true
		}
	}
	return false
}

// CluesOnly returns a new board of b's layout holding b's clues alone.
func (b *Board) CluesOnly() *Board {
	clues := make([]uint8, len(b.value))
	for cell, v := range b.value {
		if b.given[cell] {
			clues[cell] = v
		}
	}
	c := NewBoard(b.l)
	c.Reset(clues, nil)
	return c
}

// Clues returns the number of clue cells.
func (b *Board) Clues() int {
	n := 0
	for _, g := range b.given {
		if g {
			n++
		}
	}
	return n
}

// Conflict describes why a board cannot be completed: an empty cell
// without candidates (CellConflict), a digit without a place in a unit
// (UnitConflict), a cage that can no longer reach its target
// (CageConflict), or a digit placed twice among peers (CellConflict with
// the digit, In the unit that holds both when one does). The zero Conflict
// is none.
type Conflict struct {
	// cell, unit and cage are one more than the index of the cell, unit
	// and cage at fault, 0 for none, so that the zero value is no conflict.
	cell, unit, cage int32
	digit            int32
}

// CellConflict is the conflict at cell: an empty cell without candidates
// when digit is 0, else the cell and a peer both holding digit.
func CellConflict(cell, digit int) Conflict {
	return Conflict{cell: int32(cell) + 1, digit: int32(digit)}
}

// UnitConflict is digit without a place left in unit (an index into
// Layout.Units).
func UnitConflict(unit, digit int) Conflict {
	return Conflict{unit: int32(unit) + 1, digit: int32(digit)}
}

// CageConflict is cage (an index into Layout.Cages) unable to reach its
// target.
func CageConflict(cage int) Conflict { return Conflict{cage: int32(cage) + 1} }

// In returns the conflict of a cell holding a digit a peer holds, located
// in the unit (an index into Layout.Units) that holds both.
func (c Conflict) In(unit int) Conflict {
	c.unit = int32(unit) + 1
	return c
}

// Cell returns the cell at fault, if there is one.
func (c Conflict) Cell() (int, bool) { return int(c.cell) - 1, c.cell != 0 }

// Unit returns the unit at fault (an index into Layout.Units), if there is
// one.
func (c Conflict) Unit() (int, bool) { return int(c.unit) - 1, c.unit != 0 }

// Cage returns the cage at fault (an index into Layout.Cages), if there is
// one.
func (c Conflict) Cage() (int, bool) { return int(c.cage) - 1, c.cage != 0 }

// Digit returns the digit concerned, or 0.
func (c Conflict) Digit() int { return int(c.digit) }

// Describe renders the conflict for people in notation n.
func (c Conflict) Describe(n Notation) string {
	l := n.Layout
	cell, atCell := c.Cell()
	unit, inUnit := c.Unit()
	if k, ok := c.Cage(); ok {
		cg := l.cages[k]
		return fmt.Sprintf("the cage %d%s at %s can no longer reach its target", cg.Target, cg.Op, n.CellName(cg.Cells[0]))
	}
	switch {
	case inUnit && atCell:
		return fmt.Sprintf("%s holds %s twice (%s)", l.units[unit].Name(), n.DigitName(c.Digit()), n.CellName(cell))
	case inUnit && c.digit == 0 && l.units[unit].Kind == Compartment:
		return fmt.Sprintf("%s can no longer hold a straight", l.units[unit].Name())
	case inUnit && c.digit == 0:
		return fmt.Sprintf("%s has too few digits left for its cells", l.units[unit].Name())
	case inUnit:
		return fmt.Sprintf("%s has no place left in %s", n.DigitName(c.Digit()), l.units[unit].Name())
	case atCell && c.digit > 0:
		return fmt.Sprintf("%s and a peer both hold %s", n.CellName(cell), n.DigitName(c.Digit()))
	case atCell:
		return fmt.Sprintf("%s has no candidates left", n.CellName(cell))
	}
	return "contradiction"
}

// valueBits[v] is the set holding digit v, and empty for 0.
var valueBits = func() (t [256]Digits) {
	for d := 1; d <= MaxSize; d++ {
		t[d] = Bit(d)
	}
	return t
}()

// Check finds a reason the board cannot be completed: an empty cell without
// candidates, a digit with no place in a unit, a cage that can no longer
// reach its target, or a digit placed twice in a cage without a total. It
// reports ok when it finds none; that does not prove a solution exists. It
// writes scratch space of b, so it may not run at the same time as another
// method of b.
func (b *Board) Check() (Conflict, bool) {
	value, cand := b.value, b.cand
	// A filled cell has no candidates and an empty one no value bit: each
	// cell's digits are their union, without a branch (the solver checks
	// after every step), and none means an empty cell without candidates.
	if len(b.digits) != len(cand) {
		b.digits = make([]Digits, len(cand))
	}
	digits := b.digits[:len(cand)]
	var none Digits = 1
	for cell, c := range cand {
		d := c | valueBits[value[cell]]
		digits[cell] = d
		if d == 0 {
			none = 0
		}
	}
	if none == 0 {
		for cell, d := range digits {
			if d == 0 && !b.l.IsBlack(cell) {
				return CellConflict(cell, 0), false
			}
		}
	}
	all := AllDigits(b.l.N)
	for u := range b.l.units {
		unit := &b.l.units[u]
		var seen Digits
		for _, cell := range unit.Cells {
			seen |= digits[cell]
		}
		if unit.Partial {
			// Distinct digits: the cells need as many digits between them.
			if seen.Count() < len(unit.Cells) {
				return UnitConflict(u, 0), false
			}
			if unit.Kind == Compartment && StraightWindows(b.l.N, unit.Cells, value, cand) == 0 {
				return UnitConflict(u, 0), false
			}
			continue
		}
		if missing := all &^ seen; missing != 0 {
			return UnitConflict(u, missing.Min()), false
		}
	}
	for k := range b.l.Cages() {
		if !b.CageFeasible(k) {
			return CageConflict(k), false
		}
	}
	for _, cg := range b.l.BareCages() {
		// Placing a digit takes it from its peers' candidates, so only
		// digits placed together (clues) can repeat in a bare cage.
		var placed Digits
		for _, cell := range cg.Cells {
			bit := valueBits[value[cell]]
			if placed&bit != 0 {
				return CellConflict(cell, int(value[cell])), false
			}
			placed |= bit
		}
	}
	return Conflict{}, true
}

// Duplicate finds a digit placed twice among peers (only possible in input).
func (b *Board) Duplicate() (Conflict, bool) {
	for u := range b.l.units {
		var seen Digits
		for _, cell := range b.l.units[u].Cells {
			if v := b.value[cell]; v != 0 {
				if seen.Has(int(v)) {
					return CellConflict(cell, int(v)).In(u), true
				}
				seen |= Bit(int(v))
			}
		}
	}
	for cell, v := range b.value {
		if v == 0 {
			continue
		}
		for _, p := range b.l.peers[cell] {
			if b.value[p] == v {
				return CellConflict(cell, int(v)), true
			}
		}
	}
	return Conflict{}, false
}

// CageFeasible reports whether cage k can still reach its target, judging
// from the digits placed and the candidates of its empty cells. It never
// rejects a state that can be completed, and rejects every complete cage
// that misses its target.
func (b *Board) CageFeasible(k int) bool { return b.l.CageFeasible(k, b.value, b.cand) }

// CageFeasible is Board.CageFeasible on the digits of value and the
// candidates of cand, one of each a cell of l: for a search that keeps its
// own state rather than a Board.
func (l *Layout) CageFeasible(k int, value []uint8, cand []Digits) bool {
	cg := &l.cages[k]
	switch cg.Op {
	case OpNone:
		cell := cg.Cells[0]
		if v := value[cell]; v != 0 {
			return int(v) == cg.Target
		}
		return cand[cell].Has(cg.Target)
	case OpAdd:
		sum, lo, hi := 0, 0, 0
		for _, cell := range cg.Cells {
			if v := int(value[cell]); v != 0 {
				sum += v
			} else {
				lo += cand[cell].Min()
				hi += cand[cell].Max()
			}
		}
		return sum+lo <= cg.Target && cg.Target <= sum+hi
	case OpMul:
		prod, open := 1, false
		for _, cell := range cg.Cells {
			if v := int(value[cell]); v != 0 {
				// Past the target no digit brings the product back (and
				// going on could overflow).
				if prod *= v; prod > cg.Target {
					return false
				}
			} else {
				open = true
			}
		}
		if open {
			return cg.Target%prod == 0
		}
		return prod == cg.Target
	case OpSub, OpDiv:
		a, c := cg.Cells[0], cg.Cells[1]
		for x := 1; x <= l.N; x++ {
			if !canHold(value, cand, a, x) {
				continue
			}
			for y := 1; y <= l.N; y++ {
				if canHold(value, cand, c, y) && cg.Op.Meets(cg.Target, x+y, x*y, x, y) {
					return true
				}
			}
		}
		return false
	}
	return true
}

func canHold(value []uint8, cand []Digits, cell, d int) bool {
	if v := value[cell]; v != 0 {
		return int(v) == d
	}
	return cand[cell].Has(d)
}

// Meets reports whether a complete filling of a cage with operator op
// reaches target: sum and prod are the sum and product of its digits,
// first and second its first two (the only two of a − or ÷ cage; first
// alone of a cage without operator).
func (op Op) Meets(target, sum, prod, first, second int) bool {
	switch op {
	case OpNone:
		return first == target
	case OpAdd:
		return sum == target
	case OpMul:
		return prod == target
	case OpSub, OpDiv:
		x, y := max(first, second), min(first, second)
		if op == OpSub {
			return x-y == target
		}
		return x == y*target
	}
	return false
}

// CellState is the input state of one cell.
type CellState struct {
	Value int    // 0 when empty
	Given bool   // whether Value is a clue
	Cand  Digits // pencil marks of an empty cell; 0 means none recorded
}

// Load builds a board from cell states: it places every value (see Reset),
// then keeps only the recorded pencil marks of empty cells. It rejects
// values out of range and digits repeated among peers.
func Load(l *Layout, cells []CellState) (*Board, error) {
	return LoadNamed(Notation{Layout: l}, cells)
}

// LoadNamed is Load, naming the digits of its errors by n's symbols, as
// the puzzle's text wrote them.
func LoadNamed(n Notation, cells []CellState) (*Board, error) {
	l := n.Layout
	if len(cells) != l.Cells {
		return nil, FieldErrorf("cells", "board has %d cells, want %d for size %d", len(cells), l.Cells, l.N)
	}
	clues, entries := make([]uint8, l.Cells), make([]uint8, l.Cells)
	for i, c := range cells {
		if c.Value < 0 || c.Value > l.N {
			return nil, FieldErrorf(fmt.Sprintf("cells[%d].value", i), "%s holds %d, outside 1..%d", l.CellName(i), c.Value, l.N)
		}
		if l.IsBlack(i) && c.Value != 0 && !c.Given {
			return nil, FieldErrorf(fmt.Sprintf("cells[%d].value", i), "black cell %s holds a clue or nothing, not an entry %d", l.CellName(i), c.Value)
		}
		if c.Given {
			clues[i] = uint8(c.Value)
		} else {
			entries[i] = uint8(c.Value)
		}
	}
	b := NewBoard(l)
	b.Reset(clues, entries)
	if c, dup := b.Duplicate(); dup {
		cell, _ := c.Cell()
		other := -1
		for _, p := range l.peers[cell] {
			if int(b.value[p]) == c.Digit() {
				other = p
				break
			}
		}
		a, b := min(other, cell), max(other, cell)
		return nil, FieldErrorf("cells", "%s and %s both hold %s%s", l.CellName(a), l.CellName(b), n.DigitName(c.Digit()), l.sharedNote(a, b))
	}
	for i, c := range cells {
		if c.Value == 0 && c.Cand != 0 && !l.IsBlack(i) {
			if c.Cand&^AllDigits(l.N) != 0 {
				return nil, FieldErrorf(fmt.Sprintf("cells[%d].candidates", i), "%s has a candidate above %d", l.CellName(i), l.N)
			}
			b.Restrict(i, c.Cand)
		}
	}
	return b, nil
}

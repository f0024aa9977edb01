package grid

import "fmt"

// Board is the state of a puzzle being solved: the digit of every cell,
// whether it is a clue, and the candidates of every empty cell.
//
// A board can record every change it makes (see Track) so that a caller can
// undo back to a mark; that is how backtracking avoids copying boards.
type Board struct {
	L     *Layout
	Value []uint8  // 0 when empty
	Given []bool   // whether the value is a clue
	Cand  []Digits // candidates of empty cells; 0 for filled cells
	Empty int      // number of empty cells

	tracking bool
	trail    []change
	digits   []Digits // scratch of Check
}

type change struct {
	cell  int32
	value uint8
	cand  Digits
}

// NewBoard returns an empty board of the layout with every candidate open.
func NewBoard(l *Layout) *Board {
	b := &Board{
		L:     l,
		Value: make([]uint8, l.Cells),
		Given: make([]bool, l.Cells),
		Cand:  make([]Digits, l.Cells),
		Empty: l.Cells,
	}
	all := AllDigits(l.N)
	for i := range b.Cand {
		b.Cand[i] = all
	}
	return b
}

// Clone returns an independent copy of the board (without its trail).
func (b *Board) Clone() *Board {
	c := &Board{L: b.L}
	c.CopyFrom(b)
	return c
}

// CopyFrom makes b a copy of src, reusing b's storage. Both must share a
// layout. The trail of b is kept as it is.
func (b *Board) CopyFrom(src *Board) {
	b.L = src.L
	b.Value = append(b.Value[:0], src.Value...)
	b.Given = append(b.Given[:0], src.Given...)
	b.Cand = append(b.Cand[:0], src.Cand...)
	b.Empty = src.Empty
}

// Track turns change recording on or off; turning it off drops the trail.
func (b *Board) Track(on bool) {
	b.tracking = on
	b.trail = b.trail[:0]
}

// Mark returns a point of the trail to Undo back to.
func (b *Board) Mark() int { return len(b.trail) }

// Undo reverts every change recorded since mark.
func (b *Board) Undo(mark int) {
	for i := len(b.trail) - 1; i >= mark; i-- {
		c := b.trail[i]
		if b.Value[c.cell] == 0 && c.value != 0 {
			b.Empty--
		} else if b.Value[c.cell] != 0 && c.value == 0 {
			b.Empty++
		}
		b.Value[c.cell] = c.value
		b.Cand[c.cell] = c.cand
	}
	b.trail = b.trail[:mark]
}

// Changes returns the number of changes recorded since mark.
func (b *Board) Changes(mark int) int { return len(b.trail) - mark }

func (b *Board) record(cell int) {
	if b.tracking {
		b.trail = append(b.trail, change{cell: int32(cell), value: b.Value[cell], cand: b.Cand[cell]})
	}
}

// Place writes d in an empty cell and removes d from the candidates of its
// peers.
func (b *Board) Place(cell, d int) {
	b.record(cell)
	b.Value[cell] = uint8(d)
	b.Cand[cell] = 0
	b.Empty--
	bit := Bit(d)
	for _, p := range b.L.Peers[cell] {
		if b.Cand[p]&bit != 0 {
			b.record(p)
			b.Cand[p] &^= bit
		}
	}
}

// Eliminate removes d from the candidates of cell, reporting whether it was
// there.
func (b *Board) Eliminate(cell, d int) bool {
	bit := Bit(d)
	if b.Cand[cell]&bit == 0 {
		return false
	}
	b.record(cell)
	b.Cand[cell] &^= bit
	return true
}

// Restrict keeps only the candidates of cell that are in keep.
func (b *Board) Restrict(cell int, keep Digits) {
	if b.Cand[cell]&^keep != 0 {
		b.record(cell)
		b.Cand[cell] &= keep
	}
}

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool { return b.Empty == 0 }

// Clues returns the number of clue cells.
func (b *Board) Clues() int {
	n := 0
	for _, g := range b.Given {
		if g {
			n++
		}
	}
	return n
}

// Conflict describes why a board cannot be completed.
type Conflict struct {
	Cell  int // the cell at fault, or -1
	Unit  int // the unit at fault (index into Layout.Units), or -1
	Cage  int // the cage at fault, or -1
	Digit int // the digit concerned, or 0
}

// Describe renders the conflict for people in notation n.
func (c Conflict) Describe(n Notation) string {
	l := n.Layout
	switch {
	case c.Cage >= 0:
		cg := l.Cages[c.Cage]
		return fmt.Sprintf("the cage %d%s at %s can no longer reach its target", cg.Target, cg.Op, n.CellName(cg.Cells[0]))
	case c.Unit >= 0 && c.Cell >= 0:
		return fmt.Sprintf("%s holds %s twice (%s)", l.Units[c.Unit].Name(), n.DigitName(c.Digit), n.CellName(c.Cell))
	case c.Unit >= 0:
		return fmt.Sprintf("%s has no place left in %s", n.DigitName(c.Digit), l.Units[c.Unit].Name())
	case c.Cell >= 0 && c.Digit > 0:
		return fmt.Sprintf("%s and a peer both hold %s", n.CellName(c.Cell), n.DigitName(c.Digit))
	case c.Cell >= 0:
		return fmt.Sprintf("%s has no candidates left", n.CellName(c.Cell))
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
// candidates, a digit with no place in a unit, or a cage that can no longer
// reach its target. It reports ok when it finds none; that does not prove a
// solution exists. It writes scratch space of b, so it may not run at the
// same time as another method of b.
func (b *Board) Check() (Conflict, bool) {
	value, cand := b.Value, b.Cand
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
			if d == 0 {
				return Conflict{Cell: cell, Unit: -1, Cage: -1}, false
			}
		}
	}
	all := AllDigits(b.L.N)
	for u := range b.L.Units {
		var seen Digits
		for _, cell := range b.L.Units[u].Cells {
			seen |= digits[cell]
		}
		if missing := all &^ seen; missing != 0 {
			return Conflict{Cell: -1, Unit: u, Cage: -1, Digit: missing.Min()}, false
		}
	}
	for k := range b.L.Cages {
		if !b.CageFeasible(k) {
			return Conflict{Cell: -1, Unit: -1, Cage: k}, false
		}
	}
	return Conflict{}, true
}

// Duplicate finds a digit placed twice among peers (only possible in input).
func (b *Board) Duplicate() (Conflict, bool) {
	for u := range b.L.Units {
		var seen Digits
		for _, cell := range b.L.Units[u].Cells {
			if v := b.Value[cell]; v != 0 {
				if seen.Has(int(v)) {
					return Conflict{Cell: cell, Unit: u, Cage: -1, Digit: int(v)}, true
				}
				seen |= Bit(int(v))
			}
		}
	}
	for cell, v := range b.Value {
		if v == 0 {
			continue
		}
		for _, p := range b.L.Peers[cell] {
			if b.Value[p] == v {
				return Conflict{Cell: cell, Unit: -1, Cage: -1, Digit: int(v)}, true
			}
		}
	}
	return Conflict{}, false
}

// CageFeasible reports whether cage k can still reach its target, judging
// from the digits placed and the candidates of its empty cells. It never
// rejects a state that can be completed, and rejects every complete cage
// that misses its target.
func (b *Board) CageFeasible(k int) bool {
	cg := &b.L.Cages[k]
	switch cg.Op {
	case OpNone:
		cell := cg.Cells[0]
		if v := b.Value[cell]; v != 0 {
			return int(v) == cg.Target
		}
		return b.Cand[cell].Has(cg.Target)
	case OpAdd:
		sum, lo, hi := 0, 0, 0
		for _, cell := range cg.Cells {
			if v := int(b.Value[cell]); v != 0 {
				sum += v
			} else {
				lo += b.Cand[cell].Min()
				hi += b.Cand[cell].Max()
			}
		}
		return sum+lo <= cg.Target && cg.Target <= sum+hi
	case OpMul:
		prod, open := 1, false
		for _, cell := range cg.Cells {
			if v := int(b.Value[cell]); v != 0 {
				prod *= v
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
		for x := 1; x <= b.L.N; x++ {
			if !b.canHold(a, x) {
				continue
			}
			for y := 1; y <= b.L.N; y++ {
				if b.canHold(c, y) && cg.Op.Meets(cg.Target, x+y, x*y, x, y) {
					return true
				}
			}
		}
		return false
	}
	return true
}

func (b *Board) canHold(cell, d int) bool {
	if v := b.Value[cell]; v != 0 {
		return int(v) == d
	}
	return b.Cand[cell].Has(d)
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

// Load builds a board from cell states: it places every value, then keeps
// only the recorded pencil marks of empty cells. It rejects values out of
// range and digits repeated among peers.
func Load(l *Layout, cells []CellState) (*Board, error) {
	if len(cells) != l.Cells {
		return nil, fieldErr("cells", "board has %d cells, want %d for size %d", len(cells), l.Cells, l.N)
	}
	b := NewBoard(l)
	for i, c := range cells {
		if c.Value < 0 || c.Value > l.N {
			return nil, fieldErr(fmt.Sprintf("cells[%d].value", i), "%s holds %d, outside 1..%d", l.CellName(i), c.Value, l.N)
		}
		if c.Value != 0 {
			b.Value[i] = uint8(c.Value)
			b.Given[i] = c.Given
		}
	}
	if c, dup := b.Duplicate(); dup {
		other := -1
		for _, p := range l.Peers[c.Cell] {
			if int(b.Value[p]) == c.Digit {
				other = p
				break
			}
		}
		return nil, fieldErr("cells", "%s and %s both hold %d", l.CellName(min(other, c.Cell)), l.CellName(max(other, c.Cell)), c.Digit)
	}
	values := append([]uint8(nil), b.Value...)
	for i := range b.Value {
		b.Value[i] = 0
	}
	for i, v := range values {
		if v != 0 {
			b.Place(i, int(v))
		}
	}
	for i, c := range cells {
		if c.Value == 0 && c.Cand != 0 {
			if c.Cand&^AllDigits(l.N) != 0 {
				return nil, fieldErr(fmt.Sprintf("cells[%d].candidates", i), "%s has a candidate above %d", l.CellName(i), l.N)
			}
			b.Restrict(i, c.Cand)
		}
	}
	return b, nil
}

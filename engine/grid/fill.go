package grid

import "math/bits"

// MaxGroupCells is the largest cage or pseudo-cage whose fillings are
// enumerated; larger ones are left alone (a 9-cell killer cage holds every
// digit anyway).
const MaxGroupCells = 12

// maxWalkedProduct is the most cells of a product group whose fillings
// Board.Fill walks one by one; a larger one's states are followed once
// (SumFiller.fillProduct), which a small one's walk does not repay.
const maxWalkedProduct = 3

// maxFillNodes bounds one enumeration so that a step never stalls on a
// huge cage; an enumeration cut short concludes nothing.
const maxFillNodes = 200_000

// Group is a cage or a pseudo-cage (innies, outies, a split cage part, the
// rest of a KenKen line): cells whose digits combine to a target.
type Group struct {
	cells  [MaxGroupCells]int
	n      int
	Op     Op
	Target int
}

// Reset empties the group and sets its operator and target.
func (g *Group) Reset(op Op, target int) { *g = Group{Op: op, Target: target} }

// Add appends a cell; false when the group is full.
func (g *Group) Add(cell int) bool {
	if g.n == MaxGroupCells {
		return false
	}
	g.cells[g.n] = cell
	g.n++
	return true
}

// Len returns the number of cells.
func (g *Group) Len() int { return g.n }

// Cells returns the cells of the group.
func (g *Group) Cells() []int { return g.cells[:g.n] }

// LoadCage makes the group cage k of the layout; false when the cage is
// larger than MaxGroupCells.
func (g *Group) LoadCage(l *Layout, k int) bool {
	cg := &l.cages[k]
	g.Reset(cg.Op, cg.Target)
	for _, c := range cg.Cells {
		if !g.Add(c) {
			return false
		}
	}
	return true
}

// Fills is what the fillings of a group that meet its target have in
// common.
type Fills struct {
	Support [MaxGroupCells]Digits // the digits each cell takes in some filling
	Used    Digits                // the digits some filling uses
	Must    Digits                // the digits every filling uses
	Count   int                   // the number of fillings
	OK      bool                  // false when the enumeration was cut short
}

// fillSearch enumerates the fillings of a group from the cells'
// candidates, keeping digits distinct between cells that see each other
// (the walk of groups other than sums).
type fillSearch struct {
	b       *Board
	g       *Group
	sees    [MaxGroupCells]uint32 // earlier cells each cell sees
	digit   [MaxGroupCells]int
	nodes   int
	result  *Fills
	aborted bool
}

// Fill enumerates the fillings of g from the cells' candidates (a placed
// cell takes its digit), keeping digits distinct between cells that see
// each other, and summarises them in f. It gives up (f.OK false) past a
// bound on the work, so a huge group never stalls a solve: past
// maxFillNodes nodes of a walk over the cells in order. A sum group's
// states are followed once (SumFiller), and so are those of a product
// group of more than maxWalkedProduct cells (SumFiller.fillProduct), the walk's
// nodes counted rather than visited; the other groups' fillings are
// walked.
func (b *Board) Fill(g *Group, f *Fills) {
	s := fillSearch{b: b, g: g, result: f}
	for i := 0; i < g.n; i++ {
		for j := 0; j < i; j++ {
			if b.l.Sees(g.cells[i], g.cells[j]) {
				s.sees[i] |= 1 << j
			}
		}
	}
	product := g.Op == OpMul && g.n > maxWalkedProduct && g.Target <= maxProductTarget
	if g.Op == OpAdd || product {
		var opts [MaxGroupCells]Digits
		for i := range g.n {
			opts[i] = s.options(i)
		}
		sf := sumFillers.Get().(*SumFiller)
		if product {
			sf.fillProduct(opts[:g.n], &s.sees, g.Target, f)
		} else {
			sf.Fill(opts[:g.n], &s.sees, g.Target, f)
		}
		sumFillers.Put(sf)
		return
	}
	*f = Fills{Must: ^Digits(0)}
	s.walk(0, 0, 1, 0)
	f.OK = !s.aborted
	if f.Count == 0 {
		f.Must = 0
	}
}

// options returns the digits cell i of the group may take.
func (s *fillSearch) options(i int) Digits {
	cell := s.g.cells[i]
	if v := s.b.value[cell]; v != 0 {
		return Bit(int(v))
	}
	return s.b.cand[cell]
}

// walk places digits in cells i.., the earlier ones making sum and prod
// and using the digits used.
func (s *fillSearch) walk(i, sum, prod int, used Digits) {
	if s.aborted {
		return
	}
	if s.nodes++; s.nodes > maxFillNodes {
		s.aborted = true
		return
	}
	g := s.g
	if i == g.n {
		if !s.meets(sum, prod) {
			return
		}
		var used Digits
		for j := 0; j < g.n; j++ {
			bit := Bit(s.digit[j])
			s.result.Support[j] |= bit
			used |= bit
		}
		s.result.Used |= used
		s.result.Must &= used
		s.result.Count++
		return
	}
	// The digits of earlier cells this one sees, taken once per cell
	// rather than per candidate: all of them when it sees them all (a
	// killer cage).
	taken := used
	if s.sees[i] != 1<<i-1 {
		taken = s.taken(i)
	}
	for c := s.options(i) &^ taken; c != 0; c &= c - 1 {
		d := c.Min()
		if g.Op == OpMul && g.Target%(prod*d) != 0 {
			continue
		}
		s.digit[i] = d
		s.walk(i+1, sum+d, prod*d, used|Bit(d))
	}
}

// taken returns the digits of the earlier cells cell i sees.
func (s *fillSearch) taken(i int) Digits {
	var t Digits
	for m := s.sees[i]; m != 0; m &= m - 1 {
		t |= Bit(s.digit[bits.TrailingZeros32(m)])
	}
	return t
}

func (s *fillSearch) meets(sum, prod int) bool {
	g := s.g
	if (g.Op == OpSub || g.Op == OpDiv) && g.n != 2 {
		return false
	}
	second := 0
	if g.n > 1 {
		second = s.digit[1]
	}
	return g.Op.Meets(g.Target, sum, prod, s.digit[0], second)
}

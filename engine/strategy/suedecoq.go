package strategy

import (
	"fmt"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

var sueDeCoq = local(newStrategy(Elimination, &Technique{name: "Sue de Coq", code: "1101", level: Unfair, score: 250, se: 72},
	findSueDeCoq, explainSueDeCoq))

// SueDeCoq (l): cells C where two units overlap (a box and a row or
// column, a jigsaw region and a line, ...) whose candidates V number at
// least two more than the cells, a set CR of other cells of the first unit
// and a set CB of other cells of the second. Each set holds some digits of
// V and has more cells than extra digits (digits outside V); they share no
// digit of V; and the numbers of digits of V they take (cells minus
// extras) add up to the number of candidates beyond C's cells. The three
// sets then hold every digit of V and of their extras exactly once (an
// extra of both sets once in each): the digits of C and CR not in CB leave
// the rest of the first unit, those of C and CB not in CR the rest of the
// second, and extras of both sets leave both. This is HoDoKu's Sue de Coq
// with its extensions: C need not fill the overlap, and the sets may hold
// extra digits.
//
// Its steps' Digits are the digits eliminated (HoDoKu's library lists
// those); Cells are C, then CR, then CB; Units the two units; Marks give
// C's candidates as pattern, CR's as ALS and CB's as fins (HoDoKu draws the
// line's set as fins and the box's as endo-fins), and the eliminations as
// targets.
func SueDeCoq() *Strategy { return sueDeCoq }

// The roles of a cell in a Sue de Coq search.
const (
	sdcNone uint8 = iota
	sdcInter
	sdcLine
	sdcBox
)

// On boards larger than 9×9 the search bounds what HoDoKu's (on 9×9,
// bounded by the board) does not: the overlap's cells taken (2 or 3, as
// HoDoKu), the cells of each set and their extra digits.
const (
	sdcBigInter = 3
	sdcBigPart  = 4
	sdcBigExtra = 2
)

// sdcSearch is the scratch of one Sue de Coq search.
type sdcSearch struct {
	b    *grid.Board
	sink *Sink
	ua   int // the first unit (the line's role)
	ub   int // the second unit (the box's role)
	// Limits (see sdcBig*).
	maxInter, maxPart, maxExtra int

	role [grid.MaxSize * grid.MaxSize]uint8
	elim [grid.MaxSize * grid.MaxSize]grid.Digits

	inter        [grid.MaxSize]int // empty cells of the overlap
	nInter       int
	c, cr, cb    [grid.MaxSize]int // the chosen sets
	nc, ncr, ncb int
	line         [grid.MaxSize]int  // cells CR may take
	lineInBox    [grid.MaxSize]bool // whether each is in the second unit too
	nLine        int
	v            grid.Digits // candidates of C
	nPlus        int         // candidates of C minus cells
	// boxes holds, one after the other, the lists of cells CB may take as
	// CR grows (the cells of the second unit outside C and CR holding no
	// digit of V that CR holds); top is the end of the last.
	boxes [grid.MaxSize * (grid.MaxSize + 1)]int
	top   int
	stop  bool
}

var sdcPool = sync.Pool{New: func() any { return new(sdcSearch) }}

func findSueDeCoq(b *grid.Board, sink *Sink) {
	l := b.Layout()
	x := sdcPool.Get().(*sdcSearch)
	defer sdcPool.Put(x)
	x.b, x.sink, x.stop = b, sink, false
	x.maxInter, x.maxPart, x.maxExtra = grid.MaxSize, grid.MaxSize, grid.MaxSize
	if l.N > 9 {
		x.maxInter, x.maxPart, x.maxExtra = sdcBigInter, sdcBigPart, sdcBigExtra
	}
	for _, o := range l.Overlaps() {
		if o.A > o.B {
			continue // each pair once: the pattern does not depend on the order
		}
		if !sink.through(l.Unit(o.A).Cells) && !sink.through(l.Unit(o.B).Cells) {
			continue // a pattern of the pair stands on cells of its two units
		}
		x.ua, x.ub = o.A, o.B
		x.nInter = 0
		for _, cell := range o.Cells {
			if b.Value(cell) == 0 {
				x.inter[x.nInter] = cell
				x.nInter++
			}
		}
		if x.nInter < 2 {
			continue
		}
		x.nc = 0
		x.chooseInter(0, 0)
		if x.stop {
			break
		}
	}
	x.b, x.sink = nil, nil
}

// chooseInter tries every set C of two or more of the overlap's empty
// cells from index start on, C holding the cells chosen so far with
// candidates v.
func (x *sdcSearch) chooseInter(start int, v grid.Digits) {
	for i := start; i < x.nInter && !x.stop; i++ {
		cell := x.inter[i]
		x.c[x.nc] = cell
		x.nc++
		x.role[cell] = sdcInter
		w := v | x.b.Cands(cell)
		if k := w.Count() - x.nc; x.nc >= 2 && k >= 2 && k <= 2*x.maxPart {
			x.v, x.nPlus = w, w.Count()-x.nc
			x.collect()
		}
		if x.nc < x.maxInter {
			x.chooseInter(i+1, w)
		}
		x.nc--
		x.role[cell] = sdcNone
	}
}

// collect lists the empty cells outside C of the two units, and searches
// the sets CR and CB among them.
func (x *sdcSearch) collect() {
	l := x.b.Layout()
	var inV grid.Digits
	n := 0
	for _, cell := range l.Unit(x.ub).Cells {
		if x.b.Value(cell) == 0 && x.role[cell] == sdcNone {
			x.boxes[n] = cell
			n++
			x.role[cell] = sdcBox // for a moment: marks the second unit
			inV |= x.b.Cands(cell) & x.v
		}
	}
	x.nLine = 0
	for _, cell := range l.Unit(x.ua).Cells {
		if x.b.Value(cell) == 0 && (x.role[cell] == sdcNone || x.role[cell] == sdcBox) {
			x.line[x.nLine] = cell
			x.lineInBox[x.nLine] = x.role[cell] == sdcBox
			x.nLine++
		}
	}
	for _, cell := range x.boxes[:n] {
		x.role[cell] = sdcNone
	}
	// Each set takes at most as many digits of V as it has cells.
	if inV == 0 || x.nPlus > min(x.maxPart, x.nLine)+min(x.maxPart, n) {
		return
	}
	x.top, x.ncr = n, 0
	x.chooseLine(0, 0, x.boxes[:n])
}

// chooseLine tries every set CR of the line's cells from index start on,
// CR holding the cells chosen so far with candidates vr, and box the cells
// CB may then take.
func (x *sdcSearch) chooseLine(start int, vr grid.Digits, box []int) {
	for i := start; i < x.nLine && !x.stop; i++ {
		cell := x.line[i]
		w := vr | x.b.Cands(cell)
		extra := (w &^ x.v).Count()
		// Even with every cell left, CR would not have more cells than
		// extras.
		if extra > x.maxExtra || x.ncr+1+(x.nLine-i-1) <= extra {
			continue
		}
		// The cells left to CB only shrink as CR grows: without a digit of
		// V among them, no CB will do.
		sub, top := box, x.top
		if banned := w & x.v; banned != vr&x.v || x.lineInBox[i] {
			var inV grid.Digits
			n := 0
			for _, bc := range box {
				if c := x.b.Cands(bc); c&banned == 0 && bc != cell {
					x.boxes[top+n] = bc
					n++
					inV |= c & x.v
				}
			}
			if inV == 0 {
				continue
			}
			sub = x.boxes[top : top+n]
			x.top += n
		}
		x.cr[x.ncr] = cell
		x.ncr++
		x.role[cell] = sdcLine
		// CR takes some digits of V, has more cells than extras, and
		// leaves digits of V for CB.
		if w&x.v != 0 && x.ncr > extra && x.ncr-extra < x.nPlus {
			x.ncb = 0
			x.chooseBox(sub, 0, w, 0, x.nPlus-(x.ncr-extra))
		}
		if x.ncr < x.maxPart {
			x.chooseLine(i+1, w, sub)
		}
		x.ncr--
		x.role[cell] = sdcNone
		x.top = top
	}
}

// chooseBox tries every set CB of the cells of box from index start on, CB
// holding the cells chosen so far with candidates vb; CB must take need
// digits of V more than it has extra digits. vr are CR's candidates.
func (x *sdcSearch) chooseBox(box []int, start int, vr, vb grid.Digits, need int) {
	for i := start; i < len(box) && !x.stop; i++ {
		cell := box[i]
		w := vb | x.b.Cands(cell)
		extra := (w &^ x.v).Count()
		if extra > x.maxExtra || x.ncb+1+(len(box)-i-1) < need+extra {
			continue
		}
		x.cb[x.ncb] = cell
		x.ncb++
		x.role[cell] = sdcBox
		if w&x.v != 0 && x.ncb-extra == need {
			x.report(vr, w)
		}
		if x.ncb < x.maxPart {
			x.chooseBox(box, i+1, vr, w, need)
		}
		x.ncb--
		x.role[cell] = sdcNone
	}
}

// report adds the step of the sets C, CR (with candidates vr) and CB (with
// candidates vb) when it eliminates anything.
func (x *sdcSearch) report(vr, vb grid.Digits) {
	b, l := x.b, x.b.Layout()
	v := x.v
	shared := vr & vb // extras of both sets
	lineDigits := (v|vr)&^vb | shared
	boxDigits := (v|vb)&^vr | shared
	var all grid.Digits
	for _, cell := range l.Unit(x.ua).Cells {
		if r := x.role[cell]; r != sdcInter && r != sdcLine && b.Value(cell) == 0 {
			x.elim[cell] |= b.Cands(cell) & lineDigits
			all |= x.elim[cell]
		}
	}
	for _, cell := range l.Unit(x.ub).Cells {
		if r := x.role[cell]; r != sdcInter && r != sdcBox && b.Value(cell) == 0 {
			x.elim[cell] |= b.Cands(cell) & boxDigits
			all |= x.elim[cell]
		}
	}
	if all == 0 {
		return
	}
	s := x.sink.Add()
	s.Digits = all
	for _, u := range [2]int{x.ua, x.ub} {
		for _, cell := range l.Unit(u).Cells {
			for m := x.elim[cell]; m != 0; m &= m - 1 {
				s.Eliminations = append(s.Eliminations, CellDigit{cell, (m & -m).Min()})
			}
			x.elim[cell] = 0
		}
	}
	patSortElims(s)
	s.Cells = append(s.Cells, x.c[:x.nc]...)
	s.Cells = append(s.Cells, x.cr[:x.ncr]...)
	s.Cells = append(s.Cells, x.cb[:x.ncb]...)
	s.Units = append(s.Units, x.ua, x.ub)
	for _, part := range [3]struct {
		cells []int
		role  Role
	}{{x.c[:x.nc], RolePattern}, {x.cr[:x.ncr], RoleALS}, {x.cb[:x.ncb], RoleFin}} {
		for _, cell := range part.cells {
			for m := b.Cands(cell); m != 0; m &= m - 1 {
				s.Marks = append(s.Marks, Mark{cell, (m & -m).Min(), part.role})
			}
		}
	}
	for _, e := range s.Eliminations {
		s.Marks = append(s.Marks, Mark{e.Cell, e.Digit, RoleTarget})
	}
	x.stop = x.sink.Done()
}

// explainSueDeCoq renders a Sue de Coq step in HoDoKu's manner:
// "Sue de Coq: r7c4,r7c5 - {1,2,3,6,8,9} (r7c1,r7c2,r7c8 - {2,3,8,9},
// r9c6 - {1,6}) => r8c4<>1, ...".
func explainSueDeCoq(s *Step, n grid.Notation) string {
	l := n.Layout
	var sb strings.Builder
	part := func(role Role) {
		var digits grid.Digits
		last := -1
		for _, m := range s.Marks {
			if m.Role != role {
				continue
			}
			if m.Cell != last {
				if last >= 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(n.CellName(m.Cell))
				last = m.Cell
			}
			digits |= grid.Bit(m.Digit)
		}
		fmt.Fprintf(&sb, " - {%s}", n.DigitList(digits, ","))
	}
	fmt.Fprintf(&sb, "Sue de Coq in %s and %s: ", l.Unit(s.Units[0]).Name(), l.Unit(s.Units[1]).Name())
	part(RolePattern)
	sb.WriteString(" (")
	part(RoleALS)
	sb.WriteString(", ")
	part(RoleFin)
	sb.WriteString(") => " + eliminationList(n, s.Eliminations))
	return sb.String()
}

package grid

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// scribble writes over everything l's methods and exported fields hand
// out: the peers, units of each cell, regions, the fields and cells of
// units, cages and overlaps, the black cells and the layout's own fields,
// and appends to the slices (which must not reach the next table).
func scribble(l *Layout) {
	ints := [][]int{l.Regions()}
	for cell := range l.Cells {
		ints = append(ints, l.Peers(cell), l.CellUnit(cell))
	}
	for u := range l.Units() {
		unit := l.Unit(u)
		ints = append(ints, unit.Cells)
		unit.Kind, unit.Index, unit.Partial = Window, 99, !unit.Partial
		l.Units()[u].Index = 98
	}
	for k := range l.Cages() {
		cg := l.Cage(k)
		ints = append(ints, cg.Cells)
		cg.Target, cg.Op = 0, OpDiv
		l.Cages()[k].Target = -1
	}
	for i := range l.Overlaps() {
		o := &l.Overlaps()[i]
		ints = append(ints, o.Cells)
		o.A, o.B = -1, -1
	}
	for _, s := range ints {
		for i := range s {
			s[i] = -7
		}
		_ = append(s, -8, -8, -8)
	}
	for i := range l.BlackCells() {
		l.BlackCells()[i] = !l.BlackCells()[i]
	}
	l.N, l.Cells, l.Variant, l.BoxRows, l.BoxCols = 1, 1, KenKen, 5, 5
}

// TestLayoutWritesStayOwn is the check of issue 36: two callers of
// NewLayout with the same configuration; the first writes through
// everything its layout hands out, and the second's layout keeps its
// tables (equal, field by field, to a layout built anew) and still solves.
func TestLayoutWritesStayOwn(t *testing.T) {
	regions := make([]int, 81)
	for cell := range regions {
		regions[cell] = (cell/9 + cell%9) % 9 // the broken diagonals
	}
	tests := []struct {
		name string
		c    Config
	}{
		{"classic", Config{Size: 9}},
		{"X", Config{Size: 9, Variant: X}},
		{"Windoku", Config{Size: 9, Variant: Windoku}},
		{"Colour", Config{Size: 6, Variant: Colour}},
		{"16×16", Config{Size: 16}},
		{"Str8ts", Config{Size: 9, Variant: Str8ts}},
		{"jigsaw", Config{Size: 9, Variant: Jigsaw, Regions: regions}},
		{"killer", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Target: 3, Op: OpAdd}, {Cells: []int{14, 15}, Target: 5, Op: OpAdd}}}},
		{"KenKen", Config{Size: 2, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1}, Target: 2, Op: OpMul}, {Cells: []int{2, 3}, Target: 1, Op: OpSub}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := must(NewLayout(tt.c))
			second := must(NewLayout(tt.c))
			want := must(newLayout(tt.c)) // built anew, past the copies
			want.proto = second.proto
			if first == second {
				t.Fatal("two callers got the same *Layout")
			}
			scribble(first)
			if reflect.DeepEqual(first, want) {
				t.Fatal("scribble changed nothing: the test checks nothing")
			}
			if !reflect.DeepEqual(second, want) {
				t.Fatal("the first caller's writes changed the second caller's layout")
			}
			if p := first.Private(); !reflect.DeepEqual(p, want) && first.SameTables(second) {
				t.Fatal("a private copy of the first layout has its writes")
			}
			checkPeersSolve(t, second)
		})
	}
}

// checkPeersSolve fills a board of l (rows, columns and regions of a
// regular size, or any layout without units besides rows and columns)
// with a valid grid less one cell of each row, column and region, and
// checks that the peers leave each empty cell its digit alone.
func checkPeersSolve(t *testing.T, l *Layout) {
	t.Helper()
	n := l.N
	if l.BoxRows == 0 || len(l.Units()) != 3*n || l.BlackCells() != nil {
		return
	}
	br, bc := l.BoxRows, l.BoxCols
	solution := make([]uint8, l.Cells)
	for cell := range solution {
		r, c := cell/n, cell%n
		solution[cell] = uint8((r%br*bc+r/br+c)%n + 1) // the pattern grid
	}
	clues := append([]uint8(nil), solution...)
	var holes []int
	for r := range n {
		// One hole a row, column and box: row r's hole is in box row r/br
		// and box column r%br, a distinct column for each r.
		c := r%br*bc + r/br
		holes = append(holes, r*n+c)
		clues[r*n+c] = 0
	}
	b := NewBoard(l)
	b.Reset(clues, nil)
	if conflict, ok := b.Check(); !ok {
		t.Fatalf("the grid less its holes is invalid: %s", conflict.Describe(Notation{Layout: l}))
	}
	for _, cell := range holes {
		if got, want := b.Cands(cell), Bit(int(solution[cell])); got != want {
			t.Errorf("%s has candidates %v, want %v", l.CellName(cell), got, want)
		}
	}
}

// TestImpliedUnits checks which layouts imply units and their shape: a
// b×b-boxed Windoku 2(b−1)+1 of N cells each, no cell of them in a
// window, every other layout none. (The generator's tests check that
// solutions hold each digit once in them.)
func TestImpliedUnits(t *testing.T) {
	for _, tt := range []struct {
		variant Variant
		size    int
		want    int
	}{
		{Windoku, 4, 3}, {Windoku, 9, 5}, {Windoku, 16, 7}, {Windoku, 25, 9},
		{Classic, 9, 0}, {X, 16, 0}, {Colour, 9, 0},
	} {
		t.Run(fmt.Sprintf("%v %d", tt.variant, tt.size), func(t *testing.T) {
			l, err := NewLayout(Config{Size: tt.size, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			units := l.ImpliedUnits()
			if len(units) != tt.want {
				t.Fatalf("%d implied units, want %d", len(units), tt.want)
			}
			inWindow := make([]bool, l.Cells)
			for _, u := range l.Units() {
				if u.Kind == Window {
					for _, c := range u.Cells {
						inWindow[c] = true
					}
				}
			}
			for _, u := range units {
				if len(u) != tt.size {
					t.Errorf("implied unit %v has %d cells, want %d", u, len(u), tt.size)
				}
				for _, c := range u {
					if inWindow[c] {
						t.Errorf("implied unit %v holds %s, in a window", u, l.CellName(c))
					}
				}
			}
		})
	}
}

// TestCagesInReadingOrder: the layout meets the cages with a total first,
// then the bare ones, each group in reading order of their top-left cells
// and each cage's cells in reading order, whatever order they were listed
// in, so that a board's steps do not depend on that order and a cage is
// named by its top-left cell ("cage 5+ at r1c8", not "at r2c8" for a cage
// listed from r2c8). It still tells each cage's index among those it was
// built from, gives them back in that order, and leaves the caller's
// cages as they were.
func TestCagesInReadingOrder(t *testing.T) {
	a := Cage{Cells: []int{0, 1}, Target: 3, Op: OpAdd}
	b := Cage{Cells: []int{2, 3}, Target: 7, Op: OpAdd}
	c := Cage{Cells: []int{4, 8}, Op: OpDistinct}
	d := Cage{Cells: []int{6, 7}, Target: 5, Op: OpAdd}
	e := Cage{Cells: []int{5, 9}, Op: OpDistinct}
	want := []Cage{a, b, d, c, e} // the totals, then the bare ones, each by first cell
	for _, tt := range []struct {
		name string
		in   []Cage
	}{
		{"in reading order", []Cage{a, b, c, d, e}},
		{"reversed", []Cage{e, d, c, b, a}},
		{"shuffled", []Cage{d, e, a, c, b}},
		{"cells listed backwards", []Cage{
			{Cells: []int{7, 6}, Target: 5, Op: OpAdd}, {Cells: []int{3, 2}, Target: 7, Op: OpAdd},
			{Cells: []int{9, 5}, Op: OpDistinct}, {Cells: []int{1, 0}, Target: 3, Op: OpAdd},
			{Cells: []int{8, 4}, Op: OpDistinct},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			listed := make([]Cage, len(tt.in))
			for k, cg := range tt.in {
				listed[k] = cg
				listed[k].Cells = slices.Clone(cg.Cells)
			}
			l, err := NewLayout(Config{Size: 4, Variant: Killer, Cages: tt.in})
			if err != nil {
				t.Fatal(err)
			}
			for k, cg := range tt.in {
				if !slices.Equal(cg.Cells, listed[k].Cells) {
					t.Errorf("NewLayout changed the caller's cage %d to cells %v", k, cg.Cells)
				}
			}
			for k, cg := range l.InputCages() {
				if !slices.Equal(cg.Cells, slices.Sorted(slices.Values(listed[k].Cells))) || cg.Target != listed[k].Target || cg.Op != listed[k].Op {
					t.Errorf("InputCages()[%d] = %+v, want the cage listed %+v", k, cg, listed[k])
				}
			}
			for k, cg := range l.AllCages() {
				if !slices.Equal(cg.Cells, want[k].Cells) || cg.Target != want[k].Target {
					t.Errorf("cage %d: %+v, want %+v", k, cg, want[k])
				}
				in := tt.in[l.InputCageIndex(k)]
				if in.Target != cg.Target || !slices.Equal(slices.Sorted(slices.Values(in.Cells)), cg.Cells) {
					t.Errorf("InputCageIndex(%d) = %d, a cage %+v; want one of %+v", k, l.InputCageIndex(k), in, cg)
				}
			}
			for k, cg := range l.Cages() {
				for _, cell := range cg.Cells {
					if got := l.CellCage(cell); got != k {
						t.Errorf("CellCage(%d) = %d, want %d", cell, got, k)
					}
				}
			}
		})
	}
}

package grid

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestBoxShape(t *testing.T) {
	tests := []struct {
		n, rows, cols int
		ok            bool
	}{
		{4, 2, 2, true}, {6, 2, 3, true}, {8, 2, 4, true}, {9, 3, 3, true}, {10, 2, 5, true},
		{12, 3, 4, true}, {16, 4, 4, true}, {25, 5, 5, true}, {5, 0, 0, false}, {7, 0, 0, false},
	}
	for _, tt := range tests {
		r, c, ok := BoxShape(tt.n)
		if r != tt.rows || c != tt.cols || ok != tt.ok {
			t.Errorf("BoxShape(%d) = %d, %d, %v; want %d, %d, %v", tt.n, r, c, ok, tt.rows, tt.cols, tt.ok)
		}
	}
}

func TestLayoutUnits(t *testing.T) {
	tests := []struct {
		name       string
		cfg        Config
		units      int
		peersOfR1  int // peers of cell 0
		peersOfMid int // peers of the centre-most cell
	}{
		{"classic 9", Config{Size: 9}, 27, 20, 20},
		{"classic 4", Config{Size: 4}, 12, 7, 7},
		{"classic 6", Config{Size: 6}, 18, 12, 12},
		{"classic 16", Config{Size: 16}, 48, 39, 39},
		{"classic 25", Config{Size: 25}, 75, 64, 64},
		{"X", Config{Size: 9, Variant: X}, 29, 26, 32},
		{"Windoku", Config{Size: 9, Variant: Windoku}, 31, 20, 20},
		{"Colour", Config{Size: 9, Variant: Colour}, 36, 24, 24},
		{"KenKen", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1, 2, 3}, Target: 24, Op: OpMul}, {Cells: []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, Target: 30, Op: OpAdd}}}, 8, 6, 6},
		{"killer", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 5}, Target: 3, Op: OpAdd}}}, 12, 7, 7},
		{"killer X", Config{Size: 4, Variant: KillerX, Cages: []Cage{{Cells: []int{0, 5}, Target: 3, Op: OpAdd}}}, 14, 9, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLayout(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(l.units) != tt.units {
				t.Errorf("%d units, want %d", len(l.units), tt.units)
			}
			if got := len(l.peers[0]); got != tt.peersOfR1 {
				t.Errorf("cell 0 has %d peers, want %d", got, tt.peersOfR1)
			}
			mid := (l.N/2)*l.N + l.N/2
			if got := len(l.peers[mid]); got != tt.peersOfMid {
				t.Errorf("cell %d has %d peers, want %d", mid, got, tt.peersOfMid)
			}
			for _, u := range l.units {
				if len(u.Cells) != l.N {
					t.Errorf("%s has %d cells", u.Name(), len(u.Cells))
				}
			}
		})
	}
}

func TestLayoutErrors(t *testing.T) {
	regions := func(s string) []int {
		out := make([]int, len(s))
		for i, r := range s {
			out[i] = int(r - '0')
		}
		return out
	}
	tests := []struct {
		name  string
		cfg   Config
		field string
		want  string
	}{
		{"size", Config{Size: 1}, "size", "out of range"},
		{"jigsaw without map", Config{Size: 9, Variant: Jigsaw}, "regions", "needs a region map"},
		{"prime size", Config{Size: 5}, "regions", "no regular boxes"},
		{"map short", Config{Size: 4, Regions: regions("001100112233223")}, "regions", "15 cells"},
		{"map uneven", Config{Size: 4, Regions: regions("0011001122332232")}, "regions", "covers"},
		{"windoku 6", Config{Size: 6, Variant: Windoku}, "variant", "square regular boxes, size 6 has none (4, 9, 16 and 25 have them)"},
		{"windoku 4, other regions", Config{Size: 4, Variant: Windoku, Regions: regions("0011223300112233")}, "variant", "needs the square 2×2 boxes of size 4; the region map gives other regions"},
		{"colour 5", Config{Size: 5, Variant: Colour, Regions: regions("0000011111222223333344444")}, "variant", "needs regular boxes, size 5 has none"},
		{"colour 6, tall boxes", Config{Size: 6, Variant: Colour, Regions: regions("001122001122001122334455334455334455")}, "variant", "needs the regular 2×3 boxes of size 6; the region map gives other regions"},
		{"killer without cages", Config{Size: 4, Variant: Killer}, "cages", "needs cages"},
		{"killer X without cages", Config{Size: 4, Variant: KillerX}, "cages", "needs cages"},
		{"killer X repeats", Config{Size: 4, Variant: KillerX, Cages: []Cage{{Cells: []int{0, 1}, Target: 8, Op: OpAdd}}}, "cages[0]", "no 2 distinct digits sum to 8"},
		{"cages on classic", Config{Size: 4, Cages: []Cage{{Cells: []int{0}, Target: 1}}}, "cages", "has no cages"},
		{"cell twice in a cage", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Target: 3, Op: OpAdd}, {Cells: []int{2, 3, 2}, Target: 7, Op: OpAdd}}}, "cages[1]", "lists cell r1c3 twice"},
		{"overlapping cages", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Target: 3, Op: OpAdd}, {Cells: []int{1, 2}, Target: 3, Op: OpAdd}}}, "cages[1]", "cage of r1c2, r1c3: cell r1c2 is also in the cage of r1c1, r1c2"},
		{"unreachable sum", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Target: 8, Op: OpAdd}}}, "cages[0]", "cage of r1c1, r1c2: no 2 distinct digits sum to 8"},
		{"unreachable sum, cells in any order", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0}, Target: 1, Op: OpNone}, {Cells: []int{5, 4, 1}, Target: 30, Op: OpAdd}}}, "cages[1]", "cage of r1c2, r2c1, r2c2: no 3 distinct digits sum to 30"},
		{"large cage", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1, 2, 3, 4, 5, 6, 7}, Target: 3, Op: OpAdd}}}, "cages[0]", "cage of r1c1, r1c2, r1c3, r1c4, r2c1, r2c2, … (8 cells): 4 distinct digits cannot fill 8 cells"},
		{"empty cage", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0}, Target: 1}, {}}}, "cages[1]", "the cage has no cells"},
		{"cell outside", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 16}, Target: 3, Op: OpAdd}}}, "cages[0]", "cell 16 is outside the 16 cells"},
		{"operator none on two cells", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1}, Target: 3, Op: OpNone}}}, "cages[0]", "a cage of 2 cells needs an operator (none is for a single cell)"},
		{"kenken minus of 3", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1, 2}, Target: 1, Op: OpSub}}}, "cages[0]", "cage of r1c1, r1c2, r1c3: operator - needs exactly 2 cells"},
		{"kenken product prime", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1}, Target: 4294967291, Op: OpMul}}}, "cages[0]", "prime factor larger than 4"},
		{"kenken uncovered", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1}, Target: 3, Op: OpAdd}}}, "cages", "in no cage"},
		{"bare cage on kenken", Config{Size: 4, Variant: KenKen, Cages: []Cage{{Cells: []int{0, 1}, Op: OpDistinct}}}, "cages[0]", "without a total is only for killers"},
		{"bare cage with a target", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0}, Target: 1, Op: OpNone}, {Cells: []int{1, 2}, Target: 3, Op: OpDistinct}}}, "cages[1]", "has target 0, not 3"},
		{"bare cage of one cell", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0}, Target: 1, Op: OpNone}, {Cells: []int{1}, Op: OpDistinct}}}, "cages[1]", "needs 2 cells or more, not 1"},
		{"bare cage too large", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0}, Target: 1, Op: OpNone}, {Cells: []int{1, 2, 3, 4, 5}, Op: OpDistinct}}}, "cages[1]", "4 distinct digits cannot fill 5 cells"},
		{"bare cages alone", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Op: OpDistinct}}}, "cages", "needs a cage with a total"},
		{"bare cage overlapping", Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 1}, Op: OpDistinct}, {Cells: []int{1, 2}, Target: 3, Op: OpAdd}}}, "cages[0]", "cell r1c2 is also in the cage of r1c2, r1c3"},
		{"black cells on classic", Config{Size: 4, Black: make([]bool, 16)}, "black", "a classic board has no black cells"},
		{"a black cell on X", Config{Size: 4, Variant: X, Black: []bool{6: true, 15: true}}, "black", "r2c3 is black, but an X board has no black cells"},
		{"cages on X", Config{Size: 4, Variant: X, Cages: []Cage{{Cells: []int{0}, Target: 1}}}, "cages", "an X board has no cages"},
		{"black map short", Config{Size: 4, Variant: Str8ts, Black: make([]bool, 15)}, "black", "15 cells, want 16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewLayout(tt.cfg)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field || !strings.Contains(fe.Reason, tt.want) {
				t.Fatalf("err = %v, want field %q containing %q", err, tt.field, tt.want)
			}
		})
	}
}

func TestIsRegular(t *testing.T) {
	l, _ := NewLayout(Config{Size: 9})
	relabelled := make([]int, len(l.region))
	for i, k := range l.region {
		relabelled[i] = 40 - k
	}
	if !IsRegular(9, relabelled) {
		t.Error("relabelled boxes are not regular")
	}
	relabelled[0], relabelled[3] = relabelled[3], relabelled[0]
	if IsRegular(9, relabelled) {
		t.Error("a swapped map is regular")
	}
}

func TestUndoRestores(t *testing.T) {
	l, _ := NewLayout(Config{Size: 9})
	b := NewBoard(l)
	b.Place(0, 5)
	before := b.Clone()
	b.Track(true)
	mark := b.Mark()
	b.Place(40, 3)
	b.Eliminate(80, 9)
	b.Restrict(79, Bit(1)|Bit(2))
	if b.Changes(mark) == 0 {
		t.Fatal("no changes recorded")
	}
	b.Undo(mark)
	if b.Empty() != before.Empty() || !slices.Equal(b.value, before.value) || !slices.Equal(b.cand, before.cand) {
		t.Fatal("undo did not restore the board")
	}
}

func TestCheck(t *testing.T) {
	l, _ := NewLayout(Config{Size: 4})
	tests := []struct {
		name string
		set  func(b *Board)
		want string
	}{
		{"fine", func(b *Board) {}, ""},
		{"no candidates", func(b *Board) { b.Restrict(5, 0) }, "r2c2 has no candidates left"},
		{"digit without place", func(b *Board) {
			for _, c := range []int{0, 1, 2, 3} {
				b.Eliminate(c, 4)
			}
		}, "4 has no place left in row 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBoard(l)
			tt.set(b)
			c, ok := b.Check()
			got := ""
			if !ok {
				got = c.Describe(Notation{Layout: l})
			}
			if got != tt.want {
				t.Errorf("Check = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCageFeasible(t *testing.T) {
	l, err := NewLayout(Config{Size: 4, Variant: KenKen, Cages: []Cage{
		{Cells: []int{0, 1}, Target: 3, Op: OpSub},
		{Cells: []int{2, 3}, Target: 2, Op: OpDiv},
		{Cells: []int{4, 5, 6, 7}, Target: 24, Op: OpMul},
		{Cells: []int{8, 9, 10, 11, 12, 13, 14, 15}, Target: 20, Op: OpAdd},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(l)
	if _, ok := b.Check(); !ok {
		t.Fatal("open board rejected")
	}
	b.Place(0, 2) // 2 - x = 3 has no digit x
	if c, ok := b.Check(); ok || !isCage(c, 0) {
		t.Fatalf("Check = %+v, %v; want cage 0 broken", c, ok)
	}
	b = NewBoard(l)
	b.Place(2, 3) // 3 ÷ x = 2 has none either
	if c, ok := b.Check(); ok || !isCage(c, 1) {
		t.Fatalf("Check = %+v, %v; want cage 1 broken", c, ok)
	}
}

// TestCageFeasibleProduct: a product cage whose placed digits multiply
// past its target is broken, even where their product overflows an int
// (sixteen 16s make 2^64, which wrapped to 0 and divided by zero: a
// panic that took solverd down from a SolveBatch item).
func TestCageFeasibleProduct(t *testing.T) {
	all := make([]int, 256)
	for i := range all {
		all[i] = i
	}
	l, err := NewLayout(Config{Size: 16, Variant: KenKen, Cages: []Cage{{Cells: all, Target: 1024, Op: OpMul}}})
	if err != nil {
		t.Fatal(err)
	}
	value, cand := make([]uint8, l.Cells), make([]Digits, l.Cells)
	for i := range cand {
		cand[i] = AllDigits(16)
	}
	for _, tt := range []struct {
		name   string
		placed int // cells of row 1 holding 16
		want   bool
	}{
		{"below the target", 2, true},
		{"past the target", 3, false},
		{"past the target, the product wrapping to 0", 16, false},
	} {
		for i := range value {
			value[i] = 0
		}
		for i := range tt.placed {
			value[i] = 16
		}
		if got := l.CageFeasible(0, value, cand); got != tt.want {
			t.Errorf("%s: CageFeasible = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLoadRejectsDuplicates(t *testing.T) {
	l, _ := NewLayout(Config{Size: 4})
	cells := make([]CellState, 16)
	cells[0].Value, cells[5].Value = 3, 3 // same box
	_, err := Load(l, cells)
	if err == nil || !strings.Contains(err.Error(), "r1c1 and r2c2 both hold 3") {
		t.Fatalf("err = %v", err)
	}
}

// TestLoadDuplicatesNameTheirUnit: two cells of one digit that share no
// row, column or regular box are said to share their diagonal, window,
// colour group, jigsaw region or cage ("r3c1 and r4c2 both hold 1" left
// the reader to find the killer cage).
func TestLoadDuplicatesNameTheirUnit(t *testing.T) {
	// A jigsaw whose region 0 holds r1c1 and r2c3 (not a regular box's pair).
	jigsaw := make([]int, 16)
	for i := range jigsaw {
		jigsaw[i] = i / 4
	}
	jigsaw[3], jigsaw[6] = 1, 0 // r1c4 to region 1, r2c3 to region 0
	tests := []struct {
		name string
		c    Config
		a, b int
		want string
	}{
		{"box", Config{Size: 9}, 0, 10, "r1c1 and r2c2 both hold 7"},
		{"row", Config{Size: 9, Variant: X}, 0, 8, "r1c1 and r1c9 both hold 7"},
		{"diagonal", Config{Size: 9, Variant: X}, 0, 40, "r1c1 and r5c5 both hold 7 (both in diagonal r1c1-r9c9)"},
		{"window", Config{Size: 9, Variant: Windoku}, 10, 30, "r2c2 and r4c4 both hold 7 (both in window 1)"},
		{"colour group", Config{Size: 9, Variant: Colour}, 0, 30, "r1c1 and r4c4 both hold 7 (both in colour group 1)"},
		{"jigsaw region", Config{Size: 4, Variant: Jigsaw, Regions: jigsaw}, 0, 6, "r1c1 and r2c3 both hold 3 (both in box 1)"},
		{"killer cage", Config{Size: 9, Variant: Killer, Cages: []Cage{{Cells: []int{18, 19, 28}, Target: 10, Op: OpAdd}}}, 18, 28, "r3c1 and r4c2 both hold 1 (both in the cage of r3c1, r3c2, r4c2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLayout(tt.c)
			if err != nil {
				t.Fatalf("NewLayout: %v", err)
			}
			d := 7
			if tt.c.Size == 4 {
				d = 3
			} else if tt.c.Variant == Killer {
				d = 1
			}
			cells := make([]CellState, l.Cells)
			cells[tt.a] = CellState{Value: d, Given: true}
			cells[tt.b] = CellState{Value: d, Given: true}
			_, err = Load(l, cells)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Reason != tt.want {
				t.Errorf("err = %v, want cells: %s", err, tt.want)
			}
		})
	}
}

func TestDigits(t *testing.T) {
	s := Bit(1) | Bit(5) | Bit(25)
	if s.Count() != 3 || s.Min() != 1 || s.Max() != 25 || s.Single() != 0 || s.String() != "{1,5,25}" {
		t.Errorf("digits %v: count %d min %d max %d", s, s.Count(), s.Min(), s.Max())
	}
	if Bit(7).Single() != 7 || AllDigits(9) != 511 || AllDigits(32) != ^Digits(0) {
		t.Error("Single or AllDigits wrong")
	}
}

// TestLayoutsCopied checks that configs without regions or cages are built
// once and copied (every caller gets a layout of its own, equal to the
// others), and that others are built anew.
func TestLayoutsCopied(t *testing.T) {
	for _, c := range []Config{{Size: 9}, {Size: 9, Variant: X}, {Size: 16}, {Size: 6, Variant: Windoku}} {
		a, errA := NewLayout(c)
		b, errB := NewLayout(c)
		if errA != nil || errB != nil {
			if errA == nil || errB == nil || errA.Error() != errB.Error() {
				t.Fatalf("%+v: errors %v and %v", c, errA, errB)
			}
			continue
		}
		if a == b || &a.Peers(0)[0] == &b.Peers(0)[0] {
			t.Errorf("%+v: two callers share a layout, want one each", c)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%+v: the two copies differ", c)
		}
		if p := a.Private(); !a.SameTables(b) || !p.SameTables(a) || p == a || p == b || !reflect.DeepEqual(p, a) {
			t.Errorf("%+v: the copies and a private one do not have the same tables", c)
		}
	}
	regions := make([]int, 16)
	for i := range regions {
		regions[i] = i/8*2 + i%4/2 // 2×2 boxes, given as a map
	}
	a, err := NewLayout(Config{Size: 4, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewLayout(Config{Size: 4, Regions: regions})
	if a == b {
		t.Error("layouts with a region map are shared; want one each")
	}
	if a.SameTables(b) || !a.SameTables(a) || a.Private() != a {
		t.Error("a layout built for its caller alone has the same tables as another, or a private copy")
	}
	if c := must(NewLayout(Config{Size: 4})); c.SameTables(a) || a.SameTables(c) {
		t.Error("a copy of a standard layout has the same tables as one built from its region map")
	}
	if _, err := NewLayout(Config{Size: 40}); err == nil {
		t.Error("size 40 accepted")
	}
}

// isCage reports whether c is cage k unable to reach its target.
func isCage(c Conflict, k int) bool {
	got, ok := c.Cage()
	return ok && got == k
}

// checkSlow is Check as first written, branching on every cell: the
// reference for the fast one.
func checkSlow(b *Board) (Conflict, bool) {
	for cell, c := range b.cand {
		if c == 0 && b.value[cell] == 0 {
			return CellConflict(cell, 0), false
		}
	}
	all := AllDigits(b.l.N)
	for u := range b.l.units {
		var seen Digits
		for _, cell := range b.l.units[u].Cells {
			if v := b.value[cell]; v != 0 {
				seen |= Bit(int(v))
			} else {
				seen |= b.cand[cell]
			}
		}
		if missing := all &^ seen; missing != 0 {
			return UnitConflict(u, missing.Min()), false
		}
	}
	for k := range b.l.cages {
		if !b.CageFeasible(k) {
			return CageConflict(k), false
		}
	}
	return Conflict{}, true
}

// TestCheckAgainstSlow compares Check with checkSlow on boards filled and
// pruned at random, sound and broken, of several sizes and variants.
func TestCheckAgainstSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, cfg := range []Config{{Size: 4}, {Size: 9}, {Size: 9, Variant: X}, {Size: 16}, {Size: 25}} {
		l, err := NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		broken := 0
		for range 2000 {
			b := NewBoard(l)
			for range rng.IntN(l.Cells) {
				cell, d := rng.IntN(l.Cells), 1+rng.IntN(l.N)
				if rng.IntN(3) == 0 {
					b.Eliminate(cell, d)
				} else if b.value[cell] == 0 && b.cand[cell].Has(d) {
					b.Place(cell, d)
				}
			}
			got, gotOK := b.Check()
			want, wantOK := checkSlow(b)
			if got != want || gotOK != wantOK {
				t.Fatalf("size %d: Check = %+v, %v; the reference says %+v, %v", l.N, got, gotOK, want, wantOK)
			}
			if !gotOK {
				broken++
			}
		}
		if broken == 0 || broken == 2000 {
			t.Errorf("size %d: %d of 2000 boards broken; the test wants both kinds", l.N, broken)
		}
	}
}

func TestOpMeets(t *testing.T) {
	tests := []struct {
		op                               Op
		target, sum, prod, first, second int
		want                             bool
	}{
		{OpNone, 5, 5, 5, 5, 0, true},
		{OpNone, 5, 4, 4, 4, 0, false},
		{OpAdd, 10, 10, 21, 3, 7, true},
		{OpAdd, 10, 9, 20, 4, 5, false},
		{OpMul, 24, 11, 24, 4, 6, true},
		{OpMul, 24, 10, 21, 3, 7, false},
		{OpSub, 2, 8, 15, 3, 5, true},
		{OpSub, 2, 8, 15, 5, 3, true},
		{OpSub, 3, 8, 15, 5, 3, false},
		{OpDiv, 3, 8, 12, 2, 6, true},
		{OpDiv, 3, 8, 12, 6, 2, true},
		{OpDiv, 2, 8, 12, 6, 2, false},
	}
	for _, tt := range tests {
		if got := tt.op.Meets(tt.target, tt.sum, tt.prod, tt.first, tt.second); got != tt.want {
			t.Errorf("%v.Meets(%d, sum %d, prod %d, %d, %d) = %v, want %v", tt.op, tt.target, tt.sum, tt.prod, tt.first, tt.second, got, tt.want)
		}
	}
}

func TestReset(t *testing.T) {
	l, _ := NewLayout(Config{Size: 4})
	b := NewBoard(l)
	b.Track(true)
	b.Place(15, 4)
	clues := []uint8{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	entries := []uint8{2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	b.Reset(clues, entries)
	if b.value[0] != 1 || b.value[5] != 3 || b.value[15] != 0 {
		t.Errorf("values = %v, want 1 at r1c1 (the clue), 3 at r2c2, none at r4c4", b.value)
	}
	if !b.Given(0) || b.Given(5) || b.Clues() != 1 {
		t.Errorf("given r1c1 %v, r2c2 %v, clues %d; want only r1c1", b.Given(0), b.Given(5), b.Clues())
	}
	if b.Empty() != 14 || b.Mark() != 0 {
		t.Errorf("empty %d, trail %d; want 14 and 0", b.Empty(), b.Mark())
	}
	if want := AllDigits(4) &^ Bit(1) &^ Bit(3); b.cand[1] != want || b.cand[15] != AllDigits(4) {
		t.Errorf("candidates r1c2 %v, r4c4 %v; want %v and all", b.cand[1], b.cand[15], want)
	}
	b.Place(15, 4) // still tracking
	if b.Changes(0) == 0 {
		t.Error("Reset turned tracking off")
	}
	if n := testing.AllocsPerRun(10, func() { b.Reset(clues, entries) }); n != 0 {
		t.Errorf("Reset allocates %v times", n)
	}
}

func TestConflict(t *testing.T) {
	l, _ := NewLayout(Config{Size: 4, Variant: Killer, Cages: []Cage{{Cells: []int{0, 5}, Target: 3, Op: OpAdd}}})
	at := func(i int, ok bool) int {
		if !ok {
			return -9
		}
		return i
	}
	tests := []struct {
		name             string
		c                Conflict
		cell, unit, cage int // -9 for none
		digit            int
		want             string
	}{
		{"none", Conflict{}, -9, -9, -9, 0, "contradiction"},
		{"cell 0 without candidates", CellConflict(0, 0), 0, -9, -9, 0, "r1c1 has no candidates left"},
		{"peers", CellConflict(5, 2), 5, -9, -9, 2, "r2c2 and a peer both hold 2"},
		{"repeat in unit 0", CellConflict(1, 3).In(0), 1, 0, -9, 3, "row 1 holds 3 twice (r1c2)"},
		{"no place in unit 0", UnitConflict(0, 4), -9, 0, -9, 4, "4 has no place left in row 1"},
		{"cage 0", CageConflict(0), -9, -9, 0, 0, "the cage 3+ at r1c1 can no longer reach its target"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := [4]int{at(tt.c.Cell()), at(tt.c.Unit()), at(tt.c.Cage()), tt.c.Digit()}; got != [4]int{tt.cell, tt.unit, tt.cage, tt.digit} {
				t.Errorf("cell, unit, cage, digit = %v, want %v", got, [4]int{tt.cell, tt.unit, tt.cage, tt.digit})
			}
			if got := tt.c.Describe(Notation{Layout: l}); got != tt.want {
				t.Errorf("Describe = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestStr8tsLayout checks the Str8ts model: black cells in no unit, rows
// and columns partial, the runs of white cells compartments, and the peers
// those of whole lines so that a black clue's digit repeats nowhere in
// them.
func TestStr8tsLayout(t *testing.T) {
	// 4×4, black at r1c3 and r3c1:  . . # .  /  . . . .  /  # . . .  /  . . . .
	black := make([]bool, 16)
	black[2], black[8] = true, true
	l, err := NewLayout(Config{Size: 4, Variant: Str8ts, Black: black})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range l.Compartments() {
		names = append(names, l.units[u].Name())
	}
	want := "compartment r1c1-2, compartment r2c1-4, compartment r3c2-4, compartment r4c1-4, compartment r1-2c1, compartment r1-4c2, compartment r2-4c3, compartment r1-4c4"
	if got := strings.Join(names, ", "); got != want {
		t.Errorf("compartments:\n got %s\nwant %s", got, want)
	}
	for u := range l.units {
		if !l.units[u].Partial {
			t.Errorf("%s is not partial", l.units[u].Name())
		}
		for _, cell := range l.units[u].Cells {
			if l.IsBlack(cell) {
				t.Errorf("%s holds black cell %s", l.units[u].Name(), l.CellName(cell))
			}
		}
	}
	if !l.Sees(2, 3) || !l.Sees(2, 14) || l.Sees(2, 5) {
		t.Error("black cell r1c3 does not see its row and column only")
	}
	b, err := Load(l, make([]CellState, 16))
	if err != nil {
		t.Fatal(err)
	}
	if b.Empty() != 14 {
		t.Errorf("Empty() = %d, want 14 white cells", b.Empty())
	}
	if _, ok := b.Check(); !ok {
		t.Error("the empty board has a conflict")
	}
	cells := make([]CellState, 16)
	cells[2] = CellState{Value: 3, Given: true}
	b, err = Load(l, cells)
	if err != nil {
		t.Fatal(err)
	}
	if b.cand[0].Has(3) || b.cand[14].Has(3) || !b.cand[5].Has(3) {
		t.Error("the black clue 3 at r1c3 does not leave its row and column only")
	}
	cells[2].Given = false
	if _, err := Load(l, cells); err == nil || !strings.Contains(err.Error(), "black cell r1c3") {
		t.Errorf("an entry in a black cell: err = %v", err)
	}
	// r1c1-2 is a straight of two: 1 and 3 cannot share it.
	b, _ = Load(l, make([]CellState, 16))
	b.Place(0, 1)
	b.Restrict(1, Bit(3))
	if c, ok := b.Check(); ok {
		t.Error("a broken straight passes Check")
	} else if got := c.Describe(Notation{Layout: l}); got != "compartment r1c1-2 can no longer hold a straight" {
		t.Errorf("conflict %q", got)
	}
}

func TestStraightWindows(t *testing.T) {
	cells := []int{0, 1, 2}
	tests := []struct {
		value   []uint8
		cand    []Digits
		windows Digits // bit lo-1 for each open window lo..lo+2
		sure    Digits
	}{
		{[]uint8{0, 0, 0}, []Digits{AllDigits(9), AllDigits(9), AllDigits(9)}, AllDigits(7), 0},
		{[]uint8{5, 0, 0}, []Digits{0, AllDigits(9), AllDigits(9)}, Bit(3) | Bit(4) | Bit(5), Bit(5)},
		{[]uint8{5, 0, 0}, []Digits{0, Bit(4) | Bit(9), Bit(3) | Bit(4) | Bit(6)}, Bit(3) | Bit(4), Bit(4) | Bit(5)},
		{[]uint8{1, 9, 0}, []Digits{0, 0, AllDigits(9)}, 0, 0},
		{[]uint8{0, 0, 0}, []Digits{Bit(2), Bit(2), AllDigits(9)}, 0, 0},
	}
	for i, tt := range tests {
		got := StraightWindows(9, cells, tt.value, tt.cand)
		if got != tt.windows {
			t.Errorf("%d: windows %v, want %v", i, got, tt.windows)
		}
		if _, sure := StraightSpan(got, 3); sure != tt.sure {
			t.Errorf("%d: sure %v, want %v", i, sure, tt.sure)
		}
	}
}

// TestStr8tsVariants checks the units Str8ts X, B and BX add: diagonals
// and boxes, partial, without their black cells.
func TestStr8tsVariants(t *testing.T) {
	black := make([]bool, 81)
	black[0], black[80], black[40] = true, true, true // both diagonals and the middle box
	for _, tt := range []struct {
		v                Variant
		diagonals, boxes int
	}{{Str8ts, 0, 0}, {Str8tsX, 2, 0}, {Str8tsB, 0, 9}, {Str8tsBX, 2, 9}} {
		l, err := NewLayout(Config{Size: 9, Variant: tt.v, Black: black})
		if err != nil {
			t.Fatalf("%s: %v", tt.v, err)
		}
		kinds := map[UnitKind]int{}
		for _, u := range l.units {
			kinds[u.Kind]++
			if !u.Partial {
				t.Errorf("%s: %s is not partial", tt.v, u.Name())
			}
			want := 9
			switch {
			case u.Kind == Diagonal && u.Index == 0:
				want = 6 // r1c1, r5c5, r9c9 black
			case u.Kind == Diagonal:
				want = 8 // r5c5
			case u.Kind == Region && (u.Index == 0 || u.Index == 4 || u.Index == 8):
				want = 8
			case u.Kind == Compartment:
				continue
			case u.Kind == Row && (u.Index == 0 || u.Index == 4 || u.Index == 8):
				want = 8
			case u.Kind == Column && (u.Index == 0 || u.Index == 4 || u.Index == 8):
				want = 8
			}
			if len(u.Cells) != want {
				t.Errorf("%s: %s has %d cells, want %d", tt.v, u.Name(), len(u.Cells), want)
			}
		}
		if kinds[Diagonal] != tt.diagonals || kinds[Region] != tt.boxes {
			t.Errorf("%s: %d diagonals, %d boxes; want %d, %d", tt.v, kinds[Diagonal], kinds[Region], tt.diagonals, tt.boxes)
		}
	}
}

// TestBareCage builds a killer with a cage drawn without its total: its
// cells are peers of each other, in no unit and in no cage with a target,
// and a digit placed twice in it is a conflict.
func TestBareCage(t *testing.T) {
	l, err := NewLayout(Config{Size: 9, Variant: Killer, Cages: []Cage{
		{Cells: []int{0, 1}, Target: 3, Op: OpAdd},
		{Cells: []int{40, 50, 60}, Op: OpDistinct}, // r5c5, r6c6, r7c7: no unit holds them all
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(l.Cages()); got != 1 {
		t.Fatalf("%d cages with a total, want 1", got)
	}
	bare := l.BareCages()
	if len(bare) != 1 || !slices.Equal(bare[0].Cells, []int{40, 50, 60}) || bare[0].Op != OpDistinct {
		t.Fatalf("bare cages %v, want one of r5c5, r6c6, r7c7", bare)
	}
	if len(l.Units()) != 27 {
		t.Errorf("%d units, want 27: a bare cage is no unit", len(l.Units()))
	}
	for _, c := range []int{40, 50, 60} {
		if l.CellCage(c) != -1 {
			t.Errorf("cell %d is in cage %d, want none with a total", c, l.CellCage(c))
		}
	}
	if !slices.Contains(l.Peers(40), 60) || !slices.Contains(l.Peers(60), 40) {
		t.Error("r5c5 and r7c7 are no peers")
	}
	if slices.Contains(l.Peers(41), 60) {
		t.Error("r5c6 sees r7c7")
	}
	b := NewBoard(l)
	if !b.Place(40, 4) || b.Cands(60).Has(4) {
		t.Fatalf("4 placed in r5c5 stays a candidate of r7c7: %v", b.Cands(60))
	}
	// Clues are written whether their peers still allow them or not.
	clues := NewBoard(l)
	given := make([]uint8, l.Cells)
	given[40], given[60] = 4, 4
	clues.Reset(given, nil)
	if c, ok := clues.Check(); ok {
		t.Fatal("4 twice in the bare cage is no conflict")
	} else if cell, at := c.Cell(); !at || cell != 60 || c.Digit() != 4 {
		t.Errorf("conflict %v, want 4 at r7c7", c.Describe(Notation{Layout: l}))
	}
	c := l.clone()
	if len(c.BareCages()) != 1 || &c.BareCages()[0].Cells[0] == &bare[0].Cells[0] {
		t.Error("a copy of the layout shares its bare cages")
	}
}

// TestPlaceRefuses checks that Place leaves the board as it is for a digit
// outside 1..N and for a black cell, keeping the count of empty cells true:
// a digit written in a black cell counted as filling a white one, so that
// the board reported Solved with a white cell empty.
func TestPlaceRefuses(t *testing.T) {
	black := make([]bool, 16)
	black[0] = true
	tests := []struct {
		name     string
		cfg      Config
		cell, d  int
		wantDone bool
	}{
		{"digit in range", Config{Size: 9}, 0, 9, true},
		{"digit 0", Config{Size: 9}, 0, 0, false},
		{"digit -1", Config{Size: 9}, 0, -1, false},
		{"digit above N", Config{Size: 9}, 0, 10, false},
		{"digit above MaxSize", Config{Size: 9}, 0, 300, false},
		{"black cell", Config{Size: 4, Variant: Str8ts, Black: black}, 0, 1, false},
		{"white cell", Config{Size: 4, Variant: Str8ts, Black: black}, 1, 1, true},
	}
	for _, tt := range tests {
		l, err := NewLayout(tt.cfg)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		b := NewBoard(l)
		before, empty := b.Values(), b.Empty()
		if got := b.Place(tt.cell, tt.d); got != tt.wantDone {
			t.Errorf("%s: Place(%d, %d) = %v, want %v", tt.name, tt.cell, tt.d, got, tt.wantDone)
		}
		if tt.wantDone {
			continue
		}
		if !b.ValuesEqual(before) || b.Empty() != empty {
			t.Errorf("%s: Place(%d, %d) changed the board: values %v, empty %d, want %v, %d",
				tt.name, tt.cell, tt.d, b.Values(), b.Empty(), before, empty)
		}
	}
}

// TestHasOutOfRange checks that Digits.Has and Board.Eliminate take any
// int, as their signatures do: a number outside 1..MaxSize, such as the 0
// of an empty cell's Value, is in no set, where it panicked with a
// negative shift.
func TestHasOutOfRange(t *testing.T) {
	all := AllDigits(MaxSize)
	tests := []struct {
		d    int
		want bool
	}{
		{-1, false}, {0, false}, {1, true}, {32, true}, {33, false}, {1 << 40, false},
	}
	l, err := NewLayout(Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		if got := all.Has(tt.d); got != tt.want {
			t.Errorf("AllDigits(%d).Has(%d) = %v, want %v", MaxSize, tt.d, got, tt.want)
		}
		b := NewBoard(l)
		if tt.d > 9 || !tt.want {
			if b.Eliminate(0, tt.d) || b.Cands(0) != AllDigits(9) {
				t.Errorf("Eliminate(0, %d) took a candidate: %v", tt.d, b.Cands(0))
			}
		}
	}
}

// TestUndoBadMark checks that Undo to a mark the trail never had panics
// with a message naming it, where a mark past the trail's end within its
// capacity used to bring back stale changes silently.
func TestUndoBadMark(t *testing.T) {
	l, _ := NewLayout(Config{Size: 9})
	for _, mark := range []int{-1, 2} {
		b := NewBoard(l)
		b.Track(true)
		b.Place(40, 3)
		b.Place(0, 5)
		b.Undo(1) // the trail keeps its capacity: a mark of 2 was in range
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), fmt.Sprintf("mark %d", mark)) {
					t.Errorf("Undo(%d): recovered %v, want a panic naming the mark", mark, r)
				}
			}()
			b.Undo(mark)
		}()
		if b.Value(0) != 0 || b.Value(40) != 3 {
			t.Errorf("Undo(%d) changed the board: r1c1 %d, r5c5 %d", mark, b.Value(0), b.Value(40))
		}
	}
}

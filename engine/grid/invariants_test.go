package grid

import (
	"slices"
	"testing"
)

// TestLayoutsAreNotShared: two callers of NewLayout with the same standard
// configuration get layouts of their own, so that one caller's write to
// its layout's slices cannot change the other's (or a later caller's).
func TestLayoutsAreNotShared(t *testing.T) {
	for _, c := range []Config{{Size: 9}, {Size: 9, Variant: X}, {Size: 16}, {Size: 9, Variant: Windoku}} {
		a, err := NewLayout(c)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewLayout(c)
		if a == b {
			t.Fatalf("%v: NewLayout returned the same *Layout twice", c)
		}
		wantPeers := slices.Clone(b.Peers[0])
		wantUnit := slices.Clone(b.Units[0].Cells)
		wantCellUnit := slices.Clone(b.CellUnit[0])
		// A careless caller writes through every slice it can reach.
		a.Peers[0][0] = 42
		a.Peers[0] = append(a.Peers[0], 7)
		a.Units[0].Cells[1] = 17
		a.Units[0].Kind = Window
		a.CellUnit[0][0] = 3
		if len(a.Overlaps) > 0 {
			a.Overlaps[0].Cells[0] = 80
		}
		a.Peers[1] = append(a.Peers[1], 0) // may not spill into its neighbour
		for _, l := range []*Layout{b, must(NewLayout(c))} {
			if !slices.Equal(l.Peers[0], wantPeers) || !slices.Equal(l.Units[0].Cells, wantUnit) ||
				!slices.Equal(l.CellUnit[0], wantCellUnit) || l.Units[0].Kind != Row {
				t.Errorf("%v: a write to one caller's layout reached another's", c)
			}
			if l.Origin() != b.Origin() {
				t.Errorf("%v: copies of one standard layout name different shared layouts", c)
			}
		}
		if !slices.Equal(a.Peers[2], b.Peers[2]) {
			t.Errorf("%v: an append to one cell's peers overwrote the next cell's", c)
		}
		// The written layout's own board sees its write; a board of the
		// other does not.
		bb := NewBoard(b)
		bb.Place(0, 5)
		for _, p := range wantPeers {
			if bb.Cand[p].Has(5) {
				t.Fatalf("%v: placing 5 in r1c1 left it a candidate of peer %d", c, p)
			}
		}
	}
}

func must(l *Layout, err error) *Layout {
	if err != nil {
		panic(err)
	}
	return l
}

// TestPlaceRefusesFilledCell: Place on a clue or a placed digit changes
// nothing and reports so, and Empty stays the count of empty cells.
func TestPlaceRefusesFilledCell(t *testing.T) {
	l := must(NewLayout(Config{Size: 4}))
	b := NewBoard(l)
	b.Reset([]uint8{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, nil)
	tests := []struct {
		name       string
		cell, d    int
		want       bool
		wantEmpty  int
		wantValue0 uint8
	}{
		{"empty cell", 5, 2, true, 14, 1},
		{"the clue", 0, 3, false, 14, 1},
		{"the placed cell", 5, 4, false, 14, 1},
		{"another empty cell", 15, 1, true, 13, 1},
	}
	for _, tt := range tests {
		if got := b.Place(tt.cell, tt.d); got != tt.want {
			t.Errorf("%s: Place(%d, %d) = %v, want %v", tt.name, tt.cell, tt.d, got, tt.want)
		}
		if b.Empty() != tt.wantEmpty || b.Value(0) != tt.wantValue0 {
			t.Errorf("%s: Empty() = %d, r1c1 %d; want %d, %d", tt.name, b.Empty(), b.Value(0), tt.wantEmpty, tt.wantValue0)
		}
		if n := countEmpty(b); n != b.Empty() {
			t.Errorf("%s: Empty() = %d but %d cells are empty", tt.name, b.Empty(), n)
		}
	}
	if b.Value(5) != 2 {
		t.Errorf("a refused Place overwrote r2c2: %d", b.Value(5))
	}
}

func countEmpty(b *Board) int {
	n := 0
	for _, v := range b.value {
		if v == 0 {
			n++
		}
	}
	return n
}

// TestPristineIsACopy: the layout a cache builds from (Pristine) is a new
// copy each time, so that neither a caller's write to its own layout nor a
// write to a Pristine copy reaches the shared standard layout, and copies of
// one standard layout keep one Origin.
func TestPristineIsACopy(t *testing.T) {
	a := must(NewLayout(Config{Size: 9}))
	want := slices.Clone(a.Peers[0])
	a.Peers[0][0] = 42
	p := a.Pristine()
	if p == a || p == a.Pristine() {
		t.Fatal("Pristine returned a layout already handed out")
	}
	if !slices.Equal(p.Peers[0], want) {
		t.Fatalf("Pristine of a written copy carries the write: %v, want %v", p.Peers[0], want)
	}
	p.Peers[0][1] = 43
	p.Units[0].Cells[0] = 44
	for _, l := range []*Layout{a.Pristine(), must(NewLayout(Config{Size: 9}))} {
		if !slices.Equal(l.Peers[0], want) || l.Units[0].Cells[0] != 0 {
			t.Errorf("a write to a Pristine copy reached a later layout: peers %v, row 1 %v", l.Peers[0], l.Units[0].Cells)
		}
		if l.Origin() != a.Origin() {
			t.Error("copies of one standard layout have different Origins")
		}
	}
	jig := must(NewLayout(Config{Size: 4, Regions: []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}}))
	if jig.Pristine() != jig || jig.Origin() == a.Origin() || jig.Origin() == (Origin{}) {
		t.Error("a layout of its own is not its own Pristine and Origin")
	}
}

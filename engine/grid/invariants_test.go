package grid

import (
	"reflect"
	"testing"
)

// TestLayoutHasNoWritableField: every caller of NewLayout gets a copy of
// its own (TestLayoutWritesStayOwn), made with the struct and its tables,
// so none of its exported fields may reach memory another copy reads: no
// slice, map, pointer, function or interface. Its tables are read through
// its methods.
func TestLayoutHasNoWritableField(t *testing.T) {
	typ := reflect.TypeFor[Layout]()
	for f := range typ.Fields() {
		if !f.IsExported() {
			continue
		}
		switch f.Type.Kind() {
		case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Func, reflect.Interface, reflect.Chan, reflect.Array:
			t.Errorf("Layout.%s is an exported %s: a caller could change another's layout", f.Name, f.Type)
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

// TestBoardHasNoExportedField: a board's digits, candidates and layout
// change only through its methods, which keep Empty and the trail true.
func TestBoardHasNoExportedField(t *testing.T) {
	for f := range reflect.TypeFor[Board]().Fields() {
		if f.IsExported() {
			t.Errorf("Board.%s is exported: a caller could change the board behind its methods", f.Name)
		}
	}
}

// TestSetCands: SetCands sets the pencil marks of an empty cell alone, is
// undone like any change, and the candidate readers agree with it.
func TestSetCands(t *testing.T) {
	l := must(NewLayout(Config{Size: 4}))
	b := NewBoard(l)
	b.Reset([]uint8{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, nil)
	b.Track(true)
	mark := b.Mark()
	before := b.AppendCandidates(nil)
	tests := []struct {
		name string
		cell int
		ds   Digits
		want bool
	}{
		{"empty cell", 5, Bit(2) | Bit(4), true},
		{"a digit back", 1, Bit(1) | Bit(2), true},
		{"the clue", 0, Bit(2), false},
		{"above the size", 6, Bit(5), false},
	}
	for _, tt := range tests {
		if got := b.SetCands(tt.cell, tt.ds); got != tt.want {
			t.Errorf("%s: SetCands(%d, %v) = %v, want %v", tt.name, tt.cell, tt.ds, got, tt.want)
		}
		if want := tt.ds; !tt.want {
			if got := b.Cands(tt.cell); got != before[tt.cell] {
				t.Errorf("%s: a refused SetCands changed the candidates to %v", tt.name, got)
			}
		} else if got := b.Cands(tt.cell); got != want {
			t.Errorf("%s: Cands(%d) = %v, want %v", tt.name, tt.cell, got, want)
		}
	}
	if b.Empty() != 15 || countEmpty(b) != 15 {
		t.Errorf("Empty() = %d, %d cells empty; want 15", b.Empty(), countEmpty(b))
	}
	for cell, ds := range b.Candidates() {
		if ds != b.Cands(cell) {
			t.Errorf("Candidates yields %v for cell %d, Cands %v", ds, cell, b.Cands(cell))
		}
	}
	b.Undo(mark)
	if !b.CandidatesEqual(before) {
		t.Errorf("Undo left candidates %v, want %v", b.AppendCandidates(nil), before)
	}
}

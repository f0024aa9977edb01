package grid

import (
	"reflect"
	"testing"
)

// TestLayoutHasNoWritableField: a Layout is shared by every caller of a
// standard configuration (TestLayoutsShared), so none of its exported
// fields may reach memory another caller reads: no slice, map, pointer,
// function or interface. Its tables are read through its methods.
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

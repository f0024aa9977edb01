package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestExplainSettis checks that a Settis step counts and names the lines
// of both directions: the lines sure to hold the digit and those of the
// other direction that can, all of them by count alone.
func TestExplainSettis(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Str8ts})
	if err != nil {
		t.Fatal(err)
	}
	lines := newStr8tsLines(l)
	tests := []struct {
		name      string
		across    bool // the line given the placement is a row
		line      int
		must, can uint64
		want      string
	}{
		{"three each", false, 4, 1<<0 | 1<<3 | 1<<6, 1<<1 | 1<<4 | 1<<7,
			"3 rows are sure to hold 6 (rows 1, 4, 7) and only 3 columns can (columns 2, 5, 8), so each of those columns holds it: 6 has one place in column 5, r3c5=6"},
		{"one each", true, 2, 1 << 8, 1 << 2,
			"1 column is sure to hold 6 (column 9) and only 1 row can (row 3), so each of those rows holds it: 6 has one place in row 3, r3c5=6"},
		{"all", true, 2, 1<<9 - 1, 1<<9 - 1,
			"all 9 columns are sure to hold 6 and all 9 rows can, so each of those rows holds it: 6 has one place in row 3, r3c5=6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cell := 2*9 + 4 // r3c5
			s := &Step{
				Strategy:   settis,
				Technique:  settis.technique,
				Digits:     grid.Bit(6),
				Placements: []CellDigit{{cell, 6}},
				Cells:      []int{cell},
				Units:      []int{lines.line(tt.across, tt.line)},
				counted:    [2]uint64{tt.must, tt.can},
			}
			if got := s.Explain(grid.Notation{Layout: l}); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestNodeCombosStraights checks that the straights a compartment node of
// a forcing net keeps read as ranges, as in the other Str8ts steps ("4-6,
// 5-7"), and that a cage's digit sets stay sets.
func TestNodeCombosStraights(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Str8ts})
	if err != nil {
		t.Fatal(err)
	}
	n := grid.Notation{Layout: l}
	set := func(ds ...int) grid.Digits {
		var s grid.Digits
		for _, d := range ds {
			s |= grid.Bit(d)
		}
		return s
	}
	tests := []struct {
		name   string
		kind   NodeKind
		combos []grid.Digits
		want   string
	}{
		{"straights", CompartmentNode, []grid.Digits{set(4, 5, 6), set(5, 6, 7)}, "4-6, 5-7"},
		{"one straight", CompartmentNode, []grid.Digits{set(1, 2, 3, 4, 5, 6)}, "1-6"},
		{"one cell", CompartmentNode, []grid.Digits{set(5), set(6)}, "5, 6"},
		{"not a straight", CompartmentNode, []grid.Digits{set(2, 4)}, "{2,4}"},
		{"not a compartment", GroupNode, []grid.Digits{set(4, 5, 6), set(5, 6, 7)}, "{4,5,6},{5,6,7}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nd := &Node{Kind: tt.kind, Cage: -1, Combos: tt.combos}
			if got := nodeCombos(n, nd); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

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

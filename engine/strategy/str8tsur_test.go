package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestStr8tsUniqueRectangleExplain checks the explanation of a Str8ts
// Unique Rectangle: the three bivalue corners, then their two digits.
func TestStr8tsUniqueRectangleExplain(t *testing.T) {
	n := grid.Notation{Layout: testLayout(t, grid.Config{Size: 9})}
	for _, tc := range []struct {
		name  string
		cells []int
		pair  grid.Digits
		extra int
		want  string
	}{
		{"rows 1 and 3", []int{4, 5, 23}, grid.Bit(6) | grid.Bit(7), 22,
			"r1c5, r1c6, r3c6 hold only 6/7: with r3c5 it would be a deadly pattern (the two digits could swap in every row, column and compartment), so r3c5<>6, r3c5<>7"},
		{"rows 5 and 6", []int{38, 47, 48}, grid.Bit(4) | grid.Bit(6), 39,
			"r5c3, r6c3, r6c4 hold only 4/6: with r5c4 it would be a deadly pattern (the two digits could swap in every row, column and compartment), so r5c4<>4, r5c4<>6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Step{Strategy: Str8tsUniqueRectangle(), Technique: str8tsUniqueRectangle.technique, Digits: tc.pair, Cells: tc.cells}
			for d := tc.pair; d != 0; d &= d - 1 {
				s.Eliminations = append(s.Eliminations, CellDigit{tc.extra, d.Min()})
			}
			if got := explainStr8tsUniqueRectangle(s, n); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

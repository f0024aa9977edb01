package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestDrawnOn checks that a step is drawn on a board only while every
// candidate its drawing names is still there: its candidate nodes' and
// those its nodes' rules took out in a trial (Node.Removed), which a
// trial found on an earlier board may name after a step between removed
// them.
func TestDrawnOn(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	for _, tc := range []struct {
		name  string
		setup func(b *grid.Board)
		nodes []Node
		want  bool
	}{
		{"candidate node open", nil, []Node{{Kind: CandidateNode, Digit: 5, Cells: []int{0}}}, true},
		{"candidate node removed", func(b *grid.Board) { b.Eliminate(0, 5) }, []Node{{Kind: CandidateNode, Digit: 5, Cells: []int{0}}}, false},
		{"candidate node placed", func(b *grid.Board) { b.Place(0, 5) }, []Node{{Kind: CandidateNode, Digit: 5, Cells: []int{0}}}, true},
		{"removed open", nil, []Node{{Kind: SumNode, Cells: []int{0, 1}, Target: 9, Removed: []CellDigit{{63, 9}}}}, true},
		{"removed since", func(b *grid.Board) { b.Eliminate(63, 9) }, []Node{{Kind: SumNode, Cells: []int{0, 1}, Target: 9, Removed: []CellDigit{{63, 9}}}}, false},
		{"removed cell placed since", func(b *grid.Board) { b.Place(63, 1) }, []Node{{Kind: CageNode, Cells: []int{63, 72}, Removed: []CellDigit{{63, 9}}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := grid.NewBoard(l)
			if tc.setup != nil {
				tc.setup(b)
			}
			s := &Step{Nodes: tc.nodes}
			if got := s.DrawnOn(b); got != tc.want {
				t.Errorf("DrawnOn = %v, want %v", got, tc.want)
			}
		})
	}
}

package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestLineRulesReadingOrder: a Line Rules step lists its cells, and its
// eliminations, in reading order, though a whole cage of another operator
// of the line (r1c3-r1c4, 1-) comes among the cages after the cells of
// cages that leave it (r1c1, r1c2).
func TestLineRulesReadingOrder(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 4, Variant: grid.KenKen, Cages: []grid.Cage{
		{Cells: []int{0, 4}, Target: 3, Op: grid.OpAdd},
		{Cells: []int{1, 5}, Target: 2, Op: grid.OpMul},
		{Cells: []int{2, 3}, Target: 1, Op: grid.OpSub},
		{Cells: []int{6, 7}, Target: 7, Op: grid.OpAdd},
		{Cells: []int{8, 9, 12, 13}, Target: 10, Op: grid.OpAdd},
		{Cells: []int{10, 11, 14, 15}, Target: 10, Op: grid.OpAdd},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	b.SetCands(0, grid.Bit(1)|grid.Bit(2))
	b.SetCands(1, grid.Bit(1)|grid.Bit(2))
	sink := Sink{All: true}
	LineRules().Find(b, &sink)
	n := grid.Notation{Layout: l}
	found := false
	for _, s := range sink.Steps() {
		if s.Units[0] != 0 {
			continue
		}
		found = true
		if !slices.IsSorted(s.Cells) || !slices.IsSortedFunc(s.Eliminations, func(a, b CellDigit) int { return a.Cell - b.Cell }) {
			t.Errorf("cells or eliminations out of reading order: %s", s.Explain(n))
		}
		t.Log(s.Explain(n))
	}
	if !found {
		t.Error("no Line Rules step on row 1")
	}
}

package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestComboDigitsRepeats checks the combinations of KenKen cages whose
// digits may repeat: each filling with its repeats, its digits ascending
// and the fillings ascending as they read, in the data (Node.ComboDigits)
// and in the text alike.
func TestComboDigitsRepeats(t *testing.T) {
	cages := []grid.Cage{
		{Cells: []int{0, 1, 6}, Target: 54, Op: grid.OpMul},        // L: 3×3×6
		{Cells: []int{2, 3, 8}, Target: 6, Op: grid.OpMul},         // L: 1×1×6, 1×2×3
		{Cells: []int{12, 13, 18, 19}, Target: 14, Op: grid.OpAdd}, // square
	}
	caged := map[int]bool{}
	for _, cg := range cages {
		for _, c := range cg.Cells {
			caged[c] = true
		}
	}
	for c := range 36 {
		if !caged[c] {
			cages = append(cages, grid.Cage{Cells: []int{c}, Target: 1})
		}
	}
	l, err := grid.NewLayout(grid.Config{Size: 6, Variant: grid.KenKen, Cages: cages})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	n := grid.Notation{Layout: l}
	for i, want := range []string{"{3,3,6}", "{1,1,6},{1,2,3}", ""} {
		k := l.CellCage(cages[i].Cells[0])
		var s Step
		addCageNode(b, &s, k)
		nd := &s.Nodes[0]
		lists := nd.ComboDigits(l)
		for i, f := range lists {
			if !slices.IsSorted(f) {
				t.Errorf("cage %d: combination %v not ascending", k, f)
			}
			if i > 0 && slices.Compare(lists[i-1], f) >= 0 {
				t.Errorf("cage %d: combinations %v, %v out of order", k, lists[i-1], f)
			}
			var set grid.Digits
			for _, d := range f {
				set |= grid.Bit(d)
			}
			if !slices.Contains(nd.Combos, set) {
				t.Errorf("cage %d: combination %v is of no set of Combos %v", k, f, nd.Combos)
			}
		}
		if len(lists) < len(nd.Combos) {
			t.Errorf("cage %d: %d lists for %d sets", k, len(lists), len(nd.Combos))
		}
		if got := nodeCombos(n, nd); want != "" && got != want {
			t.Errorf("cage %d keeps %s, want %s", k, got, want)
		} else {
			t.Logf("cage %d keeps %s", k, got)
		}
	}
}

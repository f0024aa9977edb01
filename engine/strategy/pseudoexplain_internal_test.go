package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestExplainPseudoSingleDigit checks that a pseudo-cage of one cell
// names its target as the digit the cell holds, in the puzzle's symbols:
// a 16×16 killer lettered A-G read "the innie of box 1, r2c4, is 10;
// remove r2c4-1, ..., r2c4-B", the digit in numbers and the candidates in
// letters.
func TestExplainPseudoSingleDigit(t *testing.T) {
	const hex = ".123456789ABCDEFG"
	tests := []struct {
		name    string
		size    int
		symbols string
		cages   []grid.Cage
		tech    *Technique
		cell    int // the pseudo-cage's one cell
		target  int
		removed int // the digit the step removes from the cell
		want    string
	}{
		{"innie 16x16 letters", 16, hex, []grid.Cage{{Cells: []int{17, 18}, Target: 20, Op: grid.OpAdd}}, innieSingle, 17, 10, 11,
			"Innies and Outies: the innie of box 1, r2c2, is A; remove r2c2-B"},
		{"innie 9x9", 9, "", []grid.Cage{{Cells: []int{10, 11}, Target: 10, Op: grid.OpAdd}}, innieSingle, 10, 7, 8,
			"Innies and Outies: the innie of box 1, r2c2, is 7; remove r2c2-8"},
		{"cage splitting 16x16 letters", 16, hex, []grid.Cage{{Cells: []int{1, 17}, Target: 25, Op: grid.OpAdd}}, cageSplitting, 17, 12, 11,
			"Cage Splitting (cage 25+ at r1c2 split by box 1): r2c2 is C; remove r2c2-B"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: tt.size, Variant: grid.Killer, Cages: tt.cages})
			if err != nil {
				t.Fatal(err)
			}
			box := -1
			for u, unit := range l.Units() {
				if unit.Kind == grid.Region && unit.Index == 0 {
					box = u
				}
			}
			st := inniesOutiesStrategy
			if tt.tech == cageSplitting {
				st = cageSplittingStrategy
			}
			s := &Step{
				Strategy:     st,
				Technique:    tt.tech,
				Cells:        []int{tt.cell},
				Units:        []int{box},
				Target:       tt.target,
				Op:           grid.OpAdd,
				Eliminations: []CellDigit{{Cell: tt.cell, Digit: tt.removed}},
			}
			if got := s.Explain(grid.Notation{Layout: l, Symbols: tt.symbols}); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

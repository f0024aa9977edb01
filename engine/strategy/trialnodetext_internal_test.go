package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialNodeTextCompartment checks that a forcing net's path names a
// Str8ts compartment it follows as the compartment, as the rules it lists
// do ("compartment r1c1-3 keeping 1-3"), not as a sum group of target
// 0 ("(r1c1+r1c2+r1c3=0) keeps {1,2,3}").
func TestTrialNodeTextCompartment(t *testing.T) {
	black := make([]bool, 36)
	black[3] = true // r1c4 ends the compartment r1c1-3
	l, err := grid.NewLayout(grid.Config{Size: 6, Variant: grid.Str8ts, Black: black})
	if err != nil {
		t.Fatal(err)
	}
	comp := -1
	for u, unit := range l.Units() {
		if unit.Kind == grid.Compartment && len(unit.Cells) == 3 && unit.Cells[0] == 0 {
			comp = u
		}
	}
	if comp < 0 {
		t.Fatal("no compartment r1c1-3")
	}
	n := grid.Notation{Layout: l}
	tests := []struct {
		name string
		node Node
		want string
	}{
		{"straights kept", Node{Kind: CompartmentNode, Unit: comp, Cells: []int{0, 1, 2}, Combos: []grid.Digits{0b111, 0b1110}},
			"compartment r1c1-3 keeps 1-3, 2-4"},
		{"none listed", Node{Kind: CompartmentNode, Unit: comp, Cells: []int{0, 1, 2}},
			"compartment r1c1-3 rules out what no filling puts in its cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := trialNodeText(&tt.node, n); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

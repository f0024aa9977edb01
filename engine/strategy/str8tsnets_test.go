package strategy

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestForcingNetFollowsBothCompartments: a Str8ts cell lies in a
// compartment across and one down, and a net follows the rule of each.
// r1c2=9 leaves compartment r1c1-2 (r1c1 holds 4 or 6) no straight,
// which only its across compartment says: the net that followed one
// compartment a cell (the last, down) never saw it.
func TestForcingNetFollowsBothCompartments(t *testing.T) {
	black := make([]bool, 81)
	black[2] = true // r1c3
	l := testLayout(t, grid.Config{Size: 9, Variant: grid.Str8ts, Black: black})
	b := testBoard(t, l, nil, map[string]string{"r1c1": "46", "r1c2": "59"})
	b.Cand[2] = 0
	target := CellDigit{cellNamed(t, l, "r1c2"), 9}
	n := grid.Notation{Layout: l}
	found := false
	for _, s := range findAllSteps(t, ForcingNet, b) {
		for _, e := range s.Eliminations {
			if e != target {
				continue
			}
			found = true
			if why := s.Explain(n); !strings.Contains(why, "compartment r1c1-2") {
				t.Errorf("the step removing r1c2-9 does not name compartment r1c1-2: %s", why)
			}
		}
	}
	if !found {
		t.Error("no forcing net removes r1c2-9, which compartment r1c1-2 rules out")
	}
}

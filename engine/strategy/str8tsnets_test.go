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
	b.SetCands(2, 0)
	target := CellDigit{cellNamed(t, l, "r1c2"), 9}
	n := grid.Notation{Layout: l}
	found := false
	for _, s := range findAllSteps(t, ForcingNet(), b) {
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

// TestForcingNetDistinctDigits: the white cells of a Str8ts row must all
// differ, so a row whose cells have fewer digits left between them than
// cells is a contradiction, though no cell and no compartment has run
// out. r1c1, r1c3 and r1c5 (single white cells) hold 1/2, 1/2 and 1/2/3:
// r1c5<>3 leaves three cells two digits.
func TestForcingNetDistinctDigits(t *testing.T) {
	black := make([]bool, 81)
	for c := 1; c < 9; c++ {
		black[c] = c != 2 && c != 4 // row 1 white at c1, c3, c5
	}
	l := testLayout(t, grid.Config{Size: 9, Variant: grid.Str8ts, Black: black})
	b := testBoard(t, l, nil, map[string]string{"r1c1": "12", "r1c3": "12", "r1c5": "123"})
	for c := 1; c < 9; c++ {
		if black[c] {
			b.SetCands(c, 0)
		}
	}
	target := CellDigit{cellNamed(t, l, "r1c5"), 3}
	n := grid.Notation{Layout: l}
	found := false
	for _, s := range findAllSteps(t, ForcingNet(), b) {
		if len(s.Placements) == 0 || s.Placements[0] != target {
			continue
		}
		found = true
		if why := s.Explain(n); !strings.Contains(why, "r1c5<>3 => row 1 has too few digits left for its cells") {
			t.Errorf("the step placing r1c5=3 does not name row 1: %s", why)
		}
	}
	if !found {
		t.Error("no forcing net places r1c5=3, which row 1's distinct digits force")
	}
}

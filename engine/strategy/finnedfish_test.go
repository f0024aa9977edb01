package strategy

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFinnedFishExplainNamesFins checks that a finned fish's explanation
// names its fins, whether the step marks them (a fish of the search of
// sets) or not (a line fish, whose steps carry no marks).
func TestFinnedFishExplainNamesFins(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	n := grid.Notation{Layout: l}
	unit := func(name string) int {
		for i := range l.Units() {
			if l.Unit(i).Name() == name {
				return i
			}
		}
		t.Fatalf("no unit %q", name)
		return -1
	}
	// Sashimi X-Wing on 5: base rows 1 and 4, cover columns 6 and 9; r1c4
	// and r1c5 are the fins and r3c6 sees both.
	units := []int{unit("row 1"), unit("row 4"), unit("column 6"), unit("column 9")}
	cells := []int{3, 4, 8, 32, 35}
	elim := []CellDigit{{23, 5}}
	marks := []Mark{{3, 5, RoleFin}, {4, 5, RoleFin}, {8, 5, RolePattern}, {32, 5, RolePattern}, {35, 5, RolePattern}, {23, 5, RoleTarget}}
	for _, tc := range []struct {
		name  string
		marks []Mark
	}{
		{"line fish without marks", nil},
		{"marked fins", marks},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Step{Strategy: FinnedFish(), Technique: finnedTechniques[0], Digits: grid.Bit(5),
				Units: units, Cells: cells, Eliminations: elim, Marks: tc.marks}
			got := explainFinnedFish(s, n)
			if !strings.Contains(got, "fins r1c4, r1c5;") || !strings.HasSuffix(got, "remove 5 from r3c6, which sees every fin") {
				t.Errorf("explanation %q does not name the fins r1c4, r1c5 and its target", got)
			}
		})
	}
	// Two targets: each sees every fin.
	s := &Step{Strategy: FinnedFish(), Technique: finnedTechniques[0], Digits: grid.Bit(5),
		Units: units, Cells: cells, Eliminations: []CellDigit{{22, 5}, {23, 5}}}
	if got := explainFinnedFish(s, n); !strings.HasSuffix(got, "remove 5 from r3c5, r3c6, each of which sees every fin") {
		t.Errorf("explanation %q, want each of its two targets to see every fin", got)
	}
}

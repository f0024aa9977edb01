package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestExplainCageMust checks when a cage step says that every filling
// uses a digit: only where that is why candidates go, a digit with one
// place left in the cage, which loses its other candidates. The cage
// 17+ at r1c1-2 keeps {8,9}, with r1c1 holding 1/8 and r1c2 8/9: no
// combination uses 1; no filling puts 8 in r1c2, since every filling
// uses 9 and only r1c2 can hold it.
func TestExplainCageMust(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 17, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	for d := 1; d <= 9; d++ {
		if d != 1 && d != 8 {
			b.Eliminate(0, d)
		}
		if d != 8 && d != 9 {
			b.Eliminate(1, d)
		}
	}
	tests := []struct {
		st   *Strategy
		want string
	}{
		{cageCombinations, "cage 17+ at r1c1 keeps {8,9}: no combination of its cells allows r1c1-1"},
		{cagePermutations, "cage 17+ at r1c1 keeps {8,9}: no filling of its cells allows r1c1-1, r1c2-8 (every filling uses 9, which only r1c2 can hold)"},
	}
	for _, tt := range tests {
		t.Run(tt.st.Name(), func(t *testing.T) {
			var sink Sink
			sink.All = true
			tt.st.Find(b, &sink)
			if len(sink.Steps()) != 1 {
				t.Fatalf("%d steps, want 1", len(sink.Steps()))
			}
			if got := sink.Steps()[0].Explain(grid.Notation{Layout: l}); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestExplainVirtualCageMust checks that a Virtual Cage step names the
// digits every filling uses only when they leave cells out of the group,
// and only those digits: removals inside the group are the fillings' own.
func TestExplainVirtualCageMust(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 17, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		elims  []CellDigit
		digits grid.Digits
		want   string
	}{
		{"inside only", []CellDigit{{4, 1}, {4, 2}}, grid.Bit(4) | grid.Bit(5),
			"Virtual Cage: a virtual cage, r1c5, r2c5, sum to 9: remove r1c5-1, r1c5-2"},
		{"one digit outside", []CellDigit{{4, 1}, {12, 4}}, grid.Bit(4) | grid.Bit(5),
			"Virtual Cage: a virtual cage, r1c5, r2c5, sum to 9, every filling uses 4: remove r1c5-1, r2c4-4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Step{
				Strategy:     virtualCages,
				Technique:    virtualCageTech,
				Digits:       tt.digits,
				Cells:        []int{4, 13},
				Target:       9,
				Op:           grid.OpAdd,
				Eliminations: tt.elims,
			}
			if got := s.Explain(grid.Notation{Layout: l}); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestExplainSubsetNamesRemovedDigits checks that a naked subset says
// which of its digits it removes: a Naked Pair 4/7 whose 7 the other
// cells no longer hold said "remove 4/7 from the other cells of row 2
// (r2c5, r2c6)" where it removed only 4 (killer9-tarek.txt line 1, step
// 176). Row 1 holds 4/7 in r1c1 and r1c2, 4 also in r1c3, and 7 nowhere
// else; a pair whose digits both go names both.
func TestExplainSubsetNamesRemovedDigits(t *testing.T) {
	tests := []struct {
		name      string
		keepSeven bool // whether r1c3 keeps 7 too
		want      []string
	}{
		{"one digit removed", false, []string{
			"Naked Pair 4/7 in r1c1, r1c2 of row 1: remove 4 from the other cells of row 1 (r1c3)",
			"Naked Pair 4/7 in r1c1, r1c2 of box 1: remove 4 from the other cells of box 1 (r1c3)",
		}},
		{"both digits removed", true, []string{
			"Naked Pair 4/7 in r1c1, r1c2 of row 1: remove 4/7 from the other cells of row 1 (r1c3)",
			"Naked Pair 4/7 in r1c1, r1c2 of box 1: remove 4/7 from the other cells of box 1 (r1c3)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Classic})
			if err != nil {
				t.Fatal(err)
			}
			b := grid.NewBoard(l)
			for _, c := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20} {
				for d := 1; d <= 9; d++ {
					switch {
					case c <= 1 && d != 4 && d != 7,
						c == 2 && d == 7 && !tt.keepSeven,
						c > 2 && (d == 4 || d == 7):
						b.Eliminate(c, d)
					}
				}
			}
			var sink Sink
			sink.All = true
			nakedSubsets.Find(b, &sink)
			var got []string
			for _, s := range sink.Steps() {
				got = append(got, s.Explain(grid.Notation{Layout: l}))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

package solver_test

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// sampleLayout returns a 4×4 layout of variant v (9×9 for killer X,
// which has no other size): jigsaw regions for the irregular variants, a
// cage with a target for those with cages, a black cell for Str8ts.
func sampleLayout(t *testing.T, v grid.Variant) *grid.Layout {
	t.Helper()
	c := grid.Config{Size: 4, Variant: v}
	if v == grid.KillerX {
		c.Size = 9
	}
	if v.Irregular() {
		c.Regions = []int{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}
	}
	switch {
	case v.IsKiller():
		c.Cages = []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}
	case v.Arithmetic():
		for cell := 0; cell < 16; cell += 2 {
			c.Cages = append(c.Cages, grid.Cage{Cells: []int{cell, cell + 1}, Target: 3, Op: grid.OpAdd})
		}
	case v.IsStr8ts():
		c.Black = make([]bool, 16)
		c.Black[5] = true
	}
	l, err := grid.NewLayout(c)
	if err != nil {
		t.Fatalf("%s layout: %v", v, err)
	}
	if l.Variant != v || v.HasCages() != (len(l.Cages()) > 0) {
		t.Fatalf("%s layout: variant %s, %d cages with a target", v, l.Variant, len(l.Cages()))
	}
	return l
}

// TestVariants checks Variants against the solver's rule on a sample
// board of each variant: a strategy is listed for a variant exactly when
// a solve that names it, on a puzzle known to have one solution, lets it
// take steps there (Options.Allows, which plans solves and FindSteps).
func TestVariants(t *testing.T) {
	layouts := map[grid.Variant]*grid.Layout{}
	for _, v := range grid.Variants() {
		layouts[v] = sampleLayout(t, v)
	}
	for _, st := range strategy.All() {
		listed := solver.Variants(st)
		for _, typ := range []solver.SolvingType{solver.Mixed, solver.LogicOnly} {
			o := solver.Options{Type: typ, Unique: true, Strategies: []*strategy.Strategy{st}}
			if typ == solver.LogicOnly && st.Class() == strategy.Search {
				continue // guessing: never in a logic-only solve
			}
			for _, v := range grid.Variants() {
				if got, want := slices.Contains(listed, v), o.Allows(st, layouts[v]) && st.Suits(v); got != want {
					t.Errorf("%s (%s) on %s (%v): listed %v, the solver allows it and its finder looks there %v", st.Name(), st.Letter(), v, typ, got, want)
				}
			}
		}
	}
	// A board of a variant with cages has one with a target at least
	// (Variants reads the rule so): grid refuses a killer without.
	if _, err := grid.NewLayout(grid.Config{Size: 4, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Op: grid.OpDistinct}}}); err == nil {
		t.Error("a killer of bare cages alone was built")
	}
	// A few facts, for the reader.
	for _, tt := range []struct {
		letter string
		want   []grid.Variant
	}{
		{"A", grid.Variants()},
		{"C", grid.Variants()},
		{"B", []grid.Variant{grid.Classic, grid.X, grid.Windoku, grid.Colour, grid.Jigsaw, grid.Killer, grid.KillerJigsaw, grid.KenKen, grid.KenDoku, grid.KillerX}},
		{"X", []grid.Variant{grid.Killer, grid.KillerJigsaw, grid.KenKen, grid.KenDoku, grid.KillerX}},
		{"x", []grid.Variant{grid.Str8ts, grid.Str8tsX, grid.Str8tsB, grid.Str8tsBX}},
		{"U", []grid.Variant{grid.Classic, grid.X, grid.Windoku, grid.Colour, grid.Jigsaw}},
		// Finders that return at once on other boards (Strategy.Suits):
		// the killer ones not on KenKen, the KenKen line rules not on
		// killers, the Law of Leftovers only with jigsaw regions.
		{"F2", []grid.Variant{grid.Killer, grid.KillerJigsaw, grid.KillerX}},
		{"a", []grid.Variant{grid.Killer, grid.KillerJigsaw, grid.KillerX}},
		{"N2", []grid.Variant{grid.Killer, grid.KillerJigsaw, grid.KillerX}},
		{"c", []grid.Variant{grid.KenKen, grid.KenDoku}},
		{"L2", []grid.Variant{grid.KenKen, grid.KenDoku}},
		{"U2", []grid.Variant{grid.Jigsaw, grid.KillerJigsaw}},
		{"M", []grid.Variant{grid.Classic, grid.X, grid.Windoku, grid.Colour, grid.Jigsaw, grid.Killer, grid.KillerJigsaw, grid.KenDoku, grid.KillerX}},
		{"q", []grid.Variant{grid.Classic, grid.X, grid.Windoku, grid.Colour, grid.Jigsaw, grid.Killer, grid.KillerJigsaw, grid.KenDoku, grid.KillerX}},
		{"X2", []grid.Variant{grid.Classic, grid.X, grid.Windoku, grid.Colour, grid.Jigsaw}},
	} {
		st, ok := strategy.Lookup(tt.letter)
		if !ok {
			t.Fatalf("no strategy %s", tt.letter)
		}
		if got := solver.Variants(st); !slices.Equal(got, tt.want) {
			t.Errorf("Variants(%s) = %v, want %v", st.Name(), got, tt.want)
		}
	}
}

package solver

import (
	"context"
	"reflect"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestLayoutUnchanged: NewLayout hands one layout to every caller of a
// standard configuration, and the slices its methods return are the
// layout's own. Solving with every strategy (opt-in ones too) and with the
// search leaves the shared layout equal to one built anew, field by field:
// no strategy or search writes to a layout it reads.
func TestLayoutUnchanged(t *testing.T) {
	shared9, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	regions := make([]int, 81)
	for cell := range regions {
		regions[cell] = cell/27*3 + cell%9/3
	}
	fresh, err := grid.NewLayout(grid.Config{Size: 9, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	if fresh == shared9 || !reflect.DeepEqual(fresh, shared9) {
		t.Fatal("a layout built from a regular region map differs from the shared one before any solve")
	}
	max := 40
	if quick() {
		max = 10
	}
	steps := 0
	count := func(int, *strategy.Step, *grid.Board) error { steps++; return nil }
	for _, p := range shared.Puzzles(t, shared.Path(t, "testdata/puzzles/norvig_top95.txt"), max) {
		b := parse(t, p, "", "")
		if b.Layout() != shared9 {
			t.Fatal("a classic board's layout is not the shared one")
		}
		for _, opts := range []Options{{Type: LogicOnly, Strategies: strategy.All()}, {CheckMultiple: true}} {
			if _, err := Solve(context.Background(), b, opts, count); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
		}
	}
	if steps < 10*max {
		t.Fatalf("%d steps in %d puzzles: the solves did not run", steps, max)
	}
	if !reflect.DeepEqual(fresh, shared9) {
		t.Error("solving changed the shared 9×9 layout")
	}
}

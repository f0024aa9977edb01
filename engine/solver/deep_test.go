package solver_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestDeepRunsOnlyInLogicOnly checks the rule of the Deep cost class: a
// Deep strategy runs in logic-only solves and where a solve names it, and
// a mixed solve (the default) leaves it out, while the Dear strategies
// run in both.
func TestDeepRunsOnlyInLogicOnly(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	deep := strategy.LongNestedContradiction()
	dear := strategy.NestedContradiction()
	if deep.Cost() != strategy.Deep || dear.Cost() != strategy.Dear {
		t.Fatalf("costs %v and %v, want deep and dear", deep.Cost(), dear.Cost())
	}
	tests := []struct {
		name       string
		opts       solver.Options
		deep, dear bool
	}{
		{"mixed", solver.Options{Type: solver.Mixed}, false, true},
		{"logic only", solver.Options{Type: solver.LogicOnly}, true, true},
		{"mixed, named", solver.Options{Type: solver.Mixed, Strategies: []*strategy.Strategy{deep, dear}}, true, true},
	}
	for _, tc := range tests {
		if got := tc.opts.Allows(deep, l); got != tc.deep {
			t.Errorf("%s: Allows(%s) = %v, want %v", tc.name, deep.Name(), got, tc.deep)
		}
		if got := tc.opts.Allows(dear, l); got != tc.dear {
			t.Errorf("%s: Allows(%s) = %v, want %v", tc.name, dear.Name(), got, tc.dear)
		}
	}
}

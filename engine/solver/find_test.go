package solver

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestFindSteps: every step FindSteps reports is sound (its placements are
// the solution's digits, its eliminations not), it reports steps of more
// than one strategy on a hard board, stops when asked, honours ctx, and
// keeps the uniqueness strategies to boards proved unique.
func TestFindSteps(t *testing.T) {
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	b := parse(t, hard, "", "")
	sol := solutionOf(t, b)
	names := map[string]bool{}
	n := 0
	err := FindSteps(context.Background(), b, FindOptions{}, func(s *strategy.Step) bool {
		n++
		names[s.Strategy.Name()] = true
		for _, p := range s.Placements {
			if int(sol[p.Cell]) != p.Digit {
				t.Errorf("%s places %d in cell %d, the solution has %d", s.Name(), p.Digit, p.Cell, sol[p.Cell])
			}
		}
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("%s eliminates the solution's %d from cell %d", s.Name(), e.Digit, e.Cell)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 || len(names) < 3 {
		t.Errorf("found %d steps of %d strategies, want at least 10 of 3", n, len(names))
	}

	m := 0
	if err := FindSteps(context.Background(), b, FindOptions{}, func(*strategy.Step) bool { m++; return m < 3 }); err != nil || m != 3 {
		t.Errorf("stopping after 3 steps: %d steps, %v", m, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := FindSteps(ctx, b, FindOptions{}, func(*strategy.Step) bool { return true }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}

	// An empty board has many solutions: no uniqueness step may be offered.
	empty := grid.NewBoard(b.Layout())
	ur, _ := strategy.Lookup("U")
	err = FindSteps(context.Background(), empty, FindOptions{Strategies: []*strategy.Strategy{ur}}, func(s *strategy.Step) bool {
		t.Errorf("a uniqueness step on a board with many solutions: %s", s.Name())
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
}

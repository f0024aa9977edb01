package solver_test

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestInnieOutieSound follows the logic solves of generated killers
// without givens (lines 2, 4 and 11 of testdata/killer9-cagesize.txt,
// which take Innie-Outie Difference or Cage Block steps) and, on the board
// before every fifth step, asks Innie-Outie Difference and Cage Block for
// all their steps, checking each elimination against the solution. Each
// must find a minimum of steps, so that the test fails if a finder finds
// nothing.
func TestInnieOutieSound(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: seconds a killer; CI runs it without")
	}
	lines := []int{1, 3, 10}
	least := map[*strategy.Strategy]int{strategy.InnieOutieDifference: 1000, strategy.CageBlock: 2000}
	if solver.Quick() {
		lines = []int{10}
		least = map[*strategy.Strategy]int{strategy.InnieOutieDifference: 500, strategy.CageBlock: 1000}
	}
	boards := readPuzzles(t, "testdata/killer9-cagesize.txt")
	found := map[*strategy.Strategy]int{}
	taken := map[*strategy.Strategy]int{}
	for _, i := range lines {
		b := boards[i]
		out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{CheckMultiple: true}, nil)
		if err != nil || out.Status != solver.Solved || out.Count != 1 {
			t.Fatalf("line %d: no unique solution (%v)", i+1, err)
		}
		sol := out.Board.Values()
		n := grid.Notation{Layout: b.Layout()}
		check := func(k int, st *strategy.Strategy, board *grid.Board) {
			sink := strategy.Sink{All: true}
			st.Find(board, &sink)
			for _, s := range sink.Steps() {
				found[st]++
				if len(s.Eliminations) == 0 {
					t.Errorf("line %d before step %d: %s step without eliminations", i+1, k, st.Name())
				}
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("line %d before step %d: removes the solution's %d from %s: %s", i+1, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
					}
				}
			}
		}
		_, err = solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, after *grid.Board) error {
			taken[s.Strategy]++
			if k%5 == 0 {
				for st := range least {
					check(k, st, after)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for st, min := range least {
		t.Logf("%s: %d steps found, %d taken in the solves", st.Name(), found[st], taken[st])
		if found[st] < min {
			t.Errorf("%s: %d steps found, want at least %d", st.Name(), found[st], min)
		}
	}
}

package solver_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestKillerTechniquesSound follows the logic solves of generated killers
// without givens (the first two of testdata/killer9-cagesize.txt, cages
// of one size; all twenty and testdata/killer9-hard.txt take minutes)
// and, on the board before every fifth step, asks Virtual Cage,
// Combination Crossover and Cage Intersection for all their steps,
// checking each elimination against the solution. Each must find a
// minimum of steps, so that the test fails if a finder finds nothing.
func TestKillerTechniquesSound(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: a minute on killers; CI runs it without")
	}
	files := map[string]int{"testdata/killer9-cagesize.txt": 2}
	least := map[*strategy.Strategy]int{strategy.VirtualCages(): 200, strategy.CombinationCrossover(): 50, strategy.CageIntersection(): 50}
	if solver.Quick() {
		files = map[string]int{"testdata/killer9-cagesize.txt": 1}
		least = map[*strategy.Strategy]int{strategy.VirtualCages(): 20, strategy.CombinationCrossover(): 5, strategy.CageIntersection(): 5}
	}
	found := map[*strategy.Strategy]int{}
	taken := map[*strategy.Strategy]int{}
	for file, max := range files {
		boards := readPuzzles(t, file)
		if len(boards) > max {
			boards = boards[:max]
		}
		for i, b := range boards {
			checkFindersAlongSolve(t, fmt.Sprintf("%s %d", file, i), b, least, found, taken)
		}
	}
	for st, min := range least {
		t.Logf("%s: %d steps found, %d taken in the solves", st.Name(), found[st], taken[st])
		if found[st] < min {
			t.Errorf("%s: %d steps found, want at least %d", st.Name(), found[st], min)
		}
	}
}

// checkFindersAlongSolve follows the logic solve of b (name in messages):
// on the board before it and before every fifth step it asks each
// strategy of least for all its steps, counting them in found, and checks
// that each removes something and nothing of the solution; taken counts
// the steps the solve takes.
func checkFindersAlongSolve(t *testing.T, name string, b *grid.Board, least, found, taken map[*strategy.Strategy]int) {
	t.Helper()
	out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{CheckMultiple: true}, nil)
	if err != nil || out.Status != solver.Solved || out.Count != 1 {
		t.Fatalf("%s: no unique solution (%v)", name, err)
	}
	sol := out.Board.Values()
	n := grid.Notation{Layout: b.Layout()}
	check := func(k int, board *grid.Board) {
		for st := range least {
			sink := strategy.Sink{All: true}
			st.Find(board, &sink)
			for _, s := range sink.Steps() {
				found[st]++
				if len(s.Eliminations) == 0 {
					t.Errorf("%s before step %d: %s step without eliminations", name, k, st.Name())
				}
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("%s before step %d: removes the solution's %d from %s: %s", name, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
					}
				}
			}
		}
	}
	check(0, b.Clone())
	_, err = solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, after *grid.Board) error {
		taken[s.Strategy]++
		if k%5 == 0 {
			check(k, after)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCageSplittingPlacedCell solves a killer whose guesses once reached a
// Cage Splitting step on a cage with a placed cell inside the units: the
// rest of the cage's sum left that cell's digit in, removing the
// solution's digits until no solution was left. The solve (guesses
// allowed) must reach the solution the exact search proves.
func TestCageSplittingPlacedCell(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: seconds of guessing on a killer")
	}
	b := readPuzzles(t, "../search/testdata/killer9-hard5.txt")[0]
	out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{CheckMultiple: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != solver.Solved || out.Count != 1 {
		t.Fatalf("status %s, %d solution(s); want solved, 1", out.Status, out.Count)
	}
}

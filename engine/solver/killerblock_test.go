package solver_test

import (
	"fmt"
	"testing"

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
	least := map[*strategy.Strategy]int{strategy.InnieOutieDifference(): 1000, strategy.CageBlock(): 2000}
	if solver.Quick() {
		lines = []int{10}
		least = map[*strategy.Strategy]int{strategy.InnieOutieDifference(): 500, strategy.CageBlock(): 1000}
	}
	boards := readPuzzles(t, "testdata/killer9-cagesize.txt")
	found := map[*strategy.Strategy]int{}
	taken := map[*strategy.Strategy]int{}
	for _, i := range lines {
		checkFindersAlongSolve(t, fmt.Sprintf("line %d", i+1), boards[i], least, found, taken)
	}
	for st, min := range least {
		t.Logf("%s: %d steps found, %d taken in the solves", st.Name(), found[st], taken[st])
		if found[st] < min {
			t.Errorf("%s: %d steps found, want at least %d", st.Name(), found[st], min)
		}
	}
}

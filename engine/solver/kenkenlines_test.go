package solver_test

import (
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestKenKenLineFillingsSound follows the logic solves of the generated
// Extreme KenKen of testdata/kenken-hard.txt (every third: all 35 take 7 s
// of CPU; every ninth under -short or -race)
// and, on the board before every fifth step, asks Line Cage Fillings and
// Two-Line Cage Fillings for all their steps, checking each elimination
// against the proved solution. Each must find a minimum of steps, so that
// the test fails if a finder finds nothing.
func TestKenKenLineFillingsSound(t *testing.T) {
	boards := readPuzzles(t, "testdata/kenken-hard.txt")
	least := map[*strategy.Strategy]int{strategy.LineCageFillings(): 1000, strategy.TwoLineCageFillings(): 1000}
	every := 3
	if solver.Quick() || solver.Race {
		every = 9
		least = map[*strategy.Strategy]int{strategy.LineCageFillings(): 300, strategy.TwoLineCageFillings(): 300}
	}
	found := map[*strategy.Strategy]int{}
	taken := map[*strategy.Strategy]int{}
	for i := 0; i < len(boards); i += every {
		checkFindersAlongSolve(t, fmt.Sprintf("kenken-hard %d", i+1), boards[i], least, found, taken)
	}
	for st, min := range least {
		t.Logf("%s: %d steps found, %d taken in the solves", st.Name(), found[st], taken[st])
		if found[st] < min {
			t.Errorf("%s: %d steps found, want at least %d", st.Name(), found[st], min)
		}
	}
}

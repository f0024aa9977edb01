package strategy

import "github.com/sudokuwise/solver/engine/grid"

// SolveByFirstSteps is solveByFirstSteps for the external tests.
func SolveByFirstSteps(b *grid.Board, passes []Pass, each func(b *grid.Board, step *Step)) {
	solveByFirstSteps(b, passes, each)
}

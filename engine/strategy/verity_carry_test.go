package strategy_test

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/cputime"
)

// verityStrategies returns what `solverctl solve --strategies` names to
// add Cage Filling Verity to the defaults: every strategy neither opt-in
// nor Deep, and Cage Filling Verity.
func verityStrategies() []*strategy.Strategy {
	var sts []*strategy.Strategy
	for _, st := range strategy.All() {
		if !st.OptIn() && st.Cost() != strategy.Deep {
			sts = append(sts, st)
		}
	}
	return append(sts, strategy.CageFillingVerity())
}

// verityMixed solves b mixed with verityStrategies, returning the steps'
// texts, the guesses, the Cage Filling Verity steps and the CPU.
func verityMixed(t *testing.T, b *grid.Board) (texts []string, guesses, w2 int, cpu float64) {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	c0 := cputime.Used()
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.Mixed, Strategies: verityStrategies()}, func(i int, s *strategy.Step, after *grid.Board) error {
		switch s.Strategy {
		case strategy.Guessing():
			guesses++
		case strategy.CageFillingVerity():
			w2++
		}
		texts = append(texts, s.Explain(n))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return texts, guesses, w2, (cputime.Used() - c0).Seconds()
}

// TestVerityCostProbe solves each killer SUDOKU_W2COST names (as
// SUDOKU_PROBE) mixed with the default strategies and Cage Filling
// Verity, and logs the guesses, the Cage Filling Verity steps and the
// CPU. Skipped without SUDOKU_W2COST.
func TestVerityCostProbe(t *testing.T) {
	for _, pz := range probePuzzles(t, "SUDOKU_W2COST") {
		strategy.VerityCarryCounts()
		_, guesses, w2, cpu := verityMixed(t, killerLine(t, pz.file, pz.line))
		dead, resumed, fresh := strategy.VerityCarryCounts()
		t.Logf("%s:%d guesses %d W2 steps %d cpu %.2fs; fillings carried dead %d, resumed %d, followed afresh %d", pz.file, pz.line, guesses, w2, cpu, dead, resumed, fresh)
	}
}

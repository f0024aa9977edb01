package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestCageFillingVerityOrder solves the forum's Wecoc #1
// (killer9-extreme.txt line 1) as the service does, with each group's
// fresh fillings in the plain cover order and in the order that counts
// the digits of the fillings alive as placed and takes first, on a tie,
// the fillings the search's trial ends hold: the steps must be the same,
// in the same order, and at least savedFloor fewer trials must have been
// followed afresh, so that the test fails if the order changes a step or
// saves nothing.
func TestCageFillingVerityOrder(t *testing.T) {
	if strategy.Race || testing.Short() {
		t.Skip("skipped under -race and -short: two killer solves of seconds")
	}
	const savedFloor = 5000
	b := killerLine(t, "killer9-extreme.txt", 1)
	solve := func(on bool) (texts []string, fresh int) {
		defer strategy.SetVerityOrder(on, on)()
		strategy.VerityCarryCounts()
		texts, w2, res := serviceSolve(t, b)
		if res.Status != solver.Solved || res.Guesses != 0 || w2 < 10 {
			t.Fatalf("order %v: status %v, %d guesses, %d Cage Filling Verity steps; want solved by logic, at least 10 such steps", on, res.Status, res.Guesses, w2)
		}
		_, _, fresh = strategy.VerityCarryCounts()
		return texts, fresh
	}
	plain, plainTrials := solve(false)
	ordered, orderedTrials := solve(true)
	t.Logf("%d steps; plain order %d trials afresh, ordered %d", len(plain), plainTrials, orderedTrials)
	sameSteps(t, "ordered", ordered, "plain order", plain)
	if orderedTrials > plainTrials-savedFloor {
		t.Errorf("%d trials afresh ordered, %d in the plain order; want at least %d fewer", orderedTrials, plainTrials, savedFloor)
	}
}

// TestCageFillingVerityOrderFindSteps follows the default mixed solves of
// the first two generated killers of
// engine/solver/testdata/killer9-cagesize.txt and, at every third
// position, asks FindSteps for every Cage Filling Verity step (groups of
// at most 64 fillings, no bound on the looks) in the plain cover order
// and in the ordered one (see TestCageFillingVerityOrder): the steps must
// be the same, in the same order, and there must be some.
func TestCageFillingVerityOrderFindSteps(t *testing.T) {
	if strategy.Race {
		t.Skip("skipped under -race: killer solves with trials, minutes under the race detector")
	}
	defer strategy.SetVerityLimits(64, 1<<40)()
	st := strategy.CageFillingVerity()
	steps := func(on bool) (texts []string) {
		defer strategy.SetVerityOrder(on, on)()
		everyThirdPosition(t, 2, st, func(_ int, s *strategy.Step, n grid.Notation, _ []uint8) bool {
			texts = append(texts, s.Explain(n))
			return true
		})
		return texts
	}
	plain := steps(false)
	ordered := steps(true)
	t.Logf("%d steps", len(plain))
	if len(plain) == 0 {
		t.Fatal("no Cage Filling Verity step found")
	}
	sameSteps(t, "ordered", ordered, "plain order", plain)
}

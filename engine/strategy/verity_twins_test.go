package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestCageFillingVerityTwins solves the forum's Wecoc #1
// (killer9-extreme.txt line 1) as the service does, whose Cage Filling
// Verity searches finish it by logic, once with twin groups (the same
// open cells and sum, differing by placed cells: its given r5c5 lies in
// many virtual cages) sharing their searches and once with each group on
// its own: the steps must be the same, in the same order, at least
// skipFloor groups must have been passed by as twins of a group without
// a step, and the trials followed must be fewer, so that the test fails
// if the twins change a step or are never found.
func TestCageFillingVerityTwins(t *testing.T) {
	if strategy.Race || testing.Short() {
		t.Skip("skipped under -race and -short: two killer solves of seconds")
	}
	const skipFloor = 50
	b := killerLine(t, "killer9-extreme.txt", 1)
	solve := func(twins bool) (texts []string, trials, skips int) {
		defer strategy.SetVerityTwins(twins)()
		strategy.VerityCarryCounts()
		strategy.VerityTwinSkips()
		texts, w2, res := serviceSolve(t, b)
		if res.Status != solver.Solved || res.Guesses != 0 || w2 < 10 {
			t.Fatalf("twins %v: status %v, %d guesses, %d Cage Filling Verity steps; want solved by logic, at least 10 such steps", twins, res.Status, res.Guesses, w2)
		}
		_, resumed, fresh := strategy.VerityCarryCounts()
		return texts, resumed + fresh, strategy.VerityTwinSkips()
	}
	alone, aloneTrials, _ := solve(false)
	shared, sharedTrials, skips := solve(true)
	t.Logf("%d steps; each group alone %d trials; twins shared %d trials, %d groups passed by", len(alone), aloneTrials, sharedTrials, skips)
	sameSteps(t, "twins shared", shared, "each group alone", alone)
	if skips < skipFloor {
		t.Errorf("%d groups passed by as twins, want at least %d", skips, skipFloor)
	}
	if sharedTrials >= aloneTrials {
		t.Errorf("%d trials with twins shared, %d with each group alone; want fewer", sharedTrials, aloneTrials)
	}
}

// TestCageFillingVerityTwinsFindSteps follows the default mixed solves of
// the first two generated killers of engine/solver/testdata/killer9-cagesize.txt
// and, at every third position (its placed cells making twins of virtual
// cages), asks FindSteps for every Cage Filling Verity step (groups of at
// most 64 fillings, no bound on the looks) with twin groups sharing their
// searches and with each group on its own: the steps must be the same, in
// the same order (a twin of a group with a step is still listed), and at
// least skipFloor groups must have been passed by.
func TestCageFillingVerityTwinsFindSteps(t *testing.T) {
	if strategy.Race {
		t.Skip("skipped under -race: killer solves with trials, minutes under the race detector")
	}
	const skipFloor = 5
	defer strategy.SetVerityLimits(64, 1<<40)()
	st := strategy.CageFillingVerity()
	steps := func(twins bool) (texts []string, skips int) {
		defer strategy.SetVerityTwins(twins)()
		strategy.VerityTwinSkips()
		everyThirdPosition(t, 2, st, func(_ int, s *strategy.Step, n grid.Notation, _ []uint8) bool {
			texts = append(texts, s.Explain(n))
			return true
		})
		return texts, strategy.VerityTwinSkips()
	}
	alone, _ := steps(false)
	shared, skips := steps(true)
	t.Logf("%d steps; %d groups passed by as twins", len(alone), skips)
	if len(alone) == 0 {
		t.Fatal("no Cage Filling Verity step found")
	}
	sameSteps(t, "twins shared", shared, "each group alone", alone)
	if skips < skipFloor {
		t.Errorf("%d groups passed by as twins, want at least %d", skips, skipFloor)
	}
}

// TestCageFillingVerityBound solves the forum's Wecoc #1
// (killer9-extreme.txt line 1) as the service does, once with the
// fillings whose trial stopped early in an earlier search stopping before
// they start where the candidates they had then lack every candidate no
// filling alive keeps yet, and once with their trials followed afresh:
// the steps must be the same, in the same order, at least boundFloor
// fillings must have stopped before they started, and fewer trials must
// have been followed afresh, so that the test fails if the bounds change
// a step or are never used.
func TestCageFillingVerityBound(t *testing.T) {
	if strategy.Race || testing.Short() {
		t.Skip("skipped under -race and -short: two killer solves of seconds")
	}
	// 283 since session 71's order of the fillings (see
	// TestCageFillingVerityOrder): fewer trials stop early to give bounds.
	const boundFloor = 200
	b := killerLine(t, "killer9-extreme.txt", 1)
	solve := func(bound bool) (texts []string, fresh, bounded int) {
		defer strategy.SetVerityBound(bound)()
		strategy.VerityCarryCounts()
		strategy.VerityBounded()
		texts, w2, res := serviceSolve(t, b)
		if res.Status != solver.Solved || res.Guesses != 0 || w2 < 10 {
			t.Fatalf("bound %v: status %v, %d guesses, %d Cage Filling Verity steps; want solved by logic, at least 10 such steps", bound, res.Status, res.Guesses, w2)
		}
		_, _, fresh = strategy.VerityCarryCounts()
		return texts, fresh, strategy.VerityBounded()
	}
	afresh, afreshTrials, _ := solve(false)
	bounded, boundedTrials, stops := solve(true)
	t.Logf("%d steps; afresh %d trials; with the bounds %d trials, %d fillings stopped before they started", len(afresh), afreshTrials, boundedTrials, stops)
	sameSteps(t, "with the bounds", bounded, "afresh", afresh)
	if stops < boundFloor {
		t.Errorf("%d fillings stopped before they started, want at least %d", stops, boundFloor)
	}
	if boundedTrials >= afreshTrials {
		t.Errorf("%d trials afresh with the bounds, %d without; want fewer", boundedTrials, afreshTrials)
	}
}

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

// TestCageFillingVerityCarried follows the default mixed solves of the
// first two generated killers of engine/solver/testdata/killer9-cagesize.txt
// (the first has no step; 5 s of CPU) and, at every third position, asks FindSteps for
// every Cage Filling Verity step (groups of at most 64 fillings, no bound
// on the looks, so that what a search finds does not depend on the work
// it skips), once with the fillings' outcomes carried from the last
// search and once afresh: the steps must be the same, in the same order,
// and the carried searches must have used at least carriedFloor carried
// outcomes, so that the test fails if carrying stops or changes a step.
func TestCageFillingVerityCarried(t *testing.T) {
	if strategy.Race {
		t.Skip("skipped under -race: killer solves with trials, minutes under the race detector")
	}
	const carriedFloor = 20_000
	defer strategy.SetVerityLimits(64, 1<<40)()
	const limit = 2
	st := strategy.CageFillingVerity()
	steps := func(carry bool) (texts []string, dead, resumed, fresh int) {
		defer strategy.SetVerityCarry(carry)()
		strategy.VerityCarryCounts()
		everyThirdPosition(t, limit, st, func(_ int, s *strategy.Step, n grid.Notation, _ []uint8) bool {
			texts = append(texts, s.Explain(n))
			return true
		})
		dead, resumed, fresh = strategy.VerityCarryCounts()
		return texts, dead, resumed, fresh
	}
	afresh, _, _, afreshTrials := steps(false)
	carried, dead, resumed, fresh := steps(true)
	t.Logf("%d steps; afresh %d fillings followed; carried %d broken and %d resumed, %d followed afresh", len(afresh), afreshTrials, dead, resumed, fresh)
	if len(afresh) == 0 {
		t.Fatal("no Cage Filling Verity step found")
	}
	sameSteps(t, "carried", carried, "afresh", afresh)
	if floor := carriedFloor; dead+resumed < floor {
		t.Errorf("%d outcomes carried, want at least %d", dead+resumed, floor)
	}
}

// TestCageFillingVerityStop solves the forum's Wecoc #1
// (killer9-extreme.txt line 1) as the service does, whose Cage Filling
// Verity searches finish it by logic, once with the fillings' trials
// stopping when they have removed every candidate no filling alive keeps
// yet and once with every trial followed to its end: the steps must be
// the same, in the same order (the fillings each verity lists
// included), and at least stopFloor trials must have stopped early, so
// that the test fails if the stop changes a step or never happens.
func TestCageFillingVerityStop(t *testing.T) {
	if strategy.Race || testing.Short() {
		t.Skip("skipped under -race and -short: two killer solves of seconds")
	}
	// 7,572 since session 71's order of the fillings (see
	// TestCageFillingVerityOrder), which finds the fillings alive sooner.
	const stopFloor = 5_000
	b := killerLine(t, "killer9-extreme.txt", 1)
	steps := func(stop bool) (texts []string, w2, stops int) {
		defer strategy.SetVerityStop(stop)()
		strategy.VerityStops()
		texts, w2, _ = serviceSolve(t, b)
		return texts, w2, strategy.VerityStops()
	}
	whole, w2, _ := steps(false)
	stopped, _, stops := steps(true)
	t.Logf("%d steps, %d of them Cage Filling Verity; %d trials stopped early", len(whole), w2, stops)
	if w2 == 0 {
		t.Fatal("no Cage Filling Verity step")
	}
	sameSteps(t, "with the stop", stopped, "without", whole)
	if stops < stopFloor {
		t.Errorf("%d trials stopped early, want at least %d", stops, stopFloor)
	}
}

// TestCageFillingVerityTurn solves the forum's Wecoc #1 (killer9-
// extreme.txt line 1) as the service does, its Cage Filling Verity
// searches starting after the group of the last step (the default) and
// from the first group: both finish without a guess through at least ten
// such steps, and starting after the last step's group follows fewer
// fillings afresh and resumes fewer, as the groups before it found
// nothing then (docs/variant-techniques.md, session 36).
func TestCageFillingVerityTurn(t *testing.T) {
	if strategy.Race || testing.Short() {
		t.Skip("skipped under -race and -short: two killer solves of seconds")
	}
	b := killerLine(t, "killer9-extreme.txt", 1)
	solve := func(turn bool) (w2, trials int) {
		defer strategy.SetVerityTurn(turn)()
		strategy.VerityCarryCounts()
		_, w2, res := serviceSolve(t, b)
		if res.Status != solver.Solved || res.Guesses != 0 || w2 < 10 {
			t.Fatalf("turn %v: status %v, %d guesses, %d Cage Filling Verity steps; want solved by logic, at least 10 such steps", turn, res.Status, res.Guesses, w2)
		}
		_, resumed, fresh := strategy.VerityCarryCounts()
		return w2, resumed + fresh
	}
	w2First, first := solve(false)
	w2Turn, turn := solve(true)
	t.Logf("from the first group: %d steps, %d trials; after the last step's: %d steps, %d trials", w2First, first, w2Turn, turn)
	if turn >= first {
		t.Errorf("%d trials starting after the last step's group, %d from the first; want fewer", turn, first)
	}
}

// serviceSolve solves a copy of b as the service does by default,
// returning the explanations of its steps, how many are Cage Filling
// Verity's, and the result.
func serviceSolve(t *testing.T, b *grid.Board) (texts []string, w2 int, res *solver.Result) {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	opts := solver.Options{Type: solver.Mixed, Order: solver.Guided, CheckMultiple: true, OneDeepSearch: true}
	res, err := solver.Solve(context.Background(), b.Clone(), opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
		if s.Strategy == strategy.CageFillingVerity() {
			w2++
		}
		texts = append(texts, s.Explain(n))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return texts, w2, res
}

// sameSteps fails t unless the step texts a (taken as what) and b (as
// other) are the same, in the same order.
func sameSteps(t *testing.T, what string, a []string, other string, b []string) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%d steps %s, %d %s", len(a), what, len(b), other)
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			t.Fatalf("step %d: %s %q, %s %q", i, what, a[i], other, b[i])
		}
	}
}

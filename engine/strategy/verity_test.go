package strategy_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// verityText is how a Cage Filling Verity step reads: the group, the
// combinations it keeps, its cells, the fillings the strong trial leaves,
// what they remove.
var verityText = regexp.MustCompile(`^Cage Filling Verity: ((cage \d+\+ at r\dc\d \(r\dc\d(\+r\dc\d)+=\d+\)|cage .+ less the .+) keeps \{[1-9,]+\}(,\{[1-9,]+\})*; of its|the (innies|outies) .+ keep \{[1-9,]+\}(,\{[1-9,]+\})*; of their) fillings \(r\dc\d(,r\dc\d)+\) the strong trial leaves [1-9]+(, [1-9]+)*, (which removes|each removing) (r\dc\d<>[1-9])(, r\dc\d<>[1-9])*; so (r\dc\d<>[1-9])(, r\dc\d<>[1-9])*$`)

// checkVerity checks a Cage Filling Verity step: its text, its nodes (the
// group, then the fillings left, each one digit a cell of the group, none
// of them the group's only filling) and its eliminations against the
// solution.
func checkVerity(t *testing.T, s *strategy.Step, n grid.Notation, sol []uint8) {
	t.Helper()
	text := s.Explain(n)
	if !verityText.MatchString(text) {
		t.Errorf("%q does not match %s", text, verityText)
	}
	if len(s.Nodes) < 2 || (s.Nodes[0].Kind != strategy.CageNode && s.Nodes[0].Kind != strategy.SumNode) {
		t.Errorf("%q: nodes %v, want the group then its fillings", text, s.Nodes)
	}
	for _, nd := range s.Nodes[1:] {
		if len(nd.Origin) != len(s.Nodes[0].Cells) {
			t.Errorf("%q: filling %q for %d cells", text, nd.Origin, len(s.Nodes[0].Cells))
		}
	}
	if len(s.Eliminations) == 0 {
		t.Errorf("%q eliminates nothing", text)
	}
	for _, e := range s.Eliminations {
		if int(sol[e.Cell]) == e.Digit {
			t.Errorf("%q removes %s, the solution's digit", text, n.CellName(e.Cell))
		}
	}
}

// TestCageFillingVerityFindSteps follows the default mixed solve of line
// 38 of engine/search/testdata/killer9-tarek.txt (no givens) to its first
// guess, where no default pass, Strong Cage Contradiction included, finds
// a step, and there asks FindSteps for Cage Filling Verity's steps: there
// must be one at least, each sound against the solution and worded as the
// technique's.
func TestCageFillingVerityFindSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with nested trials, seconds of CPU (minutes under -race)")
	}
	defer strategy.SetVerityLimits(600, 300_000)()
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 38)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	first, _ := boardBeforeGuess(t, b)
	st := strategy.CageFillingVerity()
	found := 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{st}}
	err := solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		found++
		t.Log(s.Explain(n))
		checkVerity(t, s, n, sol)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 {
		t.Errorf("FindSteps offers %d %s steps; want at least 1", found, st.Name())
	}
	findsNone(t, first, strategy.StrongCageContradiction())
}

// TestCageFillingVeritySound follows the default mixed solves of the
// first eight generated killers of
// engine/solver/testdata/killer9-cagesize.txt (no givens; two under
// -short), until their end or first guess, and at every third position
// asks FindSteps for every Cage Filling Verity step (groups of at most 64
// fillings, 30,000 looks): each must be sound against the solution and
// worded as the technique's, and the run must check at least verityFloor
// of them, severalFloor with more than one filling left (a step of one
// filling left is a contradiction of the others, sound whatever the union
// of the fillings' trials; taking the first filling's trial alone for
// the union fails the test), so that the test fails if the verities stop
// being found.
func TestCageFillingVeritySound(t *testing.T) {
	if strategy.Race {
		t.Skip("skipped under -race: killer solves with trials, minutes under the race detector")
	}
	const verityFloor, severalFloor = 2000, 400 // of eight killers: 4,952 and 907 found
	defer strategy.SetVerityLimits(64, 30_000)()
	limit := 8
	if testing.Short() {
		limit = 2
	}
	st := strategy.CageFillingVerity()
	checked, several := 0, 0
	puzzles := everyThirdPosition(t, limit, st, func(_ int, s *strategy.Step, n grid.Notation, sol []uint8) bool {
		checked++
		if len(s.Nodes) > 2 {
			several++
		}
		checkVerity(t, s, n, sol)
		return true
	})
	t.Logf("%d steps checked on %d killers, %d of them with several fillings left", checked, puzzles, several)
	if floor := verityFloor * limit / 8; checked < floor {
		t.Errorf("%d %s steps checked, want at least %d", checked, st.Name(), floor)
	}
	if floor := severalFloor * limit / 8; several < floor {
		t.Errorf("%d %s steps with several fillings left checked, want at least %d", several, st.Name(), floor)
	}
}

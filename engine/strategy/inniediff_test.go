package strategy_test

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// equationPart is how an Innie-Outie Difference or Cage Block step words
// its equation of the rule of 45.
const equationPart = `by the rule of 45 on (rows \d-\d|columns \d-\d|(row|column|box) \d( \+ box \d)*)( \(outies of cage \d+\+ at r\dc\d(, cage \d+\+ at r\dc\d)*\))?, (innies less outies: r\dc\d( \+ r\dc\d)* - r\dc\d( - r\dc\d)* = -?\d+|innies: r\dc\d( \+ r\dc\d)* = \d+|outies: r\dc\d( \+ r\dc\d)* = \d+)`

var (
	diffText  = regexp.MustCompile(`^Innie-Outie Difference: ` + equationPart + `: remove r\dc\d-\d`)
	blockText = regexp.MustCompile(`^Cage Block: (` + equationPart + `, with|(row|column|box) \d and the cages through it,) cage \d+\+ at r\dc\d( keeping \{[0-9,{}]+\})?(; cage \d+\+ at r\dc\d( keeping \{[0-9,{}]+\})?)*: no joint filling allows r\dc\d-\d`)
)

// TestInnieOutieFindSteps follows the logic solve of a generated killer
// without givens (line 11 of testdata/killer9-cagesize.txt of
// engine/solver) and, on the board before the first step of each of
// Innie-Outie Difference and Cage Block, asks FindSteps for all their
// steps: there must be some of each, each sound against the solution,
// explained by its equation (or unit) and the cages it fills, and drawn with a
// cage node for each cage it names.
func TestInnieOutieFindSteps(t *testing.T) {
	b := boardAt(t, "../solver/testdata/killer9-cagesize.txt", 11)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{strategy.InnieOutieDifference(), strategy.CageBlock()}}
	firsts := map[*strategy.Strategy]*grid.Board{}
	before := b.Clone()
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
		if slices.Contains(opts.Strategies, s.Strategy) && firsts[s.Strategy] == nil {
			firsts[s.Strategy] = before.Clone()
		}
		before.CopyFrom(after)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	found := map[*strategy.Strategy]int{}
	check := func(s *strategy.Step) bool {
		found[s.Strategy]++
		text := s.Explain(n)
		want := diffText
		if s.Strategy == strategy.CageBlock() {
			want = blockText
		}
		if !want.MatchString(text) {
			t.Errorf("%q does not match %s", text, want)
		}
		if len(s.Eliminations) == 0 {
			t.Errorf("%q eliminates nothing", text)
		}
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("%s removes the solution's %d from %s", text, e.Digit, n.CellName(e.Cell))
			}
		}
		cages := 0
		for _, nd := range s.Nodes {
			if nd.Kind == strategy.CageNode {
				cages++
			}
		}
		if cages != len(s.Cages) {
			t.Errorf("%q: %d cage nodes for %d cages", text, cages, len(s.Cages))
		}
		if s.Strategy == strategy.CageBlock() && cages == 0 {
			t.Errorf("%q: no cage node", text)
		}
		return true
	}
	for _, st := range opts.Strategies {
		if firsts[st] == nil {
			t.Fatalf("the solve takes no %s step", st.Name())
		}
		if err := solver.FindSteps(context.Background(), firsts[st], opts, check); err != nil {
			t.Fatal(err)
		}
	}
	for _, st := range opts.Strategies {
		if found[st] == 0 {
			t.Errorf("FindSteps offers no %s step", st.Name())
		}
	}
	t.Logf("steps offered: %d Innie-Outie Difference, %d Cage Block", found[strategy.InnieOutieDifference()], found[strategy.CageBlock()])
}

package strategy_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// longNestedText is how a Long Nested Cage Contradiction step reads:
// Nested Cage Contradiction's words under its own name.
var longNestedText = regexp.MustCompile(strings.Replace(nestedText.String(), "^Nested", "^Long Nested", 1))

// TestLongNestedFindSteps follows the logic solve of line 18 of
// engine/search/testdata/killer9-tarek.txt (stuck after 43 steps, every
// cell open, without Long Nested Cage Contradiction) and, on the board
// before its first Long Nested Cage Contradiction step, where no other
// technique of the order of play finds one (Nested Cage Contradiction's
// shorter search included), asks FindSteps for them: there must be one
// at least, each sound against the solution and explained from its
// premise through one inner trial at least to what it leaves with
// nothing.
func TestLongNestedFindSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with nested trials, seconds of CPU (minutes under -race)")
	}
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 18)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	first := boardBeforeFirst(t, b, strategy.LongNestedContradiction())
	found := 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{strategy.LongNestedContradiction()}}
	err := solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		found++
		text := s.Explain(n)
		if found == 1 {
			t.Log(text)
		}
		m := longNestedText.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("%q does not match %s", text, longNestedText)
			return true
		}
		if !innerText.MatchString(text) {
			t.Errorf("%q has no inner trial", text)
		}
		checkTrialPremise(t, s, text, m, n, sol)
		return found < 3 // enough to check: each is a long search
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 {
		t.Errorf("FindSteps offers %d Long Nested Cage Contradiction steps, want at least 1", found)
	}
	// Nested Cage Contradiction, the same trial with a shorter search,
	// finds none here.
	opts.Strategies = []*strategy.Strategy{strategy.NestedContradiction()}
	err = solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		t.Errorf("Nested Cage Contradiction finds %s", s.Explain(n))
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
}

package strategy_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
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
	// Nested Cage Contradiction, the same trial with a shorter search,
	// finds none here.
	nestedFindSteps(t, 18, strategy.LongNestedContradiction(), longNestedText, strategy.NestedContradiction(), 3, func(*strategy.Step, string, *grid.Board) {})
}

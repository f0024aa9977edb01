package strategy_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// strongNestedText is how a Strong Nested Cage Contradiction step reads:
// Nested Cage Contradiction's words under its own name.
var strongNestedText = regexp.MustCompile(strings.Replace(nestedText.String(), "^Nested", "^Strong Nested", 1))

// strongRuleText is a deduction of the strong trial: a naked or hidden
// subset of a unit, or a unit's cages together, with what it removes.
var strongRuleText = regexp.MustCompile(`(naked|hidden) (pair|triple|quadruple) \{[1-9,]+\} in r\dc\d(,r\dc\d)* \((row|column|box) \d\):( r\dc\d<>\d+,?)+|(row|column|box) \d with cage \d+\+ at r\dc\d(, cage \d+\+ at r\dc\d)* together:( r\dc\d<>\d+,?)+`)

// removedCands is a cell's candidates a deduction took out: "r6c4<>37".
var removedCands = regexp.MustCompile(`(r\dc\d)<>(\d+)`)

// TestStrongNestedFindSteps follows the logic solve of line 37 of
// engine/search/testdata/killer9-tarek.txt (stuck after 16 steps, every
// cell open, with the plain nested trials, Long Nested Cage
// Contradiction's search included) and, on the board before its first
// Strong Nested Cage Contradiction step, where Nested Cage Contradiction
// finds none, asks
// FindSteps for them: there must be one at least, each sound against the
// solution, explained from its premise through one inner trial at least
// to what it leaves with nothing, and resting on a subset or a unit's
// cages together, drawn as a GroupNode of digit 0 worded by its Origin.
func TestStrongNestedFindSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with nested trials, seconds of CPU (minutes under -race)")
	}
	strong := 0
	nestedFindSteps(t, 37, strategy.StrongNestedContradiction(), strongNestedText, strategy.NestedContradiction(), 3, func(s *strategy.Step, text string, first *grid.Board) {
		rules := 0
		for i, nd := range s.Nodes {
			if nd.Kind != strategy.GroupNode || nd.Digit != 0 {
				continue
			}
			rules++
			if !strongRuleText.MatchString(nd.Origin) || !strings.Contains(text, nd.Origin) {
				t.Errorf("%q: node %d words its rule %q", text, i, nd.Origin)
			}
			if len(nd.Cells) == 0 {
				t.Errorf("%q: node %d has no cells", text, i)
			}
			// A unit's cages together list no combinations: what they
			// took out is in Removed too, as the text names it.
			if _, took, ok := strings.Cut(nd.Origin, " together:"); ok {
				var named []string
				for _, m := range removedCands.FindAllStringSubmatch(took, -1) {
					for _, d := range m[2] {
						named = append(named, m[1]+"<>"+string(d))
					}
				}
				var removed []string
				for _, cd := range nd.Removed {
					removed = append(removed, grid.Notation{Layout: first.Layout()}.CellName(cd.Cell)+"<>"+strconv.Itoa(cd.Digit))
				}
				if strings.Join(named, " ") != strings.Join(removed, " ") {
					t.Errorf("%q: node %d names %v taken out, Removed holds %v", text, i, named, removed)
				}
			}
		}
		if rules > 0 {
			strong++
		}
	})
	if strong == 0 {
		t.Errorf("no step rests on a subset or a unit's cages together")
	}
}

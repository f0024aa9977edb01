package strategy_test

import (
	"regexp"
	"slices"
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

// TestDeepStall runs Long Nested Cage Contradiction's search, in find-all
// mode, on the board of TestLongNestedFindSteps (tarek's killer 18 before
// its first step of the technique) with Sink.DeepStall: unset, the search
// finds steps; with a stall of the whole budget, the same steps; with a
// stall of one look, none (the outer trials alone spend more before the
// first candidate is assumed).
func TestDeepStall(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: nested trials, seconds of CPU (minutes under -race)")
	}
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 18)
	first := boardBeforeFirst(t, b, strategy.LongNestedContradiction())
	n := grid.Notation{Layout: first.Layout()}
	find := func(stall int) []string {
		sink := strategy.Sink{All: true, DeepStall: stall}
		strategy.LongNestedContradiction().Find(first.Clone(), &sink)
		var texts []string
		for _, s := range sink.Steps() {
			texts = append(texts, s.Explain(n))
		}
		return texts
	}
	all := find(0)
	if len(all) == 0 {
		t.Fatal("no step without a stall")
	}
	if got := find(2_000_000); !slices.Equal(got, all) {
		t.Errorf("with a stall of the whole budget %d steps, want the %d found without one", len(got), len(all))
	}
	if got := find(1); len(got) != 0 {
		t.Errorf("with a stall of one look %d steps, want none", len(got))
	}
	t.Logf("%d steps", len(all))
}

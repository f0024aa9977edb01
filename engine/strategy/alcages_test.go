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

// alcText is what a chain says of an almost locked cage it goes through:
// the real cage, or a virtual cage's cells, sum and origin, then the
// combinations kept and the two digits one of which each holds.
var alcText = regexp.MustCompile(`(cage \d+\+ at r\dc\d|(r\dc\d\+)+r\dc\d = \d+ \(the (innies|outies) of [^)]+\)) keeping (\{[0-9,]+\},)*\{[0-9,]+\}: every combination left holds \d or \d`)

// TestAlmostLockedCagesFindSteps follows the logic solve of a generated
// killer without givens (line 6 of engine/solver's
// testdata/killer9-cagesize.txt) to the board before its first chain through a virtual
// cage, and asks FindSteps there for every Grouped Nice Loop step: some
// must go through a real cage's and some through a virtual cage's
// combination links, each explained by its cage and sound against the
// solution.
func TestAlmostLockedCagesFindSteps(t *testing.T) {
	b := boardAt(t, "../solver/testdata/killer9-cagesize.txt", 6)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	var first *grid.Board // the board before the first chain through a virtual cage
	before := b.Clone()
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
		if first == nil && s.Strategy == strategy.GroupedNiceLoop() && strings.Contains(s.Explain(n), ") keeping {") {
			first = before.Clone()
		}
		before.CopyFrom(after)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if first == nil {
		t.Fatal("the solve takes no chain through a virtual cage")
	}
	real, virtual := 0, 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{strategy.GroupedNiceLoop()}}
	err = solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		text := s.Explain(n)
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("%s removes the solution's %d from %s", text, e.Digit, n.CellName(e.Cell))
			}
		}
		for _, p := range s.Placements {
			if int(sol[p.Cell]) != p.Digit {
				t.Errorf("%s places %d in %s, the solution has %d", text, p.Digit, n.CellName(p.Cell), sol[p.Cell])
			}
		}
		for _, m := range alcText.FindAllStringSubmatch(text, -1) {
			if strings.HasPrefix(m[1], "cage ") {
				real++
			} else {
				virtual++
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("chains through almost locked cages: %d real, %d virtual", real, virtual)
	if real == 0 || virtual == 0 {
		t.Errorf("FindSteps offers %d chains through a real and %d through a virtual cage, want some of each", real, virtual)
	}
}

package solver

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestNestedWideOwnBudget: at testdata/p25-wide.txt, the published 25×25
// (25x25-published.txt line 1) where a logic-only solve stopped, a Nested
// Forcing Net search with the whole budget finds a step resting on wide
// lemmas; the next search of the same solve finds another. It fails when
// the wide pass gets only what the narrow passes left of the budget (they
// spend all of it on the board's 1,600 premises, none refuted with narrow
// lemmas), as on main. Each step is checked against the solution.
func TestNestedWideOwnBudget(t *testing.T) {
	b := fixtureBoard(t, "testdata/p25-wide.txt")
	sol := solutionOf(t, b)
	n := grid.Notation{Layout: b.Layout()}
	st := strategy.NestedForcingNet()
	var sink strategy.Sink
	sink.Thrift = Thrift(LogicOnly, b.Layout())
	for i := range 2 {
		sink.Reset()
		st.Find(b, &sink)
		steps := sink.Steps()
		if len(steps) == 0 {
			t.Fatalf("search %d: no step", i+1)
		}
		checkStep(t, sol, n, "a nested forcing step", &steps[0])
		e := steps[0].Eliminations[0]
		t.Logf("search %d: %s<>%s, %d nodes", i+1, n.CellName(e.Cell), n.DigitName(e.Digit), len(steps[0].Nodes))
		steps[0].Apply(b)
	}
}

// TestPublished25ByLogic: logic alone (LogicOnly, solutions counted as
// solverctl solve --type logic does, so that the uniqueness strategies
// run) finishes the published 25×25s of 25x25-published.txt lines 1 and
// 3, where it stopped on main after 108 and 191 steps: the Nested Forcing
// Net's wide passes have a budget of their own and start after a wide
// step from its premise (see strategy.NestedForcingNet). It can fail when
// a search of one of these solves runs out of budget before the premise
// it needs (the budgets are in implications followed, so the same on
// every machine; without the uniqueness strategies line 1 takes another
// path and stops after 170 steps) or when the steps go wrong (each
// checked against the solution). Line 2 still
// stops (after about 100 steps: two premises are refuted there, each
// found only after 40 million implications). About 30 s of CPU a line,
// so skipped under -short and -race (CI runs it without -race).
func TestPublished25ByLogic(t *testing.T) {
	if testing.Short() || race {
		t.Skip("about a minute of CPU (ten under -race)")
	}
	for _, line := range []int{1, 3} {
		b := variantLine(t, "25x25-published.txt", line)
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		res, err := Solve(context.Background(), b, Options{Type: LogicOnly, CheckMultiple: true}, func(_ int, st *strategy.Step, _ *grid.Board) error {
			checkStep(t, sol, n, "a step", st)
			return nil
		})
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if res.Status != Solved {
			t.Errorf("line %d: %v after %d steps, want solved by logic", line, res.Status, res.Steps)
		}
	}
}

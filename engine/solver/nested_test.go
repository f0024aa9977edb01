package solver

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestFindNestedNets: at the board where logic stopped on the first
// 16×16 Sudoku X of x16.txt (testdata/x16-nested.txt), no single-premise
// forcing chain or net finds a step, and Nested Forcing Net finds sound
// ones, some resting on lemmas, each lemma named by its contradiction.
func TestFindNestedNets(t *testing.T) {
	b := fixtureBoard(t, "testdata/x16-nested.txt")
	if b.Layout().N != 16 || b.Layout().Variant != grid.X {
		t.Fatalf("fixture is a %d×%d %v, want a 16×16 X", b.Layout().N, b.Layout().N, b.Layout().Variant)
	}
	sol := solutionOf(t, b)
	n := grid.Notation{Layout: b.Layout()}
	single := 0
	err := FindSteps(context.Background(), b, FindOptions{Strategies: []*strategy.Strategy{strategy.ForcingChain(), strategy.ForcingNet()}}, func(st *strategy.Step) bool {
		single++
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if single > 0 {
		t.Errorf("%d single-premise forcing steps at the fixture, want none (it is where logic stopped)", single)
	}
	found, lemmas := 0, 0
	err = FindSteps(context.Background(), b, FindOptions{Strategies: []*strategy.Strategy{strategy.NestedForcingNet()}}, func(st *strategy.Step) bool {
		found++
		checkStep(t, sol, n, "a nested forcing step", st)
		text := st.Explain(n)
		for i, nd := range st.Nodes {
			if nd.Origin != "" && st.Marks[i].Role == strategy.RoleOff {
				lemmas++
				if !strings.Contains(text, nd.Origin) {
					t.Errorf("%q does not name lemma %s<>%d (%s)", text, n.CellName(nd.Cells[0]), nd.Digit, nd.Origin)
				}
			}
		}
		if len(st.Eliminations) != 1 || !strings.HasPrefix(text, "Nested Forcing Net Contradiction: "+n.CellName(st.Eliminations[0].Cell)) {
			t.Errorf("step %q eliminates %v, want one candidate, its premise", text, st.Eliminations)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 || lemmas < 1 {
		t.Errorf("%d nested forcing steps, %d lemmas, want at least one of each", found, lemmas)
	}
	t.Logf("%d nested forcing steps, %d lemmas", found, lemmas)
}

// withoutNested returns the strategies a solve allows by default less
// Nested Forcing Net and Locked Nested Trial, for the tests of a logic
// solve that gets stuck: their trials finish the puzzles they use
// (eleven's hardest and the 25×25 of 25x25-hard.txt too).
func withoutNested() []*strategy.Strategy {
	var list []*strategy.Strategy
	for _, st := range strategy.All() {
		if !st.OptIn() && st != strategy.NestedForcingNet() && st != strategy.LockedNestedTrial() {
			list = append(list, st)
		}
	}
	return list
}

// TestNestedWideProbe: after a Nested Forcing Net step that needed lemmas
// outside the cells its premise narrowed, the next search of the solve on
// a 16×16 first tries the premises from the top with wide lemmas. At
// testdata/x16-wide.txt (x16-extreme line 3 before its step 48) a search
// finds r9c12<>12 with wide lemmas; on the board it leaves, the search of
// the same solve (its sink reused) takes r11c3<>10, the second premise of
// the order, with wide lemmas, where a search without that step before it
// (a fresh sink) takes r11c14<>7 with narrow lemmas far down the order,
// as every search did before the probe. Each step is checked against the
// solution.
func TestNestedWideProbe(t *testing.T) {
	b := fixtureBoard(t, "testdata/x16-wide.txt")
	sol := solutionOf(t, b)
	n := grid.Notation{Layout: b.Layout()}
	st := strategy.NestedForcingNet()
	find := func(sink *strategy.Sink, want string) *strategy.Step {
		t.Helper()
		sink.Reset()
		st.Find(b, sink)
		steps := sink.Steps()
		if len(steps) == 0 {
			t.Fatalf("no step, want %s", want)
		}
		checkStep(t, sol, n, "a nested forcing step", &steps[0])
		if got := n.CellName(steps[0].Eliminations[0].Cell) + "<>" + n.DigitName(steps[0].Eliminations[0].Digit); got != want {
			t.Errorf("step %s (%s), want %s", got, steps[0].Explain(n), want)
		}
		return &steps[0]
	}
	var solve strategy.Sink
	find(&solve, "r9c12<>12").Apply(b)
	var fresh strategy.Sink
	find(&fresh, "r11c14<>7")
	find(&solve, "r11c3<>10")
}

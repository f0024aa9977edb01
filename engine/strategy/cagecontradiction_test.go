package strategy_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// contradictionText is how a Cage Contradiction step reads: the premise,
// the deductions it rests on, the rule left with nothing, the conclusion.
var contradictionText = regexp.MustCompile(`^Cage Contradiction: if (r\dc\d) were (\d):( .*)?; then (cage \d+\+ at r\dc\d has no filling|.* \(r\dc\d(\+r\dc\d)*=\d+\) (has|have) no filling|r\dc\d has no candidates left|\d has no place left in (row|column|box) \d); so (r\dc\d)<>(\d)$`)

// TestCageContradictionFindSteps follows the logic solve of the first
// killer of engine/search/testdata/killer9-tarek.txt (no givens; stuck
// after 22 steps without Cage Contradiction) and, on the board before its
// first Cage Contradiction step, asks FindSteps for all of them: there
// must be some, each sound against the solution, explained from its
// premise to the rule it leaves with nothing, and drawn as a run of nodes
// from the premise: candidates and locked digits of the board, cage nodes
// naming a cage with the combinations it keeps, sum nodes with their sum
// and where it comes from.
func TestCageContradictionFindSteps(t *testing.T) {
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 1)
	sol := onlySolution(t, b)
	l := b.Layout()
	n := grid.Notation{Layout: l}
	first := boardBeforeFirst(t, b, strategy.CageContradiction())
	found, ends := 0, 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{strategy.CageContradiction()}}
	err := solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		found++
		text := s.Explain(n)
		m := contradictionText.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("%q does not match %s", text, contradictionText)
			return true
		}
		checkTrialPremise(t, s, text, m, n, sol)
		if len(s.Links) != len(s.Nodes)-1 {
			t.Errorf("%q: %d links for %d nodes", text, len(s.Links), len(s.Nodes))
		}
		for _, lk := range s.Links {
			if lk.Kind != strategy.Then {
				t.Errorf("%q: link %+v is no link of a trial's course", text, lk)
			}
		}
		for i, nd := range s.Nodes {
			switch nd.Kind {
			case strategy.CageNode:
				cg := l.Cage(nd.Cage)
				if len(nd.Cells) != len(cg.Cells) || nd.Target != cg.Target {
					t.Errorf("%q: node %d is not cage %d", text, i, nd.Cage)
				}
				for _, c := range nd.Combos {
					if c.Count() != len(cg.Cells) || digitSum(c) != cg.Target {
						t.Errorf("%q: cage %d+ keeps %v", text, cg.Target, c)
					}
				}
			case strategy.SumNode:
				if nd.Origin == "" || nd.Target <= 0 || len(nd.Cells) == 0 {
					t.Errorf("%q: sum node %d without its sum", text, i)
				}
			case strategy.CandidateNode, strategy.GroupNode:
				if i == len(s.Nodes)-1 && (nd.Digit == 0 || len(nd.Cells) == l.N) {
					continue // the end: a cell of no candidate, a unit of no place
				}
				for _, c := range nd.Cells {
					if !first.Cands(c).Has(nd.Digit) {
						t.Errorf("%q: node %d, %s=%d, is no candidate", text, i, n.CellName(c), nd.Digit)
					}
				}
			default:
				t.Errorf("%q: node %d of kind %d", text, i, nd.Kind)
			}
		}
		// The last node is where the trial ends, which the text names
		// last: the cell of no candidate, the unit of no place for a
		// digit, or the group of no filling.
		end := s.Nodes[len(s.Nodes)-1]
		switch {
		case end.Kind == strategy.CandidateNode && end.Digit == 0:
			if cell := n.CellName(end.Cells[0]); !strings.Contains(text, "; then "+cell+" has no candidates left; so ") {
				t.Errorf("%q: ends on node %s of no candidate, which the text does not end on", text, cell)
			}
			ends++
		case end.Kind == strategy.GroupNode && len(end.Cells) == l.N:
			if !strings.Contains(text, "has no place left in") {
				t.Errorf("%q: ends on a unit of no place, which the text does not say", text)
			}
			ends++
		case (end.Kind == strategy.CageNode || end.Kind == strategy.SumNode) && len(end.Combos) == 0:
		default:
			t.Errorf("%q: ends on node %+v, no end of a trial", text, end)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 3 {
		t.Errorf("FindSteps offers %d Cage Contradiction steps, want at least 3", found)
	}
	if ends == 0 {
		t.Error("no step ends on a cell or a unit: the check of their end nodes saw nothing")
	}
	t.Logf("%d steps offered", found)
}

// errFound stops a solve at the step looked for.
var errFound = errors.New("found")

// boardBeforeFirst returns the board of b's logic solve just before its
// first step of st, failing t when the solve takes none.
func boardBeforeFirst(t *testing.T, b *grid.Board, st *strategy.Strategy) *grid.Board {
	t.Helper()
	first := boardBefore(t, b, solver.LogicOnly, st)
	if first == nil {
		t.Fatalf("the solve takes no %s step", st.Name())
	}
	return first
}

// boardBefore returns the board where a solve of b of the given type
// takes its first step of st, or nil when it takes none before its
// first guess or its end.
func boardBefore(t *testing.T, b *grid.Board, typ solver.SolvingType, st *strategy.Strategy) *grid.Board {
	t.Helper()
	var first *grid.Board
	before := b.Clone()
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: typ}, func(i int, s *strategy.Step, after *grid.Board) error {
		switch s.Strategy {
		case st:
			first = before.Clone()
			return errFound
		case strategy.Guessing():
			return errFound
		}
		before.CopyFrom(after)
		return nil
	})
	if err != nil && !errors.Is(err, errFound) {
		t.Fatal(err)
	}
	return first
}

// findsNone fails t for every step one of sts finds on b.
func findsNone(t *testing.T, b *grid.Board, sts ...*strategy.Strategy) {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	for _, st := range sts {
		opts := solver.FindOptions{Strategies: []*strategy.Strategy{st}}
		err := solver.FindSteps(context.Background(), b, opts, func(s *strategy.Step) bool {
			t.Errorf("%s finds %s", st.Name(), s.Explain(n))
			return false
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// digitSum returns the sum of the digits of ds.
func digitSum(ds grid.Digits) int {
	s := 0
	for d := 1; d <= 9; d++ {
		if ds.Has(d) {
			s += d
		}
	}
	return s
}

// checkTrialPremise checks a trial step (Cage Contradiction, Nested Cage
// Contradiction) whose explanation text matched m: one elimination, the
// premise named first and last in the text, not the solution's digit, and
// drawn first as a candidate node.
func checkTrialPremise(t *testing.T, s *strategy.Step, text string, m []string, n grid.Notation, sol []uint8) {
	t.Helper()
	if len(s.Eliminations) != 1 {
		t.Fatalf("%q: %d eliminations, want 1", text, len(s.Eliminations))
	}
	e := s.Eliminations[0]
	if m[1] != n.CellName(e.Cell) || m[2] != n.DigitName(e.Digit) || m[len(m)-2] != m[1] || m[len(m)-1] != m[2] {
		t.Errorf("%q: premise and conclusion are not %s-%d", text, n.CellName(e.Cell), e.Digit)
	}
	if int(sol[e.Cell]) == e.Digit {
		t.Errorf("%q removes the solution's %d from %s", text, e.Digit, n.CellName(e.Cell))
	}
	if len(s.Nodes) == 0 || s.Nodes[0].Kind != strategy.CandidateNode || s.Nodes[0].Cells[0] != e.Cell || s.Nodes[0].Digit != e.Digit {
		t.Errorf("%q: the first node is not the premise", text)
	}
}

package strategy_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// nestedText is how a Nested Cage Contradiction step reads: the premise,
// the deductions and inner trials it rests on, what it leaves with
// nothing, the conclusion.
var nestedText = regexp.MustCompile(`^Nested Cage Contradiction: if (r\dc\d) were (\d):( .*)?; then (.* (has|have) no filling|r\dc\d has no candidates left|\d has no place left in (row|column|box) \d); so (r\dc\d)<>(\d)$`)

// innerText is one inner trial of a Nested Cage Contradiction step.
var innerText = regexp.MustCompile(`r\dc\d<>\d \(if it were \d:[^;]*; then [^)]*((has|have) no filling|has no candidates left|has no place left in (row|column|box) \d)\)`)

// TestNestedContradictionFindSteps follows the logic solve of line 5 of
// engine/search/testdata/killer9-tarek.txt (no givens; stuck after 20
// steps, every cell open, without Nested Cage Contradiction) and, on the
// board before its first Nested Cage Contradiction step, where no other
// technique of the order of play finds one, asks FindSteps for them:
// there must be one at least, each sound against the solution, explained
// from its premise through one inner trial at least to what it leaves
// with nothing, and drawn as a run of nodes from the premise with the
// inner trials branching off it.
func TestNestedContradictionFindSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with trials, seconds of CPU (minutes under -race)")
	}
	removed, cuts := 0, 0
	nestedFindSteps(t, 5, strategy.NestedContradiction(), nestedText, strategy.CageContradiction(), 8, func(s *strategy.Step, text string, first *grid.Board) {
		l := first.Layout()
		n := grid.Notation{Layout: l}
		// Every node but the premise has one link into it.
		into := make([]int, len(s.Nodes))
		for _, lk := range s.Links {
			if lk.From < 0 || lk.From >= len(s.Nodes) || lk.To < 0 || lk.To >= len(s.Nodes) {
				t.Fatalf("%q: link %v out of range", text, lk)
			}
			into[lk.To]++
		}
		for i, k := range into {
			if want := min(i, 1); k != want {
				t.Errorf("%q: %d links into node %d, want %d", text, k, i, want)
			}
		}
		// Every link is the trial's course; a candidate it ruled out
		// links on to its inner trial's premise, the same candidate, and
		// is highlighted off.
		for _, lk := range s.Links {
			if lk.Kind != strategy.Then {
				t.Errorf("%q: link %+v is no link of a trial's course", text, lk)
			}
			a, b := s.Nodes[lk.From], s.Nodes[lk.To]
			if a.Kind != strategy.CandidateNode || b.Kind != strategy.CandidateNode || a.Digit != b.Digit || !slices.Equal(a.Cells, b.Cells) {
				continue
			}
			cuts++
			if !slices.Contains(s.Marks, strategy.Mark{Cell: a.Cells[0], Digit: a.Digit, Role: strategy.RoleOff}) {
				t.Errorf("%q: node %d, ruled out, is not highlighted off", text, lk.From)
			}
		}
		for i, nd := range s.Nodes {
			switch nd.Kind {
			case strategy.CageNode:
				cg := l.Cage(nd.Cage)
				if len(nd.Cells) != len(cg.Cells) || nd.Target != cg.Target {
					t.Errorf("%q: node %d is not cage %d", text, i, nd.Cage)
				}
			case strategy.SumNode:
				if nd.Origin == "" || nd.Target <= 0 || len(nd.Cells) == 0 {
					t.Errorf("%q: sum node %d without its sum", text, i)
				}
			}
			// A group that lists no combinations names what it removed,
			// in its cells or, when it confines a digit to some of them,
			// in their peers (the text checks that none names nothing: a
			// group left without a filling has no combinations either).
			removed += len(nd.Removed)
			for _, r := range nd.Removed {
				if !first.Cands(r.Cell).Has(r.Digit) || !slices.ContainsFunc(nd.Cells, func(c int) bool { return c == r.Cell || l.Sees(c, r.Cell) }) {
					t.Errorf("%q: node %d removes %s-%d, not a candidate of its cells or their peers", text, i, n.CellName(r.Cell), r.Digit)
				}
			}
			switch nd.Kind {
			case strategy.CageNode, strategy.SumNode:
			case strategy.CandidateNode, strategy.GroupNode:
				// The ends of trials: a cell of no digit, a unit's cells.
				if nd.Digit == 0 || len(nd.Cells) == l.N {
					continue
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
		if strings.Contains(text, "rules out what no filling") {
			t.Errorf("%q: a group names nothing it removed", text)
		}
	})
	if removed == 0 {
		t.Error("no group without combinations named what it removed: the check above saw nothing")
	}
	if cuts == 0 {
		t.Error("no candidate ruled out by an inner trial: the check of their links saw nothing")
	}
}

// TestTrialCacheAgrees checks that the trials Cage Contradiction and
// Nested Cage Contradiction skip, because their cache holds how they
// ended, change nothing: on the board before line 5 of
// engine/search/testdata/killer9-tarek.txt takes its first Nested Cage
// Contradiction step, then on the board after that step, each search
// with the cache the searches before it left finds the same steps after
// the same looks at fillings as with an empty cache, and Nested Cage
// Contradiction skips the outer trials Cage Contradiction has just
// followed on the same board.
func TestTrialCacheAgrees(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with trials, seconds of CPU (minutes under -race)")
	}
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 5)
	n := grid.Notation{Layout: b.Layout()}
	board := boardBeforeFirst(t, b, strategy.NestedContradiction())
	warm := strategy.NewTrial()
	for round := range 2 {
		var step *strategy.Step
		for _, nested := range []bool{false, true} {
			want, wantLooks, _ := strategy.NewTrial().Search(board, nested)
			got, looks, skipped := warm.Search(board, nested)
			t.Logf("round %d, nested %v: %d steps, %d looks, %d trials skipped", round, nested, len(got), looks, skipped)
			if looks != wantLooks {
				t.Errorf("round %d, nested %v: %d looks with the cache, %d without", round, nested, looks, wantLooks)
			}
			if len(got) != len(want) {
				t.Fatalf("round %d, nested %v: %d steps with the cache, %d without", round, nested, len(got), len(want))
			}
			for i := range got {
				if g, w := got[i].Explain(n), want[i].Explain(n); g != w {
					t.Errorf("round %d, nested %v: step %q with the cache, %q without", round, nested, g, w)
				}
			}
			if nested && skipped == 0 {
				t.Errorf("round %d: Nested Cage Contradiction skips no trial after Cage Contradiction on the same board", round)
			}
			if nested && len(got) > 0 {
				step = &got[0]
			}
		}
		if step == nil {
			t.Fatalf("round %d: no Nested Cage Contradiction step", round)
		}
		board = board.Clone()
		step.Apply(board)
	}
}

// nestedFindSteps follows the logic solve of the given line of
// engine/search/testdata/killer9-tarek.txt and, on the board before st's
// first step there, asks FindSteps for st's steps (at most max): there
// must be one at least, each reading as re, with an inner trial, its
// premise false in the solution, each also passed to check; and weaker
// (the same trial with less search) must find none there.
func nestedFindSteps(t *testing.T, line int, st *strategy.Strategy, re *regexp.Regexp, weaker *strategy.Strategy, max int, check func(s *strategy.Step, text string, first *grid.Board)) {
	t.Helper()
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", line)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	first := boardBeforeFirst(t, b, st)
	found := 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{st}}
	err := solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		found++
		text := s.Explain(n)
		if found == 1 {
			t.Log(text)
		}
		m := re.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("%q does not match %s", text, re)
			return true
		}
		if !innerText.MatchString(text) {
			t.Errorf("%q has no inner trial", text)
		}
		checkTrialPremise(t, s, text, m, n, sol)
		check(s, text, first)
		return found < max
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 {
		t.Errorf("FindSteps offers %d %s steps, want at least 1", found, st.Name())
	}
	t.Logf("%d steps offered", found)
	findsNone(t, first, weaker)
}

package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestNestedChainSteps checks the chained batches of Nested Cage
// Contradiction (strategy.Sink.Chain, which a solve sets for its batches)
// on the board before the first Nested Cage Contradiction step of line 9
// of engine/search/testdata/killer9-tarek.txt, where the plain find-all
// search finds more than NestedChainFrom steps: the chained search finds
// the same first NestedChainFrom steps, word for word, then steps the
// plain one does not (resting on those before them), each of a candidate
// false in the solution and still a candidate when the steps before it
// are applied in order, each reading as a Nested Cage Contradiction step.
// (Chaining is no gain on every board: on line 15's the chained search
// finds 14 steps to the plain one's 16, its budget spent on following
// the steps taken; the solves gain from the batches that finish a
// puzzle, docs/variant-techniques.md.)
func TestNestedChainSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with trials, seconds of CPU (minutes under -race)")
	}
	const line = 9
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", line)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	first := boardBeforeFirst(t, b, strategy.NestedContradiction())
	find := func(chain bool) []strategy.Step {
		sink := strategy.Sink{All: true, Chain: chain}
		strategy.NestedContradiction().Find(first, &sink)
		return sink.Steps()
	}
	plain, chained := find(false), find(true)
	t.Logf("line %d: %d steps plain, %d chained", line, len(plain), len(chained))
	if len(plain) <= strategy.NestedChainFrom {
		t.Fatalf("line %d: the plain search finds %d steps, want more than %d (the board no longer tests chaining)", line, len(plain), strategy.NestedChainFrom)
	}
	if len(chained) < strategy.NestedChainFrom {
		t.Fatalf("line %d: the chained search finds %d steps, want %d at least", line, len(chained), strategy.NestedChainFrom)
	}
	for i := range strategy.NestedChainFrom {
		if g, w := chained[i].Explain(n), plain[i].Explain(n); g != w {
			t.Errorf("line %d: chained step %d is %q, plain %q", line, i+1, g, w)
		}
	}
	inPlain := map[strategy.CellDigit]bool{}
	for _, s := range plain {
		for _, e := range s.Eliminations {
			inPlain[e] = true
		}
	}
	fresh := 0
	board := first.Clone()
	for i := range chained {
		s := &chained[i]
		text := s.Explain(n)
		if !nestedText.MatchString(text) {
			t.Errorf("line %d: chained step %d %q does not match %s", line, i+1, text, nestedText)
		}
		if len(s.Eliminations) == 0 || len(s.Placements) > 0 {
			t.Errorf("line %d: chained step %d %q: %d eliminations, %d placements", line, i+1, text, len(s.Eliminations), len(s.Placements))
		}
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("line %d: chained step %d %q rules out the solution's %s=%d", line, i+1, text, n.CellName(e.Cell), e.Digit)
			}
			if !board.Cands(e.Cell).Has(e.Digit) {
				t.Errorf("line %d: chained step %d %q: %s=%d is no candidate after the steps before it", line, i+1, text, n.CellName(e.Cell), e.Digit)
			}
			if !inPlain[e] {
				fresh++
			}
		}
		s.Apply(board)
	}
	if fresh == 0 {
		t.Errorf("line %d: the chained search finds nothing the plain one does not", line)
	}
}

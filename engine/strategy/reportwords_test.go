package strategy

import (
	"reflect"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestReportWordsIndexed checks that the reports of Nested Cage
// Contradiction (and the Cage Contradiction steps of its chained
// searches) build the same nodes and words when their removals and
// combinations come from the index and the trial's memo (nodeWords,
// setsMemo) as when each node scans the trial again: along tarek lines 9
// and 21, the first three find-all searches of each, each board the one
// before with its first step applied.
func TestReportWordsIndexed(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: find-all searches on killers")
	}
	t.Cleanup(func() { indexedWords = true })
	search := func(tr *trial, b *grid.Board) []Step {
		sink := Sink{All: true, Chain: true, strategy: nestedContradictionStrategy}
		if tr.start(b) {
			tr.findNested(&sink, nestedContradictionBudget)
		}
		return sink.Steps()
	}
	steps, memo := 0, 0
	for _, line := range []int{9, 21} {
		b := tarekBoard(t, line)
		for round := range 3 {
			indexedWords = false
			want := search(new(trial), b)
			indexedWords = true
			tr := new(trial)
			got := search(tr, b)
			if len(got) != len(want) {
				t.Fatalf("line %d, round %d: %d steps indexed, %d without", line, round, len(got), len(want))
			}
			n := grid.Notation{Layout: b.Layout()}
			for i := range got {
				if g, w := got[i].Explain(n), want[i].Explain(n); g != w {
					t.Fatalf("line %d, round %d, step %d: %q indexed, %q without", line, round, i, g, w)
				}
				if !reflect.DeepEqual(got[i].Nodes, want[i].Nodes) {
					t.Fatalf("line %d, round %d, step %d: its nodes differ indexed", line, round, i)
				}
			}
			steps, memo = steps+len(got), memo+len(tr.setsMemo)
			if len(got) == 0 {
				break
			}
			b = b.Clone()
			got[0].Apply(b)
		}
	}
	t.Logf("%d steps, %d group states in the memos", steps, memo)
	if steps < 20 || memo == 0 {
		t.Errorf("%d steps, %d group states in the memos: too few to check", steps, memo)
	}
}

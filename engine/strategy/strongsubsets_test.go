package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestSubsetMemoAgrees runs chained Strong Nested Cage Contradiction
// searches (find-all) along tarek's killer 41 with the strong trial's
// memo of units whose subsets found nothing (quietSubsets) and without:
// the same steps, after the same looks, and searches skipped by the memo
// (on an eighth of the search's budget: the whole took 25 s of CPU).
func TestSubsetMemoAgrees(t *testing.T) {
	if testing.Short() || Race {
		t.Skip("skipped under -short and -race: Strong Nested Cage Contradiction searches, seconds of CPU")
	}
	defer func(on bool) { subsetMemoOn = on }(subsetMemoOn)
	b := fileBoard(t, "../search/testdata/killer9-tarek.txt", 41)
	n := grid.Notation{Layout: b.Layout()}
	kept := &trial{strong: true}
	hits := 0
	for s := range 2 {
		find := func(tr *trial, memo bool) ([]string, []Step, int) {
			subsetMemoOn = memo
			sink := Sink{strategy: strongNestedStrategy, All: true, Chain: true}
			if !tr.startStrong(b) {
				t.Fatalf("search %d: the board breaks a rule", s+1)
			}
			tr.findNested(&sink, strongNestedBudget/8)
			tr.exact()
			var texts []string
			for i := range sink.Steps() {
				texts = append(texts, sink.Steps()[i].Explain(n))
			}
			return texts, sink.Steps(), tr.work
		}
		before := 0
		if kept.sx != nil {
			before = kept.sx.subsetHits
		}
		got, steps, gotWork := find(kept, true)
		want, _, wantWork := find(&trial{strong: true}, false)
		if !slices.Equal(got, want) {
			t.Fatalf("search %d: with the memo %d steps %q, without %d %q", s+1, len(got), got, len(want), want)
		}
		if gotWork != wantWork {
			t.Errorf("search %d: %d looks with the memo, %d without", s+1, gotWork, wantWork)
		}
		hits += kept.sx.subsetHits - before
		t.Logf("search %d: %d steps, %d subset searches skipped", s+1, len(got), kept.sx.subsetHits-before)
		if len(steps) == 0 {
			break
		}
		b = b.Clone()
		for i := range steps {
			steps[i].Apply(b)
		}
	}
	if hits == 0 {
		t.Errorf("no subset search skipped: want the memo used")
	}
}

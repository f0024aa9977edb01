package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestInnerFollowOnAgrees checks that a nested search's inner trials
// followed on from the ends of their premises' trials before (tryInner)
// end as the trials afresh or from the cache do: along chained find-all
// Nested Cage Contradiction searches from tarek killers as given, each
// board the one before it with the steps found applied, a trial that
// follows them on and one that does not find the same steps, word for
// word, after the same looks. Some trials must be followed on, or the
// test tests nothing.
func TestInnerFollowOnAgrees(t *testing.T) {
	if testing.Short() || Race {
		t.Skip("skipped under -short and -race: Nested Cage Contradiction searches, seconds of CPU")
	}
	defer func() { innerFollowOn = true }()
	followed := 0
	for _, tc := range []struct{ line, searches int }{{18, 3}, {21, 2}} {
		b := fileBoard(t, "../search/testdata/killer9-tarek.txt", tc.line)
		n := grid.Notation{Layout: b.Layout()}
		on, off := &trial{}, &trial{}
		for s := range tc.searches {
			find := func(tr *trial, follow bool) ([]string, []Step, int) {
				innerFollowOn = follow
				sink := Sink{strategy: nestedContradictionStrategy, All: true, Chain: true}
				if !tr.start(b) {
					t.Fatalf("line %d, search %d: the board breaks a rule", tc.line, s+1)
				}
				tr.exactOuter = true
				tr.findNested(&sink, nestedContradictionBudget)
				tr.exactOuter = false
				var texts []string
				for i := range sink.Steps() {
					texts = append(texts, sink.Steps()[i].Explain(n))
				}
				return texts, sink.Steps(), tr.work
			}
			before := on.inner.followed
			got, steps, gotWork := find(on, true)
			want, _, wantWork := find(off, false)
			if !slices.Equal(got, want) {
				t.Fatalf("line %d, search %d: followed on %d steps %q, afresh %d %q", tc.line, s+1, len(got), got, len(want), want)
			}
			if gotWork != wantWork {
				t.Errorf("line %d, search %d: %d looks followed on, %d afresh", tc.line, s+1, gotWork, wantWork)
			}
			if off.inner.followed != 0 {
				t.Errorf("line %d, search %d: %d inner trials followed on without innerFollowOn", tc.line, s+1, off.inner.followed)
			}
			followed += on.inner.followed - before
			t.Logf("line %d, search %d: %d steps, %d inner trials followed on", tc.line, s+1, len(got), on.inner.followed-before)
			if len(steps) == 0 {
				break
			}
			b = b.Clone()
			for i := range steps {
				steps[i].Apply(b)
			}
		}
	}
	if followed == 0 {
		t.Error("no inner trial followed on: the test compares nothing")
	}
}

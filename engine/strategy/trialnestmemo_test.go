package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestNestMemoAgrees checks that Nested Cage Contradiction's memo of its
// nested searches (nestMemo) changes nothing a search finds: along
// chained find-all searches from a tarek killer as given, each board the
// one before it with the steps found applied, a trial with the memo
// (kept from search to search, as the pool keeps it) and a fresh trial
// without it find the same steps, word for word, after the same looks.
// The memo must be taken from (the two premises of a two-cell cage
// meet there) in the first search and in a later one, with entries kept
// from search to search, or the test tests nothing.
func TestNestMemoAgrees(t *testing.T) {
	if testing.Short() || Race {
		t.Skip("skipped under -short and -race: Nested Cage Contradiction searches, seconds of CPU")
	}
	nestMemoAgrees(t, false, []nestMemoCase{{18, 4}, {9, 3}})
}

// TestNestMemoAgreesStrong is TestNestMemoAgrees for Strong Nested Cage
// Contradiction, whose strong trials (subsets and unit combinations
// followed too) depend on their candidates alone as the plain ones do:
// the chained find-all searches along tarek's killer 37 (stuck with
// every cell open) find the same steps after the same looks with the
// memo and without.
func TestNestMemoAgreesStrong(t *testing.T) {
	if testing.Short() || Race {
		t.Skip("skipped under -short and -race: Strong Nested Cage Contradiction searches, seconds of CPU")
	}
	nestMemoAgrees(t, true, []nestMemoCase{{37, 2}})
}

// nestMemoCase is a tarek killer's line and how many chained searches
// to follow from it.
type nestMemoCase struct {
	line, searches int
}

// nestMemoAgrees runs the searches of cases with the memo and without,
// strong trials when strong is set (Strong Nested Cage Contradiction's).
func nestMemoAgrees(t *testing.T, strong bool, cases []nestMemoCase) {
	defer func() { nestMemoOn = true }()
	strat, budget := nestedContradictionStrategy, nestedContradictionBudget
	if strong {
		strat, budget = strongNestedStrategy, strongNestedBudget
	}
	hits, later := 0, 0
	for _, tc := range cases {
		b := fileBoard(t, "../search/testdata/killer9-tarek.txt", tc.line)
		n := grid.Notation{Layout: b.Layout()}
		kept := &trial{strong: strong}
		for s := range tc.searches {
			find := func(tr *trial, memo bool) ([]string, []Step, int) {
				nestMemoOn = memo
				sink := Sink{strategy: strat, All: true, Chain: true}
				started := false
				if strong {
					started = tr.startStrong(b)
				} else {
					started = tr.start(b)
				}
				if !started {
					t.Fatalf("line %d, search %d: the board breaks a rule", tc.line, s+1)
				}
				tr.findNested(&sink, budget)
				// The trials followed on count their least looks until
				// the budget needs more (exactWithin): their own, for
				// the looks the search took.
				tr.exact()
				var texts []string
				for i := range sink.Steps() {
					texts = append(texts, sink.Steps()[i].Explain(n))
				}
				return texts, sink.Steps(), tr.work
			}
			before := kept.nest.hits
			got, steps, gotWork := find(kept, true)
			want, _, wantWork := find(&trial{strong: strong}, false)
			if !slices.Equal(got, want) {
				t.Fatalf("line %d, search %d: with the memo %d steps %q, without %d %q", tc.line, s+1, len(got), got, len(want), want)
			}
			if gotWork != wantWork {
				t.Errorf("line %d, search %d: %d looks with the memo, %d without", tc.line, s+1, gotWork, wantWork)
			}
			hits += kept.nest.hits - before
			if s > 0 {
				later += kept.nest.hits - before
			}
			t.Logf("line %d, search %d: %d steps, %d nested searches from the memo", tc.line, s+1, len(got), kept.nest.hits-before)
			if len(steps) == 0 {
				break
			}
			b = b.Clone()
			for i := range steps {
				steps[i].Apply(b)
			}
		}
	}
	if hits == later || later == 0 {
		t.Errorf("%d nested searches from the memo, %d of them after a line's first search: want some in both", hits, later)
	}
}

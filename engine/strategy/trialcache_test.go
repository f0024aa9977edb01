package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialCacheCompacts checks that a trial cache whose values fill up
// drops those of no entry and keeps its entries: on the first tarek
// killer's board as given, the trials of the first cells' candidates
// are kept, the cache's values padded with values of no entry to the
// brim, and one more trial kept; each trial kept before is then skipped,
// ending as a fresh trial does, its candidates after it the same.
func TestTrialCacheCompacts(t *testing.T) {
	b := fileBoard(t, "../search/testdata/killer9-tarek.txt", 1)
	tr, fresh := new(trial), new(trial)
	if !tr.start(b) || !fresh.start(b) {
		t.Fatal("the board breaks a rule")
	}
	var premises []CellDigit
	for _, c := range tr.order[:6] {
		for ds := tr.base[c]; ds != 0; ds &= ds - 1 {
			premises = append(premises, CellDigit{c, ds.Min()})
		}
	}
	last := premises[len(premises)-1]
	premises = premises[:len(premises)-1]
	for _, p := range premises {
		tr.tryKept(0, tr.base, p.Cell, p.Digit, false)
	}
	tr.kept.vals = append(tr.kept.vals, make([]grid.Digits, maxKeptVals-len(tr.kept.vals))...)
	tr.tryKept(0, tr.base, last.Cell, last.Digit, false)
	if len(tr.kept.vals) >= maxKeptVals/2 {
		t.Fatalf("%d values kept after the cache filled, want fewer than %d", len(tr.kept.vals), maxKeptVals/2)
	}
	for _, p := range premises {
		hits, work := tr.kept.hits, tr.work
		broken := tr.tryKept(0, tr.base, p.Cell, p.Digit, false)
		if tr.kept.hits != hits+1 {
			t.Fatalf("trial of r%dc%d=%d not skipped after the cache filled", p.Cell/9+1, p.Cell%9+1, p.Digit)
		}
		want := fresh.work
		if fresh.try(fresh.base, p.Cell, p.Digit, true) != broken {
			t.Fatalf("trial of r%dc%d=%d: kept and fresh trials end apart", p.Cell/9+1, p.Cell%9+1, p.Digit)
		}
		if got, want := tr.work-work, fresh.work-want; got != want {
			t.Errorf("trial of r%dc%d=%d: %d looks kept, %d fresh", p.Cell/9+1, p.Cell%9+1, p.Digit, got, want)
		}
		if !broken && !slices.Equal(tr.cand, fresh.cand) {
			t.Errorf("trial of r%dc%d=%d: candidates after it differ from a fresh trial's", p.Cell/9+1, p.Cell%9+1, p.Digit)
		}
	}
}

// TestTrialFromFollowedBase checks that a trial from candidates with
// every rule followed, which locks no digit in a unit until a cell of it
// loses the digit (beginFrom), ends as one that locks every digit does:
// the same events, candidates after it and looks at fillings, reading no
// cell more. On the first and eighteenth tarek killers as given, each
// candidate of the first cells is tried from the base, and from what
// the first trial that does not break leaves (Nested Cage
// Contradiction's inner trials).
func TestTrialFromFollowedBase(t *testing.T) {
	tried, inner := 0, 0
	for _, line := range []int{1, 18} {
		b := fileBoard(t, "../search/testdata/killer9-tarek.txt", line)
		lean, full := new(trial), new(trial)
		if !lean.start(b) || !full.start(b) {
			t.Fatalf("killer9-tarek.txt:%d breaks a rule", line)
		}
		bases := [][]grid.Digits{lean.base}
		for _, c := range lean.order[:12] {
			for ds := lean.base[c]; ds != 0; ds &= ds - 1 {
				for _, base := range bases {
					d := ds.Min()
					if !base[c].Has(d) || base[c].Count() < 2 {
						continue
					}
					lw, fw := lean.work, full.work
					lb, fb := lean.try(base, c, d, true), full.try(base, c, d, false)
					switch {
					case lb != fb:
						t.Fatalf("killer9-tarek.txt:%d, r%dc%d=%d: broken %v from the followed base, %v locking every digit", line, c/9+1, c%9+1, d, lb, fb)
					case !slices.Equal(lean.events, full.events) || !slices.Equal(lean.cand, full.cand) || !slices.Equal(lean.by, full.by):
						t.Fatalf("killer9-tarek.txt:%d, r%dc%d=%d: the trials' events or candidates differ", line, c/9+1, c%9+1, d)
					case lean.work-lw != full.work-fw:
						t.Fatalf("killer9-tarek.txt:%d, r%dc%d=%d: %d looks, %d locking every digit", line, c/9+1, c%9+1, d, lean.work-lw, full.work-fw)
					case lean.read[0]&^full.read[0] != 0 || lean.read[1]&^full.read[1] != 0:
						t.Fatalf("killer9-tarek.txt:%d, r%dc%d=%d: reads cells the trial locking every digit does not", line, c/9+1, c%9+1, d)
					}
					tried++
					if len(bases) > 1 && &base[0] == &bases[1][0] {
						inner++
					}
					if !lb && len(bases) == 1 {
						bases = append(bases, slices.Clone(lean.cand))
					}
				}
			}
		}
	}
	if tried < 200 || inner < 50 {
		t.Errorf("%d trials compared, %d of them inner; want 200 and 50 at least", tried, inner)
	}
	t.Logf("%d trials compared, %d of them inner", tried, inner)
}

// TestTrialCacheKeepsInnerTrials checks that the cache compares an inner
// trial of Nested Cage Contradiction with the last keptInner trials of
// its key, not the last alone: on the eighteenth tarek killer as given,
// an inner trial from the outer trial's candidates is kept, then the
// same trial from keptInner-1 other states (one candidate fewer in a
// cell it read); from the first state again it is skipped, ending as a
// fresh trial does after as many looks, and once one state more is kept
// it is followed again.
func TestTrialCacheKeepsInnerTrials(t *testing.T) {
	b := fileBoard(t, "../search/testdata/killer9-tarek.txt", 18)
	tr, fresh := new(trial), new(trial)
	if !tr.start(b) || !fresh.start(b) {
		t.Fatal("the board breaks a rule")
	}
	// An outer trial that does not break, and a cell it changed.
	var xs []grid.Digits
	ctx, c, d := 0, -1, 0
	for _, oc := range tr.order {
		od := tr.base[oc].Min()
		if tr.try(tr.base, oc, od, true) {
			continue
		}
		xs = slices.Clone(tr.cand)
		for _, x := range tr.order {
			if x != oc && xs[x] != tr.base[x] && xs[x].Count() > 1 {
				c, d = x, xs[x].Min()
				break
			}
		}
		if c >= 0 {
			ctx = 1 + oc*16 + od
			break
		}
	}
	if c < 0 {
		t.Fatal("no outer trial changes a cell it leaves open")
	}
	tr.tryKept(ctx, xs, c, d, false)
	// The other states: a candidate fewer in a cell the trial read.
	var others [][]grid.Digits
	for x := range xs {
		if x != c && tr.read[x>>6]>>(x&63)&1 != 0 && xs[x].Count() > 1 {
			o := slices.Clone(xs)
			o[x] &^= o[x] & -o[x]
			others = append(others, o)
		}
	}
	if len(others) < keptInner {
		t.Fatalf("%d other states, want %d", len(others), keptInner)
	}
	for _, o := range others[:keptInner-1] {
		if tr.tryKept(ctx, o, c, d, false); !tr.fresh {
			t.Fatal("a trial from another state skipped")
		}
	}
	hits, work := tr.kept.hits, tr.work
	broken := tr.tryKept(ctx, xs, c, d, false)
	if tr.kept.hits != hits+1 || tr.fresh {
		t.Fatalf("inner trial of r%dc%d=%d not skipped after %d others", c/9+1, c%9+1, d, keptInner-1)
	}
	want := fresh.work
	if fresh.try(xs, c, d, true) != broken {
		t.Fatal("kept and fresh trials end apart")
	}
	if got, want := tr.work-work, fresh.work-want; got != want {
		t.Errorf("%d looks kept, %d fresh", got, want)
	}
	tr.tryKept(ctx, others[keptInner-1], c, d, false)
	if tr.tryKept(ctx, xs, c, d, false); !tr.fresh {
		t.Errorf("inner trial skipped after %d others, want it followed", keptInner)
	}
}

// TestNestedOuterTrialsExact checks that Nested Cage Contradiction's
// outer trials, followed afresh while it searches (trial.exactOuter),
// give the steps and looks of those followed on from the trials before
// (followOn): on the eighteenth tarek killer as given, then after its
// first step, a search with each kind of outer trial finds the same step
// after the same looks, and in the second only the search without
// exactOuter follows trials on.
func TestNestedOuterTrialsExact(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: Nested Cage Contradiction's searches, a second of CPU")
	}
	board := fileBoard(t, "../search/testdata/killer9-tarek.txt", 18)
	n := grid.Notation{Layout: board.Layout()}
	exact, bounded := new(trial), new(trial)
	exact.exactOuter = true
	for round := range 2 {
		followed := exact.kept.followed
		want, wantLooks, _ := bounded.Search(board, true)
		got, looks, _ := exact.Search(board, true)
		if len(got) == 0 || len(got) != len(want) {
			t.Fatalf("round %d: %d steps from the exact outer trials, %d from those followed on; want one at least", round, len(got), len(want))
		}
		if g, w := got[0].Explain(n), want[0].Explain(n); g != w {
			t.Errorf("round %d: step %q from the exact outer trials, %q from those followed on", round, g, w)
		}
		if looks != wantLooks {
			t.Errorf("round %d: %d looks from the exact outer trials, %d from those followed on", round, looks, wantLooks)
		}
		if round == 1 {
			if exact.kept.followed != followed {
				t.Errorf("%d trials followed on under exactOuter, want none", exact.kept.followed-followed)
			}
			if bounded.kept.followed == 0 {
				t.Error("no trial followed on without exactOuter: the test compares nothing")
			}
		}
		board = board.Clone()
		got[0].Apply(board)
	}
}

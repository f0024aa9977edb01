package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// tarekBoard decodes line (1-based) of the tarek killers.
func tarekBoard(t *testing.T, line int) *grid.Board {
	t.Helper()
	p, _, err := codec.Decode(shared.Lines(t, "../search/testdata/killer9-tarek.txt")[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("killer9-tarek.txt:%d: %v", line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("killer9-tarek.txt:%d: %v", line, err)
	}
	return b
}

// nestedTexts runs Nested Cage Contradiction in find-all mode on b with
// trial t and returns its steps' explanations.
func nestedTexts(t *trial, b *grid.Board) []string {
	sink := Sink{All: true, strategy: nestedContradictionStrategy}
	if t.start(b) {
		t.findNested(&sink, nestedContradictionBudget)
	}
	var out []string
	for i := range sink.Steps() {
		out = append(out, sink.Steps()[i].Explain(grid.Notation{Layout: b.Layout()}))
	}
	return out
}

// TestNestedReportsFromCuts checks that the reports of Nested Cage
// Contradiction word the same steps when their inner trials are taken
// from the nested search's cuts (keepCut, loadCut) as when followed
// again: along tarek line 9 (the first six find-all searches, each board
// the one before with its first step applied), and that most are taken.
func TestNestedReportsFromCuts(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: six find-all searches on a killer")
	}
	t.Cleanup(func() { keepCutTrials = true })
	b := tarekBoard(t, 9)
	steps, loaded := 0, 0
	for round := range 6 {
		keepCutTrials = false
		want := nestedTexts(new(trial), b)
		keepCutTrials = true
		tr := new(trial)
		got := nestedTexts(tr, b)
		if len(got) != len(want) {
			t.Fatalf("round %d: %d steps from the cuts' trials, %d without", round, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("round %d, step %d: %q from the cuts' trials, %q without", round, i, got[i], want[i])
			}
		}
		steps, loaded = steps+len(got), loaded+tr.rep.loaded
		if len(got) == 0 {
			break
		}
		sink := Sink{strategy: nestedContradictionStrategy}
		tr.start(b)
		tr.findNested(&sink, nestedContradictionBudget)
		b = b.Clone()
		sink.Steps()[0].Apply(b)
	}
	t.Logf("%d steps, %d inner trials taken from the cuts", steps, loaded)
	if steps < 20 || loaded < steps {
		t.Errorf("%d steps, %d inner trials from the cuts: too few to check", steps, loaded)
	}
}

// TestNestedCutsOfAnotherSearch checks that a report takes no inner
// trial kept for another candidate's search: the step of a candidate
// reported after the nested search of another (whose cuts the trial then
// holds) reads as reported after its own search.
func TestNestedCutsOfAnotherSearch(t *testing.T) {
	b := tarekBoard(t, 9)
	tr := new(trial)
	if !tr.start(b) {
		t.Fatal("tarek 9 breaks a rule")
	}
	type refuted struct {
		c, d int
		cuts []CellDigit
		xs   []grid.Digits
	}
	var found []refuted
	for _, c := range tr.order {
		for ds := tr.base[c]; ds != 0 && len(found) < 2; ds &= ds - 1 {
			d := ds.Min()
			if tr.tryKept(0, tr.base, c, d, false) {
				continue
			}
			xs := append([]grid.Digits(nil), tr.cand...)
			if broken, cuts := tr.nested(1+c*16+d, append([]grid.Digits(nil), xs...), nil); broken && len(cuts) > 1 {
				found = append(found, refuted{c, d, cuts, xs})
			}
		}
	}
	if len(found) < 2 {
		t.Fatalf("%d candidates refuted with two cuts or more on tarek 9, want 2", len(found))
	}
	report := func(r refuted) string {
		sink := Sink{strategy: nestedContradictionStrategy}
		tr.reportNested(&sink, r.c, r.d, r.cuts)
		if len(sink.Steps()) != 1 {
			t.Fatalf("%d steps reported for r%dc%d<>%d", len(sink.Steps()), r.c/9+1, r.c%9+1, r.d)
		}
		return sink.Steps()[0].Explain(grid.Notation{Layout: b.Layout()})
	}
	// Each search follows its trials again (an empty cache), so that it
	// keeps its cuts' trials.
	a, other := found[0], found[1]
	tr.kept.reset()
	tr.nested(1+a.c*16+a.d, append([]grid.Digits(nil), a.xs...), nil)
	loaded := tr.rep.loaded
	want := report(a)
	if tr.rep.loaded == loaded {
		t.Fatal("the report after its own search took no inner trial from the cuts")
	}
	tr.kept.reset()
	tr.nested(1+other.c*16+other.d, append([]grid.Digits(nil), other.xs...), nil)
	if held := tr.rep.cutTrials; len(held) < 2 || !held[0].held || !held[1].held {
		t.Fatal("the other search kept no trial of its first two cuts")
	}
	if got := report(a); got != want {
		t.Errorf("after another search: %q, after its own: %q", got, want)
	}
}

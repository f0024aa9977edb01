package strategy

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestTrialCacheCompacts checks that a trial cache whose values fill up
// drops those of no entry and keeps its entries: on the first tarek
// killer's board as given, the trials of the first cells' candidates
// are kept, the cache's values padded with values of no entry to the
// brim, and one more trial kept; each trial kept before is then skipped,
// ending as a fresh trial does, its candidates after it the same.
func TestTrialCacheCompacts(t *testing.T) {
	lines := shared.Lines(t, "../search/testdata/killer9-tarek.txt")
	p, _, err := codec.Decode(strings.TrimSpace(lines[0]), codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
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

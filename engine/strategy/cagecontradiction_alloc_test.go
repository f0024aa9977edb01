package strategy

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestTrialAllocs checks that a trial allocates nothing once its slices
// have grown: following a candidate (try), and skipping one the cache
// holds (tryKept), on the first tarek killer's board as given (every cell
// open), each trial run once before to grow them.
func TestTrialAllocs(t *testing.T) {
	lines := shared.Lines(t, "../search/testdata/killer9-tarek.txt")
	p, _, err := codec.Decode(strings.TrimSpace(lines[0]), codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	tr := new(trial)
	if !tr.start(b) {
		t.Fatal("the board breaks a rule")
	}
	var premises []CellDigit
	for _, c := range tr.order[:4] {
		for ds := tr.base[c]; ds != 0; ds &= ds - 1 {
			premises = append(premises, CellDigit{c, ds.Min()})
		}
	}
	follow := func() {
		for _, p := range premises {
			tr.try(tr.base, p.Cell, p.Digit, true)
		}
	}
	skip := func() {
		for _, p := range premises {
			tr.tryKept(0, tr.base, p.Cell, p.Digit, false)
		}
	}
	follow()
	skip()
	hits := tr.kept.hits
	if n := testing.AllocsPerRun(5, follow); n != 0 {
		t.Errorf("%d trials: %v allocations a run, want 0", len(premises), n)
	}
	if n := testing.AllocsPerRun(5, skip); n != 0 {
		t.Errorf("%d trials skipped: %v allocations a run, want 0", len(premises), n)
	}
	if tr.kept.hits == hits {
		t.Errorf("tryKept skipped no trial the cache holds")
	}
}

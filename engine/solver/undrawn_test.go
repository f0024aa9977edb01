package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestUndrawnSolveSame: a solve without emit takes a batch's later steps
// drawn through candidates gone as found, where Redraw would follow their
// trials again (strategy.RedrawNamed), and must end as the solve that
// emits every step drawn: the same steps counted, guesses, rating and
// board. Tarek's killer 16 takes some such steps as Cage Contradiction,
// their premises' own trials breaking on the later board, which the
// solve without emit must name so too (the rating's score).
func TestUndrawnSolveSame(t *testing.T) {
	for _, tc := range []struct {
		line  int
		floor int // batched steps taken as found without emit, at least
	}{
		{16, 5},
		{21, 5},
	} {
		b := fixture(t, "killer9-tarek.txt", tc.line-1)
		opts := Options{CheckMultiple: true, OneDeepSearch: true}
		solve := func(emit Emit) *run {
			r := newRun(b, opts, emit)
			r.plan(opts)
			if err := r.run(context.Background()); err != nil {
				t.Fatalf("tarek %d: %v", tc.line, err)
			}
			return r
		}
		drawn := solve(func(int, *strategy.Step, *grid.Board) error { return nil })
		undrawn := solve(nil)
		d, u := drawn.res, undrawn.res
		if u.Status != d.Status || u.Steps != d.Steps || u.Guesses != d.Guesses || !slices.Equal(undrawn.b.Values(), drawn.b.Values()) {
			t.Errorf("tarek %d without emit: status %v, %d steps, %d guesses; with emit %v, %d, %d", tc.line, u.Status, u.Steps, u.Guesses, d.Status, d.Steps, d.Guesses)
		}
		if u.Rating != d.Rating {
			t.Errorf("tarek %d without emit rated %+v, with emit %+v", tc.line, u.Rating, d.Rating)
		}
		if drawn.undrawn != 0 || undrawn.undrawn < tc.floor {
			t.Errorf("tarek %d: %d batched steps taken as found with emit, %d without; want 0 and at least %d", tc.line, drawn.undrawn, undrawn.undrawn, tc.floor)
		}
		t.Logf("tarek %d: %d steps, %d batched, %d of them taken as found without emit, score %d", tc.line, u.Steps, undrawn.batched, undrawn.undrawn, u.Rating.Score)
	}
}

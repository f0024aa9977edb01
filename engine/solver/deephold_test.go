package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestOneDeepHoldsWaited: once a search of Options.OneDeepSearch has
// taken a step, the Dear passes that found nothing and wait do not run
// where no other pass finds a step; the next search runs instead (see
// holdWaited). Tarek's killer 41 (= killer9-extreme.txt line 4) is still
// finished by logic, every step checked against the solution, and from
// its first deep step to its last the solve runs few Dear passes: 537
// before the rule, about 38 before each of its deep searches after the
// first (Nested Cage Contradiction's of 150,000 looks among them,
// 0.02-0.1 s of CPU each), and 8 with it.
func TestOneDeepHoldsWaited(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: a killer solve by deep searches, seconds of CPU")
	}
	b, sol := counted(t, variantLine(t, "killer9-tarek.txt", 41))
	n := grid.Notation{Layout: b.Layout()}
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted, OneDeepSearch: true}
	var r *run
	first, last, deep := -1, -1, 0
	r = newRun(b, opts, func(k int, s *strategy.Step, _ *grid.Board) error {
		checkStep(t, sol, n, fmt.Sprintf("step %d", k), s)
		switch s.Strategy {
		case strategy.LongNestedContradiction(), strategy.StrongNestedContradiction(), strategy.CageFillingVerity():
			deep++
			if first < 0 {
				first = r.dearRuns
			}
			last = r.dearRuns
		}
		return nil
	})
	r.plan(opts)
	if err := r.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.res.Status != Solved || r.res.Guesses != 0 {
		t.Fatalf("status %v after %d guesses, want solved by logic", r.res.Status, r.res.Guesses)
	}
	t.Logf("%d steps, %d deep; %d Dear passes run from the first deep step to the last", r.res.Steps, deep, last-first)
	const most = 100
	if deep < 2 || last-first > most {
		t.Errorf("%d deep steps, %d Dear passes run from the first to the last; want at least 2 and at most %d", deep, last-first, most)
	}
}

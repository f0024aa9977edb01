package strategy

import (
	"slices"
	"testing"
)

// TestTrialFollowOnMatchesFull holds the trials followed on (followOn:
// from where the trial of the same premise in an earlier search ended,
// less the candidates the base lacks now) to the trials followed from the
// base: at the states of tarek line 5's solve by first steps where Cage
// Contradiction is asked, visited in turn with one trial whose cache the
// searches before left, each candidate of the base is tried with tryKept
// and by a fresh trial. Both must end the same way (a contradiction or
// not), on the same candidates, and the fresh trial's looks at fillings
// must lie within the bounds counted (work, and work plus spread). After
// each state, reached must tell a budget of the exact looks of the state's
// trials (the base's looks with them) from one less, counting them
// exactly (exact). Floors: trials
// followed on, contradictions, states where reached followed trials again.
func TestTrialFollowOnMatchesFull(t *testing.T) {
	if race {
		t.Skip("skipped under -race: a killer solve with trials, seconds of CPU (minutes under -race)")
	}
	board := fileBoard(t, "../search/testdata/killer9-tarek.txt", 5)
	states := trialStates(t, board, "")
	if quick() {
		states = states[:len(states)/2]
	}
	warm, fresh := new(trial), new(trial)
	compared, broken, resolved := 0, 0, 0
	for i, b := range states {
		if !warm.start(b) || !fresh.start(b) {
			continue
		}
		followed := warm.kept.followed
		exact := fresh.work // the base's own looks, counted by both
		for _, c := range warm.order {
			for ds := warm.base[c]; ds != 0; ds &= ds - 1 {
				d := ds.Min()
				work, spread := warm.work, warm.spread
				was := warm.kept.followed
				got := warm.tryKept(0, warm.base, c, d, false)
				fw := fresh.work
				want := fresh.try(fresh.base, c, d, true)
				own := fresh.work - fw
				exact += own
				switch {
				case got != want:
					t.Fatalf("state %d, r%dc%d=%d: broken %v kept or followed on, %v from the base", i, c/9+1, c%9+1, d, got, want)
				case !want && !slices.Equal(warm.cand, fresh.cand):
					t.Fatalf("state %d, r%dc%d=%d: the candidates after the trials differ", i, c/9+1, c%9+1, d)
				case warm.kept.followed > was && (warm.work-work > own || warm.work-work+warm.spread-spread < own):
					t.Fatalf("state %d, r%dc%d=%d: %d looks from the base, counted %d to %d", i, c/9+1, c%9+1, d, own, warm.work-work, warm.work-work+warm.spread-spread)
				case warm.spread == spread && warm.work-work != own:
					t.Fatalf("state %d, r%dc%d=%d: %d looks from the base, %d counted", i, c/9+1, c%9+1, d, own, warm.work-work)
				}
				if want {
					broken++
				}
			}
		}
		compared += warm.kept.followed - followed
		if warm.spread == 0 {
			continue
		}
		// A budget the exact looks are within, or one less.
		budget := exact - i%2
		if budget < warm.work || budget >= warm.work+warm.spread {
			continue
		}
		if got := warm.reached(warm.work, warm.spread, budget, -1, 0); got != (i%2 == 0) {
			t.Fatalf("state %d: %d looks, budget %d: reached %v", i, exact, budget, got)
		}
		if warm.work != exact || warm.spread != 0 || len(warm.pending) != 0 {
			t.Fatalf("state %d: %d looks counted after following the pending trials again, %d exactly", i, warm.work, exact)
		}
		resolved++
	}
	t.Logf("%d states, %d trials followed on, %d contradictions, %d budgets resolved", len(states), compared, broken, resolved)
	if compared < 2000 || broken < 20 || resolved < 5 {
		t.Errorf("%d trials followed on, %d contradictions, %d budgets resolved: want 2000, 20 and 5 at least", compared, broken, resolved)
	}
}

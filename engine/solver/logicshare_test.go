package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLogicShare: a Mixed solve whose share of time for logic is spent
// hands over to guessing and still solves, and says so; a share that does
// not run out, or a solve that cannot guess, changes nothing; once the
// count has proved the solution unique an extended share that is not
// spent lets logic finish. The shares are given as channels (see solve),
// so nothing here depends on timing.
func TestLogicShare(t *testing.T) {
	spent := make(chan struct{})
	close(spent)
	left := make(chan struct{}) // never closes
	// killer9-tarek.txt line 9 (no givens): logic alone needs the Dear
	// strategies for seconds; logic finishes killer9.txt line 1 quickly.
	hard := variantLine(t, "killer9-tarek.txt", 9)
	easy := variantLine(t, "killer9.txt", 1)
	tests := []struct {
		name        string
		board       int // 0 hard, 1 easy
		opts        Options
		share, more chan struct{} // more nil: no extended share
		wantSpent   bool
		wantGuesses bool
	}{
		// Ascending guesses take about a second here: sampled out under
		// -short and -race.
		{"spent", 0, Options{}, spent, nil, true, true},
		{"spent, Guided, CheckMultiple", 0, Options{Order: Guided, CheckMultiple: true}, spent, nil, true, true},
		{"left", 1, Options{CheckMultiple: true}, left, nil, false, false},
		{"spent, LogicOnly", 1, Options{Type: LogicOnly, CheckMultiple: true}, spent, nil, false, false},
		// The count proves the solution unique, so logic gets the
		// extended share and finishes; without a count, or with the
		// extended share spent too, the solve guesses.
		{"spent, extended", 0, Options{Order: Guided, CheckMultiple: true}, spent, left, false, false},
		{"spent, extended and spent", 0, Options{Order: Guided, CheckMultiple: true}, spent, spent, true, true},
		{"spent, uncounted", 0, Options{Order: Guided}, spent, left, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if quick() && tt.opts.Order == Ascending && tt.wantGuesses {
				t.Skip("long under -short and -race")
			}
			b := [...]*grid.Board{hard, easy}[tt.board]
			sol := solutionOf(t, b)
			var more func() <-chan struct{}
			if tt.more != nil {
				more = func() <-chan struct{} { return tt.more }
			}
			res, err := solve(context.Background(), b, tt.opts, nil, tt.share, more)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Solved {
				t.Fatalf("status %v, want solved", res.Status)
			}
			if !slices.Equal(res.Board.Values(), sol) {
				t.Errorf("wrong solution %v, want %v", res.Board.Values(), sol)
			}
			if res.LogicShareSpent != tt.wantSpent {
				t.Errorf("LogicShareSpent = %v, want %v", res.LogicShareSpent, tt.wantSpent)
			}
			if (res.Guesses > 0) != tt.wantGuesses {
				t.Errorf("%d guesses, want some: %v", res.Guesses, tt.wantGuesses)
			}
			if tt.opts.CheckMultiple && (res.Count != 1 || !res.CountComplete) {
				t.Errorf("count %d (complete %v), want 1, complete", res.Count, res.CountComplete)
			}
		})
	}
}

// TestLogicShareWithoutDeadline: Solve gives logic its whole time when
// ctx has no deadline, and a deadline far away leaves an easy solve as it
// was.
func TestLogicShareWithoutDeadline(t *testing.T) {
	b := variantLine(t, "killer9.txt", 1)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	for _, ctx := range []context.Context{context.Background(), ctx} {
		res, err := Solve(ctx, b, Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Solved || res.Guesses != 0 || res.LogicShareSpent {
			t.Errorf("status %v, %d guesses, LogicShareSpent %v; want solved by logic", res.Status, res.Guesses, res.LogicShareSpent)
		}
	}
}

// hurried is a context that never ends but whose deadline is always 2ms
// away: Solve gives logic 1ms of it.
type hurried struct{ context.Context }

func (hurried) Deadline() (time.Time, bool) { return time.Now().Add(2 * time.Millisecond), true }

// TestLogicShareDeadline: Solve derives logic's share from the deadline of
// ctx, unless Options.WholeDeadline. The hard killer's logic takes a
// second here, far more than its 1ms share; the context never ends, so
// the solve always finishes.
func TestLogicShareDeadline(t *testing.T) {
	ctx := hurried{context.Background()}
	res, err := Solve(ctx, variantLine(t, "killer9-tarek.txt", 9), Options{Order: Guided, CheckMultiple: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Solved || !res.LogicShareSpent || res.Guesses == 0 {
		t.Errorf("status %v, %d guesses, LogicShareSpent %v; want solved by guessing, the share spent", res.Status, res.Guesses, res.LogicShareSpent)
	}
	res, err = Solve(ctx, variantLine(t, "killer9.txt", 1), Options{WholeDeadline: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Solved || res.Guesses != 0 || res.LogicShareSpent {
		t.Errorf("WholeDeadline: status %v, %d guesses, LogicShareSpent %v; want solved by logic", res.Status, res.Guesses, res.LogicShareSpent)
	}
}

// TestLogicShareDeepRound: the deep round of a killer (the nested
// searches and Cage Filling Verity of OneDeepSearch) belongs to logic's
// share of the time: with the share spent at once it does not run (it ran
// for 2.3 s on tarek 37, taking its Deep steps, before the guesses), and
// with an extended share after the count it runs again.
func TestLogicShareDeepRound(t *testing.T) {
	spent := make(chan struct{})
	close(spent)
	left := make(chan struct{}) // never closes
	b := variantLine(t, "killer9-tarek.txt", 37)
	sol := solutionOf(t, b)
	opts := Options{Order: Guided, CheckMultiple: true, OneDeepSearch: true}
	deep := map[*strategy.Strategy]bool{strategy.LongNestedContradiction(): true, strategy.StrongNestedContradiction(): true, strategy.CageFillingVerity(): true}
	for _, tt := range []struct {
		name     string
		more     func() <-chan struct{}
		wantDeep bool
	}{
		{"spent", nil, false},
		{"extended", func() <-chan struct{} { return left }, true},
	} {
		steps := 0
		res, err := solve(context.Background(), b, opts, func(_ int, st *strategy.Step, _ *grid.Board) error {
			if deep[st.Strategy] {
				steps++
			}
			return nil
		}, spent, tt.more)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != Solved || !slices.Equal(res.Board.Values(), sol) {
			t.Errorf("%s: %v, want the solution", tt.name, res.Status)
		}
		if (steps > 0) != tt.wantDeep {
			t.Errorf("%s: %d steps of the deep round, want some: %v", tt.name, steps, tt.wantDeep)
		}
	}
}

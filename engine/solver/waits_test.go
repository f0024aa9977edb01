package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// killerLayout returns the layout of an n×n killer with one cage.
func killerLayout(t testing.TB, n int) *grid.Layout {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: n, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestWaitLoss: the loss of candidates a Dear pass that found nothing
// waits for, by board.
func TestWaitLoss(t *testing.T) {
	tests := []struct {
		name string
		l    *grid.Layout
		want int
	}{
		{"9×9", newEmpty(t, 9).Layout(), 0},
		{"9×9 killer", killerLayout(t, 9), 36},
		{"16×16", newEmpty(t, 16).Layout(), 16},
		{"16×16 killer", killerLayout(t, 16), 16},
		{"25×25", newEmpty(t, 25).Layout(), 25},
	}
	for _, tt := range tests {
		if got := WaitLoss(tt.l); got != tt.want {
			t.Errorf("WaitLoss(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestCageWaitsSaveDearRuns: on a killer that logic finishes (line 27
// of killer9-tarek.txt), the Dear passes that found nothing wait: the
// solve runs under half of the Dear passes it runs without the rule, and
// still finishes by logic. (1,841 without it at 6c0389f, 173 with it and
// 1,322 waits; since the Forcing Net takes its steps in batches on
// killers, session 27, 400 without it, 129 with it and 298 waits.)
func TestCageWaitsSaveDearRuns(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: a killer solve by nets and cage trials")
	}
	b := fixture(t, "killer9-tarek.txt", 26)
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided}
	r := newRun(b, opts, nil)
	r.plan(opts)
	if err := r.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.res.Status != Solved || r.res.Guesses != 0 {
		t.Fatalf("status %v after %d guesses, want solved by logic", r.res.Status, r.res.Guesses)
	}
	t.Logf("%d Dear passes run, %d waits", r.dearRuns, r.waits)
	const before, most, leastWaits = 400, 200, 200
	if r.dearRuns > most || r.waits < leastWaits {
		t.Errorf("%d Dear passes run, %d waits; want at most %d runs (%d without waiting) and %d waits at least", r.dearRuns, r.waits, most, before, leastWaits)
	}
}

// TestWaitingPassRuns: at a board where only one Dear pass finds a step
// (testdata/x16-nested.txt for the Nested Forcing Net, the start of line
// 1 of killer9-tarek.txt for Cage Contradiction with the singles only),
// a solve whose pass found nothing on this very board (so waits) still
// runs it once no other pass finds a step, and takes its step: waiting
// never leaves a solve stuck where its passes would go on. It runs before
// a Deep pass (Long Nested Cage Contradiction, which finds a step there
// too).
func TestWaitingPassRuns(t *testing.T) {
	singles := []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle()}
	tarek := fixture(t, "killer9-tarek.txt", 0)
	tests := []struct {
		name string
		b    *grid.Board
		pass *strategy.Strategy
		deep *strategy.Strategy // a Deep pass after it, or nil
	}{
		{"x16-nested", fixtureBoard(t, "testdata/x16-nested.txt"), strategy.NestedForcingNet(), nil},
		{"tarek 1", tarek, strategy.CageContradiction(), nil},
		{"tarek 1, a Deep pass after", tarek, strategy.CageContradiction(), strategy.LongNestedContradiction()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{Type: LogicOnly, Strategies: append(slices.Clone(singles), tt.pass)}
			if tt.deep != nil {
				opts.Strategies = append(opts.Strategies, tt.deep)
			}
			took := "none"
			r := newRun(tt.b, opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
				took = s.Strategy.Name()
				return nil
			})
			r.plan(opts)
			i := slices.IndexFunc(r.passes, func(p strategy.Pass) bool { return p.Strategy == tt.pass })
			if i < 0 {
				t.Fatalf("no %s pass in the plan", tt.pass.Name())
			}
			r.idle = make([]int, len(r.passes))
			r.idle[i] = openCandidates(r.b)
			found, err := r.deduce(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(r.waited, i) {
				t.Errorf("%s did not wait (waited %v)", tt.pass.Name(), r.waited)
			}
			if !found || r.res.Steps != 1 || took != tt.pass.Name() {
				t.Errorf("deduce found %v (%d steps, the last of %s), want the waiting pass's step", found, r.res.Steps, took)
			}
			if r.idle[i] != 0 {
				t.Errorf("idle of the pass that found a step = %d, want 0", r.idle[i])
			}
		})
	}
}

// TestCageWaitsStopWhereLogicStops: on the killers of killer9-tarek.txt
// that logic does not finish (lines 37 and 41), a solve whose Dear
// passes wait stops on the very board where one that runs every pass in
// order, the first to find a step taking it, stops: waiting changes the
// steps taken, not where logic ends.
func TestCageWaitsStopWhereLogicStops(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: killer solves by nets and cage trials, each twice")
	}
	for _, line := range []int{37, 41} {
		b := fixture(t, "killer9-tarek.txt", line-1)
		opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided}
		r := newRun(b, opts, nil)
		r.plan(opts)
		for !r.b.Solved() {
			found, err := r.deduce(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !found {
				break
			}
		}
		if r.waits == 0 {
			t.Errorf("line %d: no pass waited", line)
		}
		want := stopWithoutWaits(b, r.activePasses())
		if r.b.Solved() || !sameBoard(r.b, want) {
			t.Errorf("line %d: logic stopped with %d candidates open, without waiting with %d", line, openCandidates(r.b), openCandidates(want))
		}
	}
}

// stopWithoutWaits returns the board where logic from b stops when it
// runs the passes in order after every step, the first to find a step
// taking it, none waiting.
func stopWithoutWaits(b *grid.Board, passes []strategy.Pass) *grid.Board {
	b = b.Clone()
	var sink strategy.Sink
	for !b.Solved() {
		found := false
		for _, p := range passes {
			sink.Reset()
			sink.Form = p.Form
			p.Strategy.Find(b, &sink)
			if steps := sink.Steps(); len(steps) > 0 {
				steps[0].Apply(b)
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	return b
}

// sameBoard reports whether a and b have the same values and candidates.
func sameBoard(a, b *grid.Board) bool {
	for c := range a.Layout().Cells {
		if a.Value(c) != b.Value(c) || a.Cands(c) != b.Cands(c) {
			return false
		}
	}
	return true
}

// TestBatchedStepsSound: on killers that logic finishes by Nested Cage
// Contradiction steps (lines 5 and 10 of killer9-tarek.txt), the solve
// takes steps left of its batches (see Batches), 49 and 48 when the rule
// came, and every step it takes keeps the solution.
func TestBatchedStepsSound(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: killer solves by nets and cage trials")
	}
	for _, line := range []int{5, 10} {
		b := fixture(t, "killer9-tarek.txt", line-1)
		var s search.Searcher
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) != 1 {
			t.Fatalf("line %d: %d solutions (%v), want 1", line, len(res.Solutions), err)
		}
		sol := res.Solutions[0]
		n := grid.Notation{Layout: b.Layout()}
		opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided}
		r := newRun(b, opts, func(k int, s *strategy.Step, _ *grid.Board) error {
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("line %d: step %d removes the solution's %d from %s: %s", line, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
				}
			}
			for _, p := range s.Placements {
				if sol[p.Cell] != uint8(p.Digit) {
					t.Errorf("line %d: step %d places %d in %s, not the solution's: %s", line, k, p.Digit, n.CellName(p.Cell), s.Explain(n))
				}
			}
			return nil
		})
		r.plan(opts)
		if err := r.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Logf("line %d: %d steps, %d of them left of batches", line, r.res.Steps, r.batched)
		if r.res.Status != Solved || r.res.Guesses != 0 {
			t.Errorf("line %d: status %v after %d guesses, want solved by logic", line, r.res.Status, r.res.Guesses)
		}
		if r.batched < 20 {
			t.Errorf("line %d: %d steps taken from batches, want 20 at least", line, r.batched)
		}
	}
}

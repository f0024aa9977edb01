package solver

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// fixture returns puzzle i of a fixture file of package search.
func fixture(t testing.TB, file string, i int) *grid.Board {
	t.Helper()
	data, err := os.ReadFile("../search/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := codec.Decode(strings.Fields(string(data))[i], codec.DecodeOptions{})
	return classicBoard(t, p, err)
}

// TestCountAfterLogic: logic runs before the count, a logic solve proves
// uniqueness by itself, and a count that spends its budget leaves the
// count incomplete instead of failing the solve.
func TestCountAfterLogic(t *testing.T) {
	// Logic finishes it with singles and locked candidates; the search
	// cannot count it within 1 node.
	logic25 := fixture(t, "25x25.txt", 8)
	// Logic without the nested nets cannot finish it, nor the search
	// count it within 10 nodes.
	hard25 := fixture(t, "25x25-hard.txt", 0)
	// A solution with a deadly rectangle blanked: exactly two solutions.
	two := parse(t, ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", "", "")
	hard := parse(t, "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", "", "")

	var s search.Searcher
	s.MaxNodes = 1
	if _, err := s.Count(context.Background(), logic25, 2); !errors.Is(err, search.ErrNodeLimit) {
		t.Fatalf("search of the 25×25 within 1 node: err = %v, want the node limit (fixture changed?)", err)
	}

	tests := []struct {
		name     string
		b        *grid.Board
		opts     Options
		status   Status
		count    int
		complete bool
		guesses  bool // whether the solve guesses
	}{
		{"25x25 logic, tiny budget", logic25, Options{CheckMultiple: true, MaxNodes: 1}, Solved, 1, true, false},
		{"25x25 logic only, tiny budget", logic25, Options{Type: LogicOnly, CheckMultiple: true, MaxNodes: 1}, Solved, 1, true, false},
		{"25x25 stuck, tiny budget", hard25, Options{Type: LogicOnly, CheckMultiple: true, MaxNodes: 10, Strategies: withoutNested()}, Stuck, 0, false, false},
		{"two solutions", two, Options{CheckMultiple: true, MaxSolutions: 5}, MultipleSolutions, 2, true, true},
		{"two solutions at the limit", two, Options{CheckMultiple: true}, MultipleSolutions, 2, false, true},
		{"two solutions, logic only", two, Options{Type: LogicOnly, CheckMultiple: true, MaxSolutions: 5}, MultipleSolutions, 2, true, false},
		{"stuck logic counted", hard, Options{Type: LogicOnly, CheckMultiple: true, Strategies: withoutNested()}, Stuck, 1, true, false},
		{"guessing counted", hard, Options{CheckMultiple: true, Strategies: []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle(), strategy.Guessing()}}, Solved, 1, true, true},
		{"declared unique, counted", hard, Options{Type: LogicOnly, CheckMultiple: true, Unique: true, Strategies: withoutNested()}, Stuck, 1, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Solve(context.Background(), tt.b, tt.opts, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.status || res.Count != tt.count || res.CountComplete != tt.complete || (res.Guesses > 0) != tt.guesses {
				t.Fatalf("status %v, count %d (complete %v), %d guesses; want %v, %d (complete %v), guesses %v",
					res.Status, res.Count, res.CountComplete, res.Guesses, tt.status, tt.count, tt.complete, tt.guesses)
			}
			// The board is one of the solutions counted unless stuck.
			others := res.Count
			if res.Status != Stuck {
				others = max(others-1, 0)
			}
			if len(res.Others) != others {
				t.Errorf("%d other solutions for a count of %d", len(res.Others), res.Count)
			}
		})
	}
}

// TestCountAfterLogicHonoursContext: the end of the context stops the
// solve, also when it comes before the count.
func TestCountAfterLogicHonoursContext(t *testing.T) {
	hard := parse(t, "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", "", "")
	tests := []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"cancelled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}, context.Canceled},
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		}, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		for _, typ := range []SolvingType{Mixed, LogicOnly} {
			t.Run(tt.name, func(t *testing.T) {
				ctx, cancel := tt.ctx()
				defer cancel()
				if _, err := Solve(ctx, hard, Options{Type: typ, CheckMultiple: true}, nil); !errors.Is(err, tt.want) {
					t.Fatalf("err = %v, want %v", err, tt.want)
				}
			})
		}
	}
	// Cancelled after the logic's first step, before the count.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Solve(ctx, hard, Options{CheckMultiple: true}, func(int, *strategy.Step, *grid.Board) error {
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled during the solve: err = %v", err)
	}
}

// TestCountWaitsForAStep: under CheckMultiple, a uniqueness strategy that
// finds nothing does not have the solutions counted: a puzzle that logic
// finishes without a uniqueness step is never counted (its uniqueness
// strategies ran, unproved, and found nothing), and one with such a step
// is counted, and takes it.
func TestCountWaitsForAStep(t *testing.T) {
	tests := []struct {
		name, file string
		line       int // among the puzzles of the file, from 1
		counted    bool
	}{
		// Logic finishes it; no uniqueness strategy finds a step.
		{"windoku, no uniqueness step", "testdata/windoku9-extreme.txt", 1, false},
		// Logic finishes it with two uniqueness steps.
		{"jigsaw, uniqueness steps", "testdata/jigsaw9-extreme.txt", 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fileLine(t, tt.file, tt.line)
			opts := Options{CheckMultiple: true}
			r := newRun(b, opts, nil)
			r.plan(opts)
			unique := 0
			r.emit = func(_ int, st *strategy.Step, _ *grid.Board) error {
				if st.Strategy != nil && st.Strategy.NeedsUnique() {
					unique++
				}
				return nil
			}
			if err := r.run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if r.res.Status != Solved || r.res.Guesses != 0 {
				t.Fatalf("status %v after %d guesses, want solved by logic (fixture changed?)", r.res.Status, r.res.Guesses)
			}
			if r.counted != tt.counted || (unique > 0) != tt.counted {
				t.Errorf("counted %v with %d uniqueness steps, want counted %v", r.counted, unique, tt.counted)
			}
			if tt.counted && (!r.counts.Complete || len(r.counts.Solutions) != 1) {
				t.Errorf("count: %d solutions, complete %v", len(r.counts.Solutions), r.counts.Complete)
			}
		})
	}
}

// fileLine returns the board of the line-th puzzle (from 1) of a file of
// puzzles, one a line, # comments and blank lines skipped.
func fileLine(t *testing.T, file string, line int) *grid.Board {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for l := range strings.Lines(string(data)) {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if n++; n == line {
			p, _, err := codec.Decode(f[0], codec.DecodeOptions{Tolerant: true})
			return classicBoard(t, p, err)
		}
	}
	t.Fatalf("%s has no puzzle %d", file, line)
	return nil
}

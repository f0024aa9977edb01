package solver

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// fixtureBoard returns the board of the first puzzle line of a testdata
// file (lines starting with # are comments), candidates included.
func fixtureBoard(t *testing.T, path string) *grid.Board {
	t.Helper()
	for _, line := range shared.Lines(t, path) {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return b
	}
	t.Fatalf("%s holds no puzzle", path)
	return nil
}

// TestFindLargeBoardNets: on a 25×25 Sudoku X where logic stopped with
// the 9×9 work budget (testdata/x25-nets.txt), the forcing chains and
// nets, their budget scaled with the board, find sound steps.
func TestFindLargeBoardNets(t *testing.T) {
	sol := solutionOf(t, variantLine(t, "x25.txt", 2))
	b := fixtureBoard(t, "testdata/x25-nets.txt")
	if b.Layout().N != 25 || b.Layout().Variant != grid.X {
		t.Fatalf("fixture is a %d×%d %v, want a 25×25 X", b.Layout().N, b.Layout().N, b.Layout().Variant)
	}
	n := grid.Notation{Layout: b.Layout()}
	found := 0
	err := FindSteps(context.Background(), b, FindOptions{Strategies: []*strategy.Strategy{strategy.ForcingChain(), strategy.ForcingNet()}}, func(st *strategy.Step) bool {
		found++
		checkStep(t, sol, n, "a step found", st)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 {
		t.Errorf("no forcing step on the 25×25 X where logic stopped with the 9×9 budget")
	}
	t.Logf("%d forcing steps", found)
}

// TestLargeMixedDeadline: a solve of a 25×25 Sudoku X stops at the
// deadline of its context, or when the context is cancelled, within a
// second. A mixed solve runs the chains and nets before its first guess
// (for half of the time left when it has a deadline, see Solve) and then
// guesses, for about a second of CPU here; a logic-only one runs the
// chains and nets for all of its time.
func TestLargeMixedDeadline(t *testing.T) {
	b := variantLine(t, "x25.txt", 2)
	tests := []struct {
		name string
		typ  SolvingType
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{"deadline", Mixed, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 200*time.Millisecond)
		}, context.DeadlineExceeded},
		{"deadline, logic only", LogicOnly, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 200*time.Millisecond)
		}, context.DeadlineExceeded},
		{"cancel", Mixed, func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			return ctx, cancel
		}, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := tt.ctx()
			defer cancel()
			start := time.Now()
			_, err := Solve(ctx, b, Options{Type: tt.typ}, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if d := time.Since(start); d > time.Second { // generous: 5× the deadline
				t.Errorf("Solve went on for %v after 200ms", d)
			}
		})
	}
}

package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestBatchEnd: a Forcing Net batch is taken up to its first step rated
// above both the solve so far and the batch's first; the other batching
// strategies' batches are taken whole.
func TestBatchEnd(t *testing.T) {
	net := strategy.ForcingNet()
	// steps returns Forcing Net steps of the node counts given: 4 nodes
	// rate as the technique, 5 a tenth more, 7 two tenths more.
	steps := func(st *strategy.Strategy, nodes ...int) []strategy.Step {
		var out []strategy.Step
		for _, n := range nodes {
			out = append(out, strategy.Step{Strategy: st, Technique: st.Technique(), Nodes: make([]strategy.Node, n)})
		}
		return out
	}
	base := net.Technique().SERating()
	tests := []struct {
		name  string
		st    *strategy.Strategy
		steps []strategy.Step
		se    strategy.SERating
		want  int
	}{
		{"empty", net, nil, 0, 0},
		{"all as the first", net, steps(net, 5, 5, 4, 5), 0, 4},
		{"cut at the first above the first", net, steps(net, 5, 5, 7, 5), 0, 2},
		{"cut at the first above the solve", net, steps(net, 4, 5, 7, 4), base + 1, 2},
		{"the solve rated higher", net, steps(net, 4, 5, 7, 4), base + 2, 4},
		{"other strategies whole", strategy.NestedContradiction(), steps(strategy.NestedContradiction(), 5, 9, 20), 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := batchEnd(tt.st, tt.steps, tt.se); got != tt.want {
				t.Errorf("batchEnd = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestForcingNetBatches: on 16×16 and 25×25 boards that need the Forcing
// Net many times, the solve takes Forcing Net steps left of its batches
// (see Batches), every step it takes keeps the solution, and logic
// finishes the board as before.
func TestForcingNetBatches(t *testing.T) {
	tests := []struct {
		file  string
		line  int
		floor int // steps taken from batches, at least
		slow  bool
	}{
		{"16x16.txt", 32, 30, false},
		{"25x25-hard.txt", 2, 60, true},
	}
	for _, tt := range tests {
		if tt.slow && quick() {
			t.Logf("%s line %d skipped under -race and -short", tt.file, tt.line)
			continue
		}
		b := fixture(t, tt.file, tt.line-1)
		var s search.Searcher
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) != 1 {
			t.Fatalf("%s line %d: %d solutions (%v), want 1", tt.file, tt.line, len(res.Solutions), err)
		}
		sol := res.Solutions[0]
		n := grid.Notation{Layout: b.Layout()}
		nets, others := 0, 0 // Forcing Net steps, other batching strategies' steps
		opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided}
		r := newRun(b, opts, func(k int, s *strategy.Step, _ *grid.Board) error {
			switch {
			case s.Strategy == strategy.ForcingNet():
				nets++
			case Batches(s.Strategy, b.Layout()):
				others++
			}
			checkStep(t, sol, n, fmt.Sprintf("%s line %d step %d", tt.file, tt.line, k), s)
			return nil
		})
		r.plan(opts)
		if err := r.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s line %d: %d steps, %d Forcing Net, %d of them left of batches", tt.file, tt.line, r.res.Steps, nets, r.batched)
		if r.res.Status != Solved || r.res.Guesses != 0 {
			t.Errorf("%s line %d: status %v after %d guesses, want solved by logic", tt.file, tt.line, r.res.Status, r.res.Guesses)
		}
		if others > 0 {
			t.Errorf("%s line %d: %d steps of other batching strategies; the floor counts the Forcing Net's alone (fixture changed?)", tt.file, tt.line, others)
		}
		if r.batched < tt.floor {
			t.Errorf("%s line %d: %d steps taken from batches, want %d at least", tt.file, tt.line, r.batched, tt.floor)
		}
	}
}

package solver_test

import (
	"context"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestStr8tsStepsSound solves generated Str8ts puzzles of every variant
// and checks every deduction against the one solution: no strategy allowed
// on a Str8ts board may place a wrong digit or remove the right one.
func TestStr8tsStepsSound(t *testing.T) {
	per := 3
	if testing.Short() {
		per = 1
	}
	used := map[string]int{}
	for _, tt := range []struct {
		v    grid.Variant
		size int
	}{{grid.Str8ts, 9}, {grid.Str8tsX, 9}, {grid.Str8tsB, 9}, {grid.Str8tsBX, 9}, {grid.Str8ts, 6}, {grid.Str8tsB, 8}} {
		v := tt.v
		for i := range per {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			level := strategy.Unrated
			if v == grid.Str8ts && tt.size == 9 {
				level = strategy.Level(1 + i%4)
			}
			res, err := generate.Generate(ctx, generate.Config{Variant: v, Size: tt.size, Seed: uint64(1000*int(v) + 100*tt.size + i + 1), Level: level, MaxAttempts: 10})
			cancel()
			if err != nil {
				t.Fatalf("%s %d: %v", v, i, err)
			}
			sol := res.Solution.Values()
			n := grid.Notation{Layout: res.Puzzle.Layout()}
			out, err := solver.Solve(context.Background(), res.Puzzle, solver.Options{CheckMultiple: true}, func(k int, s *strategy.Step, b *grid.Board) error {
				if s.Kind != strategy.Deduction || s.Depth > 0 {
					return nil // a guess, or a deduction from one
				}
				used[s.Strategy.Letter()]++
				for _, p := range s.Placements {
					if sol[p.Cell] != uint8(p.Digit) {
						t.Errorf("%s seed %d step %d (%s): places %s=%d, solution %d: %s", v, i, k, s.Name(), n.CellName(p.Cell), p.Digit, sol[p.Cell], s.Explain(n))
					}
				}
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("%s seed %d step %d (%s): removes the solution's %d from %s: %s", v, i, k, s.Name(), e.Digit, n.CellName(e.Cell), s.Explain(n))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if out.Status != solver.Solved || string(out.Board.Values()) != string(sol) || out.Count != 1 {
				t.Errorf("%s seed %d: %s, %d solutions", v, i, out.Status, out.Count)
			}
		}
	}
	t.Logf("deductions by letter: %v", used)
}

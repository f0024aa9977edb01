package solver_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
)

// TestMakeStr8tsHardSet appends to testdata/str8ts-hard.txt the generated
// Str8ts and Str8ts B puzzles (seeds 1..SUDOKU_MAKE_STR8TS) the logic
// solver of the day does not finish without a guess. It is a tool, run
// on demand: SUDOKU_MAKE_STR8TS=40 go test -run MakeStr8tsHardSet -v
// ./engine/solver.
func TestMakeStr8tsHardSet(t *testing.T) {
	var seeds uint64
	if _, err := fmt.Sscan(os.Getenv("SUDOKU_MAKE_STR8TS"), &seeds); err != nil || seeds == 0 {
		t.Skip("a tool: set SUDOKU_MAKE_STR8TS to the number of seeds to run it")
	}
	f, err := os.OpenFile(filepath.Join("testdata", "str8ts-hard.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, v := range []grid.Variant{grid.Str8ts, grid.Str8tsB} {
		for seed := uint64(1); seed <= seeds; seed++ {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			res, err := generate.Generate(ctx, generate.Config{Variant: v, Seed: seed, MaxAttempts: 10})
			cancel()
			if err != nil {
				t.Logf("%v seed %d: %v", v, seed, err)
				continue
			}
			out, err := solver.Solve(context.Background(), res.Puzzle.Clone(), solver.Options{Type: solver.LogicOnly}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if out.Status == solver.Solved {
				continue
			}
			s, err := codec.PackBoard(res.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, "%s\n", s)
			t.Logf("%v seed %d: %s", v, seed, s)
		}
	}
}

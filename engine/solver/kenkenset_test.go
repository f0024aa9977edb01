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
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestMakeKenKenHardSet appends to testdata/kenken-hard.txt generated
// KenKen 7×7, 8×8 and 9×9 puzzles (seeds 1..SUDOKU_MAKE_KENKEN a size)
// graded Extreme: those the grader finished only with forcing nets or a
// guess. It is a tool, run on demand: SUDOKU_MAKE_KENKEN=12 go test -run
// MakeKenKenHardSet -v ./engine/solver.
func TestMakeKenKenHardSet(t *testing.T) {
	var seeds uint64
	if _, err := fmt.Sscan(os.Getenv("SUDOKU_MAKE_KENKEN"), &seeds); err != nil || seeds == 0 {
		t.Skip("a tool: set SUDOKU_MAKE_KENKEN to the number of seeds a size to run it")
	}
	f, err := os.OpenFile(filepath.Join("testdata", "kenken-hard.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, size := range []int{7, 8, 9} {
		for seed := uint64(1); seed <= seeds; seed++ {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			res, err := generate.Generate(ctx, generate.Config{Variant: grid.KenKen, Size: size, Level: strategy.Extreme, Seed: seed, MaxAttempts: 100})
			cancel()
			if err != nil {
				t.Logf("%d×%d seed %d: %v", size, size, seed, err)
				continue
			}
			if !res.LevelMet {
				t.Logf("%d×%d seed %d: graded %v, not Extreme", size, size, seed, res.Grade.Rating.Level)
				continue
			}
			out, err := solver.Solve(context.Background(), res.Puzzle.Clone(), solver.Options{Type: solver.LogicOnly}, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := codec.PackBoard(res.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, "%s\n", s)
			t.Logf("%d×%d seed %d: logic %v: %s", size, size, seed, out.Status, s)
		}
	}
}

package solver_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/cputime"
)

// TestDeepLooksReport is the measurement behind Options.DeepLooks
// (docs/variant-techniques.md, "Session 11: Deep searches"): it solves
// each killer of the files in SUDOKU_DEEP_FILES (comma-separated, paths
// from engine/solver; the killer sets by default), or its lines
// SUDOKU_DEEP_LINES (1-based, comma-separated), by a mixed solve with
// DeepLooks = SUDOKU_DEEP_REPORT and otherwise solverctl solve's
// defaults, and logs for each its status, guesses,
// Deep steps and CPU (user+system, the process's). Run it with
// GOMAXPROCS=1, once with SUDOKU_DEEP_REPORT=0 for the defaults.
func TestDeepLooksReport(t *testing.T) {
	v, ok := os.LookupEnv("SUDOKU_DEEP_REPORT")
	if !ok {
		t.Skip("a measurement: set SUDOKU_DEEP_REPORT=<looks> to run it")
	}
	looks, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("SUDOKU_DEEP_REPORT=%q: %v", v, err)
	}
	files := []string{"../search/testdata/killer9-tarek.txt", "../search/testdata/killer9-extreme.txt", "../search/testdata/killer9-mathemagic.txt", "testdata/killer9-hard.txt", "testdata/killer9-cagesize.txt"}
	if f := os.Getenv("SUDOKU_DEEP_FILES"); f != "" {
		files = strings.Split(f, ",")
	}
	var lines []int
	for _, f := range strings.FieldsFunc(os.Getenv("SUDOKU_DEEP_LINES"), func(r rune) bool { return r == ',' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("SUDOKU_DEEP_LINES: %v", err)
		}
		lines = append(lines, n)
	}
	for _, file := range files {
		boards := readPuzzles(t, file)
		pick := lines
		if len(pick) == 0 {
			for i := range boards {
				pick = append(pick, i+1)
			}
		}
		logic, total := 0, time.Duration(0)
		for _, ln := range pick {
			deep := 0
			start := cputime.Used()
			// solverctl solve's defaults: guesses guided by the solution,
			// the solutions counted.
			opts := solver.Options{Type: solver.Mixed, Order: solver.Guided, CheckMultiple: true, DeepLooks: looks}
			res, err := solver.Solve(context.Background(), boards[ln-1].Clone(), opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
				if s.Strategy.Cost() == strategy.Deep {
					deep++
				}
				return nil
			})
			cpu := cputime.Used() - start
			if err != nil {
				t.Fatalf("%s line %d: %v", file, ln, err)
			}
			if res.Status == solver.Solved && res.Guesses == 0 {
				logic++
			}
			total += cpu
			t.Logf("%s line %d: %s, %d guesses, %d Deep steps, %.2f s CPU", file, ln, res.Status, res.Guesses, deep, cpu.Seconds())
		}
		t.Logf("%s: %d/%d without a guess, %.1f s CPU (DeepLooks %d)", file, logic, len(pick), total.Seconds(), looks)
	}
}

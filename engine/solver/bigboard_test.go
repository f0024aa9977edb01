package solver_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/internal/cputime"
)

// bigBoardSets are the 16×16 and 25×25 sets of issue 38, by file: a name
// in engine/search/testdata, or a path from engine/solver.
var bigBoardSets = []string{
	"testdata/x16-extreme.txt",
	"x16.txt",
	"16x16.txt",
	"x25.txt",
	"25x25-hard.txt",
	"25x25-published.txt",
	"25x25.txt",
}

// bigBoardPath returns the path of a big-board set file from engine/solver.
func bigBoardPath(file string) string {
	if filepath.Base(file) == file {
		return filepath.Join("..", "search", "testdata", file)
	}
	return file
}

// serviceDefaults are the options of a solve request that sets none
// (solverctl solve's defaults): mixed, solutions counted, guided guesses.
var serviceDefaults = solver.Options{Type: solver.Mixed, CheckMultiple: true, Order: solver.Guided, Weight: solver.Weighted}

// BenchmarkBigBoardDefaults solves each puzzle of the big-board sets with
// the service's default options and no deadline, one sub-benchmark a
// puzzle (set/line), reporting CPU-ms a solve and the guesses made.
func BenchmarkBigBoardDefaults(b *testing.B) {
	for _, file := range bigBoardSets {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		for i, board := range readPuzzles(b, bigBoardPath(file)) {
			b.Run(fmt.Sprintf("%s/%d", name, i+1), func(b *testing.B) {
				guesses := 0
				cpu := cputime.Used()
				for range b.N {
					res, err := solver.Solve(context.Background(), board, serviceDefaults, nil)
					if err != nil {
						b.Fatal(err)
					}
					if res.Status != solver.Solved || res.Count != 1 || !res.CountComplete {
						b.Fatalf("status %v, %d solutions, complete %v", res.Status, res.Count, res.CountComplete)
					}
					guesses = res.Guesses
				}
				if c := cputime.Used() - cpu; c > 0 {
					b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/solve")
				}
				b.ReportMetric(float64(guesses), "guesses")
			})
		}
	}
}

package solver

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/shared"
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

// bigBoards returns the puzzles of a big-board set file, one a line.
func bigBoards(tb testing.TB, file string) []*grid.Board {
	tb.Helper()
	path := file
	if filepath.Base(path) == path {
		path = filepath.Join("..", "search", "testdata", path)
	}
	var boards []*grid.Board
	for _, line := range shared.Lines(tb, path) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			tb.Fatalf("%s: %.40s: %v", path, line, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			tb.Fatalf("%s: %.40s: %v", path, line, err)
		}
		boards = append(boards, b)
	}
	return boards
}

// serviceDefaults are the options of a solve request that sets none
// (solverctl solve's defaults): mixed, solutions counted, guided guesses.
var serviceDefaults = Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted}

// BenchmarkBigBoardDefaults solves each puzzle of the big-board sets with
// the service's default options and no deadline, one sub-benchmark a
// puzzle (set/line), reporting CPU-ms a solve and the guesses made.
func BenchmarkBigBoardDefaults(b *testing.B) {
	for _, file := range bigBoardSets {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		for i, board := range bigBoards(b, file) {
			b.Run(fmt.Sprintf("%s/%d", name, i+1), func(b *testing.B) {
				guesses := 0
				cpu := cputime.Used()
				for range b.N {
					res, err := Solve(context.Background(), board, serviceDefaults, nil)
					if err != nil {
						b.Fatal(err)
					}
					if res.Status != Solved || res.Count != 1 || !res.CountComplete {
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

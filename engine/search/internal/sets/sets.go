// Package sets reads the shared puzzle sets (see
// ../shared/testdata/puzzles/README.md) for the tests and benchmarks of
// package search and of its classic solver.
package sets

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/internal/shared"
)

// The shared data sets, as paths for Read.
const (
	Clue17    = "testdata/puzzles/tdoku_puzzles2_17_clue.txt"
	Top1465   = "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt"
	Hardest11 = "testdata/puzzles/tdoku_puzzles5_forum_hardest_1905_11plus.txt"
	Hard1106  = "testdata/puzzles/tdoku_puzzles6_forum_hardest_1106.txt"
	Serg      = "testdata/puzzles/tdoku_puzzles7_serg_benchmark.txt"
	Top95     = "testdata/puzzles/norvig_top95.txt"
)

// Read returns up to max puzzles of a shared set (all when max ≤ 0): the
// first field of every line that has one.
func Read(t testing.TB, rel string, max int) []string {
	t.Helper()
	f, err := os.Open(shared.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		if fields := strings.Fields(sc.Text()); len(fields) > 0 {
			out = append(out, fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Spread returns n puzzles spread evenly over a set (all when n ≥ len).
func Spread(puzzles []string, n int) []string {
	if n >= len(puzzles) {
		return puzzles
	}
	out := make([]string, n)
	for i := range out {
		out[i] = puzzles[i*len(puzzles)/n]
	}
	return out
}

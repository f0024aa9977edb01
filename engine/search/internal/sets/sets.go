// Package sets holds what the tests and benchmarks of package search and
// of its classic solver share: the reader of the shared puzzle sets (see
// ../shared/testdata/puzzles/README.md) and the count cases both solvers
// meet.
package sets

import (
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
// first field of every line that has one (see shared.Puzzles).
func Read(t testing.TB, rel string, max int) []string {
	t.Helper()
	return shared.Puzzles(t, shared.Path(t, rel), max)
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

// Count is a classic puzzle and what a count of its solutions up to Limit
// finds: Want solutions, and whether the search was Complete.
type Count struct {
	Name     string
	Puzzle   string
	Limit    int
	Want     int
	Complete bool
}

// Counts are the count cases that both the classic solver and the
// searcher meet.
var Counts = []Count{
	{"unique", "000000000070040010301506408000000000060010040105709803000000000030070020204805709", 10, 1, true},
	{"deadly rectangle", ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", 10, 2, true},
	{"stops at the limit", ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", 1, 1, false},
	{"no solution", ".12345678" + "9........" + strings.Repeat(".", 63), 2, 0, true},
}

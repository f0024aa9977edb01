package search

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/internal/cputime"
)

// TestMeasureLines counts to 2, one after another, the puzzles of the
// file SEARCH_MEASURE_FILE whose line numbers (from 1, comments and
// blank lines aside) SEARCH_MEASURE_LINES lists ("1,3,7" or "1-14"), and
// logs the guesses and the CPU of each: a tool for comparing two builds
// puzzle by puzzle. It skips unless the file is set.
func TestMeasureLines(t *testing.T) {
	file := os.Getenv("SEARCH_MEASURE_FILE")
	if file == "" {
		t.Skip("SEARCH_MEASURE_FILE not set")
	}
	boards := puzzleBoards(t, file)
	var s Searcher
	// SEARCH_MEASURE_UNITCOMBOS=1 turns on Options.UnitCombos.
	s.Options.UnitCombos = os.Getenv("SEARCH_MEASURE_UNITCOMBOS") == "1"
	// SEARCH_MEASURE_NOMATCHMEMO=1 turns on Options.NoMatchMemo.
	s.Options.NoMatchMemo = os.Getenv("SEARCH_MEASURE_NOMATCHMEMO") == "1"
	// SEARCH_MEASURE_NOSINGLEOUTIES=1 turns on Options.NoSingleOuties.
	s.Options.NoSingleOuties = os.Getenv("SEARCH_MEASURE_NOSINGLEOUTIES") == "1"
	var total int64
	cpuAll := cputime.Used()
	for _, n := range measureLines(t, os.Getenv("SEARCH_MEASURE_LINES"), len(boards)) {
		cpu, hits := cputime.Used(), s.generic.memo.hits
		res, err := s.Count(context.Background(), boards[n-1], 2)
		c := cputime.Used() - cpu
		if err != nil || len(res.Solutions) != 1 || !res.Complete {
			t.Fatalf("line %d: %d solutions (complete %v), %v", n, len(res.Solutions), res.Complete, err)
		}
		total += res.Nodes
		t.Logf("line %d: %d guesses, %.0f ms CPU, %d matchings from the memo, %d derived sums", n, res.Nodes, c.Seconds()*1e3, s.generic.memo.hits-hits, s.generic.m.derived)
	}
	t.Logf("all: %d guesses, %.0f ms CPU", total, (cputime.Used()-cpuAll).Seconds()*1e3)
}

// measureLines parses a list of line numbers and ranges; empty means
// all n.
func measureLines(t *testing.T, spec string, n int) []int {
	t.Helper()
	var lines []int
	if spec == "" {
		spec = "1-" + strconv.Itoa(n)
	}
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			t.Fatalf("line list %q: %v", spec, err)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				t.Fatalf("line list %q: %v", spec, err)
			}
		}
		for i := a; i <= min(b, n); i++ {
			lines = append(lines, i)
		}
	}
	return lines
}

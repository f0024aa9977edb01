package search

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
)

// The env-gated tests of this file compare the cage encoding with other
// solvers (see docs/search.md, session 14). CAGESAT_ENC picks the
// variant (see encodingOf): e.g. "sums,fill5,reg9".

// TestDumpCageCNF writes the cage encoding of a puzzle, its clues fixed,
// as DIMACS: CAGESAT_DUMP=file:line:out.
func TestDumpCageCNF(t *testing.T) {
	spec := os.Getenv("CAGESAT_DUMP")
	if spec == "" {
		t.Skip("CAGESAT_DUMP not set")
	}
	f := strings.Split(spec, ":")
	if len(f) != 3 {
		t.Fatalf("CAGESAT_DUMP=%q: want file:line:out", spec)
	}
	b := specBoard(t, f[0], f[1])
	s := newCageSATWith(newModel(b.Layout(), Options{}), encodingOf(os.Getenv("CAGESAT_ENC")))
	fixGivens(s, b)
	out, err := os.Create(f[2])
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := s.WriteDIMACS(out); err != nil {
		t.Fatal(err)
	}
}

// TestCountCageCNF counts a puzzle to 2 with our solver over the cage
// encoding from the board as given, as TestDumpCageCNF writes it, and
// with CAGESAT_DFS set the depth-first search too: CAGESAT_COUNT=file:line.
func TestCountCageCNF(t *testing.T) {
	spec := os.Getenv("CAGESAT_COUNT")
	if spec == "" {
		t.Skip("CAGESAT_COUNT not set")
	}
	f := strings.Split(spec, ":")
	if len(f) != 2 {
		t.Fatalf("CAGESAT_COUNT=%q: want file:line", spec)
	}
	b := specBoard(t, f[0], f[1])
	enc := os.Getenv("CAGESAT_ENC")
	s := newCageSATWith(newModel(b.Layout(), Options{}), encodingOf(enc))
	fixGivens(s, b)
	s.SetLearntLimit(cageLearntLimit)
	start := cputime.Used()
	res, err := satCount(context.Background(), s, b.Layout(), 2, 0, Result{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s enc %q: %d solutions complete %v, %d conflicts, %.2f s CPU",
		spec, enc, len(res.Solutions), res.Complete, res.Nodes, (cputime.Used() - start).Seconds())
	if os.Getenv("CAGESAT_DFS") != "" {
		start = cputime.Used()
		var dfs Searcher
		res, err = dfs.Count(context.Background(), b, 2)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s depth-first: %d solutions, %d guesses, %.2f s CPU",
			spec, len(res.Solutions), res.Nodes, (cputime.Used() - start).Seconds())
	}
}

// specBoard returns the board of line (from 1) of a file of puzzles.
func specBoard(t *testing.T, file, line string) *grid.Board {
	t.Helper()
	n, err := strconv.Atoi(line)
	boards := puzzleBoards(t, file)
	if err != nil || n < 1 || n > len(boards) {
		t.Fatalf("line %q of %s: want 1 to %d", line, file, len(boards))
	}
	return boards[n-1]
}

// encodingOf reads a variant of the cage encoding from a list of words:
// sums, table (tableSums), nosets, fill<k> (fillCells k), reg<k>
// (regionCells k).
func encodingOf(list string) cageEncoding {
	var enc cageEncoding
	for _, w := range strings.Split(list, ",") {
		switch {
		case w == "sums":
			enc.sums = true
		case w == "table":
			enc.tableSums = true
		case w == "nosets":
			enc.noSets = true
		case strings.HasPrefix(w, "fill"):
			enc.fillCells, _ = strconv.Atoi(w[len("fill"):])
		case strings.HasPrefix(w, "reg"):
			enc.regionCells, _ = strconv.Atoi(w[len("reg"):])
		}
	}
	return enc
}

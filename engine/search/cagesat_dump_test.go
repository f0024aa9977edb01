package search

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestDumpCageCNF writes the cage encoding of a puzzle as DIMACS, for
// comparing with other solvers: CAGESAT_DUMP=file:line:out.
func TestDumpCageCNF(t *testing.T) {
	spec := os.Getenv("CAGESAT_DUMP")
	if spec == "" {
		t.Skip("CAGESAT_DUMP not set")
	}
	var file, out string
	var line int
	for i, j := 0, 0; i < len(spec); i++ {
		if spec[i] == ':' {
			switch {
			case file == "":
				file = spec[:i]
				j = i + 1
			default:
				line, _ = strconv.Atoi(spec[j:i])
				out = spec[i+1:]
				i = len(spec)
			}
		}
	}
	b := puzzleBoards(t, file)[line-1]
	m := newModel(b.Layout(), Options{})
	enc := os.Getenv("CAGESAT_ENC")
	s := newCageSATWith(m, cageEncoding{
		sums:        strings.Contains(enc, "sums"),
		tableSums:   strings.Contains(enc, "table"),
		noSets:      strings.Contains(enc, "nosets"),
		fillCells:   fillCells(enc),
		regionCells: numAfter(enc, "reg"),
	})
	fixGivens(s, b)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := s.WriteDIMACS(f); err != nil {
		t.Fatal(err)
	}
}

func fillCells(enc string) int {
	if i := strings.Index(enc, "fill"); i >= 0 {
		k, _ := strconv.Atoi(enc[i+4 : i+5])
		return k
	}
	return 0
}

func numAfter(enc, key string) int {
	if i := strings.Index(enc, key); i >= 0 {
		k, _ := strconv.Atoi(strings.SplitN(enc[i+len(key):], ",", 2)[0])
		return k
	}
	return 0
}

// TestCountCageCNF counts a puzzle to 2 with our solver over the cage
// encoding from the bare board, as TestDumpCageCNF writes it:
// CAGESAT_COUNT=file:line, CAGESAT_ENC as there.
func TestCountCageCNF(t *testing.T) {
	spec := os.Getenv("CAGESAT_COUNT")
	if spec == "" {
		t.Skip("CAGESAT_COUNT not set")
	}
	i := strings.LastIndexByte(spec, ':')
	line, _ := strconv.Atoi(spec[i+1:])
	b := puzzleBoards(t, spec[:i])[line-1]
	m := newModel(b.Layout(), Options{})
	enc := os.Getenv("CAGESAT_ENC")
	s := newCageSATWith(m, cageEncoding{
		sums:        strings.Contains(enc, "sums"),
		tableSums:   strings.Contains(enc, "table"),
		noSets:      strings.Contains(enc, "nosets"),
		fillCells:   fillCells(enc),
		regionCells: numAfter(enc, "reg"),
	})
	fixGivens(s, b)
	s.SetLearntLimit(cageLearntLimit)
	start := cpuNow()
	res, err := satCount(context.Background(), s, b.Layout(), 2, 0, Result{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s enc %q: %d solutions complete %v, %d conflicts, %.2f s CPU", spec, enc, len(res.Solutions), res.Complete, res.Nodes, cpuNow()-start)
	if os.Getenv("CAGESAT_DFS") != "" {
		start = cpuNow()
		var dfs Searcher
		res, err = dfs.Count(context.Background(), b, 2)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s depth-first: %d solutions, %d guesses, %.2f s CPU", spec, len(res.Solutions), res.Nodes, cpuNow()-start)
	}
}

func cpuNow() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

package search

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
)

var generate = flag.Bool("generate", false, "regenerate the large-board puzzles in testdata")

// symbols renders digits as the plain text format reads them: '.' blank,
// 1–9, then A for 10 and so on.
const symbols = ".123456789ABCDEFGHIJKLMNOPQRSTUVW"

// fixtures are the generated large-board puzzle files.
var fixtures = []struct {
	file  string
	size  int
	count int
	// budget bounds the guesses of each uniqueness check while generating;
	// a removal whose check exceeds it is undone, which keeps the puzzles
	// within reach of the generic search.
	budget int64
}{
	{"testdata/16x16.txt", 16, 40, 200},
	{"testdata/25x25.txt", 25, 10, 200},
}

// TestGenerateFixtures rewrites the fixtures with -generate: random solved
// grids, thinned out cell by cell, in random order, while the puzzle stays
// unique. The generator is seeded, so the output is reproducible.
func TestGenerateFixtures(t *testing.T) {
	if !*generate {
		t.Skip("run with -generate to rewrite the fixtures")
	}
	for _, fx := range fixtures {
		rng := rand.New(rand.NewPCG(uint64(fx.size), 2024))
		var lines []string
		for range fx.count {
			lines = append(lines, generatePuzzle(t, rng, fx.size, fx.budget))
		}
		if err := os.WriteFile(filepath.FromSlash(fx.file), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func generatePuzzle(t *testing.T, rng *rand.Rand, n int, budget int64) string {
	l, err := grid.NewLayout(grid.Config{Size: n})
	if err != nil {
		t.Fatal(err)
	}
	br, bc := l.BoxRows, l.BoxCols
	// A solved grid by the usual pattern, then shuffled digits, rows within
	// bands, bands, columns within stacks and stacks.
	digits := rng.Perm(n)
	rows := shuffledLines(rng, n, br)
	cols := shuffledLines(rng, n, bc)
	values := make([]uint8, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			values[r*n+c] = uint8(digits[(bc*(rr%br)+rr/br+cc)%n] + 1)
		}
	}
	var s Searcher
	s.MaxNodes = budget
	for _, cell := range rng.Perm(n * n) {
		v := values[cell]
		values[cell] = 0
		cells := make([]grid.CellState, n*n)
		for i, x := range values {
			cells[i] = grid.CellState{Value: int(x), Given: x != 0}
		}
		b, err := grid.Load(l, cells)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) != 1 {
			values[cell] = v
		}
	}
	out := make([]byte, len(values))
	for i, v := range values {
		out[i] = symbols[v]
	}
	return string(out)
}

// shuffledLines permutes n lines in groups of size k: the groups, and the
// lines within each group.
func shuffledLines(rng *rand.Rand, n, k int) []int {
	var out []int
	for _, g := range rng.Perm(n / k) {
		for _, i := range rng.Perm(k) {
			out = append(out, g*k+i)
		}
	}
	return out
}

// hardKillers are the killer fixtures made by TestGenerateHardKillers:
// no clues, and cages of up to maxCage cells, larger than those of the
// generator (engine/generate draws 2 to 4), which makes them harder for
// a search.
var hardKillers = []struct {
	file    string
	size    int
	count   int
	maxCage int
}{
	{"testdata/killer9-big.txt", 9, 12, 7},
}

// TestGenerateHardKillers rewrites the hard killer fixtures with
// -generate: random cages on a random solution grid, kept when the cages
// alone have exactly one solution.
func TestGenerateHardKillers(t *testing.T) {
	if !*generate {
		t.Skip("run with -generate to rewrite the fixtures")
	}
	ctx := context.Background()
	for _, fx := range hardKillers {
		rng := rand.New(rand.NewPCG(uint64(fx.size), 17))
		base, err := grid.NewLayout(grid.Config{Size: fx.size})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		var s Searcher
		s.MaxNodes = 1_000_000
		for tries := 0; len(lines) < fx.count; tries++ {
			sol := randomSolution(t, rng, base)
			if sol == nil {
				continue
			}
			cages := randomCages(rng, fx.size, sol, fx.maxCage, false)
			l, err := grid.NewLayout(grid.Config{Size: fx.size, Variant: grid.Killer, Cages: cages})
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Count(ctx, grid.NewBoard(l), 2)
			if err != nil || len(res.Solutions) != 1 {
				continue
			}
			p := &codec.Puzzle{Size: fx.size, Variant: grid.Killer, VariantSet: true, Cages: cages, Cells: make([]grid.CellState, l.Cells)}
			text, err := codec.Encode(p, codec.FormatV2)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d tries: %d nodes", tries+1, res.Nodes)
			lines = append(lines, text)
		}
		if err := os.WriteFile(filepath.FromSlash(fx.file), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

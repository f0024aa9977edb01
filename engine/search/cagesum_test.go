package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/internal/sat"
)

// cageEncodings are the variants of the cage encoding the tests count
// with; regionCells 27 takes the units and bands of three.
var cageEncodings = []struct {
	name string
	enc  cageEncoding
}{
	{"sets", cageEncoding{}},
	{"sums", cageEncoding{sums: true}},
	{"tableSums", cageEncoding{tableSums: true}},
	{"sumsOnly", cageEncoding{sums: true, tableSums: true, noSets: true}},
	{"fillings", cageEncoding{fillCells: 5}},
	{"units", cageEncoding{regionCells: 9}},
	{"regions", cageEncoding{regionCells: 27}},
}

// fixGivens fixes the digits placed on b in s, whose variable cell·N + d
// is digit d+1 in the cell.
func fixGivens(s *sat.Solver, b *grid.Board) {
	n := b.Layout().N
	values := make([]uint8, b.Layout().Cells)
	b.CopyValues(values)
	for cell, v := range values {
		if v != 0 {
			s.Fix(sat.Pos(cell*n + int(v) - 1))
		}
	}
}

// countEncodings counts b to limit with the depth-first search and with
// the clause learner over each variant of the cage encoding from the
// board as given, requiring the same count, and the same solutions when
// the search finds fewer than limit (with limit, any limit solutions of
// the board); it returns the search's count.
func countEncodings(t *testing.T, b *grid.Board, limit int, where string) Result {
	t.Helper()
	ctx := context.Background()
	var dfs Searcher
	want, err := dfs.Count(ctx, b, limit)
	if err != nil {
		t.Fatalf("%s: depth-first: %v", where, err)
	}
	m := newModel(b.Layout(), Options{})
	for _, ce := range cageEncodings {
		s := newCageSATWith(m, ce.enc)
		fixGivens(s, b)
		got, err := satCount(ctx, s, b.Layout(), limit, 0, Result{})
		if err != nil {
			t.Fatalf("%s, %s: %v", where, ce.name, err)
		}
		if !sameCount(got, want) {
			t.Fatalf("%s, %s: %d solutions (complete %v), the search %d (complete %v)",
				where, ce.name, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
		}
		for _, sol := range got.Solutions {
			if !valid(b, sol) {
				t.Fatalf("%s, %s: invalid solution %v", where, ce.name, sol)
			}
			if len(want.Solutions) < limit && !slices.ContainsFunc(want.Solutions, func(w []uint8) bool { return slices.Equal(w, sol) }) {
				t.Fatalf("%s, %s: solution %v not the search's", where, ce.name, sol)
			}
		}
	}
	return want
}

// TestCageEncodingsAgreeRandom counts random killers, killer jigsaws and
// KenKen (whose cages are no sums: the region sums take their cells one
// by one) with every variant of the cage encoding: no variant may lose a
// solution or let a wrong one through. Some boards take a clue from
// another solution, so that some have none.
func TestCageEncodingsAgreeRandom(t *testing.T) {
	configs := []struct {
		cfg     grid.Config
		maxCage int
		boards  int
	}{
		{grid.Config{Size: 4, Variant: grid.Killer}, 4, 40},
		{grid.Config{Size: 6, Variant: grid.Killer}, 5, 24},
		{grid.Config{Size: 9, Variant: grid.Killer}, 5, 8},
		{grid.Config{Size: 9, Variant: grid.KillerJigsaw, Regions: jigsaw9}, 4, 4},
		{grid.Config{Size: 4, Variant: grid.KenKen}, 3, 16},
	}
	counts := map[int]int{} // boards by solutions found (up to 2)
	for i, tt := range configs {
		rng := rand.New(rand.NewPCG(14, uint64(i)))
		for j, b := range randomCagedBoards(t, rng, tt.cfg, tt.maxCage, tt.boards) {
			res := countEncodings(t, b, 2, fmt.Sprintf("%v board %d", tt.cfg.Variant, j))
			counts[len(res.Solutions)]++
		}
	}
	t.Logf("boards by solutions: %v", counts)
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("boards by solutions %v: want some with none, one and several", counts)
	}
}

// TestCageEncodingsAgreeFixtures counts the first two killers of the fixture
// sets that take the clause learner under a second with every variant
// of the cage encoding: one solution each.
func TestCageEncodingsAgreeFixtures(t *testing.T) {
	if testing.Short() || race {
		t.Skip("seconds of CPU")
	}
	for _, file := range []string{"testdata/killer9.txt", "testdata/killer9-big.txt", "../solver/testdata/killer9-cagesize.txt"} {
		boards := puzzleBoards(t, file)
		for i, b := range boards[:min(len(boards), 2)] {
			res := countEncodings(t, b, 2, fmt.Sprintf("%s line %d", file, i+1))
			if len(res.Solutions) != 1 || !res.Complete {
				t.Fatalf("%s line %d: %d solutions (complete %v), want 1", file, i+1, len(res.Solutions), res.Complete)
			}
		}
	}
}

// TestOrderedSumExact encodes a sum of k free digits 1..n (some taken as
// n+1 less the digit) equal to a target, alone, and counts its models
// on the digits: exactly the tuples a brute force finds, so the
// encoding neither loses a tuple nor lets one of another sum through.
func TestOrderedSumExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	ctx := context.Background()
	for trial := range 60 {
		n := 3 + rng.IntN(4)
		k := 1 + rng.IntN(4)
		cells := make([]int32, k)
		neg := make([]bool, k)
		for i := range cells {
			cells[i] = int32(i)
			neg[i] = rng.IntN(3) == 0
		}
		target := k + rng.IntN(k*n-k+1)
		for i := range neg {
			if neg[i] {
				target -= n + 1 // the same range of sums
			}
		}
		e := &cnf{vars: k * n}
		for c := range k {
			g := make([]int32, n)
			for d := range n {
				g[d] = int32(c*n + d)
			}
			e.groups = append(e.groups, g)
		}
		e.sum(n, cells, neg, target)
		s := e.solver()
		got := 0
		for ; ; got++ {
			st, err := s.Solve(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st == sat.Unsat {
				break
			}
			block := make([]sat.Lit, 0, k)
			total := 0
			for c := range k {
				for d := range n {
					if s.Value(c*n + d) {
						block = append(block, sat.Neg(c*n+d))
						if neg[c] {
							total -= d + 1
						} else {
							total += d + 1
						}
					}
				}
			}
			if total != target {
				t.Fatalf("trial %d: a model sums to %d, want %d", trial, total, target)
			}
			s.AddClause(block)
		}
		want := 0
		digits := make([]int, k)
		var walk func(i, total int)
		walk = func(i, total int) {
			if i == k {
				if total == target {
					want++
				}
				return
			}
			for d := 1; d <= n; d++ {
				digits[i] = d
				if neg[i] {
					walk(i+1, total-d)
				} else {
					walk(i+1, total+d)
				}
			}
		}
		walk(0, 0)
		if got != want {
			t.Fatalf("trial %d (n %d, neg %v, target %d): %d models, want %d", trial, n, neg, target, got, want)
		}
	}
}

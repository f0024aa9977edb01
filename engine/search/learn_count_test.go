package search

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
)

// countBoards reads a file of boards with candidates, one a line: the
// board's size N, then each cell as =digit or its candidates as a hex
// mask (the boards a solve hands to the count, caught after its logic).
func countBoards(t testing.TB, file string) []*grid.Board {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var boards []*grid.Board
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("size %q: %v", f[0], err)
		}
		l, err := grid.NewLayout(grid.Config{Size: n})
		if err != nil {
			t.Fatal(err)
		}
		if len(f)-1 != l.Cells {
			t.Fatalf("%d cells, want %d", len(f)-1, l.Cells)
		}
		b := grid.NewBoard(l)
		for cell, s := range f[1:] {
			if d, ok := strings.CutPrefix(s, "="); ok {
				v, err := strconv.Atoi(d)
				if err != nil || !b.Place(cell, v) {
					t.Fatalf("cell %d: %q: %v", cell, s, err)
				}
			}
		}
		for cell, s := range f[1:] {
			if strings.HasPrefix(s, "=") {
				continue
			}
			m, err := strconv.ParseUint(s, 16, 32)
			if err != nil || !b.SetCands(cell, grid.Digits(m)) {
				t.Fatalf("cell %d: %q: %v", cell, s, err)
			}
		}
		boards = append(boards, b)
	}
	return boards
}

// isomorph returns b with its digits relabelled, its bands, the rows in
// each band, its stacks and the columns in each stack shuffled, and
// transposed half the time: the same puzzle, whose encoding numbers the
// variables otherwise, so that the solver's search takes another path.
// The layout must be a plain square of boxes of side √N.
func isomorph(b *grid.Board, rng *rand.Rand) *grid.Board {
	l := b.Layout()
	n := l.N
	k := 1
	for k*k < n {
		k++
	}
	lines := func() []int {
		order := make([]int, 0, n)
		for _, band := range rng.Perm(k) {
			for _, r := range rng.Perm(k) {
				order = append(order, band*k+r)
			}
		}
		return order
	}
	rows, cols := lines(), lines()
	digits := rng.Perm(n)
	flip := rng.IntN(2) == 1
	src := func(r, c int) int {
		if flip {
			r, c = c, r
		}
		return rows[r]*n + cols[c]
	}
	out := grid.NewBoard(l)
	for r := range n {
		for c := range n {
			if v := b.Value(src(r, c)); v != 0 {
				out.Place(r*n+c, digits[v-1]+1)
			}
		}
	}
	for r := range n {
		for c := range n {
			from := src(r, c)
			if b.Value(from) != 0 {
				continue
			}
			var ds grid.Digits
			for d := 1; d <= n; d++ {
				if b.Cands(from).Has(d) {
					ds |= grid.Bit(digits[d-1] + 1)
				}
			}
			out.SetCands(r*n+c, ds)
		}
	}
	return out
}

// TestLearnCountSpread counts to 2 isomorphs of the boards the default
// solve of the published 25×25 puzzles hands to the count, and logs the
// conflicts of the first solution and of the whole count: the search of
// three boards alone is too much a matter of luck to weigh a change of
// the solver's heuristics by. SATCORE_SPREAD=k counts k isomorphs of each
// (and the board as caught); without it the test is skipped.
func TestLearnCountSpread(t *testing.T) {
	k, _ := strconv.Atoi(os.Getenv("SATCORE_SPREAD"))
	if k <= 0 {
		t.Skip("SATCORE_SPREAD=k counts k isomorphs of each board")
	}
	boards := countBoards(t, "testdata/25x25-published-count.txt")
	ctx := context.Background()
	var all []int64
	cpu := cputime.Used()
	for i, b := range boards {
		rng := rand.New(rand.NewPCG(uint64(i+1), 38))
		var firsts, totals []int64
		for j := range k + 1 {
			bb := b
			if j > 0 {
				bb = isomorph(b, rng)
			}
			// The count to 1, then on to 2 with the same solver: the
			// count to 2 (see countModels), the first solution apart.
			o := newOpenSAT(bb)
			res, err := o.count(ctx, 1, 0, Result{})
			if err != nil || len(res.Solutions) != 1 {
				t.Fatalf("board %d isomorph %d: first: %d solutions, %v", i+1, j, len(res.Solutions), err)
			}
			first := res.Nodes
			res, err = o.count(ctx, 2, 0, res)
			if err != nil || len(res.Solutions) != 1 || !res.Complete {
				t.Fatalf("board %d isomorph %d: %d solutions, %v", i+1, j, len(res.Solutions), err)
			}
			firsts, totals = append(firsts, first), append(totals, res.Nodes)
		}
		all = append(all, totals...)
		t.Logf("board %d: as caught first %d total %d; isomorphs first mean %d median %d, total mean %d median %d",
			i+1, firsts[0], totals[0], countMean(firsts[1:]), countMedian(firsts[1:]), countMean(totals[1:]), countMedian(totals[1:]))
	}
	ms := (cputime.Used() - cpu).Seconds() * 1e3
	t.Logf("all: total mean %d median %d over %d counts, %.0f cpu-ms, %.1f cpu-us a conflict",
		countMean(all), countMedian(all), len(all), ms, ms*1e3/float64(countMean(all)*int64(len(all))))
}

func countMean(xs []int64) int64 {
	var sum int64
	for _, x := range xs {
		sum += x
	}
	return sum / int64(max(len(xs), 1))
}

func countMedian(xs []int64) int64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkLearnCount25 counts to 2 the boards that the default solve of
// the published 25×25 puzzles hands to the count (see
// TestLearnCountSpread), one a loop: most of that solve's CPU. Run it
// with GOMAXPROCS=1 -benchtime 3x to count each once.
func BenchmarkLearnCount25(b *testing.B) {
	boards := countBoards(b, "testdata/25x25-published-count.txt")
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	cpu := cputime.Used()
	for i := 0; b.Loop(); i++ {
		res, err := learnCount(ctx, boards[i%len(boards)], 2, 0, Result{})
		if err != nil || len(res.Solutions) != 1 || !res.Complete {
			b.Fatalf("%d solutions, %v", len(res.Solutions), err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "conflicts/puzzle")
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(c.Seconds()*1e3/float64(b.N), "cpu-ms/puzzle")
		b.ReportMetric(c.Seconds()*1e6/float64(nodes), "cpu-us/conflict")
	}
}

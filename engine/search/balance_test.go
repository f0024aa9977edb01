package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// str8tsBoard returns an empty Str8ts board of side n and variant v with
// the black cells listed.
func str8tsBoard(t testing.TB, n int, v grid.Variant, black ...int) *grid.Board {
	t.Helper()
	bl := make([]bool, n*n)
	for _, c := range black {
		bl[c] = true
	}
	l, err := grid.NewLayout(grid.Config{Size: n, Variant: v, Black: bl})
	if err != nil {
		t.Fatal(err)
	}
	return grid.NewBoard(l)
}

// TestBalanceOpenBoard counts a Str8ts with one black cell (r1c3; r1c1 on
// a Str8ts X) and no clue to two solutions: without the digit balance the search spends its
// budget below a first choice of row 1 that leaves it short of a digit
// the columns need, and finds none.
func TestBalanceOpenBoard(t *testing.T) {
	for _, tc := range []struct {
		v     grid.Variant
		black int
	}{{grid.Str8ts, 2}, {grid.Str8tsX, 0}} {
		v, b := tc.v, str8tsBoard(t, 9, tc.v, tc.black)
		const budget = 20000
		with := Searcher{MaxNodes: budget}
		res, err := with.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) != 2 {
			t.Fatalf("%v: %d solutions in %d nodes, err %v; want 2", v, len(res.Solutions), res.Nodes, err)
		}
		for _, sol := range res.Solutions {
			checkStr8ts(t, b, sol)
		}
		without := Searcher{MaxNodes: budget, Options: Options{NoBalance: true}}
		if res0, err := without.Count(context.Background(), b, 2); !errors.Is(err, ErrNodeLimit) {
			t.Errorf("%v: without the balance: %d solutions, err %v; want the budget spent (the test would not bite)", v, len(res0.Solutions), err)
		}
		t.Logf("%v: %d nodes", v, res.Nodes)
	}
}

// TestBalanceSameSolutions counts every solution of small random Str8ts
// boards of the four variants (black cells, some with clues, and a few
// white clues) with and
// without the digit balance: the solutions must be the same, and the
// balance must prune somewhere (fewer nodes on some boards).
func TestBalanceSameSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const limit = 500
	var solved, pruned, none int
	for i := range 800 {
		n := 4 + i%3
		v := []grid.Variant{grid.Str8ts, grid.Str8tsX, grid.Str8tsB, grid.Str8tsBX}[i/3%4]
		if n == 5 && (v == grid.Str8tsB || v == grid.Str8tsBX) {
			n = 6 // boxes of 2×3
		}
		b, black := randomStr8ts(t, rng, n, v, 5, n)
		if b == nil {
			continue
		}
		var on, off Searcher
		off.Options.NoBalance = true
		r1, err1 := on.Count(context.Background(), b, limit)
		r0, err0 := off.Count(context.Background(), b, limit)
		if err1 != nil || err0 != nil {
			t.Fatalf("board %d: errors %v, %v", i, err1, err0)
		}
		for _, sol := range r1.Solutions {
			checkStr8ts(t, b, sol)
		}
		// An incomplete count may find other solutions first.
		if r1.Complete != r0.Complete || len(r1.Solutions) != len(r0.Solutions) || r1.Complete && !sameSolutions(r1.Solutions, r0.Solutions) {
			t.Fatalf("board %d (%v, %d×%d, black %v): %d solutions (complete %v) with the balance, %d (complete %v) without",
				i, v, n, n, black, len(r1.Solutions), r1.Complete, len(r0.Solutions), r0.Complete)
		}
		switch {
		case len(r1.Solutions) == 0:
			none++
		default:
			solved++
		}
		if r1.Nodes < r0.Nodes {
			pruned++
		}
	}
	t.Logf("%d boards with solutions, %d with none, %d with fewer nodes", solved, none, pruned)
	if solved < 100 || none < 50 || pruned < 20 {
		t.Errorf("too few boards tell: %d with solutions, %d with none, %d pruned", solved, none, pruned)
	}
}

// randomStr8ts returns a Str8ts board of side n and variant v whose cells
// are black one in oneIn, with up to clues clues (on white or black
// cells), and its black cells; nil when the clues repeat a digit in a line.
func randomStr8ts(t *testing.T, rng *rand.Rand, n int, v grid.Variant, oneIn, clues int) (*grid.Board, []int) {
	t.Helper()
	var black []int
	for c := range n * n {
		if rng.IntN(oneIn) == 0 {
			black = append(black, c)
		}
	}
	cells := make([]grid.CellState, n*n)
	for range rng.IntN(clues + 1) {
		cells[rng.IntN(n*n)] = grid.CellState{Value: 1 + rng.IntN(n), Given: true}
	}
	b, err := grid.Load(str8tsBoard(t, n, v, black...).Layout(), cells)
	if err != nil {
		return nil, nil
	}
	return b, black
}

// sameSolutions reports whether a and b hold the same solutions, in any
// order.
func sameSolutions(a, b [][]uint8) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(s [][]uint8) []string {
		out := make([]string, len(s))
		for i, v := range s {
			out[i] = string(v)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// TestStr8tsCountBrute counts every solution of small random boards of the
// four Str8ts variants with the search and with a brute force that knows
// only the rules (no digit twice in a row, column, box of a B or diagonal
// of an X, black clues included; every run of white cells a straight), and
// wants the same counts: the digit balance and the boxes counted for
// hidden singles rest on the search's reading of the rules.
func TestStr8tsCountBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	const limit = 2000
	var solved, none int
	for i := range 300 {
		n := 4
		v := []grid.Variant{grid.Str8ts, grid.Str8tsX, grid.Str8tsB, grid.Str8tsBX}[i%4]
		b, black := randomStr8ts(t, rng, n, v, 4, 2)
		if b == nil {
			continue
		}
		var s Searcher
		res, err := s.Count(context.Background(), b, limit)
		if err != nil || !res.Complete {
			t.Fatalf("board %d: complete %v, err %v", i, res.Complete, err)
		}
		if want := bruteStr8ts(b); len(res.Solutions) != want {
			t.Fatalf("board %d (%v, black %v): %d solutions, the brute force %d", i, v, black, len(res.Solutions), want)
		}
		if len(res.Solutions) == 0 {
			none++
		} else {
			solved++
		}
	}
	t.Logf("%d boards with solutions, %d with none", solved, none)
	if solved < 50 || none < 20 {
		t.Errorf("too few boards tell: %d with solutions, %d with none", solved, none)
	}
}

// bruteStr8ts counts the solutions of Str8ts board b cell by cell, by the
// rules alone.
func bruteStr8ts(b *grid.Board) int {
	l := b.Layout()
	n := l.N
	v := b.Values()
	// groups holds every set of cells that may not repeat a digit.
	var groups [][]int
	var runs [][]int
	for _, across := range []bool{true, false} {
		for line := range n {
			var g, run []int
			for i := range n {
				cell := line*n + i
				if !across {
					cell = i*n + line
				}
				g = append(g, cell)
				if l.IsBlack(cell) {
					if len(run) > 0 {
						runs = append(runs, run)
					}
					run = nil
				} else {
					run = append(run, cell)
				}
			}
			if len(run) > 0 {
				runs = append(runs, run)
			}
			groups = append(groups, g)
		}
	}
	if l.Variant == grid.Str8tsB || l.Variant == grid.Str8tsBX {
		for r := range n {
			var g []int
			for cell := range l.Cells {
				if l.Region(cell) == r {
					g = append(g, cell)
				}
			}
			groups = append(groups, g)
		}
	}
	if l.Variant == grid.Str8tsX || l.Variant == grid.Str8tsBX {
		var d1, d2 []int
		for i := range n {
			d1, d2 = append(d1, i*n+i), append(d2, i*n+n-1-i)
		}
		groups = append(groups, d1, d2)
	}
	ok := func() bool {
		for _, g := range groups {
			var seen grid.Digits
			for _, c := range g {
				if v[c] != 0 {
					if seen.Has(int(v[c])) {
						return false
					}
					seen |= grid.Bit(int(v[c]))
				}
			}
		}
		return true
	}
	straight := func() bool {
		for _, run := range runs {
			lo, hi := n+1, 0
			for _, c := range run {
				lo, hi = min(lo, int(v[c])), max(hi, int(v[c]))
			}
			if hi-lo+1 != len(run) {
				return false
			}
		}
		return true
	}
	var count func(cell int) int
	count = func(cell int) int {
		if cell == l.Cells {
			if straight() {
				return 1
			}
			return 0
		}
		if v[cell] != 0 || l.IsBlack(cell) {
			return count(cell + 1)
		}
		total := 0
		for d := 1; d <= n; d++ {
			v[cell] = uint8(d)
			if ok() {
				total += count(cell + 1)
			}
		}
		v[cell] = 0
		return total
	}
	if !ok() {
		return 0
	}
	return count(0)
}

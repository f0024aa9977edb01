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
		var black []int
		for c := range n * n {
			if rng.IntN(5) == 0 {
				black = append(black, c)
			}
		}
		l := str8tsBoard(t, n, v, black...).Layout()
		cells := make([]grid.CellState, n*n)
		for range rng.IntN(n + 1) {
			cells[rng.IntN(n*n)] = grid.CellState{Value: 1 + rng.IntN(n), Given: true}
		}
		b, err := grid.Load(l, cells)
		if err != nil {
			continue // clues repeated in a line
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

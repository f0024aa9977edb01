package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// bruteReach returns the digits each cell takes in some assignment of the
// cells' domains meeting the target, digits free to repeat, and whether
// there is one.
func bruteReach(op grid.Op, target int, domains []grid.Digits) ([]grid.Digits, bool) {
	support := make([]grid.Digits, len(domains))
	digit := make([]int, len(domains))
	found := false
	var try func(i, sum, prod int)
	try = func(i, sum, prod int) {
		if i == len(domains) {
			if op == grid.OpAdd && sum == target || op == grid.OpMul && prod == target {
				found = true
				for j, d := range digit {
					support[j] |= grid.Bit(d)
				}
			}
			return
		}
		for ds := domains[i]; ds != 0; ds &= ds - 1 {
			digit[i] = ds.Min()
			try(i+1, sum+digit[i], prod*digit[i])
		}
	}
	try(0, 0, 1)
	return support, found
}

// TestReachMatchesBruteForce checks reachTable.supports against every
// assignment of sum and product cages of one to seven cells of boards of
// 6 to 12 digits, with random domains and targets made by random digits
// (some missed): the digits kept and whether the goal is reached must be
// the brute force's. Enough cages must be met and enough not.
func TestReachMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(62, 61))
	met, missed := 0, 0
	var scratch []uint64
	for round := range 3000 {
		n := 6 + rng.IntN(7)
		k := 1 + rng.IntN(7)
		op := grid.OpAdd
		if round%2 == 1 {
			op = grid.OpMul
		}
		target := 0
		if op == grid.OpMul {
			target = 1
		}
		domains := make([]grid.Digits, k)
		for i := range domains {
			for range 1 + rng.IntN(n) {
				domains[i] |= grid.Bit(1 + rng.IntN(n))
			}
			d := 1 + rng.IntN(n)
			if op == grid.OpMul {
				target *= d
			} else {
				target += d
			}
		}
		if round%5 == 0 {
			target++
		}
		cg := &grid.Cage{Op: op, Target: target}
		tab := cageReach(n, cg)
		want, found := bruteReach(op, target, domains)
		if tab == nil {
			// Only a product with a prime past n (no digits make it).
			if found {
				t.Fatalf("%v %d on %d digits: no table, but %v reach it", op, target, n, domains)
			}
			missed++
			continue
		}
		got := make([]grid.Digits, k)
		ok := tab.supports(domains, got, &scratch)
		if ok != found {
			t.Fatalf("%v %d on %d digits, domains %v: reached %v, brute force %v", op, target, n, domains, ok, found)
		}
		if !found {
			missed++
			continue
		}
		met++
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%v %d on %d digits, domains %v: support %v, brute force %v", op, target, n, domains, got, want)
			}
		}
	}
	if met < 500 || missed < 300 {
		t.Errorf("%d cages met, %d missed: too few to compare", met, missed)
	}
}

// scatteredKenKen is an 8×8 KenKen of large cages scattered over rows
// and columns (sums of 5 to 9 cells, products of 6 and 8), one digit
// given, with one solution.
func scatteredKenKen(tb testing.TB) *grid.Board {
	tb.Helper()
	add, mul, none, sub := grid.OpAdd, grid.OpMul, grid.OpNone, grid.OpSub
	cages := []grid.Cage{
		{Cells: []int{49, 36, 18, 61, 58, 24, 30}, Op: add, Target: 35},
		{Cells: []int{40, 11, 32, 53, 39, 60, 0, 21}, Op: mul, Target: 35280},
		{Cells: []int{22, 46, 33, 41, 63}, Op: add, Target: 24},
		{Cells: []int{62, 19, 3, 10, 45}, Op: add, Target: 20},
		{Cells: []int{12, 56, 35, 57, 54, 50}, Op: mul, Target: 4320},
		{Cells: []int{38, 42, 14, 34, 52}, Op: add, Target: 25},
		{Cells: []int{44, 55, 43, 1, 51, 59, 25, 5, 8}, Op: add, Target: 52},
		{Cells: []int{15}, Op: none, Target: 2},
		{Cells: []int{23}, Op: none, Target: 4},
		{Cells: []int{17, 16, 9}, Op: add, Target: 8},
		{Cells: []int{37, 29}, Op: sub, Target: 1},
		{Cells: []int{4}, Op: none, Target: 3},
		{Cells: []int{26, 27, 28}, Op: mul, Target: 30},
		{Cells: []int{47}, Op: none, Target: 1},
		{Cells: []int{20}, Op: none, Target: 6},
		{Cells: []int{7, 6}, Op: sub, Target: 3},
		{Cells: []int{31}, Op: none, Target: 6},
		{Cells: []int{48}, Op: none, Target: 3},
		{Cells: []int{2}, Op: none, Target: 1},
		{Cells: []int{13}, Op: none, Target: 8},
	}
	l, err := grid.NewLayout(grid.Config{Size: 8, Variant: grid.KenKen, Cages: cages})
	if err != nil {
		tb.Fatal(err)
	}
	b := grid.NewBoard(l)
	if !b.Place(21, 3) {
		tb.Fatal("r3c6 takes no 3")
	}
	return b
}

// TestReachCountsScatteredKenKen proves scatteredKenKen's solution
// unique within 5,000 nodes (1,786 with reach tables). Its product cages
// were checked by divisibility alone and its sums by their bounds: the
// count took 24,280.
func TestReachCountsScatteredKenKen(t *testing.T) {
	b := scatteredKenKen(t)
	s := Searcher{MaxNodes: 5_000}
	res, err := s.Count(context.Background(), b, 2)
	if err != nil {
		t.Fatalf("count: %v (%d nodes)", err, res.Nodes)
	}
	t.Logf("%d solutions in %d nodes", len(res.Solutions), res.Nodes)
	if len(res.Solutions) != 1 || !res.Complete || !valid(b, res.Solutions[0]) {
		t.Fatalf("%d solutions (complete %v), want 1, valid", len(res.Solutions), res.Complete)
	}
}

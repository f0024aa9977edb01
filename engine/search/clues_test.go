package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// differingCell returns a random cell where other differs from sol; it
// fails the test when they are the same grid.
func differingCell(t *testing.T, rng *rand.Rand, sol, other []uint8) int {
	t.Helper()
	var diff []int
	for cell, v := range other {
		if v != sol[cell] {
			diff = append(diff, cell)
		}
	}
	if len(diff) == 0 {
		t.Fatalf("the other solution is the grid")
	}
	return diff[rng.IntN(len(diff))]
}

// gridAdder returns the layout of an empty size×size Sudoku, the first
// solution grid the search finds for it, and a ClueAdder toward it.
func gridAdder(t *testing.T, size int) (*grid.Layout, []uint8, *ClueAdder) {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: size})
	if err != nil {
		t.Fatal(err)
	}
	var s Searcher
	res, err := s.Count(context.Background(), grid.NewBoard(l), 1)
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("%d×%d: no solution grid: %v", size, size, err)
	}
	sol := res.Solutions[0]
	a := NewClueAdder(l, sol)
	if a == nil {
		t.Fatalf("%d×%d: no adder", size, size)
	}
	return l, sol, a
}

// TestClueAdder adds clues of a solution grid to an empty board, each at
// a random cell where the adder's other solution differs from the grid,
// and checks every other solution (valid, keeps the clues, differs from
// the grid) and the end: the depth-first search finds the clues unique,
// with the grid as their solution. 16×16 skips under the race detector.
func TestClueAdder(t *testing.T) {
	sizes := []int{9, 16}
	if race {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		l, sol, a := gridAdder(t, size)
		rng := rand.New(rand.NewPCG(uint64(size), 1))
		clues := make([]uint8, l.Cells)
		found := 0
		for {
			other, settled, err := a.Other(context.Background(), 0)
			if err != nil || !settled {
				t.Fatalf("%d×%d: Other: settled %v, %v", size, size, settled, err)
			}
			if other == nil {
				break
			}
			found++
			b := grid.NewBoard(l)
			b.Reset(clues, nil)
			if !valid(b, other) {
				t.Fatalf("%d×%d: another solution breaks the rules or a clue", size, size)
			}
			cell := differingCell(t, rng, sol, other)
			clues[cell] = sol[cell]
			a.Add(cell)
		}
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		var s Searcher
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || !res.Complete || len(res.Solutions) != 1 {
			t.Fatalf("%d×%d: the clues built have %d solutions (complete %v, %v), want 1", size, size, len(res.Solutions), res.Complete, err)
		}
		if string(res.Solutions[0]) != string(sol) {
			t.Fatalf("%d×%d: the clues built solve to another grid", size, size)
		}
		if found < 10 {
			t.Fatalf("%d×%d: %d other solutions found: the test proves nothing", size, size, found)
		}
	}
}

// TestClueCheckerNear builds a unique 9×9 puzzle with a ClueAdder,
// keeping each other solution found, then asks a ClueChecker about each
// clue twice, once with its search started toward the solution the clue
// was added for (Near): the verdicts must agree with each other and with
// the depth-first search's count of the puzzle less that clue.
func TestClueCheckerNear(t *testing.T) {
	l, sol, a := gridAdder(t, 9)
	rng := rand.New(rand.NewPCG(9, 2))
	clues := make([]uint8, l.Cells)
	others := map[int][]uint8{} // the other solution each clue was added for
	for {
		other, settled, err := a.Other(context.Background(), 0)
		if err != nil || !settled {
			t.Fatalf("Other: settled %v, %v", settled, err)
		}
		if other == nil {
			break
		}
		cell := differingCell(t, rng, sol, other)
		clues[cell] = sol[cell]
		others[cell] = append([]uint8(nil), other...)
		a.Add(cell)
	}
	plain, near := NewClueChecker(l, sol), NewClueChecker(l, sol)
	needed := 0
	for cell, other := range others {
		clues[cell] = 0
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		var s Searcher
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) < 2 && !res.Complete {
			t.Fatalf("counting without the clue at %d: %v", cell, err)
		}
		want := len(res.Solutions) > 1
		got, settled, err := plain.Differs(context.Background(), clues, cell, 0)
		if err != nil || !settled || got != want {
			t.Fatalf("clue at %d: Differs %v (settled %v, %v), want %v", cell, got, settled, err, want)
		}
		near.Near(other)
		got, settled, err = near.Differs(context.Background(), clues, cell, 0)
		if err != nil || !settled || got != want {
			t.Fatalf("clue at %d, near its other solution: Differs %v (settled %v, %v), want %v", cell, got, settled, err, want)
		}
		if want {
			needed++
		}
		clues[cell] = sol[cell]
	}
	if needed == 0 || needed == len(others) {
		t.Fatalf("%d of %d clues needed: the test tells nothing apart", needed, len(others))
	}
}

// TestClueCheckerPlan digs a 9×9 grid as a generator does, in passes over
// the clues in a random order told to the checker (Plan), the first with
// a budget of one conflict a check, clues proved needed kept (Keep):
// every verdict must agree with the depth-first search's count of the
// puzzle less that clue, the clues the checker keeps propagated from one
// check to the next changing none.
func TestClueCheckerPlan(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	var s Searcher
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 3))
		b := grid.NewBoard(l)
		b.Place(rng.IntN(l.Cells), 1+rng.IntN(9))
		res, err := s.Count(context.Background(), b, 1)
		if err != nil || len(res.Solutions) != 1 {
			t.Fatalf("no solution grid: %v", err)
		}
		sol := res.Solutions[0]
		clues := append([]uint8(nil), sol...)
		todo := rng.Perm(l.Cells)
		c := NewClueChecker(l, sol)
		removed, needed, unsettled := 0, 0, 0
		for _, budget := range []int64{1, 0} {
			c.Plan(todo)
			var later []int
			for _, cell := range todo {
				clues[cell] = 0
				got, settled, err := c.Differs(context.Background(), clues, cell, budget)
				if err != nil {
					t.Fatal(err)
				}
				if !settled {
					unsettled++
					later = append(later, cell)
					clues[cell] = sol[cell]
					continue
				}
				b := grid.NewBoard(l)
				b.Reset(clues, nil)
				res, err := s.Count(context.Background(), b, 2)
				if err != nil || len(res.Solutions) < 2 && !res.Complete {
					t.Fatalf("counting without the clue at %d: %v", cell, err)
				}
				if want := len(res.Solutions) > 1; got != want {
					t.Fatalf("seed %d, clue at %d: Differs %v, want %v", seed, cell, got, want)
				}
				if got {
					clues[cell] = sol[cell]
					c.Keep(cell)
					needed++
				} else {
					removed++
				}
			}
			todo = later
		}
		if len(todo) > 0 {
			t.Fatalf("seed %d: %d checks unsettled without a budget", seed, len(todo))
		}
		if removed < 20 || needed < 10 || unsettled == 0 {
			t.Fatalf("seed %d: %d clues removed, %d needed, %d checks put off: the test proves little", seed, removed, needed, unsettled)
		}
	}
}

// TestLearnWork builds a 9×9 puzzle with a ClueAdder and checks each of
// its clues with a ClueChecker, adding up the conflicts of each search
// (the solver's Conflicts, of its last Solve): Work must report the
// searches made and those conflicts, and more assignments than a search
// that found a solution makes alone (every cell's variables).
func TestLearnWork(t *testing.T) {
	l, sol, a := gridAdder(t, 9)
	rng := rand.New(rand.NewPCG(9, 3))
	clues := make([]uint8, l.Cells)
	var want LearnWork
	for {
		other, settled, err := a.Other(context.Background(), 0)
		if err != nil || !settled {
			t.Fatalf("Other: settled %v, %v", settled, err)
		}
		want.Searches++
		want.Conflicts += a.s.Conflicts
		if other == nil {
			break
		}
		cell := differingCell(t, rng, sol, other)
		clues[cell] = sol[cell]
		a.Add(cell)
	}
	checkWork(t, "adder", a.Work(), want, l.Cells*l.N)
	c := NewClueChecker(l, sol)
	want = LearnWork{}
	differs := 0
	for cell, v := range clues {
		if v == 0 {
			continue
		}
		clues[cell] = 0
		before := c.Work()
		got, settled, err := c.Differs(context.Background(), clues, cell, 0)
		clues[cell] = v
		if err != nil || !settled {
			t.Fatalf("clue at %d: settled %v, %v", cell, settled, err)
		}
		if got {
			differs++
		}
		// One check's work, as the generator's digging counts it.
		if d := c.Work().Sub(before); d.Searches != 1 || d.Conflicts != c.s.Conflicts || d.Assignments < 0 {
			t.Errorf("clue at %d: the check's work %v, want 1 search and %d conflicts", cell, d, c.s.Conflicts)
		}
		want.Searches++
		want.Conflicts += c.s.Conflicts
	}
	if differs == 0 {
		t.Fatal("no clue needed: no check found a solution")
	}
	checkWork(t, "checker", c.Work(), want, l.Cells*l.N)
}

// checkWork compares work with the searches and conflicts counted, and
// its assignments with the least a search that found a solution made.
func checkWork(t *testing.T, name string, got, want LearnWork, vars int) {
	t.Helper()
	if got.Searches != want.Searches || got.Conflicts != want.Conflicts {
		t.Errorf("%s: Work %v, want %d searches and %d conflicts", name, got, want.Searches, want.Conflicts)
	}
	if got.Assignments < int64(vars) {
		t.Errorf("%s: %d assignments, fewer than the %d variables of a solution found", name, got.Assignments, vars)
	}
	if got.Conflicts == 0 {
		t.Errorf("%s: no conflict: the test proves nothing", name)
	}
}

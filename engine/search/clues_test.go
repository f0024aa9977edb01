package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

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
			var diff []int
			for cell, v := range other {
				if v != sol[cell] {
					diff = append(diff, cell)
				}
			}
			if len(diff) == 0 {
				t.Fatalf("%d×%d: the other solution is the grid", size, size)
			}
			cell := diff[rng.IntN(len(diff))]
			clues[cell] = sol[cell]
			a.Add(cell)
		}
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		res, err = s.Count(context.Background(), b, 2)
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

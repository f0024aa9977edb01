package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// top1465Boards returns the first n puzzles of top1465 (in the layout of
// 9×9) as their clues' digits, with their solutions.
func top1465Boards(t *testing.T, n int) (*grid.Layout, [][]uint8, [][]uint8) {
	t.Helper()
	l, puzzles := top1465Clues(t, n)
	var sols [][]uint8
	for _, clues := range puzzles {
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		sols = append(sols, solutionOf(t, b))
	}
	return l, puzzles, sols
}

// top1465Clues returns the first n puzzles of top1465 (in the layout of
// 9×9) as their clues' digits.
func top1465Clues(t *testing.T, n int) (*grid.Layout, [][]uint8) {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	var puzzles [][]uint8
	for _, line := range shared.Lines(t, shared.Path(t, "testdata/puzzles/se_rated_top1465.txt"))[:n] {
		vals := make([]uint8, 81)
		for j := range vals {
			if c := line[j]; c >= '1' && c <= '9' {
				vals[j] = c - '0'
			}
		}
		puzzles = append(puzzles, vals)
	}
	return l, puzzles
}

// avoidableProgress returns the board of the clues with three cells of
// the solution entered as progress, a/b/b at three corners of a rectangle
// of two rows, two columns and two boxes whose fourth corner is open,
// holds another digit than a and still has a as a candidate: Avoidable
// Rectangle Type 1 removes a there. nil when the puzzle has no such
// rectangle.
func avoidableProgress(l *grid.Layout, clues, sol []uint8) *grid.Board {
	box := func(c int) int { return c/27*3 + c%9/3 }
	b := grid.NewBoard(l)
	for x := range 81 {
		for y := x/9*9 + x%9 + 1; y < x/9*9+9; y++ {
			for z := x % 9; z < 81; z += 9 {
				if z/9 == x/9 {
					continue
				}
				w := z/9*9 + y%9
				corners := []int{x, y, z, w}
				boxes := map[int]bool{}
				for _, c := range corners {
					boxes[box(c)] = true
				}
				if len(boxes) != 2 || clues[x]+clues[y]+clues[z]+clues[w] != 0 {
					continue
				}
				a := sol[x]
				if sol[y] != sol[z] || sol[y] == a || sol[w] == a {
					continue
				}
				entries := make([]uint8, 81)
				entries[x], entries[y], entries[z] = a, sol[y], sol[z]
				b.Reset(clues, entries)
				if b.Cands(w).Has(int(a)) {
					return b
				}
			}
		}
	}
	return nil
}

// TestAvoidableNeedsUniqueClues: Avoidable Rectangles swap digits that are
// not clues, so they are sound only when the clues alone have one
// solution. A board whose digits are all entered as progress, no clue
// among them (a structured board without its given flags reads so), has
// one solution while its clues (none) have many: solves that took the
// rectangles there ended "no solution" on 136 of top1465's first 400
// puzzles. Now every such solve ends with the solution, without a
// rectangle; and with the clues given and progress entered the
// rectangles still run, their steps keeping the solution.
func TestAvoidableNeedsUniqueClues(t *testing.T) {
	n := 150
	if quick() {
		n = 40
	}
	l, puzzles, sols := top1465Boards(t, n)
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided}
	taken, built := 0, 0
	for i, vals := range puzzles {
		entered := grid.NewBoard(l)
		entered.Reset(nil, vals)
		boards := []*grid.Board{entered}
		if p := avoidableProgress(l, vals, sols[i]); p != nil {
			boards = append(boards, p)
			built++
		}
		nt := grid.Notation{Layout: l}
		for k, b := range boards {
			name := fmt.Sprintf("puzzle %d, %s", i+1, [...]string{"entered", "progress"}[k])
			res, err := Solve(context.Background(), b, opts, func(_ int, st *strategy.Step, _ *grid.Board) error {
				if st.Strategy == strategy.AvoidableRectangles() {
					if k == 0 {
						t.Errorf("%s: %s, on a board without clues", name, st.Explain(nt))
					}
					taken++
				}
				if st.Kind != strategy.Guess && st.Kind != strategy.Backtrack {
					checkStep(t, sols[i], nt, name, st)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Solved || !slices.Equal(res.Board.Values(), sols[i]) {
				t.Errorf("%s: %v, want the solution", name, res.Status)
			}
		}
	}
	// Floors: every puzzle had a progress board and 12 of their 150
	// default solves took a rectangle when set (the other strategies
	// mostly come first).
	if built < n*9/10 || taken < max(built/25, 1) {
		t.Errorf("%d progress boards of %d puzzles, %d Avoidable Rectangle steps; want at least %d and %d", built, n, taken, n*9/10, max(built/25, 1))
	}
	t.Logf("%d progress boards, %d Avoidable Rectangle steps", built, taken)
}

// TestFindStepsAvoidableNeedsUniqueClues: FindSteps offers Avoidable
// Rectangles on a board of clues with progress entered (their clues have
// one solution), and not on the same digits entered without a clue.
func TestFindStepsAvoidableNeedsUniqueClues(t *testing.T) {
	l, puzzles, sols := top1465Boards(t, 60)
	only := FindOptions{Strategies: []*strategy.Strategy{strategy.AvoidableRectangles()}}
	offered, built := 0, 0
	for i, vals := range puzzles {
		p := avoidableProgress(l, vals, sols[i])
		if p == nil {
			continue
		}
		built++
		nt := grid.Notation{Layout: l}
		err := FindSteps(context.Background(), p, only, func(st *strategy.Step) bool {
			offered++
			checkStep(t, sols[i], nt, fmt.Sprintf("puzzle %d", i+1), st)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		// The same digits, every one entered: the clues are gone.
		entered := grid.NewBoard(l)
		entered.Reset(nil, p.Values())
		err = FindSteps(context.Background(), entered, only, func(st *strategy.Step) bool {
			t.Errorf("puzzle %d without clues: %s offered", i+1, st.Explain(nt))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if built < 20 || offered < built {
		t.Errorf("%d Avoidable Rectangle steps offered on %d progress boards, want one at least on each of 20 or more", offered, built)
	}
}

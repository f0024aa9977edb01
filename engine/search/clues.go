package search

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/internal/sat"
)

// ClueChecker answers the checks of a generator that takes clues away from
// one solution grid: is the grid still the only solution? It keeps one
// clause-learning solver across the checks, with the clues as assumptions,
// so that what one check learns about the grid serves the next; on a
// 25×25 board that makes a check far cheaper than a fresh search. Clues
// proved needed (Keep) are fixed for good. It takes the layouts that
// clause learning takes (see NewClueChecker) and is not safe for
// concurrent use.
type ClueChecker struct {
	s        *sat.Solver
	n        int
	solution []uint8
	kept     []bool
	// bucket is, for each cell, its block of the plan (see Plan): 1 for
	// the cells checked first, 0 for those not planned.
	bucket  []int32
	buckets int32
	assume  []sat.Lit
	ends    []int
	cells   [][]int32 // scratch: the clues of each block
	checks  int64     // Differs calls (see Work)
}

// NewClueChecker returns a checker for puzzles of layout l whose only
// solution is to be solution, or nil when the layout is not one clause
// learning takes: it must have no cages and every unit must hold each
// digit once.
func NewClueChecker(l *grid.Layout, solution []uint8) *ClueChecker {
	if !learnSuits(l) || len(solution) != l.Cells {
		return nil
	}
	c := &ClueChecker{
		s: newSAT(l), n: l.N, solution: solution,
		kept: make([]bool, l.Cells), bucket: make([]int32, l.Cells),
	}
	// The phases lean toward a full grid (see Near): a decision then
	// places that grid's digit in a cell, not only rules out another.
	c.s.DecideTrue = true
	return c
}

// planBlock is the number of cells of a block of the plan (see Plan): a
// check propagates again the clues of its own block, and of the blocks
// checked before it when it is the first of its block.
const planBlock = 16

// Plan tells the checker the order of the cells that the next checks will
// take away (Differs's cell), a pass of a generator over its clues: the
// clues of the cells checked last are propagated first and kept from one
// check to the next, and each check propagates again only the clues of
// its block of the plan (planBlock cells) and, once, those of the blocks
// before it. A plan only saves work; the answers do not depend on it.
func (c *ClueChecker) Plan(cells []int) {
	clear(c.bucket)
	for i, cell := range cells {
		c.bucket[cell] = int32(i/planBlock) + 1
	}
	c.buckets = int32((len(cells)+planBlock-1)/planBlock) + 1
}

// Differs reports whether the puzzle of clues (0 for an empty cell; every
// clue a digit of the solution) has a solution that differs from the
// checker's at cell, which must be empty in clues. Such a solution exists
// exactly when cell's clue cannot be taken away: a puzzle that is unique
// with the clue stays unique without it unless another solution puts
// another digit there. settled is false when the check spent budget
// conflicts (0: no bound) first; err is ctx's error.
func (c *ClueChecker) Differs(ctx context.Context, clues []uint8, cell int, budget int64) (differs, settled bool, err error) {
	c.blocks(clues, cell)
	c.checks++
	c.s.MaxConflicts = budget
	st, err := c.s.SolveBlocks(ctx, c.assume, c.ends)
	switch {
	case errors.Is(err, sat.ErrBudget):
		return false, false, nil
	case err != nil:
		return false, false, fmt.Errorf("checking a clue: %w", err)
	}
	return st == sat.Sat, true, nil
}

// blocks lays out the assumptions of a check of cell in blocks, in
// c.assume and c.ends: first the clues not planned, then those of the
// plan's blocks checked after cell's, the last first, then those checked
// before it, then cell's own block with the literal that cell differs.
func (c *ClueChecker) blocks(clues []uint8, cell int) {
	nb := int(c.buckets) + 2
	if len(c.cells) < nb {
		c.cells = append(c.cells, make([][]int32, nb-len(c.cells))...)
	}
	for i := range nb {
		c.cells[i] = c.cells[i][:0]
	}
	cur := c.bucket[cell]
	done, top := nb-2, nb-1
	for i, v := range clues {
		if v == 0 || c.kept[i] {
			continue
		}
		b := c.blockOf(i, cur, done, top)
		c.cells[b] = append(c.cells[b], int32(i))
	}
	c.assume, c.ends = c.assume[:0], c.ends[:0]
	for b := range nb {
		for _, i := range c.cells[b] {
			c.assume = append(c.assume, sat.Pos(int(i)*c.n+int(clues[i])-1))
		}
		if b == top {
			c.assume = append(c.assume, sat.Neg(cell*c.n+int(c.solution[cell])-1))
		}
		if len(c.cells[b]) > 0 || b == top {
			c.ends = append(c.ends, len(c.assume))
		}
	}
}

// blockOf returns the block (see blocks) of the clue at cell i in a
// check of a cell of the plan's block cur (0: not planned).
func (c *ClueChecker) blockOf(i int, cur int32, done, top int) int {
	switch b := c.bucket[i]; {
	case b == 0:
		return 0
	case cur == 0 || b > cur:
		// Checked after the cell: the later, the lower.
		return int(c.buckets - b)
	case b < cur:
		return done
	}
	return top
}

// Near has the next checks start their search toward other, a solution
// of the rules (every cell filled) that differs from the checker's:
// another solution found for fewer clues, say, which a check for a clue
// where it differs may find again, or one close to it, in a few
// conflicts. Phase saving then moves the search away from it as usual,
// starting with the variables of the clues the next check propagates
// again (see Plan), which take the values they had: digging six 25×25
// grids took 75,795 conflicts so, 90,426 with the phases set once those
// were undone, 102,500 without Near.
func (c *ClueChecker) Near(other []uint8) {
	for cell, v := range other {
		for d := range c.n {
			c.s.SetPhase(cell*c.n+d, d == int(v)-1)
		}
	}
}

// LearnWork measures the work of a ClueChecker or ClueAdder: its
// searches (checks, or other solutions sought), and the conflicts and
// assignments of its clause-learning solver. Unlike CPU time it does not
// move with the load of the machine, and a change that keeps the search
// keeps it exactly.
type LearnWork struct {
	Searches, Conflicts, Assignments int64
}

// Add returns the sum of w and o.
func (w LearnWork) Add(o LearnWork) LearnWork {
	return LearnWork{w.Searches + o.Searches, w.Conflicts + o.Conflicts, w.Assignments + o.Assignments}
}

// Sub returns the work of w less o: what a checker did between the two
// readings o and w of its Work.
func (w LearnWork) Sub(o LearnWork) LearnWork {
	return LearnWork{w.Searches - o.Searches, w.Conflicts - o.Conflicts, w.Assignments - o.Assignments}
}

// String formats the work as "N searches, C conflicts, A assignments".
func (w LearnWork) String() string {
	return fmt.Sprintf("%d searches, %d conflicts, %d assignments", w.Searches, w.Conflicts, w.Assignments)
}

// Work returns the checker's work so far (see LearnWork).
func (c *ClueChecker) Work() LearnWork {
	conflicts, assigned := c.s.Work()
	return LearnWork{c.checks, conflicts, assigned}
}

// Keep tells the checker that the clue at cell stays in every puzzle it
// is asked about from now on (it was proved needed): the clue is fixed,
// which makes the checks after it cheaper. Fixing it undoes the clues
// propagated (see Plan), but putting it off costs more: on two 25×25
// grids, fixing the clues kept 4 or 16 at a time took 1.2–1.6 times the
// conflicts of fixing each at once, the clauses learnt meanwhile naming
// what the clue implies.
func (c *ClueChecker) Keep(cell int) {
	if c.kept[cell] {
		return
	}
	c.kept[cell] = true
	c.s.Fix(sat.Pos(cell*c.n + int(c.solution[cell]) - 1))
}

// ClueAdder builds a unique puzzle for one solution grid by adding clues
// to an empty board: Other finds a solution of the clues so far that
// differs from the grid, the caller adds a clue where it differs, until
// there is none. Clues only come in, so each is fixed for good in one
// clause-learning solver: what it learns stays true to the end and its
// clauses stay short, unlike a ClueChecker's, whose clues are assumptions
// that come and go. It takes the layouts a ClueChecker takes and is not
// safe for concurrent use.
type ClueAdder struct {
	s        *sat.Solver
	n        int
	solution []uint8
	other    []uint8
	searches int64 // Other calls (see Work)
}

// NewClueAdder returns an adder for puzzles of layout l whose only
// solution is to be solution, or nil when the layout is not one clause
// learning takes (see NewClueChecker).
func NewClueAdder(l *grid.Layout, solution []uint8) *ClueAdder {
	if !learnSuits(l) || len(solution) != l.Cells {
		return nil
	}
	a := &ClueAdder{s: newSAT(l), n: l.N, solution: solution, other: make([]uint8, l.Cells)}
	// Other sets the phases toward the grid, true for one digit of
	// each cell: most variables picked would be set false, ruling out
	// one digit a decision: on 25×25 (seeds 1–5 and 11) building made
	// 6–9 times the decisions made this way, and twice the conflicts.
	a.s.DecideTrue = true
	// Every solution sought differs from the grid somewhere.
	differ := make([]sat.Lit, l.Cells)
	for cell := range differ {
		differ[cell] = a.lit(cell).Not()
	}
	a.s.AddClause(differ)
	return a
}

// lit is the literal that cell holds its digit of the solution.
func (a *ClueAdder) lit(cell int) sat.Lit {
	return sat.Pos(cell*a.n + int(a.solution[cell]) - 1)
}

// Add makes cell a clue: it holds its digit of the solution in every
// solution Other finds from now on.
func (a *ClueAdder) Add(cell int) {
	a.s.Fix(a.lit(cell))
}

// Work returns the adder's work so far (see LearnWork).
func (a *ClueAdder) Work() LearnWork {
	conflicts, assigned := a.s.Work()
	return LearnWork{a.searches, conflicts, assigned}
}

// Other returns a solution of the clues added so far that differs from
// the adder's solution, or nil when there is none (the clues make a
// unique puzzle). The slice is reused by the next call. settled is false
// when the search spent budget conflicts (0: no bound) first; err is
// ctx's error.
func (a *ClueAdder) Other(ctx context.Context, budget int64) (other []uint8, settled bool, err error) {
	// Each search starts toward the grid, so that the solution found
	// differs from it in fewer cells: a later clue then falls less often
	// where an earlier solution differs (see the generator's build).
	for cell, v := range a.solution {
		for d := range a.n {
			a.s.SetPhase(cell*a.n+d, d == int(v)-1)
		}
	}
	a.searches++
	a.s.MaxConflicts = budget
	st, err := a.s.Solve(ctx, nil)
	switch {
	case errors.Is(err, sat.ErrBudget):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("looking for another solution: %w", err)
	case st == sat.Unsat:
		return nil, true, nil
	}
	for cell := range a.other {
		for d := range a.n {
			if a.s.Value(cell*a.n + d) {
				a.other[cell] = uint8(d + 1)
				break
			}
		}
	}
	return a.other, true, nil
}

package search

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/internal/sat"
)

// learnSuits reports whether the clause-learning solver can take boards of
// layout l: no cages, and every unit holds each digit exactly once.
func learnSuits(l *grid.Layout) bool {
	if len(l.Cages()) > 0 || l.BlackCells() != nil || l.Variant.IsStr8ts() {
		return false
	}
	for _, u := range l.Units() {
		if u.Partial || len(u.Cells) != l.N {
			return false
		}
	}
	return true
}

// newSAT encodes the rules of layout l for the clause-learning solver:
// variable cell·N + d is digit d+1 in the cell; each cell takes one digit,
// and each unit, and each unit the rules imply (grid.Layout.ImpliedUnits),
// each digit once.
func newSAT(l *grid.Layout) *sat.Solver {
	n := l.N
	s := sat.New(l.Cells * n)
	for cell := range l.Cells {
		vars := make([]int32, n)
		for d := range n {
			vars[d] = int32(cell*n + d)
		}
		s.AddGroup(vars)
	}
	units := make([][]int, 0, len(l.Units()))
	for _, u := range l.Units() {
		units = append(units, u.Cells)
	}
	for _, cells := range append(units, l.ImpliedUnits()...) {
		for d := range n {
			vars := make([]int32, len(cells))
			for i, cell := range cells {
				vars[i] = int32(cell*n + d)
			}
			s.AddGroup(vars)
		}
	}
	return s
}

// learnCount counts the solutions of b up to limit with the
// clause-learning solver, within budget conflicts (0: no bound), adding
// to res, which holds solutions already found: it excludes them first.
// The solver has a variable only for each candidate still open (see
// openSAT); each solution found is excluded by a clause before looking
// for the next. Nodes counts the conflicts.
func learnCount(ctx context.Context, b *grid.Board, limit int, budget int64, res Result) (Result, error) {
	o := newOpenSAT(b)
	return o.count(ctx, limit, budget, res)
}

// openSAT is the encoding of a board for the clause-learning solver with
// a variable for each candidate of an empty cell that no digit placed in
// one of its units rules out, numbered in the order of cell·N + d: each
// empty cell takes one of its candidates, and each unit each digit it
// lacks once. The digits placed and the candidates ruled out have no
// variable at all: encoded over every cell·N + d (see newSAT), a 25×25
// board that logic has left with some 1,700 candidates open has 15,625
// variables, the rest false at level 0, and the solver's arrays, its
// groups and its heap are ten times the size that the search needs.
type openSAT struct {
	s      *sat.Solver
	n      int
	values []uint8   // the board's digits (0: empty)
	first  []int32   // by cell: its first variable (cells without one: the next cell's)
	digit  []uint8   // by variable: its digit
	cell   []int32   // by variable: its cell
	block  []sat.Lit // scratch of exclude
}

// newOpenSAT encodes b (see openSAT), starting the heuristic at the
// cells with fewest candidates, as fixBoard does.
func newOpenSAT(b *grid.Board) *openSAT {
	l := b.Layout()
	n := l.N
	o := &openSAT{n: n, values: make([]uint8, l.Cells), first: make([]int32, l.Cells+1)}
	b.CopyValues(o.values)
	// placed[u] holds the digits placed in unit u.
	placed := make([]grid.Digits, len(l.Units()))
	for i, u := range l.Units() {
		for _, c := range u.Cells {
			if v := o.values[c]; v != 0 {
				placed[i] |= grid.Bit(int(v))
			}
		}
	}
	open := make([]grid.Digits, l.Cells)
	vars := 0
	for cell, v := range o.values {
		o.first[cell] = int32(vars)
		if v != 0 {
			continue
		}
		c := b.Cands(cell)
		for _, u := range l.CellUnit(cell) {
			c &^= placed[u]
		}
		open[cell] = c
		vars += popcount(c)
	}
	o.first[l.Cells] = int32(vars)
	o.digit, o.cell = make([]uint8, vars), make([]int32, vars)
	for cell, c := range open {
		x := o.first[cell]
		for d := 1; d <= n; d++ {
			if c.Has(d) {
				o.digit[x], o.cell[x] = uint8(d), int32(cell)
				x++
			}
		}
	}
	o.s = sat.New(vars)
	// A count's search is long and starts from scratch: Glucose's
	// restarts and CaDiCaL's tiers of learnt clauses pay there (see
	// sat.LBDRestarts), where they slow the generator's short checks.
	o.s.LBDRestarts = true
	o.s.TieredReduce = true
	for cell, v := range o.values {
		if v == 0 {
			o.s.AddGroup(o.cellVars(cell))
		}
	}
	group := make([]int32, 0, n)
	for i, u := range l.Units() {
		for d := 1; d <= n; d++ {
			if placed[i].Has(d) {
				continue
			}
			group = group[:0]
			for _, c := range u.Cells {
				if x := o.varOf(c, d); x >= 0 {
					group = append(group, x)
				}
			}
			// An empty group makes the solver unsatisfiable.
			o.s.AddGroup(group)
		}
	}
	for cell, v := range o.values {
		if v != 0 {
			continue
		}
		k := popcount(b.Cands(cell))
		for _, x := range o.cellVars(cell) {
			o.s.Bump(int(x), float64(n-k)/float64(n))
		}
	}
	return o
}

// cellVars returns the variables of cell's open candidates.
func (o *openSAT) cellVars(cell int) []int32 {
	vars := make([]int32, 0, o.first[cell+1]-o.first[cell])
	for x := o.first[cell]; x < o.first[cell+1]; x++ {
		vars = append(vars, x)
	}
	return vars
}

// varOf returns the variable that cell holds digit d, or -1 when the
// cell is filled or d is not among its open candidates.
func (o *openSAT) varOf(cell, d int) int32 {
	for x := o.first[cell]; x < o.first[cell+1]; x++ {
		if int(o.digit[x]) == d {
			return x
		}
	}
	return -1
}

// exclude adds the clause that a solution differs from sol in a cell. A
// sol that breaks the board (a digit other than one placed, or than the
// open candidates of an empty cell) is excluded already.
func (o *openSAT) exclude(sol []uint8) {
	o.block = o.block[:0]
	for cell, v := range sol {
		if p := o.values[cell]; p != 0 {
			if p != v {
				return
			}
			continue
		}
		x := o.varOf(cell, int(v))
		if x < 0 {
			return
		}
		o.block = append(o.block, sat.Neg(int(x)))
	}
	o.s.AddClause(o.block)
}

// solution returns the solution the solver found: the board's digits
// and, in each empty cell, the digit of its variable set true.
func (o *openSAT) solution() []uint8 {
	sol := slices.Clone(o.values)
	for x := range o.digit {
		if o.s.Value(x) {
			sol[o.cell[x]] = o.digit[x]
		}
	}
	return sol
}

// count counts the solutions of the board up to limit, within budget
// conflicts (0: no bound), adding to res, whose solutions it excludes
// first. Nodes counts the conflicts.
func (o *openSAT) count(ctx context.Context, limit int, budget int64, res Result) (Result, error) {
	return countModels(ctx, o.s, limit, budget, res, o.solution, o.exclude)
}

// fixBoard fixes the digits placed (values) and the candidates of the
// empty cells as unit clauses of s, whose variable cell·n + d is digit
// d+1 in the cell. It starts the heuristic at the cells with fewest
// candidates, as the depth-first search does, each weighed by weight
// (nil: 1).
func fixBoard(s *sat.Solver, n int, values []uint8, cands []grid.Digits, weight []int32) {
	for cell, v := range values {
		if v != 0 {
			s.Fix(sat.Pos(cell*n + int(v) - 1))
			continue
		}
		c := cands[cell]
		k := popcount(c)
		w := 1.0
		if weight != nil {
			w = float64(weight[cell])
		}
		for d := range n {
			if c>>d&1 == 0 {
				s.Fix(sat.Neg(cell*n + d))
			} else {
				s.Bump(cell*n+d, w*float64(n-k)/float64(n))
			}
		}
	}
}

// satCount counts the solutions of s, an encoding of layout l whose
// variable cell·N + d is digit d+1 in the cell, up to limit, within
// budget conflicts (0: no bound), adding to res, which holds solutions
// already found: it excludes them first. Each solution found is excluded
// by a clause before looking for the next: over every cell, since a
// solution found before the board's digits were fixed may differ from
// them (the clause is then true already). Nodes counts the conflicts.
func satCount(ctx context.Context, s *sat.Solver, l *grid.Layout, limit int, budget int64, res Result) (Result, error) {
	n := l.N
	block := make([]sat.Lit, 0, l.Cells)
	exclude := func(sol []uint8) {
		block = block[:0]
		for cell, v := range sol {
			block = append(block, sat.Neg(cell*n+int(v)-1))
		}
		s.AddClause(block)
	}
	solution := func() []uint8 {
		sol := make([]uint8, l.Cells)
		for cell := range sol {
			for d := range n {
				if s.Value(cell*n + d) {
					sol[cell] = uint8(d + 1)
					break
				}
			}
		}
		return sol
	}
	return countModels(ctx, s, limit, budget, res, solution, exclude)
}

// countModels counts the models of s up to limit, within budget conflicts
// (0: no bound), adding to res, whose solutions it excludes first: after
// each model, solution reads it as a board's digits and exclude adds the
// clause that rules it out, before the solver runs again (keeping what it
// learnt). Nodes counts the conflicts.
func countModels(ctx context.Context, s *sat.Solver, limit int, budget int64, res Result, solution func() []uint8, exclude func([]uint8)) (Result, error) {
	for _, sol := range res.Solutions {
		exclude(sol)
	}
	spent := int64(0)
	for len(res.Solutions) < limit {
		s.MaxConflicts = 0
		if budget > 0 {
			s.MaxConflicts = max(budget-spent, 1)
		}
		st, err := s.Solve(ctx, nil)
		spent += s.Conflicts
		res.Nodes += s.Conflicts
		switch {
		case errors.Is(err, sat.ErrBudget):
			return res, fmt.Errorf("%w after %d guesses and conflicts", ErrNodeLimit, res.Nodes)
		case err != nil:
			return res, err
		case st == sat.Unsat:
			res.Complete = true
			return res, nil
		}
		sol := solution()
		res.Solutions = append(res.Solutions, sol)
		exclude(sol)
	}
	return res, nil
}

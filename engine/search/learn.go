package search

import (
	"context"
	"errors"
	"fmt"

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
// and each unit each digit once.
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
	for _, u := range l.Units() {
		for d := range n {
			vars := make([]int32, len(u.Cells))
			for i, cell := range u.Cells {
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
// The board's digits and candidates are fixed as unit clauses; each
// solution found is excluded by a clause before looking for the next.
// Nodes counts the conflicts.
func learnCount(ctx context.Context, b *grid.Board, limit int, budget int64, res Result) (Result, error) {
	l := b.Layout()
	values, cands := make([]uint8, l.Cells), make([]grid.Digits, l.Cells)
	b.CopyValues(values)
	b.CopyCandidates(cands)
	s := newSAT(l)
	fixBoard(s, l.N, values, cands, nil)
	return satCount(ctx, s, l, limit, budget, res)
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
		sol := make([]uint8, l.Cells)
		for cell := range sol {
			for d := range n {
				if s.Value(cell*n + d) {
					sol[cell] = uint8(d + 1)
					break
				}
			}
		}
		res.Solutions = append(res.Solutions, sol)
		exclude(sol)
	}
	return res, nil
}

// Package search is the exact solver: a depth-first search with singles
// propagation that finds and counts the solutions of any board the model
// describes (any size, region layout, extra units and cages).
package search

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// ErrNodeLimit is returned when a search spends its node budget.
var ErrNodeLimit = errors.New("search node budget exhausted")

// ctxEvery is how many nodes pass between context checks: small enough to
// stop within a millisecond on the largest boards.
const ctxEvery = 64

// Result is the outcome of a search.
type Result struct {
	// Solutions holds the values of the solutions found, at most the limit.
	Solutions [][]uint8
	// Complete reports whether the search covered the whole tree, so that
	// len(Solutions) is the exact count.
	Complete bool
	// Nodes is the number of guesses made.
	Nodes int64
}

// Searcher finds solutions. It keeps its working boards between searches
// of the same layout, so a searcher reused for many puzzles does not
// allocate per puzzle. It is not safe for concurrent use.
type Searcher struct {
	// MaxNodes bounds the guesses of one search; 0 means no bound.
	MaxNodes int64

	stack  []*grid.Board
	limit  int
	nodes  int64
	ctx    context.Context
	result *Result
}

// Count searches b for up to limit solutions (limit ≥ 1). b is not changed.
// The error is the context's error when it ends first, or ErrNodeLimit; the
// result then holds what was found so far.
func (s *Searcher) Count(ctx context.Context, b *grid.Board, limit int) (Result, error) {
	if limit < 1 {
		limit = 1
	}
	res := Result{}
	s.limit, s.nodes, s.ctx, s.result = limit, 0, ctx, &res
	defer func() { s.ctx, s.result = nil, nil }()
	if _, dup := b.Duplicate(); dup {
		res.Complete = true
		return res, nil
	}
	root := s.board(0, b.L)
	root.CopyFrom(b)
	err := s.solve(0)
	res.Nodes = s.nodes
	res.Complete = err == nil && len(res.Solutions) < limit
	if errors.Is(err, errStop) {
		err = nil
	}
	return res, err
}

// errStop ends a search that has found enough solutions.
var errStop = errors.New("stop")

func (s *Searcher) board(depth int, l *grid.Layout) *grid.Board {
	for len(s.stack) <= depth {
		s.stack = append(s.stack, grid.NewBoard(l))
	}
	return s.stack[depth]
}

func (s *Searcher) solve(depth int) error {
	b := s.stack[depth]
	if !propagate(b) {
		return nil
	}
	if b.Solved() {
		s.result.Solutions = append(s.result.Solutions, append([]uint8(nil), b.Value...))
		if len(s.result.Solutions) >= s.limit {
			return errStop
		}
		return nil
	}
	cell := bestCell(b)
	for c := b.Cand[cell]; c != 0; {
		d := c.Min()
		c &^= grid.Bit(d)
		s.nodes++
		if s.MaxNodes > 0 && s.nodes > s.MaxNodes {
			return fmt.Errorf("%w after %d guesses", ErrNodeLimit, s.MaxNodes)
		}
		if s.nodes%ctxEvery == 0 {
			if err := s.ctx.Err(); err != nil {
				return err
			}
		}
		next := s.board(depth+1, b.L)
		next.CopyFrom(b)
		next.Place(cell, d)
		if err := s.solve(depth + 1); err != nil {
			return err
		}
	}
	return nil
}

// bestCell returns the empty cell with the fewest candidates.
func bestCell(b *grid.Board) int {
	best, bestCount := -1, grid.MaxSize+1
	for cell, c := range b.Cand {
		if b.Value[cell] != 0 {
			continue
		}
		if n := c.Count(); n < bestCount {
			best, bestCount = cell, n
			if n <= 2 {
				break
			}
		}
	}
	return best
}

// propagate places naked and hidden singles until none is left, reporting
// false on a contradiction.
func propagate(b *grid.Board) bool {
	l := b.L
	all := grid.AllDigits(l.N)
	for {
		changed := false
		for cell, c := range b.Cand {
			if b.Value[cell] != 0 {
				continue
			}
			if c == 0 {
				return false
			}
			if c&(c-1) == 0 {
				b.Place(cell, c.Min())
				changed = true
			}
		}
		for u := range l.Units {
			cells := l.Units[u].Cells
			var once, twice, placed grid.Digits
			for _, cell := range cells {
				if v := b.Value[cell]; v != 0 {
					placed |= grid.Bit(int(v))
					continue
				}
				c := b.Cand[cell]
				twice |= once & c
				once |= c
			}
			if (once|placed) != all || once&placed != 0 {
				return false
			}
			hidden := once &^ twice
			for hidden != 0 {
				d := hidden.Min()
				hidden &^= grid.Bit(d)
				for _, cell := range cells {
					if b.Cand[cell].Has(d) {
						b.Place(cell, d)
						changed = true
						break
					}
				}
			}
		}
		if len(l.Cages) > 0 {
			if _, ok := b.Check(); !ok {
				return false
			}
		}
		if !changed {
			return true
		}
	}
}

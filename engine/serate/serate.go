// Package serate rates a 9×9 Sudoku the way Sudoku Explainer's serate does
// (SukakuExplainer, default settings): it repeats SE's search for the first
// applicable step in SE's order of techniques and reports the hardest step
// overall (ER), up to the first placement (EP) and the first step (ED).
package serate

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokuwise/solver/engine/search/classic"
)

// Tenths is a rating in tenths of a point: 12 is SE's 1.2.
type Tenths int

// String formats a rating as SE prints it, with one decimal.
func (t Tenths) String() string { return fmt.Sprintf("%d.%d", t/10, t%10) }

// Rating is Sudoku Explainer's three-number rating of a puzzle.
type Rating struct {
	ER Tenths // hardest step of the whole solution
	EP Tenths // hardest step up to and including the first placement
	ED Tenths // the first step
}

// String formats a rating as serate's "%r/%p/%d".
func (r Rating) String() string { return fmt.Sprintf("%v/%v/%v", r.ER, r.EP, r.ED) }

// ErrBeyond reports a puzzle that needs a step this package does not
// reproduce; SE would rate it higher than any step found so far.
var ErrBeyond = errors.New("serate: puzzle needs a technique beyond those reproduced")

// ErrInvalid reports a malformed or contradictory puzzle, or one with more
// than one solution: SE rates only puzzles with exactly one.
var ErrInvalid = errors.New("serate: invalid puzzle")

// hint is one step: candidates to remove and, for a placing step, the cell
// and value it sets.
type hint struct {
	diff   Tenths
	remove [81]uint16
	cell   int // -1 when the step places nothing
	value  int
}

// reset clears h for a new step of difficulty d.
func (h *hint) reset(d Tenths) {
	h.diff = d
	h.remove = [81]uint16{}
	h.cell = -1
	h.value = 0
}

// apply performs the step on g as SE does: removals first, then the
// placement.
func (h *hint) apply(g *grid) {
	for c, m := range h.remove {
		g.cand[c] &^= m
	}
	if h.cell >= 0 {
		g.place(h.cell, h.value)
	}
}

// producer looks for the first step of one technique and reports whether
// it found one.
type producer func(g *grid, h *hint) bool

// producers is SE's default list of techniques, in the order it tries
// them.
var producers = []producer{
	hiddenSingle,
	directPointing,
	directHiddenPair,
	nakedSingle,
	directHiddenTriple,
	locking,
	nakedPair,
	xWing,
	hiddenPair,
	nakedTriple,
	swordfish,
	hiddenTriple,
	twoStrongLinks,
	xyWing,
	xyzWing,
	uniqueLoops,
	nakedQuad,
	jellyfish,
	hiddenQuad,
	threeStrongLinks,
	wxyzWing,
	bug,
	fourStrongLinks,
	vwxyzWing,
	alignedPairExclusion,
	uvwxyzWing,
	chaining(false, false, false), // forcing chains and cycles
	tuvwxyzWing,
	alignedTripletExclusion,
	chaining(false, true, true),         // Nishio
	chaining(true, false, false),        // multiple (cell and region) chains
	chaining(true, true, false),         // dynamic chains
	chainingLevel(true, true, false, 1), // dynamic chains plus
}

// Parse reads an 81-character puzzle: digits 1-9 for givens and '.' or
// '0' for empty cells.
func parse(puzzle string) (*grid, error) {
	if len(puzzle) != 81 {
		return nil, fmt.Errorf("%w: %d characters, want 81", ErrInvalid, len(puzzle))
	}
	g := &grid{}
	for c := range g.cand {
		g.cand[c] = 0x3fe
	}
	for c := 0; c < 81; c++ {
		ch := puzzle[c]
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			v := int(ch - '0')
			if g.cand[c]&(1<<v) == 0 {
				return nil, fmt.Errorf("%w: digit %d at r%dc%d repeats in a row, column or block", ErrInvalid, v, c/9+1, c%9+1)
			}
			g.place(c, v)
		default:
			return nil, fmt.Errorf("%w: character %q at position %d", ErrInvalid, ch, c+1)
		}
	}
	return g, nil
}

// solutions counts the solutions of g's givens, up to two.
func solutions(g *grid) int {
	var p classic.Puzzle
	for c, v := range g.value {
		p.Grid[c] = uint8(v)
	}
	var s classic.Solver
	r, _ := s.Count(context.Background(), &p, 2, nil) // no deadline, no node budget: no error
	return r.Count
}

// Rate rates an 81-character puzzle as SE's serate does. A puzzle without
// exactly one solution is refused with ErrInvalid: serate rates one with
// no solution 20.0 and may run without end on one with several, and its
// uniqueness techniques would rate steps that are not sound there.
func Rate(puzzle string) (Rating, error) {
	g, err := parse(puzzle)
	if err != nil {
		return Rating{}, err
	}
	switch n := solutions(g); n {
	case 0:
		return Rating{}, fmt.Errorf("%w: the puzzle has no solution", ErrInvalid)
	case 2:
		return Rating{}, fmt.Errorf("%w: the puzzle has more than one solution", ErrInvalid)
	}
	g.links = &linkMemo{}
	var r Rating
	var h hint
	placed := false
	for !g.solved() {
		if !next(g, &h) {
			return r, fmt.Errorf("%w (hardest so far %v)", ErrBeyond, r.ER)
		}
		if h.diff > r.ER {
			r.ER = h.diff
		}
		h.apply(g)
		if !placed {
			if r.ED == 0 {
				r.ED = r.ER
			}
			if h.cell >= 0 {
				r.EP = r.ER
				placed = true
			}
		}
	}
	return r, nil
}

// next finds the step SE takes: the first one of the first technique that
// has one.
func next(g *grid, h *hint) bool {
	g.loadPos()
	for _, p := range producers {
		if p(g, h) {
			return true
		}
	}
	return false
}

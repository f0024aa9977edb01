package generate

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// blackShare is the share of the cells of a generated Str8ts board that are
// black: str8ts.com's 9×9 puzzles have 18 to 26 black cells of 81.
const blackShare = 0.27

// With boxes, layouts with more black cells admit a solution far more
// often: at 12×12 one in 1,800 at blackShare, one in 27 at 38 %, one in
// 14 at 41 % and one in 6 at 45 % (docs/generating.md), so attempts at
// blackShare alone drew 60 layouts in vain 10 to 30 times (7–20 s of
// CPU). An attempt on a board with boxes draws its first
// steadyBlackTries layouts at blackShare, then raises the share, layout
// by layout, to maxBlackShare; most boards with boxes up to 10×10 find
// their layout before it rises.
const (
	steadyBlackTries = 10
	maxBlackShare    = 0.42
)

// clueShare is the share of the black cells given a clue.
const clueShare = 0.35

// newStr8tsGrid draws the black cells of a New Str8ts puzzle, symmetric
// under a half turn as str8ts.com draws them (under the reflection when
// the clues are to be mirror-symmetric, so that a white clue's mirror is
// white too), a random solution of the
// white cells, and the clues of some black cells (digits their row and
// column do not hold).
func (g *generator) newStr8tsGrid(ctx context.Context, rng *rand.Rand) (*grid.Layout, []uint8, error) {
	n := g.n
	for try := range maxBlackTries {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		sym := Rotational
		if g.cfg.Symmetry == Mirror {
			sym = Mirror
		}
		black := randomBlack(n, g.blackShareAt(try), sym, rng)
		l, err := grid.NewLayout(grid.Config{Size: n, Variant: g.variant, Black: black})
		if err != nil {
			return nil, nil, err
		}
		sol, err := g.str8tsSolution(ctx, rng, l, nil)
		if err == nil {
			blackClues(l, sol, rng)
			return l, sol, nil
		}
		if !errors.Is(err, errRetry) {
			return nil, nil, err
		}
	}
	return nil, nil, errRetry
}

// str8tsSolution returns a random solution of a Str8ts layout that keeps
// the digits of start (nil for none): digits drawn at random in random
// empty white cells, a few a board, then the first solution the exact
// search finds from them, whose straight propagation completes a Str8ts
// board far faster than a random fill (which took minutes on some
// layouts). errRetry when the layout gives none within a few tries;
// ErrNoSolution when start's digits (a BaseOnMap board) are proved to have
// none: retrying that, 10,000 attempts ended ResourceExhausted, "a larger
// bound may help".
func (g *generator) str8tsSolution(ctx context.Context, rng *rand.Rand, l *grid.Layout, start []uint8) ([]uint8, error) {
	var white []int
	for cell := range l.Cells {
		if !l.IsBlack(cell) && (start == nil || start[cell] == 0) {
			white = append(white, cell)
		}
	}
	if len(white) == 0 && start == nil {
		return nil, errRetry
	}
	seeds := max(len(white)/8, 1)
	for try := range 4 {
		if try == 3 {
			seeds = 0 // the search's own first solution
		}
		b := boardOf(l, start, nil)
		rng.Shuffle(len(white), func(i, j int) { white[i], white[j] = white[j], white[i] })
		if start != nil && try == 3 {
			// No digit drawn: a search that ends without a solution
			// proves the base has none.
			if _, ok := b.Check(); !ok {
				return nil, ErrNoSolution
			}
			g.searcher.MaxNodes = min(g.maxNodes, maxFillNodes)
			res, err := g.searcher.Count(ctx, b, 1)
			switch {
			case len(res.Solutions) > 0:
				return res.Solutions[0], nil
			case err == nil:
				return nil, ErrNoSolution
			case !errors.Is(err, search.ErrNodeLimit):
				return nil, err
			}
			return nil, errRetry
		}
		for _, cell := range white[:min(seeds, len(white))] {
			if b.Value(cell) != 0 || b.Cands(cell) == 0 {
				continue
			}
			list := b.Cands(cell).List(nil)
			b.Place(cell, list[rng.IntN(len(list))])
			if _, ok := b.Check(); !ok {
				break
			}
		}
		if _, ok := b.Check(); !ok {
			continue
		}
		sol, err := g.firstSolution(ctx, b, maxFillNodes)
		if !errors.Is(err, errRetry) {
			return sol, err
		}
	}
	return nil, errRetry
}

// maxStr8tsSize is the largest Str8ts board generated, and
// maxBoxedStr8tsSize the largest Str8ts B or BX board: with boxes, random
// black layouts above 12×12 almost never admit a solution (at 16×16 none
// of 20 layouts had one found, with 20, 27, 35 or 45 % of the cells black,
// nearly all proved to have none within a few thousand nodes), and 14×14
// and 15×15 made a puzzle within 30 s on one seed of twelve
// (docs/generating.md, session 39).
const (
	maxStr8tsSize      = 16
	maxBoxedStr8tsSize = 12
)

// maxBlackTries is the number of black layouts an attempt draws before
// giving up on finding one that admits a solution: with boxes, one in
// five or so does.
const maxBlackTries = 60

// maxFillNodes bounds the search for a solution of one black layout: a
// layout with a solution mostly shows one within a few hundred nodes,
// while proving one has none can take a hundred thousand.
const maxFillNodes = 5000

// blackShareAt returns the share of black cells of an attempt's layout
// number try (from 0).
func (g *generator) blackShareAt(try int) float64 {
	if !g.variant.HasBoxes() || try < steadyBlackTries {
		return blackShare
	}
	rise := float64(try-steadyBlackTries+1) / float64(maxBlackTries-steadyBlackTries)
	return blackShare + (maxBlackShare-blackShare)*rise
}

// randomBlack returns black cells in pairs symmetric under sym (a half
// turn or the reflection), about share of the board.
func randomBlack(n int, share float64, sym Symmetry, rng *rand.Rand) []bool {
	cells := n * n
	black := make([]bool, cells)
	want := int(float64(cells)*share + 0.5)
	for count := 0; count < want; {
		cell := rng.IntN(cells)
		image := mate(n, cell, sym)
		if black[cell] {
			continue
		}
		black[cell], black[image] = true, true
		count += 2
		if cell == image {
			count--
		}
	}
	return black
}

// blackClues gives some black cells of a solution a clue: a digit their
// row and column hold nowhere else, white cells and clues alike.
func blackClues(l *grid.Layout, sol []uint8, rng *rand.Rand) {
	n := l.N
	for cell, black := range l.BlackCells() {
		if !black || rng.Float64() >= clueShare {
			continue
		}
		var used grid.Digits
		for _, p := range l.Peers(cell) {
			if v := sol[p]; v != 0 {
				used |= grid.Bit(int(v))
			}
		}
		free := grid.AllDigits(n) &^ used
		if free == 0 {
			continue
		}
		list := free.List(nil)
		sol[cell] = uint8(list[rng.IntN(len(list))])
	}
}

package generate

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/sudokuwise/solver/engine/grid"
)

// errBudget ends one run of the random fill that spent its nodes.
var errBudget = errors.New("fill budget spent")

// filler completes a board with a random solution: a depth-first search
// with naked and hidden singles propagation and cage checks, which guesses
// in a cell with the fewest candidates (ties broken at random) and tries
// its digits in random order.
type filler struct {
	ctx    context.Context
	rng    *rand.Rand
	nodes  int64
	budget int64
	digits []int
	// implied are units the rules imply beyond the layout's (see
	// grid.Layout.ImpliedUnits), which propagation also keeps.
	implied [][]int
}

// fillRandom completes b (which it changes) with a random solution and
// returns the values. Runs that spend their node budget restart with a
// doubled one, until maxNodes are spent in all (errRetry). A run that
// covers the whole tree without a solution proves there is none
// (ErrNoSolution).
func fillRandom(ctx context.Context, b *grid.Board, rng *rand.Rand, maxNodes int64) ([]uint8, error) {
	b.Track(true)
	defer b.Track(false)
	f := &filler{ctx: ctx, rng: rng, implied: b.Layout().ImpliedUnits()}
	budget := max(int64(4*b.Layout().Cells), 1000)
	for spent := int64(0); spent < maxNodes; spent += f.nodes {
		f.nodes, f.budget = 0, min(budget, maxNodes-spent)
		ok, err := f.search(b)
		switch {
		case ok:
			return append([]uint8(nil), b.Values()...), nil
		case err == nil:
			return nil, ErrNoSolution
		case !errors.Is(err, errBudget):
			return nil, err
		}
		b.Undo(0)
		budget *= 2
	}
	return nil, errRetry
}

func (f *filler) search(b *grid.Board) (bool, error) {
	if !propagate(b, f.implied) {
		return false, nil
	}
	if b.Solved() {
		return true, nil
	}
	cell := f.chooseCell(b)
	f.digits = b.Cands(cell).List(f.digits[:0])
	digits := append([]int(nil), f.digits...)
	f.rng.Shuffle(len(digits), func(i, j int) { digits[i], digits[j] = digits[j], digits[i] })
	for _, d := range digits {
		if f.nodes++; f.nodes > f.budget {
			return false, errBudget
		}
		if f.nodes&255 == 0 {
			if err := f.ctx.Err(); err != nil {
				return false, err
			}
		}
		mark := b.Mark()
		b.Place(cell, d)
		if ok, err := f.search(b); ok || err != nil {
			return ok, err
		}
		b.Undo(mark)
	}
	return false, nil
}

// chooseCell returns an empty cell with the fewest candidates, chosen at
// random among the ties.
func (f *filler) chooseCell(b *grid.Board) int {
	best, bestCount, ties := -1, grid.MaxSize+1, 0
	for cell, c := range b.Candidates() {
		if b.Value(cell) != 0 || b.Layout().IsBlack(cell) {
			continue
		}
		switch n := c.Count(); {
		case n < bestCount:
			best, bestCount, ties = cell, n, 1
		case n == bestCount:
			ties++
			if f.rng.IntN(ties) == 0 {
				best = cell
			}
		}
	}
	return best
}

// propagate places naked and hidden singles until none is left, in the
// layout's units and the implied ones (see grid.Layout.ImpliedUnits); it
// reports false when the board reaches a contradiction. The partial units
// of a Str8ts board need not hold every digit: they have no hidden
// singles, and Check keeps them and their straights.
func propagate(b *grid.Board, implied [][]int) bool {
	l := b.Layout()
	all := grid.AllDigits(l.N)
	for {
		if _, ok := b.Check(); !ok {
			return false
		}
		progress := false
		for cell, c := range b.Candidates() {
			if b.Value(cell) == 0 && c != 0 && c&(c-1) == 0 {
				b.Place(cell, c.Min())
				progress = true
			}
		}
		for u := range len(l.Units()) + len(implied) {
			var once, twice, placed grid.Digits
			var cells []int
			if u < len(l.Units()) {
				if l.Unit(u).Partial {
					continue
				}
				cells = l.Unit(u).Cells
			} else {
				// The board knows nothing of an implied unit: its digits
				// must be checked and taken from the other cells here.
				cells = implied[u-len(l.Units())]
				for _, cell := range cells {
					if v := b.Value(cell); v != 0 {
						if placed.Has(int(v)) {
							return false
						}
						placed |= grid.Bit(int(v))
					}
				}
				for _, cell := range cells {
					if b.Value(cell) == 0 && b.Cands(cell)&placed != 0 {
						b.Restrict(cell, b.Cands(cell)&^placed)
						progress = true
					}
				}
				placed = 0
			}
			for _, cell := range cells {
				if v := b.Value(cell); v != 0 {
					placed |= grid.Bit(int(v))
					continue
				}
				twice |= once & b.Cands(cell)
				once |= b.Cands(cell)
			}
			if (once|placed) != all || once&placed != 0 {
				return false
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				d := hidden.Min()
				for _, cell := range cells {
					if b.Value(cell) == 0 && b.Cands(cell).Has(d) {
						b.Place(cell, d)
						progress = true
						break
					}
				}
			}
		}
		if !progress {
			return true
		}
	}
}

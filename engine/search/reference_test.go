package search

// The reference search: the generic search as it was before issue 17
// (singles and cage tables only), kept verbatim under other names so that
// tests can compare the counts of the current search with it.

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// refGeneric searches any board. It keeps the candidates of every cell and,
// for every unit and digit, the number of cells that can still take the
// digit, so that naked and hidden singles are found as candidates go
// rather than by scanning; cages keep to their combinations (see cages). It
// guesses in the cell with the fewest candidates, and after a failed guess
// removes the digit and propagates again. Each depth has its own copy of
// the state.
type refGeneric struct {
	l      *grid.Layout
	frames []*refFrame
	naked  []int32 // cells left with one candidate (or none)
	hidden []int32 // unit*32 + digit-1 of units where a digit has one place
	tables cageTables
	limit  int
	max    int64
	nodes  int64
	done   <-chan struct{}
	ctx    context.Context
	res    *Result
}

// refFrame is the search state at one depth.
type refFrame struct {
	value []uint8
	cand  []grid.Digits
	// count[u*32+d-1] is the number of cells of unit u that hold d or have
	// it as a candidate.
	count []uint8
	// placed holds the digits placed in each unit.
	placed []grid.Digits
	empty  int
}

func (g *refGeneric) count(ctx context.Context, b *grid.Board, limit int, maxNodes int64) (Result, error) {
	res := Result{}
	if _, dup := b.Duplicate(); dup {
		res.Complete = true
		return res, nil
	}
	if g.l == nil || g.l.Cells != b.Layout().Cells || len(g.l.Units()) != len(b.Layout().Units()) {
		g.frames = g.frames[:0]
	}
	g.l, g.limit, g.max, g.nodes, g.ctx, g.done, g.res = b.Layout(), limit, maxNodes, 0, ctx, ctx.Done(), &res
	g.tables.load(b.Layout())
	defer func() { g.ctx, g.done, g.res = nil, nil, nil }()
	var err error
	if g.root(b) {
		err = g.solve(0)
	}
	res.Nodes = g.nodes
	res.Complete = err == nil && len(res.Solutions) < limit
	if errors.Is(err, errStop) {
		err = nil
	}
	return res, err
}

func (g *refGeneric) refFrame(depth int) *refFrame {
	for len(g.frames) <= depth {
		n, u := g.l.Cells, len(g.l.Units())
		g.frames = append(g.frames, &refFrame{
			value:  make([]uint8, n),
			cand:   make([]grid.Digits, n),
			count:  make([]uint8, 32*u),
			placed: make([]grid.Digits, u),
		})
	}
	return g.frames[depth]
}

// root loads b into refFrame 0, with every placed digit removed from its
// peers' candidates (a board built by hand may not have done so), counts
// the places of every digit in every unit and queues the singles. It
// reports false when a unit has no place for a digit.
func (g *refGeneric) root(b *grid.Board) bool {
	l, f := g.l, g.refFrame(0)
	copy(f.value, b.Values())
	b.CopyCandidates(f.cand)
	g.naked, g.hidden = g.naked[:0], g.hidden[:0]
	f.empty = 0
	for cell, v := range f.value {
		if v == 0 {
			f.empty++
		} else {
			f.cand[cell] = 0
		}
	}
	for cell, v := range f.value {
		if v != 0 {
			for _, p := range l.Peers(cell) {
				f.cand[p] &^= grid.Bit(int(v))
			}
		}
	}
	clear(f.count)
	for u := range l.Units() {
		var placed grid.Digits
		for _, cell := range l.Unit(u).Cells {
			c := f.cand[cell]
			if v := f.value[cell]; v != 0 {
				c = grid.Bit(int(v))
				placed |= c
			}
			for ; c != 0; c &= c - 1 {
				f.count[u*32+bits.TrailingZeros32(uint32(c))]++
			}
		}
		f.placed[u] = placed
		for d := range l.N {
			switch f.count[u*32+d] {
			case 0:
				return false
			case 1:
				if placed>>d&1 == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			}
		}
	}
	for cell, c := range f.cand {
		if f.value[cell] == 0 && c&(c-1) == 0 {
			g.naked = append(g.naked, int32(cell)) // a single, or empty
		}
	}
	return true
}

func (g *refGeneric) solve(depth int) error {
	f := g.frames[depth]
	for {
		if !g.propagate(f) {
			return nil
		}
		if f.empty == 0 {
			g.res.Solutions = append(g.res.Solutions, append([]uint8(nil), f.value...))
			if len(g.res.Solutions) >= g.limit {
				return errStop
			}
			return nil
		}
		cell := refBestCell(f)
		bit := f.cand[cell] & -f.cand[cell]
		g.nodes++
		if g.max > 0 && g.nodes > g.max {
			return fmt.Errorf("%w after %d guesses", ErrNodeLimit, g.max)
		}
		// A node of a large board costs microseconds: checking at every
		// node keeps cancellation well under a millisecond.
		if g.done != nil {
			select {
			case <-g.done:
				return g.ctx.Err()
			default:
			}
		}
		// Place the digit in a copy; when that is exhausted, remove it
		// here and propagate again.
		next := g.refFrame(depth + 1)
		copy(next.value, f.value)
		copy(next.cand, f.cand)
		copy(next.count, f.count)
		copy(next.placed, f.placed)
		next.empty = f.empty
		if g.remove(next, cell, next.cand[cell]&^bit) {
			if err := g.solve(depth + 1); err != nil {
				return err
			}
		}
		g.naked, g.hidden = g.naked[:0], g.hidden[:0]
		if !g.remove(f, cell, bit) {
			return nil
		}
	}
}

// refBestCell returns the empty cell with the fewest candidates.
func refBestCell(f *refFrame) int {
	best, bestCount := -1, grid.MaxSize+1
	for cell, c := range f.cand {
		if f.value[cell] != 0 {
			continue
		}
		if n := bits.OnesCount32(uint32(c)); n < bestCount {
			best, bestCount = cell, n
			if n <= 2 {
				break
			}
		}
	}
	return best
}

// propagate places the queued singles and those they cause until none is
// left; it reports false on a contradiction, with the queues emptied.
func (g *refGeneric) propagate(f *refFrame) bool {
	l := g.l
	ok := true
	for ok {
		if n := len(g.naked); n > 0 {
			cell := g.naked[n-1]
			g.naked = g.naked[:n-1]
			if f.value[cell] == 0 {
				// Queued cells had one candidate or none, and candidates
				// only shrink.
				ok = f.cand[cell] != 0 && g.place(f, int(cell))
			}
			continue
		}
		if n := len(g.hidden); n > 0 {
			ud := g.hidden[n-1]
			g.hidden = g.hidden[:n-1]
			u, bit := int(ud/32), grid.Digits(1)<<(ud%32)
			if f.placed[u]&bit != 0 {
				continue
			}
			for _, cell := range l.Unit(u).Cells {
				if c := f.cand[cell]; c&bit != 0 {
					ok = g.remove(f, cell, c&^bit)
					break
				}
			}
			continue
		}
		if len(l.Cages()) > 0 {
			var changed bool
			if changed, ok = g.cages(f); ok && changed {
				continue
			}
		}
		break
	}
	if !ok {
		g.naked, g.hidden = g.naked[:0], g.hidden[:0]
	}
	return ok
}

// place writes the only candidate of cell and removes it from the
// candidates of the cell's peers.
func (g *refGeneric) place(f *refFrame, cell int) bool {
	bit := f.cand[cell]
	f.value[cell] = uint8(bits.TrailingZeros32(uint32(bit)) + 1)
	f.cand[cell] = 0
	f.empty--
	for _, u := range g.l.CellUnit(cell) {
		f.placed[u] |= bit
	}
	for _, p := range g.l.Peers(cell) {
		if f.cand[p]&bit != 0 && !g.remove(f, p, bit) {
			return false
		}
	}
	return true
}

// remove takes the digits gone (all candidates of cell) out of cell,
// updating the counts of its units and queueing the singles that appear;
// it reports false when the cell or a unit is left without a place.
func (g *refGeneric) remove(f *refFrame, cell int, gone grid.Digits) bool {
	if gone == 0 {
		return true
	}
	c := f.cand[cell] &^ gone
	f.cand[cell] = c
	if c&(c-1) == 0 {
		if c == 0 {
			return false
		}
		g.naked = append(g.naked, int32(cell))
	}
	for _, u := range g.l.CellUnit(cell) {
		counts := f.count[u*32 : u*32+32]
		for x := gone; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(uint32(x))
			counts[d]--
			switch counts[d] {
			case 0:
				return false
			case 1:
				if f.placed[u]>>d&1 == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			}
		}
	}
	return true
}

// cages applies every cage to f. A cage with a set table keeps to the sets
// still possible: its empty cells lose the digits no such set has left to
// place, and a digit that every set needs goes in when one cell alone can
// take it. A cage with a tuple table keeps each cell to the digits of the
// tuples still possible. Other cages are checked by their bounds. It
// reports whether any candidate went, and false on a contradiction.
func (g *refGeneric) cages(f *refFrame) (changed, ok bool) {
	l := g.l
	for k := range l.Cages() {
		cg := l.Cage(k)
		table := g.tables.combos[k]
		if table == nil {
			var ok bool
			if tuples := g.tables.tuples[k]; tuples != nil {
				ok = g.cageTuples(f, cg, tuples, &changed)
			} else {
				ok = l.CageFeasible(k, f.value, f.cand)
			}
			if !ok {
				return changed, false
			}
			continue
		}
		var placed, open grid.Digits
		for _, cell := range cg.Cells {
			if v := f.value[cell]; v != 0 {
				placed |= grid.Bit(int(v))
			} else {
				open |= f.cand[cell]
			}
		}
		var allowed grid.Digits
		must, possible := ^grid.Digits(0), false
		for _, set := range table {
			rest := set &^ placed
			if set&placed != placed || rest&^open != 0 {
				continue
			}
			allowed |= rest
			must &= rest
			possible = true
		}
		if !possible {
			return changed, false
		}
		for _, cell := range cg.Cells {
			if f.value[cell] != 0 {
				continue
			}
			if gone := f.cand[cell] &^ allowed; gone != 0 {
				if !g.remove(f, cell, gone) {
					return changed, false
				}
				changed = true
			}
		}
		for m := must; m != 0; m &= m - 1 {
			bit := m & -m
			at, places := -1, 0
			for _, cell := range cg.Cells {
				if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
					at, places = cell, places+1
				}
			}
			if places == 0 {
				return changed, false
			}
			if places == 1 && f.cand[at] != bit {
				if !g.remove(f, at, f.cand[at]&^bit) {
					return changed, false
				}
				changed = true
			}
		}
	}
	return changed, true
}

// cageTuples keeps the cells of cage cg to the digits they take in the
// tuples still possible, setting *changed when a candidate goes; false on
// a contradiction.
func (g *refGeneric) cageTuples(f *refFrame, cg *grid.Cage, tuples []uint8, changed *bool) bool {
	k := len(cg.Cells)
	var support [maxTupleCells]grid.Digits
	possible := false
next:
	for t := 0; t < len(tuples); t += k {
		tuple := tuples[t : t+k]
		for i, d := range tuple {
			cell := cg.Cells[i]
			if v := f.value[cell]; v != 0 && v != d || v == 0 && f.cand[cell]&grid.Bit(int(d)) == 0 {
				continue next
			}
		}
		possible = true
		for i, d := range tuple {
			support[i] |= grid.Bit(int(d))
		}
	}
	if !possible {
		return false
	}
	for i, cell := range cg.Cells {
		if f.value[cell] != 0 {
			continue
		}
		if gone := f.cand[cell] &^ support[i]; gone != 0 {
			if !g.remove(f, cell, gone) {
				return false
			}
			*changed = true
		}
	}
	return true
}

// cageTables holds, for every cage of a layout, the sets of distinct
// digits that meet its target (combos), or else the tuples of digits that
// fill its cells in order (tuples, the cage's cell count a tuple): KenKen
// cages, whose digits may repeat and whose operator may be − × ÷. A cage
// with neither (too many sets or tuples) is checked by its bounds.
type cageTables struct {
	l      *grid.Layout
	combos [][]grid.Digits
	tuples [][]uint8
}

// load builds the tables of l, unless they are already l's.
func (t *cageTables) load(l *grid.Layout) {
	if t.l == l {
		return
	}
	t.l = l
	t.combos, t.tuples = t.combos[:0], t.tuples[:0]
	for k := range l.Cages() {
		cg := l.Cage(k)
		combos := cageCombos(l, cg)
		var tuples []uint8
		if combos == nil {
			tuples = cageTuples(l, cg)
		}
		t.combos, t.tuples = append(t.combos, combos), append(t.tuples, tuples)
	}
}

package strategy

import (
	"math/bits"
	"sync/atomic"

	"github.com/sudokuwise/solver/engine/grid"
)

// applyDistinct notes a contradiction when partial unit u (the white
// cells of a Str8ts row or column, or of a box of Str8ts B) has fewer
// digits left between its cells than cells: they must all differ. The
// board's Check says the same of a board; a net needs it where the digits
// a line or box can still take run out before any one cell's do.
func (f *forcing) applyDistinct(im *implications, u int) {
	cells := f.l.Unit(u).Cells
	var seen grid.Digits
	for _, c := range cells {
		if v := f.b.Value(c); v != 0 {
			seen |= grid.Bit(int(v))
		} else {
			seen |= im.alive[c]
		}
	}
	f.work += len(cells)
	if seen.Count() < len(cells) {
		im.bad, im.badAt = badRule, int32(len(f.l.Cages())+u)
	}
}

// ruleNodeKind reports whether rule r (see predRule) is drawn as a node
// of its own: a cage, a sum group or a compartment is, a partial unit
// without digits enough for its cells is not (the step names it in Units
// and Conflict).
func (f *forcing) ruleNodeKind(r int) bool {
	return r < len(f.l.Cages()) || f.isSum(r) || f.l.Unit(r-len(f.l.Cages())).Kind == grid.Compartment
}

// netCompartmentAfresh, set by tests, makes the nets judge every window
// of a compartment and set everything its rule implies at each call, as
// they did before they kept im.comp; netCompartmentFollowed counts, when
// tests set netCompartmentCount, the calls that went on from what the
// closure had found.
var (
	netCompartmentAfresh, netCompartmentCount bool
	netCompartmentFollowed                    atomic.Int64
)

// compState is what the rule of a compartment found when a closure last
// followed it: the windows open to it, the digits they allow and those
// every one holds (less those placed).
type compState struct {
	gen                    uint32
	windows, allowed, sure grid.Digits
}

// compartmentOutside lists, by unit of l, the cells of a compartment's
// row or column outside it, in order along the line (nil for another
// unit): the places a digit the compartment must hold leaves.
func compartmentOutside(l *grid.Layout) [][]int {
	out := make([][]int, len(l.Units()))
	n := l.N
	for u := range l.Units() {
		unit := l.Unit(u)
		if unit.Kind != grid.Compartment {
			continue
		}
		cells := unit.Cells
		across := cells[0]/n == cells[1]/n
		first, last := cells[0]/n, cells[len(cells)-1]/n // the run along the line
		if across {
			first, last = cells[0]%n, cells[len(cells)-1]%n
		}
		for i := 0; i < n; i++ {
			c := i*n + cells[0]%n
			if across {
				c = cells[0]/n*n + i
			}
			if i < first || i > last {
				out[u] = append(out[u], c)
			}
		}
	}
	return out
}

// boardWindows notes, by unit, the windows open to each compartment on
// the board and the digits placed in it: where every closure starts.
func (f *forcing) boardWindows() {
	units := len(f.l.Units())
	if len(f.compWin) != units {
		f.compWin = make([]grid.Digits, units)
		f.compPlaced = make([]grid.Digits, units)
	}
	for u := range f.compOut {
		if f.l.Unit(u).Kind != grid.Compartment {
			continue
		}
		cells := f.l.Unit(u).Cells
		f.compWin[u] = f.b.StraightWindows(cells, nil)
		var placed grid.Digits
		for _, c := range cells {
			if v := f.b.Value(c); v != 0 {
				placed |= grid.Bit(int(v))
			}
		}
		f.compPlaced[u] = placed
	}
}

// applyCompartment makes false the candidates of compartment u outside
// every straight still open to it, and true a digit every open straight
// holds with one place left in it; a compartment with no straight left is
// a contradiction. It follows the digit di+1 leaving one of u's cells.
//
// A closure calls it each time a cell of u loses a candidate, so it
// knows the windows open just before: those from the board, or those it
// found last in this closure (im.comp). Only the windows holding di+1 can
// close, and it judges only those again. When it followed u earlier in
// the closure, what that call made false or true stays so and candidates
// only leave: it sets again only what can be new, the digits that have
// become sure and di+1's place, in the same order, so it implies exactly
// what judging everything afresh would.
func (f *forcing) applyCompartment(im *implications, u, di int, next int32) {
	l := f.l
	cells := l.Unit(u).Cells
	k := len(cells)
	rule := predRule - int32(len(l.Cages())+u)
	if len(im.comp) < len(l.Units()) {
		im.comp = append(im.comp, make([]compState, len(l.Units())-len(im.comp))...)
	}
	st := &im.comp[u]
	fresh := st.gen != im.gen || netCompartmentAfresh
	prev := st.windows
	if fresh {
		prev = f.compWin[u]
	}
	holding := prev & grid.Straight(di+2-k, k) // the windows lo..lo+k-1 holding di+1
	windows := prev&^holding | f.b.StraightWindowsAmong(cells, im.alive, holding)
	if netCompartmentAfresh {
		windows = f.b.StraightWindows(cells, im.alive)
	} else if !fresh && netCompartmentCount {
		netCompartmentFollowed.Add(1)
	}
	f.work += k
	if windows == 0 {
		st.gen = 0
		im.bad, im.badAt = badRule, int32(len(l.Cages())+u)
		return
	}
	allowed, sure := st.allowed, st.sure
	if fresh || windows != prev {
		allowed, sure = grid.StraightSpan(windows, k)
		sure &^= f.compPlaced[u]
	}
	newSure, single := sure, sure
	if !fresh {
		newSure = sure &^ st.sure
		single = newSure | sure&grid.Bit(di+1)
	}
	if fresh || allowed != st.allowed {
		for _, c := range cells {
			for ds := im.alive[c] &^ allowed; ds != 0; ds &= ds - 1 {
				im.set(f.cand(c, bits.TrailingZeros32(uint32(ds)))<<1, rule, next)
			}
		}
	}
	*st = compState{gen: im.gen, windows: windows, allowed: allowed, sure: sure}
	// A sure digit of the compartment is in it, so not elsewhere in its
	// row or column (a compartment has two or more cells of one line).
	out := f.compOut[u]
	for ds := newSure; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		for _, c := range out {
			if im.alive[c].Has(d) {
				im.set(f.cand(c, d-1)<<1, rule, next)
			}
		}
	}
	for ; single != 0; single &= single - 1 {
		d := single.Min()
		place := -1
		for _, c := range cells {
			if im.alive[c].Has(d) {
				if place >= 0 {
					place = -2
					break
				}
				place = c
			}
		}
		if place >= 0 {
			im.set(f.cand(place, d-1)<<1|1, rule, next)
		}
	}
}

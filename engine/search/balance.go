package search

import (
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// balanceLine is a row, a column or a box of a Str8ts board as the digit
// balance reads it (see generic.balance): all its cells, black ones
// included (a black clue's digit is in the line), its compartments, and
// whether its cells are all white (then it holds every digit).
type balanceLine struct {
	cells []int32
	comps []int32 // indexes into Layout.Units
	full  bool
}

// balanceLines returns the rows, then the columns, then the boxes of a
// Str8ts B board, of Str8ts layout l, with their compartments, or nil on
// other layouts and when opts turns the balance off. Each of the three
// holds every cell once: they are the sides of the balance.
func balanceLines(l *grid.Layout, opts Options) []balanceLine {
	if !l.Variant.IsStr8ts() || opts.NoBalance {
		return nil
	}
	n := l.N
	sides := 2
	if l.Regions() != nil {
		sides = 3
	}
	lines := make([]balanceLine, sides*n)
	for i := range n {
		for j := range n {
			lines[i].cells = append(lines[i].cells, int32(i*n+j))
			lines[n+i].cells = append(lines[n+i].cells, int32(j*n+i))
		}
	}
	if sides == 3 {
		for cell := range l.Cells {
			k := 2*n + l.Region(cell)
			lines[k].cells = append(lines[k].cells, int32(cell))
		}
	}
	for _, u := range l.Compartments() {
		cells := l.Unit(u).Cells
		first, last := cells[0], cells[len(cells)-1]
		k := n + first%n // a column
		if first/n == last/n {
			k = first / n // a row
		}
		lines[k].comps = append(lines[k].comps, int32(u))
	}
	for k := range lines {
		lines[k].full = !slices.ContainsFunc(lines[k].cells, func(c int32) bool { return l.IsBlack(int(c)) })
	}
	return lines
}

// balance applies the digit balance of a Str8ts board: each cell is in
// one row and one column (and one box on a Str8ts B), and a line holds a
// digit at most once, so a digit is in as many rows as columns (and
// boxes). A line must hold the digits placed in it (black clues
// included), the sure digits of its compartments (those of every window
// still open to them), and every digit when its cells are all white; it
// may hold those and its empty white cells' candidates. When the lines of
// one side (the rows, say) that must hold digit d number as many as
// another side allows, d is in no other line of that side; when those
// that may hold it number as many as another side needs, each of them
// holds it (it goes in a cell when one alone can take it), and a line
// whose empty cells must take as many digits as they are takes no
// others. It reports whether it changed candidates, and false on a
// contradiction.
//
// The rule is what a search without it lacks on open boards: a choice
// that leaves a line short of a digit which the other direction needs
// fails only when the board is filled, and counting it out cell by cell
// took longer than any deadline. One Str8ts with a single black cell
// (r1c3) and no clues, counted to two solutions, ran past 30 s; Str8ts
// with one to sixteen random black cells and no clues, a fifth of them
// (see docs/search.md).
func (g *generic) balance(f *frame) (changed, ok bool) {
	lines := g.m.balance
	n := g.l.N
	sides := len(lines) / n
	all := grid.AllDigits(n)
	var must, may, forced [3 * grid.MaxSize]grid.Digits
	var empty [3 * grid.MaxSize]int
	// mustT[s] and mayT[s] count, for each digit, the lines of side s that
	// must and may hold it.
	var mustT, mayT [3]tally
	var undecided grid.Digits // digits some line may hold but need not
	for k := range lines {
		ln := &lines[k]
		var placed, open grid.Digits
		for _, cell := range ln.cells {
			if v := f.value[cell]; v != 0 {
				placed |= grid.Bit(int(v))
			} else if c := f.cand[cell]; c != 0 {
				open |= c
				empty[k]++
			}
		}
		sure := placed
		if ln.full {
			sure = all
		}
		for _, u := range ln.comps {
			// Current: a compartment's constraint runs again on any
			// change of its cells, and the balance runs when none is
			// queued.
			sure |= f.sure[u]
		}
		must[k], may[k], forced[k] = sure, placed|open, sure&^placed
		mustT[k/n].add(sure)
		mayT[k/n].add(placed | open)
		undecided |= open &^ sure
	}
	// A digit every line must hold or cannot is decided: it only needs
	// as many lines on each side.
	var uneven grid.Digits
	for s := 1; s < sides; s++ {
		for i := range mustT[0] {
			uneven |= mustT[0][i] ^ mustT[s][i]
		}
	}
	if uneven&^undecided != 0 {
		return false, false
	}
	for m := undecided; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(uint32(m)) & 31
		var mustN, mayN [3]int
		lo, hi := 0, n
		for s := range sides {
			mustN[s], mayN[s] = mustT[s].count(d), mayT[s].count(d)
			lo, hi = max(lo, mustN[s]), min(hi, mayN[s])
		}
		if lo > hi {
			return changed, false
		}
		bit := grid.Digits(1) << d
		for side := range sides {
			switch {
			case mustN[side] == mayN[side]:
				continue // nothing open on this side
			case mustN[side] == hi:
				// The lines that may but need not hold d do not.
				for k := side * n; k < (side+1)*n; k++ {
					if may[k]&^must[k]&bit == 0 {
						continue
					}
					for _, cell := range lines[k].cells {
						if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
							if !g.remove(f, int(cell), bit) {
								return changed, false
							}
							changed = true
						}
					}
				}
			case mayN[side] == lo:
				// The lines that may hold d must: where one cell alone
				// can take it, it goes there.
				for k := side * n; k < (side+1)*n; k++ {
					if may[k]&^must[k]&bit == 0 {
						continue
					}
					forced[k] |= bit
					at, places := -1, 0
					for _, cell := range lines[k].cells {
						if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
							at, places = int(cell), places+1
						}
					}
					if places == 1 && f.cand[at] != bit {
						if !g.remove(f, at, f.cand[at]&^bit) {
							return changed, false
						}
						changed = true
					}
				}
			}
		}
	}
	// A line whose empty cells must take as many digits as they are
	// takes no others.
	for k := range lines {
		switch c := popcount(forced[k]); {
		case c > empty[k]:
			return changed, false
		case c == empty[k] && may[k]&^forced[k]&^must[k] != 0:
			for _, cell := range lines[k].cells {
				if gone := f.cand[cell] &^ forced[k]; f.value[cell] == 0 && gone != 0 {
					if !g.remove(f, int(cell), gone) {
						return changed, false
					}
					changed = true
				}
			}
		}
	}
	return changed, true
}

// tally counts, for each digit, the sets added that hold it, in bit
// slices: bit d of slice i is bit i of digit d's count.
type tally [6]grid.Digits // counts up to 63, past grid.MaxSize

// add counts the digits of x.
func (t *tally) add(x grid.Digits) {
	for i := range t {
		if x == 0 {
			return
		}
		t[i], x = t[i]^x, t[i]&x
	}
}

// count returns the count of digit d+1 (bit d).
func (t *tally) count(d int) int {
	n := 0
	for i := range t {
		n |= int(t[i]>>d&1) << i
	}
	return n
}

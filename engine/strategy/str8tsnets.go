package strategy

import "github.com/sudokuwise/solver/engine/grid"

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

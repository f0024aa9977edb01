package strategy

import "github.com/sudokuwise/solver/engine/grid"

// The Str8ts trials follow rules that are monotone: a board with fewer
// candidates lets each rule remove at least as much, and a cell, a
// compartment or a unit run out on it at least as soon. So the simple
// rules of a trial, followed from a board b to their end, reach one board
// whatever their order: the largest one below b (with the premise) that
// none of them changes, or a contradiction. If a trial from b ended
// unbroken at a board W, the same trial from a board b2 below b and
// above W ends at W too (the board it reaches is below W's, as b2 is below
// b, and above it, as W is below b2 and no rule changes W): it need not be
// followed again, and a phase that went on deterministically from W goes
// the same way again. A trial from b that ran out runs out from b2 as
// well, though perhaps at another place.
//
// trialMemo keeps these outcomes between searches on one layout: for each
// candidate Pattern Trial tried, and for each straight of each
// compartment Compartment Trial tried, the board it started from and
// where it ended. A search on the next board of a solve (which has only
// lost candidates) takes the outcome of each trial whose end still lies
// below the board, and follows the others again: it finds the same steps.

// boardWithin reports whether every cell of x can hold no digit y's cell
// cannot: a placed digit counts as the one candidate of its cell, and the
// two boards have the same clues.
func boardWithin(x, y *grid.Board) bool {
	for c := range x.Layout().Cells {
		xv, yv := x.Value(c), y.Value(c)
		switch {
		case x.Given(c) != y.Given(c):
			return false
		case yv != 0:
			if xv != yv {
				return false
			}
		case xv != 0:
			if !y.Cands(c).Has(int(xv)) {
				return false
			}
		case x.Cands(c)&^y.Cands(c) != 0:
			return false
		}
	}
	return true
}

// memoBase is the board a search of a trial memo ran on, shared by the
// outcomes it recorded, and whether the board of the current search lies
// within it (checked once a search).
type memoBase struct {
	board   *grid.Board
	checked int // the search that last checked it
	within  bool
}

// trialOutcome is what a memo keeps of one trial: the board of the search
// that followed it, where the simple rules left it (the end a later
// search checks), and how far it went.
type trialOutcome struct {
	base  *memoBase
	start *grid.Board // the simple rules' end; nil when none is kept
	// Pattern Trial: the phases followed without a contradiction, the
	// board the last one left and the patterns applied.
	phases int
	state  *grid.Board
	used   uint32
	// Compartment Trial: whether the straight ran out.
	broken bool
}

// trialMemoSet is the state trial memos share for a layout: the search
// count and the bases of the searches.
type trialMemoSet struct {
	l        *grid.Layout
	searches int
	base     *memoBase // the current search's, made when it first records
	board    *grid.Board
	last     *memoBase // the base of the last search that recorded
}

// begin starts a search on board b, forgetting everything recorded on
// another layout (reset then clears the memo's own outcomes); it reports
// whether the layout changed.
func (ms *trialMemoSet) begin(b *grid.Board) (reset bool) {
	ms.searches++
	ms.base, ms.board = nil, b
	if ms.l != b.Layout() {
		ms.l, ms.last = b.Layout(), nil
		return true
	}
	return false
}

// currentBase returns the base of the current search, cloning its board
// the first time an outcome is recorded.
func (ms *trialMemoSet) currentBase() *memoBase {
	if ms.base == nil {
		ms.base = &memoBase{board: ms.board.Clone(), checked: ms.searches, within: true}
		ms.last = ms.base
	}
	return ms.base
}

// holds reports whether outcome o was recorded on a board the current
// search's board lies within, and so whether what it says of a trial's
// end bounds the trial on the current board.
func (ms *trialMemoSet) holds(o *trialOutcome) bool {
	if o.base == nil {
		return false
	}
	if o.base.checked != ms.searches {
		o.base.checked = ms.searches
		o.base.within = boardWithin(ms.board, o.base.board)
	}
	return o.base.within
}

// keep records in o that the trial ended unbroken at w in the current
// search; first tells whether w is the simple rules' end.
func (ms *trialMemoSet) keep(o *trialOutcome, w *grid.Board, first bool) {
	o.base = ms.currentBase()
	if first {
		o.start = copyBoard(o.start, w)
	}
}

// copyBoard makes dst a copy of src, reusing dst when there is one.
func copyBoard(dst, src *grid.Board) *grid.Board {
	if dst == nil {
		return src.Clone()
	}
	dst.CopyFrom(src)
	return dst
}

// meetBoard removes from w every candidate x does not allow (a digit
// placed in x goes in on w), and reports false when a cell of w is left
// with nothing: a digit placed differently, or one x does not allow.
func meetBoard(w, x *grid.Board) bool {
	for c := range w.Layout().Cells {
		xv, wv := x.Value(c), w.Value(c)
		switch {
		case wv != 0:
			if xv != 0 && xv != wv || xv == 0 && !x.Cands(c).Has(int(wv)) {
				return false
			}
		case xv != 0:
			if !w.Cands(c).Has(int(xv)) {
				return false
			}
			w.Place(c, int(xv))
		default:
			w.Restrict(c, x.Cands(c))
		}
	}
	return true
}

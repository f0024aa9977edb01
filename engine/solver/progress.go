package solver

import (
	"context"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// wrongProgress returns, for a board start without a solution that holds
// progress (digits entered that are not clues, or candidates narrowed
// beyond what the digits on the board rule out), the cells whose progress
// every solution of the clues alone contradicts: an entry that is not
// the solutions' digit (with the digit), or candidates that lack it where
// no digit on the board rules it out (with digit 0). It returns nil when
// start holds no progress, when the clues alone have no solution (the
// puzzle itself is at fault), and when the count of the clues' solutions
// ends early (ctx, maxNodes): the answer is a diagnosis, not the solve's.
func wrongProgress(ctx context.Context, start *grid.Board, maxNodes int64) []strategy.CellDigit {
	if !hasProgress(start) {
		return nil
	}
	searcher := search.Searcher{MaxNodes: maxNodes}
	res, err := searcher.Count(ctx, start.CluesOnly(), 2)
	if err != nil || len(res.Solutions) == 0 {
		return nil
	}
	var wrong []strategy.CellDigit
	for cell := range start.Layout().Cells {
		if start.Given(cell) {
			continue
		}
		contradicts := true
		for _, sol := range res.Solutions {
			d := sol[cell]
			v := start.Value(cell)
			// A candidate ruled out by a digit on the board is that
			// digit's fault, not the candidates'.
			if v != 0 && v == d || v == 0 && (d == 0 || start.Cands(cell).Has(int(d)) || peerHolds(start, cell, d)) {
				contradicts = false
				break
			}
		}
		if contradicts {
			wrong = append(wrong, strategy.CellDigit{Cell: cell, Digit: int(start.Value(cell))})
		}
	}
	return wrong
}

// peerHolds reports whether a peer of cell holds digit d.
func peerHolds(b *grid.Board, cell int, d uint8) bool {
	for _, p := range b.Layout().Peers(cell) {
		if b.Value(p) == d {
			return true
		}
	}
	return false
}

// hasProgress reports whether b holds digits that are not clues, or an
// empty cell whose candidates lack a digit no digit of its peers rules
// out.
func hasProgress(b *grid.Board) bool {
	if b.Entered() {
		return true
	}
	l := b.Layout()
	full := grid.Digits(1)<<l.N - 1
	for cell := range l.Cells {
		if b.Value(cell) != 0 || l.IsBlack(cell) {
			continue
		}
		seen := grid.Digits(0)
		for _, p := range l.Peers(cell) {
			if v := b.Value(p); v != 0 {
				seen |= grid.Bit(int(v))
			}
		}
		if full&^seen&^b.Cands(cell) != 0 {
			return true
		}
	}
	return false
}

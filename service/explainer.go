package service

import (
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/serate"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// explainerRating rates the puzzle of start, the board as given, as Sudoku
// Explainer does, from its digits (pencil marks play no part, as in SE).
// res is the solve of the same board: SE rates only a puzzle with one
// solution.
func explainerRating(start *grid.Board, res *solver.Result) *sudokuv1.ExplainerRating {
	l := start.Layout()
	if l.N != 9 || l.Variant != grid.Classic || l.BoxRows != 3 || l.BoxCols != 3 {
		return &sudokuv1.ExplainerRating{Reason: "Sudoku Explainer rates classic 9×9 puzzles only"}
	}
	if reason := uniquenessReason(res); reason != "" {
		return &sudokuv1.ExplainerRating{Reason: "Sudoku Explainer rates puzzles with exactly one solution only; " + reason}
	}
	var text [81]byte
	for cell := range text {
		text[cell] = '0' + start.Value(cell)
	}
	r, err := serate.Rate(string(text[:]))
	switch {
	case err != nil:
		// ErrBeyond, for one: a step beyond the techniques reproduced.
		return &sudokuv1.ExplainerRating{Reason: strings.TrimPrefix(err.Error(), "serate: ")}
	}
	return &sudokuv1.ExplainerRating{Rated: true, Er: tenths(r.ER), Ep: tenths(r.EP), Ed: tenths(r.ED)}
}

// uniquenessReason says why the solve res does not show its puzzle to have
// exactly one solution, or returns "" when it does: a count that ended
// found none or several, which counting again cannot change; a count cut
// short (or not made) leaves uniqueness unproved.
func uniquenessReason(res *solver.Result) string {
	switch {
	case res.Count == 1 && res.CountComplete:
		return ""
	case res.Count == 0 && res.CountComplete:
		return "this one has none"
	case res.Count > 1:
		return "this one has more than one"
	}
	return "count the solutions (check_multiple)"
}

// tenths converts a rating in tenths to SE's decimal number.
func tenths(t serate.Tenths) float64 { return float64(t) / 10 }

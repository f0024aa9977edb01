package main

import (
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestDifficultyTextSE: the rating shows the service's SE-style figures
// after HoDoKu's score, labelled as its own (a publisher took "SE ER 5.2"
// for Sudoku Explainer's, which rated the puzzle 6.4), and leaves them out
// when the server sends none.
func TestDifficultyTextSE(t *testing.T) {
	d := &sudokuv1.Difficulty{
		Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNFAIR, Stars: 4, Score: 1706, HardestStrategy: "AIC",
		SeRating: 7.2, SePearl: 1.2, SeDiamond: 1.2,
	}
	if got, want := difficultyText(d), "Unfair (4 stars, score 1706, SE-style ER 7.2 EP 1.2 ED 1.2, hardest: AIC)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	d.SeRating, d.SePearl, d.SeDiamond = 0, 0, 0
	if got, want := difficultyText(d), "Unfair (4 stars, score 1706, hardest: AIC)"; got != want {
		t.Errorf("without SE: got %q, want %q", got, want)
	}
	stuck := &sudokuv1.Difficulty{Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME, Stars: 5, SeRating: 9.5, SePearl: 9.5, SeDiamond: 9.5}
	if got, want := difficultyText(stuck), "Extreme (5 stars, score 0, SE-style ER 9.5 EP 9.5 ED 9.5, hardest: none)"; got != want {
		t.Errorf("stuck before a step: got %q, want %q", got, want)
	}
}

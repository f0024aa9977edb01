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
	if got, want := difficultyText(d, false), "Unfair (4 stars, score 1706, SE-style ER 7.2 EP 1.2 ED 1.2, hardest: AIC)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	d.SeRating, d.SePearl, d.SeDiamond = 0, 0, 0
	if got, want := difficultyText(d, false), "Unfair (4 stars, score 1706, hardest: AIC)"; got != want {
		t.Errorf("without SE: got %q, want %q", got, want)
	}
}

// TestDifficultyTextStuck: a solve that logic left stuck grades Extreme
// for that, whatever its steps: its text says so and names the hardest
// step found, not as the puzzle's hardest ("Extreme (..., hardest: Hidden
// Single)" read as a contradiction).
func TestDifficultyTextStuck(t *testing.T) {
	extreme := sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME
	tests := []struct {
		name  string
		d     *sudokuv1.Difficulty
		stuck bool
		want  string
	}{
		{"stuck after steps", &sudokuv1.Difficulty{Level: extreme, Stars: 5, Score: 4, HardestStrategy: "Hidden Single", SeRating: 9.5, SePearl: 2.3, SeDiamond: 2.3}, true,
			"Extreme as logic got stuck (5 stars, score 4, SE-style ER 9.5 EP 2.3 ED 2.3, hardest step found: Hidden Single)"},
		{"stuck before a step", &sudokuv1.Difficulty{Level: extreme, Stars: 5, SeRating: 9.5, SePearl: 9.5, SeDiamond: 9.5}, true,
			"Extreme as logic got stuck (5 stars, score 0, SE-style ER 9.5 EP 9.5 ED 9.5, no step found)"},
		{"not stuck", &sudokuv1.Difficulty{Level: extreme, Stars: 5, Score: 900, HardestStrategy: "Guessing"}, false,
			"Extreme (5 stars, score 900, hardest: Guessing)"},
		{"not stuck, no step", &sudokuv1.Difficulty{Level: extreme, Stars: 5}, false,
			"Extreme (5 stars, score 0, hardest: none)"},
		{"a generated puzzle's grade, stuck", &sudokuv1.Difficulty{Level: extreme, Stars: 5, SeRating: 9.5, SePearl: 9.5, SeDiamond: 9.5, LogicStuck: true}, false,
			"Extreme as logic got stuck (5 stars, score 0, SE-style ER 9.5 EP 9.5 ED 9.5, no step found)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := difficultyText(tt.d, tt.stuck); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

package service

import (
	"context"
	"testing"

	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestRateSERating: Rate and Solve give the Sudoku Explainer ratings
// beside HoDoKu's level: ER the hardest step's, EP up to the first
// placement, ED the first step's (ER ≥ EP ≥ ED); a solve that logic
// leaves unfinished rates at least SE's nested forcing chains, 9.5.
func TestRateSERating(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name   string
		puzzle string
		opts   *sudokuv1.SolveOptions
		min    float64
		max    float64
	}{
		{"singles only", seedEasy, nil, 2.3, 2.3},
		{"elimination logic", seedHard, nil, 2.6, 4.0},
		{"logic only gets stuck", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
			&sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY}, 9.5, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rate, err := client.Rate(context.Background(), &sudokuv1.RateRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.opts})
			if err != nil {
				t.Fatal(err)
			}
			d := rate.GetDifficulty()
			er, ep, ed := d.GetSeRating(), d.GetSePearl(), d.GetSeDiamond()
			if er < tt.min || er > tt.max {
				t.Errorf("SE rating %v, want %v to %v (%v)", er, tt.min, tt.max, d)
			}
			if !(er >= ep && ep >= ed && ed >= 1) {
				t.Errorf("SE ER %v, EP %v, ED %v: want ER ≥ EP ≥ ED ≥ 1.0", er, ep, ed)
			}
			solve, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.opts})
			if err != nil {
				t.Fatal(err)
			}
			if got := solve.GetResult().GetDifficulty(); !proto.Equal(got, d) {
				t.Errorf("Solve's difficulty %v, Rate's %v", got, d)
			}
		})
	}
}

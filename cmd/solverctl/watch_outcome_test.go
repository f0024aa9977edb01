package main

import (
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestWatchOutcome: the result line of watch says what solve prints
// beside the status: why a board has no solution, and that logic ran out
// of its share of the deadline.
func TestWatchOutcome(t *testing.T) {
	why := "3 has no place left in row 1"
	tests := []struct {
		name     string
		result   *sudokuv1.SolveResult
		want     []string
		dontWant []string
	}{
		{
			name:     "solved",
			result:   &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, StepCount: 3},
			want:     []string{"result: solved after 3 steps, 0 guesses"},
			dontWant: []string{"why:", "cut short"},
		},
		{
			name: "no solution",
			result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION, StepCount: 7,
				Conflict: &sudokuv1.Conflict{Description: why}},
			want:     []string{"result: no solution after 7 steps", "why: " + why},
			dontWant: []string{"cut short"},
		},
		{
			name:     "logic cut short",
			result:   &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, StepCount: 9, GuessCount: 2, LogicShareSpent: true},
			want:     []string{"result: solved after 9 steps, 2 guesses", "cut short: logic ran out of its half of -timeout"},
			dontWant: []string{"why:"},
		},
		{
			name:   "one step, one guess",
			result: &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, StepCount: 1, GuessCount: 1},
			want:   []string{"result: solved after 1 step, 1 guess"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&watchModel{result: tt.result}).outcome()
			for _, s := range tt.want {
				if !strings.Contains(got, s) {
					t.Errorf("outcome %q lacks %q", got, s)
				}
			}
			for _, s := range tt.dontWant {
				if strings.Contains(got, s) {
					t.Errorf("outcome %q has %q", got, s)
				}
			}
		})
	}
}

package service

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestNoSolutionConflict checks that a puzzle without a solution says why:
// the contradiction the solve ended on, with the cells at fault, in the
// result of Solve and of SolveSteps alike.
func TestNoSolutionConflict(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name, puzzle string
		want         string   // the description
		cells        []uint32 // the cells at fault
		unit         string   // the unit's name, if any
	}{
		{
			name:   "cell without candidates",
			puzzle: ".12345678" + "9........" + strings.Repeat(".", 63), // r1c1: 1-8 in its row, 9 in its column
			want:   "r1c1 has no candidates left",
			cells:  []uint32{0},
		},
		{
			name: "digit without a place",
			// r1c8 and r1c9 both hold 8 only: 9 is in their columns, so
			// row 1 has no place for it.
			puzzle: "1234567.." + strings.Repeat(".", 18) + ".......9." + strings.Repeat(".", 18) + "........9" + strings.Repeat(".", 18),
			want:   "9 has no place left in row 1",
			cells:  []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8},
			unit:   "row 1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(tt.puzzle)})
			if err != nil {
				t.Fatal(err)
			}
			check := func(via string, r *sudokuv1.SolveResult) {
				t.Helper()
				c := r.GetConflict()
				if r.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION || c.GetDescription() != tt.want ||
					!slices.Equal(c.GetCells(), tt.cells) || c.GetUnit().GetName() != tt.unit {
					t.Errorf("%s: status %v, conflict %v; want no solution, %q at %v in %q", via, r.GetStatus(), c, tt.want, tt.cells, tt.unit)
				}
			}
			check("Solve", resp.GetResult())

			stream, err := client.SolveSteps(context.Background(), &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(tt.puzzle)})
			if err != nil {
				t.Fatal(err)
			}
			for {
				msg, err := stream.Recv()
				if err == io.EOF {
					t.Fatal("SolveSteps sent no result")
				}
				if err != nil {
					t.Fatal(err)
				}
				if r := msg.GetResult(); r != nil {
					check("SolveSteps", r)
					return
				}
			}
		})
	}

	// A solved puzzle has no conflict.
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard)})
	if err != nil {
		t.Fatal(err)
	}
	if c := resp.GetResult().GetConflict(); c != nil {
		t.Errorf("a solved puzzle reports the conflict %v", c)
	}
}

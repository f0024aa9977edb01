package service

import (
	"context"
	"fmt"
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

	// A board whose progress contradicts its clues' solution names the
	// cells at fault: seedHard with r1c1 entered wrong.
	board := &sudokuv1.Board{Size: 9}
	for i := range 81 {
		c := &sudokuv1.Cell{}
		if d := seedHard[i]; d >= '1' && d <= '9' {
			c.Value, c.Given = uint32(d-'0'), true
		}
		board.Cells = append(board.Cells, c)
	}
	sol, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard)})
	if err != nil {
		t.Fatal(err)
	}
	open := strings.IndexAny(seedHard, ".0")
	right := sol.GetResult().GetPlain()[open] - '0'
	board.Cells[open].Value = uint32(right%9 + 1)
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: board}}})
	if err != nil {
		t.Fatal(err)
	}
	c := resp.GetResult().GetConflict()
	want := fmt.Sprintf("the clues have a solution, which the progress at r%dc%d (%d entered) contradicts", open/9+1, open%9+1, right%9+1)
	if resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION || c.GetDescription() != want || !slices.Equal(c.GetCells(), []uint32{uint32(open)}) {
		t.Errorf("wrong entry: status %v, conflict %v; want no solution, %q at [%d]", resp.GetResult().GetStatus(), c, want, open)
	}

	// A solved puzzle has no conflict.
	if c := sol.GetResult().GetConflict(); c != nil {
		t.Errorf("a solved puzzle reports the conflict %v", c)
	}
}

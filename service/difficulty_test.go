package service

import (
	"context"
	"io"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// noSolutionAfterSteps is seedEasy with r2c2 7 made 2: singles fill three
// cells before 2 has no place left in row 3.
const noSolutionAfterSteps = "000000000020040010301506408000000000060010040105709803000000000030070020204805709"

// TestDifficultyByStatus checks which results carry a difficulty, in the
// answers of Solve, SolveSteps, SolveBatch and Rate alike: a puzzle
// without a solution has none, whatever steps the solve took before its
// contradiction; a solve that reached a board, a solution or the state
// logic got stuck in, is rated.
func TestDifficultyByStatus(t *testing.T) {
	client := newClient(t, Config{})
	logicOnly := &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, Strategies: []string{"A", "B", "D", "E", "F", "G"}}
	tests := []struct {
		name    string
		puzzle  string
		options *sudokuv1.SolveOptions
		status  sudokuv1.SolveStatus
		rated   bool
	}{
		{"solved", seedEasy, nil, sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, true},
		{"no solution after steps", noSolutionAfterSteps, nil, sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION, false},
		{"no solution at once", ".12345678" + "9........" + "...............................................................", nil, sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION, false},
		{"multiple solutions", "0000000000000000", nil, sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS, true},
		{"stuck", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", logicOnly, sudokuv1.SolveStatus_SOLVE_STATUS_STUCK, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			check := func(via string, status sudokuv1.SolveStatus, steps uint32, d *sudokuv1.Difficulty) {
				t.Helper()
				if status != tt.status {
					t.Fatalf("%s: status %v, want %v", via, status, tt.status)
				}
				if rated := d != nil; rated != tt.rated {
					t.Errorf("%s: difficulty %v after %d steps; want rated %v", via, d, steps, tt.rated)
				}
			}

			resp, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.options})
			if err != nil {
				t.Fatal(err)
			}
			r := resp.GetResult()
			if tt.name == "no solution after steps" && r.GetStepCount() == 0 {
				t.Fatal("the solve took no step before its contradiction: the case tests nothing")
			}
			check("Solve", r.GetStatus(), r.GetStepCount(), r.GetDifficulty())

			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.options})
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
					check("SolveSteps", r.GetStatus(), r.GetStepCount(), r.GetDifficulty())
					break
				}
			}

			batch, err := openBatch(ctx, client)
			if err != nil {
				t.Fatal(err)
			}
			if err := batch.Send(&sudokuv1.BatchItem{Id: "1", Puzzle: textPuzzle(tt.puzzle), Options: tt.options}); err != nil {
				t.Fatal(err)
			}
			if err := batch.CloseSend(); err != nil {
				t.Fatal(err)
			}
			a := batch.answers(t)["1"]
			if a.GetResult() == nil {
				t.Fatalf("SolveBatch answered %v, want a result", a)
			}
			check("SolveBatch", a.GetResult().GetStatus(), a.GetResult().GetStepCount(), a.GetResult().GetDifficulty())

			rate, err := client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.options})
			if err != nil {
				t.Fatal(err)
			}
			check("Rate", rate.GetStatus(), 0, rate.GetDifficulty())
		})
	}
}

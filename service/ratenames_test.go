package service

import (
	"context"
	"maps"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestRateCountsStepsSolved: Rate counts the steps by name without their
// drawing (solver.Options.NamesOnly), taking some of a batch's later
// steps as found, and must count what a solve that draws every step
// takes, and rate it the same, on killers whose batches have such steps
// (tarek 16 names some of them Cage Contradiction once redrawn).
func TestRateCountsStepsSolved(t *testing.T) {
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	for _, line := range []int{16, 21} {
		puzzle := textPuzzle(nthLine(t, "killer9-tarek.txt", line))
		rate, err := client.Rate(context.Background(), &sudokuv1.RateRequest{Puzzle: puzzle})
		if err != nil {
			t.Fatal(err)
		}
		steps, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: puzzle})
		counts := map[string]uint32{}
		for _, st := range steps {
			if st.GetKind() != sudokuv1.StepKind_STEP_KIND_BACKTRACK {
				counts[st.GetStrategy()]++
			}
		}
		if !maps.Equal(rate.GetStrategyCounts(), counts) {
			t.Errorf("tarek %d: Rate counts %v, the steps solved %v", line, rate.GetStrategyCounts(), counts)
		}
		if got, want := rate.GetDifficulty(), result.GetDifficulty(); !proto.Equal(got, want) {
			t.Errorf("tarek %d: Rate's difficulty %v, SolveSteps's %v", line, got, want)
		}
		if rate.GetStatus() != result.GetStatus() {
			t.Errorf("tarek %d: Rate's status %v, SolveSteps's %v", line, rate.GetStatus(), result.GetStatus())
		}
	}
}

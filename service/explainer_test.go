package service

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestExplainerRating: Rate gives Sudoku Explainer's own ER/EP/ED (as
// serate printed them for these puzzles, from se_rated_17_clue.txt and
// se_rated_top1465.txt), Solve and SolveSteps give it when asked, and
// a puzzle SE cannot rate says why.
func TestExplainerRating(t *testing.T) {
	client := newClient(t, Config{})
	ctx := context.Background()
	tests := []struct {
		name       string
		puzzle     *sudokuv1.Puzzle
		er, ep, ed float64
		reason     string // empty when rated
	}{
		{"hidden single 1.5", textPuzzle(".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9."), 1.5, 1.2, 1.2, ""},
		{"2.6 1.5 1.5", textPuzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."), 2.6, 1.5, 1.5, ""},
		{"3.4", textPuzzle("3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."), 3.4, 1.2, 1.2, ""},
		{"4.0 1.5 1.5", textPuzzle(".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4....."), 4.0, 1.5, 1.5, ""},
		// SE's 9.0 1.2 1.2: rated so, or refused while forcing chains are not reproduced.
		{"9.0 or beyond", textPuzzle("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"), 9.0, 1.2, 1.2, "beyond"},
		{"two solutions", textPuzzle(twoSolutions), 0, 0, 0, "exactly one solution"},
		{"4×4", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, Charset: seedSmallCharst, RegionMap: seedSmallMap}, 0, 0, 0, "classic 9×9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: tt.puzzle})
			if err != nil {
				t.Fatal(err)
			}
			checkExplainer(t, "Rate", resp.GetExplainer(), tt.er, tt.ep, tt.ed, tt.reason)

			opts := &sudokuv1.SolveOptions{ExplainerRating: true}
			solved, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: tt.puzzle, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			checkExplainer(t, "Solve", solved.GetResult().GetExplainer(), tt.er, tt.ep, tt.ed, tt.reason)

			plain, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: tt.puzzle})
			if err != nil {
				t.Fatal(err)
			}
			if plain.GetResult().GetExplainer() != nil {
				t.Error("Solve without explainer_rating rated the puzzle")
			}

			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: tt.puzzle, Options: proto.Clone(opts).(*sudokuv1.SolveOptions)})
			if err != nil {
				t.Fatal(err)
			}
			var last *sudokuv1.SolveResult
			for {
				m, err := stream.Recv()
				if err != nil {
					break
				}
				if r := m.GetResult(); r != nil {
					last = r
				}
			}
			checkExplainer(t, "SolveSteps", last.GetExplainer(), tt.er, tt.ep, tt.ed, tt.reason)
		})
	}
}

func checkExplainer(t *testing.T, call string, got *sudokuv1.ExplainerRating, er, ep, ed float64, reason string) {
	t.Helper()
	if reason != "" && (er == 0 || !got.GetRated()) {
		if got.GetRated() || !strings.Contains(got.GetReason(), reason) {
			t.Errorf("%s: explainer %v, want not rated because of %q", call, got, reason)
		}
		return
	}
	if !got.GetRated() || got.GetEr() != er || got.GetEp() != ep || got.GetEd() != ed {
		t.Errorf("%s: explainer %v, want %.1f/%.1f/%.1f", call, got, er, ep, ed)
	}
}

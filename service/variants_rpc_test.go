package service

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestSolveStepsVariantVectors streams the solve of every variant puzzle of
// the shared SudokuWiki vectors that has a known solution, sent as its raw
// string, and checks every step against that solution as the engine's
// TestVariantVectors does: no placement of a wrong digit and no
// elimination of a true one, except for guesses and the steps taken while
// a guess is in force. The result must be solved, proved unique, and equal
// to the solution. A string whose digits or candidates contradict the
// solution (altered on purpose) must be answered "no solution", and its
// givens and cages, sent as a structured board, solved.
func TestSolveStepsVariantVectors(t *testing.T) {
	type vectorLine struct {
		ID     string `json:"id"`
		Format string `json:"format"`
		Input  string `json:"input"`
		Expect *struct {
			Solution string `json:"solution"`
		} `json:"expect"`
	}
	variants := map[string]bool{
		"X9B": true, "W9B": true, "J9B": true, "L9B": true, "M9B": true, "K6C": true,
		"killer-v1-unpacked": true, "killer-v1-packed": true, "jigsaw-v1": true,
	}
	client := sudokuv1.NewSudokuServiceClient(startServer(t, Config{}, GRPCConfig{}).conn)
	opts := &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(true)}
	n := 0
	for _, v := range shared.ReadJSONLines[vectorLine](t, "testdata/formats/sudokuwiki_vectors.jsonl") {
		if !variants[strings.Fields(v.Format)[0]] || v.Expect == nil || v.Expect.Solution == "" {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			solution := v.Expect.Solution
			puzzle := textPuzzle(v.Input)
			dp, err := decodePuzzle("puzzle", puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if len(dp.board.Values()) != len(solution) {
				t.Fatalf("puzzle has %d cells, solution %d", len(dp.board.Values()), len(solution))
			}
			if why := disagreement(dp.board, solution); why != "" {
				// A vector altered on purpose (a solved cell set to a wrong
				// digit) has no solution as it stands; its solution is that
				// of its givens and cages.
				res, _, _ := streamSolve(t, client, puzzle, opts, "")
				if res.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION {
					t.Fatalf("%s, yet status = %v, want no solution", why, res.GetStatus())
				}
				board := protoconv.BoardToProto(dp.board)
				for _, c := range board.GetCells() {
					if !c.GetGiven() {
						c.Value, c.Candidates = 0, nil
					}
				}
				puzzle = &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: board}}
				t.Logf("%s: no solution as sent; solving its givens and cages", why)
			}
			result, steps, guesses := streamSolve(t, client, puzzle, opts, solution)
			if result.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
				t.Fatalf("status = %v, want solved", result.GetStatus())
			}
			if result.GetPlain() != solution {
				t.Errorf("plain = %s, want %s", result.GetPlain(), solution)
			}
			cells := result.GetBoard().GetCells()
			if len(cells) != len(solution) {
				t.Fatalf("board has %d cells, want %d", len(cells), len(solution))
			}
			for i, c := range cells {
				if c.GetValue() != uint32(solution[i]-'0') {
					t.Fatalf("board cell %d = %d, want %c", i, c.GetValue(), solution[i])
				}
			}
			if result.GetSolutionCount() != 1 || !result.GetCountComplete() {
				t.Errorf("solution count = %d (complete %v), want exactly 1", result.GetSolutionCount(), result.GetCountComplete())
			}
			if int(result.GetStepCount()) != steps || int(result.GetGuessCount()) != guesses {
				t.Errorf("result says %d steps, %d guesses; streamed %d, %d", result.GetStepCount(), result.GetGuessCount(), steps, guesses)
			}
			t.Logf("%s: %d steps, %d guesses, %s", v.ID, steps, guesses, result.GetDifficulty().GetLevel())
		})
	}
	if n == 0 {
		t.Fatal("no variant vectors")
	}
}

// disagreement describes the first digit or candidate of b that the
// solution contradicts, or returns "".
func disagreement(b *grid.Board, solution string) string {
	for cell := range b.Layout().Cells {
		val := b.Value(cell)
		want := solution[cell] - '0'
		if val != 0 && val != want {
			return fmt.Sprintf("the puzzle holds %s=%d; the solution has %d", b.Layout().CellName(cell), val, want)
		}
		if val == 0 && !b.Cands(cell).Has(int(want)) {
			return fmt.Sprintf("the puzzle leaves %s candidates %v; the solution has %d", b.Layout().CellName(cell), b.Cands(cell), want)
		}
	}
	return ""
}

// streamSolve runs SolveSteps and returns its result with the number of
// steps and guesses streamed. With a solution, it checks every step that
// no guess is in force for: no placement of a wrong digit, no elimination
// of a true one. It checks the step indexes and the depth of every step.
func streamSolve(t *testing.T, client sudokuv1.SudokuServiceClient, puzzle *sudokuv1.Puzzle, opts *sudokuv1.SolveOptions, solution string) (*sudokuv1.SolveResult, int, int) {
	t.Helper()
	stepList, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: puzzle, Options: opts})
	steps, guesses, depth := 0, 0, 0
	for _, st := range stepList {
		steps++
		if int(st.GetIndex()) != steps {
			t.Fatalf("step %d has index %d", steps, st.GetIndex())
		}
		inGuess := depth > 0
		switch st.GetKind() {
		case sudokuv1.StepKind_STEP_KIND_GUESS:
			if st.GetMethod() != "C" || len(st.GetPlacements()) != 1 {
				t.Fatalf("step %d: guess with method %q and %d placements", steps, st.GetMethod(), len(st.GetPlacements()))
			}
			guesses++
			depth++
			inGuess = true
		case sudokuv1.StepKind_STEP_KIND_BACKTRACK:
			if st.GetMethod() != "C" || depth == 0 {
				t.Fatalf("step %d: backtrack with method %q and %d guesses in force", steps, st.GetMethod(), depth)
			}
			depth--
		}
		if int(st.GetDepth()) != depth {
			t.Fatalf("step %d (%s): depth %d, want %d", steps, st.GetStrategy(), st.GetDepth(), depth)
		}
		if inGuess || solution == "" {
			continue
		}
		for _, p := range st.GetPlacements() {
			if c := p.GetCell(); int(c) >= len(solution) || uint32(solution[c]-'0') != p.GetDigit() {
				t.Fatalf("step %d (%s) places cell %d=%d; solution %s", steps, st.GetStrategy(), c, p.GetDigit(), solution)
			}
		}
		for _, e := range st.GetEliminations() {
			if c := e.GetCell(); int(c) >= len(solution) || uint32(solution[c]-'0') == e.GetDigit() {
				t.Fatalf("step %d (%s) eliminates the true %d from cell %d: %s", steps, st.GetStrategy(), e.GetDigit(), c, st.GetExplanation())
			}
		}
	}
	return result, steps, guesses
}

package service

import (
	"slices"
	"strings"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestSolveStepsStreamsSumNodes solves a killer (tarek line 30) whose logic takes forcing
// nets through the rule of 45 and checks what the stream carries for a
// viewer: NODE_KIND_SUM nodes with their cells, a sum the solution's
// digits there make, the add operator and where the sum comes from,
// named in the explanation, with links from false candidates of its cells
// into them.
func TestSolveStepsStreamsSumNodes(t *testing.T) {
	// The race detector makes this killer's logic solve (a hundred steps,
	// many of them nets) take longer than the default 30 s deadline.
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: nthLine(t, "killer9-tarek.txt", 30)}}
	steps, result := solveSteps(t, client, &sudokuv1.SolveStepsRequest{
		Puzzle:  puzzle,
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY},
	})
	plain := result.GetPlain()
	if result.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || len(plain) != 81 {
		t.Fatalf("status %v, board %q; want solved", result.GetStatus(), plain)
	}
	sums := 0
	for _, s := range steps {
		nodes := s.GetNodes()
		for i, nd := range nodes {
			if nd.GetKind() != sudokuv1.NodeKind_NODE_KIND_SUM {
				continue
			}
			sums++
			cells := nd.GetCells()
			if len(cells) == 0 || !slices.IsSorted(cells) || nd.GetDigit() != 0 || nd.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_ADD || nd.GetOrigin() == "" {
				t.Fatalf("step %d node %d: %v", s.GetIndex(), i, nd)
			}
			sum := 0
			for _, c := range cells {
				sum += int(plain[c] - '0')
			}
			if uint32(sum) != nd.GetTarget() {
				t.Errorf("step %d node %d: the solution's digits of %v sum to %d, the node says %d", s.GetIndex(), i, cells, sum, nd.GetTarget())
			}
			if s.GetMethod() != "s" || !strings.Contains(s.GetExplanation(), nd.GetOrigin()) {
				t.Errorf("step %d (%s): %q does not name %q", s.GetIndex(), s.GetMethod(), s.GetExplanation(), nd.GetOrigin())
			}
			premises := 0
			for _, k := range s.GetLinks() {
				if k.GetTo() != uint32(i) {
					continue
				}
				from := nodes[k.GetFrom()]
				if from.GetKind() != sudokuv1.NodeKind_NODE_KIND_CANDIDATE || !slices.Contains(cells, from.GetCells()[0]) || k.GetKind() != sudokuv1.LinkKind_LINK_KIND_STRONG {
					t.Errorf("step %d: link %v into sum node %d", s.GetIndex(), k, i)
				}
				premises++
			}
			if premises == 0 {
				t.Errorf("step %d: no premise links into sum node %d", s.GetIndex(), i)
			}
		}
	}
	if sums < 3 {
		t.Errorf("%d sum nodes in the stream, want at least 3", sums)
	}
}

package service

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestStepOutline checks where Step.outline is sent: with the steps of
// SolveSteps, one message a step, a Cage Contradiction's outline holds
// its explanation laid out; a Solve answer with include_steps, one
// message of every step, leaves it out.
func TestStepOutline(t *testing.T) {
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: nthLine(t, "killer9-tarek.txt", 1)}}
	opts := &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY}
	client := newClient(t, Config{})
	stream, err := client.SolveSteps(context.Background(), &sudokuv1.SolveStepsRequest{Puzzle: puzzle, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	outlined, repeats := 0, 0
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		st := msg.GetStep()
		if st == nil {
			continue
		}
		lines := st.GetOutline()
		// The trials and the forcing chains and nets lay theirs out.
		switch laid := slices.Contains(strings.Fields("N2 O2 P2 Q2 V2 X2 R2 r s"), st.GetMethod()); {
		case st.GetMethod() == "N2" && len(lines) < 3:
			t.Errorf("step %d, a Cage Contradiction, has an outline of %d lines", st.GetIndex(), len(lines))
		case !laid && len(lines) > 0:
			t.Errorf("step %d (%s) has an outline: %v", st.GetIndex(), st.GetStrategy(), lines)
		case len(lines) > 0:
			outlined++
			if first := lines[0].GetText(); first != st.GetExplanation()[:len(first)-1]+":" {
				t.Errorf("step %d: the outline's first line %q does not begin the explanation %.60q", st.GetIndex(), first, st.GetExplanation())
			}
			if st.GetMethod() != "r" && st.GetMethod() != "s" {
				repeats += outlineRepeats(t, st)
			}
		}
	}
	if outlined == 0 {
		t.Fatal("no step with an outline in the solve")
	}
	if repeats > 0 {
		t.Errorf("%d lines of the trials repeat an earlier line of their trial", repeats)
	}
	resp, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: puzzle, Options: opts, IncludeSteps: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range resp.GetSteps() {
		if len(st.GetOutline()) > 0 {
			t.Fatalf("step %d of the Solve answer has an outline", st.GetIndex())
		}
	}
	t.Logf("%d steps with an outline", outlined)
}

// outlineRepeats counts the lines of trial step st's outline that repeat
// an earlier line of their trial (its lines at their depth since its
// premise), which say nothing new, and reports the first of a step.
func outlineRepeats(t *testing.T, st *sudokuv1.Step) int {
	t.Helper()
	lines, n := st.GetOutline(), 0
	for i, ln := range lines {
		for j := i - 1; j >= 0 && lines[j].GetDepth() >= ln.GetDepth(); j-- {
			if lines[j].GetDepth() == ln.GetDepth() && lines[j].GetText() == ln.GetText() {
				if n == 0 {
					t.Logf("step %d (%s): %q repeats", st.GetIndex(), st.GetStrategy(), ln.GetText())
				}
				n++
				break
			}
		}
	}
	return n
}

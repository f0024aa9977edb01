package strategy_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// str8tsExtreme returns puzzle n (from 1, comments left out) of
// engine/solver/testdata/str8ts-extreme.txt.
func str8tsExtreme(t *testing.T, n int) *grid.Board {
	t.Helper()
	return strategy.FileBoard(t, "../solver/testdata/str8ts-extreme.txt", n)
}

// logicSteps solves b by logic and returns the explanation of every step.
func logicSteps(t *testing.T, b *grid.Board) []string {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	var steps []string
	_, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(_ int, s *strategy.Step, _ *grid.Board) error {
		steps = append(steps, s.Name()+": "+s.Explain(n))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

// TestTrialMemoAgrees solves Str8ts whose logic takes Compartment Trial,
// Str8ts Pattern Trial and Nested Trial steps (puzzles 2 and 7 of
// str8ts-extreme.txt: 10 and 21 trial steps, one nested) with the trials'
// memos and without, and wants the same steps, and trials the memos
// spared: a memo that kept an outcome no longer true, or one that kept
// nothing, fails here.
func TestTrialMemoAgrees(t *testing.T) {
	puzzles := []int{2, 7}
	if testing.Short() || strategy.Race {
		puzzles = puzzles[:1]
	}
	for _, n := range puzzles {
		b := str8tsExtreme(t, n)
		restore := strategy.SetTrialMemo(false)
		want := logicSteps(t, b)
		restore()
		hits := strategy.TrialMemoHits()
		got := logicSteps(t, b)
		spared := strategy.TrialMemoHits() - hits
		t.Logf("puzzle %d: %d steps, %d trials spared", n, len(got), spared)
		if len(got) != len(want) {
			t.Errorf("puzzle %d: %d steps with the memos, %d without", n, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("puzzle %d step %d: %q with the memos, %q without", n, i+1, got[i], want[i])
				break
			}
		}
		if spared == 0 {
			t.Errorf("puzzle %d: the memos spared no trial", n)
		}
	}
}

// TestTrialFollowedPatterns: inside Str8ts Pattern Trial's trials,
// Compartment Range and Sure Digits are not looked for where the simple
// rules have ended, as they would find nothing there. Solving puzzles 2
// and 7 of str8ts-extreme.txt with them looked for all the same, they
// find no step, and the solve takes the same steps.
func TestTrialFollowedPatterns(t *testing.T) {
	puzzles := []int{2, 7}
	if testing.Short() || strategy.Race {
		puzzles = puzzles[:1]
	}
	for _, n := range puzzles {
		b := str8tsExtreme(t, n)
		want := logicSteps(t, b)
		restore := strategy.CheckFollowedPatterns()
		got := logicSteps(t, b)
		if found := restore(); found != 0 {
			t.Errorf("puzzle %d: inside the trials, Compartment Range and Sure Digits found %d steps", n, found)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("puzzle %d: the steps differ when the trials look for Compartment Range and Sure Digits", n)
		}
	}
}

// TestNetCompartmentAgrees solves Str8ts whose logic takes many forcing
// nets (puzzles 13 and 8 of str8ts-extreme.txt) with the nets judging
// each compartment afresh at every call and going on from what their
// closure found, and wants the same steps, and calls that went on: a rule
// that kept a window no longer open, or missed what a digit leaving made
// sure, fails here.
func TestNetCompartmentAgrees(t *testing.T) {
	puzzles := []int{13, 8}
	if testing.Short() || strategy.Race {
		puzzles = puzzles[:1]
	}
	for _, n := range puzzles {
		b := str8tsExtreme(t, n)
		restore := strategy.SetNetCompartmentAfresh(true)
		want := logicSteps(t, b)
		restore()
		restore = strategy.SetNetCompartmentAfresh(false)
		followed := strategy.NetCompartmentFollowed()
		got := logicSteps(t, b)
		followed = strategy.NetCompartmentFollowed() - followed
		restore()
		t.Logf("puzzle %d: %d steps, %d calls went on from their closure", n, len(got), followed)
		if len(got) != len(want) {
			t.Errorf("puzzle %d: %d steps going on, %d afresh", n, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("puzzle %d step %d: %q going on, %q afresh", n, i+1, got[i], want[i])
				break
			}
		}
		if followed < 100000 {
			t.Errorf("puzzle %d: %d calls went on from their closure, want 100,000 or more", n, followed)
		}
	}
}

package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// patternTrialPuzzles are the puzzles TestPatternTrialSound solves:
// lines of testdata/str8ts-extreme.txt (from 1) that logic left stuck
// before Str8ts Pattern Trial (S2) and finishes with it, the cheapest
// first; line 7 takes a Str8ts Nested Trial. (Lines 3, 8, 11, 13 and 15
// take 4 to 17 s each; the variant report solves them.)
var patternTrialPuzzles = []int{2, 7, 6, 9}

// TestPatternTrialSound solves generated extreme Str8ts X and BX of
// testdata/str8ts-extreme.txt that logic did not finish before Str8ts
// Pattern Trial, checks every step against the solution the exact search
// proves unique, and holds the trial to a floor of steps (today 31 and
// one nested) and puzzles finished, so that a trial that stops finding,
// or finds wrongly, fails here. Under -short or -race it solves the first
// puzzle only (10 steps).
func TestPatternTrialSound(t *testing.T) {
	boards := testdataBoards(t, "str8ts-extreme.txt")
	lines := patternTrialPuzzles
	wantSteps, wantNested, wantSolved := 25, 1, len(lines)
	if quick() {
		lines, wantSteps, wantNested, wantSolved = lines[:1], 5, 0, 1
	}
	trials, nested, solved := 0, 0, 0
	for _, line := range lines {
		b := boards[line-1]
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		res, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(k int, st *strategy.Step, _ *grid.Board) error {
			checkStep(t, sol, n, fmt.Sprintf("puzzle %d step %d", line, k), st)
			if st.Strategy == strategy.PatternTrial() {
				trials++
				if st.Name() == "Str8ts Nested Trial" {
					nested++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", line, err)
		}
		if res.Status == Solved {
			solved++
		}
	}
	t.Logf("%d Str8ts Pattern Trial steps (%d nested); %d of %d puzzles finished by logic", trials, nested, solved, len(lines))
	if trials < wantSteps || nested < wantNested || solved < wantSolved {
		t.Errorf("%d Str8ts Pattern Trial steps (%d nested) and %d puzzles finished, want at least %d (%d) and %d", trials, nested, solved, wantSteps, wantNested, wantSolved)
	}
}

// TestPatternTrialFindSteps: on the board before the first Str8ts
// Pattern Trial step of the golden solve of str8ts-bx-pattern-trial,
// where every other technique is stuck, FindSteps offers trial steps,
// each sound, explained from the premise to where it ran out, and the
// step the solve takes among them. Skipped under -race (about 6 s of
// CPU without it: every candidate goes through every phase).
func TestPatternTrialFindSteps(t *testing.T) {
	if race {
		t.Skip("skipped under -race: every candidate's trial through every phase")
	}
	var text string
	for _, p := range str8tsPuzzles {
		if p.name == "str8ts-bx-pattern-trial" {
			text = p.text
		}
	}
	b := loadStr8ts(t, text)
	sol := solutionOf(t, b)
	errFound := errors.New("found")
	before := b.Clone()
	var taken string
	_, err := Solve(context.Background(), b, Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
		if st.Strategy == strategy.PatternTrial() {
			taken = st.Explain(grid.Notation{Layout: after.Layout()})
			return errFound
		}
		before = after.Clone()
		return nil
	})
	if !errors.Is(err, errFound) {
		t.Fatalf("the solve takes no Str8ts Pattern Trial step (err %v)", err)
	}
	n := grid.Notation{Layout: before.Layout()}
	offered, withTaken, endsAtCell := 0, false, 0
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.PatternTrial()}}, func(st *strategy.Step) bool {
		checkStep(t, sol, n, "offered step", st)
		offered++
		text := st.Explain(n)
		if text == taken {
			withTaken = true
		}
		premise := st.Nodes[0]
		if want := n.CellName(premise.Cells[0]) + "=" + n.DigitName(premise.Digit); !strings.HasPrefix(text, want) {
			t.Errorf("explanation %q does not start from its premise %s", text, want)
		}
		if e := st.Eliminations; len(e) != 1 || e[0].Cell != premise.Cells[0] || e[0].Digit != premise.Digit {
			t.Errorf("step %q eliminates %v, want its premise only", text, e)
		}
		cell, atCell := st.Conflict.Cell()
		if !atCell && !strings.Contains(text, "compartment") && !strings.Contains(text, "too few digits") {
			t.Errorf("explanation %q names no cell, compartment or line where the trial ran out", text)
		}
		// The cell it ran out at is among the step's cells, to outline.
		if atCell {
			endsAtCell++
			if !slices.Contains(st.Cells, cell) {
				t.Errorf("step %q: its cells %v lack %s, where it ran out", text, st.Cells, n.CellName(cell))
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d steps offered; the solve took %q", offered, taken)
	if endsAtCell == 0 {
		t.Error("no step ran out at a cell: the check of their cells saw nothing")
	}
	if offered == 0 || !withTaken {
		t.Errorf("FindSteps offers %d Str8ts Pattern Trial steps, the one the solve took among them: %v", offered, withTaken)
	}
}

// TestNestedTrialPublished solves the published Str8ts of
// testdata/str8ts-weekly.txt that logic left stuck before the Str8ts
// Nested Trial's last phase (the Str8ts fish, settis and compartment
// hidden subsets inside the trial): str8ts.com's Weekly Extreme 313 and
// the forum's klaus143 and klaus155, by number of their lines (from 1). It
// checks every step against the solution the exact search proves unique
// and wants each finished by logic, with a Str8ts Nested Trial step whose
// trial took one of the patterns that phase adds. Under -short or -race
// it solves klaus143 only.
func TestNestedTrialPublished(t *testing.T) {
	boards := testdataBoards(t, "str8ts-weekly.txt")
	lines := []int{314, 396, 406}
	if quick() {
		lines = []int{396}
	}
	added := []string{strategy.Str8tsFish().Name(), strategy.Settis().Name(), strategy.CompartmentSubsets().Name()}
	for _, line := range lines {
		b := boards[line-1]
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		deep := 0
		res, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(k int, st *strategy.Step, _ *grid.Board) error {
			checkStep(t, sol, n, fmt.Sprintf("puzzle %d step %d", line, k), st)
			if st.Strategy == strategy.PatternTrial() && st.Name() == "Str8ts Nested Trial" {
				// The premise's Origin names the patterns the trial applied.
				for _, name := range added {
					if strings.Contains(st.Nodes[0].Origin, name) {
						deep++
						break
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", line, err)
		}
		if res.Status != Solved || deep == 0 {
			t.Errorf("puzzle %d: status %v with %d Str8ts Nested Trial steps through the fish, settis or hidden subsets; want solved, with at least one", line, res.Status, deep)
		}
	}
}

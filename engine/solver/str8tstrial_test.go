package solver

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// testdataBoards returns the boards of a file of puzzle texts in
// testdata, one a line (lines starting with # left out).
func testdataBoards(t testing.TB, name string) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, line := range shared.Lines(t, filepath.Join("testdata", name)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			boards = append(boards, loadStr8ts(t, line))
		}
	}
	return boards
}

// TestCompartmentTrialSound solves the generated extreme Str8ts, X, B and
// BX of testdata/str8ts-extreme.txt (none of which logic finished before
// Compartment Trial) by logic without Str8ts Pattern Trial, checks every step against the solution the
// exact search proves unique, and holds the trial to a floor: at least 30
// Compartment Trial steps and six puzzles finished (today 130 steps, six
// of fifteen), so that a trial that stops finding fails here.
func TestCompartmentTrialSound(t *testing.T) {
	boards := testdataBoards(t, "str8ts-extreme.txt")
	if len(boards) != 15 {
		t.Fatalf("%d puzzles in str8ts-extreme.txt, want 15", len(boards))
	}
	wantSteps, wantSolved := 30, 6
	if quick() {
		// Under -short or -race the first, a Str8ts B the trial finishes.
		boards, wantSteps, wantSolved = boards[:1], 5, 1
	}
	// Without Str8ts Pattern Trial (S2), which finishes most of the rest
	// at several times the CPU (TestPatternTrialSound checks it).
	opts := Options{Type: LogicOnly}
	for _, st := range strategy.All() {
		if st != strategy.PatternTrial() {
			opts.Strategies = append(opts.Strategies, st)
		}
	}
	trials, solved := 0, 0
	for i, b := range boards {
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		res, err := Solve(context.Background(), b.Clone(), opts, func(k int, st *strategy.Step, _ *grid.Board) error {
			checkStep(t, sol, n, fmt.Sprintf("puzzle %d step %d", i+1, k), st)
			if st.Strategy == strategy.CompartmentTrial() {
				trials++
			}
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		if res.Status == Solved {
			solved++
		}
	}
	t.Logf("%d Compartment Trial steps; %d of %d puzzles finished by logic", trials, solved, len(boards))
	if trials < wantSteps || solved < wantSolved {
		t.Errorf("%d Compartment Trial steps and %d puzzles finished, want at least %d and %d", trials, solved, wantSteps, wantSolved)
	}
}

// TestCompartmentTrialFindSteps: on the board before the first
// Compartment Trial step of the golden solve of str8ts-b-hard-trial,
// where every other technique but the nets is stuck, FindSteps offers the
// trial through compartment r3-4c6 (the straight 6-7 leaves compartment
// r7-8c9 no straight; 1-2, 2-3 and 7-8 all rule out r1c5-7), and every
// trial step it offers is sound.
func TestCompartmentTrialFindSteps(t *testing.T) {
	var text string
	for _, p := range str8tsPuzzles {
		if p.name == "str8ts-b-hard-trial" {
			text = p.text
		}
	}
	b := loadStr8ts(t, text)
	sol := solutionOf(t, b)
	errFound := errors.New("found")
	before := b.Clone()
	_, err := Solve(context.Background(), b, Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
		if st.Strategy == strategy.CompartmentTrial() {
			return errFound
		}
		before = after.Clone()
		return nil
	})
	if !errors.Is(err, errFound) {
		t.Fatalf("the solve takes no Compartment Trial step (err %v)", err)
	}
	n := grid.Notation{Layout: before.Layout()}
	r1c5 := 4
	offered := false
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.CompartmentTrial()}}, func(st *strategy.Step) bool {
		checkStep(t, sol, n, "offered step", st)
		for _, e := range st.Eliminations {
			if e.Cell == r1c5 && e.Digit == 7 && strings.Contains(st.Explain(n), "compartment r3-4c6 can hold 1-2, 2-3, 6-7, 7-8") {
				offered = true
				if want := "6-7 leaves compartment r7-8c9 no straight"; !strings.Contains(st.Explain(n), want) {
					t.Errorf("explanation %q does not say %q", st.Explain(n), want)
				}
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if !offered {
		t.Error("FindSteps does not offer the trial of compartment r3-4c6 with r1c5-7")
	}
}

package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLawOfLeftoversSound solves the generated extreme jigsaws of
// testdata/jigsaw9-extreme.txt by logic, checks every step against the
// solution the exact search proves unique, and runs Law of Leftovers in
// find-all mode on every board of the solves, checking each step it
// offers too. Floors well under today's (45 steps taken, 4885 offered)
// fail the test if the finder stops finding.
func TestLawOfLeftoversSound(t *testing.T) {
	boards := testdataBoards(t, "jigsaw9-extreme.txt")
	if len(boards) != 10 {
		t.Fatalf("%d puzzles in jigsaw9-extreme.txt, want 10", len(boards))
	}
	wantTaken, wantOffered := 20, 1000
	if quick() {
		boards, wantTaken, wantOffered = boards[1:3], 4, 40
	}
	taken, offered := 0, 0
	for i, b := range boards {
		sol := solutionOf(t, b)
		n := grid.Notation{Layout: b.Layout()}
		_, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(k int, st *strategy.Step, after *grid.Board) error {
			what := fmt.Sprintf("puzzle %d step %d", i+1, k)
			checkStep(t, sol, n, what, st)
			if st.Strategy == strategy.LawOfLeftovers() {
				taken++
			}
			sink := strategy.Sink{All: true}
			strategy.LawOfLeftovers().Find(after, &sink)
			for _, s := range sink.Steps() {
				offered++
				checkStep(t, sol, n, what+" (find-all)", &s)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
	}
	t.Logf("Law of Leftovers: %d steps taken, %d offered in find-all mode", taken, offered)
	if taken < wantTaken || offered < wantOffered {
		t.Errorf("%d steps taken and %d offered, want at least %d and %d", taken, offered, wantTaken, wantOffered)
	}
}

// jigsawLeftovers is line 3 of testdata/jigsaw9-extreme.txt (generated,
// seed 3), whose solve takes four Law of Leftovers steps.
const jigsawLeftovers = "J9B0050ep0ep0ep0ep0ep0sn1751751zl2s12s12dk0ep0ep17517535u1zl1zl2di2s10ep4cx1751753kh1zl55d2s12s12s14cx1750so3kh1zl4qs2s14cx4cx3ya3kh35y35x1zl55d55d5xt4cx3ye3kh3kh35w1l555d4qw5xt4cx4cx6q96bn6q91zl55d55d5xt5xt5jd6bs6q96q91zl55d5xt5j95xt5xt6bq6q96q9"

// TestLawOfLeftoversGolden solves jigsawLeftovers by logic, checks every
// step against the solution, and compares the step log with
// testdata/jigsaw-leftovers.golden.
func TestLawOfLeftoversGolden(t *testing.T) {
	b := loadStr8ts(t, jigsawLeftovers)
	used := 0
	log := logicLog(t, b, solutionOf(t, b), func(st *strategy.Step) {
		if st.Strategy == strategy.LawOfLeftovers() {
			used++
		}
	})
	if used == 0 {
		t.Error("the solve takes no Law of Leftovers step")
	}
	checkGolden(t, "jigsaw-leftovers", log)
}

// TestLawOfLeftoversFindSteps: on the board before the first Law of
// Leftovers step of jigsawLeftovers, FindSteps offers that step, and every
// step it offers is sound.
func TestLawOfLeftoversFindSteps(t *testing.T) {
	b := loadStr8ts(t, jigsawLeftovers)
	sol := solutionOf(t, b)
	errFound := errors.New("found")
	var before *grid.Board
	var first string
	_, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
		if st.Strategy == strategy.LawOfLeftovers() {
			first = st.Explain(grid.Notation{Layout: after.Layout()})
			return errFound
		}
		before = after.Clone()
		return nil
	})
	if !errors.Is(err, errFound) || before == nil {
		t.Fatalf("the solve takes no Law of Leftovers step (err %v)", err)
	}
	n := grid.Notation{Layout: before.Layout()}
	offered := false
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.LawOfLeftovers()}}, func(st *strategy.Step) bool {
		checkStep(t, sol, n, "offered step", st)
		if st.Explain(n) == first {
			offered = true
		}
		if !strings.Contains(st.Explain(n), "hold the same digits as") {
			t.Errorf("explanation %q does not name the leftovers", st.Explain(n))
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if !offered {
		t.Errorf("FindSteps does not offer the solve's first Law of Leftovers step: %s", first)
	}
}

package strategy_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// strongTrialText is how a Strong Cage Contradiction step reads: Cage
// Contradiction's words under its own name.
var strongTrialText = regexp.MustCompile(strings.Replace(contradictionText.String(), "^Cage", "^Strong Cage", 1))

// TestStrongCageContradictionFindSteps follows the default mixed solve
// of line 18 of engine/search/testdata/killer9-tarek.txt (no givens),
// which guessed after 43 steps, every cell open, before Strong Cage
// Contradiction, to its first step of it, and there asks FindSteps for
// them: there must be one at least, each sound against the solution,
// worded as Cage Contradiction's from its premise to what it leaves with
// nothing, and one at least resting on a subset or a unit's cages
// together (a GroupNode of digit 0 its text quotes); Cage Contradiction
// and Nested Cage Contradiction find none there.
func TestStrongCageContradictionFindSteps(t *testing.T) {
	if testing.Short() || strategy.Race {
		t.Skip("skipped under -short and -race: a killer solve with nested trials, seconds of CPU (minutes under -race)")
	}
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 18)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	st := strategy.StrongCageContradiction()
	first := boardBefore(t, b, solver.Mixed, st)
	if first == nil {
		t.Fatalf("the mixed solve takes no %s step before it guesses", st.Name())
	}
	found, strong := 0, 0
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{st}}
	err := solver.FindSteps(context.Background(), first, opts, func(s *strategy.Step) bool {
		found++
		text := s.Explain(n)
		t.Log(text)
		m := strongTrialText.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("%q does not match %s", text, strongTrialText)
			return true
		}
		checkTrialPremise(t, s, text, m, n, sol)
		for i, nd := range s.Nodes {
			if nd.Kind != strategy.GroupNode || nd.Digit != 0 {
				continue
			}
			if !strongRuleText.MatchString(nd.Origin) || !strings.Contains(text, nd.Origin) {
				t.Errorf("%q: node %d words its rule %q", text, i, nd.Origin)
			}
			strong++
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 1 || strong < 1 {
		t.Errorf("FindSteps offers %d %s steps, %d subsets or unit combinations in them; want at least 1 and 1", found, st.Name(), strong)
	}
	findsNone(t, first, strategy.CageContradiction(), strategy.NestedContradiction())
}

// TestStrongCageContradictionSound follows the default mixed solves of
// the first eight generated killers of
// engine/solver/testdata/killer9-cagesize.txt (no givens; two under
// -short), until their end or first guess, and at every third
// position asks FindSteps for the first Strong Cage Contradiction step:
// each must be sound against the solution and worded as the technique's,
// and the run must check at least strongTrialFloor of them, so that the
// test fails if the strong trials stop finding their contradictions.
func TestStrongCageContradictionSound(t *testing.T) {
	if strategy.Race {
		t.Skip("skipped under -race: killer solves with trials, minutes under the race detector")
	}
	const strongTrialFloor = 60 // of eight killers: 4-5 minutes of CPU for all 20 found 229
	limit := 8
	if testing.Short() {
		limit = 2
	}
	st := strategy.StrongCageContradiction()
	checked := 0
	puzzles := everyThirdPosition(t, limit, st, func(puzzle int, s *strategy.Step, n grid.Notation, sol []uint8) bool {
		checked++
		text := s.Explain(n)
		m := strongTrialText.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("puzzle %d: %q does not match %s", puzzle, text, strongTrialText)
			return false
		}
		checkTrialPremise(t, s, text, m, n, sol)
		return false
	})
	t.Logf("%d steps checked on %d killers", checked, puzzles)
	if floor := strongTrialFloor * limit / 8; checked < floor {
		t.Errorf("%d %s steps checked, want at least %d", checked, st.Name(), floor)
	}
}

// everyThirdPosition follows the default mixed solves of the first limit
// generated killers of engine/solver/testdata/killer9-cagesize.txt until
// their end or first guess and, at every third position, hands check the
// steps FindSteps finds there with st alone (each with the board's
// notation and the puzzle's solution) while check returns true. It
// returns the number of killers followed.
func everyThirdPosition(t *testing.T, limit int, st *strategy.Strategy, check func(puzzle int, s *strategy.Step, n grid.Notation, sol []uint8) bool) int {
	t.Helper()
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{st}}
	puzzles := 0
	for _, line := range shared.Lines(t, "../solver/testdata/killer9-cagesize.txt") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		if puzzles == limit {
			break
		}
		puzzles++
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("puzzle %d: %v", puzzles, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("puzzle %d: %v", puzzles, err)
		}
		sol := onlySolution(t, b)
		n := grid.Notation{Layout: b.Layout()}
		_, err = solver.Solve(context.Background(), b, solver.Options{Type: solver.Mixed}, func(i int, s *strategy.Step, after *grid.Board) error {
			if s.Strategy == strategy.Guessing() {
				return errFound
			}
			if i%3 != 0 {
				return nil
			}
			return solver.FindSteps(context.Background(), after, opts, func(s *strategy.Step) bool {
				return check(puzzles, s, n, sol)
			})
		})
		if err != nil && !errors.Is(err, errFound) {
			t.Fatalf("puzzle %d: %v", puzzles, err)
		}
	}
	return puzzles
}

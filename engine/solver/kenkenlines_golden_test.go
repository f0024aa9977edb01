package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// kenkenHard is testdata/kenken-hard.txt as variantLine reads it.
const kenkenHard = "../../solver/testdata/kenken-hard.txt"

// kenkenLineGolden are generated 7×7 KenKen (lines of kenkenHard, after
// its three comment lines) whose logic solves take a Line Cage Fillings
// or a Two-Line Cage Fillings step, and that strategy.
var kenkenLineGolden = []struct {
	name string
	line int
	want *strategy.Strategy
}{
	{"kenken-line-fillings", 4, strategy.LineCageFillings()},
	{"kenken-two-line-fillings", 5, strategy.TwoLineCageFillings()},
}

// provedSolution returns the one solution of b the exact search proves.
func provedSolution(t *testing.T, b *grid.Board) []uint8 {
	t.Helper()
	var s search.Searcher
	counted, err := s.Count(context.Background(), b, 2)
	if err != nil || !counted.Complete || len(counted.Solutions) != 1 {
		t.Fatalf("count: %d solutions, complete %v, err %v; want one", len(counted.Solutions), counted.Complete, err)
	}
	return counted.Solutions[0]
}

// TestKenKenLineGolden solves the kenkenLineGolden puzzles by logic alone,
// checks every step against the proved solution, requires a step of the
// puzzle's strategy, and compares the step log with a golden file (go
// test -update rewrites it).
func TestKenKenLineGolden(t *testing.T) {
	for _, tt := range kenkenLineGolden {
		t.Run(tt.name, func(t *testing.T) {
			b := variantLine(t, kenkenHard, tt.line)
			sol := provedSolution(t, b)
			n := grid.Notation{Layout: b.Layout()}
			var log strings.Builder
			taken := 0
			res, err := Solve(context.Background(), b, Options{Type: LogicOnly, CheckMultiple: true}, func(i int, st *strategy.Step, after *grid.Board) error {
				fmt.Fprintf(&log, "%3d %-2s %-28s %s\n", i, st.Strategy.Letter(), st.Name(), st.Explain(n))
				if st.Strategy == tt.want {
					taken++
				}
				for _, p := range st.Placements {
					if sol[p.Cell] != uint8(p.Digit) {
						t.Errorf("step %d places %s=%d, the solution has %d", i, n.CellName(p.Cell), p.Digit, sol[p.Cell])
					}
				}
				for _, e := range st.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("step %d removes the solution's %d from %s", i, e.Digit, n.CellName(e.Cell))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Solved || !res.Board.ValuesEqual(sol) {
				t.Errorf("status %s; logic did not reach the solution", res.Status)
			}
			if taken == 0 {
				t.Errorf("no %s step", tt.want.Name())
			}
			fmt.Fprintf(&log, "%s, %d solution(s), %d steps, %s, score %d\n", res.Status, res.Count, res.Steps, res.Rating.Level, res.Rating.Score)
			checkGolden(t, tt.name, log.String())
		})
	}
}

// TestKenKenLineFindSteps: on the board before the solve's first step of
// each kenkenLineGolden puzzle's strategy, FindSteps with that strategy
// offers the step the solve took, naming a cage and the fillings it keeps,
// and every step it offers is sound.
func TestKenKenLineFindSteps(t *testing.T) {
	for _, tt := range kenkenLineGolden {
		t.Run(tt.name, func(t *testing.T) {
			b := variantLine(t, kenkenHard, tt.line)
			sol := provedSolution(t, b)
			errFound := errors.New("found")
			before := b.Clone()
			var took []strategy.CellDigit
			_, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
				if st.Strategy == tt.want {
					took = append(took, st.Eliminations...)
					return errFound
				}
				before = after.Clone()
				return nil
			})
			if !errors.Is(err, errFound) {
				t.Fatalf("the solve takes no %s step (err %v)", tt.want.Name(), err)
			}
			n := grid.Notation{Layout: before.Layout()}
			offered := false
			err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{tt.want}}, func(st *strategy.Step) bool {
				for _, e := range st.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("removes the solution's %d from %s: %s", e.Digit, n.CellName(e.Cell), st.Explain(n))
					}
				}
				if len(st.Eliminations) > 0 && st.Eliminations[0] == took[0] {
					offered = true
					text := st.Explain(n)
					if !strings.Contains(text, "cage ") || !strings.Contains(text, " keeps {") {
						t.Errorf("explanation %q names no cage and the fillings it keeps", text)
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if !offered {
				t.Errorf("FindSteps does not offer the solve's step removing %s-%d", n.CellName(took[0].Cell), took[0].Digit)
			}
		})
	}
}

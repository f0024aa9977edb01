package solver

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
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

// TestKenKenLineGolden solves the kenkenLineGolden puzzles by logic alone,
// checks every step against the proved solution, requires a step of the
// puzzle's strategy, and compares the step log with a golden file (go
// test -update rewrites it).
func TestKenKenLineGolden(t *testing.T) {
	for _, tt := range kenkenLineGolden {
		t.Run(tt.name, func(t *testing.T) {
			b := variantLine(t, kenkenHard, tt.line)
			taken := 0
			log := logicLog(t, b, solutionOf(t, b), func(st *strategy.Step) {
				if st.Strategy == tt.want {
					taken++
				}
			})
			if taken == 0 {
				t.Errorf("no %s step", tt.want.Name())
			}
			checkGolden(t, tt.name, log)
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
			sol := solutionOf(t, b)
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

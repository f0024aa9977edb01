package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// variantGolden are variant puzzles whose logic solve takes forcing-net
// steps through a cage's fillings: a line of a file of
// engine/search/testdata each.
var variantGolden = []struct {
	name, file string
	line       int // 1-based
}{
	{"killer-forcing-net", "killer9-hard5.txt", killerGoldenLine},
}

// TestVariantGolden solves the variantGolden puzzles by logic alone,
// checks every step against the solution the exact search proves unique,
// requires a forcing-net step through a cage's node (strategy.CageNode), and compares the
// step log with a golden file (go test -update rewrites it).
func TestVariantGolden(t *testing.T) {
	for _, tt := range variantGolden {
		t.Run(tt.name, func(t *testing.T) {
			b := variantLine(t, tt.file, tt.line)
			var s search.Searcher
			counted, err := s.Count(context.Background(), b, 2)
			if err != nil || !counted.Complete || len(counted.Solutions) != 1 {
				t.Fatalf("count: %d solutions, complete %v, err %v; want one", len(counted.Solutions), counted.Complete, err)
			}
			sol := counted.Solutions[0]
			n := grid.Notation{Layout: b.Layout()}
			var log strings.Builder
			throughCage := 0
			res, err := Solve(context.Background(), b, Options{Type: LogicOnly, CheckMultiple: true}, func(i int, st *strategy.Step, after *grid.Board) error {
				text := st.Explain(n)
				fmt.Fprintf(&log, "%3d %-2s %-28s %s\n", i, st.Strategy.Letter(), st.Name(), text)
				if st.Strategy == strategy.ForcingNet && slices.ContainsFunc(st.Nodes, func(nd strategy.Node) bool { return nd.Kind == strategy.CageNode }) {
					throughCage++
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
			if throughCage == 0 {
				t.Errorf("no forcing-net step through a cage's fillings")
			}
			fmt.Fprintf(&log, "%s, %d solution(s), %d steps, %s, score %d\n", res.Status, res.Count, res.Steps, res.Rating.Level, res.Rating.Score)
			checkGolden(t, tt.name, log.String())
		})
	}
}

// variantLine decodes line (1-based) of a file of engine/search/testdata.
func variantLine(t *testing.T, file string, line int) *grid.Board {
	t.Helper()
	lines := shared.Lines(t, "../search/testdata/"+file)
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", file, line)
	}
	p, _, err := codec.Decode(lines[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%s:%d: %v", file, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s:%d: %v", file, line, err)
	}
	return b
}

// killerGoldenLine is the line of killer9-hard5.txt the golden log
// solves: a killer logic finishes only with forcing nets through cages
// (the killers of killer9.txt no longer need them since the virtual
// cages, Combination Crossover and Cage Intersection).
const killerGoldenLine = 2

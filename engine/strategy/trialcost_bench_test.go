package strategy

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/shared"
)

// BenchmarkKillerTrials runs Cage Contradiction, and Nested Cage
// Contradiction where it finds nothing, over the states at which a solve
// by first steps of a tarek killer asks Cage Contradiction (line 18, or
// SUDOKU_TRIAL_LINE), in solve order, so that the trials' caches see
// them as a solve does; an op is the whole sequence, cpu-ms/op its CPU
// time. SUDOKU_TRIAL_STATES names a file that keeps the states between
// runs (written when missing), since solving takes longer than an op.
func BenchmarkKillerTrials(b *testing.B) {
	line := 18
	if s := os.Getenv("SUDOKU_TRIAL_LINE"); s != "" {
		var err error
		if line, err = strconv.Atoi(s); err != nil {
			b.Fatalf("SUDOKU_TRIAL_LINE: %v", err)
		}
	}
	p, _, err := codec.Decode(shared.Lines(b, "../search/testdata/killer9-tarek.txt")[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		b.Fatalf("killer9-tarek.txt:%d: %v", line, err)
	}
	board, err := p.Board(grid.Classic)
	if err != nil {
		b.Fatalf("killer9-tarek.txt:%d: %v", line, err)
	}
	states := trialStates(b, board, os.Getenv("SUDOKU_TRIAL_STATES"))
	b.ResetTimer()
	var sink Sink
	found := 0
	start := cputime.Used()
	for range b.N {
		for _, s := range states {
			for _, st := range []*Strategy{CageContradiction(), NestedContradiction()} {
				sink.Reset()
				st.Find(s, &sink)
				if len(sink.Steps()) > 0 {
					found++
					break
				}
			}
		}
	}
	b.ReportMetric(float64(len(states)), "states")
	b.ReportMetric(float64(found)/float64(b.N), "found/op")
	b.ReportMetric(float64(cputime.Used()-start)/1e6/float64(b.N), "cpu-ms/op")
}

// trialStates returns the states of board at which a solve by first
// steps asks Cage Contradiction, read from file when it exists, else
// found and written to it (when named): a line a state, each cell its
// value or, open, its candidates, in hexadecimal after a dot.
func trialStates(tb testing.TB, board *grid.Board, file string) []*grid.Board {
	if data, err := os.ReadFile(file); err == nil {
		var states []*grid.Board
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			s := board.Clone()
			for c, f := range strings.Fields(line) {
				if v, ok := strings.CutPrefix(f, "."); ok {
					ds, err := strconv.ParseUint(v, 16, 32)
					if err != nil {
						tb.Fatalf("%s: %v", file, err)
					}
					s.Restrict(c, grid.Digits(ds))
				} else if d, err := strconv.Atoi(f); err != nil {
					tb.Fatalf("%s: %v", file, err)
				} else if s.Value(c) == 0 {
					s.Place(c, d)
				}
			}
			states = append(states, s)
		}
		return states
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	n2 := slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == CageContradiction() })
	var states []*grid.Board
	solveByFirstSteps(board, passes, func(b *grid.Board, step *Step) {
		if step == nil || slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == step.Strategy }) >= n2 {
			states = append(states, b.Clone())
		}
	})
	if file != "" {
		var sb strings.Builder
		for _, s := range states {
			for c := range s.Layout().Cells {
				if v := s.Value(c); v != 0 {
					fmt.Fprintf(&sb, "%d ", v)
				} else {
					fmt.Fprintf(&sb, ".%x ", uint32(s.Cands(c)))
				}
			}
			sb.WriteString("\n")
		}
		if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return states
}

package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
)

// chainBenchStrategies are the chain and ALS passes of the default plan,
// in its order: on a board where the ones before them find nothing, the
// solver tries them one after the other until one finds a step.
var chainBenchStrategies = []*Strategy{XChain(), XYChain(), NiceLoop(), GroupedNiceLoop(), DeathBlossom()}

// chainBenchBoards returns the boards of the solve by first steps of line
// of file at which the chain passes ran (the step was theirs or came
// after them), every every-th of them. The solve takes the singles,
// intersections, subsets, the chain passes and the nets.
func chainBenchBoards(tb testing.TB, file string, line, every int) []*grid.Board {
	names := []string{"Full House", "Naked Single", "Hidden Single", "Locked Candidates", "Naked Subsets", "Hidden Subsets", "Forcing Net", "Nested Forcing Net"}
	passes := Plan(func(st *Strategy) bool {
		return slices.Contains(names, st.Name()) || slices.Contains(chainBenchStrategies, st)
	})
	b := fileBoard(tb, file, line)
	var boards []*grid.Board
	k := 0
	solveByFirstSteps(b, passes, func(b *grid.Board, s *Step) {
		if s == nil || !slices.Contains(chainBenchStrategies, s.Strategy) && s.Strategy != ForcingNet() && s.Strategy != NestedForcingNet() {
			return
		}
		if k%every == 0 {
			boards = append(boards, b.Clone())
		}
		k++
	})
	return boards
}

// chainBenchX16 keeps the boards of BenchmarkChainPassesX16 from one run
// of it to the next.
var chainBenchX16 []*grid.Board

// BenchmarkChainPassesX16 runs the chain passes as a solve does (each
// until one finds a step) on the boards of chainBenchBoards (x16-extreme
// lines 3 and 6), reporting CPU-ms a board.
func BenchmarkChainPassesX16(b *testing.B) {
	if chainBenchX16 == nil {
		for _, line := range []int{3, 6} {
			chainBenchX16 = append(chainBenchX16, chainBenchBoards(b, "../solver/testdata/x16-extreme.txt", line, 2)...)
		}
	}
	boards := chainBenchX16
	b.ResetTimer()
	var sink Sink
	found := 0
	cpu := cputime.Used()
	for i := range b.N {
		for _, board := range boards {
			for _, st := range chainBenchStrategies {
				sink.Reset()
				st.Find(board, &sink)
				if len(sink.Steps()) > 0 {
					if i == 0 {
						found++
					}
					break
				}
			}
		}
	}
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N*len(boards)), "cpu-ms/board")
	}
	b.ReportMetric(float64(found), "found")
	b.ReportMetric(float64(len(boards)), "boards")
}

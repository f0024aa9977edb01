package strategy

import (
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
)

// netBenchBoards returns the boards of the solve by first steps of line
// of the 16×16 X set at which a forcing net (single or nested) took the
// step, every every-th of them, with singles, intersections and subsets
// before the nets: boards where the nets' closures are most of the work.
func netBenchBoards(tb testing.TB, line, every int) []*grid.Board {
	names := []string{"Full House", "Naked Single", "Hidden Single", "Locked Candidates", "Naked Subsets", "Hidden Subsets", "Forcing Net", "Nested Forcing Net"}
	passes := Plan(func(st *Strategy) bool { return slices.Contains(names, st.Name()) })
	b := fileBoard(tb, "../solver/testdata/x16-extreme.txt", line)
	var boards []*grid.Board
	nets := 0
	solveByFirstSteps(b, passes, func(b *grid.Board, s *Step) {
		if s == nil || s.Strategy != ForcingNet() && s.Strategy != NestedForcingNet() {
			return
		}
		if nets%every == 0 {
			boards = append(boards, b.Clone())
		}
		nets++
	})
	return boards
}

// BenchmarkNetsX16 runs the Forcing Net and Nested Forcing Net searches
// on the boards of netBenchBoards (x16-extreme line 1), each with a sink
// of its own, reporting CPU-ms a search: the closures of 16×16 nets
// (followNet) are most of it.
func BenchmarkNetsX16(b *testing.B) {
	boards := netBenchBoards(b, 1, 8)
	for _, st := range []*Strategy{ForcingNet(), NestedForcingNet()} {
		b.Run(st.Name(), func(b *testing.B) {
			var sink Sink
			found := 0
			cpu := cputime.Used()
			for i := range b.N {
				for _, board := range boards {
					sink.Reset()
					st.Find(board, &sink)
					if i == 0 && len(sink.Steps()) > 0 {
						found++
					}
				}
			}
			if c := cputime.Used() - cpu; c > 0 {
				b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N*len(boards)), "cpu-ms/search")
			}
			b.ReportMetric(float64(found), "found")
			b.ReportMetric(float64(len(boards)), "boards")
		})
	}
}

// BenchmarkNetClosures closes the net of every candidate true on the
// boards of netBenchBoards (x16-extreme line 1), as a Forcing Net pass
// and a nested search's order do, reporting CPU-ns a literal implied.
func BenchmarkNetClosures(b *testing.B) {
	boards := netBenchBoards(b, 1, 8)
	f := new(forcing)
	lits := 0
	cpu := cputime.Used()
	for range b.N {
		for _, board := range boards {
			f.setup(board, true, false)
			f.limit = math.MaxInt32
			for cell, ds := range board.Candidates() {
				for ; ds != 0; ds &= ds - 1 {
					f.close(&f.a, f.cand(cell, bits.TrailingZeros32(uint32(ds)))<<1|1)
					lits += len(f.a.queue)
				}
			}
		}
	}
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Nanoseconds())/float64(lits), "cpu-ns/literal")
	}
	b.ReportMetric(float64(lits)/float64(b.N), "literals")
}

package strategy

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// forcingStuckBoards returns boards of top1465 where every strategy
// before the forcing chains is stuck, with every forcing step applied in
// turn (so the boards are those a logic solve meets).
func forcingStuckBoards(tb testing.TB, max int) []*grid.Board {
	f, err := os.Open(shared.Path(tb, "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var passes []Pass
	for _, p := range Plan(All()) {
		if p.Strategy.Class == Search || p.Strategy.NeedsUnique {
			continue
		}
		passes = append(passes, p)
	}
	var boards []*grid.Board
	var sink Sink
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(boards) < max {
		b := board(tb, strings.Fields(sc.Text())[0])
		for progress := true; progress && len(boards) < max; {
			progress = false
			for _, p := range passes {
				if p.Strategy == ForcingChain {
					boards = append(boards, b.Clone())
				}
				sink.Reset()
				sink.Size = p.Size
				p.Strategy.Find(b, &sink)
				if len(sink.Steps()) > 0 {
					sink.Steps()[0].Apply(b)
					progress = true
					break
				}
			}
		}
	}
	return boards
}

// cpuTime returns the CPU time the process has used, in nanoseconds: on a
// shared machine it measures work better than the wall clock.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func BenchmarkForcing(b *testing.B) {
	boards := forcingStuckBoards(b, 400)
	for _, st := range []*Strategy{ForcingChain, ForcingNet} {
		b.Run(st.Name, func(b *testing.B) {
			var sink Sink
			found := 0
			start := cpuTime()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink.Reset()
				st.Find(boards[i%len(boards)], &sink)
				if len(sink.Steps()) > 0 {
					found++
				}
			}
			b.ReportMetric(100*float64(found)/float64(b.N), "%found")
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

func BenchmarkForcingDepths(b *testing.B) {
	boards := forcingStuckBoards(b, 400)
	for _, sched := range [][]int32{{3}, {4}, {5}, {6}, {8}, {10}, {1 << 30}, {3, 6, 1 << 30}, {4, 8, 1 << 30}, {5, 10, 1 << 30}, {6, 12, 1 << 30}, {4, 1 << 30}, {6, 1 << 30}} {
		b.Run(fmt.Sprint(sched), func(b *testing.B) {
			old := netDepths
			netDepths = sched
			defer func() { netDepths = old }()
			var sink Sink
			found := 0
			start := cpuTime()
			for i := 0; i < b.N; i++ {
				sink.Reset()
				ForcingNet.Find(boards[i%len(boards)], &sink)
				if len(sink.Steps()) > 0 {
					found++
				}
			}
			b.ReportMetric(100*float64(found)/float64(b.N), "%found")
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/internal/cputime"
)

// BenchmarkForcingNetKillers times the Forcing Net's first-step search at
// the states along tarek lines 1 and 2's logic solves where the chains and
// nets are asked (killerLateStates), a board an op in turn.
func BenchmarkForcingNetKillers(b *testing.B) {
	boards := killerLateStates(b, 2)
	if len(boards) == 0 {
		b.Fatal("no boards")
	}
	var sink Sink
	found := 0
	start := cputime.Used()
	for i := 0; i < b.N; i++ {
		sink.Reset()
		ForcingNet().Find(boards[i%len(boards)], &sink)
		found += len(sink.Steps())
	}
	b.ReportMetric(float64(cputime.Used()-start)/float64(b.N)/1e3, "cpu-us/op")
	b.ReportMetric(float64(found)/float64(b.N), "steps/op")
}

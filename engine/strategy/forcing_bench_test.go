package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/internal/cputime"
)

func BenchmarkForcing(b *testing.B) {
	boards := forcingStuckBoards(b, 400)
	for _, st := range forcingStrategies {
		b.Run(st.name, func(b *testing.B) {
			var sink Sink
			found := 0
			start := cputime.Used()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink.Reset()
				st.Find(boards[i%len(boards)], &sink)
				if len(sink.Steps()) > 0 {
					found++
				}
			}
			b.ReportMetric(100*float64(found)/float64(b.N), "%found")
			b.ReportMetric(float64(cputime.Used()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

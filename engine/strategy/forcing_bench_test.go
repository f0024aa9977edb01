//go:build unix

package strategy

import (
	"syscall"
	"testing"
)

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
	for _, st := range forcingStrategies {
		b.Run(st.name, func(b *testing.B) {
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

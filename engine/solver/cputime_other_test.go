//go:build !unix

package solver

import "time"

// cpuTime is not measured on this system: benchmarks report no CPU time.
func cpuTime() time.Duration { return 0 }

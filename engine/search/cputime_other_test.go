//go:build !unix

package search

import "time"

// cpuTime is not measured on this system: benchmarks report no CPU time.
func cpuTime() time.Duration { return 0 }

//go:build !unix

package generate

import "time"

// cpuTime is not measured on this system: TestPhases25 reports no CPU time.
func cpuTime() time.Duration { return 0 }

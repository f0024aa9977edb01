//go:build !linux

package bench

import "time"

// ThreadCPU reports false: only Linux gives a thread's CPU time.
func ThreadCPU() (time.Duration, bool) { return 0, false }

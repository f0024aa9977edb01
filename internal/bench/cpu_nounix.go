//go:build !unix

package bench

import "time"

// ProcessCPU reports false: the process's CPU time is read on Unix only.
func ProcessCPU() (time.Duration, bool) { return 0, false }

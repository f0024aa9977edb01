package bench

import (
	"syscall"
	"time"
)

// ThreadCPU returns the user and system CPU time of the calling thread so
// far; its goroutine must be locked to the thread.
func ThreadCPU() (time.Duration, bool) {
	return rusage(syscall.RUSAGE_THREAD)
}

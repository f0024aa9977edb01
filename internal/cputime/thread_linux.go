package cputime

import (
	"syscall"
	"time"
)

// Thread returns the user and system CPU time of the calling thread so
// far; its goroutine must be locked to the thread.
func Thread() (time.Duration, bool) {
	return rusage(syscall.RUSAGE_THREAD)
}

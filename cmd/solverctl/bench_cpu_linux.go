package main

import (
	"syscall"
	"time"
)

// threadCPU returns the user and system CPU time of the calling thread so
// far; its goroutine must be locked to the thread.
func threadCPU() (time.Duration, bool) {
	return rusage(syscall.RUSAGE_THREAD)
}

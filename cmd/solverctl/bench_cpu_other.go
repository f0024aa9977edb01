//go:build !linux

package main

import "time"

// threadCPU reports false: only Linux gives a thread's CPU time.
func threadCPU() (time.Duration, bool) { return 0, false }

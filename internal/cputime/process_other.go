//go:build !unix

package cputime

import "time"

// Process reports false: the process's CPU time is read on Unix only.
func Process() (time.Duration, bool) { return 0, false }

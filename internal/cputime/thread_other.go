//go:build !linux

package cputime

import "time"

// Thread reports false: only Linux gives a thread's CPU time.
func Thread() (time.Duration, bool) { return 0, false }

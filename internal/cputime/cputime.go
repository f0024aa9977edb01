// Package cputime reads the CPU time a process or a thread has used. On a
// shared machine CPU time measures work where the wall clock does not.
package cputime

import "time"

// Used returns the user and system CPU time of the process so far, or 0
// where the platform does not report it (see Process): for measurements
// that read the difference of two calls.
func Used() time.Duration {
	d, _ := Process()
	return d
}

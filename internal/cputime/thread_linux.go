package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// Thread returns the CPU time of the calling thread so far; its goroutine
// must be locked to the thread. It reads the thread's CPU clock, which
// counts to the nanosecond: getrusage's figure for a thread moves only at
// the scheduler's ticks (4 ms at 250 Hz), so searches of microseconds
// read as none, or as a whole tick.
func Thread() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

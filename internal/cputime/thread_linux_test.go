package cputime

import (
	"runtime"
	"testing"
)

// TestThreadResolution checks that the thread's CPU time counts work of
// microseconds: getrusage's figure, which moves at the scheduler's ticks,
// read most such spans as none, so bench -each gave many puzzles 0 µs.
func TestThreadResolution(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	counted := 0
	sink := 0
	for range 20 {
		before, ok := Thread()
		if !ok {
			t.Fatal("no thread CPU clock")
		}
		for i := range 20000 { // some tens of microseconds
			sink += i * i
		}
		after, _ := Thread()
		if after > before {
			counted++
		}
	}
	if counted < 19 {
		t.Errorf("%d of 20 spans of tens of microseconds counted any CPU time (sink %d)", counted, sink)
	}
}

//go:build race

package main

// raceEnabled is set when the race detector is on: it slows solving about
// tenfold, so the long batch tests shrink.
const raceEnabled = true

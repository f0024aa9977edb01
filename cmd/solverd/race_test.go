//go:build race

package main

// raceEnabled is set when the race detector is on: it slows solving about
// tenfold, past what a test timed by a deadline's split can allow.
const raceEnabled = true

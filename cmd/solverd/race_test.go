//go:build race

package main

// raceEnabled is set when the race detector is on: it slows solving about
// tenfold, past what a test timed by a deadline's split can allow.
const raceEnabled = true

// waitScale multiplies the browser tests' waits for a page: the race
// detector slows the daemon and the CI machine runs other packages' tests
// beside it, and a wait is for liveness, not speed.
const waitScale = 3

//go:build race

package serate

// race is set when the race detector is on. It slows the rater about
// tenfold, so the long agreement runs skip (CI runs them in full
// without -race).
const race = true

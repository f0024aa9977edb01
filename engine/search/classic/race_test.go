//go:build race

package classic

// race is set when the race detector is on: its tenfold slowdown makes the
// full data sets too slow for a test run.
const race = true

//go:build race

package generate

// race is set when the race detector is on: it slows digging tenfold, and
// the long generation tests skip under it.
const race = true

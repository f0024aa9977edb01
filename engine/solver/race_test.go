//go:build race

package solver

// race is set when the race detector is on. It slows the finders about
// tenfold and makes sync.Pool drop entries at random, so the long soundness
// runs take a sample and the allocation tests skip; CI runs both in full
// without -race.
const race = true

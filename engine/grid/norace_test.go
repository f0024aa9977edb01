//go:build !race

package grid

// race is set when the race detector is on. It slows the searches about
// tenfold, so the long comparisons of the fillings take a sample; CI runs
// them in full without -race.
const race = false

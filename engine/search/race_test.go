//go:build race

package search

// race is set when the race detector is on: it slows the searches tenfold,
// and the allocation tests skip under it.
const race = true

//go:build !race

package serate

// race is set when the race detector is on (see race_test.go).
const race = false

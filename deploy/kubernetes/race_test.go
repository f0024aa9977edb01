//go:build race

package kubernetes

// raceEnabled is set when the race detector is on: solverd is then built
// with -race too, from the packages the other tests already compiled so.
const raceEnabled = true

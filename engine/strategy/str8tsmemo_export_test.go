package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// FileBoard is fileBoard for the external tests: puzzle line (from 1,
// comments left out) of the file at path.
func FileBoard(t *testing.T, path string, line int) *grid.Board { return fileBoard(t, path, line) }

// SetTrialMemo turns the memos of the Str8ts trials on or off and
// returns a function that restores the setting.
func SetTrialMemo(on bool) (restore func()) {
	old := trialMemoOff
	trialMemoOff = !on
	return func() { trialMemoOff = old }
}

// TrialMemoHits returns the trials the memos of the Str8ts trials have
// spared so far.
func TrialMemoHits() int64 { return trialMemoHits.Load() }

// CheckFollowedPatterns makes the Str8ts trials look for the patterns
// their simple rules follow too, and returns a function that restores the
// setting and returns the steps those found.
func CheckFollowedPatterns() (restore func() int64) {
	old := trialCheckFollowed
	trialCheckFollowed = true
	before := trialFollowedFound.Load()
	return func() int64 {
		trialCheckFollowed = old
		return trialFollowedFound.Load() - before
	}
}

// SetNetCompartmentAfresh makes the forcing nets judge Str8ts
// compartments afresh at every call (or not) and returns a function that
// restores the setting; until then the calls that go on from what their
// closure found are counted (NetCompartmentFollowed).
func SetNetCompartmentAfresh(on bool) (restore func()) {
	old, count := netCompartmentAfresh, netCompartmentCount
	netCompartmentAfresh, netCompartmentCount = on, true
	return func() { netCompartmentAfresh, netCompartmentCount = old, count }
}

// NetCompartmentFollowed returns the calls of the nets' compartment rule
// that went on from what their closure had found so far.
func NetCompartmentFollowed() int64 { return netCompartmentFollowed.Load() }

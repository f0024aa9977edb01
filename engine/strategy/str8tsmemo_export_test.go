package strategy

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

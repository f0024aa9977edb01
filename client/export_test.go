package client

import "time"

// SetIdleStreamAge sets the age from which a stream with nothing out that
// the server ends with Unavailable counts as closed for idleness, and
// returns a function that restores it.
func SetIdleStreamAge(d time.Duration) (restore func()) {
	old := idleStreamAge
	idleStreamAge = d
	return func() { idleStreamAge = old }
}

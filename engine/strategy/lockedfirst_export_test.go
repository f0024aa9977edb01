package strategy

// CheckHeld has every Locked Nested Trial refutes compare, before each
// look at the marks of the lemmas' trials that held, those marks with
// the placements read from the trials' trails (a mismatch panics), until
// the function it returns is called, which reports how many looks at
// marks not all clear were compared.
func CheckHeld() func() int {
	lockedHeldCheck, lockedHeldChecked = true, 0
	return func() int {
		lockedHeldCheck = false
		return lockedHeldChecked
	}
}

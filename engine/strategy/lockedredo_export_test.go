package strategy

// CheckRelemma has every Locked Nested Trial lemma trial that relemma
// finds to hold followed again exactly and compared with it (a mismatch
// panics), until the function it returns is called, which reports how
// many were.
func CheckRelemma() func() int {
	lockedRedoCheck, lockedRedoChecked = true, 0
	return func() int {
		lockedRedoCheck = false
		return lockedRedoChecked
	}
}

package strategy

// SetVerityTwins sets whether Cage Filling Verity's twin groups (of the
// same open cells and sum) share their searches, returning what undoes
// it.
func SetVerityTwins(on bool) (undo func()) {
	was := verityTwins
	verityTwins = on
	return func() { verityTwins = was }
}

// VerityTwinSkips returns, and zeroes, the count of groups Cage Filling
// Verity's searches passed by as twins of a group without a step.
func VerityTwinSkips() int {
	v := verityPool.get()
	defer verityPool.put(v)
	n := v.kept.twins
	v.kept.twins = 0
	return n
}

// SetVerityBound sets whether a Cage Filling Verity filling whose trial
// stopped early in an earlier search may stop before it starts,
// returning what undoes it.
func SetVerityBound(on bool) (undo func()) {
	was := verityBound
	verityBound = on
	return func() { verityBound = was }
}

// VerityBounded returns, and zeroes, the count of Cage Filling Verity
// fillings that stopped before their trial started.
func VerityBounded() int {
	v := verityPool.get()
	defer verityPool.put(v)
	n := v.kept.bounded
	v.kept.bounded = 0
	return n
}

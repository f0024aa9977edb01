package strategy

// SetVerityOrder sets whether a Cage Filling Verity group's cover order
// counts the digits its fillings alive place (covered) and whether its
// fresh fillings are ordered by the search's trial ends first (likely),
// returning what undoes it.
func SetVerityOrder(covered, likely bool) (undo func()) {
	wasCovered, wasLikely := verityCovered, verityLikely
	verityCovered, verityLikely = covered, likely
	return func() { verityCovered, verityLikely = wasCovered, wasLikely }
}

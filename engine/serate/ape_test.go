package serate

import "testing"

// TestAlignedTripletExclusion follows SE's path through a puzzle of
// top1465 up to its 41st step, which serate
// prints as "Aligned Triplet Exclusion: r5c6,r9c4,r6c6": the step must be
// the same, a 7.5 that removes 8 from r5c6 and nothing else.
func TestAlignedTripletExclusion(t *testing.T) {
	const puzzle = "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5.."
	g, err := parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	g.links = &linkMemo{}
	var h hint
	for step := 1; step <= 41; step++ {
		if !next(g, &h) {
			t.Fatalf("step %d: no step found", step)
		}
		if step < 41 {
			h.apply(g)
		}
	}
	var want hint
	want.reset(75)
	want.remove[4*9+5] = 1 << 8
	if h.diff != want.diff || h.remove != want.remove || h.cell != -1 {
		t.Errorf("step 41: difficulty %v, cell %d, removals differ; want 7.5 removing 8 from r5c6", h.diff, h.cell)
	}
	// The step is the triplet exclusion's, not a TUVWXYZ-Wing's (7.5 too).
	var ate, wing hint
	if tuvwxyzWing(g, &wing) {
		t.Error("step 41: a TUVWXYZ-Wing is found")
	}
	if !alignedTripletExclusion(g, &ate) || ate.remove != want.remove {
		t.Error("step 41: alignedTripletExclusion does not find the step")
	}
}

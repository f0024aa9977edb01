package strategy

import (
	"slices"
	"strings"
	"testing"
)

func TestDualTwoStringKite(t *testing.T) {
	// Box 1's candidates r1c1 and r2c2 each end a strong link in their row
	// and in their column.
	links := []patOnly{{5, "r1", "r1c1 r1c7"}, {5, "c1", "r1c1 r7c1"}, {5, "r2", "r2c2 r2c8"}, {5, "c2", "r2c2 r8c2"}}
	runPatCases(t, DualTwoStringKite(), []patCase{
		{
			name:    "r1c1 and r2c2 in box 1",
			only:    links,
			digits:  "5",
			elims:   "5@r7c8 5@r8c7",
			explain: "Dual 2-String Kite on 5 in box 1: r1c7=r1c1-r2c2=r8c2 and r2c8=r2c2-r1c1=r7c1, so r1c7 or r8c2 is 5, and r2c8 or r7c1: remove 5 from r7c8, r8c7",
		},
		{
			// The kite r5c9=r5c5-r4c4=r8c4 eliminates 5 from r8c9, as the
			// earlier kite r1c9=r1c2-r2c3=r8c3 (box 1) does: it still pairs
			// with the kite r4c8=r4c4-r5c5=r9c5 of the same box 5 cells
			// (HoDoKu pairs every kite, whatever the others eliminate).
			name: "a kite of the dual eliminating what an earlier kite does",
			only: []patOnly{
				{5, "r1", "r1c2 r1c9"}, {5, "c3", "r2c3 r8c3"},
				{5, "r4", "r4c4 r4c8"}, {5, "c4", "r4c4 r8c4"}, {5, "r5", "r5c5 r5c9"}, {5, "c5", "r5c5 r9c5"},
			},
			digits:  "5",
			elims:   "5@r8c9 5@r9c8",
			explain: "Dual 2-String Kite on 5 in box 5: r4c8=r4c4-r5c5=r9c5 and r5c9=r5c5-r4c4=r8c4, so r4c8 or r9c5 is 5, and r5c9 or r8c4: remove 5 from r8c9, r9c8",
		},
		{
			name: "a single kite",
			only: []patOnly{{5, "r1", "r1c1 r1c7"}, {5, "c2", "r2c2 r8c2"}},
		},
	})
}

func TestDualEmptyRectangle(t *testing.T) {
	runPatCases(t, DualEmptyRectangle(), []patCase{
		{
			name:    "box 5 with column 8 and row 8",
			only:    []patOnly{erCross, {3, "c8", "r2c8 r5c8"}, {3, "r8", "r8c1 r8c5"}},
			digits:  "3",
			elims:   "3@r2c5 3@r5c1",
			explain: "Dual Empty Rectangle on 3 in box 5 with the strong links r5c8=r2c8 and r8c5=r8c1 in column 8 and row 8: remove 3 from r2c5, r5c1",
		},
		{
			name: "a single empty rectangle",
			only: []patOnly{erCross, {3, "c8", "r2c8 r5c8"}},
		},
	})
}

// TestDualStepsDrawn checks the chain nodes and marks of the duals.
func TestDualStepsDrawn(t *testing.T) {
	b := patTestBoard(t, []patOnly{erCross, {3, "c8", "r2c8 r5c8"}, {3, "r8", "r8c1 r8c5"}}, nil)
	var sink Sink
	DualEmptyRectangle().Find(b, &sink)
	if len(sink.Steps()) != 1 {
		t.Fatalf("%d steps", len(sink.Steps()))
	}
	s := sink.Steps()[0]
	// Two chains y = x - (box in x's line) = (rest of box).
	if len(s.Nodes) != 8 || len(s.Links) != 6 {
		t.Fatalf("%d nodes, %d links, want 8 and 6", len(s.Nodes), len(s.Links))
	}
	for i, want := range []struct {
		kind  NodeKind
		cells string
	}{
		{CandidateNode, "r2c8"}, {CandidateNode, "r5c8"}, {GroupNode, "r5c4 r5c6"}, {GroupNode, "r4c5 r6c5"},
		{CandidateNode, "r8c1"}, {CandidateNode, "r8c5"}, {GroupNode, "r4c5 r6c5"}, {GroupNode, "r5c4 r5c6"},
	} {
		nd := s.Nodes[i]
		var cells []int
		for _, name := range strings.Fields(want.cells) {
			cells = append(cells, cellNamed(t, b.Layout(), name))
		}
		if nd.Kind != want.kind || nd.Digit != 3 || !slices.Equal(nd.Cells, cells) {
			t.Errorf("node %d = %+v, want kind %d on %v", i, nd, want.kind, cells)
		}
	}
	targets := 0
	for _, m := range s.Marks {
		if m.Role == RoleTarget {
			targets++
		}
	}
	if targets != 2 {
		t.Errorf("%d target marks, want 2", targets)
	}
}

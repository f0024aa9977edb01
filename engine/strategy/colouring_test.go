package strategy

import "testing"

func TestSimpleColours(t *testing.T) {
	runPatCases(t, SimpleColours(), []patCase{
		{
			name:    "trap: cells seeing both colours",
			code:    "0500",
			only:    []patOnly{{8, "c1", "r1c1 r7c1"}, {8, "r7", "r7c1 r7c6"}, {8, "c6", "r3c6 r7c6"}},
			digits:  "8",
			elims:   "8@r1c4 8@r1c5 8@r3c2 8@r3c3",
			explain: "Simple Colours Trap on 8, colours r7c1, r3c6 against r7c6, r1c1: one colour is true, so a cell seeing both cannot be 8; remove 8 from r1c4, r1c5, r3c2, r3c3",
		},
		{
			name:    "wrap: r1c1 and r2c2 have one colour and see each other",
			code:    "0501",
			only:    []patOnly{{8, "r1", "r1c1 r1c5"}, {8, "c5", "r1c5 r6c5"}, {8, "r6", "r6c2 r6c5"}, {8, "c2", "r2c2 r6c2"}},
			digits:  "8",
			elims:   "8@r1c1 8@r2c2 8@r6c5",
			explain: "Simple Colours Wrap on 8, colours r1c1, r6c5, r2c2 against r1c5, r6c2: two cells of one colour see each other, so that colour is false; remove 8 from r1c1, r2c2, r6c5",
		},
		{
			name: "no strong links",
		},
	})
}

package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

func TestWXYZWing(t *testing.T) {
	runPatCases(t, WXYZWing(), []patCase{
		{
			name:    "hinge r1c1 with wings in row 1 and box 1",
			cands:   map[string]string{"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r3c3": "34"},
			digits:  "1234",
			elims:   "4@r1c2 4@r1c3",
			explain: "WXYZ-Wing on {1,2,3,4}: r1c1, r1c5, r2c2 and r3c3 hold only these digits and all but 4 are restricted, so one of them is 4: remove 4 from r1c2, r1c3",
		},
		{
			name:   "no hinge: four bivalue cells",
			cands:  map[string]string{"r1c1": "12", "r1c5": "24", "r2c2": "13", "r3c3": "34"},
			digits: "1234",
			elims:  "4@r1c2 4@r1c3 4@r3c4 4@r3c5 4@r3c6",
		},
		{
			name:  "two digits not restricted",
			cands: map[string]string{"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r5c5": "13"},
		},
		{
			name:  "five digits",
			cands: map[string]string{"r1c1": "1235", "r1c5": "14", "r2c2": "24", "r3c3": "34"},
		},
		{
			// Boxes of 2×3: box 1 holds r1c1..r1c3 and r2c1..r2c3.
			name:    "6x6",
			cfg:     grid.Config{Size: 6},
			cands:   map[string]string{"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r2c3": "34"},
			digits:  "1234",
			elims:   "4@r1c2 4@r1c3",
			explain: "WXYZ-Wing on {1,2,3,4}: r1c1, r1c5, r2c2 and r2c3 hold only these digits and all but 4 are restricted, so one of them is 4: remove 4 from r1c2, r1c3",
			alone:   true,
		},
	})
}

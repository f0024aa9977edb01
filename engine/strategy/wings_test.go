package strategy

import "testing"

func TestXYWing(t *testing.T) {
	runPatCases(t, XYWing(), []patCase{
		{
			name:    "pivot r1c1 with pincers in row 1 and column 1",
			cands:   map[string]string{"r1c1": "12", "r1c5": "13", "r5c1": "23"},
			digits:  "123",
			elims:   "3@r5c5",
			explain: "XY-Wing on {1,2,3}: pivot r1c1, pincers r1c5 and r5c1: one of them is 3, so remove 3 from r5c5",
		},
		{
			name:  "pincers without a common digit",
			cands: map[string]string{"r1c1": "12", "r1c5": "13", "r5c1": "24"},
		},
	})
}

func TestXYZWing(t *testing.T) {
	runPatCases(t, XYZWing(), []patCase{
		{
			name:    "pivot r1c1 with pincers in row 1 and box 1",
			cands:   map[string]string{"r1c1": "123", "r1c5": "13", "r2c2": "23"},
			digits:  "123",
			elims:   "3@r1c2 3@r1c3",
			explain: "XYZ-Wing on {1,2,3}: pivot r1c1, pincers r1c5 and r2c2: one of them is 3, so remove 3 from r1c2, r1c3",
		},
		{
			name:  "a pincer with a digit outside the pivot",
			cands: map[string]string{"r1c1": "123", "r1c5": "13", "r2c2": "24"},
		},
	})
}

func TestWWing(t *testing.T) {
	runPatCases(t, WWing(), []patCase{
		{
			name:    "r1c1 and r5c5 joined by column 9",
			only:    []patOnly{{1, "c9", "r1c9 r5c9"}},
			cands:   map[string]string{"r1c1": "12", "r5c5": "12"},
			digits:  "12",
			elims:   "2@r1c5 2@r5c1",
			explain: "W-Wing on {1,2}: r1c1 and r5c5 are joined by the strong link r1c9=r5c9 on 1, so one of them is 2: remove 2 from r1c5, r5c1",
		},
		{
			name:  "no strong link",
			only:  []patOnly{{1, "c9", "r1c9 r5c9 r9c9"}},
			cands: map[string]string{"r1c1": "12", "r5c5": "12"},
		},
		{
			name:  "wing cells that see each other (a naked pair)",
			only:  []patOnly{{1, "c9", "r1c9 r5c9"}},
			cands: map[string]string{"r1c1": "12", "r1c5": "12"},
		},
	})
}

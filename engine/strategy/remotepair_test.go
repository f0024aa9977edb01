package strategy

import "testing"

func TestRemotePair(t *testing.T) {
	chain := map[string]string{"r1c1": "46", "r1c5": "46", "r5c5": "46", "r5c8": "46"}
	runPatCases(t, RemotePair(), []patCase{
		{
			name:    "four cells from r1c1 to r5c8",
			cands:   chain,
			digits:  "46",
			elims:   "4@r1c8 6@r1c8 4@r5c1 6@r5c1",
			explain: "Remote Pair on 4/6: the chain r1c1, r5c5 against r1c5, r5c8 alternates 4 and 6, so a cell seeing both parities holds neither: remove 4 and 6 from r1c8, r5c1",
		},
		{
			name:  "three cells: only naked pairs",
			cands: map[string]string{"r1c1": "46", "r1c5": "46", "r5c5": "46"},
		},
		{
			name:  "cells with other pairs break the chain",
			cands: map[string]string{"r1c1": "46", "r1c5": "46", "r5c5": "47", "r5c8": "46"},
		},
	})
}

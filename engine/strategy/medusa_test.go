package strategy

import (
	"strconv"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

func TestMedusa(t *testing.T) {
	// (1)r1c1 on; (2)r1c1 and (1)r1c5 off; (2)r5c1 and (3)r1c5 on;
	// (3)r5c5 off; (3)r5c1 on: r5c1 holds 2 and 3 of one colour.
	twiceInCell := []patOnly{{1, "r1", "r1c1 r1c5"}, {2, "c1", "r1c1 r5c1"}, {3, "c5", "r1c5 r5c5"}, {3, "r5", "r5c1 r5c5"}}
	twiceInCellCands := map[string]string{"r1c1": "12", "r1c5": "13"}
	// (1)r1c1, (4)r1c5, (2)r5c1 and (2)r5c5 have one colour: two 2s in
	// row 5, and r5c1 holds 2 of one colour and sees the 4 of the other
	// in r5c5.
	twiceInUnit := []patOnly{{2, "c1", "r1c1 r5c1"}, {1, "r1", "r1c1 r1c5"}, {4, "c5", "r1c5 r5c5"}}
	twiceInUnitCands := map[string]string{"r1c1": "12", "r1c5": "14", "r5c5": "24"}
	runColourCases(t, Medusa(), []colourCase{
		{
			name:  "rule 1: twice in a cell",
			only:  twiceInCell,
			cands: twiceInCellCands,
			code:  "0507", rule: medusaTwiceInCell,
			elims:   "1@r1c1 3@r1c5 2@r5c1 3@r5c1",
			explain: "3D Medusa on 1, 2, 3, colours (2)r1c1, (1)r1c5, (3)r5c5 against (1)r1c1, (3)r1c5, (2)r5c1, (3)r5c1: (2)r5c1 and (3)r5c1 have one colour in one cell, so that colour is false => r1c1<>1, r1c5<>3, r5c1<>2, r5c1<>3",
		},
		{
			name:  "rule 2: twice in a unit",
			only:  twiceInUnit,
			cands: twiceInUnitCands,
			code:  "0507", rule: medusaTwiceInUnit,
			elims:   "1@r1c1 4@r1c5 2@r5c1 2@r5c5",
			explain: "3D Medusa on 1, 2, 4, colours (2)r1c1, (1)r1c5, (4)r5c5 against (1)r1c1, (4)r1c5, (2)r5c1, (2)r5c5: (2)r5c1 and (2)r5c5 have one colour and see each other, so that colour is false => r1c1<>1, r1c5<>4, r5c1<>2, r5c5<>2",
		},
		{
			name:  "rule 5: two colours, unit and cell",
			only:  twiceInUnit,
			cands: twiceInUnitCands,
			code:  "0507", rule: medusaUnitAndCell,
			elims: "4@r5c1",
		},
		{
			// (1)r5c5 and (2)r5c5 take opposite colours, around through
			// r1c1: 3 in r5c5 is false.
			name:  "rule 3: two colours in a cell",
			only:  []patOnly{{1, "c1", "r1c1 r5c1"}, {1, "r5", "r5c1 r5c5"}, {2, "r1", "r1c1 r1c5"}, {2, "c5", "r1c5 r5c5"}},
			cands: map[string]string{"r1c1": "12", "r5c5": "123"},
			code:  "0507", rule: medusaBothInCell,
			elims:   "3@r5c5",
			explain: "3D Medusa on 1, 2, colours (1)r1c1, (2)r1c5, (1)r5c5 against (2)r1c1, (1)r5c1, (2)r5c5: a cell holding both colours keeps one of them => r5c5<>3",
		},
		{
			// (1)r1c1 and (1)r5c1 take opposite colours: the other 1s of
			// column 1 are false.
			name:  "rule 4: two colours elsewhere",
			only:  []patOnly{{2, "c1", "r1c1 r5c1"}},
			cands: map[string]string{"r1c1": "12", "r5c1": "12"},
			code:  "0507", rule: medusaSeesBoth,
			elims: "1@r2c1 1@r3c1 1@r4c1 1@r6c1 1@r7c1 1@r8c1 1@r9c1",
		},
		{
			// (1)r1c5, (4)r1c9 and (3)r5c9 have one colour; r5c5 (1 or 3)
			// sees (1)r1c5 and (3)r5c9.
			name:  "rule 6: cell emptied by colour",
			only:  []patOnly{{4, "r1", "r1c5 r1c9"}, {4, "c9", "r1c9 r5c9"}},
			cands: map[string]string{"r1c5": "14", "r5c9": "34", "r5c5": "13"},
			code:  "0507", rule: medusaEmptiedCell,
			elims:   "1@r1c5 4@r1c9 3@r5c9",
			explain: "3D Medusa on 1, 3, 4, colours (4)r1c5, (4)r5c9 against (1)r1c5, (4)r1c9, (3)r5c9: every candidate of r5c5 sees that colour, which would empty it, so that colour is false => r1c5<>1, r1c9<>4, r5c9<>3",
		},
		{
			// Rule 4 on a 6×6 board with 2×3 boxes.
			name:  "6x6: two colours elsewhere",
			cfg:   grid.Config{Size: 6},
			only:  []patOnly{{2, "c1", "r1c1 r4c1"}},
			cands: map[string]string{"r1c1": "12", "r4c1": "12"},
			code:  "0507", rule: medusaSeesBoth,
			elims: "1@r2c1 1@r3c1 1@r5c1 1@r6c1",
		},
		{
			// Rule 1 on a 16×16 board: digits above 9 are named by
			// letters, and the links run as on 9×9.
			name:  "16x16: twice in a cell",
			cfg:   grid.Config{Size: 16},
			only:  twiceInCell,
			cands: twiceInCellCands,
			code:  "0507", rule: medusaTwiceInCell,
			elims: "1@r1c1 3@r1c5 2@r5c1 3@r5c1",
		},
		{
			name:  "clusters of one digit are simple colours",
			only:  []patOnly{{1, "r1", "r1c1 r1c5"}, {1, "c5", "r1c5 r6c5"}},
			cands: map[string]string{},
		},
		{
			name:  "a lone bivalue cell",
			cands: map[string]string{"r1c1": "12"},
		},
	})
}

// colourSolveChecked solves b with every registered strategy that is
// sound without a unique solution (unless unique), checking at every state
// all the steps of MultiColours and Medusa against the solution, and
// counting them in seen.
func colourSolveChecked(t *testing.T, b *grid.Board, solution []uint8, unique bool, seen map[string]int) {
	t.Helper()
	var order []*Strategy
	for _, st := range All() {
		if st.HasFinder() && st.Class() != Search && !st.OptIn() && (unique || !st.NeedsUnique()) {
			order = append(order, st)
		}
	}
	solveCheckingEachState(b, colourStrategies, passesOf(order...), func(st *Strategy, sink *Sink) {
		patCheckSteps(t, b, solution, sink, seen)
		if st == Medusa() {
			for i := range sink.Steps() {
				seen["3D Medusa rule "+strconv.Itoa(medusaRuleOf(&sink.Steps()[i], b.Layout()))]++
			}
		}
	}, nil)
}

func TestColoursSoundOnTop1465(t *testing.T) {
	max := 200
	if quick() {
		max = 30
	}
	solve := func(t *testing.T, b *grid.Board, sol []uint8, seen map[string]int) {
		colourSolveChecked(t, b, sol, true, seen)
	}
	seen := soundOnSharedSets(t, solve, sharedSet{top1465, max})
	if seen["3D Medusa"] == 0 || seen["Multi Colours 1"]+seen["Multi Colours 2"] == 0 {
		t.Errorf("too few steps checked: %v", seen)
	}
}

// colourStrategies are the strategies of multicolour.go and medusa.go.
var colourStrategies = []*Strategy{MultiColours(), Medusa()}

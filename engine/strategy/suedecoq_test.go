package strategy

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

func TestSueDeCoq(t *testing.T) {
	runPatCases(t, SueDeCoq(), []patCase{
		{
			name:   "row 1 and box 1",
			cands:  map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c2": "34"},
			digits: "1234",
			elims: "1@r1c3 2@r1c3 3@r1c3 4@r1c3 1@r1c4 2@r1c4 1@r1c6 2@r1c6 1@r1c7 2@r1c7 1@r1c8 2@r1c8 1@r1c9 2@r1c9 " +
				"3@r2c1 4@r2c1 3@r2c3 4@r2c3 3@r3c1 4@r3c1 3@r3c2 4@r3c2 3@r3c3 4@r3c3",
			explain: "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r2c2 - {3,4}) => " +
				"r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>4, r1c4<>1, r1c4<>2, r1c6<>1, r1c6<>2, r1c7<>1, r1c7<>2, r1c8<>1, r1c8<>2, r1c9<>1, r1c9<>2, " +
				"r2c1<>3, r2c1<>4, r2c3<>3, r2c3<>4, r3c1<>3, r3c1<>4, r3c2<>3, r3c2<>4, r3c3<>3, r3c3<>4",
		},
		{
			// The line's set holds an extra digit, 5, and one more cell.
			name:  "an extra digit in the line's set",
			cands: map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "15", "r1c6": "25", "r2c2": "34"},
			elims: "1@r1c3 2@r1c3 3@r1c3 4@r1c3 5@r1c3 1@r1c4 2@r1c4 5@r1c4 1@r1c7 2@r1c7 5@r1c7 1@r1c8 2@r1c8 5@r1c8 1@r1c9 2@r1c9 5@r1c9 " +
				"3@r2c1 4@r2c1 3@r2c3 4@r2c3 3@r3c1 4@r3c1 3@r3c2 4@r3c2 3@r3c3 4@r3c3",
			digits: "12345",
		},
		{
			name:  "the two sets share a digit of the intersection",
			cands: map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c2": "23"},
		},
		{
			name:  "only one more candidate than cells",
			cands: map[string]string{"r1c1": "123", "r1c2": "123", "r1c5": "12", "r2c2": "3"},
		},
		{
			// Boxes of 2×3: row 1 and box 1 share r1c1..r1c3.
			name:   "6x6",
			cfg:    grid.Config{Size: 6},
			cands:  map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c1": "34"},
			digits: "1234",
			elims:  "1@r1c3 2@r1c3 3@r1c3 4@r1c3 1@r1c4 2@r1c4 1@r1c6 2@r1c6 3@r2c2 4@r2c2 3@r2c3 4@r2c3",
			explain: "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r2c1 - {3,4}) => " +
				"r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>4, r1c4<>1, r1c4<>2, r1c6<>1, r1c6<>2, r2c2<>3, r2c2<>4, r2c3<>3, r2c3<>4",
			alone: true,
		},
		{
			// Region 0 of this map holds r1c1..r1c3, r2c1..r2c3, r3c1, r4c1
			// and r4c2: the region's set r4c2 lies outside the classic box,
			// and r3c2 is no longer in the region.
			name:   "jigsaw",
			cfg:    grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw},
			cands:  map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r4c2": "34"},
			digits: "1234",
			elims: "1@r1c3 2@r1c3 3@r1c3 4@r1c3 1@r1c4 2@r1c4 1@r1c6 2@r1c6 1@r1c7 2@r1c7 1@r1c8 2@r1c8 1@r1c9 2@r1c9 " +
				"3@r2c1 4@r2c1 3@r2c2 4@r2c2 3@r2c3 4@r2c3 3@r3c1 4@r3c1 3@r4c1 4@r4c1",
			explain: "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r4c2 - {3,4}) => " +
				"r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>4, r1c4<>1, r1c4<>2, r1c6<>1, r1c6<>2, r1c7<>1, r1c7<>2, r1c8<>1, r1c8<>2, r1c9<>1, r1c9<>2, " +
				"r2c1<>3, r2c1<>4, r2c2<>3, r2c2<>4, r2c3<>3, r2c3<>4, r3c1<>3, r3c1<>4, r4c1<>3, r4c1<>4",
			alone: true,
		},
	})
}

// miscStrategies are the strategies of suedecoq.go, wxyz.go and
// dualsingledigit.go.
var miscStrategies = []*Strategy{DualTwoStringKite(), DualEmptyRectangle(), WXYZWing(), SueDeCoq()}

// miscSolveChecked solves b with singles and the pattern strategies; before
// every step it asks each of miscStrategies for all its steps and checks
// them against the solution.
func miscSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	order := append([]*Strategy{NakedSingle(), HiddenSingle()}, patternStrategies...)
	order = append(order, miscStrategies...)
	solveCheckingEachState(b, miscStrategies, passesOf(order...), func(_ *Strategy, sink *Sink) {
		patCheckSteps(t, b, solution, sink, seen)
	}, nil)
}

func TestMiscPatternsSoundOnSharedSets(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	seen := soundOnSharedSets(t, miscSolveChecked, sharedSet{"testdata/puzzles/se_rated_top1465.txt", 300})
	// Floors about half of what the finders found when they were set.
	atLeast(t, seen, map[string]int{"Sue de Coq": 12000, "WXYZ-Wing": 12000, "Dual Empty Rectangle": 5})
}

package strategy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerOnly are the local strategies that find steps only on killer
// boards: TestLocalFinders checks them along killer solves
// (TestKillerLocalFinders), not along top1465.
var killerOnly = map[*Strategy]bool{VirtualCages(): true, CombinationCrossover(): true, CageIntersection(): true, InnieOutieDifference(): true, CageBlock(): true}

// TestKillerLocalFinders checks what CellMemo relies on for the killer
// strategies, along the logic solves of generated killers without givens
// (testdata/killer9-cagesize.txt of engine/solver): where a local finder
// found nothing on a state, its first step on a later state is the one it
// finds through the cells changed since. Each must find some steps after
// a state without.
func TestKillerLocalFinders(t *testing.T) {
	first, max := 0, 2 // the puzzles checked: lines first+1 to max
	if quick() {
		first = 1 // the second alone, which takes all three
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	var locals []*Strategy
	for st := range killerOnly {
		locals = append(locals, st)
	}
	lc := newLocalCheck(locals)
	for i, line := range shared.Lines(t, "../solver/testdata/killer9-cagesize.txt") {
		if i == max {
			break
		}
		if i < first {
			continue
		}
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatal(err)
		}
		lc.newPuzzle()
		label := fmt.Sprintf("puzzle %d", i+1)
		solveByFirstSteps(b, passes, func(b *grid.Board, _ *Step) { lc.state(t, b, label) })
	}
	lc.wantFound(t, locals...)
	t.Logf("states checked: %v; steps found after a state without: %v", lc.checked, lc.found)
}

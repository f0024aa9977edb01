package strategy

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFinnedFishBandsCutNothing keeps the cut of cover choices by bands of
// boxes honest: along logic solves of hard puzzles, finned fish finds the
// same steps, in the same order, with the cut and without it.
func TestFinnedFishBandsCutNothing(t *testing.T) {
	max := 60
	if quick() {
		max = 6
	}
	var all Sink
	found := 0
	steps := func(b *grid.Board, banded bool) []string {
		all.Reset()
		all.All = true
		all.strategy = FinnedFish()
		findLineFish(b, &all, finnedLineFish, banded)
		var out []string
		for i := range all.Steps() {
			s := &all.Steps()[i]
			out = append(out, fmt.Sprint(s.Explain(grid.Notation{Layout: b.Layout()}), s.Cells, s.Eliminations))
		}
		return out
	}
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		cut, full := steps(b, true), steps(b, false)
		if !slices.Equal(cut, full) {
			t.Fatalf("%s: with the cut %q, without %q", line, cut, full)
		}
		found += len(cut)
	})
	if found == 0 {
		t.Fatal("no finned fish found: nothing compared")
	}
	t.Logf("%d finned fish steps compared", found)
}

func BenchmarkFishFinders(b *testing.B) {
	benchFinders(b, patStuckBoards(b, 200), []*Strategy{BasicFish(), FinnedFish()})
}

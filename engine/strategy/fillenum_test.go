package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFillEnumAgrees checks fillEnum, the fill by digit choices and
// pairs, against the trial's other fills on random groups of three to
// six cells of a 9×9 board: against the reference walk (distinctWalk)
// where the cells all see each other, against the sum search (fillWith)
// elsewhere where it does not give up. They must agree on whether there
// is a filling, on the digits each cell takes in some filling and on
// those every filling uses.
func TestFillEnumAgrees(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(69, 70))
	tr := &trial{l: l}
	walk := new(distinctWalk)
	var sf grid.SumFiller
	var e fillEnum
	kinds := map[bool]int{}
	found := 0
	for round := range 20000 {
		n := 3 + rng.IntN(fillEnumCells-2)
		var cells []int
		if round%2 == 0 {
			row := 9 * rng.IntN(9)
			for c := range n {
				cells = append(cells, row+c) // a row's first cells: distinct
			}
		} else {
			for len(cells) < n {
				if c := rng.IntN(l.Cells); !containsCell(cells, c) {
					cells = append(cells, c)
				}
			}
		}
		opts := make([]grid.Digits, n)
		for i := range opts {
			for opts[i] == 0 {
				opts[i] = grid.Digits(rng.IntN(512)) & grid.Digits(rng.Uint32())
			}
		}
		target := n + rng.IntN(8*n+1)
		tr.groups = tr.groups[:0]
		tr.addGroup(trialGroup{cells: cells, target: target, cage: -1})
		grp := &tr.groups[0]
		got := e.fill(opts, &grp.sees, target)
		var want trialFill
		if grp.distinct {
			want = walk.fill(opts, target)
		} else if want = fillWith(&sf, opts, &grp.sees, target); !want.ok {
			continue
		}
		if got.ok != want.ok || got.none != want.none || !got.none && got != want {
			t.Fatalf("cells %v options %v target %d: fillEnum %+v, want %+v", cells, opts, target, got, want)
		}
		kinds[grp.distinct]++
		if !got.none {
			found++
		}
	}
	if kinds[true] < 1000 || kinds[false] < 1000 || found < 1000 {
		t.Errorf("%d groups of cells that all see each other, %d others, %d with a filling: want 1000 of each", kinds[true], kinds[false], found)
	}
}

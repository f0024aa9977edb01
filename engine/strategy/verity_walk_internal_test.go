package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestVerityFillsOfAsWalk holds collect's fillings taken from each group's
// last walk (fillsOf) to walks afresh: the same groups, fillings and
// order, along bases of tarek's killers 37 and 41 that lose a few random
// candidates at a time (the filtered walks), stay (the walks taken as
// they are) or start again from the board's (walked anew), with most 2,000
// and 40 (groups past most, remembered as such).
func TestVerityFillsOfAsWalk(t *testing.T) {
	defer func(on bool) { verityWalkMemo = on }(verityWalkMemo)
	rng := rand.New(rand.NewPCG(37, 41))
	filtered := 0
	for _, line := range []int{37, 41} {
		b := tarekBoard(t, line)
		tr := &trial{}
		if !tr.start(b) {
			t.Fatalf("tarek %d: the start breaks", line)
		}
		start := slices.Clone(tr.base)
		var memos [2]verityState
		var plain verityState
		for step := range 120 {
			switch r := rng.IntN(10); {
			case r == 0:
				copy(tr.base, start)
			case r < 8:
				for range 1 + rng.IntN(6) {
					c := rng.IntN(len(tr.base))
					if ds := tr.base[c]; ds.Count() > 1 {
						tr.base[c] = ds &^ grid.Bit(ds.Max())
					}
				}
			}
			for i, most := range []int{2000, 40} {
				memo := &memos[i]
				verityWalkMemo = true
				memo.collect(tr, most)
				verityWalkMemo = false
				plain.collect(tr, most)
				if !slices.Equal(memo.sets, plain.sets) || !slices.Equal(memo.fills, plain.fills) {
					t.Fatalf("tarek %d step %d most %d: the remembered walks give %d groups %v, walks afresh %d %v", line, step, most, len(memo.sets), memo.sets, len(plain.sets), plain.sets)
				}
			}
			filtered += len(memos[0].sets)
		}
	}
	if filtered < 1000 {
		t.Errorf("%d groups listed in all: want the walks to list many", filtered)
	}
}

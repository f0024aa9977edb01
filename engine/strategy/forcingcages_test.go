package strategy

import (
	"slices"
	"testing"
)

// TestVerityCombosKept holds the combinations a cage forcing net branches
// on, kept per cage from search to search (verityCombosOf), to
// fillingCombos on each board: at the states along tarek line 1's logic
// solve and at random positions of tarek killers, visited forwards and
// then backwards with one state, so that most cages meet the options
// their cells had on an earlier board and some cages, other options.
func TestVerityCombosKept(t *testing.T) {
	boards := killerStatesAndPositions(t, 2)
	f := new(forcing)
	kept, listed := 0, 0
	for pass := range 2 {
		for i := range boards {
			b := boards[i]
			if pass == 1 {
				b = boards[len(boards)-1-i]
			}
			f.setup(b, true, false)
			for k := range b.Layout().Cages() {
				want := fillingCombos(b, k, nil, nil)
				if len(want) < 2 || len(want) > maxCageBranches {
					want = nil
				}
				fresh := len(f.verityCombos) != len(b.Layout().Cages()) || !f.verityCombos[k].kept
				got := f.verityCombosOf(k)
				if !slices.Equal(got, want) && (len(got) > 0 || len(want) > 0) {
					t.Fatalf("board %d (pass %d) cage %d: kept combinations %v, fillingCombos %v", i, pass, k, got, want)
				}
				if len(want) > 0 {
					listed++
					if !fresh {
						kept++
					}
				}
			}
		}
	}
	t.Logf("%d boards, %d cages with combinations to branch on, %d of them after the cage had combinations kept", len(boards), listed, kept)
	if listed < 100 {
		t.Fatalf("only %d cages with combinations to branch on: the test checks little", listed)
	}
}

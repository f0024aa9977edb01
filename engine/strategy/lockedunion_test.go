package strategy

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestLockedFamUnion holds the Locked Nested Trial's quick end of an
// intersection check (places not all within famUnion) to the plain walk
// over the intersections of the first place (fams): on layouts of side
// 16 and 25, for every unit and first place and random places after it,
// the union may pass places that no intersection holds (the walk then
// finds none) but never end a check where the walk finds one. It fails
// when the union is that of fewer intersections.
func TestLockedFamUnion(t *testing.T) {
	r := rand.New(rand.NewPCG(66, 1))
	for _, cfg := range []grid.Config{{Size: 16}, {Size: 16, Variant: grid.X}, {Size: 16, Variant: grid.Windoku}, {Size: 25, Variant: grid.X}, {Size: 25, Variant: grid.Colour}} {
		l, err := grid.NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var lt lockedTrial
		lt.setup(l)
		n := lt.n
		held, passed := 0, 0
		for u := range lt.units {
			for low := range n {
				for range 200 {
					// The first place, and places after it: fewer the
					// likelier, so that many lie in an intersection.
					left := uint32(1) << low
					for k := r.IntN(5); k > 0 && low < n-1; k-- {
						left |= 1 << (low + 1 + r.IntN(n-1-low))
					}
					if bits.OnesCount32(left) < 2 {
						continue
					}
					in := false
					at := (u*n + low) * lt.famWidth
					for _, f := range lt.fams[at : at+lt.famWidth] {
						if f.link >= 0 && left&^f.mask == 0 {
							in = true
						}
					}
					if in {
						held++
					}
					if left&^lt.famUnion[u*n+low] == 0 {
						passed++
					} else if in {
						t.Fatalf("%v: unit %d, places %b: within an intersection, ended by the union %b", cfg, u, left, lt.famUnion[u*n+low])
					}
				}
			}
		}
		if held == 0 || passed == held {
			t.Errorf("%v: %d sets of places within an intersection, %d passed by the union: the test tells nothing", cfg, held, passed)
		}
	}
}

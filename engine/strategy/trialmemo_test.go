package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialMemoPacking checks that the trials' memo gives back what it
// was given: random fillings of groups of every size up to
// grid.MaxGroupCells, under keys of the first and last groups it packs,
// are stored and read again, each different from the others.
func TestTrialMemoPacking(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 38))
	var m trialMemo
	m.reset()
	type stored struct {
		key [2]uint64
		n   int
		f   trialFill
	}
	var all []stored
	for i := range 2000 {
		n := 1 + rng.IntN(grid.MaxGroupCells)
		g := rng.IntN(1000)
		if i%2 == 0 {
			g = memoMaxGroups - 1 - rng.IntN(3)
		}
		var opts [grid.MaxGroupCells]grid.Digits
		for j := range n {
			opts[j] = grid.Digits(rng.Uint32()) & grid.AllDigits(maxTrialDigits)
		}
		key := packDigits(opts[:n])
		key[1] |= uint64(g+1) << memoGroupShift
		f := trialFill{ok: rng.IntN(4) > 0, none: rng.IntN(3) == 0}
		if f.ok && !f.none {
			f.must = grid.Digits(rng.Uint32()) & grid.AllDigits(maxTrialDigits)
		}
		for j := range n {
			f.support[j] = grid.Digits(rng.Uint32()) & grid.AllDigits(maxTrialDigits)
		}
		e := m.slot(key)
		if e.key[1] != 0 {
			continue // the same key drawn again
		}
		m.n++
		e.key, e.val = key, packFill(&f, n)
		all = append(all, stored{key, n, f})
	}
	for _, s := range all {
		e := m.slot(s.key)
		if e.key != s.key {
			t.Fatalf("key %x: not found", s.key)
		}
		if got := unpackFill(e.val, s.n); got != s.f {
			t.Fatalf("key %x: got %+v, stored %+v", s.key, got, s.f)
		}
	}
	if len(all) < 1900 {
		t.Errorf("%d entries stored: too few", len(all))
	}
}

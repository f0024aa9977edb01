package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// randomTrialFill returns a random trialFill of n cells as fillGroup
// returns them: nothing but ok and none where there is no filling or the
// search gave up, else a digit allowed in each cell.
func randomTrialFill(rng *rand.Rand, n int) trialFill {
	switch rng.IntN(6) {
	case 0:
		return trialFill{}
	case 1:
		return trialFill{ok: true, none: true}
	}
	f := trialFill{ok: true, must: grid.Digits(rng.Uint32()) & grid.AllDigits(maxTrialDigits)}
	for j := range n {
		f.support[j] = grid.Digits(1+rng.IntN(1<<maxTrialDigits-1)) & grid.AllDigits(maxTrialDigits)
	}
	return f
}

// TestTrialMemoPacking checks that a trialMemoEntry's value gives back
// the fill packed in it, for groups of every size the memo keeps.
func TestTrialMemoPacking(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 38))
	kinds := map[[2]bool]int{}
	for range 5000 {
		n := 1 + rng.IntN(trialMemoCells)
		f := randomTrialFill(rng, n)
		var got trialFill
		if unpackFill(&got, packFill(&f, n), n); got != f {
			t.Fatalf("%d cells: got %+v, packed %+v", n, got, f)
		}
		kinds[[2]bool{f.ok, f.none}]++
	}
	if len(kinds) != 3 {
		t.Errorf("fills drawn %v: a kind missing", kinds)
	}
}

// TestTrialMemoKeeps fills the trials' memo with random states of groups
// (the first and last indexes it packs among them) past its size, and
// checks that a look finds only what was added under its key, that the
// table grows to its bound and that the states added last are found: a
// state leaves only when its bucket takes trialMemoWays newer ones.
func TestTrialMemoKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 16))
	var m trialMemo
	m.reset()
	added := map[uint64]uint64{}
	var order []uint64
	for i := range 3 * trialMemoWays * maxTrialMemo / 2 {
		n := 1 + rng.IntN(trialMemoCells)
		g := rng.IntN(200)
		if i%3 == 0 {
			g = memoMaxGroups - 1 - rng.IntN(3)
		}
		var opts [trialMemoCells]grid.Digits
		for j := range n {
			opts[j] = grid.Digits(rng.Uint32()) & grid.AllDigits(maxTrialDigits)
		}
		key := packDigits(opts[:n]) | uint64(g+1)<<memoGroupShift
		if _, ok := added[key]; ok {
			continue
		}
		if _, ok := m.look(key); ok {
			t.Fatalf("key %x: found before it was added", key)
		}
		f := randomTrialFill(rng, n)
		val := packFill(&f, n)
		m.add(key, val)
		added[key] = val
		order = append(order, key)
	}
	if len(m.buckets) != maxTrialMemo {
		t.Errorf("%d buckets, want %d", len(m.buckets), maxTrialMemo)
	}
	found := 0
	for _, key := range order {
		if val, ok := m.look(key); ok {
			found++
			if val != added[key] {
				t.Fatalf("key %x: got %x, added %x", key, val, added[key])
			}
		}
	}
	if found < len(order)/2 || found > trialMemoWays*maxTrialMemo {
		t.Errorf("%d of %d states found in %d entries", found, len(order), trialMemoWays*maxTrialMemo)
	}
	m.reset()
	recent := 0
	for i, key := range order {
		m.add(key, added[key])
		if i >= len(order)-1000 {
			continue
		}
	}
	for _, key := range order[len(order)-1000:] {
		if val, ok := m.look(key); ok && val == added[key] {
			recent++
		}
	}
	if recent < 990 {
		t.Errorf("%d of the 1,000 states added last found", recent)
	}
}

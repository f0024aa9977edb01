package strategy

import (
	"math/rand/v2"
	"testing"
)

// TestClearByClears holds clearBy, which clears the removals' events
// (trial.by) of the cells marked alone, to clearing all of them: after
// trials from random states of the first six tarek killers' boards, and
// after a copy into by (byCopied), every entry is 0 once cleared.
func TestClearByClears(t *testing.T) {
	rng := rand.New(rand.NewPCG(70, 38))
	trials, marked := 0, 0
	for i, tr := range tarekTrials(t, 6) {
		for range 300 {
			randomTrialState(tr, rng)
			if rng.IntN(2) == 0 {
				tr.run()
			}
			tr.drain()
			for x := range tr.by {
				if tr.by[x] != 0 && tr.byCells[x/16>>6]>>(x/16&63)&1 == 0 {
					t.Fatalf("killer9-tarek.txt:%d: r%dc%d's removal of %d not marked", i+1, x/16/9+1, x/16%9+1, x%16)
				}
			}
			for _, w := range tr.byCells {
				marked += bitsCount(w)
			}
			if rng.IntN(10) == 0 {
				for x := range tr.by {
					tr.by[x] = int32(rng.IntN(3))
				}
				tr.byCopied()
			}
			tr.clearBy()
			for x, e := range tr.by {
				if e != 0 {
					t.Fatalf("killer9-tarek.txt:%d: r%dc%d's removal of %d left after clearBy", i+1, x/16/9+1, x/16%9+1, x%16)
				}
			}
			trials++
		}
	}
	if trials < 1000 || marked < 10*trials {
		t.Fatalf("%d trials cleared, %d cells marked: too few", trials, marked)
	}
	t.Logf("%d trials cleared, %d cells marked", trials, marked)
}

// bitsCount returns the bits set in w.
func bitsCount(w uint64) int {
	n := 0
	for ; w != 0; w &= w - 1 {
		n++
	}
	return n
}

package strategy

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
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
				marked += bits.OnesCount64(w)
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

// TestQuietFillsRuleNothingOut holds fill's answer of nil (the memo's
// fillings of a group allow every candidate and use no digit outside the
// group's locks) to what the fillings say: on random states of trials on
// the first six tarek killers' boards, each group's fill is taken from
// the memo and filled again without it (fillGroup); nil must come
// exactly where the fillings have one, allow every candidate and use no
// digit past lockedG.
func TestQuietFillsRuleNothingOut(t *testing.T) {
	rng := rand.New(rand.NewPCG(70, 39))
	quiet, loud := 0, 0
	for i, tr := range tarekTrials(t, 6) {
		for range 200 {
			if !randomTrialState(tr, rng) {
				tr.drain()
				continue
			}
			for g := range tr.groups {
				tr.lockedG[g] = grid.Digits(rng.IntN(1 << 9))
				if rng.IntN(2) == 0 {
					tr.lockedG[g] = 0
				}
				tr.fill(g) // into the memo, where it keeps groups of this size
				got := tr.fill(g)
				grp := &tr.groups[g]
				n := len(grp.cells)
				opts := make([]grid.Digits, n)
				for k, c := range grp.cells {
					opts[k] = tr.cand[c]
				}
				want := tr.fillGroup(grp, opts)
				allows := want.ok && !want.none && want.must&^tr.lockedG[g] == 0
				for k := range n {
					allows = allows && opts[k]&^want.support[k] == 0
				}
				memo := n <= trialMemoCells && !(grp.distinct && n <= 3)
				switch {
				case got == nil && !allows:
					t.Fatalf("killer9-tarek.txt:%d, group %v: fill nil, the fillings %+v rule out of %v (locked %v)", i+1, grp.cells, want, opts, tr.lockedG[g])
				case got != nil && allows && memo:
					t.Fatalf("killer9-tarek.txt:%d, group %v: fill not nil, the fillings %+v rule nothing out of %v (locked %v)", i+1, grp.cells, want, opts, tr.lockedG[g])
				case got == nil:
					quiet++
				default:
					loud++
				}
			}
			tr.drain()
		}
	}
	if quiet < 1000 || loud < 1000 {
		t.Fatalf("%d fills nil, %d not: too few", quiet, loud)
	}
	t.Logf("%d fills nil, %d not", quiet, loud)
}

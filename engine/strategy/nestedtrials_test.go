package strategy

import (
	"math"
	"math/bits"
	"slices"
	"testing"
)

// refRefute is refute as it was before its held trials were kept as the
// literals they added (session 19): each trial's whole net, on then off,
// its "true" plane vouching for what it implies, lemmas in the order of
// the cells.
func refRefute(f *forcing, p int32, wide bool) bool {
	ns := &f.nested
	ns.premises = append(ns.premises[:0], p)
	if f.close(&f.a, p) {
		return true
	}
	w := f.words
	holds := make([]uint64, w)
	var trials []uint64
	for progress := true; progress; {
		progress = false
	cells:
		for cell, ds := range f.b.Candidates() {
			alive := f.a.alive[cell]
			if alive.Count() < 2 || alive == ds && !wide {
				continue
			}
			for ; alive != 0; alive &= alive - 1 {
				q := f.cand(cell, bits.TrailingZeros32(uint32(alive)))
				if f.spent() {
					return false
				}
				if holds[q>>6]&(1<<(q&63)) != 0 {
					continue
				}
				f.c.bare = true
				held := !f.assume(&f.c, q<<1|1)
				f.c.bare = false
				if held {
					for j, x := range f.c.on {
						holds[j] |= x
					}
					trials = append(append(trials, f.c.on...), f.c.off...)
					continue
				}
				clear(holds)
				kept := 0
				for t := 0; t < len(trials); t += 2 * w {
					net := trials[t : t+2*w]
					if net[w+int(q>>6)]&(1<<(q&63)) == 0 {
						continue
					}
					for j, x := range net[:w] {
						holds[j] |= x
					}
					kept += copy(trials[kept:], net)
				}
				trials = trials[:kept]
				bad := f.assume(&f.a, q<<1)
				ns.premises = append(ns.premises, q<<1)
				if bad {
					return true
				}
				progress = true
				continue cells
			}
		}
	}
	return false
}

// TestKeptTrialsMatchDense holds refute, whose held lemma trials vouch
// by the literals they added and are kept by them (keepTrials), to the
// reference that keeps whole nets: on the 16×16 X boards of
// netBenchBoards and on 9×9 boards stuck before the chains, every
// premise of the nested order (narrow, and wide for the first hundred),
// the same outcome, the same lemmas in the same order and the same work
// (the same trials followed). It fails when a trial is kept that does not
// imply the lemma, or one that does is dropped.
func TestKeptTrialsMatchDense(t *testing.T) {
	boards := netBenchBoards(t, 1, 20)
	boards = append(boards, forcingStuckBoards(t, 3)...)
	f := new(forcing)
	var sink Sink
	f.sink = &sink
	defer func() { f.sink = nil }()
	refuted, lemmas, kept := 0, 0, 0
	for _, b := range boards {
		f.setup(b, true, false)
		f.limit = math.MaxInt32
		f.work, f.budget = 0, math.MaxInt
		f.nestedOrder()
		for i, o := range slices.Clone(f.nested.order) {
			for _, wide := range []bool{false, true} {
				if wide && i >= 100 {
					continue
				}
				p := o.cand<<1 | 1
				f.work = 0
				got := f.refute(p, wide, false)
				gotWork, gotPremises := f.work, slices.Clone(f.nested.premises)
				kept += len(f.nested.trials)
				f.work = 0
				want := refRefute(f, p, wide)
				if got != want || gotWork != f.work || !slices.Equal(gotPremises, f.nested.premises) {
					t.Fatalf("%d×%d, premise %d (wide %v): refuted %v/%v, work %d/%d, lemmas %v/%v",
						b.Layout().N, b.Layout().N, p, wide, got, want, gotWork, f.work, gotPremises, f.nested.premises)
				}
				if got {
					refuted++
				}
				lemmas += len(gotPremises) - 1
			}
		}
	}
	if refuted < 20 || lemmas < 200 || kept == 0 {
		t.Errorf("%d premises refuted, %d lemmas, %d trial literals kept, want at least 20, 200 and some", refuted, lemmas, kept)
	}
	t.Logf("%d premises refuted, %d lemmas", refuted, lemmas)
}

package strategy

import (
	"math"
	"math/bits"
	"slices"
	"testing"
)

// refFollowNet is followNet as it was before its loop was tightened
// (session 16), kept as the reference its closures must match: each
// literal followed on its own, every count of a false literal's units
// taken down and read at once, none settled.
func refFollowNet(f *forcing, im *implications) bool {
	limit := f.limit
	trace := !im.bare || limit != math.MaxInt32
	for qi := 0; qi < len(im.queue) && im.bad == badNone; qi++ {
		lit := im.queue[qi]
		next := int32(0)
		if trace {
			dep := im.depth[lit]
			if dep >= limit {
				break
			}
			next = dep + 1
		}
		if lit&1 != 0 {
			refNetTrue(f, im, lit, next, trace)
		} else {
			refNetFalse(f, im, lit, next)
		}
	}
	return im.bad != badNone
}

// refNetTrue follows true literal lit of im for refFollowNet.
func refNetTrue(f *forcing, im *implications, lit, next int32, trace bool) {
	cell, di := f.split(lit >> 1)
	for o := im.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(uint32(o))*f.plane + cell
		w, m := c>>6, uint64(1)<<(c&63)
		if im.off[w]&m != 0 {
			continue
		}
		x := int32(c) << 1
		if trace {
			im.pred[x], im.depth[x] = lit, next
		}
		if im.on[w]&m != 0 {
			im.bad, im.badAt = badLiteral, x
			break
		}
		im.off[w] |= m
		im.queue = append(im.queue, x)
	}
	for j := range f.cw {
		w := di*f.cw + j
		fresh := f.peers[cell*f.cw+j] & f.candPlanes[w] &^ im.off[w]
		if fresh == 0 {
			continue
		}
		if clash := fresh & im.on[w]; clash != 0 {
			x := int32(w*64+bits.TrailingZeros64(clash)) << 1
			if trace {
				im.pred[x], im.depth[x] = lit, next
			}
			im.bad, im.badAt = badLiteral, x
			break
		}
		im.off[w] |= fresh
		for ; fresh != 0; fresh &= fresh - 1 {
			x := int32(w*64+bits.TrailingZeros64(fresh)) << 1
			if trace {
				im.pred[x], im.depth[x] = lit, next
			}
			im.queue = append(im.queue, x)
		}
	}
}

// refNetFalse follows false literal lit of im for refFollowNet.
func refNetFalse(f *forcing, im *implications, lit, next int32) {
	cell, di := f.split(lit >> 1)
	left := im.alive[cell] &^ (1 << di)
	im.alive[cell] = left
	if left == 0 {
		im.bad, im.badAt = badCell, int32(cell)
		return
	}
	if left&(left-1) == 0 {
		if c := f.cand(cell, bits.TrailingZeros32(uint32(left))); !im.has(c<<1 | 1) {
			im.set(c<<1|1, predCellSingle, next)
		}
	}
	for _, ref := range f.unitRefs[f.unitRefAt[cell]:f.unitRefAt[cell+1]] {
		k := int(ref.base) + di
		r := (im.rem[k] - 1) ^ ref.pos
		im.rem[k] = r
		if r&remCount > 1 {
			continue
		}
		if r&remCount == 0 {
			im.bad, im.badAt = badUnit, int32(k)
			continue
		}
		c := f.cand(int(f.unitCells[int(ref.base)+int(r>>remPosShift)]), di)
		if !im.has(c<<1 | 1) {
			im.set(c<<1|1, predUnitSingle-int32(ref.unit), next)
		}
	}
}

// refClose is forcing.close with refFollowNet.
func refClose(f *forcing, im *implications, premises ...int32) bool {
	clear(im.on)
	clear(im.off)
	im.queue = im.queue[:0]
	im.leaves = nil
	f.b.CopyCandidates(im.alive)
	copy(im.rem, f.baseUnits)
	im.bad = badNone
	for _, p := range premises {
		im.set(p, predPremise, 0)
	}
	return refFollowNet(f, im)
}

// refAssume is forcing.assume (into f.c, from f.a) with refFollowNet,
// from ref, the reference's closure of the premises, into into.
func refAssume(f *forcing, ref, into *implications, lit int32) bool {
	into.loadFrom(ref)
	into.queue = into.queue[:0]
	into.bad = badNone
	into.set(lit, predPremise, 0)
	return refFollowNet(f, into)
}

// sameClosure reports whether closures x and y of the same premises are
// the same: literals in the same order, the same contradiction, the same
// candidates left, and, when traced, the same predecessors and depths.
func sameClosure(x, y *implications, traced bool) bool {
	if x.bad != y.bad || x.bad != badNone && x.badAt != y.badAt ||
		!slices.Equal(x.queue, y.queue) || !slices.Equal(x.on, y.on) || !slices.Equal(x.off, y.off) {
		return false
	}
	if x.bad == badNone && !slices.Equal(x.alive, y.alive) {
		return false
	}
	if traced {
		for _, lit := range x.queue {
			if x.pred[lit] != y.pred[lit] || x.depth[lit] != y.depth[lit] {
				return false
			}
		}
	}
	return true
}

// TestFollowNetMatchesReference holds followNet (its runs of false
// literals, settled counts and ends followed after a cell's counts are
// down) to the closures of the literal-by-literal reference, on the
// 16×16 X boards of netBenchBoards and on 9×9 boards stuck before the
// chains: every candidate's closure true and false, traced, bare and cut
// at a depth, and each true closure without a contradiction continued
// with a lemma trial (assume), whose counts it carries settled.
func TestFollowNetMatchesReference(t *testing.T) {
	boards := netBenchBoards(t, 1, 20)
	boards = append(boards, forcingStuckBoards(t, 3)...)
	f := new(forcing)
	var ref, refTrial implications
	lits, bad, trials := 0, 0, 0
	for _, b := range boards {
		f.setup(b, true, false)
		ref.init(f.words, 2*f.cands, b.Layout().Cells, len(b.Layout().Units())*f.n)
		refTrial.init(f.words, 2*f.cands, b.Layout().Cells, len(b.Layout().Units())*f.n)
		for cell, ds := range b.Candidates() {
			for ; ds != 0; ds &= ds - 1 {
				c := f.cand(cell, bits.TrailingZeros32(uint32(ds)))
				for _, mode := range []struct {
					lit   int32
					bare  bool
					limit int32
				}{{c<<1 | 1, false, math.MaxInt32}, {c << 1, false, math.MaxInt32}, {c<<1 | 1, true, math.MaxInt32}, {c<<1 | 1, false, 3}} {
					f.limit = mode.limit
					f.a.bare, ref.bare = mode.bare, mode.bare
					got := f.close(&f.a, mode.lit)
					want := refClose(f, &ref, mode.lit)
					f.a.bare, ref.bare = false, false
					if got != want || !sameClosure(&f.a, &ref, !mode.bare) {
						t.Fatalf("%d×%d, premise %d (bare %v, limit %d): the closure differs from the reference's: contradiction %v/%v at %d/%d, %d/%d literals",
							b.Layout().N, b.Layout().N, mode.lit, mode.bare, mode.limit, got, want, f.a.badAt, ref.badAt, len(f.a.queue), len(ref.queue))
					}
					lits += len(f.a.queue)
					if got {
						bad++
					}
					if got || mode.limit != math.MaxInt32 || mode.lit&1 == 0 {
						continue
					}
					// A lemma trial: the first candidate the net leaves open
					// in a cell it narrowed.
					for q := range b.Layout().Cells {
						alive := f.a.alive[q]
						if alive.Count() < 2 || alive == b.Cands(q) {
							continue
						}
						lit := f.cand(q, bits.TrailingZeros32(uint32(alive)))<<1 | 1
						f.c.bare, refTrial.bare = true, true
						got := f.assume(&f.c, lit)
						want := refAssume(f, &ref, &refTrial, lit)
						f.c.bare, refTrial.bare = false, false
						if got != want || !sameClosure(&f.c, &refTrial, false) {
							t.Fatalf("%d×%d, premise %d, trial %d: the closure differs from the reference's: contradiction %v/%v, %d/%d literals",
								b.Layout().N, b.Layout().N, mode.lit, lit, got, want, len(f.c.queue), len(refTrial.queue))
						}
						trials++
						break
					}
				}
			}
		}
	}
	f.limit = math.MaxInt32
	if lits < 100000 || bad < 100 || trials < 1000 {
		t.Errorf("%d literals, %d contradictions and %d trials compared, want at least 100000, 100 and 1000", lits, bad, trials)
	}
	t.Logf("%d literals, %d contradictions, %d trials", lits, bad, trials)
}

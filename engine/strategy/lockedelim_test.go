package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// plainElim is the Locked Nested Trial's elimination as it was written
// before session 67 (branches on the places left, appends), for
// TestLockedElim to hold elim to.
func (t *lockedTrial) plainElim(c, d int, ev int32) bool {
	di := int32(d-1) & 31
	bit := grid.Digits(1) << di
	ds := t.cand[c]
	if ds&bit == 0 {
		return true
	}
	t.work++
	ds &^= bit
	t.cand[c] = ds
	t.trail = append(t.trail, int32(c*32)+di)
	if t.logOn {
		t.elimAt[c*t.n+d-1] = int32(len(t.elims))
		t.elims = append(t.elims, lockedElim{cell: c, digit: d, ev: ev})
	}
	if ds == 0 {
		t.bad = lockedBad{on: true, cell: c, unit: -1}
		return false
	}
	switch rest := ds & (ds - 1); {
	case rest == 0:
		t.queue = append(t.queue, lkSingle|int32(c))
	case rest&(rest-1) == 0:
		t.queue = append(t.queue, lkPair|int32(c))
	}
	for _, r := range t.cellU[c] {
		i := int(r.base) + int(di)
		left := t.rem[i] &^ r.place
		t.rem[i] = left
		switch {
		case left == 0:
			t.bad = lockedBad{on: true, cell: -1, unit: int(r.u), digit: d}
			return false
		case left&(left-1) == 0:
			t.queue = append(t.queue, lkHidden|r.u<<5|di)
		default:
			if t.lockQ[i] == 0 {
				t.lockQ[i] = 1
				t.queue = append(t.queue, lkLock|int32(i)<<5|di)
			}
			if rest := left & (left - 1); rest&(rest-1) == 0 {
				t.queue = append(t.queue, lkHiddenPair|r.u<<5|di)
			}
		}
	}
	return true
}

// TestLockedElim holds elim (its entries queued without branches, its
// log out of line) to plainElim: on layouts of side 16 and 25, from
// random candidates, checks queued and queues, logged or not, the same
// random eliminations leave the same candidates, places, checks, queue,
// trail, log, work and contradiction. It counts the kinds of entry queued, each at least a
// floor, and fails when one of elim's entries is queued on another
// condition.
func TestLockedElim(t *testing.T) {
	r := rand.New(rand.NewPCG(67, 1))
	kinds := map[int32]int{}
	bad := 0
	for _, cfg := range []grid.Config{{Size: 16}, {Size: 16, Variant: grid.X}, {Size: 16, Variant: grid.Windoku}, {Size: 25}, {Size: 25, Variant: grid.X}} {
		l, err := grid.NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var a, b lockedTrial
		a.setup(l)
		b.setup(l)
		n := a.n
		for round := range 300 {
			// Candidates: each kept with a chance, so that cells and
			// units end near one, two and none.
			keep := 0.05 + 0.9*r.Float64()
			a.cand = make([]grid.Digits, l.Cells)
			for c := range a.cand {
				for d := range n {
					if r.Float64() < keep {
						a.cand[c] |= 1 << d
					}
				}
			}
			a.loadRem()
			for i := range a.lockQ {
				a.lockQ[i] = uint8(r.IntN(2))
			}
			// Room for the round's eliminations, as setup makes it.
			a.queue = make([]int32, r.IntN(4), 4+150*(1+2*5))
			a.trail = make([]int32, r.IntN(3), 3+150)
			a.work, a.bad, a.logOn = r.IntN(100), lockedBad{}, round%4 == 0
			a.elims = a.elims[:0]
			for i := range a.elimAt {
				a.elimAt[i] = -1
			}
			b.cand, b.rem, b.lockQ = slices.Clone(a.cand), slices.Clone(a.rem), slices.Clone(a.lockQ)
			b.queue, b.trail = slices.Clone(a.queue), slices.Clone(a.trail)
			b.work, b.bad, b.logOn = a.work, a.bad, a.logOn
			b.elims, b.elimAt = slices.Clone(a.elims), slices.Clone(a.elimAt)
			for range 150 {
				c, d := r.IntN(l.Cells), r.IntN(n)+1
				from := len(b.queue)
				okA, okB := a.elim(c, d, 7), b.plainElim(c, d, 7)
				if okA != okB || a.bad != b.bad || a.work != b.work ||
					!slices.Equal(a.cand, b.cand) || !slices.Equal(a.rem, b.rem) || !slices.Equal(a.lockQ, b.lockQ) ||
					!slices.Equal(a.queue, b.queue) || !slices.Equal(a.trail, b.trail) ||
					!slices.Equal(a.elims, b.elims) || !slices.Equal(a.elimAt, b.elimAt) {
					t.Fatalf("%v round %d: r%dc%d<>%d: elim %v %+v, queue %v; plain %v %+v, queue %v",
						cfg, round, c/n+1, c%n+1, d, okA, a.bad, a.queue[from:], okB, b.bad, b.queue[from:])
				}
				for _, x := range b.queue[from:] {
					kinds[x&^lkMask]++
				}
				if !okB {
					bad++
					break
				}
				if r.IntN(8) == 0 {
					// The queue followed: its checks no longer queued.
					a.queue, b.queue = a.queue[:0], b.queue[:0]
					clear(a.lockQ)
					clear(b.lockQ)
				}
			}
		}
	}
	for _, k := range []int32{lkSingle, lkHidden, lkLock, lkPair, lkHiddenPair} {
		if kinds[k] < 100 {
			t.Errorf("%d entries of kind %d queued: the test tells little", kinds[k], k>>28)
		}
	}
	t.Logf("entries by kind %v, %d contradictions", kinds, bad)
	if bad < 50 {
		t.Errorf("%d contradictions: the test tells little", bad)
	}
}

// TestLockedRoom holds setup's room for the queue and the trail, which
// elim does not check, to its worst case: from every candidate (an empty
// board's) after start's entries, every candidate eliminated, in random
// order, contradictions or not, each unit's check queued again by every
// elimination (as if run had followed the checks between them), on
// layouts of side 16 and 25 with three to five units a cell. Past the
// room, elim's writes panic.
func TestLockedRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(69, 1))
	for _, cfg := range []grid.Config{{Size: 16}, {Size: 16, Variant: grid.X}, {Size: 16, Variant: grid.Windoku}, {Size: 25}, {Size: 25, Variant: grid.X}} {
		l, err := grid.NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var a lockedTrial
		a.setup(l)
		n := a.n
		a.cand = make([]grid.Digits, l.Cells)
		for c := range a.cand {
			a.cand[c] = 1<<n - 1
		}
		a.loadRem()
		// start's entries: a check and a hidden single for each unit's
		// digit, a single for each cell.
		a.queue = a.queue[:0]
		for range l.Cells + 2*len(a.units)*n {
			a.queue = append(a.queue, lkSingle)
		}
		room, trail := cap(a.queue), cap(a.trail)
		order := r.Perm(l.Cells * n)
		for _, x := range order {
			a.elim(x/n, x%n+1, -1)
			clear(a.lockQ)
		}
		if len(a.trail) != l.Cells*n || cap(a.queue) != room || cap(a.trail) != trail {
			t.Errorf("%v: %d eliminations trailed of %d, queue room %d → %d, trail room %d → %d", cfg, len(a.trail), l.Cells*n, room, cap(a.queue), trail, cap(a.trail))
		}
		t.Logf("%v: %d entries queued, room %d", cfg, len(a.queue), room)
	}
}

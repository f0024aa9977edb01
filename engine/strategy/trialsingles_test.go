package strategy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialSinglesPlain holds the trials' singles (which passes by the
// cells settled and counts a unit's digits a bit per digit) to the plain
// rule, plainSingles: each single's peers looked at, each digit counted
// over the unit's cells, one after the other. Trials from random
// premises (one to three cells fixed) on the first six tarek killers'
// boards are followed as run follows them, and every unit's singles are
// followed on a copy of the trial by plainSingles too: the result, the
// candidates, the events and what removed each candidate, the cells read,
// the queues and the contradiction must agree, and the digits' counts
// kept must be those of the candidates. Enough unit passes must
// fix or lock something, and enough end in a contradiction, for the
// comparison to mean something.
func TestTrialSinglesPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 38))
	var plain trial
	passes, changed, broken := 0, 0, 0
	for i, tr := range tarekTrials(t, 6) {
		for range 150 {
			// From the base, or from it with a few candidates gone (the
			// counts a trial starts from follow its start's).
			start := tr.base
			if rng.IntN(2) == 0 {
				start = slices.Clone(tr.base)
				for range rng.IntN(12) {
					c := rng.IntN(len(start))
					if ds := start[c] &^ grid.Bit(1+rng.IntN(9)); ds != 0 {
						start[c] = ds
					}
				}
			}
			tr.begin(start)
			if msg := countsDiffer(tr); msg != "" {
				t.Fatalf("killer9-tarek.txt:%d, a trial's start: %s", i+1, msg)
			}
			ok := true
			for range 1 + rng.IntN(3) {
				c := tr.order[rng.IntN(len(tr.order))]
				ds := tr.cand[c]
				if ds == 0 {
					break
				}
				d := nthDigit(ds, rng.IntN(ds.Count()))
				tr.events = append(tr.events, trialEvent{group: -1, cell: c, digit: d, unit: -1})
				if ok = tr.fix(c, d, len(tr.events)-1); !ok {
					break
				}
			}
			for ok && (len(tr.queueU) > 0 || tr.headG < len(tr.queueG)) {
				if len(tr.queueG) > tr.headG && len(tr.queueU) == 0 {
					g := tr.queueG[tr.headG]
					if tr.headG++; tr.headG == len(tr.queueG) {
						tr.queueG, tr.headG = tr.queueG[:0], 0
					}
					tr.dirtyG[g] = false
					ok = tr.follow(g)
					continue
				}
				u := tr.queueU[len(tr.queueU)-1]
				tr.queueU = tr.queueU[:len(tr.queueU)-1]
				tr.unit[u].dirty = false
				copyTrial(&plain, tr)
				events := len(tr.events)
				ok = tr.singles(u)
				plainOK := plainSingles(&plain, u)
				passes++
				if len(tr.events) != events {
					changed++
				}
				if !ok {
					broken++
				}
				if msg := trialsDiffer(tr, &plain, ok, plainOK); msg != "" {
					t.Fatalf("killer9-tarek.txt:%d, unit %d after events %v: %s", i+1, u, tr.events[:events], msg)
				}
				if msg := countsDiffer(tr); ok && msg != "" {
					t.Fatalf("killer9-tarek.txt:%d, unit %d after events %v: %s", i+1, u, tr.events[:events], msg)
				}
			}
			tr.drain()
		}
	}
	t.Logf("%d unit passes, %d changed something, %d contradictions", passes, changed, broken)
	if passes < 50000 || changed < 2000 || broken < 40 {
		t.Errorf("%d unit passes, %d changing something, %d contradictions: too few to compare", passes, changed, broken)
	}
}

// nthDigit returns the digit of ds at index k, counting from the least.
func nthDigit(ds grid.Digits, k int) int {
	for range k {
		ds &= ds - 1
	}
	return ds.Min()
}

// copyTrial makes dst a copy of src's state within a trial, sharing its
// layout's tables.
func copyTrial(dst, src *trial) {
	*dst = trial{
		b: src.b, l: src.l, groups: src.groups, cellGrp: src.cellGrp, peers: src.peers, units: src.units,
		cand:    slices.Clone(src.cand),
		by:      slices.Clone(src.by),
		events:  slices.Clone(src.events),
		dirtyG:  slices.Clone(src.dirtyG),
		lockedG: slices.Clone(src.lockedG),
		places:  slices.Clone(src.places),
		read:    src.read, settled: src.settled,
		unit: slices.Clone(src.unit), unitDigits: src.unitDigits, singleCells: src.singleCells, digitCells: src.digitCells,
		ascending: src.ascending,
		queueG:    slices.Clone(src.queueG), headG: src.headG,
		queueU: slices.Clone(src.queueU),
	}
}

// trialsDiffer describes how trials a and b, after results okA and okB,
// differ ("" when they do not).
func trialsDiffer(a, b *trial, okA, okB bool) string {
	switch {
	case okA != okB:
		return "results differ"
	case !slices.Equal(a.cand, b.cand):
		return "candidates differ"
	case !slices.Equal(a.events, b.events):
		return "events differ"
	case !slices.Equal(a.by, b.by):
		return "removals differ"
	case !slices.Equal(a.places, b.places):
		return "locked places differ"
	case a.read != b.read:
		return "cells read differ"
	case !slices.Equal(a.queueU, b.queueU) || !slices.Equal(a.queueG[a.headG:], b.queueG[b.headG:]):
		return "queues differ"
	case !okA && (a.bad != b.bad || !slices.Equal(a.badCells, b.badCells) || a.badDigits != b.badDigits):
		return "contradictions differ"
	}
	return ""
}

// countsDiffer describes how the digits' counts t keeps for its units
// and its cells of one candidate, which remove keeps up to date, differ
// from those counted afresh from its candidates ("" when they do not).
func countsDiffer(t *trial) string {
	for u := range t.l.Units() {
		if k := countUnit(t.cand, t.l.Unit(u).Cells); t.unit[u].unitCount != k {
			return fmt.Sprintf("unit %d counted %+v, kept %+v", u, k, t.unit[u].unitCount)
		}
	}
	var ones [2]uint64
	for c, x := range t.cand {
		if x&(x-1) == 0 {
			ones[c>>6] |= 1 << (c & 63)
		}
	}
	if ones != t.singleCells {
		return fmt.Sprintf("cells of one candidate %x, kept %x", ones, t.singleCells)
	}
	for d := 1; d <= t.l.N; d++ {
		var holds [2]uint64
		for c, x := range t.cand {
			if x.Has(d) {
				holds[c>>6] |= 1 << (c & 63)
			}
		}
		if holds != t.digitCells[d] {
			return fmt.Sprintf("cells holding %d %x, kept %x", d, holds, t.digitCells[d])
		}
	}
	return ""
}

// plainSingles is the plain rule trial.singles is held to: the naked
// singles of unit u, each cell's peers looked at, then for each digit in
// order its places in the unit counted: none is a contradiction, one a
// hidden single, two or three a locked digit.
func plainSingles(t *trial, u int) bool {
	cells := t.l.Unit(u).Cells
	t.looked(t.units[u])
	for _, c := range cells {
		if ds := t.cand[c]; t.b.Value(c) == 0 && ds.Count() == 1 && t.openPeer(c, ds) {
			ev := len(t.events)
			t.events = append(t.events, trialEvent{group: -1, cell: c, digit: ds.Min(), unit: -1})
			if !t.fix(c, ds.Min(), ev) {
				return false
			}
		}
	}
	for d := 1; d <= t.l.N; d++ {
		bit := grid.Bit(d)
		n, at := 0, -1
		for _, c := range cells {
			if t.cand[c]&bit != 0 {
				n, at = n+1, c
			}
		}
		if n == 0 {
			t.bad = trialEvent{group: -1, unit: u, digit: d, cell: -1}
			t.badCells, t.badDigits = append(t.badCells[:0], cells...), bit
			return false
		}
		if n == 1 && t.b.Value(at) == 0 && t.cand[at] != bit {
			ev := len(t.events)
			t.events = append(t.events, trialEvent{group: -1, cell: at, digit: d, unit: u})
			if !t.fix(at, d, ev) {
				return false
			}
		}
		if n > 1 && n <= 3 && !t.lock(u, d) {
			return false
		}
	}
	return true
}

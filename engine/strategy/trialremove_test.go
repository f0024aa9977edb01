package strategy

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// tarekTrials returns trials started on the first n tarek killers' boards.
func tarekTrials(t *testing.T, n int) []*trial {
	t.Helper()
	var trs []*trial
	for i, line := range shared.Lines(t, "../search/testdata/killer9-tarek.txt")[:n] {
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
		tr := new(trial)
		if !tr.start(b) {
			t.Fatalf("killer9-tarek.txt:%d breaks a rule", i+1)
		}
		trs = append(trs, tr)
	}
	return trs
}

// stateDiffers describes how trials a and b differ in what remove keeps
// besides what trialsDiffer compares ("" when they do not).
func stateDiffers(a, b *trial) string {
	switch {
	case !slices.EqualFunc(a.unit, b.unit, func(x, y trialUnit) bool { return x.unitCount == y.unitCount }):
		return "units' counts differ"
	case a.singleCells != b.singleCells:
		return "cells of one candidate differ"
	case a.digitCells != b.digitCells:
		return "digits' cells differ"
	case !slices.Equal(a.lockedG, b.lockedG):
		return "groups' locks differ"
	case !slices.EqualFunc(a.unit, b.unit, func(x, y trialUnit) bool { return x.lock == y.lock }):
		return "units' locks differ"
	case !slices.Equal(a.dirtyG, b.dirtyG) || !slices.EqualFunc(a.unit, b.unit, func(x, y trialUnit) bool { return x.dirty == y.dirty }):
		return "marks differ"
	}
	return ""
}

// randomTrialState begins tr from its base and fixes up to three random
// candidates, following nothing; false when a fix breaks the trial.
func randomTrialState(tr *trial, rng *rand.Rand) bool {
	tr.begin(tr.base)
	for range rng.IntN(4) {
		c := tr.order[rng.IntN(len(tr.order))]
		ds := tr.cand[c]
		if ds.Count() < 2 {
			continue
		}
		d := nthDigit(ds, rng.IntN(ds.Count()))
		tr.events = append(tr.events, trialEvent{group: -1, cell: c, digit: d, unit: -1})
		if !tr.fix(c, d, len(tr.events)-1) {
			return false
		}
	}
	return true
}

// TestRemoveSetAsRemoves holds removeSet, which takes several candidates
// out of a cell at once, to remove taking them one by one in increasing
// order: from random states of trials on the first six tarek killers'
// boards, random sets of a cell's candidates (all of them at times, which
// leaves the cell empty) leave the same result, candidates, removals,
// cells read, queues, contradiction, counts, locks and marks either way.
func TestRemoveSetAsRemoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 38))
	var plain trial
	sets, several, emptied := 0, 0, 0
	for i, tr := range tarekTrials(t, 6) {
		for range 400 {
			if !randomTrialState(tr, rng) {
				tr.drain()
				continue
			}
			for range 1 + rng.IntN(6) {
				c := rng.IntN(len(tr.cand))
				ds := tr.cand[c] & grid.Digits(rng.IntN(1<<10))
				if rng.IntN(8) == 0 {
					ds = tr.cand[c]
				}
				copyTrial(&plain, tr)
				ok := tr.removeSet(c, ds, len(tr.events))
				plainOK := true
				for o := ds; plainOK && o != 0; o &= o - 1 {
					plainOK = plain.remove(c, o.Min(), len(plain.events))
				}
				sets++
				if ds.Count() > 1 {
					several++
				}
				if !ok {
					emptied++
				}
				msg := trialsDiffer(tr, &plain, ok, plainOK)
				if msg == "" {
					msg = stateDiffers(tr, &plain)
				}
				if msg != "" {
					t.Fatalf("killer9-tarek.txt:%d, r%dc%d less %v: %s", i+1, c/9+1, c%9+1, ds, msg)
				}
				if msg := countsDiffer(tr); ok && msg != "" {
					t.Fatalf("killer9-tarek.txt:%d, r%dc%d less %v: %s", i+1, c/9+1, c%9+1, ds, msg)
				}
				if !ok {
					break
				}
			}
			tr.drain()
		}
	}
	t.Logf("%d sets removed, %d of several digits, %d emptying a cell", sets, several, emptied)
	if several < 2000 || emptied < 50 {
		t.Errorf("%d sets of several digits, %d emptying a cell: too few to compare", several, emptied)
	}
}

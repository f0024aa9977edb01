package strategy

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// nestMemo remembers the nested searches (trial.nested) of Nested Cage
// Contradiction by what such a search depends on: the candidates xs it
// starts from; which cells hold there what the search's base holds (it
// tries only cells that do not, and a cell that does stays so until xs
// loses a candidate there, alike for two bases that agree at the start);
// the order of the cells it may try (those with more than one candidate
// in xs, in t.order's order) and the cells placed. Two searches alike in
// all of these cut the same candidates in the same order after the same
// looks and end alike: ctx, which names the premise, only keys the trial
// cache, whose hits count their looks as if followed. A search found in
// the memo counts its looks and gives its cuts without following a
// trial, so what a Nested Cage Contradiction search finds, and after how
// many looks, is what it finds without the memo. The strong trial
// (Strong Nested Cage Contradiction) is remembered alike: what its
// subsets and unit combinations keep from trial to trial (strongState's
// memos, quiet units and kept unions) only saves their work, its
// trials ending as the candidates they start from say (the seed-7027
// killer of generate --variant killer --cage-size 5: 80 nested searches
// of its two Strong Nested searches come from the memo, 5 % of the
// solve's instructions).
//
// Two premises whose outer trials leave the same candidates meet here in
// one search (the two cells of a two-cell cage, most often: each fixes
// the other), and a premise whose outer trial leaves what it left in the
// search before meets its own search again when the board changed
// elsewhere. Along tarek's killer 18 (solve defaults) 24 of the 173
// nested searches of its first eleven batches are found so, most of
// them 14,000-20,000 looks that end without a contradiction, and 54 of
// the 97 of its last (docs/variant-techniques.md, session 21).
type nestMemo struct {
	at      map[uint64]int32 // the hash of a search's inputs to its entry
	entries []nestEntry
	// vals holds each entry's xs, then its order (cells as Digits).
	vals []grid.Digits
	cuts []CellDigit // the entries' cuts
	hits int         // for the tests and measurements
}

// nestEntry is one nested search remembered: its inputs in vals from off
// (n candidate sets, then k cells of its order), the cells holding the
// base's candidates and those placed; the looks it took, its cuts in
// nestMemo.cuts from cutsAt (cutsN of them) and whether it broke.
type nestEntry struct {
	off, n, k     int32
	cutsAt, cutsN int32
	same          [2]uint64
	placed        [2]uint64
	work          int32
	broken        bool
}

// nestMemoOn is whether Nested Cage Contradiction uses its memo; the
// tests compare its searches without it.
var nestMemoOn = true

// maxNestVals bounds nestMemo.vals (4 bytes each, a search some 150):
// past it the memo starts again.
const maxNestVals = 1 << 18

// reset empties the memo.
func (m *nestMemo) reset() {
	if m.at == nil {
		m.at = make(map[uint64]int32)
	}
	clear(m.at)
	m.entries, m.vals, m.cuts = m.entries[:0], m.vals[:0], m.cuts[:0]
}

// placed returns the cells placed on the board started, a bit per cell.
func (t *trial) placed() [2]uint64 {
	var m [2]uint64
	for c := range t.l.Cells {
		if t.b.Value(c) != 0 {
			m[c>>6] |= 1 << (c & 63)
		}
	}
	return m
}

// nestedKept is nested (see there) for the outer trial ctx's candidates
// xs, the board's placed cells placed, taken from the memo when it holds
// a search of the same inputs: its looks counted and its cuts appended,
// xs left as it is (the caller reads it no more). The candidate budget
// (nestedCandidateBudget) is the same for every search, so a search cut
// short by it is remembered as one.
func (t *trial) nestedKept(ctx int, xs []grid.Digits, placed [2]uint64, cuts []CellDigit) (bool, []CellDigit) {
	if !nestMemoOn {
		return t.nested(ctx, xs, cuts)
	}
	key, in := t.nestKey(xs, placed)
	if e := t.nestLook(key, in, xs); e != nil {
		t.work += int(e.work)
		// No inner trial of the cuts is kept for the report, which
		// follows them again (loadCut finds none).
		t.rep.cutTrials = t.rep.cutTrials[:0]
		return e.broken, append(cuts, t.nest.cuts[e.cutsAt:e.cutsAt+e.cutsN]...)
	}
	t.nestStart = append(t.nestStart[:0], xs...)
	work, from := t.work, len(cuts)
	broken, cuts := t.nested(ctx, xs, cuts)
	t.nestKeep(key, in, t.nestStart, t.work-work, broken, cuts[from:])
	return broken, cuts
}

// nestKey returns the hash of the inputs of a nested search from xs and
// the entry of them, its order left in t.nestOrder.
func (t *trial) nestKey(xs []grid.Digits, placed [2]uint64) (uint64, nestEntry) {
	e := nestEntry{placed: placed, n: int32(len(xs))}
	t.nestOrder = t.nestOrder[:0]
	for _, c := range t.order {
		if xs[c]&(xs[c]-1) != 0 {
			t.nestOrder = append(t.nestOrder, grid.Digits(c))
		}
	}
	e.k = int32(len(t.nestOrder))
	h := uint64(0)
	for c, ds := range xs {
		if ds == t.base[c] {
			e.same[c>>6] |= 1 << (c & 63)
		}
		h = (h ^ uint64(ds)) * 0x9e3779b97f4a7c15
	}
	for _, c := range t.nestOrder {
		h = (h ^ uint64(c)) * 0xbf58476d1ce4e5b9
	}
	h ^= e.same[0] ^ e.same[1]<<17 ^ e.placed[0]<<29 ^ e.placed[1]<<41
	return memoHash(h), e
}

// nestLook returns the entry of the search of inputs in (from nestKey,
// for xs), or nil.
func (t *trial) nestLook(key uint64, in nestEntry, xs []grid.Digits) *nestEntry {
	i, ok := t.nest.at[key]
	if !ok {
		return nil
	}
	e := &t.nest.entries[i]
	if e.n != in.n || e.k != in.k || e.same != in.same || e.placed != in.placed ||
		!slices.Equal(t.nest.vals[e.off:e.off+e.n], xs) ||
		!slices.Equal(t.nest.vals[e.off+e.n:e.off+e.n+e.k], t.nestOrder) {
		return nil
	}
	t.nest.hits++
	return e
}

// nestKeep remembers the nested search of inputs e (from nestKey) that
// started from start, took work looks and cut cuts, breaking or not.
func (t *trial) nestKeep(key uint64, e nestEntry, start []grid.Digits, work int, broken bool, cuts []CellDigit) {
	m := &t.nest
	if len(m.vals)+len(start)+len(t.nestOrder) > maxNestVals || len(m.cuts)+len(cuts) > maxNestVals {
		m.reset()
	}
	e.off, e.work, e.broken = int32(len(m.vals)), int32(work), broken
	e.cutsAt, e.cutsN = int32(len(m.cuts)), int32(len(cuts))
	m.vals = append(m.vals, start...)
	m.vals = append(m.vals, t.nestOrder...)
	m.cuts = append(m.cuts, cuts...)
	if i, ok := m.at[key]; ok {
		m.entries[i] = e // the last search of these inputs
		return
	}
	m.at[key] = int32(len(m.entries))
	m.entries = append(m.entries, e)
}

package search

import "github.com/sudokuwise/solver/engine/grid"

// matchMemoBits sizes the memo of matchings (see matchMemo): 1<<matchMemoBits
// entries of 96 bytes (384 KiB). 1<<14 entries answered about a tenth more
// matchings but took as much CPU as no memo on the busy machine (the
// table outgrows the core's cache; see docs/search.md, session 12).
const matchMemoBits = 12

// matchKey is the state a cage's sets are matched in (see keepMatched):
// the model (a generation of the memo), the constraint, its sets still
// possible (tables of at most 64 sets), the digits placed in its cells,
// the digits its sets must hold, and the candidates of its empty cells in
// order.
type matchKey struct {
	gen, con     uint32
	n            int32
	placed, need grid.Digits
	alive        uint64
	cands        [maxMatchCells]grid.Digits
}

// matchEntry is the outcome of keepMatched in the state key: the sets
// still possible after it, the digits all of them leave to place, whether
// any is, and the support of each empty cell.
type matchEntry struct {
	key     matchKey
	alive   uint64
	must    grid.Digits
	ok      bool
	support [maxMatchCells]grid.Digits
}

// matchMemo remembers recent matchings of cage sets by the state they
// were made in: the search meets a cage's state again in sibling subtrees
// and after a backtrack (on the hardest killers about half the matchings
// meet a state met before, see docs/search.md), and keepMatched's outcome
// depends on nothing else. It is direct-mapped: a new state takes the
// slot of the one it hashes to. Its entries outlive a model (the
// searcher's next layout); gen, in every key, tells a model's entries
// from the others'.
type matchMemo struct {
	entries []matchEntry
	gen     uint32
	// hits counts the matchings the memo answered.
	hits int64
}

// reset forgets the entries of the last model: they name its
// constraints.
func (mm *matchMemo) reset() {
	mm.gen++
	if mm.gen == 0 {
		// Wrapped around: entries of a generation long gone would match.
		clear(mm.entries)
		mm.gen = 1
	}
}

// slot returns the entry k hashes to, making the entries the first time.
func (mm *matchMemo) slot(k *matchKey) *matchEntry {
	if mm.entries == nil {
		// An empty slot matches no key: gen starts at 1.
		mm.entries = make([]matchEntry, 1<<matchMemoBits)
	}
	h := uint64(k.con)*0x9e3779b97f4a7c15 ^ uint64(k.placed)<<32 ^ uint64(k.need)
	h = (h ^ k.alive) * 0xbf58476d1ce4e5b9
	for _, c := range k.cands[:k.n] {
		h = (h ^ uint64(c)) * 0x94d049bb133111eb
	}
	h ^= h >> 29
	return &mm.entries[h>>(64-matchMemoBits)]
}

// memoFrom is the guesses a count makes before it matches through the
// memo: a state comes back in the subtrees of a search, and an easy
// count would only fill the memo (a cache miss a matching).
const memoFrom = 256

// keepMatchedMemo is keepMatched for combos constraint id (c), through
// the memo unless Options.NoMatchMemo is set, the count has made memoFrom
// guesses or more and the table has at most 64 sets: the same outcome,
// alive and support written as keepMatched writes them (support must
// come in empty).
func (g *generic) keepMatchedMemo(id int32, c *constraint, alive []uint64, placed, open, need grid.Digits, empty, support []grid.Digits) (must grid.Digits, ok bool) {
	if g.matched == nil {
		g.matched = new(matchCache)
	}
	if g.opts.NoMatchMemo || g.nodes < memoFrom || len(alive) != 1 {
		return keepMatched(c.combos, alive, placed, open, need, empty, support, g.matched)
	}
	mm := &g.memo
	k := matchKey{gen: mm.gen, con: uint32(id), n: int32(len(empty)), placed: placed, need: need, alive: alive[0]}
	copy(k.cands[:], empty)
	e := mm.slot(&k)
	if e.key == k {
		alive[0] = e.alive
		copy(support, e.support[:len(empty)])
		mm.hits++
		return e.must, e.ok
	}
	must, ok = keepMatched(c.combos, alive, placed, open, need, empty, support, g.matched)
	e.key, e.alive, e.must, e.ok = k, alive[0], must, ok
	copy(e.support[:], support)
	return must, ok
}

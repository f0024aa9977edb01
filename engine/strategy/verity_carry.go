package strategy

import (
	"github.com/sudokuwise/solver/engine/grid"
)

// verityCarry makes Cage Filling Verity carry the outcomes of its
// fillings' trials from one search to the next (see verityKept); a
// variable for the tests, which compare it with searches afresh.
var verityCarry = true

// maxVerityKept bounds the candidates verityKept holds (4 bytes each):
// past it the outcomes are dropped and found again. Extreme 3's searches
// keep about 10,000 fillings alive, 810,000 candidates.
const maxVerityKept = 1 << 22

// verityKept is what Cage Filling Verity's searches carry to the next:
// the outcome of each filling's trial from the base of the search that
// followed it. The strong trial's rules only remove candidates, each
// where it would on any smaller candidates too, so that from a base
// holding no candidate the earlier one lacked (a later position of the
// same solve, every rule followed again) a filling whose trial broke
// breaks again, and one that held ends where the trial started from its
// earlier end, less what the base lost, ends: resume follows only what
// the base lost since. Its outcomes hold for bases within ref of the
// layout l; a search from another base starts them again.
type verityKept struct {
	l   *grid.Layout
	ref []grid.Digits // the base of the last search
	// at maps a filling (see fillingKey) to its outcome: -1 broke, o >= 0
	// the offset in cand of the candidates its trial ended with, o < -1
	// a trial that stopped early (see verity) with the candidates at
	// offset -o-2, which its end lacks (see bound).
	at   map[fillKey]int32
	cand []grid.Digits
	// counts, for the tests and measurements: fillings whose outcome was
	// carried (dead skipped, alive resumed), trials followed afresh, and
	// of those the ones that stopped early (see verity), those stopped
	// before they started (see bound); groups passed by as twins of a
	// group without a step (see twins).
	dead, resumed, fresh, stopped, twins, bounded int
}

// fillKey is a filling of a group (see fillingKey).
type fillKey struct {
	group  int32
	digits uint64
}

// fillingKey is the key of filling digits of group g in verityKept.at:
// the group, and the digits four bits each after a leading 1 that marks
// how many there are (a group has at most grid.MaxGroupCells cells). The
// key once packed the group's number before the digits, so that group 17's
// 3,4 was group 0's 2,3,4 (both 0x1234): a search then took one filling's
// trial for the other's, and its verities removed true candidates
// (TestFillingKeysDistinct).
func fillingKey(g int, digits []uint8) fillKey {
	key := uint64(1)
	for _, d := range digits {
		key = key<<4 | uint64(d)
	}
	return fillKey{group: int32(g), digits: key}
}

// load readies k for a search from base, of layout l: its outcomes are
// kept when base lies within the last search's, and dropped otherwise.
func (k *verityKept) load(l *grid.Layout, base []grid.Digits) {
	keep := verityCarry && k.l == l && len(k.ref) == len(base) && len(k.cand) < maxVerityKept && within(base, k.ref)
	if !keep {
		if k.at == nil {
			k.at = make(map[fillKey]int32)
		}
		clear(k.at)
		k.cand = k.cand[:0]
	}
	k.l = l
	k.ref = append(k.ref[:0], base...)
}

// broke notes that the trial of the filling of key broke.
func (k *verityKept) broke(key fillKey) {
	if verityCarry {
		k.at[key] = -1
	}
}

// held notes that the trial of the filling of key ended with cand.
func (k *verityKept) held(key fillKey, cand []grid.Digits) {
	if !verityCarry {
		return
	}
	if off, ok := k.at[key]; ok && off != -1 {
		if off < 0 {
			off = -off - 2
			k.at[key] = off
		}
		copy(k.cand[off:], cand)
		return
	}
	k.at[key] = int32(len(k.cand))
	k.cand = append(k.cand, cand...)
}

// stoppedWith notes that the trial of the filling of key stopped early
// with cand: its end, from this base or one within it, lacks what cand
// lacks (the rules only remove candidates, each where it would on fewer
// too). The bounds take at most half of maxVerityKept.
func (k *verityKept) stoppedWith(key fillKey, cand []grid.Digits) {
	if !verityCarry || !verityBound {
		return
	}
	if off, ok := k.at[key]; ok && off < -1 {
		copy(k.cand[-off-2:], cand)
		return
	}
	if len(k.cand) >= maxVerityKept/2 {
		return
	}
	k.at[key] = -int32(len(k.cand)) - 2
	k.cand = append(k.cand, cand...)
}

// bound returns the candidates the trial of the filling of key had when
// it stopped early in an earlier search, or nil if it did not (see
// stoppedWith).
func (k *verityKept) bound(key fillKey) []grid.Digits {
	off, ok := k.at[key]
	if !ok || off >= -1 {
		return nil
	}
	o := int(-off - 2)
	return k.cand[o : o+len(k.ref)]
}

// verityBound is whether a filling whose trial stopped early in an
// earlier search may stop before it starts (see verity): a variable for
// the tests, which compare it with trials afresh.
var verityBound = true

// resume follows again, from the current base, the trial of a filling
// that ended with end from an earlier base holding every candidate this
// one does: it starts from end less what the base lacks, so that only
// those removals are followed. False at a contradiction, else the
// candidates after it are in t.cand.
func (t *trial) resume(end []grid.Digits) bool {
	if within(end, t.base) {
		// The base lacks nothing the trial kept: it ends where it did.
		copy(t.cand, end)
		return true
	}
	t.begin(end)
	t.events = append(t.events, trialEvent{group: -1, cell: -1, unit: -1})
	ok := true
	for x, ds := range end {
		ok = t.removeSet(x, ds&^t.base[x], 0)
		if !ok {
			break
		}
	}
	ok = ok && t.run()
	t.drain()
	return ok
}

// within reports whether every candidate of cand is one of base's.
func within(cand, base []grid.Digits) bool {
	for x, ds := range cand {
		if ds&^base[x] != 0 {
			return false
		}
	}
	return true
}

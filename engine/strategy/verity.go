package strategy

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var fillingVerityStrategy = onCages(newStrategy(Elimination, fillingVerity, findFillingVerities, explainFillingVerity))

// CageFillingVerity (W2) is a forcing verity over a cage's fillings: take
// a cage or a virtual cage (cells whose sum the rule of 45 gives) with
// few fillings left, assume each filling in turn and follow it with
// Strong Cage Contradiction's trial (singles, locked digits, the fillings
// of every cage and virtual cage, the subsets of every unit and each
// unit's cages together); the fillings whose trial breaks a rule are
// false, and a candidate every other filling's trial removes is false
// whichever filling holds. It reads: "Cage Filling Verity: cage 9+ at
// r1c2 (r1c2+r2c2=9) keeps {4,5},{3,6}; of its fillings (r1c2,r2c2) the
// strong trial leaves 45, 54, each removing r3c2<>9; so r3c2<>9". The
// fillings the trial breaks are not listed: each is a Strong Cage
// Contradiction of the whole filling.
//
// A filling fixes every cell of its cage, which reaches further than one
// candidate does: where a mixed solve of the stuck tarek and extreme
// killers first guesses, no cell's candidates, no digit's places and no
// cage's combinations have a verity under the strong trial, and the
// fillings of small cages have some (docs/variant-techniques.md, session
// 13). It runs where every other Dear pass, Strong Cage Contradiction
// included, finds nothing; a search follows the groups of at most
// verityFillings fillings, fewest first, and stops after verityBudget
// looks at fillings (Sink.DeepLooks where smaller: a mixed solve's deep
// round under solver.Options.VerityLooks). Its searches carry each
// filling's outcome to the next search of the same solve (see
// verityKept). It is opt-in in the order of play: a search that finds
// nothing costs up to a second. A mixed solve runs it once its deep
// searches are over, where it would guess, and a logic-only one where it
// would be stuck (solver.Options.OneDeepSearch): so it finishes the
// forum's Wecoc #1 (killer9-extreme.txt line 1) by logic, in about 5.5 s
// of CPU.
func CageFillingVerity() *Strategy { return fillingVerityStrategy }

var fillingVerity = &Technique{name: "Cage Filling Verity", level: Extreme, score: 820, se: 96}

// verityFillings is the most fillings a group may have to be followed,
// and verityBudget the most looks at fillings one search takes (a strong
// trial takes 30-40 of them at the first-guess positions). The steps that
// finish extreme 3 lie in groups of 1,000-2,000 fillings, up to 1,250,000
// looks into a search; extreme 1 needs more than 2,000,000 looks. They
// are variables for the tests.
var (
	verityFillings = 2000
	verityBudget   = 5_000_000
)

// verityState is the working state of a Cage Filling Verity search, kept
// in a pool.
type verityState struct {
	// fills holds the fillings of the groups followed, each a digit a
	// cell, in sets' order.
	fills []uint8
	sets  []veritySet
	union []grid.Digits
	// alive are the offsets in fills of the fillings of the group
	// followed whose trial did not break.
	alive []int
	// fresh are the offsets in fills of the group's fillings no earlier
	// search followed.
	fresh []int
	order []int
	// budget is the most looks the search takes: a group it ends in has
	// no step.
	budget int
	// blockN counts the fresh fillings by first digit, firstState tells
	// whether the trial of the first cell's digit was followed (1, its
	// end in firsts) or broke (2).
	blockN     [grid.MaxSize + 1]int
	firstState [grid.MaxSize + 1]uint8
	firsts     [grid.MaxSize + 1][]grid.Digits
	// ends holds the ends of the trials that held in this search, any
	// group's, nEnds of them (at most maxVerityEnds), which order a
	// group's fresh fillings (see likely): endBits and endScore are
	// likely's.
	ends     []grid.Digits
	nEnds    int
	endBits  []uint64
	endScore []int32
	// cover picks the order in which a group's fresh fillings are
	// followed (see coverOrder).
	cover coverOrder
	// left holds, once some filling of the group held, the candidates
	// of the base that no filling alive keeps yet, by cell: leftCells
	// and their candidates leftMask, leftN of them in all (see
	// verityAdd). aborted are the offsets in fills of the fillings
	// whose trials stopped once they had removed all of them.
	leftCells []int
	leftMask  []grid.Digits
	leftN     int
	aborted   []int
	kept      verityKept
	turn      []veritySet // the groups in the order of a search that starts past the first
	digits    [grid.MaxGroupCells]uint8
	count     int // the fillings walk found
	// walked is, by group of the layout walkL, its last walk (see
	// fillsOf).
	walked []verityWalked
	walkL  *grid.Layout
	// rep, repAt and sig tell each group's first twin (see twins); none
	// marks the first twins whose group this search found no step in.
	rep   []int32
	repAt [][grid.MaxGroupCells]int8
	sig   []twinSig
	none  []bool
}

// veritySet is a group and its fillings, fills[off:off+n*len(cells)].
type veritySet struct {
	g, n, off int
}

// verityPool keeps the searches' states, with the outcomes they carry
// (see verityKept), from one search to the next.
var verityPool keptPool[verityState]

func findFillingVerities(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := strongPool.Get().(*trial)
	defer strongPool.Put(t)
	v := verityPool.get()
	defer verityPool.put(v)
	budget := verityBudget
	if sink.DeepLooks > 0 {
		budget = min(budget, sink.DeepLooks)
	}
	if t.startStrong(b) {
		t.findVerities(sink, v, verityFillings, budget)
	}
	sink.VerityLooks = t.work
}

// findVerities adds the Cage Filling Verity steps of the board started
// (see start) with a strong trial to sink: those of the groups of at
// most most fillings, fewest first, looking at budget fillings at most.
// A search for one step starts after the group of the step the last
// search on sink found (see Sink.verityAfter), and comes round to the
// groups before it last.
func (t *trial) findVerities(sink *Sink, v *verityState, most, budget int) {
	v.collect(t, most)
	v.kept.load(t.l, t.base)
	v.ends, v.nEnds = v.ends[:0], 0
	v.budget = budget
	sets := v.sets
	if verityTurn && !sink.All && sink.verityAfter > 0 {
		if i := slices.IndexFunc(sets, func(s veritySet) bool { return s.g == sink.verityAfter-1 }); i >= 0 {
			v.turn = append(append(v.turn[:0], sets[i+1:]...), sets[:i+1]...)
			sets = v.turn
		}
	}
	clear(v.none)
	for _, s := range sets {
		if t.work > budget || sink.Cancelled() {
			return
		}
		r := v.rep[s.g]
		if verityTwins && v.none[r] {
			// A twin of a group without a step has none either.
			v.kept.twins++
			continue
		}
		if t.verity(sink, v, s) {
			sink.verityAfter = s.g + 1
			if sink.Done() {
				return
			}
		} else {
			v.none[r] = true
		}
	}
}

// collect lists in v the groups of t with two to most fillings from its
// base, fewest first.
func (v *verityState) collect(t *trial, most int) {
	v.fills, v.sets = v.fills[:0], v.sets[:0]
	v.twins(t)
	for g := range t.groups {
		grp := &t.groups[g]
		open := 0
		for _, c := range grp.cells {
			if t.b.Value(c) == 0 {
				open++
			}
		}
		if open < 2 {
			continue
		}
		off := len(v.fills)
		n, ok := v.fillsOf(t, g, most)
		if !ok || n < 2 {
			v.fills = v.fills[:off]
			continue
		}
		v.sets = append(v.sets, veritySet{g: g, n: n, off: off})
	}
	slices.SortStableFunc(v.sets, func(x, y veritySet) int { return x.n - y.n })
}

// twinSig is what makes two groups twins (see twins): their open cells
// and the sum of their digits.
type twinSig struct {
	open   [2]uint64
	target int
}

// twins finds, for each group of t, its first twin (v.rep): the first
// group of the same open cells, whose digits bring the same sum. Virtual
// cages of the rule of 45 often differ by placed cells alone (Wecoc #1's
// given r5c5 is in many): a filling of one fixes the open cells as the
// matching filling of the other does, the placed cells' digits fixed
// already, so that their trials are the same, and so are the groups'
// steps, or their lack. A search follows one group of each such family
// that has no step (see findVerities), and the families share the
// outcomes carried (see keyOf); in a group's twin, a digit of its filling
// is taken from the group's filling at repAt (a placed digit d is -d).
func (v *verityState) twins(t *trial) {
	n := len(t.groups)
	v.rep = slices.Grow(v.rep[:0], n)[:n]
	v.repAt = slices.Grow(v.repAt[:0], n)[:n]
	v.sig = slices.Grow(v.sig[:0], n)[:n]
	v.none = slices.Grow(v.none[:0], n)[:n]
	for g := range t.groups {
		grp := &t.groups[g]
		sig := twinSig{target: grp.target}
		for _, c := range grp.cells {
			if d := t.b.Value(c); d != 0 {
				sig.target -= int(d)
			} else {
				sig.open[c>>6] |= 1 << (c & 63)
			}
		}
		v.sig[g] = sig
		v.rep[g] = int32(g)
		if !verityTwins {
			continue
		}
		for h := range g {
			if v.sig[h] != sig {
				continue
			}
			v.rep[g] = int32(h)
			at := &v.repAt[g]
			for i, c := range t.groups[h].cells {
				if d := t.b.Value(c); d != 0 {
					at[i] = -int8(d)
				} else {
					at[i] = int8(slices.Index(grp.cells, c))
				}
			}
			break
		}
	}
}

// keyOf is the key of filling f of group g in v.kept: that of the
// matching filling of its first twin (see twins).
func (v *verityState) keyOf(t *trial, g int, f []uint8) fillKey {
	r := int(v.rep[g])
	if r == g {
		return fillingKey(g, f)
	}
	key := uint64(1)
	for _, x := range v.repAt[g][:len(t.groups[r].cells)] {
		d := uint64(-x)
		if x >= 0 {
			d = uint64(f[x])
		}
		key = key<<4 | d
	}
	return fillKey{group: int32(r), digits: key}
}

// verityTwins is whether twin groups share their searches (see twins): a
// variable for the tests, which compare it with each group on its own.
var verityTwins = true

// verityWalked is what the last walk of a group's fillings found (see
// fillsOf): its cells' candidates in the base then, whether it had at
// most most fillings (ok) and, when it had, the fillings.
type verityWalked struct {
	cand  []grid.Digits
	most  int
	ok    bool
	valid bool
	n     int
	fills []uint8
}

// verityWalkMemo is whether fillsOf takes a group's fillings from its last
// walk where that holds them; a variable for the tests, which compare it
// with walks afresh.
var verityWalkMemo = true

// fillsOf appends to v.fills the fillings of group g of t from its base
// (walk's, in walk's order) and returns how many, or false when there are
// more than most. Each search of a solve asks for every group's, and the
// base loses few candidates from one search to the next: a group whose
// cells hold what they held at its last walk has its fillings again, and
// one whose cells hold fewer, after a walk that listed them all, the
// fillings of that walk whose digits its cells still hold (a filling of
// fewer candidates is one of more, in the same order of digits). On Wecoc
// #1 the walks took 3.7 % of the solve's instructions.
func (v *verityState) fillsOf(t *trial, g, most int) (int, bool) {
	grp := &t.groups[g]
	if !verityWalkMemo {
		v.count = 0
		return v.count, v.walk(grp, t.base, 0, 0, most)
	}
	if v.walkL != t.l || len(v.walked) != len(t.groups) {
		v.walkL = t.l
		v.walked = slices.Grow(v.walked[:0], len(t.groups))[:len(t.groups)]
		for i := range v.walked {
			v.walked[i].valid = false
		}
	}
	m := &v.walked[g]
	k := len(grp.cells)
	if m.valid && m.most == most {
		same, within := true, true
		for i, c := range grp.cells {
			if b := t.base[c]; b != m.cand[i] {
				same = false
				within = within && b&^m.cand[i] == 0
			}
		}
		switch {
		case same && !m.ok:
			return 0, false
		case same:
			v.fills = append(v.fills, m.fills...)
			return m.n, true
		case within && m.ok:
			off, n := len(v.fills), 0
			for f := 0; f < len(m.fills); f += k {
				keep := true
				for i, c := range grp.cells {
					if !t.base[c].Has(int(m.fills[f+i])) {
						keep = false
						break
					}
				}
				if keep {
					v.fills = append(v.fills, m.fills[f:f+k]...)
					n++
				}
			}
			m.fills = append(m.fills[:0], v.fills[off:]...)
			m.n = n
			for i, c := range grp.cells {
				m.cand[i] = t.base[c]
			}
			return n, true
		}
	}
	off := len(v.fills)
	v.count = 0
	ok := v.walk(grp, t.base, 0, 0, most)
	m.valid, m.most, m.ok, m.n = true, most, ok, v.count
	m.cand = m.cand[:0]
	for _, c := range grp.cells {
		m.cand = append(m.cand, t.base[c])
	}
	m.fills = m.fills[:0]
	if ok {
		m.fills = append(m.fills, v.fills[off:]...)
	}
	return v.count, ok
}

// walk appends to v.fills the fillings of grp's cells i.. from cand that
// bring sum to its target, the digits of cells before i in v.digits,
// counting them in v.count; false when the group has more than most.
func (v *verityState) walk(grp *trialGroup, cand []grid.Digits, i, sum, most int) bool {
	if i == len(grp.cells) {
		if sum != grp.target {
			return true
		}
		v.fills = append(v.fills, v.digits[:i]...)
		v.count++
		return v.count <= most
	}
	for ds := cand[grp.cells[i]]; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		if sum+d > grp.target {
			break
		}
		if v.clashes(grp, i, d) {
			continue
		}
		v.digits[i] = uint8(d)
		if !v.walk(grp, cand, i+1, sum+d, most) {
			return false
		}
	}
	return true
}

// clashes reports whether digit d in cell i of grp repeats the digit of
// an earlier cell it sees.
func (v *verityState) clashes(grp *trialGroup, i, d int) bool {
	for j := range i {
		if grp.sees[i]&(1<<j) != 0 && int(v.digits[j]) == d {
			return true
		}
	}
	return false
}

// verity follows each filling of set s from the base and adds the step
// of the candidates every filling whose trial does not break removes,
// reporting whether it added one. It stops at the first filling after
// which the surviving fillings keep every candidate of the base, or past
// the search's budget (a group it ends in has no step).
//
// The fillings whose outcome an earlier search carried (see verityKept)
// come first, then the others in rounds that each place as many new
// digits in the group's cells as they can (see coverOrder), each first
// digit's trial kept for the others of that digit (see firstTrial):
// whether the group has a step, and which, does not depend on the order,
// and in this one a group without a step stops sooner.
func (t *trial) verity(sink *Sink, v *verityState, s veritySet) bool {
	grp := &t.groups[s.g]
	k := len(grp.cells)
	v.union = slices.Grow(v.union[:0], len(t.base))[:len(t.base)]
	clear(v.union)
	v.alive, v.fresh = v.alive[:0], v.fresh[:0]
	for i := range s.n {
		if t.work > v.budget || i&63 == 63 && sink.Cancelled() {
			return false
		}
		off := s.off + i*k
		held, carried := t.carried(v, s.g, v.fills[off:off+k])
		if !carried {
			v.fresh = append(v.fresh, off)
			continue
		}
		if held && !t.verityAdd(v, off) {
			return false
		}
	}
	v.interleave()
	if verityLikely {
		v.likely(grp, s)
	}
	v.cover.start(v.fills, v.fresh, k)
	if verityCovered && len(v.alive) > 0 {
		for i, c := range grp.cells {
			v.cover.cover(i, v.union[c])
		}
	}
	v.aborted = v.aborted[:0]
	for i := 0; ; i++ {
		j := v.cover.next(v.fills, v.fresh, k)
		if j < 0 {
			break
		}
		if t.work > v.budget || i&63 == 63 && sink.Cancelled() {
			return false
		}
		off := v.fresh[j]
		// A filling whose trial removes every candidate no filling
		// alive keeps yet adds none to those the group keeps, whether
		// its trial then holds or breaks: it stops there, and only a
		// group with a step follows it to its end, to list it or not.
		// One whose trial stopped in an earlier search, on candidates
		// that lack all of those already, stops before it starts.
		stop := verityStop && len(v.alive) > 0 && v.leftN <= maxVerityStop
		if stop && verityBound {
			if b := v.kept.bound(v.keyOf(t, s.g, v.fills[off:off+k])); b != nil && !v.keepsLeft(b) {
				v.kept.bounded++
				v.aborted = append(v.aborted, off)
				continue
			}
		}
		v.kept.fresh++
		switch held, stopped := t.followFresh(v, s.g, grp.cells, off, stop); {
		case stopped:
			v.aborted = append(v.aborted, off)
		case held && !t.verityAdd(v, off):
			return false
		case held && verityCovered:
			for i, c := range grp.cells {
				v.cover.cover(i, v.union[c])
			}
		}
	}
	for _, off := range v.aborted {
		if held, _ := t.followFresh(v, s.g, grp.cells, off, false); held {
			v.alive = append(v.alive, off)
		}
	}
	if len(v.alive) == 0 {
		return false // the board has no solution: the solver's business
	}
	slices.Sort(v.alive)
	t.reportVerity(sink, v, grp, s)
	return true
}

// followFresh follows the filling at off in v.fills of group g, whose
// cells are cells, from the trial of its first digit (see firstTrial),
// reporting whether its trial held (the candidates after it in t.cand)
// and whether it stopped early instead (stop: see extendStop); the
// outcome of a trial followed to its end is kept for the next search.
func (t *trial) followFresh(v *verityState, g int, cells []int, off int, stop bool) (held, stopped bool) {
	f := v.fills[off : off+len(cells)]
	key := v.keyOf(t, g, f)
	if !t.firstTrial(v, cells, f, stop) {
		v.kept.broke(key)
		return false, false
	}
	if t.stopped {
		v.kept.stopped++
		v.kept.stoppedWith(key, t.cand)
		return false, true
	}
	v.kept.held(key, t.cand)
	v.addEnd(t.cand)
	return true, false
}

// verityAdd adds the filling at off in v.fills, whose trial held with
// the candidates in t.cand, to those alive, reporting whether the base
// still has a candidate none of them keeps; it lists those in
// v.leftCells and v.leftMask.
func (t *trial) verityAdd(v *verityState, off int) bool {
	v.alive = append(v.alive, off)
	for x, ds := range t.cand {
		v.union[x] |= ds
	}
	v.leftCells, v.leftMask, v.leftN = v.leftCells[:0], v.leftMask[:0], 0
	for x, ds := range t.base {
		if left := ds &^ v.union[x]; left != 0 && t.b.Value(x) == 0 {
			v.leftCells = append(v.leftCells, x)
			v.leftMask = append(v.leftMask, left)
			v.leftN += left.Count()
		}
	}
	return v.leftN > 0
}

// keepsLeft reports whether cand holds a candidate of v.leftMask.
func (v *verityState) keepsLeft(cand []grid.Digits) bool {
	for i, c := range v.leftCells {
		if cand[c]&v.leftMask[i] != 0 {
			return true
		}
	}
	return false
}

// verityTurn is whether a search for one step starts after the group of
// the last step found on its sink (see findVerities): a variable for the
// tests, which compare it with searches from the first group.
var verityTurn = true

// verityStop is whether a filling's trial may stop early (see verity): a
// variable for the tests, which compare it with trials to their end.
var verityStop = true

// maxVerityStop is the most candidates left (verityState.leftN) for
// which a filling's trial checks, as it goes, whether it has removed
// them all: with more, it rarely has, and the checks cost.
const maxVerityStop = 64

// carried follows filling f of group g from the outcome an earlier
// search carried, reporting whether there was one and whether the
// filling's trial holds (the candidates after it in t.cand).
func (t *trial) carried(v *verityState, g int, f []uint8) (held, ok bool) {
	if !verityCarry {
		return false, false
	}
	key := v.keyOf(t, g, f)
	off, ok := v.kept.at[key]
	if !ok || off < -1 {
		return false, false // none, or a trial that stopped early
	}
	if off == -1 {
		v.kept.dead++
		return false, true
	}
	v.kept.resumed++
	end := v.kept.cand[int(off) : int(off)+len(t.base)]
	if !t.resume(end) {
		v.kept.broke(key)
		return false, true
	}
	copy(end, t.cand)
	v.addEnd(t.cand)
	return true, true
}

// interleave orders v.fresh, fillings in the order of their digits, by
// turns among their first digits, each first digit's in their order, and
// counts them by first digit in v.blockN, their first cells' trials not
// followed yet.
func (v *verityState) interleave() {
	v.blockN = [grid.MaxSize + 1]int{}
	v.firstState = [grid.MaxSize + 1]uint8{}
	var at [grid.MaxSize + 1]int // each first digit's first filling in fresh
	for i := len(v.fresh) - 1; i >= 0; i-- {
		d := v.fills[v.fresh[i]]
		v.blockN[d]++
		at[d] = i
	}
	var seen [grid.MaxSize + 1]int
	v.order = v.order[:0]
	for len(v.order) < len(v.fresh) {
		for d := range v.blockN {
			if seen[d] < v.blockN[d] {
				v.order = append(v.order, v.fresh[at[d]+seen[d]])
				seen[d]++
			}
		}
	}
	v.fresh, v.order = v.order, v.fresh
}

// coverOrder orders a group's fresh fillings in rounds: each next one
// places the most digits in the group's cells that no filling of the
// round placed there yet (the first such in the order given, on a
// tie), and a round ends when none places any. The digits a filling
// alive places (see cover) count as placed in every round: the
// candidates of the group's own cells are the last a group without a
// step comes to keep, so the rounds go to the digits no filling alive
// places yet. A group without a step
// stops at the first filling after which the surviving fillings keep
// every candidate, its own cells' included; in the order of the digits
// a digit that few fillings place in a cell comes late, and the rounds
// bring it early. On the stuck killers' first-guess positions this cuts
// the looks of a search that finds nothing by 75-87 %
// (docs/variant-techniques.md, session 35).
type coverOrder struct {
	// score is, by filling, how many of its digits are new to the round,
	// or -1 once picked; used holds the round's digits by cell.
	score []int8
	used  [grid.MaxGroupCells]grid.Digits
	// with lists by cell and digit (index x = cell*(maxTrialDigits+1) +
	// digit) the fillings that place it, with[at[x]:at[x+1]].
	with []int32
	at   [grid.MaxGroupCells*(maxTrialDigits+1) + 1]int32
	left int
	// level holds the fillings not picked, a bit each, by a bound on
	// their score: level s in level[s*words:(s+1)*words], count[s] of
	// them. A filling's score only falls within a round, so next finds
	// the first of the highest score by working out the scores of the
	// highest level's fillings in order (from their masks), moving each
	// that scores less down to its level, until one scores its level's.
	// Eager levels, each filling's score kept at every pick (the with
	// lists of each new digit walked), took 1.5 G instructions of Wecoc
	// #1's solve; a scan of every score at every pick 1.9 G. score and
	// with serve nextScan alone.
	level []uint64
	count [grid.MaxGroupCells + 1]int
	words int
	// mask holds each filling's digits by cell as bits (bit x of with's
	// index x), usedMask the round's: a filling's score is k less the
	// bits of its mask in usedMask.
	mask     [][2]uint64
	usedMask [2]uint64
	// covered holds the digits the fillings alive place, as usedMask
	// does the round's (as used for nextScan, coveredDs).
	covered   [2]uint64
	coveredDs [grid.MaxGroupCells]grid.Digits
}

// cover notes that a filling alive places the digits of ds in the
// group's cell i: they count as placed in this round and every next.
func (c *coverOrder) cover(i int, ds grid.Digits) {
	ds &^= c.coveredDs[i]
	c.coveredDs[i] |= ds
	for ; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		x := i*(maxTrialDigits+1) + d
		c.covered[x>>6] |= 1 << (x & 63)
		if !coverLevels {
			c.place(i, d)
		}
	}
}

// start readies c for the fillings of k digits at offsets fresh in
// fills.
func (c *coverOrder) start(fills []uint8, fresh []int, k int) {
	n := len(fresh)
	c.left = n
	c.used = [grid.MaxGroupCells]grid.Digits{}
	c.covered, c.coveredDs = [2]uint64{}, [grid.MaxGroupCells]grid.Digits{}
	if coverLevels {
		c.words = (n + 63) / 64
		c.level = slices.Grow(c.level[:0], (k+1)*c.words)[:(k+1)*c.words]
		clear(c.level)
		c.count = [grid.MaxGroupCells + 1]int{}
		all := c.level[k*c.words : (k+1)*c.words]
		for j := range n {
			all[j>>6] |= 1 << (j & 63)
		}
		c.count[k] = n
		c.usedMask = [2]uint64{}
		c.mask = slices.Grow(c.mask[:0], n)[:n]
		for j, off := range fresh {
			var m [2]uint64
			for i, d := range fills[off : off+k] {
				x := i*(maxTrialDigits+1) + int(d)
				m[x>>6] |= 1 << (x & 63)
			}
			c.mask[j] = m
		}
		return
	}
	c.score = slices.Grow(c.score[:0], n)[:n]
	c.at = [len(c.at)]int32{}
	for _, off := range fresh {
		for i, d := range fills[off : off+k] {
			c.at[i*(maxTrialDigits+1)+int(d)+1]++
		}
	}
	for x := 1; x < len(c.at); x++ {
		c.at[x] += c.at[x-1]
	}
	c.with = slices.Grow(c.with[:0], n*k)[:n*k]
	var put [len(c.at)]int32
	for j, off := range fresh {
		c.score[j] = int8(k)
		for i, d := range fills[off : off+k] {
			x := i*(maxTrialDigits+1) + int(d)
			c.with[c.at[x]+put[x]] = int32(j)
			put[x]++
		}
	}
}

// next returns the index in fresh of the filling to follow next, -1
// when none is left.
func (c *coverOrder) next(fills []uint8, fresh []int, k int) int {
	if c.left == 0 {
		return -1
	}
	if !coverLevels {
		return c.nextScan(fills, fresh, k)
	}
	w := c.words
	best := -1
	c.usedMask[0] |= c.covered[0]
	c.usedMask[1] |= c.covered[1]
	for s := k; best < 0; s-- {
		if c.count[s] == 0 {
			continue
		}
		if s == 0 && c.usedMask != c.covered {
			// The round is over: every filling left places only digits
			// the round placed. The next starts from the digits the
			// fillings alive place (when a round placed none beyond
			// them, the first filling left is next).
			c.usedMask = c.covered
			copy(c.level[k*w:(k+1)*w], c.level[:w])
			clear(c.level[:w])
			c.count[k], c.count[0] = c.count[0], 0
			s = k
		}
		// The fillings of level s score s at most, and no filling
		// scores more (the levels above are empty): the first that
		// scores s is the first of the highest score.
		lv := c.level[s*w : (s+1)*w]
		for x := range lv {
			for word := lv[x]; word != 0; word &= word - 1 {
				j := x<<6 + bits.TrailingZeros64(word)
				m := &c.mask[j]
				sc := k - bits.OnesCount64(m[0]&c.usedMask[0]) - bits.OnesCount64(m[1]&c.usedMask[1])
				if sc == s {
					best = j
					break
				}
				lv[x] &^= 1 << (j & 63)
				c.level[sc*w+x] |= 1 << (j & 63)
				c.count[s]--
				c.count[sc]++
			}
			if best >= 0 {
				lv[x] &^= 1 << (best & 63)
				c.count[s]--
				break
			}
		}
	}
	c.left--
	c.usedMask[0] |= c.mask[best][0]
	c.usedMask[1] |= c.mask[best][1]
	return best
}

// coverLevels is whether coverOrder.next takes its fillings from the
// levels (c.level) rather than by a scan of every score (nextScan); a
// variable for the tests, which compare the two.
var coverLevels = true

// nextScan is next by a scan of the scores for the first highest, the
// levels left as they are (see coverLevels).
func (c *coverOrder) nextScan(fills []uint8, fresh []int, k int) int {
	best := c.bestScore()
	if c.score[best] == 0 && c.used != c.coveredDs {
		// The round is over: every filling left places only digits the
		// round placed. The next starts from the digits of the
		// fillings alive.
		c.used = c.coveredDs
		for j, sc := range c.score {
			if sc < 0 {
				continue
			}
			c.score[j] = int8(k)
			for i, d := range fills[fresh[j] : fresh[j]+k] {
				if c.used[i].Has(int(d)) {
					c.score[j]--
				}
			}
		}
		best = c.bestScore()
	}
	c.score[best] = -1
	c.left--
	for i, d := range fills[fresh[best] : fresh[best]+k] {
		c.place(i, int(d))
	}
	return best
}

// bestScore returns the first filling of the highest score (nextScan).
func (c *coverOrder) bestScore() int {
	best := -1
	for j, sc := range c.score {
		if sc >= 0 && (best < 0 || sc > c.score[best]) {
			best = j
		}
	}
	return best
}

// place adds digit d of cell i to the round's (nextScan), the scores of
// the fillings that place it one lower.
func (c *coverOrder) place(i, d int) {
	if c.used[i].Has(d) {
		return
	}
	c.used[i] |= grid.Bit(d)
	x := i*(maxTrialDigits+1) + d
	for _, j := range c.with[c.at[x]:c.at[x+1]] {
		if c.score[j] > 0 {
			c.score[j]--
		}
	}
}

// firstTrial follows filling f of cells from the trial of its first
// cell's digit, kept for the group's other fillings of that digit (one
// that broke breaks them all), reporting whether it holds (the
// candidates after it in t.cand). The strong trial's rules only remove
// candidates, each where it would on any smaller candidates too, so that
// a trial ends where it would from any start between its premise and its
// end: from the first digit's end it ends as from the base. With stop,
// the filling's own trial may stop early (see extendStop).
func (t *trial) firstTrial(v *verityState, cells []int, f []uint8, stop bool) bool {
	d := f[0]
	if v.blockN[d] < 2 {
		return t.extendStop(v, t.base, cells, f, stop)
	}
	switch v.firstState[d] {
	case 0:
		if !t.extend(t.base, cells[:1], f[:1]) {
			v.firstState[d] = 2
			return false
		}
		v.firsts[d] = append(v.firsts[d][:0], t.cand...)
		v.firstState[d] = 1
	case 2:
		return false
	}
	return t.extendStop(v, v.firsts[d], cells[1:], f[1:], stop)
}

// extendStop is extend, stopping once the trial has removed every
// candidate of v.leftMask when stop is set (t.stopped then set).
func (t *trial) extendStop(v *verityState, from []grid.Digits, cells []int, digits []uint8, stop bool) bool {
	t.stopped = false
	if !stop {
		return t.extend(from, cells, digits)
	}
	t.stopCells, t.stopMask = v.leftCells, v.leftMask
	ok := t.extend(from, cells, digits)
	t.stopCells, t.stopMask = nil, nil
	return ok
}

// extend assumes cells hold digits in a copy of from, whose every rule
// is followed, and follows the rules: false at a contradiction, else the
// candidates after it are in t.cand.
func (t *trial) extend(from []grid.Digits, cells []int, digits []uint8) bool {
	t.begin(from)
	t.events = append(t.events, trialEvent{group: -1, cell: cells[0], digit: int(digits[0]), unit: -1})
	ok := true
	for i, c := range cells {
		if ok = t.cand[c].Has(int(digits[i])) && t.fix(c, int(digits[i]), 0); !ok {
			break
		}
	}
	ok = ok && t.run()
	t.drain()
	return ok
}

// tryFilling assumes the cells hold digits in a copy of base and reports
// whether it leads to a contradiction.
func (t *trial) tryFilling(base []grid.Digits, cells []int, digits []uint8) bool {
	return !t.extend(base, cells, digits)
}

// reportVerity adds the step of group grp, whose fillings are set s: its
// node (with the combinations of its fillings), a node for each filling
// in v.alive (its cells, and its digits in Origin), and as eliminations
// the base's candidates v.union lacks.
func (t *trial) reportVerity(sink *Sink, v *verityState, grp *trialGroup, s veritySet) {
	st := sink.Add()
	n := grid.Notation{Layout: t.l}
	for x, ds := range t.base {
		if t.b.Value(x) != 0 {
			continue
		}
		for out := ds &^ v.union[x]; out != 0; out &= out - 1 {
			d := out.Min()
			st.Eliminations = append(st.Eliminations, CellDigit{x, d})
			st.Digits |= grid.Bit(d)
			st.Marks = append(st.Marks, Mark{Cell: x, Digit: d, Role: RoleTarget})
		}
	}
	st.Cells = append(st.Cells, grp.cells...)
	k := len(grp.cells)
	nd := Node{Kind: CageNode, Cells: slices.Clone(grp.cells), Cage: grp.cage, Target: grp.target}
	for i := range s.n {
		var set grid.Digits
		for _, d := range v.fills[s.off+i*k : s.off+i*k+k] {
			set |= grid.Bit(int(d))
		}
		if !slices.Contains(nd.Combos, set) {
			nd.Combos = append(nd.Combos, set)
		}
	}
	slices.Sort(nd.Combos)
	if grp.cage >= 0 {
		st.Cages = append(st.Cages, grp.cage)
	} else {
		nd.Kind, nd.Origin = SumNode, grp.sum.from(n)
	}
	st.Nodes = append(st.Nodes, nd)
	for _, off := range v.alive {
		st.Nodes = append(st.Nodes, Node{Kind: GroupNode, Cells: slices.Clone(grp.cells), Cage: -1, Origin: fillingText(n, v.fills[off:off+k])})
	}
}

// fillingText words a filling's digits in its cells' order: "4,5,9"
// ("459" with digits of one character).
func fillingText(n grid.Notation, digits []uint8) string {
	ds := make([]string, len(digits))
	short := true
	for i, d := range digits {
		ds[i] = n.DigitName(int(d))
		short = short && len(ds[i]) == 1
	}
	if short {
		return strings.Join(ds, "")
	}
	return strings.Join(ds, ",")
}

// explainFillingVerity explains a Cage Filling Verity, e.g. "Cage Filling
// Verity: cage 9+ at r1c2 (r1c2+r2c2) keeps {4,5},{3,6}; of its fillings
// (r1c2,r2c2) the strong trial leaves 45, 54, each removing r3c2<>9; so
// r3c2<>9".
func explainFillingVerity(s *Step, n grid.Notation) string {
	if len(s.Nodes) < 2 || len(s.Eliminations) == 0 {
		return s.Name()
	}
	var sb strings.Builder
	g := &s.Nodes[0]
	fmt.Fprintf(&sb, "%s: %s", s.Name(), trialGroupName(g, n))
	if g.Kind == CageNode {
		sb.WriteString(" (" + cellSum(n, g.Cells) + "=" + fmt.Sprint(g.Target) + ")")
	}
	names := make([]string, len(g.Cells))
	for i, c := range g.Cells {
		names[i] = n.CellName(c)
	}
	fmt.Fprintf(&sb, "%s%s; of %s fillings (%s) the strong trial leaves ", groupVerb(g, " keeps ", " keep "), nodeCombos(n, g), groupVerb(g, "its", "their"), strings.Join(names, ","))
	for i := 1; i < len(s.Nodes); i++ {
		if i > 1 {
			sb.WriteString(", ")
		}
		sb.WriteString(s.Nodes[i].Origin)
	}
	elims := make([]string, len(s.Eliminations))
	for i, e := range s.Eliminations {
		elims[i] = n.CellName(e.Cell) + "<>" + n.DigitName(e.Digit)
	}
	list := strings.Join(elims, ", ")
	if len(s.Nodes) == 2 {
		fmt.Fprintf(&sb, ", which removes %s; so %s", list, list)
	} else {
		fmt.Fprintf(&sb, ", each removing %s; so %s", list, list)
	}
	return sb.String()
}

// verityCovered is whether a group's cover order counts the digits its
// fillings alive place as placed (see coverOrder.cover), and
// verityLikely whether its fresh fillings are ordered by the ends of the
// search's trials first (see likely): variables for the tests, which
// compare them with the plain order.
var (
	verityCovered = true
	verityLikely  = true
)

// maxVerityEnds is the most trial ends a search keeps to order the
// fillings by (see likely): 330 KiB on a 9x9 board.
const maxVerityEnds = 1024

// addEnd keeps cand, the end of a trial that held from the search's
// base, to order the fillings by (see likely).
func (v *verityState) addEnd(cand []grid.Digits) {
	if !verityLikely || v.nEnds >= maxVerityEnds {
		return
	}
	v.ends = append(v.ends, cand...)
	v.nEnds++
}

// likely orders v.fresh, the fresh fillings of set s of group grp,
// stably by how many of the ends the search kept (see addEnd) hold every
// digit of each, most first, so that the cover order (see coverOrder)
// takes the first such on a tie. A filling's trial holds or breaks alone,
// but one whose digits the ends of other fillings' trials keep (each a
// state the rules leave, whichever group it came from) holds far more
// often: on Wecoc #1, 3 % of the trials of fillings no end holds held,
// 18 % of those 30-60 % of the ends hold and two thirds above that. A
// group without a step stops once its fillings alive keep every
// candidate, and it comes there sooner the sooner they come.
func (v *verityState) likely(grp *trialGroup, s veritySet) {
	if v.nEnds == 0 {
		return
	}
	k := len(grp.cells)
	w := (v.nEnds + 63) / 64
	cells := len(v.ends) / v.nEnds
	// endBits holds, by cell i of grp and digit d, the ends that hold d
	// in the cell, a bit each, at (i*(maxTrialDigits+1)+d)*w.
	size := k * (maxTrialDigits + 1) * w
	v.endBits = slices.Grow(v.endBits[:0], size)[:size]
	clear(v.endBits)
	for e := range v.nEnds {
		end := v.ends[e*cells : (e+1)*cells]
		for i, c := range grp.cells {
			for ds := end[c]; ds != 0; ds &= ds - 1 {
				v.endBits[(i*(maxTrialDigits+1)+ds.Min())*w+e>>6] |= 1 << (e & 63)
			}
		}
	}
	v.endScore = slices.Grow(v.endScore[:0], s.n)[:s.n]
	for _, off := range v.fresh {
		f := v.fills[off : off+k]
		n := 0
		for x := range w {
			m := ^uint64(0)
			for i, d := range f {
				m &= v.endBits[(i*(maxTrialDigits+1)+int(d))*w+x]
			}
			n += bits.OnesCount64(m)
		}
		v.endScore[(off-s.off)/k] = int32(n)
	}
	slices.SortStableFunc(v.fresh, func(a, b int) int {
		return int(v.endScore[(b-s.off)/k] - v.endScore[(a-s.off)/k])
	})
}

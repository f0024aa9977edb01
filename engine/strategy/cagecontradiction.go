package strategy

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var cageContradictionStrategy = onCages(withOutline(newStrategy(Elimination, cageContradiction, findCageContradictions, explainCageContradiction), describeCageContradiction))

// CageContradiction (N2) is the contradiction move of the killer
// walkthroughs: assume a candidate, follow what the cages and the rule of
// 45 then force, and when some cage, sum of innies or outies, cell or
// unit is left with nothing, the candidate is false. What is followed is
// what a person writes in the margin of a trial: singles (a cell with one
// digit left, a digit with one place left in a unit) and the fillings of
// every cage and of every virtual cage of up to maxTrialSumCells cells (a
// digit no filling puts in a cell leaves it). The step lists only the
// deductions the contradiction rests on, in order, naming each cage with
// the combinations it keeps.
//
// It comes after the forcing nets (it is the dearest killer technique):
// it finds what the nets' budget and their short depths leave, the long
// trials through the fillings of large cages and sums. Its work is
// bounded by trialBudget looks at a group's fillings a search.
func CageContradiction() *Strategy { return cageContradictionStrategy }

var cageContradiction = &Technique{name: "Cage Contradiction", level: Extreme, score: 750, se: 90}

// maxTrialSumCells is the most cells a virtual cage followed by a trial
// may have (larger ones rarely rule anything out), and trialBudget the
// fillings one search looks at (computed or remembered) at most.
const (
	maxTrialSumCells = 6
	trialBudget      = 60_000
)

// trialGroup is a cage or virtual cage a trial follows: cells whose
// digits make target.
type trialGroup struct {
	cells    []int
	target   int
	distinct bool      // every two cells see each other
	mask     [2]uint64 // its cells, a bit per cell
	// sees[i] has bit j for each earlier cell j that cell i sees.
	sees [grid.MaxGroupCells]uint32
	cage int          // the real cage, or -1
	sum  *virtualCage // the virtual cage, when cage is -1
	pool int          // its fillings in trial.pools, or -1
	// origin is the virtual cage's words (virtualCage.from), once a
	// report has asked for them (the groups are made anew for a layout).
	origin string
}

// trialEvent is one deduction of a trial: a cell's digit fixed (a single,
// or the premise), or a group's fillings removing candidates (or, for
// the contradiction, leaving none).
type trialEvent struct {
	group int // the group, or -1 for a single
	cell  int // a single's cell
	digit int // a single's digit
	unit  int // a hidden single's or locked digit's unit, -1 for a naked single or the premise
	// A locked digit's places in unit, which rule it out of their common
	// peers, are t.places[from:to] (from == to for other events).
	from, to int32
	// kind is a Strong Nested Cage Contradiction rule's event (a subset
	// or a unit's cages together, see strongnested.go), 0 for the others;
	// digits are a subset's digits.
	kind   strongKind
	digits grid.Digits
}

// trial is the working state of a search, kept in a pool.
type trial struct {
	b       *grid.Board
	l       *grid.Layout
	groups  []trialGroup
	cellGrp [][]int
	cand    []grid.Digits
	// by[cell*16+digit] is the event that removed the candidate in the
	// current trial, plus one (0: not removed). byCells is the cells
	// whose entries may be other than 0 (remove and removeSet mark them,
	// a copy into by all of them), so that a trial begins clearing
	// those alone (clearBy).
	by      []int32
	byCells [2]uint64
	events  []trialEvent
	dirtyG  []bool
	// lockedG[g] is the digits every filling of group g uses whose
	// places in g are those of their last lock in the trial (follow):
	// they rule nothing more out.
	lockedG []grid.Digits
	peers   [][2]uint64 // each cell's peers, a bit per cell
	units   [][2]uint64 // each unit's cells, a bit per cell
	places  []int       // the places of the trial's locked digits
	// read is the cells whose candidates the current trial looked at.
	read [2]uint64
	// settled is the cells holding one candidate that no peer holds any
	// more in the current trial (fixed, or found so by openPeer): they
	// stay so, candidates only leaving, and singles passes them by. Their
	// peers are in read already.
	settled [2]uint64
	// unit[u] is unit u's state in the current trial (see trialUnit),
	// its counts kept up to date by remove, so that singles need not
	// count them at each pass; unitDigits is the flags (digitFlags) of
	// the layout's digits. singleCells is the cells of one candidate (or
	// none). A trial starts them from startUnit (startOpen when its start
	// does not hold every rule followed: every digit's lock open) and
	// startSingles, those of
	// the candidates startCand (most trials start from the candidates the
	// one before started from). placedCells is the board's placed cells;
	// ascending is set when every unit lists its cells in increasing
	// order (singles then walks its singles as bits).
	// digitCells[d] is the cells holding d, kept so too (startCells at
	// the start): the peers that lose a digit fixed, a digit's places in
	// a unit or group, a single's open peers are read from it rather
	// than cell by cell.
	unit         []trialUnit
	unitDigits   uint64
	singleCells  [2]uint64
	digitCells   [maxTrialDigits + 1][2]uint64
	startUnit    []trialUnit
	startOpen    []trialUnit
	startCand    []grid.Digits
	startSingles [2]uint64
	startCells   [maxTrialDigits + 1][2]uint64
	placedCells  [2]uint64
	ascending    bool
	kept         trialCache
	// base is the board's candidates, every rule followed, order its open
	// cells, fewest candidates first (see startTrials); xs and assumed
	// are Nested Cage Contradiction's outer trials.
	base    []grid.Digits
	order   []int
	xs      []grid.Digits
	assumed []assumed
	queueG  []int
	headG   int // queueG's first group not yet followed
	queueU  []int
	work    int
	// spread is what the trials followed on (followOn) this search may
	// have looked at beyond what work counts of them, pending those
	// trials; monotone is set on layouts where following on is sound.
	spread   int
	pending  []pendingTrial
	monotone bool
	memo     trialMemo
	// pools keeps fillings of the groups whose cells do not all see each
	// other, found by their witness walks (see witnessFillFrom).
	pools []fillPool
	// filler searches the fillings of groups whose cells do not all see
	// each other (fillSeeing): the trial's own, so that a trial allocates
	// nothing once grown (a sync.Pool may drop what it holds).
	filler grid.SumFiller
	opts   [grid.MaxGroupCells]grid.Digits // the options of the group fill searches
	filled trialFill                       // what fill found
	enum   fillEnum                        // the fill by digit choices (fillEnum)
	// bad is the event of the contradiction reached.
	bad trialEvent
	// badCells are the cells whose removals the contradiction rests on,
	// badDigits the digits (0 for all).
	badCells  []int
	badDigits grid.Digits
	// strong is set on the trials of Strong Nested Cage Contradiction,
	// which follow subsets and unit combinations too (strongnested.go).
	strong bool
	sx     *strongState
	// stopCells, when not nil, lets a trial stop once the candidates
	// stopMask holds for each of these cells are all gone (stopped set):
	// Cage Filling Verity's, whose filling can then add nothing to the
	// candidates its group's other fillings keep (see verity).
	stopCells []int
	stopMask  []grid.Digits
	stopped   bool
	rep       nestedReport // Nested Cage Contradiction's reports
	// words indexes the trial's events while a report builds their nodes
	// (see nodesBegin).
	words nodeWords
	// setsMemo keeps the combinations (distinctSets) of a group's options
	// and target for the reports' nodes (groupCombos), shared: not to be
	// changed.
	setsMemo map[uint64][]grid.Digits
	// nest remembers Nested Cage Contradiction's nested searches that
	// ended without a contradiction, nestOrder is a key's order
	// (nestKey) and nestStart a search's start.
	nest      nestMemo
	nestOrder []grid.Digits
	nestStart []grid.Digits
	// inner keeps the ends of a nested search's inner trials, which its
	// later passes follow on from (see tryInner).
	inner innerEnds
	// fresh is set when the last tryKept followed its trial, its events
	// and end left in the trial, rather than take it from the cache.
	fresh bool
	// exactOuter is set while Nested Cage Contradiction searches: a trial
	// from the base the cache holds no end of is followed afresh, its
	// looks exact, rather than followed on (followOn). Its searches end at
	// their budget, whose check then needs most of the looks of those
	// followed on exactly (exactWithin follows them again): on tarek's
	// killer 18, 117-624 of some 650 a search.
	exactOuter bool
}

var trialPool keptPool[trial]

// maxTrialDigits is the largest board a trial follows: its walks keep
// digit sets as masks below 1<<maxTrialDigits, and its cells (at most 81)
// as two words of bits.
const maxTrialDigits = 9

// trialSuits reports whether the trials of Cage Contradiction and Nested
// Cage Contradiction run on layout l: killers of at most maxTrialDigits
// digits.
func trialSuits(l *grid.Layout) bool { return isKiller(l) && l.N <= maxTrialDigits }

func findCageContradictions(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := trialPool.get()
	defer trialPool.put(t)
	if t.start(b) {
		t.findContradictions(sink)
	}
}

// findContradictions adds the Cage Contradiction steps of the board
// started (see start) to sink.
func (t *trial) findContradictions(sink *Sink) {
	for _, c := range t.order {
		for ds := t.b.Cands(c); ds != 0; ds &= ds - 1 {
			if t.work > trialBudget || sink.Cancelled() {
				return
			}
			d := ds.Min()
			// A candidate the cheap rules already rule out is left to them.
			if !t.base[c].Has(d) {
				continue
			}
			work, spread := t.work, t.spread
			if !t.tryKept(0, t.base, c, d, true) {
				continue
			}
			if !t.reached(work, spread, trialBudget, c, d) {
				return
			}
			t.report(sink, c, d)
			if sink.Done() {
				return
			}
		}
	}
}

// start loads b, of a layout the trials suit (see trialSuits), for a
// search: its base is the board's candidates with every rule followed,
// its order the open cells, fewest candidates first (their trials are
// shortest). It reports false when the board itself breaks a rule (the
// solver's business).
func (t *trial) start(b *grid.Board) bool {
	t.setup(b)
	t.base = append(t.base[:0], t.cand...)
	if !t.propagateAll(t.base) {
		return false
	}
	t.order = t.order[:0]
	for c := range b.Layout().Cells {
		if b.Value(c) == 0 && t.base[c].Count() > 1 {
			t.order = append(t.order, c)
		}
	}
	slices.SortStableFunc(t.order, func(x, y int) int { return t.base[x].Count() - t.base[y].Count() })
	return true
}

// setup loads the groups of b's layout.
func (t *trial) setup(b *grid.Board) {
	l := b.Layout()
	t.b, t.cand = b, b.AppendCandidates(t.cand[:0])
	t.work, t.spread, t.pending = 0, 0, t.pending[:0]
	if t.l != l {
		t.l = l
		t.groups = t.groups[:0]
		for k := range l.Cages() {
			cg := l.Cage(k)
			if cg.Op == grid.OpAdd && len(cg.Cells) <= grid.MaxGroupCells {
				t.addGroup(trialGroup{cells: cg.Cells, target: cg.Target, cage: k})
			}
		}
		vcs := virtualCagesOf(l)
		for i := range vcs {
			if v := &vcs[i]; len(v.cells) <= maxTrialSumCells {
				t.addGroup(trialGroup{cells: v.cells, target: v.target, cage: -1, sum: v})
			}
		}
		t.cellGrp = make([][]int, l.Cells)
		for g := range t.groups {
			for _, c := range t.groups[g].cells {
				t.cellGrp[c] = append(t.cellGrp[c], g)
			}
		}
		t.dirtyG = make([]bool, len(t.groups))
		t.lockedG = make([]grid.Digits, len(t.groups))
		t.by, t.byCells = make([]int32, l.Cells*16), [2]uint64{}
		t.peers = make([][2]uint64, l.Cells)
		for c := range l.Cells {
			for _, p := range l.Peers(c) {
				t.peers[c][p>>6] |= 1 << (p & 63)
			}
		}
		t.units = make([][2]uint64, len(l.Units()))
		t.ascending = true
		for u := range l.Units() {
			t.units[u] = cellMask(l.Unit(u).Cells)
			t.ascending = t.ascending && slices.IsSorted(l.Unit(u).Cells)
		}
		t.unit = make([]trialUnit, len(l.Units()))
		t.unitDigits = digitFlags[grid.AllDigits(l.N)&digitMask]
		t.startUnit = make([]trialUnit, len(l.Units()))
		t.startOpen = make([]trialUnit, len(l.Units()))
		t.monotone = t.groupsNeverGiveUp()
		t.memo.reset()
		t.pools = t.pools[:0]
		for g := range t.groups {
			if grp := &t.groups[g]; !grp.distinct && len(grp.cells) <= poolCells {
				grp.pool = len(t.pools)
				t.pools = append(t.pools, fillPool{})
			}
		}
		t.kept.reset()
		t.nest.reset()
	}
	t.placedCells = [2]uint64{}
	t.startCand = t.startCand[:0] // the layout may have changed
	for c := range l.Cells {
		if v := b.Value(c); v != 0 {
			t.cand[c] = grid.Bit(int(v))
			t.placedCells[c>>6] |= 1 << (c & 63)
		}
	}
}

// addGroup appends g, noting whether its cells all see each other.
func (t *trial) addGroup(g trialGroup) {
	g.mask = cellMask(g.cells)
	g.distinct, g.pool = true, -1
	for i, a := range g.cells {
		for j, b := range g.cells[:i] {
			if t.l.Sees(a, b) {
				g.sees[i] |= 1 << j
			} else {
				g.distinct = false
			}
		}
	}
	t.groups = append(t.groups, g)
}

// cellMask returns cells as a bit per cell.
func cellMask(cells []int) [2]uint64 {
	var m [2]uint64
	for _, c := range cells {
		m[c>>6] |= 1 << (c & 63)
	}
	return m
}

// begin starts a trial from candidates cand, with no event yet.
func (t *trial) begin(cand []grid.Digits) {
	t.beginFrom(cand, false)
}

// beginFrom is begin, cand holding every rule followed when followed is
// set (a search's base, or what a trial from it left): then no digit
// is locked in a unit until one of its cells loses it, as that would
// rule nothing out (the units' locks follow a rule).
func (t *trial) beginFrom(cand []grid.Digits, followed bool) {
	copy(t.cand, cand)
	t.clearBy()
	t.events, t.places = t.events[:0], t.places[:0]
	t.read = [2]uint64{}
	// Placed cells are passed by as settled ones are (singles).
	t.settled = t.placedCells
	if !slices.Equal(cand, t.startCand) {
		t.countUnits(cand)
	}
	t.singleCells, t.digitCells = t.startSingles, t.startCells
	clear(t.lockedG)
	if followed {
		t.loadUnits(t.startUnit)
	} else {
		t.loadUnits(t.startOpen)
	}
}

// loadUnits sets the units' counts and locks to those of src, whose units
// are not marked, leaving their marks (those of queueU).
func (t *trial) loadUnits(src []trialUnit) {
	copy(t.unit, src)
	for _, u := range t.queueU {
		t.unit[u].dirty = true
	}
}

// clearBy clears t.by, the entries of the cells byCells marks: a trial
// removes candidates from a few cells, where by is 16 entries a cell
// (clearing all of it took 1-2 % of the instructions of the killers'
// deep searches, session 70).
func (t *trial) clearBy() {
	for w, word := range t.byCells {
		for ; word != 0; word &= word - 1 {
			c := w<<6 + bits.TrailingZeros64(word)
			*(*[16]int32)(t.by[c*16:]) = [16]int32{}
		}
	}
	t.byCells = [2]uint64{}
}

// byCopied notes that t.by was copied into: any cell's entries may be
// other than 0.
func (t *trial) byCopied() {
	for c := range len(t.by) / 16 {
		t.byCells[c>>6] |= 1 << (c & 63)
	}
}

// settle notes that cell c holds one candidate that no peer holds.
func (t *trial) settle(c int) { t.settled[c>>6] |= 1 << (c & 63) }

// looked notes that the trial looked at the candidates of the cells of m.
func (t *trial) looked(m [2]uint64) {
	t.read[0] |= m[0]
	t.read[1] |= m[1]
}

// lookedAt notes that the trial looked at the candidates of cell c.
func (t *trial) lookedAt(c int) { t.read[c>>6] |= 1 << (c & 63) }

// try assumes candidate d of cell c in a copy of base and reports whether
// it leads to a contradiction (left in t.events and t.bad); followed is
// set when every rule is followed in base (see beginFrom).
func (t *trial) try(base []grid.Digits, c, d int, followed bool) bool {
	t.beginFrom(base, followed)
	t.events = append(t.events, trialEvent{group: -1, cell: c, digit: d, unit: -1})
	ok := t.fix(c, d, 0) && t.run()
	t.drain()
	return !ok
}

// trialCache remembers the trials followed, so that the rest of a search,
// and the next search on a board changed elsewhere, skip them: a trial
// runs on the candidates (and placed values) of the cells it looks at
// alone, so one whose cells hold what they held before ends as it did.
// A trial skipped counts the looks it took against the budget, so that
// what a search finds does not depend on what the cache holds. A trial
// from the base whose cells hold fewer candidates than before is followed
// on from where it ended (followOn), its looks counted by bounds until a
// step's search needs them exactly (reached).
type trialCache struct {
	at      map[uint32]int32 // a trial's key (see tryKept) to its entry
	entries []keptTrial
	// vals holds each entry's cells' candidates before the trial (a
	// placed cell's with placedFlag) and, for one from the base, after;
	// an entry followed again appends its new ones, and compact drops
	// the old. byOff is compact's order of the entries.
	vals        []grid.Digits
	byOff       []int32
	hits, tries int // for the tests and measurements
	followed    int // the trials followed on (followOn), likewise
}

// keptTrial is a trial followed: the cells it looked at, their
// candidates in trialCache.vals from off, what it took and how it ended.
type keptTrial struct {
	read   [2]uint64
	off    int32
	work   int32
	spread int32 // for a trial followed on, see trial.spread
	// older is the entry (plus one; 0: none) of the inner trial of the
	// same key kept before this one (see keptInner); dead marks an entry
	// dropped from its key's entries, whose values compact drops.
	older  int32
	broken bool
	after  bool // the candidates after it follow those before
	dead   bool
}

// keptInner is the most trials of one key an inner trial of Nested Cage
// Contradiction (ctx above 0, see tryKept) is compared with: the last
// ones of its premise. A nested search tries a candidate again after
// each pass that cut something, and the next search of the premise, on
// a board changed elsewhere, passes through the same states again: on
// tarek's killer 18 the trials of some searches match one kept up to 16
// trials of their key before (all of one search, two searches back),
// where the last one alone matches none.
const keptInner = 16

// maxKeptVals bounds trialCache.vals (4 bytes each): past it the values
// of the entries followed again since are dropped (compact), and the
// cache starts again only when those of the entries held fill half of
// it. A Nested Cage Contradiction search that finds nothing keeps some
// 600,000 (1<<19 started again in each, so Long Nested Cage
// Contradiction's search after it followed its trials again); 1<<20
// (4 MiB) holds them. On the tarek killers the entries held take some
// 90,000, where the cache started again after about 7,000 trials (every
// few searches, its hits lost) before session 15.
const maxKeptVals = 1 << 20

// placedFlag marks a placed cell's candidates in trialCache.vals: a
// trial treats it apart from an open cell with one candidate left.
const placedFlag = grid.Digits(1) << 31

// compact drops from vals the values of no entry (those of entries
// followed again), moving those of the entries down in the order they
// hold.
func (k *trialCache) compact() {
	k.byOff = k.byOff[:0]
	for i := range k.entries {
		if !k.entries[i].dead {
			k.byOff = append(k.byOff, int32(i))
		}
	}
	slices.SortFunc(k.byOff, func(a, b int32) int { return int(k.entries[a].off - k.entries[b].off) })
	at := 0
	for _, i := range k.byOff {
		e := &k.entries[i]
		n := bits.OnesCount64(e.read[0]) + bits.OnesCount64(e.read[1])
		if e.after {
			n *= 2
		}
		copy(k.vals[at:], k.vals[e.off:int(e.off)+n])
		e.off = int32(at)
		at += n
	}
	k.vals = k.vals[:at]
}

// dropOlder keeps each key's last entry alone (see keptInner), the
// others dead.
func (k *trialCache) dropOlder() {
	for i := range k.entries {
		k.entries[i].dead = true
	}
	for _, i := range k.at {
		k.entries[i].dead, k.entries[i].older = false, 0
	}
}

// reset empties the cache.
func (k *trialCache) reset() {
	if k.at == nil {
		k.at = make(map[uint32]int32)
	}
	clear(k.at)
	if cap(k.vals) < maxKeptVals {
		// All the room vals may take, at once: grown by append, each
		// doubling copied it into pages new to the process (4 MiB of
		// copies and page faults a solve); these pages are touched only
		// as the values come.
		k.vals = make([]grid.Digits, 0, maxKeptVals)
	}
	k.entries, k.vals = k.entries[:0], k.vals[:0]
}

// tryKept is try for the candidate d of cell c from candidates in,
// skipping it when the cache holds its outcome. ctx names the state in is
// (0 for the search's base, 1+c'*16+d' for the outer trial of c'=d'), so
// that a trial is compared with the last one of the same premise from a
// like state. A trial from the base that did not break leaves t.cand as
// try does; one that broke is followed again when events is set, to
// leave its events for the report.
func (t *trial) tryKept(ctx int, in []grid.Digits, c, d int, events bool) bool {
	key := uint32(ctx)<<11 | uint32(c*16+d)
	t.kept.tries++
	t.fresh = false
	if i, ok := t.kept.at[key]; ok {
		e := &t.kept.entries[i]
		if !(e.broken && events) && t.holds(e, in) {
			t.kept.hits++
			t.countTrial(c, d, int(e.work), int(e.spread))
			if e.after {
				t.restore(e, in)
			}
			return e.broken
		}
		if ctx == 0 && t.monotone && !t.strong && !t.exactOuter && e.after && t.within(e, in) && t.followOn(e, in) {
			t.kept.followed++
			lo, hi := t.lookBounds(in)
			t.countTrial(c, d, lo, hi-lo)
			t.keepAll(key, in, lo, hi-lo)
			return false
		}
		for j := e.older; j > 0; {
			o := &t.kept.entries[j-1]
			if !(o.broken && events) && t.holds(o, in) {
				t.kept.hits++
				t.countTrial(c, d, int(o.work), 0)
				return o.broken // an inner trial keeps no candidates after it
			}
			j = o.older
		}
	}
	work := t.work
	broken := t.try(in, c, d, true)
	t.keep(key, in, broken, t.work-work, ctx == 0 && !broken)
	t.fresh = true
	return broken
}

// A trial from the base whose cells' candidates are those of a trial of
// the same premise before, or fewer (the base of a later search of the
// same solve), is followed on from where that one ended (followOn): the
// candidates it left, less those the base lacks now, followed until
// nothing changes. It ends as the trial from the base would: each rule
// a trial follows (singles, locked digits, the fillings of its groups)
// rules out at least as much from fewer candidates, so a trial ends on
// the most candidates its rules leave (their greatest fixed point), and
// one reached from less ends on the same. The fillings' searches must
// never give up for that (groupsNeverGiveUp). The looks at fillings the
// trial from the base would take are not known, only bounds (lookBounds):
// work counts the least of them and spread what they may take beyond,
// and a search that must know whether it reached a step within its
// budget follows those trials again (reached).

// pendingTrial is a trial from the base counted by its bounds (see
// trial.spread): the premise c=d and the looks counted for it.
type pendingTrial struct {
	c, d, work, spread int
}

// countTrial counts a trial of premise c=d from the base: work looks at
// fillings, and spread more it may have taken (pending when above 0).
func (t *trial) countTrial(c, d, work, spread int) {
	t.work += work
	if spread > 0 {
		t.spread += spread
		t.pending = append(t.pending, pendingTrial{c: c, d: d, work: work, spread: spread})
	}
}

// reached reports whether a search whose work counts every trial's own
// looks exactly came to the trial just followed, one of premise c=d that
// broke (followed from the base, its looks exact), before which work and
// spread were counted: whether the looks before it were within budget.
// When the bounds leave that open, the pending trials are followed from
// the base again for their looks (exact), and the trial of c=d after
// them, to leave its events for the report (c < 0 for none).
func (t *trial) reached(work, spread, budget, c, d int) bool {
	if work+spread <= budget {
		return true
	}
	own := t.work - work
	t.exact()
	if t.work-own > budget {
		return false
	}
	if c >= 0 {
		w := t.work
		t.try(t.base, c, d, true)
		t.work = w
	}
	return true
}

// exact counts the pending trials' own looks: each is followed from the
// base again, and kept with them.
func (t *trial) exact() { t.exactWithin(-1) }

// exactWithin counts the pending trials' own looks as exact does, the
// last pending first, until the bounds settle whether the looks counted
// pass budget: until work passes it (the trials counted so far take more
// already) or work and spread together do not (all of them take no
// more), or none is pending. A budget below 0 counts them all.
func (t *trial) exactWithin(budget int) {
	if budget >= 0 && len(t.pending) > 0 && t.work <= budget && t.work+t.spread > budget {
		// Those that may take most beyond their least first (last in
		// pending): each followed narrows the bounds by about that.
		slices.SortStableFunc(t.pending, func(a, b pendingTrial) int { return a.spread - b.spread })
	}
	for len(t.pending) > 0 && (budget < 0 || t.work <= budget && t.work+t.spread > budget) {
		p := t.pending[len(t.pending)-1]
		t.pending = t.pending[:len(t.pending)-1]
		t.work -= p.work
		t.spread -= p.spread
		work := t.work
		broken := t.try(t.base, p.c, p.d, true)
		t.keep(uint32(p.c*16+p.d), t.base, broken, t.work-work, !broken)
	}
}

// within reports whether the cells entry e, a trial from a base that did
// not break, looked at hold in in what they held before it or fewer
// candidates (a cell placed then placed still).
func (t *trial) within(e *keptTrial, in []grid.Digits) bool {
	at := int(e.off)
	for w, word := range e.read {
		for ; word != 0; word &= word - 1 {
			x := w<<6 + bits.TrailingZeros64(word)
			was, now := t.kept.vals[at], t.keptVal(in, x)
			if now&^was&^placedFlag != 0 || was&placedFlag > now&placedFlag {
				return false
			}
			at++
		}
	}
	return true
}

// followOn follows on from the end of entry e's trial (see within) with
// in's candidates, and reports whether that ends without a contradiction,
// leaving its end in t.cand; its looks are not counted.
func (t *trial) followOn(e *keptTrial, in []grid.Digits) bool {
	work := t.work
	t.restore(e, in)
	t.beginFrom(t.cand, true)
	t.events = append(t.events, trialEvent{group: -1, cell: -1, unit: -1})
	ok := true
	for w, word := range e.read {
		for ; ok && word != 0; word &= word - 1 {
			x := w<<6 + bits.TrailingZeros64(word)
			ok = t.removeSet(x, t.cand[x]&^in[x], 0)
		}
	}
	ok = ok && t.run()
	t.drain()
	t.work = work
	return ok
}

// lookBounds returns bounds on the looks at fillings a trial from in
// that ended on t.cand without a contradiction took: each group with a
// cell that lost a candidate was followed once at least, and each
// candidate lost had each group of its cell followed once more at most.
func (t *trial) lookBounds(in []grid.Digits) (lo, hi int) {
	for x, ds := range in {
		gone := (ds &^ t.cand[x]).Count()
		if gone == 0 {
			continue
		}
		hi += gone * len(t.cellGrp[x])
		for _, g := range t.cellGrp[x] {
			if !t.dirtyG[g] {
				t.dirtyG[g] = true
				lo++
			}
		}
	}
	clear(t.dirtyG)
	return lo, hi
}

// groupsNeverGiveUp reports whether no filling search of the trial's
// groups can give up, on any candidates: for each group whose cells do
// not all see each other (the others are filled by sets, which never
// give up), the walk of its search with every digit in every cell stays
// within the searches' bound (walkBound), and so does any walk on fewer
// candidates, none empty (TestWalkBoundWithinOnFewer; fillSeeing skips
// walkBound so).
func (t *trial) groupsNeverGiveUp() bool {
	var opts [grid.MaxGroupCells]grid.Digits
	for g := range t.groups {
		grp := &t.groups[g]
		if grp.distinct {
			continue
		}
		n := len(grp.cells)
		for i := range n {
			opts[i] = grid.AllDigits(t.l.N)
		}
		if walkBound(opts[:n], ownOrder[:n], grp.target) > fillNodeBound {
			return false
		}
	}
	return true
}

// keepAll stores the trial of key followed on from in (followOn), its
// end in t.cand: as every cell's candidates may have led to its end, it
// holds for a base whose cells all hold what they hold in in.
func (t *trial) keepAll(key uint32, in []grid.Digits, work, spread int) {
	t.read = [2]uint64{}
	for x := range in {
		t.read[x>>6] |= 1 << (x & 63)
	}
	t.keep(key, in, false, work, true)
	t.kept.entries[t.kept.at[key]].spread = int32(spread)
}

// holds reports whether the cells entry e looked at hold in them what
// they held before it.
func (t *trial) holds(e *keptTrial, in []grid.Digits) bool {
	at := int(e.off)
	for w, word := range e.read {
		for ; word != 0; word &= word - 1 {
			x := w<<6 + bits.TrailingZeros64(word)
			if t.kept.vals[at] != t.keptVal(in, x) {
				return false
			}
			at++
		}
	}
	return true
}

// keptVal returns the candidates of cell x in in as the cache keeps them.
func (t *trial) keptVal(in []grid.Digits, x int) grid.Digits {
	if t.b.Value(x) != 0 {
		return in[x] | placedFlag
	}
	return in[x]
}

// restore leaves in t.cand the candidates after entry e's trial from in.
func (t *trial) restore(e *keptTrial, in []grid.Digits) {
	copy(t.cand, in)
	at := int(e.off) + bits.OnesCount64(e.read[0]) + bits.OnesCount64(e.read[1])
	for w, word := range e.read {
		for ; word != 0; word &= word - 1 {
			t.cand[w<<6+bits.TrailingZeros64(word)] = t.kept.vals[at]
			at++
		}
	}
}

// keep stores the trial of key just followed from in, its candidates
// before (and after it, when after is set).
func (t *trial) keep(key uint32, in []grid.Digits, broken bool, work int, after bool) {
	n := bits.OnesCount64(t.read[0]) + bits.OnesCount64(t.read[1])
	if len(t.kept.vals)+2*n > maxKeptVals {
		if t.kept.compact(); len(t.kept.vals) > maxKeptVals/2 {
			// The older inner trials go first (see keptInner).
			t.kept.dropOlder()
			if t.kept.compact(); len(t.kept.vals) > maxKeptVals/2 {
				t.kept.reset()
			}
		}
	}
	e := keptTrial{read: t.read, off: int32(len(t.kept.vals)), work: int32(work), broken: broken, after: after}
	for w, word := range t.read {
		for ; word != 0; word &= word - 1 {
			t.kept.vals = append(t.kept.vals, t.keptVal(in, w<<6+bits.TrailingZeros64(word)))
		}
	}
	if after {
		for w, word := range t.read {
			for ; word != 0; word &= word - 1 {
				t.kept.vals = append(t.kept.vals, t.cand[w<<6+bits.TrailingZeros64(word)])
			}
		}
	}
	i, ok := t.kept.at[key]
	switch {
	case ok && key>>11 == 0:
		// An outer trial (ctx 0, see tryKept's key): the last one alone.
		t.kept.entries[i] = e
		return
	case ok:
		// An inner trial: the entries of its key before stay, the
		// keptInner-th and older dead.
		e.older = i + 1
		t.kept.dropFrom(i, keptInner-1)
	}
	t.kept.at[key] = int32(len(t.kept.entries))
	t.kept.entries = append(t.kept.entries, e)
}

// dropFrom marks dead the entries of a key from entry i on (older ones
// along keptTrial.older) after the first n, n at least one.
func (k *trialCache) dropFrom(i int32, n int) {
	for ; n > 0; n-- {
		j := k.entries[i].older
		if j == 0 {
			return
		}
		if n == 1 {
			k.entries[i].older = 0
			for ; j > 0; j = k.entries[j-1].older {
				k.entries[j-1].dead = true
			}
			return
		}
		i = j - 1
	}
}

// propagateAll follows every rule from cand until nothing changes; false
// at a contradiction.
func (t *trial) propagateAll(cand []grid.Digits) bool {
	t.begin(cand)
	for g := range t.groups {
		t.markG(g)
	}
	for u := range t.l.Units() {
		t.markU(u)
	}
	ok := t.run()
	t.drain()
	copy(cand, t.cand)
	return ok
}

func (t *trial) markG(g int) {
	if !t.dirtyG[g] {
		t.dirtyG[g] = true
		t.queueG = append(t.queueG, g)
	}
}

func (t *trial) markU(u int) {
	if s := &t.unit[u]; !s.dirty {
		s.dirty = true
		t.queueU = append(t.queueU, u)
	}
}

// drain empties the queues after a trial.
func (t *trial) drain() {
	for _, g := range t.queueG[t.headG:] {
		t.dirtyG[g] = false
	}
	for _, u := range t.queueU {
		t.unit[u].dirty = false
	}
	t.queueG, t.headG, t.queueU = t.queueG[:0], 0, t.queueU[:0]
}

// remove takes digit d out of cell c by event ev; false when the cell is
// left empty (t.bad set).
func (t *trial) remove(c, d, ev int) bool {
	t.lookedAt(c)
	bit := grid.Bit(d)
	x := t.cand[c]
	if x&bit == 0 {
		return true
	}
	x &^= bit
	t.cand[c] = x
	t.digitCells[d][c>>6] &^= 1 << (c & 63)
	var alone uint64 // x's flag when the cell is left one digit
	if x&(x-1) == 0 {
		t.singleCells[c>>6] |= 1 << (c & 63)
		alone = digitFlags[x&digitMask]
	}
	t.by[c*16+d] = int32(ev) + 1
	t.byCells[c>>6] |= 1 << (c & 63)
	for _, g := range t.cellGrp[c] {
		t.markG(g)
		t.lockedG[g] &^= bit
	}
	flag := uint64(1) << (4 * uint(d-1) & 63)
	for _, u := range t.l.CellUnit(c) {
		// markU, on the unit's state at hand.
		s := &t.unit[u]
		if !s.dirty {
			s.dirty = true
			t.queueU = append(t.queueU, u)
		}
		s.lock |= flag
		s.cnt -= flag
		s.alone |= alone
	}
	if x == 0 {
		t.bad = trialEvent{group: -1, cell: c, unit: -1}
		t.badCells, t.badDigits = append(t.badCells[:0], c), 0
		return false
	}
	return true
}

// removeSet takes the digits ds, candidates of cell c, out of it by event
// ev, as remove takes them one by one in increasing order, leaving the
// same state (the groups and units marked in the same order); false when
// the cell is left empty (t.bad set). Each digit's removal outside the
// first costs remove only its own words: the cell's groups and units are
// marked, and their locks and counts taken, once for all (a unit's
// counts are four bits a digit, which a set of digits takes together).
func (t *trial) removeSet(c int, ds grid.Digits, ev int) bool {
	if ds&(ds-1) == 0 {
		if ds == 0 {
			return true
		}
		return t.remove(c, ds.Min(), ev)
	}
	x := t.cand[c] &^ ds
	if x == 0 {
		// Emptied: one by one, so that the cell counts as one digit's
		// before its last goes, as it does there.
		for ; ds != 0; ds &= ds - 1 {
			if !t.remove(c, ds.Min(), ev) {
				return false
			}
		}
		return true
	}
	t.lookedAt(c)
	t.byCells[c>>6] |= 1 << (c & 63)
	t.cand[c] = x
	for o := ds; o != 0; o &= o - 1 {
		d := o.Min()
		t.digitCells[d][c>>6] &^= 1 << (c & 63)
		t.by[c*16+d] = int32(ev) + 1
	}
	var alone uint64
	if x&(x-1) == 0 {
		t.singleCells[c>>6] |= 1 << (c & 63)
		alone = digitFlags[x&digitMask]
	}
	for _, g := range t.cellGrp[c] {
		t.markG(g)
		t.lockedG[g] &^= ds
	}
	// Each digit of ds was a candidate of c: its count in each unit of c
	// is one at least, and the flags take one off each without a borrow.
	flags := digitFlags[ds&digitMask]
	for _, u := range t.l.CellUnit(c) {
		s := &t.unit[u]
		if !s.dirty {
			s.dirty = true
			t.queueU = append(t.queueU, u)
		}
		s.lock |= flags
		s.cnt -= flags
		s.alone |= alone
	}
	return true
}

// fix makes d the digit of cell c by event ev: its other candidates and
// its peers' copies of d leave.
func (t *trial) fix(c, d, ev int) bool {
	t.lookedAt(c)
	if !t.removeSet(c, t.cand[c]&^grid.Bit(d), ev) {
		return false
	}
	// Each peer is looked at; those holding d lose it.
	t.looked(t.peers[c])
	bit := grid.Bit(d)
	for _, p := range t.l.Peers(c) {
		if t.cand[p]&bit != 0 && !t.remove(p, d, ev) {
			return false
		}
	}
	t.settle(c)
	return true
}

// run follows the units and groups marked until nothing changes; false
// at a contradiction. It stops early, reporting true, once the
// candidates of stopCells are gone (see stopNow).
func (t *trial) run() bool {
	for len(t.queueU) > 0 || t.headG < len(t.queueG) {
		if t.stopNow() {
			return true
		}
		if len(t.queueU) > 0 {
			u := t.queueU[len(t.queueU)-1]
			t.queueU = t.queueU[:len(t.queueU)-1]
			t.unit[u].dirty = false
			if !t.singles(u) {
				return false
			}
			continue
		}
		// The groups are followed first in, first out; the queue starts
		// again when empty, so that its slice keeps its room.
		g := t.queueG[t.headG]
		if t.headG++; t.headG == len(t.queueG) {
			t.queueG, t.headG = t.queueG[:0], 0
		}
		t.dirtyG[g] = false
		if !t.follow(g) {
			return false
		}
	}
	if t.stopNow() {
		return true
	}
	return !t.strong || t.strongRun()
}

// stopNow reports whether the trial is to stop, every candidate of
// stopMask gone from its cell of stopCells, and if so sets stopped. The
// rules only remove candidates: what has gone stays gone to the trial's
// end, whether it holds or breaks.
func (t *trial) stopNow() bool {
	if t.stopCells == nil {
		return false
	}
	for i, c := range t.stopCells {
		if t.cand[c]&t.stopMask[i] != 0 {
			return false
		}
	}
	t.stopped = true
	return true
}

// singles fixes the naked and hidden singles of unit u.
func (t *trial) singles(u int) bool {
	if !t.ascending {
		return t.singlesScan(u)
	}
	s, um := &t.unit[u], &t.units[u]
	t.looked(*um)
	n := s.unitCount
	// The naked singles in the unit's order: the cells of one candidate
	// not settled (nor placed). A single fixed may leave one in a later
	// cell, which the pass fixes too, as one walking the cells does.
	events := len(t.events)
	m0 := t.singleCells[0] & um[0] &^ t.settled[0]
	m1 := t.singleCells[1] & um[1] &^ t.settled[1]
	for m0|m1 != 0 {
		var c int
		if m0 != 0 {
			c = bits.TrailingZeros64(m0)
			m0 &= m0 - 1
		} else {
			c = 64 + bits.TrailingZeros64(m1)
			m1 &= m1 - 1
		}
		if !t.nakedSingle(c) {
			return false
		}
		// The cells after c again: a fix may have left singles there.
		m0 = t.singleCells[0] & um[0] &^ t.settled[0]
		m1 = t.singleCells[1] & um[1] &^ t.settled[1]
		if c < 64 {
			m0 &^= 2<<c - 1
		} else {
			m0, m1 = 0, m1&^(2<<(c-64)-1)
		}
	}
	if len(t.events) != events {
		n = s.unitCount
	}
	// Most passes have no digit to follow: they end here, without the
	// call.
	if none, one, few := n.split(t.unitDigits); none|one|few&s.lock == 0 {
		return true
	}
	return t.hiddenSingles(u, t.l.Unit(u).Cells, n)
}

// nakedSingle fixes the one candidate of cell c, or settles c when no
// open peer holds it (the fix would remove nothing); false on a
// contradiction.
func (t *trial) nakedSingle(c int) bool {
	ds := t.cand[c]
	if !t.openPeer(c, ds) {
		t.settle(c)
		return true
	}
	ev := len(t.events)
	t.events = append(t.events, trialEvent{group: -1, cell: c, digit: ds.Min(), unit: -1})
	return t.fix(c, ds.Min(), ev)
}

// unitCount counts the places of a unit's digits in a trial, four bits
// a digit (digit d's at bits 4(d-1) to 4(d-1)+3: a unit of at most
// maxTrialDigits cells, as a layout the trials suit has), so that a
// removal takes a digit's place off with one subtraction; alone is the
// flags (digitFlags) of the digits a cell holds alone.
type unitCount struct {
	cnt, alone uint64
}

// trialUnit is a unit's state in a trial, kept together so that a removal
// updates one struct for each unit of its cell.
type trialUnit struct {
	unitCount
	// lock flags (digitFlags) the digits of the unit whose locked digit
	// (lock) may rule something out: those a cell of the unit lost since
	// their last lock in the trial, or since its start when it does not
	// start from candidates with every rule followed.
	lock  uint64
	dirty bool // in queueU
}

// digitMask is the digits a trial's sets hold: 1..maxTrialDigits.
const digitMask = 1<<maxTrialDigits - 1

// digitFlags[ds] is the set of digits ds as unitCount's flags: bit
// 4(d-1) for digit d, the lowest bit of its count.
var digitFlags = func() (f [digitMask + 1]uint64) {
	for ds := range f {
		for d := range maxTrialDigits {
			if ds&(1<<d) != 0 {
				f[ds] |= 1 << (4 * d)
			}
		}
	}
	return f
}()

// flagDigits returns the set of digits flags holds (digitFlags's inverse).
func flagDigits(flags uint64) grid.Digits {
	x := flags & nibbleLows
	x = (x | x>>3) & 0x0303030303030303
	x = (x | x>>6) & 0x000F000F000F000F
	x = (x | x>>12) & 0x000000FF000000FF
	x = (x | x>>24) & 0xFFFF
	return grid.Digits(x)
}

// nibbleLows is the lowest bit of each four, nibbleHighs the two highest.
const (
	nibbleLows  = 0x1111111111111111
	nibbleHighs = 0xCCCCCCCCCCCCCCCC
)

// nonzero returns the flags of the fours of x other than 0.
func nonzero(x uint64) uint64 {
	x |= x >> 1
	x |= x >> 2
	return x & nibbleLows
}

// countUnits counts the places of the units' digits, the cells of one
// candidate and the cells of each digit in cand, as the start of the
// trials from cand: from the last start's, the cells whose candidates
// differ and their units counted again (all of them after setup).
func (t *trial) countUnits(cand []grid.Digits) {
	if len(t.startCand) != len(cand) || len(t.startUnit) > 64 {
		// After setup: the last start taken as no candidate anywhere,
		// whose counts and digits' cells are empty and whose every cell
		// holds one candidate or none.
		t.startCand = append(t.startCand[:0], make([]grid.Digits, len(cand))...)
		t.startSingles = [2]uint64{}
		t.startCells = [maxTrialDigits + 1][2]uint64{}
		clear(t.startUnit)
		clear(t.startOpen)
		for c := range cand {
			t.startSingles[c>>6] |= 1 << (c & 63)
		}
	}
	var dirty uint64 // the units to count again, a bit each
	all := len(t.startUnit) > 64
	for c, x := range cand {
		was := t.startCand[c]
		if x == was {
			continue
		}
		bit := uint64(1) << (c & 63)
		if x&(x-1) == 0 {
			t.startSingles[c>>6] |= bit
		} else {
			t.startSingles[c>>6] &^= bit
		}
		for ds := x ^ was; ds != 0; ds &= ds - 1 {
			t.startCells[ds.Min()][c>>6] ^= bit
		}
		if !all {
			for _, u := range t.l.CellUnit(c) {
				dirty |= 1 << u
			}
		}
	}
	copy(t.startCand, cand)
	for u := range t.startUnit {
		if all || dirty&(1<<u) != 0 {
			k := countUnit(cand, t.l.Unit(u).Cells)
			t.startUnit[u] = trialUnit{unitCount: k}
			t.startOpen[u] = trialUnit{unitCount: k, lock: t.unitDigits}
		}
	}
}

// countUnit returns the counts of the digits of cells in cand.
func countUnit(cand []grid.Digits, cells []int) unitCount {
	var k unitCount
	for _, c := range cells {
		f := digitFlags[cand[c]&digitMask]
		k.cnt += f
		if x := cand[c]; x&(x-1) == 0 {
			k.alone |= f
		}
	}
	return k
}

// singlesScan is singles for layouts whose units do not list their cells
// in increasing order: it counts the unit's digits at each pass.
func (t *trial) singlesScan(u int) bool {
	cells := t.l.Unit(u).Cells
	t.looked(t.units[u])
	n := t.unit[u].unitCount
	// Singles are few: a first pass finds the cells of one candidate or
	// none (ones), and the loop that fixes singles starts at the first of
	// them not settled (before it, it would fix nothing).
	var ones uint64
	for i, c := range cells {
		if x := t.cand[c]; x&(x-1) == 0 {
			ones |= 1 << (i & 63)
		}
	}
	from := len(cells)
	if len(cells) > 64 {
		ones, from = 0, 0 // more cells than ones has bits
	}
	for ; ones != 0; ones &= ones - 1 {
		i := bits.TrailingZeros64(ones)
		if c := cells[i]; t.settled[c>>6]&(1<<(c&63)) == 0 {
			from = i
			break
		}
	}
	events := len(t.events)
	for _, c := range cells[from:] {
		if t.settled[c>>6]&(1<<(c&63)) != 0 {
			continue
		}
		if ds := t.cand[c]; ds&(ds-1) == 0 && ds != 0 && t.b.Value(c) == 0 && !t.nakedSingle(c) {
			return false
		}
	}
	if len(t.events) != events {
		n = t.unit[u].unitCount
	}
	return t.hiddenSingles(u, cells, n)
}

// hiddenSingles fixes the hidden singles of unit u, of cells cells, and
// follows its locked digits, digit by digit in order: a digit with no
// place left is a contradiction, one with one place is fixed there, one
// with two or three places leaves the cells that see them all (lock).
// The digits are counted together, four bits a digit (n, unitCount), and
// counted again after an event, which may have changed the counts of
// the digits after it. A digit held alone by its one cell, or locked
// in places that have not changed since (trialUnit.lock), rules nothing
// out and is passed by.
func (t *trial) hiddenSingles(u int, cells []int, n unitCount) bool {
	s := &t.unit[u]
	none, one, few := n.split(t.unitDigits)
	for todo := none | one | few&s.lock; todo != 0; {
		flag := todo & -todo
		d := bits.TrailingZeros64(flag)/4 + 1
		bit := grid.Bit(d)
		if none&flag != 0 {
			t.bad = trialEvent{group: -1, unit: u, digit: d, cell: -1}
			t.badCells, t.badDigits = append(t.badCells[:0], cells...), bit
			return false
		}
		events := len(t.events)
		if one&flag != 0 {
			at := -1
			for _, c := range cells {
				if t.cand[c]&bit != 0 {
					at = c
				}
			}
			if t.b.Value(at) == 0 && t.cand[at] != bit {
				t.events = append(t.events, trialEvent{group: -1, cell: at, digit: d, unit: u})
				if !t.fix(at, d, events) {
					return false
				}
			}
		} else {
			s.lock &^= flag
			if !t.lock(u, d) {
				return false
			}
		}
		if len(t.events) == events {
			todo &^= flag
			continue
		}
		// The event removed candidates: the later digits are counted
		// again.
		n = s.unitCount
		none, one, few = n.split(t.unitDigits &^ (flag<<1 - 1))
		todo = none | one | few&s.lock
	}
	return true
}

// split returns, of the digits mask flags, the flags of those no cell
// holds, those one cell holds with other candidates (a cell holding the
// digit alone, placed or not, is passed by: its hidden single is fixed)
// and those two or three cells hold.
func (n unitCount) split(mask uint64) (none, one, few uint64) {
	// The digits of three places or fewer (their counts' two high bits
	// clear), whose counts are then their two low bits.
	high := n.cnt & nibbleHighs
	high |= high >> 1
	small := mask &^ (high >> 2)
	b0, b1 := n.cnt, n.cnt>>1
	none = small &^ (b0 | b1)
	one = small & b0 &^ (b1 | n.alone)
	few = small & b1
	return none, one, few
}

// lock rules digit d out of the cells that see all its places in unit u
// (a box and line's locked candidates).
func (t *trial) lock(u, d int) bool {
	cells := t.l.Unit(u).Cells
	// The cells that see every place and hold d; a removal changes only
	// its own cell.
	hit := and2(t.commonPeers(t.units[u], d), t.digitCells[d])
	ev := -1
	for w, word := range hit {
		for ; word != 0; word &= word - 1 {
			c := w*64 + bits.TrailingZeros64(word)
			if ev < 0 {
				ev = len(t.events)
				from := len(t.places)
				for _, p := range cells {
					if t.cand[p].Has(d) {
						t.places = append(t.places, p)
					}
				}
				t.events = append(t.events, trialEvent{group: -1, cell: -1, digit: d, unit: u, from: int32(from), to: int32(len(t.places))})
			}
			if !t.remove(c, d, ev) {
				return false
			}
		}
	}
	return true
}

// openPeer reports whether a peer of c still holds a digit of ds: a single
// not yet followed.
func (t *trial) openPeer(c int, ds grid.Digits) bool {
	t.looked(t.peers[c])
	for ; ds != 0; ds &= ds - 1 {
		if hit := and2(t.peers[c], t.digitCells[ds.Min()]); hit[0]|hit[1] != 0 {
			return true
		}
	}
	return false
}

// and2 returns the cells of both a and b.
func and2(a, b [2]uint64) [2]uint64 { return [2]uint64{a[0] & b[0], a[1] & b[1]} }

// follow removes the candidates no filling of group g puts in its cells.
func (t *trial) follow(g int) bool {
	grp := &t.groups[g]
	t.looked(grp.mask)
	f := t.fill(g)
	if f == nil || !f.ok {
		return true
	}
	if f.none {
		t.bad = trialEvent{group: g, cell: -1, unit: -1}
		t.badCells, t.badDigits = append(t.badCells[:0], grp.cells...), 0
		return false
	}
	ev := -1
	for i, c := range grp.cells {
		if ds := t.cand[c] &^ f.support[i]; ds != 0 {
			if ev < 0 {
				ev = len(t.events)
				t.events = append(t.events, trialEvent{group: g, cell: -1, unit: -1})
			}
			if !t.removeSet(c, ds, ev) {
				return false
			}
		}
	}
	// A digit every filling uses leaves the cells that see all its places
	// in the group.
	// One whose places are those of its last such lock in the trial
	// rules nothing more out.
	for ds := f.must &^ t.lockedG[g]; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		t.lockedG[g] |= grid.Bit(d)
		hit := and2(t.commonPeers(grp.mask, d), t.digitCells[d])
		for w, word := range hit {
			for word &^= grp.mask[w]; word != 0; word &= word - 1 {
				c := w*64 + bits.TrailingZeros64(word)
				if ev < 0 {
					ev = len(t.events)
					t.events = append(t.events, trialEvent{group: g, cell: -1, unit: -1})
				}
				if !t.remove(c, d, ev) {
					return false
				}
			}
		}
	}
	return true
}

// commonPeers returns the cells that see every cell of cells (a bit per
// cell) holding d (none when no cell holds it).
func (t *trial) commonPeers(cells [2]uint64, d int) [2]uint64 {
	// In scalars: the compiler keeps [2]uint64 values on the stack, and
	// reads them back whole after writing them a word at a time.
	dc := &t.digitCells[d]
	p0, p1 := cells[0]&dc[0], cells[1]&dc[1]
	if p0|p1 == 0 {
		return [2]uint64{}
	}
	c0, c1 := ^uint64(0), ^uint64(0)
	peers := t.peers
	for ; p0 != 0; p0 &= p0 - 1 {
		pc := &peers[bits.TrailingZeros64(p0)]
		c0, c1 = c0&pc[0], c1&pc[1]
	}
	for ; p1 != 0; p1 &= p1 - 1 {
		pc := &peers[64+bits.TrailingZeros64(p1)]
		c0, c1 = c0&pc[0], c1&pc[1]
	}
	// the caller looks at d in each
	t.read[0] |= c0
	t.read[1] |= c1
	return [2]uint64{c0, c1}
}

// report adds the step of the contradiction the trial of c=d reached:
// the premise, the singles and the groups it rests on as nodes in the
// trial's order, each linked to the next; the last node is the end of the
// contradiction (endNode): a group left without a filling, a unit left
// without a place for a digit or a cell without a candidate, which
// Conflict names too.
func (t *trial) report(sink *Sink, c, d int) {
	need := t.cone()
	shown := make([]bool, len(t.events))
	for _, e := range need {
		shown[e] = true
	}
	s := sink.Add()
	s.redraw = redrawCage
	if t.strong {
		s.redraw = redrawStrongCage
	}
	s.Eliminations = append(s.Eliminations, CellDigit{c, d})
	s.Digits = grid.Bit(d)
	s.Cells = append(s.Cells, c)
	s.Marks = append(s.Marks, Mark{Cell: c, Digit: d, Role: RoleTarget})
	t.nodesBegin()
	for _, e := range need {
		s.Nodes = append(s.Nodes, t.eventNode(s, e, shown))
	}
	t.nodesEnd()
	s.Nodes = append(s.Nodes, t.endNode(s))
	if t.bad.group < 0 {
		s.Conflict = t.badConflict()
	}
	for i := 1; i < len(s.Nodes); i++ {
		s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Then})
	}
}

// nodeWords indexes the candidates each event of a trial removed and the
// combinations its groups keep at each, for the nodes of a report, built
// while the trial's state stays as it is (nodesBegin to nodesEnd).
type nodeWords struct {
	on, indexed bool
	// removed[at[e]:at[e+1]] are the candidates event e removed, cell by
	// cell (removedBy).
	at      []int32
	removed []CellDigit
	gone    []goneBy // index's
	// combos[e] are the combinations of event e's group at e, when
	// known[e] (combos).
	combos [][]grid.Digits
	known  []bool
}

// nodesBegin indexes the trial's events for the nodes a report builds
// from its state (see nodeWords); nodesEnd drops the index, which the
// next trial would leave wrong.
func (t *trial) nodesBegin() {
	w := &t.words
	n := len(t.events)
	clear(w.combos)
	w.combos = append(w.combos[:0], make([][]grid.Digits, n)...)
	w.known = append(w.known[:0], make([]bool, n)...)
	w.on, w.indexed = indexedWords, false
}

// indexedWords is whether reports read their nodes' removals and
// combinations from nodeWords and setsMemo; the tests compare the
// reports without them.
var indexedWords = true

// index builds the candidates each event removed (nodeWords.removed),
// first asked for in a report's nodes (removedOf). A candidate a trial
// removed is not in its cell's candidates (t.by is cleared as a trial
// begins), so only those are read.
func (t *trial) index() {
	w := &t.words
	n := len(t.events)
	w.at = append(w.at[:0], make([]int32, n+1)...)
	w.gone = w.gone[:0]
	all := grid.AllDigits(t.l.N)
	for c, cd := range t.cand {
		for ds := all &^ cd; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if by := t.by[c*16+d]; by > 0 && int(by) <= n {
				w.at[by]++
				w.gone = append(w.gone, goneBy{CellDigit{c, d}, by - 1})
			}
		}
	}
	for e := 1; e <= n; e++ {
		w.at[e] += w.at[e-1]
	}
	// at[e] counts up to at[e+1] as event e's candidates are written, in
	// the cells' order.
	w.removed = append(w.removed[:0], make([]CellDigit, len(w.gone))...)
	for _, g := range w.gone {
		w.removed[w.at[g.by]] = g.CellDigit
		w.at[g.by]++
	}
	copy(w.at[1:], w.at[:n])
	w.at[0] = 0
	w.indexed = true
}

// goneBy is a candidate a trial removed and the event that removed it.
type goneBy struct {
	CellDigit
	by int32
}

// nodesEnd ends what nodesBegin began.
func (t *trial) nodesEnd() {
	t.words.on = false
}

// removedOf returns the candidates event e removed, cell by cell, from
// the index (nodesBegin, index), not to be kept.
func (t *trial) removedOf(e int) []CellDigit {
	w := &t.words
	if !w.indexed {
		t.index()
	}
	return w.removed[w.at[e]:w.at[e+1]]
}

// eventNode returns the node of event e of the trial, or of the group
// left without a filling for e = -1, adding a cage it names to s.Cages;
// shown, an entry an event, marks the events the explanation words
// (those before e among them are what a reader has seen).
func (t *trial) eventNode(s *Step, e int, shown []bool) Node {
	ev := &t.bad
	if e >= 0 {
		ev = &t.events[e]
	}
	if ev.kind != 0 {
		return t.strongNode(ev, e)
	}
	if ev.group < 0 {
		if ev.to > ev.from {
			return Node{Kind: GroupNode, Digit: ev.digit, Cells: slices.Clone(t.places[ev.from:ev.to])}
		}
		return Node{Kind: CandidateNode, Digit: ev.digit, Cells: []int{ev.cell}}
	}
	grp := &t.groups[ev.group]
	nd := Node{Kind: CageNode, Cells: slices.Clone(grp.cells), Cage: grp.cage, Target: grp.target}
	if e >= 0 && grp.distinct {
		nd.Combos = slices.Clone(t.combos(grp, e))
	}
	if e >= 0 && (len(nd.Combos) == 0 || t.keptBefore(ev.group, e, nd.Combos, shown)) {
		// No combinations to list, or the same as an earlier event of the
		// group's that the explanation words: what the rule took out says
		// what it did.
		nd.Removed = t.removedBy(e)
	} else if e >= 0 {
		// New combinations say what leaves the group's cells; what leaves
		// cells outside it (a digit every combination uses, out of the
		// cells that see all its places) is said.
		nd.Removed = slices.DeleteFunc(t.removedBy(e), func(x CellDigit) bool {
			return grp.mask[x.Cell>>6]&(1<<(x.Cell&63)) != 0
		})
		if len(nd.Removed) == 0 {
			nd.Removed = nil
		}
		nd.firstGives = len(nd.Removed) > 0
	}
	if grp.cage >= 0 {
		if !slices.Contains(s.Cages, grp.cage) {
			s.Cages = append(s.Cages, grp.cage)
		}
	} else {
		if grp.origin == "" {
			grp.origin = grp.sum.from(grid.Notation{Layout: t.l})
		}
		nd.Kind, nd.Origin = SumNode, grp.origin
	}
	return nd
}

// keptBefore reports whether an event of group g before event e, one of
// those shown marks, kept the combinations combos: e's words would then
// repeat that event's. An event the explanation does not word is not
// one: "which now gives" would point at no line a reader has seen.
func (t *trial) keptBefore(g, e int, combos []grid.Digits, shown []bool) bool {
	grp := &t.groups[g]
	for x := range e {
		if ev := &t.events[x]; shown[x] && ev.kind == 0 && ev.group == g && slices.Equal(t.combos(grp, x), combos) {
			return true
		}
	}
	return false
}

// badConflict returns the cell or unit a contradiction left empty (not
// a group left without a filling).
func (t *trial) badConflict() grid.Conflict {
	if t.bad.unit >= 0 {
		return grid.UnitConflict(t.bad.unit, t.bad.digit)
	}
	return grid.CellConflict(t.bad.cell, 0)
}

// explainCageContradiction explains a Cage Contradiction, e.g. "Cage
// Contradiction: if r4c5 were 7: r4c6=2, cage 16+ at r3c9 keeps
// {1,2,4,9}, r3c9=9, the innies of rows 1-3 (r1c1+r2c2=14) keep
// {5,9}, ...; then the innies of row 4 (r4c1+r4c2=11) have no filling;
// so r4c5<>7".
func explainCageContradiction(s *Step, n grid.Notation) string {
	c := cageContradictionText(s, n)
	if c == nil {
		return s.Name()
	}
	return c.text()
}

// describeCageContradiction explains a Cage Contradiction and lays it out
// a deduction a line.
func describeCageContradiction(s *Step, n grid.Notation) (string, []OutlineLine) {
	if c := cageContradictionText(s, n); c != nil {
		return c.text(), c.outline()
	}
	return s.Name(), nil
}

// cageContradictionText returns the words of a Cage Contradiction, nil
// for a step without its trial.
func cageContradictionText(s *Step, n grid.Notation) *contradiction {
	if len(s.Nodes) == 0 || len(s.Eliminations) == 0 {
		return nil
	}
	e := s.Eliminations[0]
	c := &contradiction{conclusion: fmt.Sprintf("so %s<>%s", n.CellName(e.Cell), n.DigitName(e.Digit))}
	c.trial.premise = fmt.Sprintf("%s: if %s were %s", s.Name(), n.CellName(e.Cell), n.DigitName(e.Digit))
	last := len(s.Nodes) - 1 // the end (endNode)
	for i := 1; i < last; i++ {
		c.trial.items = append(c.trial.items, trialItem{text: trialNodeText(&s.Nodes[i], n)})
	}
	if s.Conflict == (grid.Conflict{}) {
		c.trial.end = trialGroupName(&s.Nodes[last], n) + groupVerb(&s.Nodes[last], " has", " have") + " no filling"
	} else {
		c.trial.end = s.Conflict.Describe(n)
	}
	return c
}

// groupVerb returns plural, for a group that the innies or outies of an
// area name ("the innies of rows 1-3 (...) keep {5,9}"), else singular
// ("cage 16+ at r3c9 keeps {7,9}", "cage 12+ at r2c2 less the outies of
// row 1 keeps ...").
func groupVerb(nd *Node, singular, plural string) string {
	if nd.Kind == SumNode && (strings.HasPrefix(nd.Origin, "the innies ") || strings.HasPrefix(nd.Origin, "the outies ")) {
		return plural
	}
	return singular
}

// trialGroupName names a cage ("cage 16+ at r3c9"), a Str8ts compartment
// ("compartment r3c3-6", which has no sum) or a virtual cage ("the innies
// of rows 1-3 (r1c1+r2c2=14)").
func trialGroupName(nd *Node, n grid.Notation) string {
	switch nd.Kind {
	case CageNode:
		return cageName(n, nd.Cage)
	case CompartmentNode:
		return n.Layout.Unit(nd.Unit).Name()
	}
	return nd.Origin + " (" + cellSum(n, nd.Cells) + "=" + fmt.Sprint(nd.Target) + ")"
}

// combos returns the combinations group grp keeps at event e: the digit
// sets of its fillings given the candidates left before the event (see
// distinctSets).
func (t *trial) combos(grp *trialGroup, e int) []grid.Digits {
	if w := &t.words; w.on && e >= 0 && e < len(w.known) {
		if !w.known[e] {
			w.combos[e], w.known[e] = t.groupCombos(grp, e), true
		}
		return w.combos[e]
	}
	return t.groupCombos(grp, e)
}

// groupCombos is combos without the index.
func (t *trial) groupCombos(grp *trialGroup, e int) []grid.Digits {
	var opts [grid.MaxGroupCells]grid.Digits
	for i, c := range grp.cells {
		opts[i] = t.cand[c]
		// Put back what this event and later ones removed (none of the
		// cell's candidates: t.by is cleared as a trial begins).
		for ds := grid.AllDigits(t.l.N) &^ opts[i]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if by := int(t.by[c*16+d]) - 1; by >= e {
				opts[i] |= grid.Bit(d)
			}
		}
	}
	n := len(grp.cells)
	if !indexedWords || n > trialMemoCells || grp.target < 0 || grp.target >= 1<<6 {
		return distinctSets(opts[:n], grp.target)
	}
	// The sets depend on the options and the target alone: the reports
	// of one solve word the same groups' states again and again.
	key := uint64(grp.target)<<58 | uint64(n)<<(maxTrialDigits*trialMemoCells)
	for i, o := range opts[:n] {
		key |= uint64(o) << (maxTrialDigits * i)
	}
	if sets, ok := t.setsMemo[key]; ok {
		return sets
	}
	if t.setsMemo == nil || len(t.setsMemo) >= maxSetsMemo {
		t.setsMemo = make(map[uint64][]grid.Digits, 1<<12)
	}
	sets := distinctSets(opts[:n], grp.target)
	t.setsMemo[key] = sets
	return sets
}

// maxSetsMemo is the most groups' states whose sets the trial keeps for
// its reports (setsMemo) before it starts again.
const maxSetsMemo = 1 << 15

// distinctSets returns the digit sets of the fillings of cells of options
// opts that all see each other adding up to target, in increasing order
// of their masks (nil for none): the sets of their number adding up to
// target (sumSets, in that order) whose digits the cells can each take
// one of (matchSet). They are the sets a walk over the cells reaches
// (TestDistinctSetsMatchWalk), found without it.
func distinctSets(opts []grid.Digits, target int) []grid.Digits {
	n := len(opts)
	if n == 0 || n > maxTableDigits || target < 0 || target >= len(sumSets[n]) {
		return nil
	}
	var union grid.Digits
	for _, o := range opts {
		union |= o
	}
	var out []grid.Digits
	var support [maxTableDigits]grid.Digits
	for _, set := range sumSets[n][target] {
		if set&^union == 0 && matchSet(opts, set, support[:n]) {
			out = append(out, set)
		}
	}
	return out
}

// cone returns the events the contradiction rests on, in order: those
// that removed a candidate of the cells it looks at, and theirs.
func (t *trial) cone() []int {
	need := make([]bool, len(t.events))
	t.markCone(need)
	var out []int
	for i, ok := range need {
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// markCone sets in need, an entry an event, the events the contradiction
// rests on (see cone). Those need holds already are taken with what they
// rest on, so that the cones of several contradictions on one trial's
// events are marked together in one pass each.
func (t *trial) markCone(need []bool) {
	need[0] = true
	t.markBy(need, t.badCells, t.badDigits, len(t.events))
}

// oneCell[c:c+1] is cell c alone (a trial's board has at most
// maxTrialDigits² cells), for markBy without an allocation.
var oneCell = func() (t [maxTrialDigits * maxTrialDigits]int) {
	for c := range t {
		t[c] = c
	}
	return t
}()

// markBy sets in need the events before event before that removed a
// digit of digits (0 for all) from cells, and those they rest on.
func (t *trial) markBy(need []bool, cells []int, digits grid.Digits, before int) {
	if digits == 0 {
		digits = grid.AllDigits(t.l.N)
	}
	for _, c := range cells {
		for ds := digits; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			by := int(t.by[c*16+d]) - 1
			if by < 0 || by >= before || need[by] {
				continue
			}
			need[by] = true
			ev := &t.events[by]
			switch {
			case ev.kind != 0:
				cells, ds := t.strongReads(ev)
				t.markBy(need, cells, ds, by)
			case ev.group >= 0:
				t.markBy(need, t.groups[ev.group].cells, 0, by)
			case ev.unit >= 0:
				t.markBy(need, t.l.Unit(ev.unit).Cells, grid.Bit(ev.digit), by)
			case by > 0:
				t.markBy(need, oneCell[ev.cell:ev.cell+1], 0, by)
			}
		}
	}
}

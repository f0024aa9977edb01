package strategy

import (
	"fmt"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

var nestedContradictionStrategy = onCages(withOutline(newStrategy(Elimination, nestedContradiction, findNestedContradictions, explainNestedContradiction), describeNestedContradiction))

// NestedContradiction (O2) is the contradiction move of the hardest
// killer walkthroughs, a trial inside a trial: assume a candidate and
// follow it as Cage Contradiction does (singles, locked digits, the
// fillings of every cage and virtual cage); where that stops, try each
// candidate left in turn, and one whose own trial then breaks a rule
// leaves; follow again, until some cage, sum, cell or unit is left with
// nothing: the candidate assumed is false. It is Sudoku Explainer's
// nested forcing chain with the killer rules inside.
//
// The step lists the deductions the contradiction rests on, in order,
// each inner trial with its own: "r3c3<>4 (if r3c3 were 4: ...; then cage
// 17+ at r3c4 has no filling)". It comes last, after Cage Contradiction
// (a contradiction its outer trial reaches alone is Cage Contradiction's);
// the candidates whose outer trial removes most are assumed first, and
// its work is bounded by nestedContradictionBudget looks at a group's
// fillings a search and nestedCandidateBudget a candidate assumed.
func NestedContradiction() *Strategy { return nestedContradictionStrategy }

var nestedContradiction = &Technique{name: "Nested Cage Contradiction", level: Extreme, score: 900, se: 100}

// nestedContradictionBudget is the most fillings one search looks at (computed or
// remembered), and nestedCandidateBudget the most the inner trials of one
// assumed candidate look at. With the assumed candidates taken in order
// of reach, the steps of the tarek killers it finishes were found after
// 99,000 looks at most (45,000 on those finished before that order), and
// their inner trials after 17,500. A search that finds nothing, on a
// board with every cell open most of the time, spends them all
// (docs/variant-techniques.md).
const (
	nestedContradictionBudget = 150_000
	nestedCandidateBudget     = 30_000
)

// assumed is a candidate Nested Cage Contradiction assumes: its outer
// trial leaves the candidates t.xs[at:at+cells], removing reach.
type assumed struct {
	c, d, at, reach int
}

func findNestedContradictions(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := trialPool.get()
	defer trialPool.put(t)
	if t.start(b) {
		t.exactOuter = true
		t.findNested(sink, nestedContradictionBudget)
		t.exactOuter = false
	}
}

// findNested adds the Nested Cage Contradiction steps of the board
// started (see start) to sink, looking at budget fillings at most.
//
// With sink.Chain (and All), once it has found nestedChainFrom steps the
// search takes them as given, and each it finds after: their candidates
// leave the base and every outer trial still to search, and one that then
// breaks is a Cage Contradiction step. A step found so rests on those
// before it, which must be taken first (as a solve takes its batches,
// see solver.Batches).
func (t *trial) findNested(sink *Sink, budget int) {
	cells := t.l.Cells
	chain := sink.Chain && sink.All
	found := len(sink.steps)
	t.rep.taken, t.rep.takenTo = t.rep.taken[:0], 0
	// Every outer trial first (Cage Contradiction's, which the cache
	// holds when it has just run on this board), and the candidates
	// whose trial removed the most candidates tried first: on the tarek
	// killers the contradiction is most often there, and found in the
	// first few.
	t.assumed, t.xs = t.assumed[:0], t.xs[:0]
	for _, c := range t.order {
		for ds := t.base[c]; ds != 0; ds &= ds - 1 {
			if t.work > budget || sink.Cancelled() {
				return
			}
			d := ds.Min()
			if t.tryKept(0, t.base, c, d, false) {
				continue // Cage Contradiction's
			}
			a := assumed{c: c, d: d, at: len(t.xs)}
			for x := range t.base {
				a.reach += t.base[x].Count() - t.cand[x].Count()
			}
			t.xs = append(t.xs, t.cand...)
			t.assumed = append(t.assumed, a)
		}
	}
	slices.SortStableFunc(t.assumed, func(x, y assumed) int { return y.reach - x.reach })
	var cuts []CellDigit
	placed := t.placed()
	lastStep := 0 // the looks when the search last found a step (see Sink.DeepStall)
	for _, a := range t.assumed {
		// Whether the search stops here depends on the looks of the
		// outer trials followed on, counted exactly now as far as that
		// needs: a step found later would need them, and a search past
		// its budget would follow inner trials to no end.
		t.exactWithin(budget)
		if t.work > budget || sink.Cancelled() || sink.DeepStall > 0 && t.work-lastStep > sink.DeepStall {
			return
		}
		var broken bool
		xs := t.xs[a.at : a.at+cells]
		if len(t.rep.taken) > 0 {
			if !t.base[a.c].Has(a.d) {
				continue // taken or ruled out since
			}
			if !t.takeChained(xs) {
				t.reportBroken(sink, a.c, a.d)
				if !t.chainSteps(sink, found) {
					return
				}
				continue
			}
		}
		work, spread := t.work, t.spread
		if broken, cuts = t.nestedKept(1+a.c*16+a.d, xs, placed, cuts[:0]); !broken {
			continue
		}
		if !t.reached(work, spread, budget, -1, 0) {
			return
		}
		work = t.work
		t.reportNested(sink, a.c, a.d, cuts)
		t.work = work // what a search finds does not depend on its reports
		lastStep = work
		if sink.Done() || chain && !t.chainSteps(sink, found) {
			return
		}
	}
}

// nestedChainFrom is the steps a chained search (see findNested) finds
// before it takes them as given. A batch of the tarek killers that finds
// many steps most often finishes the puzzle, the steps coming faster the
// more it takes (line 9: 16, 23 and 79 steps in three batches, chained
// 16 and 70 in two); taking them from the first (or the fifth) step,
// the batches that find a few change too, and line 18 then reaches a
// board where the budget finds nothing and the solve guesses. From the
// tenth, the 42 lines with solve defaults cost 0.81-0.86 times the CPU,
// the same 38 finished (docs/variant-techniques.md, session 18).
const nestedChainFrom = 10

// chainSteps takes the candidates of the steps a chained search found
// since the base of the search was started (from found on in sink) out
// of the base, following each, once there are nestedChainFrom of them
// (see findNested). It reports false when the base then breaks (a board
// with no solution): the search is to stop.
func (t *trial) chainSteps(sink *Sink, found int) bool {
	steps := sink.steps[found:]
	if len(steps) < nestedChainFrom || t.rep.takenTo == len(steps) {
		return true
	}
	// The trials counted by bounds from the base so far, exactly, before
	// the base changes under them.
	t.exact()
	for ; t.rep.takenTo < len(steps); t.rep.takenTo++ {
		for _, e := range steps[t.rep.takenTo].Eliminations {
			t.rep.taken = append(t.rep.taken, e)
			if t.base[e.Cell].Has(e.Digit) && !t.cut(t.base, e.Cell, e.Digit) {
				return false
			}
		}
	}
	return true
}

// reportBroken adds to sink the Cage Contradiction step of c=d (Strong
// Cage Contradiction's, of a strong trial), whose trial from the base of
// a chained search breaks (see findNested): the outer trial of a
// candidate that the steps taken leave broken.
func (t *trial) reportBroken(sink *Sink, c, d int) {
	work := t.work
	if t.try(t.base, c, d, true) {
		nested := sink.strategy
		sink.strategy = t.contradiction()
		t.report(sink, c, d)
		sink.strategy = nested
	}
	t.work = work // what a search finds does not depend on its reports
}

// contradiction returns the strategy of a contradiction the trial reaches
// one assumption deep: Strong Cage Contradiction for a strong trial
// (strongnested.go), Cage Contradiction for a plain one.
func (t *trial) contradiction() *Strategy {
	if t.strong {
		return strongContradictionStrategy
	}
	return cageContradictionStrategy
}

// takeChained takes the candidates a chained search has taken (see
// chainSteps) out of xs, an outer trial, following each; false when xs
// then breaks.
func (t *trial) takeChained(xs []grid.Digits) bool {
	for _, e := range t.rep.taken {
		if xs[e.Cell].Has(e.Digit) && !t.cut(xs, e.Cell, e.Digit) {
			return false
		}
	}
	return true
}

// nested rules out of xs, the candidates the outer trial ctx (see
// tryKept) leaves, those whose own trial from xs breaks a rule, following
// each, until none is left; it reports whether xs is then broken, and
// appends the candidates ruled out to cuts in order. It tries only cells
// whose candidates the outer trial (or a cut) changed from the base: the
// trial of a cell it left alone seldom breaks a rule where that cell's
// trial from the base did not, and on the tarek killers skipping them
// finds more steps in fewer looks.
func (t *trial) nested(ctx int, xs []grid.Digits, cuts []CellDigit) (bool, []CellDigit) {
	start := t.work
	t.rep.cutTrials = t.rep.cutTrials[:0]
	t.inner.begin(t.l.Cells * 16)
	for changed := true; changed; {
		changed = false
		for _, c := range t.order {
			if xs[c] == t.base[c] {
				continue
			}
			for ds := xs[c]; xs[c].Count() > 1 && ds != 0; ds &= ds - 1 {
				if t.work-start > nestedCandidateBudget {
					return false, cuts
				}
				d := ds.Min()
				if !xs[c].Has(d) || !t.tryInner(ctx, xs, c, d) {
					continue
				}
				t.keepCut(xs, c, d)
				cuts = append(cuts, CellDigit{c, d})
				if !t.cut(xs, c, d) {
					return true, cuts
				}
				changed = true
			}
		}
	}
	return false, cuts
}

// innerEnds is what a nested search (trial.nested) keeps of the inner
// trials it followed: by premise (cell*16+digit), the looks its first
// trial in the search counted and the end of its last one that did not
// break, for its next trial (tryInner). An end is kept with the counts
// the trial kept of it (its units' counts, singleCells, digitCells), which a trial
// followed on from it starts from rather than counting them again.
type innerEnds struct {
	gen   uint32   // the search's number: a premise's entry is its own when stamp holds it
	stamp []uint32 // by premise
	work  []int32  // by premise: the looks its first trial counted
	slot  []int32  // by premise: its end (plus one; 0: none)
	// The ends by slot: their candidates, units (their marks clear), cells of one
	// candidate and cells of each digit.
	cand     []grid.Digits
	units    []trialUnit
	singles  [][2]uint64
	cells    [][maxTrialDigits + 1][2]uint64
	followed int // the trials followed on, for the tests
}

// innerFollowOn is whether a nested search follows a premise's later
// trials on from its ends (tryInner); the tests compare its searches
// without it.
var innerFollowOn = true

// begin starts the entries of a nested search, of premises premises.
func (in *innerEnds) begin(premises int) {
	if len(in.stamp) != premises {
		in.stamp, in.work, in.slot = make([]uint32, premises), make([]int32, premises), make([]int32, premises)
		in.gen = 0
	}
	if in.gen++; in.gen == 0 {
		clear(in.stamp)
		in.gen = 1
	}
	in.cand, in.units, in.singles, in.cells = in.cand[:0], in.units[:0], in.singles[:0], in.cells[:0]
}

// keepEnd stores the end of the trial just followed (and drained: no unit
// marked), of premise k, with its counts.
func (t *trial) keepEnd(k int) {
	in := &t.inner
	s := int(in.slot[k]) - 1
	if s < 0 {
		s = len(in.singles)
		in.slot[k] = int32(s) + 1
		in.cand = append(in.cand, t.cand...)
		in.units = append(in.units, t.unit...)
		in.singles = append(in.singles, t.singleCells)
		in.cells = append(in.cells, t.digitCells)
		return
	}
	copy(in.cand[s*len(t.cand):], t.cand)
	copy(in.units[s*len(t.unit):], t.unit)
	in.singles[s], in.cells[s] = t.singleCells, t.digitCells
}

// tryInner is tryKept for the inner trial of c=d from xs, the candidates
// of a nested search's outer trial ctx (see nested), reporting whether it
// breaks. The search tries a premise again in each pass after one that
// cut something, from fewer candidates (xs only loses candidates): where
// its trial before ended without breaking, and the trials follow on
// soundly (trial.monotone, not strong), the new one is followed on from
// that end, less what xs lost since, rather than from xs. It ends as
// the trial from xs does, for the reason a trial from the base is
// followed on (followOn): the rules' greatest fixed point below xs and
// c=d lies below the end of the trial from more candidates. A premise's
// later trials count the looks its first one counted, however they are
// followed (from its end, afresh, or from the cache), so that what a
// nested search finds, after how many looks, depends on its inputs
// alone (see nestMemo); a follow-on costs a fraction of a trial afresh.
func (t *trial) tryInner(ctx int, xs []grid.Digits, c, d int) bool {
	if !t.monotone || t.strong {
		return t.tryKept(ctx, xs, c, d, false)
	}
	in := &t.inner
	k := c*16 + d
	work := t.work
	first := in.stamp[k] != in.gen
	if first {
		in.stamp[k], in.slot[k] = in.gen, 0
	}
	var broken bool
	if s := int(in.slot[k]) - 1; s >= 0 {
		broken = t.followInner(s, xs)
		t.fresh = false
		in.followed++
	} else {
		broken = t.tryKept(ctx, xs, c, d, false)
	}
	if first {
		in.work[k] = int32(t.work - work)
	}
	t.work = work + int(in.work[k])
	if !broken && innerFollowOn && (t.fresh || in.slot[k] > 0) {
		t.keepEnd(k)
	}
	return broken
}

// followInner follows an inner trial on from its end kept in slot s,
// where a trial of its premise from more candidates than xs ended, with
// xs's candidates (see tryInner), and reports whether it breaks,
// leaving its end in t.cand.
func (t *trial) followInner(s int, xs []grid.Digits) bool {
	in := &t.inner
	n, u := len(xs), len(t.unit)
	copy(t.cand, in.cand[s*n:(s+1)*n])
	t.clearBy()
	t.events, t.places = t.events[:0], t.places[:0]
	t.events = append(t.events, trialEvent{group: -1, cell: -1, unit: -1})
	t.read = [2]uint64{}
	t.settled = t.placedCells
	t.singleCells, t.digitCells = in.singles[s], in.cells[s]
	clear(t.lockedG)
	t.loadUnits(in.units[s*u : (s+1)*u])
	for u := range t.unit {
		t.unit[u].lock = 0 // the end holds every rule followed (see beginFrom)
	}
	ok := true
	for x := range xs {
		if gone := t.cand[x] &^ xs[x]; gone != 0 {
			if ok = t.removeSet(x, gone, 0); !ok {
				break
			}
		}
	}
	ok = ok && t.run()
	t.drain()
	return !ok
}

// cutTrial is the trial of a cut as nested followed it (see keepCut):
// its premise c=d, the candidates it started from and what it left, for
// the inner trial of the cut's report (innerTrial). held is false for a
// cut whose trial came from the cache.
type cutTrial struct {
	held      bool
	c, d      int
	start     []grid.Digits
	events    []trialEvent
	by        []int32
	places    []int
	cand      []grid.Digits
	bad       trialEvent
	badCells  []int
	badDigits grid.Digits
}

// keepCutTrials is whether nested keeps its cuts' trials for the
// reports (keepCut); the tests compare the reports without them.
var keepCutTrials = true

// keepCut keeps the trial of c=d from xs that tryKept has just found
// broken, as the next of the cuts of the current nested search: its
// events and end, when tryKept followed it (fresh) as a report's inner
// trial follows it (not strong, see innerTrial).
func (t *trial) keepCut(xs []grid.Digits, c, d int) {
	r := &t.rep
	if len(r.cutTrials) < cap(r.cutTrials) {
		r.cutTrials = r.cutTrials[:len(r.cutTrials)+1]
	} else {
		r.cutTrials = append(r.cutTrials, cutTrial{})
	}
	k := &r.cutTrials[len(r.cutTrials)-1]
	k.held = keepCutTrials && t.fresh && !t.strong
	if !k.held {
		return
	}
	k.c, k.d = c, d
	k.start = append(k.start[:0], xs...)
	k.events = append(k.events[:0], t.events...)
	k.by = append(k.by[:0], t.by...)
	k.places = append(k.places[:0], t.places...)
	k.cand = append(k.cand[:0], t.cand...)
	k.bad, k.badDigits = t.bad, t.badDigits
	k.badCells = append(k.badCells[:0], t.badCells...)
}

// loadCut reports whether cut i of the last nested search is the trial
// of c=d from before kept (keepCut), and loads its events and end into
// the trial if so, as following it would leave them.
func (t *trial) loadCut(i int, before []grid.Digits, c, d int) bool {
	r := &t.rep
	if i < 0 || i >= len(r.cutTrials) {
		return false
	}
	k := &r.cutTrials[i]
	if !k.held || k.c != c || k.d != d || t.strong || !slices.Equal(k.start, before) {
		return false
	}
	t.events = append(t.events[:0], k.events...)
	copy(t.by, k.by)
	t.byCopied()
	t.places = append(t.places[:0], k.places...)
	copy(t.cand, k.cand)
	t.bad, t.badDigits = k.bad, k.badDigits
	t.badCells = append(t.badCells[:0], k.badCells...)
	r.loaded++
	return true
}

// cut takes d out of cell c of cand and follows; false at a
// contradiction.
func (t *trial) cut(cand []grid.Digits, c, d int) bool {
	t.beginFrom(cand, true)
	t.events = append(t.events, trialEvent{group: -1, cell: c, digit: d, unit: -1})
	ok := t.remove(c, d, 0) && t.run()
	t.drain()
	copy(cand, t.cand)
	return ok
}

// innerTrial is what an inner trial of a reported step rests on.
type innerTrial struct {
	// nodes are its premise, its deductions and its end: the group left
	// without a filling, or endNode's node of an empty cell or unit.
	nodes []Node
	// relies are the candidates gone before it that its deductions
	// looked at.
	relies []CellDigit
}

// nestedReport holds reportNested's copies of the outer trial's state,
// which the inner trials overwrite, and its marks, kept with the trial so
// that a report grows them once.
type nestedReport struct {
	events []trialEvent
	by     []int32
	cand   []grid.Digits
	places []int
	// badCells are the cells of the outer contradiction (trial.badCells).
	badCells []int
	// cutTrials are the trials of the last nested search's cuts, in
	// order (keepCut), and cutEv the events of the cuts in the replay.
	cutTrials []cutTrial
	cutEv     []int
	// taken are the candidates a chained search has taken out of its
	// base, in order, takenTo the steps they come from (see chainSteps).
	taken   []CellDigit
	takenTo int
	loaded  int // the inner trials taken from cutTrials, for the tests
	// need marks the events the contradiction rests on, isCut the cuts,
	// inner the inner trials followed, all by event.
	need  []bool
	isCut []bool
	inner []*innerTrial
	// spare are the inner trials of the reports before, which a report
	// takes again (their nodes are copied into its step), used the
	// first of them taken.
	spare  []*innerTrial
	used   int
	before []grid.Digits // an inner trial's start (innerTrial)
	cone   []bool        // the marks of an inner trial's cone
}

// reportNested adds the step of the contradiction the trial of c=d and
// the inner trials that cut cuts out of it reach. It replays the outer
// trial with each cut as an event, then keeps the events the
// contradiction rests on and, for each cut among them, its inner trial
// and the outer events that trial rests on.
func (t *trial) reportNested(sink *Sink, c, d int, cuts []CellDigit) {
	base := t.base
	r := &t.rep
	t.beginFrom(base, true)
	t.events = append(t.events, trialEvent{group: -1, cell: c, digit: d, unit: -1})
	ok := t.fix(c, d, 0) && t.run()
	r.isCut, r.cutEv = r.isCut[:0], r.cutEv[:0]
	for i := 0; ok && i < len(cuts); i++ {
		ev := len(t.events)
		r.isCut, r.cutEv = markAt(r.isCut, ev), append(r.cutEv, ev)
		t.events = append(t.events, trialEvent{group: -1, cell: cuts[i].Cell, digit: cuts[i].Digit, unit: -1})
		ok = t.remove(cuts[i].Cell, cuts[i].Digit, ev) && t.run()
	}
	t.drain()
	if ok {
		return // not reached again: no step rather than a wrong one
	}
	// The outer trial's state, which the inner trials overwrite.
	r.events = append(r.events[:0], t.events...)
	r.by = append(r.by[:0], t.by...)
	r.cand = append(r.cand[:0], t.cand...)
	r.places = append(r.places[:0], t.places...)
	events, by := r.events, r.by
	bad, badDigits := t.bad, t.badDigits
	r.badCells = append(r.badCells[:0], t.badCells...)
	r.need = append(r.need[:0], make([]bool, len(events))...)
	r.isCut = append(r.isCut, make([]bool, len(events)-len(r.isCut))...)
	r.inner = append(r.inner[:0], make([]*innerTrial, len(events))...)
	r.used = 0
	need := r.need
	t.markCone(need)
	for e := t.nextCut(); e >= 0; e = t.nextCut() {
		in := t.innerTrial(base, by, e, slices.Index(r.cutEv, e), events[e].cell, events[e].digit)
		t.events = append(t.events[:0], events...)
		t.places = append(t.places[:0], r.places...)
		copy(t.by, by)
		t.byCopied()
		copy(t.cand, r.cand)
		if in == nil {
			return
		}
		r.inner[e] = in
		// The cones of the candidates it relies on, marked together.
		for _, rl := range in.relies {
			t.badCells, t.badDigits = append(t.badCells[:0], rl.Cell), grid.Bit(rl.Digit)
			t.markCone(need)
		}
	}
	t.bad, t.badCells, t.badDigits = bad, append(t.badCells[:0], r.badCells...), badDigits
	t.buildNested(sink, need, r.inner)
	kind := redrawNested
	if t.strong {
		kind = redrawStrongNested
	}
	sink.steps[len(sink.steps)-1].setCuts(kind, cuts)
}

// markAt returns marks with mark i set, grown to hold it.
func markAt(marks []bool, i int) []bool {
	for len(marks) <= i {
		marks = append(marks, false)
	}
	marks[i] = true
	return marks
}

// nextCut returns the first cut event of the report (t.rep) the
// contradiction rests on whose inner trial is not yet followed, or -1.
func (t *trial) nextCut() int {
	r := &t.rep
	for e := range r.need {
		if r.need[e] && r.isCut[e] && r.inner[e] == nil {
			return e
		}
	}
	return -1
}

// innerTrial follows the trial of cell c = d, cut i of the report, from
// the outer trial's candidates before event e (by is the outer trial's
// t.by), or takes it from the nested search's (loadCut), and returns
// what its contradiction rests on, or nil if it reaches none.
func (t *trial) innerTrial(base []grid.Digits, by []int32, e, i, c, d int) *innerTrial {
	r := &t.rep
	before := append(r.before[:0], make([]grid.Digits, len(base))...)
	r.before = before
	for x := range base {
		for ds := base[x]; ds != 0; ds &= ds - 1 {
			if gone := int(by[x*16+ds.Min()]) - 1; gone < 0 || gone >= e {
				before[x] |= ds & -ds
			}
		}
	}
	// before is where the outer trial's run stopped, every rule followed,
	// so a unit's digit is locked again only once a cell of it loses the
	// digit (see beginFrom): a lock of another would rule nothing out and
	// add no event. The strong rules keep their own state.
	if !t.loadCut(i, before, c, d) && !t.try(before, c, d, !t.strong) {
		return nil
	}
	if r.used == len(r.spare) {
		r.spare = append(r.spare, &innerTrial{})
	}
	in := r.spare[r.used]
	r.used++
	in.nodes, in.relies = in.nodes[:0], in.relies[:0]
	all := ^grid.Digits(0)
	looked := func(cells []int, ds grid.Digits) {
		for _, x := range cells {
			for gone := base[x] &^ before[x] & ds; gone != 0; gone &= gone - 1 {
				in.relies = append(in.relies, CellDigit{x, gone.Min()})
			}
		}
	}
	if t.badDigits != 0 {
		all = t.badDigits
	}
	looked(t.badCells, all)
	var s Step // the outer step names the cages again
	r.cone = append(r.cone[:0], make([]bool, len(t.events))...)
	t.markCone(r.cone)
	t.nodesBegin()
	defer t.nodesEnd()
	for x, ok := range r.cone {
		if !ok {
			continue
		}
		in.nodes = append(in.nodes, t.eventNode(&s, x, r.cone))
		switch ev := &t.events[x]; {
		case ev.kind != 0:
			cells, ds := t.strongReads(ev)
			if ds == 0 {
				ds = ^grid.Digits(0)
			}
			looked(cells, ds)
		case ev.group >= 0:
			looked(t.groups[ev.group].cells, ^grid.Digits(0))
		case ev.unit >= 0:
			looked(t.l.Unit(ev.unit).Cells, grid.Bit(ev.digit))
		case x > 0:
			looked(oneCell[ev.cell:ev.cell+1], ^grid.Digits(0))
		}
	}
	in.nodes = append(in.nodes, t.endNode(&s))
	return in
}

// endNode returns the node of what the trial's contradiction leaves with
// nothing: the group left without a filling, a group node of the unit
// where the digit has no place left, or a candidate node of no digit in
// the cell with no candidate left.
func (t *trial) endNode(s *Step) Node {
	switch {
	case t.bad.group >= 0:
		return t.eventNode(s, -1, nil)
	case t.bad.unit >= 0:
		return Node{Kind: GroupNode, Digit: t.bad.digit, Cells: slices.Clone(t.l.Unit(t.bad.unit).Cells)}
	}
	return Node{Kind: CandidateNode, Cells: []int{t.bad.cell}}
}

// buildNested fills the step from the outer trial's events need (the
// outer state loaded) and the inner trials of the cuts among them. The
// outer nodes come first, each linked to the next, the last the end of
// the contradiction (endNode); then each inner trial's, its premise
// linked from its cut's node and each of its nodes to the next, the last
// its end.
func (t *trial) buildNested(sink *Sink, need []bool, inner []*innerTrial) {
	s := sink.Add()
	ev0 := &t.events[0]
	s.Eliminations = append(s.Eliminations, CellDigit{ev0.cell, ev0.digit})
	s.Digits = grid.Bit(ev0.digit)
	s.Cells = append(s.Cells, ev0.cell)
	s.Marks = append(s.Marks, Mark{Cell: ev0.cell, Digit: ev0.digit, Role: RoleTarget})
	var cuts, at []int // the cut events and their nodes
	nodes := 1
	for e, ok := range need {
		if ok {
			nodes++
			if inner[e] != nil {
				nodes += len(inner[e].nodes)
			}
		}
	}
	s.Nodes = slices.Grow(s.Nodes, nodes)
	s.Links = slices.Grow(s.Links, nodes)
	t.nodesBegin()
	defer t.nodesEnd()
	for e := range t.events {
		if !need[e] {
			continue
		}
		nd := t.eventNode(s, e, need)
		if inner[e] != nil {
			cuts, at = append(cuts, e), append(at, len(s.Nodes))
			// A candidate the trial ruled out: false under its premise.
			if nd.Kind == CandidateNode && len(nd.Cells) == 1 {
				s.Marks = append(s.Marks, Mark{Cell: nd.Cells[0], Digit: nd.Digit, Role: RoleOff})
			}
		}
		s.Nodes = append(s.Nodes, nd)
	}
	s.Nodes = append(s.Nodes, t.endNode(s))
	if t.bad.group < 0 {
		s.Conflict = t.badConflict()
	}
	for i := 1; i < len(s.Nodes); i++ {
		s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Then})
	}
	for i, e := range cuts {
		from := at[i]
		for _, nd := range inner[e].nodes {
			s.Links = append(s.Links, Link{From: from, To: len(s.Nodes), Kind: Then})
			from = len(s.Nodes)
			s.Nodes = append(s.Nodes, nd)
			if nd.Kind == CageNode && !slices.Contains(s.Cages, nd.Cage) {
				s.Cages = append(s.Cages, nd.Cage)
			}
		}
	}
}

// explainNestedContradiction explains a Nested Cage Contradiction, e.g.
// "Nested Cage Contradiction: if r4c5 were 7: r4c6=2, r3c3<>4 (if r3c3
// were 4: cage 17+ at r3c4 keeps {1,7,9}, r2c4=1; then 1 has no place
// left in row 1), cage 16+ at r3c9 keeps {1,2,4,9}; then the innies of
// row 4 (r4c1+r4c2=11) have no filling; so r4c5<>7".
func explainNestedContradiction(s *Step, n grid.Notation) string {
	c := nestedContradictionText(s, n)
	if c == nil {
		return s.Name()
	}
	return c.text()
}

// describeNestedContradiction explains a nested contradiction and lays
// it out a deduction a line, each inner trial under the candidate it rules
// out.
func describeNestedContradiction(s *Step, n grid.Notation) (string, []OutlineLine) {
	if c := nestedContradictionText(s, n); c != nil {
		return c.text(), c.outline()
	}
	return s.Name(), nil
}

// nestedContradictionText returns the words of a nested contradiction
// (Nested, Long and Strong Nested Cage Contradiction, Locked Nested
// Trial), nil for a step without its trial.
func nestedContradictionText(s *Step, n grid.Notation) *contradiction {
	if len(s.Nodes) == 0 || len(s.Eliminations) == 0 {
		return nil
	}
	next := linksFrom(s.Links)
	// The outer nodes run from 0 while each links to the one after it.
	outer := 1
	for outer < len(s.Nodes) && slices.Contains(next.from(outer-1), outer) {
		outer++
	}
	e := s.Eliminations[0]
	c := &contradiction{conclusion: fmt.Sprintf("so %s<>%s", n.CellName(e.Cell), n.DigitName(e.Digit))}
	c.trial.premise = fmt.Sprintf("%s: if %s were %s", s.Name(), n.CellName(e.Cell), n.DigitName(e.Digit))
	for i := 1; i < outer-1; i++ {
		c.trial.items = append(c.trial.items, nestedItem(s, n, i, outer, next))
	}
	c.trial.end = endText(&s.Nodes[outer-1], n)
	return c
}

// nestedItem words outer node i: a cut and its inner trial ("r3c3<>4",
// and "if it were 4: ...; then ..."), or a deduction as Cage
// Contradiction words it.
func nestedItem(s *Step, n grid.Notation, i, outer int, next linkLists) trialItem {
	nd := &s.Nodes[i]
	var block []int
	for _, to := range next.from(i) {
		if to >= outer {
			for k := to; ; k++ {
				block = append(block, k)
				if !slices.Contains(next.from(k), k+1) {
					break
				}
			}
		}
	}
	if len(block) < 2 {
		return trialItem{text: trialNodeText(nd, n)}
	}
	inner := &trialText{premise: "if it were " + n.DigitName(nd.Digit)}
	for _, k := range block[1 : len(block)-1] {
		inner.items = append(inner.items, trialItem{text: trialNodeText(&s.Nodes[k], n)})
	}
	inner.end = endText(&s.Nodes[block[len(block)-1]], n)
	return trialItem{text: n.CellName(nd.Cells[0]) + "<>" + n.DigitName(nd.Digit), inner: inner}
}

// linkLists holds the nodes each node of a step links to, in the order of
// the step's links: node i's are to[start[i]:start[i+1]].
type linkLists struct {
	start []int
	to    []int
}

// linksFrom returns the link lists of links, in one allocation. A link
// from a node below 0 (none is) is left out.
func linksFrom(links []Link) linkLists {
	nodes, n := 0, 0
	for _, lk := range links {
		if lk.From >= 0 {
			nodes = max(nodes, lk.From+1)
			n++
		}
	}
	buf := make([]int, nodes+1+n)
	l := linkLists{start: buf[:nodes+1], to: buf[nodes+1:]}
	for _, lk := range links {
		if lk.From >= 0 {
			l.start[lk.From+1]++
		}
	}
	for i := 1; i <= nodes; i++ {
		l.start[i] += l.start[i-1]
	}
	// Fill each node's list from its start, then shift the starts back.
	for _, lk := range links {
		if lk.From >= 0 {
			l.to[l.start[lk.From]] = lk.To
			l.start[lk.From]++
		}
	}
	copy(l.start[1:], l.start[:nodes])
	l.start[0] = 0
	return l
}

// from returns the nodes node i links to.
func (l linkLists) from(i int) []int {
	if i < 0 || i+1 >= len(l.start) {
		return nil
	}
	return l.to[l.start[i]:l.start[i+1]]
}

// endText words the end of an inner trial: a group with no filling, a
// cell with no candidate or a digit with no place left in a unit.
func endText(nd *Node, n grid.Notation) string {
	switch nd.Kind {
	case CandidateNode:
		return grid.CellConflict(nd.Cells[0], 0).Describe(n)
	case GroupNode:
		for u := range n.Layout.Units() {
			if slices.Equal(n.Layout.Unit(u).Cells, nd.Cells) {
				return grid.UnitConflict(u, nd.Digit).Describe(n)
			}
		}
		return n.DigitName(nd.Digit) + " has no place left in " + cellSum(n, nd.Cells)
	}
	return trialGroupName(nd, n) + groupVerb(nd, " has", " have") + " no filling"
}

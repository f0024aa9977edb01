package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var compartmentTrial = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Compartment Trial", level: Extreme, score: 700, se: 85},
	findCompartmentTrials, explainCompartmentTrial))

// CompartmentTrial (T2) is the trial a Str8ts solver writes in the margin
// when the patterns are stuck: a compartment holds one of the few straights
// still open to it; try each in turn (its cells keep that straight's
// digits only) and follow what the simple rules then force: naked
// singles, every compartment's straights (stranded and sure digits, a
// sure digit with one place left), the distinct digits of each row,
// column, box and diagonal, and hidden singles of a unit with a cell for
// every digit. A straight that leaves a cell, a compartment or a unit
// with nothing is out; a candidate that no remaining straight's trial
// keeps goes. It branches on several candidates at once (a straight sets
// every cell of its compartment), which single-premise forcing nets
// cannot: "compartment r1-4c5 can hold 2-5, 3-6 or 4-7: 2-5 leaves r4c2
// no candidate; with 3-6 or 4-7, r5c5-7 goes".
func CompartmentTrial() *Strategy { return compartmentTrial }

// maxTrialStraights bounds the straights a trial tries: with more, a
// common conclusion is rare and the step long to follow.
const maxTrialStraights = 6

// straightTrial is the working state of a Compartment Trial search.
type straightTrial struct {
	l      *grid.Layout
	comps  []int // the compartments
	others []int // the other units: rows, columns, boxes, diagonals
	work   *grid.Board
	// settled[i] holds, for compartment comps[i], its cells' candidates
	// and digits when applyStraights last changed nothing there during
	// the current trial (settledIn[i] == trials), so that it can be
	// skipped while they stay the same: within a trial candidates only
	// go, so nothing outside the compartment can make it cut again.
	settled   [][]cellState
	settledIn []int
	trials    int
	// peers holds each cell's peers and comp each compartment's cells
	// (comps order), words cells a set, so that the cells a sure digit's
	// places all see are found by intersecting sets.
	words   int
	peers   []uint64
	comp    []uint64
	scratch CellSet
	index   []int // by unit, its index in comps (-1 for other units)
	// The state of propagateFrom: the cells a round judges, the board
	// as the round began (to find what it changed), the units to judge
	// (marked with the round's generation) and the board before the
	// rules ran (for propagateExact).
	dirty    []int
	prevCand []grid.Digits
	prevVal  []uint8
	unitMark []int
	gen      int
	pre      *grid.Board
	changed  bool // propagateFrom changed the work board
	// lastWin[i] holds the windows applyStraights found open to
	// compartment comps[i] when its cells were as winState[i] holds
	// (after its own changes, which close none); 0 for none.
	lastWin  []grid.Digits
	winState [][]cellState
	// seeAll[i] lists the cells outside compartment comps[i] that see
	// any two of its cells, when every two see the same ones (a line's
	// compartment without boxes or diagonals across it), else nil: they
	// are the cells that see every place of a digit with two or more.
	// plainSee turns them off (a test compares).
	seeAll   [][]int
	plainSee bool
}

// cellState is what applyStraights reads of a cell of its compartment.
type cellState struct {
	cand  grid.Digits
	value uint8
}

// trialFailure is where a tried straight ran out: a cell without a
// candidate (unit -1) or a unit without digits enough for its cells.
type trialFailure struct {
	cell, unit int
}

// newStraightTrial returns the working state of a trial on layout l.
func newStraightTrial(l *grid.Layout) *straightTrial {
	st := &straightTrial{l: l}
	for u := range l.Units() {
		if l.Unit(u).Kind == grid.Compartment {
			st.comps = append(st.comps, u)
			st.settled = append(st.settled, make([]cellState, len(l.Unit(u).Cells)))
		} else {
			st.others = append(st.others, u)
		}
	}
	st.settledIn = make([]int, len(st.comps))
	st.index = make([]int, len(l.Units()))
	for u := range st.index {
		st.index[u] = -1
	}
	for i, u := range st.comps {
		st.index[u] = i
	}
	st.words = (l.Cells + 63) / 64
	st.peers = make([]uint64, l.Cells*st.words)
	for c := range l.Cells {
		set := st.peerSet(c)
		for _, p := range l.Peers(c) {
			set.Add(p)
		}
	}
	st.comp = make([]uint64, len(st.comps)*st.words)
	for i, u := range st.comps {
		set := st.compSet(i)
		for _, c := range l.Unit(u).Cells {
			set.Add(c)
		}
	}
	st.scratch = make(CellSet, st.words)
	st.dirty = make([]int, 0, l.Cells)
	st.prevCand = make([]grid.Digits, l.Cells)
	st.prevVal = make([]uint8, l.Cells)
	st.unitMark = make([]int, len(l.Units()))
	st.lastWin = make([]grid.Digits, len(st.comps))
	for _, u := range st.comps {
		st.winState = append(st.winState, make([]cellState, len(l.Unit(u).Cells)))
	}
	st.seeAll = make([][]int, len(st.comps))
	for i := range st.comps {
		st.seeAll[i] = st.commonPeers(i)
	}
	return st
}

// commonPeers returns the cells outside compartment comps[i] that see
// any two of its cells when every two see the same ones, else nil.
func (st *straightTrial) commonPeers(i int) []int {
	cells := st.l.Unit(st.comps[i]).Cells
	if len(cells) < 2 {
		return nil
	}
	first, see := make(CellSet, st.words), make(CellSet, st.words)
	for x, c := range cells {
		for y, e := range cells[x+1:] {
			see.Copy(st.peerSet(c))
			see.And(st.peerSet(e))
			see.AndNot(st.compSet(i))
			if x == 0 && y == 0 {
				first.Copy(see)
			} else if !slices.Equal(see, first) {
				return nil
			}
		}
	}
	return first.AppendCells([]int{}) // not nil when empty: a common set still
}

// peerSet returns the peers of cell c.
func (st *straightTrial) peerSet(c int) CellSet {
	return CellSet(st.peers[c*st.words : (c+1)*st.words])
}

// compSet returns the cells of compartment comps[i].
func (st *straightTrial) compSet(i int) CellSet {
	return CellSet(st.comp[i*st.words : (i+1)*st.words])
}

func findCompartmentTrials(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if l.BlackCells() == nil {
		return
	}
	ms := compartmentMemos.get()
	defer compartmentMemos.put(ms)
	searchCompartmentTrials(b, sink, ms)
}

// searchCompartmentTrials is findCompartmentTrials with the memos of ms.
func searchCompartmentTrials(b *grid.Board, sink *Sink, ms *compartmentMemoSet) {
	l := b.Layout()
	m := ms.pick(b)
	st := m.st
	// Compartments with fewest straights first: their steps are shortest.
	opts := ms.opts[:0]
	for _, u := range st.comps {
		w := b.StraightWindows(l.Unit(u).Cells, nil)
		if c := w.Count(); c >= 2 && c <= maxTrialStraights {
			opts = append(opts, trialOption{u, w})
		}
	}
	ms.opts = opts
	slices.SortStableFunc(opts, func(x, y trialOption) int { return x.windows.Count() - y.windows.Count() })
	if len(ms.keep) != l.Cells {
		ms.keep = make([]grid.Digits, l.Cells)
	}
	for _, o := range opts {
		if sink.Cancelled() {
			return
		}
		if m.tryCompartment(b, sink, o.unit, o.windows, ms.keep) && sink.Done() {
			return
		}
	}
}

// trialOption is a compartment a Compartment Trial search tries and the
// straights open to it.
type trialOption struct {
	unit    int
	windows grid.Digits
}

// compartmentMemo is what Compartment Trial keeps between searches: the
// outcomes of its trials (see trialMemo), by compartment and straight,
// and the simple rules' working state.
type compartmentMemo struct {
	set      trialMemoSet
	outcomes []trialOutcome // by index in st.comps*(N+1)+lowest digit
	st       *straightTrial
	used     int // the search count of compartmentMemoSet when last picked
	kin      *compartmentMemoSet
}

// compartmentMemoSet holds a few memos: the searches of a solve's boards
// and those inside the trials of Str8ts Nested Trial (on each trial's
// boards) each find theirs, the one whose last board holds the new one.
type compartmentMemoSet struct {
	memos    [4]compartmentMemo
	searches int
	// root, when not nil, is the set of the searches on the boards a
	// Pattern Trial search tries its candidates on, while the trials'
	// own searches use this set: a lineage begun here finds in root
	// what the searches above it knew (see kinOutcome).
	root *compartmentMemoSet
	// A search's buffers: the compartments to try and the candidates
	// the straights keep.
	opts []trialOption
	keep []grid.Digits
}

var compartmentMemos keptPool[compartmentMemoSet]

// pick returns the memo for a search on b, its search begun: the one
// whose last board b lies within, or else the one least recently used,
// set up afresh.
func (ms *compartmentMemoSet) pick(b *grid.Board) *compartmentMemo {
	ms.searches++
	var m *compartmentMemo
	for i := range ms.memos {
		x := &ms.memos[i]
		if last := x.set.last; last != nil && x.set.l == b.Layout() && boardWithin(b, last.board) {
			m = x
			break
		}
		if m == nil || x.used < m.used {
			m = x
		}
	}
	m.used, m.kin = ms.searches, ms
	if m.set.last == nil || !boardWithin(b, m.set.last.board) {
		m.set.l = nil // not a board of this memo's searches: start afresh
	}
	if m.set.begin(b) || trialMemoOff {
		m.reset(b.Layout())
	}
	return m
}

// reset forgets every outcome m keeps, for searches on layout l: the
// working state and the outcomes' boards are kept for reuse when l is the
// layout they were made for.
func (m *compartmentMemo) reset(l *grid.Layout) {
	if m.st == nil || m.st.l != l || trialMemoOff {
		m.st = newStraightTrial(l)
		m.outcomes = make([]trialOutcome, len(m.st.comps)*(l.N+1))
		return
	}
	for i := range m.outcomes {
		m.outcomes[i] = trialOutcome{start: m.outcomes[i].start}
	}
}

// tryCompartment tries each of windows, the straights open to compartment
// u, and adds a step when what the surviving ones keep rules out a
// candidate; it reports whether it added one. The straights are followed
// as the memo allows (see follow); when a step comes of them, those that
// ran out are followed again from b for where they did.
func (m *compartmentMemo) tryCompartment(b *grid.Board, sink *Sink, u int, windows grid.Digits, keep []grid.Digits) bool {
	st := m.st
	cells := st.l.Unit(u).Cells
	clear(keep)
	alive := 0
	var broken grid.Digits // the windows whose straight ran out
	// The lowest and highest straights first, the only ones to keep the
	// compartment's lowest and highest digits: once the straights followed
	// keep every candidate of b, the others can rule nothing out.
	for w := straightOrder(windows); w != 0; w >>= 5 {
		lo := int(w & 31)
		end, ok := m.follow(b, st.index[u], lo)
		if !ok {
			broken |= grid.Bit(lo)
			continue
		}
		alive++
		for c := range st.l.Cells {
			if v := end.Value(c); v != 0 {
				keep[c] |= grid.Bit(int(v))
			} else {
				keep[c] |= end.Cands(c)
			}
		}
		if w>>5 != 0 && keepsAll(b, keep) {
			return false
		}
	}
	if alive == 0 {
		return false // the board is broken: the solver's check reports it
	}
	var gone []CellDigit
	for c := range st.l.Cells {
		if b.Value(c) != 0 {
			continue
		}
		for ds := b.Cands(c) &^ keep[c]; ds != 0; ds &= ds - 1 {
			gone = append(gone, CellDigit{c, ds.Min()})
		}
	}
	if len(gone) == 0 {
		return false
	}
	var nodes []Node
	for w := windows; w != 0; w &= w - 1 {
		straight := grid.Straight(w.Min(), len(cells))
		nd := Node{Kind: CompartmentNode, Unit: u, Cells: slices.Clone(cells), Combos: []grid.Digits{straight}}
		if broken.Has(w.Min()) {
			fail, _ := st.try(b, cells, straight)
			nd.Origin = failureText(st.l, fail)
		}
		nodes = append(nodes, nd)
	}
	s := sink.Add()
	s.Digits = windows
	s.Units = append(s.Units, u)
	s.Cells = append(s.Cells, cells...)
	s.Nodes = nodes
	s.Eliminations = gone
	return true
}

// straightOrder returns the order in which tryCompartment follows the
// straights of windows: the lowest digits of the lowest window, the
// highest and then the others, lowest first, five bits each from the
// lowest bits up (at most maxTrialStraights of them, each from 1 to 31).
func straightOrder(windows grid.Digits) uint64 {
	lo, hi := windows.Min(), windows.Max()
	order, shift := uint64(lo), 5
	if hi != lo {
		order |= uint64(hi) << shift
		shift += 5
	}
	for w := windows &^ grid.Bit(lo) &^ grid.Bit(hi); w != 0; w &= w - 1 {
		order |= uint64(w.Min()) << shift
		shift += 5
	}
	return order
}

// keepsAll reports whether keep holds every candidate of every empty cell
// of b.
func keepsAll(b *grid.Board, keep []grid.Digits) bool {
	for c, k := range keep {
		if b.Value(c) == 0 && b.Cands(c)&^k != 0 {
			return false
		}
	}
	return true
}

// follow follows the straight from lo of compartment comps[i] on b and
// reports where the simple rules end, and false when they run out. An
// outcome the memo holds for a board b lies within is not followed again;
// one whose end no longer lies within b gives the board to start from
// (what b with the straight and that end both allow). The board it
// returns is the memo's or st.work, valid until the next call.
func (m *compartmentMemo) follow(b *grid.Board, i, lo int) (*grid.Board, bool) {
	st := m.st
	cells := st.l.Unit(st.comps[i]).Cells
	straight := grid.Straight(lo, len(cells))
	o := &m.outcomes[i*(st.l.N+1)+lo]
	known := o
	if o.base == nil || !m.set.holds(o) {
		if known = m.kinOutcome(b, i, lo); known == nil {
			ok := st.reach(b, cells, straight)
			m.record(o, ok)
			return st.work, ok
		}
	}
	switch {
	case known.broken:
		trialMemoHits.Add(1)
		if known != o {
			m.record(o, false)
		}
		return nil, false
	case boardWithin(known.start, b):
		trialMemoHits.Add(1)
		if known == o {
			return o.start, true
		}
		st.work = copyBoard(st.work, known.start)
		m.record(o, true)
		return st.work, true
	}
	st.place(b, cells, straight)
	ok := meetBoard(st.work, known.start) && st.propagateFrom(known.start)
	m.record(o, ok)
	return st.work, ok
}

// kinOutcome returns what another memo of the set knows of the straight
// from lo of compartment comps[i] on a board b lies within (see
// trialMemo), or nil: a search that begins a lineage of boards (the first
// of a Nested Trial's trial, within the board of the search around it)
// finds there the outcomes of the searches on the boards above it.
func (m *compartmentMemo) kinOutcome(b *grid.Board, i, lo int) *trialOutcome {
	if m.kin == nil || trialMemoOff {
		return nil
	}
	if o := m.kin.outcome(m, b, i, lo); o != nil {
		return o
	}
	if m.kin.root != nil {
		return m.kin.root.outcome(m, b, i, lo)
	}
	return nil
}

// outcome returns the outcome a memo of ms other than m keeps of the
// straight from lo of compartment comps[i] on a board b lies within, or
// nil.
func (ms *compartmentMemoSet) outcome(m *compartmentMemo, b *grid.Board, i, lo int) *trialOutcome {
	for j := range ms.memos {
		x := &ms.memos[j]
		if x == m || x.set.l != b.Layout() || x.outcomes == nil {
			continue
		}
		o := &x.outcomes[i*(m.st.l.N+1)+lo]
		if o.base != nil && boardWithin(b, o.base.board) {
			return o
		}
	}
	return nil
}

// record keeps in o how a straight's trial on the search's board ended:
// unbroken at st.work, or run out.
func (m *compartmentMemo) record(o *trialOutcome, ok bool) {
	o.base = m.set.currentBase()
	o.broken = !ok
	if ok {
		o.start = copyBoard(o.start, m.st.work)
	}
}

// try places straight in cells on a copy of b and follows the simple
// rules to their end; it reports false, and where, when they run out.
func (st *straightTrial) try(b *grid.Board, cells []int, straight grid.Digits) (trialFailure, bool) {
	st.place(b, cells, straight)
	return st.propagate()
}

// place copies b to st.work and restricts the open cells to straight.
func (st *straightTrial) place(b *grid.Board, cells []int, straight grid.Digits) {
	if st.work == nil {
		st.work = b.Clone()
	} else {
		st.work.CopyFrom(b)
	}
	for _, c := range cells {
		if st.work.Value(c) == 0 {
			st.work.Restrict(c, straight)
		}
	}
}

// reach is try without the place where the rules run out: it reports
// whether the straight's trial ends unbroken, at st.work.
func (st *straightTrial) reach(b *grid.Board, cells []int, straight grid.Digits) bool {
	st.place(b, cells, straight)
	return st.propagateFrom(nil)
}

// propagateExact is propagateFrom(ref) that reports where the rules run
// out as propagate does: when they do, it follows them again by
// propagate from the board it started with, which runs out as well (the
// rules are monotone) and leaves the work board as propagate leaves it.
func (st *straightTrial) propagateExact(ref *grid.Board) (trialFailure, bool) {
	st.pre = copyBoard(st.pre, st.work)
	if st.propagateFrom(ref) {
		return trialFailure{}, true
	}
	st.work.CopyFrom(st.pre)
	return st.propagate()
}

// propagateFrom follows the simple rules on the work board to the end
// propagate reaches, and reports false when they run out (where they do
// may differ from propagate's). Each rule reads the cells of one unit (a
// cell's singles its cell), so only the units of cells that changed are
// judged again: all of them in the first round when ref is nil;
// otherwise ref is a board the rules leave unchanged, unbroken, that the
// work board lies within, and the first round judges only the units of
// the cells where the two differ (the others read what they read on ref,
// where what they would remove or place is gone or placed already). The
// rules are monotone, so the order does not change where they end, nor
// whether they run out.
func (st *straightTrial) propagateFrom(ref *grid.Board) bool {
	w := st.work
	l := st.l
	st.dirty = st.dirty[:0]
	for c := range l.Cells {
		if ref == nil || w.Value(c) != ref.Value(c) || w.Cands(c) != ref.Cands(c) {
			st.dirty = append(st.dirty, c)
		}
	}
	st.changed = len(st.dirty) > 0
	for len(st.dirty) > 0 {
		w.CopyCandidates(st.prevCand)
		w.CopyValues(st.prevVal)
		st.gen++
		for _, c := range st.dirty {
			for _, u := range l.CellUnit(c) {
				st.unitMark[u] = st.gen
			}
			if w.Value(c) != 0 || l.IsBlack(c) {
				continue
			}
			switch ds := w.Cands(c); ds.Count() {
			case 0:
				return false
			case 1:
				w.Place(c, ds.Min())
			}
		}
		for i, u := range st.comps {
			if st.unitMark[u] == st.gen {
				if _, ok := st.applyStraights(i); !ok {
					return false
				}
			}
		}
		for _, u := range st.others {
			if st.unitMark[u] == st.gen {
				if _, ok := st.applyDistinct(u); !ok {
					return false
				}
			}
		}
		st.dirty = st.dirty[:0]
		for c := range l.Cells {
			if w.Value(c) != st.prevVal[c] || w.Cands(c) != st.prevCand[c] {
				st.dirty = append(st.dirty, c)
			}
		}
	}
	return true
}

// propagate follows the simple rules on the work board to their end; it
// reports false, and where, when they run out.
func (st *straightTrial) propagate() (trialFailure, bool) {
	w := st.work
	st.trials++
	for changed := true; changed; {
		changed = false
		for c := range st.l.Cells {
			if w.Value(c) != 0 || st.l.IsBlack(c) {
				continue
			}
			switch ds := w.Cands(c); ds.Count() {
			case 0:
				return trialFailure{cell: c, unit: -1}, false
			case 1:
				changed = w.Place(c, ds.Min()) || changed
			}
		}
		for i, u := range st.comps {
			if st.isSettled(i) {
				continue
			}
			ch, ok := st.applyStraights(i)
			if !ok {
				return trialFailure{cell: -1, unit: u}, false
			}
			if !ch {
				st.settle(i)
			}
			changed = changed || ch
		}
		for _, u := range st.others {
			ch, ok := st.applyDistinct(u)
			if !ok {
				return trialFailure{cell: -1, unit: u}, false
			}
			changed = changed || ch
		}
	}
	return trialFailure{}, true
}

// isSettled reports whether compartment comps[i] is as it was when
// applyStraights last changed nothing there in this trial.
func (st *straightTrial) isSettled(i int) bool {
	if st.settledIn[i] != st.trials {
		return false
	}
	for j, c := range st.l.Unit(st.comps[i]).Cells {
		if st.settled[i][j] != (cellState{st.work.Cands(c), st.work.Value(c)}) {
			return false
		}
	}
	return true
}

// settle records compartment comps[i] as applyStraights left it unchanged.
func (st *straightTrial) settle(i int) {
	for j, c := range st.l.Unit(st.comps[i]).Cells {
		st.settled[i][j] = cellState{st.work.Cands(c), st.work.Value(c)}
	}
	st.settledIn[i] = st.trials
}

// applyStraights applies the straights still open to compartment
// comps[i]: candidates outside all of them go, a digit all of them hold
// with one place left goes in, and one with more places leaves the cells
// outside the compartment that see them all. It reports a change, and
// false when no straight is left.
func (st *straightTrial) applyStraights(i int) (changed, ok bool) {
	w := st.work
	cells := st.l.Unit(st.comps[i]).Cells
	windows := st.windows(i, cells)
	if windows == 0 {
		return false, false
	}
	defer st.noteWindows(i, cells, windows)
	allowed, sure := grid.StraightSpan(windows, len(cells))
	for _, c := range cells {
		if v := w.Value(c); v != 0 {
			sure &^= grid.Bit(int(v))
		} else if w.Cands(c)&^allowed != 0 {
			w.Restrict(c, allowed)
			changed = true
		}
	}
	// The sure digits with two places or more, found in one pass: until
	// a digit goes in, the compartment's cells stay as they are, and
	// with seeAll such a digit leaves the same cells whatever its places.
	var once, twice grid.Digits
	for _, c := range cells {
		ds := w.Cands(c)
		twice |= once & ds
		once |= ds
	}
	seeAll, placedOne := st.seeAll[i], false
	var places [grid.MaxSize]int
	for ; sure != 0; sure &= sure - 1 {
		d := sure.Min()
		if seeAll != nil && twice.Has(d) && !placedOne && !st.plainSee {
			for _, p := range seeAll {
				changed = w.Eliminate(p, d) || changed
			}
			continue
		}
		n := 0
		for _, c := range cells {
			if w.Cands(c).Has(d) {
				places[n] = c
				n++
			}
		}
		if n == 1 {
			changed = w.Place(places[0], d) || changed
			placedOne = true // the placed cell left the places of other digits
			continue
		}
		// The cells that see every place, outside the compartment.
		see := st.scratch
		see.Copy(st.peerSet(places[0]))
		for _, c := range places[1:n] {
			see.And(st.peerSet(c))
		}
		see.AndNot(st.compSet(i))
		for p := see.Next(0); p >= 0; p = see.Next(p + 1) {
			changed = w.Eliminate(p, d) || changed
		}
	}
	return changed, true
}

// windows returns the windows open to compartment comps[i] on the work
// board. When the compartment's cells lie within the state noted with its
// windows last (noteWindows), only the windows holding a digit that left
// a cell since are judged again: the others see the same candidates
// among their digits, and a window closed stays closed.
func (st *straightTrial) windows(i int, cells []int) grid.Digits {
	w := st.work
	last := st.lastWin[i]
	if last == 0 {
		return w.StraightWindows(cells, nil)
	}
	var left, placed grid.Digits
	for j, c := range cells {
		was, v := st.winState[i][j], w.Value(c)
		switch {
		case was.value != 0:
			if v != was.value {
				return w.StraightWindows(cells, nil)
			}
		case v != 0:
			if !was.cand.Has(int(v)) {
				return w.StraightWindows(cells, nil)
			}
			left |= was.cand &^ grid.Bit(int(v))
		default:
			if w.Cands(c)&^was.cand != 0 {
				return w.StraightWindows(cells, nil)
			}
			left |= was.cand &^ w.Cands(c)
		}
		if v != 0 {
			if placed.Has(int(v)) {
				return 0 // a digit twice: no straight
			}
			placed |= grid.Bit(int(v))
		}
	}
	if left == 0 {
		return last
	}
	var again grid.Digits
	for ws := last; ws != 0; ws &= ws - 1 {
		if lo := ws.Min(); grid.Straight(lo, len(cells))&left != 0 {
			again |= grid.Bit(lo)
		}
	}
	if again == 0 {
		return last
	}
	return last&^again | w.StraightWindowsAmong(cells, nil, again)
}

// noteWindows notes windows as those open to compartment comps[i] with
// its cells as they are on the work board.
func (st *straightTrial) noteWindows(i int, cells []int, windows grid.Digits) {
	for j, c := range cells {
		st.winState[i][j] = cellState{st.work.Cands(c), st.work.Value(c)}
	}
	st.lastWin[i] = windows
}

// applyDistinct checks that unit u's white cells have digits enough left
// to differ, and places a unit's hidden singles when it has a cell for
// every digit. It reports a change, and false when the digits run out.
func (st *straightTrial) applyDistinct(u int) (changed, ok bool) {
	w := st.work
	cells := st.l.Unit(u).Cells
	var seen, placed grid.Digits
	for _, c := range cells {
		if v := w.Value(c); v != 0 {
			seen |= grid.Bit(int(v))
			placed |= grid.Bit(int(v))
		} else {
			seen |= w.Cands(c)
		}
	}
	if seen.Count() < len(cells) {
		return false, false
	}
	if len(cells) != st.l.N {
		return false, true
	}
	for ds := seen &^ placed; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		place := -1
		for _, c := range cells {
			if w.Cands(c).Has(d) {
				if place >= 0 {
					place = -2
					break
				}
				place = c
			}
		}
		if place >= 0 {
			changed = w.Place(place, d) || changed
		}
	}
	return changed, true
}

// failureText words where a tried straight ran out.
func failureText(l *grid.Layout, f trialFailure) string {
	if f.unit < 0 {
		return "leaves " + l.CellName(f.cell) + " no candidate"
	}
	if l.Unit(f.unit).Kind == grid.Compartment {
		return "leaves " + l.Unit(f.unit).Name() + " no straight"
	}
	return "leaves " + l.Unit(f.unit).Name() + " too few digits for its cells"
}

// explainCompartmentTrial explains a Compartment Trial, e.g. "compartment
// r1-4c5 can hold 2-5, 3-6 or 4-7; following singles and the straights of
// the compartments from each: 2-5 leaves r4c2 no candidate; with 3-6 or
// 4-7 none keeps r5c5-7".
func explainCompartmentTrial(s *Step, n grid.Notation) string {
	l := n.Layout
	k := len(l.Unit(s.Units[0]).Cells)
	var failed, kept []string
	for _, nd := range s.Nodes {
		name := windowNames(n, grid.Bit(nd.Combos[0].Min()), k)
		if nd.Origin != "" {
			failed = append(failed, name+" "+nd.Origin)
			continue
		}
		kept = append(kept, name)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s can hold %s; following singles, the straights of the compartments and the distinct digits of the lines from each: ",
		l.Unit(s.Units[0]).Name(), windowNames(n, s.Digits, k))
	if len(failed) > 0 {
		sb.WriteString(strings.Join(failed, "; "))
		sb.WriteString("; ")
	}
	if len(kept) == 1 {
		fmt.Fprintf(&sb, "so it holds %s, and with it %s go", kept[0], changeList(s, n))
	} else {
		fmt.Fprintf(&sb, "none of %s keeps %s", strings.Join(kept, ", "), changeList(s, n))
	}
	return sb.String()
}

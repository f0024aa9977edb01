package strategy

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

var lockedNested = &Technique{name: "Locked Nested Trial", level: Extreme, score: 950, se: 100}

var lockedNestedStrategy = withOutline(newStrategy(Elimination, lockedNested, findLockedNested, explainNestedContradiction), describeNestedContradiction)

// LockedNestedTrial (X2) is a trial inside a trial whose trials follow
// locked candidates and pairs as well as singles, on boards of side 16 or
// more without cages: assume a candidate and follow what the singles, the
// box/line (and diagonal) intersections and the naked and hidden pairs
// then force; where that stops, try each candidate left in turn, and one
// whose own trial (the same rules) breaks a rule leaves; follow again,
// until some cell or unit is left with nothing: the candidate assumed is
// false.
//
// It is the Nested Forcing Net (R2) with pointing, claiming and pairs
// inside its trials, and it comes after it: at the boards where R2's
// search with no budget refutes no premise (x16-extreme line 11, the
// forum's "very hard" 16×16 X) they refute some. The step reads as Nested
// Cage Contradiction's: "r6c11<>10 (if it were 10: ...; then ...)" for
// each trial inside, "7 locked in r2c3+r2c4" for an intersection, "naked
// pair {3,7} in r1c1,r1c2 (row 1)" for a pair. A search tries the
// candidates whose own trial removes most first, first with lemmas in the
// cells the premise narrowed, then in every cell; a solve takes every step
// of a search (solver.Batches). Its work is bounded by lockedBudget
// eliminations a search.
func LockedNestedTrial() *Strategy { return lockedNestedStrategy }

// lockedNestedFrom is the least side the trial runs on: on 9×9 boards
// the nets and chains finish top1465 by logic, and the trial was not
// measured there.
const lockedNestedFrom = 16

// lockedNestedBudget is the most eliminations one search on a 16×16
// follows, inner trials included (a search of four times it took 3.7 s
// of CPU at the very hard 16×16 X's stuck board), and four times that
// on larger boards, divided by Sink.Thrift in a mixed solve (see
// lockedBudget).
const lockedNestedBudget = 10_000_000

// lockedBudget returns the eliminations a search on layout l for sink
// may follow. With the 16×16 budget the forum's "very hard" 16×16 X
// finishes by logic in a mixed solve (9.4 s of CPU; 11 s with four times
// it), and x16-extreme line 11, which guesses either way, costs 5 s (14 s
// with four times it); with half of it the very hard one guesses. On the
// published 25×25s a mixed solve's eighth of four times it finishes lines
// 1 and 3 by logic in 9-11 s (17-24 s with the whole).
func lockedBudget(l *grid.Layout, sink *Sink) int {
	budget := lockedNestedBudget
	if l.N > 16 {
		budget *= 4
	}
	return budget / max(sink.Thrift, 1)
}

// lockedSuits reports whether the trial runs on layout l: of side
// lockedNestedFrom or more, without cages and not Str8ts, its units'
// places of the digits within lockedSlots.
func lockedSuits(l *grid.Layout) bool {
	return l.N >= lockedNestedFrom && len(l.AllCages()) == 0 && !l.Variant.IsStr8ts() && len(l.Units())*l.N <= lockedSlots
}

var lockedPool = sync.Pool{New: func() any { return new(lockedTrial) }}

// findLockedNested adds the Locked Nested Trial steps of b to sink.
func findLockedNested(b *grid.Board, sink *Sink) {
	if !lockedSuits(b.Layout()) {
		return
	}
	t := lockedPool.Get().(*lockedTrial)
	defer lockedPool.Put(t)
	if t.start(b) {
		t.find(sink, lockedBudget(b.Layout(), sink))
	}
}

// lockedTrial is the state of a Locked Nested Trial search: a board's
// candidates with the places left of each digit in each unit, changed by
// eliminations that a trail undoes.
type lockedTrial struct {
	l     *grid.Layout
	n     int
	units [][]int       // the full units' cells
	ucell []int32       // the same, unit u's at u*n
	cellU [][]lockedRef // by cell: its full units and its place in each
	// fams lists, at (u*n + place)*famWidth, the intersections of unit
	// u holding the place (their places in u, and their indexes in
	// links), one for each kind of other unit that has one, in the order
	// of the kinds; link -1 ends a list shorter than famWidth. Two places
	// or more of a digit lie in at most one intersection of a kind.
	fams []lockedFam
	// famUnion is, by u*n + place, the union of the places of the
	// intersections in fams there: places not all in it are in none.
	famUnion  []uint32
	links     []lockedLink // every unit's intersections with other units, unit by unit
	famWidth  int
	unitPeers bool // every cell's peers are its full units' other cells
	// lockQ marks, by unit*n + digit-1, the intersection checks queued:
	// those of the queue's entries not yet followed, none when the queue
	// is empty.
	lockQ []uint8
	cand  []grid.Digits
	rem   []uint32 // by unit*n + digit-1: the places of the digit left in the unit
	trail []int32  // the eliminations, cell*32 + digit-1, to undo
	queue []int32  // what is left to follow (see the lk* kinds)
	work  int
	bad   lockedBad
	// Logging, for the report: the events of a trial and the eliminations
	// each made, with where each elimination is (elimAt, by cell*n +
	// digit-1, -1 for none) and the event that placed each cell.
	logOn    bool
	events   []lockedEvent
	elims    []lockedElim
	elimAt   []int32
	placedBy []int32
	// snaps are, during a logged outer trial, the candidates before each
	// lemma's trial (n*n per lemma), to follow it again for its report;
	// snapRem the places then (len(rem) per lemma), which the report
	// copies rather than counting them again from the candidates.
	snaps   []grid.Digits
	snapRem []uint32
	cand0   []grid.Digits // the candidates when the logged trial began
	// needs marks the events of a logged trial its contradiction rests on
	// (see trace); stack is trace's.
	needs []bool
	stack []int32
	order []lockedPremise
	// unitOf is, by index in units, the unit's index in the layout.
	unitOf []int
	base   []grid.Digits // the board's candidates (see find)
	held   []uint64      // by cell*32 + digit-1: vouched for (see lemma)
	// vouchedP are, by cell*32 + digit-1, the premises of a pass that a
	// premise which held vouches for (see find).
	vouchedP []uint64
	// saves are the states kept before a premise's trial (0) and a
	// lemma's (1), to go back to (see save); savedAt is, for each, the
	// length of the trail when the state in force is the one kept, -1
	// when it may not be (see keep).
	saves   [2]lockedSave
	savedAt [2]int
	// broke are the lemmas (cell*32 + digit-1) that broke a rule in the
	// last unlogged refutes, in order, and brokeWork the eliminations it
	// followed: report follows them again without their search (replay).
	broke     []int32
	brokeWork int
	// redo keeps, within one refutes, each lemma's last trial that held:
	// by cell*32 + digit-1, where its eliminations lie in redoElims (from,
	// count), the length of the trail when it began (at), and the number
	// of the refutes it was made in (gen, redoGen then), so that the
	// lemma's next trial starts from them (see relemma). redoMark is
	// relemma's scratch set of candidates, a bit for each cell*32 +
	// digit-1.
	redo      []lockedRedo
	redoElims []int32
	redoMark  []uint64
	redoGen   uint32
	heldRef   []uint64 // see lockedHeldCheck
}

// lockedRedoCheck, set by tests, has every trial relemma finds to hold
// followed again exactly and compared (checkRelemma), lockedRedoChecked
// counting them.
var (
	lockedRedoCheck   bool
	lockedRedoChecked int
)

// lockedHeldCheck, set by tests, has refutes keep the marks of the lemmas'
// trials that held as the trail reads them after each (heldRef) and
// compare them with t.held before each look (checkHeld), lockedHeldChecked
// counting the looks at marks not all clear.
var (
	lockedHeldCheck   bool
	lockedHeldChecked int
)

// lockedRedo is a lemma's last trial that held, within a refutes (see
// lockedTrial.redo).
type lockedRedo struct {
	gen            uint32
	at, from, size int32
}

// lockedSave is the candidates and the places of a trial's state, kept
// to go back to (see lockedTrial.save).
type lockedSave struct {
	cand []grid.Digits
	rem  []uint32
}

// lockedRef is a unit of a cell and the cell's place among its cells, as
// a bit (1 << place), the one way rem and its masks read it.
type lockedRef struct {
	u     int32
	place uint32
	base  int32 // u*n: where the unit's entries of rem and ucell begin
	// hidden and check are the unit's queue entries of a hidden single
	// and of an intersection check with digit 1 (lkHidden | u<<5 and
	// lkLock | u*n<<5): those of digit d differ by d-1 and (d-1)*33.
	hidden, check int32
}

// lockedLink is an intersection of unit u with another: the places in u
// of the cells they share (at least two), the other unit, and the places
// in it of its cells outside u.
type lockedLink struct {
	mask  uint32
	other int32
	out   uint32
}

// lockedFam is an intersection in a list of Locked Nested Trial's fams:
// its places in the unit and its index in links.
type lockedFam struct {
	mask uint32
	link int32
}

// lockedBad is the contradiction a trial reached: a cell with no
// candidate (unit -1) or a digit with no place in a unit.
type lockedBad struct {
	on         bool
	cell, unit int
	digit      int
}

// lockedEvent is a deduction of a logged trial.
type lockedEvent struct {
	kind   uint8 // lePremise, leNaked, leHidden, leLock, leLemma
	cell   int   // the cell placed (premise, naked, hidden) or the lemma's
	digit  int
	unit   int         // hidden, pairs: the unit; lock: the unit whose places are locked
	mask   uint32      // lock: the places in unit it shares with the other unit
	cells  []int       // lock: the digit's places left in unit; pairs: the two cells
	digits grid.Digits // pairs: the two digits
	snap   int         // lemma: its snapshot in snaps
}

// The Origin of a trial's pair node (a GroupNode of Digit 0), which
// trialNodeText words with the pair's digits, cells and unit.
const (
	nakedPairOrigin  = "naked pair"
	hiddenPairOrigin = "hidden pair"
)

// The kinds of event.
const (
	lePremise uint8 = iota
	leNaked
	leHidden
	leLock
	leLemma
	leNakedPair  // cells hold only digits in unit
	leHiddenPair // digits have no place in unit but cells
)

// lockedElim is an elimination of a logged trial and the event that made
// it.
type lockedElim struct {
	cell, digit int
	ev          int32
}

// lockedPremise is a candidate to assume and what its own trial removed.
type lockedPremise struct {
	cell, digit, reach int
}

// The kinds of what a trial has left to follow, in the top bits of a
// queue entry.
const (
	lkSingle     = iota << 28 // a cell with one candidate left: its peers lose it
	lkHidden                  // unit<<5 | digit-1 with one place left: the place is the digit
	lkLock                    // (unit*n + digit-1)<<5 | digit-1 whose places may lie in an intersection
	lkPair                    // a cell with two candidates left (naked pairs)
	lkHiddenPair              // unit<<5 | digit-1 with two places left (hidden pairs)
	lkMask       = 1<<28 - 1
)

// lkUnit and lkDigit read the unit and the digit of a queue entry of unit
// u and digit d (u<<5 | d-1, which spares the loop a division).
func lkUnit(x int32) int  { return int(x&lkMask) >> 5 }
func lkDigit(x int32) int { return int(x&31) + 1 }

// start loads board b into t and follows its singles and intersections
// once; it reports false when that removes a candidate or breaks a rule:
// cheaper strategies take the board first.
func (t *lockedTrial) start(b *grid.Board) bool {
	l := b.Layout()
	if t.l != l {
		t.setup(l)
	}
	n := t.n
	t.cand = slices.Grow(t.cand[:0], l.Cells)[:l.Cells]
	for c := range l.Cells {
		t.cand[c] = b.Cands(c)
		if v := b.Value(c); v != 0 {
			t.cand[c] = grid.Bit(int(v))
		}
	}
	t.loadRem()
	t.trail, t.queue, t.work, t.bad, t.logOn = t.trail[:0], t.queue[:0], 0, lockedBad{}, false
	clear(t.lockQ)
	for c, ds := range t.cand {
		if ds == 0 {
			return false
		}
		if ds&(ds-1) == 0 {
			t.queue = append(t.queue, lkSingle|int32(c))
		}
	}
	for u := range t.units {
		for d := range n {
			if t.rem[u*n+d] == 0 {
				return false
			}
			t.queue = append(t.queue, lkLock|int32((u*n+d)<<5|d))
			if t.rem[u*n+d]&(t.rem[u*n+d]-1) == 0 {
				t.queue = append(t.queue, lkHidden|int32(u<<5|d))
			}
		}
	}
	return t.run() && len(t.trail) == 0
}

// setup reads layout l's full units, each cell's, and the intersections.
func (t *lockedTrial) setup(l *grid.Layout) {
	t.l, t.n = l, l.N
	t.units, t.unitOf = t.units[:0], t.unitOf[:0]
	t.cellU = make([][]lockedRef, l.Cells)
	for u := range l.Units() {
		un := l.Unit(u)
		if un.Partial || len(un.Cells) != l.N {
			continue
		}
		k := int32(len(t.units))
		for pos, c := range un.Cells {
			t.cellU[c] = append(t.cellU[c], lockedRef{u: k, place: 1 << pos, base: k * int32(l.N), hidden: lkHidden | k<<5, check: lkLock | k*int32(l.N)<<5})
		}
		t.units = append(t.units, un.Cells)
		t.unitOf = append(t.unitOf, u)
	}
	inter := make([][]lockedLink, len(t.units)) // by unit: its intersections
	for u, cells := range t.units {
		for v, other := range t.units {
			if u == v {
				continue
			}
			var mask, out uint32
			for pos, c := range cells {
				if slices.Contains(other, c) {
					mask |= 1 << pos
				}
			}
			if bits.OnesCount32(mask) < 2 {
				continue
			}
			for pos, c := range other {
				if !slices.Contains(cells, c) {
					out |= 1 << pos
				}
			}
			inter[u] = append(inter[u], lockedLink{mask: mask, other: int32(v), out: out})
		}
	}
	// The intersections by family (the kind of the other unit): the
	// places of a digit, two or more, lie in at most one of a family's.
	// (Two diagonals cross a box at its centre: a family holds
	// intersections whose places do not meet.)
	fams := make([][][]int16, len(t.units))
	t.famWidth = 1
	for u := range t.units {
		var kinds []grid.UnitKind
		var used []uint32
		for k, in := range inter[u] {
			kind := l.Unit(t.unitOf[in.other]).Kind
			f := 0
			for f < len(kinds) && (kinds[f] != kind || used[f]&in.mask != 0) {
				f++
			}
			if f == len(kinds) {
				fam := make([]int16, l.N)
				for i := range fam {
					fam[i] = -1
				}
				fams[u] = append(fams[u], fam)
				kinds, used = append(kinds, kind), append(used, 0)
			}
			used[f] |= in.mask
			for m := in.mask; m != 0; m &= m - 1 {
				fams[u][f][bits.TrailingZeros32(m)] = int16(k)
			}
		}
		t.famWidth = max(t.famWidth, len(fams[u]))
	}
	t.fams = make([]lockedFam, len(t.units)*l.N*t.famWidth)
	for i := range t.fams {
		t.fams[i].link = -1
	}
	t.links = t.links[:0]
	for u := range t.units {
		first := int32(len(t.links))
		t.links = append(t.links, inter[u]...)
		for pos := range l.N {
			at := (u*l.N + pos) * t.famWidth
			for _, fam := range fams[u] {
				if k := fam[pos]; k >= 0 {
					t.fams[at] = lockedFam{mask: inter[u][k].mask, link: first + int32(k)}
					at++
				}
			}
		}
	}
	t.famUnion = make([]uint32, len(t.units)*l.N, max(lockedSlots, len(t.units)*l.N))
	for i, f := range t.fams {
		if f.link >= 0 {
			t.famUnion[i/t.famWidth] |= f.mask
		}
	}
	t.ucell = t.ucell[:0]
	for _, cells := range t.units {
		for _, c := range cells {
			t.ucell = append(t.ucell, int32(c))
		}
	}
	// Every cell's peers are the other cells of its full units when they
	// are those of its units and every unit is full.
	t.unitPeers = l.PeersAreUnits() && len(t.units) == len(l.Units())
	t.lockQ = make([]uint8, len(t.units)*l.N, max(lockedSlots, len(t.units)*l.N))
	// Room for every entry queued and every elimination trailed since
	// the queue and the trail were last emptied, which elim does not
	// check: at most every candidate's elimination, each queueing one
	// entry for its cell and two for each of its units, and start's.
	entries := l.Cells + 2*len(t.units)*l.N
	for c := range l.Cells {
		entries += l.N * (1 + 2*len(t.cellU[c]))
	}
	t.queue = make([]int32, 0, entries)
	t.trail = make([]int32, 0, l.Cells*l.N)
	t.elimAt = make([]int32, l.Cells*l.N)
	for i := range t.elimAt {
		t.elimAt[i] = -1
	}
	t.elims = t.elims[:0] // of another layout's elimAt
	t.placedBy = make([]int32, l.Cells)
	t.held = make([]uint64, (l.Cells+1)/2)
	t.redo = make([]lockedRedo, l.Cells*32)
	t.redoMark = make([]uint64, l.Cells/2+1)
	t.redoGen = 0
}

// loadRem sets the places left of every digit in every unit from t.cand.
func (t *lockedTrial) loadRem() {
	t.forget()
	n := t.n
	t.rem = slices.Grow(t.rem[:0], max(lockedSlots, len(t.units)*n))[:len(t.units)*n]
	clear(t.rem)
	for u, cells := range t.units {
		for pos, c := range cells {
			for ds := t.cand[c]; ds != 0; ds &= ds - 1 {
				t.rem[u*n+bits.TrailingZeros32(uint32(ds))] |= 1 << pos
			}
		}
	}
}

// elim removes digit d from cell c, made by event ev (when logging),
// queueing what follows; it reports false when that breaks a rule.
func (t *lockedTrial) elim(c, d int, ev int32) bool {
	// An elimination queues at most one entry for its cell (a single or
	// a pair) and two for each of its units (a hidden single, or a lock
	// and a hidden pair), and adds one to the trail: setup made room for
	// them all (see there). The log is left to elimLogged, called last:
	// a call the values were live across made the compiler keep them on
	// the stack, on every elimination.
	refs := t.cellU[c]
	if t.logOn {
		return t.elimLogged(c, d, ev)
	}
	di := int32(d-1) & 31
	bit := grid.Digits(1) << di
	// cand is a local and the trail grows by append (setup made its
	// room): through t each store checked the bounds again.
	cand := t.cand
	ds := cand[c]
	if ds&bit == 0 {
		return true
	}
	ds &^= bit
	cand[c] = ds
	t.work++
	t.trail = append(t.trail, int32(c*32)+di)
	if ds == 0 {
		t.bad = lockedBad{on: true, cell: c, unit: -1}
		return false
	}
	// The entries are written by index, with the slices in locals: each
	// store through t made the compiler load the slices from t again.
	rem, lockQ := (*[lockedSlots]uint32)(t.rem[:lockedSlots]), (*[lockedSlots]uint8)(t.lockQ[:lockedSlots])
	di33 := di * 33 // di<<5 | di
	queue := t.queue
	k := len(queue)
	queue = queue[:cap(queue)]
	switch rest := ds & (ds - 1); {
	case rest == 0:
		queue[k] = lkSingle | int32(c)
		k++
		// The cell is placed: a lemma's trial that holds vouches for it
		// (see lemma).
		h := c*32 + bits.TrailingZeros32(uint32(ds))
		t.held[h>>6] |= 1 << (h & 63)
	case rest&(rest-1) == 0:
		queue[k] = lkPair | int32(c)
		k++
	}
	for j := range refs {
		r := &refs[j]
		i := (int(r.base) + int(di)) & (lockedSlots - 1)
		left := rem[i] &^ r.place
		rem[i] = left
		if left == 0 {
			t.queue = t.queue[:k]
			t.bad = lockedBad{on: true, cell: -1, unit: int(r.u), digit: d}
			return false
		}
		rest := left & (left - 1)
		if rest == 0 {
			queue[k] = r.hidden | di
			k++
			continue
		}
		// Two places or more: an intersection check unless one is
		// queued, and a hidden pair at two. Both entries are written and
		// k counts those that stay, without branches, which the places
		// left made hard to guess. The places are fewer than 32, so x-1
		// has its top bit set only when x is 0.
		queued := lockQ[i]
		lockQ[i] = 1
		queue[k] = r.check + di33
		k += int(queued ^ 1)
		queue[k] = r.hidden | di + (lkHiddenPair - lkHidden)
		k += int((rest&(rest-1) - 1) >> 31)
	}
	t.queue = t.queue[:k]
	return true
}

// elimLogged is elim while logging: the elimination of digit d from
// cell c, if a candidate, is logged as made by event ev.
func (t *lockedTrial) elimLogged(c, d int, ev int32) bool {
	if t.cand[c].Has(d) {
		t.elimAt[c*t.n+d-1] = int32(len(t.elims))
		t.elims = append(t.elims, lockedElim{cell: c, digit: d, ev: ev})
	}
	t.logOn = false
	ok := t.elim(c, d, ev)
	t.logOn = true
	return ok
}

// nakedPair follows cell c, left with two candidates: where another cell
// of one of its units has the same two, the unit's other cells lose them.
func (t *lockedTrial) nakedPair(c int) bool {
	ds := t.cand[c]
	if bits.OnesCount32(uint32(ds)) != 2 {
		return true
	}
	n := t.n
	d1 := bits.TrailingZeros32(uint32(ds)) + 1
	d2 := 32 - bits.LeadingZeros32(uint32(ds))
	refs := t.cellU[c]
	for j := range refs {
		r := &refs[j]
		// The partner is among the places of both digits in the unit,
		// the first such in the order of the places.
		u := int(r.u)
		for m := t.rem[u*n+d1-1] & t.rem[u*n+d2-1] &^ r.place; m != 0; m &= m - 1 {
			p := int(t.ucell[int(r.base)+bits.TrailingZeros32(m)])
			if t.cand[p] != ds {
				continue
			}
			pair := r.place | m&-m
			ev := int32(-1)
			for dd := ds; dd != 0; dd &= dd - 1 {
				d := bits.TrailingZeros32(uint32(dd)) + 1
				for left := t.rem[u*n+d-1] &^ pair; left != 0; left &= left - 1 {
					if t.logOn && ev < 0 {
						ev = t.event(lockedEvent{kind: leNakedPair, unit: u, digits: ds, cells: []int{min(c, p), max(c, p)}})
					}
					if !t.elim(t.units[u][bits.TrailingZeros32(left)], d, ev) {
						return false
					}
				}
			}
			break
		}
	}
	return true
}

// hiddenPair follows digit d of unit u, left with two places: where
// another digit has the same two places in the unit, the two cells lose
// their other candidates.
func (t *lockedTrial) hiddenPair(u, d int) bool {
	n := t.n
	m := t.rem[u*n+d-1]
	if bits.OnesCount32(m) != 2 {
		return true
	}
	a, b := int(t.ucell[u*n+bits.TrailingZeros32(m)]), int(t.ucell[u*n+31-bits.LeadingZeros32(m)])
	// A digit with the same two places is a candidate of both cells.
	for es := t.cand[a] & t.cand[b] &^ grid.Bit(d); es != 0; es &= es - 1 {
		e := bits.TrailingZeros32(uint32(es)) + 1
		if t.rem[u*n+e-1] != m {
			continue
		}
		both := grid.Bit(d) | grid.Bit(e)
		if (t.cand[a]|t.cand[b])&^both == 0 {
			return true
		}
		ev := int32(-1)
		if t.logOn {
			ev = t.event(lockedEvent{kind: leHiddenPair, unit: u, digits: both, cells: []int{a, b}})
		}
		for _, c := range []int{a, b} {
			for ds := t.cand[c] &^ both; ds != 0; ds &= ds - 1 {
				if !t.elim(c, bits.TrailingZeros32(uint32(ds))+1, ev) {
					return false
				}
			}
		}
		return true
	}
	return true
}

// save keeps the candidates and places as they are in level k of saves.
// Going back by copying them (back) costs less than taking back the
// trail an elimination at a time: a lemma's trial on the very hard 16×16
// X makes about 160.
func (t *lockedTrial) save(k int) {
	s := &t.saves[k]
	s.cand = append(s.cand[:0], t.cand...)
	s.rem = append(s.rem[:0], t.rem...)
	t.savedAt[k] = len(t.trail)
	if k == 0 {
		t.savedAt[1] = -1
	}
}

// keep is save, which it skips when level k holds the state in force
// already: the candidates and places change only by eliminations, each
// of which grows the trail, and only back shortens it (to a level's
// state), so a trail as long as when level k was last saved or gone
// back to, with no other level gone back to since, means the same
// state. The order's trials and a premise's lemmas are tried one after
// another from one state: each came with two copies of it, now one.
func (t *lockedTrial) keep(k int) {
	if t.savedAt[k] != len(t.trail) {
		t.save(k)
	}
}

// back returns to the state kept in level k of saves, when the trail was
// at long: the eliminations since are taken back.
func (t *lockedTrial) back(k, at int) {
	s := &t.saves[k]
	copy(t.cand, s.cand)
	copy(t.rem, s.rem)
	t.trail = t.trail[:at]
	if len(t.queue) > 0 {
		// A trial that broke a rule left checks queued; one that held
		// followed them all (a lemma's most often).
		clear(t.lockQ)
	}
	t.queue, t.bad = t.queue[:0], lockedBad{}
	t.savedAt[k] = at
	if k == 0 {
		t.savedAt[1] = -1
	}
}

// forget marks the saved states as not the one in force: the candidates
// were set other than by eliminations.
func (t *lockedTrial) forget() { t.savedAt = [2]int{-1, -1} }

// assume places digit d in cell c (its other candidates leave) as the
// premise of a trial.
func (t *lockedTrial) assume(c, d int) bool {
	ev := int32(-1)
	if t.logOn {
		ev = t.event(lockedEvent{kind: lePremise, cell: c, digit: d})
		t.placedBy[c] = ev
	}
	for ds := t.cand[c] &^ grid.Bit(d); ds != 0; ds &= ds - 1 {
		if !t.elim(c, bits.TrailingZeros32(uint32(ds))+1, ev) {
			return false
		}
	}
	return true
}

// event logs e and returns its index.
func (t *lockedTrial) event(e lockedEvent) int32 {
	t.events = append(t.events, e)
	return int32(len(t.events) - 1)
}

// run follows the queue: singles and intersections until nothing more
// follows; it reports false on a contradiction.
func (t *lockedTrial) run() bool {
	if t.bad.on {
		return false
	}
	n := t.n
	// The checks read rem, lockQ and famUnion through arrays with masked
	// indices, as elim does; none of them is made anew while run goes.
	rem, lockQ := (*[lockedSlots]uint32)(t.rem[:lockedSlots]), (*[lockedSlots]uint8)(t.lockQ[:lockedSlots])
	union := (*[lockedSlots]uint32)(t.famUnion[:lockedSlots])
	// The queue's head is a local: only run reads it, and the calls
	// below (elim) only append to the queue.
	for head := 0; head < len(t.queue); {
		x := t.queue[head]
		head++
		if x&^lkMask == lkLock {
			// Two thirds of the entries, most of them ending here.
			i, di := int(x&lkMask)>>5&(lockedSlots-1), int(x&31)
			lockQ[i] = 0
			left := rem[i]
			if left&(left-1) == 0 {
				continue // a hidden single's or a contradiction's
			}
			low := (i - di + bits.TrailingZeros32(left)) & (lockedSlots - 1)
			if left&^union[low] != 0 {
				continue // outside every intersection of the first place (too many places for any among them)
			}
			if !t.lock(i, di, low, left) {
				return false
			}
			continue
		}
		switch x &^ lkMask {
		case lkSingle:
			c := int(x & lkMask)
			ds := t.cand[c]
			d := bits.TrailingZeros32(uint32(ds)) + 1
			ev := int32(-1)
			if t.logOn {
				if ev = t.placedBy[c]; ev < 0 {
					ev = t.event(lockedEvent{kind: leNaked, cell: c, digit: d})
					t.placedBy[c] = ev
				}
			}
			if !t.unitPeers {
				for _, p := range t.l.Peers(c) {
					if t.cand[p]&ds != 0 && !t.elim(p, d, ev) {
						return false
					}
				}
				continue
			}
			// The peers are the cells of the cell's units: the digit's
			// places left in each.
			refs := t.cellU[c]
			for j := range refs {
				r := &refs[j]
				for left := rem[(int(r.base)+d-1)&(lockedSlots-1)] &^ r.place; left != 0; left &= left - 1 {
					if !t.elim(int(t.ucell[int(r.base)+bits.TrailingZeros32(left)]), d, ev) {
						return false
					}
				}
			}
		case lkHidden:
			u, d := lkUnit(x), lkDigit(x)
			left := rem[(u*n+d-1)&(lockedSlots-1)]
			c := int(t.ucell[u*n+bits.TrailingZeros32(left)])
			others := t.cand[c] &^ grid.Bit(d)
			if others == 0 {
				continue
			}
			ev := int32(-1)
			if t.logOn {
				ev = t.event(lockedEvent{kind: leHidden, cell: c, digit: d, unit: u})
				t.placedBy[c] = ev
			}
			for ; others != 0; others &= others - 1 {
				if !t.elim(c, bits.TrailingZeros32(uint32(others))+1, ev) {
					return false
				}
			}
		case lkPair:
			if !t.nakedPair(int(x & lkMask)) {
				return false
			}
		case lkHiddenPair:
			if !t.hiddenPair(lkUnit(x), lkDigit(x)) {
				return false
			}
		}
	}
	t.queue = t.queue[:0]
	return true
}

// lock follows the intersection check of entry i of rem (unit*n +
// digit-1), digit di+1, whose places left, two or more, lie within the
// union of the intersections holding the first, low (u*n + place): for
// each such intersection holding them all, the other unit's places of
// the digit outside it leave. It reports false on a contradiction.
func (t *lockedTrial) lock(i, di, low int, left uint32) bool {
	n, d := t.n, di+1
	at := low * t.famWidth
	for _, f := range t.fams[at : at+t.famWidth] {
		if f.link < 0 {
			break
		}
		if left&^f.mask != 0 {
			continue
		}
		in := &t.links[f.link]
		// The digit's places in the other unit outside u, in the order
		// of its cells.
		ev := int32(-1)
		other := int(in.other) * n
		for m := t.rem[other+di] & in.out; m != 0; m &= m - 1 {
			if t.logOn && ev < 0 {
				u := i / n
				ev = t.event(lockedEvent{kind: leLock, digit: d, unit: u, mask: in.mask, cells: t.places(u, left)})
			}
			if !t.elim(int(t.ucell[other+bits.TrailingZeros32(m)]), d, ev) {
				return false
			}
		}
	}
	return true
}

// places returns the cells of unit u at the places of mask.
func (t *lockedTrial) places(u int, mask uint32) []int {
	var cells []int
	for ; mask != 0; mask &= mask - 1 {
		cells = append(cells, t.units[u][bits.TrailingZeros32(mask)])
	}
	return cells
}

// spent reports whether the search is past budget or cancelled.
func (t *lockedTrial) spent(sink *Sink, budget int) bool {
	if t.work > budget {
		return true
	}
	// Each call comes before a trial that copies the board's candidates
	// (microseconds on a 25×25): a poll of the sink each time costs
	// nothing beside it, and one every cancelEvery ran a second past a
	// deadline there.
	return sink.Cancelled()
}

// find adds the steps of the board started to sink: the candidates
// assumed in order of what their own trial removes, most first, each
// refuted with lemmas (see refutes), within budget eliminations.
func (t *lockedTrial) find(sink *Sink, budget int) {
	t.order = t.order[:0]
	for c, ds := range t.cand {
		if ds&(ds-1) == 0 {
			continue
		}
		// The order alone takes a second on an empty 32×32 board: a
		// cell's trials are a few hundred microseconds of it.
		if t.work > budget || sink.Cancelled() {
			return
		}
		for ; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds)) + 1
			at := len(t.trail)
			t.keep(0)
			t.assume(c, d)
			t.run()
			t.order = append(t.order, lockedPremise{cell: c, digit: d, reach: len(t.trail) - at})
			t.back(0, at)
		}
	}
	slices.SortStableFunc(t.order, func(x, y lockedPremise) int { return y.reach - x.reach })
	t.base = append(t.base[:0], t.cand...)
	words := (len(t.cand) + 1) / 2
	t.vouchedP = slices.Grow(t.vouchedP[:0], words)[:words]
	left := 0
	for _, ds := range t.base {
		left += bits.OnesCount32(uint32(ds))
	}
	passes := []bool{false, true} // narrow, then wide
	if lockedSkipsNarrow(t.l, sink.lockedNarrow, left) {
		passes = []bool{true, false}
	}
	sink.lockedNarrow = 0
	for _, wide := range passes {
		found, start := len(sink.steps), t.work
		// A premise that held vouches for those its trial placed, in this
		// pass (see refutes).
		clear(t.vouchedP)
		for _, p := range t.order {
			if t.spent(sink, budget) {
				return
			}
			if wide && sink.WideStall > 0 && len(sink.steps) == found && t.work-start > sink.WideStall {
				break // stalled: the narrow pass, if it comes after
			}
			if k := p.cell*32 + p.digit - 1; t.vouchedP[k>>6]&(1<<(k&63)) != 0 {
				continue
			}
			if !t.cand[p.cell].Has(p.digit) || !t.refutes(p.cell, p.digit, wide, sink, budget) {
				continue
			}
			t.report(sink, p.cell, p.digit)
			if sink.Done() {
				return
			}
		}
		if len(sink.steps) > found {
			if !wide {
				sink.lockedNarrow = left
			}
			return
		}
	}
}

// lockedSkipsNarrow reports whether a search on layout l whose board has
// left candidates starts with its wide pass, trying every premise with
// wide lemmas at once, and comes to the narrow pass only when the wide
// one finds nothing (stopped by Sink.WideStall), the last search on its
// sink having taken its steps from a narrow pass on a board of narrow
// candidates (0: it did not).
//
// A narrow pass that found steps went through the premises (short of the
// budget); on a board that has since lost little more than those steps'
// candidates, the next narrow pass most often refutes nothing and only
// spends a third of the budget before the wide pass: on the forum's very
// hard 16×16 X (x16-published line 2) each of the three searches after
// one that found its steps narrow found nothing narrow (3.5 million
// eliminations each, against 54 million in the solve's eight searches).
// The wide pass refutes every premise the narrow one would, budget
// allowing (its lemmas are the narrow pass's and more, and a lemma that
// breaks a rule still breaks it once others have left), and goes on to
// the budget for more: the solve takes four searches and 28 million
// eliminations there, and finishes by logic as before. A wide pass that
// stops finding nothing leaves the narrow pass its chance, so that a
// search which found a step narrow still finds one. Either order finds
// only sound steps (each a premise refuted).
func lockedSkipsNarrow(l *grid.Layout, narrow, left int) bool {
	return narrow > 0 && narrow-left < l.N
}

// refutes reports whether assuming digit d in cell c reaches a
// contradiction, with lemmas: the candidates whose own trial then breaks
// a rule leave, until nothing more does. The board is as it was after.
//
// Narrow, it tries as lemmas only the candidates of cells the trial has
// narrowed (their candidates differ from the board's, t.base): the
// contradictions most often need only those, and they are a few of the
// board's. Wide, it tries every open cell's.
//
// It logs nothing: it records the lemmas that broke a rule, in order, in
// t.broke and its work in t.brokeWork, from which replay logs the trial
// for a step's report.
func (t *lockedTrial) refutes(c, d int, wide bool, sink *Sink, budget int) bool {
	at, work := len(t.trail), t.work
	t.save(0)
	defer t.back(0, at)
	t.redoGen++
	if t.redoGen == 0 {
		clear(t.redo) // wrapped round: no trial is of this refutes
		t.redoGen = 1
	}
	t.redoElims = t.redoElims[:0]
	t.broke = t.broke[:0]
	defer func() { t.brokeWork = t.work - work }()
	ok := t.assume(c, d) && t.run()
	clear(t.held) // of the premise's trial (see elim)
	if lockedHeldCheck {
		t.heldRef = append(t.heldRef[:0], t.held...)
	}
	for progress := ok; progress && ok; {
		progress = false
		for q := range t.cand {
			if t.cand[q]&(t.cand[q]-1) == 0 || !wide && t.cand[q] == t.base[q] {
				continue
			}
			for ds := t.cand[q]; ok && ds != 0; ds &= ds - 1 {
				e := bits.TrailingZeros32(uint32(ds)) + 1
				if lockedHeldCheck {
					t.checkHeld()
				}
				if !t.cand[q].Has(e) || t.cand[q]&(t.cand[q]-1) == 0 || t.vouched(q, e) {
					continue // gone, the cell's last, or holding
				}
				if t.spent(sink, budget) {
					return false
				}
				if !t.lemma(q, e) {
					continue
				}
				progress = true
				if lockedHeldCheck {
					clear(t.heldRef)
				}
				t.broke = append(t.broke, int32(q*32+e-1))
				ok = t.elim(q, e, -1) && t.run()
				clear(t.held) // of the lemma's trial and of this
			}
			if !ok {
				break
			}
		}
	}
	if ok && t.work <= budget {
		// It holds: so does each candidate it placed, whose own trial
		// leaves at least the candidates this one left at every turn,
		// with lemmas among the cells this one narrowed.
		for cell, ds := range t.cand {
			if ds&(ds-1) == 0 && t.base[cell] != ds {
				k := cell*32 + bits.TrailingZeros32(uint32(ds))
				t.vouchedP[k>>6] |= 1 << (k & 63)
			}
		}
	}
	return !ok
}

// replay follows again, logged, the trial of premise c=d that the last
// refutes found broken: its lemmas that broke a rule (t.broke) taken in
// the same order, without the search for them, and counts the work
// refutes took. It returns the contradiction reached (the state, t.bad
// with it, is taken back), or false if the lemmas do not break the
// trial, which cannot happen from the state refutes took them from.
func (t *lockedTrial) replay(c, d int) (bad lockedBad, ok bool) {
	at, work := len(t.trail), t.work
	t.save(0)
	defer t.back(0, at)
	holds := t.assume(c, d) && t.run()
	for _, x := range t.broke {
		if !holds {
			break
		}
		q, e := int(x>>5), int(x&31)+1
		ev := t.event(lockedEvent{kind: leLemma, cell: q, digit: e, snap: t.snapshot()})
		holds = t.elim(q, e, ev) && t.run()
	}
	if holds {
		t.work = work
		return lockedBad{}, false
	}
	t.work = work + t.brokeWork
	t.trace()
	return t.bad, true
}

// lemma reports whether digit e in cell q breaks a rule under the trial
// in force (its own trial, taken back).
//
// A trial that holds vouches for the candidates it placed (t.held): the
// trial of one of them, which it implies, removes no more than it did
// and holds too, until a lemma changes the trial in force. The marks are
// made as cells are placed, by elim and relemma, in every trial; refutes
// clears them after its premise's trial and after each lemma that broke
// (and the trial that follows it), so that those left are of the lemmas'
// trials that held since. A cell placed before the lemma's trial has no
// elimination in it and is not marked.
func (t *lockedTrial) lemma(q, e int) bool {
	at, work := len(t.trail), t.work
	t.keep(1)
	k := q*32 + e - 1
	bad := true
	// From the last trial only while the state has lost at most half as
	// many candidates since as that trial removed: each of them queues
	// its checks again, about an elimination's work (on the published
	// 25×25 line 1 every such trial so followed cost 2.5 % more
	// instructions in all, against 6.6 % fewer with this bound).
	if r := t.redo[k]; r.gen == t.redoGen && 2*(at-int(r.at)) <= int(r.size) {
		if t.relemma(r, at) {
			bad = false
			if lockedRedoCheck {
				t.checkRelemma(q, e, at, work)
			}
		} else {
			// It breaks: followed again exactly, for the work its
			// contradiction counts in the queue's order.
			t.back(1, at)
			t.work = work
		}
	}
	if bad {
		bad = !(t.assume(q, e) && t.run())
	}
	if !bad {
		if lockedHeldCheck {
			t.refHeld(at)
		}
		from := len(t.redoElims)
		t.redoElims = append(t.redoElims, t.trail[at:]...)
		t.redo[k] = lockedRedo{gen: t.redoGen, at: int32(at), from: int32(from), size: int32(len(t.trail) - at)}
	}
	t.back(1, at)
	return bad
}

// relemma follows the trial of a lemma again from the state in force,
// whose trail is at long, starting from its last trial that held in this
// refutes (r), and reports whether it holds; the work counted is that of
// the trial from the state in force, when it holds.
//
// The trial's rules only remove candidates, each remove queueing the
// checks of what it changed, and a check that applies to a state applies
// (or its eliminations are made otherwise) in every smaller one: so a
// trial that holds reaches the same state (its fixpoint), with the same
// eliminations (the work), whatever order it takes them in, and one that
// breaks breaks in every order. Since the last trial the state in force
// has lost only the eliminations on the trail after r.at: the fixpoint of
// the last trial less those is within the new fixpoint, and it differs
// from the last fixpoint only in what those eliminations removed. So its
// eliminations are made without their checks, those of the eliminations
// since queued on that state, and the trial followed from there.
//
// Only a trial that holds is counted so: one that breaks is followed
// again by its rules in order (the work up to its contradiction depends on
// the order).
func (t *lockedTrial) relemma(r lockedRedo, at int) bool {
	elims := t.redoElims[r.from : r.from+r.size]
	since := t.trail[r.at:at]
	mark := t.redoMark
	for _, x := range elims {
		mark[x>>6] |= 1 << (x & 63)
		c, di := int(x>>5), x&31
		bit := grid.Digits(1) << di
		if t.cand[c]&bit == 0 {
			continue
		}
		ds := t.cand[c] &^ bit
		t.cand[c] = ds
		if ds&(ds-1) == 0 && ds != 0 {
			h := c*32 + bits.TrailingZeros32(uint32(ds)) // placed (see elim)
			t.held[h>>6] |= 1 << (h & 63)
		}
		t.trail = append(t.trail, x)
		t.work++
		refs := t.cellU[c]
		for j := range refs {
			t.rem[int(refs[j].base)+int(di)] &^= refs[j].place
		}
	}
	ok := true
	for _, x := range since {
		if mark[x>>6]&(1<<(x&63)) != 0 {
			continue // the last fixpoint has it removed too
		}
		if !t.touch(int(x>>5), x&31) {
			ok = false
			break
		}
	}
	for _, x := range elims {
		mark[x>>6] &^= 1 << (x & 63)
	}
	return ok && t.run()
}

// touch queues the checks of cell c and of its units' places of digit
// di+1, from which that digit has been removed, as elim does; it reports
// false when the cell or a unit is left with nothing.
func (t *lockedTrial) touch(c int, di int32) bool {
	ds := t.cand[c]
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
	refs := t.cellU[c]
	for j := range refs {
		r := &refs[j]
		i := int(r.base) + int(di)
		left := t.rem[i]
		if left == 0 {
			t.bad = lockedBad{on: true, cell: -1, unit: int(r.u), digit: int(di) + 1}
			return false
		}
		rest := left & (left - 1)
		if rest == 0 {
			t.queue = append(t.queue, r.hidden|di)
			continue
		}
		if t.lockQ[i] == 0 {
			t.lockQ[i] = 1
			t.queue = append(t.queue, r.check+di*33)
		}
		if rest&(rest-1) == 0 {
			t.queue = append(t.queue, r.hidden|di+(lkHiddenPair-lkHidden))
		}
	}
	return true
}

// checkRelemma follows the trial of lemma q=e again exactly from the state
// in force before it (saves[1], whose trail is at long, the work counted
// then work) and panics unless it holds with the state and work relemma
// reached (see lockedRedoCheck).
func (t *lockedTrial) checkRelemma(q, e, at, work int) {
	got, gotWork, gotTrail := slices.Clone(t.cand), t.work, len(t.trail)
	gotRem := slices.Clone(t.rem)
	t.back(1, at)
	t.work = work
	if !(t.assume(q, e) && t.run()) {
		panic("relemma: held where the trial breaks")
	}
	if !slices.Equal(got, t.cand) || !slices.Equal(gotRem, t.rem) || gotWork != t.work || gotTrail != len(t.trail) {
		panic("relemma: not the trial's fixpoint")
	}
	lockedRedoChecked++
}

// refHeld marks in heldRef, for checkHeld, the candidates placed by the
// lemma's trial that held, at the trail from at: the cells with an
// elimination in it and one candidate left.
func (t *lockedTrial) refHeld(at int) {
	for _, x := range t.trail[at:] {
		c := int(x >> 5)
		if ds := t.cand[c]; ds&(ds-1) == 0 {
			k := c*32 + bits.TrailingZeros32(uint32(ds))
			t.heldRef[k>>6] |= 1 << (k & 63)
		}
	}
}

// checkHeld panics unless the marks of the lemmas' trials that held (see
// lemma) are those refHeld read from their trails (see lockedHeldCheck).
func (t *lockedTrial) checkHeld() {
	if !slices.Equal(t.held, t.heldRef) {
		panic("lockedTrial: held marks differ from the trials' placements")
	}
	if slices.ContainsFunc(t.held, func(w uint64) bool { return w != 0 }) {
		lockedHeldChecked++
	}
}

// vouched reports whether a trial that held since the last lemma placed
// digit e in cell q (see lemma).
func (t *lockedTrial) vouched(q, e int) bool {
	k := q*32 + e - 1
	return t.held[k>>6]&(1<<(k&63)) != 0
}

// snapshot keeps the candidates and places as they are in t.snaps and
// t.snapRem and returns the index of the copy.
func (t *lockedTrial) snapshot() int {
	t.snaps = append(t.snaps, t.cand...)
	t.snapRem = append(t.snapRem, t.rem...)
	return len(t.snaps)/len(t.cand) - 1
}

// beginLog starts logging a trial from the candidates as they are.
func (t *lockedTrial) beginLog() {
	t.logOn = true
	// elimAt is -1 but where the last log's eliminations set it.
	for _, e := range t.elims {
		t.elimAt[e.cell*t.n+e.digit-1] = -1
	}
	t.events, t.elims = t.events[:0], t.elims[:0]
	for i := range t.placedBy {
		t.placedBy[i] = -1
	}
	t.cand0 = append(t.cand0[:0], t.cand...)
}

// trace marks in t.needs the events of the logged trial its
// contradiction (t.bad) rests on.
func (t *lockedTrial) trace() {
	t.needs = slices.Grow(t.needs[:0], len(t.events))[:len(t.events)]
	clear(t.needs)
	t.stack = t.stack[:0]
	n := t.n
	want := func(c, d int) {
		if i := t.elimAt[c*n+d-1]; i >= 0 {
			if ev := t.elims[i].ev; ev >= 0 && !t.needs[ev] {
				t.needs[ev] = true
				t.stack = append(t.stack, ev)
			}
		}
	}
	wantUnit := func(u, d, skip int, except uint32) {
		for pos, c := range t.units[u] {
			if c != skip && except&(1<<pos) == 0 && t.cand0[c].Has(d) {
				want(c, d)
			}
		}
	}
	if t.bad.unit >= 0 {
		wantUnit(t.bad.unit, t.bad.digit, -1, 0)
	} else {
		for ds := t.cand0[t.bad.cell]; ds != 0; ds &= ds - 1 {
			want(t.bad.cell, bits.TrailingZeros32(uint32(ds))+1)
		}
	}
	for len(t.stack) > 0 {
		e := &t.events[t.stack[len(t.stack)-1]]
		t.stack = t.stack[:len(t.stack)-1]
		switch e.kind {
		case leNaked:
			for ds := t.cand0[e.cell] &^ grid.Bit(e.digit); ds != 0; ds &= ds - 1 {
				want(e.cell, bits.TrailingZeros32(uint32(ds))+1)
			}
		case leHidden:
			wantUnit(e.unit, e.digit, e.cell, 0)
		case leNakedPair:
			for _, c := range e.cells {
				for ds := t.cand0[c] &^ e.digits; ds != 0; ds &= ds - 1 {
					want(c, bits.TrailingZeros32(uint32(ds))+1)
				}
			}
		case leHiddenPair:
			var mask uint32
			for pos, c := range t.units[e.unit] {
				if slices.Contains(e.cells, c) {
					mask |= 1 << pos
				}
			}
			for dd := e.digits; dd != 0; dd &= dd - 1 {
				wantUnit(e.unit, bits.TrailingZeros32(uint32(dd))+1, -1, mask)
			}
		case leLock:
			wantUnit(e.unit, e.digit, -1, e.mask)
		}
	}
}

// report adds the step of the premise digit d in cell c, which refutes
// just found refuted: its trial followed again, logged (replay), and
// each lemma its contradiction rests on followed again from where it was
// found. The nodes are those of Nested Cage Contradiction (see
// buildNested): the outer trial's deductions in order, each linked to
// the next, the last its contradiction; then each lemma's own trial,
// linked from the lemma's node.
func (t *lockedTrial) report(sink *Sink, c, d int) {
	defer func() {
		copy(t.cand, t.base)
		t.loadRem()
		t.trail, t.queue, t.bad, t.logOn = t.trail[:0], t.queue[:0], lockedBad{}, false
		clear(t.lockQ)
	}()
	t.snaps, t.snapRem = t.snaps[:0], t.snapRem[:0]
	t.beginLog()
	bad, ok := t.replay(c, d)
	if !ok {
		return
	}
	t.logOn = false
	events, needs := slices.Clone(t.events), slices.Clone(t.needs)
	s := sink.Add()
	s.redraw = redrawLocked
	for _, x := range t.broke {
		s.cuts = append(s.cuts, CellDigit{int(x >> 5), int(x&31) + 1})
	}
	s.Eliminations = append(s.Eliminations, CellDigit{c, d})
	s.Digits = grid.Bit(d)
	s.Cells = append(s.Cells, c)
	s.Marks = append(s.Marks, Mark{Cell: c, Digit: d, Role: RoleTarget})
	s.Nodes = append(s.Nodes, Node{Kind: CandidateNode, Digit: d, Cells: []int{c}})
	var cuts []int // the lemma events, and at their nodes
	var at []int
	for i := 1; i < len(events); i++ {
		if !needs[i] {
			continue
		}
		if e := &events[i]; e.kind == leLemma {
			cuts, at = append(cuts, i), append(at, len(s.Nodes))
			// A candidate the trial ruled out: false under its premise.
			s.Marks = append(s.Marks, Mark{Cell: e.cell, Digit: e.digit, Role: RoleOff})
		}
		s.Nodes = append(s.Nodes, t.eventNode(&events[i]))
	}
	s.Nodes = append(s.Nodes, t.badNode(bad))
	s.Conflict = t.conflict(bad)
	for i := 1; i < len(s.Nodes); i++ {
		s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Then})
	}
	cells := len(t.cand)
	for k, i := range cuts {
		e := &events[i]
		copy(t.cand, t.snaps[e.snap*cells:(e.snap+1)*cells])
		copy(t.rem, t.snapRem[e.snap*len(t.rem):(e.snap+1)*len(t.rem)])
		t.forget()
		t.trail, t.queue, t.bad = t.trail[:0], t.queue[:0], lockedBad{}
		clear(t.lockQ)
		t.beginLog()
		if t.assume(e.cell, e.digit) && t.run() {
			// Cannot happen: the lemma's trial broke from this state.
			sink.steps = sink.steps[:len(sink.steps)-1]
			return
		}
		t.logOn = false
		t.trace()
		from := at[k]
		add := func(nd Node) {
			s.Links = append(s.Links, Link{From: from, To: len(s.Nodes), Kind: Then})
			from = len(s.Nodes)
			s.Nodes = append(s.Nodes, nd)
		}
		add(Node{Kind: CandidateNode, Digit: e.digit, Cells: []int{e.cell}})
		for j := 1; j < len(t.events); j++ {
			if t.needs[j] {
				add(t.eventNode(&t.events[j]))
			}
		}
		add(t.badNode(t.bad))
	}
}

// eventNode returns the node of a deduction: the cell placed, the cell
// and digit of a lemma, or the places a digit is locked in.
func (t *lockedTrial) eventNode(e *lockedEvent) Node {
	switch e.kind {
	case leLock:
		return Node{Kind: GroupNode, Digit: e.digit, Cells: e.cells}
	case leNakedPair:
		return Node{Kind: GroupNode, Unit: t.unitOf[e.unit], Cells: e.cells, Combos: []grid.Digits{e.digits}, Origin: nakedPairOrigin}
	case leHiddenPair:
		return Node{Kind: GroupNode, Unit: t.unitOf[e.unit], Cells: e.cells, Combos: []grid.Digits{e.digits}, Origin: hiddenPairOrigin}
	}
	return Node{Kind: CandidateNode, Digit: e.digit, Cells: []int{e.cell}}
}

// badNode returns the node of contradiction bad: the cell with no
// candidate, or the unit with no place for the digit.
func (t *lockedTrial) badNode(bad lockedBad) Node {
	if bad.unit >= 0 {
		return Node{Kind: GroupNode, Digit: bad.digit, Cells: slices.Clone(t.units[bad.unit])}
	}
	return Node{Kind: CandidateNode, Cells: []int{bad.cell}}
}

// conflict returns contradiction bad as a board conflict.
func (t *lockedTrial) conflict(bad lockedBad) grid.Conflict {
	if bad.unit >= 0 {
		return grid.UnitConflict(t.unitOf[bad.unit], bad.digit)
	}
	return grid.CellConflict(bad.cell, 0)
}

// cellNames returns the names of cells in notation n.
func cellNames(n grid.Notation, cells []int) []string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = n.CellName(c)
	}
	return names
}

// lockedSlots is the room of lockedTrial.rem, lockQ and famUnion, a
// power of two at least the entries of every layout the trial runs on
// (units × side), so that elim and run read them through arrays with
// masked indices, without bounds checks.
const lockedSlots = 4096

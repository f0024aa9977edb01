package strategy

import (
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

var strongNestedStrategy = onCages(withOutline(newStrategy(Elimination, strongNested, findStrongNested, explainNestedContradiction), describeNestedContradiction))

// StrongNestedContradiction (Q2) is Nested Cage Contradiction with a
// stronger trial at both of its levels: besides singles, locked digits
// and the fillings of every cage and virtual cage, the trial follows the
// naked and hidden subsets (pairs to quadruples) of every row, column
// and box, and each unit's cages together (a unit combination: the
// cages cut the unit into pieces, each piece's digits a part of one of
// its cage's fillings, the pieces' digits disjoint and making the unit's
// digits; a digit no such choice puts in a cell leaves it). It is what a
// person writes in the margin of a trial with every unit rule they know,
// one more trial deep.
//
// The step reads as Nested Cage Contradiction's, the subsets and unit
// combinations among its deductions: "Strong Nested Cage Contradiction:
// if r4c5 were 7: naked pair {2,9} in r4c1,r4c3 (row 4): r4c6<>2, r3c3<>4
// (if it were 4: row 3 with cage 17+ at r2c3, ...: r3c1<>8; then 8 has
// no place left in box 1); ...; so r4c5<>7". A subset or unit
// combination is a GroupNode of digit 0 over its cells whose Origin
// words it. The search is Nested Cage Contradiction's (the candidates of
// most reach assumed first), bounded by strongNestedBudget looks at a
// group's fillings (the subsets and unit combinations are not counted:
// they cost about five times the looks' CPU again). It is Deep: in a
// mixed solve its passes that find nothing made the solves of the
// killers it guesses on 1.1 to 3.1 times dearer and saved no guess. It
// runs last, after Long Nested Cage Contradiction: before it, it took
// every step that technique takes on tarek's killer 18; after it, it
// finishes tarek's killer 41 (the forum's fourth extreme) by logic.
func StrongNestedContradiction() *Strategy { return strongNestedStrategy }

var strongNested = &Technique{name: "Strong Nested Cage Contradiction", level: Extreme, score: 925, se: 102}

// strongNestedBudget is the most looks at fillings one search takes: on
// the stuck positions of tarek's killers 37, 38 and 39 a search of
// 600,000 looks refutes 10, 9 and 1 candidates (150,000: 2 on tarek
// 37; the plain nested trial's search of 600,000: 1, 3 and 0), and one that
// finds nothing costs 6-8 s of CPU (docs/variant-techniques.md,
// session 10).
const strongNestedBudget = 600_000

// strongLookCost is about the CPU of a look of the strong trial in plain
// looks (session 11: 24 µs against 1.9 µs on tarek's killer 41), by
// which a bound on a Deep search's plain looks (Sink.DeepLooks) is
// divided for this one's.
const strongLookCost = 10

// strongPool keeps the strong trials apart from the plain ones: their
// caches hold trials followed with other rules.
var strongPool = sync.Pool{New: func() any { return &trial{strong: true} }}

func findStrongNested(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := strongPool.Get().(*trial)
	defer strongPool.Put(t)
	if t.startStrong(b) {
		t.findNested(sink, deepBudget(strongNestedBudget, sink, strongLookCost))
	}
}

// strongKind tells which rule of the strong trial an event is.
type strongKind uint8

// The rules of the strong trial.
const (
	// strongNaked: the cells t.places[from:to] of unit hold only digits,
	// which leave the unit's other cells.
	strongNaked strongKind = 1 + iota
	// strongHidden: digits have no place in unit but the cells
	// t.places[from:to], whose other digits leave.
	strongHidden
	// strongUnion: unit's cages together (a unit combination); the cells
	// it read are t.places[from:to], the unit's and its cages'.
	strongUnion
)

// strongState is what the strong rules keep of a layout, and their
// scratch.
type strongState struct {
	l      *grid.Layout
	all    bool        // the next run follows every unit, changed or not
	pieces [][]piece   // each unit's pieces
	reads  [][]int     // each unit's cells and those of the cages cutting it
	rmask  [][2]uint64 // reads as a bit per cell
	// quiet[u] is the generations of unit u's pieces' sets (piece.gen)
	// when its last unit combination cut none of them (quietOK[u]; not
	// after one that cut): with the same sets it cuts none again.
	quiet   [][]uint32
	quietOK []bool
	snap    []grid.Digits // the candidates at the last pass
	// okb[i] are the sets of piece i of the unit followed that survive,
	// cut[i] whether some did not; fwd and bwd the unions of unionSets.
	okb [grid.MaxSize]bits512
	cut [grid.MaxSize]bool
	fwd [grid.MaxSize + 1]bits512
	// fwdU[u] are unit u's forward unions as unionSets last worked them
	// out, for the next to start from.
	fwdU []fwdUnions
	bwd  [grid.MaxSize]bits512
	// ord is the order of the pieces unionSets takes (see unionOrder).
	ord [grid.MaxSize]uint8
	// lv[j] are the sets of different digits the first j cells of a
	// piece take (see pieceSupport).
	lv [grid.MaxSize + 1]bits512
	// unions is the memo of unit combinations (see unionMemo), made at
	// its first use.
	unions []unionEntry
	// parts are the sets of cells the pieces' in and rest make up, each
	// once, with their last sets of digit sets (see cellsPart); partHits
	// counts the sets taken from them without working them out.
	parts    []cellsPart
	partHits int
	// partMemoHits counts the sets taken from a part's memo.
	partMemoHits int
	// supportHits counts the supports supportOf took as kept.
	supportHits int
	// subsetMemo holds, subsetMemoWays a unit, states on which the
	// unit's subsets found nothing (see quietSubsets); subKey is the
	// state looked up last, subsetHits counts the searches skipped.
	subsetMemo []quietSubset
	subKey     pieceKey
	subsetHits int
	// The subset searches' scratch.
	open    [grid.MaxSize]int
	nopen   int
	pick    [4]int
	places  [grid.MaxSize + 1]uint16
	digits  [grid.MaxSize]int
	ndigits int
}

// piece is a cage's cells in a unit (or a cell in no sum cage, cage -1).
type piece struct {
	cage   int
	in     []int // its cells in the unit
	rest   []int // the cage's other cells
	target int
	// sets are the digit sets it may take (see pieceSets) with the
	// candidates key of in and rest, when valid.
	sets  []uint16
	key   pieceKey
	valid bool
	// gen counts the changes of sets, hash hashes them (setsHash); prev
	// is the last sets' storage.
	gen  uint32
	hash uint64
	prev []uint16
	// memo keeps the sets of earlier keys, direct-mapped by their hash
	// (see pieceMemoBits), for a cage's piece; pieces of the same cells
	// (a cage in a row or column and a box) share one (see shareMemos).
	memo *pieceMemoTable
	// inPart and restPart are the places in strongState.parts of in's
	// and rest's cells (-1 for none), whose sets of different digits are
	// kept there: a key that misses the memo most often changed in one
	// of the two.
	inPart, restPart int32
	// sup is the support pieceSupport last returned (supportOf), for the
	// candidates supIn of in's cells and the sets supOK, when supValid.
	sup      [maxTrialDigits]grid.Digits
	supIn    [maxTrialDigits]uint16
	supOK    bits512
	supValid bool
}

// cellsPart is a set of cells that some piece's cells in its unit, or
// its cage's other cells, make up (see strongState.parts), and the sets
// of different digits they take (cellSets) with the candidates key,
// cell by cell, when ok. The pieces of one cage in different units share
// them: on tarek's killer 37 with defaults, 54 % of the cellSets asked
// for had just been worked out for the same cells and candidates by
// another piece.
type cellsPart struct {
	cells []int
	key   pieceKey
	sets  bits512
	ok    bool
	// memo keeps the sets of earlier keys (see partMemoBits).
	memo *[partMemoWays]partMemo
}

// pieceKey is the candidates of a piece's cells, its cells in the unit
// and then its cage's other cells (see pieceSets), the entries past them
// 0. The strong trial runs on boards of at most maxTrialDigits digits,
// whose cages (of different digits) have at most as many cells, so a
// cell's candidates fit 16 bits.
type pieceKey [maxTrialDigits]uint16

// pieceMemo is the sets a piece may take with the candidates key of its
// cells (see pieceSets), when ok: n of them in sets, or, when n is
// pieceMemoBig, in the table's big entry of the same place. An entry
// takes 64 bytes, a cache line, with its sets: a look at the memo
// misses the cache most often (perf on tarek's killer 37, defaults: 77 %
// of memoSets's samples on its first load), and sets of their own
// storage missed it again.
type pieceMemo struct {
	hash uint64 // of key's entries in use
	key  pieceKey
	n    uint8
	ok   bool
	sets [pieceMemoInline]uint16
}

// pieceMemoInline is the most sets a pieceMemo holds in itself: 18 fill
// its 64 bytes. On tarek's killer 37 with defaults, 92 % of the pieces'
// sets worked out number at most 9, 94 % at most 18.
const pieceMemoInline = 18

// pieceMemoBig in pieceMemo.n tells sets kept in pieceMemoTable.big.
const pieceMemoBig = 255

// pieceMemoTable is a piece's memo (see pieceMemo), with the sets of
// its entries that have more than pieceMemoInline of them.
type pieceMemoTable struct {
	e   [1 << pieceMemoBits]pieceMemo
	big [1 << pieceMemoBits][]uint16
}

// pieceMemoBits sizes a piece's memo: 1<<pieceMemoBits keys. A strong
// trial comes back to the candidates of the trials before it in about
// half of the sets it works out (killer9-extreme 1-4); with 64 keys
// rather than 8, tarek's killer 41 by logic alone took 8 % fewer
// instructions (32: 5 %, 128: 11 %, for twice the memory again).
const pieceMemoBits = 6

// startStrong starts t, a strong trial, on b (see start): its strong
// state set up for b's layout, the base followed with every unit's
// subsets and combinations once (the board's own candidates), the
// trials after it only where the trial changed something. It reports
// whether the base holds.
func (t *trial) startStrong(b *grid.Board) bool {
	t.strong = true
	t.sx = t.strongSetup(b.Layout())
	t.sx.all = true
	ok := t.start(b)
	t.sx.all = false
	return ok
}

// strongSetup returns the strong state for layout l.
func (t *trial) strongSetup(l *grid.Layout) *strongState {
	if t.sx != nil && t.sx.l == l {
		return t.sx
	}
	sx := &strongState{l: l, snap: make([]grid.Digits, l.Cells)}
	if t.sx != nil {
		// A combination depends on its pieces' sets alone: the memo
		// serves the next layout too, allocated once a pooled trial.
		sx.unions = t.sx.unions
	}
	cageOf := make([]int, l.Cells)
	for c := range cageOf {
		cageOf[c] = -1
	}
	for k := range l.Cages() {
		// A killer's cage holds different digits, at most maxTrialDigits
		// (see pieceKey); the test keeps a longer one out, as no cage.
		if cg := l.Cage(k); cg.Op == grid.OpAdd && len(cg.Cells) <= maxTrialDigits {
			for _, c := range cg.Cells {
				cageOf[c] = k
			}
		}
	}
	sx.pieces = make([][]piece, len(l.Units()))
	sx.reads = make([][]int, len(l.Units()))
	sx.rmask = make([][2]uint64, len(l.Units()))
	sx.quiet = make([][]uint32, len(l.Units()))
	sx.quietOK = make([]bool, len(l.Units()))
	sx.fwdU = make([]fwdUnions, len(l.Units()))
	for u := range l.Units() {
		unit := l.Unit(u)
		if unit.Partial || len(unit.Cells) != l.N {
			continue
		}
		at := map[int]int{}
		for _, c := range unit.Cells {
			sx.reads[u] = append(sx.reads[u], c)
			k := cageOf[c]
			if k < 0 {
				sx.pieces[u] = append(sx.pieces[u], piece{cage: -1, in: []int{c}})
				continue
			}
			i, ok := at[k]
			if !ok {
				i = len(sx.pieces[u])
				at[k] = i
				sx.pieces[u] = append(sx.pieces[u], piece{cage: k, target: l.Cage(k).Target})
			}
			sx.pieces[u][i].in = append(sx.pieces[u][i].in, c)
		}
		for i := range sx.pieces[u] {
			p := &sx.pieces[u][i]
			if p.cage < 0 {
				continue
			}
			for _, c := range l.Cage(p.cage).Cells {
				if !slices.Contains(unit.Cells, c) {
					p.rest = append(p.rest, c)
					sx.reads[u] = append(sx.reads[u], c)
				}
			}
		}
		sx.rmask[u] = cellMask(sx.reads[u])
	}
	sx.setParts()
	sx.shareMemos()
	return sx
}

// setParts lists in sx.parts each set of cells that a piece's cells in
// its unit or its cage's other cells make up, once, and points the
// pieces at them.
func (sx *strongState) setParts() {
	at := map[[2]uint64]int32{}
	part := func(cells []int) int32 {
		if len(cells) == 0 {
			return -1
		}
		m := cellMask(cells)
		i, ok := at[m]
		if !ok {
			i = int32(len(sx.parts))
			at[m] = i
			sx.parts = append(sx.parts, cellsPart{cells: slices.Sorted(slices.Values(cells))})
		}
		return i
	}
	for u := range sx.pieces {
		for i := range sx.pieces[u] {
			p := &sx.pieces[u][i]
			p.inPart, p.restPart = -1, -1
			if p.cage >= 0 {
				p.inPart, p.restPart = part(p.in), part(p.rest)
			}
		}
	}
}

// shareMemos gives the cage pieces a memo each, one for the pieces of
// the same cage over the same cells in the same order (a cage inside
// both a row or column and a box): their sets are the same function of
// the same candidates, and the second asks for those the first just
// worked out when a trial changes their cells. On tarek's killer 37
// 121 of its 206 cage pieces have the cells of another.
func (sx *strongState) shareMemos() {
	type cells struct {
		cage     int
		in, rest [2]uint64
	}
	at := map[cells][]*piece{}
	for u := range sx.pieces {
		for i := range sx.pieces[u] {
			p := &sx.pieces[u][i]
			if p.cage < 0 {
				continue
			}
			k := cells{p.cage, cellMask(p.in), cellMask(p.rest)}
			for _, q := range at[k] {
				if slices.Equal(q.in, p.in) && slices.Equal(q.rest, p.rest) {
					p.memo = q.memo
					break
				}
			}
			if p.memo == nil {
				p.memo = new(pieceMemoTable)
				at[k] = append(at[k], p)
			}
		}
	}
}

// partSets returns the sets of different digits the cells of part i
// take (cellSets): those of the last time when their candidates are the
// same, else those its memo keeps for the candidates, else worked out
// (and kept). The sets depend on the cells' candidates alone.
func (t *trial) partSets(i int32) *bits512 {
	pt := &t.sx.parts[i]
	same := pt.ok
	for j, c := range pt.cells {
		if ds := uint16(t.cand[c]); pt.key[j] != ds {
			pt.key[j], same = ds, false
		}
	}
	if same {
		t.sx.partHits++
		return &pt.sets
	}
	pt.ok = true
	if len(pt.cells) < partMemoCells {
		pt.sets = t.cellSets(pt.cells)
		return &pt.sets
	}
	if pt.memo == nil {
		pt.memo = new([partMemoWays]partMemo)
	}
	h := uint64(0x9e3779b97f4a7c15)
	for _, ds := range pt.key[:len(pt.cells)] {
		h = (h ^ uint64(ds)) * 0xbf58476d1ce4e5b9
	}
	m := &pt.memo[h>>(64-partMemoBits)]
	if m.ok && m.key == pt.key {
		pt.sets = m.sets
		t.sx.partMemoHits++
		return &pt.sets
	}
	pt.sets = t.cellSets(pt.cells)
	m.key, m.sets, m.ok = pt.key, pt.sets, true
	return &pt.sets
}

// partMemoBits sizes the memo of a part of partMemoCells cells or more:
// 1<<partMemoBits candidate keys with their sets of different digits,
// direct-mapped by their hash, 88 bytes each (about 680 KB a layout of
// tarek's killer 41, allocated at a part's first miss). A piece's memo
// misses on half of its looks (killer9-extreme 4, defaults), most often
// with its cage's other cells (the rest part) changed since the part's
// last sets, which then served 1 % of them. On that solve, 16 keys a
// part of 3 cells or more took 0.35 % fewer instructions, of 2 or more
// 0.5 %; 64 keys a part of 3 or more 1.2 %; 256 keys 2.2 %, for 2 MB more
// (not taken: a look that misses the cache costs more than the
// instructions it saves).
const (
	partMemoBits  = 6
	partMemoWays  = 1 << partMemoBits
	partMemoCells = 2
)

// partMemo is a part's sets of different digits (sets) for the
// candidates key of its cells, when ok.
type partMemo struct {
	key  pieceKey
	ok   bool
	sets bits512
}

// strongRun follows the strong rules after the plain ones (run) until
// nothing changes; false at a contradiction. Its first pass follows the
// units whose cells (or whose cages' cells) this trial changed, every
// unit on the board's own candidates, each later pass those the last
// changed.
func (t *trial) strongRun() bool {
	sx := t.strongSetup(t.l)
	t.sx = sx
	var changed [2]uint64
	if sx.all {
		changed = [2]uint64{^uint64(0), ^uint64(0)}
	} else {
		for c := range t.cand {
			for d := 1; d <= t.l.N; d++ {
				if t.by[c*16+d] != 0 {
					changed[c>>6] |= 1 << (c & 63)
					break
				}
			}
		}
	}
	for changed != [2]uint64{} {
		if t.stopNow() {
			return true
		}
		copy(sx.snap, t.cand)
		any, ok := t.strongPass(changed)
		if !ok {
			return false
		}
		if !any {
			return true
		}
		t.strong = false
		ok = t.run()
		t.strong = true
		if !ok {
			return false
		}
		changed = [2]uint64{}
		for c, ds := range t.cand {
			if ds != sx.snap[c] {
				changed[c>>6] |= 1 << (c & 63)
			}
		}
	}
	return true
}

// strongPass follows the subsets and unit combinations of the units that
// read a cell of changed; any reports a candidate removed, ok false at a
// contradiction.
func (t *trial) strongPass(changed [2]uint64) (any, ok bool) {
	sx := t.sx
	for u := range sx.pieces {
		if sx.pieces[u] == nil {
			continue
		}
		if m := sx.rmask[u]; m[0]&changed[0] == 0 && m[1]&changed[1] == 0 {
			continue
		}
		um := t.units[u]
		if um[0]&changed[0] != 0 || um[1]&changed[1] != 0 {
			t.looked(um)
			if q := t.quietSubsets(u); q == nil || !q.ok || q.key != sx.subKey {
				a, ok := t.nakedSubsets(u)
				if !ok {
					return true, false
				}
				b, ok := t.hiddenSubsets(u)
				if !ok {
					return true, false
				}
				any = any || a || b
				if q != nil && !a && !b {
					q.key, q.ok = sx.subKey, true
				}
			} else {
				sx.subsetHits++
			}
		}
		t.looked(sx.rmask[u])
		a, ok := t.unitUnion(u)
		if !ok {
			return true, false
		}
		any = any || a
	}
	return any, true
}

// subsetMemoWays is how many candidate states of a unit on which its
// naked and hidden subsets found nothing its memo keeps (see
// quietSubsets), direct-mapped by their hash.
const subsetMemoWays = 16

// quietSubset is a state of a unit's cells' candidates (key, when ok) on
// which its naked and hidden subsets found nothing.
type quietSubset struct {
	key pieceKey
	ok  bool
}

// subsetMemoOn is whether the strong trial skips a unit's subsets on the
// candidates of a state on which they found nothing before (see
// quietSubsets); a variable for the tests, which compare it with the
// searches followed every time.
var subsetMemoOn = true

// quietSubsets returns the entry of unit u's memo of the states on which
// its subsets found nothing (sx.subsetMemo) for its cells' candidates,
// left in sx.subKey; nil without the memo. The subsets of a unit depend
// on its cells' candidates alone (a placed cell has one, and is not
// open), so where an entry holds them they find nothing again: a strong
// trial comes back to the states of the trials before it.
func (t *trial) quietSubsets(u int) *quietSubset {
	sx := t.sx
	if !subsetMemoOn {
		return nil
	}
	cells := t.l.Unit(u).Cells
	if len(cells) > len(sx.subKey) {
		return nil
	}
	if len(sx.subsetMemo) != len(sx.pieces)*subsetMemoWays {
		sx.subsetMemo = make([]quietSubset, len(sx.pieces)*subsetMemoWays)
	}
	h := uint64(0x9e3779b97f4a7c15)
	for i, c := range cells {
		ds := uint16(t.cand[c])
		sx.subKey[i] = ds
		h = (h ^ uint64(ds)) * 0xbf58476d1ce4e5b9
	}
	return &sx.subsetMemo[u*subsetMemoWays+int(h>>(64-4))%subsetMemoWays]
}

// strongEvent appends an event of rule kind in unit u over cells and
// returns it.
func (t *trial) strongEvent(kind strongKind, u int, cells []int, digits grid.Digits) int {
	from := len(t.places)
	t.places = append(t.places, cells...)
	t.events = append(t.events, trialEvent{group: -1, cell: -1, unit: u, kind: kind, digits: digits, from: int32(from), to: int32(len(t.places))})
	return len(t.events) - 1
}

// nakedSubsets finds a naked pair, triple or quadruple of unit u and
// takes its digits out of the unit's other cells.
func (t *trial) nakedSubsets(u int) (any, ok bool) {
	sx := t.sx
	sx.nopen = 0
	// few[k] counts the open cells of at most k candidates: a naked
	// subset of k cells takes k of them, so the walks of a k without
	// them find nothing.
	var few [5]int
	for _, c := range t.l.Unit(u).Cells {
		if n := t.cand[c].Count(); t.b.Value(c) == 0 && n > 1 {
			sx.open[sx.nopen] = c
			sx.nopen++
			if n <= 4 {
				few[n]++
			}
		}
	}
	few[3] += few[2]
	few[4] += few[3]
	for k := 2; k <= 4 && k < sx.nopen; k++ {
		if few[k] < k {
			continue
		}
		if a, ok := t.nakedWalk(u, k, 0, 0, 0); a || !ok {
			return a, ok
		}
	}
	return false, true
}

// nakedWalk picks the cells of a naked subset of k cells among unit u's
// open cells from index from on, depth picked so far with digits ds.
func (t *trial) nakedWalk(u, k, from, depth int, ds grid.Digits) (any, ok bool) {
	sx := t.sx
	if depth == k {
		if ds.Count() != k {
			return false, true
		}
		return t.applyNaked(u, sx.open[:sx.nopen], sx.pick[:k], ds)
	}
	for i := from; i < sx.nopen; i++ {
		next := ds | t.cand[sx.open[i]]
		if next.Count() > k {
			continue
		}
		sx.pick[depth] = sx.open[i]
		if a, ok := t.nakedWalk(u, k, i+1, depth+1, next); a || !ok {
			return a, ok
		}
	}
	return false, true
}

// applyNaked takes the digits ds of the naked subset pick out of the
// other cells of open, unit u's open cells.
func (t *trial) applyNaked(u int, open, pick []int, ds grid.Digits) (any, ok bool) {
	ev := -1
	for _, c := range open {
		if slices.Contains(pick, c) || t.cand[c]&ds == 0 {
			continue
		}
		if ev < 0 {
			ev = t.strongEvent(strongNaked, u, pick, ds)
		}
		if !t.removeSet(c, t.cand[c]&ds, ev) {
			return true, false
		}
	}
	return ev >= 0, true
}

// hiddenSubsets finds a hidden pair, triple or quadruple of unit u and
// takes the other digits out of its cells.
func (t *trial) hiddenSubsets(u int) (any, ok bool) {
	sx := t.sx
	// The digits of two to four places, from the unit's counts: the
	// walks need three of them (a subset of k digits among more than k).
	if twoToFour(&t.unit[u].unitCount).Count() < 3 {
		return false, true
	}
	cells := t.l.Unit(u).Cells
	sx.ndigits = 0
	// The places of each digit, a cell's candidates at a time (a scan of
	// the unit for each digit looked at every cell N times).
	clear(sx.places[:t.l.N+1])
	for i, c := range cells {
		for ds := t.cand[c]; ds != 0; ds &= ds - 1 {
			sx.places[bits.TrailingZeros32(uint32(ds))+1] |= 1 << i
		}
	}
	for d := 1; d <= t.l.N; d++ {
		if k := bits.OnesCount16(sx.places[d]); k >= 2 && k <= 4 {
			sx.digits[sx.ndigits] = d
			sx.ndigits++
		}
	}
	for k := 2; k <= 4 && k < sx.ndigits; k++ {
		if a, ok := t.hiddenWalk(u, k, 0, 0, 0, 0); a || !ok {
			return a, ok
		}
	}
	return false, true
}

// twoToFour returns the digits of a unit with two, three or four places
// by its counts n (0010, 0011 and 0100 in its four bits).
func twoToFour(n *unitCount) grid.Digits {
	return flagDigits(^nonzero(n.cnt&^nibbleLows^nibbleLows<<1) | ^nonzero(n.cnt^nibbleLows<<2))
}

// hiddenWalk picks the digits of a hidden subset of k digits of unit u
// from index from on, depth picked so far (ds) with places at.
func (t *trial) hiddenWalk(u, k, from, depth int, ds grid.Digits, at uint16) (any, ok bool) {
	sx := t.sx
	if depth == k {
		if bits.OnesCount16(at) != k {
			return false, true
		}
		return t.applyHidden(u, t.l.Unit(u).Cells, ds, at)
	}
	for i := from; i < sx.ndigits; i++ {
		next := at | sx.places[sx.digits[i]]
		if bits.OnesCount16(next) > k {
			continue
		}
		if a, ok := t.hiddenWalk(u, k, i+1, depth+1, ds|grid.Bit(sx.digits[i]), next); a || !ok {
			return a, ok
		}
	}
	return false, true
}

// applyHidden takes the digits other than ds out of the cells of unit u
// (cells) at the indexes of at, where ds are hidden.
func (t *trial) applyHidden(u int, cells []int, ds grid.Digits, at uint16) (any, ok bool) {
	pick := t.sx.pick[:0]
	for m := at; m != 0; m &= m - 1 {
		pick = append(pick, cells[bits.TrailingZeros16(m)])
	}
	ev := -1
	for _, c := range pick {
		if t.cand[c]&^ds == 0 {
			continue
		}
		if ev < 0 {
			ev = t.strongEvent(strongHidden, u, pick, ds)
		}
		if !t.removeSet(c, t.cand[c]&^ds, ev) {
			return true, false
		}
	}
	return ev >= 0, true
}

// unitUnion follows unit u's cages together: each piece (a cage's cells
// in the unit) takes a set of digits one of its cage's fillings puts
// there, the pieces' sets disjoint; a digit of a cell no such choice of
// sets allows leaves it. The unions of the sets of the first pieces, and
// those from which the last ones finish the unit, are sets of digit sets
// kept as 512 bits (a union of disjoint sets is their sum).
func (t *trial) unitUnion(u int) (any, ok bool) {
	sx := t.sx
	ps := sx.pieces[u]
	for i := range ps {
		t.pieceSets(&ps[i])
	}
	if sx.quietOK[u] && sameGens(ps, sx.quiet[u]) {
		return false, true // the sets its last pass cut none of
	}
	t.combine(ps, &sx.fwdU[u])
	sx.quiet[u], sx.quietOK[u] = sx.quiet[u][:0], true
	for i := range ps {
		sx.quiet[u] = append(sx.quiet[u], ps[i].gen)
		sx.quietOK[u] = sx.quietOK[u] && !sx.cut[i]
	}
	ev := -1
	for i := range ps {
		// A piece that keeps every set keeps what its cage's fillings
		// allow, which the cage's own rule has followed.
		if !sx.cut[i] {
			continue
		}
		p := &ps[i]
		support := t.supportOf(p, &sx.okb[i])
		for j, c := range p.in {
			if x := t.cand[c] &^ support[j]; x != 0 {
				if ev < 0 {
					ev = t.strongEvent(strongUnion, u, sx.reads[u], 0)
				}
				if !t.removeSet(c, x, ev) {
					return true, false
				}
			}
		}
	}
	return ev >= 0, true
}

// combine leaves in sx.cut and sx.okb which sets of a unit's pieces ps
// survive its cages together (see unionSets, fu the unit's forward
// unions), taken from the memo where it holds them.
func (t *trial) combine(ps []piece, fu *fwdUnions) {
	sx := t.sx
	e, hit := sx.unionMemo(t.l.N, ps)
	if hit {
		e.load(sx, ps)
		return
	}
	t.unionSets(ps, fu)
	if e != nil {
		e.keep(sx, t.l.N, ps)
	}
}

// fwdUnions are the forward unions of a unit's pieces (see unionSets):
// at[i] the unions of the sets of the pieces ord[0] to ord[i-1], for i
// below n, worked out from the sets of generations gens (piece.gen).
type fwdUnions struct {
	at   []bits512
	gens []uint32
	ord  []uint8
	n    int
}

// unionOrder leaves in ord the order in which unionSets takes the pieces
// ps: the piece of most sets first, the one of most sets after it last,
// the others between them in their own order. The first piece's sets
// cost a bit each, the last one's a look each, and each between them
// costs the shifts of its words forward and back: on killer9-extreme 4,
// 27 of a unit's 77 sets lay first or last in the pieces' own order, 53
// in this one. The sets that survive do not depend on the order.
func unionOrder(ps []piece, ord []uint8) {
	a, b := 0, -1 // the most sets, the most after them
	for i := 1; i < len(ps); i++ {
		switch n := len(ps[i].sets); {
		case n > len(ps[a].sets):
			a, b = i, a
		case b < 0 || n > len(ps[b].sets):
			b = i
		}
	}
	ord[0] = uint8(a)
	j := 1
	for i := range ps {
		if i != a && i != b {
			ord[j] = uint8(i)
			j++
		}
	}
	if b >= 0 {
		ord[j] = uint8(b)
	}
}

// unionSets works out which sets of the pieces ps of a unit survive its
// cages together (sx.okb, sx.cut): in the order of unionOrder, the unions
// of the sets of the first pieces forward (fu.at, or sx.fwd where fu is
// nil), then back from the whole unit those of the last pieces (sx.bwd),
// a piece's set surviving where it joins the two. The forward unions stop
// before the last piece: the backward pass starts from the whole unit and
// joins the last piece's sets to the unions before it, so where no choice
// finishes the unit none of them survives, nor any set before them,
// without the unions of every piece. Those of fu that the first pieces'
// sets, of the same generations in the same order, made last time are
// taken as they are: a trial most often changes a piece or two of a unit.
func (t *trial) unionSets(ps []piece, fu *fwdUnions) {
	sx := t.sx
	m := len(ps)
	if m == 0 {
		return
	}
	ord := sx.ord[:m]
	unionOrder(ps, ord)
	fwd, from := sx.fwd[:], 0
	if fu != nil {
		if len(fu.at) != m {
			fu.at, fu.gens, fu.ord, fu.n = make([]bits512, m), make([]uint32, m), make([]uint8, m), 0
		}
		fwd = fu.at
		for from+1 < fu.n && ord[from] == fu.ord[from] && ps[ord[from]].gen == fu.gens[from] {
			from++
		}
	}
	fwd[0] = bits512{1}
	for i := from; i < m-1; i++ {
		fwd[i+1] = bits512{}
		if i == 0 {
			// The unions of the empty set alone with the first piece's
			// sets are those sets: a bit each, not addTo's eight words.
			for _, s := range ps[ord[0]].sets {
				fwd[1].set(int(s))
			}
			continue
		}
		fwd[i].addAll(&fwd[i+1], ps[ord[i]].sets)
	}
	if fu != nil {
		for i := from; i < m-1; i++ {
			fu.gens[i], fu.ord[i] = ps[ord[i]].gen, ord[i]
		}
		fu.n = m
	}
	// The last piece's sets join the whole unit where the rest of it is
	// a union before them (takeFrom from the unit alone, one set each).
	full := 1<<t.l.N - 1
	last := m - 1
	pl := ord[last]
	sx.bwd[last], sx.okb[pl] = bits512{}, bits512{}
	sx.cut[pl] = false
	for _, s := range ps[pl].sets {
		rest := full &^ int(s)
		if int(s)&^full != 0 || !fwd[last].has(rest) {
			sx.cut[pl] = true
			continue
		}
		sx.bwd[last].set(rest)
		sx.okb[pl].set(int(s))
	}
	next := &sx.bwd[last]
	for i := last - 1; i >= 1; i-- {
		pi := ord[i]
		sx.okb[pi], sx.bwd[i] = bits512{}, bits512{}
		sx.cut[pi] = next.takeAll(&sx.bwd[i], &fwd[i], ps[pi].sets, &sx.okb[pi])
		next = &sx.bwd[i]
	}
	if last > 0 {
		// The first piece's sets before it have the empty set alone
		// (fwd[0]), so a set s survives where next holds s itself; its
		// sets are fwd[1], one bit each, and what it leaves for before
		// it is read by nothing.
		p0 := ord[0]
		sx.okb[p0] = next.and(&fwd[1])
		sx.cut[p0] = sx.okb[p0] != fwd[1]
	}
}

// unionMemoBits sizes a strong trial's memo of unit combinations (see
// unionEntry): 1<<unionMemoBits entries of about 420 bytes. A strong
// search meets the same sets of a unit's pieces again in other trials:
// on tarek's killer 41, 69 % of the unit combinations worked out had
// been worked out before, and a simulated memo of 4,096 entries held
// 53 % of them.
const unionMemoBits = 12

// unionMemoSets is the most sets a unit's pieces may have in all for
// their combination to be kept in the memo.
const unionMemoSets = 128

// unionEntry is a unit's pieces' sets (key, n of them, lens of them a
// piece, m pieces, on a board of side side) and which of each piece's
// sets survived their combination (alive, a bit a set of key, set only
// for the pieces that lost any; cut, a bit a piece that lost any). The
// combination depends on nothing else, so the memo is not the layout's:
// a trial keeps it from one to the next (see strongSetup).
type unionEntry struct {
	n     int32 // -1: empty
	side  uint8
	m     uint8
	lens  [maxTrialDigits]uint8
	cut   uint16
	alive [unionMemoSets / 64]uint64
	key   [unionMemoSets]uint16
}

// unionMemo returns the entry of the memo for a unit's pieces ps, on a
// board of side side, and whether it holds their combination; nil when
// they have too many sets to be kept (or more pieces than a board of
// maxTrialDigits digits has cells in a unit, which cannot be).
func (sx *strongState) unionMemo(side int, ps []piece) (*unionEntry, bool) {
	if len(ps) > maxTrialDigits {
		return nil, false
	}
	n := 0
	h := uint64(side<<8|len(ps)) * 0x9e3779b97f4a7c15
	for i := range ps {
		n += len(ps[i].sets)
		if n > unionMemoSets {
			return nil, false
		}
		h = (h ^ ps[i].hash) * 0x94d049bb133111eb
	}
	if sx.unions == nil {
		sx.unions = make([]unionEntry, 1<<unionMemoBits)
		for i := range sx.unions {
			sx.unions[i].n = -1
		}
	}
	e := &sx.unions[h>>(64-unionMemoBits)]
	if e.n != int32(n) || int(e.side) != side || int(e.m) != len(ps) {
		return e, false
	}
	at := 0
	for i := range ps {
		if int(e.lens[i]) != len(ps[i].sets) || !slices.Equal(e.key[at:at+len(ps[i].sets)], ps[i].sets) {
			return e, false
		}
		at += len(ps[i].sets)
	}
	return e, true
}

// keep records in e the combination unionSets just worked out for the
// pieces ps.
func (e *unionEntry) keep(sx *strongState, side int, ps []piece) {
	e.cut, e.alive = 0, [unionMemoSets / 64]uint64{}
	at := 0
	for i := range ps {
		sets := ps[i].sets
		e.lens[i] = uint8(len(sets))
		copy(e.key[at:], sets)
		if sx.cut[i] {
			e.cut |= 1 << i
			for j, s := range sets {
				if sx.okb[i].has(int(s)) {
					e.alive[(at+j)>>6] |= 1 << ((at + j) & 63)
				}
			}
		}
		at += len(sets)
	}
	e.n, e.side, e.m = int32(at), uint8(side), uint8(len(ps))
}

// load sets, from e, which pieces of ps lost a set (sx.cut) and the sets
// that survive of each that did (sx.okb).
func (e *unionEntry) load(sx *strongState, ps []piece) {
	at := 0
	for i := range ps {
		sets := ps[i].sets
		sx.cut[i] = e.cut&(1<<i) != 0
		if sx.cut[i] {
			sx.okb[i] = bits512{}
			for j, s := range sets {
				if e.alive[(at+j)>>6]&(1<<((at+j)&63)) != 0 {
					sx.okb[i].set(int(s))
				}
			}
		}
		at += len(sets)
	}
}

// sameGens reports whether the pieces ps have the sets of generations
// gens.
func sameGens(ps []piece, gens []uint32) bool {
	for i := range ps {
		if ps[i].gen != gens[i] {
			return false
		}
	}
	return true
}

// bits512 is a set of digit sets of up to 9 digits, a bit each.
type bits512 [8]uint64

// lowDisjoint[b] are the sets of digits 1-6 (a set's bits 0-5, the
// bit's place in a word of a bits512) disjoint from b, a bit each.
var lowDisjoint = func() (d [64]uint64) {
	for b := range 64 {
		for x := range 64 {
			if b&x == 0 {
				d[b] |= 1 << x
			}
		}
	}
	return d
}()

func (b *bits512) set(x int)      { b[x>>6] |= 1 << (x & 63) }
func (b *bits512) has(x int) bool { return b[x>>6]&(1<<(x&63)) != 0 }

// The operations on bits512 below work on a set's two halves: digits 7-9
// pick the word (a set's bits 6-8) and digits 1-6 the bit in it, so a
// set x disjoint from s lies in a word disjoint from s's word, at a bit
// disjoint from s's bit, and x|s (their sum) is at word x's|s's, bit
// x's+s's. Each takes only the words disjoint from s's (8, 4, 2 or 1)
// and needs no carry between words.

// addTo adds to out the sets x|s of the sets x of b disjoint from s.
// Each case of s's word (its digits 7-9) is written out: a loop over the
// words free of them waited on its branch and its index at every word.
func (b *bits512) addTo(out *bits512, s int) {
	bs := uint(s & 63)
	k := lowDisjoint[bs]
	switch s >> 6 & 7 {
	case 0:
		out[0] |= (b[0] & k) << bs
		out[1] |= (b[1] & k) << bs
		out[2] |= (b[2] & k) << bs
		out[3] |= (b[3] & k) << bs
		out[4] |= (b[4] & k) << bs
		out[5] |= (b[5] & k) << bs
		out[6] |= (b[6] & k) << bs
		out[7] |= (b[7] & k) << bs
	case 1:
		out[1] |= (b[0] & k) << bs
		out[3] |= (b[2] & k) << bs
		out[5] |= (b[4] & k) << bs
		out[7] |= (b[6] & k) << bs
	case 2:
		out[2] |= (b[0] & k) << bs
		out[3] |= (b[1] & k) << bs
		out[6] |= (b[4] & k) << bs
		out[7] |= (b[5] & k) << bs
	case 3:
		out[3] |= (b[0] & k) << bs
		out[7] |= (b[4] & k) << bs
	case 4:
		out[4] |= (b[0] & k) << bs
		out[5] |= (b[1] & k) << bs
		out[6] |= (b[2] & k) << bs
		out[7] |= (b[3] & k) << bs
	case 5:
		out[5] |= (b[0] & k) << bs
		out[7] |= (b[2] & k) << bs
	case 6:
		out[6] |= (b[0] & k) << bs
		out[7] |= (b[1] & k) << bs
	default:
		out[7] |= (b[0] & k) << bs
	}
}

// takeFrom adds to out, and reports whether there are any, the sets x
// disjoint from s with x|s in b, when one of them is in with too;
// otherwise it leaves out as it is. Its cases are addTo's, the other way.
func (b *bits512) takeFrom(out, with *bits512, s int) bool {
	bs := uint(s & 63)
	k := lowDisjoint[bs]
	switch s >> 6 & 7 {
	case 0:
		x0, x1, x2, x3 := b[0]>>bs&k, b[1]>>bs&k, b[2]>>bs&k, b[3]>>bs&k
		x4, x5, x6, x7 := b[4]>>bs&k, b[5]>>bs&k, b[6]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x1&with[1]|x2&with[2]|x3&with[3]|x4&with[4]|x5&with[5]|x6&with[6]|x7&with[7] == 0 {
			return false
		}
		out[0] |= x0
		out[1] |= x1
		out[2] |= x2
		out[3] |= x3
		out[4] |= x4
		out[5] |= x5
		out[6] |= x6
		out[7] |= x7
	case 1:
		x0, x2, x4, x6 := b[1]>>bs&k, b[3]>>bs&k, b[5]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x2&with[2]|x4&with[4]|x6&with[6] == 0 {
			return false
		}
		out[0] |= x0
		out[2] |= x2
		out[4] |= x4
		out[6] |= x6
	case 2:
		x0, x1, x4, x5 := b[2]>>bs&k, b[3]>>bs&k, b[6]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x1&with[1]|x4&with[4]|x5&with[5] == 0 {
			return false
		}
		out[0] |= x0
		out[1] |= x1
		out[4] |= x4
		out[5] |= x5
	case 3:
		x0, x4 := b[3]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x4&with[4] == 0 {
			return false
		}
		out[0] |= x0
		out[4] |= x4
	case 4:
		x0, x1, x2, x3 := b[4]>>bs&k, b[5]>>bs&k, b[6]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x1&with[1]|x2&with[2]|x3&with[3] == 0 {
			return false
		}
		out[0] |= x0
		out[1] |= x1
		out[2] |= x2
		out[3] |= x3
	case 5:
		x0, x2 := b[5]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x2&with[2] == 0 {
			return false
		}
		out[0] |= x0
		out[2] |= x2
	case 6:
		x0, x1 := b[6]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x1&with[1] == 0 {
			return false
		}
		out[0] |= x0
		out[1] |= x1
	default:
		x0 := b[7] >> bs & k
		if x0&with[0] == 0 {
			return false
		}
		out[0] |= x0
	}
	return true
}

// addAll adds to out the sets x|s of the sets x of b disjoint from s,
// for each set s of sets (a piece's): addTo of each, in one loop, with
// no call a set. The words of out stay in memory: kept in eight locals
// they did not fit the registers with the loop's own values, and the
// spills cost more than the loads and stores (extreme 4: 0.4 G more
// instructions).
func (b *bits512) addAll(out *bits512, sets []uint16) {
	for _, x := range sets {
		s := uint(x)
		bs := s & 63
		k := lowDisjoint[bs]
		switch s >> 6 & 7 {
		case 0:
			out[0] |= (b[0] & k) << bs
			out[1] |= (b[1] & k) << bs
			out[2] |= (b[2] & k) << bs
			out[3] |= (b[3] & k) << bs
			out[4] |= (b[4] & k) << bs
			out[5] |= (b[5] & k) << bs
			out[6] |= (b[6] & k) << bs
			out[7] |= (b[7] & k) << bs
		case 1:
			out[1] |= (b[0] & k) << bs
			out[3] |= (b[2] & k) << bs
			out[5] |= (b[4] & k) << bs
			out[7] |= (b[6] & k) << bs
		case 2:
			out[2] |= (b[0] & k) << bs
			out[3] |= (b[1] & k) << bs
			out[6] |= (b[4] & k) << bs
			out[7] |= (b[5] & k) << bs
		case 3:
			out[3] |= (b[0] & k) << bs
			out[7] |= (b[4] & k) << bs
		case 4:
			out[4] |= (b[0] & k) << bs
			out[5] |= (b[1] & k) << bs
			out[6] |= (b[2] & k) << bs
			out[7] |= (b[3] & k) << bs
		case 5:
			out[5] |= (b[0] & k) << bs
			out[7] |= (b[2] & k) << bs
		case 6:
			out[6] |= (b[0] & k) << bs
			out[7] |= (b[1] & k) << bs
		default:
			out[7] |= (b[0] & k) << bs
		}
	}
}

// takeAll adds to out, for each set s of sets (a piece's), what
// takeFrom(out, with, s) adds (the sets x disjoint from s with x|s in b,
// when one of them is in with), in one loop with no call a set; it sets
// in ok each s for which there are some and reports whether some s has
// none.
func (b *bits512) takeAll(out, with *bits512, sets []uint16, ok *bits512) (cut bool) {
	for _, x := range sets {
		s := uint(x)
		bs := s & 63
		k := lowDisjoint[bs]
		switch s >> 6 & 7 {
		case 0:
			x0 := b[0] >> bs & k
			x1 := b[1] >> bs & k
			x2 := b[2] >> bs & k
			x3 := b[3] >> bs & k
			x4 := b[4] >> bs & k
			x5 := b[5] >> bs & k
			x6 := b[6] >> bs & k
			x7 := b[7] >> bs & k
			if x0&with[0]|x1&with[1]|x2&with[2]|x3&with[3]|x4&with[4]|x5&with[5]|x6&with[6]|x7&with[7] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[1] |= x1
			out[2] |= x2
			out[3] |= x3
			out[4] |= x4
			out[5] |= x5
			out[6] |= x6
			out[7] |= x7
		case 1:
			x0 := b[1] >> bs & k
			x2 := b[3] >> bs & k
			x4 := b[5] >> bs & k
			x6 := b[7] >> bs & k
			if x0&with[0]|x2&with[2]|x4&with[4]|x6&with[6] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[2] |= x2
			out[4] |= x4
			out[6] |= x6
		case 2:
			x0 := b[2] >> bs & k
			x1 := b[3] >> bs & k
			x4 := b[6] >> bs & k
			x5 := b[7] >> bs & k
			if x0&with[0]|x1&with[1]|x4&with[4]|x5&with[5] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[1] |= x1
			out[4] |= x4
			out[5] |= x5
		case 3:
			x0 := b[3] >> bs & k
			x4 := b[7] >> bs & k
			if x0&with[0]|x4&with[4] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[4] |= x4
		case 4:
			x0 := b[4] >> bs & k
			x1 := b[5] >> bs & k
			x2 := b[6] >> bs & k
			x3 := b[7] >> bs & k
			if x0&with[0]|x1&with[1]|x2&with[2]|x3&with[3] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[1] |= x1
			out[2] |= x2
			out[3] |= x3
		case 5:
			x0 := b[5] >> bs & k
			x2 := b[7] >> bs & k
			if x0&with[0]|x2&with[2] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[2] |= x2
		case 6:
			x0 := b[6] >> bs & k
			x1 := b[7] >> bs & k
			if x0&with[0]|x1&with[1] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
			out[1] |= x1
		default:
			x0 := b[7] >> bs & k
			if x0&with[0] == 0 {
				cut = true
				continue
			}
			out[0] |= x0
		}
		ok.set(int(s))
	}
	return cut
}

// meetsApart reports whether b and c have a set in common disjoint from
// s, by addTo's cases.
func (b *bits512) meetsApart(c *bits512, s int) bool {
	k := lowDisjoint[s&63]
	switch s >> 6 & 7 {
	case 0:
		return (b[0]&c[0]|b[1]&c[1]|b[2]&c[2]|b[3]&c[3]|b[4]&c[4]|b[5]&c[5]|b[6]&c[6]|b[7]&c[7])&k != 0
	case 1:
		return (b[0]&c[0]|b[2]&c[2]|b[4]&c[4]|b[6]&c[6])&k != 0
	case 2:
		return (b[0]&c[0]|b[1]&c[1]|b[4]&c[4]|b[5]&c[5])&k != 0
	case 3:
		return (b[0]&c[0]|b[4]&c[4])&k != 0
	case 4:
		return (b[0]&c[0]|b[1]&c[1]|b[2]&c[2]|b[3]&c[3])&k != 0
	case 5:
		return (b[0]&c[0]|b[2]&c[2])&k != 0
	case 6:
		return (b[0]&c[0]|b[1]&c[1])&k != 0
	}
	return b[0]&c[0]&k != 0
}

func (b bits512) and(c *bits512) bits512 {
	return bits512{b[0] & c[0], b[1] & c[1], b[2] & c[2], b[3] & c[3],
		b[4] & c[4], b[5] & c[5], b[6] & c[6], b[7] & c[7]}
}

// pieceSets leaves in p.sets the digit sets piece p may take: the sets
// its cells take, all different, in a filling of its cage with the
// cage's other cells. It keeps them while its cells' candidates stay.
func (t *trial) pieceSets(p *piece) {
	// p.key holds the candidates of in, then rest, when p.valid; the
	// entries past them stay 0. Only those of the cage's cells are read
	// and compared: a key of grid.MaxSize built, copied and compared
	// whole at every look took a tenth of a strong search's CPU (pprof,
	// killer9-extreme line 4).
	changed := !p.valid
	for j, c := range p.in {
		if ds := uint16(t.cand[c]); p.key[j] != ds {
			p.key[j], changed = ds, true
		}
	}
	rest := p.key[len(p.in) : len(p.in)+len(p.rest)]
	for j, c := range p.rest {
		if ds := uint16(t.cand[c]); rest[j] != ds {
			rest[j], changed = ds, true
		}
	}
	if !changed {
		return
	}
	p.valid = true
	p.prev, p.sets = p.sets, p.prev[:0]
	if p.cage < 0 {
		t.fillSets(p)
	} else {
		t.memoSets(p)
	}
	if !slices.Equal(p.sets, p.prev) {
		p.gen++
		p.hash = setsHash(p.sets)
	}
}

// setsHash hashes a piece's sets for the memo of unit combinations (see
// unionMemo); no sets hash to 0, as a piece's hash starts.
func setsHash(sets []uint16) uint64 {
	h := uint64(len(sets)) * 0x94d049bb133111eb
	for _, x := range sets {
		h = (h ^ uint64(x)) * 0xbf58476d1ce4e5b9
	}
	return h
}

// memoSets leaves in p.sets, empty, the sets of cage piece p with the
// candidates p.key (see pieceSets): those kept for the key in its memo,
// or fillSets's, then kept.
func (t *trial) memoSets(p *piece) {
	if p.memo == nil {
		p.memo = new(pieceMemoTable)
	}
	key := p.key[:len(p.in)+len(p.rest)]
	h := uint64(0x9e3779b97f4a7c15)
	for _, ds := range key {
		h = (h ^ uint64(ds)) * 0xbf58476d1ce4e5b9
	}
	i := h >> (64 - pieceMemoBits)
	m := &p.memo.e[i]
	if m.ok && m.hash == h && m.key == p.key {
		if m.n == pieceMemoBig {
			p.sets = append(p.sets, p.memo.big[i]...)
		} else {
			p.sets = append(p.sets, m.sets[:m.n]...)
		}
		return
	}
	t.fillSets(p)
	m.key, m.hash, m.ok = p.key, h, true
	if len(p.sets) <= pieceMemoInline {
		m.n = uint8(copy(m.sets[:], p.sets))
	} else {
		m.n = pieceMemoBig
		p.memo.big[i] = append(p.memo.big[i][:0], p.sets...)
	}
}

// fillSets leaves in p.sets, empty, the digit sets piece p may take (see
// pieceSets), in increasing order, from the sets of different digits of
// its parts (partSets).
func (t *trial) fillSets(p *piece) {
	if p.cage < 0 {
		for ds := t.cand[p.in[0]]; ds != 0; ds &= ds - 1 {
			p.sets = append(p.sets, uint16(ds&-ds))
		}
		return
	}
	ins := *t.partSets(p.inPart)
	if len(p.rest) == 0 {
		ins = ins.and(&sumSets512[p.target])
		p.sets = ins.appendTo(p.sets)
		return
	}
	// A set of the piece stays when a set the cage's other cells take,
	// disjoint from it, makes the target with it.
	p.sets = t.partSets(p.restPart).finishing(&ins, p.target, p.sets)
}

// finishing appends to sets, in increasing order, the sets s of ins
// that a set of b disjoint from s makes target with: meetsApart of b with
// the sets of target less s's sum, in one loop with no call a set. When b
// holds fewer sets than ins, the walk goes over b's instead (finishedBy).
func (b *bits512) finishing(ins *bits512, target int, sets []uint16) []uint16 {
	if b.count() < ins.count() {
		out := ins.finishedBy(b, target)
		return out.appendTo(sets)
	}
	for w, word := range ins {
		for ; word != 0; word &= word - 1 {
			s := w<<6 + bits.TrailingZeros64(word)
			need := target - int(digitSums[s])
			if need < 0 || need >= len(sumSets512) {
				continue
			}
			c := &sumSets512[need]
			k := lowDisjoint[s&63]
			var m uint64
			switch w & 7 {
			case 0:
				m = b[0]&c[0] | b[1]&c[1] | b[2]&c[2] | b[3]&c[3] | b[4]&c[4] | b[5]&c[5] | b[6]&c[6] | b[7]&c[7]
			case 1:
				m = b[0]&c[0] | b[2]&c[2] | b[4]&c[4] | b[6]&c[6]
			case 2:
				m = b[0]&c[0] | b[1]&c[1] | b[4]&c[4] | b[5]&c[5]
			case 3:
				m = b[0]&c[0] | b[4]&c[4]
			case 4:
				m = b[0]&c[0] | b[1]&c[1] | b[2]&c[2] | b[3]&c[3]
			case 5:
				m = b[0]&c[0] | b[2]&c[2]
			case 6:
				m = b[0]&c[0] | b[1]&c[1]
			default:
				m = b[0] & c[0]
			}
			if m&k != 0 {
				sets = append(sets, uint16(s))
			}
		}
	}
	return sets
}

// finishedBy returns the sets of ins that a set of rest disjoint from
// them makes target with: for each set r of rest, the sets of ins of
// target less r's sum disjoint from r. It is finishing's walk from the
// other side, the same sets, for a piece whose cage's other cells take
// fewer sets than its own cells (a cage mostly in the unit).
func (ins *bits512) finishedBy(rest *bits512, target int) bits512 {
	var out bits512
	for w, word := range rest {
		for ; word != 0; word &= word - 1 {
			r := w<<6 + bits.TrailingZeros64(word)
			need := target - int(digitSums[r])
			if need < 0 || need >= len(sumSets512) {
				continue
			}
			c := &sumSets512[need]
			k := lowDisjoint[r&63]
			// The words of sets disjoint from r's digits 7-9 (w), as in
			// finishing.
			switch w & 7 {
			case 0:
				for i := range out {
					out[i] |= ins[i] & c[i] & k
				}
			case 1:
				out[0] |= ins[0] & c[0] & k
				out[2] |= ins[2] & c[2] & k
				out[4] |= ins[4] & c[4] & k
				out[6] |= ins[6] & c[6] & k
			case 2:
				out[0] |= ins[0] & c[0] & k
				out[1] |= ins[1] & c[1] & k
				out[4] |= ins[4] & c[4] & k
				out[5] |= ins[5] & c[5] & k
			case 3:
				out[0] |= ins[0] & c[0] & k
				out[4] |= ins[4] & c[4] & k
			case 4:
				out[0] |= ins[0] & c[0] & k
				out[1] |= ins[1] & c[1] & k
				out[2] |= ins[2] & c[2] & k
				out[3] |= ins[3] & c[3] & k
			case 5:
				out[0] |= ins[0] & c[0] & k
				out[2] |= ins[2] & c[2] & k
			case 6:
				out[0] |= ins[0] & c[0] & k
				out[1] |= ins[1] & c[1] & k
			default:
				out[0] |= ins[0] & c[0] & k
			}
		}
	}
	return out
}

// count returns how many sets b holds.
func (b *bits512) count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2]) + bits.OnesCount64(b[3]) +
		bits.OnesCount64(b[4]) + bits.OnesCount64(b[5]) + bits.OnesCount64(b[6]) + bits.OnesCount64(b[7])
}

// cellSets returns the sets of different digits cells (one at least: a
// part is never empty) take from their candidates (of at most 9
// digits): those of the first two cells, then
// each set of the cells before with a digit of the next cell that it
// lacks added (a union of disjoint sets is their sum).
func (t *trial) cellSets(cells []int) bits512 {
	// One or two cells, the most of the parts, are written bit by bit,
	// and so are the first two of more: a level of addTo for each digit
	// cost more.
	var out bits512
	if len(cells) == 1 {
		for ds := t.cand[cells[0]]; ds != 0; ds &= ds - 1 {
			out.set(int(ds & -ds))
		}
		return out
	}
	second := t.cand[cells[1]]
	for ds := t.cand[cells[0]]; ds != 0; ds &= ds - 1 {
		a := ds & -ds
		for es := second &^ a; es != 0; es &= es - 1 {
			out.set(int(a | es&-es))
		}
	}
	for _, c := range cells[2:] {
		var next bits512
		out.addDigits(&next, t.cand[c])
		out = next
	}
	return out
}

// addDigits adds to out the sets x|d of the sets x of b without d, for
// each digit d of ds: addTo of each digit's set in one loop. A digit of
// 1-6 shifts each word by its bit; one of 7-9 moves the words without
// it to those with it, as they are.
func (b *bits512) addDigits(out *bits512, ds grid.Digits) {
	for low := uint(ds) & 63; low != 0; low &= low - 1 {
		bs := low & -low
		k := lowDisjoint[bs]
		out[0] |= (b[0] & k) << bs
		out[1] |= (b[1] & k) << bs
		out[2] |= (b[2] & k) << bs
		out[3] |= (b[3] & k) << bs
		out[4] |= (b[4] & k) << bs
		out[5] |= (b[5] & k) << bs
		out[6] |= (b[6] & k) << bs
		out[7] |= (b[7] & k) << bs
	}
	if ds&(1<<6) != 0 {
		out[1] |= b[0]
		out[3] |= b[2]
		out[5] |= b[4]
		out[7] |= b[6]
	}
	if ds&(1<<7) != 0 {
		out[2] |= b[0]
		out[3] |= b[1]
		out[6] |= b[4]
		out[7] |= b[5]
	}
	if ds&(1<<8) != 0 {
		out[4] |= b[0]
		out[5] |= b[1]
		out[6] |= b[2]
		out[7] |= b[3]
	}
}

// sumSets512[s] are the digit sets (of up to 9 digits) whose digits add
// up to s.
var sumSets512 = func() (t [46]bits512) {
	for m := range 512 {
		t[digitSums[m]].set(m)
	}
	return t
}()

// appendTo appends the sets of b to sets in increasing order.
func (b *bits512) appendTo(sets []uint16) []uint16 {
	for w, word := range b {
		for ; word != 0; word &= word - 1 {
			sets = append(sets, uint16(w<<6+bits.TrailingZeros64(word)))
		}
	}
	return sets
}

// pieceSupport returns the digits each cell of piece p takes in an
// assignment of different digits to its cells whose set ok holds: the
// sets the first cells take (cellSets's levels), then, from the last
// cell back, the sets of the first cells that some digits of the cells
// after them finish into a set ok holds.
func (t *trial) pieceSupport(p *piece, ok *bits512) [grid.MaxSize]grid.Digits {
	var support [grid.MaxSize]grid.Digits
	n := len(p.in)
	// One, two or three cells walk the sets of ok of as many digits,
	// each assigned in every order (no levels): fewer steps than the
	// levels' addTo and takeFrom.
	switch n {
	case 1:
		for ds := t.cand[p.in[0]]; ds != 0; ds &= ds - 1 {
			if a := ds & -ds; ok.has(int(a)) {
				support[0] |= a
			}
		}
		return support
	case 2:
		c0, c1 := t.cand[p.in[0]], t.cand[p.in[1]]
		for w, word := range ok {
			for ; word != 0; word &= word - 1 {
				s := grid.Digits(w<<6 + bits.TrailingZeros64(word))
				a := s & -s
				b := s ^ a
				if b == 0 || b&(b-1) != 0 {
					continue // not two digits
				}
				if c0&a != 0 && c1&b != 0 {
					support[0] |= a
					support[1] |= b
				}
				if c0&b != 0 && c1&a != 0 {
					support[0] |= b
					support[1] |= a
				}
			}
		}
		return support
	case 3:
		c0, c1, c2 := t.cand[p.in[0]], t.cand[p.in[1]], t.cand[p.in[2]]
		for w, word := range ok {
			for ; word != 0; word &= word - 1 {
				s := grid.Digits(w<<6 + bits.TrailingZeros64(word))
				if s.Count() != 3 {
					continue
				}
				for xs := s & c0; xs != 0; xs &= xs - 1 {
					x := xs & -xs
					r := s ^ x
					a := r & -r
					b := r ^ a
					if c1&a != 0 && c2&b != 0 {
						support[0] |= x
						support[1] |= a
						support[2] |= b
					}
					if c1&b != 0 && c2&a != 0 {
						support[0] |= x
						support[1] |= b
						support[2] |= a
					}
				}
			}
		}
		return support
	}
	lv := &t.sx.lv
	lv[0] = bits512{1}
	for j, c := range p.in {
		lv[j+1] = bits512{}
		lv[j].addDigits(&lv[j+1], t.cand[c])
	}
	back := lv[n].and(ok)
	for j := n - 1; j >= 0; j-- {
		var prev bits512
		support[j] = back.takeDigits(&prev, &lv[j], t.cand[p.in[j]])
		back = prev.and(&lv[j])
	}
	return support
}

// supportOf returns pieceSupport(p, ok) for the cells of piece p in its
// unit (of at most maxTrialDigits): the support worked out last for p when
// in's candidates and ok are those of then, else worked out and kept. A
// unit's combination that cut sets but took no candidate out comes back
// with the same sets and candidates while other cells of its cages change:
// on killer9-extreme 4 with defaults, a third of the pieces' supports
// asked for were the piece's last.
func (t *trial) supportOf(p *piece, ok *bits512) *[maxTrialDigits]grid.Digits {
	same := p.supValid && p.supOK == *ok
	for j, c := range p.in {
		if ds := uint16(t.cand[c]); p.supIn[j] != ds {
			p.supIn[j], same = ds, false
		}
	}
	if same {
		t.sx.supportHits++
		return &p.sup
	}
	support := t.pieceSupport(p, ok)
	copy(p.sup[:], support[:len(p.in)])
	p.supOK, p.supValid = *ok, true
	return &p.sup
}

// takeDigits adds to out, for each digit d of ds, what takeFrom(out,
// with, d's set) adds (the sets x without d with x|d in b, when one of
// them is in with), in one loop with no call a digit, and returns the
// digits for which there are some.
func (b *bits512) takeDigits(out, with *bits512, ds grid.Digits) grid.Digits {
	var got grid.Digits
	for low := uint(ds) & 63; low != 0; low &= low - 1 {
		bs := low & -low
		k := lowDisjoint[bs]
		x0, x1, x2, x3 := b[0]>>bs&k, b[1]>>bs&k, b[2]>>bs&k, b[3]>>bs&k
		x4, x5, x6, x7 := b[4]>>bs&k, b[5]>>bs&k, b[6]>>bs&k, b[7]>>bs&k
		if x0&with[0]|x1&with[1]|x2&with[2]|x3&with[3]|x4&with[4]|x5&with[5]|x6&with[6]|x7&with[7] == 0 {
			continue
		}
		out[0] |= x0
		out[1] |= x1
		out[2] |= x2
		out[3] |= x3
		out[4] |= x4
		out[5] |= x5
		out[6] |= x6
		out[7] |= x7
		got |= grid.Digits(bs)
	}
	// Digits 7-9 pick words, as in takeFrom: the sets with the digit are
	// in the words of its bit, those without it in the others.
	if ds&(1<<6) != 0 && b[1]&with[0]|b[3]&with[2]|b[5]&with[4]|b[7]&with[6] != 0 {
		out[0] |= b[1]
		out[2] |= b[3]
		out[4] |= b[5]
		out[6] |= b[7]
		got |= 1 << 6
	}
	if ds&(1<<7) != 0 && b[2]&with[0]|b[3]&with[1]|b[6]&with[4]|b[7]&with[5] != 0 {
		out[0] |= b[2]
		out[1] |= b[3]
		out[4] |= b[6]
		out[5] |= b[7]
		got |= 1 << 7
	}
	if ds&(1<<8) != 0 && b[4]&with[0]|b[5]&with[1]|b[6]&with[2]|b[7]&with[3] != 0 {
		out[0] |= b[4]
		out[1] |= b[5]
		out[2] |= b[6]
		out[3] |= b[7]
		got |= 1 << 8
	}
	return got
}

// strongReads returns the cells (and digits, 0 for all) whose removals
// strong event ev rests on.
func (t *trial) strongReads(ev *trialEvent) ([]int, grid.Digits) {
	if ev.kind == strongHidden {
		return t.l.Unit(ev.unit).Cells, ev.digits
	}
	return t.places[ev.from:ev.to], 0
}

// strongNode returns the node of strong event ev (event e): a GroupNode
// of digit 0 over the subset's cells, or the unit's for a unit
// combination, its Origin the deduction in words with what it removed.
func (t *trial) strongNode(ev *trialEvent, e int) Node {
	n := grid.Notation{Layout: t.l}
	unit := t.l.Unit(ev.unit)
	nd := Node{Kind: GroupNode, Unit: ev.unit}
	removed := t.removedBy(e)
	var sb strings.Builder
	switch ev.kind {
	case strongNaked, strongHidden:
		cells := t.places[ev.from:ev.to]
		nd.Cells = append([]int(nil), cells...)
		nd.Combos = []grid.Digits{ev.digits}
		kind := "naked"
		if ev.kind == strongHidden {
			kind = "hidden"
		}
		sb.WriteString(kind + " " + subsetName(len(cells)) + " {" + n.DigitList(ev.digits, ",") + "} in ")
		for i, c := range cells {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(n.CellName(c))
		}
		sb.WriteString(" (" + unit.Name() + ")")
	default:
		nd.Cells = append([]int(nil), unit.Cells...)
		sb.WriteString(unit.Name() + " with ")
		k := 0
		for _, p := range t.sx.pieces[ev.unit] {
			if p.cage < 0 {
				continue
			}
			if k > 0 {
				sb.WriteString(", ")
			}
			k++
			sb.WriteString(cageName(n, p.cage))
		}
		sb.WriteString(" together")
		// A unit's combination lists none: the candidates it took out go
		// in Removed too (as ChainNode.removed has it), so that DrawnOn
		// sees them when the step is drawn again.
		nd.Removed = removed
	}
	sb.WriteString(":" + removedText(n, removed))
	nd.Origin = sb.String()
	return nd
}

// removedText words candidates by cell, each cell once: " r5c2<>17,
// r6c2<>3" (the candidates of one cell come together, as removedBy
// lists them).
func removedText(n grid.Notation, removed []CellDigit) string {
	var sb strings.Builder
	for i := 0; i < len(removed); {
		c, ds := removed[i].Cell, grid.Digits(0)
		for ; i < len(removed) && removed[i].Cell == c; i++ {
			ds |= grid.Bit(removed[i].Digit)
		}
		if sb.Len() > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(" " + n.CellName(c) + "<>" + n.DigitList(ds, ""))
	}
	return sb.String()
}

// removedBy returns the candidates event e of the trial removed, cell by
// cell.
func (t *trial) removedBy(e int) []CellDigit {
	if t.words.on && e >= 0 && e < len(t.words.known) {
		if r := t.removedOf(e); len(r) > 0 {
			return slices.Clone(r)
		}
		return nil
	}
	var out []CellDigit
	for c := range t.cand {
		for d := 1; d <= t.l.N; d++ {
			if int(t.by[c*16+d]) == e+1 {
				out = append(out, CellDigit{c, d})
			}
		}
	}
	return out
}

// subsetName names a subset of k cells.
func subsetName(k int) string {
	switch k {
	case 2:
		return "pair"
	case 3:
		return "triple"
	}
	return "quadruple"
}

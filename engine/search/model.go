package search

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// maxDerivedCells bounds the cells of a derived sum (an innie or outie
// set): a sum over more cells prunes little by its bounds and costs a
// visit whenever one of them changes.
const maxDerivedCells = 8

// The kinds of constraint the generic search propagates besides its units.
const (
	// conCombos: distinct digits, one of the sets of a table (a killer
	// cage, or a derived sum whose cells all see each other).
	conCombos uint8 = iota
	// conTuples: the cells of a cage, one of the fillings of a table.
	conTuples
	// conSum: cells, each taken +1 or −1, adding up to a target; pruned
	// by bounds.
	conSum
	// conFeasible: a cage checked by grid.Layout.CageFeasible.
	conFeasible
	// conStraight: a Str8ts compartment, holding a straight; pruned by
	// the windows of digits still open to it.
	conStraight
	// conReach: a sum or product cage without a table of fillings,
	// pruned by what its cells' digits reach together (see reachTable).
	conReach
)

// constraint is one constraint of a model.
type constraint struct {
	kind uint8
	// cage is the cage of a conTuples or conFeasible constraint.
	cage int32
	// The cells are model.cells[start:end], taken negatively where
	// model.neg is set (conSum).
	start, end int32
	target     int32
	combos     []grid.Digits
	// frame.alive[word:wordEnd] has a bit for each set of combos, on
	// while the set is still possible (conCombos).
	word, wordEnd int32
	tuples        []uint8
	// with[(i*(N+1)+d)*words:][:words] has a bit for each filling of
	// tuples that puts digit d in cell i (the constraint's i-th), for a
	// table of more than minTupleIndex fillings, words words a cell and
	// digit (see indexedTuples).
	with  []uint64
	reach *reachTable // conReach
	// parts are, for a conCombos constraint, its cells in each unit
	// holding two or more of them; partUnit[i] is parts[i].unit, and
	// partsOf[w] has bit i when parts[i] holds every cell of w (a bit
	// each by index among the constraint's cells; see placeMust).
	parts    []part
	partUnit []int32
	partsOf  []uint16
	// within[i][k] has a bit for each cell of a conCombos constraint (by
	// its index among the cells) in unit model.counted[cell i][k].
	within [][]uint32
	// outside[i][k] has a bit for each cell of unit model.counted[cell
	// i][k] not among the constraint's cells, by its place in the unit,
	// when the unit holds two or more of them (see outside; conCombos).
	outside [][]uint32
	// unit is the compartment of a conStraight constraint (an index into
	// Layout.Units), and rest the other white cells of its row or column,
	// which lose the digits the compartment must hold.
	unit int32
	rest []int32
	// sum is the place of a conSum constraint's bounds in frame.bounds.
	sum int32
}

// sumRef is a conSum constraint over a cell: its id and the place of its
// bounds in frame.bounds (constraint.sum), as ^place where it takes the
// cell negatively.
type sumRef struct {
	place, id int32
}

// cellWatch is what a change of a cell's candidates reaches (see
// model.cellWatch).
type cellWatch struct {
	sums  []sumRef
	watch []int32
	units []int
}

// sumInfo is the place of a conSum constraint's bounds in frame.bounds
// and its target.
type sumInfo struct {
	place, target int32
}

// part is the cells of a constraint inside one unit; rest has a bit for
// each other cell of the unit, by its place in the unit.
type part struct {
	unit  int32
	rest  uint32
	cells []int32
}

// model is what the generic search derives once from a layout: its cage
// constraints, the sums derived from units and cages (the innies and
// outies of killer solvers), for every cell the constraints over it, and
// the geometry of locked candidates. It does not change while a search
// runs, and is rebuilt only for another layout.
type model struct {
	l    *grid.Layout
	opts Options
	cons []constraint
	// cells and neg hold the cells of every constraint, in one slab.
	cells []int32
	neg   []bool
	// watch[c] are the constraints over cell c other than the sums,
	// slices of one array, and sumsOf[c] the sums over it, queued apart
	// (see generic.sums); sumInfo[id] is where conSum constraint id keeps
	// its bounds and its target, read without the constraint when it is
	// visited (most visits end on the bounds).
	watch   [][]int32
	sumsOf  [][]sumRef
	sumInfo []sumInfo
	// cellWatch[c] holds watch[c], sumsOf[c] and counted[c] side by side,
	// for generic.remove, which reads all three for every cell changed.
	cellWatch []cellWatch
	// span is the widest span of a cell's digits, N-1.
	span int32
	// sums counts the conSum constraints (see frame.bounds).
	sums int
	// locked tells whether locked candidates are looked for: on boards of
	// Options.LockedFrom cells a side and more, with regular boxes.
	locked bool
	// cageCost[k] weighs the cells of cage k when the search chooses a
	// cell to guess: the number of sets or fillings of its table, or a
	// large number for a cage without one.
	cageCost []int32
	// cellCost[c] is what choose weighs cell c by among cells of one
	// score once the weights steer: the cost of its cage, 1<<31 for a
	// cell in none, 0 on boards without cages; cellRank[c] the same
	// before, less the priority (see model.priorities).
	cellCost, cellRank []int64
	// cageTables are the combos constraints of the cages (indices into
	// cons), on which the search may branch set by set (see chooseCage).
	cageTables []int32
	// derived counts the derived sums.
	derived int
	// words is the length of frame.alive: the bits of every combos
	// constraint's table, each table starting on a word of its own.
	words int
	// few is the most cells a combos constraint has in one unit (see
	// part), at least 2: the places of a digit in a unit that the
	// constraint may hold all of.
	few int
	// counted[c] are the complete units of cell c (Layout.CellUnit less
	// the partial units of a Str8ts board), whose digits the search counts
	// for hidden singles.
	counted [][]int
	// at[c][k] is the place of cell c among the cells of its unit
	// counted[c][k], on boards with locked candidates.
	at [][]uint8
	// unitPeers tells whether the peers of a cell are the cells of its
	// units, all counted: no cages and no partial units.
	unitPeers bool
	// balance holds the rows, then the columns, then the boxes (of a
	// Str8ts B) of a Str8ts board for its digit balance (see
	// generic.balance); nil on other boards.
	balance []balanceLine
	// unitTables are the units propagated as unit combinations (see
	// generic.unitCombos), and touch[c] has bit i when cell c is in
	// unitTables[i] (nil without them). cagePieces counts their pieces of
	// cages.
	unitTables []unitTable
	touch      []uint64
	cagePieces int
	// prior is the priority of each cell when the search chooses its
	// first guesses, on killers (see model.priorities); nil elsewhere.
	prior []int32
}

// Options tune the generic search. The zero value is the default.
type Options struct {
	// NoDerived turns off the sums derived from units and cages.
	NoDerived bool
	// NoTables checks cages by their bounds alone, without tables of
	// sets or fillings.
	NoTables bool
	// LockedFrom is the smallest side of a board with regular boxes on
	// which locked candidates (box/line intersections) are propagated; 0
	// means 16, a negative value never.
	LockedFrom int
	// PlainBranching guesses in the first cell with the fewest
	// candidates, whatever cages it is in.
	PlainBranching bool
	// NoMatching checks the sets of a cage's table cell by cell only,
	// not whether their digits can go one to each cell (see
	// matchSupport).
	NoMatching bool
	// CellBranching guesses in cells only, never a cage's set of digits
	// (see generic.chooseCage).
	CellBranching bool
	// NoGuessBlame leaves the conflict weights to the constraints and
	// units that fail, without the weight a failing guess adds to its
	// cell (see generic.blame).
	NoGuessBlame bool
	// LearnFrom is the number of guesses without a new solution after
	// which a board without cages, whose units all hold every digit, goes
	// from the depth-first search to a clause-learning one (see
	// learnCount); 0 means the default of the board's size and the
	// count's limit (see defaultLearnFrom), with a bound on the
	// contradictions too on large boards (see LargeLearnFails), a
	// negative value never.
	LearnFrom int64
	// CageLearnFrom is the number of guesses without a new solution after
	// which a board with cages goes from the depth-first search to clause
	// learning over an encoding of its cage tables (see newCageSAT), on
	// boards it suits (see cageLearnSuits); 0 or less means never, the
	// default: on every killer and KenKen set of the fixtures the
	// clause-learning count took 2 to 8 times the CPU of the depth-first
	// search, the hardest killers included (see docs/search.md).
	CageLearnFrom int64
	// UnitCombos propagates the unit combinations of 9×9 and smaller
	// killers (see generic.unitCombos): each unit's cages filled jointly.
	// Off by default: on the hardest killers it cuts the guesses by 29 %
	// for as much CPU or more (killer9-mathemagic.txt, session 21; 9 %
	// less CPU when session 11 measured it), and on tarek's and the
	// extreme killers it costs 10–30 % more CPU than it saves (see
	// docs/search.md, sessions 11 and 21).
	UnitCombos bool
	// NoMatchMemo matches a cage's sets (see keepMatched) every time,
	// without the memo of recent matchings by the cage's state (see
	// matchMemo); the search is the same either way. The memo takes
	// about 4 % off the instructions and the CPU of counting the
	// hardest killers (killer9-mathemagic.txt; see docs/search.md,
	// sessions 12 and 23).
	NoMatchMemo bool
	// NoSingleOuties turns off the derived sums of a region less the
	// cages wholly inside and one cage with a single cell outside it
	// (see model.derive), made on killers of 9×9 and smaller whose
	// cages are all sums; the other derived sums stay.
	NoSingleOuties bool
	// NoPriorities leaves the priorities of the cells (see
	// model.priorities) out of the choice of a killer's first guesses.
	NoPriorities bool
	// NoBalance turns off the digit balance of Str8ts boards (see
	// generic.balance).
	NoBalance bool
}

// DefaultLearnFrom is the default of Options.LearnFrom on boards smaller
// than 16×16 (see defaultLearnFrom; it was the default of every size when
// measured so). Below it the depth-first search is cheaper: counting to 2
// the easy 25×25 fixtures takes 12 ms a puzzle with clause learning from
// the first guess, 1 ms without.
// Above it learning wins, and by more the harder the board: counting to 2
// the published 25×25 puzzles of the fixtures takes 0.7–1.7 s of CPU with
// it, 2.0–6.7 s without.
const DefaultLearnFrom = 2000

// LargeLearnFrom is the default of Options.LearnFrom on boards of 25×25
// and larger, where a guess costs some 25 µs and learning from scratch
// about as much as the depth-first search even on the puzzles that
// search finishes: counting to 2 25x25-hard.txt and x25.txt (483–695
// guesses each, none of them 500 without a new solution) took 15–26 ms a
// puzzle either way. The boards the default solve of the published 25×25
// puzzles hands to the count, which the depth-first search never
// finishes, spend 1,500 guesses fewer before learning, some 35 ms each.
const LargeLearnFrom = 500

// LargeLearnFails is the number of contradictions without a new solution
// after which the depth-first search of a 25×25 or larger board counted
// to 2 hands over to clause learning, before LargeLearnFrom guesses. A
// search that keeps failing is one that learning finishes sooner, and
// contradictions tell it from one that is only filling an open board
// (an empty 25×25 takes some 460 guesses to two solutions without one).
// Counting to 2 the boards the default solve of the published 25×25
// puzzles hands to the count (25x25-published-count.txt), the search
// hands over after 60–114 guesses rather than 501, and 25x25-hard.txt
// and x25.txt, which it finishes in 266–695 guesses, after 57–74:
// 6.43 G → 6.16 G instructions for the three published boards, 0.52 G
// → 0.42 G for the four others (see docs/search.md, session 24).
const LargeLearnFails = 32

// MidLearnFrom is the default of Options.LearnFrom on boards from 16×16
// to below 25×25. There a guess costs some 15 µs and a conflict of the
// clause-learning solver twice that, and learning took about as many
// conflicts as the depth-first search took guesses on every 16×16 X
// board measured: counting to 2 x16-extreme.txt and x16.txt as given,
// all 15 puzzles within 17,262 guesses, took 542 ms by the search alone
// against 734 ms with DefaultLearnFrom (x16-extreme line 11 214 against
// 329 ms, line 3 42 against 102 ms); the board its default solve
// counts, 155 against 319 ms. Past it, a board the search finds hard
// still goes to learning, having spent some 0.3 s.
const MidLearnFrom = 20000

// defaultLearnFrom returns the default of Options.LearnFrom on boards of
// side n counted up to limit solutions. The defaults by size are for
// counts to 2, which ask whether the board is unique: there learning's
// proof that no other solution exists is what pays. A count to more
// keeps DefaultLearnFrom whatever the size, since learning pays a
// blocking clause and a restart from level 0 for each solution where the
// search pays a few guesses: an open 32×32 Sudoku X (the service's fault
// tests) counted to 1,000 went to learning after LargeLearnFrom guesses
// without its first solution and took 3.5 s (30 s and more under the
// race detector) where the search takes 0.2 s.
func defaultLearnFrom(n, limit int) int64 {
	if limit > 2 {
		return DefaultLearnFrom
	}
	switch {
	case n >= 25:
		return LargeLearnFrom
	case n >= 16:
		return MidLearnFrom
	}
	return DefaultLearnFrom
}

// defaultLearnFails returns the number of contradictions without a new
// solution after which the depth-first search of a board of side n,
// counted up to limit solutions, hands over to clause learning whatever
// its guesses (see LargeLearnFails), or 0 for none: on 25×25 and larger,
// counting to 2.
func defaultLearnFails(n, limit int) int {
	if limit > 2 || n < 25 {
		return 0
	}
	return LargeLearnFails
}

// newModel builds the model of l.
func newModel(l *grid.Layout, opts Options) *model {
	m := &model{l: l, opts: opts, few: 2, span: int32(l.N - 1)}
	from := opts.LockedFrom
	if from == 0 {
		from = 16
	}
	m.locked = from > 0 && l.N >= from && l.BoxRows > 0 && l.BoxCols > 0 && l.BlackCells() == nil
	m.counted = make([][]int, l.Cells)
	if !l.Variant.IsStr8ts() {
		for cell := range l.Cells {
			m.counted[cell] = l.CellUnit(cell)
		}
	} else {
		for cell := range l.Cells {
			for _, u := range l.CellUnit(cell) {
				if counted(l, u) {
					m.counted[cell] = append(m.counted[cell], u)
				}
			}
		}
		m.straights()
		m.balance = balanceLines(l, opts)
	}
	m.unitPeers = len(l.Cages()) == 0 && !l.Variant.IsStr8ts()
	if m.locked {
		m.at = make([][]uint8, l.Cells)
		for cell, units := range m.counted {
			for _, u := range units {
				m.at[cell] = append(m.at[cell], uint8(slices.Index(l.Unit(u).Cells, cell)))
			}
		}
	}
	m.cageCost = make([]int32, len(l.Cages()))
	for k := range l.Cages() {
		cg := l.Cage(k)
		var combos []grid.Digits
		var tuples []uint8
		if !opts.NoTables {
			combos = cageCombos(l, cg)
			if combos == nil {
				tuples = cageTuples(l, cg)
			}
		}
		var reach *reachTable
		if combos == nil && tuples == nil {
			reach = m.reachOf(cg)
		}
		cells := make([]int, len(cg.Cells))
		copy(cells, cg.Cells)
		switch {
		case combos != nil:
			if len(combos) > 1 {
				m.cageTables = append(m.cageTables, int32(len(m.cons)))
			}
			m.add(constraint{kind: conCombos, cage: int32(k), combos: combos}, cells, nil)
			m.cageCost[k] = int32(len(combos))
		case tuples != nil:
			m.add(constraint{kind: conTuples, cage: int32(k), tuples: tuples, with: tupleIndex(l.N, len(cells), tuples)}, cells, nil)
			m.cageCost[k] = int32(len(tuples) / len(cg.Cells))
		case cg.Op == grid.OpAdd:
			m.add(constraint{kind: conSum, cage: int32(k), target: int32(cg.Target)}, cells, nil)
			m.cageCost[k] = 1 << 20
			// Bounds suffice where every digit differs (a large killer
			// cage, the sets past maxCombos); where cells may repeat
			// digits, the cage gets what its digits reach too.
			if reach != nil && !allSee(l, cg.Cells) {
				m.add(constraint{kind: conReach, cage: int32(k), reach: reach}, cells, nil)
			}
		case cg.Op == grid.OpMul && reach != nil:
			m.add(constraint{kind: conReach, cage: int32(k), reach: reach}, cells, nil)
			m.cageCost[k] = 1 << 20
		default:
			m.add(constraint{kind: conFeasible, cage: int32(k)}, cells, nil)
			m.cageCost[k] = 1 << 20
		}
	}
	if !opts.NoDerived {
		m.derive()
	}
	m.index()
	m.buildUnitTables()
	m.priorities()
	m.cellCost = make([]int64, l.Cells)
	m.cellRank = make([]int64, l.Cells)
	for cell := range l.Cells {
		var cst int64
		if len(m.cageCost) > 0 {
			if k := l.CellCage(cell); k >= 0 {
				cst = int64(m.cageCost[k])
			} else {
				cst = 1 << 31
			}
		}
		m.cellCost[cell], m.cellRank[cell] = cst, cst
		if m.prior != nil {
			// The cage's cost first, then the priority, highest first
			// (priorities are below 1<<16).
			m.cellRank[cell] = cst<<16 - int64(m.prior[cell])
		}
	}
	return m
}

// priorities sets model.prior, the priority of every cell for the first
// guesses, on killers whose cages are all sums (unless
// Options.NoPriorities): N for each of its units and, for each derived
// sum over it, 2N less the sum's cells (N at least). The derived sums
// are where cages and units bind each other; a cell under many of them,
// and under small ones, settles much when it is decided. Until the
// conflict weights steer the choice (see weighFrom), the priority breaks
// the ties of the fewest candidates and the cheapest cage, so it shapes
// the top of the search tree, which the weights never revisit (the
// Interactive Sudoku Solver's initial cell priorities weigh every
// constraint over a cell alike; it starts its conflict scores from them,
// which here cost the hardest killers guesses: see docs/search.md,
// session 16). Elsewhere prior stays nil.
func (m *model) priorities() {
	if m.opts.NoPriorities || m.derived == 0 {
		return
	}
	for _, cg := range m.l.Cages() {
		if cg.Op != grid.OpAdd && cg.Op != grid.OpNone {
			// On KenKen they cost guesses (kenken-hard.txt 862 → 900
			// when they also started the conflict weights).
			return
		}
	}
	n := int32(m.l.N)
	m.prior = make([]int32, m.l.Cells)
	for cell := range m.prior {
		m.prior[cell] = n * int32(len(m.counted[cell]))
	}
	for _, c := range m.cons {
		if c.cage >= 0 || c.kind != conCombos && c.kind != conSum {
			continue // a cage's own constraint
		}
		w := max(2*n-(c.end-c.start), n)
		for _, cell := range m.cells[c.start:c.end] {
			m.prior[cell] += w
		}
	}
}

// counted reports whether the search counts the places of every digit in
// unit u of l, for hidden singles: a unit that holds every digit. The
// partial units of a Str8ts board hold a digit at most once, and may miss
// some; a box of all white cells of a Str8ts B holds every digit all the
// same. A row or column of all white cells does too, but it is one
// compartment, whose straight places its digits: counting it as well cost
// str8ts-extreme.txt a fifth more CPU for few guesses fewer.
func counted(l *grid.Layout, u int) bool {
	unit := l.Unit(u)
	return !unit.Partial || len(unit.Cells) == l.N && unit.Kind == grid.Region
}

// straights adds a conStraight constraint for every compartment of a
// Str8ts layout.
func (m *model) straights() {
	l := m.l
	n := l.N
	for _, u := range l.Compartments() {
		cells := l.Unit(u).Cells
		first, last := cells[0], cells[len(cells)-1]
		across := first/n == last/n
		var rest []int32
		for i := range n {
			cell := first/n*n + i
			if !across {
				cell = i*n + first%n
			}
			if !l.IsBlack(cell) && !slices.Contains(cells, cell) {
				rest = append(rest, int32(cell))
			}
		}
		m.add(constraint{kind: conStraight, cage: -1, unit: int32(u), rest: rest}, slices.Clone(cells), nil)
	}
}

// add appends constraint c over cells, those of neg taken negatively.
func (m *model) add(c constraint, cells []int, neg []bool) {
	c.start = int32(len(m.cells))
	for i, cell := range cells {
		m.cells = append(m.cells, int32(cell))
		m.neg = append(m.neg, neg != nil && neg[i])
	}
	c.end = int32(len(m.cells))
	if c.kind == conSum {
		c.sum = int32(m.sums)
		m.sums++
	}
	if c.kind == conCombos {
		c.parts = m.parts(m.cells[c.start:c.end])
		c.partsOf = partsOf(m.cells[c.start:c.end], c.parts)
		for _, p := range c.parts {
			c.partUnit = append(c.partUnit, p.unit)
		}
		c.within = m.within(m.cells[c.start:c.end])
		c.outside = outside(m.cells[c.start:c.end], m.counted, c.parts)
		c.word = int32(m.words)
		m.words += (len(c.combos) + 63) / 64
		c.wordEnd = int32(m.words)
	}
	m.cons = append(m.cons, c)
}

// parts returns the cells of cells in each unit (counted for hidden
// singles) that holds two or more of them.
func (m *model) parts(cells []int32) []part {
	var all []part
	for _, cell := range cells {
	units:
		for _, u := range m.counted[cell] {
			for i := range all {
				if all[i].unit == int32(u) {
					all[i].cells = append(all[i].cells, cell)
					continue units
				}
			}
			all = append(all, part{unit: int32(u), cells: []int32{cell}})
		}
	}
	parts := all[:0]
	for _, p := range all {
		if len(p.cells) >= 2 {
			for i, cell := range m.l.Unit(int(p.unit)).Cells {
				if !slices.Contains(p.cells, int32(cell)) {
					p.rest |= 1 << i
				}
			}
			parts = append(parts, p)
			m.few = max(m.few, len(p.cells))
		}
	}
	return parts
}

// partsOf returns, for each set w of cells (a bit each by index), the
// parts holding all of w, a bit each; nil when cells are too many or
// parts more than 16.
func partsOf(cells []int32, parts []part) []uint16 {
	if len(cells) > 10 || len(parts) > 16 {
		return nil
	}
	of := make([]uint16, 1<<len(cells))
	for i, p := range parts {
		var in int
		for j, cell := range cells {
			if slices.Contains(p.cells, cell) {
				in |= 1 << j
			}
		}
		for w := range of {
			if w&^in == 0 {
				of[w] |= 1 << i
			}
		}
	}
	return of
}

// outside returns, for each of cells and each unit counted of it, the
// other cells of that unit, a bit each by place in the unit, when the
// unit holds two or more of cells (a part's rest), else 0: a digit with
// two places or more among the cells is within such a unit or none (see
// constraint.outside).
func outside(cells []int32, counted [][]int, parts []part) [][]uint32 {
	all := make([][]uint32, len(cells))
	for i, cell := range cells {
		units := counted[cell]
		all[i] = make([]uint32, len(units))
		for k, u := range units {
			for _, p := range parts {
				if p.unit == int32(u) {
					all[i][k] = p.rest
				}
			}
		}
	}
	return all
}

// within returns, for each of cells (distinct, at most grid.MaxSize) and
// each unit counted of it, the cells in that unit, a bit each by index
// (see constraint.within).
func (m *model) within(cells []int32) [][]uint32 {
	all := make([][]uint32, len(cells))
	for i, cell := range cells {
		units := m.counted[cell]
		all[i] = make([]uint32, len(units))
		for k, u := range units {
			for j, other := range cells {
				if slices.Contains(m.counted[other], u) {
					all[i][k] |= 1 << j
				}
			}
		}
	}
	return all
}

// index builds the watch lists: watch[c] the constraints over cell c but
// the sums, and sumsOf[c] the sums over it (see sumRef), each in the order
// of the constraints.
func (m *model) index() {
	n := m.l.Cells
	at := make([]int32, n+1)
	// The sums over each cell, in a slab of their own: sumAt[c] sums
	// before cell c's.
	sumAt := make([]int32, n+1)
	for id := range m.cons {
		c := &m.cons[id]
		for _, cell := range m.cells[c.start:c.end] {
			if c.kind == conSum {
				sumAt[cell+1]++
			} else {
				at[cell+1]++
			}
		}
	}
	for c := range n {
		at[c+1] += at[c]
		sumAt[c+1] += sumAt[c]
	}
	all := make([]int32, at[n])
	next := slices.Clone(at[:n])
	sums := make([]sumRef, sumAt[n])
	nextSum := slices.Clone(sumAt[:n])
	m.sumInfo = make([]sumInfo, len(m.cons))
	for id := range m.cons {
		c := &m.cons[id]
		if c.kind != conSum {
			for _, cell := range m.cells[c.start:c.end] {
				all[next[cell]] = int32(id)
				next[cell]++
			}
			continue
		}
		m.sumInfo[id] = sumInfo{place: c.sum, target: c.target}
		for i, cell := range m.cells[c.start:c.end] {
			s := c.sum
			if m.neg[int(c.start)+i] {
				s = ^s
			}
			sums[nextSum[cell]] = sumRef{place: s, id: int32(id)}
			nextSum[cell]++
		}
	}
	m.watch = make([][]int32, n)
	m.sumsOf = make([][]sumRef, n)
	for c := range n {
		m.watch[c] = all[at[c]:at[c+1]:at[c+1]]
		m.sumsOf[c] = sums[sumAt[c]:sumAt[c+1]:sumAt[c+1]]
	}
	m.cellWatch = make([]cellWatch, n)
	for c := range n {
		m.cellWatch[c] = cellWatch{sums: m.sumsOf[c], watch: m.watch[c], units: m.counted[c]}
	}
}

// derive adds the sums that units and sum cages imply together. For a
// region R, a union of whole units that do not overlap (one unit, or
// consecutive rows or columns), every digit appears once per unit, so R
// adds up to a known total. The sum cages inside R then leave the other
// cells of R (the innies) a known total; and with the sum cages that
// meet R, the innies less the cells of those cages outside R (the
// outies) are a known difference, as are, on killers of 9×9 and smaller,
// the innies less the outside cell of one cage that has a single cell
// outside R (unless Options.NoSingleOuties). Each such set of at most
// maxDerivedCells cells becomes a constraint: a table of sets when its
// cells are distinct, else a sum pruned by bounds.
func (m *model) derive() {
	l := m.l
	sumCage := make([]bool, len(l.Cages()))
	any, all := false, true
	for k, cg := range l.Cages() {
		sumCage[k] = cg.Op == grid.OpAdd || cg.Op == grid.OpNone
		any = any || sumCage[k]
		all = all && sumCage[k]
	}
	if !any {
		return
	}
	// The single outies (below) pay on 9×9 killers; on KenKen and on the
	// easy 16×16 killers of the fixtures, building them cost more than
	// they saved (see docs/search.md, session 15).
	single := all && l.N <= 9 && !m.opts.NoSingleOuties
	n := l.N
	total := n * (n + 1) / 2
	in := make([]int, l.Cells)            // region number + 1 of the cells of R
	inside := make([]int, len(l.Cages())) // cells of a cage in R
	seen := map[string]bool{}
	var cells []int
	var neg []bool
	var key []byte
	var crossing []int // sum cages with one cell outside R
	r := 0
	visit := func(region []int) {
		r++
		mark := r
		for _, c := range region {
			in[c] = mark
		}
		sum := total * len(region) / n
		clear(inside)
		for _, c := range region {
			if k := l.CellCage(c); k >= 0 && sumCage[k] {
				inside[k]++
			}
		}
		// Innies: R less the sum cages wholly inside.
		innies, inTotal := sum, 0
		cells, neg = cells[:0], neg[:0]
		for _, c := range region {
			k := l.CellCage(c)
			if k >= 0 && sumCage[k] && inside[k] == len(l.Cage(k).Cells) {
				continue
			}
			cells = append(cells, c)
			neg = append(neg, false)
		}
		for k, cg := range l.Cages() {
			if inside[k] > 0 && inside[k] == len(cg.Cells) {
				inTotal += cg.Target
			}
		}
		innies -= inTotal
		nInnies := len(cells)
		if len(cells) > 0 && len(cells) < len(region) && len(cells) <= maxDerivedCells {
			key = m.addDerived(seen, key, cells, neg, innies)
		}
		// Innies less outies: R less every sum cage that meets it, and
		// the cells of those cages outside R.
		diff := sum
		cells, neg = cells[:0], neg[:0]
		outies := false
		for _, c := range region {
			if k := l.CellCage(c); k >= 0 && sumCage[k] {
				continue
			}
			cells = append(cells, c)
			neg = append(neg, false)
		}
		for k, cg := range l.Cages() {
			if inside[k] == 0 {
				continue
			}
			diff -= cg.Target
			for _, c := range cg.Cells {
				if in[c] != mark {
					cells = append(cells, c)
					neg = append(neg, true)
					outies = true
				}
			}
		}
		if outies && len(cells) <= maxDerivedCells {
			key = m.addDerived(seen, key, cells, neg, diff)
		}
		if !single {
			return
		}
		// Single outies: a sum cage with one cell outside R has its cells
		// in R add up to its target less that cell, so the innies less
		// the cage's cells in R, less its cell outside, add up to the
		// innies' total less its target (the "hidden cages" of the
		// Interactive Sudoku Solver's optimizer, here over every region).
		crossing = crossing[:0]
		for _, c := range region {
			k := l.CellCage(c)
			if k >= 0 && sumCage[k] && inside[k] == len(l.Cage(k).Cells)-1 &&
				nInnies-inside[k]+1 <= maxDerivedCells && !slices.Contains(crossing, k) {
				crossing = append(crossing, k)
			}
		}
		slices.Sort(crossing)
		for _, j := range crossing {
			cells, neg = cells[:0], neg[:0]
			for _, c := range region {
				k := l.CellCage(c)
				if k >= 0 && sumCage[k] && (k == j || inside[k] == len(l.Cage(k).Cells)) {
					continue
				}
				cells = append(cells, c)
				neg = append(neg, false)
			}
			for _, c := range l.Cage(j).Cells {
				if in[c] != mark {
					cells = append(cells, c)
					neg = append(neg, true)
				}
			}
			key = m.addDerived(seen, key, cells, neg, innies-l.Cage(j).Target)
		}
	}
	m.eachRegion(visit)
}

// eachRegion visits the unions of whole units that derive and the digit
// counts (see countRegions) work on: every unit, every band of two or
// more consecutive rows or columns short of the board, and the blocks of
// boxes (see deriveBoxBlocks).
func (m *model) eachRegion(visit func(region []int)) {
	l := m.l
	n := l.N
	for u := range l.Units() {
		visit(l.Unit(u).Cells)
	}
	var region []int
	for k := 2; k < n; k++ {
		for first := 0; first+k <= n; first++ {
			region = region[:0]
			for i := first; i < first+k; i++ {
				for j := range n {
					region = append(region, i*n+j)
				}
			}
			visit(region)
			region = region[:0]
			for i := first; i < first+k; i++ {
				for j := range n {
					region = append(region, j*n+i)
				}
			}
			visit(region)
		}
	}
	m.deriveBoxBlocks(visit)
}

// deriveBoxBlocks visits, for a layout of regular boxes, every rectangle
// of two or more boxes that is not already a band of whole rows or
// columns: cages that wind across neighbouring boxes leave innies and
// outies there that no row or column band shows.
func (m *model) deriveBoxBlocks(visit func(region []int)) {
	l := m.l
	br, bc := l.BoxRows, l.BoxCols
	if br == 0 || bc == 0 {
		return
	}
	bands, stacks := l.N/br, l.N/bc
	var region []int
	for r0 := range bands {
		for r1 := r0 + 1; r1 <= bands; r1++ {
			for c0 := range stacks {
				for c1 := c0 + 1; c1 <= stacks; c1++ {
					rows, cols := r1-r0, c1-c0
					if rows*cols < 2 || rows == bands || cols == stacks {
						continue
					}
					region = region[:0]
					for r := r0 * br; r < r1*br; r++ {
						for c := c0 * bc; c < c1*bc; c++ {
							region = append(region, r*l.N+c)
						}
					}
					visit(region)
				}
			}
		}
	}
}

// addDerived adds the derived sum of cells (neg taken negatively) to
// target, unless the same sum is there already; key is scratch space.
func (m *model) addDerived(seen map[string]bool, key []byte, cells []int, neg []bool, target int) []byte {
	l := m.l
	key = key[:0]
	for i, c := range cells {
		sign := byte('+')
		if neg[i] {
			sign = '-'
		}
		key = append(key, sign, byte(c>>8), byte(c))
	}
	key = append(key, byte(target>>8), byte(target))
	if seen[string(key)] {
		return key
	}
	seen[string(key)] = true
	m.derived++
	distinct := true
	for i, a := range cells {
		if neg[i] {
			distinct = false
			break
		}
		for _, b := range cells[:i] {
			if !l.Sees(a, b) {
				distinct = false
				break
			}
		}
	}
	if distinct && !m.opts.NoTables {
		var combos []grid.Digits
		if sumSets(l.N, len(cells), target, 1, 0, &combos) {
			m.add(constraint{kind: conCombos, cage: -1, combos: combos}, cells, nil)
			return key
		}
	}
	m.add(constraint{kind: conSum, cage: -1, target: int32(target)}, cells, neg)
	return key
}

// sets returns the bits of the sets of combos constraint c still
// possible in f.
func (f *frame) sets(c *constraint) []uint64 {
	return f.alive[c.word:c.wordEnd]
}

// digitRange returns the digits lo..hi (clipped to 1..32).
func digitRange(lo, hi int) grid.Digits {
	lo, hi = max(lo, 1), min(hi, 32)
	if lo > hi {
		return 0
	}
	return grid.Digits(uint32((uint64(1)<<hi - 1) &^ (uint64(1)<<(lo-1) - 1)))
}

// propagateConstraint applies constraint id to f; false on a
// contradiction.
func (g *generic) propagateConstraint(f *frame, id int32) bool {
	m := g.m
	c := &m.cons[id]
	cells := m.cells[c.start:c.end]
	switch c.kind {
	case conCombos:
		return g.combos(f, id, cells, c)
	case conTuples:
		if c.with != nil {
			return g.indexedTuples(f, cells, c)
		}
		return g.tuples(f, cells, c.tuples)
	case conSum:
		return g.visitSum(f, id)
	case conReach:
		return g.reach(f, cells, c.reach)
	case conStraight:
		return g.straight(f, c)
	default:
		return g.l.CageFeasible(int(c.cage), f.value, f.cand)
	}
}

// visitSum applies conSum constraint id to f; false on a contradiction.
// The bounds kept with the frame (see frame.bounds) settle most visits
// without the constraint's cells: a sum whose slack on both sides is as
// wide as a cell's widest span (N-1) takes nothing out.
func (g *generic) visitSum(f *frame, id int32) bool {
	m := g.m
	s := m.sumInfo[id]
	lo, hi := unpackBounds(f.bounds[s.place])
	t := s.target
	if t < lo || t > hi {
		return false
	}
	if min(hi-t, t-lo) >= m.span {
		return true
	}
	c := &m.cons[id]
	return g.sum(f, m.cells[c.start:c.end], m.neg[c.start:c.end], int(t), int(lo), int(hi))
}

// sum prunes the cells of a sum by bounds: each cell keeps the digits
// that the least (lo) and the greatest (hi) the other cells can add leave
// room for; lo and hi are the bounds of the whole sum (frame.bounds), placed
// cells included, taken once. Bounds taken before a cell narrowed are
// looser, so pruning the next cells with them is sound; the constraint is
// queued again by the narrowing and tightens on its next visit.
func (g *generic) sum(f *frame, cells []int32, neg []bool, target, lo, hi int) bool {
	for i, cell := range cells {
		c := f.cand[cell]
		if c == 0 {
			// Placed (an empty cell without candidates has nothing to
			// lose).
			continue
		}
		mn, mx := c.Min(), c.Max()
		cmin, cmax := mn, mx
		if neg[i] {
			cmin, cmax = -mx, -mn
		}
		// The others add up to lo-cmin .. hi-cmax.
		vlo, vhi := target-(hi-cmax), target-(lo-cmin)
		if vlo <= cmin && vhi >= cmax {
			continue
		}
		keep := digitRange(vlo, vhi)
		if neg[i] {
			keep = digitRange(-vhi, -vlo)
		}
		if gone := c &^ keep; gone != 0 && !g.remove(f, int(cell), gone) {
			return false
		}
	}
	return true
}

// straight keeps a compartment to the windows of digits still open to it
// (see grid.StraightWindows): its empty cells lose the digits of no open
// window; a digit of every open window (a sure digit) leaves the rest of
// the compartment's row or column, and goes in when one cell alone can
// take it.
func (g *generic) straight(f *frame, c *constraint) bool {
	l := g.l
	cells := l.Unit(int(c.unit)).Cells
	windows := grid.StraightWindows(l.N, cells, f.value, f.cand)
	if windows == 0 {
		return false
	}
	allowed, sure := grid.StraightSpan(windows, len(cells))
	f.sure[c.unit] = sure
	var placed grid.Digits
	for _, cell := range cells {
		if v := f.value[cell]; v != 0 {
			placed |= grid.Bit(int(v))
		} else if gone := f.cand[cell] &^ allowed; gone != 0 && !g.remove(f, cell, gone) {
			return false
		}
	}
	for m := sure &^ placed; m != 0; m &= m - 1 {
		bit := m & -m
		for _, cell := range c.rest {
			if f.cand[cell]&bit != 0 && !g.remove(f, int(cell), bit) {
				return false
			}
		}
		at, places := -1, 0
		for _, cell := range cells {
			if f.value[cell] == 0 && f.cand[cell]&bit != 0 {
				at, places = cell, places+1
			}
		}
		if places == 0 {
			return false
		}
		if places == 1 && f.cand[at] != bit && !g.remove(f, at, f.cand[at]&^bit) {
			return false
		}
	}
	return true
}

// combos keeps distinct cells to the sets of their table still possible (a
// set is out when a digit it has left to place has no cell, an empty cell
// has none of its digits, or it lacks a digit that a unit can place only
// in these cells): the empty cells lose the digits no such set has left
// to place, and a digit that every set needs goes in when one cell alone
// can take it, and out of the rest of every unit holding all its places.
func (g *generic) combos(f *frame, id int32, cells []int32, c *constraint) bool {
	var placed, open grid.Digits
	// The candidates of the empty cells; distinct cells are at most
	// grid.MaxSize.
	var buf [grid.MaxSize]grid.Digits
	k := 0
	for _, cell := range cells {
		if v := f.value[cell]; v != 0 {
			placed |= grid.Bit(int(v))
		} else {
			c := f.cand[cell]
			open |= c
			// (k is below grid.MaxSize, a power of two: the mask spares
			// the bounds check.)
			buf[k&(grid.MaxSize-1)] = c
			k++
		}
	}
	empty := buf[:k]
	// Matching pays on cages: it halves the guesses on the hardest
	// killers (killer9-mathemagic.txt); on derived sums it cut 1 % more
	// for its cost. It waits for the cheaper propagation to be done.
	if len(empty) >= 2 && len(empty) <= maxMatchCells && c.cage >= 0 && !g.m.opts.NoMatching && !g.matching[id] {
		g.matching[id] = true
		g.matches = append(g.matches, id)
	}
	// A set has a digit for each empty cell, all open: a cell with more
	// candidates than the open digits the set leaves out shares one with
	// it. Only the others need checking.
	spare := popcount(open) - len(empty)
	n := 0
	for _, c := range empty {
		if popcount(c) <= spare {
			empty[n] = c
			n++
		}
	}
	narrow := empty[:n]
	alive := f.sets(c)
	allowed, must, ok := keepSets(c.combos, alive, placed, open, 0, narrow)
	if !ok {
		return false
	}
	if maybe := open &^ must; maybe != 0 && len(c.parts) > 0 {
		// Only a digit some sets lack can rule sets out.
		if need := g.needed(f, c.parts, maybe); need != 0 {
			if allowed, must, ok = keepSets(c.combos, alive, placed, open, need, narrow); !ok {
				return false
			}
		}
	}
	if open&^allowed != 0 {
		// Some empty cell has a digit no set still possible leaves to
		// place (open is their candidates').
		for _, cell := range cells {
			// A placed cell has no candidates.
			if gone := f.cand[cell] &^ allowed; gone != 0 && !g.remove(f, int(cell), gone) {
				return false
			}
		}
	}
	return g.placeMust(f, c, cells, must)
}

// match matches the sets of the table of cage constraint id to its
// cells (see matchCombos); false on a contradiction.
func (g *generic) match(f *frame, id int32) bool {
	c := &g.m.cons[id]
	cells := g.m.cells[c.start:c.end]
	var placed, open grid.Digits
	var buf [maxMatchCells]grid.Digits
	k := 0
	for _, cell := range cells {
		if v := f.value[cell]; v != 0 {
			placed |= grid.Bit(int(v))
		} else if k == maxMatchCells {
			// Not queued with so many empty cells.
			return true
		} else {
			open |= f.cand[cell]
			buf[k] = f.cand[cell]
			k++
		}
	}
	if k < 2 {
		return true
	}
	return g.matchCombos(f, id, cells, c, placed, open, buf[:k])
}

// matchCombos is combos for at most maxMatchCells empty cells, with
// candidates empty: a set is out as well when its digits cannot go one
// to a cell (see matchSupport), and each cell keeps the digits it takes
// in some assignment of a set still possible.
func (g *generic) matchCombos(f *frame, id int32, cells []int32, c *constraint, placed, open grid.Digits, empty []grid.Digits) bool {
	var support [maxMatchCells]grid.Digits
	alive := f.sets(c)
	must, ok := g.keepMatchedMemo(id, c, alive, placed, open, 0, empty, support[:len(empty)])
	if !ok {
		return false
	}
	if maybe := open &^ must; maybe != 0 && len(c.parts) > 0 {
		// Only a digit some sets lack can rule sets out.
		if need := g.needed(f, c.parts, maybe); need != 0 {
			clear(support[:])
			if must, ok = g.keepMatchedMemo(id, c, alive, placed, open, need, empty, support[:len(empty)]); !ok {
				return false
			}
		}
	}
	// The cells are read again only when some cell lacks support for a
	// candidate (empty holds their candidates as read).
	cut := false
	for i, cand := range empty {
		if cand&^support[i] != 0 {
			cut = true
			break
		}
	}
	if cut {
		i := 0
		for _, cell := range cells {
			if f.value[cell] != 0 {
				continue
			}
			if gone := f.cand[cell] &^ support[i]; gone != 0 && !g.remove(f, int(cell), gone) {
				return false
			}
			i++
		}
	}
	return g.placeMust(f, c, cells, must)
}

// keepMatched returns the digits that every set of table still possible
// leaves to place (must), and whether any set is: a set holds the placed
// digits, leaves only open digits to place, among them need, and its
// digits left go one to each empty cell (candidates empty). support[i]
// gains the digits cell i takes in such an assignment. As in keepSets,
// only the sets of alive are tried, and those found impossible leave it.
func keepMatched(table []grid.Digits, alive []uint64, placed, open, need grid.Digits, empty, support []grid.Digits, cache *matchCache) (must grid.Digits, ok bool) {
	must = ^grid.Digits(0)
	// covered counts the cells whose support holds all their candidates:
	// once it is all of them, a set is only checked, not matched in full.
	covered := 0
	for w := range alive {
		for x := alive[w]; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			set := table[w*64+i]
			rest := set &^ placed
			// The placed digits in the set, its digits left all open,
			// among them need (one test), and one for each empty cell.
			if placed&^set|rest&^open|need&^rest != 0 || popcount(rest) != len(empty) ||
				!matchCells(empty, rest, support, covered < len(empty), cache) {
				alive[w] &^= 1 << i
				continue
			}
			must &= rest
			ok = true
			if covered < len(empty) {
				covered = 0
				for c, cand := range empty {
					if cand&^support[c] == 0 {
						covered++
					}
				}
			}
		}
	}
	return must, ok
}

// placeMust places each digit of must, which the cells of combos
// constraint c must hold: in the one empty cell that can take it, or out
// of the rest of every unit holding all its places among the cells.
func (g *generic) placeMust(f *frame, c *constraint, cells []int32, must grid.Digits) bool {
	if must == 0 {
		return true
	}
	// The candidates of the cells, none for a filled one; distinct cells
	// are at most grid.MaxSize.
	var buf [grid.MaxSize]grid.Digits
	cand := buf[:len(cells)]
	for i, cell := range cells {
		cand[i] = f.cand[cell] // none for a placed cell
	}
	for m := must; m != 0; m &= m - 1 {
		bit := m & -m
		at, places, where := -1, 0, uint32(0)
		for i, cd := range cand {
			if cd&bit != 0 {
				at, places, where = i, places+1, where|1<<i
			}
		}
		if places == 0 {
			return false
		}
		if places == 1 {
			if cd := cand[at]; cd != bit {
				if !g.remove(f, int(cells[at]), cd&^bit) {
					return false
				}
				cand[at] = bit
			}
			continue
		}
		// Pointing takes the digit from a unit holding all its places
		// among the cells and others: a part's unit. Most digits have
		// none, or no other place there.
		if c.partsOf == nil {
			if !g.pointCombo(f, c, cells, at, places, where, bit) {
				return false
			}
			continue
		}
		d := bits.TrailingZeros32(uint32(bit))
		for p := uint32(c.partsOf[where]); p != 0; p &= p - 1 {
			if int(f.count[c.partUnit[bits.TrailingZeros32(p)]][d]) != places {
				if !g.pointCombo(f, c, cells, at, places, where, bit) {
					return false
				}
				break
			}
		}
	}
	return true
}

// keepSets returns the digits left to place by the sets of table still
// possible (see combos), of any of them (allowed) and of all (must), and
// whether any is: a set holds the placed digits, leaves only open digits
// to place, among them need, and a digit of every cell of narrow. Only
// the sets of alive (a bit per set of table) are tried, and those found
// impossible leave it: candidates only shrink, so they stay impossible
// in this frame and below.
func keepSets(table []grid.Digits, alive []uint64, placed, open, need grid.Digits, narrow []grid.Digits) (allowed, must grid.Digits, ok bool) {
	must = ^grid.Digits(0)
	for w := range alive {
	sets:
		for x := alive[w]; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			set := table[w*64+i]
			rest := set &^ placed
			// The placed digits in the set, its digits left all open,
			// among them need: one test.
			if placed&^set|rest&^open|need&^rest != 0 {
				alive[w] &^= 1 << i
				continue
			}
			for _, c := range narrow {
				if c&rest == 0 {
					alive[w] &^= 1 << i
					continue sets
				}
			}
			allowed |= rest
			must &= rest
			ok = true
		}
	}
	return allowed, must, ok
}

// needed returns the digits of maybe that some unit of parts can place
// only in the empty cells of its part: the cells must hold them.
func (g *generic) needed(f *frame, parts []part, maybe grid.Digits) grid.Digits {
	var need grid.Digits
	nine := g.l.N <= 9
	for _, p := range parts {
		// Only a digit with no more places in the unit than the part has
		// cells can be needed: the cells are read only when the unit has
		// one. On boards of nine digits or fewer the counts are compared
		// eight at a time; on the others, the digits of few places (see
		// frame.few) stand for them.
		var few grid.Digits
		if nine {
			few = maybe & fewerPlaces(&f.count[p.unit], len(p.cells)) &^ f.placed[p.unit]
		} else {
			few = maybe & f.few[p.unit] &^ f.placed[p.unit]
		}
		if few == 0 {
			continue
		}
		// A placed cell has no candidates: the digits the part's cells
		// can take, less those the unit's other cells can.
		var in grid.Digits
		for _, cell := range p.cells {
			in |= f.cand[cell]
		}
		x := in & few
		cells := g.l.Unit(int(p.unit)).Cells
		for r := p.rest; r != 0 && x != 0; r &= r - 1 {
			x &^= f.cand[cells[bits.TrailingZeros32(r)]]
		}
		need |= x
	}
	return need
}

// fewerPlaces returns the digits 1-9 of at most k places by counts (a
// unit's, see frame.count; k at most 9): each count of digits 1-8, a
// byte, plus 127-k has its high bit clear when it is at most k.
func fewerPlaces(counts *[32]uint8, k int) grid.Digits {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	sum := binary.LittleEndian.Uint64(counts[:8]) + uint64(127-k)*ones
	// The high bits clear, gathered to bit i for byte i.
	low := grid.Digits((^sum & highs >> 7) * 0x0102040810204080 >> 56)
	if int(counts[8]) <= k {
		low |= 1 << 8
	}
	return low
}

// pointCombo takes digit bit, which cells must hold, from the rest of
// every unit holding all the places of the digit among the cells (where
// has a bit for each of them by its index in cells, at the last, places
// their number): the digit sits in the cells, so nowhere else in such a
// unit.
func (g *generic) pointCombo(f *frame, c *constraint, cells []int32, at, places int, where uint32, bit grid.Digits) bool {
	d := bits.TrailingZeros32(uint32(bit))
	within := c.within[at]
	for k, u := range g.m.counted[cells[at]] {
		if int(f.count[u][d]) == places || where&^within[k] != 0 {
			// The unit has no other place for the digit, or the cells
			// have one outside it.
			continue
		}
		// The unit's other cells, in order (a placed cell has no
		// candidates).
		unit := g.l.Unit(u).Cells
		for r := c.outside[at][k]; r != 0; r &= r - 1 {
			if cell := unit[bits.TrailingZeros32(r)]; f.cand[cell]&bit != 0 && !g.remove(f, cell, bit) {
				return false
			}
		}
	}
	return true
}

// tuples keeps the cells of a cage to the digits they take in the
// fillings of its table still possible.
func (g *generic) tuples(f *frame, cells []int32, tuples []uint8) bool {
	k := len(cells)
	var support [maxTupleCells]grid.Digits
	possible := false
next:
	for t := 0; t < len(tuples); t += k {
		tuple := tuples[t : t+k]
		for i, d := range tuple {
			cell := cells[i]
			if v := f.value[cell]; v != 0 && v != d || v == 0 && f.cand[cell]&grid.Bit(int(d)) == 0 {
				continue next
			}
		}
		possible = true
		for i, d := range tuple {
			support[i] |= grid.Bit(int(d))
		}
	}
	return possible && g.keepSupported(f, cells, support[:k])
}

// keepSupported removes from each open cell of cells the candidates
// outside support[i], the digits its constraint still lets it take;
// false on a contradiction.
func (g *generic) keepSupported(f *frame, cells []int32, support []grid.Digits) bool {
	for i, cell := range cells {
		if f.value[cell] != 0 {
			continue
		}
		if gone := f.cand[cell] &^ support[i]; gone != 0 && !g.remove(f, int(cell), gone) {
			return false
		}
	}
	return true
}

// cellDomains sets domains[i] to the digits cell cells[i] may hold in f:
// its value when placed, else its candidates.
func cellDomains(f *frame, cells []int32, domains []grid.Digits) {
	for i, cell := range cells {
		domains[i] = f.cand[cell]
		if v := f.value[cell]; v != 0 {
			domains[i] = grid.Bit(int(v))
		}
	}
}

// locked looks for locked candidates between the boxes and the lines of
// a board with regular boxes. A segment is the cells a box shares with a
// row (or a column). A digit of a segment found nowhere else in its box
// must go in the segment, so it leaves the rest of the line (pointing);
// one found nowhere else in its line leaves the rest of the box
// (claiming). Segments are summed once per pass, in one sweep of the
// board; a candidate removed during the pass leaves them larger than they
// are, which hides some eliminations but never makes a wrong one (a
// digit gone from a segment that was its box's or line's last place has
// already failed the unit's count). It reports whether any candidate
// went, and false on a contradiction.
func (g *generic) locked(f *frame) (changed, ok bool) {
	l := g.l
	n, br, bc := l.N, l.BoxRows, l.BoxCols
	stacks, bands := n/bc, n/br
	rows, cols := g.seg[:n*stacks], g.seg[n*stacks:n*stacks+n*bands]
	// byBand[b*n+j] is the segment of column j in band b, gathered row by
	// row in the order of the cells, then laid out column by column.
	byBand := g.seg[n*stacks+n*bands : n*stacks+2*n*bands]
	clear(byBand)
	for r := range n {
		cand := f.cand[r*n : r*n+n]
		col := byBand[r/br*n : r/br*n+n]
		col = col[:len(cand)]
		for j, c := range cand {
			col[j] |= c
		}
		for s := range stacks {
			var d grid.Digits
			for _, c := range cand[s*bc : s*bc+bc] {
				d |= c
			}
			rows[r*stacks+s] = d
		}
	}
	for b := range bands {
		for j, d := range byBand[b*n : b*n+n] {
			cols[j*bands+b] = d
		}
	}
	if changed, ok = g.lockedLines(f, rows, n, br, bc, n, 1); !ok {
		return changed, false
	}
	// Columns are the lines of the transposed board: position j of
	// column i is cell j*n + i, and a box spans bc columns of br cells.
	gone, ok := g.lockedLines(f, cols, n, bc, br, 1, n)
	return changed || gone, ok
}

// pairs looks for naked and hidden pairs in the units changed since it
// last ran (see generic.changed), on boards with locked candidates: two
// cells of a unit left with the same two digits take them from the rest
// of the unit (naked), and two digits with the same two places in a unit
// leave those cells no other digit (hidden). It reports whether any
// candidate went, and false on a contradiction.
func (g *generic) pairs(f *frame) (changed, ok bool) {
	l := g.l
	var buf [grid.MaxSize]int
	for len(g.changed) > 0 {
		u := g.changed[len(g.changed)-1]
		g.changed = g.changed[:len(g.changed)-1]
		kinds := g.inChanged[u]
		g.inChanged[u] = 0
		cells := l.Unit(int(u)).Cells
		// Naked pairs among the cells with two candidates.
		two := buf[:0]
		if kinds&nakedPairs != 0 {
			for x := f.pairs[u]; x != 0; x &= x - 1 {
				i := bits.TrailingZeros32(x)
				cell := cells[i]
				if hasTwo(f.cand[cell]) {
					two = append(two, cell)
				} else {
					// Placed, or left with one candidate.
					f.pairs[u] &^= 1 << i
				}
			}
		}
		for i, a := range two {
			c := f.cand[a]
			for _, b := range two[i+1:] {
				if f.cand[b] != c || f.cand[a] != c {
					continue
				}
				for _, o := range cells {
					if o != a && o != b && f.cand[o]&c != 0 {
						if !g.remove(f, o, f.cand[o]&c) {
							return changed, false
						}
						changed = true
					}
				}
			}
		}
		// Hidden pairs among the digits with two places.
		if kinds&hiddenPairs == 0 {
			continue
		}
		counts := &f.count[u]
		var twice grid.Digits
		for x := f.few[u] &^ f.placed[u]; x != 0; x &= x - 1 {
			if d := bits.TrailingZeros32(uint32(x)) & 31; counts[d] == 2 {
				twice |= 1 << d
			}
		}
		if popcount(twice) < 2 {
			continue
		}
		// The two places of each such digit, by position in the unit.
		var first, second [32]int8
		for i, cell := range cells {
			for x := f.cand[cell] & twice; x != 0; x &= x - 1 {
				d := bits.TrailingZeros32(uint32(x)) & 31
				if first[d] == 0 {
					first[d] = int8(i + 1)
				} else {
					second[d] = int8(i + 1)
				}
			}
		}
		for x := twice; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(uint32(x)) & 31
			for y := x & (x - 1); y != 0; y &= y - 1 {
				e := bits.TrailingZeros32(uint32(y)) & 31
				if first[d] != first[e] || second[d] != second[e] {
					continue
				}
				both := grid.Digits(1)<<d | grid.Digits(1)<<e
				for _, i := range [2]int8{first[d], second[d]} {
					cell := cells[i-1]
					if gone := f.cand[cell] &^ both; gone != 0 {
						if !g.remove(f, cell, gone) {
							return changed, false
						}
						changed = true
					}
				}
			}
		}
	}
	return changed, true
}

// lockedLines runs locked candidates on the lines of one direction: the
// cell at line i, position j is i*is + j*js; boxes are br lines by bc
// positions, and seg[i*(n/bc)+s] is the segment of line i in box column
// s.
func (g *generic) lockedLines(f *frame, seg []grid.Digits, n, br, bc, is, js int) (changed, ok bool) {
	stacks := n / bc
	// boxTwice[b*stacks+s] holds the digits found in two or more segments
	// of box (b, s): a digit of a segment outside it is nowhere else in
	// the box.
	boxTwice := g.twice[:n]
	for b := range n / br {
		for s := range stacks {
			var once, twice grid.Digits
			for i := b * br; i < (b+1)*br; i++ {
				y := seg[i*stacks+s]
				twice |= once & y
				once |= y
			}
			boxTwice[b*stacks+s] = twice
		}
	}
	for i := range n {
		band := i / br * br
		line := seg[i*stacks : i*stacks+stacks]
		var once, lineTwice grid.Digits
		for _, y := range line {
			lineTwice |= once & y
			once |= y
		}
		for s, x := range line {
			if x == 0 {
				continue
			}
			// The digits of the segment found nowhere else in its box,
			// and nowhere else in its line.
			onlyBox, onlyLine := x&^boxTwice[i/br*stacks+s], x&^lineTwice
			if p := onlyBox &^ onlyLine; p != 0 {
				// Pointing: out of the line beyond the box.
				for j := range n {
					if j/bc == s {
						continue
					}
					cell := i*is + j*js
					if gone := f.cand[cell] & p; gone != 0 {
						if !g.remove(f, cell, gone) {
							return changed, false
						}
						changed = true
					}
				}
			}
			if q := onlyLine &^ onlyBox; q != 0 {
				// Claiming: out of the box beyond the line.
				for i2 := band; i2 < band+br; i2++ {
					if i2 == i {
						continue
					}
					for j := s * bc; j < (s+1)*bc; j++ {
						cell := i2*is + j*js
						if gone := f.cand[cell] & q; gone != 0 {
							if !g.remove(f, cell, gone) {
								return changed, false
							}
							changed = true
						}
					}
				}
			}
		}
	}
	return changed, true
}

// hasTwo reports whether d holds exactly two digits.
func hasTwo(d grid.Digits) bool {
	rest := d & (d - 1) // d less its lowest digit
	return rest != 0 && rest&(rest-1) == 0
}

// popcount returns the number of digits of d.
func popcount(d grid.Digits) int { return bits.OnesCount32(uint32(d)) }

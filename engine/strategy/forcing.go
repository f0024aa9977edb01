package strategy

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The techniques of ForcingChain and ForcingNet.
var (
	forcingChainContradiction = &Technique{name: "Forcing Chain Contradiction", code: "1301", level: Extreme, score: 500, se: 80, seChain: true}
	forcingChainVerity        = &Technique{name: "Forcing Chain Verity", code: "1302", level: Extreme, score: 500, se: 80, seChain: true}
	forcingNetContradiction   = &Technique{name: "Forcing Net Contradiction", code: "1303", level: Extreme, score: 700, se: 85, seChain: true}
	forcingNetVerity          = &Technique{name: "Forcing Net Verity", code: "1304", level: Extreme, score: 700, se: 85, seChain: true}
)

var forcingChain = &Strategy{
	name: "Forcing Chain", class: Elimination,
	technique:  forcingChainContradiction,
	techniques: []*Technique{forcingChainContradiction, forcingChainVerity},
	explain:    explainForcing,
	describe:   describeForcing,
	find:       findForcingChains,
}

// ForcingChain (r) assumes a candidate true, or false, and follows what
// that implies one link at a time: a true candidate makes its peers' copies
// and its cell's other digits false (weak links); a false candidate makes
// the other candidate of a bivalue cell, or the other place of a digit with
// two places in a unit, true (strong links). Contradiction: an assumption
// that implies a candidate both true and false is false. Verity: when every
// candidate of a cell, every place of a digit in a unit, or a candidate
// both true and false imply the same conclusion, it holds. The step
// reported is the shortest (the least sum of its branches' lengths), its
// implication tree drawn in Nodes, Links and Marks; a search on a large,
// open board stops at a work budget with the best found by then.
func ForcingChain() *Strategy { return forcingChain }

var forcingNet = &Strategy{
	name: "Forcing Net", class: Elimination, str8ts: AlsoOnStr8ts,
	technique:  forcingNetContradiction,
	techniques: []*Technique{forcingNetContradiction, forcingNetVerity, cageForcingNet},
	explain:    explainForcing,
	describe:   describeForcing,
	find:       findForcingNets,
}

// ForcingNet (s) is ForcingChain whose implications may also have several
// premises: a cell left with one candidate, or a digit left with one place
// in a unit, by what the assumption has made false so far, holds it; and
// a cell or a digit in a unit left with none is a contradiction. On boards
// with cages or Str8ts compartments the net also follows their rules: a
// digit no remaining filling of a cage puts in a cell (combinations, sum
// bounds, KenKen targets) is false there, and a cage without a filling is
// a contradiction; a digit outside every straight still open to a
// compartment is false in it, a digit every such straight holds with one
// place left in the compartment is true there, and a compartment with no
// straight left is a contradiction. On killers it also follows the rule of
// 45 (forcingsums.go), and branches on the remaining combinations of a
// cage (Cage Forcing Net, forcingcages.go).
func ForcingNet() *Strategy { return forcingNet }

func findForcingChains(b *grid.Board, sink *Sink) { findForcing(b, sink, false) }
func findForcingNets(b *grid.Board, sink *Sink)   { findForcing(b, sink, true) }

// A candidate is numbered (digit-1)*plane + cell: each digit has a plane
// of bits, one per cell, in as few 64-bit words as the cells need, so
// that the peers of a cell holding a digit are a few words of a bitset
// (10 words on a 25×25, where a power of two of bits would take 16). A literal
// is a candidate shifted left once, with the low bit set for "the
// candidate is true" and clear for "it is false".
//
// The predecessor of an implied literal is the literal it follows from, or
// one of these for the premise and for implications of several premises.
const (
	predPremise    int32 = -1 // the premise itself
	predCellSingle int32 = -2 // the cell's other candidates are false
	// predUnitSingle - u: the digit's other places in unit u are false.
	predUnitSingle int32 = -3
	// predRule - r: the rule of cage r (r < len(Layout.Cages)), of
	// compartment unit r - len(Layout.Cages), or of sum group r - sumBase
	// (forcingsums.go), given the candidates of its cells made false
	// before; or the contradiction of partial unit r - len(Layout.Cages)
	// (see applyDistinct).
	predRule int32 = -1 << 24
)

// The kinds of contradiction a closure can reach.
const (
	badNone    uint8 = iota
	badLiteral       // a literal implied both true and false
	badCell          // every candidate of a cell implied false
	badUnit          // every place of a digit in a unit implied false
	badRule          // a cage without a filling, a compartment without a straight
)

// The forms of a forcing step.
const (
	formContradiction uint8 = iota // the premise implies a contradiction
	formDigit                      // a candidate true and false imply the same
	formCell                       // every candidate of a cell implies the same
	formUnit                       // every place of a digit in a unit implies the same
	formCage                       // every remaining combination of a cage implies the same (forcingcages.go)
)

// workBudget bounds the implications one search may follow on a 9×9
// board (a few milliseconds' worth): on large, open boards, where a search
// could take seconds at every step, it stops there with the best step
// found so far, if any. A 9×9 search follows at most a few tens of
// thousands. Larger boards get it scaled (see budgetFor).
const workBudget = 1 << 18

// maxBudgetScale bounds the scaling of workBudget with the board: 3 times
// on 16×16, 7 on 25×25, 8 above. Each implication of a larger board costs
// more (its closures clear and scan planes of more words), and one pass
// over the premises of an open 25×25 needs about 7 times a 9×9's budget
// to reach its last cells: x25.txt's second puzzle, stuck with the 9×9
// budget, is finished by logic with it.
const maxBudgetScale = 8

// budgetFor returns the work budget of a search on layout l: workBudget
// times the board's cells over 81, from 1 to maxBudgetScale, so that the
// search reaches as far into the premises of a large board as of a 9×9.
func budgetFor(l *grid.Layout) int {
	return workBudget * min(max(l.Cells/81, 1), maxBudgetScale)
}

// storeBudget bounds, in 64-bit words, the table of every candidate's
// "true" closure kept for the verity forms; boards with more candidates
// recompute them. The table has a slot per candidate of the board, not per
// candidate number: a 25×25 board's numbers span 25,600 candidates, of
// which a few thousand are left once its solve is under way.
const storeBudget = 1 << 21

// implications is the closure of one premise: what it implies, each
// implied literal with the one it follows from and its distance from the
// premise.
type implications struct {
	on, off []uint64 // candidates implied true, false
	pred    []int32  // by literal
	depth   []int32  // by literal
	queue   []int32  // the implied literals to follow, in the order found
	// leaves, for forcing chains, are the candidates whose being false
	// implies nothing: they are implied but never queued.
	leaves []uint64
	alive  []grid.Digits
	// rem holds, by unit and digit (unit*N + digit-1), the places of the
	// digit in the unit not followed false: their count (remCount) and
	// the exclusive or of their positions in the unit's cells, shifted
	// by remPosShift, so that the last place is known when one is left.
	rem   []uint16
	bad   uint8 // the contradiction reached, if any
	badAt int32 // badLiteral: the literal; badCell: the cell; badUnit: unit*N + digit-1; badRule: the rule (see predRule)
	// bare is set, by its user, for a closure of a net without rules
	// whose predecessors and depths nothing reads (nestedOrder's sizes,
	// the lemma trials of a nested search, a Forcing Net pass): followNet
	// then leaves pred and depth as they were, unless the closure is cut
	// at a depth limit (see forcing.bareAt).
	bare bool
	// support[k] is, when seen[k] == gen, what the fillings of group k
	// (forcing.groups) allowed each of its cells when the closure last
	// followed it: a digit it did not allow a cell leaves the fillings
	// as they were when it leaves the cell.
	gen     uint32
	seen    []uint32
	support [][grid.MaxGroupCells]grid.Digits
	// comp[u] is, when comp[u].gen == gen, what compartment u's rule
	// found when the closure last followed it (str8tsnets.go).
	comp []compState
	// b16, on a board of side 16, holds on, off, alive and rem, which
	// view it (followBare16); b25 does on a board of side 25
	// (followBare25).
	b16 *bare16
	b25 *bare25
	// kept is set when a pass took the closure from passNets: its on and
	// off are set, nothing else (see closePass).
	kept bool
}

// The packing of implications.rem: a count of places in the low bits,
// the exclusive or of their positions in the unit above them (a unit has
// at most grid.MaxSize cells, so 6 bits each).
const (
	remPosShift        = 6
	remCount    uint16 = 1<<remPosShift - 1
	// remSettled is the count followNet gives a unit's digit once it
	// has followed a place of it true: no place of the digit in the unit
	// can then be followed false but the others (the one true is never
	// queued false), so the count could only end on it, and setting it
	// at remCount, more than a unit's places (grid.MaxSize) above two,
	// spares following that. The positions above the count are then
	// not read.
	remSettled = remCount
)

// unitRef is a unit of a cell as the closures count it: the unit's first
// index in implications.rem (unit*N), the unit, and the cell's position
// among the unit's cells, shifted as in implications.rem.
type unitRef struct {
	base int32
	unit uint16
	pos  uint16
}

// forcingFind is a step found, to rebuild once chosen.
type forcingFind struct {
	form    uint8
	premise int32 // contradiction: the premise literal; digit: the candidate; cell: the cell; unit: unit*N + digit-1
	concl   int32 // the literal proven
	cost    int32 // the sum of the branches' lengths
	limit   int32 // the depth limit the closures had
}

// better reports whether fd is shorter than g, or as long and a
// contradiction where g is a verity.
func (fd forcingFind) better(g forcingFind) bool {
	return fd.cost < g.cost || fd.cost == g.cost && fd.form == formContradiction && g.form != formContradiction
}

// forcing is the working state of one search, kept in a pool.
type forcing struct {
	b               *grid.Board
	l               *grid.Layout
	n, cands, words int
	plane           int    // bits of a digit's plane: cw*64
	magic           uint64 // 2^32/plane rounded up: a candidate's digit is c*magic>>32 (see split)
	// closeWork is the work a closure counts besides its implications:
	// an eighth of the words of planes of a power of two of bits, which
	// the budgets were set with (planes of fewer words on a 25×25 must not
	// let its searches try more premises: 25x25-published line 1 then
	// took 7.0 s of CPU instead of 4.0).
	closeWork        int
	cw               int          // words of a digit's plane
	peers            []uint64     // the peers of each cell, a plane each
	unitPlanes       []uint64     // the cells of each unit, a plane each
	candPlanes       []uint64     // the board's candidates
	layout           *grid.Layout // the layout of peers
	net, all, stored bool
	limit            int32
	work             int          // implications followed in this search
	budget           int          // the most work of a search (budgetFor)
	a, f, c          implications // premise true, premise false, scratch
	store            []uint64     // on and off of every candidate's "true" closure, by slot
	slot             []int32      // by candidate: its slot in store
	acc              []uint64
	accAt            []int32 // the words of acc in use (see verity)
	costs            []int32 // by literal
	list             []int32
	best             forcingFind
	found            []forcingFind
	bestAt           []int32 // by literal: the index in found of its best step, or -1
	mark             []uint32
	nodeOf           []int32
	gen              uint32
	stack            []int32
	visited          []int32
	// strong[strongAt[c]:strongAt[c+1]] are the candidates strongly
	// linked to candidate c (forcing chains only): the other candidate of
	// its bivalue cell, the other place of its digit in a unit.
	strongAt []int32
	strong   []int32
	leaves   []uint64 // candidates without strong links
	sink     *Sink    // the sink of the search, polled for cancellation
	// polls counts the calls of spent, which polls sink at the first
	// of a search and every spentPoll-th after; cancelled is the sink
	// it found cancelled (so that every call after says so).
	polls     uint32
	cancelled *Sink
	// rules is set, for nets, when the layout has cages or compartments:
	// cellUnits then lists each cell's complete units (those the unit
	// rules apply to), cellComp each cell's compartments (across and
	// down, in either order; -1 for none), cellPartial each cell's other
	// partial units (Str8ts rows, columns and boxes; see applyDistinct),
	// and groups the loaded cages (a cage too large to enumerate has
	// Len 0). scratch is a board whose candidates are a closure's.
	rules       bool
	rulesFor    *grid.Layout // the layout of cellUnits, cellComp and groups
	cellUnits   [][]int
	cellComp    [][2]int
	cellPartial [][]int
	// compOut lists, by unit, the cells of a compartment's row or column
	// outside it, in order along the line; compWin and compPlaced are, by
	// unit, the windows open to a compartment on the board and the digits
	// placed in it (str8tsnets.go).
	compOut    [][]int
	compWin    []grid.Digits
	compPlaced []grid.Digits
	groups     []grid.Group
	tables     []groupTable    // by group: how its fillings are found (cagetables.go)
	memo       []memoEntry     // what groups' fillings allowed, by group and options (cagetables.go)
	wideMemo   []wideMemoEntry // the same for groups of more than memoCells cells
	fills      grid.Fills
	scratch    grid.Board
	// cageFills remembers what the fillings of a cage of rulesFor allow
	// for the options of its cells: closures reach the same few states of
	// a cage over and over, within a search and from one step to the next.
	cageFills map[cageState]cageAllows
	// sums are, on killer layouts, the sum groups (forcingsums.go): the
	// virtual cages loaded into groups after the cages, sum group v being
	// rule sumBase+v (see predRule); cellSums lists each cell's.
	sums     []*virtualCage
	cellSums [][]int32
	sumBase  int
	// cellGroups lists the groups of each cell of rulesFor (refGroups);
	// compRules is whether any of its cells has a compartment or a
	// partial unit, whose rules applyRules then follows too.
	cellGroups [][]groupRef
	compRules  bool
	// ruleNodes are the cage and compartment nodes of the step being
	// reported, appended after its candidate nodes (whose marks are in
	// step with them); links to rule node i have the index -1-i until
	// then. ruleAt keys them by rule and depth within one branch, and
	// ruleCand holds the candidates a rule node's premises leave.
	ruleNodes []Node
	ruleAt    []ruleUse
	ruleCand  []grid.Digits
	// combos and premises are a cage forcing net's combinations and one
	// combination's premises (forcingcages.go).
	combos   []grid.Digits
	premises []int32
	// verityCombos keeps each cage's combinations of rulesFor as
	// cageVerity last listed them (forcingcages.go).
	verityCombos []verityCombo
	// nested is the state of a nested forcing net search
	// (nestedforcing.go).
	nested nestedState
	// nets keeps the closures of a Forcing Net pass for the next.
	nets passNets

	// baseUnits is implications.rem of the board.
	baseUnits []uint16
	// unitRefs[unitRefAt[cell]:unitRefAt[cell+1]] are the units of cell
	// (Layout.CellUnit), fullRefs[fullRefAt[cell]:fullRefAt[cell+1]] its
	// complete ones (those the unit rules of nets with cage or
	// compartment rules apply to), in the same order; unitCells holds
	// the cells of unit u from u*N on.
	unitRefs, fullRefs   []unitRef
	unitRefAt, fullRefAt []int32
	unitCells            []int32
	// cellRefs[cell] is unitRefs[unitRefAt[cell]:unitRefAt[cell+1]],
	// sliced once: followNet reads it for every literal.
	cellRefs [][]unitRef
	// t16 holds the tables of followBare16 on a layout it takes, t25
	// those of followBare25.
	t16 *tables16
	t25 *tables25

	// listed are the fillings of the small sum groups on the board,
	// listed for the search or kept from an earlier one on the same
	// options (forcingfills.go), of the groups of listedFor; listGen
	// numbers the searches.
	listed    []listedFills
	listedFor *grid.Layout
	listGen   uint32
}

// ruleUse is a rule node of a branch: the rule followed at a depth.
type ruleUse struct {
	rule, depth int32
	node        int // in ruleNodes
}

// cageState is a cage (its index in Layout.Cages) and its cells' options:
// a placed cell's digit, or an open cell's candidates. The fillings of a
// cage depend on nothing else.
type cageState struct {
	cage int
	opts [grid.MaxGroupCells]grid.Digits
}

// cageAllows is what the fillings of a cage in some state allow.
type cageAllows struct {
	support [grid.MaxGroupCells]grid.Digits // by cell, as grid.Fills
	none    bool                            // no filling: a contradiction
	ok      bool                            // grid.Fills.OK
}

// maxCageFills bounds the states cageFills keeps (about 100 bytes each);
// past it the memo starts afresh.
const maxCageFills = 1 << 14

var forcingPool = sync.Pool{New: func() any { return new(forcing) }}

func findForcing(b *grid.Board, sink *Sink, net bool) {
	f := forcingPool.Get().(*forcing)
	defer forcingPool.Put(f)
	f.sink, f.polls = sink, 0
	defer func() { f.sink, f.cancelled = nil, nil }() // the pool keeps no sink
	f.setup(b, net, sink.All)
	f.limit = math.MaxInt32
	if f.all {
		// The step first-step mode takes, found as it finds it: the full
		// search's closures are not cut, so its budget may end it before
		// it reaches that step's premise (on killers, whose sum groups make
		// closures costly). Find-all mode lists it with the rest.
		f.all, f.best.cost = false, 0
		f.pass()
		first := f.best
		f.all, f.limit = true, math.MaxInt32
		f.pass()
		if first.cost > 0 {
			f.consider(first.form, first.premise, first.concl, first.cost, first.limit)
		}
		slices.SortStableFunc(f.found, func(x, y forcingFind) int { return int(x.cost - y.cost) })
		for _, fd := range f.found {
			if sink.Done() {
				break // as many as wanted (Sink.Limit)
			}
			f.report(sink, fd)
		}
		for _, fd := range f.found {
			f.bestAt[fd.concl] = -1
		}
		f.found = f.found[:0]
		f.b, f.l = nil, nil
		return
	}
	// One pass over every premise. The length of a step is the sum of
	// its branches' depths, so once a step is found the closures after
	// it are cut at its length: a shorter step lies within. (Iterative
	// deepening, which would cut them from the start, costs more: a pass
	// cut at depth L proves a step shortest only when its length is at
	// most L, and few are.)
	f.best.cost = 0
	f.pass()
	if f.best.cost > 0 {
		f.report(sink, f.best)
	}
	f.b, f.l = nil, nil
}

// redrawForcingStep adds to sink the forcing chain or net step st drawn
// on b (see Redraw): its premises closed again within the depth they
// had, and the step reported from them.
func redrawForcingStep(b *grid.Board, st *Step, sink *Sink) {
	f := forcingPool.Get().(*forcing)
	defer forcingPool.Put(f)
	f.sink, f.polls, f.work = sink, 0, 0
	defer func() { f.sink, f.cancelled, f.b, f.l = nil, nil, nil, nil }()
	f.setup(b, st.redraw == redrawForcingNet, false)
	fd := st.forcing
	f.limit = fd.limit
	if fd.form == formContradiction && !f.close(&f.c, fd.premise) {
		return
	}
	n := len(sink.steps)
	if !f.report(sink, fd) {
		sink.steps = sink.steps[:n]
	}
}

// setup sizes the state for b's layout.
func (f *forcing) setup(b *grid.Board, net, all bool) {
	l := b.Layout()
	f.b, f.l, f.net, f.all = b, l, net, all
	f.budget = budgetFor(l)
	n := l.N
	cw := (l.Cells + 63) / 64
	cands := n * cw * 64
	if f.n != n || f.cands != cands || len(f.baseUnits) != len(l.Units())*n {
		f.n, f.cands, f.cw, f.plane = n, cands, cw, cw*64
		f.magic = (1<<32 + uint64(f.plane) - 1) / uint64(f.plane)
		f.closeWork = n << max(6, bits.Len(uint(l.Cells-1))) / 64 / 8
		f.words = n * f.cw
		lits := 2 * cands
		f.peers = make([]uint64, l.Cells*f.cw)
		f.unitPlanes = make([]uint64, len(l.Units())*f.cw)
		f.candPlanes = make([]uint64, f.words)
		f.layout = nil
		f.a.init(f.words, lits, l.Cells, len(l.Units())*n)
		f.f.init(f.words, lits, l.Cells, len(l.Units())*n)
		f.c.init(f.words, lits, l.Cells, len(l.Units())*n)
		f.baseUnits = make([]uint16, len(l.Units())*n)
		f.unitCells = make([]int32, len(l.Units())*n)
		f.slot = make([]int32, cands)
		f.store = nil
		f.acc = make([]uint64, 2*f.words)
		f.costs = make([]int32, lits)
		f.bestAt = make([]int32, lits)
		for i := range f.bestAt {
			f.bestAt[i] = -1
		}
		f.mark = make([]uint32, lits)
		f.nodeOf = make([]int32, lits)
		f.gen = 0
	}
	if f.layout != l {
		f.layout = l
		clear(f.peers)
		for cell := range l.Cells {
			for _, p := range l.Peers(cell) {
				f.peers[cell*f.cw+p>>6] |= 1 << (p & 63)
			}
		}
		clear(f.unitPlanes)
		for u := range l.Units() {
			for _, p := range l.Unit(u).Cells {
				f.unitPlanes[u*f.cw+p>>6] |= 1 << (p & 63)
			}
		}
		f.refUnits(l)
		f.ready16(l)
		f.ready25(l)
	}
	clear(f.candPlanes)
	for cell, ds := range b.Candidates() {
		for ; ds != 0; ds &= ds - 1 {
			c := f.cand(cell, bits.TrailingZeros32(uint32(ds)))
			f.candPlanes[c>>6] |= 1 << (c & 63)
		}
	}
	if f.t16 != nil {
		copy(f.t16.cands[:], f.candPlanes)
	}
	if f.t25 != nil {
		copy(f.t25.cands[:], f.candPlanes)
	}
	f.slotStore()
	for u := range l.Units() {
		packed := f.baseUnits[u*n : u*n+n]
		clear(packed)
		for pos, cell := range l.Unit(u).Cells {
			for ds := b.Cands(cell); ds != 0; ds &= ds - 1 {
				di := bits.TrailingZeros32(uint32(ds))
				packed[di] = (packed[di] + 1) ^ uint16(pos)<<remPosShift
			}
		}
	}
	f.setupRules(l, net)
	if f.rules {
		f.resetFills()
		f.boardWindows()
	}
	if !net {
		f.linkStrong()
	}
}

// refUnits lists the units of each cell of layout l for the closures
// (unitRefs, fullRefs, unitCells).
func (f *forcing) refUnits(l *grid.Layout) {
	n := l.N
	f.unitRefs, f.fullRefs = f.unitRefs[:0], f.fullRefs[:0]
	f.unitRefAt = append(f.unitRefAt[:0], 0)
	f.fullRefAt = append(f.fullRefAt[:0], 0)
	for cell := range l.Cells {
		for _, u := range l.CellUnit(cell) {
			unit := l.Unit(u)
			ref := unitRef{base: int32(u * n), unit: uint16(u), pos: uint16(slices.Index(unit.Cells, cell)) << remPosShift}
			f.unitRefs = append(f.unitRefs, ref)
			if !unit.Partial {
				f.fullRefs = append(f.fullRefs, ref)
			}
		}
		f.unitRefAt = append(f.unitRefAt, int32(len(f.unitRefs)))
		f.fullRefAt = append(f.fullRefAt, int32(len(f.fullRefs)))
	}
	f.cellRefs = slices.Grow(f.cellRefs[:0], l.Cells)[:l.Cells]
	for cell := range f.cellRefs {
		f.cellRefs[cell] = f.unitRefs[f.unitRefAt[cell]:f.unitRefAt[cell+1]]
	}
	for u := range l.Units() {
		for pos, cell := range l.Unit(u).Cells {
			f.unitCells[u*n+pos] = int32(cell)
		}
	}
}

// slotStore numbers the board's candidates in f.slot and sizes f.store
// for their closures, when these fit in storeBudget (f.stored).
func (f *forcing) slotStore() {
	count := 0
	for _, ds := range f.b.Candidates() {
		count += ds.Count()
	}
	need := count * 2 * f.words
	f.stored = need <= storeBudget
	if !f.stored {
		return
	}
	if len(f.store) < need {
		f.store = make([]uint64, need)
	}
	k := int32(0)
	for cell, ds := range f.b.Candidates() {
		for ; ds != 0; ds &= ds - 1 {
			f.slot[f.cand(cell, bits.TrailingZeros32(uint32(ds)))] = k
			k++
		}
	}
}

// setupRules readies the cage and compartment rules of nets (forcing.go's
// rules fields) for layout l; a classic layout has none.
func (f *forcing) setupRules(l *grid.Layout, net bool) {
	f.rules = false
	f.scratch.SetView(f.b, nil)
	if !net {
		// Chains follow no rules. What the nets keep for rulesFor (the
		// groups and their memos) stays for the next net: a forcing chain
		// search runs between two net searches at every step.
		return
	}
	if f.rulesFor == l {
		f.rules = f.cellComp != nil
		return
	}
	f.rulesFor = l
	f.verityCombos = f.verityCombos[:0] // kept for another layout
	partial := false
	for u := range l.Units() {
		partial = partial || l.Unit(u).Partial
	}
	if len(l.Cages()) == 0 && !partial {
		f.cellUnits, f.cellComp, f.cellPartial, f.groups, f.tables, f.sums, f.cellSums = nil, nil, nil, nil, nil, nil, nil
		f.compOut, f.cellGroups = nil, nil
		f.rulesFor = nil
		return
	}
	f.rules = true
	f.cellUnits = make([][]int, l.Cells)
	f.cellComp = make([][2]int, l.Cells)
	f.cellPartial = make([][]int, l.Cells)
	for cell := range f.cellComp {
		f.cellComp[cell] = [2]int{-1, -1}
		k := 0
		for _, u := range l.CellUnit(cell) {
			switch {
			case !l.Unit(u).Partial:
				f.cellUnits[cell] = append(f.cellUnits[cell], u)
			case l.Unit(u).Kind == grid.Compartment:
				f.cellComp[cell][k] = u
				k++
			default:
				f.cellPartial[cell] = append(f.cellPartial[cell], u)
			}
		}
	}
	f.compOut = compartmentOutside(l)
	f.groups = make([]grid.Group, len(l.Cages()))
	clear(f.cageFills)
	clear(f.memo)
	clear(f.wideMemo)
	for k := range l.Cages() {
		if !f.groups[k].LoadCage(l, k) {
			f.groups[k] = grid.Group{}
		}
	}
	f.loadSums(l)
	f.loadTables(l)
	f.refGroups(l)
}

// applyRules follows the rules of the cage and the compartments of cell,
// whose candidate lit has just been made false in im (a net's closure).
func (f *forcing) applyRules(im *implications, cell int, lit, next int32) {
	_, di := f.split(lit >> 1)
	for _, ref := range f.cellGroups[cell] {
		if im.bad != badNone {
			return
		}
		f.applyCage(im, int(ref.group), int(ref.rule), int(ref.at), cell, di, next)
	}
	if !f.compRules {
		return
	}
	for _, u := range f.cellComp[cell] {
		if u >= 0 && im.bad == badNone {
			f.applyCompartment(im, u, di, next)
		}
	}
	for _, u := range f.cellPartial[cell] {
		if im.bad == badNone {
			f.applyDistinct(im, u)
		}
	}
}

// groupRef is a group of forcing.groups a cell is in (its cage, or a sum
// group): the group, its rule (see predRule) and the cell's position
// among its cells.
type groupRef struct {
	group, rule int32
	at          int32
}

// refGroups lists in f.cellGroups the groups each cell of layout l is in,
// in the order applyRules follows them (the cage, then the sum groups),
// and notes in f.compRules whether any cell has a compartment or a
// partial unit.
func (f *forcing) refGroups(l *grid.Layout) {
	f.cellGroups = make([][]groupRef, l.Cells)
	f.compRules = false
	for cell := range l.Cells {
		if k := l.CellCage(cell); k >= 0 && f.groups[k].Len() > 0 {
			at := slices.Index(f.groups[k].Cells(), cell)
			f.cellGroups[cell] = append(f.cellGroups[cell], groupRef{group: int32(k), rule: int32(k), at: int32(at)})
		}
		if f.cellSums != nil {
			base := len(l.Cages())
			for _, v := range f.cellSums[cell] {
				k := base + int(v)
				at := slices.Index(f.groups[k].Cells(), cell)
				f.cellGroups[cell] = append(f.cellGroups[cell], groupRef{group: int32(k), rule: int32(f.sumBase) + v, at: int32(at)})
			}
		}
		f.compRules = f.compRules || f.cellComp[cell] != [2]int{-1, -1} || len(f.cellPartial[cell]) > 0
	}
}

// applyCage makes false the candidates no filling of group k (a cage, or
// a sum group after them) puts in their cells, given the candidates im
// leaves now that digit di+1 has left cell, or notes a contradiction when
// the group has no filling left; r is the group's rule (see predRule).
// at is cell's position among the group's cells.
func (f *forcing) applyCage(im *implications, k, r, at, cell, di int, next int32) {
	g := &f.groups[k]
	if len(im.seen) < len(f.groups) {
		im.seen = append(im.seen, make([]uint32, len(f.groups)-len(im.seen))...)
		im.support = append(im.support, make([][grid.MaxGroupCells]grid.Digits, len(f.groups)-len(im.support))...)
	}
	if im.seen[k] == im.gen {
		if !im.support[k][at].Has(di + 1) {
			f.work++
			return // no filling put the digit there: they are the same
		}
	}
	// As when enumerated, memo or not: the budget cuts at the same place
	// whatever earlier searches left in the memo.
	f.work += 4 * g.Len()
	if support, ok := f.listedSupport(im, k); ok {
		f.applyListed(im, k, r, support, next)
		return
	}
	allows := f.cageAllows(im, k, cell, di)
	if !allows.ok {
		im.seen[k] = 0
		return
	}
	im.seen[k], im.support[k] = im.gen, allows.support
	if allows.none {
		im.bad, im.badAt = badRule, int32(r)
		return
	}
	for i, c := range g.Cells() {
		for ds := im.alive[c] &^ allows.support[i]; ds != 0; ds &= ds - 1 {
			im.set(f.cand(c, bits.TrailingZeros32(uint32(ds)))<<1, predRule-int32(r), next)
		}
	}
}

// cageAllows returns what the fillings of cage k allow with the candidates
// alive, just after digit di+1 left cell: for a sum on up to 9 digits,
// from its table (cagetables.go); otherwise from the memo, from the memo's
// state before that when no filling put di+1 in cell (the fillings are
// the same), or enumerated.
func (f *forcing) cageAllows(im *implications, k, cell, di int) cageAllows {
	g, alive := &f.groups[k], im.alive
	key := cageState{cage: k}
	at := -1
	for i, c := range g.Cells() {
		if v := f.b.Value(c); v != 0 {
			key.opts[i] = grid.Bit(int(v))
		} else {
			key.opts[i] = alive[c]
		}
		if c == cell {
			at = i
		}
	}
	if t := &f.tables[k]; t.kind != tableNone {
		if t.kind == tableFew && listFillings {
			if a, ok := f.listedAllows(t, k, key.opts[:g.Len()]); ok {
				return a
			}
		}
		return f.tableAllows(t, k, key.opts[:g.Len()])
	}
	if a, ok := f.cageFills[key]; ok {
		return a
	}
	a, ok := cageAllows{}, false
	if at >= 0 {
		before := key
		before.opts[at] |= 1 << di
		// An enumeration that was not cut short is not cut short on
		// fewer candidates.
		a, ok = f.cageFills[before]
		ok = ok && a.ok && !a.support[at].Has(di+1)
	}
	if !ok {
		// An enumeration may walk 200,000 fillings (a KenKen row whose
		// product is 9!): a cancelled search enumerates no more, taking
		// the cage to allow everything, which is sound, and stops at its
		// next poll of spent. Within a closure, spent is not polled.
		if f.sink != nil && (f.cancelled == f.sink || f.sink.Cancelled()) {
			f.cancelled = f.sink
			return cageAllows{}
		}
		f.scratch.SetView(f.b, alive)
		f.scratch.Fill(g, &f.fills)
		a = cageAllows{support: f.fills.Support, none: f.fills.Count == 0, ok: f.fills.OK}
	}
	if f.cageFills == nil || len(f.cageFills) >= maxCageFills {
		if f.cageFills == nil {
			f.cageFills = make(map[cageState]cageAllows)
		}
		clear(f.cageFills)
	}
	f.cageFills[key] = a
	return a
}

// linkStrong lists the strong links of every candidate.
func (f *forcing) linkStrong() {
	b, l, n := f.b, f.l, f.n
	if len(f.strongAt) != f.cands+1 {
		f.strongAt = make([]int32, f.cands+1)
	}
	f.strong = f.strong[:0]
	if len(f.leaves) != f.words {
		f.leaves = make([]uint64, f.words)
	}
	copy(f.leaves, f.candPlanes)
	next := 0
	for di := 0; di < n; di++ {
		for cell, ds := range b.Candidates() {
			if ds&(1<<di) == 0 {
				continue
			}
			c := int(f.cand(cell, di)) // in increasing order
			for ; next <= c; next++ {
				f.strongAt[next] = int32(len(f.strong))
			}
			if other := b.Cands(cell) &^ (1 << di); other != 0 && other&(other-1) == 0 {
				f.strong = append(f.strong, f.cand(cell, bits.TrailingZeros32(uint32(other))))
			}
			for _, u := range l.CellUnit(cell) {
				if f.baseUnits[u*n+di]&remCount != 2 {
					continue
				}
				for _, p := range l.Unit(u).Cells {
					if p != cell && b.Cands(p)&(1<<di) != 0 {
						if o := f.cand(p, di); !slices.Contains(f.strong[f.strongAt[c]:], o) {
							f.strong = append(f.strong, o)
						}
						break
					}
				}
			}
		}
	}
	for ; next <= f.cands; next++ {
		f.strongAt[next] = int32(len(f.strong))
	}
	for c := int32(0); c < int32(f.cands); c++ {
		if f.strongAt[c+1] > f.strongAt[c] {
			f.leaves[c>>6] &^= 1 << (c & 63)
		}
	}
}

// cand returns the number of the candidate digit di+1 in cell.
func (f *forcing) cand(cell, di int) int32 { return int32(di*f.plane + cell) }

// split returns the cell and digit-1 of candidate c. The digit is
// c/plane by a multiplication, exact while c*plane < 2^32 (at most 2^25
// on a 32×32).
func (f *forcing) split(c int32) (cell, di int) {
	di = int(uint64(c) * f.magic >> 32)
	return int(c) - di*f.plane, di
}

func (im *implications) init(words, lits, cells, unitDigits int) {
	*im = implications{
		pred:  make([]int32, lits),
		depth: make([]int32, lits),
		queue: make([]int32, 0, lits),
	}
	if fits16(words, lits, cells, unitDigits) {
		b := new(bare16)
		im.b16 = b
		im.on, im.off, im.alive, im.rem = b.on[:], b.off[:], b.alive[:], b.rem[:unitDigits]
		return
	}
	if fits25(words, lits, cells, unitDigits) {
		// followBare25 and followNet25 read the queue, predecessors and
		// depths as arrays of a power of two.
		im.pred, im.depth = make([]int32, queueSlots25), make([]int32, queueSlots25)
		im.queue = make([]int32, 0, queueSlots25)
		b := new(bare25)
		im.b25 = b
		im.on, im.off, im.alive, im.rem = b.on[:words], b.off[:words], b.alive[:cells], b.rem[:unitDigits]
		return
	}
	im.on, im.off = make([]uint64, words), make([]uint64, words)
	im.alive, im.rem = make([]grid.Digits, cells), make([]uint16, unitDigits)
}

// loadFrom makes im's candidates and unit counts those of a (a closure
// of the premises), with no leaves, ready for a premise to be set.
func (im *implications) loadFrom(a *implications) {
	copy(im.on, a.on)
	copy(im.off, a.off)
	copy(im.alive, a.alive)
	copy(im.rem, a.rem)
	im.leaves = nil
}

// set records lit as implied by pred at depth dep, noting a contradiction
// when its opposite is already implied.
func (im *implications) set(lit, pred, dep int32) {
	if im.bad != badNone {
		return
	}
	c := lit >> 1
	w, m := c>>6, uint64(1)<<(c&63)
	mine, other := im.off, im.on
	if lit&1 != 0 {
		mine, other = im.on, im.off
	}
	if mine[w]&m != 0 {
		return
	}
	im.pred[lit], im.depth[lit] = pred, dep
	if other[w]&m != 0 {
		im.bad, im.badAt = badLiteral, lit
		return
	}
	mine[w] |= m
	if lit&1 == 0 && im.leaves != nil && im.leaves[w]&m != 0 {
		return
	}
	im.queue = append(im.queue, lit)
}

// has reports whether lit is implied.
func (im *implications) has(lit int32) bool {
	c := lit >> 1
	if lit&1 != 0 {
		return im.on[c>>6]&(1<<(c&63)) != 0
	}
	return im.off[c>>6]&(1<<(c&63)) != 0
}

// close computes the closure of the premises into im, up to depth
// f.limit, stopping at the first contradiction; it reports whether it
// reached one.
func (f *forcing) close(im *implications, premises ...int32) bool {
	clear(im.on)
	clear(im.off)
	im.queue = im.queue[:0]
	im.leaves = nil
	if !f.net {
		im.leaves = f.leaves
	}
	if f.net {
		f.b.CopyCandidates(im.alive)
		copy(im.rem, f.baseUnits)
	}
	im.bad, im.kept = badNone, false
	if im.gen++; im.gen == 0 {
		clear(im.seen)
		clear(im.comp)
		im.gen = 1
	}
	for _, p := range premises {
		im.set(p, predPremise, 0)
	}
	return f.follow(im)
}

// follow follows the literals queued in im to its closure, up to depth
// f.limit, stopping at the first contradiction; it reports whether it
// reached one.
func (f *forcing) follow(im *implications) bool {
	if f.net && !f.rules {
		return f.followNet(im)
	}
	fb := f.b
	net, cw := f.net, f.cw
	for qi := 0; qi < len(im.queue) && im.bad == badNone; qi++ {
		lit := im.queue[qi]
		dep := im.depth[lit]
		if dep >= f.limit {
			break
		}
		cell, di := f.split(lit >> 1)
		bit := grid.Digits(1) << di
		next := dep + 1
		if lit&1 != 0 {
			// Weak links: the cell's other digits and the peers' copies
			// are false.
			others := fb.Cands(cell)
			if net {
				others = im.alive[cell]
			}
			for o := others &^ bit; o != 0; o &= o - 1 {
				im.set(f.cand(cell, bits.TrailingZeros32(uint32(o)))<<1, lit, next)
			}
			peers := f.peers[cell*cw : cell*cw+cw]
			plane := di * cw
			for j, pw := range peers {
				w := plane + j
				fresh := pw & f.candPlanes[w] &^ im.off[w]
				if fresh == 0 {
					continue
				}
				if clash := fresh & im.on[w]; clash != 0 {
					x := int32(w*64+bits.TrailingZeros64(clash)) << 1
					im.pred[x], im.depth[x] = lit, next
					im.bad, im.badAt = badLiteral, x
					break
				}
				im.off[w] |= fresh
				follow := fresh
				if !net {
					follow &^= f.leaves[w]
				}
				for ; fresh != 0; fresh &= fresh - 1 {
					x := int32(w*64+bits.TrailingZeros64(fresh)) << 1
					im.pred[x], im.depth[x] = lit, next
				}
				for ; follow != 0; follow &= follow - 1 {
					im.queue = append(im.queue, int32(w*64+bits.TrailingZeros64(follow))<<1)
				}
			}
			continue
		}
		if !net {
			// Strong links: the other candidate of a bivalue cell, the
			// other place of a digit with two in a unit, are true.
			c := lit >> 1
			for _, o := range f.strong[f.strongAt[c]:f.strongAt[c+1]] {
				im.set(o<<1|1, lit, next)
			}
			continue
		}
		// A cell left with one candidate, a digit left with one place in
		// a unit, holds it; none left is a contradiction.
		left := im.alive[cell] &^ bit
		im.alive[cell] = left
		if left == 0 {
			im.bad, im.badAt = badCell, int32(cell)
			break
		}
		if left&(left-1) == 0 {
			im.set(f.cand(cell, bits.TrailingZeros32(uint32(left)))<<1|1, predCellSingle, next)
		}
		refs := f.unitRefs[f.unitRefAt[cell]:f.unitRefAt[cell+1]]
		if f.rules {
			refs = f.fullRefs[f.fullRefAt[cell]:f.fullRefAt[cell+1]]
		}
		rem := im.rem
		for _, ref := range refs {
			k := int(ref.base) + di
			r := (rem[k] - 1) ^ ref.pos
			rem[k] = r
			if r&remCount <= 1 {
				if r&remCount == 0 {
					im.bad, im.badAt = badUnit, int32(k)
				} else {
					f.unitSingle(im, ref, r, di, next)
				}
			}
		}
		if f.rules && im.bad == badNone {
			f.applyRules(im, cell, lit, next)
		}
	}
	f.work += len(im.queue) + f.closeWork
	return im.bad != badNone
}

// followNet is follow for a net without cage or compartment rules (the
// loop of the nested searches on Sudoku X boards): the same literals, in
// the same order, with the same predecessors and depths; a bare closure
// (see implications.bare and bareAt) is followBare's. Each
// literal is followed by a method of its own (netTrue, netFalse), whose
// few locals stay in registers. On boards of side 16 both are
// forcing16.go's.
func (f *forcing) followNet(im *implications) bool {
	limit := f.limit
	if f.bareAt(im, limit) {
		return f.followBare(im)
	}
	if f.t16 != nil && im.b16 != nil {
		return f.followNet16(im, im.b16, f.t16, limit)
	}
	if f.t25 != nil && im.b25 != nil {
		return f.followNet25(im, im.b25, f.t25, limit)
	}
	for qi := 0; qi < len(im.queue) && im.bad == badNone; {
		lit := im.queue[qi]
		if lit&1 == 0 {
			var cut bool
			if qi, cut = f.netFalse(im, qi, limit); cut {
				break
			}
			continue
		}
		dep := im.depth[lit]
		if dep >= limit {
			break
		}
		f.netTrue(im, lit, dep+1)
		qi++
	}
	f.work += len(im.queue) + f.closeWork
	return im.bad != badNone
}

// bareAt reports whether followNet closes im bare at depth limit: when
// im.bare is set and the closure is not cut at a depth.
func (f *forcing) bareAt(im *implications, limit int32) bool {
	return im.bare && limit == math.MaxInt32
}

// followBare is followNet for a bare closure (the lemma trials and the
// order of a nested search, the wording of its lemmas, a Forcing Net pass;
// see bareAt): the same literals in the same order, the same
// contradiction, in one loop over the queue whose state stays in locals,
// with netTrue, netFalse and netEnds written out in it and no
// predecessors or depths recorded (a traced closure sets a literal's
// before it reads them).
// Most of a 16×16 or 25×25 solve's closures are these; on boards of side
// 16 followBare16 (forcing16.go) follows them over arrays of fixed size.
func (f *forcing) followBare(im *implications) bool {
	if f.t16 != nil && im.b16 != nil {
		return f.followBare16(im, im.b16, f.t16)
	}
	if f.t25 != nil && im.b25 != nil {
		return f.followBare25(im, im.b25, f.t25)
	}
	alive, rem, on, off := im.alive, im.rem, im.on, im.off
	cellRefs, peers, cands, unitCells := f.cellRefs, f.peers, f.candPlanes, f.unitCells
	plane, magic, cw := f.plane, f.magic, f.cw
	queue := im.queue[:cap(im.queue)] // every literal once (implications.init)
	n := len(im.queue)
	bad, badAt := im.bad, im.badAt
	for qi := 0; qi < n && bad == badNone; qi++ {
		lit := queue[qi]
		c := int(lit >> 1)
		di := int(uint64(c) * magic >> 32) // as split
		cell := c - di*plane
		rs := cellRefs[cell]
		if lit&1 != 0 {
			// netTrue: the cell's other digits and the peers' copies are
			// false; the digit's counts in the cell's units settled.
			for o := alive[cell] &^ (1 << (di & 31)); o != 0; o &= o - 1 {
				x := bits.TrailingZeros32(uint32(o))*plane + cell
				w, m := x>>6, uint64(1)<<(x&63)
				if off[w]&m != 0 {
					continue
				}
				if on[w]&m != 0 {
					bad, badAt = badLiteral, int32(x)<<1
					break
				}
				off[w] |= m
				queue[n] = int32(x) << 1
				n++
			}
			for _, ref := range rs {
				rem[int(ref.base)+di] |= remSettled
			}
			base := di * cw
			pw := peers[cell*cw : cell*cw+cw]
			for j, p := range pw {
				w := base + j
				fresh := p & cands[w] &^ off[w]
				if fresh == 0 {
					continue
				}
				if clash := fresh & on[w]; clash != 0 {
					bad, badAt = badLiteral, int32(w*64+bits.TrailingZeros64(clash))<<1
					break
				}
				off[w] |= fresh
				for ; fresh != 0; fresh &= fresh - 1 {
					queue[n] = int32(w*64+bits.TrailingZeros64(fresh)) << 1
					n++
				}
			}
			continue
		}
		// netFalse: the cell's candidates and the digit's counts in its
		// units go down; a cell or a count left at one holds it, at none
		// is a contradiction.
		left := alive[cell] &^ (1 << (di & 31))
		alive[cell] = left
		if left == 0 {
			bad, badAt = badCell, int32(cell)
			break
		}
		// As in netFalse, the first three units without a loop. Written
		// out twice on purpose: a function shared by both is over the
		// inliner's budget, and the call cost 2.2% more instructions on a
		// 16×16 solve (x16 line 2, session 20).
		ends, from := uint64(0), 0
		if len(rs) >= 3 {
			if unitDown(rem, rs[0], di) {
				ends |= 1
			}
			if unitDown(rem, rs[1], di) {
				ends |= 2
			}
			if unitDown(rem, rs[2], di) {
				ends |= 4
			}
			from = 3
		}
		for i := from; i < len(rs); i++ {
			if unitDown(rem, rs[i], di) {
				ends |= 1 << i
			}
		}
		if left&(left-1) == 0 {
			// The cell's last candidate, unless implied true already.
			x := bits.TrailingZeros32(uint32(left))*plane + cell
			w, m := x>>6, uint64(1)<<(x&63)
			if on[w]&m == 0 {
				if off[w]&m != 0 {
					bad, badAt = badLiteral, int32(x)<<1|1
				} else {
					on[w] |= m
					queue[n] = int32(x)<<1 | 1
					n++
				}
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			ref := rs[bits.TrailingZeros64(ends)]
			k := int(ref.base) + di
			r := rem[k]
			if r&remCount == 0 {
				bad, badAt = badUnit, int32(k)
				continue
			}
			x := int(unitCells[int(ref.base)+int(r>>remPosShift)]) + di*plane
			w, m := x>>6, uint64(1)<<(x&63)
			if on[w]&m != 0 || bad != badNone {
				continue
			}
			if off[w]&m != 0 {
				bad, badAt = badLiteral, int32(x)<<1|1
				continue
			}
			on[w] |= m
			queue[n] = int32(x)<<1 | 1
			n++
		}
	}
	im.queue = queue[:n]
	im.bad, im.badAt = bad, badAt
	f.work += n + f.closeWork
	return bad != badNone
}

// netTrue follows lit, a true literal of im, by the weak links: the
// cell's other digits and the peers' copies are false, at depth next.
// The literals are queued by index into the
// queue's capacity, which holds every literal once (implications.init).
func (f *forcing) netTrue(im *implications, lit, next int32) {
	cell, di := f.split(lit >> 1)
	on, off := im.on, im.off
	queue := im.queue
	n := len(queue)
	queue = queue[:cap(queue)]
	plane := f.plane
	for o := im.alive[cell] &^ (1 << di); o != 0; o &= o - 1 {
		c := bits.TrailingZeros32(uint32(o))*plane + cell
		w, m := c>>6, uint64(1)<<(c&63)
		if off[w]&m != 0 {
			continue
		}
		x := int32(c) << 1
		im.pred[x], im.depth[x] = lit, next
		if on[w]&m != 0 {
			im.bad, im.badAt = badLiteral, x
			break
		}
		off[w] |= m
		queue[n] = x
		n++
	}
	// The digit's count in each unit of the cell is settled: set beyond
	// reach (remSettled), it ends no more, where it could only have ended
	// on this place, implied true already (netFalse would leave it).
	rem, rs := im.rem, f.cellRefs[cell]
	if len(rs) >= 3 {
		rem[int(rs[0].base)+di] |= remSettled
		rem[int(rs[1].base)+di] |= remSettled
		rem[int(rs[2].base)+di] |= remSettled
		rs = rs[3:]
	}
	for _, ref := range rs {
		rem[int(ref.base)+di] |= remSettled
	}
	cw := f.cw
	peers := f.peers[cell*cw : cell*cw+cw]
	base := di * cw
	cands := f.candPlanes[base : base+cw]
	on, off = on[base:base+cw], off[base:base+cw]
	for j, pw := range peers {
		fresh := pw & cands[j] &^ off[j]
		if fresh == 0 {
			continue
		}
		w := (base + j) * 64
		if clash := fresh & on[j]; clash != 0 {
			x := int32(w+bits.TrailingZeros64(clash)) << 1
			im.pred[x], im.depth[x] = lit, next
			im.bad, im.badAt = badLiteral, x
			break
		}
		off[j] |= fresh
		for ; fresh != 0; fresh &= fresh - 1 {
			x := int32(w+bits.TrailingZeros64(fresh)) << 1
			im.pred[x], im.depth[x] = lit, next
			queue[n] = x
			n++
		}
	}
	im.queue = queue[:n]
}

// netFalse follows the false literals of im's queue from index qi on,
// up to the first true one, for followNet, returning the index of the
// literal after them, and cut when it met one at depth limit. A false literal's cell left with one candidate, a digit left
// with one place in a unit, holds it, at the depth after the literal's;
// none left is a contradiction. A single already implied true is left as
// it is (as set does). The counts of the cell's units are taken down
// first, noting those that end (one place left, or none), then what
// ends is followed (netEnds) in the order of the units: that order is
// the same, as a count is not read again before the next literal.
func (f *forcing) netFalse(im *implications, qi int, limit int32) (int, bool) {
	// Only netEnds adds to the queue or notes a contradiction (but for
	// a cell left empty, which ends the run), so the queue is read anew,
	// and the contradiction looked at, after it only.
	alive, rem, cellRefs := im.alive, im.rem, f.cellRefs
	queue := im.queue
	for ; qi < len(queue); qi++ {
		lit := queue[qi]
		if lit&1 != 0 {
			break
		}
		dep := im.depth[lit]
		if dep >= limit {
			return qi, true
		}
		next := dep + 1
		cell, di := f.split(lit >> 1)
		left := alive[cell] &^ (1 << (di & 31)) // a digit is below grid.MaxSize
		alive[cell] = left
		if left == 0 {
			im.bad, im.badAt = badCell, int32(cell)
			return qi + 1, false
		}
		// Most cells have three units or more: the first three are
		// taken down without a loop, whose counter the compiler keeps on
		// the stack.
		rs := cellRefs[cell]
		ends, from := uint64(0), 0
		if len(rs) >= 3 {
			if unitDown(rem, rs[0], di) {
				ends |= 1
			}
			if unitDown(rem, rs[1], di) {
				ends |= 2
			}
			if unitDown(rem, rs[2], di) {
				ends |= 4
			}
			from = 3
		}
		for i := from; i < len(rs); i++ {
			if unitDown(rem, rs[i], di) {
				ends |= 1 << i
			}
		}
		// The cell's last candidate, unless implied true already (as
		// when the literal is one of the cell's others made false by it).
		single := int32(-1)
		if left&(left-1) == 0 {
			c := f.cand(cell, bits.TrailingZeros32(uint32(left)))
			if im.on[c>>6]&(1<<(c&63)) == 0 {
				single = c
			}
		}
		if ends != 0 || single >= 0 {
			f.netEnds(im, cell, di, single, ends, next)
			if im.bad != badNone {
				return qi + 1, false
			}
			queue = im.queue
		}
	}
	return qi, false
}

// unitDown takes down the count of digit di+1's places in unit ref of
// rem (implications.rem) for one of them followed false, reporting
// whether it ends: one place left, or none (the count's bits but the
// lowest clear, one test).
func unitDown(rem []uint16, ref unitRef, di int) bool {
	k := int(ref.base) + di
	r := (rem[k] - 1) ^ ref.pos
	rem[k] = r
	return r&(remCount-1) == 0
}

// netEnds follows, for netFalse, what digit di+1 leaving cell ended: the
// cell's last candidate left, single (-1 for none, or one implied true
// already), holds; and for each unit of the cell in ends (a bit by the
// cell's units in cellRefs), the count of the digit's places there is at
// one or none (see implications.rem): none left is a contradiction, the
// one left holds. What holds does at depth next.
func (f *forcing) netEnds(im *implications, cell, di int, single int32, ends uint64, next int32) {
	if single >= 0 {
		im.set(single<<1|1, predCellSingle, next)
	}
	refs := f.cellRefs[cell]
	for ; ends != 0; ends &= ends - 1 {
		ref := refs[bits.TrailingZeros64(ends)]
		k := int(ref.base) + di
		r := im.rem[k]
		if r&remCount == 0 {
			im.bad, im.badAt = badUnit, int32(k)
			continue
		}
		c := f.cand(int(f.unitCells[int(ref.base)+int(r>>remPosShift)]), di)
		f.netSingle(im, c, predUnitSingle-int32(ref.unit), next)
	}
}

// netSingle sets candidate c true in im by pred at depth next, unless it
// is implied true already.
func (f *forcing) netSingle(im *implications, c, pred, next int32) {
	if im.on[c>>6]&(1<<(c&63)) == 0 {
		im.set(c<<1|1, pred, next)
	}
}

// unitSingle makes true the one place left to digit di+1 in unit ref of
// im (the digit's other places there having been followed false), by
// predUnitSingle: the place at the position rem (the unit's entry in
// im.rem) holds. When that place is implied false too (queued, not yet
// followed), setting it true notes the contradiction.
func (f *forcing) unitSingle(im *implications, ref unitRef, rem uint16, di int, next int32) {
	cell := f.unitCells[int(ref.base)+int(rem>>remPosShift)]
	im.set(f.cand(int(cell), di)<<1|1, predUnitSingle-int32(ref.unit), next)
}

// spentPoll is how many calls of spent poll the sink once (a power of
// two). A call comes about once a closure, a few microseconds apart; a
// poll at each call was 1.4% of the instructions of a 16×16 X solve
// (x16-extreme line 3).
const spentPoll = 16

// spent reports whether the search has used up its work budget, or is
// to stop because its sink was cancelled.
func (f *forcing) spent() bool {
	if f.work > f.budget || f.sink != nil && f.cancelled == f.sink {
		return true
	}
	if f.polls++; f.polls%spentPoll != 1 || !f.sink.Cancelled() {
		return false
	}
	f.cancelled = f.sink
	return true
}

// badCost returns the length of im's contradiction: the sum of the
// distances of the literals that clash.
func (f *forcing) badCost(im *implications) int32 {
	n := f.n
	switch im.bad {
	case badLiteral:
		return im.depth[im.badAt] + im.depth[im.badAt^1]
	case badCell:
		cost := int32(0)
		cell := int(im.badAt)
		for ds := f.b.Cands(cell); ds != 0; ds &= ds - 1 {
			cost += im.depth[f.cand(cell, bits.TrailingZeros32(uint32(ds)))<<1]
		}
		return cost
	case badRule:
		deepest := int32(0)
		for _, lit := range f.ruleFalse(im, int(im.badAt), math.MaxInt32) {
			deepest = max(deepest, im.depth[lit])
		}
		return deepest + 1
	}
	u, di := int(im.badAt)/n, int(im.badAt)%n
	cost := int32(0)
	for _, p := range f.l.Unit(u).Cells {
		if f.b.Cands(p).Has(di + 1) {
			cost += im.depth[f.cand(p, di)<<1]
		}
	}
	return cost
}

// ruleCells returns the cells of rule r (see predRule).
func (f *forcing) ruleCells(r int) []int {
	l := f.l
	if r < len(l.Cages()) {
		return l.Cage(r).Cells
	}
	if f.isSum(r) {
		return f.sumOf(r).cells
	}
	return l.Unit(r - len(l.Cages())).Cells
}

// ruleFalse returns the candidates of the cells of rule r that im implies
// false at a depth below depth, as false literals, in f.list: the
// premises of what the rule concludes at depth.
func (f *forcing) ruleFalse(im *implications, r int, depth int32) []int32 {
	list := f.list[:0]
	for _, c := range f.ruleCells(r) {
		for ds := f.b.Cands(c); ds != 0; ds &= ds - 1 {
			lit := f.cand(c, bits.TrailingZeros32(uint32(ds))) << 1
			if im.has(lit) && im.depth[lit] < depth {
				list = append(list, lit)
			}
		}
	}
	f.list = list
	return list
}

// noteRule records on s that rule r (see predRule) justifies it: a cage
// in Cages, a compartment in Units (a sum group's node names it).
func (f *forcing) noteRule(s *Step, r int) {
	if f.isSum(r) {
		return
	}
	if r < len(f.l.Cages()) {
		if !slices.Contains(s.Cages, r) {
			s.Cages = append(s.Cages, r)
		}
		return
	}
	if u := r - len(f.l.Cages()); !slices.Contains(s.Units, u) {
		s.Units = append(s.Units, u)
	}
}

// consider keeps a step found: the best one, or in find-all mode the best
// of each conclusion.
func (f *forcing) consider(form uint8, premise, concl, cost, limit int32) {
	fd := forcingFind{form: form, premise: premise, concl: concl, cost: max(cost, 1), limit: limit}
	if f.all {
		if i := f.bestAt[concl]; i >= 0 {
			if fd.better(f.found[i]) {
				f.found[i] = fd
			}
			return
		}
		f.bestAt[concl] = int32(len(f.found))
		f.found = append(f.found, fd)
		return
	}
	if f.best.cost == 0 || fd.better(f.best) {
		f.best = fd
		f.limit = min(f.limit, fd.cost)
	}
}

// pass looks for steps with closures cut at f.limit.
//
// On boards of side 16 without rules a pass takes the closures the last
// one kept where they are the same (see passNets). Elsewhere, until it
// finds a step (whose cost then cuts the closures after it), a pass of a
// net without rules in first-step mode closes its premises bare (see
// bareAt): the same literals, contradictions and work as traced, without
// the depths, which only a step's cost reads. A closure that reaches a
// contradiction, or a pair whose digit verity concludes anything, is
// closed again traced (or taken, as traced: it has no depths), its work
// not counted twice.
func (f *forcing) pass() {
	b, w := f.b, f.words
	f.work = 0
	kept := f.readyPassNets()
	bare := bareNetPasses && f.net && !f.rules && !f.all && !kept
	defer func() { f.a.bare, f.f.bare = false, false }()
	f.a.bare, f.f.bare = bare, bare
	// The combinations of killer cages first: a few closures a cage,
	// which the budget, often spent by the premises on killers, would
	// otherwise cut.
	f.cageVerity()
	for cell, ds := range b.Candidates() {
		if f.spent() {
			return
		}
		for ; ds != 0; ds &= ds - 1 {
			di := bits.TrailingZeros32(uint32(ds))
			c := f.cand(cell, di)
			on, off := c<<1|1, c<<1
			limit := f.limit
			badOn := f.closePass(&f.a, on, kept)
			if badOn {
				f.traced(&f.a, on, limit)
				f.consider(formContradiction, on, off, f.badCost(&f.a), limit)
			}
			if f.stored {
				t := f.store[int(f.slot[c])*2*w:]
				copy(t[:w], f.a.on)
				copy(t[w:2*w], f.a.off)
			}
			if !f.implies(cell, di) {
				continue // "false" implies nothing, so no digit verity either
			}
			limit = f.limit
			if f.closePass(&f.f, off, kept) {
				f.traced(&f.f, off, limit)
				f.consider(formContradiction, off, on, f.badCost(&f.f), limit)
				continue
			}
			if !badOn && f.digitCommon() {
				f.traced(&f.a, on, limit)
				f.traced(&f.f, off, limit)
				f.digitVerity(c, limit)
			}
		}
	}
	f.cellVerity()
	f.unitVerity()
}

// bareNetPasses is whether Forcing Net passes close their premises bare
// (see pass); tests turn it off to hold them to the traced closures.
var bareNetPasses = true

// traced closes premise lit into im again with its depths where the
// closure just made, cut at limit, was bare (see bareAt) or taken from
// passNets, counting no more work: the same closure, traced.
func (f *forcing) traced(im *implications, lit, limit int32) {
	if !im.kept && !f.bareAt(im, limit) {
		return
	}
	work, bare := f.work, im.bare
	im.bare = false
	f.close(im, lit)
	im.bare = bare
	f.work = work
}

// passNets keeps, from one Forcing Net pass to the next on boards of side
// 16 without rules (tables16), the closures of the premise literals that
// reached no contradiction: their on and off sets, the work they counted
// (their queue's length), the depth limit they were cut at and the depth
// of their deepest literal. A board that has only lost candidates since
// leaves a closure as it was unless one of them is in a cell it has a
// literal in, or is a place of a digit in a unit where it has a literal
// false (it counted the unit's places of the digit): see readMemo. The
// same closure is the pass's at any limit it reaches whole (a limit no
// smaller than its deepest literal's depth, when it was not cut), or at
// the limit it was cut at. Many closures of a pass read none of the few
// candidates a step and its singles remove (29% to 47% of them taken on
// x16-extreme), and taking one costs a copy of its sets.
type passNets struct {
	layout *grid.Layout
	cands  []grid.Digits // the board's candidates when last readied
	// row, limit, deep and work are by premise literal: its row in rows
	// (-1 where none is kept), the depth limit it was cut at, its deepest
	// literal's depth and the length of its queue.
	row, limit, deep, work []int32
	// rows hold, passRow words each, a closure's on, off and the cells of
	// its literals.
	rows  []uint64
	free  []int32 // rows no longer in use
	known []int32 // the premise literals whose closure is kept
	kept  int     // closures taken (tests count them)
}

// passRow is the words of a row of passNets.rows: on and off (words16
// each) and the cells of the literals (a plane).
const passRow = 2*words16 + cells16/64

// readyPassNets readies f.nets for a pass on f's board, reporting whether
// the pass keeps and takes closures there: on boards of side 16 without
// rules. It forgets the closures that read a candidate the board lost
// since the last pass, or all of them when the board is not that one
// less some candidates.
func (f *forcing) readyPassNets() bool {
	m := &f.nets
	if f.t16 == nil || !f.net || f.rules {
		return false // what m keeps is of another board
	}
	fresh := m.layout != f.l || len(m.row) != 2*f.cands
	for cell, ds := range f.b.Candidates() {
		if fresh || ds&^m.cands[cell] != 0 {
			fresh = true
			break
		}
	}
	if fresh {
		lits := 2 * f.cands
		m.layout = f.l
		m.row = slices.Grow(m.row[:0], lits)[:lits]
		for i := range m.row {
			m.row[i] = -1
		}
		m.limit = slices.Grow(m.limit[:0], lits)[:lits]
		m.deep = slices.Grow(m.deep[:0], lits)[:lits]
		m.work = slices.Grow(m.work[:0], lits)[:lits]
		m.rows, m.free, m.known = m.rows[:0], m.free[:0], m.known[:0]
		m.cands = f.b.AppendCandidates(m.cands[:0])
		return true
	}
	// The cells that lost a candidate, and by digit the cells of the
	// units where it lost a place.
	var lostCells [cells16 / 64]uint64
	var unitCells [side16][cells16 / 64]uint64
	lostDigits := grid.Digits(0)
	for cell, ds := range f.b.Candidates() {
		gone := m.cands[cell] &^ ds
		if gone == 0 {
			continue
		}
		m.cands[cell] = ds
		lostCells[cell>>6&3] |= 1 << (cell & 63)
		lostDigits |= gone
		for ; gone != 0; gone &= gone - 1 {
			d := bits.TrailingZeros32(uint32(gone)) & (side16 - 1)
			for _, u := range f.l.CellUnit(cell) {
				for j, w := range f.unitPlanes[u*4 : u*4+4] {
					unitCells[d][j] |= w
				}
			}
		}
	}
	if lostDigits == 0 {
		return true
	}
	kept := m.known[:0]
	for _, p := range m.known {
		r := m.rows[int(m.row[p])*passRow:][:passRow]
		off, cells := r[words16:2*words16], r[2*words16:]
		read := uint64(0)
		for j, w := range lostCells {
			read |= cells[j] & w
		}
		for ds := lostDigits; ds != 0 && read == 0; ds &= ds - 1 {
			d := bits.TrailingZeros32(uint32(ds)) & (side16 - 1)
			for j, w := range unitCells[d] {
				read |= off[d*4+j] & w
			}
		}
		if read != 0 {
			m.free = append(m.free, m.row[p])
			m.row[p] = -1
			continue
		}
		kept = append(kept, p)
	}
	m.known = kept
	return true
}

// closePass is close of premise literal p into im for a pass (cut at
// f.limit), taking the closure from f.nets where it keeps one that is the
// same, when kept is set: it then sets im's on and off and im.kept, and
// counts the same work. Otherwise it closes im, keeping the closure in
// f.nets when it reaches no contradiction. A closure taken has no depths
// (see traced).
func (f *forcing) closePass(im *implications, p int32, kept bool) bool {
	if !kept {
		return f.close(im, p)
	}
	m := &f.nets
	if r := m.row[p]; r >= 0 {
		limit, deep := f.limit, m.deep[p]
		if limit >= deep && (deep < m.limit[p] || limit == m.limit[p]) {
			row := m.rows[int(r)*passRow:][:passRow]
			copy(im.on, row[:words16])
			copy(im.off, row[words16:2*words16])
			im.queue, im.bad, im.kept = im.queue[:0], badNone, true
			f.work += int(m.work[p]) + f.closeWork
			m.kept++
			return false
		}
	}
	if f.close(im, p) {
		return true
	}
	f.keepPassNet(im, p)
	return false
}

// keepPassNet keeps in f.nets the closure of premise literal p in im,
// closed traced at f.limit without a contradiction, unless the rows would
// pass maxHeldBytes.
func (f *forcing) keepPassNet(im *implications, p int32) {
	m := &f.nets
	r := m.row[p]
	if r < 0 {
		if k := len(m.free); k > 0 {
			r, m.free = m.free[k-1], m.free[:k-1]
		} else {
			if (len(m.rows)+passRow)*8 > maxHeldBytes {
				return
			}
			r = int32(len(m.rows) / passRow)
			m.rows = slices.Grow(m.rows, passRow)[:len(m.rows)+passRow]
		}
		m.row[p] = r
		m.known = append(m.known, p)
	}
	row := m.rows[int(r)*passRow:][:passRow]
	copy(row, im.on)
	copy(row[words16:], im.off)
	cells := row[2*words16:]
	clear(cells)
	for d := 0; d < side16; d++ {
		for j := range cells {
			cells[j] |= im.on[d*4+j] | im.off[d*4+j]
		}
	}
	m.limit[p], m.work[p] = f.limit, int32(len(im.queue))
	m.deep[p] = im.depth[im.queue[len(im.queue)-1]]
}

// digitCommon reports whether the closures of a candidate true and false
// (in f.a and f.f) imply anything both: whether digitVerity has any
// conclusion to consider.
func (f *forcing) digitCommon() bool {
	aOn, aOff := f.a.on, f.a.off
	oOn, oOff := f.f.on[:len(aOn)], f.f.off[:len(aOn)]
	aOff = aOff[:len(aOn)]
	any := uint64(0)
	for i, x := range aOn {
		any |= x&oOn[i] | aOff[i]&oOff[i]
	}
	return any != 0
}

// implies reports whether candidate di+1 of cell false implies anything:
// whether the cell, or the digit in a unit of the cell, has two places.
func (f *forcing) implies(cell, di int) bool {
	if f.rules || f.b.Cands(cell).Count() <= 2 {
		return true
	}
	for _, u := range f.l.CellUnit(cell) {
		if f.baseUnits[u*f.n+di]&remCount <= 2 {
			return true
		}
	}
	return false
}

// digitVerity reports what both closures of candidate c (in f.a and f.f)
// imply.
func (f *forcing) digitVerity(c, limit int32) {
	a, o := &f.a, &f.f
	for i := range a.on {
		for on, part := range [2]uint64{a.off[i] & o.off[i], a.on[i] & o.on[i]} {
			for ; part != 0; part &= part - 1 {
				lit := int32(i*64+bits.TrailingZeros64(part))<<1 | int32(on)
				f.consider(formDigit, c, lit, a.depth[lit]+o.depth[lit], limit)
			}
		}
	}
}

// trueTable returns the on and off sets of the closure of candidate c
// true: stored, or computed into f.c.
func (f *forcing) trueTable(c int) (on, off []uint64) {
	w := f.words
	if f.stored {
		t := f.store[int(f.slot[c])*2*w:]
		return t[:w], t[w : 2*w]
	}
	f.close(&f.c, int32(c)<<1|1)
	return f.c.on, f.c.off
}

// cellVerity reports what every candidate of a cell implies.
func (f *forcing) cellVerity() {
	b := f.b
	for cell, ds := range b.Candidates() {
		if f.spent() {
			return
		}
		k := ds.Count()
		if k < 2 || !f.all && f.best.cost > 0 && int32(k) >= f.best.cost {
			continue
		}
		branch := f.stack[:0]
		for ; ds != 0; ds &= ds - 1 {
			branch = append(branch, f.cand(cell, bits.TrailingZeros32(uint32(ds))))
		}
		f.stack = branch
		f.verity(formCell, int32(cell), branch)
	}
}

// unitVerity reports what every place of a digit in a unit implies.
func (f *forcing) unitVerity() {
	b, l, n := f.b, f.l, f.n
	for u := range l.Units() {
		if f.spent() {
			return
		}
		if l.Unit(u).Partial {
			continue // a digit need not be in it
		}
		for di := 0; di < n; di++ {
			k := f.baseUnits[u*n+di] & remCount
			if k < 2 || !f.all && f.best.cost > 0 && int32(k) >= f.best.cost {
				continue
			}
			branch := f.stack[:0]
			for _, p := range l.Unit(u).Cells {
				if b.Cands(p)&(1<<di) != 0 {
					branch = append(branch, f.cand(p, di))
				}
			}
			f.stack = branch
			f.verity(formUnit, int32(u*n+di), branch)
		}
	}
}

// verity reports what the closures of every candidate of branch true (one
// of which holds) all imply.
//
// The intersection is kept in f.acc (on, then off) at the words listed in
// f.accAt, in order, those not zero: a closure sets a few dozen words of
// the board's hundreds (250 of each on a 25×25), so each branch after the
// first costs as many words as are left, not the board's. Small boards
// (below sparseWords) intersect the whole sets, then list the words left.
func (f *forcing) verity(form uint8, premise int32, branch []int32) {
	w := f.words
	acc := f.acc
	at := f.accAt[:0]
	sparse := branch
	if w < sparseWords {
		if f.intersect(branch) {
			at = appendNonzero(at, acc, acc, 0)
		}
		sparse = nil
	}
	// The first branch's words, with the second's taken at once where
	// both tables are stored (trueTable computes an unstored one into
	// f.c, which the next would overwrite): most words of the first
	// table are gone once the second is taken, and listing them first
	// cost a quarter of the unit verities on 16×16 X boards.
	if len(sparse) > 0 {
		on, off := f.trueTable(int(sparse[0]))
		if len(sparse) > 1 && f.stored {
			on1, off1 := f.trueTable(int(sparse[1]))
			at = appendAnd(at, acc, on, on1, 0)
			at = appendAnd(at, acc, off, off1, w)
			sparse = sparse[2:]
		} else {
			at = appendNonzero(at, acc, on, 0)
			at = appendNonzero(at, acc, off, w)
			sparse = sparse[1:]
		}
	}
	for _, c := range sparse {
		if len(at) == 0 {
			break
		}
		on, off := f.trueTable(int(c))
		kept := at[:0]
		for _, j := range at {
			x := acc[j]
			if j < int32(w) {
				x &= on[j]
			} else {
				x &= off[int(j)-w]
			}
			if x != 0 {
				acc[j] = x
				kept = append(kept, j)
			}
		}
		at = kept
	}
	f.accAt = at
	if len(at) == 0 {
		return
	}
	list := f.list[:0]
	for _, at := range at {
		j, word := int(at), acc[at]
		for ; word != 0; word &= word - 1 {
			lit := int32((j%w)*64+bits.TrailingZeros64(word)) << 1
			if j < w {
				lit |= 1
			}
			list = append(list, lit)
		}
	}
	f.list = list
	if len(list) == 0 {
		return
	}
	// The lengths: the closures again, with their depths. To beat the
	// best step, a branch may be at most as deep as the best's cost less
	// one for each other branch.
	limit := f.limit
	if !f.all && f.best.cost > 0 {
		limit = min(limit, f.best.cost-int32(len(branch)))
		if limit < 1 {
			return
		}
	}
	for _, lit := range list {
		f.costs[lit] = 0
	}
	saved := f.limit
	for i, c := range branch {
		f.limit = limit
		f.close(&f.c, c<<1|1)
		f.limit = saved
		rest := int32(len(branch) - 1 - i)
		alive := false
		for _, lit := range list {
			cost := f.costs[lit]
			if cost < 0 {
				continue
			}
			if !f.c.has(lit) {
				f.costs[lit] = -1 // deeper than the limit
				continue
			}
			cost += f.c.depth[lit]
			if !f.all && f.best.cost > 0 && cost+rest >= f.best.cost {
				cost = -1 // cannot beat the best
			}
			f.costs[lit] = cost
			alive = alive || cost >= 0
		}
		if !alive {
			return
		}
	}
	for _, lit := range list {
		if cost := f.costs[lit]; cost >= 0 {
			f.consider(form, premise, lit, cost, limit)
		}
	}
}

// sparseWords is the size of a candidate plane set, in words, from which
// verity intersects closures word by word as listed: below it (a 9×9
// board's 18 words) the whole sets cost less than the list.
const sparseWords = 32

// intersect leaves in f.acc (on, then off) what the closures of every
// candidate of branch true imply, reporting whether it is anything.
func (f *forcing) intersect(branch []int32) bool {
	w, acc := f.words, f.acc
	for i, c := range branch {
		on, off := f.trueTable(int(c))
		if i == 0 {
			copy(acc[:w], on)
			copy(acc[w:], off)
			continue
		}
		any := uint64(0)
		for j := 0; j < w; j++ {
			acc[j] &= on[j]
			acc[w+j] &= off[j]
			any |= acc[j] | acc[w+j]
		}
		if any == 0 {
			return false
		}
	}
	return true
}

// appendNonzero copies the words of src that are not zero to acc from
// index base on, appending their indices in acc to at.
func appendNonzero(at []int32, acc, src []uint64, base int) []int32 {
	for j, x := range src {
		if x != 0 {
			acc[base+j] = x
			at = append(at, int32(base+j))
		}
	}
	return at
}

// appendAnd writes the words of x&y that are not zero to acc from index
// base on, appending their indices in acc to at.
func appendAnd(at []int32, acc, x, y []uint64, base int) []int32 {
	y = y[:len(x)]
	for j, v := range x {
		if v &= y[j]; v != 0 {
			acc[base+j] = v
			at = append(at, int32(base+j))
		}
	}
	return at
}

// report fills a step from fd, rebuilding its closures. It reports
// whether every branch of a verity was drawn (see branch).
func (f *forcing) report(sink *Sink, fd forcingFind) bool {
	n := f.n
	s := sink.Add()
	s.redraw, s.forcing = redrawForcingChain, fd
	if f.net {
		s.redraw = redrawForcingNet
	}
	drawn := true
	contradiction := fd.form == formContradiction
	switch {
	case fd.form == formCage:
		s.Technique = cageForcingNet
	case f.net && contradiction:
		s.Technique = forcingNetContradiction
	case f.net:
		s.Technique = forcingNetVerity
	case contradiction:
		s.Technique = forcingChainContradiction
	default:
		s.Technique = forcingChainVerity
	}
	cell, di := f.split(fd.concl >> 1)
	d := di + 1
	s.Digits = grid.Bit(d)
	if fd.concl&1 != 0 {
		s.Placements = append(s.Placements, CellDigit{cell, d})
	} else {
		s.Eliminations = append(s.Eliminations, CellDigit{cell, d})
	}
	f.limit = fd.limit
	im := &f.c
	f.ruleNodes = f.ruleNodes[:0]
	switch fd.form {
	case formContradiction:
		f.close(im, fd.premise)
		pc, _ := f.split(fd.premise >> 1)
		s.Cells = append(s.Cells, pc)
		f.addClash(s, im)
	case formDigit:
		pc, _ := f.split(fd.premise)
		s.Cells = append(s.Cells, pc)
		for _, premise := range [2]int32{fd.premise<<1 | 1, fd.premise << 1} {
			f.close(im, premise)
			drawn = f.branch(s, im, fd.concl, true) && drawn
		}
	case formCell:
		pc := int(fd.premise)
		s.Cells = append(s.Cells, pc)
		for ds := f.b.Cands(pc); ds != 0; ds &= ds - 1 {
			f.close(im, f.cand(pc, bits.TrailingZeros32(uint32(ds)))<<1|1)
			drawn = f.branch(s, im, fd.concl, true) && drawn
		}
	case formCage:
		drawn = f.reportCage(s, im, int(fd.premise), fd.concl)
	case formUnit:
		u, di := int(fd.premise)/n, int(fd.premise)%n
		s.Units = append(s.Units, u)
		for _, p := range f.l.Unit(u).Cells {
			if f.b.Cands(p)&(1<<di) == 0 {
				continue
			}
			s.Cells = append(s.Cells, p)
			f.close(im, f.cand(p, di)<<1|1)
			drawn = f.branch(s, im, fd.concl, true) && drawn
		}
	}
	role := RoleTarget
	if fd.concl&1 != 0 {
		role = RoleOn // a placement: the candidate every branch makes true
	}
	s.Marks = append(s.Marks, Mark{Cell: cell, Digit: d, Role: role})
	f.placeRuleNodes(s)
	return drawn
}

// branch adds to s the branch of a verity whose closure im reaches
// concl. On a board where the branch's premise is false (a step redrawn
// on a later board: see Redraw), its closure may reach a contradiction
// first: when that is a candidate implied both true and false (the only
// one a traced net closure from a candidate was seen to reach) and clash
// is set, the branch ends in its two nodes (explainForcing words it). A
// closure that stops short of concl otherwise adds nothing, and branch
// reports false.
func (f *forcing) branch(s *Step, im *implications, concl int32, clash bool) bool {
	switch {
	case im.has(concl):
		f.list = append(f.list[:0], concl)
		f.addBranch(s, im, f.list)
	case clash && im.bad == badLiteral:
		f.addBranch(s, im, f.clashTargets(s, im))
	default:
		return false
	}
	return true
}

// clashTargets returns, in f.list, the literals whose implication makes
// the contradiction im reached (the two sides of a literal, the emptied
// cell's or unit's candidates, the false candidates of a rule left without
// a filling), noting on s, when not nil, the unit, rule and conflict.
func (f *forcing) clashTargets(s *Step, im *implications) []int32 {
	n := f.n
	targets := f.list[:0]
	switch im.bad {
	case badLiteral:
		targets = append(targets, im.badAt^1, im.badAt)
	case badCell:
		bc := int(im.badAt)
		for ds := f.b.Cands(bc); ds != 0; ds &= ds - 1 {
			targets = append(targets, f.cand(bc, bits.TrailingZeros32(uint32(ds)))<<1)
		}
	case badUnit:
		u, di := int(im.badAt)/n, int(im.badAt)%n
		if s != nil {
			s.Units = append(s.Units, u)
		}
		for _, p := range f.l.Unit(u).Cells {
			if f.b.Cands(p)&(1<<di) != 0 {
				targets = append(targets, f.cand(p, di)<<1)
			}
		}
	case badRule:
		r := int(im.badAt)
		if s != nil {
			f.noteRule(s, r)
			switch {
			case f.isSum(r):
				// forcingClash words it from the net's SumNode.
			case r < len(f.l.Cages()):
				s.Conflict = grid.CageConflict(r)
			default:
				s.Conflict = grid.UnitConflict(r-len(f.l.Cages()), 0)
			}
		}
		targets = append(targets[:0], f.ruleFalse(im, r, math.MaxInt32)...)
	}
	f.list = targets
	return targets
}

// addClash appends to s the implication tree of im's contradiction.
func (f *forcing) addClash(s *Step, im *implications) {
	targets := f.clashTargets(s, im)
	f.addBranch(s, im, targets)
	if im.bad == badRule && f.ruleNodeKind(int(im.badAt)) {
		// The rule left without a filling or a straight ends the net.
		f.ruleAt = f.ruleAt[:0]
		to := f.ruleNode(im, int32(im.badAt), math.MaxInt32)
		for _, from := range f.ruleFalse(im, int(im.badAt), math.MaxInt32) {
			s.Links = append(s.Links, Link{From: int(f.nodeOf[from]), To: to, Kind: Strong})
		}
	}
}

// ruleNode returns the placeholder index (-1-i) of the node of rule r
// (see predRule) followed at depth in the branch of im, adding it: its
// cells, and the combinations or straights the candidates made false
// before depth leave it.
func (f *forcing) ruleNode(im *implications, r, depth int32) int {
	for _, u := range f.ruleAt {
		if u.rule == r && u.depth == depth {
			return -1 - u.node
		}
	}
	f.ruleCand = f.b.AppendCandidates(f.ruleCand[:0])
	for _, lit := range f.ruleFalse(im, int(r), depth) {
		cell, di := f.split(lit >> 1)
		f.ruleCand[cell] &^= 1 << di
	}
	i := len(f.ruleNodes)
	if i < cap(f.ruleNodes) {
		f.ruleNodes = f.ruleNodes[:i+1]
	} else {
		f.ruleNodes = append(f.ruleNodes, Node{})
	}
	nd := &f.ruleNodes[i]
	nd.Digit, nd.Cage, nd.Unit, nd.Target, nd.Origin = 0, 0, 0, 0, ""
	nd.Cells, nd.Combos = append(nd.Cells[:0], f.ruleCells(int(r))...), nd.Combos[:0]
	if k := int(r); f.isSum(k) {
		v := f.sumOf(k)
		nd.Kind, nd.Target, nd.Origin = SumNode, v.target, v.from(grid.Notation{Layout: f.l})
	} else if k < len(f.l.Cages()) {
		nd.Kind, nd.Cage = CageNode, k
		nd.Combos = fillingCombos(f.b, k, f.ruleCand, nd.Combos)
	} else {
		nd.Kind, nd.Unit = CompartmentNode, k-len(f.l.Cages())
		windows := f.b.StraightWindows(nd.Cells, f.ruleCand)
		nd.Combos = straightCombos(windows, len(nd.Cells), nd.Combos)
	}
	f.ruleAt = append(f.ruleAt, ruleUse{rule: r, depth: depth, node: i})
	return -1 - i
}

// placeRuleNodes appends the rule nodes of s after its candidate nodes and
// points the links to them there.
func (f *forcing) placeRuleNodes(s *Step) {
	if len(f.ruleNodes) == 0 {
		return
	}
	base := len(s.Nodes)
	for _, nd := range f.ruleNodes {
		s.Nodes = append(s.Nodes, Node{Kind: nd.Kind, Cells: slices.Clone(nd.Cells), Cage: nd.Cage, Unit: nd.Unit, Combos: slices.Clone(nd.Combos), Target: nd.Target, Origin: nd.Origin})
	}
	for i := range s.Links {
		k := &s.Links[i]
		if k.From < 0 {
			k.From = base - 1 - k.From
		}
		if k.To < 0 {
			k.To = base - 1 - k.To
		}
	}
}

// addBranch appends to s the implication tree of im that leads to the
// targets: a node per literal (in the order found, the premise first), a
// link per inference and a mark per node (in step with the nodes).
func (f *forcing) addBranch(s *Step, im *implications, targets []int32) {
	fb := f.b
	stack := f.reach(im, targets)
	// The nodes, by distance from the premise.
	emitted := stack[:0]
	for _, lit := range f.visited {
		emitted = append(emitted, lit)
	}
	slices.SortFunc(emitted, func(x, y int32) int {
		if dx, dy := im.depth[x], im.depth[y]; dx != dy {
			return int(dx - dy)
		}
		return int(x - y)
	})
	for _, lit := range emitted {
		cell, di := f.split(lit >> 1)
		d := di + 1
		f.nodeOf[lit] = int32(len(s.Nodes))
		role := RoleOff
		if lit&1 != 0 {
			role = RoleOn
		}
		addCandidateNode(s, cell, d)
		s.Marks = append(s.Marks, Mark{Cell: cell, Digit: d, Role: role})
	}
	f.ruleAt = f.ruleAt[:0]
	ruleLinked := 0 // the rule nodes of the branch whose premises are linked in
	for _, lit := range emitted {
		to := int(f.nodeOf[lit])
		cell, di := f.split(lit >> 1)
		switch p := im.pred[lit]; {
		case p >= 0:
			s.Links = append(s.Links, forcingLink(f.nodeOf[p], to, p))
		case p == predCellSingle:
			for ds := fb.Cands(cell) &^ (1 << di); ds != 0; ds &= ds - 1 {
				from := f.cand(cell, bits.TrailingZeros32(uint32(ds))) << 1
				s.Links = append(s.Links, forcingLink(f.nodeOf[from], to, from))
			}
		case p <= predRule:
			// Through the rule's node: its premises into it, and from it
			// to what it rules out (or, in a compartment, in).
			r := predRule - p
			f.noteRule(s, int(r))
			rn, fresh := f.ruleNode(im, r, im.depth[lit]), len(f.ruleAt)
			if fresh > ruleLinked {
				ruleLinked = fresh
				for _, from := range f.ruleFalse(im, int(r), im.depth[lit]) {
					s.Links = append(s.Links, Link{From: int(f.nodeOf[from]), To: rn, Kind: Strong})
				}
			}
			kind := Weak
			if lit&1 != 0 {
				kind = Strong
			}
			s.Links = append(s.Links, Link{From: rn, To: to, Kind: kind})
		case p <= predUnitSingle:
			for _, q := range f.l.Unit(int(predUnitSingle - p)).Cells {
				if q != cell && fb.Cands(q)&(1<<di) != 0 {
					from := f.cand(q, di) << 1
					s.Links = append(s.Links, forcingLink(f.nodeOf[from], to, from))
				}
			}
		}
	}
	f.stack = emitted
}

// reach marks (f.mark at f.gen) and lists in f.visited the literals of
// im that the targets follow from, the targets and premises included;
// it returns f.stack emptied, for reuse.
func (f *forcing) reach(im *implications, targets []int32) []int32 {
	fb := f.b
	f.gen++
	if f.gen == 0 {
		clear(f.mark)
		f.gen = 1
	}
	gen := f.gen
	f.visited = f.visited[:0]
	stack := append(f.stack[:0], targets...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.mark[x] == gen {
			continue
		}
		f.mark[x] = gen
		f.visited = append(f.visited, x)
		cell, di := f.split(x >> 1)
		switch p := im.pred[x]; {
		case p >= 0:
			stack = append(stack, p)
		case p == predCellSingle:
			for ds := fb.Cands(cell) &^ (1 << di); ds != 0; ds &= ds - 1 {
				stack = append(stack, f.cand(cell, bits.TrailingZeros32(uint32(ds)))<<1)
			}
		case p <= predRule:
			stack = append(stack, f.ruleFalse(im, int(predRule-p), im.depth[x])...)
		case p <= predUnitSingle:
			for _, q := range f.l.Unit(int(predUnitSingle - p)).Cells {
				if q != cell && fb.Cands(q)&(1<<di) != 0 {
					stack = append(stack, f.cand(q, di)<<1)
				}
			}
		}
	}
	return stack
}

// forcingLink returns the link from node i (of literal from) to node j:
// weak from a true candidate, strong from a false one (to a true one, or
// to a false one a cage's fillings or a compartment's straights rule out
// once the premise is false).
func forcingLink(i int32, j int, from int32) Link {
	if from&1 != 0 {
		return Link{From: int(i), To: j, Kind: Weak}
	}
	return Link{From: int(i), To: j, Kind: Strong}
}

// addCandidateNode appends a candidate node to s.
func addCandidateNode(s *Step, cell, d int) { s.addNode(CandidateNode, d, cell) }

// explainForcing renders a forcing step in HoDoKu's words, e.g.
// "Forcing Chain Contradiction: r1c2=5 => r3c4=7 and r3c4<>7; so r1c2<>5",
// with the chains themselves for the chain forms.
func explainForcing(s *Step, n grid.Notation) string {
	return forcingText(s, n).line()
}

// describeForcing explains a forcing step and lays it out: its premise,
// clash and conclusion, then each chain (or the way to each side of a
// net's clash) on a line; no outline for a step that lists none.
func describeForcing(s *Step, n grid.Notation) (string, []OutlineLine) {
	w := forcingText(s, n)
	line := w.line()
	if !w.listed || len(w.paths) == 0 {
		return line, nil
	}
	out := []OutlineLine{{Depth: 0, Text: w.head + ":"}}
	for _, p := range w.paths {
		out = append(out, OutlineLine{Depth: 1, Text: p})
	}
	return line, out
}

// forcingWords are the parts of a forcing step's explanation: what it
// assumes, the clash or the common end, and the conclusion ("Forcing
// Chain Contradiction: r1c2=5 => r3c4=7 and r3c4<>7; so r1c2<>5"), and
// the chains (or a net's ways to its clash) listed after it in
// parentheses when listed.
type forcingWords struct {
	head   string
	paths  []string
	listed bool
}

// line returns the words on one line: the head, then the paths listed in
// parentheses.
func (w forcingWords) line() string {
	if !w.listed {
		return w.head
	}
	return w.head + " (" + strings.Join(w.paths, "; ") + ")"
}

// forcingText returns the words of a forcing step.
func forcingText(s *Step, n grid.Notation) forcingWords {
	nodes := s.Nodes
	if len(nodes) == 0 {
		return forcingWords{head: s.Name() + ": " + describeChanges(s, n)}
	}
	on := func(i int) bool { return i < len(s.Marks) && s.Marks[i].Role == RoleOn }
	lit := func(i int) string {
		op := "<>"
		if on(i) {
			op = "="
		}
		return n.CellName(nodes[i].Cells[0]) + op + n.DigitName(nodes[i].Digit)
	}
	from := make([]int, len(nodes))
	for i := range from {
		from[i] = -1
	}
	out := make([]bool, len(nodes))
	parents := make([][]int, len(nodes))
	for _, k := range s.Links {
		from[k.To], out[k.From] = k.From, true
		if k.From >= 0 && k.From < len(nodes) && !slices.Contains(parents[k.To], k.From) {
			parents[k.To] = append(parents[k.To], k.From)
		}
	}
	var roots, leaves []int
	for i := range nodes {
		if from[i] < 0 {
			roots = append(roots, i)
		}
		if !out[i] && from[i] >= 0 {
			leaves = append(leaves, i)
		}
	}
	var concl string
	switch {
	case len(s.Placements) > 0:
		p := s.Placements[0]
		concl = n.CellName(p.Cell) + "=" + n.DigitName(p.Digit)
	case len(s.Eliminations) > 0:
		e := s.Eliminations[0]
		concl = n.CellName(e.Cell) + "<>" + n.DigitName(e.Digit)
	}
	if s.Technique == cageForcingNet {
		return forcingWords{head: explainCageForcing(s, n, concl, roots)}
	}
	next := make([][]int, len(nodes))
	for _, k := range s.Links {
		if k.From >= 0 && k.From < len(nodes) && k.To >= 0 && k.To < len(nodes) {
			next[k.From] = append(next[k.From], k.To)
		}
	}
	var sb strings.Builder
	sb.WriteString(s.Name())
	sb.WriteString(": ")
	if s.Technique == forcingChainContradiction || s.Technique == forcingNetContradiction {
		sb.WriteString(lit(roots[0]))
		sb.WriteString(" => ")
		sb.WriteString(forcingClash(s, n, leaves, lit))
	} else {
		for i, r := range roots {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%s => %s", lit(r), verityEnd(s, r, concl, next, lit))
		}
	}
	sb.WriteString("; so ")
	sb.WriteString(concl)
	if rules := forcingRules(s, n); rules != "" {
		sb.WriteString(" (by ")
		sb.WriteString(rules)
		sb.WriteString(")")
	}
	w := forcingWords{head: sb.String()}
	switch s.Technique {
	case forcingNetContradiction:
		// A net's nodes are too many to list, and its premise and clash
		// alone cannot be followed: the way from the premise to each side
		// of the clash can.
		w.paths = clashPaths(s, n, from, parents, leaves, lit)
		w.listed = len(w.paths) > 0
	case forcingNetVerity:
		// As a net's contradiction: its nodes are too many to list, and
		// its branches' ends alone cannot be followed.
		w.paths = verityPaths(s, n, roots, from, parents, next, lit)
		w.listed = len(w.paths) > 0
	case forcingChainContradiction, forcingChainVerity:
		w.listed = true
		for _, leaf := range leaves {
			var path []string
			for j := leaf; j >= 0; j = from[j] {
				path = append(path, lit(j))
			}
			slices.Reverse(path)
			w.paths = append(w.paths, strings.Join(path, " -> "))
		}
	}
	return w
}

// clashPair returns a candidate leaf i of a net and another candidate
// node j of the same cell and digit: the candidate its premise makes both
// true and false.
func clashPair(nodes []Node, leaves []int) (j, i int, ok bool) {
	for _, i := range leaves {
		for j := range nodes {
			if j != i && nodes[j].Kind == CandidateNode && nodes[i].Kind == CandidateNode && len(nodes[j].Cells) > 0 && len(nodes[i].Cells) > 0 &&
				nodes[j].Digit == nodes[i].Digit && nodes[j].Cells[0] == nodes[i].Cells[0] {
				return j, i, true
			}
		}
	}
	return 0, 0, false
}

// clashPaths words the ways from a net's premise to the nodes of its
// clash (a candidate true and false), or to its first leaves when the
// clash is of another kind (see wayText): "r2c8=3 -> r2c9<>3 -> cage 11+
// at r3c9 keeps {3,8} -> r8c8=8" and "r2c8=3 -> ... -> r8c8<>8". from[i]
// is a node node i follows from, -1 for none; parents[i] all of them.
func clashPaths(s *Step, n grid.Notation, from []int, parents [][]int, leaves []int, lit func(int) string) []string {
	nodes := s.Nodes
	ends := leaves[:min(len(leaves), 2)]
	if j, i, ok := clashPair(nodes, leaves); ok {
		ends = []int{j, i}
	}
	var paths []string
	for _, end := range ends {
		var way []int
		for j := end; j >= 0 && len(way) <= len(nodes); j = from[j] {
			way = append(way, j)
		}
		slices.Reverse(way)
		paths = append(paths, wayText(s, n, way, parents, lit))
	}
	return paths
}

// wayText words a way through a net's nodes, each after the one it
// follows from; a node that follows from others as well (a cell's last
// candidate, a digit's last place, a cage's fillings) names them, those
// the way passed before the node ahead of it too: "r9c6<>8 -> r3c6=8
// (with r2c6<>8)", so each arrow can be checked on the board alone.
func wayText(s *Step, n grid.Notation, way []int, parents [][]int, lit func(int) string) string {
	text := func(i int) string {
		nd := &s.Nodes[i]
		if nd.Kind == CandidateNode && len(nd.Cells) == 1 {
			return lit(i)
		}
		return trialNodeText(nd, n)
	}
	parts := make([]string, len(way))
	for k, j := range way {
		parts[k] = text(j)
		if k == 0 {
			continue
		}
		var with []string
		for _, p := range parents[j] {
			if p != way[k-1] {
				with = append(with, text(p))
			}
		}
		if len(with) > 0 {
			parts[k] += " (with " + strings.Join(with, ", ") + ")"
		}
	}
	return strings.Join(parts, " -> ")
}

// verityPaths words the way from each root of a net's verity to the
// conclusion its branch reaches, as clashPaths does a contradiction's
// (see wayText): "r8c5=5 -> r8c5<>8 -> ... -> r3c6<>5", and for a branch
// that ends in a candidate both true and false instead (see verityEnd)
// the ways to both: "r2c3=4 -> ... -> r5c5=3" and "r2c3=4 -> ... ->
// r5c5<>3"; nil when a branch's way cannot be told (it ends in another
// contradiction, or its nodes follow from another branch's).
func verityPaths(s *Step, n grid.Notation, roots, from []int, parents, next [][]int, lit func(int) string) []string {
	var paths []string
	for _, r := range roots {
		ends := []int{verityEndNode(s, r, next)}
		if ends[0] < 0 {
			j, i, ok := branchClash(s, r, next)
			if !ok {
				return nil
			}
			ends = []int{j, i}
		}
		for _, end := range ends {
			way := wayBack(from, end, r, len(s.Nodes))
			if way == nil {
				return nil
			}
			paths = append(paths, wayText(s, n, way, parents, lit))
		}
	}
	return paths
}

// wayBack returns the way from root r to node end, following from (from[i]
// is a node node i follows from, -1 for none) back from end; nil when it
// does not reach r within size nodes.
func wayBack(from []int, end, r, size int) []int {
	var way []int
	j := end
	for ; j >= 0 && len(way) <= size; j = from[j] {
		way = append(way, j)
		if j == r {
			break
		}
	}
	if j != r {
		return nil
	}
	slices.Reverse(way)
	return way
}

// verityEndNode returns the node of the branch from root r (the nodes it
// reaches by next) that is the step's conclusion, -1 for none.
func verityEndNode(s *Step, r int, next [][]int) int {
	for i, in := range verityBranch(s.Nodes, r, next) {
		if in && isConclusion(s, i) {
			return i
		}
	}
	return -1
}

// verityBranch marks the nodes the branch of a verity from root r reaches
// by next (through rule nodes too). next[i] are the nodes node i links to.
func verityBranch(nodes []Node, r int, next [][]int) []bool {
	in := make([]bool, len(nodes))
	in[r] = true
	for queue := []int{r}; len(queue) > 0; queue = queue[1:] {
		for _, j := range next[queue[0]] {
			if !in[j] {
				in[j] = true
				queue = append(queue, j)
			}
		}
	}
	return in
}

// isConclusion reports whether node i of step s is the candidate it
// places or removes, true or false as it does.
func isConclusion(s *Step, i int) bool {
	cd, on := CellDigit{Cell: -1}, false
	switch {
	case len(s.Placements) > 0:
		cd, on = s.Placements[0], true
	case len(s.Eliminations) > 0:
		cd = s.Eliminations[0]
	}
	nd := &s.Nodes[i]
	return nd.Kind == CandidateNode && len(nd.Cells) == 1 && nd.Cells[0] == cd.Cell && nd.Digit == cd.Digit &&
		(i < len(s.Marks) && s.Marks[i].Role == RoleOn) == on
}

// verityEnd words where the branch of a verity from root r ends: concl,
// or, for a branch that ends in a contradiction instead (its premise false
// on the board the step is drawn on: see forcing.branch), that
// contradiction: "r5c5=3 and r5c5<>3". next[i] are the nodes node i links
// to.
func verityEnd(s *Step, r int, concl string, next [][]int, lit func(int) string) string {
	if verityEndNode(s, r, next) >= 0 {
		return concl
	}
	if j, i, ok := branchClash(s, r, next); ok {
		return lit(j) + " and " + lit(i)
	}
	return "a contradiction"
}

// branchClash returns the nodes j (true) and i (false) of one candidate
// that the branch of a verity from root r reaches both (see
// forcing.branch). next[i] are the nodes node i links to.
func branchClash(s *Step, r int, next [][]int) (j, i int, ok bool) {
	nodes := s.Nodes
	isOn := func(i int) bool { return i < len(s.Marks) && s.Marks[i].Role == RoleOn }
	var branch []int
	for i, in := range verityBranch(nodes, r, next) {
		if in && nodes[i].Kind == CandidateNode && nodes[i].Digit > 0 && len(nodes[i].Cells) == 1 {
			branch = append(branch, i)
		}
	}
	for _, i := range branch {
		for _, j := range branch {
			if isOn(j) && !isOn(i) && nodes[j].Cells[0] == nodes[i].Cells[0] && nodes[j].Digit == nodes[i].Digit {
				return j, i, true
			}
		}
	}
	return 0, 0, false
}

// forcingRules names the cage and compartment rules a forcing net
// followed and what each kept where the net used it, e.g. "cage 12+ at
// r2c3 keeping {1,2,9},{3,4,5} then {3,4,5}; compartment r4c5-7 keeping
// {4,5,6}"; the fillings or straights of a rule whose are not listed
// (too many, or none left); "" when it followed none.
func forcingRules(s *Step, n grid.Notation) string {
	l := n.Layout
	var rules []string
	for _, k := range s.Cages {
		rules = append(rules, ruleKept(s, n, CageNode, k, cageName(n, k), "the fillings of "))
	}
	var sums []string
	for i := range s.Nodes {
		if nd := &s.Nodes[i]; nd.Kind == SumNode {
			if name := sumName(n, nd); !slices.Contains(sums, name) {
				sums = append(sums, name)
			}
		}
	}
	rules = append(rules, sums...)
	for _, u := range s.Units {
		if l.Unit(u).Kind == grid.Compartment {
			rules = append(rules, ruleKept(s, n, CompartmentNode, u, l.Unit(u).Name(), "the straights of "))
		}
	}
	return strings.Join(rules, "; ")
}

// ruleKept words rule i of kind (a cage or a compartment, named name) as
// the combinations or straights its nodes in s kept, in the order the net
// used them, or as what (e.g. "the fillings of ") of it when they list
// none.
func ruleKept(s *Step, n grid.Notation, kind NodeKind, i int, name, what string) string {
	var kept []string
	for _, nd := range s.Nodes {
		if nd.Kind != kind || len(nd.Combos) == 0 || kind == CageNode && nd.Cage != i || kind == CompartmentNode && nd.Unit != i {
			continue
		}
		if c := nodeCombos(n, &nd); !slices.Contains(kept, c) {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return what + name
	}
	return name + " keeping " + strings.Join(kept, " then ")
}

// sumName names the rule of a SumNode, e.g. "the innies of rows 1-3:
// r2c2+r2c7 sum to 12".
func sumName(n grid.Notation, nd *Node) string {
	return fmt.Sprintf("%s: %s sum to %d", nd.Origin, cellSum(n, nd.Cells), nd.Target)
}

// cellSum names cells added up, e.g. "r2c2+r2c7".
func cellSum(n grid.Notation, cells []int) string {
	return strings.Join(cellNames(n, cells), "+")
}

// cageName names cage k, e.g. "cage 12+ at r2c3".
func cageName(n grid.Notation, k int) string {
	cg := n.Layout.Cage(k)
	return fmt.Sprintf("cage %d%s at %s", cg.Target, cg.Op, n.CellName(cg.Cells[0]))
}

// forcingClash names the contradiction a forcing step's premise leads to:
// a candidate true and false, a cell or unit emptied, a cage without a
// filling or a compartment without a straight.
func forcingClash(s *Step, n grid.Notation, leaves []int, lit func(int) string) string {
	if s.Conflict != (grid.Conflict{}) {
		return s.Conflict.Describe(n)
	}
	nodes := s.Nodes
	for _, i := range leaves {
		if nd := &nodes[i]; nd.Kind == SumNode {
			return fmt.Sprintf("%s (%s) can no longer sum to %d", cellSum(n, nd.Cells), nd.Origin, nd.Target)
		}
	}
	if j, i, ok := clashPair(nodes, leaves); ok {
		return lit(j) + " and " + lit(i)
	}
	if len(leaves) == 0 {
		return "a contradiction"
	}
	if len(s.Units) > 0 {
		return "no place for " + n.DigitName(nodes[leaves[0]].Digit) + " in " + n.Layout.Unit(s.Units[0]).Name()
	}
	return n.CellName(nodes[leaves[0]].Cells[0]) + " has no candidate left"
}

package strategy

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The fish engine (HoDoKu's FishSolver, after the Ultimate Fish Guide): k
// base sets and k cover sets of one digit drawn from the rows, columns and
// regions of a board. The base sets hold k true digits in distinct cells;
// when the cover sets hold every base candidate, each cover set holds
// exactly one of them, so the cover sets' other candidates are false, and
// so is a base candidate in two cover sets (cannibalism). Base candidates
// the cover sets miss are fins, and so are candidates in two base sets
// (endo fins): then only candidates that also see every fin are false.
//
// One engine serves every fish strategy: basic fish (J), finned and sashimi
// fish (K), Franken (t) and Mutant (u) fish and the basic fish whose pairs
// make the Siamese finned fish. What differs between them is data, a
// fishShape value: which kinds of set may be base and cover sets, the fins
// allowed, and the order in which fish are reported. The search of sets
// serves every shape; the line shapes, which run on every classic solve,
// take the line path, a search on masks of lines with the same steps.

// fishShape is a kind of fish the engine looks for.
type fishShape struct {
	// kind is the family reported: a fish whose sets make another family
	// (fishKindOf) is left to that family's shape.
	kind fishKind
	// passes are the kinds of base and cover sets, searched in turn.
	passes []fishPass
	// fins are the fins allowed.
	fins fishFins
	// minBase is the fewest candidates a base set holds.
	minBase int
	// order is the order of the search, and so of the steps.
	order fishOrder
	// steps is the layout of the steps reported.
	steps fishLayout
}

// fishPass is one search of a shape: base sets of the kinds base (one of
// kind need among them, when need is not 0), cover sets of the kinds cover.
type fishPass struct{ base, cover, need uint8 }

// fishFins is a rule for the fins of a fish.
type fishFins uint8

const (
	// noFins: basic fish only.
	noFins fishFins = iota
	// regionFins: finned fish only, their fins all in one region, and
	// every base set keeping a candidate that is no fin (the finned and
	// sashimi fish of the line engine).
	regionFins
	// hodokuFins: fish with or without fins, at most fishMaxFins of them,
	// of which at most fishMaxEndoFins endo fins (HoDoKu's limits for
	// "find all steps"). On a board larger than 9×9 the search of one
	// digit and size is bounded (fishBudget).
	hodokuFins
)

// fishOrder is the order in which a shape's search reports fish.
type fishOrder uint8

const (
	// hodokuOrder: digit by digit, then size by size; the cover sets of
	// some base sets chosen candidate by candidate in cell order (in
	// find-all mode the fish of the same base sets come by their cover
	// sets, increasing, which names a Siamese fish as HoDoKu does).
	hodokuOrder fishOrder = iota
	// lineOrder: size by size, then digit by digit; the cover sets of some
	// base sets chosen in increasing order (the steps of the line fish
	// strategies, which run on every classic solve).
	lineOrder
)

// fishLayout is how a step lays out its fish.
type fishLayout uint8

const (
	// cellOrderSteps: Cells the base candidates in cell order;
	// Eliminations the cover candidates, then the cannibalistic ones, each
	// in cell order; Marks the base candidates, fins and eliminations.
	cellOrderSteps fishLayout = iota
	// baseLineSteps: Cells base line by base line; Eliminations along the
	// base lines' direction; no Marks (basic line fish).
	baseLineSteps
	// coverLineSteps: Cells base line by base line; Eliminations along the
	// cover lines' direction; no Marks (finned line fish).
	coverLineSteps
)

// The shapes of the fish strategies.
var (
	linePasses = []fishPass{{fishRow, fishCol, fishRow}, {fishCol, fishRow, fishCol}}
	// A base line of a basic fish holds two candidates at least: one
	// candidate is a single, not a fish.
	basicLineShape  = fishShape{kind: basicFish, passes: linePasses, fins: noFins, minBase: 2, order: lineOrder, steps: baseLineSteps}
	finnedLineShape = fishShape{kind: basicFish, passes: linePasses, fins: regionFins, minBase: 1, order: lineOrder, steps: coverLineSteps}
	// hodokuBasicShape finds the basic fish, finned or not, as HoDoKu
	// does, for the Siamese finned fish.
	hodokuBasicShape = fishShape{kind: basicFish, passes: linePasses, fins: hodokuFins, minBase: 1}
	frankenShape     = fishShape{kind: frankenFish, fins: hodokuFins, minBase: 1, passes: []fishPass{
		{fishRow | fishBox, fishCol | fishBox, fishRow}, {fishCol | fishBox, fishRow | fishBox, fishCol},
	}}
	mutantShape = fishShape{kind: mutantFish, fins: hodokuFins, minBase: 1, passes: []fishPass{
		{fishRow | fishCol | fishBox, fishRow | fishCol | fishBox, 0},
	}}
)

// fishKind is a family of fish, named by the kinds of its sets.
type fishKind uint8

const (
	basicFish fishKind = iota
	frankenFish
	mutantFish
)

// Kinds of set, as bits.
const (
	fishRow = 1 << iota
	fishCol
	fishBox
)

// Limits of the fins and sizes.
const (
	// fishMaxFins and fishMaxEndoFins are HoDoKu's limits for "find all
	// steps": at most five fins, endo fins included, of which at most two
	// endo fins.
	fishMaxFins     = 5
	fishMaxEndoFins = 2
	// fishMaxSize is the largest fish (Leviathan).
	fishMaxSize = 7
	// fishMaxUnits bounds the rows, columns and boxes of a board.
	fishMaxUnits = 3 * grid.MaxSize
	// fishMaxDepth bounds the cover search's depth: a cover set or a fin
	// a level, fins all in one region at most.
	fishMaxDepth = fishMaxSize + grid.MaxSize + 2
)

// fishSet is a set of the candidates of one digit, numbered in cell order
// (fishEngine.cells); only the first fishEngine.nw words are used.
type fishSet [grid.MaxSize * grid.MaxSize / 64]uint64

// fishUnits is a set of sets (rows, columns, boxes) by their order number.
type fishUnits [2]uint64

func (u *fishUnits) add(i int)      { u[i>>6] |= 1 << (i & 63) }
func (u *fishUnits) has(i int) bool { return u[i>>6]&(1<<(i&63)) != 0 }
func (u *fishUnits) count() int     { return bits.OnesCount64(u[0]) + bits.OnesCount64(u[1]) }

// fishFrame is the state of the cover search at one depth.
type fishFrame struct {
	covered fishSet // candidates in the cover sets chosen
	twice   fishSet // candidates in two of them
	fins    fishSet // fins so far (endo fins included)
	seeFins fishSet // candidates that see every fin
	excl    fishUnits
	covers  [fishMaxSize]uint8
	nc      int
	nfins   int
	finned  bool
	region  int // the region of the fins under regionFins, -1 before one
}

// fishEngine is the scratch of a search of fish on one board.
type fishEngine struct {
	b     *grid.Board
	sink  *Sink
	shape *fishShape
	d     int
	k     int
	nw    int // words of a fishSet in use
	m     int // candidates of the digit
	units int // sets of the board: N rows, N columns, and N boxes or none

	cells     [grid.MaxSize * grid.MaxSize]int32 // candidate -> cell
	index     [grid.MaxSize * grid.MaxSize]int32 // cell -> candidate, -1 when none
	cellUnits [grid.MaxSize * grid.MaxSize][3]uint8
	// loaded is the digit whose candidates are loaded, 0 when none; gen
	// counts the loads (of any board: the engine is pooled).
	loaded int
	gen    uint32
	// peers[i] holds the candidates that see candidate i, computed when
	// peersOf first asks for it (peerGen[i] == gen).
	peers     [grid.MaxSize * grid.MaxSize]fishSet
	peerGen   [grid.MaxSize * grid.MaxSize]uint32
	unitCands [fishMaxUnits]fishSet
	unitKind  [fishMaxUnits]uint8
	unitIndex [fishMaxUnits]int // index into Layout.Units
	live      [fishMaxUnits]bool

	// The search of one pass.
	coverOK  uint8 // kinds of set allowed as cover sets
	maxFins  int
	maxEndo  int
	bySet    bool // covers chosen in increasing order (lineOrder)
	finLines int  // cover sets beyond k the shape's fins may add, -1 for no cut
	// With one kind of cover set: coverIdx is its index in cellUnits (else
	// -1), cut is finLines (else -1), and coverOf maps a base set to the
	// cover sets holding its candidates.
	coverIdx int
	cut      int
	coverOf  [fishMaxUnits]fishUnits

	// The base sets chosen.
	bases    [fishMaxSize]uint8
	baseSet  fishUnits
	base     [fishMaxSize + 1]fishSet // union of the first i base sets
	endo     [fishMaxSize + 1]fishSet
	endoN    [fishMaxSize + 1]int
	union    [fishMaxSize + 1]fishUnits // cover sets of the first i base sets, when cut >= 0
	baseMask uint8                      // kinds of the base sets
	frames   [fishMaxDepth]fishFrame
	pending  []fishFound // the fish of the current base sets
	stopped  bool
	// cancelled tells that the sink was cancelled (see Sink.Cancel): the
	// search is over, not only that of a digit and size.
	cancelled bool
	work      uint // units of work spent, to poll the sink's cancellation
	// budget is the work left (base sets and cover steps tried) under
	// hodokuFins on a board larger than 9×9; -1 when the search is not
	// bounded.
	budget int
}

// fishBudget bounds the work of the search of the fish of one digit and
// size on a board larger than 9×9 under hodokuFins, where the sets to
// combine are many more (a Franken Jellyfish search of a 25×25 board would
// take minutes): about 20 ms, after which the search goes on with the next
// digit or size. So a search there may miss fish: Franken and Mutant fish
// are HoDoKu's, rated and bounded for 9×9 boards.
const fishBudget = 1 << 17

// spend counts one unit of work and reports false when the budget is
// spent, stopping the search.
func (f *fishEngine) spend() bool {
	if f.work++; f.work%cancelEvery == 0 && f.sink.Cancelled() {
		f.stopped, f.cancelled = true, true
		return false
	}
	if f.budget < 0 {
		return true
	}
	if f.budget == 0 {
		f.stopped = true
		return false
	}
	f.budget--
	return true
}

// fishFound is a fish found, kept until the fish of its base sets are all
// found, to report them in order of their cover sets.
type fishFound struct {
	covers         [fishMaxSize]uint8
	nc             int
	finned         bool
	fins           fishSet
	elim, cannibal fishSet
}

var fishPool = sync.Pool{New: func() any { return new(fishEngine) }}

// findFish reports the fish of shape on b into sink, sizes as the sink
// asks (2 to 4 by default).
func findFish(b *grid.Board, sink *Sink, shape *fishShape) {
	if shape.linePath() {
		if shape.fins == regionFins && b.Layout().Regions() == nil {
			return // fins must share a region; KenKen boards have none
		}
		findLineFish(b, sink, shape)
		return
	}
	f := fishPool.Get().(*fishEngine)
	defer fishPool.Put(f)
	f.run(b, sink, shape)
}

// run reports every fish of shape on b into sink by the search of sets.
func (f *fishEngine) run(b *grid.Board, sink *Sink, shape *fishShape) {
	if f.start(b, sink, shape) {
		f.runSets()
	}
}

// start readies f for a search of shape on b; it reports false when b
// can hold no such fish.
func (f *fishEngine) start(b *grid.Board, sink *Sink, shape *fishShape) bool {
	if (shape.kind == frankenFish || shape.fins == regionFins) && b.Layout().Regions() == nil {
		return false // Franken fish need boxes, region fins regions
	}
	f.b, f.sink, f.shape, f.stopped, f.cancelled = b, sink, shape, false, false
	f.layoutUnits()
	return true
}

// runSets reports every fish of f.shape on f.b into f.sink by the search
// of base and cover sets, which serves every shape.
func (f *fishEngine) runSets() {
	l := f.b.Layout()
	lo, hi := sizes(f.sink, maxSetSize)
	hi = min(hi, fishMaxSize, l.N-1)
	f.limits()
	if f.shape.order == lineOrder {
		for k := lo; k <= hi; k++ {
			for d := 1; d <= l.N; d++ {
				if !f.digitSize(d, k) {
					return
				}
			}
		}
		return
	}
	for d := 1; d <= l.N; d++ {
		for k := lo; k <= hi; k++ {
			if !f.digitSize(d, k) {
				return
			}
		}
	}
}

// limits sets the limits of the fins of f's shape.
func (f *fishEngine) limits() {
	l := f.b.Layout()
	f.bySet = f.shape.order == lineOrder
	switch f.shape.fins {
	case noFins:
		f.maxFins, f.maxEndo, f.finLines = 0, 0, 0
	case regionFins:
		// Fins in one region lie in as many cover lines as the region
		// spans, at most.
		f.maxFins, f.maxEndo, f.finLines = l.Cells, 0, l.N
		if l.BoxCols > 0 {
			f.finLines = max(l.BoxRows, l.BoxCols)
		}
	default:
		// No cut: the bounded search spends its budget as it always has.
		f.maxFins, f.maxEndo, f.finLines = fishMaxFins, fishMaxEndoFins, -1
	}
}

// digitSize searches the fish of digit d and size k; it returns false
// when the search is over (the sink is done or cancelled).
func (f *fishEngine) digitSize(d, k int) bool {
	if !f.sink.wants(d) {
		return true
	}
	if f.loaded != d {
		f.d = d
		if !f.loadPlane() {
			return true
		}
		f.loaded = d
	}
	f.k = k
	f.budget = -1
	if f.shape.fins == hodokuFins && f.b.Layout().N > 9 {
		f.budget = fishBudget
	}
	for i := range f.shape.passes {
		f.searchBases(&f.shape.passes[i])
	}
	if f.sink.Done() || f.cancelled {
		return false
	}
	f.stopped = false // the budget ran out: on with the next
	return true
}

// layoutUnits numbers the sets as HoDoKu does: rows, columns, then boxes.
func (f *fishEngine) layoutUnits() {
	l := f.b.Layout()
	f.units = 2 * l.N
	if l.Regions() != nil {
		f.units = 3 * l.N
	}
	for u := range l.Units() {
		unit := l.Unit(u)
		switch unit.Kind {
		case grid.Row:
			f.unitIndex[unit.Index], f.unitKind[unit.Index] = u, fishRow
		case grid.Column:
			f.unitIndex[l.N+unit.Index], f.unitKind[l.N+unit.Index] = u, fishCol
		case grid.Region:
			f.unitIndex[2*l.N+unit.Index], f.unitKind[2*l.N+unit.Index] = u, fishBox
		}
	}
	f.loaded = 0
}

// loadPlane loads the candidates of digit f.d; it reports false when the
// digit has none.
func (f *fishEngine) loadPlane() bool {
	b, l := f.b, f.b.Layout()
	bit := grid.Bit(f.d)
	if f.gen++; f.gen == 0 {
		clear(f.peerGen[:]) // wrapped: an old mark could pass for new
		f.gen = 1
	}
	f.m = 0
	for cell, c := range b.Candidates() {
		f.index[cell] = -1
		if c&bit != 0 {
			f.index[cell] = int32(f.m)
			f.cells[f.m] = int32(cell)
			f.m++
		}
	}
	if f.m == 0 {
		return false
	}
	f.nw = (f.m + 63) / 64
	for u := 0; u < f.units; u++ {
		clear(f.unitCands[u][:f.nw])
	}
	for i := 0; i < f.m; i++ {
		cell := int(f.cells[i])
		r, c := cell/l.N, cell%l.N
		f.cellUnits[i] = [3]uint8{uint8(r), uint8(l.N + c), 255}
		f.unitCands[r][i>>6] |= 1 << (i & 63)
		f.unitCands[l.N+c][i>>6] |= 1 << (i & 63)
		if l.Regions() != nil {
			g := 2*l.N + l.Region(cell)
			f.cellUnits[i][2] = uint8(g)
			f.unitCands[g][i>>6] |= 1 << (i & 63)
		}
	}
	for u := 0; u < f.units; u++ {
		f.live[u] = f.count(&f.unitCands[u]) >= f.shape.minBase
	}
	return true
}

// peersOf returns the candidates that see candidate i.
func (f *fishEngine) peersOf(i int) *fishSet {
	p := &f.peers[i]
	if f.peerGen[i] == f.gen {
		return p
	}
	f.peerGen[i] = f.gen
	clear(p[:f.nw])
	for _, q := range f.b.Layout().Peers(int(f.cells[i])) {
		if j := f.index[q]; j >= 0 {
			p[j>>6] |= 1 << (j & 63)
		}
	}
	return p
}

func (f *fishEngine) empty(s *fishSet) bool {
	for w := 0; w < f.nw; w++ {
		if s[w] != 0 {
			return false
		}
	}
	return true
}

func (f *fishEngine) count(s *fishSet) int {
	n := 0
	for w := 0; w < f.nw; w++ {
		n += bits.OnesCount64(s[w])
	}
	return n
}

// searchBases tries every k base sets of pass p against its cover sets.
func (f *fishEngine) searchBases(p *fishPass) {
	f.coverOK = p.cover
	clear(f.base[0][:f.nw])
	clear(f.endo[0][:f.nw])
	f.endoN[0] = 0
	f.baseSet = fishUnits{}
	f.union[0] = fishUnits{}
	// With one kind of cover line a base candidate lies in one cover set:
	// the cover sets of the base sets chosen are then at most k and the
	// lines the fins may add.
	switch p.cover {
	case fishRow:
		f.coverIdx, f.cut = 0, f.finLines
	case fishCol:
		f.coverIdx, f.cut = 1, f.finLines
	default:
		f.coverIdx, f.cut = -1, -1
	}
	if f.cut >= 0 {
		for u := 0; u < f.units; u++ {
			if !f.live[u] || f.unitKind[u]&p.base == 0 {
				continue
			}
			var cov fishUnits
			for w := 0; w < f.nw; w++ {
				for x := f.unitCands[u][w]; x != 0; x &= x - 1 {
					cov.add(int(f.cellUnits[w<<6+bits.TrailingZeros64(x)][f.coverIdx]))
				}
			}
			f.coverOf[u] = cov
		}
	}
	f.pickBase(0, 0, p.base, p.need, 0)
}

// pickBase chooses base set number level among the sets from on, in
// increasing order.
func (f *fishEngine) pickBase(level, from int, kinds, need, mask uint8) {
	if level == f.k {
		if need != 0 && mask&need == 0 {
			return
		}
		f.baseMask = mask
		f.coverSearch()
		return
	}
	for u := from; u <= f.units-(f.k-level) && !f.stopped; u++ {
		if !f.live[u] || f.unitKind[u]&kinds == 0 || !f.spend() {
			continue
		}
		if level == 0 && need != 0 && f.unitKind[u]&need == 0 {
			// Sets are numbered rows, columns, boxes: once past the needed
			// kind as first set, no later choice has it. (Boxes are never
			// needed.)
			continue
		}
		if f.cut >= 0 {
			u2 := f.union[level]
			u2[0] |= f.coverOf[u][0]
			u2[1] |= f.coverOf[u][1]
			if u2.count() > f.k+f.cut {
				continue // more cover sets than the fish and its fins may hold
			}
			f.union[level+1] = u2
		}
		prev, next := &f.base[level], &f.base[level+1]
		endo, overlap := 0, false
		for w := 0; w < f.nw; w++ {
			x := prev[w] & f.unitCands[u][w]
			endo += bits.OnesCount64(x)
			next[w] = prev[w] | f.unitCands[u][w]
			f.endo[level+1][w] = f.endo[level][w] | x
			overlap = overlap || x != 0
		}
		f.endoN[level+1] = f.endoN[level] + endo
		if overlap && f.endoN[level+1] > f.maxEndo {
			continue
		}
		f.bases[level] = uint8(u)
		f.baseSet.add(u)
		f.pickBase(level+1, u+1, kinds, need, mask|f.unitKind[u])
		f.baseSet[u>>6] &^= 1 << (u & 63)
	}
}

// coverSearch looks for the cover sets of the chosen base sets. It covers
// a base candidate not yet covered, not a fin, by each set that may hold
// it, or makes it a fin; a set passed over for a candidate is not taken
// later, so every choice of cover sets comes once.
func (f *fishEngine) coverSearch() {
	fr := &f.frames[0]
	clear(fr.covered[:f.nw])
	clear(fr.twice[:f.nw])
	clear(fr.fins[:f.nw])
	fr.nfins, fr.finned, fr.region = 0, false, -1
	for w := 0; w < f.nw; w++ {
		fr.seeFins[w] = ^uint64(0)
	}
	endo := f.endo[f.k]
	for w := 0; w < f.nw; w++ {
		for x := endo[w]; x != 0; x &= x - 1 {
			if !f.addFin(fr, w<<6+bits.TrailingZeros64(x)) {
				return
			}
		}
	}
	if fr.finned && f.empty(&fr.seeFins) {
		return
	}
	fr.excl = f.baseSet
	fr.nc = 0
	f.pending = f.pending[:0]
	f.cover(0)
	// The fish of the same base sets by their cover sets, increasing (an
	// insertion sort: the fish of some base sets are few).
	p := f.pending
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && slices.Compare(p[j].covers[:p[j].nc], p[j-1].covers[:p[j-1].nc]) < 0; j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
	for i := range p {
		f.emit(&p[i])
	}
}

// addFin makes candidate c a fin of fr; it reports false when the shape's
// fins may not take it (another region under regionFins).
func (f *fishEngine) addFin(fr *fishFrame, c int) bool {
	if f.shape.fins == regionFins {
		r := f.b.Layout().Region(int(f.cells[c]))
		if fr.region >= 0 && r != fr.region {
			return false
		}
		fr.region = r
	}
	fr.fins[c>>6] |= 1 << (c & 63)
	fr.nfins++
	fr.finned = true
	f.and(&fr.seeFins, f.peersOf(c))
	return true
}

func (f *fishEngine) and(dst, s *fishSet) {
	for w := 0; w < f.nw; w++ {
		dst[w] &= s[w]
	}
}

// next returns the base candidate of fr to cover next, neither covered nor
// a fin, or -1: the first in cell order, or with bySet the first of the
// lowest cover set holding one (so that the cover sets come in increasing
// order).
func (f *fishEngine) next(fr *fishFrame) int {
	base := &f.base[f.k]
	if !f.bySet {
		for w := 0; w < f.nw; w++ {
			if x := base[w] &^ fr.covered[w] &^ fr.fins[w]; x != 0 {
				return w<<6 + bits.TrailingZeros64(x)
			}
		}
		return -1
	}
	first := f.coverIdx * f.b.Layout().N
	for u := first; u < first+f.b.Layout().N; u++ {
		s := &f.unitCands[u]
		for w := 0; w < f.nw; w++ {
			if x := s[w] & base[w] &^ fr.covered[w] &^ fr.fins[w]; x != 0 {
				return w<<6 + bits.TrailingZeros64(x)
			}
		}
	}
	return -1
}

// cover extends the cover sets of frame depth.
func (f *fishEngine) cover(depth int) {
	if f.stopped || !f.spend() {
		return
	}
	fr := &f.frames[depth]
	base := &f.base[f.k]
	c := f.next(fr)
	if c < 0 {
		if fr.nc == f.k {
			f.found(fr)
			return
		}
		f.fill(depth, 0)
		return
	}
	next := &f.frames[depth+1]
	if fr.nc == f.k {
		// Every base candidate left is a fin.
		if f.maxFins == 0 {
			return
		}
		f.copyFrame(next, fr)
		for w := 0; w < f.nw; w++ {
			for x := base[w] &^ fr.covered[w] &^ fr.fins[w]; x != 0; x &= x - 1 {
				if !f.addFin(next, w<<6+bits.TrailingZeros64(x)) {
					return
				}
			}
		}
		if next.nfins <= f.maxFins && !f.empty(&next.seeFins) {
			f.found(next)
		}
		return
	}
	// Cover c by each set that may hold it, in order.
	excl := fr.excl
	for _, u := range f.cellUnits[c] {
		if u == 255 || excl.has(int(u)) || f.unitKind[u]&f.coverOK == 0 {
			continue
		}
		f.copyFrame(next, fr)
		next.excl = excl
		f.addCover(next, int(u))
		f.cover(depth + 1)
		excl.add(int(u))
	}
	// Or c is a fin: then no set holding it is a cover set.
	if fr.nfins >= f.maxFins {
		return
	}
	f.copyFrame(next, fr)
	if !f.addFin(next, c) || f.empty(&next.seeFins) {
		return
	}
	for _, u := range f.cellUnits[c] {
		if u != 255 {
			next.excl.add(int(u))
		}
	}
	f.cover(depth + 1)
}

// copyFrame copies the words in use of src to dst.
func (f *fishEngine) copyFrame(dst, src *fishFrame) {
	for w := 0; w < f.nw; w++ {
		dst.covered[w], dst.twice[w], dst.fins[w], dst.seeFins[w] = src.covered[w], src.twice[w], src.fins[w], src.seeFins[w]
	}
	dst.excl, dst.covers, dst.nc, dst.nfins, dst.finned, dst.region = src.excl, src.covers, src.nc, src.nfins, src.finned, src.region
}

// addCover adds set u to the cover sets of fr.
func (f *fishEngine) addCover(fr *fishFrame, u int) {
	s := &f.unitCands[u]
	for w := 0; w < f.nw; w++ {
		fr.twice[w] |= fr.covered[w] & s[w]
		fr.covered[w] |= s[w]
	}
	fr.excl.add(u)
	fr.covers[fr.nc] = uint8(u)
	fr.nc++
}

// fill completes cover sets that already hold every base candidate (but
// the fins) with sets that hold some base candidate, from set number from
// on.
func (f *fishEngine) fill(depth, from int) {
	fr := &f.frames[depth]
	if fr.nc == f.k {
		f.found(fr)
		return
	}
	base := &f.base[f.k]
	next := &f.frames[depth+1]
	for u := from; u < f.units && !f.stopped; u++ {
		if fr.excl.has(u) || f.unitKind[u]&f.coverOK == 0 || !f.live[u] {
			continue
		}
		meets := false
		for w := 0; w < f.nw; w++ {
			if f.unitCands[u][w]&base[w] != 0 {
				meets = true
				break
			}
		}
		if !meets {
			continue
		}
		f.copyFrame(next, fr)
		f.addCover(next, u)
		f.fill(depth+1, u+1)
	}
}

// found keeps the fish of the chosen base sets and the cover sets of fr,
// if the shape reports it and it eliminates something.
func (f *fishEngine) found(fr *fishFrame) {
	var coverMask uint8
	for i := 0; i < fr.nc; i++ {
		coverMask |= f.unitKind[fr.covers[i]]
	}
	if fishKindOf(f.baseMask, coverMask) != f.shape.kind || !f.finsFit(fr) {
		return
	}
	base := &f.base[f.k]
	// Candidates of the cover sets outside the base sets, and base
	// candidates in two cover sets, that see every fin.
	var elim, cannibal fishSet
	any := false
	for w := 0; w < f.nw; w++ {
		see := ^uint64(0)
		if fr.finned {
			see = fr.seeFins[w]
		}
		elim[w] = fr.covered[w] &^ base[w] & see
		cannibal[w] = fr.twice[w] & base[w] & see
		any = any || elim[w]|cannibal[w] != 0
	}
	if !any {
		return
	}
	f.pending = append(f.pending, fishFound{covers: fr.covers, nc: fr.nc, finned: fr.finned})
	x := &f.pending[len(f.pending)-1]
	slices.Sort(x.covers[:x.nc])
	copy(x.fins[:f.nw], fr.fins[:f.nw])
	copy(x.elim[:f.nw], elim[:f.nw])
	copy(x.cannibal[:f.nw], cannibal[:f.nw])
	if !f.sink.All {
		f.stopped = true // the first fish will do
	}
	if k := f.sink.Limit; f.sink.All && k > 0 && len(f.pending)+len(f.sink.steps) >= k {
		f.stopped = true // as many as wanted
	}
}

// finsFit reports whether the fins of fr are what the shape reports:
// none, or under regionFins some, with every base set keeping a candidate
// that is no fin.
func (f *fishEngine) finsFit(fr *fishFrame) bool {
	switch f.shape.fins {
	case noFins:
		return !fr.finned
	case regionFins:
		if !fr.finned {
			return false
		}
		for i := 0; i < f.k; i++ {
			s := &f.unitCands[f.bases[i]]
			body := false
			for w := 0; w < f.nw && !body; w++ {
				body = s[w]&^fr.fins[w] != 0
			}
			if !body {
				return false // a set of fins only is no base set
			}
		}
	}
	return true
}

// fishKindOf returns the kind of a fish of base and cover sets of the
// kinds given (HoDoKu's rule).
func fishKindOf(base, cover uint8) fishKind {
	switch {
	case base == fishRow && cover == fishCol, base == fishCol && cover == fishRow:
		return basicFish
	case base&^fishBox == fishRow && cover&^fishBox == fishCol,
		base&^fishBox == fishCol && cover&^fishBox == fishRow:
		return frankenFish
	}
	return mutantFish
}

// emit adds the step of a fish: Units are the base sets, then the cover
// sets; Cells, Eliminations and Marks as the shape's layout says.
func (f *fishEngine) emit(fr *fishFound) {
	s := f.sink.Add()
	s.Technique = fishTechnique(f.shape.kind, fr.finned, f.k, f.sashimi(fr))
	s.Digits = grid.Bit(f.d)
	for i := 0; i < f.k; i++ {
		s.Units = append(s.Units, f.unitIndex[f.bases[i]])
	}
	for _, u := range fr.covers[:fr.nc] {
		s.Units = append(s.Units, f.unitIndex[u])
	}
	if f.shape.steps == cellOrderSteps {
		f.emitCellOrder(s, fr)
		return
	}
	// Line fish: the base lines' candidates line by line, then the
	// eliminations (never cannibalistic: lines of one kind are disjoint)
	// along the base lines, or along the cover lines.
	for i := 0; i < f.k; i++ {
		set := &f.unitCands[f.bases[i]]
		for w := 0; w < f.nw; w++ {
			for x := set[w]; x != 0; x &= x - 1 {
				s.Cells = append(s.Cells, int(f.cells[w<<6+bits.TrailingZeros64(x)]))
			}
		}
	}
	for w := 0; w < f.nw; w++ {
		for x := fr.elim[w]; x != 0; x &= x - 1 {
			s.Eliminations = append(s.Eliminations, CellDigit{int(f.cells[w<<6+bits.TrailingZeros64(x)]), f.d})
		}
	}
	// The candidates come in cell order, row by row: turn them column by
	// column when the lines they run along are columns.
	alongCols := f.unitKind[f.bases[0]] == fishCol
	if f.shape.steps == coverLineSteps {
		alongCols = !alongCols
	}
	if alongCols {
		n := f.b.Layout().N
		slices.SortFunc(s.Eliminations, func(a, c CellDigit) int {
			if a.Cell%n != c.Cell%n {
				return a.Cell%n - c.Cell%n
			}
			return a.Cell - c.Cell
		})
	}
}

// emitCellOrder lays out the step s of fr in cell order (cellOrderSteps).
func (f *fishEngine) emitCellOrder(s *Step, fr *fishFound) {
	base := &f.base[f.k]
	for w := 0; w < f.nw; w++ {
		for x := base[w]; x != 0; x &= x - 1 {
			i := w<<6 + bits.TrailingZeros64(x)
			cell := int(f.cells[i])
			s.Cells = append(s.Cells, cell)
			role := RolePattern
			if fr.fins[w]&(x&-x) != 0 {
				role = RoleFin
			}
			s.Marks = append(s.Marks, Mark{cell, f.d, role})
		}
	}
	for _, set := range [2]*fishSet{&fr.elim, &fr.cannibal} {
		for w := 0; w < f.nw; w++ {
			for x := set[w]; x != 0; x &= x - 1 {
				cell := int(f.cells[w<<6+bits.TrailingZeros64(x)])
				s.Eliminations = append(s.Eliminations, CellDigit{cell, f.d})
				s.Marks = append(s.Marks, Mark{cell, f.d, RoleTarget})
			}
		}
	}
}

// sashimi reports whether a finned basic fish is sashimi: a base set
// keeps at most one candidate without its fins.
func (f *fishEngine) sashimi(fr *fishFound) bool {
	if !fr.finned {
		return false
	}
	for i := 0; i < f.k; i++ {
		n := 0
		s := &f.unitCands[f.bases[i]]
		for w := 0; w < f.nw; w++ {
			n += bits.OnesCount64(s[w] &^ fr.fins[w])
		}
		if n <= 1 {
			return true
		}
	}
	return false
}

// The line path. The line shapes (basicLineShape, finnedLineShape) run on
// every classic solve, so they take a search of their own: their base and
// cover sets are lines of one direction each, and a base line is then a
// mask of cover lines, so the cover lines of some base lines are the union
// of their masks (no search of covers for basic fish; for finned fish, a
// choice of k lines among that union, the others holding the fins). Its
// steps are the set search's on the same shapes (TestFishPathsAgree).

// linePath reports whether shape is a line shape, searched by
// findLineFish.
func (s *fishShape) linePath() bool {
	return s.kind == basicFish && s.order == lineOrder && s.fins != hodokuFins
}

// fishLines is the state of the line path: the digit planes of the board
// and the digit, direction and size searched.
type fishLines struct {
	b     *grid.Board
	sink  *Sink
	shape *fishShape
	work  uint // fish tried, to poll the sink's cancellation
	// band, on boards of regular boxes, maps a cover line to the cover
	// lines of its band of boxes across the base lines: fins all in one
	// box lie in one band. Nil on other boards and for basic fish.
	band *[grid.MaxSize]uint32
	// regional, for finned fish on boards of irregular regions (jigsaw),
	// cuts the cover choices whose fins already lie in two regions, as
	// band does on regular boxes.
	regional bool
	finned   bool
	d, k     int
	byRow    bool
	lines    *[grid.MaxSize]uint32 // base line -> cover lines with the digit
	maxFin   int                   // the most cover lines fins may add
}

// findLineFish reports the fish of the line shape on b: sizes as the sink
// asks, smallest first, then digit by digit, rows as base lines before
// columns. It returns the number of choices of base and cover lines it
// tried (the search's work). Its state is on the stack (no field of ln may
// point into ln, which would move it to the heap): a solve calls it often.
func findLineFish(b *grid.Board, sink *Sink, shape *fishShape) uint {
	ln := fishLines{b: b, sink: sink, shape: shape}
	l := b.Layout()
	n := l.N
	ln.finned = shape.fins == regionFins
	ln.maxFin = 0
	banded := false
	var rowBand, colBand [grid.MaxSize]uint32
	if ln.finned {
		ln.maxFin = n
		if l.BoxCols > 0 {
			banded = true
			ln.maxFin = max(l.BoxRows, l.BoxCols)
			for i := 0; i < n; i++ {
				rowBand[i] = (1<<l.BoxCols - 1) << (i - i%l.BoxCols)
				colBand[i] = (1<<l.BoxRows - 1) << (i - i%l.BoxRows)
			}
		}
	}
	// The digit planes, read once: planes[0][d-1] maps a row to the
	// columns holding digit d, planes[1][d-1] a column to the rows.
	var planes [2][grid.MaxSize][grid.MaxSize]uint32
	for cell, cand := range b.Candidates() {
		r, c := cell/n, cell%n
		for m := cand; m != 0; m &= m - 1 {
			d := m.Min() - 1
			planes[0][d][r] |= 1 << c
			planes[1][d][c] |= 1 << r
		}
	}
	lo, hi := sizes(sink, maxSetSize)
	for k := lo; k <= hi; k++ {
		for d := 1; d <= n; d++ {
			if !sink.wants(d) {
				continue
			}
			for o, byRow := range [2]bool{true, false} {
				ln.d, ln.k, ln.byRow, ln.lines = d, k, byRow, &planes[o][d-1]
				ln.band, ln.regional = nil, ln.finned && !banded
				if banded {
					// Rows as base lines cover columns, banded by box width.
					ln.band = &rowBand
					if !byRow {
						ln.band = &colBand
					}
				}
				var live uint32
				for base := 0; base < n; base++ {
					if c := bits.OnesCount32(ln.lines[base]); c >= shape.minBase && c <= k+ln.maxFin {
						live |= 1 << base
					}
				}
				if !ln.bases(live, 0, k, 0, 0) {
					return ln.work
				}
			}
		}
	}
	return ln.work
}

// cell returns the cell of base line base and cover line cover.
func (ln *fishLines) cell(base, cover int) int {
	if ln.byRow {
		return base*ln.b.Layout().N + cover
	}
	return cover*ln.b.Layout().N + base
}

// bases chooses the base lines, lowest first; it returns false when
// the sink is done or cancelled.
func (ln *fishLines) bases(live uint32, from, left int, chosen, union uint32) bool {
	if left == 0 {
		extra := bits.OnesCount32(union) - ln.k
		if !ln.finned {
			return extra != 0 || ln.try(chosen, union)
		}
		if extra <= 0 {
			return true // a basic fish
		}
		return ln.covers(chosen, union, ln.k, 0, 0)
	}
	for i := from; i <= ln.b.Layout().N-left; i++ {
		if live&(1<<i) == 0 {
			continue
		}
		next := union | ln.lines[i]
		if bits.OnesCount32(next) > ln.k+ln.maxFin {
			continue // more cover lines than the fish and its fins may hold
		}
		if !ln.bases(live, i+1, left-1, chosen|1<<i, next) {
			return false
		}
	}
	return true
}

// covers chooses k cover lines among rest, lowest first, and tries
// the fish they make; fins holds the lines passed over, which hold fins.
// Choices whose fins cannot lie in one region are cut. It returns false when
// the sink is done or cancelled.
func (ln *fishLines) covers(chosen, rest uint32, left int, cover, fins uint32) bool {
	if left == 0 {
		if ln.scattered(chosen, fins|rest) {
			return true
		}
		return ln.try(chosen, cover)
	}
	for m := rest; m != 0; m &= m - 1 {
		passed := fins | rest&^m
		if ln.scattered(chosen, passed) {
			break // passing over more lines only scatters the fins more
		}
		bit := m & -m
		if !ln.covers(chosen, m&^bit, left-1, cover|bit, passed) {
			return false
		}
	}
	return true
}

// scattered reports whether the fins of base lines chosen in cover lines
// lines could not all lie in one region: on a board of regular boxes,
// when lines span two bands of boxes; on one of irregular regions, when
// the candidates of chosen in lines lie in two regions (passing over
// more lines only adds fins).
func (ln *fishLines) scattered(chosen, lines uint32) bool {
	if band := ln.band; band != nil {
		return lines != 0 && lines&^band[trailing(lines)] != 0
	}
	if !ln.regional {
		return false
	}
	l := ln.b.Layout()
	region := -1
	for m := lines; m != 0; m &= m - 1 {
		c := trailing(m)
		for x := chosen; x != 0; x &= x - 1 {
			base := trailing(x)
			if ln.lines[base]&(1<<c) == 0 {
				continue
			}
			if r := l.Region(ln.cell(base, c)); region < 0 {
				region = r
			} else if r != region {
				return true
			}
		}
	}
	return false
}

// try checks the fish of base lines chosen and cover lines cover; it
// returns false when the sink is done or cancelled.
func (ln *fishLines) try(chosen, cover uint32) bool {
	if ln.work++; ln.work%cancelEvery == 0 && ln.sink.Cancelled() {
		return false
	}
	l := ln.b.Layout()
	var fins [grid.MaxSize]int
	nf := 0
	sashimi := false
	if ln.finned {
		region := -1
		for m := chosen; m != 0; m &= m - 1 {
			base := trailing(m)
			body := bits.OnesCount32(ln.lines[base] & cover)
			if body == 0 {
				return true // a line of fins only is no base line
			}
			sashimi = sashimi || body == 1
			for x := ln.lines[base] &^ cover; x != 0; x &= x - 1 {
				r := l.Region(ln.cell(base, trailing(x)))
				if region >= 0 && r != region {
					return true
				}
				region = r
			}
		}
		if region < 0 {
			return true // no fins: a basic fish
		}
		for m := chosen; m != 0; m &= m - 1 {
			base := trailing(m)
			for x := ln.lines[base] &^ cover; x != 0; x &= x - 1 {
				fins[nf] = ln.cell(base, trailing(x))
				nf++
			}
		}
	}
	var s *Step
	eliminate := func(base, c int) {
		cell := ln.cell(base, c)
		if chosen&(1<<base) != 0 || ln.lines[base]&(1<<c) == 0 || !seesAll(l, cell, fins[:nf]) {
			return
		}
		if s == nil {
			s = ln.step(chosen, cover, sashimi)
		}
		s.Eliminations = append(s.Eliminations, CellDigit{cell, ln.d})
	}
	// The eliminations come base line by base line for basic fish, cover
	// line by cover line for finned ones (their steps' order).
	if ln.finned {
		for m := cover; m != 0; m &= m - 1 {
			for base := 0; base < l.N; base++ {
				eliminate(base, trailing(m))
			}
		}
	} else {
		for base := 0; base < l.N; base++ {
			for m := cover; m != 0; m &= m - 1 {
				eliminate(base, trailing(m))
			}
		}
	}
	return s == nil || !ln.sink.Done()
}

// step adds the step of a line fish; its Units are the base lines
// then the cover lines, its Cells the base-line candidates, fins included.
func (ln *fishLines) step(chosen, cover uint32, sashimi bool) *Step {
	l := ln.b.Layout()
	s := ln.sink.Add()
	s.Technique = fishTechnique(basicFish, ln.finned, ln.k, sashimi)
	s.Digits = grid.Bit(ln.d)
	rows, cols := lineUnits(l)
	base, other := rows, cols
	if !ln.byRow {
		base, other = cols, rows
	}
	for m := chosen; m != 0; m &= m - 1 {
		s.Units = append(s.Units, base[trailing(m)])
	}
	for m := cover; m != 0; m &= m - 1 {
		s.Units = append(s.Units, other[trailing(m)])
	}
	for m := chosen; m != 0; m &= m - 1 {
		b := trailing(m)
		for x := ln.lines[b]; x != 0; x &= x - 1 {
			s.Cells = append(s.Cells, ln.cell(b, trailing(x)))
		}
	}
	return s
}

// seesAll reports whether cell sees every one of cells.
func seesAll(l *grid.Layout, cell int, cells []int) bool {
	for _, c := range cells {
		if c == cell || !l.Sees(cell, c) {
			return false
		}
	}
	return true
}

package strategy

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The general fish (HoDoKu's FishSolver, after the Ultimate Fish Guide): k
// base sets and k cover sets drawn from the rows, columns and boxes
// (regions) of a board. The base sets hold k true digits in distinct cells;
// when the cover sets hold every base candidate, each cover set holds
// exactly one of them, so the cover sets' other candidates are false, and
// so is a base candidate in two cover sets (cannibalism). Base candidates
// the cover sets miss are fins, and so are candidates in two base sets
// (endo fins): then only candidates that also see every fin are false.
//
// Basic fish take their base sets from the rows and their cover sets from
// the columns (or the other way round); Franken fish add boxes to either
// side; Mutant fish are every other mix. A fish is named by the sets it
// uses, whatever search found it, as HoDoKu does.
var (
	// SE lacks Franken and Mutant fish: they rate as the basic fish of
	// their size, finned ones as the finned fish of their size.
	frankenTechniques       = fishFamily("Franken ", "033", [6]Level{Unfair, Unfair, Unfair, Extreme, Extreme, Extreme}, [6]int{300, 350, 370, 470, 470, 470}, basicFishSE)
	finnedFrankenTechniques = fishFamily("Finned Franken ", "034", [6]Level{Unfair, Unfair, Unfair, Extreme, Extreme, Extreme}, [6]int{390, 410, 430, 470, 470, 470}, finnedFishSE)
	mutantTechniques        = fishFamily("Mutant ", "035", [6]Level{Extreme, Extreme, Extreme, Extreme, Extreme, Extreme}, [6]int{450, 450, 450, 470, 470, 470}, basicFishSE)
	finnedMutantTechniques  = fishFamily("Finned Mutant ", "036", [6]Level{Extreme, Extreme, Extreme, Extreme, Extreme, Extreme}, [6]int{470, 470, 470, 470, 470, 470}, finnedFishSE)

	// basicFishSE and finnedFishSE are the SE ratings of the basic and
	// finned fish of 2 to 7 sets.
	basicFishSE  = [6]SERating{32, 38, 52, 54, 55, 56}
	finnedFishSE = [6]SERating{44, 56, 60, 62, 63, 64}

	frankenFishStrategy = &Strategy{
		name: "Franken Fish", class: Elimination, perDigit: true,
		techniques: fishTechniqueList(frankenTechniques, finnedFrankenTechniques),
		explain:    explainGeneralFish,
		find:       func(b *grid.Board, sink *Sink) { findGeneralFish(b, sink, frankenFish) },
	}
	mutantFishStrategy = &Strategy{
		name: "Mutant Fish", class: Elimination, perDigit: true,
		techniques: fishTechniqueList(mutantTechniques, finnedMutantTechniques),
		explain:    explainGeneralFish,
		find:       func(b *grid.Board, sink *Sink) { findGeneralFish(b, sink, mutantFish) },
	}
)

// FrankenFish (t): fish whose base sets are rows, or columns, and
// boxes, and whose cover sets are columns, or rows, and boxes (at
// least one box on either side), with or without fins (endo fins
// included). Sizes 2 to 4 by default, up to 7 when Sink.Form asks. In
// find-all mode it also reports HoDoKu's Siamese fish (see
// addSiameseFish). It runs only when chosen (OptIn): HoDoKu has Franken
// X-Wings and Swordfish among its default steps, but here a search for
// them where the solve gets stuck (before the forcing chains) made
// logic-only solving of top1465 over three times slower.
func FrankenFish() *Strategy { return frankenFishStrategy }

// MutantFish (u): every other fish of rows, columns and boxes (a row
// and a column among the base sets, say), with or without fins. It
// searches every mix of sets, so it is dear: it runs only when chosen
// (OptIn), as HoDoKu leaves it out of its default steps. Sizes 2 to 4
// by default, up to 7 when Sink.Form asks.
func MutantFish() *Strategy { return mutantFishStrategy }

// fishSizeNames are the names of fish of 2 to 7 base sets.
var fishSizeNames = [6]string{"X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan"}

// fishFamily returns the techniques of a fish family, sizes 2 to 7, and
// their Siamese forms (HoDoKu's code plus a trailing 1) after them.
func fishFamily(prefix, code string, levels [6]Level, scores [6]int, se [6]SERating) []*Technique {
	out := make([]*Technique, 12)
	for i := range 6 {
		out[i] = &Technique{name: prefix + fishSizeNames[i], code: fmt.Sprintf("%s%d", code, i), level: levels[i], score: scores[i], se: se[i]}
		out[6+i] = siamese(out[i])
	}
	return out
}

// fishTechniqueList joins technique lists.
func fishTechniqueList(lists ...[]*Technique) []*Technique {
	var out []*Technique
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// fishKind is what a search of general fish looks for.
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

// Limits of the fins, HoDoKu's for "find all steps": at most five fins,
// endo fins included, of which at most two endo fins.
const (
	fishMaxFins     = 5
	fishMaxEndoFins = 2
	// fishMaxSize is the largest fish (Leviathan).
	fishMaxSize = 7
	// fishMaxUnits bounds the rows, columns and boxes of a board.
	fishMaxUnits = 3 * grid.MaxSize
)

// fishSet is a set of the candidates of one digit, numbered in cell order
// (genFish.cells); only the first genFish.nw words are used.
type fishSet [grid.MaxSize * grid.MaxSize / 64]uint64

// fishUnits is a set of sets (rows, columns, boxes) by their order number.
type fishUnits [2]uint64

func (u *fishUnits) add(i int)      { u[i>>6] |= 1 << (i & 63) }
func (u *fishUnits) has(i int) bool { return u[i>>6]&(1<<(i&63)) != 0 }

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
}

// genFish is the scratch of a search of general fish on one board.
type genFish struct {
	b     *grid.Board
	sink  *Sink
	kind  fishKind
	d     int
	k     int
	nw    int // words of a fishSet in use
	m     int // candidates of the digit
	units int // sets of the board: N rows, N columns, and N boxes or none

	cells     [grid.MaxSize * grid.MaxSize]int32 // candidate -> cell
	index     [grid.MaxSize * grid.MaxSize]int32 // cell -> candidate, -1 when none
	cellUnits [grid.MaxSize * grid.MaxSize][3]uint8
	peers     [grid.MaxSize * grid.MaxSize]fishSet
	unitCands [fishMaxUnits]fishSet
	unitKind  [fishMaxUnits]uint8
	unitIndex [fishMaxUnits]int // index into Layout.Units
	live      [fishMaxUnits]bool

	// The base sets chosen.
	bases    [fishMaxSize]uint8
	baseSet  fishUnits
	base     [fishMaxSize + 1]fishSet // union of the first i base sets
	endo     [fishMaxSize + 1]fishSet
	endoN    [fishMaxSize + 1]int
	baseMask uint8 // kinds of the base sets
	coverOK  uint8 // kinds of set allowed as cover sets
	frames   [fishMaxSize + fishMaxFins + 2]fishFrame
	pending  []fishFound // the fish of the current base sets (find-all mode)
	stopped  bool
	// cancelled tells that the sink was cancelled (see Sink.Cancel): the
	// search is over, not only that of a digit and size.
	cancelled bool
	work      uint // units of work spent, to poll the sink's cancellation
	// budget is the work left (base sets and cover steps tried) on a board
	// larger than 9×9; -1 on smaller boards, whose search is not bounded.
	budget int
}

// fishBudget bounds the work of the search of the fish of one digit and
// size on a board larger than 9×9, where the sets to combine are many more
// (a Franken Jellyfish search of a 25×25 board would take minutes): about
// 20 ms, after which the search goes on with the next digit or size. So a
// search there may miss fish: Franken and Mutant fish are HoDoKu's,
// rated and bounded for 9×9 boards.
const fishBudget = 1 << 17

// spend counts one unit of work and reports false when the budget is
// spent, stopping the search.
func (f *genFish) spend() bool {
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

// fishFound is a fish found, kept in find-all mode until the fish of its
// base sets are all found, to report them in HoDoKu's order.
type fishFound struct {
	covers         [fishMaxSize]uint8
	nc             int
	finned         bool
	fins           fishSet
	elim, cannibal fishSet
}

var genFishPool = sync.Pool{New: func() any { return new(genFish) }}

// findGeneralFish reports the fish of kind (Franken or Mutant) on b.
func findGeneralFish(b *grid.Board, sink *Sink, kind fishKind) {
	f := genFishPool.Get().(*genFish)
	defer genFishPool.Put(f)
	from := len(sink.steps)
	f.run(b, sink, kind)
	if sink.All {
		addSiameseFish(sink, from)
	}
}

// run reports every fish of its kind on b into sink, sizes as the sink
// asks (2 to 4 by default).
func (f *genFish) run(b *grid.Board, sink *Sink, kind fishKind) {
	l := b.Layout()
	if kind == frankenFish && l.Regions() == nil {
		return // Franken fish need boxes
	}
	f.b, f.sink, f.kind, f.stopped, f.cancelled = b, sink, kind, false, false
	lo, hi := sizes(sink, maxSetSize)
	hi = min(hi, fishMaxSize, l.N-1)
	f.layoutUnits()
	for d := 1; d <= l.N; d++ {
		f.d = d
		if !sink.wants(d) || !f.plane() {
			continue
		}
		for k := lo; k <= hi; k++ {
			f.k = k
			f.budget = -1
			if l.N > 9 {
				f.budget = fishBudget
			}
			switch kind {
			case mutantFish:
				f.searchBases(fishRow|fishCol|fishBox, fishRow|fishCol|fishBox, 0)
			case frankenFish:
				f.searchBases(fishRow|fishBox, fishCol|fishBox, fishRow)
				f.searchBases(fishCol|fishBox, fishRow|fishBox, fishCol)
			default:
				f.searchBases(fishRow, fishCol, fishRow)
				f.searchBases(fishCol, fishRow, fishCol)
			}
			if f.sink.Done() || f.cancelled {
				return
			}
			f.stopped = false // the budget ran out: on with the next
		}
	}
}

// layoutUnits numbers the sets as HoDoKu does: rows, columns, then boxes.
func (f *genFish) layoutUnits() {
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
}

// plane loads the candidates of digit f.d; it reports false when the
// digit has none.
func (f *genFish) plane() bool {
	b, l := f.b, f.b.Layout()
	bit := grid.Bit(f.d)
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
		f.live[u] = false
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
		p := &f.peers[i]
		clear(p[:f.nw])
		for _, q := range l.Peers(cell) {
			if j := f.index[q]; j >= 0 {
				p[j>>6] |= 1 << (j & 63)
			}
		}
	}
	for u := 0; u < f.units; u++ {
		f.live[u] = !f.empty(&f.unitCands[u])
	}
	return true
}

func (f *genFish) empty(s *fishSet) bool {
	for w := 0; w < f.nw; w++ {
		if s[w] != 0 {
			return false
		}
	}
	return true
}

func (f *genFish) count(s *fishSet) int {
	n := 0
	for w := 0; w < f.nw; w++ {
		n += bits.OnesCount64(s[w])
	}
	return n
}

// searchBases tries every k base sets of the kinds baseKinds (with one of
// kind need among them, when need is not 0), against cover sets of the
// kinds coverKinds.
func (f *genFish) searchBases(baseKinds, coverKinds, need uint8) {
	f.coverOK = coverKinds
	clear(f.base[0][:f.nw])
	clear(f.endo[0][:f.nw])
	f.endoN[0] = 0
	f.baseSet = fishUnits{}
	f.pickBase(0, 0, baseKinds, need, 0)
}

// pickBase chooses base set number level among the sets from on, in
// HoDoKu's order (so that fish come out in its order).
func (f *genFish) pickBase(level, from int, kinds, need, mask uint8) {
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
		if overlap && f.endoN[level+1] > fishMaxEndoFins {
			continue
		}
		f.bases[level] = uint8(u)
		f.baseSet.add(u)
		f.pickBase(level+1, u+1, kinds, need, mask|f.unitKind[u])
		f.baseSet[u>>6] &^= 1 << (u & 63)
	}
}

// coverSearch looks for the cover sets of the chosen base sets. It covers
// the first base candidate not yet covered, not a fin, by each set that
// may hold it, or makes it a fin; a set passed over for a candidate is
// not taken later, so every choice of cover sets comes once.
func (f *genFish) coverSearch() {
	fr := &f.frames[0]
	clear(fr.covered[:f.nw])
	clear(fr.twice[:f.nw])
	endo := &f.endo[f.k]
	copy(fr.fins[:f.nw], endo[:f.nw])
	fr.nfins = f.endoN[f.k]
	fr.finned = fr.nfins > 0
	for w := 0; w < f.nw; w++ {
		fr.seeFins[w] = ^uint64(0)
	}
	for m := *endo; ; {
		i := f.first(&m)
		if i < 0 {
			break
		}
		m[i>>6] &^= 1 << (i & 63)
		f.and(&fr.seeFins, &f.peers[i])
	}
	if fr.finned && f.empty(&fr.seeFins) {
		return
	}
	fr.excl = f.baseSet
	fr.nc = 0
	f.pending = f.pending[:0]
	f.cover(0)
	// HoDoKu's order: cover sets in increasing order (an insertion sort:
	// the fish of some base sets are few).
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

func (f *genFish) and(dst, s *fishSet) {
	for w := 0; w < f.nw; w++ {
		dst[w] &= s[w]
	}
}

// first returns the lowest candidate of s, or -1.
func (f *genFish) first(s *fishSet) int {
	for w := 0; w < f.nw; w++ {
		if s[w] != 0 {
			return w<<6 + bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// cover extends the cover sets of frame depth.
func (f *genFish) cover(depth int) {
	if f.stopped || !f.spend() {
		return
	}
	fr := &f.frames[depth]
	base := &f.base[f.k]
	// The first base candidate neither covered nor a fin.
	c := -1
	for w := 0; w < f.nw; w++ {
		if x := base[w] &^ fr.covered[w] &^ fr.fins[w]; x != 0 {
			c = w<<6 + bits.TrailingZeros64(x)
			break
		}
	}
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
		f.copyFrame(next, fr)
		for w := 0; w < f.nw; w++ {
			x := base[w] &^ fr.covered[w] &^ fr.fins[w]
			next.nfins += bits.OnesCount64(x)
			next.fins[w] |= x
			for ; x != 0; x &= x - 1 {
				f.and(&next.seeFins, &f.peers[w<<6+bits.TrailingZeros64(x)])
			}
		}
		next.finned = true
		if next.nfins <= fishMaxFins && !f.empty(&next.seeFins) {
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
	if fr.nfins >= fishMaxFins {
		return
	}
	f.copyFrame(next, fr)
	next.fins[c>>6] |= 1 << (c & 63)
	next.nfins++
	next.finned = true
	f.and(&next.seeFins, &f.peers[c])
	if f.empty(&next.seeFins) {
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
func (f *genFish) copyFrame(dst, src *fishFrame) {
	for w := 0; w < f.nw; w++ {
		dst.covered[w], dst.twice[w], dst.fins[w], dst.seeFins[w] = src.covered[w], src.twice[w], src.fins[w], src.seeFins[w]
	}
	dst.excl, dst.covers, dst.nc, dst.nfins, dst.finned = src.excl, src.covers, src.nc, src.nfins, src.finned
}

// addCover adds set u to the cover sets of fr.
func (f *genFish) addCover(fr *fishFrame, u int) {
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
func (f *genFish) fill(depth, from int) {
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

// found reports the fish of the chosen base sets and the cover sets of
// fr, if it is of the kind searched and eliminates something.
func (f *genFish) found(fr *fishFrame) {
	var coverMask uint8
	for i := 0; i < fr.nc; i++ {
		coverMask |= f.unitKind[fr.covers[i]]
	}
	kind := fishKindOf(f.baseMask, coverMask)
	if kind != f.kind {
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
// sets; Cells the base candidates; Eliminations those that are not base
// candidates, then the cannibalistic ones, each in cell order.
func (f *genFish) emit(fr *fishFound) {
	s := f.sink.Add()
	s.Technique = fishTechnique(f.kind, fr.finned, f.k, f.sashimi(fr))
	s.Digits = grid.Bit(f.d)
	for i := 0; i < f.k; i++ {
		s.Units = append(s.Units, f.unitIndex[f.bases[i]])
	}
	for _, u := range fr.covers[:fr.nc] {
		s.Units = append(s.Units, f.unitIndex[u])
	}
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
func (f *genFish) sashimi(fr *fishFound) bool {
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

// fishTechnique returns the technique of a fish of k base sets.
func fishTechnique(kind fishKind, finned bool, k int, sashimi bool) *Technique {
	i := k - 2
	switch {
	case kind == basicFish && !finned:
		return fishTechniques[i]
	case kind == basicFish && sashimi:
		return sashimiTechniques[i]
	case kind == basicFish:
		return finnedTechniques[i]
	case kind == frankenFish && finned:
		return finnedFrankenTechniques[i]
	case kind == frankenFish:
		return frankenTechniques[i]
	case finned:
		return finnedMutantTechniques[i]
	}
	return mutantTechniques[i]
}

// fishInfo tells a fish step's technique apart: its family (basic,
// Franken, Mutant; finned or not: HoDoKu's category, in which Siamese fish
// pair), its size, and whether it is Siamese.
type fishInfo struct {
	category int
	size     int
	siamese  *Technique // the Siamese form of a single fish's technique
	isSiam   bool
}

// fishInfos describes every fish technique.
var fishInfos = func() map[*Technique]fishInfo {
	m := map[*Technique]fishInfo{}
	add := func(category int, ts []*Technique, siamese []*Technique) {
		for i, t := range ts {
			m[t] = fishInfo{category: category, size: i + 2, siamese: siamese[i]}
			m[siamese[i]] = fishInfo{category: category, size: i + 2, isSiam: true}
		}
	}
	add(0, fishTechniques, siameseTechniques(fishTechniques))
	add(1, finnedTechniques, finnedSiamese)
	add(1, sashimiTechniques, sashimiSiamese)
	add(2, frankenTechniques[:6], frankenTechniques[6:])
	add(3, finnedFrankenTechniques[:6], finnedFrankenTechniques[6:])
	add(4, mutantTechniques[:6], mutantTechniques[6:])
	add(5, finnedMutantTechniques[:6], finnedMutantTechniques[6:])
	return m
}()

// siameseTechniques returns the Siamese forms of techniques (not
// catalogued: unfinned basic fish with the same base sets have the same
// cover sets, so they never pair).
func siameseTechniques(ts []*Technique) []*Technique {
	out := make([]*Technique, len(ts))
	for i, t := range ts {
		out[i] = siamese(t)
	}
	return out
}

// siamese returns the Siamese form of technique t: HoDoKu's code plus a
// trailing 1, rated as t (two fish on the same base sets).
func siamese(t *Technique) *Technique {
	return &Technique{name: "Siamese " + t.name, code: t.code + "1", level: t.level, score: t.score, se: t.se, seChain: t.seChain}
}

// addSiameseFish adds HoDoKu's Siamese fish (its option "allow duals and
// siamese", in find-all mode) for the fish steps of sink from index from
// on: two fish of one digit, size and category with the same base sets
// and different eliminations (the first of each differs) are reported
// again as one step that makes both fish's eliminations, named after the
// first found. Units are the base sets, the first fish's cover sets, then
// the second's. The general search reports the fish of the same base sets
// one after the other, so only those are paired.
func addSiameseFish(sink *Sink, from int) {
	end := len(sink.steps)
	for i := from; i < end; i++ {
		for j := i + 1; j < end; j++ {
			a, b := &sink.steps[i], &sink.steps[j]
			ia, oka := fishInfos[a.Technique]
			ib, okb := fishInfos[b.Technique]
			if !oka || !okb || ia.isSiam || ib.isSiam || ia.size != ib.size || a.Digits != b.Digits ||
				!slices.Equal(a.Units[:ia.size], b.Units[:ia.size]) {
				break
			}
			k := ia.size
			if ia.category != ib.category || a.Eliminations[0] == b.Eliminations[0] {
				continue
			}
			s := sink.Add()
			a, b = &sink.steps[i], &sink.steps[j] // Add may move the steps
			s.Technique = ia.siamese
			s.Digits = a.Digits
			s.Units = append(s.Units, a.Units...)
			s.Units = append(s.Units, b.Units[k:]...)
			s.Cells = append(s.Cells, a.Cells...)
			s.Marks = append(s.Marks, a.Marks...)
			for _, mk := range b.Marks {
				if mk.Role != RolePattern && !slices.Contains(s.Marks, mk) {
					s.Marks = append(s.Marks, mk)
				}
			}
			s.Eliminations = append(s.Eliminations, a.Eliminations...)
			for _, e := range b.Eliminations {
				if !slices.Contains(s.Eliminations, e) {
					s.Eliminations = append(s.Eliminations, e)
				}
			}
		}
	}
}

// explainGeneralFish renders a fish step, e.g. "Finned Franken Swordfish
// on 5: base row 1, row 3, box 5; cover column 2, column 4, box 3; fins
// r1c7; remove 5 from r2c7".
func explainGeneralFish(s *Step, n grid.Notation) string {
	l := n.Layout
	k := fishInfos[s.Technique].size
	if k == 0 || len(s.Units) < 2*k {
		return describeChanges(s, n)
	}
	names := func(units []int) string {
		var out []string
		for _, u := range units {
			out = append(out, l.Unit(u).Name())
		}
		return strings.Join(out, ", ")
	}
	cover := names(s.Units[k:])
	if len(s.Units) > 2*k {
		cover = names(s.Units[k:2*k]) + " / " + names(s.Units[2*k:])
	}
	var fins []int
	for _, m := range s.Marks {
		if m.Role == RoleFin {
			fins = append(fins, m.Cell)
		}
	}
	d := n.DigitName(s.Digits.Min())
	out := fmt.Sprintf("%s on %s: base %s; cover %s", s.Name(), d, names(s.Units[:k]), cover)
	if len(fins) > 0 {
		out += "; fins " + cellList(n, fins)
	}
	return out + fmt.Sprintf("; remove %s from %s", d, cellList(n, eliminationCells(s)))
}

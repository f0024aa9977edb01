package strategy

import (
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// Combination tables for the sum groups of forcing nets (killer cages and
// the rule of 45's sum groups, forcingsums.go) on boards of up to 9
// digits. What grid.Board.Fill finds by enumerating a group's fillings,
// the digits each cell takes in some filling, comes here from mask
// operations: for up to four cells, the pairs of digits two cells can
// take for a sum, reflected bit sets, under a choice of digits for the
// others; for more, the sets of digits a cage of its size and sum can
// hold (a few hundred in all) and a matching of the cells to each set.
// The results are Fill's exactly, down to an enumeration Fill cuts short
// (fillNodes), so a net takes the same steps either way; a memo keyed by
// the group and its cells' options (groupMemo) answers the states the
// closures reach again and again.

// maxTableDigits is the most digits a board may have for its groups to
// use the tables: the digit sets of a group are then masks below 1<<9.
const maxTableDigits = 9

// fillNodeBound is grid's bound on the nodes of one enumeration
// (maxFillNodes in engine/grid/fill.go): past it Fill gives up, and so do
// the tables (TestGroupTablesMatchFill checks them against Fill around it).
const fillNodeBound = 200_000

// maxFewCells is the most cells of a group whose fillings come from
// pairs (fewAllows); larger groups need all their cells to differ.
const maxFewCells = 4

// The ways a group's fillings are found.
const (
	tableNone     uint8 = iota // grid.Board.Fill, through forcing.cageFills
	tableFew                   // a sum over up to four cells: pairs (fewAllows)
	tableDistinct              // a sum over more cells that all differ: the combination table
)

// groupTable is how the fillings of one group of forcing.groups are found.
type groupTable struct {
	kind   uint8
	target int
	combos []grid.Digits // tableDistinct: the digit sets of the group's size and sum
	// apart[i], for tableFew, has bit j set when cells i and j see each
	// other, so their digits differ.
	apart [maxFewCells]uint8
}

// sumSets[size][sum] are the sets of size distinct digits 1..9 adding up
// to sum, in increasing order of their masks.
var sumSets = func() (t [maxTableDigits + 1][46][]grid.Digits) {
	for m := grid.Digits(1); m < 1<<maxTableDigits; m++ {
		k, s := m.Count(), digitSums[m]
		t[k][s] = append(t[k][s], m)
	}
	return t
}()

// digitSums[m] is the sum of the digits of set m.
var digitSums = func() (t [1 << maxTableDigits]uint8) {
	for m := 1; m < len(t); m++ {
		t[m] = t[m&(m-1)] + uint8(bits.TrailingZeros(uint(m))+1)
	}
	return t
}()

// fallingFactorial[n][k] is n(n-1)...(n-k+1): the sequences of k distinct
// digits of n.
var fallingFactorial = func() (t [maxTableDigits + 1][maxTableDigits + 1]int) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n][k-1] * (n - k + 1)
		}
	}
	return t
}()

// subsetCells is the most cells matchSet matches on subsets of set (the
// subsets of six digits are the bits of a uint64).
const subsetCells = 6

// lacks[j] has bit x set for each subset x of six digits without digit j.
// It has room for every index bits.TrailingZeros8 returns, so that the
// loops over a cell's digits need no bounds check (those past the sixth
// are never used).
var lacks = func() (t [9]uint64) {
	for j := range subsetCells {
		for x := range 64 {
			if x>>j&1 == 0 {
				t[j] |= 1 << x
			}
		}
	}
	return t
}()

// loadTables chooses how the fillings of each group of f.groups are
// found on layout l.
func (f *forcing) loadTables(l *grid.Layout) {
	f.tables = make([]groupTable, len(f.groups))
	if l.N > maxTableDigits {
		return
	}
	for k := range f.groups {
		f.tables[k] = tableFor(l, &f.groups[k])
	}
}

// tableFor returns how the fillings of group g of layout l are found.
func tableFor(l *grid.Layout, g *grid.Group) groupTable {
	n := g.Len()
	if g.Op != grid.OpAdd || n == 0 {
		return groupTable{}
	}
	cells := g.Cells()
	distinct := true
	var apart [maxFewCells]uint8
	for i := range cells {
		for j := range i {
			if !l.Sees(cells[i], cells[j]) {
				distinct = false
			} else if i < maxFewCells {
				apart[i] |= 1 << j
				apart[j] |= 1 << i
			}
		}
	}
	switch {
	case n <= maxFewCells:
		return groupTable{kind: tableFew, target: g.Target, apart: apart}
	case distinct && n <= maxTableDigits:
		t := groupTable{kind: tableDistinct, target: g.Target}
		if g.Target >= 0 && g.Target < len(sumSets[n]) {
			// None for a sum out of reach. The sets that bring the most
			// digits come first: distinctAllows stops once every option
			// is allowed.
			t.combos = slices.Clone(sumSets[n][g.Target])
			coverFirst(t.combos)
		}
		return t
	}
	return groupTable{}
}

// allows returns what the fillings of a group with table t allow its
// cells, whose options (a placed cell's digit, an open cell's candidates)
// are opts: what grid.Board.Fill would find.
func (t *groupTable) allows(opts []grid.Digits) cageAllows {
	if t.kind == tableFew {
		return fewAllows(opts, t.target, &t.apart)
	}
	return distinctAllows(opts, t.target, t.combos)
}

// distinctAllows returns what the fillings of cells that all differ, with
// options opts and sum target, allow: the union, over the digit sets of
// their size and sum (combos), of what a matching of the cells to the set
// lets each cell take.
func distinctAllows(opts []grid.Digits, target int, combos []grid.Digits) cageAllows {
	var union grid.Digits
	for _, o := range opts {
		union |= o
	}
	if !fillWithinBound(opts, target, union) {
		return cageAllows{}
	}
	a := cageAllows{ok: true, none: true}
	support := a.support[:len(opts)]
	for _, set := range combos {
		if set&^union != 0 || !a.none && holdsAll(opts, set, support) {
			continue
		}
		if matchSet(opts, set, support) {
			a.none = false
			if allowsAll(opts, support) {
				break // no set allows more
			}
		}
	}
	return a
}

// holdsAll reports whether support already has every digit of set each
// cell's options (opts) have: matching the cells to set adds nothing.
func holdsAll(opts []grid.Digits, set grid.Digits, support []grid.Digits) bool {
	for i, o := range opts {
		if o&set&^support[i] != 0 {
			return false
		}
	}
	return true
}

// allowsAll reports whether support has every option of every cell.
func allowsAll(opts, support []grid.Digits) bool {
	for i, o := range opts {
		if support[i] != o {
			return false
		}
	}
	return true
}

// matchSet reports whether the cells, with options opts, can take the
// digits of set (as many as the cells) one each, and adds to support[i]
// every digit cell i takes in some such assignment (engine/search's
// matchSupport does the same for its combination constraints); a nil
// support asks only whether they can.
//
// Up to six cells, it works on the subsets of set, numbered by bits over
// its digits in order: prefix[i] holds the subsets cells 0..i-1 can fill,
// one digit each; cell i takes digit j when a subset of the cells before
// it without j, with j, leaves what the cells after it can fill.
func matchSet(opts []grid.Digits, set grid.Digits, support []grid.Digits) bool {
	k := len(opts)
	// Hall's condition: cells T other than cell c leave c digit d unless
	// they have, d aside, fewer digits among them than their number. T
	// has at least as many digits as its widest cell, so when for every
	// s < k at most s-1 cells have s digits or fewer, no such T exists and
	// every cell takes each of its digits.
	var upTo [maxTableDigits + 1]int // cells with this many digits of set
	for _, o := range opts {
		n := (o & set).Count()
		if n == 0 {
			return false
		}
		upTo[min(n, k)]++
	}
	wide := true
	for s, cells := 1, 0; s < k; s++ {
		if cells += upTo[s]; cells > s-1 {
			wide = false
			break
		}
	}
	if wide {
		for c := range support {
			support[c] |= opts[c] & set
		}
		return true
	}
	if k > subsetCells {
		return matchLarge(opts, set, support)
	}
	var digit [9]grid.Digits     // room for every index of bits.TrailingZeros8
	var local [subsetCells]uint8 // the options of each cell, by index in digit
	i := 0
	for x := set; x != 0; x &= x - 1 {
		digit[i] = x & -x
		i++
	}
	for c, o := range opts {
		local[c] = localDigits(o, set)
	}
	all := uint(1)<<k - 1
	var prefix [7]uint64
	prefix[0] = 1 // the empty subset
	for c := range k {
		prefix[c+1] = extendSubsets(prefix[c], local[c])
	}
	if prefix[k]>>all&1 == 0 {
		return false
	}
	if support == nil {
		return true
	}
	// after holds the subsets that cells c+1.. leave unfilled (all less
	// what they fill), so that cell c and those before it fill them.
	after := uint64(1) << all
	for c := k - 1; ; c-- {
		for l := local[c]; l != 0; l &= l - 1 {
			j := bits.TrailingZeros8(l)
			if (prefix[c]&lacks[j])<<(1<<j&63)&after != 0 {
				support[c] |= digit[j]
			}
		}
		if c == 0 {
			return true
		}
		after = shrinkSubsets(after, local[c])
	}
}

// localDigits returns the digits of set that o holds, by their index in
// set (the digits of set below them), a bit each: those of the first
// five digits and those of the next four from the tables of compressLow
// and compressHigh, digit by digit when set has digits past
// maxTableDigits.
func localDigits(o, set grid.Digits) uint8 {
	if set < 1<<maxTableDigits {
		lo := set & (1<<compressBits - 1)
		return compressLow[lo][o&lo] | compressHigh[set>>compressBits][o>>compressBits&(set>>compressBits)]<<bits.OnesCount8(uint8(lo))
	}
	var l uint8
	for x := o & set; x != 0; x &= x - 1 {
		l |= 1 << bits.OnesCount16(uint16(set&(x&-x-1)))
	}
	return l
}

// compressBits is the digits compressLow covers; compressHigh covers the
// rest of maxTableDigits.
const compressBits = 5

// compressLow[s][x] packs the digits of x, within s, of the first
// compressBits digits to the low bits in their order (each to its index
// in s); compressHigh[s][x] does the same for the next ones.
var compressLow = func() (t [1 << compressBits][1 << compressBits]uint8) {
	for s := range t {
		for x := range t[s] {
			t[s][x] = compressDigits(x, s)
		}
	}
	return t
}()

var compressHigh = func() (t [1 << (maxTableDigits - compressBits)][1 << (maxTableDigits - compressBits)]uint8) {
	for s := range t {
		for x := range t[s] {
			t[s][x] = compressDigits(x, s)
		}
	}
	return t
}()

// compressDigits packs the bits of x that s has to the low bits, in
// their order.
func compressDigits(x, s int) uint8 {
	var l uint8
	i := 0
	for j := 0; s>>j != 0; j++ {
		if s>>j&1 == 0 {
			continue
		}
		if x>>j&1 != 0 {
			l |= 1 << i
		}
		i++
	}
	return l
}

// extendSubsets returns the subsets made by adding to a subset of from
// one digit of l that it lacks.
func extendSubsets(from uint64, l uint8) uint64 {
	var to uint64
	for ; l != 0; l &= l - 1 {
		j := bits.TrailingZeros8(l)
		to |= (from & lacks[j]) << (1 << j & 63)
	}
	return to
}

// shrinkSubsets returns the subsets made by taking from a subset of from
// one digit of l that it has.
func shrinkSubsets(from uint64, l uint8) uint64 {
	var to uint64
	for ; l != 0; l &= l - 1 {
		j := bits.TrailingZeros8(l)
		to |= (from &^ lacks[j]) >> (1 << j & 63)
	}
	return to
}

// matchLarge is matchSet for seven cells or more, on digit masks: head[m]
// when cells 0..|m|-1 can take the digits of m, tail[m] when the last |m|
// cells can; cell c takes d when some m of c digits of set without d has
// head[m] and tail[set less m and d].
func matchLarge(opts []grid.Digits, set grid.Digits, support []grid.Digits) bool {
	k := len(opts)
	var head, tail [1 << maxTableDigits]bool
	head[0], tail[0] = true, true
	// Every subset of set, in increasing order: a subset less a digit
	// comes before it.
	for m := set & -set; m != 0; m = (m - set) & set {
		i := m.Count()
		for x := m & opts[i-1]; x != 0 && !head[m]; x &= x - 1 {
			head[m] = head[m&^(x&-x)]
		}
		for x := m & opts[k-i]; x != 0 && !tail[m]; x &= x - 1 {
			tail[m] = tail[m&^(x&-x)]
		}
	}
	if !head[set] || support == nil {
		return head[set]
	}
	for m := grid.Digits(0); ; m = (m - set) & set {
		c := m.Count()
		if c < k && head[m] {
			for x := opts[c] & set &^ m; x != 0; x &= x - 1 {
				d := x & -x
				if tail[set&^m&^d] {
					support[c] |= d
				}
			}
		}
		if m == set {
			break
		}
	}
	return true
}

// fillWithinBound reports whether grid.Board.Fill enumerates the fillings
// of cells that all differ, with options opts and sum target, in at most
// fillNodeBound nodes, rather than giving up. A bound on the partial
// fillings of each length answers for most groups; the others count
// Fill's nodes over the digit masks they use (fillNodes).
func fillWithinBound(opts []grid.Digits, target int, union grid.Digits) bool {
	nodes, seq := 1, 1
	u := union.Count()
	for i, o := range opts {
		seq *= o.Count()
		nodes += min(seq, fallingFactorial[u][i+1])
	}
	return nodes <= fillNodeBound || fillNodes(opts, target, union) <= fillNodeBound
}

// fillNodes counts the nodes grid.Board.Fill visits enumerating the
// fillings of cells that all differ, with options opts and sum target
// (stopping once past fillNodeBound). Fill places digits in the cells in
// order, skipping a digit an earlier cell took and one after which the
// least or the most the later cells can add misses the target: so the
// fillings it visits of the first i cells, with the digits of a mask m,
// depend on m alone. ways[m] counts them.
func fillNodes(opts []grid.Digits, target int, union grid.Digits) int {
	n := len(opts)
	var lo, hi [maxTableDigits + 1]int // the least and most cells i.. add
	for i := n - 1; i >= 0; i-- {
		lo[i] = lo[i+1] + opts[i].Min()
		hi[i] = hi[i+1] + opts[i].Max()
	}
	var ways [1 << maxTableDigits]int32
	ways[0] = 1
	nodes := 1
	for m := union & -union; m != 0; m = (m - union) & union {
		i := m.Count()
		if i > n {
			continue
		}
		if s := int(digitSums[m]); s+lo[i] > target || s+hi[i] < target {
			continue
		}
		w := int32(0)
		for x := m & opts[i-1]; x != 0; x &= x - 1 {
			w += ways[m&^(x&-x)]
		}
		ways[m] = w
		if nodes += int(w); nodes > fillNodeBound {
			break
		}
	}
	return nodes
}

// fewAllows returns what the fillings of up to four cells with options
// opts and sum target allow, cells i and j differing when apart[i] has
// bit j: the last two cells' pairs (pairSupport) under every choice of
// digits for the others, which are the cells with the fewest options.
// Fill visits at most a few thousand nodes on them, so never gives up.
func fewAllows(opts []grid.Digits, target int, apart *[maxFewCells]uint8) cageAllows {
	a := cageAllows{ok: true}
	n := len(opts)
	if n == 1 {
		if target >= 1 && target <= maxTableDigits {
			a.support[0] = opts[0] & grid.Bit(target)
		}
		a.none = a.support[0] == 0
		return a
	}
	// order: the cells to choose digits for, then the pair.
	order := [maxFewCells]int{0, 1, 2, 3}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && opts[order[j]].Count() < opts[order[j-1]].Count(); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	x, y := order[n-2], order[n-1]
	pairApart := apart[x]>>y&1 != 0
	switch n {
	case 2:
		a.support[x], a.support[y] = pairSupport(opts[x], opts[y], target, pairApart)
	case 3:
		c := order[0]
		for ds := opts[c]; ds != 0; ds &= ds - 1 {
			d := ds & -ds
			sx, sy := pairSupport(opts[x]&^barred(apart[c], x, d), opts[y]&^barred(apart[c], y, d), target-d.Min(), pairApart)
			if sx != 0 {
				a.support[c] |= d
				a.support[x] |= sx
				a.support[y] |= sy
			}
		}
	case 4:
		c, e := order[0], order[1]
		for cs := opts[c]; cs != 0; cs &= cs - 1 {
			dc := cs & -cs
			for es := opts[e] &^ barred(apart[c], e, dc); es != 0; es &= es - 1 {
				de := es & -es
				rest := target - dc.Min() - de.Min()
				if rest < 2 {
					break // the pair adds at least 1+1
				}
				ox := opts[x] &^ barred(apart[c], x, dc) &^ barred(apart[e], x, de)
				oy := opts[y] &^ barred(apart[c], y, dc) &^ barred(apart[e], y, de)
				sx, sy := pairSupport(ox, oy, rest, pairApart)
				if sx != 0 {
					a.support[c] |= dc
					a.support[e] |= de
					a.support[x] |= sx
					a.support[y] |= sy
				}
			}
		}
	}
	a.none = a.support[x] == 0
	return a
}

// barred returns d when a cell with the apart mask m must differ from
// cell i, which then cannot take d; 0 otherwise.
func barred(m uint8, i int, d grid.Digits) grid.Digits {
	return d & -grid.Digits(m>>i&1)
}

// pairSupport returns the digits two cells with options ox and oy take in
// the pairs that add up to sum, differing when apart.
func pairSupport(ox, oy grid.Digits, sum int, apart bool) (sx, sy grid.Digits) {
	sx = ox & reflectDigits(oy, sum)
	if apart && sum%2 == 0 && sum >= 2 && sum <= 2*maxTableDigits {
		sx &^= grid.Bit(sum / 2) // only a pair of equal digits has it
	}
	return sx, reflectDigits(sx, sum)
}

// reflectDigits returns the digits sum-d for the digits d of ds, those
// from 1 to 9.
func reflectDigits(ds grid.Digits, sum int) grid.Digits {
	r := grid.Digits(reversedDigits[ds&(1<<maxTableDigits-1)]) // 10-d
	switch {
	case sum >= 10 && sum < 10+maxTableDigits:
		r <<= sum - 10
	case sum < 10 && sum > 10-maxTableDigits:
		r >>= 10 - sum
	default:
		return 0
	}
	return r & (1<<maxTableDigits - 1)
}

// reversedDigits[ds] is the set of 10-d for the digits d of ds.
var reversedDigits = func() (t [1 << maxTableDigits]uint16) {
	for m := range t {
		t[m] = uint16(bits.Reverse16(uint16(m)) >> (16 - maxTableDigits))
	}
	return t
}()

// memoBits sizes the memo of group results: 1<<memoBits entries of 24
// bytes (768 KiB), direct-mapped. (1<<15 left 148,000 of 2.9 million
// lookups on four tarek killers missing a state another had evicted,
// against 506,000 with 1<<13; no gain was measured in CPU while the memo
// lasted one search, but it lasts from step to step since session 15:
// Forcing Net on the boards of tarek 1, 9 and 15 then took 1582-1616 ms
// with 1<<15, 1655-1807 with 1<<14, 1708-2579 with 1<<13.)
const memoBits = 15

// memoCells is the most cells of a group the memo keeps: their options
// and support take 9 bits a cell of a 64-bit word.
const memoCells = 7

// memoEntry is what the fillings of a group allowed its cells with some
// options.
type memoEntry struct {
	opts    uint64 // the cells' options, 9 bits a cell
	support uint64 // the digits each cell takes in some filling, 9 bits a cell
	group   int32  // the group's index plus one; 0 in an empty entry
	ok      bool
	none    bool
}

// tableAllows returns what the fillings of group k, whose table is t,
// allow its cells with options opts: from the memo, or found by t and
// kept there. The memo outlives a search: from one step to the next the
// closures reach the same states of a group.
func (f *forcing) tableAllows(t *groupTable, k int, opts []grid.Digits) cageAllows {
	if len(opts) > memoCells {
		return f.wideAllows(t, k, opts)
	}
	packed := packDigits(opts)
	if f.memo == nil {
		f.memo = make([]memoEntry, 1<<memoBits)
	}
	h := (packed ^ uint64(k+1)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9 >> (64 - memoBits)
	e := &f.memo[h]
	if e.group == int32(k+1) && e.opts == packed {
		a := cageAllows{ok: e.ok, none: e.none}
		unpackDigits(e.support, a.support[:len(opts)])
		return a
	}
	a := t.allows(opts)
	*e = memoEntry{opts: packed, support: packDigits(a.support[:len(opts)]), group: int32(k + 1), ok: a.ok, none: a.none}
	return a
}

// wideMemoBits sizes the memo of the groups of more than memoCells cells:
// 1<<wideMemoBits entries of 40 bytes (160 KiB), direct-mapped. Those
// groups (cages of eight or nine cells, the innies or outies of a region
// and a cage) cost the most to fill (matchLarge, fillNodes), and the nets
// reach the same states of them over and over: four in five of the 47,000
// lookups of the Interactive Sudoku Solver's "Killer sudoku [0 cage,
// hard]" (testdata/killer-bare.txt) repeat an earlier one.
const wideMemoBits = 12

// wideMemoEntry is a memoEntry of a group of more than memoCells cells (up
// to twice as many): the options and support of its first memoCells cells
// in the first word, of the others in the second.
type wideMemoEntry struct {
	opts    [2]uint64
	support [2]uint64
	group   int32
	ok      bool
	none    bool
}

// wideAllows is tableAllows for a group of more than memoCells cells.
func (f *forcing) wideAllows(t *groupTable, k int, opts []grid.Digits) cageAllows {
	if len(opts) > 2*memoCells {
		return t.allows(opts)
	}
	head := min(len(opts), memoCells)
	packed := [2]uint64{packDigits(opts[:head]), packDigits(opts[head:])}
	if f.wideMemo == nil {
		f.wideMemo = make([]wideMemoEntry, 1<<wideMemoBits)
	}
	h := (packed[0] ^ packed[1]*0x94d049bb133111eb ^ uint64(k+1)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9 >> (64 - wideMemoBits)
	e := &f.wideMemo[h]
	if e.group == int32(k+1) && e.opts == packed {
		a := cageAllows{ok: e.ok, none: e.none}
		unpackDigits(e.support[0], a.support[:head])
		unpackDigits(e.support[1], a.support[head:len(opts)])
		return a
	}
	a := t.allows(opts)
	support := [2]uint64{packDigits(a.support[:head]), packDigits(a.support[head:len(opts)])}
	*e = wideMemoEntry{opts: packed, support: support, group: int32(k + 1), ok: a.ok, none: a.none}
	return a
}

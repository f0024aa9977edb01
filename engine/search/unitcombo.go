package search

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// maxUnitDigits is the largest side of a board whose units are propagated
// as unit combinations (see generic.unitCombos): the subsets of a unit's
// digits, 2^N of them, are the bits of a subsets value.
const maxUnitDigits = 9

// subsets is a set of subsets of the digits 1..maxUnitDigits, a bit for
// each: bit x stands for the digits of x as a grid.Digits.
type subsets [1 << maxUnitDigits / 64]uint64

// disjointFrom returns, for every subset x of the digits, the subsets
// without a digit of x.
var disjointFrom = sync.OnceValue(func() *[1 << maxUnitDigits]subsets {
	var t [1 << maxUnitDigits]subsets
	for x := range t {
		for y := range 1 << maxUnitDigits {
			if x&y == 0 {
				t[x][y/64] |= 1 << (y % 64)
			}
		}
	}
	return &t
})

// unitPiece is the cells of a unit that one cage's table covers, or one
// cell of the unit that no table does.
type unitPiece struct {
	// con is the cage's combos constraint, or -1 for a single cell.
	con int32
	// in are the piece's cells, in the unit; out the cage's other cells.
	in, out []int32
	// cache is the piece's place in generic.pieces, and bound the most
	// options it lists (see unitOption), for a cage's piece.
	cache, bound int32
}

// unitTable is a unit whose cells cages cut into pieces: each piece holds
// a part of one of its cage's sets, and the parts are disjoint and make
// the unit's digits.
type unitTable struct {
	unit   int32
	pieces []unitPiece
}

// unitOption is a way a cage's piece fills its cells in a unit: with the
// set of index set of its cage's table, the empty cells of the piece
// taking the digits here, and the cage's empty cells outside the unit the
// digits there (the rest of the set less the digits placed).
type unitOption struct {
	set         int32
	here, there grid.Digits
}

// pieceCache holds the options of a cage's piece (see unitOption) for
// the state of the cage it was listed for: the candidates of its cells
// (in, then out; a placed digit with the bit placedState), and its sets
// still possible. A piece meets the same state again when the search
// comes back to a frame, and when its unit is visited for a digit placed
// in another cage.
type pieceCache struct {
	state   []grid.Digits
	alive   []uint64
	options []unitOption
	ok      bool
	// packed holds the digits in the unit of the options, renumbered as
	// the digits open in the unit (see digitPacker), open.
	open   grid.Digits
	packed subsets
}

// placedState marks the state of a placed cell in pieceCache.
const placedState grid.Digits = 1 << 31

// buildUnitTables builds the unit combinations of m (see generic.unitCombos):
// on boards of at most maxUnitDigits digits a side and 64 units, every
// complete unit met by a cage with a table of sets, and for every cell
// the units to visit again when a digit is placed in it.
func (m *model) buildUnitTables() {
	l := m.l
	if !m.opts.UnitCombos || m.opts.NoTables || l.N > maxUnitDigits || len(l.Units()) > 64 || l.Variant.IsStr8ts() {
		return
	}
	// The combos constraint of each cage, or -1.
	cageCon := make([]int32, len(l.Cages()))
	for k := range cageCon {
		cageCon[k] = -1
	}
	for id, c := range m.cons {
		if c.kind == conCombos && c.cage >= 0 {
			cageCon[c.cage] = int32(id)
		}
	}
	for u := range l.Units() {
		unit := l.Unit(u)
		if unit.Partial || len(unit.Cells) != l.N {
			continue
		}
		t := unitTable{unit: int32(u)}
		cages := false
		for _, cell := range unit.Cells {
			con := int32(-1)
			if k := l.CellCage(cell); k >= 0 {
				con = cageCon[k]
			}
			if con < 0 {
				t.pieces = append(t.pieces, unitPiece{con: -1, in: []int32{int32(cell)}})
				continue
			}
			at := -1
			for i, p := range t.pieces {
				if p.con == con {
					at = i
				}
			}
			if at < 0 {
				at = len(t.pieces)
				t.pieces = append(t.pieces, unitPiece{con: con})
			}
			t.pieces[at].in = append(t.pieces[at].in, int32(cell))
		}
		for i := range t.pieces {
			p := &t.pieces[i]
			if p.con < 0 {
				continue
			}
			c := &m.cons[p.con]
			for _, cell := range m.cells[c.start:c.end] {
				if !slices.Contains(p.in, cell) {
					p.out = append(p.out, cell)
				}
			}
			if len(p.in)+len(p.out) >= 2 {
				cages = true
			}
		}
		if !cages {
			continue
		}
		for i := range t.pieces {
			if p := &t.pieces[i]; p.con >= 0 {
				p.cache = int32(m.cagePieces)
				m.cagePieces++
				for _, set := range m.cons[p.con].combos {
					p.bound += 1 << popcount(set)
				}
			}
		}
		m.unitTables = append(m.unitTables, t)
	}
	if len(m.unitTables) == 0 {
		return
	}
	m.touch = make([]uint64, l.Cells)
	for i, t := range m.unitTables {
		for _, p := range t.pieces {
			for _, cell := range p.in {
				m.touch[cell] |= 1 << i
			}
		}
	}
}

// unitCombos propagates the unit combinations of table t: the cages
// crossing the unit each put a part of one of their sets in it (a
// single cell outside any table one of its candidates), and the parts
// are disjoint and make the unit's digits. Every way each piece may fill
// its cells (a set still possible, the digits its cells in the unit take,
// the rest going to its cells outside) is listed, and kept only if the
// others can fill the rest of the unit. The cells then keep the digits of
// the ways kept, inside the unit and out, and a cage's sets with none
// kept leave its table. It is found by sweeping the sets of digits the
// pieces can fill together, forward and back, a bit per set of the
// digits not yet placed in the unit (renumbered from bit 0, so that a
// unit with six or fewer open digits takes one word); false on a
// contradiction.
func (g *generic) unitCombos(f *frame, t *unitTable) bool {
	open := grid.AllDigits(g.l.N) &^ f.placed[t.unit]
	if open == 0 {
		return true
	}
	var pack digitPacker
	pack.init(open)
	words := max(1, (1<<popcount(open))/64)
	disjoint := g.disjoint
	var opts [maxUnitDigits]subsets
	var at [maxUnitDigits]int32 // the pieces with an empty cell in the unit
	n := 0
	for i := range t.pieces {
		p := &t.pieces[i]
		if !g.emptyIn(f, p.in) {
			continue
		}
		at[n] = int32(i)
		if p.con < 0 {
			for d := f.cand[p.in[0]]; d != 0; d &= d - 1 {
				x := pack.pack(d & -d)
				opts[n][x/64] |= 1 << (x % 64)
			}
		} else {
			c := &g.pieces[p.cache]
			if !c.holds(f, p, g.m.cons[p.con].word) {
				g.pieceOptions(f, p, c)
				c.open = 0
			}
			if !c.ok {
				return false
			}
			if c.open != open {
				c.open, c.packed = open, subsets{}
				for _, o := range c.options {
					x := pack.pack(o.here)
					c.packed[x/64] |= 1 << (x % 64)
				}
			}
			opts[n] = c.packed
		}
		n++
	}
	if n == 0 {
		return false
	}
	// The pieces of most options go first and last, where they cost a
	// test of a bit each (see below).
	for _, to := range [2]int{0, n - 1} {
		best, most := to, -1
		for i := range n {
			if i == 0 && to == n-1 && n > 1 {
				continue
			}
			if k := count(&opts[i], words); k > most {
				best, most = i, k
			}
		}
		opts[to], opts[best] = opts[best], opts[to]
		at[to], at[best] = at[best], at[to]
	}
	full := 1<<popcount(open) - 1
	// reach[i] holds the sets of digits pieces 0..i-1 can fill together;
	// reach[1] is the options of piece 0.
	var reach [maxUnitDigits]subsets
	reach[1] = opts[0]
	for i := 1; i < n-1; i++ {
		next := &reach[i+1]
		for w := range words {
			for x := opts[i][w]; x != 0; x &= x - 1 {
				d := w*64 + bits.TrailingZeros64(x)
				orShifted(next, &reach[i], &disjoint[d], uint(d), words)
			}
		}
		if isEmpty(next, words) {
			return false
		}
	}
	// back holds the sets of digits that pieces i+1.. leave to the
	// pieces before (the open digits less what they fill): for the last
	// piece, all of them, so that an option of it is kept when the
	// others can fill the rest.
	var back subsets
	back[full/64] = 1 << (full % 64)
	for i := n - 1; i >= 0; i-- {
		var kept, before subsets
		all := true
		for w := range words {
			for x := opts[i][w]; x != 0; x &= x - 1 {
				d := w*64 + bits.TrailingZeros64(x)
				var ok bool
				switch {
				case i == 0:
					// Nothing before: the option must be what is left.
					ok = back[w]&(x&-x) != 0
				case i == n-1:
					r := full ^ d
					if ok = reach[i][r/64]>>(r%64)&1 != 0; ok {
						before[r/64] |= 1 << (r % 64)
					}
				default:
					if ok = meetsShifted(&reach[i], &disjoint[d], uint(d), &back, words); ok {
						orShiftedDown(&before, &back, &disjoint[d], uint(d), words)
					}
				}
				if ok {
					kept[w] |= x & -x
				} else {
					all = false
				}
			}
		}
		if isEmpty(&kept, words) {
			return false
		}
		if !all && !g.keepPiece(f, &t.pieces[at[i]], &pack, &kept) {
			return false
		}
		if i > 0 {
			for w := range words {
				back[w] = before[w] & reach[i][w]
			}
		}
	}
	return true
}

// count returns the sets of digits s holds.
func count(s *subsets, words int) int {
	n := 0
	for _, w := range s[:words] {
		n += bits.OnesCount64(w)
	}
	return n
}

// digitPacker renumbers the digits of a set, open, from bit 0 in order.
type digitPacker struct {
	lo [32]uint16 // the digits 1..5
	hi [16]uint16 // the digits 6..9
}

// init readies p for the digits of open.
func (p *digitPacker) init(open grid.Digits) {
	// A set's renumbering is its lowest digit's joined with the rest's;
	// the digits that are not open are never packed.
	var rank [9]uint16
	r := uint16(0)
	for j := range rank {
		rank[j] = 1 << r
		if open>>j&1 != 0 {
			r++
		}
	}
	for x := 1; x < len(p.lo); x++ {
		p.lo[x] = p.lo[x&(x-1)] | rank[bits.TrailingZeros32(uint32(x))]
	}
	for x := 1; x < len(p.hi); x++ {
		p.hi[x] = p.hi[x&(x-1)] | rank[5+bits.TrailingZeros32(uint32(x))]
	}
}

// pack returns the digits of d, all of them open, renumbered.
func (p *digitPacker) pack(d grid.Digits) int {
	return int(p.lo[d&31] | p.hi[d>>5&15])
}

// emptyIn reports whether a cell of cells is empty.
func (g *generic) emptyIn(f *frame, cells []int32) bool {
	for _, cell := range cells {
		if f.value[cell] == 0 {
			return true
		}
	}
	return false
}

// holds reports whether c holds the options of piece p in the state of
// f, and if not, records that state in c; word is where the sets of
// p's cage start in frame.alive.
func (c *pieceCache) holds(f *frame, p *unitPiece, word int32) bool {
	same := true
	for i, cell := range p.in {
		same = c.note(i, f, cell) && same
	}
	for i, cell := range p.out {
		same = c.note(len(p.in)+i, f, cell) && same
	}
	for i, w := range f.alive[word : int(word)+len(c.alive)] {
		if c.alive[i] != w {
			c.alive[i] = w
			same = false
		}
	}
	return same
}

// note records the state of cell as the i-th of c's, and reports whether
// it was there already.
func (c *pieceCache) note(i int, f *frame, cell int32) bool {
	s := f.cand[cell]
	if v := f.value[cell]; v != 0 {
		s = placedState | grid.Bit(int(v))
	}
	if c.state[i] == s {
		return true
	}
	c.state[i] = s
	return false
}

// pieceOptions lists in c the ways the cage's piece p may fill its cells
// (see unitOption), and whether there is one.
func (g *generic) pieceOptions(f *frame, p *unitPiece, c *pieceCache) {
	c.options = c.options[:0]
	c.ok = false
	var placedIn, placedOut, candIn, candOut grid.Digits
	var in, out [maxUnitDigits]grid.Digits // the candidates of the empty cells
	var emptyIn, emptyOut int
	for _, cell := range p.in {
		if v := f.value[cell]; v != 0 {
			placedIn |= grid.Bit(int(v))
		} else {
			candIn |= f.cand[cell]
			in[emptyIn] = f.cand[cell]
			emptyIn++
		}
	}
	for _, cell := range p.out {
		if v := f.value[cell]; v != 0 {
			placedOut |= grid.Bit(int(v))
		} else if emptyOut < len(out) {
			candOut |= f.cand[cell]
			out[emptyOut] = f.cand[cell]
			emptyOut++
		} else {
			// A cage larger than a unit: its cells outside are not
			// checked one by one.
			candOut |= f.cand[cell]
		}
	}
	placed := placedIn | placedOut
	con := &g.m.cons[p.con]
	alive := f.sets(con)
	for w := range alive {
		for x := alive[w]; x != 0; x &= x - 1 {
			i := w*64 + bits.TrailingZeros64(x)
			set := con.combos[i]
			rest := set &^ placed
			if set&placed != placed || rest&^(candIn|candOut) != 0 {
				continue
			}
			// Digits only the cells in the unit (or only those out) can
			// take go there; the others may go either way.
			mustIn, mustOut := rest&^candOut, rest&^candIn
			k := emptyIn - popcount(mustIn)
			if k < 0 || popcount(mustOut) > len(p.out) {
				continue
			}
			free := rest &^ mustIn &^ mustOut
			y := free
			switch f := popcount(free); {
			case k > f:
				continue
			case k == 0:
				y = 0
			}
			for ; ; y = (y - 1) & free {
				if popcount(y) == k {
					here := mustIn | y
					there := rest &^ here
					if meetAll(in[:emptyIn], here) && meetAll(out[:emptyOut], there) {
						c.options = append(c.options, unitOption{set: int32(i), here: here, there: there})
						c.ok = true
					}
				}
				if y == 0 {
					break
				}
			}
		}
	}
}

// meetAll reports whether every one of cands has a digit of digits.
func meetAll(cands []grid.Digits, digits grid.Digits) bool {
	for _, c := range cands {
		if c&digits == 0 {
			return false
		}
	}
	return true
}

// keepPiece keeps piece p to its options (see pieceCache) whose digits in
// the unit (renumbered by pack) kept holds: its cells lose the digits of no such way, and its cage's
// sets without one leave the table.
func (g *generic) keepPiece(f *frame, p *unitPiece, pack *digitPacker, kept *subsets) bool {
	if p.con < 0 {
		cell := p.in[0]
		var keep grid.Digits
		for d := f.cand[cell]; d != 0; d &= d - 1 {
			x := pack.pack(d & -d)
			if kept[x/64]>>(x%64)&1 != 0 {
				keep |= d & -d
			}
		}
		return g.remove(f, int(cell), f.cand[cell]&^keep)
	}
	var here, there grid.Digits
	var sets [maxCombos / 64]uint64
	for _, o := range g.pieces[p.cache].options {
		if x := pack.pack(o.here); kept[x/64]>>(x%64)&1 != 0 {
			here |= o.here
			there |= o.there
			sets[o.set/64] |= 1 << (o.set % 64)
		}
	}
	c := &g.m.cons[p.con]
	alive := f.sets(c)
	dropped := false
	for w := range alive {
		if gone := alive[w] &^ sets[w]; gone != 0 {
			alive[w] &^= gone
			dropped = true
		}
	}
	if dropped && !g.queued[p.con] {
		// The sets left may need more of the cage's digits.
		g.queued[p.con] = true
		g.queue.push(p.con)
	}
	for _, cell := range p.in {
		if f.value[cell] == 0 && !g.remove(f, int(cell), f.cand[cell]&^here) {
			return false
		}
	}
	for _, cell := range p.out {
		if f.value[cell] == 0 && !g.remove(f, int(cell), f.cand[cell]&^there) {
			return false
		}
	}
	return true
}

// orShifted adds to dst the sets of digits x | d for each x of src and of
// mask (without a digit of d).
func orShifted(dst, src, mask *subsets, d uint, words int) {
	q, b := int(d/64), d%64
	for i := words - 1; i >= q; i-- {
		x := (src[i-q] & mask[i-q]) << b
		if i-q > 0 {
			x |= (src[i-q-1] & mask[i-q-1]) >> (64 - b)
		}
		dst[i] |= x
	}
}

// meetsShifted reports whether some x of src and of mask makes, with
// the digits d, a set of digits of to.
func meetsShifted(src, mask *subsets, d uint, to *subsets, words int) bool {
	q, b := int(d/64), d%64
	for i := words - 1; i >= q; i-- {
		x := (src[i-q] & mask[i-q]) << b
		if i-q > 0 {
			x |= (src[i-q-1] & mask[i-q-1]) >> (64 - b)
		}
		if x&to[i] != 0 {
			return true
		}
	}
	return false
}

// orShiftedDown adds to dst the sets of digits y less d for each y of src
// that holds the digits d, those of mask.
func orShiftedDown(dst, src, mask *subsets, d uint, words int) {
	q, b := int(d/64), d%64
	for i := 0; i+q < words; i++ {
		x := src[i+q] >> b
		if i+q+1 < words {
			x |= src[i+q+1] << (64 - b)
		}
		dst[i] |= x & mask[i]
	}
}

// isEmpty reports whether s holds no set.
func isEmpty(s *subsets, words int) bool {
	for _, w := range s[:words] {
		if w != 0 {
			return false
		}
	}
	return true
}

// pieceCaches returns empty caches of the options of every cage's piece of
// the unit tables, each with room for as many as it may list.
func (m *model) pieceCaches() []pieceCache {
	caches := make([]pieceCache, m.cagePieces)
	for _, t := range m.unitTables {
		for _, p := range t.pieces {
			if p.con < 0 {
				continue
			}
			c := &m.cons[p.con]
			caches[p.cache] = pieceCache{
				state:   make([]grid.Digits, len(p.in)+len(p.out)),
				alive:   make([]uint64, (len(c.combos)+63)/64),
				options: make([]unitOption, 0, p.bound),
			}
		}
	}
	return caches
}

package grid

import (
	"math/bits"
	"sync"
)

// A SumFiller finds what the fillings of a sum group allow: cells whose
// digits add up to a target, digits distinct between cells that see each
// other. It searches states rather than fillings: the cells before cell i
// filled, what is left of a filling depends only on i, their sum and, for
// each later cell, the digits of the earlier cells it sees (those among
// its options), so each state is followed once and remembers whether it
// completes, in how many ways, and the digits every completion puts in
// the cells from i on. It finds those of a product group the same way
// (fillProduct), what is left of the target being the target over the
// product so far: a large product cage whose cells see few of each other
// (a KenKen cage scattered over rows and columns) has millions of
// fillings of its first cells but few states, and Board.Fill's walk
// followed each of them, up to maxFillNodes nodes, every time a forcing
// net asked. A state is at least one node of Board.Fill's walk,
// so a call follows at most maxFillNodes states. The zero value is ready
// to use; a SumFiller keeps its tables from one call to the next, so a
// call allocates nothing once they have grown. It is not safe for
// concurrent use.
type SumFiller struct {
	opts   []Digits
	n      int
	target int
	// seenBy[i] has bit j for each later cell j that sees cell i and so
	// may not take its digit.
	seenBy [MaxGroupCells]uint32
	lo, hi [MaxGroupCells + 1]int // the least and most cells i.. add
	// A state's key packs, in words words, the digits taken from each
	// cell j from 1 (zero before the state's cell) at bit shift[j] of
	// word word[j], under field[j] (width bits), and the state's cell and
	// what is left of the target (the target less the sum so far) at bit
	// restShift of word restWord (see restCellShift). Cell 0 sees no
	// earlier cell, so takes no field (field[0] is zero): six cells of
	// nine digits fit one word.
	words     int
	width     uint
	word      [MaxGroupCells]uint8
	shift     [MaxGroupCells]uint8
	field     [MaxGroupCells]uint64
	restWord  int
	restShift uint8
	// product is set while the group is a product (fillProduct): the
	// rest then takes a whole word, the state's cell above
	// productCellShift and what is left of the target (the target over
	// the product so far) below.
	product bool
	keys    []uint64 // the states' keys, words words each
	// scratch[i] is the key of the state at cell i being followed (kept
	// here rather than on the stack, where the recursion would move it to
	// the heap).
	scratch [MaxGroupCells]fillKey
	states  []fillState
	slots   []int32 // an open-addressed table of states, index+1 (0: empty)
	support [MaxGroupCells]Digits
	gaveUp  bool
}

// fillState is what the fillings from one state hold.
type fillState struct {
	hash  uint32
	slot  int32
	nodes int32  // the nodes Board.Fill's walk visits from the state (a parent past maxFillNodes stops)
	count int32  // the completions
	must  Digits // the digits every completion puts in the state's cell and those after
}

// maxKeyWords is the most words a key takes: two cells a word when
// digits run to 32, and the rest.
const maxKeyWords = MaxGroupCells/2 + 1

// fillKey is a state's key while it is built: the first words words are
// used.
type fillKey [maxKeyWords]uint64

// The rest of a key: the state's cell above restCellShift, what is left
// of the target below (at most MaxGroupCells*MaxSize).
const (
	restCellShift = 12
	restBits      = 16
)

// Products of up to maxProductTarget are followed by states, the rest of
// a key taking a whole word.
const (
	productCellShift = 56
	maxProductTarget = 1<<productCellShift - 1
)

// Fill summarises in f the fillings of cells with options opts adding up
// to target, where sees[i] has bit j for each earlier cell j that cell i
// sees. The result is what Board.Fill's enumeration finds, cell by cell
// in order: it gives up (f.OK false) exactly where that enumeration would
// have visited more than maxFillNodes nodes, so the two always agree. A
// group of more than MaxGroupCells cells is given up at once.
func (s *SumFiller) Fill(opts []Digits, sees *[MaxGroupCells]uint32, target int, f *Fills) {
	n := len(opts)
	if n > MaxGroupCells {
		*f = Fills{}
		return
	}
	*f = Fills{OK: true}
	if n == 0 {
		if target == 0 {
			f.Count = 1
		}
		return
	}
	s.product = false
	s.reset(opts, sees, target)
	if target < s.lo[0] || target > s.hi[0] {
		return // the walk's root, every digit of cell 0 out of reach
	}
	s.finish(target, f)
}

// fillProduct is Fill for one to MaxGroupCells cells whose digits
// multiply to target (at most maxProductTarget), agreeing with Board.Fill's walk of a product group
// (fillSearch.walk): a digit target is not a multiple of with the
// product so far is not followed.
func (s *SumFiller) fillProduct(opts []Digits, sees *[MaxGroupCells]uint32, target int, f *Fills) {
	*f = Fills{OK: true}
	s.product = true
	s.reset(opts, sees, target)
	s.finish(target, f)
}

// finish follows the state at cell 0, the whole target left, and
// summarises it in f.
func (s *SumFiller) finish(target int, f *Fills) {
	n := s.n
	s.scratch[0] = fillKey{}
	s.scratch[0][s.restWord] = uint64(target) << s.restShift // cell 0, the whole target left
	e := s.state(0)
	if s.gaveUp || e < 0 || s.states[e].nodes > maxFillNodes {
		*f = Fills{}
		return
	}
	st := &s.states[e]
	if st.count == 0 {
		return
	}
	f.Count = int(st.count)
	f.Must = st.must
	f.Support = s.support
	for _, d := range s.support[:n] {
		f.Used |= d
	}
}

// reset prepares s for a group, emptying the table of the last one.
func (s *SumFiller) reset(opts []Digits, sees *[MaxGroupCells]uint32, target int) {
	for i := range s.states {
		s.slots[s.states[i].slot] = 0
	}
	s.states = s.states[:0]
	s.keys = s.keys[:0]
	if s.slots == nil {
		s.slots = make([]int32, 256)
	}
	s.opts, s.n, s.target, s.gaveUp = opts, len(opts), target, false
	s.pack()
	s.support = [MaxGroupCells]Digits{}
	s.seenBy = [MaxGroupCells]uint32{}
	for i := range s.n {
		for m := sees[i] & (1<<i - 1); m != 0; m &= m - 1 {
			j := lowBit(m)
			s.seenBy[j] |= 1 << i
		}
	}
	s.lo[s.n], s.hi[s.n] = 0, 0
	for i := s.n - 1; i >= 0; i-- {
		s.lo[i] = s.lo[i+1] + opts[i].Min()
		s.hi[i] = s.hi[i+1] + opts[i].Max()
	}
}

// pack lays out the keys: each cell's digits as wide as the largest
// option, as many cells a word as fit, then the rest.
func (s *SumFiller) pack() {
	var union Digits
	for _, o := range s.opts {
		union |= o
	}
	s.width = uint(max(union.Max(), 1))
	w, used := 0, uint(0)
	s.word[0], s.shift[0], s.field[0] = 0, 0, 0
	for j := 1; j < s.n; j++ {
		s.field[j] = 1<<s.width - 1
		if used+s.width > 64 {
			w, used = w+1, 0
		}
		s.word[j], s.shift[j] = uint8(w), uint8(used)
		used += s.width
	}
	rest := uint(restBits)
	if s.product {
		rest = 64
	}
	if used+rest > 64 {
		w, used = w+1, 0
	}
	s.restWord, s.restShift = w, uint8(used)
	s.words = w + 1
}

// taken returns the digits cell j may not take in the state of key k:
// those of the earlier cells it sees, among its options.
func (s *SumFiller) taken(k *fillKey, j int) Digits {
	return Digits(k[s.word[j]] >> s.shift[j] & s.field[j])
}

// state returns the index of the state at cell i whose key is
// scratch[i], following it first when it is new; -1 when the search gives
// up.
func (s *SumFiller) state(i int) int32 {
	k := &s.scratch[i]
	h := s.hash(k)
	mask := uint32(len(s.slots) - 1)
	for p := h & mask; ; p = (p + 1) & mask {
		e := s.slots[p] - 1
		if e < 0 {
			break
		}
		if s.states[e].hash == h && s.equal(e, k) {
			return e
		}
	}
	if len(s.states) >= maxFillNodes {
		// Each state is at least one node of the walk.
		s.gaveUp = true
		return -1
	}
	e := int32(len(s.states))
	s.states = append(s.states, fillState{hash: h})
	s.keys = append(s.keys, k[:s.words]...)
	s.insert(e)
	if 2*len(s.states) > len(s.slots) {
		s.grow()
	}
	if s.product && !s.followProduct(e, i) || !s.product && !s.follow(e, i) {
		s.gaveUp = true
		return -1
	}
	return e
}

// follow fills in state e, at cell i with key scratch[i], from its
// children; false when its walk passes maxFillNodes nodes.
func (s *SumFiller) follow(e int32, i int) bool {
	n := s.n
	k := &s.scratch[i]
	left := int(k[s.restWord] >> s.restShift & (1<<restCellShift - 1)) // the target less the sum so far
	taken := s.taken(k, i)
	nodes, count := int32(1), int32(0)
	must := ^Digits(0)
	switch i {
	case n - 1:
		// A single cell: its digit is what is left of the target.
		if left >= 1 && left <= MaxSize && s.opts[i]&^taken&Bit(left) != 0 {
			nodes, count, must = 2, 1, Bit(left)
			s.support[i] |= Bit(left)
		}
		s.store(e, nodes, count, must)
		return true
	case n - 2:
		nodes, count, must = s.pair(i, left, taken, s.taken(k, n-1))
		s.store(e, nodes, count, must)
		return true
	case n - 3:
		s.followPairs(e, i, left, taken)
		return true
	}
	// The digits after which the later cells' least and most can still
	// make what is left.
	for ds := s.opts[i] &^ taken & digitRange(left-s.hi[i+1], left-s.lo[i+1]); ds != 0; ds &= ds - 1 {
		d := ds.Min()
		bit := ds & -ds
		c := &s.scratch[i+1]
		*c = *k // the cells before i are zero in k
		c[s.word[i]] &^= s.field[i] << s.shift[i]
		for m := s.seenBy[i]; m != 0; m &= m - 1 {
			j := lowBit(m)
			c[s.word[j]] |= uint64(bit&s.opts[j]) << s.shift[j]
		}
		rest := uint64((i+1)<<restCellShift | (left - d))
		c[s.restWord] = c[s.restWord]&^((1<<restBits-1)<<s.restShift) | rest<<s.restShift
		ce := s.state(i + 1)
		if ce < 0 {
			return false
		}
		st := &s.states[ce]
		if nodes += st.nodes; nodes > maxFillNodes {
			return false
		}
		if st.count > 0 {
			count += st.count
			s.support[i] |= bit
			must &= bit | st.must
		}
	}
	s.store(e, nodes, count, must)
	return true
}

// followProduct is follow for a product: each digit of cell i what is
// left of the target is a multiple of, then the state after it (the
// walk's leaf, one node, after the last cell, which completes when
// nothing is left).
func (s *SumFiller) followProduct(e int32, i int) bool {
	k := &s.scratch[i]
	left := int(k[s.restWord] & maxProductTarget) // the target over the product so far
	nodes, count := int32(1), int32(0)
	must := ^Digits(0)
	for ds := s.opts[i] &^ s.taken(k, i); ds != 0; ds &= ds - 1 {
		d := ds.Min()
		if left%d != 0 {
			continue
		}
		bit := ds & -ds
		if i == s.n-1 {
			nodes++ // the leaf
			if d == left {
				count, must = 1, bit
				s.support[i] |= bit
			}
			continue
		}
		c := &s.scratch[i+1]
		*c = *k // the cells before i are zero in k
		c[s.word[i]] &^= s.field[i] << s.shift[i]
		for m := s.seenBy[i]; m != 0; m &= m - 1 {
			j := lowBit(m)
			c[s.word[j]] |= uint64(bit&s.opts[j]) << s.shift[j]
		}
		c[s.restWord] = uint64(i+1)<<productCellShift | uint64(left/d)
		ce := s.state(i + 1)
		if ce < 0 {
			return false
		}
		st := &s.states[ce]
		if nodes += st.nodes; nodes > maxFillNodes {
			return false
		}
		if st.count > 0 {
			count += st.count
			s.support[i] |= bit
			must &= bit | st.must
		}
	}
	s.store(e, nodes, count, must)
	return true
}

// followPairs fills in state e, at cell i = n-3 with key scratch[i],
// left what is left of the target and taken the digits cell i may not
// take: each digit of cell i, then the last two cells' pairs (pair)
// without a state.
func (s *SumFiller) followPairs(e int32, i, left int, taken Digits) {
	n := s.n
	k := &s.scratch[i]
	ta0, tb0 := s.taken(k, n-2), s.taken(k, n-1)
	seesA, seesB := s.seenBy[i]>>(n-2)&1 != 0, s.seenBy[i]>>(n-1)&1 != 0
	nodes, count := int32(1), int32(0)
	must := ^Digits(0)
	for ds := s.opts[i] &^ taken & digitRange(left-s.hi[i+1], left-s.lo[i+1]); ds != 0; ds &= ds - 1 {
		bit := ds & -ds
		ta, tb := ta0, tb0
		if seesA {
			ta |= bit
		}
		if seesB {
			tb |= bit
		}
		pn, pc, pm := s.pair(n-2, left-ds.Min(), ta, tb)
		nodes += pn
		if pc > 0 {
			count += pc
			s.support[i] |= bit
			must &= bit | pm
		}
	}
	s.store(e, nodes, count, must)
}

// pair returns the nodes, the fillings and the digits every filling
// uses of the last two cells, i and i+1, with left what is left of the
// target and ta and tb the digits each may not take. The last cell's digit
// is what cell i's leaves, so the pairs come from set operations (the last
// cell's options mirrored about left) rather than digit by digit. It adds
// the pairs' digits to the cells' support.
func (s *SumFiller) pair(i int, left int, ta, tb Digits) (nodes, count int32, must Digits) {
	last := i + 1
	// The digits the walk follows in cell i: those after which the last
	// cell's least and most options can still make left, each a node.
	a := s.opts[i] &^ ta & digitRange(left-s.hi[last], left-s.lo[last])
	x := a & mirror(s.opts[last]&^tb, left) // those the last cell completes
	if s.seenBy[i]&(1<<last) != 0 && left%2 == 0 {
		x &^= Bit(left / 2) // the two cells see each other: not the same digit
	}
	count = int32(x.Count())
	if x != 0 {
		// Every filling uses both digits of a pair only when there is one
		// pair (the two digits either way round).
		x0 := x.Min()
		if p := Bit(x0) | Bit(left-x0); x&^p == 0 {
			must = p
		}
		s.support[i] |= x
		s.support[last] |= mirror(x, left)
	}
	return 1 + int32(a.Count()) + count, count, must
}

// digitRange returns the digits from lo to hi (none when lo > hi).
func digitRange(lo, hi int) Digits {
	lo, hi = max(lo, 1), min(hi, MaxSize)
	if lo > hi {
		return 0
	}
	return Digits((uint64(1)<<hi - 1) &^ (uint64(1)<<(lo-1) - 1))
}

// mirror returns the digits left-d for the digits d of ds (those from 1
// to MaxSize).
func mirror(ds Digits, left int) Digits {
	if ds < 1<<mirrorDigits {
		// Digit d is at bit mirrorDigits-d of the table's set; digit
		// left-d belongs at bit left-d-1.
		r := uint64(reversed[ds])
		if left >= mirrorDigits+1 {
			return Digits(r << (left - mirrorDigits - 1))
		}
		return Digits(r >> (mirrorDigits + 1 - left))
	}
	r := uint64(bits.Reverse32(uint32(ds))) // digit d at bit 32-d
	// Digit left-d belongs at bit left-d-1.
	if left <= 33 {
		return Digits(r >> (33 - left))
	}
	return Digits(r << (left - 33))
}

// mirrorDigits is the most digits of the sets mirror reverses by table
// (those of boards of up to 9 digits), the set of digits 10-d for the
// digits d of each being reversed[set].
const mirrorDigits = 9

var reversed = func() (t [1 << mirrorDigits]uint16) {
	for m := range t {
		t[m] = uint16(bits.Reverse16(uint16(m)) >> (16 - mirrorDigits))
	}
	return t
}()

// store records what state e holds.
func (s *SumFiller) store(e, nodes, count int32, must Digits) {
	st := &s.states[e]
	st.nodes, st.count = nodes, count
	if count == 0 {
		must = 0
	}
	st.must = must
}

// hash returns the hash of key k.
func (s *SumFiller) hash(k *fillKey) uint32 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, w := range k[:s.words] {
		// The high and low halves of the product folded, so that every
		// bit of the word reaches the low bits the table uses.
		hi, lo := bits.Mul64(h^w, 0xff51afd7ed558ccd)
		h = hi ^ lo
	}
	return uint32(h)
}

// equal reports whether state e has key k.
func (s *SumFiller) equal(e int32, k *fillKey) bool {
	key := s.keys[int(e)*s.words:][:s.words]
	for i, w := range key {
		if w != k[i] {
			return false
		}
	}
	return true
}

// insert puts state e in the table.
func (s *SumFiller) insert(e int32) {
	mask := uint32(len(s.slots) - 1)
	p := s.states[e].hash & mask
	for s.slots[p] != 0 {
		p = (p + 1) & mask
	}
	s.slots[p] = e + 1
	s.states[e].slot = int32(p)
}

// grow doubles the table.
func (s *SumFiller) grow() {
	s.slots = make([]int32, 2*len(s.slots))
	for e := range s.states {
		s.insert(int32(e))
	}
}

// lowBit returns the index of the lowest set bit of m.
func lowBit(m uint32) int { return bits.TrailingZeros32(m) }

// sumFillers keeps the SumFillers of Board.Fill.
var sumFillers = sync.Pool{New: func() any { return new(SumFiller) }}

package serate

import (
	"math"
	"math/bits"
	"sync"
)

// Forcing chains as SE's Chaining class finds them. A potential is a
// candidate assumed true (on) or false (off); implications spread
// breadth-first, each remembering the potentials it came from, and the
// complexity of a chain is the number of distinct potentials behind it.

// pot numbers a potential: (cell*9 + value-1)*2, plus 1 when on.
type pot = int32

const numPots = 81 * 9 * 2

func mkPot(cell, value int, on bool) pot {
	p := pot((cell*9 + value - 1) * 2)
	if on {
		p++
	}
	return p
}

func potCell(p pot) int  { return int(p) / 18 }
func potValue(p pot) int { return int(p)/2%9 + 1 }
func potOn(p pot) bool   { return p&1 == 1 }

// cnode is one potential as reached by one path: its parents are the
// nodes that imply it, the first being the one that caused it.
type cnode struct {
	pot   pot
	first int32 // start of the parents in chainer.par
	n     int32
}

// pset is a set of potentials keeping, for each, the node that first
// reached it, in order of insertion.
type pset struct {
	in   [(numPots + 63) / 64]uint64 // membership, for a cache-friendly has
	at   [numPots]int32              // node index + 1, or 0
	list []int32
	pots []pot // the potentials of list, for reset
}

func (s *pset) reset() {
	for _, p := range s.pots {
		s.at[p] = 0
	}
	s.in = [len(s.in)]uint64{}
	s.list, s.pots = s.list[:0], s.pots[:0]
}

func (s *pset) has(p pot) bool { return s.in[p>>6]&(1<<(p&63)) != 0 }

// get returns the node holding p, or -1.
func (s *pset) get(p pot) int32 {
	if !s.has(p) {
		return -1
	}
	return s.at[p] - 1
}

// retain keeps the potentials also in o, in s's order.
func (s *pset) retain(o *pset) {
	list, pots := s.list[:0], s.pots[:0]
	for i, p := range s.pots {
		if o.has(p) {
			list = append(list, s.list[i])
			pots = append(pots, p)
		} else {
			s.at[p] = 0
			s.in[p>>6] &^= 1 << (p & 63)
		}
	}
	s.list, s.pots = list, pots
}

// chainer holds the state of one chaining technique for one grid.
type chainer struct {
	multiple, dynamic, nishio bool
	level                     int // 1 for dynamic chains plus

	// State of one search for advanced potentials (see plus.go).
	advToOff           *pset
	advPend            *[]int32
	advFound, advAdded bool

	g     *grid // the grid, changed by dynamic chaining and restored
	saved grid  // the grid as it was when the current chaining began
	// hasSaved is false but in dynamic chaining: the loops technique
	// never copies the grid (SE then compares with an empty grid) and
	// multiple chains never change it, so neither finds hidden parents.
	hasSaved bool

	// pos[r][v] mirrors g: the places of v in region r.
	pos      [27][10]uint16
	savedPos [27][10]uint16

	nodes []cnode
	par   []int32
	seen  [numPots]uint32 // generation marks for counting ancestors
	gen   uint32
	free  []*pset
	stack []int32
	// Reused queues and buffers of the spreading loops.
	qOn, qOff, buf []int32
	entryBuf       []pot

	best chainFind
	// skip marks the digits Nishio chaining need not search.
	skip [10]bool
	// closed is set when multiple chains may use reach's closure to skip
	// the chains with no potential in common (see multipleChains).
	closed bool

	// cands holds the grid's candidates for the loops technique.
	cands valueCells
	// reach is the graph of the current mode of the loops technique (or
	// of multiple chains), one of graphs: X-, Y- and XY-chains.
	reach  *reach
	graphs [3]reach

	// memo keeps, for one multiple or dynamic chaining pass, the spread
	// from each candidate assumed on (index cell*9+value-1): the cell's
	// own chains and the region chains of the cells before it both need
	// it, and the grid is the same for all of them. memoUsed lists the
	// filled entries.
	memo     [numPots / 2]onSpread
	memoUsed []int32
}

// onSpread is the spread from one candidate assumed on: what it makes on
// and off, and the two nodes of the contradiction it met, or -1.
type onSpread struct {
	on, off *pset
	a, b    int32
}

// spreadOn returns the spread from value v of cell assumed on, computing
// it the first time it is asked for in this pass.
func (c *chainer) spreadOn(cell, v int) *onSpread {
	i := int32(cell*9 + v - 1)
	m := &c.memo[i]
	if m.on == nil {
		m.on, m.off = c.set(), c.set()
		m.on.put(c, c.node(mkPot(cell, v, true), -1))
		m.a, m.b = c.spread(m.on, m.off)
		c.memoUsed = append(c.memoUsed, i)
	}
	return m
}

// releaseMemo recycles the spreads kept by spreadOn.
func (c *chainer) releaseMemo() {
	for _, i := range c.memoUsed {
		m := &c.memo[i]
		c.release(m.on, m.off)
		*m = onSpread{}
	}
	c.memoUsed = c.memoUsed[:0]
}

// loadPos fills pos from the grid.
func (c *chainer) loadPos() { c.pos = c.g.pos }

// remove takes v from cell in the grid and in pos.
func (c *chainer) remove(cell, v int) {
	c.g.cand[cell] &^= 1 << v
	for t := 0; t < 3; t++ {
		r := cellRegion[cell][t]
		c.pos[r][v] &^= 1 << cellIndex[cell][t]
	}
}

// chainers recycles the large scratch state of chaining.
var chainers = sync.Pool{New: func() any { return new(chainer) }}

// chainFind is the step SE's sort of chaining hints puts first: lowest
// difficulty (as Java computes it), then lowest complexity, then sort key.
type chainFind struct {
	found      bool
	diff       float64
	complexity int
	key        int
	remove     [81]uint16
	cell       int
	value      int
}

func (c *chainer) node(p pot, parent int32) int32 {
	n := int32(len(c.nodes))
	first := int32(len(c.par))
	var k int32
	if parent >= 0 {
		c.par = append(c.par, parent)
		k = 1
	}
	c.nodes = append(c.nodes, cnode{p, first, k})
	return n
}

// addParent appends a parent to the newest node n.
func (c *chainer) addParent(n, parent int32) {
	c.par = append(c.par, parent)
	c.nodes[n].n++
}

func (c *chainer) set() *pset {
	if k := len(c.free); k > 0 {
		s := c.free[k-1]
		c.free = c.free[:k-1]
		return s
	}
	return &pset{}
}

func (c *chainer) release(sets ...*pset) {
	for _, s := range sets {
		s.reset()
		c.free = append(c.free, s)
	}
}

func (s *pset) put(c *chainer, n int32) bool {
	p := c.nodes[n].pot
	if s.has(p) {
		return false
	}
	s.at[p] = n + 1
	s.in[p>>6] |= 1 << (p & 63)
	s.list = append(s.list, n)
	s.pots = append(s.pots, p)
	return true
}

// ancestors counts the distinct potentials from which node n follows,
// itself included.
func (c *chainer) ancestors(n int32) int {
	c.gen++
	if c.gen == 0 {
		c.seen = [numPots]uint32{}
		c.gen = 1
	}
	count := 0
	c.stack = append(c.stack[:0], n)
	for len(c.stack) > 0 {
		k := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		nd := c.nodes[k]
		if c.seen[nd.pot] == c.gen {
			continue
		}
		c.seen[nd.pot] = c.gen
		count++
		c.stack = append(c.stack, c.par[nd.first:nd.first+nd.n]...)
	}
	return count
}

// isAncestor reports whether potential p lies on the first-parent path
// above node n.
func (c *chainer) isAncestor(n int32, p pot) bool {
	for {
		nd := c.nodes[n]
		if nd.n == 0 {
			return false
		}
		n = c.par[nd.first]
		if c.nodes[n].pot == p {
			return true
		}
	}
}

// lengthDifficulty is SE's increment for a chain of the given complexity,
// summed in floating point as Java does.
func lengthDifficulty(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// couldBeat reports whether a hint of the given base difficulty and key
// and of complexity min or more could still sort before the best so far.
// The difficulty never falls as the complexity grows, so when a hint of
// complexity min would lose, so would every longer one: a breadth-first
// search whose next nodes all have complexity min or more can stop there
// without changing the step SE takes.
func (c *chainer) couldBeat(base float64, min, key int) bool {
	b := &c.best
	if !b.found {
		return true
	}
	diff := base + lengthDifficulty(min)
	return diff < b.diff || diff == b.diff && (min < b.complexity || min == b.complexity && key < b.key)
}

// offer keeps a hint when it sorts before the best so far. target is the
// potential whose truth the hint sets: an on target with other
// candidates places its value, an off target removes it.
func (c *chainer) offer(base float64, complexity, key int, target pot, place bool) {
	diff := base + lengthDifficulty(complexity)
	b := &c.best
	if b.found && (diff > b.diff || diff == b.diff && (complexity > b.complexity || complexity == b.complexity && key >= b.key)) {
		return
	}
	cell, v := potCell(target), potValue(target)
	var remove [81]uint16
	if potOn(target) {
		others := c.g.cand[cell] &^ (1 << v)
		if others == 0 {
			return // not worth: nothing to remove
		}
		remove[cell] = others
	} else {
		remove[cell] = 1 << v
	}
	*b = chainFind{found: true, diff: diff, complexity: complexity, key: key, remove: remove, cell: -1}
	if place {
		b.cell, b.value = cell, v
	}
}

// onToOff lists the potentials made off by node n being on: the cell's
// other values (when y), then the value in the block, row and column.
//
// When known is set, a potential already in known (and whose negation is
// not in contra) is left out: the caller would only find it present.
func (c *chainer) onToOff(n int32, y bool, out []int32, known, contra *pset) []int32 {
	p := c.nodes[n].pot
	cell, v := potCell(p), potValue(p)
	g := c.g
	if y {
		for w := 1; w <= 9; w++ {
			if w != v && g.cand[cell]&(1<<w) != 0 {
				if q := mkPot(cell, w, false); known == nil || !known.has(q) || contra.has(q|1) {
					out = append(out, c.node(q, n))
				}
			}
		}
	}
	var added [3]uint16 // per region type, indexes already listed
	for t := 0; t < 3; t++ {
		r := cellRegion[cell][t]
		m := c.pos[r][v] &^ (1 << cellIndex[cell][t])
		for m != 0 {
			i := bits.TrailingZeros16(m)
			m &= m - 1
			o := regionCells[r][i]
			if t > 0 && seenBefore(o, t, cell, v, c) {
				continue
			}
			if q := mkPot(o, v, false); known == nil || !known.has(q) || contra.has(q|1) {
				out = append(out, c.node(q, n))
			}
		}
		_ = added
	}
	return out
}

// seenBefore reports whether cell o, a place of v in the region of type t
// of cell, was already listed through an earlier type (block before row
// before column).
func seenBefore(o, t, cell, v int, c *chainer) bool {
	for u := 0; u < t; u++ {
		if cellRegion[o][u] == cellRegion[cell][u] {
			return true
		}
	}
	return false
}

// offToOn lists the potentials made on by node n being off: the cell's
// last value (when y), then the value's last place in the block, row and
// column (when x). In dynamic chaining the candidates removed since the
// start become extra parents.
//
// known and contra work as for onToOff.
func (c *chainer) offToOn(n int32, toOff *pset, y, x bool, out []int32, known, contra *pset) []int32 {
	p := c.nodes[n].pot
	cell, v := potCell(p), potValue(p)
	g := c.g
	if y && popcount(g.cand[cell]) == 2 {
		other := lowBit(g.cand[cell] &^ (1 << v))
		if q := mkPot(cell, other, true); known == nil || !known.has(q) || contra.has(q&^1) {
			k := c.node(q, n)
			if c.hasSaved {
				for w := 1; w <= 9; w++ {
					if c.saved.cand[cell]&(1<<w) != 0 && g.cand[cell]&(1<<w) == 0 {
						c.hiddenParent(k, mkPot(cell, w, false), toOff)
					}
				}
			}
			out = append(out, k)
		}
	}
	if x {
		for t := 0; t < 3; t++ {
			r := cellRegion[cell][t]
			others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
			// Only a region where the value has exactly one other place
			// yields something.
			if bits.OnesCount16(others) != 1 {
				continue
			}
			other := regionCells[r][bits.TrailingZeros16(others)]
			q := mkPot(other, v, true)
			if known != nil && known.has(q) && !contra.has(q&^1) {
				continue
			}
			k := c.node(q, n)
			if c.hasSaved {
				gone := c.savedPos[r][v] &^ c.pos[r][v]
				for gone != 0 {
					i := bits.TrailingZeros16(gone)
					gone &= gone - 1
					c.hiddenParent(k, mkPot(regionCells[r][i], v, false), toOff)
				}
			}
			out = append(out, k)
		}
	}
	return out
}

func (c *chainer) hiddenParent(k int32, p pot, toOff *pset) {
	if q := toOff.get(p); q >= 0 {
		c.addParent(k, q)
	}
}

// graph makes the graph of the loops technique's mode (cell links when
// y, region links when x) the current one, building it unless it was
// built for the grid as it is, and returns it.
func (c *chainer) graph(y, x bool) *reach {
	mode := 0 // X
	switch {
	case y && x:
		mode = 2
	case y:
		mode = 1
	}
	rc := &c.graphs[mode]
	if !rc.built || rc.cand != c.g.cand {
		rc.build(c, y, x)
	}
	c.reach = rc
	return rc
}

// loops runs SE's "Forcing Chains & Cycles": X-cycles, Y-cycles and
// XY-cycles (6.5, 7.0 for XY) and forcing X- and XY-chains (6.6, 7.0), the
// length increment added.
func (c *chainer) loops() {
	// The graph of XY-chains holds those of the other two modes: when no
	// potential reaches its negation there, no mode finds anything.
	if !c.graph(true, true).anyNegation() {
		return
	}
	for _, m := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := m[0], m[1]
		if !c.graph(y, x).anyNegation() {
			continue
		}
		// The X-cycles and forcing X-chains of a digit follow its links
		// alone: a digit whose candidates are those of a pass that found
		// none has none.
		var skip [10]bool
		var cells [10]digitCells
		memo := c.g.links != nil && !y
		if memo {
			for d := 1; d <= 9; d++ {
				cells[d] = digitCells(c.cands[d-1])
			}
			skip = c.g.links.xLoops.skip(&cells)
		}
		for cell := 0; cell < 81; cell++ {
			if popcount(c.g.cand[cell]) < 2 {
				continue
			}
			for v := 1; v <= 9; v++ {
				if c.g.cand[cell]&(1<<v) != 0 && !skip[v] {
					c.unary(cell, v, y, x)
				}
			}
		}
		if memo && !c.best.found {
			c.g.links.xLoops.record(&cells)
		}
	}
}

func (c *chainer) unary(cell, v int, y, x bool) {
	if !x && popcount(c.g.cand[cell]) > 2 {
		return
	}
	key := 2
	cycleBase, chainBase := 6.5, 6.6
	switch {
	case x && y:
		key, cycleBase, chainBase = 4, 7.0, 7.0
	case y:
		key = 3
	}
	mark := len(c.nodes)
	parMark := len(c.par)
	defer func() { c.nodes, c.par = c.nodes[:mark], c.par[:parMark] }()

	src := mkPot(cell, v, true)
	toOn, toOff := c.set(), c.set()
	start := c.node(src, -1)
	toOn.put(c, start)
	cycles := c.cycles(toOn, toOff, y, x, src, start, cycleBase, key)
	for _, d := range cycles {
		c.offerCycle(d, cycleBase, key)
	}
	c.release(toOn, toOff)
	if !x {
		return
	}
	for _, on := range [2]bool{true, false} {
		s := mkPot(cell, v, on)
		if !c.reach.leadsTo(s, s^1) {
			continue // no chain to find
		}
		if n := c.forcingLength(s, y, chainBase, key); n >= 0 {
			c.offer(chainBase, n+1, key, s^1, !on)
		}
	}
}

// cycles spreads from start and returns the nodes where the source
// potential comes back on after four steps or more. It stops when no
// cycle it could still find would beat the best hint (base and key are
// those of its cycles).
func (c *chainer) cycles(toOn, toOff *pset, y, x bool, src pot, start int32, base float64, key int) []int32 {
	var found []int32
	pendOn := append(c.qOn[:0], start)
	pendOff := c.qOff[:0]
	defer func() { c.qOn, c.qOff = pendOn[:0], pendOff[:0] }()
	hOn, hOff := 0, 0
	entries := c.entries(src, y, x)
	length := 0
	for hOn < len(pendOn) || hOff < len(pendOff) {
		// The nodes of a half-round of length L lie L links from the
		// source, all their potentials distinct but the source itself at
		// the end of a cycle: a cycle found from here on has complexity L
		// or more.
		if !c.couldBeat(base, length+1, key) {
			break
		}
		length++
		for hOn < len(pendOn) {
			p := pendOn[hOn]
			hOn++
			c.buf = c.onToOff(p, y, c.buf[:0], nil, nil)
			for _, k := range c.buf {
				kp := c.nodes[k].pot
				if toOff.has(kp) && !containsPot(entries, kp) {
					// Reached again by another path, it would make only
					// ons made already: only a way back to the source
					// matters.
					continue
				}
				if !c.isAncestor(p, kp) {
					pendOff = append(pendOff, k)
					toOff.put(c, k)
				}
			}
		}
		length++
		for hOff < len(pendOff) {
			p := pendOff[hOff]
			hOff++
			if toOff.get(c.nodes[p].pot) != p {
				// The potential came again by another path. Its first
				// node made all its ons, so only a return to the source
				// is new.
				if length >= 4 {
					found = c.returns(p, y, x, src, found)
				}
				continue
			}
			c.buf = c.offToOn(p, toOff, y, x, c.buf[:0], nil, nil)
			for _, k := range c.buf {
				kp := c.nodes[k].pot
				if length >= 4 && kp == src {
					found = append(found, k)
				}
				if !toOn.has(kp) {
					pendOn = append(pendOn, k)
					toOn.put(c, k)
				}
			}
		}
	}
	return found
}

// entries lists the off potentials from which offToOn, with no hidden
// parents, makes the source src on: the cell's other value when it has
// two (when y), and the value's other place in a region where it has two
// (when x).
func (c *chainer) entries(src pot, y, x bool) []pot {
	cell, v := potCell(src), potValue(src)
	out := c.entryBuf[:0]
	if m := c.g.cand[cell]; y && popcount(m) == 2 {
		out = append(out, mkPot(cell, lowBit(m&^(1<<v)), false))
	}
	if x {
		for t := 0; t < 3; t++ {
			r := cellRegion[cell][t]
			others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
			if bits.OnesCount16(others) == 1 {
				out = append(out, mkPot(regionCells[r][bits.TrailingZeros16(others)], v, false))
			}
		}
	}
	c.entryBuf = out
	return out
}

func containsPot(ps []pot, p pot) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// returns appends to found a node for each way offToOn, with no hidden
// parents, would make the source src on from off node n.
func (c *chainer) returns(n int32, y, x bool, src pot, found []int32) []int32 {
	p := c.nodes[n].pot
	cell, v := potCell(p), potValue(p)
	if m := c.g.cand[cell]; y && popcount(m) == 2 && mkPot(cell, lowBit(m&^(1<<v)), true) == src {
		found = append(found, c.node(src, n))
	}
	if !x || potValue(src) != v {
		return found
	}
	for t := 0; t < 3; t++ {
		r := cellRegion[cell][t]
		others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
		if bits.OnesCount16(others) == 1 && mkPot(regionCells[r][bits.TrailingZeros16(others)], v, true) == src {
			found = append(found, c.node(src, n))
		}
	}
	return found
}

// offerCycle turns a cycle ending at node d into its removals: the values
// seen both by an on and by an off potential of the loop.
func (c *chainer) offerCycle(d int32, base float64, key int) {
	var inLoop [81]bool
	for n := d; c.nodes[n].n > 0; n = c.par[c.nodes[n].first] {
		inLoop[potCell(c.nodes[n].pot)] = true
	}
	var fw, bw [81]uint16
	for n := d; c.nodes[n].n > 0; n = c.par[c.nodes[n].first] {
		p := c.nodes[n].pot
		cell, v := potCell(p), potValue(p)
		bit := uint16(1) << v
		for _, o := range peers[cell] {
			if !inLoop[o] && c.g.cand[o]&bit != 0 {
				if potOn(p) {
					fw[o] |= bit
				} else {
					bw[o] |= bit
				}
			}
		}
	}
	var remove [81]uint16
	any := false
	for i := range remove {
		remove[i] = fw[i] & bw[i]
		any = any || remove[i] != 0
	}
	if !any {
		return
	}
	complexity := c.ancestors(d)
	diff := base + lengthDifficulty(complexity)
	b := &c.best
	if b.found && (diff > b.diff || diff == b.diff && (complexity > b.complexity || complexity == b.complexity && key >= b.key)) {
		return
	}
	*b = chainFind{found: true, diff: diff, complexity: complexity, key: key, remove: remove, cell: -1}
}

// spread runs SE's doChaining: it extends toOn and toOff until nothing is
// new, and returns the two nodes of a contradiction (a potential both on
// and off) when it meets one, or -1, -1. Dynamic chaining removes each off
// candidate from the grid as it goes; the grid is restored at the end.
func (c *chainer) spread(toOn, toOff *pset) (int32, int32) {
	// Only dynamic chaining changes the grid and has hidden parents (the
	// candidates removed since the start): other chaining would compare
	// the grid with an equal copy and find none.
	if c.dynamic {
		c.saved = *c.g
		c.savedPos = c.pos
		c.hasSaved = true
		defer func() { *c.g, c.pos = c.saved, c.savedPos }()
	}
	pendOn := append(c.qOn[:0], toOn.list...)
	pendOff := append(c.qOff[:0], toOff.list...)
	defer func() { c.qOn, c.qOff = pendOn[:0], pendOff[:0] }()
	hOn, hOff := 0, 0
	y := !c.nishio
	for {
		if hOn < len(pendOn) {
			p := pendOn[hOn]
			hOn++
			c.buf = c.onToOff(p, y, c.buf[:0], toOff, toOn)
			for _, k := range c.buf {
				kp := c.nodes[k].pot
				if on := toOn.get(kp | 1); on >= 0 {
					return on, k
				}
				if toOff.put(c, k) {
					pendOff = append(pendOff, k)
				}
			}
			continue
		}
		if hOff < len(pendOff) {
			p := pendOff[hOff]
			hOff++
			c.buf = c.offToOn(p, toOff, y, true, c.buf[:0], toOn, toOff)
			if c.dynamic {
				pp := c.nodes[p].pot
				c.remove(potCell(pp), potValue(pp))
			}
			for _, k := range c.buf {
				kp := c.nodes[k].pot
				if off := toOff.get(kp &^ 1); off >= 0 {
					return k, off
				}
				if toOn.put(c, k) {
					pendOn = append(pendOn, k)
				}
			}
			continue
		}
		if c.level > 0 {
			c.advAdded = false
			if c.advanced(toOff, &pendOff) {
				continue
			}
		}
		return -1, -1
	}
}

// multipleChains runs SE's Nishio (7.5), Multiple (8.0) or Dynamic (8.5)
// forcing chains over every cell in order.
func (c *chainer) multipleChains() {
	defer c.releaseMemo()
	// Multiple chains spread in the fixed graph of XY-chains. The loops
	// technique found no forcing chain in it before, so no potential
	// reaches its negation, no spread meets a contradiction, and what a
	// spread makes on or off is what its potential reaches: a cell or
	// region chain has a potential in common only when the closures of
	// its potentials meet.
	c.closed = false
	if c.multiple && !c.dynamic {
		c.closed = !c.graph(true, true).anyNegation()
	}
	// Nishio chains follow one digit's links alone (no cell links): a
	// digit whose candidates are those of a pass that found nothing
	// yields nothing.
	var cells [10]digitCells
	c.skip = [10]bool{}
	memo := c.nishio && c.g.links != nil
	if memo {
		for d := 1; d <= 9; d++ {
			cells[d] = c.g.digitCells(d)
		}
		c.skip = c.g.links.nishio.skip(&cells)
	}
	for cell := 0; cell < 81; cell++ {
		n := popcount(c.g.cand[cell])
		if n > 2 || (n > 1 && c.dynamic) {
			c.cellChains(cell, n)
		}
	}
	if memo && !c.best.found {
		c.g.links.nishio.record(&cells)
	}
}

func (c *chainer) base() float64 {
	switch {
	case c.level > 0:
		return 8.5 + 0.5*float64(c.level)
	case c.nishio:
		return 7.5
	case c.dynamic:
		return 8.5
	}
	return 8.0
}

func (c *chainer) cellChains(cell, card int) {
	var valueOn, valueOff [10]*pset
	var cellOn, cellOff *pset
	defer func() {
		if cellOn != nil {
			c.release(cellOn, cellOff)
		}
	}()
	base := c.base()
	cand := c.g.cand[cell]
	// Without a common potential (see closed) the cell chains find
	// nothing and need no spreads.
	common := !c.closed || c.reach.common(cell, cand)
	for v := 1; v <= 9; v++ {
		if cand&(1<<v) == 0 || c.skip[v] {
			continue
		}
		if c.closed {
			// Multiple chains: binary finds nothing.
			c.regionChains(cell, v)
			if !common {
				continue
			}
		}
		on := c.spreadOn(cell, v)
		c.binary(cell, v, on, card >= 3 && !c.nishio && c.dynamic, c.dynamic || c.nishio)
		if c.nishio {
			continue // Nishio has no region or cell chains
		}
		if !c.closed {
			c.regionChains(cell, v)
		}
		valueOn[v], valueOff[v] = on.on, on.off
		if cellOn == nil {
			cellOn, cellOff = c.set(), c.set()
			for _, k := range on.on.list {
				cellOn.put(c, k)
			}
			for _, k := range on.off.list {
				cellOff.put(c, k)
			}
		} else {
			cellOn.retain(on.on)
			cellOff.retain(on.off)
		}
	}
	if c.nishio || !(card == 2 || (c.multiple && card > 2)) || !common {
		return
	}
	for _, s := range [2]*pset{cellOn, cellOff} {
		for _, p := range s.pots {
			complexity := 0
			for v := 1; v <= 9; v++ {
				if cand&(1<<v) == 0 {
					continue
				}
				var from *pset
				if potOn(p) {
					from = valueOn[v]
				} else {
					from = valueOff[v]
				}
				complexity += c.ancestors(from.get(p))
			}
			c.offer(base, complexity, 5, p, potOn(p))
		}
	}
}

// binary runs SE's doBinaryChaining for one candidate, given its spread
// when on: contradictions from its being on or off, and (when reduce)
// potentials implied both ways.
func (c *chainer) binary(cell, v int, on *onSpread, reduce, contradiction bool) {
	base := c.base()
	onToOn, onToOff := on.on, on.off
	if contradiction && on.a >= 0 {
		c.offer(base, c.ancestors(on.a)+c.ancestors(on.b), 7, mkPot(cell, v, false), false)
	}
	if !reduce && !contradiction {
		return // SE spreads from the off side too, to no effect
	}
	offToOn, offToOff := c.set(), c.set()
	defer c.release(offToOn, offToOff)
	offToOff.put(c, c.node(mkPot(cell, v, false), -1))
	if a, b := c.spread(offToOn, offToOff); contradiction && a >= 0 {
		c.offer(base, c.ancestors(a)+c.ancestors(b), 7, mkPot(cell, v, true), true)
	}
	if !reduce {
		return
	}
	for i, p := range onToOn.pots {
		if q := offToOn.get(p); q >= 0 {
			c.offer(base, c.ancestors(onToOn.list[i])+c.ancestors(q), 1, p, true)
		}
	}
	for i, p := range onToOff.pots {
		if q := offToOff.get(p); q >= 0 {
			c.offer(base, c.ancestors(onToOff.list[i])+c.ancestors(q), 1, p, false)
		}
	}
}

// regionChains runs SE's doRegionChainings: when the cell is the first
// place of v in a region (with two places, or more for multiple chains),
// what follows from every place of v there holds.
func (c *chainer) regionChains(cell, v int) {
	base := c.base()
	for _, t := range [3]int{block, row, col} {
		r := cellRegion[cell][t]
		pos := c.g.places(r, v)
		n := popcount(pos)
		if !(n == 2 || (c.multiple && n > 2)) || regionCells[r][lowBit(pos)] != cell {
			continue
		}
		if c.closed && !c.reach.commonPlaces(r, v, pos) {
			continue
		}
		own := c.spreadOn(cell, v)
		onToOn, onToOff := own.on, own.off
		var posOn, posOff [9]*pset
		regOn, regOff := c.set(), c.set()
		for i, o := range regionCells[r] {
			if pos&(1<<i) == 0 {
				continue
			}
			if o == cell {
				posOn[i], posOff[i] = onToOn, onToOff
				for _, k := range onToOn.list {
					regOn.put(c, k)
				}
				for _, k := range onToOff.list {
					regOff.put(c, k)
				}
				continue
			}
			m := c.spreadOn(o, v)
			posOn[i], posOff[i] = m.on, m.off
			regOn.retain(m.on)
			regOff.retain(m.off)
		}
		for _, s := range [2]*pset{regOn, regOff} {
			for _, p := range s.pots {
				complexity := 0
				for i := 0; i < 9; i++ {
					if pos&(1<<i) == 0 {
						continue
					}
					from := posOn[i]
					if !potOn(p) {
						from = posOff[i]
					}
					complexity += c.ancestors(from.get(p))
				}
				c.offer(base, complexity, 6, p, potOn(p))
			}
		}
		c.release(regOn, regOff)
	}
}

// chaining returns a producer for one of SE's chaining techniques.
func chaining(multiple, dynamic, nishio bool) producer {
	return chainingLevel(multiple, dynamic, nishio, 0)
}

// chainingLevel returns a producer for SE's chaining techniques with
// advanced potentials up to the given level.
func chainingLevel(multiple, dynamic, nishio bool, level int) producer {
	return func(g *grid, h *hint) bool {
		c := chainers.Get().(*chainer)
		defer chainers.Put(c)
		c.multiple, c.dynamic, c.nishio, c.g, c.level = multiple, dynamic, nishio, g, level
		c.hasSaved = false
		c.best = chainFind{diff: math.Inf(1)}
		c.nodes, c.par = c.nodes[:0], c.par[:0]
		c.loadPos()
		if multiple || dynamic {
			c.multipleChains()
		} else {
			c.loadCands()
			c.loops()
		}
		if !c.best.found {
			return false
		}
		h.reset(Tenths(math.Round(c.best.diff * 10)))
		h.remove = c.best.remove
		h.cell, h.value = c.best.cell, c.best.value
		return true
	}
}

package strategy

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The chain strategies search the link graph (links.go) for alternating
// inference chains: a node false makes the next true over a strong link, a
// node true makes the next false over a weak link. A chain from node A
// (false) to node B (true) proves A or B; every candidate weakly linked to
// both is false (an AIC). When B is weakly linked back to A, the chain
// closes into a continuous nice loop: every weak link of the loop is then
// strong as well, and every candidate weakly linked to both ends of one is
// false. A chain from A false back to A true proves A; a candidate weakly
// linked to both ends of an AIC closes a discontinuous nice loop through it.
// The search is breadth-first, so the shortest chains come first; the
// classic names follow from what was found.

var xChain = perDigit(newStrategy(Elimination, techXChain,
	findXChains, explainChain))

// XChain (d): an alternating chain on one digit over conjugate pairs
// (strong) and cells seeing each other (weak); a cell seeing both ends
// cannot hold the digit.
func XChain() *Strategy { return xChain }

var xyChain = newStrategy(Elimination, techXYChain,
	findXYChains, explainChain)

// XYChain (e): a chain of bivalue cells, each linked to the next by a
// shared digit, whose two ends hold the same digit; a cell seeing both ends
// cannot hold it.
func XYChain() *Strategy { return xyChain }

var (
	techXChain  = &Technique{name: "X-Chain", code: "0701", level: Unfair, score: 260, se: 66, seChain: true}
	techXYChain = &Technique{name: "XY-Chain", code: "0702", level: Unfair, score: 260, se: 66, seChain: true}

	techCNL = &Technique{name: "Continuous Nice Loop", code: "0706", level: Unfair, score: 280, se: 70, seChain: true}
	techDNL = &Technique{name: "Discontinuous Nice Loop", code: "0707", level: Unfair, score: 280, se: 70, seChain: true}
	techAIC = &Technique{name: "AIC", code: "0708", level: Unfair, score: 280, se: 70, seChain: true}

	techGCNL = &Technique{name: "Grouped Continuous Nice Loop", code: "0709", level: Unfair, score: 300, se: 80, seChain: true}
	techGDNL = &Technique{name: "Grouped Discontinuous Nice Loop", code: "0710", level: Unfair, score: 300, se: 80, seChain: true}
	techGAIC = &Technique{name: "Grouped AIC", code: "0711", level: Unfair, score: 300, se: 80, seChain: true}
)

var niceLoop = &Strategy{
	name: "Nice Loop/AIC", class: Elimination,
	technique:  techAIC,
	techniques: []*Technique{techAIC, techCNL, techDNL},
	explain:    explainChain,
	find:       findNiceLoops,
}

// NiceLoop (f): alternating inference chains and loops over single
// candidates: AICs, continuous and discontinuous nice loops.
func NiceLoop() *Strategy { return niceLoop }

var groupedNiceLoop = &Strategy{
	name: "Grouped Nice Loop/AIC", class: Elimination,
	technique:  techGAIC,
	techniques: []*Technique{techGAIC, techGCNL, techGDNL},
	explain:    explainChain,
	find:       findGroupedNiceLoops,
}

// GroupedNiceLoop (g): the chains and loops of Nice Loop/AIC with group
// nodes (a digit's candidates in the intersection of two units) and almost
// locked sets; only chains using one of them are reported. Chains without
// ALSs come first; with ALSs, a first step is looked for from single
// candidates (HoDoKu's premises) before groups and ALSs (chainMode.candFirst).
// Find-all mode lists the chains from every start.
func GroupedNiceLoop() *Strategy { return groupedNiceLoop }

func findXChains(b *grid.Board, sink *Sink)   { findChains(b, sink, &xChainMode) }
func findXYChains(b *grid.Board, sink *Sink)  { findChains(b, sink, &xyChainMode) }
func findNiceLoops(b *grid.Board, sink *Sink) { findChains(b, sink, &niceLoopMode) }
func findGroupedNiceLoops(b *grid.Board, sink *Sink) {
	findChains(b, sink, &groupedLoopMode, &alsLoopMode)
}

// chainMode selects the nodes and links of one chain strategy and what it
// reports.
type chainMode struct {
	nodes   uint8 // node classes used (any bit)
	bivalue bool  // only candidates of bivalue cells
	strong  uint8 // strong link kinds used
	weak    uint8 // weak link kinds used
	groups  bool  // the graph needs group and ALS nodes
	loops   bool  // nice loops too, not only AICs
	// sameDigit requires both ends of an AIC to hold the same digit.
	sameDigit bool
	// candFirst looks for chains from single candidates first, as HoDoKu's
	// tabling does (its premises are candidates), and from groups and ALSs
	// only when there is none: a first step then costs a scan of the
	// candidates alone, a fraction of all the nodes with ALSs.
	candFirst bool
	// perDigit: the links join candidates of one digit only, so the
	// chains of a digit are walked only when the sink wants it.
	perDigit      bool
	aic, cnl, dnl *Technique
}

var (
	xChainMode = chainMode{nodes: nodeCand, strong: strongUnit | strongCage, weak: weakUnit,
		sameDigit: true, perDigit: true, aic: techXChain}
	xyChainMode = chainMode{nodes: nodeBivalue, bivalue: true, strong: strongCell, weak: weakUnit,
		sameDigit: true, aic: techXYChain}
	niceLoopMode = chainMode{nodes: nodeCand, strong: strongUnit | strongCell | strongCage, weak: weakUnit | weakCell | weakSum,
		loops: true, aic: techAIC, cnl: techCNL, dnl: techDNL}
	// Grouped chains are looked for without ALSs first, then with them.
	groupedLoopMode = chainMode{nodes: nodeCand | nodeGroup,
		strong: strongUnit | strongCell | strongCage, weak: weakUnit | weakCell | weakSum,
		groups: true, loops: true, aic: techGAIC, cnl: techGCNL, dnl: techGDNL}
	alsLoopMode = chainMode{nodes: nodeCand | nodeGroup | nodeALS,
		strong: strongUnit | strongCell | strongALS | strongForce | strongCage | strongALC, weak: weakUnit | weakCell | weakSum,
		groups: true, loops: true, candFirst: true, aic: techGAIC, cnl: techGCNL, dnl: techGDNL}
)

// The shapes of chain found.
const (
	shapeAIC   = iota // start = ... = end; eliminations see both ends
	shapeCNL          // start = ... = end - start
	shapeDNL          // target - start = ... = end - target
	shapePlace        // start = ... = start: start is true
)

// maxChainDepth bounds the links of a chain.
const maxChainDepth = 64

// chainSearch is the scratch space of the search, kept with the graph.
type chainSearch struct {
	m    *chainMode
	ok   []bool // node usable in the mode
	live []bool // node usable, with a strong link (of any mode)
	// The links of the mode between usable nodes, packed by state (node
	// u false is state 2u, true 2u+1): state st leads to the states
	// next[off[st]:off[st+1]], over the ALSs alsOf[...] (or -1). Node u
	// false goes on over its strong links, true over its weak links.
	off, next, alsOf []int32
	seen             []uint32 // state (node*2+truth) → stamp when reached
	par              []int32  // state → previous state
	parALS           []int32  // state → ALS of the link into it, or -1
	depth            []int32
	queue            []int32
	wmark            []uint32 // node → ws when weakly linked to the start
	smark            []uint32 // node → ss when strongly linked to the start
	sALS             []int32  // node → the ALS of its strong link to the start
	cmark            []uint32 // cell → cs when in the loop
	ss               uint32
	cs               uint32
	amark            []uint32 // node → as when weakly linked to a weak link's end
	emark            []uint32 // node → es when eliminated
	stamp            uint32
	ws               uint32
	as               uint32
	es               uint32

	start int32
	limit int32 // the longest chain looked for
	// afterCands: the scan is of the other starts, the candidates' found
	// no chain (relateEnd)
	afterCands bool

	// The scan for the shortest chain (firstChain), block by block (the
	// blocks' starts), each walked with the buffers of walk.
	blocks []scanBlock
	walk   scanBlock
	slot   []int32 // state → its index in the next level of the walk, or -1
	pairs  []int32 // the starts whose walks may end a chain at a level
	starts []int32
	elims  []CellDigit
	path   []int32 // states of the chain being looked at, start first
	als    []int32 // the ALS of the link into each state, or -1

	// clusterStarts' scratch: the starts' lowest neighbours, their counts,
	// the starts sorted (the buffers of starts and startsBy swap)
	startLow, lowCount []int32
	startsBy           []int32
	nodeOrder          bool // the starts in node order (tests)

	// the best chain so far (first-step mode)
	bestDepth  int32
	bestShape  int
	bestTarget int32
	bestPath   []int32
	bestALS    []int32
	bestElims  []CellDigit

	// every chain (find-all mode), one per technique and eliminations
	results []chainResult
	byKey   map[string]int
	key     []byte
}

// chainResult is a chain found in find-all mode.
type chainResult struct {
	tech   *Technique
	shape  int
	target int32
	depth  int32
	path   []int32
	als    []int32
	elims  []CellDigit
}

// findChains reports the chains of the modes (tried in turn) on b.
func findChains(b *grid.Board, sink *Sink, modes ...*chainMode) {
	g := getChainGraph(b)
	defer chainGraphs.Put(g)
	g.run(b, sink, modes)
}

// nextStamp advances a stamp, clearing its marks when it wraps.
func nextStamp(stamp *uint32, marks []uint32) uint32 {
	*stamp++
	if *stamp == 0 {
		clear(marks)
		*stamp = 1
	}
	return *stamp
}

func (g *chainGraph) run(b *grid.Board, sink *Sink, modes []*chainMode) {
	s := &g.search
	s.bestDepth = maxChainDepth + 1
	if sink.All {
		s.results = s.results[:0]
		if s.byKey == nil {
			s.byKey = map[string]int{}
		}
		clear(s.byKey)
	}
	m := modes[0]
	for _, m = range modes {
		g.prepare(b, sink, m)
		if !sink.All {
			g.firstChain(b, sink)
			if s.bestDepth <= maxChainDepth {
				break
			}
			if sink.Cancelled() {
				return
			}
			continue
		}
		s.limit = maxChainDepth
		for start := int32(0); start < int32(len(g.nodes)); start++ {
			if !g.isStart(start, startsAll) {
				continue
			}
			if sink.Cancelled() { // a walk is dear enough to poll before each
				return
			}
			g.bfs(b, start, false, true)
			if m.loops {
				// Loops closed by a strong link to a true start: the
				// breadth-first walk from there finds other loops.
				g.bfs(b, start, true, true)
			}
		}
	}
	if sink.All {
		for i := range s.results {
			if sink.Done() {
				break // as many as wanted (Sink.Limit)
			}
			r := &s.results[i]
			g.fillStep(b, sink.Add(), r.tech, r.shape, r.target, r.path, r.als, r.elims)
		}
		return
	}
	if s.bestDepth <= maxChainDepth {
		g.fillStep(b, sink.Add(), m.technique(s.bestShape), s.bestShape, s.bestTarget, s.bestPath, s.bestALS, s.bestElims)
	}
}

// prepare readies the graph and the search for mode m.
func (g *chainGraph) prepare(b *grid.Board, sink *Sink, m *chainMode) {
	s := &g.search
	if m.nodes&nodeALS != 0 {
		g.addALSNodes(b)
	}
	g.sizeSearch()
	s.m = m
	for i := range g.nodes {
		c := g.nodes[i].class
		// A group or ALS node without weak links can neither start nor
		// end a chain (its eliminations and loops are its weak links')
		// nor be passed (in over a weak link, out over a strong one):
		// most ALS nodes, and all their links, are left out so.
		s.ok[i] = c&m.nodes != 0 && (!m.bivalue || c&nodeBivalue != 0) &&
			(c&nodeCand != 0 || len(g.weak[i]) > 0) &&
			(!m.perDigit || sink.wants(int(g.nodes[i].digit)))
		s.live[i] = s.ok[i] && len(g.strong[i]) > 0
	}
	g.packLinks()
}

// packLinks packs the links of the search's mode between usable nodes.
func (g *chainGraph) packLinks() {
	s := &g.search
	m := s.m
	nn := len(g.nodes)
	ok, live := s.ok, s.live
	off := grow(s.off, 2*nn+1)
	next, alsOf := s.next[:0], s.alsOf[:0]
	for u := 0; u < nn; u++ {
		off[2*u] = int32(len(next))
		if !ok[u] {
			off[2*u+1] = int32(len(next))
			continue
		}
		for _, e := range g.strong[u] {
			if e.kind&m.strong != 0 && ok[e.to] {
				next = append(next, e.to<<1|1)
				alsOf = append(alsOf, e.als)
			}
		}
		off[2*u+1] = int32(len(next))
		if len(g.strong[u]) == 0 {
			continue // never left over a weak link
		}
		// A weak link to a node without a strong link leads nowhere: a
		// chain leaves a node (false) over a strong link, and ends on a
		// node true.
		for _, e := range g.weak[u] {
			if e.kind&m.weak != 0 && live[e.to] {
				next = append(next, e.to<<1)
				alsOf = append(alsOf, -1)
			}
		}
	}
	off[2*nn] = int32(len(next))
	s.off, s.next, s.alsOf = off, next, alsOf
}

// firstChain finds the shortest chain of the mode, the first from the
// lowest start among those of its length: what a breadth-first walk from
// every start in turn finds, at a fraction of the cost. A scan walks from
// the starts of a block (256) at once, level by level, a bit per start,
// and finds at each level the starts whose walks reach a node that may end
// a chain from them (sharing a weakly linked candidate with the start, or
// closing a loop); the walks from those starts then tell whether they make
// a chain (a loop may eliminate nothing, a grouped mode wants a group or
// ALS in the chain). If none does, the scan goes on to the next level,
// then to the next block (scan).
// A mode of candidates first scans the candidates, then the other starts.
func (g *chainGraph) firstChain(b *grid.Board, sink *Sink) {
	if !g.search.m.candFirst {
		g.scan(b, sink, startsAll)
	} else if !g.scan(b, sink, startsCand) && !sink.Cancelled() {
		g.scan(b, sink, startsOther)
	}
}

// scan looks for the first chain from the starts of a class, and reports
// whether it found one; it stops, finding none, when sink is cancelled.
// The blocks of starts are walked one after the other, with one set of
// buffers that stays in cache; at each level of a block's walks, the
// walks from its starts that may end a chain there tell, in order, whether
// they make one. A block stops at the level of the best chain found so
// far (the first of all is the least by level and start), or as soon as
// it finds one of its own.
func (g *chainGraph) scan(b *grid.Board, sink *Sink, class int) bool {
	s := &g.search
	s.afterCands = class == startsOther
	g.scanStart(class)
	bestLevel, bestStart, bestDepth := int32(maxChainDepth), int32(-1), int32(maxChainDepth+1)
	for k := range s.blocks {
		if sink.Cancelled() {
			s.bestDepth = maxChainDepth + 1
			return false
		}
		g.walkStart(s.blocks[k].starts)
		for d := int32(1); d <= bestLevel; d++ {
			live := g.walkLevel(&s.walk, d)
			found := false
			for _, start := range s.pairs {
				if found || bestDepth <= maxChainDepth && d == bestLevel && start >= bestStart {
					break
				}
				if sink.Cancelled() {
					s.bestDepth = maxChainDepth + 1
					return false
				}
				s.limit = d
				s.bestDepth = maxChainDepth + 1
				g.bfs(b, start, false, false)
				if s.bestDepth <= maxChainDepth {
					bestLevel, bestStart, bestDepth, found = d, start, s.bestDepth, true
				}
			}
			if found || !live {
				break
			}
		}
	}
	s.bestDepth = bestDepth
	return bestDepth <= maxChainDepth
}

// scanStart readies the scan from the starts of a class (nodes with a
// strong link): the starts in blocks, and the buffers of a block's walk.
func (g *chainGraph) scanStart(class int) {
	s := &g.search
	nn := len(g.nodes)
	s.starts = s.starts[:0]
	for u := int32(0); u < int32(nn); u++ {
		if g.isStart(u, class) {
			s.starts = append(s.starts, u)
		}
	}
	if len(s.starts) > startBlock && !s.nodeOrder {
		g.clusterStarts()
	}
	nb := (len(s.starts) + startBlock - 1) / startBlock
	if len(s.slot) < 2*nn {
		s.slot = make([]int32, 2*nn)
		for i := range s.slot {
			s.slot[i] = -1
		}
	}
	bl := &s.walk
	bl.vis = grow(bl.vis, 2*nn)
	bl.rel = grow(bl.rel, nn)
	bl.weakTo = grow(bl.weakTo, nn)
	bl.relDone = grow(bl.relDone, nn)
	// A level holds each state at most once: lists of 2n never grow.
	bl.front = slices.Grow(bl.front[:0], 2*nn)
	bl.next = slices.Grow(bl.next[:0], 2*nn)
	bl.cur = slices.Grow(bl.cur[:0], 2*nn)
	bl.nextSets = slices.Grow(bl.nextSets[:0], 2*nn)
	s.blocks = extend(s.blocks, nb)
	for k := range s.blocks {
		s.blocks[k].starts = s.starts[k*startBlock : min((k+1)*startBlock, len(s.starts))]
	}
}

// walkStart readies the walks from the starts of a block: the buffers
// cleared, the walks at their starts (level 0), and what relates the
// nodes to the starts they may end a chain from (relate).
func (g *chainGraph) walkStart(starts []int32) {
	s := &g.search
	bl := &s.walk
	bl.starts = starts
	clear(bl.vis)
	clear(bl.rel)
	clear(bl.weakTo)
	clear(bl.relDone)
	bl.front, bl.cur = bl.front[:0], bl.cur[:0]
	for i, st := range starts {
		var bit startSet
		bit[i>>6&3] = 1 << (i & 63)
		bl.vis[st<<1] = bit
		bl.front = append(bl.front, st<<1)
		bl.cur = append(bl.cur, bit)
	}
	g.relate(bl)
}

// clusterStarts orders the starts by their lowest strong neighbour, so
// that a block holds starts whose walks cover the same states: a block's
// link steps serve more of its starts at once (along tarek line 1's ALS
// scans, 39% fewer link steps and 22% fewer front entries than the starts
// in node order). Which block a start walks in changes nothing found: the
// scan keeps each start's own levels, and the starts that may end a chain
// at a level are sorted before their walks (scanLevel).
func (g *chainGraph) clusterStarts() {
	s := &g.search
	nn := int32(len(g.nodes))
	// A counting sort by the neighbour (nn for none), stable: starts of
	// one neighbour stay in node order.
	count := grow(s.lowCount, int(nn)+2)
	clear(count)
	low := grow(s.startLow, len(s.starts))
	for i, u := range s.starts {
		l := nn
		for _, ns := range s.next[s.off[2*u]:s.off[2*u+1]] {
			l = min(l, ns>>1)
		}
		low[i] = l
		count[l+1]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	sorted := grow(s.startsBy, len(s.starts))
	for i, u := range s.starts {
		sorted[count[low[i]]] = u
		count[low[i]]++
	}
	s.starts, s.startsBy = sorted, s.starts
	s.lowCount, s.startLow = count, low
}

// relate readies the relations of the block's starts to the nodes that
// may end a chain from them (bl.rel, found by relateEnd as the scan
// reaches each node): the starts weakly linked to each node, the starts of
// each digit and, in a mode with loops, each start itself.
func (g *chainGraph) relate(bl *scanBlock) {
	m := g.search.m
	bl.byDigit = [grid.MaxSize + 1]startSet{}
	for i, st := range bl.starts {
		w, b := i>>6&3, uint64(1)<<(i&63) // the start's word and bit
		// A group or ALS reached back (true) ends no chain (reached).
		if m.loops && !g.search.afterCands {
			bl.rel[st][w] |= b
		}
		bl.byDigit[g.nodes[st].digit][w] |= b
		for _, e := range g.weak[st] {
			bl.weakTo[e.to][w] |= b
		}
	}
}

// relateEnd adds to bl.rel[y] the starts that node y may end a chain from:
// those sharing a weakly linked candidate with y (of its digit in a mode of
// one digit), and in a mode with loops those weakly linked to y.
//
// A scan of the other starts after the candidates found no chain relates
// a candidate y to the starts weakly linked to it alone. An AIC from such a
// start u to y, u and y not weakly linked, reads backwards as an AIC from
// y to u of the same length (the links go both ways, and a walk's shortest
// paths with them), with the same eliminations (the candidates weakly
// linked to both ends) and a group or ALS in it (u): the scan of the
// candidates would have found it. A loop (y weakly linked to u) is not so
// mirrored: its eliminations depend on the path the walk takes.
func (g *chainGraph) relateEnd(bl *scanBlock, y int32) {
	s := &g.search
	m := s.m
	var acc startSet
	ncand := g.ncand
	if !s.afterCands || y >= ncand {
		for _, e := range g.weak[y] {
			if e.to < ncand {
				acc.or(&bl.weakTo[e.to])
			} else if y >= ncand {
				break // a multi-cell node lists its candidates first
			}
		}
	}
	if m.sameDigit {
		bd := &bl.byDigit[g.nodes[y].digit]
		acc = startSet{acc[0] & bd[0], acc[1] & bd[1], acc[2] & bd[2], acc[3] & bd[3]}
	}
	if m.loops {
		acc.or(&bl.weakTo[y])
	}
	bl.rel[y].or(&acc)
	bl.relDone[y] = true
}

// extend returns s resized to n, keeping the elements past its length
// that its capacity holds (lists kept for reuse).
func extend[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return append(s[:cap(s)], make([]T, n-cap(s))...)
}

// walkLevel takes the block's walks one link further, to level d, and
// sets s.pairs to the starts (in order) whose walks may end a chain there.
// It reports whether any walk goes on.
func (g *chainGraph) walkLevel(bl *scanBlock, d int32) bool {
	s := &g.search
	vis, next, nextSets, slot := bl.vis, bl.next[:0], bl.nextSets[:0], s.slot
	for i, st := range bl.front {
		reach := bl.cur[i]
		for _, ns := range s.next[s.off[st]:s.off[st+1]] {
			// The starts reaching the next state first.
			v := &vis[ns]
			nb := startSet{reach[0] &^ v[0], reach[1] &^ v[1], reach[2] &^ v[2], reach[3] &^ v[3]}
			if nb[0]|nb[1]|nb[2]|nb[3] == 0 {
				continue
			}
			v.or(&nb)
			if j := slot[ns]; j >= 0 {
				nextSets[j].or(&nb)
				continue
			}
			slot[ns] = int32(len(next))
			next = append(next, ns)
			nextSets = append(nextSets, nb)
		}
	}
	// The next level becomes the current one, its sets cur.
	for _, ns := range next {
		slot[ns] = -1
	}
	bl.front, bl.next = next, bl.front
	bl.cur, bl.nextSets = nextSets, bl.cur
	s.pairs = s.pairs[:0]
	if d&1 == 0 || d < 3 {
		return len(bl.front) > 0
	}
	for i, ns := range bl.front {
		y := ns >> 1
		nb := &bl.cur[i]
		if s.afterCands {
			// Groups and ALSs are weakly linked to nodes of their digit
			// alone: of these starts, only those of y's digit relate to y.
			bd := &bl.byDigit[g.nodes[y].digit]
			if nb[0]&bd[0]|nb[1]&bd[1]|nb[2]&bd[2]|nb[3]&bd[3] == 0 {
				continue
			}
		}
		if !bl.relDone[y] {
			g.relateEnd(bl, y)
		}
		r := &bl.rel[y]
		for w := range nb {
			for h := nb[w] & r[w]; h != 0; h &= h - 1 {
				s.pairs = append(s.pairs, bl.starts[w<<6|bits.TrailingZeros64(h)])
			}
		}
	}
	slices.Sort(s.pairs)
	s.pairs = slices.Compact(s.pairs)
	return len(bl.front) > 0
}

// startBlock is the number of starts a scan walks from at once, a bit
// each in a startSet.
const startBlock = 256

// startSet is a set of the starts of a block.
type startSet [startBlock / 64]uint64

func (a *startSet) or(b *startSet) {
	a[0] |= b[0]
	a[1] |= b[1]
	a[2] |= b[2]
	a[3] |= b[3]
}

// scanBlock is the scan of a block of starts: per state, the starts that
// reached it (vis); per node, the starts it may end a chain from (rel);
// the states of this level (front) and the next (next).
type scanBlock struct {
	starts      []int32
	vis         []startSet
	rel         []startSet
	front, next []int32
	cur         []startSet // the starts that reached each state of front first
	nextSets    []startSet // the starts that reach each state of next first
	// For the relations, known once relDone: per node, the starts weakly
	// linked to it; per digit, the starts of the digit.
	weakTo  []startSet
	relDone []bool
	byDigit [grid.MaxSize + 1]startSet
}

// sizeSearch sizes the search's scratch space for the graph's nodes.
func (g *chainGraph) sizeSearch() {
	s := &g.search
	nn := len(g.nodes)
	s.ok = grow(s.ok, nn)
	s.live = grow(s.live, nn)
	if len(s.seen) < 2*nn {
		s.seen = make([]uint32, 2*nn)
		s.stamp = 0
	}
	s.par = grow(s.par, 2*nn)
	s.parALS = grow(s.parALS, 2*nn)
	s.depth = grow(s.depth, 2*nn)
	if len(s.wmark) < nn {
		s.wmark = make([]uint32, nn)
		s.amark = make([]uint32, nn)
		s.emark = make([]uint32, nn)
		s.smark = make([]uint32, nn)
		s.sALS = make([]int32, nn)
		s.ws, s.as, s.es, s.ss = 0, 0, 0, 0
	}
	if len(s.cmark) < g.l.Cells {
		s.cmark = make([]uint32, g.l.Cells)
		s.cs = 0
	}
}

// isStart reports whether a chain of the search's mode may start at node u
// (false, going on over a strong link), a node of the class of starts.
func (g *chainGraph) isStart(u int32, class int) bool {
	s := &g.search
	return s.ok[u] && s.off[2*u+1] > s.off[2*u] &&
		(class == startsAll || (class == startsCand) == (u < g.ncand))
}

// The classes of starts of a scan.
const (
	startsAll   = iota
	startsCand  // single candidates
	startsOther // groups and ALSs
)

// technique returns the mode's technique for a shape of chain.
func (m *chainMode) technique(shape int) *Technique {
	switch shape {
	case shapeCNL:
		return m.cnl
	case shapeDNL, shapePlace:
		return m.dnl
	}
	return m.aic
}

// bfs walks the chains from start, breadth first: from start false over a
// strong link, or (on) from start true over a weak link.
func (g *chainGraph) bfs(b *grid.Board, start int32, on, all bool) {
	s := &g.search
	m := s.m
	s.start = start
	stamp := nextStamp(&s.stamp, s.seen)
	ws := nextStamp(&s.ws, s.wmark)
	for _, e := range g.weak[start] {
		s.wmark[e.to] = ws
	}
	st0 := start << 1
	if on {
		st0 |= 1
		ss := nextStamp(&s.ss, s.smark)
		for _, e := range g.strong[start] {
			if e.kind&m.strong != 0 && s.ok[e.to] {
				s.smark[e.to] = ss
				s.sALS[e.to] = e.als
			}
		}
	}
	s.queue = append(s.queue[:0], st0)
	s.seen[st0] = stamp
	s.par[st0] = -1
	s.parALS[st0] = -1
	s.depth[st0] = 0
	for qi := 0; qi < len(s.queue); qi++ {
		st := s.queue[qi]
		d := s.depth[st] + 1
		if d > s.limit || !all && d >= s.bestDepth {
			continue
		}
		for k, end := s.off[st], s.off[st+1]; k < end; k++ {
			ns := s.next[k]
			if s.seen[ns] == stamp {
				continue
			}
			s.seen[ns] = stamp
			s.par[ns] = st
			s.parALS[ns] = s.alsOf[k]
			s.depth[ns] = d
			s.queue = append(s.queue, ns)
			to := ns >> 1
			if ns&1 == 1 {
				// Only ends sharing a weak neighbour with the start, or
				// closing a loop, can make a chain.
				if !on && (d >= 3 || all && m.loops) &&
					(to == start || m.loops && s.wmark[to] == ws || g.sharesWeak(to)) {
					g.reached(b, to, d, all)
				}
			} else if on && s.smark[to] == s.ss && d >= 3 {
				g.closeLoop(to, all)
			}
		}
	}
}

// sharesWeak reports whether node v is weakly linked to a candidate the
// start of the walk is weakly linked to.
func (g *chainGraph) sharesWeak(v int32) bool {
	s := &g.search
	for _, e := range g.weak[v] {
		if e.to >= g.ncand {
			if v >= g.ncand {
				break // a multi-cell node lists its candidates first
			}
			continue
		}
		if s.wmark[e.to] == s.ws {
			return true
		}
	}
	return false
}

// closeLoop evaluates the loop from the start (true) to v (false), closed
// by a strong link from v to the start.
func (g *chainGraph) closeLoop(v int32, all bool) {
	s := &g.search
	g.tracePath(v<<1, s.start<<1|1)
	// Turn it to start false after the start: ... v = start - (first).
	s.path = append(s.path[1:], s.start<<1|1)
	s.als = append(s.als[1:], s.sALS[v])
	if g.cnlElims() {
		g.record(shapeCNL, -1, s.start, int32(len(s.path)), all, s.elims)
	}
}

// reached evaluates the chain from the start (false) to v (true), d links
// long.
func (g *chainGraph) reached(b *grid.Board, v int32, d int32, all bool) {
	s := &g.search
	m := s.m
	start := s.start
	if m.sameDigit && g.nodes[v].digit != g.nodes[start].digit {
		return
	}
	if v == start {
		// start false makes start true: it is true.
		if !m.loops || g.nodes[start].class&nodeCand == 0 || d < 3 {
			return
		}
		s.elims = s.elims[:0]
		cell := int(g.nodes[start].cell)
		for o := b.Cands(cell) &^ grid.Bit(int(g.nodes[start].digit)); o != 0; o &= o - 1 {
			s.elims = append(s.elims, CellDigit{cell, o.Min()})
		}
		if len(s.elims) == 0 {
			return // the start is its cell's last candidate: nothing to take
		}
		g.record(shapePlace, -1, v, d, all, s.elims)
		return
	}
	if m.loops && s.wmark[v] == s.ws && d >= 3 {
		g.tracePath(v<<1|1, start<<1)
		if g.cnlElims() {
			g.record(shapeCNL, -1, v, d, all, s.elims)
		}
		if !all {
			return
		}
	}
	// Candidates weakly linked to both ends.
	s.elims = s.elims[:0]
	for _, e := range g.weak[v] {
		t := e.to
		if s.wmark[t] != s.ws || g.nodes[t].class&nodeCand == 0 || t == start {
			continue
		}
		s.elims = append(s.elims, CellDigit{int(g.nodes[t].cell), int(g.nodes[t].digit)})
	}
	if len(s.elims) == 0 {
		return
	}
	if d >= 3 {
		g.record(shapeAIC, -1, v, d, all, s.elims)
	}
	if !all || !m.loops {
		return
	}
	// Each of them closes a discontinuous nice loop.
	n := len(s.elims)
	for i := 0; i < n; i++ {
		e := s.elims[i]
		t := g.candNode[e.Cell*g.l.N+e.Digit-1]
		if g.nodes[t].cell == g.nodes[start].cell && g.nodes[t].cell == g.nodes[v].cell {
			continue // both ends in the target's cell: a continuous loop
		}
		s.elims = append(s.elims[:n], e)
		g.record(shapeDNL, t, v, d, all, s.elims[n:])
	}
	s.elims = s.elims[:n]
}

// tracePath sets s.path and s.als to the states of the walk from state
// from to state to.
func (g *chainGraph) tracePath(to, from int32) {
	s := &g.search
	s.path = s.path[:0]
	s.als = s.als[:0]
	for st := to; st >= 0; st = s.par[st] {
		s.path = append(s.path, st)
		s.als = append(s.als, s.parALS[st])
	}
	slices.Reverse(s.path)
	slices.Reverse(s.als)
}

// cnlElims sets s.elims to the eliminations of the loop s.path (closed by
// a weak link from its last node to its first): candidates weakly linked to
// both ends of one of its weak links, outside the loop's cells unless the
// link lies inside a cell. It reports whether there are any.
func (g *chainGraph) cnlElims() bool {
	s := &g.search
	s.elims = s.elims[:0]
	es := nextStamp(&s.es, s.emark)
	p := s.path
	cs := nextStamp(&s.cs, s.cmark)
	for _, st := range p {
		for _, c := range g.cellsOf(st >> 1) {
			s.cmark[c] = cs
		}
	}
	for i := 1; i < len(p); i += 2 {
		if x := s.als[i]; x >= 0 && x&alsForce != 0 {
			g.forceLoopElims(x&^alsForce, p[i-1]>>1, p[i]>>1, es)
		} else if x >= 0 && x&alsCage != 0 {
			g.alcLoopElims(x&^alsCage, p[i-1]>>1, p[i]>>1, es)
		} else if x >= 0 {
			g.alsLoopElims(x, p[i-1]>>1, p[i]>>1, es)
		}
		a := p[i] >> 1 // true, weakly linked to the next (or the start)
		c := p[0] >> 1
		if i+1 < len(p) {
			c = p[i+1] >> 1
		}
		as := nextStamp(&s.as, s.amark)
		for _, e := range g.weak[a] {
			s.amark[e.to] = as
		}
		for _, e := range g.weak[c] {
			t := e.to
			if s.amark[t] != as || g.nodes[t].class&nodeCand == 0 || t == a || s.emark[t] == es ||
				g.nodes[a].digit == g.nodes[c].digit && s.cmark[g.nodes[t].cell] == cs {
				continue
			}
			s.emark[t] = es
			s.elims = append(s.elims, CellDigit{int(g.nodes[t].cell), int(g.nodes[t].digit)})
		}
	}
	return len(s.elims) > 0
}

// alsLoopElims adds to s.elims the eliminations of ALS x in a continuous
// loop entered by node in and left by node out: the loop makes its link
// weak too, so the set misses one of their digits and holds all its
// others; no cell outside seeing all of a digit's holders may hold it.
func (g *chainGraph) alsLoopElims(x, in, out int32, es uint32) {
	s := &g.search
	a := &g.col.Sets()[x]
	n := g.l.N
	for m := a.Digits &^ grid.Bit(int(g.nodes[in].digit)) &^ grid.Bit(int(g.nodes[out].digit)); m != 0; m &= m - 1 {
		d := m.Min()
		see := a.SeeAll(d)
		for c := see.Next(0); c >= 0; c = see.Next(c + 1) {
			t := g.candNode[c*n+d-1]
			if t < 0 || s.emark[t] == es {
				continue
			}
			s.emark[t] = es
			s.elims = append(s.elims, CellDigit{c, d})
		}
	}
}

// forceLoopElims adds to s.elims the eliminations of ALS x in a continuous
// loop through its link between nodes u and v, one its node for the digit
// it misses, the other the candidate it forces in a cell outside (as
// HoDoKu has them): the set's digits other than the missing one and those
// it takes from the cell (the exit digits) are locked in it, and no cell
// outside seeing all of a digit's holders may hold it; nor may a cell
// seeing all holders of an exit digit and the forced cell.
func (g *chainGraph) forceLoopElims(x, u, v int32, es uint32) {
	s := &g.search
	a := &g.col.Sets()[x]
	if !a.Set.Has(int(g.nodes[u].cell)) {
		u, v = v, u
	}
	n := g.l.N
	c := int(g.nodes[v].cell)
	exit := g.cand[c] &^ grid.Bit(int(g.nodes[v].digit))
	for m := a.Digits &^ grid.Bit(int(g.nodes[u].digit)); m != 0; m &= m - 1 {
		d := m.Min()
		see := a.SeeAll(d)
		for t := see.Next(0); t >= 0; t = see.Next(t + 1) {
			if exit.Has(d) && !g.l.Sees(t, c) {
				continue
			}
			k := g.candNode[t*n+d-1]
			if k < 0 || s.emark[k] == es {
				continue
			}
			s.emark[k] = es
			s.elims = append(s.elims, CellDigit{t, d})
		}
	}
}

// grouped reports whether the chain s.path uses a group or an ALS.
func (g *chainGraph) grouped() bool {
	s := &g.search
	for i, st := range s.path {
		if g.nodes[st>>1].class&(nodeGroup|nodeALS) != 0 || s.als[i] >= 0 {
			return true
		}
	}
	return false
}

// record keeps the chain from the start to v, of the shape, with the
// eliminations s.elims: the shortest in first-step mode, every one (the
// shortest per technique and eliminations) in find-all mode.
func (g *chainGraph) record(shape int, target, v int32, d int32, all bool, elims []CellDigit) {
	s := &g.search
	if shape != shapeCNL {
		g.tracePath(v<<1|1, s.start<<1)
	}
	if s.m.groups && !g.grouped() {
		return
	}
	if shape == shapeDNL {
		d += 2
	}
	if !all {
		if d >= s.bestDepth {
			return
		}
		s.bestDepth, s.bestShape, s.bestTarget = d, shape, target
		s.bestPath = append(s.bestPath[:0], s.path...)
		s.bestALS = append(s.bestALS[:0], s.als...)
		s.bestElims = append(s.bestElims[:0], elims...)
		return
	}
	tech := s.m.technique(shape)
	slices.SortFunc(elims, compareCellDigits)
	s.key = append(s.key[:0], tech.code...)
	for _, e := range elims {
		s.key = append(s.key, byte(e.Cell>>8), byte(e.Cell), byte(e.Digit))
	}
	r := chainResult{tech: tech, shape: shape, target: target, depth: d,
		path: slices.Clone(s.path), als: slices.Clone(s.als), elims: slices.Clone(elims)}
	if i, ok := s.byKey[string(s.key)]; ok {
		if s.results[i].depth > d {
			s.results[i] = r
		}
		return
	}
	s.byKey[string(s.key)] = len(s.results)
	s.results = append(s.results, r)
}

func compareCellDigits(a, b CellDigit) int {
	if a.Cell != b.Cell {
		return a.Cell - b.Cell
	}
	return a.Digit - b.Digit
}

// fillStep fills st with the chain path (states, start first; als the ALS
// of the link into each) of the shape and its eliminations.
func (g *chainGraph) fillStep(b *grid.Board, st *Step, tech *Technique, shape int, target int32, path, als []int32, elims []CellDigit) {
	st.Technique = tech
	st.Eliminations = append(st.Eliminations, elims...)
	slices.SortFunc(st.Eliminations, compareCellDigits)
	for _, e := range elims {
		st.Digits |= grid.Bit(e.Digit)
	}
	nodes := path
	if shape == shapePlace {
		nodes = path[:len(path)-1]
	}
	if shape == shapeDNL {
		g.addChainNode(st, target, true)
	}
	for i, ps := range nodes {
		g.addChainNode(st, ps>>1, ps&1 == 1)
		if i > 0 || shape == shapeDNL {
			kind := Weak
			if i > 0 && path[i-1]&1 == 0 {
				kind = Strong
			}
			g.addChainLink(st, len(st.Nodes)-2, len(st.Nodes)-1, kind, als[i])
		}
	}
	last := len(st.Nodes) - 1
	switch shape {
	case shapeCNL, shapeDNL:
		g.addChainLink(st, last, 0, Weak, -1)
	case shapePlace:
		g.addChainLink(st, last, 0, Strong, als[len(als)-1])
	}
	// ALS nodes show the whole set; the cell a set forces stays a candidate.
	for i, a := range als {
		if a < 0 {
			continue
		}
		if a&alsCage != 0 {
			g.addCageNodes(b, st, i, shape, len(nodes), &g.alc[a&^alsCage])
			continue
		}
		set := &g.col.Sets()[a&^alsForce]
		for _, k := range [2]int{i - 1, i} {
			if shape == shapeDNL {
				k++
			}
			if shape == shapePlace && k == len(nodes) {
				k = 0
			}
			nd := &st.Nodes[k]
			if a&alsForce != 0 && !set.Set.Has(nd.Cells[0]) {
				continue
			}
			// A node of a digit the set lacks is the cell the set
			// forces (a discontinuous loop's target): it stays itself.
			if !setHolds(b, set.Cells, nd.Digit) {
				continue
			}
			nd.Kind = ALSNode
			nd.Cells = st.ownCells(set.Cells...)
		}
		patAddUnit(st, set.Unit)
		for _, c := range set.Cells {
			if !slices.Contains(st.Cells, c) {
				st.Cells = append(st.Cells, c)
			}
			for m := b.Cands(c); m != 0; m &= m - 1 {
				if !slices.ContainsFunc(st.Marks, func(k Mark) bool { return k.Cell == c && k.Digit == m.Min() }) {
					st.Marks = append(st.Marks, Mark{Cell: c, Digit: m.Min(), Role: RoleALS})
				}
			}
		}
	}
	for _, e := range elims {
		st.Marks = append(st.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget})
	}
}

// setHolds reports whether digit d is a candidate of one of cells.
func setHolds(b *grid.Board, cells []int, d int) bool {
	for _, c := range cells {
		if b.Cands(c).Has(d) {
			return true
		}
	}
	return false
}

// addChainNode appends node n of the graph to the step's nodes, with its
// candidates marked on (true) or off.
func (g *chainGraph) addChainNode(st *Step, n int32, on bool) {
	nd := &g.nodes[n]
	kind := CandidateNode
	switch {
	case nd.class&nodeGroup != 0:
		kind = GroupNode
	case nd.class&nodeALS != 0:
		kind = ALSNode
	}
	var buf [grid.MaxSize]int
	cells := buf[:0]
	role := RoleOff
	if on {
		role = RoleOn
	}
	for _, c := range g.cellsOf(n) {
		cells = append(cells, int(c))
		if !slices.Contains(st.Cells, int(c)) {
			st.Cells = append(st.Cells, int(c))
		}
		st.Marks = append(st.Marks, Mark{Cell: int(c), Digit: int(nd.digit), Role: role})
	}
	st.addNode(kind, int(nd.digit), cells...)
}

// addChainLink appends the link from node i to node j of the step and the
// unit it lies in.
func (g *chainGraph) addChainLink(st *Step, i, j int, kind LinkKind, als int32) {
	st.Links = append(st.Links, Link{From: i, To: j, Kind: kind})
	if als >= 0 {
		return
	}
	a, c := st.Nodes[i], st.Nodes[j]
	if a.Digit != c.Digit {
		if len(a.Cells) == 1 && len(c.Cells) == 1 && a.Cells[0] != c.Cells[0] {
			noteLinkCage(g.l, st, a.Cells, c.Cells) // a cage's sum
		}
		return // inside a cell
	}
	for _, u := range g.l.CellUnit(a.Cells[0]) {
		in := true
		for _, x := range a.Cells[1:] {
			in = in && cellIn(g.l, x, u)
		}
		for _, x := range c.Cells {
			in = in && cellIn(g.l, x, u)
		}
		if in {
			patAddUnit(st, u)
			return
		}
	}
	noteLinkCage(g.l, st, a.Cells, c.Cells) // in no unit: a cage's
}

// explainChain renders a chain step in Eureka notation, e.g.
// "X-Chain: (4)r1c2=(4)r1c7-(4)r3c8=(4)r3c1 => r2c1<>4".
func explainChain(s *Step, n grid.Notation) string {
	l := n.Layout
	var b strings.Builder
	b.WriteString(s.Name())
	b.WriteString(": ")
	closing := -1
	for i, k := range s.Links {
		if k.To < k.From {
			closing = i
		}
	}
	for i := 0; i < len(s.Nodes); i++ {
		nd := s.Nodes[i]
		if i > 0 {
			b.WriteString(linkSymbol(s, i-1))
		}
		if nd.Kind == ALSNode && i+1 < len(s.Nodes) && s.Nodes[i+1].Kind == ALSNode &&
			slices.Equal(nd.Cells, s.Nodes[i+1].Cells) && s.Links[i].Kind == Strong {
			b.WriteString("(" + n.DigitName(nd.Digit) + "=" + n.DigitName(s.Nodes[i+1].Digit) + ")" + chainCells(l, nd.Cells))
			i++
			continue
		}
		b.WriteString("(" + n.DigitName(nd.Digit) + ")" + chainCells(l, nd.Cells))
	}
	if closing >= 0 && len(s.Nodes) > 0 {
		b.WriteString(linkSymbol(s, closing))
		nd := s.Nodes[0]
		b.WriteString("(" + n.DigitName(nd.Digit) + ")" + chainCells(l, nd.Cells))
	}
	b.WriteString(" => ")
	for i, e := range s.Eliminations {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n.CellName(e.Cell) + "<>" + n.DigitName(e.Digit))
	}
	b.WriteString(chainCages(s, n))
	b.WriteString(explainCageLinks(s, n))
	return b.String()
}

func linkSymbol(s *Step, i int) string {
	if i < len(s.Links) && s.Links[i].Kind == Strong {
		return "="
	}
	return "-"
}

// chainCells names the cells of a node: "r1c2", "r1c23" (one row of a
// board of up to 9 columns), "r12c3", or a list.
func chainCells(l *grid.Layout, cells []int) string {
	if len(cells) == 1 {
		return l.CellName(cells[0])
	}
	sameRow, sameCol := true, true
	for _, c := range cells[1:] {
		sameRow = sameRow && c/l.N == cells[0]/l.N
		sameCol = sameCol && c%l.N == cells[0]%l.N
	}
	var b strings.Builder
	switch {
	case l.N <= 9 && sameRow:
		b.WriteString("r" + strconv.Itoa(cells[0]/l.N+1) + "c")
		for _, c := range cells {
			b.WriteByte(byte('1' + c%l.N))
		}
	case l.N <= 9 && sameCol:
		b.WriteString("r")
		for _, c := range cells {
			b.WriteByte(byte('1' + c/l.N))
		}
		b.WriteString("c" + strconv.Itoa(cells[0]%l.N+1))
	default:
		b.WriteString("{")
		for i, c := range cells {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(l.CellName(c))
		}
		b.WriteString("}")
	}
	return b.String()
}

package serate

import "math/bits"

// The loops technique (forcing chains and cycles) works on a fixed graph
// of implications between potentials, whose links come in pairs: when a
// implies b, not b implies not a (weak links join candidates that see
// each other, strong links the two candidates of a cell or the two places
// of a value in a region, both ways). A forcing chain from s is a path to
// not s. A cycle that removes a candidate e, seen by an on potential p and
// an off potential q of the cycle, also gives such a path: e on makes p
// off, which leads back along the negated cycle to q on, which makes e
// off. So a graph where no potential reaches its negation holds neither,
// and the technique, which finds none in most passes, need not search it.
// reach computes once per graph the strongly connected components and,
// for each, the set of components it reaches.

// reach holds the implication graph of one loops pass and its closure.
type reach struct {
	cand  [81]uint16 // the candidates it was built for
	built bool
	id    [numPots]int32 // dense node of a potential, or -1
	pots  []pot          // potential of each node
	start []int32        // adjacency of node i: adj[start[i]:start[i+1]]
	adj   []int32
	comp  []int32 // component of each node
	// Tarjan's state.
	index, low []int32
	onStack    []bool
	stack      []int32
	frames     []reachFrame
	// closure[k*words:(k+1)*words] is the set of components component k
	// reaches, itself included.
	closure []uint64
	words   int
	// Scratch of meet: its potentials and their common components.
	meetPots []pot
	acc      []uint64
}

type reachFrame struct{ node, edge int32 }

// build fills the graph of the grid's potentials with the links of the
// loops technique (the cell's links when y, the regions' strong links when
// x) and computes the closure.
func (rc *reach) build(c *chainer, y, x bool) {
	g := c.g
	rc.cand, rc.built = g.cand, true
	for i := range rc.id {
		rc.id[i] = -1
	}
	rc.pots = rc.pots[:0]
	for cell, m := range g.cand {
		for ; m != 0; m &= m - 1 {
			v := bits.TrailingZeros16(m)
			for _, on := range [2]bool{false, true} {
				p := mkPot(cell, v, on)
				rc.id[p] = int32(len(rc.pots))
				rc.pots = append(rc.pots, p)
			}
		}
	}
	rc.start = rc.start[:0]
	rc.adj = rc.adj[:0]
	for _, p := range rc.pots {
		rc.start = append(rc.start, int32(len(rc.adj)))
		rc.adj = rc.links(c, p, y, x, rc.adj)
	}
	rc.start = append(rc.start, int32(len(rc.adj)))
	rc.components()
}

// links appends the nodes that p implies, as onToOff and offToOn list
// them for the loops technique: for an on potential the value's other
// places among its peers and (when y) the cell's other values off; for an
// off potential the cell's last value (when y) and (when x) the value's
// last place in a region, on.
func (rc *reach) links(c *chainer, p pot, y, x bool, out []int32) []int32 {
	cell, v := potCell(p), potValue(p)
	m := c.g.cand[cell]
	if potOn(p) {
		bit := uint16(1) << v
		for _, o := range peers[cell] {
			if c.g.cand[o]&bit != 0 {
				out = append(out, rc.id[mkPot(o, v, false)])
			}
		}
		if y {
			for n := m &^ bit; n != 0; n &= n - 1 {
				out = append(out, rc.id[mkPot(cell, bits.TrailingZeros16(n), false)])
			}
		}
		return out
	}
	if y && popcount(m) == 2 {
		out = append(out, rc.id[mkPot(cell, lowBit(m&^(1<<v)), true)])
	}
	for t := 0; t < 3 && x; t++ {
		r := cellRegion[cell][t]
		others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
		if bits.OnesCount16(others) == 1 {
			out = append(out, rc.id[mkPot(regionCells[r][bits.TrailingZeros16(others)], v, true)])
		}
	}
	return out
}

// components runs Tarjan's algorithm without recursion. It numbers the
// components in the order it closes them, which puts every component
// after those it reaches, so each closure is complete when its component
// closes.
func (rc *reach) components() {
	n := len(rc.pots)
	rc.index = resize(rc.index, n)
	rc.low = resize(rc.low, n)
	rc.comp = resize(rc.comp, n)
	if cap(rc.onStack) < n {
		rc.onStack = make([]bool, n)
	}
	rc.onStack = rc.onStack[:n]
	for i := range rc.index {
		rc.index[i] = -1
		rc.onStack[i] = false
	}
	rc.words = (n + 63) / 64
	rc.closure = rc.closure[:0]
	next, ncomp := int32(0), int32(0)
	for root := int32(0); root < int32(n); root++ {
		if rc.index[root] >= 0 {
			continue
		}
		rc.frames = append(rc.frames[:0], reachFrame{root, rc.start[root]})
		rc.index[root], rc.low[root] = next, next
		next++
		rc.stack = append(rc.stack, root)
		rc.onStack[root] = true
		for len(rc.frames) > 0 {
			f := &rc.frames[len(rc.frames)-1]
			u := f.node
			if f.edge < rc.start[u+1] {
				w := rc.adj[f.edge]
				f.edge++
				switch {
				case rc.index[w] < 0:
					rc.index[w], rc.low[w] = next, next
					next++
					rc.stack = append(rc.stack, w)
					rc.onStack[w] = true
					rc.frames = append(rc.frames, reachFrame{w, rc.start[w]})
				case rc.onStack[w]:
					rc.low[u] = min(rc.low[u], rc.index[w])
				}
				continue
			}
			rc.frames = rc.frames[:len(rc.frames)-1]
			if len(rc.frames) > 0 {
				parent := rc.frames[len(rc.frames)-1].node
				rc.low[parent] = min(rc.low[parent], rc.low[u])
			}
			if rc.low[u] == rc.index[u] {
				rc.close(u, ncomp)
				ncomp++
			}
		}
	}
}

// close pops the component rooted at u, numbers it k and computes its
// closure from those of the components its nodes link to.
func (rc *reach) close(u, k int32) {
	base := len(rc.closure)
	for i := 0; i < rc.words; i++ {
		rc.closure = append(rc.closure, 0)
	}
	set := rc.closure[base:]
	set[k>>6] |= 1 << (k & 63)
	i := len(rc.stack)
	for {
		i--
		w := rc.stack[i]
		rc.onStack[w] = false
		rc.comp[w] = k
		if w == u {
			break
		}
	}
	members := rc.stack[i:]
	rc.stack = rc.stack[:i]
	for _, w := range members {
		for _, x := range rc.adj[rc.start[w]:rc.start[w+1]] {
			d := rc.comp[x]
			if d == k || rc.onStack[x] {
				continue
			}
			// x closed earlier: its component's closure is final.
			src := rc.closure[int(d)*rc.words : int(d+1)*rc.words]
			for j := range set {
				set[j] |= src[j]
			}
		}
	}
}

// anyNegation reports whether some potential reaches its negation.
func (rc *reach) anyNegation() bool {
	for _, p := range rc.pots {
		if rc.leadsTo(p, p^1) {
			return true
		}
	}
	return false
}

// common reports whether the potentials of cell's values in cand, assumed
// on, all reach some potential.
func (rc *reach) common(cell int, cand uint16) bool {
	rc.meetPots = rc.meetPots[:0]
	for m := cand; m != 0; m &= m - 1 {
		rc.meetPots = append(rc.meetPots, mkPot(cell, bits.TrailingZeros16(m), true))
	}
	return rc.meet()
}

// commonPlaces reports whether the places of v in region r given by pos,
// assumed on, all reach some potential.
func (rc *reach) commonPlaces(r, v int, pos uint16) bool {
	rc.meetPots = rc.meetPots[:0]
	for m := pos; m != 0; m &= m - 1 {
		rc.meetPots = append(rc.meetPots, mkPot(regionCells[r][bits.TrailingZeros16(m)], v, true))
	}
	return rc.meet()
}

// meet reports whether the closures of the potentials in meetPots share
// a component.
func (rc *reach) meet() bool {
	if len(rc.meetPots) == 0 {
		return false
	}
	rc.acc = append(rc.acc[:0], rc.row(rc.meetPots[0])...)
	for _, p := range rc.meetPots[1:] {
		row := rc.row(p)
		any := uint64(0)
		for j := range rc.acc {
			rc.acc[j] &= row[j]
			any |= rc.acc[j]
		}
		if any == 0 {
			return false
		}
	}
	return true
}

// row returns the closure of p's component.
func (rc *reach) row(p pot) []uint64 {
	k := int(rc.comp[rc.id[p]])
	return rc.closure[k*rc.words : (k+1)*rc.words]
}

// leadsTo reports whether potential a reaches potential b in the graph.
func (rc *reach) leadsTo(a, b pot) bool {
	i, j := rc.id[a], rc.id[b]
	if i < 0 || j < 0 {
		return false
	}
	k, d := rc.comp[i], rc.comp[j]
	return rc.closure[int(k)*rc.words+int(d>>6)]&(1<<(d&63)) != 0
}

func resize(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

package serate

import "math/bits"

// The forcing X- and XY-chains of the loops technique never change the
// grid and never look at hidden parents, so the implications from a
// potential form a fixed graph and the chain SE reports from a source s
// is a shortest path from s to its negation: its complexity is the
// number of links plus one. Breadth-first search over sets of candidates
// finds that length without building a node per implication.

// valueCells is a set of candidates: for each value 1-9 (index value-1),
// the cells holding it.
type valueCells [9]cellSet

func (s *valueCells) empty() bool {
	for _, c := range s {
		if c[0]|c[1] != 0 {
			return false
		}
	}
	return true
}

// loadCands fills c.cands with the grid's candidates.
func (c *chainer) loadCands() {
	c.cands = valueCells{}
	for cell, m := range c.g.cand {
		for m != 0 {
			v := bits.TrailingZeros16(m)
			m &= m - 1
			c.cands[v-1].add(cell)
		}
	}
}

// forcingLength returns the number of links of SE's forcing chain from
// source s to its negation (with the cell's other values as links when
// y), or -1 when there is none or none that could beat the best hint
// (base and key are those of the chain).
func (c *chainer) forcingLength(s pot, y bool, base float64, key int) int {
	cell, v := potCell(s), potValue(s)-1
	var seenOn, seenOff, on, off valueCells
	if potOn(s) {
		seenOn[v].add(cell)
		on[v].add(cell)
	} else {
		seenOff[v].add(cell)
		off[v].add(cell)
	}
	// The queues of SE's search advance one level a half-round: the ons
	// make offs, then the offs make ons.
	depth := 0
	for !on.empty() || !off.empty() {
		if !on.empty() {
			if depth++; !c.couldBeat(base, depth+1, key) {
				return -1
			}
			next := c.onToOffSet(&on, y)
			if potOn(s) && next[v].has(cell) {
				return depth
			}
			for w := range next {
				n := next[w].andNot(seenOff[w])
				seenOff[w] = seenOff[w].or(n)
				off[w] = off[w].or(n)
			}
			on = valueCells{}
		}
		if !off.empty() {
			if depth++; !c.couldBeat(base, depth+1, key) {
				return -1
			}
			var next valueCells
			for w := range off {
				for k, m := range off[w] {
					for m != 0 {
						o := k<<6 | bits.TrailingZeros64(m)
						m &= m - 1
						c.offToOnSet(o, w+1, y, &next)
					}
				}
			}
			if !potOn(s) && next[v].has(cell) {
				return depth
			}
			for w := range next {
				n := next[w].andNot(seenOn[w])
				seenOn[w] = seenOn[w].or(n)
				on[w] = on[w].or(n)
			}
			off = valueCells{}
		}
	}
	return -1
}

// onToOffSet returns the candidates made off by the candidates of on: the
// value in the peers, and (when y) the cell's other values.
func (c *chainer) onToOffSet(on *valueCells, y bool) valueCells {
	var next valueCells
	for w := range on {
		var n cellSet
		for k, m := range on[w] {
			for m != 0 {
				n = n.or(peerSet[k<<6|bits.TrailingZeros64(m)])
				m &= m - 1
			}
		}
		next[w] = n
	}
	if y {
		// The cells holding an on value other than w lose w: ORs of the
		// values before and after w.
		var before cellSet
		var after [9]cellSet
		for w := 7; w >= 0; w-- {
			after[w] = after[w+1].or(on[w+1])
		}
		for w := range next {
			next[w] = next[w].or(before).or(after[w])
			before = before.or(on[w])
		}
	}
	for w := range next {
		next[w] = next[w].and(c.cands[w])
	}
	return next
}

// offToOnSet adds to next the candidates made on by value v of cell being
// off, as offToOn lists them for the loops technique.
func (c *chainer) offToOnSet(cell, v int, y bool, next *valueCells) {
	if m := c.g.cand[cell]; y && popcount(m) == 2 {
		next[lowBit(m&^(1<<v))-1].add(cell)
	}
	for t := 0; t < 3; t++ {
		r := cellRegion[cell][t]
		others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
		if bits.OnesCount16(others) == 1 {
			next[v-1].add(regionCells[r][bits.TrailingZeros16(others)])
		}
	}
}

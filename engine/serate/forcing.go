package serate

import "math/bits"

// The forcing X- and XY-chains of the loops technique never change the
// grid and never look at hidden parents, so the implications from a
// potential form a fixed graph and the chain SE reports from a source s
// is a shortest path from s to its negation: its complexity is the
// number of links plus one. Breadth-first search over sets of candidates
// finds that length without building a node per implication.

// candSet is a set of candidates, candidate cell*9+value-1 being bit i%64
// of word i/64.
type candSet [(81*9 + 63) / 64]uint64

func (s *candSet) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s *candSet) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }

func (s *candSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// valueConflicts[i] holds the candidates of the same value in the peers
// of candidate i's cell; cellConflicts[i] the other values of its cell.
var valueConflicts, cellConflicts [81 * 9]candSet

// initConflicts fills valueConflicts and cellConflicts; grid.go's init
// calls it once peers is filled.
func initConflicts() {
	for cell := 0; cell < 81; cell++ {
		for v := 0; v < 9; v++ {
			i := cell*9 + v
			for _, o := range peers[cell] {
				valueConflicts[i].add(o*9 + v)
			}
			for w := 0; w < 9; w++ {
				if w != v {
					cellConflicts[i].add(cell*9 + w)
				}
			}
		}
	}
}

// loadCands fills c.cands with the grid's candidates.
func (c *chainer) loadCands() {
	c.cands = candSet{}
	for cell, m := range c.g.cand {
		for m != 0 {
			v := bits.TrailingZeros16(m)
			m &= m - 1
			c.cands.add(cell*9 + v - 1)
		}
	}
}

// forcingLength returns the number of links of SE's forcing chain from
// source s to its negation (with the cell's other values as links when
// y), or -1 when there is none or none that could beat the best hint
// (base and key are those of the chain).
func (c *chainer) forcingLength(s pot, y bool, base float64, key int) int {
	src := int(s >> 1)
	var seenOn, seenOff, on, off candSet
	if potOn(s) {
		seenOn.add(src)
		on.add(src)
	} else {
		seenOff.add(src)
		off.add(src)
	}
	// The queues of SE's search advance one level a half-round: the ons
	// make offs, then the offs make ons.
	depth := 0
	for !on.empty() || !off.empty() {
		if !on.empty() {
			if depth++; !c.couldBeat(base, depth+1, key) {
				return -1
			}
			var next candSet
			for w, m := range on {
				for m != 0 {
					i := w<<6 | bits.TrailingZeros64(m)
					m &= m - 1
					for k := range next {
						next[k] |= valueConflicts[i][k]
					}
					if y {
						for k := range next {
							next[k] |= cellConflicts[i][k]
						}
					}
				}
			}
			for k := range next {
				next[k] &= c.cands[k]
			}
			if potOn(s) && next.has(src) {
				return depth
			}
			for k := range next {
				next[k] &^= seenOff[k]
				seenOff[k] |= next[k]
				off[k] |= next[k]
			}
			on = candSet{}
		}
		if !off.empty() {
			if depth++; !c.couldBeat(base, depth+1, key) {
				return -1
			}
			var next candSet
			for w, m := range off {
				for m != 0 {
					i := w<<6 | bits.TrailingZeros64(m)
					m &= m - 1
					c.offToOnSet(i, y, &next)
				}
			}
			if !potOn(s) && next.has(src) {
				return depth
			}
			for k := range next {
				next[k] &^= seenOn[k]
				seenOn[k] |= next[k]
				on[k] |= next[k]
			}
			off = candSet{}
		}
	}
	return -1
}

// offToOnSet adds to next the candidates made on by candidate i being
// off, as offToOn lists them for the loops technique.
func (c *chainer) offToOnSet(i int, y bool, next *candSet) {
	cell, v := i/9, i%9+1
	if m := c.g.cand[cell]; y && popcount(m) == 2 {
		next.add(cell*9 + lowBit(m&^(1<<v)) - 1)
	}
	for t := 0; t < 3; t++ {
		r := cellRegion[cell][t]
		others := c.pos[r][v] &^ (1 << cellIndex[cell][t])
		if bits.OnesCount16(others) == 1 {
			next.add(regionCells[r][bits.TrailingZeros16(others)]*9 + v - 1)
		}
	}
}

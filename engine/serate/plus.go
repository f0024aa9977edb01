package serate

// Dynamic forcing chains "plus" (SE's level 1, 9.0): when a dynamic chain
// runs dry, SE looks in the changed grid for intersections, hidden pairs,
// naked pairs and X-Wings that the chain made possible, and takes their
// removals as new off potentials, caused by the removals that enabled
// them. The first of these rules that yields anything is used.

// advanced appends to the pending offs the potentials implied by the
// first rule that yields any, returning whether it added one.
func (c *chainer) advanced(toOff *pset, pend *[]int32) bool {
	c.advFound = false
	for rule := 0; rule < 4 && !c.advFound; rule++ {
		c.advToOff, c.advPend = toOff, pend
		switch rule {
		case 0:
			c.advLocking()
		case 1:
			c.advHiddenPairs()
		case 2:
			c.advNakedPairs()
		case 3:
			c.advXWings()
		}
	}
	return c.advAdded
}

// advEmit records one rule hint: when it has parents (removals since the
// chain began that it depends on), each of its removals becomes an off
// potential with those parents.
func (c *chainer) advEmit(remove *[81]uint16, parents []pot) {
	if len(parents) == 0 {
		return
	}
	c.advFound = true
	for cell, m := range remove {
		for m != 0 {
			v := lowBit(m)
			m &^= 1 << v
			p := mkPot(cell, v, false)
			if c.advToOff.has(p) {
				continue
			}
			n := int32(len(c.nodes))
			c.nodes = append(c.nodes, cnode{p, int32(len(c.par)), 0})
			for _, q := range parents {
				if k := c.advToOff.get(q); k >= 0 {
					c.addParent(n, k)
				}
			}
			c.advToOff.put(c, n)
			*c.advPend = append(*c.advPend, n)
			c.advAdded = true
		}
	}
}

func (c *chainer) gone(cell, v int) bool {
	return c.saved.cand[cell]&(1<<v) != 0 && c.g.cand[cell]&(1<<v) == 0
}

func (c *chainer) advLocking() {
	g := c.g
	var rm [81]uint16
	for _, p := range lockingPairs {
		t1, t2 := p[0], p[1]
		for v := 1; v <= 9; v++ {
			bit := uint16(1) << v
			for r1 := t1 * 9; r1 < t1*9+9; r1++ {
				pos := c.pos[r1][v]
				if popcount(pos) < 2 {
					continue
				}
				for r2 := t2 * 9; r2 < t2*9+9; r2++ {
					x := crossing[r1][r2]
					if x == 0 || pos&^x != 0 {
						continue
					}
					rm = [81]uint16{}
					any := false
					for i, cell := range regionCells[r2] {
						if crossing[r2][r1]&(1<<i) == 0 && g.cand[cell]&bit != 0 {
							rm[cell] = bit
							any = true
						}
					}
					if !any {
						continue
					}
					var parents []pot
					for i, cell := range regionCells[r1] {
						if x&(1<<i) == 0 && c.gone(cell, v) {
							parents = append(parents, mkPot(cell, v, false))
						}
					}
					c.advEmit(&rm, parents)
				}
			}
		}
	}
}

func (c *chainer) advHiddenPairs() {
	g := c.g
	var pos [10]uint16
	var rm [81]uint16
	for _, t := range searchTypes {
		for r := t * 9; r < t*9+9; r++ {
			if g.empty(r) <= 4 {
				continue
			}
			for v := 1; v <= 9; v++ {
				pos[v] = c.pos[r][v]
			}
			for _, vs := range combos[2] {
				a := lowBit(vs) + 1
				b := lowBit(vs&^(1<<(a-1))) + 1
				if popcount(pos[a]) < 2 || popcount(pos[b]) < 2 || popcount(pos[a]|pos[b]) != 2 {
					continue
				}
				set := uint16(1)<<a | 1<<b
				union := pos[a] | pos[b]
				rm = [81]uint16{}
				any := false
				for i, cell := range regionCells[r] {
					if union&(1<<i) != 0 && g.cand[cell]&^set != 0 {
						rm[cell] = g.cand[cell] &^ set
						any = true
					}
				}
				if !any {
					continue
				}
				var parents []pot
				for i, cell := range regionCells[r] {
					if union&(1<<i) != 0 {
						continue
					}
					for _, v := range [2]int{a, b} {
						if c.saved.cand[cell]&(1<<v) != 0 {
							parents = append(parents, mkPot(cell, v, false))
						}
					}
				}
				c.advEmit(&rm, parents)
			}
		}
	}
}

func (c *chainer) advNakedPairs() {
	g := c.g
	var rm [81]uint16
	for _, t := range searchTypes {
		for r := t * 9; r < t*9+9; r++ {
			if g.empty(r) < 4 {
				continue
			}
			for _, cs := range combos[2] {
				i := lowBit(cs)
				j := lowBit(cs &^ (1 << i))
				a, b := regionCells[r][i], regionCells[r][j]
				if popcount(g.cand[a]) < 2 || popcount(g.cand[b]) < 2 || popcount(g.cand[a]|g.cand[b]) != 2 {
					continue
				}
				union := g.cand[a] | g.cand[b]
				rm = [81]uint16{}
				any := false
				for k, cell := range regionCells[r] {
					if k != i && k != j && g.cand[cell]&union != 0 {
						rm[cell] = g.cand[cell] & union
						any = true
					}
				}
				if !any {
					continue
				}
				var parents []pot
				for _, cell := range [2]int{a, b} {
					for v := 1; v <= 9; v++ {
						if c.saved.cand[cell]&(1<<v) != 0 && union&(1<<v) == 0 {
							parents = append(parents, mkPot(cell, v, false))
						}
					}
				}
				c.advEmit(&rm, parents)
			}
		}
	}
}

func (c *chainer) advXWings() {
	g := c.g
	var rm [81]uint16
	for _, p := range [2][2]int{{col, row}, {row, col}} {
		base, cover := p[0], p[1]
		for _, bs := range combos[2] {
			for v := 1; v <= 9; v++ {
				if g.count[v]+4 > 9 {
					continue
				}
				bit := uint16(1) << v
				var union uint16
				ok := true
				for i := 0; i < 9 && ok; i++ {
					if bs&(1<<i) != 0 {
						pos := c.pos[base*9+i][v]
						ok = popcount(pos) >= 2
						union |= pos
					}
				}
				if !ok || popcount(union) != 2 {
					continue
				}
				rm = [81]uint16{}
				any := false
				for j := 0; j < 9; j++ {
					if union&(1<<j) == 0 {
						continue
					}
					for i, cell := range regionCells[cover*9+j] {
						if bs&(1<<i) == 0 && g.cand[cell]&bit != 0 {
							rm[cell] = bit
							any = true
						}
					}
				}
				if !any {
					continue
				}
				var parents []pot
				for i := 0; i < 9; i++ {
					if bs&(1<<i) == 0 {
						continue
					}
					for j, cell := range regionCells[base*9+i] {
						if union&(1<<j) == 0 && c.gone(cell, v) {
							parents = append(parents, mkPot(cell, v, false))
						}
					}
				}
				c.advEmit(&rm, parents)
			}
		}
	}
}

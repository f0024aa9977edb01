package serate

// alignedPairExclusion finds SE's Aligned Pair Exclusion (6.2): for two
// cells with the same bivalue peers (two at least), a pair of values is
// excluded when the cells see each other and the values are equal, or
// when some common bivalue peer holds only these values; a value of
// either cell with no pair left goes. Cells seeing a naked single are
// skipped, as SE does.
func alignedPairExclusion(g *grid, h *hint) bool {
	var list []int
	var excl [81][]int
	for c := 0; c < 81; c++ {
		if popcount(g.cand[c]) < 2 {
			continue
		}
		single := false
		var ex []int
		for _, p := range peers[c] {
			switch popcount(g.cand[p]) {
			case 1:
				single = true
			case 2:
				ex = append(ex, p)
			}
		}
		if !single && len(ex) > 0 {
			list = append(list, c)
			excl[c] = ex
		}
	}
	// SE's pairs run (0,1), (0,2), (1,2), (0,3), ...
	for j := 1; j < len(list); j++ {
		for i := 0; i < j; i++ {
			if apePair(g, h, list[i], list[j], excl[list[i]], excl[list[j]]) {
				return true
			}
		}
	}
	return false
}

func apePair(g *grid, h *hint, a, b int, exA, exB []int) bool {
	var common []int
	for _, x := range exA {
		for _, y := range exB {
			if x == y {
				common = append(common, x)
			}
		}
	}
	if len(common) < 2 {
		return false
	}
	var allowedA, allowedB uint16
	for m := g.cand[a]; m != 0; m &= m - 1 {
		va := lowBit(m)
		for n := g.cand[b]; n != 0; n &= n - 1 {
			vb := lowBit(n)
			if va == vb && isPeer[a][b] {
				continue
			}
			pair := uint16(1)<<va | 1<<vb
			ok := true
			for _, x := range common {
				if g.cand[x]&^pair == 0 {
					ok = false
					break
				}
			}
			if ok {
				allowedA |= 1 << va
				allowedB |= 1 << vb
			}
		}
	}
	ra, rb := g.cand[a]&^allowedA, g.cand[b]&^allowedB
	if ra == 0 && rb == 0 {
		return false
	}
	h.reset(62)
	h.remove[a], h.remove[b] = ra, rb
	return true
}

// alignedTripletExclusion finds SE's Aligned Triplet Exclusion (7.5): three
// cells with at least two common excluders (peers with two or three
// candidates); a triple of values is excluded when two cells that see each
// other hold the same value, or when some common excluder would have no
// candidate left; a value of a cell in no remaining triple goes. The cells
// are visited in SE's order: every pair of base cells, (0,1), (0,2), (1,2),
// (0,3), ..., then as third cell each excluder of the first base cell, then
// each of the second, that is itself a base cell.
func alignedTripletExclusion(g *grid, h *hint) bool {
	var list []int
	var base cellSet
	var excl [81]cellSet
	for c := 0; c < 81; c++ {
		if popcount(g.cand[c]) < 2 {
			continue
		}
		single := false
		var ex cellSet
		for _, p := range peers[c] {
			switch popcount(g.cand[p]) {
			case 1:
				single = true
			case 2, 3:
				ex.add(p)
			}
		}
		if !single && ex != (cellSet{}) {
			list = append(list, c)
			base.add(c)
			excl[c] = ex
		}
	}
	if len(list) < 3 {
		return false
	}
	var index [81]int
	for k, c := range list {
		index[c] = k
	}
	// A triple's exclusion reads the candidates of its cells and of their
	// common peers alone: when none of these changed since a search that
	// found nothing, neither does the triple now.
	memo := g.links != nil && g.links.ate.ok
	var changed cellSet
	if memo {
		for c := range g.cand {
			if g.cand[c] != g.links.ate.cand[c] {
				changed.add(c)
			}
		}
	}
	// reached reports whether the pair of base cells x < y had base cell z
	// among its third cells. Three cells give the same exclusion whichever
	// pair reaches them, and one that removed nothing is not tried again.
	reached := func(x, y, z int) bool {
		return excl[list[x]].has(list[z]) || excl[list[y]].has(list[z])
	}
	for j := 1; j < len(list); j++ {
		b := list[j]
		for i := 0; i < j; i++ {
			a := list[i]
			common := excl[a].and(excl[b])
			if common.count() < 2 {
				continue // no third cell can bring the common excluders to two
			}
			// Only an excluder with at most one candidate outside a's and
			// b's can be all three values of a triple, and without one
			// only three cells that see each other exclude anything.
			eff := mayExclude(g, common, g.cand[a]|g.cand[b])
			if eff == (cellSet{}) && !isPeer[a][b] {
				continue
			}
			pairChanged := changed.has(a) || changed.has(b)
			nearPair := changed.and(peerSet[a]).and(peerSet[b])
			var pair cellSet
			pair.add(a)
			pair.add(b)
			first := excl[a].and(base).andNot(pair)
			second := excl[b].and(base).andNot(pair).andNot(excl[a])
			for _, tail := range [2]cellSet{first, second} {
				for t := range tail.cells() {
					if memo && !pairChanged && !changed.has(t) && nearPair.and(peerSet[t]) == (cellSet{}) {
						continue // unchanged since it excluded nothing
					}
					if k := index[t]; k < j && (reached(i, k, j) || k < i && reached(k, j, i)) {
						continue // the same three cells, tried by an earlier pair
					}
					if excl[t].and(eff) == (cellSet{}) && !(isPeer[a][b] && isPeer[a][t] && isPeer[b][t]) {
						continue
					}
					if ateTriple(g, h, [3]int{a, b, t}, common.and(excl[t])) {
						return true
					}
				}
			}
		}
	}
	if g.links != nil {
		g.links.ate = candMemo{g.cand, true}
	}
	return false
}

// mayExclude returns the excluders in common with at most one candidate
// outside ab: the only ones that can be all of three values two of which
// are in ab.
func mayExclude(g *grid, common cellSet, ab uint16) cellSet {
	var eff cellSet
	for x := range common.cells() {
		if m := g.cand[x] &^ ab; m&(m-1) == 0 {
			eff.add(x)
		}
	}
	return eff
}

// ateTriple applies the exclusion to three cells with the common excluders
// common, and reports whether it removes a candidate. An excluder with a
// candidate none of the three cells has can exclude no triple and is left
// out; the search of allowed triples stops once every candidate is in one.
func ateTriple(g *grid, h *hint, cells [3]int, common cellSet) bool {
	if common.count() < 2 {
		return false
	}
	a, b, c := cells[0], cells[1], cells[2]
	union := g.cand[a] | g.cand[b] | g.cand[c]
	var excluders [20]uint16
	n := 0
	for x := range common.cells() {
		if g.cand[x]&^union == 0 {
			excluders[n] = g.cand[x]
			n++
		}
	}
	if n == 0 && !(isPeer[a][b] && isPeer[a][c] && isPeer[b][c]) {
		// Without an excluder only equal values of cells that see each
		// other are excluded, and unless all three do, each value of a
		// cell of two candidates or more keeps a triple.
		return false
	}
	var allowed [3]uint16
	full := [3]uint16{g.cand[a], g.cand[b], g.cand[c]}
	for m := full[0]; m != 0 && allowed != full; m &= m - 1 {
		va := m & -m
		for o := full[1]; o != 0; o &= o - 1 {
			vb := o & -o
			if va == vb && isPeer[a][b] {
				continue
			}
			// The third values left: not equal to a value of a cell it
			// sees, and not completing an excluder's candidates.
			vc := full[2]
			if isPeer[a][c] {
				vc &^= va
			}
			if isPeer[b][c] {
				vc &^= vb
			}
			for _, x := range excluders[:n] {
				switch rest := x &^ (va | vb); {
				case rest == 0:
					vc = 0
				case rest&(rest-1) == 0:
					vc &^= rest
				}
			}
			if vc != 0 {
				allowed[0] |= va
				allowed[1] |= vb
				allowed[2] |= vc
			}
		}
	}
	if allowed == full {
		return false
	}
	h.reset(75)
	for i, cell := range cells {
		h.remove[cell] |= full[i] &^ allowed[i]
	}
	return true
}

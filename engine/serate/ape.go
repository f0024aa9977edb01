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

package serate

// wxyzWing finds SE's WXYZ-Wing (5.5, or 5.6 when the largest of the
// three cells has three candidates): three cells that see one another
// holding four candidates between them, and a bivalue cell whose two
// values are among them. A value of the bivalue cell that every cell of
// the three holding it sees is a restricted common: the other value goes
// from the cells that see all its holders. When both are, the two
// remaining values of the three go too, from the cells seeing all their
// holders. Among all wings SE takes the lowest rated, then the one with
// the most removals, then the greatest suffix.
func wxyzWing(g *grid, h *hint) bool {
	var best wxyzFind
	var cur wxyzFind
	for a := 0; a < 81; a++ {
		ca := g.cand[a]
		if n := popcount(ca); n < 2 || n > 4 {
			continue
		}
		for _, b := range peers[a] {
			cb := g.cand[b]
			if b < a || popcount(cb) < 2 || popcount(ca|cb) > 4 {
				continue
			}
			for _, c := range peers[a] {
				cc := g.cand[c]
				if c < b || !isPeer[b][c] || popcount(cc) < 2 || popcount(ca|cb|cc) != 4 {
					continue
				}
				als := [3]int{a, b, c}
				union := ca | cb | cc
				big := max(popcount(ca), popcount(cb), popcount(cc))
				size := popcount(ca) + popcount(cb) + popcount(cc)
				for y := 0; y < 81; y++ {
					cy := g.cand[y]
					if y == a || y == b || y == c || popcount(cy) != 2 || cy&union != cy {
						continue
					}
					if !isPeer[y][a] && !isPeer[y][b] && !isPeer[y][c] {
						continue
					}
					if !cur.build(g, als, y, union, big, size) {
						continue
					}
					if best.worse(&cur) {
						best = cur
					}
				}
			}
		}
	}
	if !best.found {
		return false
	}
	h.reset(best.diff)
	h.remove = best.remove
	return true
}

// wxyzFind is one WXYZ-Wing with its removals and SE's keys of choice.
type wxyzFind struct {
	found  bool
	diff   Tenths
	count  int
	suffix string
	remove [81]uint16
}

// worse reports whether SE's sort puts f after o.
func (f *wxyzFind) worse(o *wxyzFind) bool {
	if !f.found {
		return true
	}
	if o.diff != f.diff {
		return o.diff < f.diff
	}
	if o.count != f.count {
		return o.count > f.count
	}
	return o.suffix > f.suffix
}

// restricted reports whether y sees every cell of als holding bit.
func restricted(g *grid, als [3]int, y int, bit uint16) bool {
	for _, c := range als {
		if g.cand[c]&bit != 0 && !isPeer[y][c] {
			return false
		}
	}
	return true
}

// build fills f with the wing on als and y, reporting whether it has a
// restricted common and removes anything.
func (f *wxyzFind) build(g *grid, als [3]int, y int, union uint16, big, size int) bool {
	cy := g.cand[y]
	x := lowBit(cy)
	z := lowBit(cy &^ (1 << x))
	xBit, zBit := uint16(1)<<x, uint16(1)<<z
	double := restricted(g, als, y, zBit)
	if !restricted(g, als, y, xBit) {
		if !double {
			return false
		}
		// Only the higher value is restricted: the lower one goes.
		xBit, zBit = zBit, xBit
		double = false
	}
	*f = wxyzFind{}
	skip := func(c int) bool { return c == als[0] || c == als[1] || c == als[2] || c == y }
	// see removes bit from the cells seeing every holder among als (and y
	// when withY), reporting whether it removed any.
	see := func(bit uint16, withY bool) bool {
		any := false
		for t := 0; t < 81; t++ {
			if skip(t) || g.cand[t]&bit == 0 || (withY && !isPeer[t][y]) {
				continue
			}
			ok := true
			for _, c := range als {
				if g.cand[c]&bit != 0 && !isPeer[t][c] {
					ok = false
					break
				}
			}
			if ok {
				f.remove[t] |= bit
				f.count++
				any = true
			}
		}
		return any
	}
	weak, strongX := false, false
	if double {
		rest := union &^ cy
		w1 := lowBit(rest)
		w2 := lowBit(rest &^ (1 << w1))
		weak = see(1<<w1, false)
		weak = see(1<<w2, false) || weak
		strongX = see(xBit, true)
	}
	strongZ := see(zBit, true)
	if double && (!weak && (!strongZ || !strongX)) {
		double = false
	}
	if f.count == 0 {
		return false
	}
	f.found = true
	f.diff = Tenths(55)
	if big == 3 {
		f.diff = 56
	}
	link := byte('1')
	if double {
		link = '2'
	}
	f.suffix = string([]byte{link, byte('0' + big)}) + itoa(size)
	return true
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string([]rune{rune('0' + n/10), rune('0' + n%10)})
}

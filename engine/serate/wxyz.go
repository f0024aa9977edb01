package serate

import "math/bits"

// wxyzWing finds SE's WXYZ-Wing (5.5, or 5.6 when the largest of the
// three cells has three candidates): three cells that see one another
// holding four candidates between them, and a bivalue cell whose two
// values are among them. A value of the bivalue cell that every cell of
// the three holding it sees is a restricted common: the other value goes
// from the cells that see all its holders. When both are, the two
// remaining values of the three go too, from the cells seeing all their
// holders. Among all wings SE takes the lowest rated, then the one with
// the most removals, then the greatest suffix.
func wxyzWing(g *grid, h *hint) bool { return alsWing(g, h, 3) }

// vwxyzWing is SE's VWXYZ-Wing: four cells and five values (6.2 to 6.4).
func vwxyzWing(g *grid, h *hint) bool { return alsWing(g, h, 4) }

// uvwxyzWing is SE's UVWXYZ-Wing: five cells and six values (6.6).
func uvwxyzWing(g *grid, h *hint) bool { return alsWing(g, h, 5) }

// tuvwxyzWing is SE's TUVWXYZ-Wing: six cells and seven values (7.5).
func tuvwxyzWing(g *grid, h *hint) bool { return alsWing(g, h, 6) }

// alsWing finds SE's wings of n cells that see one another and hold n+1
// values between them, with a bivalue cell, as wxyzWing describes.
func alsWing(g *grid, h *hint, n int) bool {
	s := wingSearch{g: g, n: n}
	for c, m := range g.cand {
		if popcount(m) == 2 {
			s.bivalue = append(s.bivalue, c)
		}
		for v := 1; v <= 9; v++ {
			if m&(1<<v) != 0 {
				s.holders[v].add(c)
			}
		}
	}
	s.grow(0, 0, cellSet{})
	if !s.best.found {
		return false
	}
	h.reset(s.best.diff)
	h.remove = s.best.remove
	return true
}

// wingSearch enumerates the cells of a wing in increasing order.
type wingSearch struct {
	g       *grid
	n       int
	als     [6]int
	bivalue []int       // the cells with two candidates, in order
	holders [10]cellSet // the cells holding each value
	best    wxyzFind
	cur     wxyzFind
}

// grow chooses cell k of the wing, given the values of the cells before
// it and the cells that see them all.
func (s *wingSearch) grow(k int, union uint16, common cellSet) {
	g := s.g
	if k == s.n {
		if popcount(union) != s.n+1 {
			return
		}
		als := s.als[:s.n]
		big, size := 0, 0
		var in, seen cellSet
		for _, c := range als {
			big = max(big, popcount(g.cand[c]))
			size += popcount(g.cand[c])
			in.add(c)
			seen = seen.or(peerSet[c])
		}
		for _, y := range s.bivalue {
			cy := g.cand[y]
			if cy&union != cy || in.has(y) || !seen.has(y) || !s.cur.build(s, als, y, union, big, size) {
				continue
			}
			if s.best.worse(&s.cur) {
				s.best = s.cur
			}
		}
		return
	}
	if k == 0 {
		for c := 0; c < 81; c++ {
			if m := g.cand[c]; popcount(m) >= 2 && popcount(m) <= s.n+1 {
				s.als[0] = c
				s.grow(1, m, peerSet[c])
			}
		}
		return
	}
	// Every later cell sees all the cells before it: walk their common
	// peers after the last one, in increasing order.
	last := s.als[k-1]
	for w, m := range common {
		if w<<6+63 <= last {
			continue
		}
		for m != 0 {
			c := w<<6 | bits.TrailingZeros64(m)
			m &= m - 1
			if c <= last {
				continue
			}
			cm := g.cand[c]
			u := union | cm
			if popcount(cm) < 2 || popcount(u) > s.n+1 {
				continue
			}
			s.als[k] = c
			s.grow(k+1, u, common.and(peerSet[c]))
		}
	}
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
func restricted(g *grid, als []int, y int, bit uint16) bool {
	for _, c := range als {
		if g.cand[c]&bit != 0 && !isPeer[y][c] {
			return false
		}
	}
	return true
}

// build fills f with the wing on als and y, reporting whether it has a
// restricted common and removes anything.
func (f *wxyzFind) build(s *wingSearch, als []int, y int, union uint16, big, size int) bool {
	g := s.g
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
	var wing cellSet
	for _, c := range als {
		wing.add(c)
	}
	wing.add(y)
	// see removes bit from the cells seeing every holder among als (and y
	// when withY), reporting whether it removed any.
	see := func(bit uint16, withY bool) bool {
		v := lowBit(bit)
		victims := s.holders[v].andNot(wing)
		if withY {
			victims = victims.and(peerSet[y])
		}
		for _, c := range als {
			if g.cand[c]&bit != 0 {
				victims = victims.and(peerSet[c])
			}
		}
		any := false
		for w, m := range victims {
			for m != 0 {
				t := w<<6 | bits.TrailingZeros64(m)
				m &= m - 1
				f.remove[t] |= bit
				f.count++
				any = true
			}
		}
		return any
	}
	weak, strongX := false, false
	if double {
		for rest := union &^ cy; rest != 0; {
			w := lowBit(rest)
			rest &^= 1 << w
			weak = see(1<<w, false) || weak
		}
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
	f.diff = wingRating(len(als), big)
	link := byte('1')
	if double {
		link = '2'
	}
	f.suffix = string([]byte{link, byte('0' + big)}) + itoa(size)
	return true
}

// wingRating is SE's rating of a wing of n cells whose largest cell has
// big candidates: 5.5 plus 0.1 for a middle-sized largest cell (WXYZ),
// 6.2 plus up to 0.2 (VWXYZ), 6.6 (UVWXYZ), 7.5 (TUVWXYZ).
func wingRating(n, big int) Tenths {
	abs := func(x int) int { return max(x, -x) }
	switch n {
	case 3:
		return Tenths(55 + (1 - abs(3-big)))
	case 4:
		return Tenths(62 + (2 - abs(3-big)))
	case 5:
		return 66
	}
	return 75
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string([]rune{rune('0' + n/10), rune('0' + n%10)})
}

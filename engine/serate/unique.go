package serate

import "math"

// uniqueLoops finds SE's unique rectangles and loops of types 1 to 4
// (4.5 for four cells, 4.6 for six, 4.7 for eight, 5.0 for ten or more;
// type 3 adds 0.1 for each value of its naked set past the first, or of
// its hidden set's cells past the second): cells holding the same two
// values around a loop would give two solutions, so the extra candidates
// of some loop cells must be used. Among all loops SE takes the lowest
// rated (compared as Java's doubles), then the lowest type, then the
// first found.
func uniqueLoops(g *grid, h *hint) bool {
	s := loopSearch{g: g}
	for c := 0; c < 81; c++ {
		if popcount(g.cand[c]) != 2 {
			continue
		}
		s.v1 = lowBit(g.cand[c])
		s.v2 = lowBit(g.cand[c] &^ (1 << s.v1))
		s.pair = 1<<s.v1 | 1<<s.v2
		s.extend(c, 2, 0, -1)
	}
	if !s.found {
		return false
	}
	h.reset(Tenths(math.Round(s.diff * 10)))
	h.remove = s.remove
	return true
}

// loopSearch walks candidate loops from one bivalue cell.
type loopSearch struct {
	g      *grid
	v1, v2 int
	pair   uint16
	loop   []int
	found  bool
	diff   float64 // SE's difficulty, summed as Java does
	typ    int
	remove [81]uint16
	inLoop [81]bool
}

// extend adds cell to the loop and follows every region type other than
// the one it came by, as SE's checkForLoops does.
func (s *loopSearch) extend(cell, allowed int, extra uint16, last int) {
	s.loop = append(s.loop, cell)
	s.inLoop[cell] = true
	for t := 0; t < 3; t++ {
		if t == last {
			continue
		}
		for _, next := range regionCells[cellRegion[cell][t]] {
			if next == s.loop[0] && len(s.loop) >= 4 {
				s.consider()
				continue
			}
			if s.inLoop[next] {
				continue
			}
			cand := s.g.cand[next]
			if cand&s.pair != s.pair {
				continue
			}
			ex := (extra | cand) &^ s.pair
			n := popcount(cand)
			if n == 2 || popcount(ex) == 1 || allowed > 0 {
				a := allowed
				if n > 2 {
					a--
				}
				s.extend(next, a, ex, t)
			}
		}
	}
	s.inLoop[cell] = false
	s.loop = s.loop[:len(s.loop)-1]
}

// valid reports whether every region of the loop holds exactly two of its
// cells, entered and left alternately.
func (s *loopSearch) valid() bool {
	var odd, even [27]bool
	isOdd := false
	for _, c := range s.loop {
		for t := 0; t < 3; t++ {
			r := cellRegion[c][t]
			seen := &even
			if isOdd {
				seen = &odd
			}
			if seen[r] {
				return false
			}
			seen[r] = true
		}
		isOdd = !isOdd
	}
	return odd == even
}

func (s *loopSearch) consider() {
	if !s.valid() {
		return
	}
	var extras []int
	for _, c := range s.loop {
		if popcount(s.g.cand[c]) > 2 {
			extras = append(extras, c)
		}
	}
	d := 4.5
	n := len(s.loop)
	if n >= 10 {
		d += 0.3
	}
	if n >= 8 {
		d += 0.2
	} else if n >= 6 {
		d += 0.1
	}
	switch {
	case len(extras) == 1:
		var rm [81]uint16
		rm[extras[0]] = s.pair
		s.offer(d, 1, &rm)
	case len(extras) > 2:
		s.type2(d, extras)
	case len(extras) == 2:
		switch popcount((s.g.cand[extras[0]] | s.g.cand[extras[1]]) &^ s.pair) {
		case 1:
			s.type2(d, extras)
		default:
			s.type3(d, extras[0], extras[1])
		}
		s.type4(d, extras[0], extras[1])
	}
}

// type2 removes the one extra value from the cells seeing all extra cells.
func (s *loopSearch) type2(d float64, extras []int) {
	v := lowBit(s.g.cand[extras[0]] &^ s.pair)
	bit := uint16(1) << v
	var rm [81]uint16
	any := false
	for c := 0; c < 81; c++ {
		if s.g.cand[c]&bit == 0 {
			continue
		}
		ok := true
		for _, e := range extras {
			if c == e || !isPeer[c][e] {
				ok = false
				break
			}
		}
		if ok {
			rm[c] = bit
			any = true
		}
	}
	if any {
		s.offer(d, 2, &rm)
	}
}

// type3 finds a region shared by the two extra cells where they act, with
// their extra values, as one cell of a naked set, or with the loop values
// as one cell of a hidden set, in SE's order: by size (2 to 7), region
// type, naked before hidden. The naked set's values go from every cell
// that sees all its cells holding the value; the hidden set's cells lose
// their other values.
func (s *loopSearch) type3(d float64, c1, c2 int) {
	extra := (s.g.cand[c1] | s.g.cand[c2]) &^ s.pair
	nExtra := popcount(extra)
	var rest []int // values neither in the loop nor extra, ascending
	for v := 1; v <= 9; v++ {
		if (s.pair|extra)&(1<<v) == 0 {
			rest = append(rest, v)
		}
	}
	for degree := 2; degree <= 7; degree++ {
		for t := 0; t < 3; t++ {
			r := cellRegion[c1][t]
			if cellRegion[c2][t] != r {
				continue
			}
			empty := s.g.empty(r)
			i1, i2 := cellIndex[c1][t], cellIndex[c2][t]
			if degree*2 <= empty && degree >= nExtra {
				for _, m := range subsets[degree] {
					if m&(1<<i1) != 0 && m&(1<<i2) == 0 {
						s.nakedType3(d, c1, c2, r, m, extra, degree)
					}
				}
			}
			if degree*2 < empty && degree-2 <= len(rest) {
				for _, m := range subsets[degree-2] {
					if m < 1<<len(rest) {
						s.hiddenType3(d, r, i1, i2, m, rest)
					}
				}
			}
		}
	}
}

// nakedType3 tries the cells m of region r (c1 standing for itself and
// c2 with the extra values) as a naked set of degree values.
func (s *loopSearch) nakedType3(d float64, c1, c2, r int, m, extra uint16, degree int) {
	common := extra & s.g.cand[c1] & s.g.cand[c2]
	union := uint16(0)
	var set [8]int
	n := 0
	for i := 0; i < 9; i++ {
		if m&(1<<i) == 0 {
			continue
		}
		c := regionCells[r][i]
		p := extra
		if c != c1 {
			p = s.g.cand[c]
			common |= p
			set[n] = c
			n++
		}
		if popcount(p) <= 1 {
			return
		}
		union |= p
	}
	if popcount(common) != degree || popcount(union) != degree {
		return
	}
	set[n], set[n+1] = c1, c2
	holders := set[:n+2]
	var rm [81]uint16
	for v := 1; v <= 9; v++ {
		bit := uint16(1) << v
		if union&bit == 0 {
			continue
		}
		for c := 0; c < 81; c++ {
			if s.g.cand[c]&bit == 0 {
				continue
			}
			sees := true
			for _, x := range holders {
				if s.g.cand[x]&bit != 0 && (x == c || !isPeer[c][x]) {
					sees = false
					break
				}
			}
			if sees {
				rm[c] |= bit
			}
		}
	}
	s.offer(d+float64(degree-1)*0.1, 3, &rm)
}

// hiddenType3 tries the loop values and the values m of rest as a hidden
// set of region r, c1 standing for both extra cells (index i2 left out).
func (s *loopSearch) hiddenType3(d float64, r, i1, i2 int, m uint16, rest []int) {
	hidden := s.pair
	for k := range rest {
		if m&(1<<k) != 0 {
			hidden |= 1 << rest[k]
		}
	}
	degree := popcount(hidden)
	union := uint16(0)
	for v := 1; v <= 9; v++ {
		if hidden&(1<<v) == 0 {
			continue
		}
		p := s.g.positions(r, v) &^ (1 << i2)
		if p == 0 {
			return
		}
		union |= p
	}
	if popcount(union) != degree {
		return
	}
	idx := union &^ (1 << i1) &^ (1 << i2)
	var rm [81]uint16
	for i := 0; i < 9; i++ {
		if idx&(1<<i) != 0 {
			c := regionCells[r][i]
			rm[c] = s.g.cand[c] &^ hidden
		}
	}
	s.offer(d+float64(popcount(idx)-1)*0.1, 3, &rm)
}

// type4 finds a region shared by the two extra cells where one loop value
// has no other place: the other loop value goes from both.
func (s *loopSearch) type4(d float64, c1, c2 int) {
	r1, r2 := -1, -1
	for t := 0; t < 3; t++ {
		r := cellRegion[c1][t]
		if cellRegion[c2][t] != r {
			continue
		}
		has1, has2 := false, false
		for _, c := range regionCells[r] {
			if c != c1 && c != c2 {
				has1 = has1 || s.g.cand[c]&(1<<s.v1) != 0
				has2 = has2 || s.g.cand[c]&(1<<s.v2) != 0
			}
		}
		if !has1 {
			r1 = r
		}
		if !has2 {
			r2 = r
		}
	}
	var rem int
	switch {
	case r1 >= 0:
		rem = s.v2
	case r2 >= 0:
		rem = s.v1
	default:
		return
	}
	var rm [81]uint16
	rm[c1], rm[c2] = 1<<rem, 1<<rem
	s.offer(d, 4, &rm)
}

func (s *loopSearch) offer(d float64, typ int, rm *[81]uint16) {
	any := false
	for c, m := range rm {
		if m&s.g.cand[c] != 0 {
			any = true
		}
	}
	if !any || (s.found && (d > s.diff || d == s.diff && typ >= s.typ)) {
		return
	}
	s.found, s.diff, s.typ, s.remove = true, d, typ, *rm
}

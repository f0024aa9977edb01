package serate

// uniqueLoops finds SE's unique rectangles and loops of types 1, 2 and 4
// (4.5 for four cells, 4.6 for six, 4.7 for eight, 5.0 for ten or more):
// cells holding the same two values around a loop would give two
// solutions, so the extra candidates of some loop cells must be used.
// SE's type 3 (a naked or hidden set with the extra values) is not
// reproduced. Among all loops SE takes the lowest rated, then the lowest
// type, then the first found.
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
	h.reset(s.diff)
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
	diff   Tenths
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
	d := Tenths(45)
	switch n := len(s.loop); {
	case n >= 10:
		d += 5
	case n >= 8:
		d += 2
	case n >= 6:
		d++
	}
	switch {
	case len(extras) == 1:
		var rm [81]uint16
		rm[extras[0]] = s.pair
		s.offer(d, 1, &rm)
	case len(extras) > 2:
		s.type2(d, extras)
	case len(extras) == 2:
		if popcount((s.g.cand[extras[0]]|s.g.cand[extras[1]])&^s.pair) == 1 {
			s.type2(d, extras)
		}
		s.type4(d, extras[0], extras[1])
	}
}

// type2 removes the one extra value from the cells seeing all extra cells.
func (s *loopSearch) type2(d Tenths, extras []int) {
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

// type4 finds a region shared by the two extra cells where one loop value
// has no other place: the other loop value goes from both.
func (s *loopSearch) type4(d Tenths, c1, c2 int) {
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

func (s *loopSearch) offer(d Tenths, typ int, rm *[81]uint16) {
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

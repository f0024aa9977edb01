package serate

// Strong links: SE's "n Strong Links" family (Skyscraper, 2-String Kite,
// Turbot Fish and their longer forms): n conjugate pairs of one digit,
// each in its own region, chained by pairs of ends that share a region.
// The two free ends see the victims. This file reproduces the plain links;
// SE's grouped links and empty rectangles (rated 0.3 more) are not.

// strongLink is a region holding a digit in exactly two cells.
type strongLink struct {
	region int
	cell   [2]int // in the region's order
}

// linkTypeSets lists, for n links, the non-decreasing tuples of region
// types in SE's order of search.
var linkTypeSets [5][][]int

// linkOrders lists, for n links, the orders in which SE walks them: the
// permutations that read no later than their reverse.
var linkOrders [5][][]int

func init() {
	for n := 2; n <= 4; n++ {
		for m := uint(0); m < 1<<(3*n); m++ {
			if bitCount(m) != n {
				continue
			}
			var types []int
			ok := true
			for b := 0; b < 3*n; b++ {
				if m&(1<<b) == 0 {
					continue
				}
				if b%n != len(types) {
					ok = false
					break
				}
				types = append(types, b/n)
			}
			if ok {
				linkTypeSets[n] = append(linkTypeSets[n], types)
			}
		}
		linkOrders[n] = lexPermutations(n)
	}

}

func bitCount(m uint) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// lexPermutations returns the permutations of 0..n-1 that are not greater
// than their reverse, in lexicographic order.
func lexPermutations(n int) [][]int {
	var out [][]int
	var rec func(p []int, used int)
	rec = func(p []int, used int) {
		if len(p) == n {
			for i := 0; i < n; i++ {
				if p[i] != p[n-1-i] {
					if p[i] < p[n-1-i] {
						out = append(out, append([]int(nil), p...))
					}
					return
				}
			}
			return
		}
		for v := 0; v < n; v++ {
			if used&(1<<v) == 0 {
				rec(append(p, v), used|1<<v)
			}
		}
	}
	rec(nil, 0)
	return out
}

func twoStrongLinks(g *grid, h *hint) bool   { return strongLinks(g, h, 2) }
func threeStrongLinks(g *grid, h *hint) bool { return strongLinks(g, h, 3) }
func fourStrongLinks(g *grid, h *hint) bool  { return strongLinks(g, h, 4) }

// linkSearch holds the state of one search for strong-link chains.
type linkSearch struct {
	g     *grid
	n     int
	digit int
	types []int
	links [4]strongLink
	best  linkFind
}

// linkFind is the best chain found so far by SE's order of preference:
// lowest rating, then most removals, then the smallest name.
type linkFind struct {
	found  bool
	diff   Tenths
	count  int
	name   string
	remove [81]bool
	digit  int
}

func (f *linkFind) better(diff Tenths, count int, name string) bool {
	if !f.found {
		return true
	}
	if diff != f.diff {
		return diff < f.diff
	}
	if count != f.count {
		return count > f.count
	}
	return name < f.name
}

// strongLinks finds chains of n plain strong links (4.0 for n = 2, 5.4 for
// 3, 5.8 for 4, plus 0.1 or 0.2 by the mix of region types).
func strongLinks(g *grid, h *hint, n int) bool {
	s := &linkSearch{g: g, n: n}
	for _, types := range linkTypeSets[n] {
		s.types = types
		for d := 1; d <= 9; d++ {
			s.digit = d
			s.build(0, -1)
		}
	}
	if !s.best.found {
		return false
	}
	h.reset(s.best.diff)
	bit := uint16(1) << s.best.digit
	for c, ok := range s.best.remove {
		if ok {
			h.remove[c] = bit
		}
	}
	return true
}

// build chooses the link at depth, then walks the complete sets.
func (s *linkSearch) build(depth, prev int) {
	if depth == s.n {
		s.walk()
		return
	}
	t := s.types[depth]
	start := t * 9
	if depth > 0 && s.types[depth-1] == t {
		start = prev + 1
	}
	for r := start; r < t*9+9; r++ {
		pos := s.g.positions(r, s.digit)
		if popcount(pos) != 2 {
			continue
		}
		i := lowBit(pos)
		j := lowBit(pos &^ (1 << i))
		a, b := regionCells[r][i], regionCells[r][j]
		if t == block && (a/9 == b/9 || a%9 == b%9) {
			continue
		}
		clash := false
		for k := 0; k < depth; k++ {
			l := s.links[k]
			if l.cell[0] == a || l.cell[0] == b || l.cell[1] == a || l.cell[1] == b {
				clash = true
			}
		}
		if clash {
			continue
		}
		s.links[depth] = strongLink{r, [2]int{a, b}}
		s.build(depth+1, r)
	}
}

// shareRegion returns the region (column, row, then block) holding both
// cells, or -1.
func shareRegion(a, b int) int {
	for _, t := range [3]int{col, row, block} {
		if cellRegion[a][t] == cellRegion[b][t] {
			return cellRegion[a][t]
		}
	}
	return -1
}

// walk tries every order and orientation of the chosen links.
func (s *linkSearch) walk() {
	n := s.n
	var share [3]int
	var bridges [3][2]int
	for _, q := range linkOrders[n] {
		for u := 0; u < 1<<n; u++ {
			side := func(k int) int { return u >> (n - 1 - k) & 1 }
			ok := true
			for w := 0; w < n-1 && ok; w++ {
				b1 := s.links[q[w]].cell[1-side(w)]
				b2 := s.links[q[w+1]].cell[side(w+1)]
				bridges[w] = [2]int{b1, b2}
				share[w] = shareRegion(b1, b2)
				ok = share[w] >= 0
			}
			if !ok {
				continue
			}
			start := s.links[q[0]].cell[side(0)]
			end := s.links[q[n-1]].cell[1-side(n-1)]
			ring := shareRegion(start, end) >= 0
			if ring && (side(0) != 0 || !s.firstIsLowest(q[0])) {
				continue
			}
			s.consider(q, start, end, ring, share[:n-1], bridges[:n-1])
		}
	}
}

func (s *linkSearch) firstIsLowest(k int) bool {
	for i := 0; i < s.n; i++ {
		if s.links[i].region < s.links[k].region {
			return false
		}
	}
	return true
}

// inBase reports whether cell c lies in one of the links' regions.
func (s *linkSearch) inBase(c int) bool {
	for i := 0; i < s.n; i++ {
		r := s.links[i].region
		if cellRegion[c][r/9] == r {
			return true
		}
	}
	return false
}

// consider rates a chain and keeps it when SE would prefer it.
func (s *linkSearch) consider(q []int, start, end int, ring bool, share []int, bridges [][2]int) {
	var remove [81]bool
	count := 0
	bit := uint16(1) << s.digit
	mark := func(x, y int, skipShare bool) {
		for c := 0; c < 81; c++ {
			if c == x || c == y || remove[c] || s.g.cand[c]&bit == 0 || !isPeer[c][x] || !isPeer[c][y] || s.inBase(c) {
				continue
			}
			if skipShare {
				inShare := false
				for _, r := range share {
					if cellRegion[c][r/9] == r {
						inShare = true
					}
				}
				if inShare {
					continue
				}
			}
			remove[c] = true
			count++
		}
	}
	mark(start, end, !ring)
	if ring {
		for _, b := range bridges {
			mark(b[0], b[1], false)
		}
	}
	if count == 0 {
		return
	}
	types := make([]int, s.n)
	for i, k := range q {
		types[i] = s.links[k].region / 9
	}
	diff, name := linkRating(types)
	if s.best.better(diff, count, name) {
		s.best = linkFind{found: true, diff: diff, count: count, name: name, remove: remove, digit: s.digit}
	}
}

// linkRating gives SE's rating and name of a chain of plain links with the
// given region types in chain order: a base by length, 0.1 more when the
// links mix blocks and lines or rows and columns, 0.2 when they have all
// three.
func linkRating(types []int) (Tenths, string) {
	base := [5]Tenths{2: 40, 3: 54, 4: 58}[len(types)]
	name := "0" + lineName(types)
	hasBlock, hasOther := false, false
	for _, c := range name[1:] {
		switch c {
		case '0':
			hasBlock = true
		case '2':
			hasOther = true
		}
	}
	switch {
	case !hasBlock && !hasOther:
		return base, name
	case hasBlock && hasOther:
		return base + 2, name
	}
	return base + 1, name
}

// lineName is SE's name of a sequence of link types: 0 for a block, 1 and
// 2 for the two kinds of line, made the smallest over the chain's two
// directions and the exchange of rows and columns.
func lineName(types []int) string {
	n := len(types)
	orig, cols, cur, rev := "", "", "", ""
	hasRow := false
	for i := 0; i < n; i++ {
		d := byte('0' + types[i])
		orig += string(d)
		switch types[i] {
		case row:
			hasRow = true
			rev = "2" + rev
			cur += "2"
			cols += "1"
		case col:
			cols += "1"
			rev = "1" + rev
			cur += "1"
		default:
			cols += string(d)
			rev = string(d) + rev
			cur += string(d)
		}
	}
	if rev > cur {
		rev = cur
	}
	if hasRow {
		if orig > rev {
			return rev
		}
		return orig
	}
	return cols
}

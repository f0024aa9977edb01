package serate

import "strconv"

// Strong links: SE's "n Strong Links" family (Skyscraper, 2-String Kite,
// Turbot Fish and their longer forms): n conjugate pairs of one digit,
// each in its own region, chained by pairs of ends that share a region.
// The two free ends see the victims. A link may be grouped: a region
// holding the digit in three to six cells that fall in two groups (two
// segments of a line, two lines of a block, or the two arms of an empty
// rectangle's cross), rated 0.3 more, as SE's "Grouped" links are.

// noCell marks an absent supporting cell.
const noCell = -1

// strongLink is a region whose candidates for a digit fall in two ends:
// two cells, or groups of up to three cells for a grouped link.
type strongLink struct {
	region  int
	cell    [2]int    // the ends, in SE's order
	support [2][2]int // more cells of each end's group, or noCell
	grouped bool
	pos     uint16 // the digit's places in the region
	id      int    // 2*region + which of its ways
}

// groupShape is one of SE's ways for a region's places to fall in two
// groups: none in empty, the rest split between two blades. In a block
// the heart is the cell where the two arms of the cross meet (-1 when
// the blades are two parallel lines).
type groupShape struct {
	empty, blade1, blade2 uint16
	heart                 int
}

// blockShapes are SE's 15 configurations of a block, in its order: the
// empty rectangles around each of the nine cells, then two rows (empty
// bottom, middle, top row) and two columns (empty right, middle, left).
// lineShapes are a line's three: one box segment empty.
var blockShapes, lineShapes []groupShape

func init() {
	rowMask := func(r int) uint16 { return 7 << (3 * r) }
	colMask := func(c int) uint16 { return 0x49 << c }
	for h := 0; h < 9; h++ {
		hr, hc := h/3, h%3
		blockShapes = append(blockShapes, groupShape{
			empty:  0x1ff &^ rowMask(hr) &^ colMask(hc),
			blade1: colMask(hc) &^ (1 << h),
			blade2: rowMask(hr) &^ (1 << h),
			heart:  h,
		})
	}
	// others returns the two of 0, 1 and 2 other than e, in order.
	others := func(e int) (int, int) {
		return [3]int{1, 0, 0}[e], [3]int{2, 2, 1}[e]
	}
	for _, mask := range []func(int) uint16{rowMask, colMask} {
		for _, e := range []int{2, 1, 0} {
			i, j := others(e)
			blockShapes = append(blockShapes, groupShape{empty: mask(e), blade1: mask(i), blade2: mask(j), heart: -1})
		}
	}
	for e := 0; e < 3; e++ {
		// A line's segments are its box runs, indexed like a block's rows.
		i, j := others(e)
		lineShapes = append(lineShapes, groupShape{empty: rowMask(e), blade1: rowMask(i), blade2: rowMask(j), heart: -1})
	}
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
	// ways and nways hold each region's links for each digit, read once
	// per search since the grid does not change during it.
	ways  [10][27][2]strongLink
	nways [10][27]int8
	// shared memoises sharedRegion for the ends of the digit's links,
	// indexed by 2*id + side: gen<<5 | region+1, valid when its gen is
	// the current one (a new gen for each digit of each type set).
	shared [108][108]uint16
	gen    uint16
}

// sharedEnds returns the region shared by end a of link x and end b of
// link y, or -1.
func (s *linkSearch) sharedEnds(x *strongLink, a int, y *strongLink, b int) int8 {
	i, j := 2*x.id+a, 2*y.id+b
	m := s.shared[i][j]
	if m>>5 != s.gen {
		m = s.gen<<5 | uint16(sharedRegion(endOf(x, a), endOf(y, b))+1)
		s.shared[i][j], s.shared[j][i] = m, m
	}
	return int8(m&31) - 1
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
// linkMemo remembers, for each number of links and digit, the digit's
// candidates when a search found no chain: strong links of a digit depend
// on that digit's candidates alone, so while they stay the same the digit
// need not be searched again.
type linkMemo struct {
	none [5][10]digitCells
	ok   [5][10]bool
	// xLoops and nishio do the same for the loops technique's X-cycles
	// and forcing X-chains and for Nishio forcing chains: both follow one
	// digit's links only.
	xLoops, nishio digitMemo
	// hidden and naked hold the regions' keys for the direct hidden pair
	// and triple and the hidden pair, triple and quad (in that order), and
	// the naked pair, triple and quad.
	hidden [5]regionMemo
	naked  [3]regionMemo
	// fish holds the digits' candidates for the X-Wing, Swordfish and
	// Jellyfish.
	fish [3]digitMemo
	// ate holds the candidates of the last Aligned Triplet Exclusion
	// search that found nothing.
	ate candMemo
}

// candMemo is a grid's candidates as a search that found nothing saw
// them.
type candMemo struct {
	cand [81]uint16
	ok   bool
}

// digitMemo remembers, for each digit, its candidates when a search of
// that digit alone found nothing.
type digitMemo struct {
	none [10]digitCells
	ok   [10]bool
}

// skip reports which digits need no search: those whose candidates, as
// given by cells, are those of a search that found nothing.
func (m *digitMemo) skip(cells *[10]digitCells) [10]bool {
	var s [10]bool
	for d := 1; d <= 9; d++ {
		s[d] = m.ok[d] && m.none[d] == cells[d]
	}
	return s
}

// record notes that no digit found anything with the candidates of cells.
func (m *digitMemo) record(cells *[10]digitCells) {
	m.none = *cells
	m.ok = [10]bool{1: true, true, true, true, true, true, true, true, true}
}

// digitCells is the set of cells holding a digit as a candidate.
type digitCells [2]uint64

func (g *grid) digitCells(d int) digitCells {
	var m digitCells
	bit := uint16(1) << d
	for c := 0; c < 81; c++ {
		if g.cand[c]&bit != 0 {
			m[c>>6] |= 1 << (c & 63)
		}
	}
	return m
}

func strongLinks(g *grid, h *hint, n int) bool {
	s := &linkSearch{g: g, n: n}
	var cells [10]digitCells
	for d := 1; d <= 9; d++ {
		if g.links != nil {
			cells[d] = g.digitCells(d)
			if g.links.ok[n][d] && g.links.none[n][d] == cells[d] {
				continue // s.nways[d] stays zero: nothing to search
			}
		}
		for r := 0; r < 27; r++ {
			n := linkWays(r, g.places(r, d), &s.ways[d][r])
			for k := 0; k < n; k++ {
				s.ways[d][r][k].id = 2*r + k
			}
			s.nways[d][r] = int8(n)
		}
	}
	for _, types := range linkTypeSets[n] {
		s.types = types
		for d := 1; d <= 9; d++ {
			s.digit = d
			s.gen++
			s.build(0, -1)
		}
	}
	if !s.best.found {
		if g.links != nil {
			g.links.none[n], g.links.ok[n] = cells, [10]bool{1: true, true, true, true, true, true, true, true, true}
		}
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
		n := s.nways[s.digit][r]
		if n == 0 {
			continue
		}
		ways := &s.ways[s.digit][r]
		if s.clashes(depth, r, ways[0].pos) {
			continue
		}
		for _, l := range ways[:n] {
			s.links[depth] = l
			s.build(depth+1, r)
		}
	}
}

// clashes reports whether region r shares a place of the digit with the
// regions of the links before depth.
func (s *linkSearch) clashes(depth, r int, pos uint16) bool {
	for k := 0; k < depth; k++ {
		l := s.links[k]
		if pos&crossing[r][l.region] != 0 {
			return true
		}
	}
	return false
}

// linkWays fills ways with the links SE reads in region r from the
// digit's places pos, and returns how many: none, one, or for a block
// whose four places form a rectangle, the rows and then the columns.
func linkWays(r int, pos uint16, ways *[2]strongLink) int {
	cellOf := func(m uint16, k int) int {
		for ; k > 0; k-- {
			m &= m - 1
		}
		if m == 0 {
			return noCell
		}
		return regionCells[r][lowBit(m)]
	}
	t := r / 9
	n := popcount(pos)
	switch {
	case n < 2 || n > 6:
		return 0
	case n == 2:
		a, b := cellOf(pos, 0), cellOf(pos, 1)
		if t == block && (a/9 == b/9 || a%9 == b%9) {
			return 0
		}
		ways[0] = strongLink{region: r, cell: [2]int{a, b}, support: [2][2]int{{noCell, noCell}, {noCell, noCell}}, pos: pos}
		return 1
	}
	shapes := lineShapes
	if t == block {
		shapes = blockShapes
	}
	var sh groupShape
	found := false
	for e, x := range shapes {
		if e > 8 && n < 4 {
			continue
		}
		if pos&x.empty != 0 {
			continue
		}
		sh, found = x, pos&x.blade1 != 0 && pos&x.blade2 != 0
		break
	}
	if !found {
		return 0
	}
	b1, b2 := pos&sh.blade1, pos&sh.blade2
	n1, n2 := popcount(b1), popcount(b2)
	heart := noCell
	if sh.heart >= 0 {
		heart = regionCells[r][sh.heart]
	}
	l := strongLink{region: r, grouped: true, pos: pos, support: [2][2]int{{noCell, noCell}, {noCell, noCell}}}
	if n1 == 1 || n2 == 1 {
		// One end is a single cell; SE reads the other end from the
		// second blade (or the first when only the second is single),
		// with the heart of a block's cross as its support.
		one, other, nOther := b1, b2, n2
		if n1 != 1 || n2 == 1 {
			one, other, nOther = b2, b1, n1
		}
		l.cell = [2]int{cellOf(one, 0), cellOf(other, 0)}
		if t == block {
			l.support[1][0] = heart
			if nOther > 1 {
				l.support[1][1] = cellOf(other, 1)
			}
		} else {
			l.support[1] = [2]int{cellOf(other, 1), cellOf(other, 2)}
		}
		ways[0] = l
		return 1
	}
	l.cell = [2]int{cellOf(b1, 0), cellOf(b2, 0)}
	l.support = [2][2]int{{cellOf(b1, 1), cellOf(b1, 2)}, {cellOf(b2, 1), cellOf(b2, 2)}}
	if t == block && sh.heart < 0 && n == 4 && sameLine(l.support[0][0], l.support[1][0]) && sameLine(l.cell[0], l.cell[1]) {
		// Four places in a rectangle: grouped by rows, then by columns.
		ways[0] = l
		l.cell[1] = cellOf(b1, 1)
		l.support = [2][2]int{{cellOf(b2, 0), noCell}, {cellOf(b2, 1), noCell}}
		ways[1] = l
		return 2
	}
	if sh.heart >= 0 && pos&(1<<sh.heart) != 0 {
		// SE adds the heart of the cross to an arm of two cells.
		if n1 == 2 {
			l.support[0][1] = heart
		}
		if n2 == 2 {
			l.support[1][1] = heart
		}
	}
	ways[0] = l
	return 1
}

// sameLine reports whether two cells share a row or a column.
func sameLine(a, b int) bool { return a/9 == b/9 || a%9 == b%9 }

// linkEnd is one end of a link with its supporting cells.
type linkEnd struct {
	cell    int
	support [2]int
}

// endOf returns the end of link l on the given side.
func endOf(l *strongLink, side int) linkEnd { return linkEnd{l.cell[side], l.support[side]} }

// sharedRegion returns the region (column, row, then block) holding both
// ends with all their supporting cells, or -1.
func sharedRegion(a, b linkEnd) int {
	for _, t := range [3]int{col, row, block} {
		r := cellRegion[a.cell][t]
		if cellRegion[b.cell][t] != r || !a.within(r, t) || !b.within(r, t) {
			continue
		}
		return r
	}
	return -1
}

// within reports whether the end's supporting cells lie in region r of
// type t (SE reads a second support only after a first).
func (e linkEnd) within(r, t int) bool {
	for _, c := range e.support {
		if c == noCell {
			return true
		}
		if cellRegion[c][t] != r {
			return false
		}
	}
	return true
}

// walk tries every order and orientation of the chosen links. The
// regions shared by the links' ends are computed once per set of links,
// and a set whose links cannot form one chain is left at once.
func (s *linkSearch) walk() {
	n := s.n
	var tab [4][2][4][2]int8 // shared region of two ends, or -1
	var adj [4]uint8         // links sharing a region with each link
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for a := 0; a < 2; a++ {
				for b := 0; b < 2; b++ {
					r := s.sharedEnds(&s.links[i], a, &s.links[j], b)
					tab[i][a][j][b], tab[j][b][i][a] = r, r
					if r >= 0 {
						adj[i] |= 1 << j
						adj[j] |= 1 << i
					}
				}
			}
		}
	}
	reach := uint8(1)
	for grow := true; grow; {
		grow = false
		for i := 0; i < n; i++ {
			if reach&(1<<i) != 0 && reach|adj[i] != reach {
				reach |= adj[i]
				grow = true
			}
		}
	}
	if reach != 1<<n-1 {
		return
	}
	var share [3]int
	var bridges [3][2]linkEnd
	for _, q := range linkOrders[n] {
		for u := 0; u < 1<<n; u++ {
			side := func(k int) int { return u >> (n - 1 - k) & 1 }
			ok := true
			for w := 0; w < n-1 && ok; w++ {
				share[w] = int(tab[q[w]][1-side(w)][q[w+1]][side(w+1)])
				ok = share[w] >= 0
			}
			if !ok {
				continue
			}
			for w := 0; w < n-1; w++ {
				bridges[w] = [2]linkEnd{endOf(&s.links[q[w]], 1-side(w)), endOf(&s.links[q[w+1]], side(w+1))}
			}
			start := endOf(&s.links[q[0]], side(0))
			end := endOf(&s.links[q[n-1]], 1-side(n-1))
			ring := tab[q[0]][side(0)][q[n-1]][1-side(n-1)] >= 0
			if ring && (side(0) != 0 || !s.firstIsLowest(q[0])) {
				continue
			}
			if !s.links[q[0]].grouped {
				start.support = [2]int{noCell, noCell}
			}
			if !s.links[q[n-1]].grouped {
				end.support = [2]int{noCell, noCell}
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

// sees reports whether cell c sees e's cell and its supporting cells.
func (e linkEnd) sees(c int) bool {
	if c == e.cell || !isPeer[c][e.cell] {
		return false
	}
	for _, x := range e.support {
		if x == noCell {
			break
		}
		if !isPeer[c][x] {
			return false
		}
	}
	return true
}

// consider rates a chain and keeps it when SE would prefer it. Like SE, a
// loop counts a removal once for each pair of ends that justifies it.
func (s *linkSearch) consider(q []int, start, end linkEnd, ring bool, share []int, bridges [][2]linkEnd) {
	var remove [81]bool
	count := 0
	bit := uint16(1) << s.digit
	mark := func(x, y linkEnd, skipShare bool) {
		for c := 0; c < 81; c++ {
			if s.g.cand[c]&bit == 0 || !x.sees(c) || !y.sees(c) || s.inBase(c) {
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
	grouped := 0
	for i, k := range q {
		types[i] = s.links[k].region / 9
		if s.links[k].grouped {
			grouped++
		}
	}
	diff, name := linkRating(types, grouped)
	if s.best.better(diff, count, name) {
		s.best = linkFind{found: true, diff: diff, count: count, name: name, remove: remove, digit: s.digit}
	}
}

// linkRating gives SE's rating and name of a chain of links with the
// given region types in chain order, grouped of them grouped: a base by
// length, 0.3 more when a link is grouped, else 0.1 more when the links
// mix blocks and lines or rows and columns, 0.2 when they have all three.
func linkRating(types []int, grouped int) (Tenths, string) {
	base := [5]Tenths{2: 40, 3: 54, 4: 58}[len(types)]
	name := strconv.Itoa(grouped) + lineName(types)
	if grouped > 0 {
		return base + 3, name
	}
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

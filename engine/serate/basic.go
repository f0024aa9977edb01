package serate

import "math/bits"

// searchTypes is the order in which SE visits region types for singles and
// subsets.
var searchTypes = [3]int{block, col, row}

// hiddenSingle finds, first, a value with one place in a region that has
// one empty cell (1.0), then any hidden single (1.2 in a block, 1.5 in a
// row or column).
func hiddenSingle(g *grid, h *hint) bool {
	for _, alone := range [2]bool{true, false} {
		for _, t := range searchTypes {
			for r := t * 9; r < t*9+9; r++ {
				for v := 1; v <= 9; v++ {
					pos := g.places(r, v)
					if popcount(pos) != 1 || (g.empty(r) == 1) != alone {
						continue
					}
					d := Tenths(15)
					switch {
					case alone:
						d = 10
					case t == block:
						d = 12
					}
					h.reset(d)
					h.cell, h.value = regionCells[r][lowBit(pos)], v
					return true
				}
			}
		}
	}
	return false
}

// nakedSingle finds the first cell with one candidate (2.3).
func nakedSingle(g *grid, h *hint) bool {
	for c, m := range g.cand {
		if popcount(m) == 1 {
			h.reset(23)
			h.cell, h.value = c, lowBit(m)
			return true
		}
	}
	return false
}

// lowBit returns the lowest set bit of m, or 16 when m is 0.
func lowBit(m uint16) int { return bits.TrailingZeros16(m) }

// lockingPairs is SE's order of (base, cover) region types for
// intersections: pointing first, then claiming.
var lockingPairs = [4][2]int{{block, col}, {block, row}, {col, block}, {row, block}}

// directPointing finds an intersection whose removals leave a hidden
// single in a region of the base's type (1.7 pointing, 1.9 claiming).
func directPointing(g *grid, h *hint) bool { return intersections(g, h, true) }

// locking finds pointing (2.6) and claiming (2.8).
func locking(g *grid, h *hint) bool { return intersections(g, h, false) }

func intersections(g *grid, h *hint, direct bool) bool {
	for _, p := range lockingPairs {
		t1, t2 := p[0], p[1]
		for v := 1; v <= 9; v++ {
			bit := uint16(1) << v
			for r1 := t1 * 9; r1 < t1*9+9; r1++ {
				pos := g.places(r1, v)
				if popcount(pos) < 2 {
					continue
				}
				for r2 := t2 * 9; r2 < t2*9+9; r2++ {
					x := crossing[r1][r2]
					if x == 0 || pos&^x != 0 {
						continue
					}
					// v in r2 is confined to r1: it goes from the rest of r2.
					if direct {
						if directLocking(g, h, t1, r1, r2, v) {
							return true
						}
						continue
					}
					d := Tenths(28)
					if t1 == block {
						d = 26
					}
					if removeOutside(g, h, d, r2, r1, bit) {
						return true
					}
				}
			}
		}
	}
	return false
}

// removeOutside fills h with the removal of the candidates bit from the
// cells of r2 outside r1, reporting whether there are any.
func removeOutside(g *grid, h *hint, d Tenths, r2, r1 int, bit uint16) bool {
	found := false
	for i, c := range regionCells[r2] {
		if crossing[r2][r1]&(1<<i) == 0 && g.cand[c]&bit != 0 {
			if !found {
				h.reset(d)
				found = true
			}
			h.remove[c] = bit
		}
	}
	return found
}

func directLocking(g *grid, h *hint, t1, r1, r2, v int) bool {
	for r3 := t1 * 9; r3 < t1*9+9; r3++ {
		x := crossing[r3][r2]
		if r3 == r1 || x == 0 {
			continue
		}
		pos := g.places(r3, v)
		if popcount(pos) < 2 || popcount(pos&^x) != 1 {
			continue
		}
		d := Tenths(19)
		if t1 == block {
			d = 17
		}
		// SE's direct steps only place: the removals that justify them stay.
		h.reset(d)
		h.cell, h.value = regionCells[r3][lowBit(pos&^x)], v
		return true
	}
	return false
}

func directHiddenPair(g *grid, h *hint) bool   { return hiddenSet(g, h, 2, true) }
func directHiddenTriple(g *grid, h *hint) bool { return hiddenSet(g, h, 3, true) }
func hiddenPair(g *grid, h *hint) bool         { return hiddenSet(g, h, 2, false) }
func hiddenTriple(g *grid, h *hint) bool       { return hiddenSet(g, h, 3, false) }
func hiddenQuad(g *grid, h *hint) bool         { return hiddenSet(g, h, 4, false) }

// hiddenSet finds k values confined to k cells of a region. The direct form
// (2.0, 2.5) needs a hidden single of another value in the region once the
// other candidates of those cells go; the plain form (3.4, 4.0, 5.4) only
// removals. As SE, every value of the set must have at least two places,
// and the plain form needs more than 2k empty cells in the region.
func hiddenSet(g *grid, h *hint, k int, direct bool) bool {
	// A region's sets depend on its own places alone: one whose places
	// (and count of empty cells) are those of a search that found nothing
	// has none.
	slot := k - 2 // direct pair and triple, then pair, triple and quad
	if !direct {
		slot += 2
	}
	seen := g.regionKeys()
	var memo *regionMemo
	if g.links != nil {
		memo = &g.links.hidden[slot]
	}
	for _, t := range searchTypes {
		for r := t * 9; r < t*9+9; r++ {
			n := int(seen[r][0])
			if !(n > 2*k || (direct && n > k)) || memo.same(r, &seen) {
				continue
			}
			pos := &seen[r]
			// The values with two places or more: a set holds only those.
			var many uint16
			for v := 1; v <= 9; v++ {
				if popcount(pos[v]) >= 2 {
					many |= 1 << (v - 1)
				}
			}
			for _, vs := range combos[k] {
				if vs&^many != 0 {
					continue
				}
				var union uint16
				for m := vs; m != 0; m &= m - 1 {
					union |= pos[bits.TrailingZeros16(m)+1]
				}
				if popcount(union) != k {
					continue
				}
				set := vs << 1
				if direct {
					if directHidden(g, h, k, r, union, set, pos) {
						return true
					}
					continue
				}
				d := [5]Tenths{2: 34, 3: 40, 4: 54}[k]
				if keepOnly(g, h, d, r, union, set) {
					return true
				}
			}
		}
	}
	memo.record(&seen)
	return false
}

// regionKeys returns, for each region, the places of each value as of
// the last loadPos and, at index 0, the count of empty cells: all a
// region's own subsets depend on.
func (g *grid) regionKeys() [27][10]uint16 {
	keys := g.pos
	for r := range keys {
		keys[r][0] = uint16(g.empty(r))
	}
	return keys
}

// regionMemo remembers the regions' keys as the last search of one
// technique that found nothing saw them.
type regionMemo struct {
	keys [27][10]uint16
	ok   bool
}

// same reports whether region r has the key of the remembered search; a
// nil memo remembers nothing.
func (m *regionMemo) same(r int, keys *[27][10]uint16) bool {
	return m != nil && m.ok && m.keys[r] == keys[r]
}

// record remembers keys for a search that found nothing.
func (m *regionMemo) record(keys *[27][10]uint16) {
	if m != nil {
		m.keys, m.ok = *keys, true
	}
}

// keepOnly fills h with the removal of all but set from the cells at the
// indexes cells of region r, reporting whether there is any.
func keepOnly(g *grid, h *hint, d Tenths, r int, cells, set uint16) bool {
	found := false
	for i, c := range regionCells[r] {
		if cells&(1<<i) != 0 && g.cand[c]&^set != 0 {
			if !found {
				h.reset(d)
				found = true
			}
			h.remove[c] = g.cand[c] &^ set
		}
	}
	return found
}

func directHidden(g *grid, h *hint, k, r int, cells, set uint16, pos *[10]uint16) bool {
	for v := 1; v <= 9; v++ {
		if set&(1<<v) != 0 || popcount(pos[v]) < 2 || popcount(pos[v]&^cells) != 1 {
			continue
		}
		d := Tenths(20)
		if k == 3 {
			d = 25
		}
		h.reset(d) // as for direct intersections, only the placement is made
		h.cell, h.value = regionCells[r][lowBit(pos[v]&^cells)], v
		return true
	}
	return false
}

func nakedPair(g *grid, h *hint) bool   { return nakedSet(g, h, 2) }
func nakedTriple(g *grid, h *hint) bool { return nakedSet(g, h, 3) }
func nakedQuad(g *grid, h *hint) bool   { return nakedSet(g, h, 4) }

// nakedSet finds k cells of a region with k candidates between them (3.0,
// 3.6, 5.0). As SE, each cell must have two candidates at least and the
// region 2k empty cells.
func nakedSet(g *grid, h *hint, k int) bool {
	// As for hidden sets, a region's naked sets depend on its places
	// alone.
	seen := g.regionKeys()
	var memo *regionMemo
	if g.links != nil {
		memo = &g.links.naked[k-2]
	}
	for _, t := range searchTypes {
		for r := t * 9; r < t*9+9; r++ {
			if int(seen[r][0]) < 2*k || memo.same(r, &seen) {
				continue
			}
			// The cells with two to k candidates: a set holds only those.
			var fit uint16
			for i, c := range regionCells[r] {
				if n := popcount(g.cand[c]); n >= 2 && n <= k {
					fit |= 1 << i
				}
			}
			for _, cs := range combos[k] {
				if cs&^fit != 0 {
					continue
				}
				var union uint16
				for m := cs; m != 0; m &= m - 1 {
					union |= g.cand[regionCells[r][bits.TrailingZeros16(m)]]
				}
				if popcount(union) != k {
					continue
				}
				d := [5]Tenths{2: 30, 3: 36, 4: 50}[k]
				found := false
				for i, c := range regionCells[r] {
					if cs&(1<<i) == 0 && g.cand[c]&union != 0 {
						if !found {
							h.reset(d)
							found = true
						}
						h.remove[c] = g.cand[c] & union
					}
				}
				if found {
					return true
				}
			}
		}
	}
	memo.record(&seen)
	return false
}

func xWing(g *grid, h *hint) bool     { return fish(g, h, 2) }
func swordfish(g *grid, h *hint) bool { return fish(g, h, 3) }
func jellyfish(g *grid, h *hint) bool { return fish(g, h, 4) }

// fish finds basic fish of size k, columns as bases first, then rows (3.2,
// 3.8, 5.2). As SE, a digit is skipped when fewer than 2k of its cells are
// empty and every base needs two places at least.
func fish(g *grid, h *hint, k int) bool {
	// A digit's fish depend on its candidates alone (a placement changes
	// them too).
	var cells [10]digitCells
	var skip [10]bool
	if g.links != nil {
		for d := 1; d <= 9; d++ {
			cells[d] = g.digitCells(d)
		}
		skip = g.links.fish[k-2].skip(&cells)
	}
	for _, p := range [2][2]int{{col, row}, {row, col}} {
		base, cover := p[0], p[1]
		for _, bs := range combos[k] {
			for v := 1; v <= 9; v++ {
				if g.count[v]+2*k > 9 || skip[v] {
					continue
				}
				var union uint16
				ok := true
				for i := 0; i < 9; i++ {
					if bs&(1<<i) == 0 {
						continue
					}
					pos := g.places(base*9+i, v)
					if popcount(pos) < 2 {
						ok = false
						break
					}
					union |= pos
				}
				if !ok || popcount(union) != k {
					continue
				}
				d := [5]Tenths{2: 32, 3: 38, 4: 52}[k]
				bit := uint16(1) << v
				found := false
				for j := 0; j < 9; j++ {
					if union&(1<<j) == 0 {
						continue
					}
					for i, c := range regionCells[cover*9+j] {
						if bs&(1<<i) == 0 && g.cand[c]&bit != 0 {
							if !found {
								h.reset(d)
								found = true
							}
							h.remove[c] = bit
						}
					}
				}
				if found {
					return true
				}
			}
		}
	}
	if g.links != nil {
		g.links.fish[k-2].record(&cells)
	}
	return false
}

func xyWing(g *grid, h *hint) bool  { return wing(g, h, false) }
func xyzWing(g *grid, h *hint) bool { return wing(g, h, true) }

// wing finds XY-Wings (4.2) and XYZ-Wings (4.4): a pivot with two (three)
// candidates seeing two bivalue cells that share z, which goes from every
// cell seeing all the cells holding z.
func wing(g *grid, h *hint, xyz bool) bool {
	size := 2
	d := Tenths(42)
	if xyz {
		size, d = 3, 44
	}
	for a := 0; a < 81; a++ {
		xy := g.cand[a]
		if popcount(xy) != size {
			continue
		}
		for _, b := range peers[a] {
			xz := g.cand[b]
			if popcount(xz) != 2 || popcount(xy&^xz) != 1 {
				continue
			}
			for _, c := range peers[a] {
				yz := g.cand[c]
				if popcount(yz) != 2 || popcount(xy|xz|yz) != 3 {
					continue
				}
				common := popcount(xy & xz & yz)
				if (xyz && common != 1) || (!xyz && common != 0) {
					continue
				}
				z := xz & yz
				found := false
				for t := 0; t < 81; t++ {
					if t == a || t == b || t == c || g.cand[t]&z == 0 || !isPeer[t][b] || !isPeer[t][c] || (xyz && !isPeer[t][a]) {
						continue
					}
					if !found {
						h.reset(d)
						found = true
					}
					h.remove[t] = z
				}
				if found {
					return true
				}
			}
		}
	}
	return false
}

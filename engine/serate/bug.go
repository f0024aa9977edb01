package serate

import (
	"math"
	"slices"
)

// bug finds SE's Bivalue Universal Grave of types 1 (5.6), 2 and 4 (5.7),
// with lkSudoku's correction that SE uses by default: without some extra
// candidates the grid would be left with two candidates in every cell and
// two places for every value in every region, which has no unique
// solution, so one extra candidate is true. Type 3 (5.7, plus 0.1 for each
// value of its naked set past the second) is a naked set of cells sharing
// a region with all BUG cells, completed by the BUG values.
func bug(g *grid, h *hint) bool {
	temp := *g
	var cells []int
	var extra [81]uint16 // BUG values of each BUG cell
	var all uint16
	var common [81]bool
	haveCommon := false
	// addCell records c as a BUG cell with value v, reporting false when
	// no BUG of type 1 to 3 can remain.
	addCell := func(c, v int, setAll bool) bool {
		known := false
		for _, b := range cells {
			known = known || b == c
		}
		if !known {
			cells = append(cells, c)
		}
		extra[c] |= 1 << v
		if setAll {
			all |= 1 << v
		}
		temp.cand[c] &^= 1 << v
		if !haveCommon {
			for o := 0; o < 81; o++ {
				common[o] = isPeer[c][o]
			}
			haveCommon = true
		} else {
			for o := 0; o < 81; o++ {
				common[o] = common[o] && isPeer[c][o]
			}
		}
		for _, b := range cells {
			common[b] = false
		}
		if len(cells) > 1 && popcount(all) > 1 {
			for o := 0; o < 81; o++ {
				if common[o] {
					return true
				}
			}
			return false
		}
		return true
	}
	var allExtra []int
	started, oneValue := false, true
	onlyValue := 0
	for _, t := range [3]int{block, row, col} {
		for r := t * 9; r < t*9+9; r++ {
			for v := 1; v <= 9; v++ {
				pos := g.positions(r, v)
				if n := popcount(pos); n == 0 || n == 2 {
					continue
				}
				var fresh []int
				for i, c := range regionCells[r] {
					if pos&(1<<i) != 0 && popcount(g.cand[c]) >= 3 {
						fresh = append(fresh, c)
					}
				}
				switch {
				case !started:
					allExtra, onlyValue, started = append(allExtra, fresh...), v, true
				case oneValue && v == onlyValue:
					allExtra = append(allExtra, fresh...)
				default:
					oneValue = false
				}
				if len(fresh) == 1 && !addCell(fresh[0], v, true) {
					return false
				}
				if len(fresh) == 0 {
					return false
				}
			}
		}
	}
	if oneValue && started && countDistinct(allExtra) > len(cells) {
		for _, c := range distinct(allExtra) {
			isBug := false
			for _, b := range cells {
				isBug = isBug || b == c
			}
			if !isBug && !addCell(c, onlyValue, false) {
				return false
			}
		}
	}
	for c := 0; c < 81; c++ {
		if temp.value[c] == 0 && popcount(temp.cand[c]) != 2 {
			return false
		}
	}
	for r := 0; r < 27; r++ {
		for v := 1; v <= 9; v++ {
			if n := popcount(temp.positions(r, v)); n != 0 && n != 2 {
				return false
			}
		}
	}
	switch {
	case len(cells) == 1:
		h.reset(56)
		h.remove[cells[0]] = g.cand[cells[0]] &^ all
		return true
	case popcount(all) == 1:
		bit := all
		found := false
		for o := 0; o < 81; o++ {
			if haveCommon && common[o] && g.cand[o]&bit != 0 {
				if !found {
					h.reset(57)
					found = true
				}
				h.remove[o] = bit
			}
		}
		if found {
			return true
		}
		return len(cells) == 2 && bug4(g, h, cells, &extra, all)
	case haveCommon && anyTrue(&common):
		if len(cells) == 2 && bug4(g, h, cells, &extra, all) {
			return true
		}
		return bug3(g, h, cells, &common, all)
	}
	return false
}

// bug3 looks, by size (2 to 6) and region type, for a region holding all
// BUG cells where degree-1 of the cells seeing them all, with the BUG
// values standing for the BUG cells, form a naked set. Each value of the
// set goes from the cells that see all the set's cells holding it, BUG
// cells included (SE's generalised naked set).
func bug3(g *grid, h *hint, cells []int, common *[81]bool, all uint16) bool {
	for degree := 2; degree <= 6; degree++ {
		for _, t := range [3]int{block, row, col} {
			r := cellRegion[cells[0]][t]
			shared := true
			for _, c := range cells[1:] {
				shared = shared && cellRegion[c][t] == r
			}
			if !shared {
				continue
			}
			var others []int // the region's cells seeing every BUG cell
			for _, c := range regionCells[r] {
				if common[c] {
					others = append(others, c)
				}
			}
			// SE's cell sets iterate in cell order.
			slices.Sort(others)
			if len(others) < degree {
				continue
			}
			for _, m := range subsets[degree-1] {
				if m >= 1<<len(others) {
					continue
				}
				if bug3Set(g, h, cells, others, m, all, degree) {
					return true
				}
			}
		}
	}
	return false
}

// bug3Set tries the cells m of others as the naked set's other cells.
func bug3Set(g *grid, h *hint, cells, others []int, m, all uint16, degree int) bool {
	var set []int
	union := uint16(0)
	for i, c := range others {
		if m&(1<<i) != 0 {
			set = append(set, c)
			union |= g.cand[c]
		}
	}
	if popcount(union) != degree || popcount(union|all) != degree {
		return false
	}
	for _, c := range set {
		if popcount(g.cand[c]) <= 1 {
			return false
		}
	}
	var rm [81]uint16
	found := false
	for v := 1; v <= 9; v++ {
		bit := uint16(1) << v
		if union&bit == 0 {
			continue
		}
		for o := 0; o < 81; o++ {
			if g.cand[o]&bit == 0 {
				continue
			}
			sees := true
			for _, x := range set {
				if g.cand[x]&bit != 0 && (x == o || !isPeer[o][x]) {
					sees = false
				}
			}
			for _, x := range cells {
				if g.cand[x]&bit != 0 && (x == o || !isPeer[o][x]) {
					sees = false
				}
			}
			if sees {
				rm[o] |= bit
				found = true
			}
		}
	}
	if !found {
		return false
	}
	h.reset(Tenths(math.Round((5.7 + float64(degree-1)*0.1) * 10)))
	h.remove = rm
	return true
}

// bug4 handles two BUG cells in one region sharing one more value: that
// value is locked there, so the cells keep only it and their BUG values.
func bug4(g *grid, h *hint, cells []int, extra *[81]uint16, all uint16) bool {
	c1, c2 := cells[0], cells[1]
	common := g.cand[c1] & g.cand[c2] &^ all
	if popcount(common) != 1 {
		return false
	}
	for _, t := range [3]int{block, row, col} {
		if cellRegion[c1][t] != cellRegion[c2][t] {
			continue
		}
		r1 := g.cand[c1] &^ extra[c1] &^ common
		r2 := g.cand[c2] &^ extra[c2] &^ common
		if r1 == 0 && r2 == 0 {
			return false
		}
		h.reset(57)
		h.remove[c1], h.remove[c2] = r1, r2
		return true
	}
	return false
}

func anyTrue(b *[81]bool) bool {
	for _, x := range b {
		if x {
			return true
		}
	}
	return false
}

func distinct(cs []int) []int {
	var out []int
	var seen [81]bool
	for _, c := range cs {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

func countDistinct(cs []int) int { return len(distinct(cs)) }

package serate

// bug finds SE's Bivalue Universal Grave of types 1 (5.6), 2 and 4 (5.7),
// with lkSudoku's correction that SE uses by default: without some extra
// candidates the grid would be left with two candidates in every cell and
// two places for every value in every region, which has no unique
// solution, so one extra candidate is true. SE's type 3 (a naked set with
// the extra values) is not reproduced.
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
	case haveCommon && anyTrue(&common) && len(cells) == 2:
		return bug4(g, h, cells, &extra, all)
	}
	return false
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

package strategy

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var virtualCages = onCages(local(newStrategy(Elimination, virtualCageTech, findVirtualCages, explainVirtualCage)))

// VirtualCages (F2): the rule of 45 over a union of units (one unit, a run
// of adjacent rows or columns, two adjacent boxes or jigsaw regions) gives
// the sum of its innies (its cells outside the cages wholly inside it) and
// of its outies (the cells outside it of the cages that cut it); taking a
// cage out of such a group, or such a group out of a cage, gives the sum
// of the rest. Each such group is a virtual cage, kept for the whole solve
// (it depends only on the layout), and reasoned on like a real cage: a
// digit no filling puts in a cell leaves it, and a digit every filling
// uses leaves the cells that see all its places in the virtual cage. A
// filling may repeat a digit between cells that share no unit.
//
// It is local (Strategy.Local): a virtual cage is looked at again only
// when one of its cells changed since the pass last found nothing.
func VirtualCages() *Strategy { return virtualCages }

var virtualCageTech = &Technique{name: "Virtual Cage", level: Hard, score: 85, se: 41}

// maxVirtualCells is the most cells a virtual cage may have, and
// maxVirtualOpen the most open cells one is reasoned on with: larger ones
// seldom rule anything out and cost the most to enumerate.
const (
	maxVirtualCells = grid.MaxGroupCells
	maxVirtualOpen  = 7
)

// virtualCage is a group of cells of a killer layout whose sum the rule of
// 45 gives, and where it comes from.
type virtualCage struct {
	cells  []int // ascending, placed cells included
	target int
	units  []int  // the union of units it comes from
	side   string // "innies" or "outies" of the union
	cage   int    // the cage taken out of it (or it out of, with less), -1 for none
	less   bool   // the cells are cage's, less the side of the union
	// minus is the virtual cage of another union taken out of it, or nil.
	minus *virtualCage
}

// from words where the virtual cage comes from, e.g. "the innies of rows
// 1-3 less cage 12+ at r2c2".
func (v *virtualCage) from(n grid.Notation) string {
	s := "the " + v.side + " of " + areaName(n.Layout, v.units)
	switch {
	case v.minus != nil:
		return s + " less " + v.minus.from(n)
	case v.cage < 0:
		return s
	case v.less:
		return cageName(n, v.cage) + " less " + s
	}
	return s + " less " + cageName(n, v.cage)
}

// areaName names a union of units in order, e.g. "row 4", "rows 1-3",
// "box 1 + box 2".
func areaName(l *grid.Layout, units []int) string {
	units = slices.Clone(units)
	slices.SortFunc(units, func(a, b int) int {
		ua, ub := l.Unit(a), l.Unit(b)
		if ua.Kind != ub.Kind {
			return int(ua.Kind) - int(ub.Kind)
		}
		return ua.Index - ub.Index
	})
	first := l.Unit(units[0])
	run := len(units) > 1 && (first.Kind == grid.Row || first.Kind == grid.Column)
	for i, u := range units {
		run = run && l.Unit(u).Kind == first.Kind && l.Unit(u).Index == first.Index+i
	}
	if run {
		return fmt.Sprintf("%ss %d-%d", first.Kind, first.Index+1, first.Index+len(units))
	}
	names := make([]string, len(units))
	for i, u := range units {
		names[i] = l.Unit(u).Name()
	}
	return strings.Join(names, " + ")
}

// virtualCageCache keeps the virtual cages of the last few killer layouts
// (a solve asks for them at every pass).
var virtualCageCache layoutCache[[]virtualCage]

// virtualCagesOf returns the virtual cages of killer layout l, computed
// once per layout; they must not be changed.
func virtualCagesOf(l *grid.Layout) []virtualCage {
	return virtualCageCache.get(l, buildVirtualCages)
}

// buildVirtualCages lists the virtual cages of l: the innies and outies of
// each union of virtualAreas, then each of those less a cage inside it or
// taken out of a cage holding it; each set of cells once, none a real
// cage or a whole unit.
func buildVirtualCages(l *grid.Layout) []virtualCage {
	seen := map[string]bool{}
	for k := range l.Cages() {
		seen[cellSetKey(sorted(l.Cage(k).Cells))] = true
	}
	for u := range l.Units() {
		seen[cellSetKey(sorted(l.Unit(u).Cells))] = true
	}
	var out []virtualCage
	add := func(v virtualCage) {
		if len(v.cells) == 0 || len(v.cells) > maxVirtualCells || v.target <= 0 {
			return
		}
		if key := cellSetKey(v.cells); !seen[key] {
			seen[key] = true
			out = append(out, v)
		}
	}
	in := make([]bool, l.Cells)
	for _, units := range virtualAreas(l) {
		for _, u := range units {
			for _, c := range l.Unit(u).Cells {
				in[c] = true
			}
		}
		add(areaInnies(l, units, in))
		add(areaOuties(l, units, in))
		for _, u := range units {
			for _, c := range l.Unit(u).Cells {
				in[c] = false
			}
		}
	}
	// One cage taken out of a virtual cage holding it, or a virtual cage
	// out of a cage holding it.
	base := len(out)
	for i := 0; i < base; i++ {
		v := out[i]
		for k := range l.Cages() {
			cg := l.Cage(k)
			switch {
			case len(cg.Cells) < len(v.cells) && subset(cg.Cells, v.cells):
				add(virtualCage{cells: without(v.cells, cg.Cells), target: v.target - cg.Target, units: v.units, side: v.side, cage: k})
			case len(v.cells) < len(cg.Cells) && subset(v.cells, cg.Cells):
				add(virtualCage{cells: without(sorted(cg.Cells), v.cells), target: cg.Target - v.target, units: v.units, side: v.side, cage: k, less: true})
			}
		}
	}
	// One virtual cage of a union taken out of another's holding it (the
	// innie-outie differences of a person's notes, made a cage of the
	// rest).
	for i := 0; i < base; i++ {
		for j := 0; j < base; j++ {
			v, w := out[i], out[j]
			if len(w.cells) < len(v.cells) && sortedSubset(w.cells, v.cells) {
				add(virtualCage{cells: without(v.cells, w.cells), target: v.target - w.target, units: v.units, side: v.side, cage: -1, minus: &w})
			}
		}
	}
	return out
}

// sortedSubset reports whether every cell of a is in b, both ascending.
func sortedSubset(a, b []int) bool {
	j := 0
	for _, c := range a {
		for j < len(b) && b[j] < c {
			j++
		}
		if j == len(b) || b[j] != c {
			return false
		}
	}
	return true
}

// virtualAreas lists the unions of units the rule of 45 is applied to:
// every complete unit, every run of 2 to N-1 adjacent rows or columns,
// and every connected set of 2 to 4 regions (boxes or jigsaw regions).
func virtualAreas(l *grid.Layout) [][]int {
	var areas [][]int
	var regions []int
	for u := range l.Units() {
		if l.Unit(u).Partial || len(l.Unit(u).Cells) != l.N {
			continue
		}
		areas = append(areas, []int{u})
		if l.Unit(u).Kind == grid.Region {
			regions = append(regions, u)
		}
	}
	rows, cols := lineUnits(l)
	for _, lines := range [2][grid.MaxSize]int{rows, cols} {
		for width := 2; width < l.N; width++ {
			for first := 0; first+width <= l.N; first++ {
				areas = append(areas, slices.Clone(lines[first:first+width]))
			}
		}
	}
	// Connected sets of 2 to 4 regions: grown from their smallest region
	// by larger ones that touch the set (dedupeAreas drops repeats).
	var grow func(set []int)
	grow = func(set []int) {
		if len(set) > 1 {
			areas = append(areas, slices.Clone(set))
		}
		if len(set) == 4 {
			return
		}
		for _, r := range regions {
			if r <= set[0] || slices.Contains(set, r) || !slices.ContainsFunc(set, func(s int) bool { return regionsTouch(l, r, s) }) {
				continue
			}
			grow(append(set, r))
		}
	}
	for _, r := range regions {
		grow([]int{r})
	}
	return dedupeAreas(areas)
}

// dedupeAreas drops the unions that hold the same units as an earlier one.
func dedupeAreas(areas [][]int) [][]int {
	seen := map[string]bool{}
	out := areas[:0]
	for _, a := range areas {
		key := cellSetKey(sorted(a))
		if !seen[key] {
			seen[key] = true
			out = append(out, a)
		}
	}
	return out
}

// regionsTouch reports whether a cell of unit r is beside (shares an edge
// with) a cell of unit s.
func regionsTouch(l *grid.Layout, r, s int) bool {
	for _, a := range l.Unit(r).Cells {
		for _, b := range l.Unit(s).Cells {
			ra, ca, rb, cb := a/l.N, a%l.N, b/l.N, b%l.N
			if (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1)) {
				return true
			}
		}
	}
	return false
}

// areaInnies returns the innies of the union of units (in marks its
// cells): its cells outside the cages wholly inside it, which sum to the
// union's total less those cages' sums.
func areaInnies(l *grid.Layout, units []int, in []bool) virtualCage {
	v := virtualCage{target: len(units) * l.N * (l.N + 1) / 2, units: units, side: "innies", cage: -1}
	whole := map[int]bool{}
	for _, u := range units {
		for _, c := range l.Unit(u).Cells {
			k := l.CellCage(c)
			if k >= 0 && cageInside(l, k, in) {
				if !whole[k] {
					whole[k] = true
					v.target -= l.Cage(k).Target
				}
				continue
			}
			v.cells = append(v.cells, c)
		}
	}
	slices.Sort(v.cells)
	return v
}

// areaOuties returns the outies of the union of units (in marks its
// cells): the cells outside it of the cages that cut it, which sum to
// those cages' and the inside cages' sums less the union's total. It is
// empty when a cell of the union has no cage.
func areaOuties(l *grid.Layout, units []int, in []bool) virtualCage {
	v := virtualCage{target: -len(units) * l.N * (l.N + 1) / 2, units: units, side: "outies", cage: -1}
	touched := map[int]bool{}
	for _, u := range units {
		for _, c := range l.Unit(u).Cells {
			k := l.CellCage(c)
			if k < 0 {
				return virtualCage{}
			}
			if touched[k] {
				continue
			}
			touched[k] = true
			v.target += l.Cage(k).Target
			for _, x := range l.Cage(k).Cells {
				if !in[x] {
					v.cells = append(v.cells, x)
				}
			}
		}
	}
	slices.Sort(v.cells)
	return v
}

// cageInside reports whether every cell of cage k is marked in.
func cageInside(l *grid.Layout, k int, in []bool) bool {
	for _, c := range l.Cage(k).Cells {
		if !in[c] {
			return false
		}
	}
	return true
}

func sorted(cells []int) []int {
	s := slices.Clone(cells)
	slices.Sort(s)
	return s
}

// cellSetKey is a map key for an ascending set of cells.
func cellSetKey(cells []int) string {
	var sb strings.Builder
	for _, c := range cells {
		sb.WriteString(strconv.Itoa(c))
		sb.WriteByte(',')
	}
	return sb.String()
}

// subset reports whether every cell of a is in b.
func subset(a, b []int) bool {
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

// without returns the cells of a (ascending) that are not in b.
func without(a, b []int) []int {
	var out []int
	for _, c := range a {
		if !slices.Contains(b, c) {
			out = append(out, c)
		}
	}
	return out
}

// loadVirtual makes g the open cells of v with the sum left to them on b;
// false when v has no open cell or is too large to enumerate.
func loadVirtual(b *grid.Board, v *virtualCage, g *grid.Group) bool {
	g.Reset(grid.OpAdd, v.target)
	for _, c := range v.cells {
		if d := b.Value(c); d != 0 {
			g.Target -= int(d)
		} else if !g.Add(c) {
			return false
		}
	}
	return g.Len() > 0 && g.Len() <= maxVirtualOpen && g.Target > 0
}

func findVirtualCages(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	var g grid.Group
	vcs := virtualCagesOf(l)
	for i := range vcs {
		v := &vcs[i]
		if !sink.through(v.cells) || !loadVirtual(b, v, &g) {
			continue
		}
		f := groupFill(b, &g)
		if !f.ok || f.none {
			continue // a broken group is the solver's check to report
		}
		var s *Step
		add := func(c, d int) {
			if s == nil {
				s = sink.Add()
				s.Digits = f.must
				s.Cells = append(s.Cells, g.Cells()...)
				s.Units = append(s.Units, v.units...)
				if v.cage >= 0 {
					s.Cages = append(s.Cages, v.cage)
				}
				s.Target, s.Op = g.Target, grid.OpAdd
			}
			s.Eliminations = appendElimination(s.Eliminations, c, d)
		}
		for j, c := range g.Cells() {
			for ds := b.Cands(c) &^ f.support[j]; ds != 0; ds &= ds - 1 {
				add(c, ds.Min())
			}
		}
		// A digit every filling uses is in one of its places in the
		// group: it leaves the cells that see all of them.
		for must := f.must; must != 0; must &= must - 1 {
			d := must.Min()
			for _, c := range seeAllHolders(b, g.Cells(), d) {
				add(c, d)
			}
		}
		if s != nil && sink.Done() {
			return
		}
	}
}

// groupFill returns what the fillings of group g (an add group of open
// cells) allow each cell, as Board.Fill finds them (see sumFill), or,
// where a few fillings show every candidate allowed and no digit in all
// of them (coverFills), that without the search: Board.Fill finds the
// same or gives up past its bound on nodes, and findVirtualCages takes
// no step either way.
func groupFill(b *grid.Board, g *grid.Group) trialFill {
	cells := g.Cells()
	var opts [grid.MaxGroupCells]grid.Digits
	var sees [grid.MaxGroupCells]uint32
	l := b.Layout()
	for i, c := range cells {
		opts[i] = b.Cands(c)
		for j, e := range cells[:i] {
			if l.Sees(c, e) {
				sees[i] |= 1 << j
			}
		}
	}
	if coverFills(opts[:len(cells)], &sees, g.Target) {
		return allowAll(opts[:len(cells)])
	}
	return sumFill(opts[:len(cells)], &sees, g.Target)
}

// seeAllHolders returns the cells outside cells that hold candidate d and
// see every cell of cells holding it (none when no cell holds it).
func seeAllHolders(b *grid.Board, cells []int, d int) []int {
	l := b.Layout()
	first := -1
	for _, c := range cells {
		if b.Cands(c).Has(d) {
			first = c
			break
		}
	}
	if first < 0 {
		return nil
	}
	var out []int
	for _, p := range l.Peers(first) {
		if !b.Cands(p).Has(d) || containsCell(cells, p) {
			continue
		}
		all := true
		for _, c := range cells {
			if c != first && b.Cands(c).Has(d) && !l.Sees(p, c) {
				all = false
				break
			}
		}
		if all {
			out = append(out, p)
		}
	}
	return out
}

// findVirtual returns the virtual cage of l a step on units and cages
// reasoned on: the smallest whose cells hold every cell of the step (the
// step lists only the open ones).
func findVirtual(l *grid.Layout, s *Step) *virtualCage {
	vcs := virtualCagesOf(l)
	var best *virtualCage
	for i := range vcs {
		v := &vcs[i]
		if !slices.Equal(v.units, s.Units) || (v.cage >= 0) != (len(s.Cages) > 0) || (v.cage >= 0 && v.cage != s.Cages[0]) {
			continue
		}
		if subset(s.Cells, v.cells) && (best == nil || len(v.cells) < len(best.cells)) {
			best = v
		}
	}
	return best
}

// explainVirtualCage explains a Virtual Cage step: where the cage comes
// from, its open cells and their sum, the combinations they keep and the
// eliminations, e.g. "Virtual Cage: the innies of rows 1-3 less cage 12+
// at r2c2, r1c4, r3c5, sum to 14 ({5,9},{6,8}): remove r1c4-7".
func explainVirtualCage(s *Step, n grid.Notation) string {
	from := "a virtual cage"
	if v := findVirtual(n.Layout, s); v != nil {
		from = v.from(n)
	}
	// A digit every filling uses is why it leaves cells out of the
	// group (those that see all its places); removals inside the group
	// are the fillings' own.
	var outside grid.Digits
	for _, e := range s.Eliminations {
		if !slices.Contains(s.Cells, e.Cell) {
			outside |= grid.Bit(e.Digit)
		}
	}
	must := ""
	if used := s.Digits & outside; used != 0 {
		must = fmt.Sprintf(", every filling uses %s", n.DigitList(used, "/"))
	}
	return fmt.Sprintf("%s: %s, %s, sum to %d%s: remove %s", s.Name(), from, cellList(n, s.Cells), s.Target, must, effects(n, s.Eliminations))
}

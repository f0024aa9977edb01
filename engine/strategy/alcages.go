package strategy

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Almost locked cages. A killer cage has no repeats, so its open cells are
// n cells seeing each other that hold n distinct digits: when they hold
// n+1 candidates together they are an almost locked set like the sets of a
// row, and so is every such subset of them. The ALS collector adds those
// lying in no unit (alsets.go), which puts them in ALS-XZ, ALS-XY-Wing, ALS
// chains, Death Blossom and the ALS nodes of the link graph.
//
// A cage's sum says more than its candidates. Its open cells hold one of
// its remaining combinations (the digit sets of the right size and sum
// that its cells' candidates can place); when every one of them holds x or
// y, the cage missing x holds y, as an ALS missing one digit holds the
// others: "x is in the cage" and "y is in the cage" are strongly linked.
// A classic ALS is the case where every pair of its digits is so linked.
// These links join the ALS nodes of the link graph (ALS chains and nice
// loops with ALS nodes), as the cage's own kind strongALC.

// alsCage marks the index of an almost locked cage (into chainGraph.alc) in
// the als field of a strongALC link.
const alsCage int32 = 1 << 29

// alCage is a killer cage, or a virtual cage whose open cells all see
// each other, with its remaining combinations, as the link graph uses it.
type alCage struct {
	cage   int           // index into Layout.Cages, -1 for a virtual cage
	virt   *virtualCage  // the virtual cage, nil for a real one
	open   []int         // the open cells, ascending
	combos []grid.Digits // the digit sets the open cells may hold
	// offsets of open and combos in chainGraph.alcCells and alcDigits,
	// to point them at their final places once those stop growing
	cellOff, comboOff int
}

// killerCages returns the cages of l when they are killer cages (cells
// distinct, a sum each), else nil.
func killerCages(l *grid.Layout) []grid.Cage {
	if !isKiller(l) {
		return nil
	}
	return l.Cages()
}

// addCageLinks adds, for every killer cage of two or more open cells and
// every virtual cage (VirtualCages) whose two to maxVirtualOpen open cells
// all see each other, a node per digit of its combinations that not all of
// them use (the open cells holding it) and a strong link between two such
// digits when every combination holds one of them. A node is made only
// when a candidate outside sees all its cells, as for ALS nodes.
func (g *chainGraph) addCageLinks(b *grid.Board) {
	l := b.Layout()
	g.alc = g.alc[:0]
	g.alcDigits = g.alcDigits[:0]
	g.alcCells = g.alcCells[:0]
	cages := killerCages(l)
	var vcs []virtualCage
	if isKiller(l) {
		vcs = virtualCagesOf(l)
	}
	g.combos.size(l, len(cages)+len(vcs))
	for k := range cages {
		cg := l.Cage(k)
		if cg.Op == grid.OpAdd {
			g.addALC(b, k, nil, cg.Cells, cg.Target, k)
		}
	}
	for i := range vcs {
		g.addALC(b, -1, &vcs[i], vcs[i].cells, vcs[i].target, len(cages)+i)
	}
	for i := range g.alc {
		a := &g.alc[i]
		a.open = g.alcCells[a.cellOff : a.cellOff+len(a.open)]
		a.combos = g.alcDigits[a.comboOff : a.comboOff+len(a.combos)]
	}
	g.growLinks()
}

// addALC adds the almost locked cage of cells summing to target (real
// cage k, or virtual cage v) with its nodes and strong links, when its
// open cells, two or more, have two combinations or more; the open cells
// of a virtual cage must see each other and be at most maxVirtualOpen.
// Slot numbers the cage in the memo of combinations (g.combos).
func (g *chainGraph) addALC(b *grid.Board, k int, v *virtualCage, cells []int, target int, slot int) {
	n := g.l.N
	off := len(g.alcCells)
	allowed := grid.Digits(0)
	for _, c := range cells {
		if d := b.Value(c); d != 0 {
			target -= int(d)
		} else {
			g.alcCells = append(g.alcCells, c)
			allowed |= b.Cands(c)
		}
	}
	open := g.alcCells[off:]
	if len(open) < 2 || target <= 0 || v != nil && (len(open) > maxVirtualOpen || !allSee(g.l, open)) {
		g.alcCells = g.alcCells[:off]
		return
	}
	start := len(g.alcDigits)
	// nil past maxMemberCombos: too open a cage links nothing.
	g.alcDigits = append(g.alcDigits, g.combos.of(b, slot, cells, open, target, allowed)...)
	combos := g.alcDigits[start:]
	if len(combos) < 2 {
		g.alcDigits = g.alcDigits[:start]
		g.alcCells = g.alcCells[:off]
		return
	}
	used, must := grid.Digits(0), ^grid.Digits(0)
	for _, ds := range combos {
		used |= ds
		must &= ds
	}
	idx := int32(len(g.alc))
	g.alc = append(g.alc, alCage{cage: k, virt: v, cellOff: off, comboOff: start, open: open, combos: combos})
	var buf [grid.MaxSize]int32
	var ids [grid.MaxSize + 1]int32
	free := used &^ must
	for m := free; m != 0; m &= m - 1 {
		d := m.Min()
		h := g.holders(b, open, d, buf[:0])
		ids[d] = -1
		switch {
		case len(h) == 1:
			ids[d] = g.candNode[int(h[0])*n+d-1]
		case len(h) > 1:
			ids[d] = g.multiNode(d, h)
		}
	}
	g.growLinks()
	for mx := free; mx != 0; mx &= mx - 1 {
		x := mx.Min()
		for my := mx & (mx - 1); my != 0; my &= my - 1 {
			y := my.Min()
			if ids[x] < 0 || ids[y] < 0 || !coverAll(combos, x, y) {
				continue
			}
			g.addStrong(ids[x], ids[y], strongALC, idx|alsCage)
		}
	}
}

// comboMemo keeps the combinations of each almost locked cage (real cages
// first, then virtual ones, by slot) with the cells' state they were worked
// out on, so that a cage whose cells are unchanged since the last state
// the pooled graph was built for costs a comparison instead of a walk
// (cageCombos): a step changes few cells, and the cages are many (tarek
// line 1 has 24 cages and 199 virtual ones).
type comboMemo struct {
	l     *grid.Layout // the layout the slots belong to
	slots []comboSlot
}

// comboSlot is one cage's entry of a comboMemo.
type comboSlot struct {
	valid  bool
	state  []uint64      // per cell of the cage: value<<32 | candidates
	combos []grid.Digits // what cageCombos returned (nil past maxMemberCombos)
}

// size readies the memo for n cages of layout l, dropping every entry
// when the layout changed.
func (m *comboMemo) size(l *grid.Layout, n int) {
	if m.l != l {
		m.l = l
		for i := range m.slots[:cap(m.slots)] {
			m.slots[:cap(m.slots)][i].valid = false
		}
	}
	m.slots = extend(m.slots, n)
}

// of returns the combinations of the open cells of cells (their sum left
// target, their candidates together allowed) on b, as cageCombos does,
// from slot's entry when cells hold what they held when it was made. The
// open cells, the sum left and the candidates follow from the cells'
// values and candidates, so equal states give equal combinations.
func (m *comboMemo) of(b *grid.Board, slot int, cells, open []int, target int, allowed grid.Digits) []grid.Digits {
	if m.l != b.Layout() || slot >= len(m.slots) {
		return cageCombos(b, open, target, allowed)
	}
	e := &m.slots[slot]
	same := e.valid && len(e.state) == len(cells)
	e.state = grow(e.state, len(cells))
	for i, c := range cells {
		x := uint64(b.Value(c))<<32 | uint64(b.Cands(c))
		if e.state[i] != x {
			e.state[i] = x
			same = false
		}
	}
	if same {
		return e.combos
	}
	e.combos = append(e.combos[:0], cageCombos(b, open, target, allowed)...)
	e.valid = true
	return e.combos
}

// allSee reports whether the cells see each other, pairwise.
func allSee(l *grid.Layout, cells []int) bool {
	for i, a := range cells {
		for _, c := range cells[i+1:] {
			if !l.Sees(a, c) {
				return false
			}
		}
	}
	return true
}

// holders appends to dst the cells of open holding candidate d.
func (g *chainGraph) holders(b *grid.Board, open []int, d int, dst []int32) []int32 {
	for _, c := range open {
		if b.Cands(c).Has(d) {
			dst = append(dst, int32(c))
		}
	}
	return dst
}

// multiNode returns the node of digit d on cells (two or more, ascending),
// made as an ALS node when there is none yet and some candidate of d sees
// all of them; else -1.
func (g *chainGraph) multiNode(d int, cells []int32) int32 {
	g.scratch = grow(g.scratch, 2*g.w)
	set, see := CellSet(g.scratch[:g.w]), CellSet(g.scratch[g.w:])
	set.Clear()
	for i, c := range cells {
		set.Add(int(c))
		if i == 0 {
			see.Copy(g.col.Peers(int(c)))
		} else {
			see.And(g.col.Peers(int(c)))
		}
	}
	if id := g.findMulti(d, int(cells[0]), set); id >= 0 {
		return id
	}
	if !see.Intersects(g.plane(d)) {
		return -1
	}
	return g.addNode(d, nodeALS, cells)
}

// coverAll reports whether every combination holds x or y.
func coverAll(combos []grid.Digits, x, y int) bool {
	xy := grid.Bit(x) | grid.Bit(y)
	for _, ds := range combos {
		if ds&xy == 0 {
			return false
		}
	}
	return true
}

// alcLoopElims adds to s.elims the eliminations of almost locked cage x in
// a continuous loop entered by node in and left by node out: the loop
// makes its link weak too, so the cage holds exactly one of their digits,
// and the digits every such combination holds are locked in it; no cell
// outside seeing all of a locked digit's holders may hold it.
func (g *chainGraph) alcLoopElims(x, in, out int32, es uint32) {
	s := &g.search
	a := &g.alc[x]
	n := g.l.N
	xy := grid.Bit(int(g.nodes[in].digit)) | grid.Bit(int(g.nodes[out].digit))
	locked, any := ^grid.Digits(0), false
	for _, ds := range a.combos {
		if c := ds & xy; c != 0 && c != xy {
			locked &= ds
			any = true
		}
	}
	if !any {
		return
	}
	locked &^= xy
	g.scratch = grow(g.scratch, g.w)
	see := CellSet(g.scratch[:g.w])
	for m := locked; m != 0; m &= m - 1 {
		d := m.Min()
		first := true
		for _, c := range a.open {
			if !g.cand[c].Has(d) {
				continue
			}
			if first {
				see.Copy(g.col.Peers(c))
				first = false
			} else {
				see.And(g.col.Peers(c))
			}
		}
		if first {
			continue
		}
		for c := see.Next(0); c >= 0; c = see.Next(c + 1) {
			t := g.candNode[c*n+d-1]
			if t < 0 || s.emark[t] == es {
				continue
			}
			s.emark[t] = es
			s.elims = append(s.elims, CellDigit{c, d})
		}
	}
}

// addCageNodes draws the two nodes of the strongALC link into node i of
// chain step st (of the shape, with count nodes before a place shape's
// wrap) as the almost locked cage a: its open cells, marked as an ALS,
// with the combinations it keeps; a real cage goes among the step's
// cages, a virtual cage's units among its units.
func (g *chainGraph) addCageNodes(b *grid.Board, st *Step, i, shape, count int, a *alCage) {
	for _, k := range [2]int{i - 1, i} {
		if shape == shapeDNL {
			k++
		}
		if shape == shapePlace && k == count {
			k = 0
		}
		nd := &st.Nodes[k]
		nd.Kind = ALSNode
		nd.Cells = st.ownCells(a.open...)
		nd.Cage = a.cage
		nd.Combos = st.ownCombos(a.combos...)
	}
	if a.virt != nil {
		for _, u := range a.virt.units {
			patAddUnit(st, u)
		}
	} else if !slices.Contains(st.Cages, a.cage) {
		st.Cages = append(st.Cages, a.cage)
	}
	for _, c := range a.open {
		if !slices.Contains(st.Cells, c) {
			st.Cells = append(st.Cells, c)
		}
		for m := b.Cands(c); m != 0; m &= m - 1 {
			if !slices.ContainsFunc(st.Marks, func(k Mark) bool { return k.Cell == c && k.Digit == m.Min() }) {
				st.Marks = append(st.Marks, Mark{Cell: c, Digit: m.Min(), Role: RoleALS})
			}
		}
	}
}

// explainCageLinks returns what a chain step's almost locked cages say,
// e.g. " (cage 17+ at r1c1 keeping {1,7,9},{2,4,5,6}: every combination
// left holds 4 or 7)", or "" when the chain goes through none.
func explainCageLinks(s *Step, n grid.Notation) string {
	var parts []string
	for _, lk := range s.Links {
		a, c := s.Nodes[lk.From], s.Nodes[lk.To]
		if lk.Kind != Strong || a.Kind != ALSNode || c.Kind != ALSNode || a.Digit == c.Digit ||
			len(a.Combos) == 0 || !slices.Equal(a.Cells, c.Cells) {
			continue
		}
		name := alcName(s, n, &a)
		if name == "" {
			continue
		}
		x, y := min(a.Digit, c.Digit), max(a.Digit, c.Digit)
		parts = append(parts, name+" keeping "+nodeCombos(n, &a)+": every combination left holds "+n.DigitName(x)+" or "+n.DigitName(y))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// alcName names the almost locked cage of node nd of step s: the real
// cage, or the open cells of a virtual cage with their sum and where the
// rule of 45 gives it, e.g. "r1c4+r3c5 = 14 (the innies of rows 1-3)";
// "" when nd is no such node.
func alcName(s *Step, n grid.Notation, nd *Node) string {
	if nd.Cage >= 0 {
		if nd.Cage >= len(n.Layout.Cages()) || !subsetOf(nd.Cells, n.Layout.Cage(nd.Cage).Cells) {
			return ""
		}
		return cageName(n, nd.Cage)
	}
	sum := 0
	for m := nd.Combos[0]; m != 0; m &= m - 1 {
		sum += m.Min()
	}
	cells := make([]string, len(nd.Cells))
	for i, c := range nd.Cells {
		cells[i] = n.CellName(c)
	}
	name := strings.Join(cells, "+") + " = " + strconv.Itoa(sum)
	if v := virtualSource(n.Layout, s, nd.Cells); v != nil {
		name += " (" + v.from(n) + ")"
	}
	return name
}

// virtualSource returns the smallest virtual cage of l holding cells whose
// units all justify step s: where the chain's virtual cage on cells comes
// from (its other cells placed), or nil.
func virtualSource(l *grid.Layout, s *Step, cells []int) *virtualCage {
	var best *virtualCage
	vcs := virtualCagesOf(l)
	for i := range vcs {
		v := &vcs[i]
		if !subset(cells, v.cells) || !subsetOf(v.units, s.Units) {
			continue
		}
		if best == nil || len(v.cells) < len(best.cells) {
			best = v
		}
	}
	return best
}

// subsetOf reports whether every cell of a is in b.
func subsetOf(a, b []int) bool {
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

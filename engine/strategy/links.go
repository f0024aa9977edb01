package strategy

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The link graph of a board state: its nodes are statements "digit d is in
// one of these cells" over cells of one unit, its links the strong and weak
// inferences between them. One graph serves every chain strategy.
//
// A node is a single candidate, a group (a digit's candidates in the
// intersection of two units, e.g. a box and a line) or the cells of an
// almost locked set holding one of its digits. A node is true when one of
// its cells holds its digit. Nodes are unique by digit and cells: an ALS
// digit held by one cell is that candidate's node.
//
// Strong link (if A is false, B is true): the only two places of a digit in
// a unit (single candidates or groups) or of a digit every combination of a
// killer cage uses in that cage (cagelinks.go), the two candidates of a bivalue
// cell, two digits of an ALS (exactly one of its digits is missing from it),
// an ALS digit and the last candidate its locked set would leave in a cell
// outside (HoDoKu's ALS forcing: the set missing the digit, its others are
// locked and take every other candidate of the cell).
// Weak link (A and B are not both true): candidates of one cell, nodes of
// one digit whose cells all see each other, or candidates x and y of the
// last two open cells of a killer cage when x+y is not the sum left.

// Node classes (chainNode.class bits).
const (
	nodeCand    uint8 = 1 << iota // a single candidate
	nodeGroup                     // a group of a unit intersection, or of a unit and a killer cage
	nodeALS                       // an ALS's cells holding a digit (neither of the above)
	nodeBivalue                   // a candidate of a bivalue cell
)

// Link kinds (chainEdge.kind bits); strong and weak links have their own.
const (
	strongUnit  uint8 = 1 << iota // a digit's only two places in a unit
	strongCell                    // a bivalue cell's two digits
	strongALS                     // two digits of an almost locked set
	strongForce                   // an ALS missing a digit forces a cell outside it
	strongCage                    // a digit every combination of a killer cage uses, in two places of it
	strongALC                     // two digits of a killer cage one of which every combination holds (alcages.go)
)

const (
	weakUnit uint8 = 1 << iota // one digit, cells seeing each other
	weakCell                   // two digits of one cell
	weakSum                    // the two open cells of a killer cage, digits off its remaining sum
)

// alsForce marks the ALS index of a strongForce link (alsCage, in
// alcages.go, that of an almost locked cage).
const alsForce int32 = 1 << 30

// chainNode is a node of the link graph.
type chainNode struct {
	digit int32
	class uint8
	cell  int32 // the first (for candidates, the only) cell
	off   int32 // cells in chainGraph.cells[off:off+n]
	n     int32
	set   int32 // the cells as a set: chainGraph.sets[set:set+w]
}

// chainEdge is a link to node to; als is the ALS of a strongALS link
// (index into the graph's collector's sets), or of a strongForce link with
// alsForce set, or the almost locked cage of a strongALC link with alsCage
// set, else -1.
type chainEdge struct {
	to   int32
	kind uint8
	als  int32
}

// chainGraph is the link graph of one board state, with the scratch space
// of the searches on it. It is kept in a pool and reused while the board
// does not change.
type chainGraph struct {
	l     *grid.Layout
	cand  []grid.Digits // the state the graph was built for
	value []uint8
	alsIn bool  // whether the ALS nodes are in
	sums  bool  // whether the board has killer cages (weakSum links)
	ncand int32 // the single candidates are nodes 0 to ncand-1
	w     int   // words of a cell set

	col       ALSCollector // peer sets and the ALSs
	alc       []alCage     // the almost locked cages, with the ALS nodes
	alcCells  []int
	alcDigits []grid.Digits
	combos    comboMemo // the almost locked cages' combinations (alcages.go)
	nodes     []chainNode
	cells     []int32
	sets      []uint64
	candNode  []int32 // cell*N+d-1 → node of the candidate, or -1
	head      []int32 // cell*N+d-1 → first multi-cell node starting there, or -1
	next      []int32 // node → next multi-cell node of the same head
	strong    [][]chainEdge
	weak      [][]chainEdge
	unitNode  [][]int32 // unit → group nodes inside it
	multi     [][]int32 // digit-1 → multi-cell nodes of the digit
	see       []uint64  // per multi-cell node (by set offset): cells seeing all of it
	weakDone  []bool    // node → its weak links are listed
	// seenBy[seenAt[k]:seenAt[k+1]]: the multi-cell nodes seen whole from
	// candidate k's cell (indexSeenBy)
	seenAt, seenBy []int32
	// seenUpTo: the index covers the nodes below it (0: no index)
	seenUpTo int32
	// seenCur, seenBuf: indexMore's scratch (cursors, the next list)
	seenCur, seenBuf []int32
	scratch          []uint64
	// planes holds the cells of each candidate (plane), then those of
	// three candidates or more (wide).
	planes []uint64

	search chainSearch
}

var chainGraphs = sync.Pool{New: func() any { return new(chainGraph) }}

// getChainGraph returns the link graph of b from the pool, without its
// ALS nodes unless they were added already (addALSNodes). Return it with
// chainGraphs.Put.
func getChainGraph(b *grid.Board) *chainGraph {
	g := chainGraphs.Get().(*chainGraph)
	if g.l != b.Layout() || !b.CandidatesEqual(g.cand) || !b.ValuesEqual(g.value) {
		g.build(b)
	}
	return g
}

func (g *chainGraph) cellsOf(n int32) []int32 {
	nd := &g.nodes[n]
	return g.cells[nd.off : nd.off+nd.n]
}

func (g *chainGraph) setOf(n int32) CellSet {
	s := g.nodes[n].set
	return CellSet(g.sets[s : s+int32(g.w)])
}

// build makes g the link graph of b, without ALS nodes.
func (g *chainGraph) build(b *grid.Board) {
	l := b.Layout()
	g.l = l
	g.cand = b.AppendCandidates(g.cand[:0])
	g.value = b.AppendValues(g.value[:0])
	g.alsIn = false
	g.seenUpTo = 0
	g.sums = isKiller(l)
	g.col.setLayout(l)
	g.w = g.col.Words()
	g.nodes = g.nodes[:0]
	g.cells = g.cells[:0]
	g.sets = g.sets[:0]
	g.see = g.see[:0]
	n := l.N
	g.candNode = grow(g.candNode, l.Cells*n)
	g.head = grow(g.head, l.Cells*n)
	for i := range g.candNode {
		g.candNode[i] = -1
		g.head[i] = -1
	}
	g.next = g.next[:0]
	g.multi = grow(g.multi, n)
	for d := range g.multi {
		g.multi[d] = g.multi[d][:0]
	}
	g.unitNode = grow(g.unitNode, len(l.Units()))
	for u := range g.unitNode {
		g.unitNode[u] = g.unitNode[u][:0]
	}

	g.setPlanes(b)

	// Single candidates.
	for cell := 0; cell < l.Cells; cell++ {
		if b.Value(cell) != 0 {
			continue
		}
		biv := b.Cands(cell).Count() == 2
		for m := b.Cands(cell); m != 0; m &= m - 1 {
			d := m.Min()
			one := [1]int32{int32(cell)}
			id := g.addNode(d, nodeCand, one[:])
			if biv {
				g.nodes[id].class |= nodeBivalue
			}
			g.candNode[cell*n+d-1] = id
		}
	}
	g.ncand = int32(len(g.nodes))
	g.addGroups(b)
	g.addCageGroups(b)
	g.resetLinks()
	g.unitLinks(b)
	for cell := 0; cell < l.Cells; cell++ {
		if b.Value(cell) != 0 || b.Cands(cell).Count() != 2 {
			continue
		}
		x, y := b.Cands(cell).Min(), b.Cands(cell).Max()
		g.addStrong(g.candNode[cell*n+x-1], g.candNode[cell*n+y-1], strongCell, -1)
	}
	g.cageLinks(b)
	g.computeSee(0)
	g.weakDone = grow(g.weakDone, len(g.nodes))
	clear(g.weakDone)
	g.weakLinks(b)
}

// addALSNodes adds the ALS nodes and links to the graph, once.
func (g *chainGraph) addALSNodes(b *grid.Board) {
	if g.alsIn {
		return
	}
	g.alsIn = true
	from := int32(len(g.nodes))
	g.addALSs(b)
	g.addCageLinks(b)
	g.computeSee(from)
	g.growWeakDone()
	g.linkNewMulti(from)
	g.weakLinks(b)
}

// addNode appends a node of digit d on cells (ascending) and returns it.
// The cells slice may be a scratch buffer.
func (g *chainGraph) addNode(d int, class uint8, cells []int32) int32 {
	id := int32(len(g.nodes))
	off := int32(len(g.cells))
	g.cells = append(g.cells, cells...)
	set := int32(len(g.sets))
	g.sets = append(g.sets, make([]uint64, g.w)...)
	s := CellSet(g.sets[set:])
	for _, c := range cells {
		s.Add(int(c))
	}
	g.nodes = append(g.nodes, chainNode{digit: int32(d), class: class, cell: cells[0], off: off, n: int32(len(cells)), set: set})
	g.next = append(g.next, -1)
	if len(cells) > 1 {
		k := int(cells[0])*g.l.N + d - 1
		g.next[id] = g.head[k]
		g.head[k] = id
		g.multi[d-1] = append(g.multi[d-1], id)
	}
	return id
}

// findMulti returns the multi-cell node of digit d on exactly the cells of
// s (first cell first), or -1.
func (g *chainGraph) findMulti(d int, first int, s CellSet) int32 {
	for id := g.head[first*g.l.N+d-1]; id >= 0; id = g.next[id] {
		if slices.Equal(g.setOf(id), s) {
			return id
		}
	}
	return -1
}

// addGroups adds the group nodes: a digit's candidates (two or more) in
// the intersection of two units.
func (g *chainGraph) addGroups(b *grid.Board) {
	l := b.Layout()
	var buf [grid.MaxSize]int32
	g.scratch = grow(g.scratch, g.w)
	s := CellSet(g.scratch)
	for _, o := range l.Overlaps() {
		if o.A > o.B {
			continue
		}
		for d := 1; d <= l.N; d++ {
			if id := g.groupNode(b, d, o.Cells, -1, &buf, s); id >= 0 {
				g.joinUnit(o.A, id)
				g.joinUnit(o.B, id)
			}
		}
	}
}

func (g *chainGraph) resetLinks() {
	g.strong = grow(g.strong, len(g.nodes))
	g.weak = grow(g.weak, len(g.nodes))
	for i := range g.strong {
		g.strong[i] = g.strong[i][:0]
		g.weak[i] = g.weak[i][:0]
	}
}

// growLinks makes room for the links of nodes added after resetLinks.
func (g *chainGraph) growLinks() {
	for len(g.strong) < len(g.nodes) {
		if len(g.strong) < cap(g.strong) {
			g.strong = g.strong[:len(g.strong)+1]
			g.strong[len(g.strong)-1] = g.strong[len(g.strong)-1][:0]
		} else {
			g.strong = append(g.strong, nil)
		}
	}
	for len(g.weak) < len(g.nodes) {
		if len(g.weak) < cap(g.weak) {
			g.weak = g.weak[:len(g.weak)+1]
			g.weak[len(g.weak)-1] = g.weak[len(g.weak)-1][:0]
		} else {
			g.weak = append(g.weak, nil)
		}
	}
}

// link links a and b both ways, one of which has no links of the kind yet.
func (g *chainGraph) link(a, b int32, kind uint8, als int32) {
	g.strong[a] = append(g.strong[a], chainEdge{to: b, kind: kind, als: als})
	g.strong[b] = append(g.strong[b], chainEdge{to: a, kind: kind, als: als})
}

// addStrong links a and b both ways, unless they are linked already.
func (g *chainGraph) addStrong(a, b int32, kind uint8, als int32) {
	// Links go both ways: the shorter list tells.
	from, to := a, b
	if len(g.strong[b]) < len(g.strong[a]) {
		from, to = b, a
	}
	for _, e := range g.strong[from] {
		if e.to == to && e.kind == kind {
			return
		}
	}
	g.strong[a] = append(g.strong[a], chainEdge{to: b, kind: kind, als: als})
	g.strong[b] = append(g.strong[b], chainEdge{to: a, kind: kind, als: als})
}

// unitLinks adds the strong links of every unit and digit: two nodes
// covering the digit's places in the unit between them.
func (g *chainGraph) unitLinks(b *grid.Board) {
	l := b.Layout()
	n := l.N
	var nodes [3 * grid.MaxSize]int32
	// The unit's candidate nodes of each digit, in the unit's order.
	var byDigit [grid.MaxSize + 1][grid.MaxSize]int32
	var count [grid.MaxSize + 1]int
	for u := range l.Units() {
		clear(count[:])
		for _, c := range l.Unit(u).Cells {
			if b.Value(c) != 0 {
				continue
			}
			for m := b.Cands(c); m != 0; m &= m - 1 {
				d := m.Min()
				if count[d] < grid.MaxSize {
					byDigit[d][count[d]] = g.candNode[c*n+d-1]
					count[d]++
				}
			}
		}
		for d := 1; d <= n; d++ {
			places := count[d]
			if places < 2 {
				continue
			}
			k := copy(nodes[:], byDigit[d][:places])
			for _, id := range g.unitNode[u] {
				if int(g.nodes[id].digit) == d && k < len(nodes) {
					nodes[k] = id
					k++
				}
			}
			for i := 0; i < k; i++ {
				for j := i + 1; j < k; j++ {
					a, c := nodes[i], nodes[j]
					if int(g.nodes[a].n+g.nodes[c].n) != places || g.setOf(a).Intersects(g.setOf(c)) {
						continue
					}
					g.addStrong(a, c, strongUnit, -1)
				}
			}
		}
	}
}

// addALSs adds, for every almost locked set of two or more cells, a node
// per digit (its cells holding the digit) and strong links between them.
func (g *chainGraph) addALSs(b *grid.Board) {
	n := g.l.N
	sets := g.col.Collect(b)
	var buf [grid.MaxSize]int32
	var ids [grid.MaxSize]int32
	for i := range sets {
		a := &sets[i]
		if a.Size() < 2 {
			continue
		}
		k := 0
		var fresh uint64 // the digits (by rank) whose node is new: it has no links yet
		for m := a.Digits; m != 0; m &= m - 1 {
			d := m.Min()
			h := a.Holders(d)
			c := 0
			for x := h.Next(0); x >= 0; x = h.Next(x + 1) {
				buf[c] = int32(x)
				c++
			}
			var id int32
			if c == 1 {
				id = g.candNode[int(buf[0])*n+d-1]
			} else if id = g.findMulti(d, int(buf[0]), h); id < 0 && a.SeeAll(d).Intersects(g.plane(d)) {
				// A new node only when a candidate sees all its cells:
				// else no node of its digit does, and without weak
				// links it is in no chain (id stays -1).
				id = g.addNode(d, nodeALS, buf[:c])
				fresh |= 1 << k
			}
			ids[k] = id
			k++
		}
		g.growLinks()
		for x := 0; x < k; x++ {
			for y := x + 1; y < k; y++ {
				switch {
				case ids[x] < 0 || ids[y] < 0:
				case fresh&(1<<x|1<<y) != 0:
					g.link(ids[x], ids[y], strongALS, int32(i))
				default:
					g.addStrong(ids[x], ids[y], strongALS, int32(i))
				}
			}
		}
		g.forceLinks(b, a, int32(i), ids[:k], fresh)
	}
	g.growLinks()
}

// setPlanes sets the cells of each candidate of b, and the cells of three
// candidates or more (the only ones an ALS forces).
func (g *chainGraph) setPlanes(b *grid.Board) {
	n, w := g.l.N, g.w
	g.planes = grow(g.planes, (n+1)*w)
	clear(g.planes)
	wide := CellSet(g.planes[n*w:])
	for c, ds := range b.Candidates() {
		if b.Value(c) != 0 {
			continue
		}
		if ds.Count() >= 3 {
			wide.Add(c)
		}
		for ; ds != 0; ds &= ds - 1 {
			CellSet(g.planes[(ds.Min()-1)*w:]).Add(c)
		}
	}
}

// plane returns the cells of candidate d.
func (g *chainGraph) plane(d int) CellSet {
	i := (d - 1) * g.w
	return CellSet(g.planes[i : i+g.w : i+g.w])
}

// wide returns the cells of three candidates or more.
func (g *chainGraph) wide() CellSet { return g.plane(g.l.N + 1) }

// forceLinks adds the strong links of ALS a (index i, ids its digits'
// nodes) to the cells it forces, as HoDoKu does. Once digit j is missing
// from the set, its other digits are locked in it: a cell outside seeing
// every holder of some of them loses those candidates, and when it is left
// with one candidate x, it holds x. Then (j) of the set or (x) of the cell
// is true. Cells of two candidates are left to the set's links and the
// cell's own. Fresh marks (by rank) the digits whose node is new to the
// graph: its links need no check for duplicates.
func (g *chainGraph) forceLinks(b *grid.Board, a *ALS, i int32, ids []int32, fresh uint64) {
	n, w := g.l.N, g.w
	// A cell of three candidates or more is left with one only if it
	// sees all holders of two of the set's digits at least: the cells
	// seeing those of one digit (once) and of two (s), word by word.
	s := CellSet(g.scratch)
	wide := g.wide()
	for j := range s {
		var once, twice uint64
		for r := range ids {
			x := a.per[(2*r+1)*w+j] // word j of the r-th digit's SeeAll
			twice |= once & x
			once |= x
		}
		s[j] = twice & wide[j]
	}
	for c := s.Next(0); c >= 0; c = s.Next(c + 1) {
		var see grid.Digits // the set's digits c sees every holder of
		for m := a.Digits & b.Cands(c); m != 0; m &= m - 1 {
			if a.SeeAll(m.Min()).Has(c) {
				see |= m & -m
			}
		}
		free := b.Cands(c) &^ see
		if free.Count() > 1 {
			continue
		}
		k := 0
		for m := a.Digits; m != 0; m &= m - 1 {
			j := m.Min()
			id := ids[k]
			k++
			if id < 0 {
				continue
			}
			if left := free | see&grid.Bit(j); left.Count() == 1 {
				if fresh&(1<<(k-1)) != 0 {
					g.link(id, g.candNode[c*n+left.Min()-1], strongForce, i|alsForce)
				} else {
					g.addStrong(id, g.candNode[c*n+left.Min()-1], strongForce, i|alsForce)
				}
			}
		}
	}
}

// Weak links are listed only from nodes with a strong link: a chain
// leaves a node over a weak link only after reaching it over a strong one,
// and eliminations are found from the weak links of a chain's nodes. A
// board without strong links (an empty 25x25) then costs next to nothing.

// computeSee sets the cells seeing all of each multi-cell node from node
// from on.
func (g *chainGraph) computeSee(from int32) {
	if len(g.see) < len(g.sets) {
		g.see = append(g.see, make([]uint64, len(g.sets)-len(g.see))...)
	}
	for id := from; id < int32(len(g.nodes)); id++ {
		if g.nodes[id].n < 2 {
			continue
		}
		see := g.seeOf(id)
		for i, c := range g.cellsOf(id) {
			if i == 0 {
				see.Copy(g.col.Peers(int(c)))
			} else {
				see.And(g.col.Peers(int(c)))
			}
		}
		see.AndNot(g.setOf(id))
	}
}

func (g *chainGraph) seeOf(id int32) CellSet {
	s := g.nodes[id].set
	return CellSet(g.see[s : s+int32(g.w)])
}

// weakLinks lists the weak links of every node with a strong link whose
// links are not listed yet.
func (g *chainGraph) weakLinks(b *grid.Board) {
	g.growWeakDone()
	indexed := false // the index is built for the first candidate listed
	for id := range g.nodes {
		if len(g.strong[id]) > 0 && !g.weakDone[id] {
			if !indexed && g.nodes[id].n == 1 {
				if g.seenUpTo > 0 {
					g.indexMore()
				} else {
					g.indexSeenBy()
				}
				indexed = true
			}
			g.nodeWeak(b, int32(id))
			g.weakDone[id] = true
		}
	}
}

// growWeakDone sizes weakDone for new nodes, keeping the flags of the old.
func (g *chainGraph) growWeakDone() {
	for len(g.weakDone) < len(g.nodes) {
		g.weakDone = append(g.weakDone, false)
	}
}

// nodeWeak lists the weak links of node id. A multi-cell node lists its
// candidates first (linkNewMulti adds only multi-cell nodes after them):
// the walks stop at the first node past them when they want candidates.
func (g *chainGraph) nodeWeak(b *grid.Board, id int32) {
	n := g.l.N
	nd := &g.nodes[id]
	d := int(nd.digit)
	cands := g.candNode[d-1:] // cands[c*n]: the node of d in cell c
	w := g.weak[id]
	k := len(w)
	if nd.n == 1 {
		cell := int(nd.cell)
		for o := b.Cands(cell) &^ grid.Bit(d); o != 0; o &= o - 1 {
			w = append(w, chainEdge{to: g.candNode[cell*n+o.Min()-1], kind: weakCell, als: -1})
		}
		k = len(w)
		for _, p := range g.l.Peers(cell) {
			if q := cands[p*n]; q >= 0 {
				w = append(w, chainEdge{to: q, kind: weakUnit, als: -1})
			}
		}
		// The multi-cell nodes seen whole from the cell, in node order.
		key := cell*n + d - 1
		for _, m := range g.seenBy[g.seenAt[key]:g.seenAt[key+1]] {
			w = append(w, chainEdge{to: m, kind: weakUnit, als: -1})
		}
		if g.sums {
			w = g.sumWeak(b, cell, d, w)
		}
		g.weak[id] = w
		return
	}
	// The candidates of the digit the node sees all of, in cell order.
	see, plane := g.seeOf(id), g.plane(d)
	for i, sw := range see {
		for x := sw & plane[i]; x != 0; x &= x - 1 {
			c := i<<6 | bits.TrailingZeros64(x)
			w = append(w, chainEdge{to: cands[c*n], kind: weakUnit, als: -1})
		}
	}
	// A multi-cell node inside see starts at one of them.
	j := len(w)
	for i := k; i < j; i++ {
		c := int(g.nodes[w[i].to].cell)
		for m := g.head[c*n+d-1]; m >= 0; m = g.next[m] {
			if g.setOf(m).SubsetOf(see) {
				w = append(w, chainEdge{to: m, kind: weakUnit, als: -1})
			}
		}
	}
	sortEdges(w[j:])
	g.weak[id] = w
}

// indexSeenBy lists, for each candidate, the multi-cell nodes of its digit
// seen whole from its cell (the cell sees every cell of the node), in node
// order: in g.seenBy[g.seenAt[k]:g.seenAt[k+1]] for candidate k (cell*N+d-1).
// Going from each node to the cells seeing it costs a fraction of testing,
// for each candidate, the nodes starting at each peer of its cell, once
// ALSs make those many.
func (g *chainGraph) indexSeenBy() {
	n := g.l.N
	keys := g.l.Cells * n
	at := grow(g.seenAt, keys+1)
	clear(at)
	// Count into at[k+1], sum, then fill from at[k] (which ends at
	// at[k+1]'s old value) and shift back.
	for d := 1; d <= n; d++ {
		plane := g.plane(d)
		for _, m := range g.multi[d-1] {
			see := g.seeOf(m)
			for i, sw := range see {
				for x := sw & plane[i]; x != 0; x &= x - 1 {
					at[(i<<6|bits.TrailingZeros64(x))*n+d]++
				}
			}
		}
	}
	for k := 1; k <= keys; k++ {
		at[k] += at[k-1]
	}
	by := grow(g.seenBy, int(at[keys]))
	for d := 1; d <= n; d++ {
		plane := g.plane(d)
		for _, m := range g.multi[d-1] {
			see := g.seeOf(m)
			for i, sw := range see {
				for x := sw & plane[i]; x != 0; x &= x - 1 {
					k := (i<<6|bits.TrailingZeros64(x))*n + d - 1
					by[at[k]] = m
					at[k]++
				}
			}
		}
	}
	copy(at[1:], at[:keys])
	at[0] = 0
	g.seenAt, g.seenBy = at, by
	g.seenUpTo = int32(len(g.nodes))
}

// indexMore extends the index of indexSeenBy with the multi-cell nodes
// added since it was built (the ALS nodes): they come after the others,
// so each candidate's list is its old list, then the new nodes in node
// order, as indexSeenBy would list them. The nodes indexed already, the
// candidates and what each node sees are unchanged, so the old lists
// are copied rather than found again.
func (g *chainGraph) indexMore() {
	n := g.l.N
	keys := g.l.Cells * n
	from := g.seenUpTo
	at := g.seenAt
	// The new nodes per candidate, into cur[k+1].
	cur := grow(g.seenCur, keys+1)
	clear(cur)
	for m := from; m < int32(len(g.nodes)); m++ {
		nd := &g.nodes[m]
		if nd.n < 2 {
			continue
		}
		d := int(nd.digit)
		plane := g.plane(d)
		for i, sw := range g.seeOf(m) {
			for x := sw & plane[i]; x != 0; x &= x - 1 {
				cur[(i<<6|bits.TrailingZeros64(x))*n+d]++
			}
		}
	}
	// The new list: each candidate's old entries, then room for its new.
	size := int(at[keys])
	for k := 1; k <= keys; k++ {
		size += int(cur[k])
		cur[k] += cur[k-1] + at[k] - at[k-1]
	}
	by := grow(g.seenBuf, size)
	for k := 0; k < keys; k++ {
		cur[k] += int32(copy(by[cur[k]:], g.seenBy[at[k]:at[k+1]]))
	}
	// cur[k] is where candidate k's new entries go; its list then ends
	// at the old start of k+1's.
	for m := from; m < int32(len(g.nodes)); m++ {
		nd := &g.nodes[m]
		if nd.n < 2 {
			continue
		}
		d := int(nd.digit)
		plane := g.plane(d)
		for i, sw := range g.seeOf(m) {
			for x := sw & plane[i]; x != 0; x &= x - 1 {
				k := (i<<6|bits.TrailingZeros64(x))*n + d - 1
				by[cur[k]] = m
				cur[k]++
			}
		}
	}
	copy(at[1:], cur[:keys])
	at[0] = 0
	g.seenBuf, g.seenBy = g.seenBy, by
	g.seenCur = cur
	g.seenUpTo = int32(len(g.nodes))
}

// sortEdges orders links by node, the order the nodes were made in, which
// the walks follow.
// The lists are short and mostly in order: an insertion sort.
func sortEdges(e []chainEdge) {
	for i := 1; i < len(e); i++ {
		x := e[i]
		j := i
		for ; j > 0 && e[j-1].to > x.to; j-- {
			e[j] = e[j-1]
		}
		e[j] = x
	}
}

// linkNewMulti adds the weak links from the nodes listed already to the
// multi-cell nodes from node from on.
func (g *chainGraph) linkNewMulti(from int32) {
	n := g.l.N
	for m := from; m < int32(len(g.nodes)); m++ {
		nd := &g.nodes[m]
		if nd.n < 2 {
			continue
		}
		// The cells m sees holding its digit: their candidates, and the
		// multi-cell nodes starting there (m lies in what k sees exactly
		// when k lies in what m sees).
		d := int(nd.digit)
		see, plane := g.seeOf(m), g.plane(d)
		for i, sw := range see {
			for x := sw & plane[i]; x != 0; x &= x - 1 {
				c := i<<6 | bits.TrailingZeros64(x)
				if q := g.candNode[c*n+d-1]; g.weakDone[q] {
					g.weak[q] = append(g.weak[q], chainEdge{to: m, kind: weakUnit, als: -1})
				}
			}
		}
		for i, sw := range see {
			for x := sw & plane[i]; x != 0; x &= x - 1 {
				c := i<<6 | bits.TrailingZeros64(x)
				for k := g.head[c*n+d-1]; k >= 0; k = g.next[k] {
					if k < from && g.weakDone[k] && g.setOf(m).SubsetOf(g.seeOf(k)) {
						g.weak[k] = append(g.weak[k], chainEdge{to: m, kind: weakUnit, als: -1})
					}
				}
			}
		}
	}
}

// groupNode returns the group node of digit d over those of cells that are
// open, hold d and lie in unit u (in any unit when u < 0), adding it when
// it is new; -1 when fewer than two cells qualify. buf and s are scratch.
func (g *chainGraph) groupNode(b *grid.Board, d int, cells []int, u int, buf *[grid.MaxSize]int32, s CellSet) int32 {
	l := b.Layout()
	k := 0
	s.Clear()
	for _, c := range cells {
		if b.Value(c) == 0 && b.Cands(c).Has(d) && (u < 0 || cellIn(l, c, u)) {
			buf[k] = int32(c)
			k++
			s.Add(c)
		}
	}
	if k < 2 {
		return -1
	}
	id := g.findMulti(d, int(buf[0]), s)
	if id < 0 {
		id = g.addNode(d, nodeGroup, buf[:k])
	}
	return id
}

// joinUnit registers node id with unit u, once.
func (g *chainGraph) joinUnit(u int, id int32) {
	if !slices.Contains(g.unitNode[u], id) {
		g.unitNode[u] = append(g.unitNode[u], id)
	}
}

package strategy

import (
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// The almost locked set strategies. An ALS (see ALS) misses at most one of
// its digits; two sets A and B have a restricted common candidate x when
// every x of A sees every x of B, so at most one of them holds x and the
// other is locked on its remaining digits. Sets may overlap (HoDoKu's
// "allow overlapping ALS"); a restricted common is never in a shared cell.
var (
	alsxz = newStrategy(Elimination, &Technique{name: "ALS-XZ", code: "0901", level: Unfair, score: 300, se: 75, seChain: true},
		findALSXZ, explainALS)
	alsxyWing = newStrategy(Elimination, &Technique{name: "ALS-XY-Wing", code: "0902", level: Unfair, score: 320, se: 75, seChain: true},
		findALSXYWing, explainALS)
	alsChain = newStrategy(Elimination, &Technique{name: "ALS Chain", code: "0903", level: Unfair, score: 340, se: 75, seChain: true},
		findALSChain, explainALS)
	deathBlossom = newStrategy(Elimination, &Technique{name: "Death Blossom", code: "0904", level: Unfair, score: 360, se: 88, seChain: true},
		findDeathBlossom, explainALS)
)

// ALSXZ (h): sets A and B with a restricted common x: one of them is
// locked without x, so a digit z of both is in A or in B, and no cell
// seeing every z of both may hold it. Doubly linked (two restricted
// commons): both sets are locked, each common is in one of them, and
// every other digit of a set is locked in it.
func ALSXZ() *Strategy { return alsxz }

// ALSXYWing (i): a set C with restricted commons x with A and y with
// B (x ≠ y): C misses one of them, so A or B is locked, and a digit z
// of both A and B (not x or y) is in one of them.
func ALSXYWing() *Strategy { return alsxyWing }

// ALSChain (j): four or more sets, each with a restricted common with
// the next, consecutive commons different: if the first set misses a
// digit z (not its common), it is locked, which locks the next and so
// on, and the last holds z. So z is in the first or the last set.
func ALSChain() *Strategy { return alsChain }

// DeathBlossom (k): a stem cell and, for each of its candidates d, a
// petal set whose every d sees the stem: whichever digit the stem
// holds locks its petal, so a digit z of every petal (not of the stem)
// is in one of them.
func DeathBlossom() *Strategy { return deathBlossom }

const (
	// alsChainMax bounds the sets of an ALS chain.
	alsChainMax = 10
	// alsBlossomBudget bounds the petal combinations one Death Blossom
	// search tries, so that a board of 32×32 with many candidates stays
	// affordable, and alsStemBudget those tried for one stem, so that a
	// stem with too many (overlapping petals multiply them) cannot use
	// up the search before the stems after it are tried.
	alsBlossomBudget = 1 << 18
	alsStemBudget    = 1 << 16
)

// alsEdge is a restricted common link from one set to set to.
type alsEdge struct {
	to int32
	rc grid.Digits
}

// alsScratch is the working memory of the ALS finders, kept in alsPool.
type alsScratch struct {
	layout *grid.Layout // the layout and candidates of the last build
	last   []grid.Digits
	linked bool // the restricted commons of the last build are in
	col    ALSCollector
	sets   []ALS
	w      int
	n      int       // digits of the board
	pairs  []alsPair // restricted commons of i < j, by i then j

	// The sets by digit x and first cell h holding it:
	// bsets[bstart[(x-1)*Cells+h]:bstart[(x-1)*Cells+h+1]].
	bstart  []int32
	bsets   []int32
	rcOf    []grid.Digits // the commons of set i with each set, while building
	touched []int32       // the sets with commons with set i
	start   []int32       // edges of set i are edges[start[i]:start[i+1]]
	edges   []alsEdge
	cand    []uint64 // cand[(z-1)*w:]: the cells holding candidate z
	tg      []uint64 // tg[(z-1)*w:]: the targets of z of the step being built

	// ALS chain search.
	seen   []uint32
	stamp  uint32
	parent []int32
	depth  []uint8
	queue  []int32

	// Death Blossom search.
	petals  []int32  // the petals of the stem's digits, digit after digit
	pstart  []int32  // the petals of the stem's k-th digit: petals[pstart[k]:pstart[k+1]]
	pdigit  []int    // the stem's digits
	inter   []uint64 // inter[(k*n+z-1)*w:]: the cells seeing every z of the first k petals
	chosen  []int32
	budget  int           // the combinations left for the stem being searched
	total   int           // the combinations left for the whole search
	blossom []grid.Digits // the digits z still possible after k petals
	seerAt  []int32       // see indexPetals
	seers   []int32

	polls int // the searches' iterations, for stopped
}

// stopped reports, every cancelEvery calls, whether the sink asks the
// search to stop: on a board of many open cells (a list of strategies
// without the singles, a 25×25) the sets' pairs and chains number in
// the millions.
func (g *alsScratch) stopped(sink *Sink) bool {
	g.polls++
	return g.polls%cancelEvery == 0 && sink.Cancelled()
}

type alsPair struct {
	i, j int32
	rc   grid.Digits
}

var alsPool = sync.Pool{New: func() any { return new(alsScratch) }}

// build collects the sets of b and the restricted commons between them,
// unless they are those of the last build (the solver tries the ALS
// strategies one after the other on the same candidates).
func (g *alsScratch) build(b *grid.Board) {
	g.collect(b)
	if !g.linked {
		g.link(b)
		g.linked = true
	}
}

// collect collects the sets of b and the cells of each candidate, unless
// they are those of the last build.
func (g *alsScratch) collect(b *grid.Board) {
	if g.layout == b.Layout() && b.CandidatesEqual(g.last) {
		return
	}
	g.layout = b.Layout()
	g.last = b.AppendCandidates(g.last[:0])
	g.linked = false
	// Death Blossom runs where Grouped Nice Loop/AIC found nothing, on
	// the board whose sets the link graph's collector just collected.
	cg := chainGraphs.Get().(*chainGraph)
	g.sets = g.col.collectFrom(b, &cg.col)
	chainGraphs.Put(cg)
	g.w = g.col.Words()
	g.n = b.Layout().N
	w, n := g.w, g.n
	g.cand = grow(g.cand, n*w)
	clear(g.cand)
	g.tg = grow(g.tg, n*w)
	for cell, c := range b.Candidates() {
		if b.Value(cell) != 0 {
			continue
		}
		for m := c; m != 0; m &= m - 1 {
			g.candSet(m.Min()).Add(cell)
		}
	}
}

// link finds the restricted commons between the collected sets of b.
func (g *alsScratch) link(b *grid.Board) {
	n := g.n
	sets := g.sets
	// Index the sets by digit and first cell holding it: a set B has the
	// restricted common x with A only if B's first x lies in A.SeeAll(x).
	cells := b.Layout().Cells
	g.bstart = grow(g.bstart, n*cells+1)
	clear(g.bstart)
	for i := range sets {
		a := &sets[i]
		for m := a.Digits; m != 0; m &= m - 1 {
			x := m.Min()
			g.bstart[(x-1)*cells+a.Holders(x).Next(0)+1]++
		}
	}
	for k := 1; k < len(g.bstart); k++ {
		g.bstart[k] += g.bstart[k-1]
	}
	g.bsets = grow(g.bsets, int(g.bstart[len(g.bstart)-1]))
	for i := range sets {
		a := &sets[i]
		for m := a.Digits; m != 0; m &= m - 1 {
			x := m.Min()
			k := (x-1)*cells + a.Holders(x).Next(0)
			g.bsets[g.bstart[k]] = int32(i)
			g.bstart[k]++
		}
	}
	for k := len(g.bstart) - 1; k > 0; k-- {
		g.bstart[k] = g.bstart[k-1]
	}
	g.bstart[0] = 0
	g.rcOf = grow(g.rcOf, len(sets))
	clear(g.rcOf)
	g.pairs = g.pairs[:0]
	for i := range sets {
		a := &sets[i]
		g.touched = g.touched[:0]
		for m := a.Digits; m != 0; m &= m - 1 {
			x := m.Min()
			t := g.target(x)
			t.Copy(a.SeeAll(x))
			t.And(g.candSet(x))
			for h := t.Next(0); h >= 0; h = t.Next(h + 1) {
				k := (x-1)*cells + h
				for _, j := range g.bsets[g.bstart[k]:g.bstart[k+1]] {
					if int(j) > i && sets[j].Holders(x).SubsetOf(a.SeeAll(x)) {
						if g.rcOf[j] == 0 {
							g.touched = append(g.touched, j)
						}
						g.rcOf[j] |= grid.Bit(x)
					}
				}
			}
		}
		slices.Sort(g.touched)
		for _, j := range g.touched {
			g.pairs = append(g.pairs, alsPair{int32(i), j, g.rcOf[j]})
			g.rcOf[j] = 0
		}
	}
	g.start = grow(g.start, len(sets)+1)
	clear(g.start)
	for _, p := range g.pairs {
		g.start[p.i+1]++
		g.start[p.j+1]++
	}
	for i := 1; i <= len(sets); i++ {
		g.start[i] += g.start[i-1]
	}
	g.edges = grow(g.edges, 2*len(g.pairs))
	// Fill with start[i] as the next free slot of set i, then shift back.
	for _, p := range g.pairs {
		g.edges[g.start[p.i]] = alsEdge{p.j, p.rc}
		g.start[p.i]++
		g.edges[g.start[p.j]] = alsEdge{p.i, p.rc}
		g.start[p.j]++
	}
	for i := len(sets); i > 0; i-- {
		g.start[i] = g.start[i-1]
	}
	g.start[0] = 0
}

func (g *alsScratch) candSet(z int) CellSet {
	i := (z - 1) * g.w
	return g.cand[i : i+g.w : i+g.w]
}

func (g *alsScratch) target(z int) CellSet {
	i := (z - 1) * g.w
	return g.tg[i : i+g.w : i+g.w]
}

func (g *alsScratch) adj(i int) []alsEdge { return g.edges[g.start[i]:g.start[i+1]] }

// seeBoth sets the targets of z to the candidates z seeing every z of a
// and c, and reports whether there is one.
func (g *alsScratch) seeBoth(z int, a, c *ALS) bool {
	t := g.target(z)
	t.Copy(a.SeeAll(z))
	t.And(c.SeeAll(z))
	t.And(g.candSet(z))
	return !t.Empty()
}

func findALSXZ(b *grid.Board, sink *Sink) {
	g := alsPool.Get().(*alsScratch)
	defer alsPool.Put(g)
	g.build(b)
	for _, p := range g.pairs {
		if g.stopped(sink) {
			return
		}
		a, c := &g.sets[p.i], &g.sets[p.j]
		var mask grid.Digits
		if p.rc.Count() == 1 {
			for m := a.Digits & c.Digits &^ p.rc; m != 0; m &= m - 1 {
				if z := m.Min(); g.seeBoth(z, a, c) {
					mask |= grid.Bit(z)
				}
			}
		} else {
			// Doubly linked: each common is in one set, the other
			// digits locked in theirs.
			for m := a.Digits | c.Digits; m != 0; m &= m - 1 {
				z := m.Min()
				if p.rc.Has(z) {
					if g.seeBoth(z, a, c) {
						mask |= grid.Bit(z)
					}
					continue
				}
				t := g.target(z)
				t.Clear()
				if a.Digits.Has(z) {
					t.Or(a.SeeAll(z))
				}
				if c.Digits.Has(z) {
					t.Or(c.SeeAll(z))
				}
				t.And(g.candSet(z))
				t.AndNot(a.Set)
				t.AndNot(c.Set)
				if !t.Empty() {
					mask |= grid.Bit(z)
				}
			}
		}
		if mask == 0 {
			continue
		}
		s := g.step(b, sink, mask)
		x1 := p.rc.Min()
		if p.rc.Count() == 1 {
			alsAddNodes(s, b, alsHop{set: a, x: x1}, alsHop{set: c, x: x1})
		} else {
			x2 := (p.rc &^ grid.Bit(x1)).Min()
			alsAddNodes(s, b, alsHop{set: a, x: x1}, alsHop{set: c, x: x1}, alsHop{set: c, x: x2}, alsHop{set: a, x: x2})
			s.Links = append(s.Links, Link{From: 3, To: 0, Kind: Weak})
		}
		if sink.Done() {
			return
		}
	}
}

func findALSXYWing(b *grid.Board, sink *Sink) {
	g := alsPool.Get().(*alsScratch)
	defer alsPool.Put(g)
	g.build(b)
	for ci := range g.sets {
		c := &g.sets[ci]
		adj := g.adj(ci)
		for p := range adj {
			a := &g.sets[adj[p].to]
			for q := p + 1; q < len(adj); q++ {
				if g.stopped(sink) {
					return
				}
				bb := &g.sets[adj[q].to]
				common := a.Digits & bb.Digits
				if common == 0 {
					continue
				}
				for mx := adj[p].rc; mx != 0; mx &= mx - 1 {
					x := mx.Min()
					for my := adj[q].rc &^ grid.Bit(x); my != 0; my &= my - 1 {
						y := my.Min()
						var mask grid.Digits
						for m := common &^ (grid.Bit(x) | grid.Bit(y)); m != 0; m &= m - 1 {
							if z := m.Min(); g.seeBoth(z, a, bb) {
								mask |= grid.Bit(z)
							}
						}
						if mask == 0 {
							continue
						}
						s := g.step(b, sink, mask)
						alsAddNodes(s, b, alsHop{set: a, x: x}, alsHop{set: c, x: x}, alsHop{set: c, x: y}, alsHop{set: bb, x: y})
						if sink.Done() {
							return
						}
					}
				}
			}
		}
	}
}

// The ALS chain search is a breadth-first search over states (set j,
// digit x, links so far): "j misses x, so it is locked". From the first
// set A, assumed locked, a restricted common x1 leads to every neighbour
// missing x1; from a state (j, x) a common y ≠ x leads on. Link counts of
// three and more share a state (a chain needs at least three links), so
// every state is visited at most three times per start.

func (g *alsScratch) chainState(j, x, links int) int32 {
	c := links - 1
	if c > 2 {
		c = 2
	}
	return int32((j*g.n+x-1)*3 + c)
}

func findALSChain(b *grid.Board, sink *Sink) {
	g := alsPool.Get().(*alsScratch)
	defer alsPool.Put(g)
	g.build(b)
	states := len(g.sets) * g.n * 3
	if len(g.seen) < states {
		g.seen = make([]uint32, states)
		g.stamp = 0
	}
	g.parent = grow(g.parent, states)
	g.depth = grow(g.depth, states)
	// Without sink.All only the shortest chain is reported: best* hold it.
	bestLinks, bestStart, bestX, bestEnd := alsChainMax, -1, 0, int32(-1)
	for ai := range g.sets {
		for mx := g.sets[ai].Digits; mx != 0; mx &= mx - 1 {
			x1 := mx.Min()
			maxLinks := alsChainMax - 1
			if !sink.All {
				maxLinks = bestLinks - 1
			}
			end := g.chainSearch(b, ai, x1, maxLinks, sink.All, sink)
			if sink.Cancelled() || sink.All && sink.Done() {
				return
			}
			if sink.All || end < 0 {
				continue
			}
			links := int(g.depth[end])
			if links < bestLinks {
				bestLinks, bestStart, bestX, bestEnd = links, ai, x1, end
				if links == 3 {
					g.chainStep(b, sink, bestStart, bestX, bestEnd)
					return
				}
			}
		}
	}
	if bestStart >= 0 {
		// Run the search again: its parents are gone.
		end := g.chainSearch(b, bestStart, bestX, bestLinks, false, sink)
		if end >= 0 {
			g.chainStep(b, sink, bestStart, bestX, end)
		}
	}
}

// chainSearch searches the chains from set ai through common x1 of at most
// maxLinks links. With all it reports every chain ending in a state of its
// own with eliminations and returns -1; without, it returns the first (the
// shortest) such state, or -1.
func (g *alsScratch) chainSearch(b *grid.Board, ai, x1, maxLinks int, all bool, sink *Sink) int32 {
	if maxLinks < 3 {
		return -1
	}
	g.stamp++
	if g.stamp == 0 {
		clear(g.seen)
		g.stamp = 1
	}
	g.queue = g.queue[:0]
	for _, e := range g.adj(ai) {
		if e.rc.Has(x1) {
			st := g.chainState(int(e.to), x1, 1)
			g.seen[st] = g.stamp
			g.parent[st] = -1
			g.depth[st] = 1
			g.queue = append(g.queue, st)
		}
	}
	first := &g.sets[ai]
	for q := 0; q < len(g.queue); q++ {
		if g.stopped(sink) {
			return -1
		}
		st := g.queue[q]
		j, x, links := int(st)/3/g.n, int(st)/3%g.n+1, int(g.depth[st])
		if links >= 3 && g.chainTargets(first, &g.sets[j], x1, x) != 0 && g.chainSimple(ai, st) && g.chainMask(ai, x1, st) != 0 {
			if !all {
				return st
			}
			g.chainStep(b, sink, ai, x1, st)
			if sink.Done() {
				return -1 // as many as wanted (Sink.Limit)
			}
		}
		if links >= maxLinks {
			continue
		}
		for _, e := range g.adj(j) {
			if int(e.to) == ai {
				continue
			}
			for my := e.rc &^ grid.Bit(x); my != 0; my &= my - 1 {
				ns := g.chainState(int(e.to), my.Min(), links+1)
				if g.seen[ns] == g.stamp {
					continue
				}
				g.seen[ns] = g.stamp
				g.parent[ns] = st
				g.depth[ns] = uint8(links + 1)
				g.queue = append(g.queue, ns)
			}
		}
	}
	return -1
}

// chainTargets sets the targets of a chain from first (left through x1) to
// last (entered through x) and returns their digits.
func (g *alsScratch) chainTargets(first, last *ALS, x1, x int) grid.Digits {
	var mask grid.Digits
	for m := first.Digits & last.Digits &^ (grid.Bit(x1) | grid.Bit(x)); m != 0; m &= m - 1 {
		if z := m.Min(); g.seeBoth(z, first, last) {
			mask |= grid.Bit(z)
		}
	}
	return mask
}

// chainMask sets the targets of the chain from set ai through x1 ending
// in state st and returns their digits: candidates z of the first and last
// sets, not x1 nor the last common, seeing every z of both, outside the
// chain's sets.
func (g *alsScratch) chainMask(ai, x1 int, st int32) grid.Digits {
	mask := g.chainTargets(&g.sets[ai], &g.sets[int(st)/3/g.n], x1, int(st)/3%g.n+1)
	for m := mask; m != 0; m &= m - 1 {
		z := m.Min()
		t := g.target(z)
		for p := g.parent[st]; p >= 0; p = g.parent[p] {
			t.AndNot(g.sets[int(p)/3/g.n].Set)
		}
		if t.Empty() {
			mask &^= grid.Bit(z)
		}
	}
	return mask
}

// chainSimple reports whether the chain ending in st uses each set once.
func (g *alsScratch) chainSimple(ai int, st int32) bool {
	for p := st; p >= 0; p = g.parent[p] {
		j := int(p) / 3 / g.n
		if j == ai {
			return false
		}
		for q := g.parent[p]; q >= 0; q = g.parent[q] {
			if int(q)/3/g.n == j {
				return false
			}
		}
	}
	return true
}

// chainStep reports the chain from set ai through x1 ending in state st.
func (g *alsScratch) chainStep(b *grid.Board, sink *Sink, ai, x1 int, st int32) {
	first := &g.sets[ai]
	s := g.step(b, sink, g.chainMask(ai, x1, st))
	// Walk back to list the sets last to first, then reverse.
	var path [alsChainMax]int32
	k := 0
	for p := st; p >= 0; p = g.parent[p] {
		path[k] = p
		k++
	}
	var hops [2 * alsChainMax]alsHop
	h := 0
	prev := first
	for i := k - 1; i >= 0; i-- {
		set := &g.sets[int(path[i])/3/g.n]
		x := int(path[i])/3%g.n + 1
		hops[h], hops[h+1] = alsHop{set: prev, x: x}, alsHop{set: set, x: x}
		h += 2
		prev = set
	}
	alsAddNodes(s, b, hops[:h]...)
}

func findDeathBlossom(b *grid.Board, sink *Sink) {
	g := alsPool.Get().(*alsScratch)
	defer alsPool.Put(g)
	g.collect(b) // a blossom needs no restricted commons
	l := b.Layout()
	n, w := g.n, g.w
	g.inter = grow(g.inter, (n+1)*n*w)
	g.blossom = grow(g.blossom, n+1)
	g.chosen = grow(g.chosen, n)
	g.total = alsBlossomBudget
	g.indexPetals(l.Cells)
	for stem := 0; stem < l.Cells; stem++ {
		sd := b.Cands(stem)
		if b.Value(stem) != 0 || sd.Count() < 2 {
			continue
		}
		// The petals of each digit d of the stem: sets without the stem
		// whose every d sees it, with a digit outside the stem.
		g.petals = g.petals[:0]
		g.pstart = append(g.pstart[:0], 0)
		g.pdigit = g.pdigit[:0]
		var zs grid.Digits = ^grid.Digits(0)
		ok := true
		for m := sd; m != 0 && ok; m &= m - 1 {
			d := m.Min()
			var union grid.Digits
			k := stem*n + d - 1
			for _, pi := range g.seers[g.seerAt[k]:g.seerAt[k+1]] {
				p := &g.sets[pi]
				if p.Digits&^sd == 0 {
					continue
				}
				g.petals = append(g.petals, pi)
				union |= p.Digits
			}
			zs &= union
			ok = zs&^sd != 0 && int(g.pstart[len(g.pstart)-1]) < len(g.petals)
			g.pstart = append(g.pstart, int32(len(g.petals)))
			g.pdigit = append(g.pdigit, d)
		}
		if !ok {
			continue
		}
		g.blossom[0] = zs &^ sd
		for z := 1; z <= n; z++ {
			i := (z - 1) * w
			copy(g.inter[i:i+w], g.cand[i:i+w])
		}
		g.budget = min(alsStemBudget, g.total)
		start := g.budget
		done := g.blossomSearch(b, sink, stem, 0)
		g.total -= start - g.budget
		if done && g.budget > 0 || g.total <= 0 {
			return
		}
	}
}

// indexPetals lists, for every cell holding a digit d, the sets whose
// every d the cell sees (the cell outside them), by set: seers[seerAt[k]:
// seerAt[k+1]] for k = cell*n + d-1.
func (g *alsScratch) indexPetals(cells int) {
	g.seerAt = grow(g.seerAt, cells*g.n+1)
	clear(g.seerAt)
	g.eachSeer(func(k int, _ int32) { g.seerAt[k+1]++ })
	for k := 1; k < len(g.seerAt); k++ {
		g.seerAt[k] += g.seerAt[k-1]
	}
	g.seers = grow(g.seers, int(g.seerAt[len(g.seerAt)-1]))
	// Fill with seerAt[k] as the next free slot of k, then shift back.
	g.eachSeer(func(k int, pi int32) {
		g.seers[g.seerAt[k]] = pi
		g.seerAt[k]++
	})
	for k := len(g.seerAt) - 1; k > 0; k-- {
		g.seerAt[k] = g.seerAt[k-1]
	}
	g.seerAt[0] = 0
}

// eachSeer calls fn for every set pi, digit d of it and cell holding d
// that sees all its d (a stem of d), with k = cell*n + d-1, set by set.
func (g *alsScratch) eachSeer(fn func(k int, pi int32)) {
	for pi := range g.sets {
		p := &g.sets[pi]
		for m := p.Digits; m != 0; m &= m - 1 {
			d := m.Min()
			see, cand := p.SeeAll(d), g.candSet(d)
			for i, sw := range see {
				for x := sw & cand[i]; x != 0; x &= x - 1 {
					c := i<<6 | bits.TrailingZeros64(x)
					fn(c*g.n+d-1, int32(pi))
				}
			}
		}
	}
}

// blossomSearch picks the petal of the stem's k-th digit, keeping the
// digits z whose every candidate in the petals so far is seen by some
// cell holding z. It reports whether the search is done.
func (g *alsScratch) blossomSearch(b *grid.Board, sink *Sink, stem, k int) bool {
	n, w := g.n, g.w
	if k == len(g.pdigit) {
		mask := g.blossom[k]
		for m := mask; m != 0; m &= m - 1 {
			z := m.Min()
			i := (k*n + z - 1) * w
			g.target(z).Copy(g.inter[i : i+w])
		}
		s := g.step(b, sink, mask)
		var hops [2 * grid.MaxSize]alsHop
		for i, d := range g.pdigit {
			hops[2*i] = alsHop{cell: stem, x: d}
			hops[2*i+1] = alsHop{set: &g.sets[g.chosen[i]], x: d}
		}
		alsAddNodes(s, b, hops[:2*k]...)
		return sink.Done()
	}
	for _, pi := range g.petals[g.pstart[k]:g.pstart[k+1]] {
		if g.budget--; g.budget <= 0 {
			return true
		}
		// A set may be the petal of several of the stem's digits (HoDoKu's
		// "ALSs may overlap"): whichever digit the stem takes, the set
		// loses at most that one and is locked on the rest.
		p := &g.sets[pi]
		zs := g.blossom[k] & p.Digits
		if zs == 0 {
			continue
		}
		var keep grid.Digits
		for m := zs; m != 0; m &= m - 1 {
			z := m.Min()
			from := (k*n + z - 1) * w
			to := from + n*w
			t := CellSet(g.inter[to : to+w])
			t.Copy(g.inter[from : from+w])
			t.And(p.SeeAll(z))
			if !t.Empty() {
				keep |= grid.Bit(z)
			}
		}
		if keep == 0 {
			continue
		}
		g.blossom[k+1] = keep
		g.chosen[k] = pi
		if g.blossomSearch(b, sink, stem, k+1) {
			return true
		}
	}
	return false
}

// step adds a step eliminating the targets (g.target) of the digits
// of mask.
func (g *alsScratch) step(b *grid.Board, sink *Sink, mask grid.Digits) *Step {
	s := sink.Add()
	s.Digits = mask
	for m := mask; m != 0; m &= m - 1 {
		z := m.Min()
		t := g.target(z)
		for c := t.Next(0); c >= 0; c = t.Next(c + 1) {
			s.Eliminations = append(s.Eliminations, CellDigit{c, z})
		}
	}
	patSortElims(s)
	for _, e := range s.Eliminations {
		s.Marks = append(s.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget})
	}
	return s
}

// alsHop is a chain node: a set and the digit missing from it, or with
// set nil a candidate, digit x in cell.
type alsHop struct {
	set  *ALS
	cell int
	x    int
}

// alsAddNodes fills a step's nodes, links, cells, units and marks from a
// chain of hops. A set's node stands for x missing from it; the nodes are
// linked as a chain alternating strong links (hops 0 and 1, 2 and 3, ...:
// two sets with the restricted common x cannot both hold it, so one misses
// it) and weak links (hops 1 and 2, ...: a set missing one digit is locked
// on the others, so it misses no other). A candidate hop (the stem of a
// Death Blossom) is instead joined by a weak link to the next hop, its
// petal: they cannot both hold the digit. Each set's cells go to s.Cells
// once, set after set (a cell of two overlapping sets twice), and the
// nodes' cells are views of s.Cells; the sets' candidates are marked
// RoleALS, a stem's RolePattern.
func alsAddNodes(s *Step, b *grid.Board, hops ...alsHop) {
	var off [2*grid.MaxSize + 1]int32
	for i, h := range hops {
		off[i] = -1
		if h.set == nil {
			for j := 0; j < i; j++ {
				if hops[j].set == nil && hops[j].cell == h.cell {
					off[i] = off[j]
					break
				}
			}
			if off[i] < 0 {
				off[i] = int32(len(s.Cells))
				s.Cells = append(s.Cells, h.cell)
				for m := b.Cands(h.cell); m != 0; m &= m - 1 {
					s.Marks = append(s.Marks, Mark{Cell: h.cell, Digit: m.Min(), Role: RolePattern})
				}
			}
			continue
		}
		for j := 0; j < i; j++ {
			if hops[j].set == h.set {
				off[i] = off[j]
				break
			}
		}
		if off[i] >= 0 {
			continue
		}
		off[i] = int32(len(s.Cells))
		s.Cells = append(s.Cells, h.set.Cells...)
		patAddUnit(s, h.set.Unit)
		for _, c := range h.set.Cells {
			if !alsMarked(s, c) {
				for m := b.Cands(c); m != 0; m &= m - 1 {
					s.Marks = append(s.Marks, Mark{Cell: c, Digit: m.Min(), Role: RoleALS})
				}
			}
		}
	}
	for i, h := range hops {
		n := 1
		kind := CandidateNode
		if h.set != nil {
			n, kind = len(h.set.Cells), ALSNode
		}
		o := int(off[i])
		s.Nodes = append(s.Nodes, Node{Kind: kind, Digit: h.x, Cells: s.Cells[o : o+n : o+n]})
		if i == 0 {
			continue
		}
		switch {
		case h.set != nil && hops[i-1].set == nil:
			s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Weak})
		case h.set != nil && i%2 == 1:
			s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Strong})
		case h.set != nil:
			s.Links = append(s.Links, Link{From: i - 1, To: i, Kind: Weak})
		}
	}
}

// alsMarked reports whether a cell's candidates are marked already (as
// those of an overlapping set).
func alsMarked(s *Step, c int) bool {
	for _, m := range s.Marks {
		if m.Cell == c && m.Role == RoleALS {
			return true
		}
	}
	return false
}

// explainALS renders an ALS step as HoDoKu does, e.g. "ALS-XZ:
// A=r1c2 {12}, B=r4c5,r4c6 {234}, X=2, Z=3 => r5c2<>3".
func explainALS(s *Step, n grid.Notation) string {
	var b strings.Builder
	b.WriteString(s.Name())
	b.WriteString(": ")
	nodes := s.Nodes
	set := func(name string, nd Node) {
		b.WriteString(name)
		b.WriteByte('=')
		b.WriteString(alsDescribe(s, n, nd.Cells))
	}
	switch s.Technique.code {
	case "0901":
		set("A", nodes[0])
		b.WriteString(", ")
		set("B", nodes[1])
		if len(nodes) == 2 {
			b.WriteString(", X=" + n.DigitName(nodes[0].Digit) + ", Z=" + n.DigitList(s.Digits, ","))
		} else {
			b.WriteString(", X=" + n.DigitName(nodes[0].Digit) + "," + n.DigitName(nodes[2].Digit))
		}
	case "0902":
		set("A", nodes[0])
		b.WriteString(", ")
		set("B", nodes[3])
		b.WriteString(", ")
		set("C", nodes[1])
		b.WriteString(", X,Y=" + n.DigitName(nodes[0].Digit) + "," + n.DigitName(nodes[2].Digit) + ", Z=" + n.DigitList(s.Digits, ","))
	case "0903":
		for i := 0; i < len(nodes); i += 2 {
			if i > 0 {
				b.WriteString(" -" + n.DigitName(nodes[i-1].Digit) + "- ")
			}
			set(string(rune('A'+i/2)), nodes[i])
		}
		last := nodes[len(nodes)-1]
		b.WriteString(" -" + n.DigitName(last.Digit) + "- ")
		set(string(rune('A'+len(nodes)/2)), last)
		b.WriteString(", Z=" + n.DigitList(s.Digits, ","))
	case "0904":
		stem := nodes[0].Cells[0]
		b.WriteString(n.CellName(stem) + " {" + n.DigitList(alsCandidates(s, []int{stem}, RolePattern), "") + "}")
		for i := 0; i+1 < len(nodes); i += 2 {
			b.WriteString(", -" + n.DigitName(nodes[i].Digit) + "- ")
			set(string(rune('A'+i/2)), nodes[i+1])
		}
		b.WriteString(", Z=" + n.DigitList(s.Digits, ","))
	}
	b.WriteString(" => ")
	first := true
	for m := s.Digits; m != 0; m &= m - 1 {
		z := m.Min()
		if !first {
			b.WriteString(", ")
		}
		first = false
		sep := ""
		for _, e := range s.Eliminations {
			if e.Digit == z {
				b.WriteString(sep + n.CellName(e.Cell))
				sep = ","
			}
		}
		b.WriteString("<>" + n.DigitName(z))
	}
	return b.String()
}

// alsDescribe names a set's cells and candidates, e.g. "r4c5,r4c6 {234}".
func alsDescribe(s *Step, n grid.Notation, cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = n.CellName(c)
	}
	return strings.Join(names, ",") + " {" + n.DigitList(alsCandidates(s, cells, RoleALS), "") + "}"
}

// alsCandidates returns the digits marked with role in cells.
func alsCandidates(s *Step, cells []int, role Role) grid.Digits {
	var d grid.Digits
	for _, m := range s.Marks {
		if m.Role != role {
			continue
		}
		for _, c := range cells {
			if c == m.Cell {
				d |= grid.Bit(m.Digit)
			}
		}
	}
	return d
}

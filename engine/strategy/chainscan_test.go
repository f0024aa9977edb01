package strategy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerPositions returns per positions of each of the first n killers
// of killer9-tarek.txt: the solution kept, some cells placed and other
// candidates dropped at random, more at each position.
func killerPositions(t *testing.T, n, per int) []*grid.Board {
	t.Helper()
	return puzzlePositions(t, "../search/testdata/killer9-tarek.txt", grid.Killer, n, per)
}

// puzzlePositions returns per positions of each of the first n puzzles of
// the file at path, as killerPositions does.
func puzzlePositions(t *testing.T, path string, variant grid.Variant, n, per int) []*grid.Board {
	t.Helper()
	rng := rand.New(rand.NewPCG(38, 11))
	var s search.Searcher
	var boards []*grid.Board
	for i, line := range shared.Lines(t, path)[:n] {
		line = strings.Fields(line)[0]
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		b, err := p.Board(variant)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		sol := uniqueSolution(t, &s, b, line)
		for k := range per {
			randomPosition(rng, b, sol, k == 0, 0.1+0.1*float64(k))
			boards = append(boards, b.Clone())
		}
	}
	return boards
}

// killerStatesAndPositions returns the states along tarek line 1's logic
// solve where the chains and nets are asked, and random positions of three
// tarek killers; under -short every quickEvery-th state and one killer's.
func killerStatesAndPositions(t *testing.T, quickEvery int) []*grid.Board {
	t.Helper()
	states := killerLateStates(t, 1)
	puzzles, every := 3, 1
	if quick() {
		puzzles, every = 1, quickEvery
	}
	var boards []*grid.Board
	for i, b := range states {
		if i%every == 0 {
			boards = append(boards, b)
		}
	}
	return append(boards, killerPositions(t, puzzles, 3)...)
}

// TestFirstChainMatchesWalksOnKillers holds the scan for the first chain
// (firstChain: the walks from every start at once, level by level, in
// blocks of starts) to a walk from every start in turn, in every chain mode, on killers: at the states
// along tarek line 1's logic solve where the grouped chains are asked (the
// ALS mode then scans thousands of group and ALS starts, a dozen blocks)
// and at random positions of tarek killers, where chains are many. The
// boards are visited in turn with one pooled graph, so each scan meets the
// sets the scans before it left.
func TestFirstChainMatchesWalksOnKillers(t *testing.T) {
	boards := killerStatesAndPositions(t, 5)
	modes := []*chainMode{&xChainMode, &xyChainMode, &niceLoopMode, &groupedLoopMode, &alsLoopMode}
	found, blocks := map[string]int{}, 0
	for i, b := range boards {
		g := getChainGraph(b)
		for _, m := range modes {
			got, want, nb := firstAndWalks(g, b, m)
			if got != want {
				chainGraphs.Put(g)
				t.Fatalf("board %d, mode %s: the scan finds %s, the walks %s", i, m.aic.name, got, want)
			}
			if got != "none" {
				found[m.aic.name]++
			}
			blocks = max(blocks, nb)
		}
		chainGraphs.Put(g)
	}
	t.Logf("%d boards, chains found by mode %v, at most %d blocks of starts", len(boards), found, blocks)
	floor := map[string]int{"Grouped AIC": 10, "AIC": 5}
	if quick() {
		floor = map[string]int{"Grouped AIC": 3}
	}
	atLeast(t, found, floor)
	if blocks < 4 {
		t.Errorf("at most %d blocks of starts in a scan: want 4 or more", blocks)
	}
}

// firstAndWalks returns the chain firstChain finds on graph g of b in mode
// m and the one the walks from every start in turn find, and the most
// blocks of starts of a scan.
func firstAndWalks(g *chainGraph, b *grid.Board, m *chainMode) (got, want string, blocks int) {
	g.prepare(b, new(Sink), m)
	s := &g.search
	s.bestDepth = maxChainDepth + 1
	g.firstChain(b, new(Sink))
	got = chainFound(s)
	s.bestDepth = maxChainDepth + 1
	s.limit = maxChainDepth
	classes := []int{startsAll}
	if m.candFirst {
		classes = []int{startsCand, startsOther}
	}
	for _, class := range classes {
		starts := 0
		for start := int32(0); start < int32(len(g.nodes)); start++ {
			if g.isStart(start, class) {
				g.bfs(b, start, false, false)
				starts++
			}
		}
		blocks = max(blocks, (starts+startBlock-1)/startBlock)
		if s.bestDepth <= maxChainDepth {
			break
		}
	}
	return got, chainFound(s), blocks
}

// TestClusteredStartsMatchNodeOrder holds the scan with its starts ordered
// by their lowest strong neighbour (clusterStarts) to the scan with them in
// node order, in every chain mode: at the states along tarek line 1's
// logic solve where the grouped chains are asked, at random positions of
// tarek killers and of top1465 puzzles. The boards are visited in turn
// with one pooled graph. A floor of scans in several blocks (where the
// order applies) and of chains found.
func TestClusteredStartsMatchNodeOrder(t *testing.T) {
	puzzles := 3
	if quick() {
		puzzles = 2
	}
	boards := killerStatesAndPositions(t, 5)
	boards = append(boards, puzzlePositions(t, shared.Path(t, top1465), grid.Classic, puzzles, 3)...)
	modes := []*chainMode{&xChainMode, &xyChainMode, &niceLoopMode, &groupedLoopMode, &alsLoopMode}
	found, clustered := map[string]int{}, 0
	for i, b := range boards {
		g := getChainGraph(b)
		for _, m := range modes {
			g.search.nodeOrder = false
			got, blocks := firstFound(g, b, m)
			g.search.nodeOrder = true
			want, _ := firstFound(g, b, m)
			g.search.nodeOrder = false
			if got != want {
				chainGraphs.Put(g)
				t.Fatalf("board %d, mode %s: with the starts clustered the scan finds %s, in node order %s", i, m.aic.name, got, want)
			}
			if got != "none" {
				found[m.aic.name]++
			}
			if blocks > 1 {
				clustered++
			}
		}
		chainGraphs.Put(g)
	}
	t.Logf("%d boards, chains found by mode %v, %d scans in several blocks", len(boards), found, clustered)
	floor, several := map[string]int{"Grouped AIC": 20, "AIC": 8}, 30
	if quick() {
		floor, several = map[string]int{"Grouped AIC": 8}, 8
	}
	atLeast(t, found, floor)
	if clustered < several {
		t.Errorf("%d scans in several blocks of starts: want %d or more", clustered, several)
	}
}

// firstFound returns the chain firstChain finds on graph g of b in mode m,
// and the blocks of starts of its last scan.
func firstFound(g *chainGraph, b *grid.Board, m *chainMode) (string, int) {
	g.prepare(b, new(Sink), m)
	s := &g.search
	s.bestDepth = maxChainDepth + 1
	g.firstChain(b, new(Sink))
	return chainFound(s), len(s.blocks)
}

// TestALCCombosMatchFresh holds the almost locked cages of a pooled graph,
// whose combinations come from its memo (comboMemo) where a cage's cells
// are unchanged, to those of a graph built afresh: at the states along
// tarek line 1's logic solve and at random positions of tarek killers,
// visited forwards and then backwards with one graph, so that its memo
// meets cages changed by one step, by many, and boards of another layout;
// then pairs of boards differing only in the digit placed in a cell of a
// cage (its candidates gone from its peers first), whose cells have the
// same candidates but not the same sum left. A floor of cages answered from the memo keeps the test from passing on
// a memo never used.
func TestALCCombosMatchFresh(t *testing.T) {
	boards := killerStatesAndPositions(t, 4)
	for i := len(boards) - 1; i >= 0; i-- {
		boards = append(boards, boards[i])
	}
	boards = append(boards, placedPairs(boards[:len(boards)/2])...)
	g := new(chainGraph)
	hits, cages := 0, 0
	for i, b := range boards {
		hits += memoHits(g, b)
		g.build(b)
		g.addALSNodes(b)
		fresh := new(chainGraph)
		fresh.build(b)
		fresh.addALSNodes(b)
		if got, want := describeALCs(g), describeALCs(fresh); got != want {
			t.Fatalf("board %d: almost locked cages with the memo\n%s\nafresh\n%s", i, got, want)
		}
		if got, want := len(g.nodes), len(fresh.nodes); got != want {
			t.Fatalf("board %d: %d nodes with the memo, %d afresh", i, got, want)
		}
		// The index of the nodes seen from each candidate, extended with
		// the ALS nodes (indexMore), against one built over all nodes.
		at, by := slices.Clone(fresh.seenAt), slices.Clone(fresh.seenBy)
		fresh.indexSeenBy()
		if !slices.Equal(at, fresh.seenAt) || !slices.Equal(by, fresh.seenBy) {
			t.Fatalf("board %d: the index extended with the ALS nodes differs from one built whole", i)
		}
		cages += len(g.alc)
	}
	t.Logf("%d boards, %d almost locked cages, %d cages' combinations from the memo", len(boards), cages, hits)
	if hits < 1000 || cages < 1000 {
		t.Fatalf("%d cages from the memo, %d almost locked cages; want 1000 at least", hits, cages)
	}
}

// placedPairs returns, for each board, two boards that differ only in the
// digit placed in the first open cell of at least two candidates that lies
// in a killer cage with two other open cells at least: its two lowest
// candidates, taken from its peers before.
func placedPairs(boards []*grid.Board) []*grid.Board {
	var out []*grid.Board
	for _, b := range boards {
		l := b.Layout()
		for k := range l.Cages() {
			open := 0
			for _, c := range l.Cage(k).Cells {
				if b.Value(c) == 0 {
					open++
				}
			}
			c := l.Cage(k).Cells[0]
			if open < 3 || b.Value(c) != 0 || b.Cands(c).Count() < 2 {
				continue
			}
			x := b.Cands(c).Min()
			y := (b.Cands(c) &^ grid.Bit(x)).Min()
			base := b.Clone()
			for _, p := range l.Peers(c) {
				base.Eliminate(p, x)
				base.Eliminate(p, y)
			}
			b1, b2 := base.Clone(), base.Clone()
			b1.Place(c, x)
			b2.Place(c, y)
			out = append(out, b1, b2)
			break
		}
	}
	return out
}

// memoHits returns how many cages of b the memo of g holds in their
// current state, about to be answered from it.
func memoHits(g *chainGraph, b *grid.Board) int {
	l := b.Layout()
	if g.combos.l != l || !isKiller(l) {
		return 0
	}
	var cells [][]int
	for k := range l.Cages() {
		cells = append(cells, l.Cage(k).Cells)
	}
	for _, v := range virtualCagesOf(l) {
		cells = append(cells, v.cells)
	}
	n := 0
	for slot, cs := range cells {
		if slot >= len(g.combos.slots) || !g.combos.slots[slot].valid {
			continue
		}
		e := &g.combos.slots[slot]
		same := len(e.state) == len(cs)
		for i := 0; same && i < len(cs); i++ {
			same = e.state[i] == uint64(b.Value(cs[i]))<<32|uint64(b.Cands(cs[i]))
		}
		if same {
			n++
		}
	}
	return n
}

// describeALCs lists the almost locked cages of g: cage, open cells and
// combinations.
func describeALCs(g *chainGraph) string {
	var sb strings.Builder
	for _, a := range g.alc {
		fmt.Fprintf(&sb, "cage %d virtual %v open %v combos %v\n", a.cage, a.virt != nil, a.open, a.combos)
	}
	return sb.String()
}

// TestMultiNodesListCandidatesFirst holds the order the walks rely on when
// they look for the candidates weakly linked to a group or ALS node
// (relateEnd, sharesWeak stop at the first node past them): on killers,
// with the ALS nodes in, every multi-cell node lists its weak links to
// candidates before those to other multi-cell nodes, and has some of both
// on some boards.
func TestMultiNodesListCandidatesFirst(t *testing.T) {
	boards := killerStatesAndPositions(t, 5)
	both := 0
	for i, b := range boards {
		g := new(chainGraph)
		g.build(b)
		g.addALSNodes(b)
		for y := g.ncand; y < int32(len(g.nodes)); y++ {
			multi := false
			for _, e := range g.weak[y] {
				if e.to >= g.ncand {
					multi = true
				} else if multi {
					t.Fatalf("board %d: node %d lists candidate %d after a multi-cell node: %v", i, y, e.to, g.weak[y])
				}
			}
			if multi && len(g.weak[y]) > 0 && g.weak[y][0].to < g.ncand {
				both++
			}
		}
	}
	if both < 100 {
		t.Errorf("%d multi-cell nodes linked to candidates and multi-cell nodes: want 100 or more", both)
	}
}

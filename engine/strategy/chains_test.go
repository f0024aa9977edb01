package strategy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// chainStrategies are the strategies of chains.go.
var chainStrategies = []*Strategy{XChain(), XYChain(), NiceLoop(), GroupedNiceLoop()}

// xyBoard holds the XY-Chain (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9.
var xyBoard = map[string]string{"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "41"}

func TestXChain(t *testing.T) {
	// 1 in rows 2, 5 and 8 only at two places each:
	// (1)r2c1=(1)r2c5-(1)r5c5=(1)r5c8-(1)r8c8=(1)r8c2.
	rows := []patOnly{{1, "r2", "r2c1 r2c5"}, {1, "r5", "r5c5 r5c8"}, {1, "r8", "r8c8 r8c2"}}
	runPatCases(t, XChain(), []patCase{
		{
			name:    "three conjugate rows",
			only:    rows,
			digits:  "1",
			elims:   "1@r1c2 1@r3c2 1@r7c1 1@r9c1",
			explain: "X-Chain: (1)r2c1=(1)r2c5-(1)r5c5=(1)r5c8-(1)r8c8=(1)r8c2 => r1c2<>1, r3c2<>1, r7c1<>1, r9c1<>1",
		},
		{
			name: "a broken link",
			only: []patOnly{{1, "r2", "r2c1 r2c5"}, {1, "r5", "r5c5 r5c8 r5c9"}, {1, "r8", "r8c8 r8c2"}},
		},
	})
}

func TestXYChain(t *testing.T) {
	runPatCases(t, XYChain(), []patCase{
		{
			name:   "four bivalue cells",
			cands:  xyBoard,
			digits: "1",
			elims:  "1@r1c9 1@r5c1",
		},
		{
			name:  "ends on different digits",
			cands: map[string]string{"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "45"},
		},
	})
}

func TestNiceLoop(t *testing.T) {
	runPatCases(t, NiceLoop(), []patCase{
		{
			name:   "the XY-Chain as an AIC",
			code:   "0708",
			cands:  xyBoard,
			digits: "1",
			elims:  "1@r1c9 1@r5c1",
		},
		{
			// r5c1 instead of r5c9 closes the chain by a weak link on 1
			// in column 1: every weak link of the loop becomes strong.
			name:   "a continuous loop",
			code:   "0706",
			cands:  map[string]string{"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c1": "41"},
			digits: "1234",
			elims: "2@r1c2 2@r1c3 2@r1c4 2@r1c6 2@r1c7 2@r1c8 2@r1c9 3@r2c5 3@r3c5 3@r4c5 3@r6c5 3@r7c5 3@r8c5 3@r9c5 " +
				"4@r5c2 4@r5c3 4@r5c4 4@r5c6 4@r5c7 4@r5c8 4@r5c9 1@r2c1 1@r3c1 1@r4c1 1@r6c1 1@r7c1 1@r8c1 1@r9c1",
			explain: "Continuous Nice Loop: (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c1=(1)r5c1-(1)r1c1 => " +
				"r1c2<>2, r1c3<>2, r1c4<>2, r1c6<>2, r1c7<>2, r1c8<>2, r1c9<>2, r2c1<>1, r2c5<>3, r3c1<>1, r3c5<>3, r4c1<>1, r4c5<>3, " +
				"r5c2<>4, r5c3<>4, r5c4<>4, r5c6<>4, r5c7<>4, r5c8<>4, r5c9<>4, r6c1<>1, r6c5<>3, r7c1<>1, r7c5<>3, r8c1<>1, r8c5<>3, r9c1<>1, r9c5<>3",
		},
	})
}

// TestChainsSoundOnLayouts solves random puzzles of several layouts with
// singles, the pattern strategies and the chains, checking every chain
// step (in find-all mode) against the solution.
func TestChainsSoundOnLayouts(t *testing.T) {
	tests := []layoutCase{
		{"classic", grid.Config{Size: 9}, 60, 0.3},
		{"jigsaw", grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, 60, 0.3},
		{"X", grid.Config{Size: 9, Variant: grid.X}, 30, 0.28},
		{"6x6", grid.Config{Size: 6}, 30, 0.3},
		{"16x16", grid.Config{Size: 16}, 3, 0.45},
		{"X 16x16", grid.Config{Size: 16, Variant: grid.X}, 2, 0.4},
	}
	total := soundOnLayouts(t, rand.New(rand.NewPCG(13, 5)), 1, tests, chainSolveChecked, nil)
	// Floors about half of what the finders found when they were set
	// (fewer puzzles under -short).
	floor := map[string]int{"AIC": 150, "XY-Chain": 80, "Discontinuous Nice Loop": 130, "Grouped AIC": 4000, "Grouped Continuous Nice Loop": 600}
	if quick() {
		floor = map[string]int{"AIC": 12, "XY-Chain": 12, "Grouped AIC": 90, "Grouped Continuous Nice Loop": 20}
	}
	atLeast(t, total, floor)
}

// chainSolveChecked solves b with singles, the pattern strategies and the
// chains, applying the first step found in that order; the chains are
// asked for all their steps, which are checked against the solution.
func chainSolveChecked(t *testing.T, b *grid.Board, sol []uint8, seen map[string]int) {
	t.Helper()
	order := append(append([]*Strategy{NakedSingle(), HiddenSingle()}, patternStrategies...), chainStrategies...)
	var sink Sink
	for step := 0; step < 4*b.Layout().Cells; step++ {
		progress := false
		for _, st := range order {
			sink.Reset()
			sink.All = slices.Contains(chainStrategies, st)
			st.Find(b, &sink)
			if len(sink.Steps()) == 0 {
				continue
			}
			if sink.All {
				patCheckSteps(t, b, sol, &sink, seen)
				chainCheckDrawing(t, b, &sink)
			}
			sink.Steps()[0].Apply(b)
			progress = true
			break
		}
		if !progress {
			return
		}
	}
}

// chainCheckDrawing checks the nodes and links of chain steps: links join
// nodes, each node's digit is a candidate of each of its cells.
func chainCheckDrawing(t *testing.T, b *grid.Board, sink *Sink) {
	t.Helper()
	for _, s := range sink.Steps() {
		if len(s.Nodes) < 2 || len(s.Links) < len(s.Nodes)-1 {
			t.Fatalf("%s: %d nodes, %d links: %s", s.Name(), len(s.Nodes), len(s.Links), s.Explain(grid.Notation{Layout: b.Layout()}))
		}
		for _, k := range s.Links {
			if k.From < 0 || k.From >= len(s.Nodes) || k.To < 0 || k.To >= len(s.Nodes) {
				t.Fatalf("%s: link %+v out of range", s.Name(), k)
			}
		}
		for _, n := range s.Nodes {
			if len(n.Cells) == 0 {
				t.Fatalf("%s: empty node: %s", s.Name(), s.Explain(grid.Notation{Layout: b.Layout()}))
			}
			held := false
			for _, c := range n.Cells {
				held = held || b.Cands(c).Has(n.Digit)
			}
			if !held {
				t.Fatalf("%s: node %+v holds no %d: %s", s.Name(), n, n.Digit, s.Explain(grid.Notation{Layout: b.Layout()}))
			}
		}
	}
}

func TestChainFindersDoNotAllocate(t *testing.T) {
	pauseGC(t)
	boards := patStuckBoards(t, 20)
	var sink Sink
	// Warm the pool and the sink up as a solve does, every finder on every
	// board: the four share one graph, whose per-node link lists reach the
	// capacity of the largest board over a few passes.
	for range 3 {
		for _, st := range chainStrategies {
			for _, b := range boards {
				sink.Reset()
				st.Find(b, &sink)
			}
		}
	}
	findersDoNotAllocate(t, boards, chainStrategies, 1, false)
}

func BenchmarkChainFinders(b *testing.B) {
	benchFinders(b, patStuckBoards(b, 200), chainStrategies)
}

// TestFirstChainMatchesWalks keeps the scan of firstChain honest: along
// logic solves of hard puzzles, in every chain mode, it finds the chain a
// breadth-first walk from each start in turn finds (the shortest, from the
// lowest start; in a mode of candidates first, from the candidates, and
// from the other starts only when there is none).
func TestFirstChainMatchesWalks(t *testing.T) {
	max := 40
	if quick() {
		max = 4
	}
	modes := []*chainMode{&xChainMode, &xyChainMode, &niceLoopMode, &groupedLoopMode, &alsLoopMode}
	states := 0
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		g := getChainGraph(b)
		defer chainGraphs.Put(g)
		for _, m := range modes {
			got, want, _ := firstAndWalks(g, b, m)
			if got != want {
				t.Fatalf("%s, mode %s: the scan finds %s, the walks %s", line, m.aic.name, got, want)
			}
		}
		states++
	})
	t.Logf("%d states, %d modes each", states, len(modes))
}

// chainFound describes the best chain of a search, or "none".
func chainFound(s *chainSearch) string {
	if s.bestDepth > maxChainDepth {
		return "none"
	}
	return fmt.Sprintf("depth %d shape %d target %d path %v als %v elims %v", s.bestDepth, s.bestShape, s.bestTarget, s.bestPath, s.bestALS, s.bestElims)
}

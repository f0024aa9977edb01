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
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerLateStates returns the states along the logic solves (the default
// plan, first steps) of the first n killers of killer9-tarek.txt at which
// the solve asks the Grouped Nice Loop/AIC finder, in solve order: where
// the chains, the ALSs and the nets run on killers.
func killerLateStates(tb testing.TB, n int) []*grid.Board {
	tb.Helper()
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() && st != NestedForcingNet() })
	grouped := slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == GroupedNiceLoop() })
	var states []*grid.Board
	for i, line := range shared.Lines(tb, "../search/testdata/killer9-tarek.txt")[:n] {
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			tb.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			tb.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
		// The solve asks the Grouped Nice Loop/AIC finder where no pass
		// before it finds a step.
		solveByFirstSteps(b, passes, func(b *grid.Board, step *Step) {
			if step == nil || slices.IndexFunc(passes, func(p Pass) bool { return p.Strategy == step.Strategy }) >= grouped {
				states = append(states, b.Clone())
			}
		})
	}
	return states
}

// TestChainCachesMatchFresh holds the caches of the chains and the nets to
// what fresh state finds: at random positions of killers and classic
// puzzles (the solution kept, some cells placed, other candidates dropped
// at random, more at each position of a puzzle), visited in turn so that each finder meets a graph and a
// memo left by the positions before, every chain finder (first step and
// find-all) must find the steps it finds on a link graph built afresh,
// and the forcing nets those they find with an empty memo of group
// results.
func TestChainCachesMatchFresh(t *testing.T) {
	perPuzzle, puzzles := 5, 3
	if quick() {
		perPuzzle, puzzles = 3, 2
	}
	type set struct {
		path    string
		variant grid.Variant
	}
	var boards []*grid.Board
	var sols [][]uint8
	var s search.Searcher
	for _, st := range []set{{"../search/testdata/killer9-tarek.txt", grid.Killer}, {shared.Path(t, top1465), grid.Classic}} {
		for i, line := range shared.Lines(t, st.path)[:puzzles] {
			line = strings.Fields(line)[0]
			p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
			if err != nil {
				t.Fatalf("%s:%d: %v", st.path, i+1, err)
			}
			b, err := p.Board(st.variant)
			if err != nil {
				t.Fatalf("%s:%d: %v", st.path, i+1, err)
			}
			boards = append(boards, b)
			sols = append(sols, uniqueSolution(t, &s, b, line))
		}
	}
	chainModes := map[*Strategy][]*chainMode{
		XChain():          {&xChainMode},
		XYChain():         {&xyChainMode},
		NiceLoop():        {&niceLoopMode},
		GroupedNiceLoop(): {&groupedLoopMode, &alsLoopMode},
	}
	rng := rand.New(rand.NewPCG(38, 9))
	found := map[string]int{}
	var sink Sink
	for i, start := range boards {
		b := start.Clone()
		for k := range perPuzzle {
			// The positions of a puzzle differ in candidates alone, more
			// dropped at each.
			randomPosition(rng, b, sols[i], k == 0, 0.1+0.1*float64(k))
			where := fmt.Sprintf("puzzle %d position %d", i+1, k+1)
			for _, st := range chainStrategies {
				for _, all := range []bool{false, true} {
					if all && st == GroupedNiceLoop() {
						continue // find-all walks from every group and ALS: dear
					}
					sink.Reset()
					sink.All = all
					st.Find(b, &sink)
					got := explainSteps(b, sink.Steps())
					sink.Reset()
					sink.All = all
					g := new(chainGraph)
					g.build(b)
					g.run(b, &sink, chainModes[st])
					if want := explainSteps(b, sink.Steps()); got != want {
						t.Fatalf("%s, %s (all %v): reused graph finds\n%s\nfresh graph\n%s", where, st.name, all, got, want)
					}
					found[st.name] += len(sink.Steps())
				}
			}
			sink.Reset()
			sink.All = false
			ForcingNet().Find(b, &sink)
			got := explainSteps(b, sink.Steps())
			f := forcingPool.Get().(*forcing)
			f.memo, f.rulesFor = nil, nil
			forcingPool.Put(f)
			sink.Reset()
			sink.All = false
			ForcingNet().Find(b, &sink)
			if want := explainSteps(b, sink.Steps()); got != want {
				t.Fatalf("%s, Forcing Net: with the memo finds\n%s\nafresh\n%s", where, got, want)
			}
			found["Forcing Net"] += len(sink.Steps())
		}
	}
	t.Logf("steps compared: %v", found)
	floor := map[string]int{"X-Chain": 10, "Nice Loop/AIC": 10, "Grouped Nice Loop/AIC": 10, "Forcing Net": 10}
	if quick() {
		floor = map[string]int{"Nice Loop/AIC": 3, "Grouped Nice Loop/AIC": 3, "Forcing Net": 3}
	}
	atLeast(t, found, floor)
}

// randomPosition drops from b each candidate other than the solution
// sol's with probability drop, placing first (when place is set) a tenth of
// the open cells.
func randomPosition(rng *rand.Rand, b *grid.Board, sol []uint8, place bool, drop float64) {
	for c := range b.Layout().Cells {
		if place && b.Value(c) == 0 && rng.Float64() < 0.1 {
			b.Place(c, int(sol[c]))
		}
	}
	for c := range b.Layout().Cells {
		if b.Value(c) != 0 {
			continue
		}
		for ds := b.Cands(c) &^ grid.Bit(int(sol[c])); ds != 0; ds &= ds - 1 {
			if rng.Float64() < drop {
				b.Eliminate(c, ds.Min())
			}
		}
	}
}

// explainSteps renders steps, one a line, to compare them.
func explainSteps(b *grid.Board, steps []Step) string {
	var sb strings.Builder
	for i := range steps {
		sb.WriteString(steps[i].Explain(grid.Notation{Layout: b.Layout()}))
		sb.WriteString("\n")
	}
	return sb.String()
}

// BenchmarkKillerChainsNets runs the chain finders and the nets over the
// states at which the logic solves of the first two tarek killers ask
// them, in solve order (the order the solver's caches see them in); an
// op is the whole sequence, cpu-ms/op its CPU time.
func BenchmarkKillerChainsNets(b *testing.B) {
	states := killerLateStates(b, 1)
	for _, st := range []*Strategy{XChain(), GroupedNiceLoop(), ForcingChain(), ForcingNet()} {
		b.Run(st.name, func(b *testing.B) {
			var sink Sink
			found := 0
			start := cputime.Used()
			for range b.N {
				for _, s := range states {
					sink.Reset()
					st.Find(s, &sink)
					if len(sink.Steps()) > 0 {
						found++
					}
				}
			}
			b.ReportMetric(float64(found)/float64(b.N), "found/op")
			b.ReportMetric(float64(cputime.Used()-start)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

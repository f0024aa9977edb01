package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// propagated loads b into a generic search with the options and
// propagates its root: the candidates reached, or nil on a
// contradiction.
func propagated(b *grid.Board, opts Options) []grid.Digits {
	var g generic
	g.opts = opts
	g.prepare(b.Layout())
	if !g.root(b) || !g.propagate(g.frames[0]) {
		return nil
	}
	f := g.frames[0]
	cands := slices.Clone(f.cand)
	for cell, v := range f.value {
		if v != 0 {
			cands[cell] = grid.Bit(int(v))
		}
	}
	return cands
}

// TestUnitCombosKeepSolutions propagates killers with known solutions,
// with and without the unit combinations: the cages of published killers
// (hard5, tarek's, the extreme ones) with none to three dropped, so that
// many have several solutions, each solution found (up to four a board)
// with a few of its digits placed, as the states a search meets on its
// way to it. The propagation must keep every digit of the solution, and
// the unit combinations must take out candidates that the other
// constraints leave (a floor of them, so that a propagator that does
// nothing fails). It fails if the unit combinations prune a solution.
func TestUnitCombosKeepSolutions(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 45))
	sources := fixtureBoards(t, "testdata/killer9-hard5.txt")
	sources = append(sources, fixtureBoards(t, "testdata/killer9-tarek.txt")...)
	sources = append(sources, fixtureBoards(t, "testdata/killer9-extreme.txt")...)
	boards := 40
	if race || testing.Short() {
		boards = 15
	}
	states, pruned, prunedStates := 0, 0, 0
	for j := range boards {
		cages := slices.Clone(sources[rng.IntN(len(sources))].Layout().Cages())
		for range rng.IntN(4) {
			k := rng.IntN(len(cages))
			cages = slices.Delete(cages, k, k+1)
		}
		l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: cages})
		if err != nil {
			t.Fatal(err)
		}
		s := Searcher{MaxNodes: 200_000}
		res, err := s.Count(ctx, grid.NewBoard(l), 4)
		if err != nil {
			t.Fatalf("board %d: %v", j, err)
		}
		for k, sol := range res.Solutions {
			b := grid.NewBoard(l)
			for _, cell := range append([]int{-1}, rng.Perm(l.Cells)[:6]...) {
				if cell >= 0 {
					b.Place(cell, int(sol[cell]))
				}
				where := fmt.Sprintf("board %d, solution %d, %d placed", j, k, l.Cells-b.Empty())
				on := propagated(b, Options{UnitCombos: true})
				if on == nil {
					t.Fatalf("%s: a contradiction, but the board has a solution", where)
				}
				for cell, c := range on {
					if !c.Has(int(sol[cell])) {
						t.Fatalf("%s: cell %d lost %d, its digit in the solution", where, cell, sol[cell])
					}
				}
				off := propagated(b, Options{})
				states++
				n := 0
				for cell := range on {
					n += popcount(off[cell] &^ on[cell])
				}
				pruned += n
				if n > 0 {
					prunedStates++
				}
			}
		}
	}
	t.Logf("%d states, %d candidates taken out by the unit combinations alone, in %d states", states, pruned, prunedStates)
	if states < boards*7 || pruned < states*5 || prunedStates < states/2 {
		t.Errorf("%d states, %d candidates taken out in %d of them: want %d states or more, 5 candidates a state, half the states",
			states, pruned, prunedStates, boards*7)
	}
}

// TestUnitCombosAgree counts random killers (cages of published killers
// with some dropped, so that many have several solutions, and some a clue
// from another solution) to 30 with and without the unit combinations,
// and requires the same solutions (their number when the count stops
// at the limit); and the published
// hard5 and eight of tarek's killers to their one solution.
func TestUnitCombosAgree(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 38))
	sources := fixtureBoards(t, "testdata/killer9-hard5.txt")
	sources = append(sources, fixtureBoards(t, "testdata/killer9-tarek.txt")[:8]...)
	base, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	boards := slices.Clone(sources)
	n := 30
	if race || testing.Short() {
		n = 8
	}
	for j := range n {
		boards = append(boards, droppedCagesKiller(t, rng, sources, base, j%3 == 2))
	}
	counts := map[int]int{}
	for i, b := range boards {
		var sols [2][][]uint8
		var complete [2]bool
		for k, on := range []bool{false, true} {
			s := Searcher{MaxNodes: 500_000, Options: Options{UnitCombos: on}}
			res, err := s.Count(ctx, b, 30)
			if err != nil {
				t.Fatalf("board %d, unit combinations %v: %v", i, on, err)
			}
			for _, v := range res.Solutions {
				if !valid(b, v) {
					t.Fatalf("board %d, unit combinations %v: an invalid solution", i, on)
				}
			}
			sols[k] = slices.Clone(res.Solutions)
			slices.SortFunc(sols[k], slices.Compare)
			complete[k] = res.Complete
		}
		// A count stopped at the limit finds the solutions that its order
		// of search meets first: only their number must agree.
		same := len(sols[0]) == len(sols[1]) && (!complete[0] || slices.EqualFunc(sols[0], sols[1], slices.Equal))
		if complete[0] != complete[1] || !same {
			t.Fatalf("board %d: %d solutions (complete %v) without the unit combinations, %d (complete %v) with",
				i, len(sols[0]), complete[0], len(sols[1]), complete[1])
		}
		counts[len(sols[0])]++
	}
	t.Logf("boards by solutions found: %v", counts)
	if counts[1] < len(sources) || len(counts) < 3 {
		t.Errorf("boards by solutions %v: want the published ones unique and some boards with none or several", counts)
	}
}

// TestUnitCombosNoAllocsPerNode checks that a search with the unit
// combinations allocates only the solutions it returns.
func TestUnitCombosNoAllocsPerNode(t *testing.T) {
	if race {
		t.Skip("allocation counts are not exact under the race detector")
	}
	b := fixtureBoards(t, "testdata/killer9-tarek.txt")[0]
	g := generic{opts: Options{UnitCombos: true}}
	ctx := context.Background()
	res, err := g.count(ctx, b, 2, 0) // warm: the model, frames and caches
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes < 10 || len(g.m.unitTables) == 0 {
		t.Fatalf("%d nodes, %d unit tables: the board shows nothing", res.Nodes, len(g.m.unitTables))
	}
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := g.count(ctx, b, 2, 0); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 {
		t.Errorf("%v allocations a search of %d nodes, want at most 3", allocs, res.Nodes)
	}
}

// TestDigitPacker checks the renumbering of digits against packing them
// one by one.
func TestDigitPacker(t *testing.T) {
	for _, open := range []grid.Digits{0x1ff, 0x155, 0x0f0, 0x101, 0x003, 0x1fe} {
		var p digitPacker
		p.init(open)
		for d := grid.Digits(0); d < 0x200; d++ {
			if d&^open != 0 {
				continue
			}
			want, i := 0, 0
			for x := 0; x < 9; x++ {
				if open>>x&1 == 0 {
					continue
				}
				if d>>x&1 != 0 {
					want |= 1 << i
				}
				i++
			}
			if got := p.pack(d); got != want {
				t.Fatalf("open %09b: pack(%09b) = %b, want %b", open, d, got, want)
			}
		}
	}
}

// BenchmarkUnitCombos counts the killer and KenKen sets to 2 with the unit
// combinations (Options.UnitCombos), beside BenchmarkGeneric's default
// search of the same files. KillerMathemagic takes seconds a puzzle: run
// it with -benchtime 3x (lines 1–3) or 14x.
func BenchmarkUnitCombos(b *testing.B) {
	for _, bm := range cageSets {
		b.Run(bm.name, func(b *testing.B) {
			benchmarkSearcher(b, Searcher{Options: Options{UnitCombos: true}}, puzzleBoards(b, bm.file), 2)
		})
	}
}

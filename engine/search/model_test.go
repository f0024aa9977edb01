package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// randomSolution fills an empty board of l after a few random digits; it
// returns nil when they leave no solution, or none is found soon.
func randomSolution(t testing.TB, rng *rand.Rand, l *grid.Layout) []uint8 {
	t.Helper()
	b := grid.NewBoard(l)
	for range l.N {
		cell, d := rng.IntN(l.Cells), 1+rng.IntN(l.N)
		if b.Value(cell) == 0 && b.Cands(cell).Has(d) {
			b.Place(cell, d)
		}
	}
	var g generic
	res, err := g.count(context.Background(), b, 1, 20_000)
	if err != nil || len(res.Solutions) == 0 {
		return nil // no solution, or none found soon
	}
	return res.Solutions[0]
}

// randomCages cuts the cells of an n×n board into connected cages of 1 to
// maxSize cells, whose targets the solution meets: sums for killers, a
// random operator for KenKen. Killer cages keep their digits distinct.
func randomCages(rng *rand.Rand, n int, sol []uint8, maxSize int, arithmetic bool) []grid.Cage {
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	var cages []grid.Cage
	for _, start := range rng.Perm(n * n) {
		if owner[start] >= 0 {
			continue
		}
		k := len(cages)
		cells := []int{start}
		owner[start] = k
		digits := grid.Bit(int(sol[start]))
		size := 1 + rng.IntN(maxSize)
		for len(cells) < size {
			c := cells[rng.IntN(len(cells))]
			r, col := c/n, c%n
			var next []int
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], col+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				x := rr*n + cc
				if owner[x] < 0 && (arithmetic || !digits.Has(int(sol[x]))) {
					next = append(next, x)
				}
			}
			if len(next) == 0 {
				break
			}
			x := next[rng.IntN(len(next))]
			owner[x] = k
			cells = append(cells, x)
			digits |= grid.Bit(int(sol[x]))
		}
		cg := grid.Cage{Cells: cells, Op: grid.OpAdd}
		sum, prod := 0, 1
		for _, c := range cells {
			sum += int(sol[c])
			prod *= int(sol[c])
		}
		cg.Target = sum
		switch {
		case len(cells) == 1:
			cg.Op, cg.Target = grid.OpNone, int(sol[cells[0]])
		case arithmetic && len(cells) == 2 && rng.IntN(2) == 0:
			a, b := int(sol[cells[0]]), int(sol[cells[1]])
			a, b = max(a, b), min(a, b)
			if a%b == 0 && rng.IntN(2) == 0 {
				cg.Op, cg.Target = grid.OpDiv, a/b
			} else {
				cg.Op, cg.Target = grid.OpSub, a-b
			}
		case arithmetic && rng.IntN(2) == 0:
			cg.Op, cg.Target = grid.OpMul, prod
		}
		cages = append(cages, cg)
	}
	return cages
}

// jigsaw9 is the regular boxes of 9×9 with two cells traded between the
// first two boxes.
var jigsaw9 = []int{
	0, 0, 0, 0, 1, 1, 2, 2, 2,
	0, 0, 0, 1, 1, 1, 2, 2, 2,
	0, 0, 1, 1, 1, 1, 2, 2, 2,
	3, 3, 3, 4, 4, 4, 5, 5, 5,
	3, 3, 3, 4, 4, 4, 5, 5, 5,
	3, 3, 3, 4, 4, 4, 5, 5, 5,
	6, 6, 6, 7, 7, 7, 8, 8, 8,
	6, 6, 6, 7, 7, 7, 8, 8, 8,
	6, 6, 6, 7, 7, 7, 8, 8, 8,
}

// baseConfig returns the layout without cages whose solutions the cages
// of cfg are drawn from: a KenKen board's Latin squares include those of
// the classic board of its size.
func baseConfig(cfg grid.Config) grid.Config {
	switch cfg.Variant {
	case grid.Killer, grid.KenKen, grid.KenDoku:
		cfg.Variant = grid.Classic
	case grid.KillerJigsaw:
		cfg.Variant = grid.Jigsaw
	}
	return cfg
}

// referenceTests are the layouts on which the search is compared with
// the reference search. Cage layouts get random cages of up to maxCage
// cells from a random solution.
var referenceTests = []struct {
	name    string
	cfg     grid.Config
	maxCage int
	boards  int
	// clues is the fraction of a solution's cells given, in percent.
	clues int
	limit int
}{
	{"6x6", grid.Config{Size: 6}, 0, 40, 15, 200},
	{"6x6 X", grid.Config{Size: 6, Variant: grid.X}, 0, 40, 15, 200},
	{"6x6 jigsaw", jigsaw6, 0, 40, 15, 200},
	{"9x9 X", grid.Config{Size: 9, Variant: grid.X}, 0, 30, 25, 100},
	{"9x9 windoku", grid.Config{Size: 9, Variant: grid.Windoku}, 0, 30, 25, 100},
	{"16x16", grid.Config{Size: 16}, 0, 6, 55, 20},
	{"16x16 X", grid.Config{Size: 16, Variant: grid.X}, 0, 6, 55, 20},
	{"25x25", grid.Config{Size: 25}, 0, 3, 65, 10},
	{"6x6 killer", grid.Config{Size: 6, Variant: grid.Killer}, 4, 40, 0, 200},
	{"9x9 killer", grid.Config{Size: 9, Variant: grid.Killer}, 5, 30, 0, 50},
	{"9x9 killer big cages", grid.Config{Size: 9, Variant: grid.Killer}, 8, 20, 10, 50},
	{"9x9 killer jigsaw", grid.Config{Size: 9, Variant: grid.KillerJigsaw, Regions: jigsaw9}, 4, 20, 0, 50},
	{"6x6 KenKen", grid.Config{Size: 6, Variant: grid.KenKen}, 4, 40, 0, 200},
	{"9x9 KenKen", grid.Config{Size: 9, Variant: grid.KenKen}, 4, 20, 0, 50},
	{"16x16 killer", grid.Config{Size: 16, Variant: grid.Killer}, 6, 4, 20, 10},
}

// TestAgainstReference counts random boards, with clues and with cages,
// with the search and with the reference search (the generic search
// before issue 17), to a limit, and compares the counts, the solutions
// and whether each was complete.
func TestAgainstReference(t *testing.T) {
	ctx := context.Background()
	for i, tt := range referenceTests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(17, uint64(i)))
			base, err := grid.NewLayout(baseConfig(tt.cfg))
			if err != nil {
				t.Fatal(err)
			}
			boards := tt.boards
			if race || testing.Short() {
				boards = max(1, boards/4)
			}
			var g generic
			for range boards {
				sol := randomSolution(t, rng, base)
				if sol == nil {
					continue
				}
				l := base
				if tt.maxCage > 0 {
					cfg := tt.cfg
					cfg.Cages = randomCages(rng, cfg.Size, sol, tt.maxCage, cfg.Variant.Arithmetic())
					if l, err = grid.NewLayout(cfg); err != nil {
						t.Fatal(err)
					}
				}
				b := grid.NewBoard(l)
				for cell, v := range sol {
					if rng.IntN(100) < tt.clues {
						b.Place(cell, int(v))
					}
				}
				var ref refGeneric
				want, werr := ref.count(ctx, b, tt.limit, 2_000_000)
				if werr != nil {
					t.Logf("reference: %v; skipped", werr)
					continue
				}
				got, err := g.count(ctx, b, tt.limit, 0)
				if err != nil {
					t.Fatal(err)
				}
				if !sameCount(got, want) {
					t.Fatalf("%v with %d cages: %d solutions (complete %v), reference %d (complete %v)",
						b.Values(), len(l.Cages()), len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
				}
				for _, s := range got.Solutions {
					if !valid(b, s) {
						t.Fatalf("invalid solution %v", s)
					}
				}
			}
		})
	}
}

// sameCount reports whether two searches of a board to the same limit
// agree: the same count, both complete or not, and the same solutions
// when complete (an incomplete search may have found others first).
func sameCount(a, b Result) bool {
	if len(a.Solutions) != len(b.Solutions) || a.Complete != b.Complete {
		return false
	}
	return !a.Complete || sameSets(a.Solutions, b.Solutions)
}

// TestOptionsAgree counts the cage fixtures and random cage boards with
// every part of the propagation turned off in turn: the counts must not
// change.
func TestOptionsAgree(t *testing.T) {
	ctx := context.Background()
	options := []Options{
		{NoDerived: true},
		{NoSingleOuties: true},
		{NoPriorities: true},
		{NoTables: true},
		{LockedFrom: -1},
		{LockedFrom: 4},
		{PlainBranching: true},
	}
	boards := cageBoards(t)
	rng := rand.New(rand.NewPCG(17, 99))
	for range 10 {
		for _, cfg := range []grid.Config{{Size: 9, Variant: grid.Killer}, {Size: 6, Variant: grid.KenKen}} {
			base, err := grid.NewLayout(baseConfig(cfg))
			if err != nil {
				t.Fatal(err)
			}
			sol := randomSolution(t, rng, base)
			if sol == nil {
				continue
			}
			cfg.Cages = randomCages(rng, cfg.Size, sol, 5, cfg.Variant.Arithmetic())
			l, err := grid.NewLayout(cfg)
			if err != nil {
				t.Fatal(err)
			}
			boards = append(boards, grid.NewBoard(l))
		}
	}
	if race {
		boards = boards[:len(boards)/4]
	}
	var def generic
	for i, b := range boards {
		want, err := def.count(ctx, b, 20, 10_000)
		if err != nil {
			continue
		}
		for _, o := range options {
			g := generic{opts: o}
			got, err := g.count(ctx, b, 20, 10_000)
			if err != nil {
				continue // bounds alone may take too long
			}
			if !sameCount(got, want) {
				t.Fatalf("board %d, options %+v: %d solutions (complete %v), default %d (complete %v)",
					i, o, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
			}
		}
	}
}

// TestGenericNoAllocsPerNode counts boards that take many guesses and
// checks that a search allocates only the solutions it returns, however
// many nodes it visits.
func TestGenericNoAllocsPerNode(t *testing.T) {
	if race {
		t.Skip("allocation counts are not exact under the race detector")
	}
	tests := []struct {
		name string
		file string
		line int
	}{
		{"16x16 X", "testdata/x16.txt", 1},
		{"9x9 killer", "testdata/killer9-tarek.txt", 0},
		{"25x25", "testdata/25x25.txt", 7},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixtureBoards(t, tt.file)[tt.line]
			var g generic
			res, err := g.count(ctx, b, 2, 0) // warm: the model and frames
			if err != nil {
				t.Fatal(err)
			}
			if res.Nodes < 10 {
				t.Fatalf("%d nodes: the board is too easy to show anything", res.Nodes)
			}
			allocs := testing.AllocsPerRun(3, func() {
				if _, err := g.count(ctx, b, 2, 0); err != nil {
					t.Fatal(err)
				}
			})
			// The result, the solution found and the slice holding it.
			if allocs > 3 {
				t.Errorf("%v allocations a search of %d nodes, want at most 3", allocs, res.Nodes)
			}
		})
	}
}

// fixtureBoards reads the boards of a fixture file, one puzzle a line in
// any format the codec reads (see board).
func fixtureBoards(t testing.TB, file string) []*grid.Board {
	t.Helper()
	return boardsOf(t, readFixture(t, file))
}

// BenchmarkNewModel builds the model of killer layouts: the cage tables
// and the derived sums, paid once per layout.
func BenchmarkNewModel(b *testing.B) {
	for _, file := range []string{"testdata/killer9.txt", "testdata/killer16.txt"} {
		l := fixtureBoards(b, file)[0].Layout()
		b.Run(file, func(b *testing.B) {
			b.ReportAllocs()
			var m *model
			for b.Loop() {
				m = newModel(l, Options{})
			}
			b.ReportMetric(float64(len(m.cons)), "constraints")
			b.ReportMetric(float64(m.derived), "derived")
		})
	}
}

// TestFixturesAgainstReference proves the fixtures unique with the
// search and with the reference search, which must agree; the reference
// gives up on the hardest ones after its node budget.
func TestFixturesAgainstReference(t *testing.T) {
	files := []string{
		"testdata/killer9.txt",
		"testdata/killer9-big.txt",
		"testdata/killer16.txt",
		"testdata/kenken9.txt",
		"testdata/x16.txt",
		"testdata/x25.txt",
		"testdata/25x25-hard.txt",
		"testdata/cages.txt",
	}
	budget := int64(20_000)
	if race || testing.Short() {
		budget = 5_000
	}
	ctx := context.Background()
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			var g generic
			for i, b := range fixtureBoards(t, file) {
				got, err := g.count(ctx, b, 2, 0)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Solutions) != 1 || !got.Complete || !valid(b, got.Solutions[0]) {
					t.Fatalf("line %d: %d solutions (complete %v), want 1 valid", i+1, len(got.Solutions), got.Complete)
				}
				var ref refGeneric
				want, err := ref.count(ctx, b, 2, budget)
				if err != nil {
					continue
				}
				if !sameCount(got, want) {
					t.Fatalf("line %d: %d solutions, reference %d", i+1, len(got.Solutions), len(want.Solutions))
				}
			}
		})
	}
}

// TestPairs checks the naked and hidden pairs of boards with locked
// candidates, found at the root of a 16×16 board.
func TestPairs(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 16})
	if err != nil {
		t.Fatal(err)
	}
	all := grid.AllDigits(16)
	for _, tt := range []struct {
		name     string
		restrict map[int]grid.Digits
		// cells and the digits each must have lost.
		gone map[int]grid.Digits
	}{
		{
			// r1c1 and r1c2 hold 1 and 2, so no other cell of row 1 or
			// box 1 does.
			"naked",
			map[int]grid.Digits{0: grid.Bit(1) | grid.Bit(2), 1: grid.Bit(1) | grid.Bit(2)},
			map[int]grid.Digits{2: grid.Bit(1) | grid.Bit(2), 15: grid.Bit(1) | grid.Bit(2), 16: grid.Bit(1) | grid.Bit(2)},
		},
		{
			// 3 and 4 go in row 1 only at r1c1 or r1c2 (r1c3 holds 5 or 6),
			// so those two cells hold nothing else.
			"hidden",
			func() map[int]grid.Digits {
				m := map[int]grid.Digits{2: grid.Bit(5) | grid.Bit(6)}
				for cell := 3; cell < 16; cell++ {
					m[cell] = all &^ (grid.Bit(3) | grid.Bit(4))
				}
				return m
			}(),
			map[int]grid.Digits{0: all &^ (grid.Bit(3) | grid.Bit(4)), 1: all &^ (grid.Bit(3) | grid.Bit(4))},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := grid.NewBoard(l)
			for cell, d := range tt.restrict {
				b.Restrict(cell, d)
			}
			var g generic
			g.prepare(l)
			if !g.root(b) || !g.propagate(g.frames[0]) {
				t.Fatal("contradiction")
			}
			f := g.frames[0]
			for cell, d := range tt.gone {
				if left := f.cand[cell] & d; left != 0 {
					t.Errorf("cell %d keeps %v", cell, left)
				}
			}
		})
	}
}

// TestAliveSetsKeepSolution checks the sets of the cage tables that
// propagation rules out (frame.alive) against a known solution: on 60
// random killers (20 under the race detector) with some of the
// solution's digits given, the set each table's cells take in the
// solution is never ruled out, and sets are ruled out.
func TestAliveSetsKeepSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	ruledOut, tables := 0, 0
	boards := 60
	if race {
		boards = 20
	}
	for i := range boards {
		l, sol := randomSolvedKiller(t, rng, []int{6, 9}[i%2])
		if l == nil {
			continue
		}
		b := grid.NewBoard(l)
		clues := []int{0, 10, 25}[i%3]
		for cell, v := range sol {
			if rng.IntN(100) < clues {
				b.Place(cell, int(v))
			}
		}
		g := generic{}
		g.prepare(l)
		if !g.root(b) || !g.propagate(g.frames[0]) {
			t.Fatalf("board %d: propagation fails on a board with a solution", i)
		}
		f := g.frames[0]
		for id := range g.m.cons {
			c := &g.m.cons[id]
			if c.kind != conCombos {
				continue
			}
			var set grid.Digits
			for _, cell := range g.m.cells[c.start:c.end] {
				set |= grid.Bit(int(sol[cell]))
			}
			alive := f.sets(c)
			for j, s := range c.combos {
				on := alive[j/64]>>(j%64)&1 != 0
				if s == set && !on {
					t.Fatalf("board %d, constraint %d: the solution's set %v ruled out", i, id, s)
				}
				if !on {
					ruledOut++
				}
			}
			tables++
		}
	}
	if tables < 500 || ruledOut < 1000 {
		t.Errorf("%d sets ruled out over %d tables, want at least 1,000 over 500", ruledOut, tables)
	}
	t.Logf("%d sets ruled out over %d tables", ruledOut, tables)
}

// TestChooseCageCountsAliveSets checks, at the states random descents
// through the published killers reach, that generic.chooseCage, which
// takes the sets still on (frame.alive) as possible and tests only the
// others, picks the cage that testing every set picks: once propagation
// is done, a set still on is possible.
func TestChooseCageCountsAliveSets(t *testing.T) {
	var boards []*grid.Board
	for _, file := range []string{"testdata/killer9-tarek.txt", "testdata/killer9-extreme.txt", "testdata/killer9-mathemagic.txt"} {
		boards = append(boards, puzzleBoards(t, file)...)
	}
	cages := 0
	states := descend(t, rand.New(rand.NewPCG(38, 10)), boards, func(i, depth int, g *generic, f *frame) {
		if f.empty == 0 {
			return
		}
		for _, n := range []int{2, 3, 4} {
			want := chooseCageTestingAll(g, f, n)
			if got := g.chooseCage(f, n); got != want {
				t.Fatalf("board %d, depth %d, n %d: chooseCage %d, testing every set %d", i, depth, n, got, want)
			}
			if want >= 0 {
				cages++
			}
		}
	})
	if states < 300 || cages < 100 {
		t.Errorf("%d states, %d cage choices, want at least 300 and 100", states, cages)
	}
	t.Logf("%d states, %d cage choices", states, cages)
}

// setPossible reports, as cageState.possible does, reading the cells
// for each set, whether the cells of combos constraint c can still
// hold the digits of set: it has the digits placed there, each empty cell
// has a candidate in it, and each of its digits not placed a cell. So
// when two sets are possible, keeping the cells to either narrows some.
func (g *generic) setPossible(f *frame, c *constraint, set grid.Digits) bool {
	placed, open := grid.Digits(0), grid.Digits(0)
	for _, cell := range g.m.cells[c.start:c.end] {
		if v := f.value[cell]; v != 0 {
			placed |= grid.Bit(int(v))
		} else if f.cand[cell]&set == 0 {
			return false
		} else {
			open |= f.cand[cell]
		}
	}
	return placed&^set == 0 && set&^placed&^open == 0
}

// chooseCageTestingAll is generic.chooseCage testing every set of each
// cage's table with setPossible, as it did before it counted the sets
// still on.
func chooseCageTestingAll(g *generic, f *frame, n int) int32 {
	best, bestN := int32(-1), min(n, 3)
	for _, id := range g.m.cageTables {
		c := &g.m.cons[id]
		k := 0
		for _, set := range c.combos {
			if g.setPossible(f, c, set) {
				if k++; k >= bestN {
					break
				}
			}
		}
		if k >= 2 && k < bestN {
			best, bestN = id, k
		}
	}
	return best
}

// TestSingleOutiesHold checks every derived sum of the model against a
// solution: on random killers of 6×6 and 9×9 and on tarek's published
// ones, each derived table's cells take one of its sets and each derived
// sum adds up to its target. The sums of a region less one crossing cage
// with a single cell outside it (Options.NoSingleOuties) must add a floor
// of sums, so that the check covers them.
func TestSingleOutiesHold(t *testing.T) {
	type solved struct {
		l   *grid.Layout
		sol []uint8
	}
	var boards []solved
	rng := rand.New(rand.NewPCG(38, 15))
	for i := range 40 {
		if l, sol := randomSolvedKiller(t, rng, []int{6, 9}[i%2]); l != nil {
			boards = append(boards, solved{l, sol})
		}
	}
	for i, b := range fixtureBoards(t, "testdata/killer9-tarek.txt")[:12] {
		res := countUnique(t, Searcher{MaxNodes: 100_000}, b, fmt.Sprintf("tarek line %d", i+1))
		boards = append(boards, solved{b.Layout(), res.Solutions[0]})
	}
	added, checked := 0, 0
	for i, b := range boards {
		m := newModel(b.l, Options{})
		added += m.derived - newModel(b.l, Options{NoSingleOuties: true}).derived
		for id := range m.cons {
			c := &m.cons[id]
			if c.cage >= 0 {
				continue
			}
			cells := m.cells[c.start:c.end]
			switch c.kind {
			case conSum:
				total := int32(0)
				for j, cell := range cells {
					if m.neg[int(c.start)+j] {
						total -= int32(b.sol[cell])
					} else {
						total += int32(b.sol[cell])
					}
				}
				if total != c.target {
					t.Fatalf("board %d, constraint %d: the solution adds up to %d, want %d", i, id, total, c.target)
				}
			case conCombos:
				var set grid.Digits
				for _, cell := range cells {
					set |= grid.Bit(int(b.sol[cell]))
				}
				if !slices.Contains(c.combos, set) {
					t.Fatalf("board %d, constraint %d: the solution's digits %v are no set of its table", i, id, set)
				}
			}
			checked++
		}
	}
	if added < 500 {
		t.Errorf("%d sums with a single outie over %d boards, want at least 500", added, len(boards))
	}
	t.Logf("%d derived sums checked on %d boards, %d of them with a single outie", checked, len(boards), added)
}

// randomSolvedKiller returns a random killer of side n with cages of up to
// five cells, and its solution; nil when no random solution was found.
func randomSolvedKiller(t *testing.T, rng *rand.Rand, n int) (*grid.Layout, []uint8) {
	t.Helper()
	base, err := grid.NewLayout(grid.Config{Size: n})
	if err != nil {
		t.Fatal(err)
	}
	sol := randomSolution(t, rng, base)
	if sol == nil {
		return nil, nil
	}
	l, err := grid.NewLayout(grid.Config{Size: n, Variant: grid.Killer, Cages: randomCages(rng, n, sol, 5, false)})
	if err != nil {
		t.Fatal(err)
	}
	return l, sol
}

// TestPriorities checks the cells' priorities of model.priorities: set on
// killers with derived sums, each cell at least the weight of its
// units, the cells of derived sums above it and by as much as the sums
// over them weigh; nil on boards without cages, on KenKen, with
// NoPriorities and without derived sums. It fails if the priorities stop steering (all
// cells alike) or weigh the cages' own constraints.
func TestPriorities(t *testing.T) {
	killer := fixtureBoards(t, "testdata/killer9-tarek.txt")[0].Layout()
	kenken := fixtureBoards(t, "testdata/kenken9.txt")[0].Layout()
	classic, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		l    *grid.Layout
		opts Options
		want bool
	}{
		{"killer", killer, Options{}, true},
		{"killer, NoPriorities", killer, Options{NoPriorities: true}, false},
		{"killer, NoDerived", killer, Options{NoDerived: true}, false},
		{"classic", classic, Options{}, false},
		{"KenKen", kenken, Options{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(tc.l, tc.opts)
			if (m.prior != nil) != tc.want {
				t.Fatalf("priorities set %v, want %v", m.prior != nil, tc.want)
			}
			if m.prior == nil {
				return
			}
			n := int32(tc.l.N)
			want := make([]int32, tc.l.Cells)
			for cell := range want {
				want[cell] = n * int32(len(tc.l.CellUnit(cell)))
			}
			for _, c := range m.cons {
				if c.cage >= 0 {
					continue
				}
				for _, cell := range m.cells[c.start:c.end] {
					want[cell] += max(2*n-(c.end-c.start), n)
				}
			}
			if !slices.Equal(m.prior, want) {
				t.Errorf("priorities %v, want %v", m.prior, want)
			}
			if slices.Min(m.prior) == slices.Max(m.prior) {
				t.Errorf("every cell weighs %d: the priorities do not steer", m.prior[0])
			}
		})
	}
}

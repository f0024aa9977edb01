package strategy

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/shared"
)

// The harness the strategy tests share: the jigsaw map, the soundness runs
// on random puzzles of several layouts, the loader of the shared puzzle
// files, the allocation test and the benchmark of a list of finders.

// testJigsaw is the region map of the jigsaw layout the tests use. Region 0
// holds r1c1..r1c3, r2c1..r2c3, r3c1, r4c1 and r4c2.
var testJigsaw = func() []int {
	const m = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
	regions := make([]int, len(m))
	for i, c := range m {
		regions[i] = int(c - '0')
	}
	return regions
}()

// testLayout builds a layout or fails the test.
func testLayout(tb testing.TB, cfg grid.Config) *grid.Layout {
	tb.Helper()
	l, err := grid.NewLayout(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

// cellNamed parses a cell name such as "r3c4" on a board of any size.
func cellNamed(t testing.TB, l *grid.Layout, name string) int {
	t.Helper()
	i := strings.IndexByte(name, 'c')
	r, err1 := strconv.Atoi(name[1:max(i, 1)])
	c, err2 := strconv.Atoi(name[i+1:])
	if i < 0 || name[0] != 'r' || err1 != nil || err2 != nil || r < 1 || r > l.N || c < 1 || c > l.N {
		t.Fatalf("bad cell %q", name)
	}
	return (r-1)*l.N + c - 1
}

// testBoard builds a board of layout l with every candidate open, keeps
// digit D of each unit of only in the cells named (units "r3", "c4" or
// "b5", a box or jigsaw region by number), then sets the candidates of the
// cells in cands (cell name → digits, one character each, 1-9).
func testBoard(t testing.TB, l *grid.Layout, only []patOnly, cands map[string]string) *grid.Board {
	t.Helper()
	b := grid.NewBoard(l)
	for _, o := range only {
		k, err := strconv.Atoi(o.Unit[1:])
		kind, ok := map[byte]grid.UnitKind{'r': grid.Row, 'c': grid.Column, 'b': grid.Region}[o.Unit[0]]
		if err != nil || !ok {
			t.Fatalf("bad unit %q", o.Unit)
		}
		var keep []int
		for _, name := range strings.Fields(o.Cells) {
			keep = append(keep, cellNamed(t, l, name))
		}
		found := false
		for _, u := range l.Units() {
			if u.Kind != kind || u.Index != k-1 {
				continue
			}
			found = true
			for _, cell := range u.Cells {
				if !slices.Contains(keep, cell) {
					b.Eliminate(cell, o.D)
				}
			}
		}
		if !found {
			t.Fatalf("no unit %q", o.Unit)
		}
	}
	for name, ds := range cands {
		var set grid.Digits
		for _, ch := range ds {
			set |= grid.Bit(int(ch - '0'))
		}
		if !b.SetCands(cellNamed(t, l, name), set) {
			t.Fatalf("cannot set the candidates %s of %s", ds, name)
		}
	}
	return b
}

// effectsNamed parses "d@r1c1 ..." on layout l.
func effectsNamed(t testing.TB, l *grid.Layout, s string) []CellDigit {
	t.Helper()
	var out []CellDigit
	for _, f := range strings.Fields(s) {
		d, err := strconv.Atoi(f[:strings.IndexByte(f, '@')])
		if err != nil {
			t.Fatalf("bad effect %q", f)
		}
		out = append(out, CellDigit{cellNamed(t, l, f[strings.IndexByte(f, '@')+1:]), d})
	}
	return sortedEffects(out)
}

// findAllSteps returns the steps st finds on b in find-all mode, failing
// the test when the finder changes the board.
func findAllSteps(t *testing.T, st *Strategy, b *grid.Board) []Step {
	t.Helper()
	before := b.AppendCandidates(nil)
	sink := Sink{All: true}
	st.Find(b, &sink)
	if !b.CandidatesEqual(before) {
		t.Fatal("the finder changed the board")
	}
	return sink.Steps()
}

// noStepsWanted reports every step of a case that wants none.
func noStepsWanted(t *testing.T, l *grid.Layout, steps []Step) {
	t.Helper()
	for _, s := range steps {
		t.Errorf("unexpected step: %s", s.Explain(grid.Notation{Layout: l}))
	}
}

// firstStepFindsOne checks that st, in first-step mode, stops after one
// step on b.
func firstStepFindsOne(t *testing.T, st *Strategy, b *grid.Board) {
	t.Helper()
	var first Sink
	st.Find(b, &first)
	if len(first.Steps()) != 1 {
		t.Errorf("first-step mode found %d steps, want 1", len(first.Steps()))
	}
}

// layoutCase is one layout of a soundness run: puzzles random puzzles of
// cfg, with about keep of their cells given.
type layoutCase struct {
	name    string
	cfg     grid.Config
	puzzles int
	keep    float64
}

// solveChecked solves b, checking steps against sol (a solution of b) and
// counting them per technique in seen.
type solveChecked func(t *testing.T, b *grid.Board, sol []uint8, seen map[string]int)

// soundOnLayouts runs solve on random puzzles of each layout, in a subtest
// per layout, and returns the steps checked per technique over them all. A
// new random solution comes every `every` puzzles (the search for one costs
// more than a solve); killer and KenKen layouts keep the solution their
// cages are made from. done, when not nil, sees each layout's count at the
// end of its subtest.
func soundOnLayouts(t *testing.T, r *rand.Rand, every int, tests []layoutCase, solve solveChecked, done func(t *testing.T, seen map[string]int)) map[string]int {
	total := map[string]int{}
	for _, tt := range tests {
		if quick() {
			tt.puzzles = max(tt.puzzles/10, 2)
		}
		t.Run(tt.name, func(t *testing.T) {
			seen := map[string]int{}
			defer func() {
				t.Logf("steps checked per technique: %v", seen)
				for k, v := range seen {
					total[k] += v
				}
			}()
			cfg := tt.cfg
			sol := cagedSolution(t, &cfg, r)
			l := testLayout(t, cfg)
			for i := 0; i < tt.puzzles; i++ {
				if sol == nil || i%every == 0 && cfg.Cages == nil {
					_, sol = patRandomPuzzle(t, l, r, 0)
				}
				solve(t, patPuzzle(t, l, sol, r, tt.keep), sol, seen)
			}
			if done != nil {
				done(t, seen)
			}
		})
	}
	return total
}

// solveCheckingEachState solves b, applying the first step the first of
// passes finds, until none finds one or b is solved; at every state it
// first asks each of checked for all its steps and hands them to check.
// apply, when not nil, sees each step before it is applied and stops the
// solve by returning false. It reports whether the solve ended stuck.
func solveCheckingEachState(b *grid.Board, checked []*Strategy, passes []Pass, check func(st *Strategy, sink *Sink), apply func(s *Step) bool) (stuck bool) {
	var sink Sink
	for step := 0; step < 4*b.Layout().Cells && !b.Solved(); step++ {
		for _, st := range checked {
			sink.Reset()
			sink.All, sink.Form = true, AllForms()
			st.Find(b, &sink)
			check(st, &sink)
		}
		progress := false
		for _, p := range passes {
			sink.Reset()
			sink.All, sink.Form = false, p.Form
			p.Strategy.Find(b, &sink)
			if len(sink.Steps()) == 0 {
				continue
			}
			s := &sink.Steps()[0]
			if apply != nil && !apply(s) {
				return false
			}
			s.Apply(b)
			progress = true
			break
		}
		if !progress {
			return true
		}
	}
	return false
}

// passesOf returns a pass of every size for each strategy.
func passesOf(strategies ...*Strategy) []Pass {
	passes := make([]Pass, len(strategies))
	for i, st := range strategies {
		passes[i].Strategy = st
	}
	return passes
}

// cagedSolution gives killer and KenKen configurations their cages, which
// come from a solution known beforehand, and returns that solution; other
// configurations are left alone, with a nil solution.
func cagedSolution(t *testing.T, cfg *grid.Config, r *rand.Rand) []uint8 {
	t.Helper()
	var sol []uint8
	switch cfg.Variant {
	case grid.Killer:
		_, sol = patRandomPuzzle(t, testLayout(t, grid.Config{Size: cfg.Size}), r, 0)
		cfg.Cages = patKillerCages(cfg.Size, sol, r)
	case grid.KenKen:
		sol = patLatinSquare(cfg.Size, r)
		for cell, v := range sol {
			cfg.Cages = append(cfg.Cages, grid.Cage{Cells: []int{cell}, Target: int(v)})
		}
	}
	return sol
}

// sharedBoards calls each with the board of every puzzle of a file of the
// shared test data (one puzzle a line, in its first field; blank lines and
// # comments skipped), and its line, until each returns false.
func sharedBoards(tb testing.TB, file string, each func(b *grid.Board, line string) bool) {
	tb.Helper()
	for _, line := range shared.Lines(tb, shared.Path(tb, file)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if !each(board(tb, strings.Fields(line)[0]), line) {
			return
		}
	}
}

// sharedSet is a file of the shared test data and how many of its
// puzzles a soundness run takes.
type sharedSet struct {
	file string
	max  int
}

// soundOnSharedSets runs solve on the first puzzles of each set with their
// solution, failing the test on a puzzle without exactly one, and returns
// (and logs) the steps checked per technique.
func soundOnSharedSets(t *testing.T, solve solveChecked, sets ...sharedSet) map[string]int {
	t.Helper()
	seen := map[string]int{}
	var s search.Searcher
	for _, set := range sets {
		n := 0
		sharedBoards(t, set.file, func(b *grid.Board, line string) bool {
			solve(t, b, uniqueSolution(t, &s, b, line), seen)
			n++
			return n < set.max
		})
	}
	t.Logf("steps checked per technique: %v", seen)
	return seen
}

// atLeast fails the test unless seen counts at least floor[name] steps of
// each technique named, so that a soundness run whose finder finds nothing
// (or far less than it did) fails instead of passing on nothing.
func atLeast(t *testing.T, seen map[string]int, floor map[string]int) {
	t.Helper()
	for name, n := range floor {
		if seen[name] < n {
			t.Errorf("%d %s steps checked, want at least %d", seen[name], name, n)
		}
	}
}

// uniqueSolution returns the solution of b (the puzzle what), failing the
// test unless it has exactly one.
func uniqueSolution(t testing.TB, s *search.Searcher, b *grid.Board, what string) []uint8 {
	t.Helper()
	res, err := s.Count(context.Background(), b, 2)
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("%s: %d solutions, %v", what, len(res.Solutions), err)
	}
	return res.Solutions[0]
}

// findersDoNotAllocate fails the test when a finder of strategies
// allocates over boards, in each sink mode of modes (Sink.All: find-all or
// first step), after warm passes over the boards. The caller pauses the
// collector.
func findersDoNotAllocate(t *testing.T, boards []*grid.Board, strategies []*Strategy, warm int, modes ...bool) {
	t.Helper()
	for _, st := range strategies {
		for _, all := range modes {
			sink := Sink{All: all}
			run := func() {
				for _, b := range boards {
					sink.Reset()
					st.Find(b, &sink)
				}
			}
			for range warm {
				run()
			}
			if allocs := testing.AllocsPerRun(3, run); allocs != 0 {
				t.Errorf("%s (all=%v): %.1f allocations per run over %d boards, want 0", st.name, all, allocs, len(boards))
			}
		}
	}
}

// benchFinders benchmarks each of strategies, in first-step mode, over
// boards in turn.
func benchFinders(b *testing.B, boards []*grid.Board, strategies []*Strategy) {
	for _, st := range strategies {
		b.Run(st.name, func(b *testing.B) {
			var sink Sink
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sink.Reset()
				st.Find(boards[i%len(boards)], &sink)
			}
		})
	}
}

// top1465 is the shared set of hard puzzles most strategy tests walk.
const top1465 = "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt"

// eachLogicState calls each with every board state along the logic solves
// of the first max puzzles of a shared file, with the puzzle's line and
// the step the default plan (every strategy but the opt-in ones) takes
// there (nil when stuck). The step is applied after each returns. The
// plan leaves out Nested Forcing Net, so that the states are those the
// recorded fish steps (TestFishStepsRecorded) were taken along: with it
// the three top1465 puzzles logic left go on to the end.
func eachLogicState(t *testing.T, file string, max int, each func(b *grid.Board, line string, step *Step)) {
	t.Helper()
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() && st != NestedForcingNet() })
	n := 0
	sharedBoards(t, file, func(b *grid.Board, line string) bool {
		solveByFirstSteps(b, passes, func(b *grid.Board, step *Step) { each(b, line, step) })
		n++
		return n < max
	})
}

// solveByFirstSteps takes the first step the passes find on b until b is
// solved or no pass finds one, calling each on every state before its step
// is applied (with a nil step on the state where the solve stops).
func solveByFirstSteps(b *grid.Board, passes []Pass, each func(b *grid.Board, step *Step)) {
	var sink Sink
	for !b.Solved() {
		var step *Step
		for _, p := range passes {
			sink.Reset()
			sink.All, sink.Form = false, p.Form
			p.Strategy.Find(b, &sink)
			if len(sink.Steps()) > 0 {
				step = &sink.Steps()[0]
				break
			}
		}
		each(b, step)
		if step == nil {
			return
		}
		step.Apply(b)
	}
}

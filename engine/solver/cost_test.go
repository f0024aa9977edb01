package solver

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/cputime"
)

func newEmpty(t testing.TB, n int) *grid.Board {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: n})
	if err != nil {
		t.Fatal(err)
	}
	return grid.NewBoard(l)
}

var paysTests = []struct {
	typ     SolvingType
	n       int
	guessed bool
	want    bool
}{
	{Mixed, 9, false, true},
	{Mixed, 9, true, false},
	{Mixed, 16, false, true},
	{Mixed, 16, true, false},
	{Mixed, 25, false, true},
	{Mixed, 25, true, false},
	{Mixed, 32, false, false},
	{LogicOnly, 25, false, true},
	{LogicOnly, 32, false, true},
	{GuessingOnly, 9, true, true},
}

func TestPays(t *testing.T) {
	for _, tt := range paysTests {
		l := newEmpty(t, tt.n).Layout()
		if got := Pays(tt.typ, l, tt.guessed); got != tt.want {
			t.Errorf("Pays(%d, %d×%d, guessed %v) = %v, want %v", tt.typ, tt.n, tt.n, tt.guessed, got, tt.want)
		}
	}
}

func TestCostClasses(t *testing.T) {
	for _, st := range []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle(), strategy.LockedRegions(), strategy.LockedCandidates(), strategy.NakedSubsets(), strategy.HiddenSubsets()} {
		if CostOf(st) != Cheap {
			t.Errorf("CostOf(%s) = Dear, want Cheap", st.Name())
		}
	}
	for _, st := range []*strategy.Strategy{strategy.BasicFish(), strategy.XChain(), strategy.ForcingNet(), strategy.ALSXZ(), strategy.UniqueRectangles()} {
		if CostOf(st) != Dear {
			t.Errorf("CostOf(%s) = Cheap, want Dear", st.Name())
		}
	}
}

// finders returns the strategies whose finders a solve of b with opts
// runs before its first guess and after it (see activePasses).
func finders(t *testing.T, b *grid.Board, opts Options) (before, after map[*strategy.Strategy]bool) {
	t.Helper()
	r := newRun(b, opts, nil)
	r.plan(opts)
	before, after = map[*strategy.Strategy]bool{}, map[*strategy.Strategy]bool{}
	for _, p := range r.activePasses() {
		before[p.Strategy] = true
	}
	r.res.Guesses = 1
	for _, p := range r.activePasses() {
		after[p.Strategy] = true
	}
	return before, after
}

// solveByGuessing solves b with opts, failing the test unless it is solved
// with guesses.
func solveByGuessing(t *testing.T, b *grid.Board, opts Options) {
	t.Helper()
	res, err := Solve(context.Background(), b, opts, nil)
	if err != nil || res.Status != Solved || res.Guesses == 0 {
		t.Fatalf("status %v after %d guesses (%v), want solved by guessing", res.Status, res.Guesses, err)
	}
}

func names(set map[*strategy.Strategy]bool, cost Cost) string {
	var out []string
	for st := range set {
		if CostOf(st) == cost {
			out = append(out, st.Name())
		}
	}
	return strings.Join(out, ", ")
}

// TestLargeMixedKeepsToCheap: a mixed solve of an empty board above
// 25×25 runs only the Cheap finders, and still solves it.
func TestLargeMixedKeepsToCheap(t *testing.T) {
	for _, n := range []int{32} {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			before, after := finders(t, newEmpty(t, n), Options{})
			solveByGuessing(t, newEmpty(t, n), Options{})
			if dear := names(before, Dear) + names(after, Dear); dear != "" {
				t.Errorf("dear finders run: %s", dear)
			}
		})
	}
}

// TestMixedAfterGuessKeepsToCheap: on a 9×9 or a 25×25 (LargeBoard) that
// needs guessing (the empty board), every finder runs before the first
// guess and only the Cheap ones after it; a logic-only solve keeps them
// all.
func TestMixedAfterGuessKeepsToCheap(t *testing.T) {
	for _, n := range []int{9, LargeBoard} {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			before, after := finders(t, newEmpty(t, n), Options{})
			if n == 9 || !race {
				// The 25×25's dear pass takes seconds under -race.
				solveByGuessing(t, newEmpty(t, n), Options{})
			}
			for _, p := range plans[planKey{Mixed, false, variantClass(grid.Classic)}].passes {
				if !before[p.Strategy] {
					t.Errorf("%s did not run before the first guess", p.Strategy.Name())
				}
			}
			if dear := names(after, Dear); dear != "" {
				t.Errorf("dear finders run after a guess: %s", dear)
			}
			if names(after, Cheap) == "" {
				t.Errorf("no cheap finder ran after a guess")
			}
		})
	}
	before, _ := finders(t, newEmpty(t, 32), Options{Type: LogicOnly, MaxSteps: 1})
	if names(before, Dear) == "" {
		t.Errorf("logic-only solve of a 32×32 ran no dear finder")
	}
}

// singles16 returns a 16×16 puzzle naked and hidden singles solve: a
// solution with cells emptied, in a fixed order, while singles still
// finish it.
func singles16(t testing.TB) *grid.Board {
	t.Helper()
	b := newEmpty(t, 16)
	var s search.Searcher
	res, err := s.Count(context.Background(), b, 1)
	if err != nil || len(res.Solutions) != 1 {
		t.Fatalf("no 16×16 solution: %v", err)
	}
	sol := res.Solutions[0]
	clues := append([]uint8(nil), sol...)
	singles := Options{Type: LogicOnly, Strategies: []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle()}}
	for i := range clues {
		cell := i * 97 % len(clues) // 97 is prime to 256: every cell once
		v := clues[cell]
		clues[cell] = 0
		p := grid.NewBoard(b.Layout())
		p.Reset(clues, nil)
		if r, err := Solve(context.Background(), p, singles, nil); err != nil || r.Status != Solved {
			clues[cell] = v
		}
	}
	p := grid.NewBoard(b.Layout())
	p.Reset(clues, nil)
	return p
}

// TestRatingScalesWithSize: a 16×16 that singles solve is Easy, though
// its raw score is past the Easy bound of a 9×9.
func TestRatingScalesWithSize(t *testing.T) {
	b := singles16(t)
	res, err := Solve(context.Background(), b, Options{CheckMultiple: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Solved || res.Guesses != 0 {
		t.Fatalf("status %v, %d guesses; want solved by logic", res.Status, res.Guesses)
	}
	if h := res.Rating.Hardest; h.Level() != strategy.Easy {
		t.Fatalf("hardest %s is %s, want a single", h.Name(), h.Level())
	}
	if res.Rating.Level != strategy.Easy {
		t.Errorf("level %s (score %d on %d cells), want Easy", res.Rating.Level, res.Rating.Score, res.Rating.Cells)
	}
	raw := res.Rating
	raw.Cells = 81
	if raw.Grade() == strategy.Easy {
		t.Errorf("score %d would be Easy unscaled too; the test proves nothing", raw.Score)
	}
}

var gradeTests = []struct {
	level strategy.Level
	score int
	cells int
	want  strategy.Level
}{
	{strategy.Easy, 800, 81, strategy.Easy},
	{strategy.Easy, 801, 81, strategy.Medium},
	{strategy.Easy, 1700, 81, strategy.Unfair},
	{strategy.Medium, 1900, 81, strategy.Extreme},
	{strategy.Hard, 900, 0, strategy.Hard},
	{strategy.Easy, 801, 0, strategy.Medium},
	{strategy.Easy, 2500, 256, strategy.Easy},     // 791 on the 9×9 scale
	{strategy.Easy, 2600, 256, strategy.Medium},   // 822
	{strategy.Medium, 7700, 625, strategy.Medium}, // 997
	{strategy.Medium, 7800, 625, strategy.Hard},   // 1010
	{strategy.Extreme, 10, 1024, strategy.Extreme},
}

// techniqueOfLevel returns a technique of the catalogue at level.
func techniqueOfLevel(t *testing.T, level strategy.Level) *strategy.Technique {
	t.Helper()
	for _, st := range strategy.All() {
		for _, tech := range st.AllTechniques() {
			if tech.Level() == level {
				return tech
			}
		}
	}
	t.Fatalf("no technique of level %s", level)
	return nil
}

// TestGrade: the level is the hardest technique's, raised while the score
// scaled to 81 cells passes the level's bound; 9×9 grades are as before.
func TestGrade(t *testing.T) {
	for _, tt := range gradeTests {
		r := Rating{Hardest: techniqueOfLevel(t, tt.level), Score: tt.score, Cells: tt.cells}
		if got := r.Grade(); got != tt.want {
			t.Errorf("Grade(%s, score %d, %d cells) = %s, want %s", tt.level, tt.score, tt.cells, got, tt.want)
		}
	}
}

// TestRatingHardest: the hardest technique is the one of the highest
// level and, of one level, the highest score, whatever the order the
// steps come in; backtracks count nothing.
func TestRatingHardest(t *testing.T) {
	nested := strategy.NestedContradiction().Technique()
	long := strategy.LongNestedContradiction().Technique()
	guess := strategy.Guessing().Technique()
	pair := strategy.LockedCandidates().Technique()
	single := strategy.NakedSingle().Technique()
	if nested.Level() != long.Level() || nested.Score() >= long.Score() || long.Score() >= guess.Score() {
		t.Fatalf("levels and scores: %s %s %d, %s %s %d, %s %s %d", nested.Name(), nested.Level(), nested.Score(), long.Name(), long.Level(), long.Score(), guess.Name(), guess.Level(), guess.Score())
	}
	for _, tt := range []struct {
		steps []*strategy.Technique
		want  *strategy.Technique
	}{
		{[]*strategy.Technique{single, pair, single}, pair},
		{[]*strategy.Technique{nested, long, nested}, long},
		{[]*strategy.Technique{long, nested}, long},
		{[]*strategy.Technique{nested, guess, long}, guess},
		{[]*strategy.Technique{pair, nested, single}, nested},
	} {
		var r Rating
		for _, tech := range tt.steps {
			r.Add(&strategy.Step{Technique: tech})
		}
		r.Add(&strategy.Step{Technique: guess, Kind: strategy.Backtrack})
		if r.Hardest != tt.want {
			t.Errorf("steps %v: hardest %s, want %s", techniqueNames(tt.steps), r.Hardest.Name(), tt.want.Name())
		}
	}
}

func techniqueNames(ts []*strategy.Technique) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name())
	}
	return out
}

func benchmarkEmpty(b *testing.B, n int, typ SolvingType) {
	board := newEmpty(b, n)
	b.ReportAllocs()
	cpu := cputime.Used()
	for b.Loop() {
		if _, err := Solve(context.Background(), board, Options{Type: typ}, nil); err != nil {
			b.Fatal(err)
		}
	}
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkSolveEmpty solves empty boards by mixed solving and by
// guessing only: with the cost model the two cost about the same.
func BenchmarkSolveEmpty(b *testing.B) {
	for _, n := range []int{16, 25, 32} {
		b.Run(fmt.Sprintf("%dx%d/mixed", n, n), func(b *testing.B) { benchmarkEmpty(b, n, Mixed) })
		b.Run(fmt.Sprintf("%dx%d/guess", n, n), func(b *testing.B) { benchmarkEmpty(b, n, GuessingOnly) })
	}
}

var waitsTests = []struct {
	n, idle, left int
	cages         bool
	want          bool
}{
	{9, 300, 300, false, false}, // a plain 9×9: never
	{9, 300, 300, true, true},   // a killer's, unchanged
	{9, 300, 265, true, true},   // 35 fewer
	{9, 300, 264, true, false},  // 36 fewer: four sides
	{9, 0, 300, true, false},
	{16, 900, 885, true, true}, // 16×16 killers: the side
	{16, 900, 884, true, false},
	{16, 0, 900, false, false},    // not run yet, or found a step since
	{16, 900, 900, false, true},   // unchanged
	{16, 900, 885, false, true},   // 15 candidates fewer
	{16, 900, 884, false, false},  // 16 fewer: the side
	{25, 1600, 1576, false, true}, // 24 fewer
	{25, 1600, 1575, false, false},
	{32, 4000, 4000, false, true},
}

func TestWaits(t *testing.T) {
	for _, tt := range waitsTests {
		l := newEmpty(t, tt.n).Layout()
		if tt.cages {
			l = killerLayout(t, tt.n)
		}
		if got := Waits(l, tt.idle, tt.left); got != tt.want {
			t.Errorf("Waits(%d×%d, cages %v, idle %d, left %d) = %v, want %v", tt.n, tt.n, tt.cages, tt.idle, tt.left, got, tt.want)
		}
	}
}

func TestThrift(t *testing.T) {
	tests := []struct {
		typ  SolvingType
		n    int
		want int
	}{
		{Mixed, 9, 1},
		{Mixed, 16, 1},
		{Mixed, 25, thriftDivisor},
		{Mixed, 32, thriftDivisor},
		{LogicOnly, 25, 1},
		{GuessingOnly, 25, 1},
	}
	for _, tt := range tests {
		l := newEmpty(t, tt.n).Layout()
		if got := Thrift(tt.typ, l); got != tt.want {
			t.Errorf("Thrift(%d, %d×%d) = %d, want %d", tt.typ, tt.n, tt.n, got, tt.want)
		}
	}
}

// TestThriftBoundsNestedSearch: at the board where logic stopped before
// the Nested Forcing Net, whose searches find steps there, a sink's
// Thrift divides their budget: a large one leaves them nothing to find.
func TestThriftBoundsNestedSearch(t *testing.T) {
	b := fixtureBoard(t, "testdata/x16-nested.txt")
	for _, tt := range []struct {
		thrift int
		found  bool
	}{
		{0, true},
		{1, true},
		{1 << 16, false},
	} {
		sink := strategy.Sink{Thrift: tt.thrift}
		strategy.NestedForcingNet().Find(b, &sink)
		if got := len(sink.Steps()) > 0; got != tt.found {
			t.Errorf("Thrift %d: found a step %v, want %v", tt.thrift, got, tt.found)
		}
	}
}

package solver

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/shared"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func parse(t testing.TB, text, charset, regionMap string) *grid.Board {
	t.Helper()
	p, err := codec.ParseText(text, charset, regionMap)
	return classicBoard(t, p, err)
}

// classicBoard returns the board of p, a puzzle just read with error err,
// its regions classic unless p has its own; it fails t on err or on a
// puzzle that makes no board.
func classicBoard(t testing.TB, p *codec.Puzzle, err error) *grid.Board {
	t.Helper()
	var b *grid.Board
	if err == nil {
		b, err = p.Board(grid.Classic)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// solutionOf returns the one solution of b, which the exact search proves.
func solutionOf(t testing.TB, b *grid.Board) []uint8 {
	t.Helper()
	var s search.Searcher
	res, err := s.Count(context.Background(), b, 2)
	if err != nil || !res.Complete || len(res.Solutions) != 1 {
		t.Fatalf("reference search: %d solutions, complete %v, err %v; want one", len(res.Solutions), res.Complete, err)
	}
	return res.Solutions[0]
}

// checkStep reports (named by what) every change of st that contradicts
// sol: a wrong digit placed, or the solution's digit removed.
func checkStep(t testing.TB, sol []uint8, n grid.Notation, what string, st *strategy.Step) {
	t.Helper()
	for _, p := range st.Placements {
		if sol[p.Cell] != uint8(p.Digit) {
			t.Errorf("%s places %s=%d, the solution has %d: %s", what, n.CellName(p.Cell), p.Digit, sol[p.Cell], st.Explain(n))
		}
	}
	for _, e := range st.Eliminations {
		if sol[e.Cell] == uint8(e.Digit) {
			t.Errorf("%s removes the solution's %d from %s: %s", what, e.Digit, n.CellName(e.Cell), st.Explain(n))
		}
	}
}

// logicLog solves b by logic alone (leaving out the strategies without),
// checks every step against sol and that the solve reaches it, calls each
// (when not nil) on every step, and returns the step log a golden file
// holds (see checkGolden).
func logicLog(t *testing.T, b *grid.Board, sol []uint8, each func(st *strategy.Step), without ...*strategy.Strategy) string {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	var log strings.Builder
	opts := Options{Type: LogicOnly, CheckMultiple: true}
	if len(without) > 0 {
		for _, st := range strategy.All() {
			if !slices.Contains(without, st) {
				opts.Strategies = append(opts.Strategies, st)
			}
		}
	}
	res, err := Solve(context.Background(), b, opts, func(i int, st *strategy.Step, after *grid.Board) error {
		fmt.Fprintf(&log, "%3d %-2s %-28s %s\n", i, st.Strategy.Letter(), st.Name(), st.Explain(n))
		if each != nil {
			each(st)
		}
		checkStep(t, sol, n, fmt.Sprintf("step %d", i), st)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Solved || !res.Board.ValuesEqual(sol) {
		t.Errorf("status %s; logic did not reach the solution", res.Status)
	}
	fmt.Fprintf(&log, "%s, %d solution(s), %d steps, %s, score %d\n", res.Status, res.Count, res.Steps, res.Rating.Level, res.Rating.Score)
	return log.String()
}

// soundness returns an Emit that checks every step taken with no guess in
// force against the solution: no placement of a wrong digit, no elimination
// of a true one.
func soundness(t testing.TB, solution []uint8, depth *int) Emit {
	return func(index int, s *strategy.Step, b *grid.Board) error {
		switch s.Kind {
		case strategy.Guess:
			*depth++
			return nil
		case strategy.Backtrack:
			*depth--
		}
		if *depth > 0 {
			return nil
		}
		for _, p := range s.Placements {
			if solution[p.Cell] != uint8(p.Digit) {
				return fmt.Errorf("step %d (%s) places %s=%d, solution has %d", index, s.Strategy.Name(), b.Layout().CellName(p.Cell), p.Digit, solution[p.Cell])
			}
		}
		for _, e := range s.Eliminations {
			if solution[e.Cell] == uint8(e.Digit) {
				return fmt.Errorf("step %d (%s) eliminates the true %s=%d", index, s.Strategy.Name(), b.Layout().CellName(e.Cell), e.Digit)
			}
		}
		return nil
	}
}

func TestSolveOptionsAllSound(t *testing.T) {
	puzzles := []string{
		"000000000070040010301506408000000000060010040105709803000000000030070020204805709",
		"000105000009060400060000070400010003050402010600030004020000050003090800000206000",
		"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
	}
	var optionSets []Options
	for _, ty := range []SolvingType{Mixed, GuessingOnly} {
		for _, og := range []OnGuess{StoreSafeCopy, BacktrackChanges} {
			for _, o := range []Order{Ascending, Descending, Random, Guided} {
				for _, w := range []CountWeight{Weighted, WeightNone, WeightSingle} {
					optionSets = append(optionSets, Options{Type: ty, OnGuess: og, Order: o, Weight: w, Seed: 42, CheckMultiple: true})
				}
			}
		}
	}
	if quick() {
		// Every fifth set still covers each type, guess policy, order and weight.
		var sample []Options
		for i := 0; i < len(optionSets); i += 5 {
			sample = append(sample, optionSets[i])
		}
		optionSets = sample
	}
	for _, p := range puzzles {
		b := parse(t, p, "", "")
		solution := solutionOf(t, b)
		for _, opts := range optionSets {
			name := fmt.Sprintf("%.12s/%+v", p, opts)
			depth := 0
			res, err := Solve(context.Background(), b, opts, soundness(t, solution, &depth))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Status != Solved || string(res.Board.Values()) != string(solution) {
				t.Fatalf("%s: status %v, board %v", name, res.Status, res.Board.Values())
			}
			if res.Count != 1 || !res.CountComplete {
				t.Fatalf("%s: count %d complete %v", name, res.Count, res.CountComplete)
			}
		}
	}
}

func TestSolveSharedSetsSound(t *testing.T) {
	sets := []struct {
		file string
		max  int
	}{
		{"testdata/puzzles/norvig_top95.txt", 0},
		{"testdata/puzzles/tdoku_puzzles2_17_clue.txt", 500},
		{"testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt", 500},
	}
	for _, set := range sets {
		if quick() {
			set.max = 50
		}
		t.Run(filepath.Base(set.file), func(t *testing.T) {
			for _, p := range shared.Puzzles(t, shared.Path(t, set.file), set.max) {
				b := parse(t, p, "", "")
				solution := solutionOf(t, b)
				depth := 0
				res, err := Solve(context.Background(), b, Options{}, soundness(t, solution, &depth))
				if err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				if res.Status != Solved || string(res.Board.Values()) != string(solution) {
					t.Fatalf("%s: status %v", p, res.Status)
				}
			}
		})
	}
}

// TestGuidedGuessesHold: a Guided solve places the solution's digit at
// every guess, whether the count or the search found it, so it never
// backtracks.
func TestGuidedGuessesHold(t *testing.T) {
	puzzles := []string{
		"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
	}
	for _, p := range puzzles {
		b := parse(t, p, "", "")
		solution := solutionOf(t, b)
		// Singles only, so that the mixed solves guess too.
		singles := []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle(), strategy.Guessing()}
		for _, opts := range []Options{
			{Order: Guided, CheckMultiple: true, Strategies: singles},
			{Order: Guided, Strategies: singles},
			{Order: Guided, Type: GuessingOnly},
			{Order: Guided, OnGuess: BacktrackChanges, Strategies: singles},
			// A solution the caller knows, as the generator's grade does.
			{Order: Guided, Unique: true, Strategies: singles, Solution: solution},
		} {
			name := fmt.Sprintf("%.12s/%+v", p, opts)
			guesses := 0
			res, err := Solve(context.Background(), b, opts, func(i int, s *strategy.Step, b *grid.Board) error {
				switch s.Kind {
				case strategy.Backtrack:
					return fmt.Errorf("step %d undoes a guess", i)
				case strategy.Guess:
					guesses++
					if p := s.Placements[0]; solution[p.Cell] != uint8(p.Digit) {
						return fmt.Errorf("step %d guesses %s=%d, the solution has %d", i, b.Layout().CellName(p.Cell), p.Digit, solution[p.Cell])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if res.Status != Solved || string(res.Board.Values()) != string(solution) || guesses == 0 {
				t.Fatalf("%s: status %v after %d guesses, board %v", name, res.Status, guesses, res.Board.Values())
			}
		}
	}
}

// TestSolutionLength: a known solution that does not fit the board is an
// error, not a panic or a guide read out of range.
func TestSolutionLength(t *testing.T) {
	b := parse(t, "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", "", "")
	if _, err := Solve(context.Background(), b, Options{Order: Guided, Solution: make([]uint8, 80)}, nil); err == nil {
		t.Fatal("a solution of 80 cells for 81: no error")
	}
}

func TestLogicOnlyStuck(t *testing.T) {
	b := parse(t, "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", "", "")
	res, err := Solve(context.Background(), b, Options{Type: LogicOnly, CheckMultiple: true, Strategies: withoutNested()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Stuck || res.Guesses != 0 || res.Count != 1 {
		t.Fatalf("status %v guesses %d count %d; want stuck, 0, 1", res.Status, res.Guesses, res.Count)
	}
}

func TestLimits(t *testing.T) {
	b := parse(t, strings.Repeat(".", 81), "", "")
	tests := []struct {
		name string
		opts Options
		want error
	}{
		{"steps", Options{MaxSteps: 5}, ErrStepLimit},
		{"guesses", Options{MaxNodes: 3}, ErrNodeLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Solve(context.Background(), b, tt.opts, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if res != nil && res.Status.String() != "unfinished" {
				t.Errorf("status of a stopped solve = %q, want \"unfinished\"", res.Status)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, b, Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled solve: err = %v", err)
	}
}

// TestStepLimitHoldsSteps checks that a solve stopped by MaxSteps took
// the steps it reported and no more: the result counts MaxSteps steps and
// its board is the one the last step reported left, where the solve used
// to apply one step more, unreported, before it stopped. A solve that
// finishes in exactly MaxSteps steps is not stopped.
func TestStepLimitHoldsSteps(t *testing.T) {
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	const hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	tests := []struct {
		name   string
		puzzle string
		opts   Options
	}{
		{"logic", easy, Options{}},
		{"guessing with safe copies", hard, Options{Type: GuessingOnly}},
		{"guessing with backtracking", hard, Options{Type: GuessingOnly, OnGuess: BacktrackChanges}},
	}
	for _, tt := range tests {
		b := parse(t, tt.puzzle, "", "")
		full, err := Solve(context.Background(), b, tt.opts, nil)
		if err != nil || full.Status != Solved {
			t.Fatalf("%s: unlimited solve: %v, %v", tt.name, full.Status, err)
		}
		for limit := 1; limit <= full.Steps; limit++ {
			if limit > 40 && limit < full.Steps {
				continue // the first steps and the last are enough
			}
			opts := tt.opts
			opts.MaxSteps = limit
			emitted := 0
			var last []uint8
			res, err := Solve(context.Background(), b, opts, func(i int, _ *strategy.Step, after *grid.Board) error {
				emitted, last = i, after.Values()
				return nil
			})
			if limit == full.Steps {
				if err != nil || res.Status != Solved {
					t.Errorf("%s: MaxSteps %d, the steps the solve takes: %v, %v; want solved", tt.name, limit, res.Status, err)
				}
				continue
			}
			if !errors.Is(err, ErrStepLimit) {
				t.Fatalf("%s: MaxSteps %d: err = %v, want %v", tt.name, limit, err, ErrStepLimit)
			}
			if res.Steps != limit || emitted != limit || !res.Board.ValuesEqual(last) {
				t.Errorf("%s: MaxSteps %d: %d steps, %d reported, board the last reported left %v; want %d, %d, true",
					tt.name, limit, res.Steps, emitted, res.Board.ValuesEqual(last), limit, limit)
			}
		}
	}
}

// TestDeadlineStopsFinder checks that a deadline reaches a finder that
// is searching: on an empty 32×32 board, the fish finders search for
// about 1.5 s (much longer under the race detector) and find nothing.
func TestDeadlineStopsFinder(t *testing.T) {
	b := parse(t, strings.Repeat(".", 32*32), ".123456789ABCDEFGHIJKLMNOPQRSTUVW", "")
	chosen, err := strategy.Select([]string{"A", "B", "K", "t", "u"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Solve(ctx, b, Options{Type: LogicOnly, Strategies: chosen}, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if d := time.Since(start); d > time.Second { // generous: 5× the deadline
		t.Errorf("Solve went on for %v past a 200ms deadline", d)
	}
}

func TestEmitErrorStops(t *testing.T) {
	b := parse(t, "000000000070040010301506408000000000060010040105709803000000000030070020204805709", "", "")
	stop := errors.New("client gone")
	calls := 0
	_, err := Solve(context.Background(), b, Options{}, func(int, *strategy.Step, *grid.Board) error {
		calls++
		return stop
	})
	if !errors.Is(err, stop) || calls != 1 {
		t.Fatalf("err = %v after %d calls, want the emit error after 1", err, calls)
	}
}

// TestGolden compares the step log of the seed's examples with golden files
// (go test -update rewrites them).
func TestGolden(t *testing.T) {
	tests := []struct{ name, text, charset, regionMap string }{
		{"seed-easy", "000000000070040010301506408000000000060010040105709803000000000030070020204805709", "", ""},
		{"seed-hard", "000105000009060400060000070400010003050402010600030004020000050003090800000206000", "", ""},
		{"seed-4x4", "#A#B####C#D#####", "#ABCD", "##AA##AABBCCBBCC"},
		{"seed-jigsaw", "300000004002060100010908020005000600020000010009000800080304060004010900500000007", "",
			"000122222000111222033331112003444411333345555664444577866655557888666777888886777"},
		// Advanced techniques, from se_rated_top1465.txt: lines 1 (AIC,
		// Sue de Coq, uniqueness, forcing), 104 (Swordfish, finned fish,
		// AIC) and 113 (Death Blossom, fish, Sue de Coq, uniqueness,
		// forcing).
		{"top1465-1", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", "", ""},
		{"top1465-104", "5.3.9..........7.12........4...2..5..1.8......6.7........4.86.........3.9........", "", ""},
		{"top1465-113", "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := parse(t, tt.text, tt.charset, tt.regionMap)
			var log strings.Builder
			res, err := Solve(context.Background(), b, Options{CheckMultiple: true}, func(i int, s *strategy.Step, b *grid.Board) error {
				fmt.Fprintf(&log, "%3d %s %-36s %s\n", i, s.Strategy.Letter(), s.Name(), s.Explain(grid.Notation{Layout: b.Layout()}))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&log, "%s, %d solution(s), %d steps, %d guesses, %s, score %d\n", res.Status, res.Count, res.Steps, res.Guesses, res.Rating.Level, res.Rating.Score)
			fmt.Fprintf(&log, "%s\n", codec.EncodePlain(res.Board, codec.Symbols("", b.Layout().N)))
			checkGolden(t, tt.name, log.String())
		})
	}
}

// checkGolden compares a step log with testdata/NAME.golden, which go test
// -update rewrites.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("step log differs from %s:\n%s", golden, got)
	}
}

func BenchmarkSolveSteps(b *testing.B) {
	puzzles := map[string]string{
		"easy": "000000000070040010301506408000000000060010040105709803000000000030070020204805709",
		"hard": "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
	}
	for name, p := range puzzles {
		b.Run(name, func(b *testing.B) {
			board := parse(b, p, "", "")
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Solve(context.Background(), board, Options{}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchmarkLogic solves a shared puzzle set with every strategy and
// reports puzzles per second, the process CPU time per puzzle, and the
// share of puzzles solved without guessing (mixed) or finished by logic
// (LogicOnly).
func benchmarkLogic(b *testing.B, file string, max int, typ SolvingType) {
	var boards []*grid.Board
	for _, p := range shared.Puzzles(b, shared.Path(b, file), max) {
		boards = append(boards, parse(b, p, "", ""))
	}
	noGuess := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Used()
	for i := 0; i < b.N; i++ {
		res, err := Solve(context.Background(), boards[i%len(boards)], Options{Type: typ}, nil)
		if err != nil {
			b.Fatal(err)
		}
		switch {
		case typ == LogicOnly && res.Status == Solved:
			noGuess++
		case typ == LogicOnly && res.Status == Stuck:
		case res.Status != Solved:
			b.Fatalf("status %v", res.Status)
		case res.Guesses == 0:
			noGuess++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/puzzle")
	}
	b.ReportMetric(100*float64(noGuess)/float64(b.N), "%nog")
}

func BenchmarkLogic17Clue(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/tdoku_puzzles2_17_clue.txt", 0, Mixed)
}
func BenchmarkLogicTop1465(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt", 0, Mixed)
}
func BenchmarkLogicTop95(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/norvig_top95.txt", 0, Mixed)
}

// The full logic solves: %nog is then the share finished by logic alone.
func BenchmarkLogicOnlyTop1465(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt", 0, LogicOnly)
}
func BenchmarkLogicOnlyTop95(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/norvig_top95.txt", 0, LogicOnly)
}

// TestMultipleSolutionsReported: for a board with many solutions, the
// board and the other solutions reported are Count distinct solutions.
func TestMultipleSolutionsReported(t *testing.T) {
	empty := strings.Repeat(".", 81)
	for _, maxSolutions := range []int{2, 5} {
		t.Run(fmt.Sprint(maxSolutions), func(t *testing.T) {
			b := parse(t, empty, "", "")
			res, err := Solve(context.Background(), b, Options{CheckMultiple: true, MaxSolutions: maxSolutions}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != MultipleSolutions || res.Count != maxSolutions || res.CountComplete {
				t.Fatalf("status %v, count %d (complete %v); want multiple, %d, incomplete", res.Status, res.Count, res.CountComplete, maxSolutions)
			}
			grids := append([][]uint8{res.Board.Values()}, res.Others...)
			if len(grids) != res.Count {
				t.Errorf("%d grids reported for a count of %d", len(grids), res.Count)
			}
			seen := map[string]bool{}
			for i, g := range grids {
				if seen[string(g)] {
					t.Errorf("grid %d reported twice", i)
				}
				seen[string(g)] = true
				sol := parse(t, empty, "", "")
				for cell, v := range g {
					sol.Place(cell, int(v))
				}
				if _, ok := sol.Check(); !ok || !sol.Solved() {
					t.Errorf("grid %d is not a solution", i)
				}
			}
		})
	}
}

// TestStr8tsSeveralSolutionsReported solves by logic a Str8ts of two
// solutions (a generated 6×6, `solverctl generate --variant str8ts --size
// 6 --seed 3`, less three clues): logic is stuck, and the solve reports
// the first solution counted, whose black cells without a clue hold no
// digit. Placing those zeros on the board panicked (the service answered
// Internal), found by TestSolveAgreesWithCount.
func TestStr8tsSeveralSolutionsReported(t *testing.T) {
	b := loadStr8ts(t, "T6B2a2a2a0d2a2a072a072a2a2a07072a2a2a2a032a2a2a07072a032a072a092a2a072a2a2a")
	for _, ty := range []SolvingType{LogicOnly, Mixed} {
		res, err := Solve(context.Background(), b, Options{Type: ty, CheckMultiple: true}, nil)
		if err != nil {
			t.Fatalf("%v: %v", ty, err)
		}
		if res.Status != MultipleSolutions || res.Count != 2 || len(res.Others) != 1 {
			t.Fatalf("%v: status %v, count %d, %d others; want multiple solutions, 2, 1", ty, res.Status, res.Count, len(res.Others))
		}
		for i, g := range [][]uint8{res.Board.Values(), res.Others[0]} {
			sol := loadStr8ts(t, "T6B2a2a2a0d2a2a072a072a2a2a07072a2a2a2a032a2a2a07072a032a072a092a2a072a2a2a")
			for cell, v := range g {
				if v != 0 {
					sol.Place(cell, int(v))
				}
			}
			if _, ok := sol.Check(); !ok || !sol.Solved() {
				t.Errorf("%v: grid %d is not a solution", ty, i)
			}
		}
	}
}

// TestVerityKeepsEverySolution solves by logic, with the deep round's Cage
// Filling Verity searches, a 4×4 killer of six solutions (a cage without
// its total on r1c1-r1c2): no step may remove a digit of any of them.
// The searches' carried trials once took another group's filling for the
// one at hand (their keys collided, see strategy.TestFillingKeysDistinct),
// and a verity then removed r3c3<>2, which a solution has; found by a
// random sweep of boards against the exact search.
func TestVerityKeepsEverySolution(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 4, Variant: grid.Killer, Cages: []grid.Cage{
		{Cells: []int{8, 4, 12}, Target: 9, Op: grid.OpAdd}, {Cells: []int{5, 9}, Target: 5, Op: grid.OpAdd},
		{Cells: []int{0, 1}, Op: grid.OpDistinct}, {Cells: []int{6, 7, 2, 3}, Target: 10, Op: grid.OpAdd},
		{Cells: []int{11, 15, 10, 14}, Target: 10, Op: grid.OpAdd}, {Cells: []int{13}, Target: 3, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	var s search.Searcher
	res, err := s.Count(context.Background(), b, 10)
	if err != nil || len(res.Solutions) != 6 || !res.Complete {
		t.Fatalf("the search counts %d solutions (complete %v, %v), want 6", len(res.Solutions), res.Complete, err)
	}
	steps := 0
	emit := func(index int, st *strategy.Step, b *grid.Board) error {
		steps++
		for _, sol := range res.Solutions {
			checkStep(t, sol, grid.Notation{Layout: b.Layout()}, fmt.Sprintf("step %d (%s)", index, st.Name()), st)
		}
		return nil
	}
	out, err := Solve(context.Background(), b, Options{Type: LogicOnly, CheckMultiple: true, OneDeepSearch: true}, emit)
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != MultipleSolutions || steps < 9 {
		t.Fatalf("status %v after %d steps, want multiple solutions after the 9 steps logic takes", out.Status, steps)
	}
}

// TestNoSolutionCountedBeforeGuessing solves a killer without a solution
// (tarek's first, engine/search/testdata/killer9-tarek.txt, with two cage
// targets moved apart) with the singles and guessing only: the count
// before the first guess proves it has none, and the solve ends there.
// It went on guessing, every order, until the step limit (100,000 steps,
// 41,249 guesses), so the service answered ResourceExhausted.
func TestNoSolutionCountedBeforeGuessing(t *testing.T) {
	p, _, err := codec.Decode(shared.Lines(t, "../search/testdata/killer9-tarek.txt")[0], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	b0, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	cages := slices.Clone(b0.Layout().AllCages())
	cages[0].Target++
	cages[1].Target--
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: b0.Layout().Variant, Cages: cages})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	singles := []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle(), strategy.Guessing()}
	for _, o := range []Options{
		{Strategies: singles, Order: Guided},
		{Strategies: singles, Order: Ascending},
		{Strategies: singles, Order: Descending, OnGuess: BacktrackChanges},
		{Strategies: singles, Order: Random, Seed: 3},
		{Type: GuessingOnly, Order: Ascending},
	} {
		o.CheckMultiple, o.MaxSteps = true, 100_000
		res, err := Solve(context.Background(), b, o, nil)
		if err != nil {
			t.Fatalf("type %v, order %v: %v", o.Type, o.Order, err)
		}
		if res.Status != NoSolution || res.Count != 0 || !res.CountComplete || res.Guesses != 0 {
			t.Errorf("type %v, order %v: status %v, count %d (complete %v), %d guesses; want no solution, 0, complete, none", o.Type, o.Order, res.Status, res.Count, res.CountComplete, res.Guesses)
		}
	}
}

// TestRepeatedDigitsNoSolution solves boards built with Board.Reset
// (which, unlike grid.Load, refuses nothing) whose digits repeat among
// peers: each has no solution, and every solving type says so at once,
// with the clash as its conflict. Board.Check, which the solve runs after
// every step, does not look for such repeats: a Str8ts of two black clues
// of one digit in a row solved to "solved, count 1" (a sweep of changed
// clues against the exact search, which counts none).
func TestRepeatedDigitsNoSolution(t *testing.T) {
	classic := strings.Repeat(".", 81)
	for _, tt := range []struct {
		name            string
		board           *grid.Board
		clues, entries  []uint8
		wantCell, wantD int
	}{
		{name: "two clues in a row", board: parse(t, classic, "", ""), clues: cellDigits(81, 0, 5, 8, 5), wantCell: 8, wantD: 5},
		{name: "a clue and an entry in a box", board: parse(t, classic, "", ""), clues: cellDigits(81, 0, 7), entries: cellDigits(81, 20, 7), wantCell: 20, wantD: 7},
		// Generated (solverctl generate --variant str8ts-b --size 6
		// --seed 2); its first row's black cells get the same clue below.
		{name: "two Str8ts black clues in a row", board: loadStr8ts(t, "B6B0d072a2a0307072a2a2a012a2a2a2a0d2a2a2a2a072a2a2a2a012a2a2a07072a2a030707")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board
			if tt.clues == nil {
				// Two black cells of the first row, both holding 1.
				l := b.Layout()
				tt.clues = make([]uint8, l.Cells)
				for c := range l.Cells {
					if b.Given(c) {
						tt.clues[c] = b.Value(c)
					}
				}
				var black []int
				for c := range l.N {
					if l.IsBlack(c) {
						black = append(black, c)
					}
				}
				if len(black) < 2 {
					t.Fatalf("the first row has %d black cells, want 2", len(black))
				}
				tt.clues[black[0]], tt.clues[black[1]] = 1, 1
			}
			b.Reset(tt.clues, tt.entries)
			for _, ty := range []SolvingType{Mixed, LogicOnly, GuessingOnly} {
				res, err := Solve(context.Background(), b, Options{Type: ty, CheckMultiple: true}, nil)
				if err != nil {
					t.Fatalf("%v: %v", ty, err)
				}
				if res.Status != NoSolution || res.Count != 0 || !res.CountComplete || res.Steps != 0 {
					t.Fatalf("%v: status %v, count %d (complete %v), %d steps; want no solution at once", ty, res.Status, res.Count, res.CountComplete, res.Steps)
				}
				conflict := res.Conflict.Describe(grid.Notation{Layout: b.Layout()})
				switch cell, ok := res.Conflict.Cell(); {
				case !ok || res.Conflict.Digit() == 0:
					t.Errorf("%v: conflict %q, want a cell and a peer holding one digit", ty, conflict)
				case tt.wantD != 0 && (cell != tt.wantCell || res.Conflict.Digit() != tt.wantD):
					t.Errorf("%v: conflict %q, want %s and a peer both holding %d", ty, conflict, b.Layout().CellName(tt.wantCell), tt.wantD)
				}
			}
		})
	}
}

// cellDigits returns n cells, empty but for the digits given as cell,
// digit pairs.
func cellDigits(n int, pairs ...int) []uint8 {
	v := make([]uint8, n)
	for i := 0; i+1 < len(pairs); i += 2 {
		v[pairs[i]] = uint8(pairs[i+1])
	}
	return v
}

func TestAllows(t *testing.T) {
	classic, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	killer, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	singles := []*strategy.Strategy{strategy.NakedSingle(), strategy.HiddenSingle()}
	tests := []struct {
		name string
		opts Options
		l    *grid.Layout
		st   *strategy.Strategy
		want bool
	}{
		{"logic", Options{}, classic, strategy.LockedRegions(), true},
		{"guessing", Options{}, classic, strategy.Guessing(), true},
		{"logic only does not guess", Options{Type: LogicOnly}, classic, strategy.Guessing(), false},
		{"guessing only has no eliminations", Options{Type: GuessingOnly}, classic, strategy.LockedRegions(), false},
		{"guessing only keeps singles", Options{Type: GuessingOnly}, classic, strategy.HiddenSingle(), true},
		{"uniqueness unproved", Options{}, classic, strategy.UniqueRectangles(), false},
		{"uniqueness proved", Options{Unique: true}, classic, strategy.UniqueRectangles(), true},
		{"uniqueness on cages", Options{Unique: true}, killer, strategy.UniqueRectangles(), false},
		{"avoidable on cages", Options{Unique: true}, killer, strategy.AvoidableRectangles(), false},
		{"cage strategy", Options{}, killer, strategy.CageCombinations(), true},
		{"cage strategy without cages", Options{}, classic, strategy.CageCombinations(), false},
		{"selected", Options{Strategies: singles}, classic, strategy.HiddenSingle(), true},
		{"not selected", Options{Strategies: singles}, classic, strategy.LockedRegions(), false},
		{"nothing selected", Options{Strategies: []*strategy.Strategy{}}, classic, strategy.NakedSingle(), false},
		{"opt-in by default", Options{}, classic, strategy.MutantFish(), false},
		{"opt-in selected", Options{Strategies: []*strategy.Strategy{strategy.Templates()}}, classic, strategy.Templates(), true},
		{"opt-in not selected", Options{Strategies: singles}, classic, strategy.Templates(), false},
		{"not opt-in by default", Options{}, classic, strategy.FinnedFish(), true},
	}
	for _, tt := range tests {
		if got := tt.opts.Allows(tt.st, tt.l); got != tt.want {
			t.Errorf("%s: Allows(%s) = %v, want %v", tt.name, tt.st.Name(), got, tt.want)
		}
	}
}

// BenchmarkLogicOnlyElevens solves the first 1000 of eleven's hardest
// (SE 10.6 to 11.9) by logic alone: the Nested Forcing Net finishes them.
func BenchmarkLogicOnlyElevens(b *testing.B) {
	benchmarkLogic(b, "testdata/puzzles/elevens_hardest_se_rated.txt", 1000, LogicOnly)
}

// TestDefaultPlansLeaveOptInOut: the plans of the whole catalogue hold no
// opt-in strategy, and a plan of chosen strategies holds those chosen.
func TestDefaultPlansLeaveOptInOut(t *testing.T) {
	for key, p := range plans {
		for _, pass := range p.passes {
			if pass.Strategy.OptIn() {
				t.Errorf("default plan %+v holds the opt-in %s", key, pass.Strategy.Name())
			}
		}
	}
	chosen := makePlan(Options{Strategies: []*strategy.Strategy{strategy.NakedSingle(), strategy.FrankenFish()}}, variantClass(grid.Classic))
	if len(chosen.passes) != 4 { // A, and Franken fish of sizes 2 to 4
		t.Errorf("plan of A and Franken fish has %d passes, want 4", len(chosen.passes))
	}
}

// TestPlansSkipUnsuited: no plan of the catalogue holds a strategy whose
// finder does not look at its variant's boards (Strategy.Suits), and the
// plans of the variants Suits refuses for some strategy hold fewer passes
// than those of a variant of the same kind it takes.
func TestPlansSkipUnsuited(t *testing.T) {
	for key, p := range plans {
		for _, pass := range p.passes {
			if !pass.Strategy.Suits(key.class.variant) {
				t.Errorf("plan %+v holds %s, which does not suit %s", key, pass.Strategy.Name(), key.class.variant)
			}
		}
	}
	for _, tc := range []struct {
		name        string
		fewer, more grid.Variant
		without     *strategy.Strategy
	}{
		{"KenKen without innies", grid.KenKen, grid.Killer, strategy.InniesOutiesStrategy()},
		{"killer without line rules", grid.Killer, grid.KenKen, strategy.LineRules()},
		{"classic without leftovers", grid.Classic, grid.Jigsaw, strategy.LawOfLeftovers()},
		{"KenKen without kites", grid.KenKen, grid.Killer, strategy.TwoStringKite()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key := func(v grid.Variant) planKey { return planKey{LogicOnly, true, variantClass(v)} }
			holds := func(v grid.Variant) bool {
				return slices.ContainsFunc(plans[key(v)].passes, func(p strategy.Pass) bool { return p.Strategy == tc.without })
			}
			if holds(tc.fewer) || !holds(tc.more) {
				t.Errorf("%s in the plan of %s: %v, of %s: %v; want false, true", tc.without.Name(), tc.fewer, holds(tc.fewer), tc.more, holds(tc.more))
			}
		})
	}
}

// errEnough stops a solve whose steps a test has seen enough of.
var errEnough = errors.New("seen enough")

// TestBacktrackNamesCage: a guess undone because a cage can no longer
// reach its target names the cage, and its cells, as a guess undone on a
// cell or unit names those: a viewer outlines what ended the guess.
func TestBacktrackNamesCage(t *testing.T) {
	for _, tt := range []struct{ file string }{{"killer9.txt"}, {"kenken9.txt"}} {
		b := fixture(t, tt.file, 0)
		byCage := 0
		emit := func(index int, s *strategy.Step, b *grid.Board) error {
			if s.Kind != strategy.Backtrack {
				return nil
			}
			k, ok := s.Conflict.Cage()
			if !ok {
				return nil
			}
			if byCage++; byCage > 20 {
				return errEnough
			}
			if !slices.Equal(s.Cages, []int{k}) {
				t.Errorf("%s step %d: a backtrack on cage %d names cages %v", tt.file, index, k, s.Cages)
			}
			for _, c := range b.Layout().Cage(k).Cells {
				if !slices.Contains(s.Cells, c) {
					t.Errorf("%s step %d: a backtrack on cage %d names cells %v, not its cell %d", tt.file, index, k, s.Cells, c)
				}
			}
			return nil
		}
		opts := Options{Type: GuessingOnly, Order: Descending, MaxSteps: 100_000}
		if _, err := Solve(context.Background(), b, opts, emit); err != nil && !errors.Is(err, errEnough) {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if byCage == 0 {
			t.Errorf("%s: no guess undone on a cage: the check above saw nothing", tt.file)
		}
	}
}

// TestSolveRefusesBadOptions checks that Solve refuses what its Options'
// docs rule out (no board, an enum outside its constants, a negative
// bound) with an error naming it, rather than panicking or taking a
// default.
func TestSolveRefusesBadOptions(t *testing.T) {
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	b := parse(t, easy, "", "")
	tests := []struct {
		name  string
		board *grid.Board
		opts  Options
		want  string
	}{
		{"nil board", nil, Options{}, "no board"},
		{"zero board", &grid.Board{}, Options{}, "no board"},
		{"type", b, Options{Type: GuessingOnly + 1}, "solving type 3"},
		{"on guess", b, Options{OnGuess: BacktrackChanges + 1}, "undo a guess"},
		{"order", b, Options{Order: Guided + 1}, "guessing order 4"},
		{"weight", b, Options{Weight: WeightSingle + 1}, "count weight 3"},
		{"max nodes", b, Options{MaxNodes: -1}, "MaxNodes -1"},
		{"max steps", b, Options{MaxSteps: -1}, "MaxSteps -1"},
		{"deep looks", b, Options{DeepLooks: -5}, "DeepLooks -5"},
	}
	for _, tt := range tests {
		res, err := Solve(context.Background(), tt.board, tt.opts, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) || res != nil {
			t.Errorf("%s: Solve = %v, %v; want no result and an error naming %q", tt.name, res, err, tt.want)
		}
	}
	if res, err := Solve(context.Background(), b, Options{MaxSolutions: -1, CheckMultiple: true}, nil); err != nil || res.Status != Solved {
		t.Errorf("MaxSolutions -1 (documented as 2): %v, %v; want solved", res, err)
	}
}

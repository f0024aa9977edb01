package generate

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// The N×N seed's examples (../shared/seeds/sudoku-solver-generator-nxn.txt).
const (
	seedHard      = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	seedJigsaw    = "300000004002060100010908020005000600020000010009000800080304060004010900500000007"
	seedJigsawMap = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
)

// generateOK generates under a generous deadline and fails the test on
// error.
func generateOK(t *testing.T, cfg Config) *Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := Generate(ctx, cfg)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", cfg, err)
	}
	return res
}

// values returns the values of a board as a string, for comparisons and
// messages.
func values(b *grid.Board) string {
	out := make([]byte, len(b.Values()))
	for i := range b.Layout().Cells {
		v := b.Value(i)
		out[i] = codec.DefaultCharset[v]
	}
	return string(out)
}

// count counts the solutions of a board up to 2 with the exact search.
func count(t *testing.T, b *grid.Board) (int, [][]uint8) {
	t.Helper()
	var s search.Searcher
	res, err := s.Count(context.Background(), b, 2)
	if err != nil {
		t.Fatalf("counting the solutions of %s: %v", values(b), err)
	}
	if len(res.Solutions) < 2 && !res.Complete {
		t.Fatalf("counting the solutions of %s did not finish", values(b))
	}
	return len(res.Solutions), res.Solutions
}

// clueBoard returns the board of layout l holding only the clues of b.
func clueBoard(t *testing.T, l *grid.Layout, b *grid.Board, skip ...int) *grid.Board {
	t.Helper()
	cells := make([]grid.CellState, l.Cells)
	for i := range b.Layout().Cells {
		v := b.Value(i)
		if b.Given(i) && !slices.Contains(skip, i) {
			cells[i] = grid.CellState{Value: int(v), Given: true}
		}
	}
	out, err := grid.Load(l, cells)
	if err != nil {
		t.Fatalf("loading the clues: %v", err)
	}
	return out
}

// checkUnique checks, independently of the generator, that the puzzle
// has exactly one solution, the one returned, and that its clues are the
// solution's.
func checkUnique(t *testing.T, res *Result) {
	t.Helper()
	p := res.Puzzle
	for i := range p.Layout().Cells {
		v := p.Value(i)
		if (v != 0) != p.Given(i) {
			t.Fatalf("cell %d: value %d, given %v: a puzzle holds clues only", i, v, p.Given(i))
		}
		if v != 0 && v != res.Solution.Value(i) {
			t.Fatalf("clue %s=%d differs from the solution's %d", p.Layout().CellName(i), v, res.Solution.Value(i))
		}
	}
	if got := p.Clues(); got != res.Clues {
		t.Errorf("Clues = %d, want %d", res.Clues, got)
	}
	n, sols := count(t, clueBoard(t, p.Layout(), p))
	if n != 1 {
		t.Fatalf("puzzle %s has %d solutions, want 1", values(p), n)
	}
	if got, want := string(sols[0]), string(res.Solution.Values()); got != want {
		t.Fatalf("the solution found differs from the solution returned")
	}
}

// checkMinimal checks that removing any one clue (with a symmetry, the
// clues of an orbit) leaves several solutions.
func checkMinimal(t *testing.T, res *Result, sym Symmetry) {
	t.Helper()
	p := res.Puzzle
	n := p.Layout().N
	for cell := range p.Values() {
		if !p.Given(cell) {
			continue
		}
		skip := []int{cell}
		switch m := mate(n, cell, sym); {
		case m < cell && p.Given(m):
			continue // checked with its mate
		case m != cell && p.Given(m):
			skip = append(skip, m)
		}
		if got, _ := count(t, clueBoard(t, p.Layout(), p, skip...)); got < 2 {
			t.Fatalf("puzzle %s stays unique without the clues at %v: not minimal", values(p), skip)
		}
	}
}

// rate grades a puzzle as the service's Rate does: counting solutions
// first, then solving with every strategy.
func rate(t *testing.T, b *grid.Board) *solver.Result {
	t.Helper()
	res, err := solver.Solve(context.Background(), b, solver.Options{CheckMultiple: true}, nil)
	if err != nil {
		t.Fatalf("rating %s: %v", values(b), err)
	}
	return res
}

var levelTests = []struct {
	level strategy.Level
	seeds []uint64
}{
	{strategy.Easy, []uint64{1, 2, 3}},
	{strategy.Medium, []uint64{1, 2, 3}},
	{strategy.Hard, []uint64{1, 2, 3}},
	{strategy.Unfair, []uint64{1, 14921519741079916160}},
	{strategy.Extreme, []uint64{1, 2, 3}},
}

// perLevel replaces the seeds of levelTests with 1..N: go test -run
// TestLevels -per-level 100 ./engine/generate checks 100 puzzles a level.
var perLevel = flag.Int("per-level", 0, "generate and check `n` puzzles per level in TestLevels (seeds 1..n)")

func TestLevels(t *testing.T) {
	for _, tt := range levelTests {
		t.Run(tt.level.String(), func(t *testing.T) {
			seeds := tt.seeds
			if *perLevel > 0 {
				seeds = seeds[:0:0]
				for i := range *perLevel {
					seeds = append(seeds, uint64(i+1))
				}
			}
			start, attempts := time.Now(), 0
			defer func() {
				t.Logf("%d %s puzzles in %v (%.1f/s), %.1f attempts each", len(seeds), tt.level, time.Since(start).Round(time.Millisecond),
					float64(len(seeds))/time.Since(start).Seconds(), float64(attempts)/float64(len(seeds)))
			}()
			for _, seed := range seeds {
				res := generateOK(t, Config{Level: tt.level, Seed: seed})
				attempts += res.Attempts + 1
				if !res.LevelMet || !res.Minimal || !res.Graded {
					t.Fatalf("seed %d: LevelMet %v, Minimal %v, Graded %v, want all true", seed, res.LevelMet, res.Minimal, res.Graded)
				}
				checkUnique(t, res)
				checkMinimal(t, res, NoSymmetry)
				r := rate(t, clueBoard(t, res.Puzzle.Layout(), res.Puzzle))
				if r.Status != solver.Solved || r.Rating.Level != tt.level {
					t.Errorf("seed %d: rated %s %s, want solved %s", seed, r.Status, r.Rating.Level, tt.level)
				}
				if got := res.Grade.Rating; got.Level != r.Rating.Level || got.Score != r.Rating.Score {
					t.Errorf("seed %d: grade %s/%d, Rate gives %s/%d", seed, got.Level, got.Score, r.Rating.Level, r.Rating.Score)
				}
			}
		})
	}
}

func TestNoGuessing(t *testing.T) {
	for _, level := range []strategy.Level{strategy.Unrated, strategy.Hard} {
		res := generateOK(t, Config{Level: level, NoGuessing: true, Seed: 7})
		if !res.LevelMet || res.Grade.Guesses != 0 || res.Grade.Status != solver.Solved {
			t.Errorf("level %s: LevelMet %v, %d guesses, %s; want met, 0 guesses, solved", level, res.LevelMet, res.Grade.Guesses, res.Grade.Status)
		}
	}
}

func TestStrategies(t *testing.T) {
	singles, err := strategy.Select([]string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	res := generateOK(t, Config{Strategies: singles, NoGuessing: true, Seed: 3})
	if !res.LevelMet || res.Grade.Rating.Level != strategy.Easy {
		t.Errorf("singles only: LevelMet %v, level %s; want met, Easy", res.LevelMet, res.Grade.Rating.Level)
	}
}

// TestGradeAgreesWithRate grades puzzles that the strategies allowed
// (singles, then guessing) do not finish by logic, so that the grade
// counts guesses, and solves
// them again as the service's Rate does by default: counting the
// solutions, guesses guided by the solution found. Guesses that follow
// the solution make the grade the same whoever knows it; trial and error
// in ascending order, as the grader made before, takes other guesses.
func TestGradeAgreesWithRate(t *testing.T) {
	singles, err := strategy.Select([]string{"A", "B", "C"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGenerator(Config{Strategies: singles})
	if err != nil {
		t.Fatal(err)
	}
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		// AI Escargot and Golden Nugget.
		"100007090030020008009600500005300900010080002600004000300000010040000007007000300",
		"000000039000001005003050800008090006070002000100400000009080050020000600400700000",
	} {
		clues := make([]uint8, l.Cells)
		for i, c := range text {
			clues[i] = uint8(c - '0')
		}
		puzzle := boardOf(l, clues, nil)
		n, sols := count(t, puzzle)
		if n != 1 {
			t.Fatalf("%s: %d solutions", text, n)
		}
		grade, _, err := g.grade(context.Background(), puzzle, sols[0], false)
		if err != nil {
			t.Fatal(err)
		}
		rate, err := solver.Solve(context.Background(), boardOf(l, clues, nil), solver.Options{
			CheckMultiple: true,
			Order:         solver.Guided,
			Strategies:    singles,
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if grade.Guesses == 0 {
			t.Fatalf("%s: no guess graded: the test proves nothing", text)
		}
		if rate.Guesses != grade.Guesses || rate.Rating.Score != grade.Rating.Score || rate.Rating.Level != grade.Rating.Level {
			t.Errorf("%s: Rate's solve takes %d guesses, score %d (%s); the grade %d, %d (%s)", text,
				rate.Guesses, rate.Rating.Score, rate.Rating.Level, grade.Guesses, grade.Rating.Score, grade.Rating.Level)
		}
	}
}

func TestNonMinimalGradedDig(t *testing.T) {
	res := generateOK(t, Config{Level: strategy.Easy, NonMinimal: true, Seed: 11})
	if !res.LevelMet || res.Grade.Rating.Level != strategy.Easy {
		t.Fatalf("LevelMet %v, level %s; want met, Easy", res.LevelMet, res.Grade.Rating.Level)
	}
	checkUnique(t, res)
}

// TestKeptForLevel: when minimal puzzles keep missing a level below
// Extreme, later attempts keep the clues the level needs: an easy 9×9
// jigsaw (minimal ones are easy about one in 3,200) came back harder after
// 25 s of attempts, and now comes easy, unique, and said to be kept; its
// seed makes it again with NonMinimal. Where minimal puzzles meet the
// level, or MinimalOnly insists, none is kept. No deadline: the turn comes
// after keepLevelAfter attempts, not after half the time.
func TestKeptForLevel(t *testing.T) {
	if testing.Short() || race {
		t.Skip("makes hundreds of jigsaws; skipped under -short and -race")
	}
	tests := []struct {
		name      string
		cfg       Config
		kept, met bool
	}{
		{"jigsaw easy", Config{Variant: grid.Jigsaw, Level: strategy.Easy, Seed: 1}, true, true},
		{"jigsaw easy, minimal only", Config{Variant: grid.Jigsaw, Level: strategy.Easy, Seed: 1, MinimalOnly: true}, false, false},
		{"classic easy", Config{Level: strategy.Easy, Seed: 1}, false, true},
		{"jigsaw easy, non-minimal asked", Config{Variant: grid.Jigsaw, Level: strategy.Easy, Seed: 1, NonMinimal: true}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.MaxAttempts = keepLevelAfter + 40
			res, err := Generate(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			checkUnique(t, res)
			if res.KeptForLevel != tt.kept || res.LevelMet != tt.met {
				t.Fatalf("KeptForLevel %v, LevelMet %v (%s) after %d attempts; want %v, %v", res.KeptForLevel, res.LevelMet, res.Grade.Rating.Level, res.Made, tt.kept, tt.met)
			}
			if !tt.met {
				if !res.Minimal {
					t.Errorf("the closest puzzle with MinimalOnly is not minimal")
				}
				return
			}
			if res.Grade.Rating.Level != cfg.Level {
				t.Errorf("level %s, want %s", res.Grade.Rating.Level, cfg.Level)
			}
			if tt.kept && res.Made <= keepLevelAfter {
				t.Errorf("kept after %d attempts, before the %d minimal ones", res.Made, keepLevelAfter)
			}
			if !tt.kept && !cfg.NonMinimal && !res.Minimal {
				t.Errorf("Minimal false, though no clue was kept for the level")
			}
			if r := rate(t, clueBoard(t, res.Puzzle.Layout(), res.Puzzle)); r.Status != solver.Solved || r.Rating.Level != cfg.Level {
				t.Errorf("rated %s %s, want solved %s", r.Status, r.Rating.Level, cfg.Level)
			}
			if !tt.kept {
				return
			}
			again := generateOK(t, Config{Variant: cfg.Variant, Level: cfg.Level, Seed: res.Seed, NonMinimal: true})
			if again.Attempts != 0 || values(again.Puzzle) != values(res.Puzzle) {
				t.Errorf("seed %d with NonMinimal made %s at attempt %d; want %s at the first", res.Seed, values(again.Puzzle), again.Attempts+1, values(res.Puzzle))
			}
		})
	}
}

// TestMinimalReported: Minimal is true only of puzzles that are minimal,
// and a puzzle dug without a proof asked for (NonMinimal) is still
// reported minimal when digging proved every clue needed.
func TestMinimalReported(t *testing.T) {
	tests := []struct {
		cfg       Config
		minimal   bool // whether Minimal must be true
		removable bool // whether a clue is known to be removable
	}{
		{Config{Seed: 5}, true, false},
		{Config{Seed: 5, NonMinimal: true}, true, false},
		{Config{Seed: 6, NonMinimal: true, Size: 6, Symmetry: Rotational}, true, false},
		{Config{Seed: 11, NonMinimal: true, Level: strategy.Easy}, false, false},
		// Clues kept to hold the level: three could go.
		{Config{Seed: 4, NonMinimal: true, Level: strategy.Easy}, false, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-%d-%v-%s-%s", tt.cfg.Seed, tt.cfg.Size, tt.cfg.NonMinimal, tt.cfg.Symmetry, tt.cfg.Level), func(t *testing.T) {
			res := generateOK(t, tt.cfg)
			if tt.minimal && !res.Minimal {
				t.Fatalf("Minimal = false, want true")
			}
			if res.Minimal {
				checkMinimal(t, res, tt.cfg.Symmetry)
			}
			if !tt.removable {
				return
			}
			if res.Minimal {
				t.Fatalf("Minimal = true, want false")
			}
			p := res.Puzzle
			for cell := range p.Values() {
				if p.Given(cell) {
					if n, _ := count(t, clueBoard(t, p.Layout(), p, cell)); n == 1 {
						return
					}
				}
			}
			t.Errorf("no clue of %s can go: the test proves nothing", values(p))
		})
	}
}

// TestImpliedUnits checks the units a Windoku implies: every solution
// holds each digit once in each, and the digger's uniqueness check, which
// propagates over them, agrees with the exact search.
func TestImpliedUnits(t *testing.T) {
	for _, n := range []int{4, 9, 16, 25} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: n, Variant: grid.Windoku})
			if err != nil {
				t.Fatal(err)
			}
			implied := l.ImpliedUnits()
			if b := l.BoxRows; len(implied) != 2*(b-1)+1 {
				t.Fatalf("%d implied units, want %d", len(implied), 2*(b-1)+1)
			}
			rng := newRand(uint64(n))
			var sol []uint8
			if patterned(grid.Windoku, n) {
				sol, err = patternGrid(l, rng)
			} else {
				sol, err = fillRandom(context.Background(), grid.NewBoard(l), rng, DefaultMaxNodes)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range implied {
				var seen grid.Digits
				for _, cell := range u {
					seen |= grid.Bit(int(sol[cell]))
				}
				if len(u) != n || seen != grid.AllDigits(n) {
					t.Fatalf("implied unit %v holds %v", u, seen)
				}
			}
			if n >= 16 {
				return // the exact search of a sparse 16×16 Windoku is too slow to compare
			}
			g, err := newGenerator(Config{Size: n, Variant: grid.Windoku})
			if err != nil {
				t.Fatal(err)
			}
			d := newDigger(g, l, sol)
			clues := append([]uint8(nil), sol...)
			for i, cell := range rng.Perm(len(clues)) {
				clues[cell] = 0
				got, settled, err := d.unique(context.Background(), clues)
				if err != nil || !settled {
					t.Fatalf("unique: settled %v, %v", settled, err)
				}
				want, _ := count(t, clueBoard(t, l, boardOf(l, clues, nil)))
				if got != (want == 1) {
					t.Fatalf("%d clues: unique says %v, the search counts %d", len(clues)-i-1, got, want)
				}
			}
		})
	}
}

// TestStillUniqueAgreesWithCount digs random pairs of clues from solution
// grids as the digger does and checks each answer of its aimed check
// (stillUnique) against a count of every solution, with the search and
// with the clause-learning checker of large boards (learn), which keeps
// the clues put back as the digger does.
func TestStillUniqueAgreesWithCount(t *testing.T) {
	for _, tt := range []struct {
		name    string
		size    int
		variant grid.Variant
		learn   bool
	}{
		{"classic", 9, grid.Classic, false},
		{"6x6", 6, grid.Classic, false},
		{"X", 9, grid.X, false},
		{"Windoku", 9, grid.Windoku, false},
		{"classic learning", 9, grid.Classic, true},
		{"X learning", 9, grid.X, true},
		{"Windoku learning", 9, grid.Windoku, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: tt.size, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			rng := newRand(uint64(tt.size))
			sol, err := fillRandom(context.Background(), grid.NewBoard(l), rng, DefaultMaxNodes)
			if err != nil {
				t.Fatal(err)
			}
			g, err := newGenerator(Config{Size: tt.size, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			d := newDigger(g, l, sol)
			if tt.learn {
				if d.checker = search.NewClueChecker(l, sol); d.checker == nil {
					t.Fatal("no clue checker for the layout")
				}
			}
			clues := append([]uint8(nil), sol...)
			var kept, put int
			for _, orbit := range shuffledOrbits(l.N, Rotational, rng) {
				removed := d.clueCells(orbit, clues)
				for _, cell := range removed {
					clues[cell] = 0
				}
				got, settled, err := d.stillUnique(context.Background(), clues, removed, d.maxNodes)
				if err != nil || !settled {
					t.Fatalf("stillUnique: settled %v, %v", settled, err)
				}
				want, _ := count(t, clueBoard(t, l, boardOf(l, clues, nil)))
				if got != (want == 1) {
					t.Fatalf("%s without %v: stillUnique says %v, the search counts %d", values(boardOf(l, clues, nil)), removed, got, want)
				}
				if got {
					kept++
					continue
				}
				put++
				for _, cell := range removed {
					clues[cell] = sol[cell]
					if d.checker != nil {
						d.checker.Keep(cell)
					}
				}
			}
			if kept == 0 || put == 0 {
				t.Fatalf("%d removals kept and %d put back: the test proves nothing", kept, put)
			}
		})
	}
}

// TestWidePassDigsAsPass digs the same grids in the same order with
// checks one at a time (pass) and side by side (widePass), without a
// budget: the puzzles and the clues proved needed must be the same, and
// the puzzle unique and minimal. Each case runs on several grids: two
// removals of one wave that may each go alone but not both are rare.
func TestWidePassDigsAsPass(t *testing.T) {
	type digCase struct {
		name     string
		variant  grid.Variant
		symmetry Symmetry
		seed     uint64
	}
	var cases []digCase
	for seed := range uint64(12) {
		cases = append(cases,
			digCase{"classic", grid.Classic, NoSymmetry, seed},
			digCase{"classic rotational", grid.Classic, Rotational, seed},
			digCase{"X", grid.X, NoSymmetry, seed},
			digCase{"Windoku", grid.Windoku, NoSymmetry, seed},
		)
	}
	for _, tt := range cases {
		t.Run(fmt.Sprintf("%s seed %d", tt.name, tt.seed), func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: 9, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			sol, err := fillRandom(context.Background(), grid.NewBoard(l), newRand(tt.seed), DefaultMaxNodes)
			if err != nil {
				t.Fatal(err)
			}
			g, err := newGenerator(Config{Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			orbits := shuffledOrbits(l.N, tt.symmetry, newRand(tt.seed))
			dig := func(wide bool) ([]uint8, []bool) {
				d := newDigger(g, l, sol)
				if d.checker = search.NewClueChecker(l, sol); d.checker == nil {
					t.Fatal("no clue checker for the layout")
				}
				clues := append([]uint8(nil), sol...)
				d.clues = clues
				var later [][2]int
				if wide {
					later, err = d.widePass(context.Background(), clues, orbits, 0)
				} else {
					later, err = d.pass(context.Background(), clues, orbits, 0, false)
				}
				if err != nil || len(later) > 0 {
					t.Fatalf("wide %v: %d orbits unsettled, %v", wide, len(later), err)
				}
				return clues, d.needed
			}
			want, wantNeeded := dig(false)
			got, gotNeeded := dig(true)
			if !slices.Equal(got, want) {
				t.Fatalf("widePass dug\n%v\npass dug\n%v", got, want)
			}
			if !slices.Equal(gotNeeded, wantNeeded) {
				t.Errorf("widePass proved needed %v, pass %v", gotNeeded, wantNeeded)
			}
			if n, _ := count(t, clueBoard(t, l, boardOf(l, got, nil))); n != 1 {
				t.Fatalf("the puzzle has %d solutions", n)
			}
			for _, orbit := range orbits {
				clues := append([]uint8(nil), got...)
				removed := 0
				for _, cell := range orbit {
					if cell >= 0 && clues[cell] != 0 {
						clues[cell] = 0
						removed++
					}
				}
				if removed == 0 {
					continue
				}
				if n, _ := count(t, clueBoard(t, l, boardOf(l, clues, nil))); n == 1 {
					t.Fatalf("orbit %v can go: the puzzle is not minimal", orbit)
				}
			}
		})
	}
}

// TestWidePassCutShort digs a Sudoku X (whose checks start with the
// singles) with a context already cancelled: the checks
// that reach the clause-learning checker fail, and the clues left must be
// a unique puzzle, the removals the singles proved kept.
func TestWidePassCutShort(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.X})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := fillRandom(context.Background(), grid.NewBoard(l), newRand(7), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGenerator(Config{Variant: grid.X})
	if err != nil {
		t.Fatal(err)
	}
	d := newDigger(g, l, sol)
	if d.checker = search.NewClueChecker(l, sol); d.checker == nil {
		t.Fatal("no clue checker for the layout")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	clues := append([]uint8(nil), sol...)
	_, err = d.widePass(ctx, clues, shuffledOrbits(l.N, NoSymmetry, newRand(7)), 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("widePass: %v, want %v", err, context.Canceled)
	}
	if values(boardOf(l, clues, nil)) == values(boardOf(l, sol, nil)) {
		t.Fatal("no removal was kept: the test proves nothing")
	}
	if n, _ := count(t, clueBoard(t, l, boardOf(l, clues, nil))); n != 1 {
		t.Fatalf("the puzzle left has %d solutions", n)
	}
}

// TestDigPasses digs a 9×9 grid with a budget of one guess a check: alone,
// that pass leaves clues it could not settle; a second pass with a full
// budget settles them, and the puzzle comes out minimal.
func TestDigPasses(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := fillRandom(context.Background(), grid.NewBoard(l), newRand(5), DefaultMaxNodes)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGenerator(Config{})
	if err != nil {
		t.Fatal(err)
	}
	dig := func(passes []int64) (clues []uint8, unsettled int, minimal bool) {
		d := newDigger(g, l, sol)
		d.passes = passes
		g.cfg.NonMinimal = true // no proof after digging: the passes alone
		defer func() { g.cfg.NonMinimal = false }()
		clues, minimal, err := d.dig(context.Background(), newRand(6), sol)
		if err != nil {
			t.Fatal(err)
		}
		for cell, v := range clues {
			if v != 0 && !d.needed[cell] {
				unsettled++
			}
		}
		return clues, unsettled, minimal
	}
	_, unsettled, minimal := dig([]int64{1})
	if unsettled == 0 || minimal {
		t.Fatalf("one guess a check: %d clues unsettled, minimal %v; want some unsettled: the test proves nothing", unsettled, minimal)
	}
	clues, unsettled, minimal := dig([]int64{1, DefaultMaxNodes})
	if unsettled != 0 || !minimal {
		t.Fatalf("with a second pass: %d clues unsettled, minimal %v; want none, and minimal", unsettled, minimal)
	}
	b := boardOf(l, clues, nil)
	if n, _ := count(t, clueBoard(t, l, b)); n != 1 {
		t.Fatalf("the dug puzzle has %d solutions", n)
	}
	for cell, v := range clues {
		if v != 0 {
			if n, _ := count(t, clueBoard(t, l, b, cell)); n == 1 {
				t.Fatalf("clue at cell %d can go", cell)
			}
		}
	}
}

func TestSameSeedSamePuzzle(t *testing.T) {
	configs := []Config{
		{Seed: 42},
		{Seed: 42, Level: strategy.Hard},
		{Seed: 42, Variant: grid.Jigsaw},
		{Seed: 42, Variant: grid.Killer},
		{Seed: 42, Variant: grid.KenKen},
		{Seed: 42, Size: 6, Symmetry: Rotational},
	}
	for _, cfg := range configs {
		t.Run(fmt.Sprintf("%s-%s-%d", cfg.Variant, cfg.Level, cfg.Size), func(t *testing.T) {
			a, b := generateOK(t, cfg), generateOK(t, cfg)
			pa, _ := codec.PackBoard(a.Puzzle)
			pb, _ := codec.PackBoard(b.Puzzle)
			if pa != pb || a.Attempts != b.Attempts || a.Seed != b.Seed {
				t.Fatalf("two runs differ:\n%s (seed %d, attempt %d)\n%s (seed %d, attempt %d)", pa, a.Seed, a.Attempts, pb, b.Seed, b.Attempts)
			}
			// The seed returned makes the puzzle at once.
			again := cfg
			again.Seed = a.Seed
			c := generateOK(t, again)
			if pc, _ := codec.PackBoard(c.Puzzle); pc != pa || c.Attempts != 0 {
				t.Fatalf("seed %d gave %s at attempt %d, want %s at attempt 0", a.Seed, pc, c.Attempts, pa)
			}
		})
	}
	a, b := generateOK(t, Config{Seed: 1}), generateOK(t, Config{Seed: 2})
	if values(a.Puzzle) == values(b.Puzzle) {
		t.Errorf("seeds 1 and 2 gave the same puzzle %s", values(a.Puzzle))
	}
}

func TestSymmetry(t *testing.T) {
	for _, sym := range []Symmetry{Rotational, Mirror} {
		for _, size := range []int{9, 6} {
			t.Run(fmt.Sprintf("%s-%d", sym, size), func(t *testing.T) {
				res := generateOK(t, Config{Size: size, Symmetry: sym, Seed: 5})
				p := res.Puzzle
				for cell := range p.Values() {
					if m := mate(size, cell, sym); p.Given(cell) != p.Given(m) {
						t.Fatalf("%s is a clue but %s is not: pattern not %s", p.Layout().CellName(cell), p.Layout().CellName(m), sym)
					}
				}
				if !res.Minimal {
					t.Fatal("Minimal = false, want true")
				}
				checkUnique(t, res)
				checkMinimal(t, res, sym)
			})
		}
	}
}

var variantTests = []struct {
	name    string
	size    int
	variant grid.Variant
	minimal bool // whether to check minimality (the search is slow on cages)
}{
	{"classic 4", 4, grid.Classic, true},
	{"classic 6", 6, grid.Classic, true},
	{"classic 8", 8, grid.Classic, true},
	{"classic 12", 12, grid.Classic, true},
	{"classic 16", 16, grid.Classic, false},
	{"X", 9, grid.X, true},
	{"Windoku", 9, grid.Windoku, true},
	{"Colour", 9, grid.Colour, true},
	{"jigsaw 9", 9, grid.Jigsaw, true},
	{"jigsaw 7", 7, grid.Jigsaw, true},
	{"killer", 9, grid.Killer, false},
	{"killer 6", 6, grid.Killer, true},
	{"killer 10", 10, grid.Killer, false}, // more digits than the cage trials follow
	{"killer jigsaw", 9, grid.KillerJigsaw, false},
	{"killer X", 9, grid.KillerX, false},
	{"KenKen 4", 4, grid.KenKen, true},
	{"KenKen 6", 6, grid.KenKen, true},
	{"KenDoku 6", 6, grid.KenDoku, true},
}

func TestVariants(t *testing.T) {
	for _, tt := range variantTests {
		t.Run(tt.name, func(t *testing.T) {
			res := generateOK(t, Config{Size: tt.size, Variant: tt.variant, Seed: 9})
			l := res.Puzzle.Layout()
			if l.N != tt.size || l.Variant != tt.variant {
				t.Fatalf("got a %d×%d %s, want %d×%d %s", l.N, l.N, l.Variant, tt.size, tt.size, tt.variant)
			}
			if !res.Minimal {
				t.Error("Minimal = false, want true")
			}
			checkUnique(t, res)
			if tt.minimal {
				checkMinimal(t, res, NoSymmetry)
			}
			if tt.variant.Irregular() {
				checkRegions(t, l)
			}
			if tt.variant.HasCages() {
				checkCages(t, l, res.Solution)
			}
			r, err := solver.Solve(context.Background(), clueBoard(t, l, res.Puzzle), solver.Options{}, nil)
			if err != nil || r.Status != solver.Solved || values(r.Board) != values(res.Solution) {
				t.Fatalf("the solver did not solve %s to its solution: %v, %v", values(res.Puzzle), err, r.Status)
			}
		})
	}
}

// checkRegions checks that a jigsaw layout has n connected regions of n
// cells that are not the regular boxes.
func checkRegions(t *testing.T, l *grid.Layout) {
	t.Helper()
	if l.BoxRows != 0 {
		t.Errorf("jigsaw regions are the regular boxes")
	}
	for _, u := range l.Units() {
		if u.Kind == grid.Region && !connected(l.N, u.Cells) {
			t.Errorf("%s is not connected: %v", u.Name(), u.Cells)
		}
	}
}

// checkCages checks that cages are connected, hold their targets in the
// solution and, in killers, distinct digits.
func checkCages(t *testing.T, l *grid.Layout, sol *grid.Board) {
	t.Helper()
	for k, cg := range l.Cages() {
		if !connected(l.N, cg.Cells) {
			t.Errorf("cage %d is not connected: %v", k, cg.Cells)
		}
		sum, prod, seen := 0, 1, grid.Digits(0)
		var ds []int
		for _, c := range cg.Cells {
			d := int(sol.Value(c))
			sum, prod = sum+d, prod*d
			if !l.Variant.Arithmetic() && seen.Has(d) {
				t.Errorf("killer cage %d repeats %d", k, d)
			}
			seen |= grid.Bit(d)
			ds = append(ds, d)
		}
		var got int
		switch cg.Op {
		case grid.OpNone:
			got = ds[0]
		case grid.OpAdd:
			got = sum
		case grid.OpMul:
			got = prod
		case grid.OpSub:
			got = max(ds[0], ds[1]) - min(ds[0], ds[1])
		case grid.OpDiv:
			got = max(ds[0], ds[1]) / min(ds[0], ds[1])
		}
		if got != cg.Target {
			t.Errorf("cage %d %d%s holds %v", k, cg.Target, cg.Op, ds)
		}
		if (cg.Op == grid.OpSub || cg.Op == grid.OpDiv) && len(cg.Cells) != 2 {
			t.Errorf("cage %d: %s over %d cells", k, cg.Op, len(cg.Cells))
		}
	}
}

// connected reports whether cells form one orthogonally connected piece.
func connected(n int, cells []int) bool {
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int]bool{cells[0]: true}
	queue := []int{cells[0]}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for dir := range 4 {
			if p, ok := neighbour(n, c, dir); ok && in[p] && !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	return len(seen) == len(cells)
}

func TestStartFrom(t *testing.T) {
	base := loadText(t, seedHard, "", grid.Classic)
	res := generateOK(t, Config{Mode: StartFrom, Base: base, Seed: 4})
	for i := range res.Puzzle.Layout().Cells {
		if res.Puzzle.Given(i) && base.Value(i) != res.Puzzle.Value(i) {
			t.Fatalf("clue %s is not one of the start's", res.Puzzle.Layout().CellName(i))
		}
	}
	checkUnique(t, res)
	checkMinimal(t, res, NoSymmetry)

	// Remove a few clues of an easy puzzle: the result has fewer.
	start := generateOK(t, Config{Seed: 4, NonMinimal: true, Level: strategy.Easy})
	res = generateOK(t, Config{Mode: StartFrom, Base: start.Puzzle, Seed: 4})
	if res.Clues > start.Clues {
		t.Errorf("started from %d clues, got %d", start.Clues, res.Clues)
	}
	checkUnique(t, res)
	checkMinimal(t, res, NoSymmetry)
}

func TestStartFromSymmetry(t *testing.T) {
	// seedHard's clues are symmetric both ways; with its solution's digit
	// at r1c1 too (r1c9 and r9c9 are empty) they are neither.
	symmetric := loadText(t, seedHard, "", grid.Classic)
	solved := generateOK(t, Config{Mode: StartFrom, Base: symmetric, Seed: 4}).Solution
	lopsided := loadText(t, fmt.Sprint(solved.Value(0))+seedHard[1:], "", grid.Classic)
	for _, sym := range []Symmetry{Rotational, Mirror} {
		res := generateOK(t, Config{Mode: StartFrom, Base: symmetric, Symmetry: sym, Seed: 4})
		checkUnique(t, res)
		checkMinimal(t, res, sym)

		_, err := Generate(context.Background(), Config{Mode: StartFrom, Base: lopsided, Symmetry: sym, Seed: 4})
		var fe *grid.FieldError
		if !errors.As(err, &fe) || fe.Field != "symmetry" || !strings.Contains(fe.Reason, "not "+sym.String()+"-symmetric") {
			t.Errorf("%s start from a lopsided puzzle: %v, want a FieldError on symmetry", sym, err)
		}
	}
	// Without a symmetry the lopsided start is fine.
	checkUnique(t, generateOK(t, Config{Mode: StartFrom, Base: lopsided, Seed: 4}))
}

func TestBaseOnMap(t *testing.T) {
	regions := make([]int, 81)
	for i, c := range seedJigsawMap {
		regions[i] = int(c - '0')
	}
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: regions})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		base *grid.Board
	}{
		{"empty board", grid.NewBoard(l)},
		{"the seed's jigsaw", loadText(t, seedJigsaw, seedJigsawMap, grid.Jigsaw)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := generateOK(t, Config{Mode: BaseOnMap, Base: tt.base, Seed: 8})
			if !slices.Equal(res.Puzzle.Layout().Regions(), l.Regions()) {
				t.Fatalf("regions changed")
			}
			checkUnique(t, res)
			checkMinimal(t, res, NoSymmetry)
		})
	}
}

// TestBaseOnMapHardKiller completes the cages of a hard killer without
// clues (tarek's first, engine/search/testdata/killer9-tarek.txt), whose
// sums the random fill does not reason on: within three attempts (the
// fill spent its whole budget on each, 215 attempts for a seed), keeping
// every cage.
func TestBaseOnMapHardKiller(t *testing.T) {
	const tarek1 = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
	p, _, err := codec.Decode(tarek1, codec.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	base, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{1, 2} {
		res := generateOK(t, Config{Mode: BaseOnMap, Base: base, Seed: seed, MaxAttempts: 3})
		if got, want := len(res.Puzzle.Layout().Cages()), len(base.Layout().Cages()); got != want {
			t.Fatalf("seed %d: %d cages, want %d", seed, got, want)
		}
		checkUnique(t, res)
	}
}

// TestBaseOnMapStr8ts completes Str8ts boards of every kind, their black
// cells and black clues kept, into new puzzles. Placing a black clue as a
// digit to find took its cell off the count of empty cells a second time:
// the fill then stopped with white cells empty, and the puzzle dug from
// that grid had no solution (solverctl generate --mode base on a 9×9
// Str8ts: "no solution" three seeds of three), or found no cell to try
// and panicked (Str8ts B: Internal). The fill is now the exact search's,
// as a new Str8ts's, which a random fill took over 30 s to match on one
// board.
func TestBaseOnMapStr8ts(t *testing.T) {
	for _, v := range []grid.Variant{grid.Str8ts, grid.Str8tsX, grid.Str8tsB, grid.Str8tsBX} {
		for _, seed := range []uint64{5, 6} {
			base := generateOK(t, Config{Size: 9, Variant: v, Seed: seed}).Puzzle
			blackClues := 0
			for c := range base.Layout().Cells {
				if base.Layout().IsBlack(c) && base.Value(c) != 0 {
					blackClues++
				}
			}
			if blackClues == 0 {
				t.Fatalf("%v seed %d: no black clue to keep", v, seed)
			}
			for _, s := range []uint64{7, 8} {
				res := generateOK(t, Config{Mode: BaseOnMap, Base: base, Seed: s})
				l := res.Puzzle.Layout()
				if !slices.Equal(l.BlackCells(), base.Layout().BlackCells()) {
					t.Fatalf("%v seed %d/%d: black cells changed", v, seed, s)
				}
				for c := range l.Cells {
					if d := base.Value(c); d != 0 && l.IsBlack(c) && res.Solution.Value(c) != d {
						t.Errorf("%v seed %d/%d: black clue %s=%d not kept", v, seed, s, l.CellName(c), d)
					}
				}
				checkUnique(t, res)
			}
		}
	}
}

func loadText(t *testing.T, text, regionMap string, v grid.Variant) *grid.Board {
	t.Helper()
	p, err := codec.ParseText(text, "", regionMap)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeBoard returns the board of a text whose format names its variant
// (a 2.0 string).
func decodeBoard(t *testing.T, text string) *grid.Board {
	t.Helper()
	p, _, err := codec.Decode(text, codec.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic) // the string names its own
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBaseErrors(t *testing.T) {
	twoSolutions := loadText(t, ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", "", grid.Classic)
	// r1c9 sees every digit.
	noSolution := loadText(t, "12345678.........9"+strings.Repeat(".", 63), "", grid.Classic)
	// A Str8ts whose r1c3-9 can hold no straight: 1 beside a black 3
	// leaves seven cells 2, 4-9. Retried as a layout without a solution,
	// it made 10,000 attempts and ended "a larger bound may help".
	str8tsNone := decodeBoard(t, "T9B010d"+strings.Repeat("ez", 79))
	// published Str8ts, str8ts-published.txt: none as a Str8ts B.
	str8tsBNone := decodeBoard(t, "B9B0aezez0jezez0aezez0aezezez02ez07ezezezezezez0aezezezezezezezezezez03ez0a0h0a0603ezezez"+
		"0a0a0aez08ezezezezezezezezezez0aezezezezezez04ezezezez070bez020aezez0aezez0g")
	for _, tt := range []struct {
		name string
		cfg  Config
		want error
	}{
		{"start not unique", Config{Mode: StartFrom, Base: twoSolutions}, ErrNotUnique},
		{"start no solution", Config{Mode: StartFrom, Base: noSolution}, ErrNoSolution},
		{"base no solution", Config{Mode: BaseOnMap, Base: noSolution}, ErrNoSolution},
		{"str8ts base no solution", Config{Mode: BaseOnMap, Base: str8tsNone}, ErrNoSolution},
		{"str8ts B base no solution", Config{Mode: BaseOnMap, Base: str8tsBNone}, ErrNoSolution},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Generate(context.Background(), tt.cfg)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tt := range []struct {
		cfg   Config
		field string
	}{
		{Config{Size: 2}, "size"},
		{Config{Size: 33}, "size"},
		{Config{Size: 7}, "size"}, // no boxes
		{Config{Size: 6, Variant: grid.Windoku}, "variant"},
		{Config{Size: 7, Variant: grid.Str8tsB}, "size"}, // no boxes
		{Config{Size: 25, Variant: grid.Str8ts}, "size"},
		{Config{Size: 16, Variant: grid.Str8tsB}, "size"},  // black layouts with boxes: no solution
		{Config{Size: 14, Variant: grid.Str8tsBX}, "size"}, // (maxBoxedStr8tsSize)
		{Config{Size: 6, Variant: grid.KillerX}, "size"},   // SudoCue's form is 9×9
		{Config{Variant: 99}, "variant"},
		{Config{Mode: 7}, "mode"},
		{Config{Mode: StartFrom}, "base"},
		{Config{Symmetry: 9}, "symmetry"},
		{Config{Level: 9}, "level"},
		{Config{Size: 4, Level: strategy.Medium}, "level"}, // every 4×4 grades Easy (TestSmallBoardsEasy)
		{Config{Size: 4, Variant: grid.X, Level: strategy.Unfair}, "level"},
		{Config{Size: 4, Level: strategy.Extreme, NoGuessing: true}, "level"},
		{Config{MaxAttempts: -1}, "max_attempts"},
		{Config{MaxNodes: -1}, "max_nodes"},
		{Config{MinimalOnly: true, NonMinimal: true}, "minimal_only"},
		{Config{CageSize: 5}, "cage_size"},
		{Config{Variant: grid.KenKen, CageSize: 2}, "cage_size"},
		{Config{Variant: grid.Killer, CageSize: 1}, "cage_size"},
		{Config{Variant: grid.Killer, CageSize: 10}, "cage_size"},
		// Cages of every digit all sum to 45: never unique.
		{Config{Variant: grid.Killer, CageSize: 9}, "cage_size"},
		{Config{Variant: grid.Killer, Size: 6, CageSize: 6}, "cage_size"},
	} {
		// A deadline, so a config not refused fails rather than searching
		// for a level no puzzle meets.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := Generate(ctx, tt.cfg)
		cancel()
		var ce *grid.FieldError
		if !errors.As(err, &ce) || ce.Field != tt.field {
			t.Errorf("Generate(%+v) = %v, want a *grid.FieldError on %s", tt.cfg, err, tt.field)
		}
	}
}

// TestNoBoxesHint checks that a size without regular boxes is refused with
// sizes the variant can be generated at and a variant without boxes of its
// family, not a fixed list: Windoku needs square boxes, Str8ts B stops at
// 12×12, and KenDoku and Str8ts B have no jigsaw form.
func TestNoBoxesHint(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{Size: 7}, "choose a size that has them (4, 6, 8, 9, 10, 12, 14, ...) or a jigsaw puzzle"},
		{Config{Size: 5, Variant: grid.Windoku}, "choose a size that has them (4, 9, 16, 25) or a jigsaw puzzle"},
		{Config{Size: 11, Variant: grid.Killer}, "or a killer jigsaw puzzle"},
		{Config{Size: 7, Variant: grid.KenDoku}, "or a KenKen puzzle"},
		{Config{Size: 7, Variant: grid.Str8tsB}, "choose a size that has them (4, 6, 8, 9, 10, 12) or a Str8ts puzzle"},
		{Config{Size: 11, Variant: grid.Str8tsBX}, "(4, 6, 8, 9, 10, 12) or a Str8ts X puzzle"},
	} {
		_, err := Generate(context.Background(), tt.cfg)
		var fe *grid.FieldError
		if !errors.As(err, &fe) || fe.Field != "size" || !strings.Contains(fe.Reason, tt.want) {
			t.Errorf("Generate(%+v) = %v, want a FieldError on size saying %q", tt.cfg, err, tt.want)
		}
	}
}

func TestDeadlineGivesClosest(t *testing.T) {
	// A 4×4 X graded with singles alone is never Hard (singles solve its
	// puzzles, which grade Easy: TestSmallBoardsEasy; with every strategy
	// a level above Easy is refused at once): the generator returns the
	// closest it found when the deadline nears.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := Generate(ctx, Config{Size: 4, Variant: grid.X, Level: strategy.Hard, Strategies: smallSingleStrategies(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// It keeps trying until the deadline nears (a lower bound, which load
	// cannot break), then answers rather than failing with the context's
	// error. The upper bound only catches a generator that ignores the
	// deadline; it is no measure of speed.
	if elapsed := time.Since(start); elapsed < 150*time.Millisecond || elapsed > 5*time.Second {
		t.Errorf("took %v with a 300ms deadline; want it to try until the deadline nears", elapsed)
	}
	if res.LevelMet || !res.Graded || res.Grade.Rating.Level == strategy.Hard {
		t.Errorf("LevelMet %v, graded %v, level %s; want the closest found, graded", res.LevelMet, res.Graded, res.Grade.Rating.Level)
	}
	checkUnique(t, res)
}

// TestClosestAnswersBeforeDeadline checks that a generation whose level
// is out of reach answers before its deadline when the closest puzzle's
// grade has to be completed: a minimal 16×16 X asked for at Hard grades
// Extreme on every attempt, and completing that grade could take the time
// left, so that the call failed with its deadline instead of answering.
// (Keeping the clues the level needs, turned off here, reaches Hard.)
func TestClosestAnswersBeforeDeadline(t *testing.T) {
	if testing.Short() || race {
		t.Skip("generates 16×16 puzzles for seconds; skipped under -short and -race")
	}
	defer func(after int) { keepLevelAfter = after }(keepLevelAfter)
	keepLevelAfter = 0
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Second)
	defer cancel()
	res, err := Generate(ctx, Config{Variant: grid.X, Size: 16, Level: strategy.Hard, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Errorf("answered after the deadline (%v)", ctx.Err())
	}
	if res.LevelMet {
		t.Errorf("level met at attempt %d; the test needs a level out of reach", res.Attempts)
	}
	checkUnique(t, res)
}

// TestDigShare checks the part of the time the first attempt digs: more
// when the grade only informs than when it decides.
func TestDigShare(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want float64
	}{
		{Config{}, 0.9},
		{Config{Size: 25}, 0.9},
		{Config{Level: strategy.Hard}, 0.6},
		{Config{Level: strategy.Extreme}, 0.6},
		{Config{NoGuessing: true}, 0.6},
	} {
		g, err := newGenerator(tt.cfg)
		if err != nil {
			t.Fatal(err)
		}
		share := g.digShare()
		if share != tt.want {
			t.Errorf("%+v: dig share %v, want %v", tt.cfg, share, tt.want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		start := time.Now()
		stop, dig, answer, cancelAll := deadlines(ctx, share)
		stopAt, _ := stop.Deadline()
		digAt, _ := dig.Deadline()
		answerAt, _ := answer.Deadline()
		deadline, _ := ctx.Deadline()
		// The closest puzzle's grade is completed after stop, and ends
		// before the call's deadline, leaving time to answer.
		if !stopAt.Before(answerAt) || !answerAt.Before(deadline) {
			t.Errorf("%+v: stop %v, answer %v, deadline %v after the start; want them in that order", tt.cfg, stopAt.Sub(start), answerAt.Sub(start), deadline.Sub(start))
		}
		// The margin before the deadline is a second of ten.
		want := start.Add(time.Duration(float64(9*time.Second) * share))
		if d := digAt.Sub(want); d < -time.Second || d > time.Second || !digAt.Before(stopAt) {
			t.Errorf("%+v: digging ends %v after the start, stop %v; want about %v", tt.cfg, digAt.Sub(start), stopAt.Sub(start), want.Sub(start))
		}
		cancelAll()
		cancel()
	}
}

func TestMaxAttempts(t *testing.T) {
	// A 4×4 X graded with singles alone is never Hard (TestDeadlineGivesClosest).
	res, err := Generate(context.Background(), Config{Size: 4, Variant: grid.X, Level: strategy.Hard, Strategies: smallSingleStrategies(t), Seed: 1, MaxAttempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.LevelMet || res.Attempts >= 3 {
		t.Errorf("LevelMet %v at attempt %d, want the closest of 3", res.LevelMet, res.Attempts)
	}
	// Every attempt is counted, not only those up to the closest.
	if res.Made != 3 {
		t.Errorf("Made = %d after 3 attempts without the level, want 3", res.Made)
	}
}

// TestClosestIsFullyGraded checks that a closest puzzle whose grading
// stopped once it was too hard comes back with its whole grade.
func TestClosestIsFullyGraded(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 20 && checked < 3; seed++ {
		res, err := Generate(context.Background(), Config{Level: strategy.Easy, Seed: seed, MaxAttempts: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.LevelMet {
			continue
		}
		checked++
		r := rate(t, clueBoard(t, res.Puzzle.Layout(), res.Puzzle))
		if !res.Graded || res.Grade.Rating.Level != r.Rating.Level || res.Grade.Rating.Score != r.Rating.Score || res.Grade.Status != r.Status {
			t.Errorf("seed %d: graded %v %s %s/%d, Rate gives %s %s/%d", seed, res.Graded, res.Grade.Status,
				res.Grade.Rating.Level, res.Grade.Rating.Score, r.Status, r.Rating.Level, r.Rating.Score)
		}
	}
	if checked == 0 {
		t.Fatal("no seed gave a puzzle harder than Easy at the first attempt")
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, Config{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// BenchmarkGenerate measures the generation of minimal 9×9 puzzles at
// each level: go test -run '^$' -bench Generate ./engine/generate.
func BenchmarkGenerate(b *testing.B) {
	for _, level := range []strategy.Level{strategy.Unrated, strategy.Easy, strategy.Medium, strategy.Hard, strategy.Unfair, strategy.Extreme} {
		b.Run(level.String(), func(b *testing.B) {
			b.ReportAllocs()
			attempts := 0
			for i := range b.N {
				res, err := Generate(context.Background(), Config{Level: level, Seed: uint64(i + 1)})
				if err != nil || !res.LevelMet {
					b.Fatalf("seed %d: %v, level met %v", i+1, err, res != nil && res.LevelMet)
				}
				attempts += res.Attempts + 1
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(attempts)/float64(b.N), "attempts/puzzle")
		})
	}
}

// BenchmarkFillWindoku16 draws random 16×16 Windoku solution grids: the
// fill that the implied units make possible (without them most runs spent
// the node budget of DefaultMaxNodes).
func BenchmarkFillWindoku16(b *testing.B) {
	l, err := grid.NewLayout(grid.Config{Size: 16, Variant: grid.Windoku})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := fillRandom(context.Background(), grid.NewBoard(l), newRand(seed), DefaultMaxNodes); err != nil {
			b.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestExactCages draws cages of one size on 9×9 solution grids: every
// cell in one cage, each cage connected with distinct digits and its sum,
// all of the size but the one cell 81 mod 5 leaves.
func TestExactCages(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{3, 4, 5, 6} {
		for seed := range uint64(3) {
			rng := newRand(seed + 1)
			sol, err := fillRandom(context.Background(), grid.NewBoard(l), rng, DefaultMaxNodes)
			if err != nil {
				t.Fatal(err)
			}
			cages := cagesOf(exactCages(context.Background(), l, size, sol, rng), false, sol, nil)
			if len(cages) == 0 {
				t.Fatalf("size %d seed %d: no partition", size, seed)
			}
			owner := make([]int, l.Cells)
			singles := 0
			for k, cg := range cages {
				sum := 0
				var used grid.Digits
				for _, c := range cg.Cells {
					if owner[c] != 0 {
						t.Fatalf("size %d: cell %d in two cages", size, c)
					}
					owner[c] = k + 1
					if used.Has(int(sol[c])) {
						t.Fatalf("size %d: cage %d repeats %d", size, k, sol[c])
					}
					used |= grid.Bit(int(sol[c]))
					sum += int(sol[c])
				}
				if sum != cg.Target || cg.Op != grid.OpAdd {
					t.Errorf("size %d: cage %d has target %d op %v, want sum %d", size, k, cg.Target, cg.Op, sum)
				}
				switch len(cg.Cells) {
				case size:
				case 1:
					singles++
				default:
					t.Errorf("size %d: cage %d has %d cells", size, k, len(cg.Cells))
				}
				if !connectedCells(9, cg.Cells) {
					t.Errorf("size %d: cage %d (%v) is not connected", size, k, cg.Cells)
				}
			}
			if singles != l.Cells%size {
				t.Errorf("size %d: %d cages of one cell, want %d", size, singles, l.Cells%size)
			}
			for c, o := range owner {
				if o == 0 {
					t.Fatalf("size %d: cell %d in no cage", size, c)
				}
			}
		}
	}
}

// connectedCells reports whether cells are connected through sides.
func connectedCells(n int, cells []int) bool {
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for dir := range 4 {
			if p, ok := neighbour(n, c, dir); ok && !seen[p] && slices.Contains(cells, p) {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return len(seen) == len(cells)
}

// TestCageSizeGeneratesWithoutClues makes 6×6 killers of 3-cell cages:
// no clues, every cage of three cells, and the search proves them unique.
func TestCageSizeGeneratesWithoutClues(t *testing.T) {
	for seed := range uint64(3) {
		r, err := Generate(context.Background(), Config{Variant: grid.Killer, Size: 6, CageSize: 3, Seed: seed + 1, MaxAttempts: 50})
		if err != nil {
			t.Fatal(err)
		}
		if r.Clues != 0 {
			t.Errorf("seed %d: %d clues, want none", seed+1, r.Clues)
		}
		for _, cg := range r.Puzzle.Layout().Cages() {
			if len(cg.Cells) != 3 {
				t.Errorf("seed %d: a cage of %d cells, want 3", seed+1, len(cg.Cells))
			}
		}
		res, err := (&search.Searcher{}).Count(context.Background(), r.Puzzle, 2)
		if err != nil || !res.Complete || len(res.Solutions) != 1 {
			t.Errorf("seed %d: %d solutions (complete %v, err %v), want 1", seed+1, len(res.Solutions), res.Complete, err)
		}
	}
}

// TestGenerate25Minimal makes the 25×25 puzzles of the seeds 3
// and 11 with the default options and proves each unique and minimal
// independently of the digger's ClueChecker: a fresh search counts the
// solutions of the puzzle and of the puzzle less each of a sample of its
// clues (every clue would take minutes). It skips under -short and the
// race detector.
func TestGenerate25Minimal(t *testing.T) {
	if testing.Short() || race {
		t.Skip("a 25×25 generation and its check take about 15 s of CPU a seed: skipped under -short and -race")
	}
	for _, seed := range []uint64{3, 11} {
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			res, err := Generate(ctx, Config{Size: 25, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Minimal {
				t.Fatal("Minimal = false, want true")
			}
			checkUnique(t, res)
			p := res.Puzzle
			var givens []int
			for cell := range p.Layout().Cells {
				if p.Given(cell) {
					givens = append(givens, cell)
				}
			}
			rng := newRand(seed)
			rng.Shuffle(len(givens), func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
			for _, cell := range givens[:min(len(givens), 12)] {
				if n, _ := count(t, clueBoard(t, p.Layout(), p, cell)); n < 2 {
					t.Fatalf("the puzzle stays unique without its clue at %s: not minimal", p.Layout().CellName(cell))
				}
			}
		})
	}
}

// TestDig25Unique digs the 25×25 grids where digging once made puzzles
// of two solutions (seed 4 without symmetry, 1 rotational: 4 of seeds
// 1–10 under the two) and proves each unique with a fresh search. Seed 4's
// lost its uniqueness when a wave put back unsettled a clue a witness had
// just proved needed: the checkers kept it fixed, and a later check took
// it away. It skips under -short and the race detector.
func TestDig25Unique(t *testing.T) {
	if testing.Short() || race {
		t.Skip("two 25×25 digs take about 6 s of CPU: skipped under -short and -race")
	}
	for _, tt := range []struct {
		sym  Symmetry
		seed uint64
	}{{NoSymmetry, 4}, {Rotational, 1}} {
		g, err := newGenerator(Config{Size: 25, Seed: tt.seed, Symmetry: tt.sym})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		rng := newRand(tt.seed)
		l, sol, err := g.newGrid(ctx, rng)
		if err != nil {
			t.Fatal(err)
		}
		clues, minimal, err := newDigger(g, l, sol).dig(ctx, rng, sol)
		if err != nil || !minimal {
			t.Fatalf("%s seed %d: dig: minimal %v, %v", tt.sym, tt.seed, minimal, err)
		}
		if n, _ := count(t, clueBoard(t, l, boardOf(l, clues, nil))); n != 1 {
			t.Errorf("%s seed %d: the puzzle dug has %d solutions, want 1", tt.sym, tt.seed, n)
		}
	}
}

// TestConfirmUnique: the final check of a checker's puzzle refutes a
// puzzle of two solutions, confirms one of one, and lets through one
// whose search spends its budget.
func TestConfirmUnique(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGenerator(Config{})
	if err != nil {
		t.Fatal(err)
	}
	digits := func(s string) []uint8 {
		out := make([]uint8, len(s))
		for i := range s {
			if s[i] != '.' {
				out[i] = s[i] - '0'
			}
		}
		return out
	}
	tests := []struct {
		name     string
		clues    string
		maxNodes int64
		want     bool
	}{
		{"two solutions (a deadly rectangle blanked)", ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", 0, false},
		{"one solution", "396187452578243916.21596378783654291962318547145729863657932184839471625214865739", 0, true},
		{"out of budget", strings.Repeat(".", 81), 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDigger(g, l, nil)
			d.maxNodes = tt.maxNodes
			got, err := d.confirmUnique(context.Background(), digits(tt.clues))
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("confirmUnique = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestUnsettledAttemptsEnd checks that Generate without a deadline stops
// once maxUnsettled attempts ran their digging to the end without proving
// the puzzle minimal: a 25×25 Colour board whose checks may spend 30
// conflicts each never settles every clue, and Generate used to try
// forever. The context's deadline only turns such a hang into a failure.
func TestUnsettledAttemptsEnd(t *testing.T) {
	if race || testing.Short() {
		t.Skip("digging two 25×25 boards: skipped under -race and -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := Generate(ctx, Config{Size: 25, Variant: grid.Colour, MaxNodes: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatalf("Generate ran to the test's deadline: %d attempts", res.Made)
	}
	if res.Minimal || !res.LevelMet || res.Made != maxUnsettled {
		t.Errorf("minimal %v, level met %v, %d attempts made; want an unproved puzzle after %d", res.Minimal, res.LevelMet, res.Made, maxUnsettled)
	}
	checkUnique(t, res)
}

// TestFailedAttemptsEnd checks that Generate without a deadline gives up
// when no attempt can make a puzzle (a node bound too small for the fill)
// rather than trying forever, with ErrNoPuzzle after maxFailed attempts.
// The context's deadline only turns a hang into a failure.
func TestFailedAttemptsEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := Generate(ctx, Config{Size: 9, MaxNodes: 20, Seed: 1})
	if ctx.Err() != nil {
		t.Fatal("Generate ran to the test's deadline")
	}
	if !errors.Is(err, ErrNoPuzzle) || res != nil {
		t.Fatalf("got %v and a puzzle %v, want ErrNoPuzzle and none", err, res != nil)
	}
	if want := fmt.Sprintf("%d attempts in a row", maxFailed); !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}

// TestCageSizeDeadlineSaysWhy checks that a killer of one cage size that
// no attempt makes in time ends with DeadlineExceeded saying that the
// cages' size is the cause, not only that time ran out: no 9×9 layout of
// 8-cell cages was proved unique in 50 attempts (150 s).
func TestCageSizeDeadlineSaysWhy(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Generate(ctx, Config{Size: 9, Variant: grid.Killer, CageSize: 8, Seed: 1})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no layout of 8-cell cages without clues was proved unique") {
		t.Fatalf("got %v, want DeadlineExceeded naming the 8-cell cages", err)
	}
}

// TestCagesAloneWithoutClues makes small killers with CagesAlone: no
// clues, and the search proves them unique. Some of the same seeds give
// clues without it (a floor, so that the check is not vacuous).
func TestCagesAloneWithoutClues(t *testing.T) {
	withClues := 0
	for seed := range uint64(16) {
		cfg := Config{Variant: grid.Killer, Size: 6, Seed: seed + 1, MaxAttempts: 200}
		if r, err := Generate(context.Background(), cfg); err == nil && r.Clues > 0 {
			withClues++
		}
		cfg.CagesAlone = true
		r, err := Generate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Clues != 0 {
			t.Errorf("seed %d: %d clues, want none", seed+1, r.Clues)
		}
		res, err := (&search.Searcher{}).Count(context.Background(), r.Puzzle, 2)
		if err != nil || !res.Complete || len(res.Solutions) != 1 {
			t.Errorf("seed %d: %d solutions (complete %v, err %v), want 1", seed+1, len(res.Solutions), res.Complete, err)
		}
	}
	if withClues == 0 {
		t.Error("no seed gives clues without CagesAlone: the test checks nothing")
	}
	t.Logf("%d of 16 seeds give clues without CagesAlone", withClues)
}

// TestFirstAttemptNothingDug: a first attempt whose digging the deadline
// stops before it takes out a clue has no puzzle, its board being the
// full grid, and Generate says so with DeadlineExceeded. The full grid was
// returned as a puzzle of 1,024 clues (a 32×32 asked for within 3 s), as
// "solved without guessing".
func TestFirstAttemptNothingDug(t *testing.T) {
	// From 16×16 up digging starts by building a unique puzzle, which
	// the deadline cuts before it has any clue.
	for _, cfg := range []Config{{Size: 16, Seed: 1}, {Size: 16, Variant: grid.Colour, Seed: 7}} {
		g, err := newGenerator(cfg)
		if err != nil {
			t.Fatal(err)
		}
		dig, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := g.attempt(context.Background(), dig, cfg.Seed, true)
		if !errors.Is(err, errNothingDug) {
			t.Errorf("%v %d×%d: attempt with no time to dig = %v clues, %v; want %v", cfg.Variant, cfg.Size, cfg.Size, clueCount(res), err, errNothingDug)
		}
	}
}

func clueCount(r *Result) int {
	if r == nil {
		return -1
	}
	return r.Clues
}

// TestAttemptsWording: one attempt is singular ("1 attempts" was said).
func TestAttemptsWording(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 attempts"}, {1, "1 attempt"}, {2, "2 attempts"}} {
		if got := attempts(tt.n); got != tt.want {
			t.Errorf("attempts(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestKeptForLevelWithoutClues: a puzzle without clues (its cages alone)
// keeps none for its level, so it is not reported kept, however long
// minimal ones missed the level: a killer of 3-cell cages asked for at
// Medium (seed 5, 10 s) came back Hard and said kept_for_level with no
// clue to keep.
func TestKeptForLevelWithoutClues(t *testing.T) {
	defer func(after int) { keepLevelAfter = after }(keepLevelAfter)
	keepLevelAfter = 1
	tests := []struct {
		name string
		cfg  Config
	}{
		{"killer of 3-cell cages", Config{Variant: grid.Killer, CageSize: 3, Level: strategy.Medium, Seed: 5, MaxAttempts: 20}},
		{"killer X", Config{Variant: grid.KillerX, Level: strategy.Easy, Seed: 1, MaxAttempts: 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := generateOK(t, tt.cfg)
			if res.Clues == 0 && res.KeptForLevel {
				t.Errorf("KeptForLevel with no clues (attempt %d of %d, level %s)", res.Attempts+1, res.Made, res.Grade.Rating.Level)
			}
		})
	}
}

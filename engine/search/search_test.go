package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/internal/sets"
	"github.com/sudokuwise/solver/internal/cputime"
)

// jigsaw6 is a 6×6 jigsaw board with irregular regions.
var jigsaw6 = grid.Config{Size: 6, Variant: grid.Jigsaw, Regions: []int{
	0, 0, 0, 1, 1, 1,
	0, 0, 2, 2, 1, 1,
	0, 2, 2, 3, 3, 1,
	4, 2, 2, 3, 3, 5,
	4, 4, 3, 3, 5, 5,
	4, 4, 4, 5, 5, 5,
}}

// board decodes a puzzle text in any format the codec reads into its
// board, classic when the text names no variant. It reads tolerantly, as
// the Str8ts strings here are as str8ts.com wrote them live.
func board(t testing.TB, text string) *grid.Board {
	t.Helper()
	p, _, err := codec.Decode(text, codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%.40s: %v", text, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%.40s: %v", text, err)
	}
	return b
}

// valid reports whether values solve the layout of b and keep its digits.
func valid(b *grid.Board, values []uint8) bool {
	for cell := range b.Layout().Cells {
		v := b.Value(cell)
		if v != 0 && values[cell] != v {
			return false
		}
	}
	for _, u := range b.Layout().Units() {
		var seen grid.Digits
		for _, c := range u.Cells {
			seen |= grid.Bit(int(values[c]))
		}
		if seen != grid.AllDigits(b.Layout().N) {
			return false
		}
	}
	return cagesHold(b.Layout(), values)
}

// cagesHold checks cages directly from their definition.
func cagesHold(l *grid.Layout, values []uint8) bool {
	for _, cg := range l.Cages() {
		var ds []int
		for _, c := range cg.Cells {
			ds = append(ds, int(values[c]))
		}
		got := false
		switch cg.Op {
		case grid.OpNone:
			got = ds[0] == cg.Target
		case grid.OpAdd:
			s := 0
			for _, d := range ds {
				s += d
			}
			got = s == cg.Target
		case grid.OpMul:
			p := 1
			for _, d := range ds {
				p *= d
			}
			got = p == cg.Target
		case grid.OpSub:
			got = ds[0]-ds[1] == cg.Target || ds[1]-ds[0] == cg.Target
		case grid.OpDiv:
			got = ds[0] == ds[1]*cg.Target || ds[1] == ds[0]*cg.Target
		}
		if !got {
			return false
		}
	}
	return true
}

func TestCount(t *testing.T) {
	tests := append(slices.Clone(sets.Counts),
		sets.Count{Name: "every 4x4 grid", Puzzle: "................", Limit: 1000, Want: 288, Complete: true},
		sets.Count{Name: "duplicate", Puzzle: "11" + strings.Repeat(".", 79), Limit: 2, Want: 0, Complete: true},
	)
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			var b *grid.Board
			if tt.Name == "duplicate" {
				l, _ := grid.NewLayout(grid.Config{Size: 9})
				b = grid.NewBoard(l)
				clues := make([]uint8, l.Cells)
				clues[0], clues[1] = 1, 1
				b.Reset(clues, nil)
			} else {
				b = board(t, tt.Puzzle)
			}
			var s Searcher
			res, err := s.Count(context.Background(), b, tt.Limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Solutions) != tt.Want || res.Complete != tt.Complete {
				t.Fatalf("found %d (complete %v), want %d (complete %v)", len(res.Solutions), res.Complete, tt.Want, tt.Complete)
			}
			seen := map[string]bool{}
			for _, sol := range res.Solutions {
				if !valid(b, sol) {
					t.Fatalf("invalid solution %v", sol)
				}
				if seen[string(sol)] {
					t.Fatal("solution found twice")
				}
				seen[string(sol)] = true
			}
		})
	}
}

// latinSquares4 enumerates every 4×4 Latin square, independently of the
// searcher, as a reference.
func latinSquares4() [][]uint8 {
	var perms [][]uint8
	var permute func(p []uint8, k int)
	permute = func(p []uint8, k int) {
		if k == len(p) {
			perms = append(perms, append([]uint8(nil), p...))
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			permute(p, k+1)
			p[k], p[i] = p[i], p[k]
		}
	}
	permute([]uint8{1, 2, 3, 4}, 0)
	var out [][]uint8
	for _, a := range perms {
		for _, b := range perms {
			for _, c := range perms {
				for _, d := range perms {
					ok := true
					for col := 0; col < 4 && ok; col++ {
						ok = a[col] != b[col] && a[col] != c[col] && a[col] != d[col] && b[col] != c[col] && b[col] != d[col] && c[col] != d[col]
					}
					if ok {
						out = append(out, slices4(a, b, c, d))
					}
				}
			}
		}
	}
	return out
}

func slices4(rows ...[]uint8) []uint8 {
	var out []uint8
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// TestCagesAgainstBruteForce counts cage puzzles with the searcher and by
// filtering every Latin square.
func TestCagesAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name string
		cfg  grid.Config
	}{
		{"kenken", grid.Config{Size: 4, Variant: grid.KenKen, Cages: []grid.Cage{
			{Cells: []int{0, 4}, Target: 3, Op: grid.OpSub},
			{Cells: []int{1, 2}, Target: 2, Op: grid.OpDiv},
			{Cells: []int{3, 7, 11}, Target: 24, Op: grid.OpMul},
			{Cells: []int{5, 6}, Target: 5, Op: grid.OpAdd},
			{Cells: []int{8, 12, 13}, Target: 6, Op: grid.OpMul},
			{Cells: []int{9, 10}, Target: 1, Op: grid.OpSub},
			{Cells: []int{14, 15}, Target: 7, Op: grid.OpAdd},
		}}},
		{"kenken loose", grid.Config{Size: 4, Variant: grid.KenKen, Cages: []grid.Cage{
			{Cells: []int{0, 1, 2, 3, 4, 5, 6, 7}, Target: 20, Op: grid.OpAdd},
			{Cells: []int{8, 9}, Target: 2, Op: grid.OpDiv},
			{Cells: []int{10, 11, 12, 13, 14, 15}, Target: 15, Op: grid.OpAdd},
		}}},
		{"killer", grid.Config{Size: 4, Variant: grid.Killer, Cages: []grid.Cage{
			{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd},
			{Cells: []int{6, 7, 11}, Target: 9, Op: grid.OpAdd},
			{Cells: []int{12, 13}, Target: 5, Op: grid.OpAdd},
		}}},
	}
	squares := latinSquares4()
	if len(squares) != 576 {
		t.Fatalf("%d Latin squares of order 4, want 576", len(squares))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			b := grid.NewBoard(l)
			want := 0
			for _, sq := range squares {
				if valid(b, sq) {
					want++
				}
			}
			var s Searcher
			res, err := s.Count(context.Background(), b, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Solutions) != want || !res.Complete {
				t.Fatalf("searcher found %d (complete %v), brute force %d", len(res.Solutions), res.Complete, want)
			}
			for _, sol := range res.Solutions {
				if !valid(b, sol) {
					t.Fatalf("invalid solution %v", sol)
				}
			}
		})
	}
}

// TestCancelStopsPromptly cancels searches that would run for ages: an
// empty 25×25 board (generic path) and an empty 9×9 board (classic path),
// both counting to a huge limit.
func TestCancelStopsPromptly(t *testing.T) {
	tests := []struct {
		name string
		size int
	}{
		{"25x25 generic", 25},
		{"16x16 generic", 16},
		{"9x9 classic", 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(grid.Config{Size: tt.size})
			if err != nil {
				t.Fatal(err)
			}
			b := grid.NewBoard(l)
			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			time.AfterFunc(20*time.Millisecond, func() {
				cancelled = time.Now()
				cancel()
			})
			var s Searcher
			_, err = s.Count(ctx, b, 1<<30)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			// The search checks its context at least every millisecond; the
			// bound here is generous for loaded machines.
			if d := time.Since(cancelled); d > time.Second {
				t.Errorf("stopped %v after the cancel", d)
			}
		})
	}
}

func TestNodeLimit(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
	}{
		{"classic", strings.Repeat(".", 81)},
		{"generic 16x16", strings.Repeat(".", 256)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Searcher{MaxNodes: 5}
			res, err := s.Count(context.Background(), board(t, tt.puzzle), 1<<20)
			if !errors.Is(err, ErrNodeLimit) {
				t.Fatalf("err = %v, want ErrNodeLimit", err)
			}
			if res.Complete || res.Nodes > 6 {
				t.Errorf("complete %v after %d nodes, want incomplete after at most 6", res.Complete, res.Nodes)
			}
		})
	}
}

func TestSharedSets(t *testing.T) {
	tests := []struct {
		file string
		max  int
		want int // solutions with a limit of 2
	}{
		{sets.Top95, 0, 1},
		{sets.Top1465, 300, 1},
		{sets.Hard1106, 100, 1},
		{sets.Serg, 300, 2},
	}
	var s Searcher
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			for _, p := range sets.Read(t, tt.file, tt.max) {
				b := board(t, p)
				res, err := s.Count(context.Background(), b, 2)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Solutions) != tt.want {
					t.Fatalf("%s: %d solutions, want %d", p, len(res.Solutions), tt.want)
				}
				for _, sol := range res.Solutions {
					if !valid(b, sol) {
						t.Fatalf("%s: invalid solution", p)
					}
				}
			}
		})
	}
}

// sameSets reports whether two lists of solutions hold the same grids.
func sameSets(a, b [][]uint8) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[string(s)]++
	}
	for _, s := range b {
		seen[string(s)]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestClassicMatchesGeneric runs puzzles from every shared set through the
// classic path and the generic one and compares counts and solutions; the
// puzzles are also thinned out to have several solutions, and some get
// pencil marks, which both paths must keep to.
func TestClassicMatchesGeneric(t *testing.T) {
	const limit = 50
	picks := []struct {
		file string
		n    int
	}{
		{sets.Clue17, 60}, {sets.Top1465, 60}, {sets.Hardest11, 30}, {sets.Hard1106, 20}, {sets.Serg, 100}, {sets.Top95, 20},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var fast Searcher
	var slow generic
	ctx := context.Background()
	for _, set := range picks {
		t.Run(set.file[strings.LastIndex(set.file, "/")+1:], func(t *testing.T) {
			for i, line := range sets.Spread(sets.Read(t, set.file, 0), set.n) {
				variants := []string{line}
				if i%3 == 0 { // thinned out: several solutions
					b := []byte(line)
					for k := 0; k < 3; k++ {
						b[rng.IntN(81)] = '.'
					}
					variants = append(variants, string(b))
				}
				for _, text := range variants {
					b := board(t, text)
					if i%4 == 1 { // pencil marks: drop a random candidate here and there
						for cell := range b.Candidates() {
							if c := b.Cands(cell); c.Count() > 1 && rng.IntN(5) == 0 {
								b.SetCands(cell, c&^grid.Bit(c.List(nil)[rng.IntN(c.Count())]))
							}
						}
					}
					got, err := fast.Count(ctx, b, limit)
					if err != nil {
						t.Fatal(err)
					}
					want, err := slow.count(ctx, b, limit, 0)
					if err != nil {
						t.Fatal(err)
					}
					if len(got.Solutions) != len(want.Solutions) || got.Complete != want.Complete {
						t.Fatalf("%s: classic %d (complete %v), generic %d (complete %v)", text, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
					}
					if got.Complete && !sameSets(got.Solutions, want.Solutions) {
						t.Fatalf("%s: classic and generic solutions differ", text)
					}
					for _, sol := range got.Solutions {
						if !valid(b, sol) || !keepsMarks(b, sol) {
							t.Fatalf("%s: invalid solution %v", text, sol)
						}
					}
				}
			}
		})
	}
}

// keepsMarks reports whether values only use the candidates of b's empty
// cells.
func keepsMarks(b *grid.Board, values []uint8) bool {
	for cell := range b.Layout().Cells {
		v := b.Value(cell)
		if v == 0 && !b.Cands(cell).Has(int(values[cell])) {
			return false
		}
	}
	return true
}

// bruteCount counts the solutions of b up to limit by trying every digit in
// every cell in order, checking only that no peer holds the same digit and
// that the cages hold once filled: a reference independent of the search.
func bruteCount(b *grid.Board, limit int) int {
	l := b.Layout()
	values := append([]uint8(nil), b.Values()...)
	count := 0
	var rec func(cell int)
	rec = func(cell int) {
		if count >= limit {
			return
		}
		if cell == l.Cells {
			if cagesHold(l, values) {
				count++
			}
			return
		}
		if values[cell] != 0 {
			rec(cell + 1)
			return
		}
		for d := 1; d <= l.N; d++ {
			if !b.Cands(cell).Has(d) {
				continue
			}
			ok := true
			for _, p := range l.Peers(cell) {
				if values[p] == uint8(d) {
					ok = false
					break
				}
			}
			if ok {
				values[cell] = uint8(d)
				rec(cell + 1)
				values[cell] = 0
			}
		}
	}
	rec(0)
	return count
}

// TestGenericAgainstBruteForce counts random partial boards of small
// layouts with extra units and irregular regions, with the search and by
// brute force, and again with the search handing over to clause learning
// after its first guess.
func TestGenericAgainstBruteForce(t *testing.T) {
	for _, learnFrom := range []int64{-1, 1} {
		t.Run(fmt.Sprintf("learnFrom=%d", learnFrom), func(t *testing.T) {
			testGenericAgainstBruteForce(t, Options{LearnFrom: learnFrom})
		})
	}
}

func testGenericAgainstBruteForce(t *testing.T, opts Options) {
	tests := []struct {
		name string
		cfg  grid.Config
	}{
		{"4x4", grid.Config{Size: 4}},
		{"6x6", grid.Config{Size: 6}},
		{"6x6 X", grid.Config{Size: 6, Variant: grid.X}},
		{"4x4 windoku", grid.Config{Size: 4, Variant: grid.Windoku}},
		{"6x6 colour", grid.Config{Size: 6, Variant: grid.Colour}},
		{"6x6 jigsaw", jigsaw6},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	s := Searcher{Options: opts}
	rounds := 60
	if race {
		// The brute-force counts dominate and gain nothing from the race
		// detector; go test ./engine/... runs all 60.
		rounds = 15
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := grid.NewLayout(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			for range rounds {
				// A random consistent partial board: a few random digits.
				b := grid.NewBoard(l)
				for range l.N + rng.IntN(2*l.N) {
					cell, d := rng.IntN(l.Cells), 1+rng.IntN(l.N)
					if b.Value(cell) == 0 && b.Cands(cell).Has(d) {
						b.Place(cell, d)
					}
				}
				want := bruteCount(b, 2000)
				res, err := s.Count(context.Background(), b, 2000)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Solutions) != want || res.Complete != (want < 2000) {
					t.Fatalf("%v: %d solutions (complete %v), brute force %d", b.Values(), len(res.Solutions), res.Complete, want)
				}
				for _, sol := range res.Solutions {
					if !valid(b, sol) {
						t.Fatalf("invalid solution %v", sol)
					}
				}
			}
		})
	}
}

// TestLargeFixtures solves the generated 16×16 and 25×25 puzzles, each
// unique by construction.
func TestLargeFixtures(t *testing.T) {
	var s Searcher
	for _, fx := range fixtures {
		t.Run(fx.file, func(t *testing.T) {
			for _, line := range readFixture(t, fx.file) {
				b := board(t, line)
				res, err := s.Count(context.Background(), b, 2)
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Solutions) != 1 || !res.Complete {
					t.Fatalf("%s: %d solutions, want 1", line, len(res.Solutions))
				}
				if !valid(b, res.Solutions[0]) {
					t.Fatalf("%s: invalid solution", line)
				}
			}
		})
	}
}

func readFixture(t testing.TB, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}

// benchmarkBoards counts solutions of boards to a limit, through Count.
func benchmarkBoards(b *testing.B, boards []*grid.Board, limit int) {
	benchmarkSearcher(b, Searcher{}, boards, limit)
}

// benchmarkSearcher counts solutions of boards to a limit with s.
func benchmarkSearcher(b *testing.B, s Searcher, boards []*grid.Board, limit int) {
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Used()
	for i := 0; b.Loop(); i++ {
		res, err := s.Count(ctx, boards[i%len(boards)], limit)
		if err != nil || len(res.Solutions) == 0 {
			b.Fatalf("%d solutions, %v", len(res.Solutions), err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "guesses/puzzle")
	if c := cputime.Used() - cpu; c > 0 {
		// The process's CPU time, which the other work of a shared
		// machine does not inflate as it does the elapsed time.
		b.ReportMetric(c.Seconds()*1e3/float64(b.N), "cpu-ms/puzzle")
	}
}

// boardsOf returns the boards of puzzle texts (see board).
func boardsOf(t testing.TB, puzzles []string) []*grid.Board {
	t.Helper()
	boards := make([]*grid.Board, len(puzzles))
	for i, p := range puzzles {
		boards[i] = board(t, p)
	}
	return boards
}

// BenchmarkCount goes through Searcher.Count with a limit of 2 (a
// uniqueness check), as the step solver does, on the shared classic sets;
// the per-set solving rates of the classic solver alone are in package
// classic.
func BenchmarkCount(b *testing.B) {
	for _, bm := range []struct {
		name string
		set  string // a file of the shared folder (see package sets)
		max  int
	}{
		{"17Clue", sets.Clue17, 5000},
		{"Top1465", sets.Top1465, 0},
		{"Hardest11", sets.Hardest11, 5000},
		{"Hardest1106", sets.Hard1106, 0},
		{"Serg", sets.Serg, 5000},
		{"Top95", sets.Top95, 0},
	} {
		b.Run(bm.name, func(b *testing.B) {
			benchmarkBoards(b, boardsOf(b, sets.Read(b, bm.set, bm.max)), 2)
		})
	}
}

// BenchmarkGeneric counts the generated large boards (16x16, 25x25) and
// the fixtures of issue 17 (killers, X, 25×25 puzzles the generator made
// hard, and KenKen, each proved unique) to 2 through the generic path.
// KillerTarek is published: tarek's 42 pathological killers (the
// rcbroughton.co.uk forum, "unsolvable" killers 1–42), in the forum's
// arrow form as published; four have cages joined only at corners.
// KillerHard5 is killers of the shape of the forum's "hardest killers"
// (no clues, sixteen 5-cell cages and a cage of one cell), made by
// generate.Config.CageSize (see docs/search.md). KillerMathemagic is
// published killers of that shape, the forum's "hardest killers" by
// Mathemagic (forum.enjoysudoku.com, "The hardest killers", t39601, as
// collected in the Interactive Sudoku Solver's data/killers.js); they
// take seconds each, so run it with -benchtime 14x.
// KenKenHard and KillerCageSize are the solver's generated KenKen of
// grade Extreme and killers of equal cage sizes (engine/solver/testdata);
// KillerCage5 twenty generated killers of the hardest killers' shape
// (solverctl generate --cage-size 5, seeds 1-20).
// 25x25Published is three published 25×25 puzzles that the search takes
// seconds on (see the README); run it with -benchtime 3x to count each.
func BenchmarkGeneric(b *testing.B) {
	for _, bm := range []struct {
		name string
		file string
	}{
		{"16x16", "testdata/16x16.txt"},
		{"25x25", "testdata/25x25.txt"},
		{"Killer9", "testdata/killer9.txt"},
		{"Killer9Big", "testdata/killer9-big.txt"},
		{"Killer16", "testdata/killer16.txt"},
		{"X16", "testdata/x16.txt"},
		{"X25", "testdata/x25.txt"},
		{"25x25Hard", "testdata/25x25-hard.txt"},
		{"KenKen9", "testdata/kenken9.txt"},
		{"KillerTarek", "testdata/killer9-tarek.txt"},
		{"KillerExtreme", "testdata/killer9-extreme.txt"},
		{"KillerHard5", "testdata/killer9-hard5.txt"},
		{"KillerMathemagic", "testdata/killer9-mathemagic.txt"},
		{"KenKenHard", "../solver/testdata/kenken-hard.txt"},
		{"KillerCageSize", "../solver/testdata/killer9-cagesize.txt"},
		{"KillerCage5", "../solver/testdata/killer9-cage5.txt"},
		{"25x25Published", "testdata/25x25-published.txt"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			benchmarkBoards(b, puzzleBoards(b, bm.file), 2)
		})
	}
}

// BenchmarkGenericTop1465 forces a classic set through the generic path,
// for comparison with the classic solver.
func BenchmarkGenericTop1465(b *testing.B) {
	boards := boardsOf(b, sets.Read(b, sets.Top1465, 0))
	var g generic
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := g.count(ctx, boards[i%len(boards)], 2, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkGenericEmpty32 solves the empty 32×32 board.
func BenchmarkGenericEmpty32(b *testing.B) {
	l, err := grid.NewLayout(grid.Config{Size: 32})
	if err != nil {
		b.Fatal(err)
	}
	benchmarkBoards(b, []*grid.Board{grid.NewBoard(l)}, 1)
}

// countUnique counts b's solutions to 2 with s and fails t (naming the
// board by where) unless the count ends within s's budget with one valid
// solution.
func countUnique(t *testing.T, s Searcher, b *grid.Board, where string) Result {
	t.Helper()
	res, err := s.Count(context.Background(), b, 2)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if len(res.Solutions) != 1 || !res.Complete || !valid(b, res.Solutions[0]) {
		t.Fatalf("%s: %d solutions (complete %v), want 1 valid", where, len(res.Solutions), res.Complete)
	}
	return res
}

// TestConflictWeightsFindTheKnot proves unique the published killer that
// plain fewest-candidates branching takes longest on (tarek's #42, the last
// line of killer9-tarek.txt: 672,984 guesses without conflict weights,
// about 5,300 with them when this test was written, 438 at session 14's
// end and 136 with the single outies of model.derive) within a budget
// only the weighted choice meets.
func TestConflictWeightsFindTheKnot(t *testing.T) {
	boards := fixtureBoards(t, "testdata/killer9-tarek.txt")
	b := boards[len(boards)-1]
	res := countUnique(t, Searcher{MaxNodes: 20_000}, b, "the last tarek killer")
	t.Logf("%d guesses", res.Nodes)
}

// TestPrioritiesUntieTarek39 proves unique tarek's line 39, the killer of
// the 42 where the Interactive Sudoku Solver made a sixth of our guesses
// (6,520 against 37,968 at session 15's end), within a budget that only
// the cells' priorities for the first guesses meet (see
// model.priorities): about
// 7,700 guesses with them, 37,968 without.
func TestPrioritiesUntieTarek39(t *testing.T) {
	b := fixtureBoards(t, "testdata/killer9-tarek.txt")[38]
	res := countUnique(t, Searcher{MaxNodes: 15_000}, b, "tarek's line 39")
	t.Logf("%d guesses", res.Nodes)
	if _, err := (&Searcher{MaxNodes: 15_000, Options: Options{NoPriorities: true}}).Count(context.Background(), b, 2); !errors.Is(err, ErrNodeLimit) {
		t.Errorf("without priorities: %v, want the budget spent (the test no longer tells them apart)", err)
	}
}

// TestExtremeKillersWithinBudget proves the published extreme killers of
// killer9-extreme.txt unique within 50,000 guesses each. They take 7,375
// to 31,068 with the cage tables working with their units (see combos);
// without that, up to 113,048.
func TestExtremeKillersWithinBudget(t *testing.T) {
	if race || testing.Short() {
		t.Skip("seconds of search; run without -race and -short")
	}
	for i, b := range fixtureBoards(t, "testdata/killer9-extreme.txt") {
		res := countUnique(t, Searcher{MaxNodes: 50_000}, b, fmt.Sprintf("line %d", i+1))
		t.Logf("line %d: %d guesses", i+1, res.Nodes)
	}
}

// TestHard5KillersWithinBudget proves the killers of killer9-hard5.txt
// (no clues, sixteen 5-cell cages and one of one cell) unique within
// 5,000 guesses each; they take 93 to 1,563 (see docs/search.md).
func TestHard5KillersWithinBudget(t *testing.T) {
	boards := fixtureBoards(t, "testdata/killer9-hard5.txt")
	if len(boards) == 0 {
		t.Fatal("no boards in testdata/killer9-hard5.txt")
	}
	for i, b := range boards {
		if len(b.Layout().Cages()) != 17 {
			t.Fatalf("line %d: %d cages, want 17", i+1, len(b.Layout().Cages()))
		}
		res := countUnique(t, Searcher{MaxNodes: 5_000}, b, fmt.Sprintf("line %d", i+1))
		t.Logf("line %d: %d guesses", i+1, res.Nodes)
	}
}

// TestMathemagicKillerWithinBudget proves unique the first of the
// published hardest killers (killer9-mathemagic.txt) within 200,000
// guesses: it takes 71,003 with the derived sums of a region less one
// crossing cage with a single cell outside it (Options.NoSingleOuties),
// 93,051 without, 107,511 without failing guesses blamed on their cells
// either (see generic.blame), 361,139 without the cage sets
// matched to their cells either (see matchSupport), and 1,051,749
// without cage branching and the sums over blocks of boxes.
func TestMathemagicKillerWithinBudget(t *testing.T) {
	if race || testing.Short() {
		t.Skip("seconds of search; run without -race and -short")
	}
	b := fixtureBoards(t, "testdata/killer9-mathemagic.txt")[0]
	res := countUnique(t, Searcher{MaxNodes: 200_000}, b, "Mathemagic line 1")
	t.Logf("%d guesses", res.Nodes)
}

// TestCageBranchingAgrees counts killers to 2 with guesses in cells only
// and with guesses of cage sets (see generic.chooseCage): both find the
// same single solution and prove it unique, and the killers ask for some
// cage guesses.
func TestCageBranchingAgrees(t *testing.T) {
	boards := fixtureBoards(t, "testdata/killer9-hard5.txt")
	boards = append(boards, fixtureBoards(t, "testdata/killer9-tarek.txt")[:8]...)
	cageGuesses := 0
	for i, b := range boards {
		var want []uint8
		for _, cells := range []bool{true, false} {
			res := countUnique(t, Searcher{MaxNodes: 200_000, Options: Options{CellBranching: cells}}, b, fmt.Sprintf("board %d, cells only %v", i, cells))
			if want == nil {
				want = res.Solutions[0]
			} else if !slices.Equal(res.Solutions[0], want) {
				t.Fatalf("board %d: the solutions differ", i)
			}
		}
		var g generic
		g.opts = Options{}
		g.prepare(b.Layout())
		f := g.frame(0)
		if !g.root(b) || !g.propagate(f) {
			t.Fatalf("board %d: contradiction at the root", i)
		}
		if f.empty > 0 {
			cell, _ := g.choose(f)
			if g.chooseCage(f, popcount(f.cand[cell])) >= 0 {
				cageGuesses++
			}
		}
		g.clearQueues()
	}
	if cageGuesses == 0 {
		t.Error("no board guesses a cage set at its root")
	}
}

// TestGuessBlameAgrees counts killers to 2 with and without the weight a
// failing guess adds to its cell (Options.NoGuessBlame): both find the
// same single solution, and the blame cuts the guesses on the extreme
// killers, where conflicts concentrate on a few cells (33,265 to 29,034
// when written).
func TestGuessBlameAgrees(t *testing.T) {
	if race || testing.Short() {
		t.Skip("seconds of search; run without -race and -short")
	}
	boards := fixtureBoards(t, "testdata/killer9-extreme.txt")
	extreme := len(boards)
	boards = append(boards, fixtureBoards(t, "testdata/killer9-hard5.txt")...)
	var guesses [2]int64
	for i, b := range boards {
		var want []uint8
		for k, off := range []bool{true, false} {
			res := countUnique(t, Searcher{MaxNodes: 200_000, Options: Options{NoGuessBlame: off}}, b, fmt.Sprintf("board %d, no blame %v", i, off))
			if i < extreme {
				guesses[k] += res.Nodes
			}
			if want == nil {
				want = res.Solutions[0]
			} else if !slices.Equal(res.Solutions[0], want) {
				t.Fatalf("board %d: the solutions differ", i)
			}
		}
	}
	t.Logf("guesses on the extreme killers without blame %d, with %d", guesses[0], guesses[1])
	if guesses[1] >= guesses[0] {
		t.Errorf("guesses with blame %d, want fewer than without (%d)", guesses[1], guesses[0])
	}
}

// TestRing pushes and pops through the slots of a ring several times
// around: constraints come out in the order they went in.
func TestRing(t *testing.T) {
	r := ring{slots: make([]int32, 3)}
	var want []int32
	next := int32(0)
	for _, op := range []int{+2, -1, +2, -3, +3, -2, +1, -2} {
		for ; op > 0; op-- {
			r.push(next)
			want = append(want, next)
			next++
		}
		for ; op < 0; op++ {
			if got := r.pop(); got != want[0] {
				t.Fatalf("pop = %d, want %d", got, want[0])
			}
			want = want[1:]
		}
		if r.size != len(want) {
			t.Fatalf("size %d, want %d", r.size, len(want))
		}
	}
}

// droppedCagesKiller returns a 9×9 killer with the cages of one of
// sources, two to four of them chosen at random dropped (so that many
// such killers have several solutions), and with clue a clue from a
// random classic solution (base's) where the cages allow its digit.
func droppedCagesKiller(t *testing.T, rng *rand.Rand, sources []*grid.Board, base *grid.Layout, clue bool) *grid.Board {
	t.Helper()
	cages := slices.Clone(sources[rng.IntN(len(sources))].Layout().Cages())
	for range 2 + rng.IntN(3) {
		k := rng.IntN(len(cages))
		cages = slices.Delete(cages, k, k+1)
	}
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: cages})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	if clue {
		if other := randomSolution(t, rng, base); other != nil {
			cell := rng.IntN(l.Cells)
			if b.Cands(cell).Has(int(other[cell])) {
				b.Place(cell, int(other[cell]))
			}
		}
	}
	return b
}

// TestCageBranchingAgreesRandom counts killers to 30 with guesses in
// cells only and with guesses of cage sets (see generic.branchCage): both
// find the same solutions, and the same number, complete or not. The killers are the
// published ones of hard5 and tarek's with two to four cages chosen at
// random dropped, so that many have several solutions and a set's
// subtree holds some when it is ruled out; some take a clue from another
// solution, which the cages may not allow.
func TestCageBranchingAgreesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 20))
	counts := map[int]int{} // boards by solutions found (up to the limit)
	cageGuesses := 0
	const limit = 30
	sources := fixtureBoards(t, "testdata/killer9-hard5.txt")
	sources = append(sources, fixtureBoards(t, "testdata/killer9-tarek.txt")...)
	boards := 30
	if race || testing.Short() {
		boards = 8
	}
	base, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	for j := range boards {
		b := droppedCagesKiller(t, rng, sources, base, j%3 == 2)
		var want [][]uint8
		var wantComplete bool
		for _, cells := range []bool{true, false} {
			s := Searcher{MaxNodes: 500_000, Options: Options{CellBranching: cells}}
			res, err := s.Count(context.Background(), b, limit)
			if err != nil {
				t.Fatalf("board %d, cells only %v: %v", j, cells, err)
			}
			for _, v := range res.Solutions {
				if !valid(b, v) {
					t.Fatalf("board %d, cells only %v: an invalid solution", j, cells)
				}
			}
			got := slices.Clone(res.Solutions)
			slices.SortFunc(got, slices.Compare)
			if cells {
				want, wantComplete = got, res.Complete
				counts[len(got)]++
				continue
			}
			if s.generic.cageNodes > 0 {
				cageGuesses++
			}
			// A count stopped at the limit finds the solutions that its
			// order of search meets first: only their number must agree.
			same := len(got) == len(want) && (!wantComplete || slices.EqualFunc(got, want, slices.Equal))
			if res.Complete != wantComplete || !same {
				t.Fatalf("board %d: %d solutions (complete %v) with cage guesses, %d (complete %v) in cells only",
					j, len(got), res.Complete, len(want), wantComplete)
			}
		}
	}
	t.Logf("boards by solutions found: %v; %d guess a cage set", counts, cageGuesses)
	several := 0
	for k, c := range counts {
		if k >= 2 && k < limit {
			several += c
		}
	}
	if counts[0] == 0 || several == 0 || cageGuesses < boards/3 {
		t.Errorf("boards by solutions %v, %d of %d guessing a cage set: want some with none, some with several (fewer than %d), and a third guessing a cage set",
			counts, cageGuesses, boards, limit)
	}
}

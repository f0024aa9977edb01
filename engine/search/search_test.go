package search

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

func board(t testing.TB, text string) *grid.Board {
	t.Helper()
	p, err := codec.ParseText(text, "", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// valid reports whether values solve the layout of b and keep its digits.
func valid(b *grid.Board, values []uint8) bool {
	for cell, v := range b.Value {
		if v != 0 && values[cell] != v {
			return false
		}
	}
	for _, u := range b.L.Units {
		var seen grid.Digits
		for _, c := range u.Cells {
			seen |= grid.Bit(int(values[c]))
		}
		if seen != grid.AllDigits(b.L.N) {
			return false
		}
	}
	return cagesHold(b.L, values)
}

// cagesHold checks cages directly from their definition.
func cagesHold(l *grid.Layout, values []uint8) bool {
	for _, cg := range l.Cages {
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
	tests := []struct {
		name     string
		puzzle   string
		limit    int
		want     int
		complete bool
	}{
		{"unique", "000000000070040010301506408000000000060010040105709803000000000030070020204805709", 10, 1, true},
		{"deadly rectangle", ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", 10, 2, true},
		{"stops at the limit", ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739", 1, 1, false},
		{"every 4x4 grid", "................", 1000, 288, true},
		{"no solution", ".12345678" + "9........" + strings.Repeat(".", 63), 2, 0, true},
		{"duplicate", "11" + strings.Repeat(".", 79), 2, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b *grid.Board
			if tt.name == "duplicate" {
				l, _ := grid.NewLayout(grid.Config{Size: 9})
				b = grid.NewBoard(l)
				b.Value[0], b.Value[1] = 1, 1
			} else {
				b = board(t, tt.puzzle)
			}
			var s Searcher
			res, err := s.Count(context.Background(), b, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Solutions) != tt.want || res.Complete != tt.complete {
				t.Fatalf("found %d (complete %v), want %d (complete %v)", len(res.Solutions), res.Complete, tt.want, tt.complete)
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

func TestCancelStopsPromptly(t *testing.T) {
	l, _ := grid.NewLayout(grid.Config{Size: 25})
	b := grid.NewBoard(l)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	var s Searcher
	start := time.Now()
	_, err := s.Count(ctx, b, 1<<30)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Generous: the check runs every 64 nodes, each far below a millisecond.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
}

func TestNodeLimit(t *testing.T) {
	s := Searcher{MaxNodes: 5}
	_, err := s.Count(context.Background(), board(t, strings.Repeat(".", 81)), 1<<20)
	if !errors.Is(err, ErrNodeLimit) {
		t.Fatalf("err = %v, want ErrNodeLimit", err)
	}
}

func readPuzzles(t testing.TB, rel string, max int) []string {
	t.Helper()
	f, err := os.Open(shared.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			out = append(out, strings.Fields(line)[0])
		}
	}
	return out
}

func TestSharedSets(t *testing.T) {
	tests := []struct {
		file string
		max  int
		want int // solutions with a limit of 2
	}{
		{"testdata/puzzles/norvig_top95.txt", 0, 1},
		{"testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt", 300, 1},
		{"testdata/puzzles/tdoku_puzzles6_forum_hardest_1106.txt", 100, 1},
		{"testdata/puzzles/tdoku_puzzles7_serg_benchmark.txt", 300, 2},
	}
	var s Searcher
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			for _, p := range readPuzzles(t, tt.file, tt.max) {
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

func benchmarkSet(b *testing.B, rel string, max int) {
	puzzles := readPuzzles(b, rel, max)
	boards := make([]*grid.Board, len(puzzles))
	for i, p := range puzzles {
		boards[i] = board(b, p)
	}
	var s Searcher
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Count(ctx, boards[i%len(boards)], 2); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

func BenchmarkCount17Clue(b *testing.B) {
	benchmarkSet(b, "testdata/puzzles/tdoku_puzzles2_17_clue.txt", 5000)
}
func BenchmarkCountTop1465(b *testing.B) {
	benchmarkSet(b, "testdata/puzzles/tdoku_puzzles3_magictour_top1465.txt", 0)
}
func BenchmarkCountTop95(b *testing.B) { benchmarkSet(b, "testdata/puzzles/norvig_top95.txt", 0) }

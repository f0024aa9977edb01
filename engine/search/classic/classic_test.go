package classic

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/search/internal/sets"
)

func parse(t testing.TB, s string) *Puzzle {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// validFor reports whether g is a complete valid grid that keeps the clues
// of p and only uses its marks.
func validFor(p *Puzzle, g *Grid) bool {
	for cell, v := range p.Grid {
		if v != 0 && g[cell] != v {
			return false
		}
		if v == 0 && p.Marks != nil && p.Marks[cell]>>(g[cell]-1)&1 == 0 {
			return false
		}
	}
	for u := range 27 {
		var seen uint16
		for i := range 9 {
			var cell int
			switch u / 9 {
			case 0:
				cell = 9*(u%9) + i
			case 1:
				cell = 9*i + u%9
			default:
				box := u % 9
				cell = 27*(box/3) + 3*(box%3) + 9*(i/3) + i%3
			}
			v := g[cell]
			if v < 1 || v > 9 {
				return false
			}
			seen |= 1 << v
		}
		if seen != 0x3fe {
			return false
		}
	}
	return true
}

// bruteForce counts up to limit solutions of p with a plain cell-by-cell
// backtracking search, independent of the solver, and returns them.
func bruteForce(p *Puzzle, limit int) []Grid {
	var rows, cols, boxes [9]uint16
	g := p.Grid
	for cell, v := range g {
		if v == 0 {
			continue
		}
		r, c := cell/9, cell%9
		bit := uint16(1) << v
		if (rows[r]|cols[c]|boxes[r/3*3+c/3])&bit != 0 {
			return nil
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[r/3*3+c/3] |= bit
	}
	var out []Grid
	var rec func() bool
	rec = func() bool {
		// The empty cell with the fewest candidates.
		best, bestN, bestFree := -1, 10, uint16(0)
		for cell, v := range g {
			if v != 0 {
				continue
			}
			r, c := cell/9, cell%9
			free := 0x3fe &^ (rows[r] | cols[c] | boxes[r/3*3+c/3])
			if p.Marks != nil {
				free &= p.Marks[cell] << 1
			}
			n := 0
			for x := free; x != 0; x &= x - 1 {
				n++
			}
			if n < bestN {
				best, bestN, bestFree = cell, n, free
			}
		}
		if best < 0 {
			out = append(out, g)
			return len(out) >= limit
		}
		r, c := best/9, best%9
		for v := uint8(1); v <= 9; v++ {
			bit := uint16(1) << v
			if bestFree&bit == 0 {
				continue
			}
			g[best] = v
			rows[r] |= bit
			cols[c] |= bit
			boxes[r/3*3+c/3] |= bit
			stop := rec()
			g[best] = 0
			rows[r] &^= bit
			cols[c] &^= bit
			boxes[r/3*3+c/3] &^= bit
			if stop {
				return true
			}
		}
		return false
	}
	rec()
	return out
}

func sameSolutions(a, b []Grid) bool {
	if len(a) != len(b) {
		return false
	}
	set := make(map[Grid]bool, len(a))
	for _, g := range a {
		set[g] = true
	}
	for _, g := range b {
		if !set[g] {
			return false
		}
	}
	return len(set) == len(a)
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
	}{
		{"dots", strings.Repeat(".", 81), true},
		{"zeros and digits", "1" + strings.Repeat("0", 79) + "9", true},
		{"short", strings.Repeat(".", 80), false},
		{"long", strings.Repeat(".", 82), false},
		{"letter", "A" + strings.Repeat(".", 80), false},
		// Sudoku Explainer's blanks, and plain text's others.
		{"dashes", "1" + strings.Repeat("-", 79) + "9", true},
		{"x and X", "1" + strings.Repeat("xX", 39) + "x9", true},
		{"underscores and stars", "1" + strings.Repeat("_*", 39) + "_9", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.in)
			if (err == nil) != tt.ok {
				t.Fatalf("Parse: err = %v, want ok %v", err, tt.ok)
			}
			if tt.ok {
				want := strings.Map(func(r rune) rune {
					if r < '1' || r > '9' {
						return '0'
					}
					return r
				}, tt.in)
				if got := strings.ReplaceAll(p.Grid.String(), ".", "0"); got != want {
					t.Errorf("String() = %s, want %s", got, want)
				}
			}
		})
	}
}

// TestLoadEveryCell changes one cell of a solved grid at a time, at the
// edges of the words the loader reads eight cells at a time and of the
// bands: another digit there leaves no solution, a blank the one solution,
// and a value above 9 is refused naming the cell. A loader that skipped
// the cell would find the solution in the first case.
func TestLoadEveryCell(t *testing.T) {
	const solved = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	for _, cell := range []int{0, 7, 8, 26, 27, 53, 54, 55, 63, 64, 71, 72, 79, 80} {
		for _, tt := range []struct {
			v     uint8
			count int
			err   string
		}{
			{v: 0, count: 1},
			{v: (solved[cell]-'0')%9 + 1, count: 0},
			{v: 10, err: fmt.Sprintf("cell %d holds 10", cell+1)},
		} {
			p := parse(t, solved)
			p.Grid[cell] = tt.v
			var s Solver
			res, err := s.Count(context.Background(), p, 2, nil)
			switch {
			case tt.err != "":
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("cell %d = %d: err %v, want %q", cell, tt.v, err, tt.err)
				}
			case err != nil || res.Count != tt.count || !res.Complete:
				t.Errorf("cell %d = %d: %d solutions (complete %v), err %v; want %d", cell, tt.v, res.Count, res.Complete, err, tt.count)
			}
		}
	}
}

func TestCount(t *testing.T) {
	tests := append(slices.Clone(sets.Counts), []sets.Count{
		{Name: "solved", Puzzle: "123456789456789123789123456214365897365897214897214365531642978642978531978531642", Limit: 2, Want: 1, Complete: true},
		{Name: "duplicate in a row", Puzzle: "11" + strings.Repeat(".", 79), Limit: 2, Want: 0, Complete: true},
		{Name: "duplicate in a column", Puzzle: "1" + strings.Repeat(".", 8) + "1" + strings.Repeat(".", 71), Limit: 2, Want: 0, Complete: true},
		{Name: "duplicate across bands", Puzzle: "1" + strings.Repeat(".", 26) + "1" + strings.Repeat(".", 53), Limit: 2, Want: 0, Complete: true},
		{Name: "duplicate in a box", Puzzle: "1" + strings.Repeat(".", 9) + "1" + strings.Repeat(".", 70), Limit: 2, Want: 0, Complete: true},
		{Name: "empty board", Puzzle: strings.Repeat(".", 81), Limit: 1000, Want: 1000, Complete: false},
		{Name: "limit below one", Puzzle: strings.Repeat(".", 81), Limit: 0, Want: 1, Complete: false},
	}...)
	var s Solver
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			p := parse(t, tt.Puzzle)
			sols := make([]Grid, 2)
			res, err := s.Count(context.Background(), p, tt.Limit, sols)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count != tt.Want || res.Complete != tt.Complete {
				t.Fatalf("found %d (complete %v), want %d (complete %v)", res.Count, res.Complete, tt.Want, tt.Complete)
			}
			for i := range min(res.Count, len(sols)) {
				if !validFor(p, &sols[i]) {
					t.Fatalf("invalid solution %s", sols[i].String())
				}
			}
			if res.Count >= 2 && sols[0] == sols[1] {
				t.Fatal("solution found twice")
			}
		})
	}
}

// TestSharedSets solves every puzzle of the unique sets, and of serg's set
// (every puzzle with at least two solutions), to a limit of 2: all of them,
// or a sample with -short or the race detector.
func TestSharedSets(t *testing.T) {
	tests := []struct {
		file  string
		multi bool
	}{
		{sets.Top95, false},
		{sets.Top1465, false},
		{sets.Hard1106, false},
		{sets.Serg, true},
		{sets.Clue17, false},
		{sets.Hardest11, false},
	}
	var s Solver
	sols := make([]Grid, 2)
	for _, tt := range tests {
		t.Run(tt.file[strings.LastIndex(tt.file, "/")+1:], func(t *testing.T) {
			puzzles := sets.Read(t, tt.file, 0)
			switch {
			case testing.Short():
				puzzles = sets.Spread(puzzles, 500)
			case race:
				puzzles = sets.Spread(puzzles, 3000)
			}
			for _, line := range puzzles {
				p := parse(t, line)
				res, err := s.Count(context.Background(), p, 2, sols)
				if err != nil {
					t.Fatal(err)
				}
				if want := 1; !tt.multi && (res.Count != want || !res.Complete) {
					t.Fatalf("%s: %d solutions (complete %v), want exactly 1", line, res.Count, res.Complete)
				}
				if tt.multi && res.Count != 2 {
					t.Fatalf("%s: %d solutions, want multiple", line, res.Count)
				}
				for i := range res.Count {
					if !validFor(p, &sols[i]) {
						t.Fatalf("%s: invalid solution %s", line, sols[i].String())
					}
				}
				if res.Count == 2 && sols[0] == sols[1] {
					t.Fatalf("%s: solution found twice", line)
				}
			}
		})
	}
}

// TestAgainstBruteForce compares counts and solutions with the brute-force
// reference on serg's multi-solution puzzles and on puzzles thinned out
// from unique ones until they have many solutions.
func TestAgainstBruteForce(t *testing.T) {
	const limit = 500
	rng := rand.New(rand.NewPCG(1, 2))
	var cases []string
	cases = append(cases, sets.Spread(sets.Read(t, sets.Serg, 0), 200)...)
	for _, line := range sets.Spread(sets.Read(t, sets.Top1465, 0), 40) {
		b := []byte(line)
		for k := 0; k < 4; k++ {
			b[rng.IntN(81)] = '.'
		}
		cases = append(cases, string(b))
	}
	for _, line := range sets.Spread(sets.Read(t, sets.Clue17, 0), 40) {
		b := []byte(line)
		b[rng.IntN(81)] = '.'
		b[rng.IntN(81)] = '.'
		cases = append(cases, string(b))
	}
	var s Solver
	var got []Grid
	for _, line := range cases {
		p := parse(t, line)
		got = got[:0]
		res, err := s.Each(context.Background(), p, limit, func(g *Grid) { got = append(got, *g) })
		if err != nil {
			t.Fatal(err)
		}
		want := bruteForce(p, limit)
		if res.Count != len(want) || res.Complete != (len(want) < limit) {
			t.Fatalf("%s: %d solutions (complete %v), brute force %d", line, res.Count, res.Complete, len(want))
		}
		if len(want) < limit && !sameSolutions(got, want) {
			t.Fatalf("%s: solutions differ from brute force", line)
		}
	}
}

// TestMarks checks that the search keeps to the candidates of empty cells.
func TestMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s Solver
	for _, line := range sets.Spread(sets.Read(t, sets.Serg, 0), 100) {
		p := parse(t, line)
		var marks [81]uint16
		for i := range marks {
			marks[i] = 0x1ff
			if rng.IntN(4) == 0 {
				marks[i] &^= 1 << rng.IntN(9)
			}
		}
		p.Marks = &marks
		var got []Grid
		res, err := s.Each(context.Background(), p, 1000, func(g *Grid) { got = append(got, *g) })
		if err != nil {
			t.Fatal(err)
		}
		want := bruteForce(p, 1000)
		if res.Count != len(want) || len(want) < 1000 && !sameSolutions(got, want) {
			t.Fatalf("%s with marks: %d solutions, brute force %d", line, res.Count, len(want))
		}
	}
}

// TestClaimStacks checks the claims of digit 1 in the first stack: its
// columns there, band by band, must hold a permutation.
func TestClaimStacks(t *testing.T) {
	// cols lists, for each band, the columns of the first stack that digit 1
	// may use; want, those left after claim.
	for _, tt := range []struct {
		name       string
		cols, want [3]uint32
	}{
		{"two bands share two columns", [3]uint32{0b011, 0b011, 0b111}, [3]uint32{0b011, 0b011, 0b100}},
		{"a band with one column", [3]uint32{0b001, 0b111, 0b111}, [3]uint32{0b001, 0b110, 0b110}},
		{"a column in one band", [3]uint32{0b011, 0b111, 0b011}, [3]uint32{0b011, 0b100, 0b011}},
		{"nothing to claim", [3]uint32{0b011, 0b110, 0b101}, [3]uint32{0b011, 0b110, 0b101}},
		{"no permutation", [3]uint32{0b001, 0b001, 0b111}, [3]uint32{0, 0, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var marks [81]uint16
			for cell := range marks {
				marks[cell] = 0x1ff
				if c := cell % 9; c < 3 && tt.cols[cell/27]>>c&1 == 0 {
					marks[cell] &^= 1
				}
			}
			var st state
			if err := st.load(&Puzzle{Marks: &marks}); err != nil {
				t.Fatal(err)
			}
			st.unclaimed = all27
			st.claim()
			for b := range 3 {
				w := st.cand[b]
				got := (w | w>>9 | w>>18) & 7
				if got != tt.want[b] {
					t.Errorf("band %d keeps columns %03b of the stack, want %03b", b, got, tt.want[b])
				}
				if rest := (w | w>>9 | w>>18) & low9 &^ 7; rest != 0o770 {
					t.Errorf("band %d keeps columns %09b outside the stack, want all", b, rest)
				}
			}
		})
	}
}

func TestNodeLimit(t *testing.T) {
	s := Solver{MaxNodes: 5}
	res, err := s.Count(context.Background(), parse(t, strings.Repeat(".", 81)), 1<<30, nil)
	if !errors.Is(err, ErrNodeLimit) {
		t.Fatalf("err = %v, want ErrNodeLimit", err)
	}
	if res.Complete {
		t.Error("a stopped search reports complete")
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	var s Solver
	start := time.Now()
	_, err := s.Count(ctx, parse(t, strings.Repeat(".", 81)), 1<<40, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Generous: the check runs every 128 guesses, each under a microsecond.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %v", d)
	}
}

func TestNoAllocation(t *testing.T) {
	puzzles := sets.Spread(sets.Read(t, sets.Hard1106, 0), 50)
	ps := make([]Puzzle, len(puzzles))
	for i, line := range puzzles {
		ps[i] = *parse(t, line)
	}
	var s Solver
	sols := make([]Grid, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := s.Count(ctx, &ps[i%len(ps)], 2, sols); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations per puzzle, want 0", allocs)
	}
}

// benchmarkSet solves a shared set to a limit, parsing each puzzle inside
// the timed loop as a caller would.
func benchmarkSet(b *testing.B, rel string, limit int) {
	puzzles := sets.Read(b, rel, 0)
	var s Solver
	sols := make([]Grid, 1)
	ctx := context.Background()
	var guesses int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p, err := Parse(puzzles[i%len(puzzles)])
		if err != nil {
			b.Fatal(err)
		}
		res, err := s.Count(ctx, &p, limit, sols)
		if err != nil || res.Count == 0 {
			b.Fatalf("%s: %d solutions, %v", puzzles[i%len(puzzles)], res.Count, err)
		}
		guesses += res.Guesses
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
}

func BenchmarkSolve17Clue(b *testing.B)      { benchmarkSet(b, sets.Clue17, 1) }
func BenchmarkSolveTop1465(b *testing.B)     { benchmarkSet(b, sets.Top1465, 1) }
func BenchmarkSolveHardest11(b *testing.B)   { benchmarkSet(b, sets.Hardest11, 1) }
func BenchmarkSolveHardest1106(b *testing.B) { benchmarkSet(b, sets.Hard1106, 1) }
func BenchmarkSolveSerg(b *testing.B)        { benchmarkSet(b, sets.Serg, 1) }
func BenchmarkSolveTop95(b *testing.B)       { benchmarkSet(b, sets.Top95, 1) }

func BenchmarkUnique17Clue(b *testing.B)      { benchmarkSet(b, sets.Clue17, 2) }
func BenchmarkUniqueTop1465(b *testing.B)     { benchmarkSet(b, sets.Top1465, 2) }
func BenchmarkUniqueHardest11(b *testing.B)   { benchmarkSet(b, sets.Hardest11, 2) }
func BenchmarkUniqueHardest1106(b *testing.B) { benchmarkSet(b, sets.Hard1106, 2) }
func BenchmarkUniqueSerg(b *testing.B)        { benchmarkSet(b, sets.Serg, 2) }

// TestScansSkipNothing pins the guesses the search makes on two shared sets
// (counting to 2), as measured before naked singles and claims learned to
// skip the bands and digits unchanged since they last found nothing
// (state.touched): a skip that missed a single or a claim would leave it to
// a guess, and the totals would grow.
func TestScansSkipNothing(t *testing.T) {
	for _, tt := range []struct {
		set     string
		guesses int64
	}{
		{sets.Top95, 785},
		{sets.Hard1106, 47270},
	} {
		var s Solver
		var got int64
		for _, text := range sets.Read(t, tt.set, 0) {
			res, err := s.Count(context.Background(), parse(t, text), 2, nil)
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: %d solutions, %v", text, res.Count, err)
			}
			got += res.Guesses
		}
		if got != tt.guesses {
			t.Errorf("%s: %d guesses, want %d", tt.set, got, tt.guesses)
		}
	}
}

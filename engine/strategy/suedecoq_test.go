package strategy

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/shared"
)

func TestSueDeCoq(t *testing.T) {
	runPatCases(t, SueDeCoq, []patCase{
		{
			name:   "row 1 and box 1",
			cands:  map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c2": "34"},
			digits: "1234",
			elims: "1@r1c3 2@r1c3 3@r1c3 4@r1c3 1@r1c4 2@r1c4 1@r1c6 2@r1c6 1@r1c7 2@r1c7 1@r1c8 2@r1c8 1@r1c9 2@r1c9 " +
				"3@r2c1 4@r2c1 3@r2c3 4@r2c3 3@r3c1 4@r3c1 3@r3c2 4@r3c2 3@r3c3 4@r3c3",
			explain: "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r2c2 - {3,4}) => " +
				"r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>4, r1c4<>1, r1c4<>2, r1c6<>1, r1c6<>2, r1c7<>1, r1c7<>2, r1c8<>1, r1c8<>2, r1c9<>1, r1c9<>2, " +
				"r2c1<>3, r2c1<>4, r2c3<>3, r2c3<>4, r3c1<>3, r3c1<>4, r3c2<>3, r3c2<>4, r3c3<>3, r3c3<>4",
		},
		{
			// The line's set holds an extra digit, 5, and one more cell.
			name:  "an extra digit in the line's set",
			cands: map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "15", "r1c6": "25", "r2c2": "34"},
			elims: "1@r1c3 2@r1c3 3@r1c3 4@r1c3 5@r1c3 1@r1c4 2@r1c4 5@r1c4 1@r1c7 2@r1c7 5@r1c7 1@r1c8 2@r1c8 5@r1c8 1@r1c9 2@r1c9 5@r1c9 " +
				"3@r2c1 4@r2c1 3@r2c3 4@r2c3 3@r3c1 4@r3c1 3@r3c2 4@r3c2 3@r3c3 4@r3c3",
			digits: "12345",
		},
		{
			name:  "the two sets share a digit of the intersection",
			cands: map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c2": "23"},
		},
		{
			name:  "only one more candidate than cells",
			cands: map[string]string{"r1c1": "123", "r1c2": "123", "r1c5": "12", "r2c2": "3"},
		},
	})
}

// miscBoard builds an empty board of size n with every candidate open, then
// sets the candidates of the cells in cands (cell name → digits).
func miscBoard(t *testing.T, cfg grid.Config, cands map[string]string) *grid.Board {
	t.Helper()
	l, err := grid.NewLayout(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	for name, ds := range cands {
		i := strings.IndexByte(name, 'c')
		r, _ := strconv.Atoi(name[1:i])
		c, _ := strconv.Atoi(name[i+1:])
		var set grid.Digits
		for _, ch := range ds {
			set |= grid.Bit(int(ch - '0'))
		}
		b.Cand[(r-1)*l.N+c-1] = set
	}
	return b
}

// miscOneStep runs st in find-all mode and returns the explanation of its
// only step, failing when it finds none or several.
func miscOneStep(t *testing.T, st *Strategy, b *grid.Board) string {
	t.Helper()
	var sink Sink
	sink.All = true
	st.Find(b, &sink)
	if len(sink.Steps()) != 1 {
		for _, s := range sink.Steps() {
			t.Log(s.Explain(grid.Notation{Layout: b.L}))
		}
		t.Fatalf("%s found %d steps, want 1", st.Name, len(sink.Steps()))
	}
	return sink.Steps()[0].Explain(grid.Notation{Layout: b.L})
}

func TestSueDeCoq6x6(t *testing.T) {
	// Boxes of 2×3: row 1 and box 1 share r1c1..r1c3.
	b := miscBoard(t, grid.Config{Size: 6}, map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r2c1": "34"})
	want := "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r2c1 - {3,4}) => " +
		"r1c3<>1, r1c3<>2, r1c3<>3, r1c3<>4, r1c4<>1, r1c4<>2, r1c6<>1, r1c6<>2, r2c2<>3, r2c2<>4, r2c3<>3, r2c3<>4"
	if got := miscOneStep(t, SueDeCoq, b); got != want {
		t.Errorf("got\n%q, want\n%q", got, want)
	}
}

func TestSueDeCoqJigsaw(t *testing.T) {
	// Region 0 of this map holds r1c1..r1c3, r2c1..r2c3, r3c1, r4c1 and
	// r4c2: the region's set r4c2 lies outside the classic box, and r3c2
	// is no longer in the region.
	const jigsaw = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
	regions := make([]int, len(jigsaw))
	for i, c := range jigsaw {
		regions[i] = int(c - '0')
	}
	b := miscBoard(t, grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: regions},
		map[string]string{"r1c1": "1234", "r1c2": "1234", "r1c5": "12", "r4c2": "34"})
	got := miscOneStep(t, SueDeCoq, b)
	if !strings.HasPrefix(got, "Sue de Coq in row 1 and box 1: r1c1,r1c2 - {1,2,3,4} (r1c5 - {1,2}, r4c2 - {3,4}) => ") ||
		!strings.Contains(got, "r3c1<>3") || strings.Contains(got, "r3c2<>") {
		t.Errorf("got %q", got)
	}
}

// miscStrategies are the strategies of suedecoq.go, wxyz.go and
// dualsingledigit.go.
var miscStrategies = []*Strategy{DualTwoStringKite, DualEmptyRectangle, WXYZWing, SueDeCoq}

// miscSolveChecked solves b with singles and the pattern strategies; before
// every step it asks each of miscStrategies for all its steps and checks
// them against the solution.
func miscSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	order := append([]*Strategy{NakedSingle, HiddenSingle}, patternStrategies...)
	order = append(order, miscStrategies...)
	var sink Sink
	for step := 0; step < 4*b.L.Cells; step++ {
		for _, st := range miscStrategies {
			sink.Reset()
			sink.All = true
			st.Find(b, &sink)
			patCheckSteps(t, b, solution, &sink, seen)
		}
		progress := false
		for _, st := range order {
			sink.Reset()
			sink.All = false
			st.Find(b, &sink)
			if len(sink.Steps()) > 0 {
				sink.Steps()[0].Apply(b)
				progress = true
				break
			}
		}
		if !progress {
			return
		}
	}
}

func TestMiscPatternsSoundOnLayouts(t *testing.T) {
	const jigsaw = "000122222000111222033331112003444411333345555664444577866655557888666777888886777"
	regions := make([]int, len(jigsaw))
	for i, c := range jigsaw {
		regions[i] = int(c - '0')
	}
	tests := []struct {
		name    string
		cfg     grid.Config
		puzzles int
		keep    float64
	}{
		{"classic", grid.Config{Size: 9}, 150, 0.3},
		{"jigsaw", grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: regions}, 100, 0.3},
		{"X", grid.Config{Size: 9, Variant: grid.X}, 60, 0.3},
		{"Windoku", grid.Config{Size: 9, Variant: grid.Windoku}, 60, 0.3},
		{"6x6", grid.Config{Size: 6}, 60, 0.25},
		{"8x8", grid.Config{Size: 8}, 40, 0.3},
		{"16x16", grid.Config{Size: 16}, 6, 0.5},
		{"killer", grid.Config{Size: 9, Variant: grid.Killer}, 40, 0.3},
	}
	if quick() {
		for i := range tests {
			tests[i].puzzles = max(tests[i].puzzles/10, 2)
		}
	}
	r := rand.New(rand.NewPCG(13, 2))
	total := map[string]int{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seen := map[string]int{}
			defer func() {
				t.Logf("steps checked per technique: %v", seen)
				for k, v := range seen {
					total[k] += v
				}
			}()
			cfg := tt.cfg
			var sol []uint8
			if cfg.Variant == grid.Killer {
				plain, err := grid.NewLayout(grid.Config{Size: cfg.Size})
				if err != nil {
					t.Fatal(err)
				}
				_, sol = patRandomPuzzle(t, plain, r, 0)
				cfg.Cages = patKillerCages(cfg.Size, sol, r)
			}
			l, err := grid.NewLayout(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < tt.puzzles; i++ {
				if sol == nil || i%10 == 0 && cfg.Cages == nil {
					_, sol = patRandomPuzzle(t, l, r, 0)
				}
				miscSolveChecked(t, patPuzzle(t, l, sol, r, tt.keep), sol, seen)
			}
		})
	}
	// Each strategy must have been checked on some steps (a sample may miss some).
	for _, st := range miscStrategies {
		if total[st.Name] == 0 && !t.Failed() && !quick() {
			t.Errorf("no %s step checked", st.Name)
		}
	}
}

func TestMiscFindersDoNotAllocate(t *testing.T) {
	pauseGC(t)
	boards := patStuckBoards(t, 40)
	for _, st := range miscStrategies {
		for _, all := range []bool{false, true} {
			sink := Sink{All: all}
			// Warm the sink and the pools.
			for _, b := range boards {
				sink.Reset()
				st.Find(b, &sink)
			}
			allocs := testing.AllocsPerRun(3, func() {
				for _, b := range boards {
					sink.Reset()
					st.Find(b, &sink)
				}
			})
			if allocs != 0 {
				t.Errorf("%s (all=%v): %.1f allocations per run over %d boards, want 0", st.Name, all, allocs, len(boards))
			}
		}
	}
}

func BenchmarkMiscFinders(b *testing.B) {
	boards := patStuckBoards(b, 200)
	for _, st := range miscStrategies {
		b.Run(st.Name, func(b *testing.B) {
			var sink Sink
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink.Reset()
				st.Find(boards[i%len(boards)], &sink)
			}
		})
	}
}

func TestMiscPatternsSoundOnSharedSets(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	f, err := os.Open(shared.Path(t, "testdata/puzzles/se_rated_top1465.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	var s search.Searcher
	for n := 0; sc.Scan() && n < 300; n++ {
		b := board(t, strings.Fields(sc.Text())[0])
		res, err := s.Count(context.Background(), b, 2)
		if err != nil || len(res.Solutions) != 1 {
			t.Fatalf("%s: %d solutions, %v", sc.Text(), len(res.Solutions), err)
		}
		miscSolveChecked(t, b, res.Solutions[0], seen)
	}
	t.Logf("steps checked per technique: %v", seen)
}

package strategy

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// patOnly keeps digit D of unit Unit ("r3", "c4" or "b5") only in Cells.
type patOnly struct {
	D     int
	Unit  string
	Cells string // space-separated cell names
}

// patTestBoard builds an empty classic board with every candidate open,
// applies the restrictions, then sets the candidates of the cells in cands
// (cell name → digits, e.g. "r1c1": "12").
func patTestBoard(t testing.TB, only []patOnly, cands map[string]string) *grid.Board {
	t.Helper()
	return testBoard(t, testLayout(t, grid.Config{Size: 9}), only, cands)
}

// patCase is a hand-built board and the step a strategy must find on it.
type patCase struct {
	name    string
	cfg     grid.Config // the board's layout; classic 9×9 when zero
	code    string      // the technique code compared, when not the strategy's only one
	only    []patOnly
	cands   map[string]string
	digits  string // the step's digits; "" when no step may be found
	elims   string // "d@r1c1 ..." eliminations of the step
	explain string // the step's explanation, when checked
	alone   bool   // the step is the only one found
}

// caseLayout builds the layout of cfg, classic 9×9 when cfg is zero.
func caseLayout(t testing.TB, cfg grid.Config) *grid.Layout {
	t.Helper()
	if cfg.Size == 0 {
		cfg.Size = 9
	}
	return testLayout(t, cfg)
}

// runPatCases checks that st finds, in find-all mode, exactly one step
// with each case's digits and eliminations, and no step at all in
// negative cases; and that in first-step mode it stops after one step.
func runPatCases(t *testing.T, st *Strategy, tests []patCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := testBoard(t, caseLayout(t, tt.cfg), tt.only, tt.cands)
			steps := findAllSteps(t, st, b)
			if tt.digits == "" {
				noStepsWanted(t, b.Layout(), steps)
				return
			}
			if tt.alone && len(steps) != 1 {
				t.Errorf("found %d steps, want the case's alone", len(steps))
			}
			want := effectsNamed(t, b.Layout(), tt.elims)
			found := 0
			for _, s := range steps {
				if s.Strategy != st || len(s.Cells) == 0 || len(s.Units) == 0 {
					t.Errorf("malformed step %+v", s)
				}
				if tt.code != "" && s.Technique.code != tt.code {
					continue
				}
				if digitString(s.Digits) != tt.digits {
					t.Errorf("step on %s, want %s: %s", digitString(s.Digits), tt.digits, s.Explain(grid.Notation{Layout: b.Layout()}))
					continue
				}
				if got := sortedEffects(s.Eliminations); !slices.Equal(got, want) {
					t.Errorf("eliminations %v, want %v: %s", got, want, s.Explain(grid.Notation{Layout: b.Layout()}))
					continue
				}
				found++
				if tt.explain != "" && s.Explain(grid.Notation{Layout: b.Layout()}) != tt.explain {
					t.Errorf("explanation\n%q, want\n%q", s.Explain(grid.Notation{Layout: b.Layout()}), tt.explain)
				}
			}
			if found != 1 {
				t.Errorf("found %d matching steps among %d, want 1", found, len(steps))
			}
			if tt.code == "" {
				firstStepFindsOne(t, st, b)
			}
		})
	}
}

func TestSkyscraper(t *testing.T) {
	runPatCases(t, Skyscraper(), []patCase{
		{
			name:    "columns 2 and 6 on base row 8",
			only:    []patOnly{{1, "c2", "r2c2 r8c2"}, {1, "c6", "r3c6 r8c6"}},
			digits:  "1",
			elims:   "1@r2c4 1@r2c5 1@r3c1 1@r3c3",
			explain: "Skyscraper on 1: r2c2=r8c2 and r8c6=r3c6 are strong links and r8c2 sees r8c6, so r2c2 or r3c6 is 1: remove 1 from r2c4, r2c5, r3c1, r3c3",
		},
		{
			name: "an X-Wing is no skyscraper",
			only: []patOnly{{1, "c2", "r2c2 r8c2"}, {1, "c6", "r2c6 r8c6"}},
		},
		{
			name: "tops that see no common candidate",
			only: []patOnly{{1, "c2", "r2c2 r8c2"}, {1, "c6", "r5c6 r8c6"}},
		},
	})
}

func TestTwoStringKite(t *testing.T) {
	runPatCases(t, TwoStringKite(), []patCase{
		{
			name:    "row 3 and column 1 through box 1",
			only:    []patOnly{{5, "r3", "r3c2 r3c8"}, {5, "c1", "r2c1 r7c1"}},
			digits:  "5",
			elims:   "5@r7c8",
			explain: "2-String Kite on 5: r3c8=r3c2 and r2c1=r7c1 are strong links and r3c2 sees r2c1, so r3c8 or r7c1 is 5: remove 5 from r7c8",
		},
		{
			name: "ends in different boxes",
			only: []patOnly{{5, "r3", "r3c2 r3c8"}, {5, "c1", "r4c1 r7c1"}},
		},
		{
			// On a jigsaw the kite's box is an irregular region: r1c1 and
			// r2c2 share region 0. (TestSoundOnLayouts checks the kites and
			// empty rectangles of jigsaws more widely.)
			name:    "jigsaw",
			cfg:     grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw},
			only:    []patOnly{{4, "r1", "r1c1 r1c8"}, {4, "c2", "r2c2 r7c2"}},
			digits:  "4",
			elims:   "4@r7c8",
			explain: "2-String Kite on 4: r1c8=r1c1 and r2c2=r7c2 are strong links and r1c1 sees r2c2, so r1c8 or r7c2 is 4: remove 4 from r7c8",
			alone:   true,
		},
	})
}

func TestTurbotFish(t *testing.T) {
	runPatCases(t, TurbotFish(), []patCase{
		{
			name:    "box 1 and column 5 joined in row 1",
			only:    []patOnly{{7, "b1", "r1c2 r3c1"}, {7, "c5", "r1c5 r8c5"}},
			digits:  "7",
			elims:   "7@r8c1",
			explain: "Turbot Fish on 7: r8c5=r1c5 and r1c2=r3c1 are strong links and r1c5 sees r1c2, so r8c5 or r3c1 is 7: remove 7 from r8c1",
		},
		{
			name:   "a skyscraper is a turbot fish too",
			only:   []patOnly{{1, "c2", "r2c2 r8c2"}, {1, "c6", "r3c6 r8c6"}},
			digits: "1",
			elims:  "1@r2c4 1@r2c5 1@r3c1 1@r3c3",
		},
		{
			name: "no weak link between the links",
			only: []patOnly{{7, "b1", "r1c2 r3c1"}, {7, "c5", "r2c5 r8c5"}},
		},
	})
}

// erCross keeps 3 of box 5 to the cross of r5 and c5 around r5c5: the box
// of the empty rectangles and their duals.
var erCross = patOnly{3, "b5", "r5c4 r5c6 r4c5 r6c5"}

func TestEmptyRectangle(t *testing.T) {
	runPatCases(t, EmptyRectangle(), []patCase{
		{
			name:    "box 5 with column 8",
			only:    []patOnly{erCross, {3, "c8", "r2c8 r5c8"}},
			digits:  "3",
			elims:   "3@r2c5",
			explain: "Empty Rectangle on 3 in box 5 with the strong link r5c8=r2c8 in column 8: remove 3 from r2c5",
		},
		{
			name:   "box with two candidates (HoDoKu's option, allowed)",
			only:   []patOnly{{3, "b5", "r5c4 r6c5"}, {3, "c8", "r2c8 r5c8"}},
			digits: "3",
			elims:  "3@r2c5",
		},
		{
			name: "a candidate off the cross",
			only: []patOnly{{3, "b5", "r5c4 r5c6 r4c5 r6c5 r4c4"}, {3, "c8", "r2c8 r5c8"}},
		},
		{
			name: "candidates in one row only",
			only: []patOnly{{3, "b5", "r5c4 r5c6"}, {3, "c8", "r2c8 r5c8"}},
		},
	})
}

// patternStrategies are the strategies of singledigit.go, wings.go,
// remotepair.go and colouring.go.
var patternStrategies = []*Strategy{RemotePair(), Skyscraper(), TwoStringKite(), TurbotFish(), EmptyRectangle(), WWing(), XYWing(), XYZWing(), SimpleColours()}

// patCheckSteps checks every step in sink against a solution of the board:
// it must eliminate only candidates that are there and false, and be well
// formed. It counts the steps per strategy in seen.
func patCheckSteps(t *testing.T, b *grid.Board, solution []uint8, sink *Sink, seen map[string]int) {
	t.Helper()
	for i := range sink.Steps() {
		s := &sink.Steps()[i]
		if s.Digits == 0 || len(s.Cells) == 0 || len(s.Eliminations) == 0 || len(s.Placements) != 0 {
			t.Fatalf("%s: malformed step %+v", s.Name(), s)
		}
		for _, e := range s.Eliminations {
			if !b.Cands(e.Cell).Has(e.Digit) {
				t.Fatalf("%s eliminates %d from %s, not a candidate: %s", s.Name(), e.Digit, b.Layout().CellName(e.Cell), s.Explain(grid.Notation{Layout: b.Layout()}))
			}
			if solution[e.Cell] == uint8(e.Digit) {
				t.Fatalf("%s eliminates the true %s=%d: %s", s.Name(), b.Layout().CellName(e.Cell), e.Digit, s.Explain(grid.Notation{Layout: b.Layout()}))
			}
		}
		if s.Explain(grid.Notation{Layout: b.Layout()}) == "" {
			t.Fatalf("%s: empty explanation", s.Name())
		}
		seen[s.Name()]++
	}
}

// patSolveChecked solves b with singles and the pattern strategies, asking
// each for all its steps and checking them, and applying the first step
// found in order until none is left.
func patSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	order := append([]*Strategy{NakedSingle(), HiddenSingle()}, patternStrategies...)
	var sink Sink
	for step := 0; step < 4*b.Layout().Cells; step++ {
		progress := false
		for _, st := range order {
			sink.Reset()
			sink.All = true
			st.Find(b, &sink)
			if len(sink.Steps()) == 0 {
				continue
			}
			if st != NakedSingle() && st != HiddenSingle() {
				patCheckSteps(t, b, solution, &sink, seen)
			}
			sink.Steps()[0].Apply(b)
			progress = true
			break
		}
		if !progress {
			return
		}
	}
}

// patRandomPuzzle returns a random solved grid of the layout and a puzzle
// made from it (see patPuzzle).
func patRandomPuzzle(t *testing.T, l *grid.Layout, r *rand.Rand, keep float64) (*grid.Board, []uint8) {
	t.Helper()
	var s search.Searcher
	s.MaxNodes = 20000
	sol := randomSolution(t, &s, l, r)
	return patPuzzle(t, l, sol, r, keep), sol
}

// randomSolution returns a random solved grid of the layout: the search's
// first solution of a board with N random digits placed, tried up to 50
// times while s gives up (at its node limit) or finds none.
func randomSolution(t *testing.T, s *search.Searcher, l *grid.Layout, r *rand.Rand) []uint8 {
	t.Helper()
	for try := 0; try < 50; try++ {
		b := grid.NewBoard(l)
		for k := 0; k < l.N; k++ {
			cell := r.IntN(l.Cells)
			if b.Value(cell) != 0 || b.Cands(cell) == 0 {
				continue
			}
			ds := b.Cands(cell).List(nil)
			b.Place(cell, ds[r.IntN(len(ds))])
		}
		if res, err := s.Count(context.Background(), b, 1); err == nil && len(res.Solutions) == 1 {
			return res.Solutions[0]
		}
	}
	t.Fatal("no random grid found")
	return nil
}

// patPuzzle returns a puzzle with about keep of the cells of sol given
// (not necessarily with one solution: the strategies must be sound for
// every solution, so checking against sol is enough).
func patPuzzle(t *testing.T, l *grid.Layout, sol []uint8, r *rand.Rand, keep float64) *grid.Board {
	t.Helper()
	cells := make([]grid.CellState, l.Cells)
	for i := range cells {
		if r.Float64() < keep {
			cells[i] = grid.CellState{Value: int(sol[i]), Given: true}
		}
	}
	b, err := grid.Load(l, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// patLatinSquare returns a random Latin square of size n.
func patLatinSquare(n int, r *rand.Rand) []uint8 {
	rows, cols, digits := r.Perm(n), r.Perm(n), r.Perm(n)
	sol := make([]uint8, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			sol[rows[i]*n+cols[j]] = uint8(digits[(i+j)%n] + 1)
		}
	}
	return sol
}

// patKillerCages splits a solved grid into random cages of one to three
// cells, without repeated digits, with their sums.
func patKillerCages(n int, sol []uint8, r *rand.Rand) []grid.Cage {
	used := make([]bool, n*n)
	var cages []grid.Cage
	for cell := range used {
		if used[cell] {
			continue
		}
		used[cell] = true
		cg := grid.Cage{Cells: []int{cell}, Target: int(sol[cell]), Op: grid.OpAdd}
		for _, next := range []int{cell + 1, cell + n} {
			if len(cg.Cells) < 3 && next < n*n && !used[next] && (next != cell+1 || next%n != 0) && !slices.ContainsFunc(cg.Cells, func(c int) bool { return sol[c] == sol[next] }) && r.IntN(2) == 0 {
				used[next] = true
				cg.Cells = append(cg.Cells, next)
				cg.Target += int(sol[next])
			}
		}
		if len(cg.Cells) == 1 {
			cg.Op = grid.OpNone
		}
		cages = append(cages, cg)
	}
	return cages
}

func TestPatternsSoundOnSharedSets(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	seen := soundOnSharedSets(t, patSolveChecked,
		sharedSet{"testdata/puzzles/se_rated_top1465.txt", 600},
		sharedSet{"testdata/puzzles/tdoku_puzzles2_17_clue.txt", 400})
	// Floors about half of what the finders found when they were set.
	atLeast(t, seen, map[string]int{
		"2-String Kite": 120, "Empty Rectangle": 40, "Remote Pair": 12, "Skyscraper": 60, "Turbot Fish": 1300,
		"W-Wing": 25, "XY-Wing": 60, "XYZ-Wing": 120, "Simple Colours Trap": 6000, "Simple Colours Wrap": 35,
	})
}

// patStuckBoards returns boards of the shared top1465 set where singles
// are stuck, for the allocation test and the benchmarks.
func patStuckBoards(tb testing.TB, max int) []*grid.Board {
	var boards []*grid.Board
	var sink Sink
	sharedBoards(tb, "testdata/puzzles/se_rated_top1465.txt", func(b *grid.Board, _ string) bool {
		for progress := true; progress; {
			progress = false
			if s := singleSteps(b, &sink); len(s) > 0 {
				s[0].Apply(b)
				progress = true
			}
		}
		if !b.Solved() {
			boards = append(boards, b)
		}
		return len(boards) < max
	})
	return boards
}

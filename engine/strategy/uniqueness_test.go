package strategy

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// uqCell returns the index of a cell named like "r2c4".
func uqCell(l *grid.Layout, name string) int {
	var r, c int
	if _, err := fmt.Sscanf(name, "r%dc%d", &r, &c); err != nil {
		panic(name)
	}
	return (r-1)*l.N + c - 1
}

// uqSet sets cells of b: "12" sets the candidates of an empty cell, "+5"
// places 5 (not a clue), "=5" places a clue 5.
func uqSet(b *grid.Board, spec ...string) {
	clues, entries := make([]uint8, b.Layout().Cells), b.Values()
	for cell := range b.Layout().Cells {
		v := b.Value(cell)
		if b.Given(cell) {
			clues[cell] = v
		}
	}
	placed := false
	for i := 0; i+1 < len(spec); i += 2 {
		cell, v := uqCell(b.Layout(), spec[i]), spec[i+1]
		switch v[0] {
		case '+':
			entries[cell], placed = v[1]-'0', true
		case '=':
			clues[cell], placed = v[1]-'0', true
		}
	}
	if placed {
		cand := b.AppendCandidates(nil)
		b.Reset(clues, entries)
		for cell, c := range cand {
			if b.Value(cell) == 0 {
				b.Restrict(cell, c)
			}
		}
	}
	for i := 0; i+1 < len(spec); i += 2 {
		cell, v := uqCell(b.Layout(), spec[i]), spec[i+1]
		switch v[0] {
		case '+', '=':
		default:
			var ds grid.Digits
			for _, ch := range v {
				ds |= grid.Bit(int(ch - '0'))
			}
			if !b.SetCands(cell, ds) {
				panic(fmt.Sprintf("uqSet: cannot set the candidates %s of cell %d", v, cell))
			}
		}
	}
}

// uqStripUnit removes d from the empty cells of the unit of that kind and
// 1-based index, but those named.
func uqStripUnit(b *grid.Board, d int, kind grid.UnitKind, index int, keep ...string) {
	for _, u := range b.Layout().Units() {
		if u.Kind != kind || u.Index != index-1 {
			continue
		}
		for _, cell := range u.Cells {
			kept := false
			for _, k := range keep {
				kept = kept || uqCell(b.Layout(), k) == cell
			}
			if !kept {
				b.Eliminate(cell, d)
			}
		}
	}
}

// uqRender renders steps as "code:dRC dRC" strings (HoDoKu's triples),
// sorted, for comparison with a table.
func uqRender(l *grid.Layout, steps []Step) []string {
	var out []string
	for _, s := range steps {
		var parts []string
		for _, e := range sortedEffects(s.Eliminations) {
			parts = append(parts, fmt.Sprintf("%d%d%d", e.Digit, e.Cell/l.N+1, e.Cell%l.N+1))
		}
		for _, p := range sortedEffects(s.Placements) {
			parts = append(parts, fmt.Sprintf("=%d%d%d", p.Digit, p.Cell/l.N+1, p.Cell%l.N+1))
		}
		sort.Strings(parts)
		out = append(out, s.Technique.code+":"+strings.Join(parts, " "))
	}
	sort.Strings(out)
	return out
}

type uqTest struct {
	name  string
	cfg   grid.Config
	setup func(b *grid.Board)
	find  func(b *grid.Board, sink *Sink)
	size  int
	want  []string // uqRender of every step found
}

func runUQTests(t *testing.T, tests []uqTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := testLayout(t, tt.cfg)
			b := grid.NewBoard(l)
			tt.setup(b)
			before := b.Clone()
			sink := Sink{All: true, Form: OfType(tt.size)}
			tt.find(b, &sink)
			if got := uqRender(l, sink.Steps()); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if !b.CandidatesEqual(before.AppendCandidates(nil)) || !b.ValuesEqual(before.Values()) {
				t.Error("the finder changed the board")
			}
			for i := range sink.Steps() {
				s := &sink.Steps()[i]
				if len(s.Cells) < 1 || s.Explain(grid.Notation{Layout: l}) == "" {
					t.Errorf("malformed step %+v", s)
				}
				t.Log(s.Explain(grid.Notation{Layout: l}))
			}
		})
	}
}

func TestUniqueRectangles(t *testing.T) {
	classic := grid.Config{Size: 9}
	all := UniqueRectangles().Find
	strict := func(b *grid.Board, sink *Sink) { findUniqueRectangles(b, sink, false) }
	// The rectangle r1c1, r1c4, r2c1, r2c4 lies in boxes 1 and 2.
	type1 := func(b *grid.Board) { uqSet(b, "r1c1", "12", "r1c4", "12", "r2c1", "12", "r2c4", "123") }
	runUQTests(t, []uqTest{
		{name: "type 1", cfg: classic, setup: type1, find: all, want: []string{"0600:124 224"}},
		{name: "type 1 stage", cfg: classic, setup: type1, find: all, size: 1, want: []string{"0600:124 224"}},
		{name: "type 1 is not type 2", cfg: classic, setup: type1, find: all, size: 2},
		{name: "four boxes", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r1c5", "12", "r5c1", "12", "r5c5", "123")
		}},
		{name: "type 2", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c1", "12", "r1c4", "123", "r2c4", "123")
			uqStripUnit(b, 3, grid.Column, 4, "r1c4", "r2c4", "r5c4")
			uqStripUnit(b, 3, grid.Region, 2, "r1c4", "r2c4", "r1c6")
		}, want: []string{"0601:316 354"}},
		{name: "type 3 naked pair in the column", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c1", "12", "r1c4", "123", "r2c4", "124", "r5c4", "34")
			uqStripUnit(b, 3, grid.Column, 4, "r1c4", "r2c4", "r5c4", "r9c4")
			uqStripUnit(b, 4, grid.Column, 4, "r1c4", "r2c4", "r5c4", "r9c4")
		}, want: []string{"0602:394 494"}},
		{name: "type 3 naked pair in the column and box", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c1", "12", "r1c4", "123", "r2c4", "124", "r3c4", "34")
			uqStripUnit(b, 3, grid.Column, 4, "r1c4", "r2c4", "r3c4", "r9c4")
			uqStripUnit(b, 4, grid.Column, 4, "r1c4", "r2c4", "r3c4")
			uqStripUnit(b, 3, grid.Region, 2, "r1c4", "r2c4", "r3c4", "r1c5")
			uqStripUnit(b, 4, grid.Region, 2, "r1c4", "r2c4", "r3c4", "r3c6")
		}, want: []string{"0602:315 394 436"}},
		{name: "type 4", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c1", "12", "r1c4", "123", "r2c4", "124")
			uqStripUnit(b, 1, grid.Column, 4, "r1c4", "r2c4")
		}, want: []string{"0603:214 224"}},
		{name: "type 5", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c4", "12", "r1c4", "123", "r2c1", "123")
			for _, u := range []struct {
				kind  grid.UnitKind
				index int
			}{{grid.Row, 1}, {grid.Row, 2}, {grid.Region, 1}, {grid.Region, 2}} {
				uqStripUnit(b, 3, u.kind, u.index, "r1c4", "r2c1", "r1c2", "r2c5")
			}
		}, want: []string{"0604:312 325"}},
		{name: "type 5 with three corners", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c4", "123", "r1c4", "123", "r2c1", "123")
			uqStripUnit(b, 3, grid.Row, 2, "r2c1", "r2c4", "r2c5")
			uqStripUnit(b, 3, grid.Region, 2, "r1c4", "r2c4", "r2c5")
		}, want: []string{"0604:325"}},
		{name: "type 6", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c4", "12", "r1c4", "123", "r2c1", "124")
			uqStripUnit(b, 1, grid.Row, 1, "r1c1", "r1c4")
			uqStripUnit(b, 1, grid.Row, 2, "r2c1", "r2c4")
		}, want: []string{"0605:114 121"}},
		{name: "hidden rectangle", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r1c4", "123", "r2c1", "124", "r2c4", "125")
			uqStripUnit(b, 1, grid.Row, 2, "r2c1", "r2c4")
			uqStripUnit(b, 1, grid.Column, 4, "r1c4", "r2c4")
		}, want: []string{"0606:224"}},
		// In the next three, the placed 3 in r3c2 keeps r1c1 and r2c1 out
		// of a rectangle on 1/3 with r2c4.
		{name: "missing candidate", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r3c2", "+3", "r1c1", "12", "r1c4", "12", "r2c1", "12", "r2c4", "13")
		}, want: []string{"0600:124"}},
		{name: "missing candidate, option off", cfg: classic, find: strict, setup: func(b *grid.Board) {
			uqSet(b, "r3c2", "+3", "r1c1", "12", "r1c4", "12", "r2c1", "12", "r2c4", "13")
		}},
		{name: "missing candidate ruled out by a placed peer", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r3c2", "+3", "r3c6", "+2", "r1c1", "12", "r1c4", "12", "r2c1", "12", "r2c4", "13")
		}},
		{name: "givens are not corners", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r2c4", "=3", "r1c1", "12", "r1c4", "12", "r2c1", "12")
		}},
		{name: "X: a corner on a diagonal", cfg: grid.Config{Size: 9, Variant: grid.X}, find: all, setup: type1},
		{name: "X: off the diagonals", cfg: grid.Config{Size: 9, Variant: grid.X}, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c2", "12", "r1c4", "12", "r3c2", "12", "r3c4", "123")
		}, want: []string{"0600:134 234"}},
		{name: "jigsaw: two regions", cfg: grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, find: all, setup: type1,
			want: []string{"0600:124 224"}},
		{name: "jigsaw: three regions", cfg: grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r1c4", "12", "r3c1", "12", "r3c4", "123")
		}},
		{name: "classic: same rectangle", cfg: classic, find: all, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r1c4", "12", "r3c1", "12", "r3c4", "123")
		}, want: []string{"0600:134 234"}},
		{name: "6x6", cfg: grid.Config{Size: 6}, find: all, setup: type1, want: []string{"0600:124 224"}},
		{name: "killer: cage on a column pair", find: all,
			cfg:   grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 9}, Target: 3, Op: grid.OpAdd}}},
			setup: type1, want: []string{"0600:124 224"}},
		{name: "killer: cage on one corner", find: all,
			cfg:   grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 5, Op: grid.OpAdd}}},
			setup: type1},
	})
}

func TestAvoidableRectangles(t *testing.T) {
	classic := grid.Config{Size: 9}
	find := AvoidableRectangles().Find
	type1 := func(b *grid.Board) { uqSet(b, "r1c1", "+1", "r1c4", "+2", "r2c1", "+2") }
	type2 := func(b *grid.Board) {
		uqSet(b, "r1c1", "+1", "r1c4", "+2", "r2c1", "23", "r2c4", "13")
		uqStripUnit(b, 3, grid.Row, 2, "r2c1", "r2c4", "r2c7")
	}
	runUQTests(t, []uqTest{
		{name: "type 1", cfg: classic, find: find, setup: type1, want: []string{"0607:124"}},
		{name: "type 1 stage", cfg: classic, find: find, setup: type1, size: 1, want: []string{"0607:124"}},
		{name: "type 1 is not type 2", cfg: classic, find: find, setup: type1, size: 2},
		{name: "type 1 with a clue", cfg: classic, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "=1", "r1c4", "+2", "r2c1", "+2")
		}},
		{name: "type 1, four boxes", cfg: classic, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r1c5", "+2", "r5c1", "+2")
		}},
		{name: "type 2 in a row", cfg: classic, find: find, setup: type2, want: []string{"0608:327"}},
		{name: "type 2 stage", cfg: classic, find: find, setup: type2, size: 2, want: []string{"0608:327"}},
		{name: "type 2 is not type 1", cfg: classic, find: find, setup: type2, size: 1},
		{name: "type 2 in a column", cfg: classic, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r4c1", "+2", "r1c2", "25", "r4c2", "15")
			uqStripUnit(b, 5, grid.Column, 2, "r1c2", "r4c2", "r7c2")
		}, want: []string{"0608:572"}},
		{name: "type 2, different extras", cfg: classic, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r1c4", "+2", "r2c1", "23", "r2c4", "14")
		}},
		{name: "type 2, completing digit missing", cfg: classic, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r1c4", "+2", "r2c1", "34", "r2c4", "13")
			uqStripUnit(b, 3, grid.Row, 2, "r2c1", "r2c4", "r2c7")
		}},
		{name: "jigsaw: three regions", cfg: grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, find: find, setup: func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r1c4", "+2", "r3c1", "+2")
		}},
		{name: "jigsaw: two regions", cfg: grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, find: find, setup: type1,
			want: []string{"0607:124"}},
	})
}

// uqBUGBoard sets every cell of a 4×4 board to the pair holding its digit
// in sol: {1,4} or {2,3}. That is a BUG: each digit twice in every row,
// column and box.
func uqBUGBoard(b *grid.Board) {
	const sol = "1234341221434321"
	for cell := range b.Candidates() {
		switch sol[cell] {
		case '1', '4':
			b.SetCands(cell, grid.Bit(1)|grid.Bit(4))
		default:
			b.SetCands(cell, grid.Bit(2)|grid.Bit(3))
		}
	}
}

func TestBUGPlusOne(t *testing.T) {
	four := grid.Config{Size: 4}
	find := BUGPlusOne().Find
	plusOne := func(b *grid.Board) {
		uqBUGBoard(b)
		uqSet(b, "r1c2", "123")
	}
	runUQTests(t, []uqTest{
		{name: "BUG+1", cfg: four, find: find, setup: plusOne, want: []string{"0610:212 312"}},
		{name: "BUG+2", cfg: four, find: find, setup: func(b *grid.Board) {
			plusOne(b)
			uqSet(b, "r4c4", "234")
		}},
		{name: "not a BUG", cfg: four, find: find, setup: func(b *grid.Board) {
			plusOne(b)
			uqSet(b, "r3c3", "13") // 1 three times in row 3, 2 once
		}},
		{name: "extra digit only twice in its column", cfg: four, find: find, setup: func(b *grid.Board) {
			plusOne(b)
			uqSet(b, "r3c2", "24")
		}},
		{name: "a single left", cfg: four, find: find, setup: func(b *grid.Board) {
			plusOne(b)
			uqSet(b, "r4c4", "3")
		}},
		{name: "X: the diagonals break the BUG", cfg: grid.Config{Size: 4, Variant: grid.X}, find: find, setup: plusOne},
		{name: "killer: cages are not units", find: find, setup: plusOne,
			cfg: grid.Config{Size: 4, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}}},
	})
}

func TestUniquenessDoNotAllocate(t *testing.T) {
	pauseGC(t)
	boards := []struct {
		st    *Strategy
		size  int
		setup func(b *grid.Board)
	}{
		{UniqueRectangles(), 9, func(b *grid.Board) {
			uqSet(b, "r1c1", "12", "r2c1", "12", "r1c4", "123", "r2c4", "124", "r5c4", "34", "r7c7", "12", "r7c8", "123", "r9c7", "12", "r9c8", "12")
			uqStripUnit(b, 1, grid.Column, 4, "r1c4", "r2c4")
		}},
		{AvoidableRectangles(), 9, func(b *grid.Board) {
			uqSet(b, "r1c1", "+1", "r1c4", "+2", "r2c1", "+2", "r5c5", "+3", "r5c7", "+4", "r6c5", "34", "r6c7", "35")
		}},
		{BUGPlusOne(), 4, func(b *grid.Board) {
			uqBUGBoard(b)
			uqSet(b, "r1c2", "123")
		}},
	}
	for _, tt := range boards {
		b := grid.NewBoard(testLayout(t, grid.Config{Size: tt.size}))
		tt.setup(b)
		sink := Sink{All: true}
		tt.st.Find(b, &sink)
		if len(sink.Steps()) == 0 {
			t.Fatalf("%s finds nothing to measure", tt.st.name)
		}
		allocs := testing.AllocsPerRun(100, func() {
			sink.Reset()
			tt.st.Find(b, &sink)
		})
		if allocs != 0 {
			t.Errorf("%s allocates %.1f times per call", tt.st.name, allocs)
		}
	}
}

// uqStrategies are the strategies of uniqueness.go, avoidable.go and bug.go.
var uqStrategies = []*Strategy{UniqueRectangles(), AvoidableRectangles(), BUGPlusOne()}

// uqSolveChecked solves b (a puzzle whose only solution is sol) with every
// logic strategy of the catalogue in order of play, applying the first step
// found, and checks every step of the uniqueness strategies, asked for all
// of them, against sol. It counts the steps checked per technique in seen,
// and the puzzles solved or left stuck.
func uqSolveChecked(t *testing.T, b *grid.Board, sol []uint8, seen map[string]int) {
	t.Helper()
	passes := Plan(func(st *Strategy) bool { return st.Class() != Search && !st.OptIn() })
	check := func(_ *Strategy, sink *Sink) {
		for i := range sink.Steps() {
			s := &sink.Steps()[i]
			if len(s.Cells) == 0 || len(s.Eliminations) == 0 || len(s.Placements) != 0 {
				t.Fatalf("%s: malformed step %+v", s.Name(), s)
			}
			for _, e := range s.Eliminations {
				if !b.Cands(e.Cell).Has(e.Digit) || sol[e.Cell] == uint8(e.Digit) {
					t.Fatalf("%s removes %d from %s (candidates %v, solution %d): %s",
						s.Name(), e.Digit, b.Layout().CellName(e.Cell), b.Cands(e.Cell), sol[e.Cell], s.Explain(grid.Notation{Layout: b.Layout()}))
				}
			}
			seen[s.Name()]++
		}
	}
	apply := func(s *Step) bool {
		for _, e := range s.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				t.Logf("%s (not a uniqueness strategy) removes a true candidate; stopping this puzzle: %s", s.Name(), s.Explain(grid.Notation{Layout: b.Layout()}))
				return false
			}
		}
		for _, pl := range s.Placements {
			if sol[pl.Cell] != uint8(pl.Digit) {
				t.Logf("%s (not a uniqueness strategy) places a wrong digit; stopping this puzzle: %s", s.Name(), s.Explain(grid.Notation{Layout: b.Layout()}))
				return false
			}
		}
		return true
	}
	if solveCheckingEachState(b, uqStrategies, passes, check, apply) {
		seen["(stuck)"]++
	} else if b.Solved() {
		seen["(solved)"]++
	}
}

func TestUniquenessSoundOnSharedSets(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	seen := soundOnSharedSets(t, uqSolveChecked,
		sharedSet{"testdata/puzzles/se_rated_top1465.txt", 500},
		sharedSet{"testdata/puzzles/tdoku_puzzles2_17_clue.txt", 300},
		sharedSet{"testdata/puzzles/tdoku_puzzles6_forum_hardest_1106.txt", 200})
	// BUG+1 and the rarer types do not turn up on these paths; the tables
	// above and the regression library cover them.
	for _, name := range []string{"Uniqueness Test 1", "Uniqueness Test 2", "Uniqueness Test 3", "Uniqueness Test 4", "Hidden Rectangle", "Avoidable Rectangle Type 1"} {
		if seen[name] == 0 {
			t.Errorf("no %s step was checked", name)
		}
	}
}

// uqUniquePuzzle returns a random puzzle of the layout with exactly one
// solution, and that solution: a random grid, then clues removed in random
// order while the solution stays unique.
func uqUniquePuzzle(t *testing.T, l *grid.Layout, r *rand.Rand) (*grid.Board, []uint8) {
	t.Helper()
	var s search.Searcher
	s.MaxNodes = 50000
	sol := randomSolution(t, &s, l, r)
	cells := make([]grid.CellState, l.Cells)
	for i := range cells {
		cells[i] = grid.CellState{Value: int(sol[i]), Given: true}
	}
	for _, i := range r.Perm(l.Cells) {
		cells[i] = grid.CellState{}
		b, err := grid.Load(l, cells)
		if err != nil {
			t.Fatal(err)
		}
		if res, err := s.Count(context.Background(), b, 2); err != nil || len(res.Solutions) != 1 || !res.Complete {
			cells[i] = grid.CellState{Value: int(sol[i]), Given: true}
		}
	}
	b, err := grid.Load(l, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b, sol
}

func TestUniquenessSoundOnLayouts(t *testing.T) {
	tests := []struct {
		name    string
		cfg     grid.Config
		puzzles int
	}{
		{"classic", grid.Config{Size: 9}, 30},
		{"jigsaw", grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, 30},
		{"X", grid.Config{Size: 9, Variant: grid.X}, 30},
		{"Windoku", grid.Config{Size: 9, Variant: grid.Windoku}, 20},
		{"Colour", grid.Config{Size: 9, Variant: grid.Colour}, 20},
		{"4x4", grid.Config{Size: 4}, 40},
		{"6x6", grid.Config{Size: 6}, 40},
		{"8x8", grid.Config{Size: 8}, 20},
	}
	if quick() {
		for i := range tests {
			tests[i].puzzles = max(tests[i].puzzles/10, 2)
		}
	}
	seen := map[string]int{}
	r := rand.New(rand.NewPCG(6, 10))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := testLayout(t, tt.cfg)
			for i := 0; i < tt.puzzles; i++ {
				b, sol := uqUniquePuzzle(t, l, r)
				uqSolveChecked(t, b, sol, seen)
			}
		})
	}
	t.Logf("uniqueness steps checked per technique: %v", seen)
}

// TestUqEliminationList: a uniqueness step's removals are listed cell by
// cell ("remove 1 and 2 from r8c7"; it read "remove 1 from r8c7, 2 from
// r8c7").
func TestUqEliminationList(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	n := grid.Notation{Layout: l}
	for _, tt := range []struct {
		es   []CellDigit
		want string
	}{
		{[]CellDigit{{Cell: 70, Digit: 1}}, "1 from r8c8"},
		{[]CellDigit{{Cell: 69, Digit: 1}, {Cell: 69, Digit: 2}}, "1 and 2 from r8c7"},
		{[]CellDigit{{Cell: 0, Digit: 7}, {Cell: 10, Digit: 3}, {Cell: 0, Digit: 8}, {Cell: 0, Digit: 9}}, "7, 8 and 9 from r1c1, 3 from r2c2"},
	} {
		if got := uqEliminationList(n, tt.es); got != tt.want {
			t.Errorf("uqEliminationList(%v) = %q, want %q", tt.es, got, tt.want)
		}
	}
}

package strategy

import (
	"math"
	"math/bits"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// withLemmas counts, in a soundness run's seen map, the Nested Forcing
// Net steps that rest on lemmas.
const withLemmas = "Nested Forcing Net Contradiction (with lemmas)"

// nestedSolveChecked solves b with singles and Nested Forcing Net alone,
// so that its nets (with lemmas or without) take every step singles do
// not: each is checked against the solution, its drawing and its lemmas'
// wording too.
func nestedSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	n := grid.Notation{Layout: b.Layout()}
	var sink Sink
	for step := 0; step < 4*b.Layout().Cells && !b.Solved(); step++ {
		var steps []Step
		for _, st := range []*Strategy{NakedSingle(), HiddenSingle(), NestedForcingNet()} {
			sink.Reset()
			st.Find(b, &sink)
			if steps = sink.Steps(); len(steps) > 0 {
				if st == NestedForcingNet() {
					patCheckSteps(t, b, solution, &sink, seen)
					nestedCheck(t, n, &steps[0], seen)
				}
				break
			}
		}
		if len(steps) == 0 {
			return
		}
		steps[0].Apply(b)
	}
}

// nestedCheck checks the drawing of a nested forcing step: links within
// its nodes, each lemma (a node with Origin, marked off) a candidate the
// explanation names with its contradiction.
func nestedCheck(t *testing.T, n grid.Notation, s *Step, seen map[string]int) {
	t.Helper()
	text := s.Explain(n)
	for _, k := range s.Links {
		if k.From < 0 || k.From >= len(s.Nodes) || k.To < 0 || k.To >= len(s.Nodes) {
			t.Fatalf("%s: link %+v out of range", text, k)
		}
	}
	lemmas := 0
	for i, nd := range s.Nodes {
		if nd.Kind != CandidateNode || nd.Origin == "" || s.Marks[i].Role != RoleOff {
			continue
		}
		lemmas++
		if !strings.Contains(text, nd.Origin) {
			t.Fatalf("%s: lemma %s<>%d (%s) not named", text, n.CellName(nd.Cells[0]), nd.Digit, nd.Origin)
		}
	}
	if lemmas > 0 {
		seen[withLemmas]++
	}
}

// nestedFloors are the fewest nested forcing steps resting on lemmas a
// run checks on a layout: about half of what it found when they were set.
var nestedFloors = map[string]int{"X": 15, "jigsaw": 10, "X_16x16": 2}

// nestedFloor fails the layout's test when it checked fewer nested steps
// with lemmas than its floor, or no nested step at all.
func nestedFloor(t *testing.T, seen map[string]int) {
	t.Helper()
	if seen[nestedForcingNetContradiction.name] == 0 {
		t.Error("no nested forcing step met")
	}
	if quick() {
		return
	}
	if floor := nestedFloors[path.Base(t.Name())]; seen[withLemmas] < floor {
		t.Errorf("%d nested forcing steps with lemmas checked, want at least %d", seen[withLemmas], floor)
	}
}

// TestNestedStart checks where a Nested Forcing Net search starts in its
// premises, largest net first, given the net size of the premise the
// last search of the solve refuted.
func TestNestedStart(t *testing.T) {
	var f forcing
	for _, size := range []int32{90, 80, 80, 70, 60, 60, 50} {
		f.nested.order = append(f.nested.order, nestedPremise{size: size})
	}
	for _, tt := range []struct {
		last int32
		want int
	}{
		{0, 0},  // no search refuted one: from the top
		{95, 0}, // above every premise
		{90, 0}, // the first
		{80, 1}, // the first of equal sizes
		{75, 3}, // between two sizes: the smaller
		{60, 4}, // the first of equal sizes
		{50, 6}, // the last
		{40, 0}, // below every premise: from the top
	} {
		if got := f.nestedStart(tt.last); got != tt.want {
			t.Errorf("nestedStart(%d) = %d, want %d", tt.last, got, tt.want)
		}
	}
}

// TestNestedOrderMemo holds the premise order of Nested Forcing Net
// searches that keep net sizes from search to search (orderMemo) to the
// order closed afresh, with the same work counted toward the budget: along
// the solve of testdata/x16-nested.txt (engine/solver, a 16×16 X board
// where every single-premise net fails) by singles and nested nets, one
// forcing state kept throughout as the pool keeps it, and at boards of
// other solves met in between (an X 9×9 and another X 16×16, which the
// memo must not take for this one's). A floor on the sizes taken from the
// memo.
func TestNestedOrderMemo(t *testing.T) {
	b := fileBoard(t, "../solver/testdata/x16-nested.txt", 1)
	others := map[int]*grid.Board{
		10: fileBoard(t, "../solver/testdata/x9-extreme.txt", 1),
		20: fileBoard(t, "../solver/testdata/x16-extreme.txt", 2),
	}
	var kept forcing
	order := func(f *forcing, b *grid.Board) ([]nestedPremise, int) {
		f.setup(b, true, false)
		f.limit, f.work = math.MaxInt32, 0
		f.nestedOrder()
		f.b, f.l = nil, nil
		return f.nested.order, f.work
	}
	steps := 40
	if quick() {
		steps = 12
	}
	var sink Sink
	for step := 0; step < steps && !b.Solved(); step++ {
		got, gotWork := order(&kept, b)
		var fresh forcing
		want, wantWork := order(&fresh, b)
		if !slices.Equal(got, want) || gotWork != wantWork {
			t.Fatalf("step %d: order with the memo differs from the order closed afresh (work %d, want %d)", step, gotWork, wantWork)
		}
		if other := others[step]; other != nil {
			got, gotWork := order(&kept, other)
			var fresh forcing
			if want, wantWork := order(&fresh, other); !slices.Equal(got, want) || gotWork != wantWork {
				t.Fatalf("step %d: order of another board with the memo differs from the order closed afresh", step)
			}
		}
		var steps []Step
		for _, st := range []*Strategy{NakedSingle(), HiddenSingle(), NestedForcingNet()} {
			sink.Reset()
			st.Find(b, &sink)
			if steps = sink.Steps(); len(steps) > 0 {
				break
			}
		}
		if len(steps) == 0 {
			t.Fatalf("step %d: stuck", step)
		}
		steps[0].Apply(b)
	}
	t.Logf("%d sizes taken from the memo", kept.nested.sizes.kept)
	floor := 10000 // about half of what the run took when set
	if quick() {
		floor = 2500
	}
	if kept.nested.sizes.kept < floor {
		t.Errorf("%d sizes taken from the memo, want at least %d", kept.nested.sizes.kept, floor)
	}
}

// fileBoard decodes puzzle line (from 1, comments left out) of the file
// at path, its first field, as a board (of the variant the line names, else classic).
func fileBoard(t testing.TB, path string, line int) *grid.Board {
	t.Helper()
	var lines []string
	for _, l := range shared.Lines(t, path) {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", path, line)
	}
	p, _, err := codec.Decode(strings.Fields(lines[line-1])[0], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%s:%d: %v", path, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s:%d: %v", path, line, err)
	}
	return b
}

// TestBareClosuresMatch: a bare closure (implications.bare, the nested
// order's sizes and the lemma trials) implies the same literals in the
// same order, with the same contradiction, as one that records
// predecessors and depths, on the net boards of a 16×16 X solve and on
// a 9×9 stuck before the chains; and the unit singles, found by the xor
// of the places left (implications.rem), are those a scan of the unit
// finds.
func TestBareClosuresMatch(t *testing.T) {
	boards := netBenchBoards(t, 1, 40)
	boards = append(boards, forcingStuckBoards(t, 3)...)
	f, lits, bad := new(forcing), 0, 0
	for _, b := range boards {
		f.setup(b, true, false)
		f.limit = math.MaxInt32
		for cell, ds := range b.Candidates() {
			for ; ds != 0; ds &= ds - 1 {
				p := f.cand(cell, bits.TrailingZeros32(uint32(ds)))<<1 | 1
				traced := f.close(&f.a, p)
				f.c.bare = true
				bare := f.close(&f.c, p)
				f.c.bare = false
				if traced != bare || f.a.bad != f.c.bad || f.a.badAt != f.c.badAt ||
					!slices.Equal(f.a.queue, f.c.queue) || !slices.Equal(f.a.on, f.c.on) || !slices.Equal(f.a.off, f.c.off) {
					t.Fatalf("%d×%d: the bare closure of %d differs: contradiction %v/%v at %d/%d, %d/%d literals",
						b.Layout().N, b.Layout().N, p, traced, bare, f.a.badAt, f.c.badAt, len(f.a.queue), len(f.c.queue))
				}
				for _, lit := range f.a.queue {
					if pred := f.a.pred[lit]; pred <= predUnitSingle && pred > predRule {
						u := int(predUnitSingle - pred)
						if !slices.Contains(b.Layout().Unit(u).Cells, int(lit>>1)%f.plane) {
							t.Fatalf("unit single %d is not in unit %d", lit, u)
						}
					}
				}
				lits += len(f.a.queue)
				if traced {
					bad++
				}
			}
		}
	}
	if lits < 100000 || bad < 100 {
		t.Errorf("%d literals and %d contradictions compared, want at least 100000 and 100", lits, bad)
	}
}

// TestNestedHeldMemo: along a solve of x16-extreme.txt line 6 by singles
// and nested nets, a search with one forcing state kept throughout (its
// heldMemo skipping the premises known to hold) finds the step a search
// with a fresh state finds, a board of another solve searched in between
// (the memo starting afresh); a floor of premises skipped. It fails when
// the memo keeps a premise whose net did not imply false a candidate the
// board lost, and when a skipped premise counts no work (heldCharge 0).
func TestNestedHeldMemo(t *testing.T) {
	b := fileBoard(t, "../solver/testdata/x16-extreme.txt", 6)
	other := fileBoard(t, "../solver/testdata/x16-extreme.txt", 2)
	var kept forcing
	var keptSink, freshSink Sink
	keptSink.strategy, freshSink.strategy = nestedForcingNetStrategy, nestedForcingNetStrategy
	n := grid.Notation{Layout: b.Layout()}
	steps := 400
	if quick() {
		steps = 100
	}
	var sink Sink
	searches := 0
	for step := 0; step < steps && !b.Solved(); step++ {
		found := singleSteps(b, &sink)
		if len(found) == 0 {
			if step == 20 {
				// A board of another solve: the memo starts afresh.
				var s Sink
				s.strategy = nestedForcingNetStrategy
				kept.findNested(other, &s)
			}
			searches++
			keptSink.Reset()
			kept.findNested(b, &keptSink)
			freshSink.Reset()
			new(forcing).findNested(b, &freshSink)
			got, want := keptSink.Steps(), freshSink.Steps()
			if len(got) == 0 || len(want) == 0 {
				t.Fatalf("step %d: kept state found %d steps, fresh %d", step, len(got), len(want))
			}
			if g, w := got[0].Explain(n), want[0].Explain(n); g != w {
				t.Fatalf("step %d: with the held memo\n%s\nwant\n%s", step, g, w)
			}
			found = got
		}
		found[0].Apply(b)
	}
	t.Logf("%d searches, %d premises skipped as held", searches, kept.nested.kept.skipped)
	// About half of what the run took when set: 873 and 145 since the
	// premises that held at the last search come last (Sink.nestedHeld),
	// so that fewer are reached (the floors were 1,300 and 300).
	floor := 430
	if quick() {
		floor = 70
	}
	if kept.nested.kept.skipped < floor {
		t.Errorf("%d premises skipped as held, want at least %d", kept.nested.kept.skipped, floor)
	}
}

// TestNestedLateOwnSolve: two solves by singles and nested nets (x16-extreme
// lines 6 and 3) taken step by step in turn, on one forcing state as the
// pool shares it, each with its own sink, take the steps each takes alone
// on a forcing state of its own. The premises a search tries last
// (Sink.nestedHeld) are the solve's: were they kept with the forcing
// state, each search would order its premises by the other solve's last
// search, and the steps would differ. A floor on the nested steps compared.
func TestNestedLateOwnSolve(t *testing.T) {
	lines := []int{6, 3}
	steps := 120
	if quick() {
		steps = 30
	}
	// next takes the next step of the solve of b, a single or a nested
	// net found with forcing state f and sink, returning the nested step's
	// text and true, or false for a single or a solved board.
	next := func(b *grid.Board, f *forcing, sink *Sink) (string, bool) {
		if b.Solved() {
			return "", false
		}
		var single Sink
		if s := singleSteps(b, &single); len(s) > 0 {
			s[0].Apply(b)
			return "", false
		}
		sink.Reset()
		f.findNested(b, sink)
		s := sink.Steps()
		if len(s) == 0 {
			t.Fatalf("stuck")
		}
		text := s[0].Explain(grid.Notation{Layout: b.Layout()})
		s[0].Apply(b)
		return text, true
	}
	alone := make([][]string, len(lines))
	for k, line := range lines {
		b := fileBoard(t, "../solver/testdata/x16-extreme.txt", line)
		var f forcing
		sink := Sink{strategy: nestedForcingNetStrategy}
		for range steps {
			if text, nested := next(b, &f, &sink); nested {
				alone[k] = append(alone[k], text)
			}
		}
	}
	var shared forcing
	boards := make([]*grid.Board, len(lines))
	sinks := make([]Sink, len(lines))
	got := make([][]string, len(lines))
	for k, line := range lines {
		boards[k] = fileBoard(t, "../solver/testdata/x16-extreme.txt", line)
		sinks[k].strategy = nestedForcingNetStrategy
	}
	compared := 0
	for range steps {
		for k := range lines {
			text, nested := next(boards[k], &shared, &sinks[k])
			if !nested {
				continue
			}
			i := len(got[k])
			got[k] = append(got[k], text)
			if i >= len(alone[k]) || text != alone[k][i] {
				t.Fatalf("line %d, nested step %d taken in turn with another solve:\n%s\nalone:\n%s", lines[k], i+1, text, alone[k][min(i, len(alone[k])-1)])
			}
			compared++
		}
	}
	if floor := steps / 2; compared < floor {
		t.Errorf("%d nested steps compared, want at least %d", compared, floor)
	}
}

// TestPremiseKeyOrder: the premises sorted by premiseKey are in the
// order of the comparison nestedOrder means (size, largest first, then
// the order listed, by cell then digit), on every board size up to
// 32×32, with ties in size and the largest candidate numbers.
func TestPremiseKeyOrder(t *testing.T) {
	for _, size := range []int{9, 16, 25, 32} {
		l, err := grid.NewLayout(grid.Config{Size: size})
		if err != nil {
			t.Fatal(err)
		}
		f := new(forcing)
		f.setup(grid.NewBoard(l), true, false)
		// Every candidate, listed by cell then digit, with sizes that
		// tie often and reach the most a net holds.
		var listed []nestedPremise
		for cell := range l.Cells {
			for di := range size {
				n := int32((cell*7+di*13)%5) * int32(f.cands/4)
				listed = append(listed, nestedPremise{cand: f.cand(cell, di), size: n})
			}
		}
		want := slices.Clone(listed)
		slices.SortStableFunc(want, func(x, y nestedPremise) int { return int(y.size - x.size) })
		keys := make([]uint64, len(listed))
		for i, p := range listed {
			keys[i] = premiseKey(p, i)
		}
		slices.Sort(keys)
		for i, k := range keys {
			got := nestedPremise{cand: int32(k & 0xffff), size: math.MaxInt32 - int32(k>>32)}
			if got != want[i] {
				t.Fatalf("%d×%d: place %d: %+v, want %+v", size, size, i, got, want[i])
			}
		}
	}
}

// TestNestedLemmaTexts: each lemma of a Nested Forcing Net step on 16×16
// X boards is worded with the contradiction of its own net closed afresh
// (the premise and the lemmas kept before it, its opposite assumed), as
// reportNested words it, also where it takes that contradiction from
// the net it closed to find what the step rests on (clashWords).
func TestNestedLemmaTexts(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a 16×16 X by first steps")
	}
	lemmas := 0
	for _, b := range netBenchBoards(t, 1, 4) {
		var sink Sink
		NestedForcingNet().Find(b, &sink)
		f := new(forcing)
		f.setup(b, true, false)
		f.limit = math.MaxInt32
		n := grid.Notation{Layout: b.Layout()}
		for i := range sink.Steps() {
			s := &sink.Steps()[i]
			e := s.Eliminations[0]
			kept := []int32{f.cand(e.Cell, e.Digit-1)<<1 | 1}
			var texts []string
			// The lemmas' nodes, in the order found, as
			// explainNestedForcing reads them.
			for j, nd := range s.Nodes {
				if nd.Kind == CandidateNode && nd.Origin != "" && j < len(s.Marks) && s.Marks[j].Role == RoleOff {
					kept = append(kept, f.cand(nd.Cells[0], nd.Digit-1)<<1)
					_, text, _ := strings.Cut(nd.Origin, " => ")
					texts = append(texts, text)
				}
			}
			f.c.bare = true
			for j := 1; j < len(kept); j++ {
				kept[j] ^= 1
				f.close(&f.c, kept[:j+1]...)
				kept[j] ^= 1
				if want := f.clashText(&f.c, n); texts[j-1] != want {
					t.Errorf("step %q: lemma %d worded %q, its net closed afresh %q", s.Explain(n), j, texts[j-1], want)
				}
				lemmas++
			}
			f.c.bare = false
		}
	}
	if lemmas == 0 {
		t.Fatal("no lemma checked")
	}
	t.Logf("%d lemmas", lemmas)
}

// TestHasLiteral holds hasLiteral to slices.Contains on lists of every
// length up to 9, the literal at each place or absent.
func TestHasLiteral(t *testing.T) {
	for n := 0; n <= 9; n++ {
		lits := make([]int32, n)
		for i := range lits {
			lits[i] = int32(2*i + 1)
		}
		for x := int32(0); x <= int32(2*n+2); x++ {
			if got, want := hasLiteral(lits, x), slices.Contains(lits, x); got != want {
				t.Errorf("hasLiteral(%v, %d) = %v, want %v", lits, x, got, want)
			}
		}
	}
}

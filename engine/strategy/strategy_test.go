package strategy

import (
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// board builds a classic board from 81 characters ('.' or '0' blank).
func board(t testing.TB, s string) *grid.Board {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]grid.CellState, 81)
	for i := range cells {
		if c := s[i]; c >= '1' && c <= '9' {
			cells[i] = grid.CellState{Value: int(c - '0'), Given: true}
		}
	}
	b, err := grid.Load(l, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSingles(t *testing.T) {
	// Row 1 misses only 9 at r1c9: a naked single, and a hidden single of
	// row 1, column 9 and box 3 at once.
	const lastCell = "12345678." + "........." + "........." + "........." + "........." + "........." + "........." + "........." + "........."
	const lone = "1........" + "........." + "........." + "........." + "........." + "........." + "........." + "........." + "........."
	tests := []struct {
		name     string
		board    string
		strategy *Strategy
		all      bool
		want     []CellDigit // placements of the steps found, in order
	}{
		{"naked single first", lastCell, NakedSingle(), false, []CellDigit{{8, 9}}},
		{"hidden single of the row only", lastCell, HiddenSingle(), true, []CellDigit{{8, 9}}},
		{"hidden single first only", lastCell, HiddenSingle(), false, []CellDigit{{8, 9}}},
		{"no naked single", lone, NakedSingle(), true, nil},
		{"no hidden single", lone, HiddenSingle(), true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board(t, tt.board)
			sink := Sink{All: tt.all}
			tt.strategy.Find(b, &sink)
			var got []CellDigit
			for _, s := range sink.Steps() {
				if s.Strategy != tt.strategy || len(s.Placements) != 1 || len(s.Cells) == 0 {
					t.Fatalf("malformed step %+v", s)
				}
				got = append(got, s.Placements...)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("placements = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestHiddenSingleNamesItsUnit(t *testing.T) {
	// 1s at r1c7, r2c4, r4c2 and r7c3 leave r3c1 as the only place for 1
	// in box 1, row 3 and column 1.
	b := board(t, "......1.."+"...1....."+"........."+".1......."+"........."+"........."+"..1......"+"........."+".........")
	sink := Sink{All: true}
	HiddenSingle().Find(b, &sink)
	for _, s := range sink.Steps() {
		if s.Placements[0] == (CellDigit{18, 1}) {
			if got := s.Explain(grid.Notation{Layout: b.Layout()}); got != "r3c1 is the only place for 1 in box 1" && got != "r3c1 is the only place for 1 in column 1" && got != "r3c1 is the only place for 1 in row 3" {
				t.Errorf("explanation %q", got)
			}
			return
		}
	}
	t.Fatalf("no hidden single r3c1=1 among %d steps", len(sink.Steps()))
}

// singleSteps returns the Naked Single steps of b or, when there are
// none, its Hidden Single steps, found with sink (reset first).
func singleSteps(b *grid.Board, sink *Sink) []Step {
	for _, st := range []*Strategy{NakedSingle(), HiddenSingle()} {
		sink.Reset()
		st.Find(b, sink)
		if steps := sink.Steps(); len(steps) > 0 {
			return steps
		}
	}
	return nil
}

func TestSinglesDoNotAllocate(t *testing.T) {
	pauseGC(t)
	b := board(t, "000105000009060400060000070400010003050402010600030004020000050003090800000206000")
	var sink Sink
	for _, st := range []*Strategy{NakedSingle(), HiddenSingle()} {
		st.Find(b, &sink) // warm the sink's storage
		allocs := testing.AllocsPerRun(100, func() {
			sink.Reset()
			st.Find(b, &sink)
		})
		if allocs != 0 {
			t.Errorf("%s allocates %.1f times per call", st.name, allocs)
		}
	}
}

// TestReusedStepNodes reuses a sink's step, as the solver's one sink
// passes its steps from finder to finder, after a finder whose nodes share
// their cells (ALS-XZ's are slices of its step's Cells) and carry fields
// of their kind. The next finder's nodes must be its own: candidate nodes
// written into the old nodes' storage overwrote one another (a Multi
// Colours step drew r8c1 and r3c3 twice, lost r2c9 and r3c1, and linked
// to node -1), and
// a cage node kept another step's origin ("the innies of columns 1-3"),
// which the API sent.
func TestReusedStepNodes(t *testing.T) {
	sink := Sink{strategy: simpleColours}
	s := sink.Add()
	shared := []int{5, 6, 7}
	s.Nodes = append(s.Nodes,
		Node{Kind: ALSNode, Digit: 3, Cells: shared[0:1]},
		Node{Kind: ALSNode, Digit: 4, Cells: shared[0:2]},
		Node{Kind: SumNode, Cells: shared, Cage: 2, Combos: []grid.Digits{7}, Target: 12, Origin: "the innies of columns 1-3"})
	sink.Reset()
	s = sink.Add()
	colourNode(s, 1, 10)
	addCandidateNode(s, 11, 1)
	killer := testLayout(t, grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{2, 3, 12}, Target: 7, Op: grid.OpAdd}}})
	b := testBoard(t, killer, nil, nil)
	addCageNode(b, s, 0)
	if !slices.Equal(shared, []int{5, 6, 7}) {
		t.Errorf("the old nodes' cells became %v", shared)
	}
	want := []Node{
		{Kind: CandidateNode, Digit: 1, Cells: []int{10}},
		{Kind: CandidateNode, Digit: 1, Cells: []int{11}},
		{Kind: CageNode, Cells: []int{2, 3, 12}},
	}
	if len(s.Nodes) != len(want) {
		t.Fatalf("%d nodes, want %d", len(s.Nodes), len(want))
	}
	for i, nd := range s.Nodes {
		w := want[i]
		if nd.Kind != w.Kind || nd.Digit != w.Digit || !slices.Equal(nd.Cells, w.Cells) || nd.Cage != w.Cage || nd.Target != 0 || nd.Origin != "" || nd.Kind == CandidateNode && len(nd.Combos) > 0 {
			t.Errorf("node %d is %+v, want %+v", i, nd, w)
		}
	}
	if len(s.Nodes[2].Combos) == 0 {
		t.Error("the cage node lists no combination")
	}
}

func TestRegistry(t *testing.T) {
	tests := []struct {
		key  string
		want *Strategy
	}{
		{"A", NakedSingle()}, {"B", HiddenSingle()}, {"b", CageSplitting()}, {"naked single", NakedSingle()}, {"Guessing", Guessing()}, {" C ", Guessing()},
	}
	for _, tt := range tests {
		if got, ok := Lookup(tt.key); !ok || got != tt.want {
			t.Errorf("Lookup(%q) = %v, %v", tt.key, got, ok)
		}
	}
	if _, ok := Lookup("Z-Wing"); ok {
		t.Error("Lookup found an unknown strategy")
	}
	got, err := Select([]string{"C", "hidden single", "A", "A"})
	if err != nil || !slices.Equal(got, []*Strategy{NakedSingle(), HiddenSingle(), Guessing()}) {
		t.Errorf("Select = %v, %v; want A, B, C in order", got, err)
	}
	if _, err := Select([]string{"nope"}); err == nil {
		t.Error("Select accepted an unknown strategy")
	}
}

// pauseGC turns the garbage collector off and runs on one processor for
// the rest of the test: a collection empties the finders' scratch pools,
// and so does testing.AllocsPerRun's change of GOMAXPROCS (pools are per
// processor); the allocation that refills one is not a finder's.
func pauseGC(t *testing.T) {
	if race {
		t.Skip("the race detector drops sync.Pool entries at random: allocations are counted without -race")
	}
	old := debug.SetGCPercent(-1)
	procs := runtime.GOMAXPROCS(1)
	t.Cleanup(func() {
		debug.SetGCPercent(old)
		runtime.GOMAXPROCS(procs)
	})
}

// quick reports whether the long soundness runs take a sample only: with
// -short, or under the race detector.
func quick() bool { return testing.Short() || race }

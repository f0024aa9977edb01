package protoconv

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestBoardRoundTrip: a board converted to proto and back has the same
// layout and cells, for a classic board with candidates, a jigsaw, a
// killer, a KenKen and a Str8ts board.
func TestBoardRoundTrip(t *testing.T) {
	jigsaw := make([]uint32, 16)
	for i := range jigsaw {
		jigsaw[i] = uint32([]int{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}[i])
	}
	tests := []struct {
		name string
		pb   *sudokuv1.Board
	}{
		{"classic with a clue and marks", board(4, sudokuv1.Variant_VARIANT_CLASSIC, func(i int, c *sudokuv1.Cell) {
			if i == 0 {
				c.Value, c.Given = 1, true
			}
		})},
		{"jigsaw", withRegions(board(4, sudokuv1.Variant_VARIANT_JIGSAW, nil), jigsaw)},
		{"killer", withCages(board(4, sudokuv1.Variant_VARIANT_KILLER, nil), &sudokuv1.Cage{Target: 3, Cells: []uint32{0, 1}})},
		{"kenken", kenken(&sudokuv1.Cage{Target: 1, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_SUBTRACT, Cells: []uint32{1, 2}})},
		{"str8ts", board(4, sudokuv1.Variant_VARIANT_STR8TS, func(i int, c *sudokuv1.Cell) {
			if i == 5 {
				c.Black = true
			}
		})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := BoardFromProto("board", tt.pb)
			if err != nil {
				t.Fatal(err)
			}
			back := BoardToProto(b)
			again, err := BoardFromProto("board", back)
			if err != nil {
				t.Fatalf("the converted board does not convert back: %v", err)
			}
			if again.Layout().Variant != b.Layout().Variant || !again.ValuesEqual(b.Values()) || !b.CandidatesEqual(again.AppendCandidates(nil)) ||
				len(again.Layout().Units()) != len(b.Layout().Units()) || len(again.Layout().Cages()) != len(b.Layout().Cages()) {
				t.Errorf("round trip changed the board:\n%v\n%v", tt.pb, back)
			}
			for k := range b.Layout().Cages() {
				if again.Layout().Cage(k).Op != b.Layout().Cage(k).Op || again.Layout().Cage(k).Target != b.Layout().Cage(k).Target {
					t.Errorf("cage %d: %+v became %+v", k, b.Layout().Cage(k), again.Layout().Cage(k))
				}
			}
		})
	}
}

// TestUnspecifiedOperator: a cage without an operator sums on a killer,
// is a given single cell on a KenKen board, and is refused for a KenKen
// cage of several cells — the one reading of UNSPECIFIED.
func TestUnspecifiedOperator(t *testing.T) {
	killer, err := BoardFromProto("board", withCages(board(4, sudokuv1.Variant_VARIANT_KILLER, nil), &sudokuv1.Cage{Target: 3, Cells: []uint32{0, 1}}))
	if err != nil || killer.Layout().Cage(0).Op != grid.OpAdd {
		t.Errorf("killer cage: %v, %v; want a sum", err, killer)
	}
	single, err := BoardFromProto("board", kenken())
	if err != nil || single.Layout().Cage(0).Op != grid.OpNone {
		t.Errorf("KenKen single cell: %v; want OpNone", err)
	}
	_, err = BoardFromProto("board", kenken(&sudokuv1.Cage{Target: 5, Cells: []uint32{1, 2}}))
	if err == nil || !strings.Contains(err.Error(), "board.cages[14].operator") {
		t.Errorf("KenKen cage of two cells without an operator: %v; want an error on board.cages[14].operator", err)
	}
}

func board(n int, v sudokuv1.Variant, edit func(int, *sudokuv1.Cell)) *sudokuv1.Board {
	pb := &sudokuv1.Board{Size: uint32(n), Variant: v}
	for i := range n * n {
		c := &sudokuv1.Cell{}
		if edit != nil {
			edit(i, c)
		}
		pb.Cells = append(pb.Cells, c)
	}
	return pb
}

func withRegions(pb *sudokuv1.Board, r []uint32) *sudokuv1.Board { pb.Regions = r; return pb }

func withCages(pb *sudokuv1.Board, cages ...*sudokuv1.Cage) *sudokuv1.Board {
	pb.Cages = cages
	return pb
}

// kenken returns a 4×4 KenKen board of the solution 1234/3412/2143/4321
// whose cells are single-cell cages without an operator, but for those of
// extra, which come last.
func kenken(extra ...*sudokuv1.Cage) *sudokuv1.Board {
	const solution = "1234341221434321"
	pb := board(4, sudokuv1.Variant_VARIANT_KENKEN, nil)
	taken := map[uint32]bool{}
	for _, cg := range extra {
		for _, c := range cg.Cells {
			taken[c] = true
		}
	}
	for i := range uint32(16) {
		if !taken[i] {
			pb.Cages = append(pb.Cages, &sudokuv1.Cage{Target: uint32(solution[i] - '0'), Cells: []uint32{i}})
		}
	}
	pb.Cages = append(pb.Cages, extra...)
	return pb
}

// mapsOneToOne checks that m maps each engine value from first to last
// to an API value of its own, none unspecified.
func mapsOneToOne[K ~uint8, V comparable](t *testing.T, what string, m map[K]V, first, last K, unspecified V) {
	t.Helper()
	seen := map[V]bool{}
	for k := first; k <= last; k++ {
		pk, ok := m[k]
		if !ok || pk == unspecified || seen[pk] {
			t.Errorf("%s %d maps to %v (mapped %v, seen before %v)", what, k, pk, ok, seen[pk])
		}
		seen[pk] = true
	}
}

// TestChainNodeKinds: every kind of chain node the engine draws has a
// kind of its own in the API, a sum node of the rule of 45 keeps its
// cells, sum and origin, and a subset's group node its digits.
func TestChainNodeKinds(t *testing.T) {
	mapsOneToOne(t, "link kind", LinkKindToProto, strategy.Weak, strategy.Then, sudokuv1.LinkKind_LINK_KIND_UNSPECIFIED)
	mapsOneToOne(t, "node kind", NodeKindToProto, strategy.CandidateNode, strategy.SumNode, sudokuv1.NodeKind_NODE_KIND_UNSPECIFIED)
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	s := &strategy.Step{
		Strategy: strategy.ForcingNet(),
		Nodes: []strategy.Node{
			{Kind: strategy.CandidateNode, Digit: 3, Cells: []int{0}},
			{Kind: strategy.SumNode, Cells: []int{10, 19, 28}, Target: 12, Origin: "the innies of column 2"},
			{Kind: strategy.CompartmentNode, Cells: []int{3, 4}, Origin: "leaves r1c4 no candidate"},
			{Kind: strategy.CandidateNode, Digit: 5, Cells: []int{7}, Origin: "r1c8=5 => no place for 7 in row 3"},
			{Kind: strategy.GroupNode, Cells: []int{27, 29}, Combos: []grid.Digits{grid.Bit(2) | grid.Bit(9)}, Origin: "naked pair {2,9} in r4c1,r4c3 (row 4)"},
			{Kind: strategy.GroupNode, Digit: 4, Cells: []int{0, 1}, Combos: []grid.Digits{grid.Bit(4)}},
			{Kind: strategy.SumNode, Cells: []int{2, 11}, Target: 10, Origin: "the innies of box 1", Removed: []strategy.CellDigit{{Cell: 11, Digit: 4}, {Cell: 11, Digit: 6}}},
		},
		Links: []strategy.Link{{From: 0, To: 1, Kind: strategy.Strong}},
	}
	ps := StepToProto(0, s, grid.Notation{Layout: l}, "")
	nd := ps.GetNodes()[1]
	if nd.GetKind() != sudokuv1.NodeKind_NODE_KIND_SUM || !slices.Equal(nd.GetCells(), []uint32{10, 19, 28}) || nd.GetTarget() != 12 ||
		nd.GetOperator() != sudokuv1.CageOperator_CAGE_OPERATOR_ADD || nd.GetOrigin() != "the innies of column 2" || nd.GetDigit() != 0 {
		t.Errorf("sum node converted to %v", nd)
	}
	// Every node kind keeps its origin: a compartment trial's dead end, a
	// nested net's lemma.
	for i, want := range []string{"", "the innies of column 2", "leaves r1c4 no candidate", "r1c8=5 => no place for 7 in row 3", "naked pair {2,9} in r4c1,r4c3 (row 4)"} {
		if got := ps.GetNodes()[i].GetOrigin(); got != want {
			t.Errorf("node %d origin %q, want %q", i, got, want)
		}
	}
	// A subset's group node (digit 0) lists its digits; a group of a digit
	// has no combinations.
	if got := ps.GetNodes()[4].GetCombinations(); !slices.Equal(got, []uint32{1<<1 | 1<<8}) {
		t.Errorf("subset node's combinations %v, want [%d]", got, 1<<1|1<<8)
	}
	if got := ps.GetNodes()[5].GetCombinations(); len(got) != 0 {
		t.Errorf("group node of digit 4 has combinations %v", got)
	}
	// A trial's group without combinations names what it removed.
	var removed []string
	for _, e := range ps.GetNodes()[6].GetRemoved() {
		removed = append(removed, fmt.Sprintf("%d-%d", e.GetCell(), e.GetDigit()))
	}
	if want := []string{"11-4", "11-6"}; !slices.Equal(removed, want) {
		t.Errorf("node's removed candidates %v, want %v", removed, want)
	}
	for i, nd := range ps.GetNodes()[:6] {
		if len(nd.GetRemoved()) != 0 {
			t.Errorf("node %d removes %v, which its step's node did not", i, nd.GetRemoved())
		}
	}
}

// TestLogicShareSpent: a solve whose logic ran out of its share of the
// deadline says so in its result, in the basic view too.
func TestLogicShareSpent(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, spent := range []bool{false, true} {
		for _, basic := range []bool{false, true} {
			res := &solver.Result{Board: grid.NewBoard(l), LogicShareSpent: spent}
			if got := ResultToProto(res, ".1234", basic).GetLogicShareSpent(); got != spent {
				t.Errorf("spent %v, basic %v: logic_share_spent %v", spent, basic, got)
			}
		}
	}
}

// TestStepScore: a step scores its technique's base score, as the
// difficulty's score adds them up, and a backtrack, which the difficulty
// does not count, scores nothing.
func TestStepScore(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	guess := strategy.Guessing()
	tests := []struct {
		name string
		kind strategy.Kind
		want uint32
	}{
		{"guess", strategy.Guess, uint32(guess.Technique().Score())},
		{"backtrack", strategy.Backtrack, 0},
	}
	for _, tt := range tests {
		s := &strategy.Step{Strategy: guess, Technique: guess.Technique(), Kind: tt.kind}
		ps := StepToProto(1, s, grid.Notation{Layout: l}, "")
		if got := ps.GetScore(); got != tt.want {
			t.Errorf("%s: score %d, want %d", tt.name, got, tt.want)
		}
		if got, want := ps.GetTechnique(), guess.Technique().Name(); got != want {
			t.Errorf("%s: technique %q, want %q", tt.name, got, want)
		}
		var r solver.Rating
		r.Add(s)
		if got := ps.GetScore(); got != uint32(r.Score) {
			t.Errorf("%s: score %d, but the rating adds %d", tt.name, got, r.Score)
		}
	}
}

// TestChainNodeCellsAscending: a node's cells are ascending, as the API
// says, whatever order the step (or a request's cage) lists them in.
func TestChainNodeCellsAscending(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 4, Variant: grid.Killer, Cages: []grid.Cage{{Cells: []int{1, 0}, Target: 3, Op: grid.OpAdd}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		node strategy.Node
		want []uint32
	}{
		{"cage given descending", strategy.Node{Kind: strategy.CageNode, Cage: 0, Cells: []int{1, 0}}, []uint32{0, 1}},
		{"group", strategy.Node{Kind: strategy.GroupNode, Digit: 2, Cells: []int{9, 8}}, []uint32{8, 9}},
		{"candidate", strategy.Node{Kind: strategy.CandidateNode, Digit: 2, Cells: []int{5}}, []uint32{5}},
	}
	for _, tt := range tests {
		s := &strategy.Step{Strategy: strategy.ForcingNet(), Nodes: []strategy.Node{tt.node}}
		ps := StepToProto(1, s, grid.Notation{Layout: l}, "")
		if got := ps.GetNodes()[0].GetCells(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: cells %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestStuckDifficulty: a solve that logic left unfinished grades Extreme
// with SE's 9.5, as the API says of status STUCK, whether or not it took
// a step first; a solve that took no step and is not stuck is not rated.
func TestStuckDifficulty(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	naked, ok := strategy.Lookup("A")
	if !ok {
		t.Fatal("no strategy A")
	}
	oneClue := grid.NewBoard(l)
	oneClue.Place(0, 1)
	tests := []struct {
		name      string
		board     *grid.Board
		opts      solver.Options
		wantLevel sudokuv1.DifficultyLevel
		wantSE    float64
		wantStuck bool
	}{
		{"stuck without a step", grid.NewBoard(l), solver.Options{Type: solver.LogicOnly, Strategies: []*strategy.Strategy{naked}}, sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME, strategy.SEBeyondLogic().Float(), true},
		{"solved by guessing", oneClue, solver.Options{}, sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME, strategy.SEBeyondLogic().Float(), false},
	}
	for _, tt := range tests {
		res, err := solver.Solve(t.Context(), tt.board, tt.opts, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		d := ResultToProto(res, "", false).GetDifficulty()
		if got := d.GetLevel(); got != tt.wantLevel {
			t.Errorf("%s: status %v, level %v, want %v", tt.name, res.Status, got, tt.wantLevel)
		}
		if got := d.GetLogicStuck(); got != tt.wantStuck {
			t.Errorf("%s: logic_stuck %v, want %v", tt.name, got, tt.wantStuck)
		}
		if got := d.GetStars(); got != uint32(tt.wantLevel) {
			t.Errorf("%s: %d stars, want %d", tt.name, got, tt.wantLevel)
		}
		if got := d.GetSeRating(); got < tt.wantSE {
			t.Errorf("%s: se_rating %v, want at least %v", tt.name, got, tt.wantSE)
		}
	}
	if d := DifficultyToProto(solver.Rating{}); d != nil {
		t.Errorf("no step, not stuck: difficulty %v, want none", d)
	}
}

// TestCageIndexesInInputOrder: a killer's cages keep the order the board
// gave them, and the cage indexes of steps and chain nodes index that
// order, though the layout keeps the cages without a total last: a cage
// without a total listed first made every index name the cage after it.
func TestCageIndexesInInputOrder(t *testing.T) {
	pb := withCages(board(4, sudokuv1.Variant_VARIANT_KILLER, nil),
		&sudokuv1.Cage{Operator: sudokuv1.CageOperator_CAGE_OPERATOR_DISTINCT, Cells: []uint32{0, 1}},
		&sudokuv1.Cage{Target: 7, Cells: []uint32{2, 3}},
		&sudokuv1.Cage{Operator: sudokuv1.CageOperator_CAGE_OPERATOR_DISTINCT, Cells: []uint32{4, 5}},
		&sudokuv1.Cage{Target: 3, Cells: []uint32{6, 7}},
	)
	b, err := BoardFromProto("board", pb)
	if err != nil {
		t.Fatal(err)
	}
	back := BoardToProto(b)
	for k, cg := range back.GetCages() {
		if want := pb.GetCages()[k]; !slices.Equal(cg.GetCells(), want.GetCells()) || cg.GetTarget() != want.GetTarget() {
			t.Errorf("cage %d of the board written: %v; want %v, as given", k, cg, want)
		}
	}
	l := b.Layout()
	for _, tt := range []struct {
		name   string
		engine int // index into Layout.Cages
		want   uint32
	}{
		{"the first cage with a total", 0, 1},
		{"the second", 1, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cells := l.Cage(tt.engine).Cells
			s := &strategy.Step{
				Strategy: strategy.ForcingNet(),
				Cages:    []int{tt.engine},
				Nodes:    []strategy.Node{{Kind: strategy.CageNode, Cage: tt.engine, Cells: cells}},
			}
			ps := StepToProto(0, s, grid.Notation{Layout: l}, "")
			if got := ps.GetCages(); !slices.Equal(got, []uint32{tt.want}) {
				t.Errorf("step cages %v, want [%d]", got, tt.want)
			}
			nd := ps.GetNodes()[0]
			if nd.GetCage() != tt.want || nd.GetTarget() != back.GetCages()[tt.want].GetTarget() {
				t.Errorf("cage node: cage %d, target %d; want cage %d of target %d", nd.GetCage(), nd.GetTarget(), tt.want, back.GetCages()[tt.want].GetTarget())
			}
			if !slices.Equal(back.GetCages()[nd.GetCage()].GetCells(), uint32s(cells)) {
				t.Errorf("cage node's cage %d holds %v; the node's cells are %v", nd.GetCage(), back.GetCages()[nd.GetCage()].GetCells(), cells)
			}
		})
	}
}

// TestPuzzleToProtoCageCells: Convert writes a cage's cells ascending, as
// every board written from a layout lists them, whatever order they came
// in; the puzzle's own cages are left as they were.
func TestPuzzleToProtoCageCells(t *testing.T) {
	cells := []int{10, 1, 9, 0}
	p := &codec.Puzzle{Size: 4, Variant: grid.Killer, Cells: make([]grid.CellState, 16), Cages: []grid.Cage{{Cells: cells, Target: 10, Op: grid.OpAdd}}}
	pb := PuzzleToProto(p)
	if got := pb.GetCages()[0].GetCells(); !slices.Equal(got, []uint32{0, 1, 9, 10}) {
		t.Errorf("cage cells written %v, want [0 1 9 10]", got)
	}
	if !slices.Equal(cells, []int{10, 1, 9, 0}) {
		t.Errorf("the puzzle's cage became %v", cells)
	}
}

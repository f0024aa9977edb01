package protoconv

import (
	"context"
	"slices"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/shared"
)

// recordedStep is a step of a solve, kept past the solve's Emit call,
// with what StepToProto made of it during the call.
type recordedStep struct {
	index   int
	step    *strategy.Step
	n       grid.Notation
	packed  string
	emitted []byte // StepToProto's message, marshalled deterministically
}

// recordSteps solves line (1-based) of the puzzles of file path and
// returns its steps.
func recordSteps(tb testing.TB, path string, line int) []recordedStep {
	tb.Helper()
	text := shared.Puzzles(tb, path, line)[line-1]
	p, _, err := codec.Decode(text, codec.DecodeOptions{Tolerant: true})
	if err != nil {
		tb.Fatalf("%s:%d: %v", path, line, err)
	}
	b, err := p.Board(p.Variant)
	if err != nil {
		tb.Fatalf("%s:%d: %v", path, line, err)
	}
	n := grid.Notation{Layout: b.Layout(), Symbols: codec.Symbols(p.Charset, b.Layout().N)}
	var steps []recordedStep
	emit := func(index int, s *strategy.Step, b *grid.Board) error {
		packed := Pack(b)
		steps = append(steps, recordedStep{index, copyStep(s), n, packed, marshal(tb, StepToProto(index, s, n, packed))})
		return nil
	}
	if _, err := solver.Solve(context.Background(), b, solver.Options{}, emit); err != nil {
		tb.Fatalf("%s:%d: %v", path, line, err)
	}
	return steps
}

// copyStep copies a step and the lists it holds, which the solver may
// reuse once its Emit call returns.
func copyStep(s *strategy.Step) *strategy.Step {
	c := *s
	c.Placements, c.Eliminations = slices.Clone(s.Placements), slices.Clone(s.Eliminations)
	c.Cells, c.Units, c.Cages = slices.Clone(s.Cells), slices.Clone(s.Units), slices.Clone(s.Cages)
	c.Links, c.Marks = slices.Clone(s.Links), slices.Clone(s.Marks)
	c.Nodes = slices.Clone(s.Nodes)
	for i := range c.Nodes {
		nd := &c.Nodes[i]
		nd.Cells, nd.Combos, nd.Removed = slices.Clone(nd.Cells), slices.Clone(nd.Combos), slices.Clone(nd.Removed)
	}
	return &c
}

// marshal returns m's deterministic wire form.
func marshal(tb testing.TB, m proto.Message) []byte {
	tb.Helper()
	out, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestStepToProtoAsJoined checks the messages of the steps of a killer's
// trials, KenKen cages with repeats, Str8ts compartments and the chains
// and nets of X puzzles against those of joinedStepToProto, which
// allocated each message on its own, in wire form and as JSON, and that
// the steps exercise the lists the two build.
func TestStepToProtoAsJoined(t *testing.T) {
	fixtures := []struct {
		path string
		line int
	}{
		{"../../engine/search/testdata/killer9-tarek.txt", 1},
		{"../../engine/solver/testdata/kenken-published.txt", 1},
		{"../../engine/solver/testdata/kenken-published.txt", 2},
		{"../../engine/solver/testdata/str8ts-published.txt", 1},
		{"../../engine/solver/testdata/x9-extreme.txt", 1},
		{"../../engine/solver/testdata/x16-published.txt", 1},
	}
	var all []recordedStep
	for _, f := range fixtures {
		all = append(all, recordSteps(t, f.path, f.line)...)
	}
	all = append(all, kenKenRepeats(t))
	var steps, nodes, removed, links, marks, repeats, placed, outlines int
	for _, r := range all {
		{
			got, want := StepToProto(r.index, r.step, r.n, r.packed), joinedStepToProto(r.index, r.step, r.n, r.packed)
			if g, w := marshal(t, got), marshal(t, want); !slices.Equal(g, w) || !slices.Equal(g, r.emitted) {
				t.Fatalf("step %d: message\n%v\njoined\n%v", r.index, got, want)
			}
			if g, w := protojson.Format(got), protojson.Format(want); g != w {
				t.Fatalf("step %d: JSON\n%s\njoined\n%s", r.index, g, w)
			}
			steps, placed, outlines = steps+1, placed+len(got.GetPlacements()), outlines+len(got.GetOutline())
			nodes, links, marks = nodes+len(got.GetNodes()), links+len(got.GetLinks()), marks+len(got.GetHighlights())
			for _, nd := range got.GetNodes() {
				removed += len(nd.GetRemoved())
				for _, c := range nd.GetCombinationDigits() {
					if ds := c.GetDigits(); len(slices.Compact(slices.Clone(ds))) < len(ds) {
						repeats++
					}
				}
			}
		}
	}
	t.Logf("%d steps: %d placements, %d outline lines, %d nodes, %d removed, %d links, %d highlights, %d combinations with repeats",
		steps, placed, outlines, nodes, removed, links, marks, repeats)
	if steps < 500 || placed == 0 || outlines == 0 || nodes < 1000 || removed == 0 || links == 0 || marks == 0 || repeats == 0 {
		t.Error("too few of some list to check")
	}
}

// kenKenRepeats returns a step of a KenKen cage whose combination
// {3,6} fills its three cells as 3×3×6, with a sum of the rule of 45.
func kenKenRepeats(t *testing.T) recordedStep {
	cages := []grid.Cage{{Cells: []int{0, 1, 6}, Target: 54, Op: grid.OpMul}}
	for c := 2; c < 36; c++ {
		if c != 6 {
			cages = append(cages, grid.Cage{Cells: []int{c}, Target: c%6 + 1})
		}
	}
	l, err := grid.NewLayout(grid.Config{Size: 6, Variant: grid.KenKen, Cages: cages})
	if err != nil {
		t.Fatal(err)
	}
	s := &strategy.Step{
		Strategy:     strategy.ForcingNet(),
		Eliminations: []strategy.CellDigit{{Cell: 0, Digit: 1}},
		Nodes: []strategy.Node{
			{Kind: strategy.CandidateNode, Digit: 1, Cells: []int{0}},
			{Kind: strategy.CageNode, Cage: l.CellCage(6), Cells: []int{6, 1, 0}, Combos: []grid.Digits{grid.Bit(3) | grid.Bit(6)},
				Removed: []strategy.CellDigit{{Cell: 1, Digit: 2}, {Cell: 6, Digit: 2}}},
			{Kind: strategy.SumNode, Cells: []int{2, 3}, Target: 9, Origin: "the innies of row 1", Combos: []grid.Digits{grid.Bit(4) | grid.Bit(5), grid.Bit(3) | grid.Bit(6)}},
		},
		Links: []strategy.Link{{From: 0, To: 1, Kind: strategy.Then}, {From: 1, To: 2, Kind: strategy.Then}},
	}
	n := grid.Notation{Layout: l}
	return recordedStep{1, s, n, "", marshal(t, StepToProto(1, s, n, ""))}
}

// BenchmarkStepToProto converts every step of a solve of tarek line 18
// (303 steps, most of them nested trials' with their words), as
// SolveSteps does.
func BenchmarkStepToProto(b *testing.B) {
	steps := recordSteps(b, "../../engine/search/testdata/killer9-tarek.txt", 18)
	nodes := 0
	for i := range steps {
		nodes += len(steps[i].step.Nodes)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range steps {
			r := &steps[i]
			StepToProto(r.index, r.step, r.n, r.packed)
		}
	}
	b.ReportMetric(float64(len(steps)), "steps")
	b.ReportMetric(float64(nodes), "nodes")
}

// joinedStepToProto is StepToProto as it was before the messages of a
// step's lists were allocated together, for TestStepToProtoAsJoined.
func joinedStepToProto(index int, s *strategy.Step, n grid.Notation, packed string) *sudokuv1.Step {
	explanation, outline := s.Describe(n)
	ps := &sudokuv1.Step{
		Index:       uint32(index),
		Method:      s.Strategy.Letter(),
		Strategy:    s.Name(),
		Kind:        KindToProto[s.Kind],
		Explanation: explanation,
		Board:       packed,
		Depth:       uint32(s.Depth),
	}
	for _, p := range s.Placements {
		ps.Placements = append(ps.Placements, &sudokuv1.Placement{Cell: uint32(p.Cell), Digit: uint32(p.Digit)})
	}
	for _, e := range s.Eliminations {
		ps.Eliminations = append(ps.Eliminations, &sudokuv1.Elimination{Cell: uint32(e.Cell), Digit: uint32(e.Digit)})
	}
	for _, c := range s.Cells {
		ps.Cells = append(ps.Cells, uint32(c))
	}
	for _, u := range s.Units {
		unit := n.Layout.Unit(u)
		pu := &sudokuv1.Unit{Kind: UnitKindToProto[unit.Kind], Index: uint32(unit.Index), Name: unit.Name()}
		if unit.Kind == grid.Compartment {
			pu.Cells = uint32s(unit.Cells)
		}
		ps.Units = append(ps.Units, pu)
	}
	if t := s.Technique; t != nil {
		ps.Technique, ps.TechniqueCode = t.Name(), t.Code()
		// A backtrack adds nothing to the difficulty's score (see
		// solver.Rating.Add), so its step scores nothing either: the
		// steps' scores add up to the difficulty's.
		if s.Kind != strategy.Backtrack {
			ps.Score = uint32(t.Score())
		}
	}
	for _, k := range s.Cages {
		ps.Cages = append(ps.Cages, uint32(n.Layout.InputCageIndex(k)))
	}
	for _, ln := range outline {
		ps.Outline = append(ps.Outline, &sudokuv1.ExplanationLine{Depth: uint32(ln.Depth), Text: ln.Text})
	}
	joinedChainToProto(ps, s, n.Layout)
	return ps
}

func joinedChainToProto(ps *sudokuv1.Step, s *strategy.Step, l *grid.Layout) {
	if len(s.Nodes) > 0 {
		ps.Nodes = make([]*sudokuv1.ChainNode, len(s.Nodes))
		for i, n := range s.Nodes {
			cells := make([]uint32, len(n.Cells))
			for j, c := range n.Cells {
				cells[j] = uint32(c)
			}
			// The API lists a node's cells ascending, as the layout keeps
			// a cage's.
			slices.Sort(cells)
			ps.Nodes[i] = joinedChainNodeToProto(n, cells, l)
		}
	}
	if len(s.Links) > 0 {
		ps.Links = make([]*sudokuv1.ChainLink, len(s.Links))
		for i, k := range s.Links {
			ps.Links[i] = &sudokuv1.ChainLink{From: uint32(k.From), To: uint32(k.To), Kind: LinkKindToProto[k.Kind]}
		}
	}
	if len(s.Marks) > 0 {
		ps.Highlights = make([]*sudokuv1.Highlight, len(s.Marks))
		for i, m := range s.Marks {
			ps.Highlights[i] = &sudokuv1.Highlight{Cell: uint32(m.Cell), Digit: uint32(m.Digit), Role: RoleToProto[m.Role]}
		}
	}
}

func joinedChainNodeToProto(n strategy.Node, cells []uint32, l *grid.Layout) *sudokuv1.ChainNode {
	pn := &sudokuv1.ChainNode{Kind: NodeKindToProto[n.Kind], Digit: uint32(n.Digit), Cells: cells, Origin: n.Origin}
	if len(n.Removed) > 0 {
		pn.Removed = make([]*sudokuv1.Elimination, len(n.Removed))
		for i, r := range n.Removed {
			pn.Removed[i] = &sudokuv1.Elimination{Cell: uint32(r.Cell), Digit: uint32(r.Digit)}
		}
	}
	switch n.Kind {
	case strategy.CageNode:
		pn.Cage = uint32(n.Cage)
		if n.Cage < len(l.AllCages()) {
			pn.Cage = uint32(l.InputCageIndex(n.Cage))
		}
		if n.Cage < len(l.Cages()) {
			cg := l.Cage(n.Cage)
			pn.Target, pn.Operator = uint32(cg.Target), OpToProto[cg.Op]
		}
	case strategy.CompartmentNode:
	case strategy.SumNode:
		pn.Target, pn.Operator = uint32(n.Target), sudokuv1.CageOperator_CAGE_OPERATOR_ADD
	case strategy.GroupNode:
		if n.Digit != 0 {
			return pn
		}
	default:
		return pn
	}
	if len(n.Combos) > 0 {
		// The digits too: a mask drops a KenKen cage's repeats. The masks
		// follow the lists, in the order the first list of each reads:
		// the lists of a cage with repeats are sorted as they read
		// ({1,4,5,6},{2,2,5,6},{2,3,4,5}), not in the order of Combos.
		lists := n.ComboDigits(l)
		pn.Combinations = make([]uint32, 0, len(n.Combos))
		pn.CombinationDigits = make([]*sudokuv1.Combination, len(lists))
		for i, f := range lists {
			ds := make([]uint32, len(f))
			var mask uint32
			for j, d := range f {
				ds[j] = uint32(d)
				mask |= 1 << (d - 1)
			}
			pn.CombinationDigits[i] = &sudokuv1.Combination{Digits: ds}
			if !slices.Contains(pn.Combinations, mask) {
				pn.Combinations = append(pn.Combinations, mask)
			}
		}
		for _, c := range n.Combos {
			if !slices.Contains(pn.Combinations, uint32(c)) {
				pn.Combinations = append(pn.Combinations, uint32(c)) // listed by none (none are)
			}
		}
	}
	return pn
}

// TestEnumTables checks the tables of the kinds of chain nodes, links,
// highlights and cage operators against their maps, on every key.
func TestEnumTables(t *testing.T) {
	for k := range 256 {
		if got, want := lookup(nodeKinds, strategy.NodeKind(k)), NodeKindToProto[strategy.NodeKind(k)]; got != want {
			t.Errorf("node kind %d: %v, map %v", k, got, want)
		}
		if got, want := lookup(linkKinds, strategy.LinkKind(k)), LinkKindToProto[strategy.LinkKind(k)]; got != want {
			t.Errorf("link kind %d: %v, map %v", k, got, want)
		}
		if got, want := lookup(roles, strategy.Role(k)), RoleToProto[strategy.Role(k)]; got != want {
			t.Errorf("role %d: %v, map %v", k, got, want)
		}
		if got, want := lookup(ops, grid.Op(k)), OpToProto[grid.Op(k)]; got != want {
			t.Errorf("operator %d: %v, map %v", k, got, want)
		}
	}
}

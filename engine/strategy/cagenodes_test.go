package strategy_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerLine decodes line (1-based) of a file of engine/search/testdata.
func killerLine(t *testing.T, file string, line int) *grid.Board {
	t.Helper()
	return boardAt(t, "../search/testdata/"+file, line)
}

// boardAt decodes line (1-based) of the puzzle file at path.
func boardAt(t testing.TB, path string, line int) *grid.Board {
	t.Helper()
	lines := shared.Lines(t, path)
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", path, line)
	}
	p, _, err := codec.Decode(lines[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%s:%d: %v", path, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s:%d: %v", path, line, err)
	}
	return b
}

// onlySolution returns the one solution of b, failing the test when b has
// none or several.
func onlySolution(t *testing.T, b *grid.Board) []uint8 {
	t.Helper()
	var srch search.Searcher
	counted, err := srch.Count(context.Background(), b, 2)
	if err != nil || len(counted.Solutions) != 1 {
		t.Fatalf("count: %d solutions, %v; want one", len(counted.Solutions), err)
	}
	return counted.Solutions[0]
}

// checkCageNodes checks the cage nodes of a forcing-net step on b: each
// names a cage of the layout with its cells, its combinations are sets of
// as many digits as cells meeting the cage's sum, in reading order, every
// link joins nodes of the step, and each cage node has a premise linked
// in. It returns the number of cage nodes.
func checkCageNodes(t *testing.T, b *grid.Board, s *strategy.Step) int {
	t.Helper()
	l := b.Layout()
	in := make([]int, len(s.Nodes))
	for _, k := range s.Links {
		if k.From < 0 || k.From >= len(s.Nodes) || k.To < 0 || k.To >= len(s.Nodes) {
			t.Fatalf("link %d->%d out of %d nodes", k.From, k.To, len(s.Nodes))
		}
		in[k.To]++
	}
	cages := 0
	for i, nd := range s.Nodes {
		if nd.Kind != strategy.CageNode {
			continue
		}
		cages++
		if nd.Cage < 0 || nd.Cage >= len(l.Cages()) {
			t.Fatalf("node %d: cage %d of %d", i, nd.Cage, len(l.Cages()))
		}
		cg := l.Cage(nd.Cage)
		if !slices.Equal(nd.Cells, cg.Cells) || nd.Digit != 0 {
			t.Errorf("node %d: cells %v digit %d, want the cage's %v and 0", i, nd.Cells, nd.Digit, cg.Cells)
		}
		// A cage forcing net's combinations are its premises.
		if in[i] == 0 && (s.Name() != "Cage Forcing Net" || len(nd.Combos) != 1) {
			t.Errorf("node %d (cage %d): no premise links into it", i, nd.Cage)
		}
		for j, c := range nd.Combos {
			sum := 0
			for m := c; m != 0; m &= m - 1 {
				sum += m.Min()
			}
			if c.Count() != len(cg.Cells) || sum != cg.Target {
				t.Errorf("node %d: combination %b does not make %d in %d cells", i, c, cg.Target, len(cg.Cells))
			}
			if j > 0 && nd.Combos[j-1].Min() > c.Min() {
				t.Errorf("node %d: combinations %v out of order", i, nd.Combos)
			}
		}
	}
	return cages
}

// TestForcingNetCageNodes solves the killer of the killer-forcing-net
// golden log (killer9-tarek.txt line 27) by logic and checks that its forcing nets through cages draw
// the cages as nodes and name them and what they kept; then, on the board
// before the first such step, FindSteps offers a net through a cage that
// holds against the solution.
func TestForcingNetCageNodes(t *testing.T) {
	b := killerLine(t, "killer9-tarek.txt", 27)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	before := b.Clone()
	var first *grid.Board // the board before the first net through a cage
	nets := 0
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
		// A net through the rule of 45 counts too: its sums are over cages.
		if s.Strategy == strategy.ForcingNet() && (checkCageNodes(t, before, s) > 0 || hasSumNode(s)) {
			nets++
			text := s.Explain(n)
			if !strings.Contains(text, " sum to ") && (!strings.Contains(text, "cage ") || !strings.Contains(text, " at r")) {
				t.Errorf("step %d: %q names no cage", i, text)
			}
			if first == nil {
				first = before.Clone()
			}
		}
		before.CopyFrom(after)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if nets < 1 {
		t.Fatalf("%d forcing nets through cage or sum nodes, want at least 1", nets)
	}

	found := 0
	err = solver.FindSteps(context.Background(), first, solver.FindOptions{Strategies: []*strategy.Strategy{strategy.ForcingNet()}}, func(s *strategy.Step) bool {
		if checkCageNodes(t, first, s) == 0 && !hasSumNode(s) {
			return true
		}
		found++
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("%s removes the solution's %d from %s", s.Explain(n), e.Digit, n.CellName(e.Cell))
			}
		}
		for _, p := range s.Placements {
			if int(sol[p.Cell]) != p.Digit {
				t.Errorf("%s places %d in %s, the solution has %d", s.Explain(n), p.Digit, n.CellName(p.Cell), sol[p.Cell])
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("FindSteps offers no forcing net through a cage's node")
	}
}

// TestChainCageLinks solves a killer whose logic takes an AIC over a
// cage's sum and checks that the step lists the cage, that a link of the
// chain joins two nodes in it (of two digits, or of one digit outside
// every common unit), and that the explanation names it.
func TestChainCageLinks(t *testing.T) {
	b := killerLine(t, "killer9.txt", 2)
	l := b.Layout()
	n := grid.Notation{Layout: l}
	chains := 0
	// The solve path of the chains this test was written on: without the
	// virtual cages, which take the puzzle elsewhere (see the report of
	// the branch that added them).
	plan := slices.DeleteFunc(strategy.All(), func(st *strategy.Strategy) bool {
		return st.OptIn() || st == strategy.VirtualCages() || st == strategy.CombinationCrossover() || st == strategy.CageIntersection() || st == strategy.InnieOutieDifference() || st == strategy.CageBlock()
	})
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly, Strategies: plan}, func(i int, s *strategy.Step, _ *grid.Board) error {
		if len(s.Cages) == 0 || len(s.Links) == 0 || s.Strategy == strategy.ForcingNet() {
			return nil
		}
		chains++
		text := s.Explain(n)
		for _, k := range s.Cages {
			cg := l.Cage(k)
			_, links, _ := strings.Cut(text, "(cage links: ")
			links, _, _ = strings.Cut(links, ")")
			if name := fmt.Sprintf("cage %d%s at %s", cg.Target, cg.Op, n.CellName(cg.Cells[0])); !slices.Contains(strings.Split(links, ", "), name) {
				t.Errorf("step %d: %q does not name %s among its cage links", i, text, name)
			}
			// A link through the cage joins two nodes with cells in it,
			// of two digits (a sum link, or a combination link of its
			// cells) or of one digit outside every common unit.
			touches := func(nd strategy.Node) bool {
				return slices.ContainsFunc(nd.Cells, func(x int) bool { return l.CellCage(x) == k })
			}
			linked := false
			for _, k2 := range s.Links {
				a, c := s.Nodes[k2.From], s.Nodes[k2.To]
				if !touches(a) || !touches(c) {
					continue
				}
				linked = linked || a.Digit != c.Digit || !shareUnit(l, append(slices.Clone(a.Cells), c.Cells...))
			}
			if !linked {
				t.Errorf("step %d: %q lists cage %d without a link through it", i, text, k)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if chains == 0 {
		t.Error("no chain step over a cage link")
	}
}

// shareUnit reports whether some unit holds every one of cells.
func shareUnit(l *grid.Layout, cells []int) bool {
	for _, u := range l.CellUnit(cells[0]) {
		if !slices.ContainsFunc(cells, func(x int) bool { return !slices.Contains(l.Unit(u).Cells, x) }) {
			return true
		}
	}
	return false
}

// hasSumNode reports whether s draws a rule-of-45 sum it followed.
func hasSumNode(s *strategy.Step) bool {
	return slices.ContainsFunc(s.Nodes, func(nd strategy.Node) bool { return nd.Kind == strategy.SumNode })
}

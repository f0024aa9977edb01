package solver

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// variantGolden are variant puzzles whose logic solve takes forcing-net
// steps through a cage's fillings: a line of a file of
// engine/search/testdata each.
var variantGolden = []struct {
	name, file string
	line       int // 1-based
}{
	{"killer-forcing-net", "killer9-tarek.txt", killerGoldenLine},
}

// TestVariantGolden solves the variantGolden puzzles by logic alone,
// checks every step against the solution the exact search proves unique,
// requires a forcing-net step through a cage's node (strategy.CageNode) or
// the rule of 45 (strategy.SumNode), and compares the
// step log with a golden file (go test -update rewrites it).
func TestVariantGolden(t *testing.T) {
	for _, tt := range variantGolden {
		t.Run(tt.name, func(t *testing.T) {
			b := variantLine(t, tt.file, tt.line)
			throughCage := 0
			log := logicLog(t, b, solutionOf(t, b), func(st *strategy.Step) {
				if st.Strategy == strategy.ForcingNet() && slices.ContainsFunc(st.Nodes, func(nd strategy.Node) bool {
					return nd.Kind == strategy.CageNode || nd.Kind == strategy.SumNode // a cage's fillings, or the rule of 45 over cages
				}) {
					throughCage++
				}
			})
			if throughCage == 0 {
				t.Errorf("no forcing-net step through a cage's fillings or the rule of 45")
			}
			checkGolden(t, tt.name, log)
		})
	}
}

// variantLine decodes line (1-based) of a file of engine/search/testdata.
func variantLine(t *testing.T, file string, line int) *grid.Board {
	t.Helper()
	lines := shared.Lines(t, "../search/testdata/"+file)
	if line < 1 || line > len(lines) {
		t.Fatalf("%s has no line %d", file, line)
	}
	p, _, err := codec.Decode(lines[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatalf("%s:%d: %v", file, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s:%d: %v", file, line, err)
	}
	return b
}

// killerGoldenLine is the line of killer9-tarek.txt the golden log
// solves: a killer logic finishes only with forcing nets through cages
// (killer9-hard5.txt line 2 no longer needs them since the group nodes
// and virtual cages in the link graph).
const killerGoldenLine = 27

// TestFindSumNet: on the killer-forcing-net puzzle where the solve first
// needs a forcing net, FindSteps offers net steps through the rule of 45
// (a strategy.SumNode with its cells, sum and origin), every one of them
// sound, its sum the solution's and named in the explanation.
func TestFindSumNet(t *testing.T) {
	b := variantLine(t, "killer9-tarek.txt", killerGoldenLine)
	sol := solutionOf(t, b)
	// The board just before the solve's first forcing net.
	var before *grid.Board
	prev := b.Clone()
	errFound := fmt.Errorf("found")
	_, err := Solve(context.Background(), b.Clone(), Options{Type: LogicOnly}, func(_ int, st *strategy.Step, after *grid.Board) error {
		if st.Strategy == strategy.ForcingNet() {
			before = prev
			return errFound
		}
		prev = after.Clone()
		return nil
	})
	if before == nil {
		t.Fatalf("the solve took no forcing net (%v)", err)
	}
	n := grid.Notation{Layout: b.Layout()}
	sums := 0
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.ForcingNet()}}, func(st *strategy.Step) bool {
		checkStep(t, sol, n, "a step found", st)
		for _, nd := range st.Nodes {
			if nd.Kind != strategy.SumNode {
				continue
			}
			sums++
			got := 0
			for _, c := range nd.Cells {
				got += int(sol[c])
			}
			if got != nd.Target {
				t.Errorf("sum node %v: the solution's digits sum to %d, not %d (%s)", nd.Cells, got, nd.Target, nd.Origin)
			}
			if nd.Origin == "" || !strings.Contains(st.Explain(n), fmt.Sprintf("sum to %d", nd.Target)) || !strings.Contains(st.Explain(n), nd.Origin) {
				t.Errorf("sum node %v (target %d, from %q) not named: %s", nd.Cells, nd.Target, nd.Origin, st.Explain(n))
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if sums < 1 {
		t.Errorf("no forcing-net step through the rule of 45")
	}
}

// cageForcingLine is the line of killer9-tarek.txt whose position in
// testdata/killer-cage-forcing.txt (packed with its candidates) is one
// where a cage forcing net (every combination of a cage leading to the
// same conclusion) is the shortest net. The solve took it there before
// chains through cage groups and virtual cages; now it takes other steps
// first, so the position is kept as a fixture.
const cageForcingLine = 30

// TestFindCageForcing: on that position FindSteps offers cage forcing
// nets: sound, branching on every remaining combination of one cage
// (each a CageNode of the cage's size and sum, linked to candidates of
// the cage it rules out), and naming the cage and each combination.
func TestFindCageForcing(t *testing.T) {
	b := variantLine(t, "killer9-tarek.txt", cageForcingLine)
	sol := solutionOf(t, b)
	packed, err := os.ReadFile("testdata/killer-cage-forcing.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := codec.DecodeV2(strings.TrimSpace(string(packed)))
	if err != nil {
		t.Fatalf("testdata/killer-cage-forcing.txt: %v", err)
	}
	before, err := p.Board(grid.Killer)
	if err != nil {
		t.Fatalf("testdata/killer-cage-forcing.txt: %v", err)
	}
	n := grid.Notation{Layout: b.Layout()}
	nets := 0
	err = FindSteps(context.Background(), before, FindOptions{Strategies: []*strategy.Strategy{strategy.ForcingNet()}}, func(st *strategy.Step) bool {
		text := st.Explain(n)
		checkStep(t, sol, n, "a step found", st)
		if st.Name() != "Cage Forcing Net" {
			return true
		}
		nets++
		k := st.Cages[0]
		cg := b.Layout().Cage(k)
		if !strings.Contains(text, "each remaining combination of cage "+fmt.Sprint(cg.Target)+"+ at "+n.CellName(cg.Cells[0])) {
			t.Errorf("does not name cage %d: %s", k, text)
		}
		into := map[int]bool{}
		for _, lk := range st.Links {
			into[lk.To] = true
		}
		var combos []grid.Digits
		for i, nd := range st.Nodes {
			if into[i] {
				continue
			}
			if nd.Kind != strategy.CageNode || nd.Cage != k || len(nd.Combos) != 1 {
				t.Fatalf("premise node %d %+v is not a combination of cage %d: %s", i, nd, k, text)
			}
			c := nd.Combos[0]
			sum := 0
			for ds := c; ds != 0; ds &= ds - 1 {
				sum += ds.Min()
			}
			if c.Count() != len(cg.Cells) || sum != cg.Target || slices.Contains(combos, c) || !strings.Contains(text, "{"+n.DigitList(c, ",")+"}"+" => ") {
				t.Errorf("combination %s of cage %d+: wrong size or sum, repeated or not named: %s", "{"+n.DigitList(c, ",")+"}", cg.Target, text)
			}
			combos = append(combos, c)
			for _, lk := range st.Links {
				if lk.From == i && (lk.Kind != strategy.Weak || c.Has(st.Nodes[lk.To].Digit) || !slices.Contains(cg.Cells, st.Nodes[lk.To].Cells[0])) {
					t.Errorf("link %+v out of combination %s rules out no candidate of the cage outside it", lk, "{"+n.DigitList(c, ",")+"}")
				}
			}
		}
		// The solution's combination is one of them.
		var have grid.Digits
		for _, c := range cg.Cells {
			have |= grid.Bit(int(sol[c]))
		}
		if len(combos) < 2 || !slices.Contains(combos, have) {
			t.Errorf("combinations %v of cage %d+ miss the solution's %s", combos, cg.Target, "{"+n.DigitList(have, ",")+"}")
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if nets < 1 {
		t.Errorf("FindSteps offered no cage forcing net")
	}
}

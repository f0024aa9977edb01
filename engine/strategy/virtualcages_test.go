package strategy_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// virtualText is what a Virtual Cage step says of its cage's origin, e.g.
// "the outies of rows 1-2" or "cage 12+ at r2c2 less the innies of box 1".
var virtualText = regexp.MustCompile(`^Virtual Cage: (cage \d+\+ at r\dc\d less )?the (innies|outies) of (rows \d-\d|columns \d-\d|(row|column|box) \d( \+ box \d)*)( less cage \d+\+ at r\dc\d| less the (innies|outies) of [^,]+)?, (r\dc\d, )*r\dc\d, sum to \d+`)

// intersectionText is what a Cage Intersection step says: the virtual
// cage's origin and cells, and the real cage it is filled with.
var intersectionText = regexp.MustCompile(`^Cage Intersection: (cage \d+\+ at r\dc\d less )?the (innies|outies) of [^,]+, (r\dc\d, )*r\dc\d, sum to \d+, and cage \d+\+ at r\dc\d( keeping \{[0-9,{}]+\})? are filled together: no joint filling allows r\dc\d-\d`)

// crossText is what a Combination Crossover step says: the unit, and the
// cages in it, real or virtual, with the combinations they keep.
var crossText = regexp.MustCompile(`^Combination Crossover in (row|column|box) \d: .*(cage \d+\+ at r\dc\d keeps \{|the (innies|outies) of [^(]+ \((r\dc\d\+)*r\dc\d=\d+\) keep \{)`)

// TestVirtualCagesFindSteps follows the logic solve of a generated killer
// without givens (testdata/killer-virtual-cage.golden of engine/solver)
// and, on the board before the first step of each of Virtual Cage,
// Combination Crossover and Cage Intersection, asks FindSteps for all
// their steps: there must be some of each, each sound against the
// solution and explained by where its cages come from.
func TestVirtualCagesFindSteps(t *testing.T) {
	b := boardAt(t, "../solver/testdata/killer9-cagesize.txt", 2)
	sol := onlySolution(t, b)
	n := grid.Notation{Layout: b.Layout()}
	opts := solver.FindOptions{Strategies: []*strategy.Strategy{strategy.VirtualCages(), strategy.CombinationCrossover(), strategy.CageIntersection()}}
	firsts := map[*strategy.Strategy]*grid.Board{} // the board before each's first step
	before := b.Clone()
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
		if slices.Contains(opts.Strategies, s.Strategy) && firsts[s.Strategy] == nil {
			firsts[s.Strategy] = before.Clone()
		}
		before.CopyFrom(after)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	found := map[*strategy.Strategy]int{}
	check := func(s *strategy.Step) bool {
		found[s.Strategy]++
		text := s.Explain(n)
		want := virtualText
		switch s.Strategy {
		case strategy.CombinationCrossover():
			want = crossText
		case strategy.CageIntersection():
			want = intersectionText
		}
		if !want.MatchString(text) {
			t.Errorf("%q does not match %s", text, want)
		}
		if len(s.Eliminations) == 0 {
			t.Errorf("%q eliminates nothing", text)
		}
		for _, e := range s.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Errorf("%s removes the solution's %d from %s", text, e.Digit, n.CellName(e.Cell))
			}
		}
		return true
	}
	for _, st := range opts.Strategies {
		if firsts[st] == nil {
			t.Fatalf("the solve takes no %s step", st.Name())
		}
		if err := solver.FindSteps(context.Background(), firsts[st], opts, check); err != nil {
			t.Fatal(err)
		}
	}
	for _, st := range opts.Strategies {
		if found[st] == 0 {
			t.Errorf("FindSteps offers no %s step", st.Name())
		}
	}
	t.Logf("steps offered: %d Virtual Cage, %d Combination Crossover, %d Cage Intersection", found[strategy.VirtualCages()], found[strategy.CombinationCrossover()], found[strategy.CageIntersection()])
}

// TestCombinationCrossoverNamesVirtualCages follows logic solves of
// killers whose Combination Crossover steps use virtual cages and checks
// that each step says what every cage of its unit keeps: a virtual cage
// is drawn as a SumNode whose sum is its open cells' in the solution, and
// the explanation names it by where its sum comes from, its cells and
// that sum ("the innies of box 7 (r7c1+r7c3+r9c3=15) keep ..."), never
// as bare "virtual cages over" cells, which no one can check; every cell
// of the step lies in one of its nodes.
func TestCombinationCrossoverNamesVirtualCages(t *testing.T) {
	for _, tc := range []struct {
		path string
		line int
	}{
		{"../solver/testdata/killer9-cagesize.txt", 2},
		{"../search/testdata/killer9-tarek.txt", 1},
	} {
		t.Run(fmt.Sprintf("%s:%d", tc.path, tc.line), func(t *testing.T) {
			b := boardAt(t, tc.path, tc.line)
			sol := onlySolution(t, b)
			n := grid.Notation{Layout: b.Layout()}
			virtual := 0
			_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
				if s.Strategy != strategy.CombinationCrossover() {
					return nil
				}
				text := s.Explain(n)
				if strings.Contains(text, "virtual cages over") {
					t.Errorf("step %d: %q names virtual cages by their cells alone", i, text)
				}
				covered := map[int]bool{}
				for _, nd := range s.Nodes {
					for _, c := range nd.Cells {
						covered[c] = true
					}
					if nd.Kind != strategy.SumNode {
						continue
					}
					virtual++
					sum := 0
					for _, c := range nd.Cells {
						sum += int(sol[c])
					}
					if sum != nd.Target {
						t.Errorf("step %d: the SumNode %s over %v sums to %d, the solution's cells to %d", i, nd.Origin, nd.Cells, nd.Target, sum)
					}
					names := make([]string, len(nd.Cells))
					for j, c := range nd.Cells {
						names[j] = n.CellName(c)
					}
					if want := fmt.Sprintf("%s (%s=%d) keep", nd.Origin, strings.Join(names, "+"), nd.Target); !strings.Contains(text, want) {
						t.Errorf("step %d: %q does not say %q", i, text, want)
					}
				}
				for _, c := range s.Cells {
					if !covered[c] {
						t.Errorf("step %d: %q: %s lies in none of its nodes", i, text, n.CellName(c))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if virtual == 0 {
				t.Fatal("the solve takes no Combination Crossover step with a virtual cage")
			}
		})
	}
}

// cageNamed finds the cages an explanation names ("cage 16+ at r2c2").
var cageNamed = regexp.MustCompile(`cage (\d+)\S* at (r\d+c\d+)`)

// TestStepsListTheCagesTheyName follows logic solves of killers and
// checks that every cage a step's explanation names is among the cages
// the step lists (Step.Cages, which the API gives a viewer to outline): a
// Cage/Unit Overlap step, "every combination of cage 16+ at r2c2 uses
// 1, and its places for 1 all lie in row 3", listed no cage
// (killer9-tarek.txt line 1, step 91).
func TestStepsListTheCagesTheyName(t *testing.T) {
	for _, tc := range []struct {
		path string
		line int
	}{
		{"../solver/testdata/killer9-cagesize.txt", 2},
		{"../search/testdata/killer9-tarek.txt", 1},
		{"../search/testdata/killer9-tarek.txt", 2},
	} {
		t.Run(fmt.Sprintf("%s:%d", tc.path, tc.line), func(t *testing.T) {
			b := boardAt(t, tc.path, tc.line)
			l := b.Layout()
			n := grid.Notation{Layout: l}
			overlaps := 0
			_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
				if s.Strategy == strategy.CageOverlap() {
					overlaps++
				}
				text := s.Explain(n)
				for _, m := range cageNamed.FindAllStringSubmatch(text, -1) {
					k := slices.IndexFunc(l.Cages(), func(cg grid.Cage) bool { return fmt.Sprint(cg.Target) == m[1] && n.CellName(cg.Cells[0]) == m[2] })
					if k < 0 {
						t.Errorf("step %d: %q names %s, no cage of the board", i, text, m[0])
					} else if !slices.Contains(s.Cages, k) {
						t.Errorf("step %d (%s): %q names %s, which its cages %v leave out", i, s.Name(), text, m[0], s.Cages)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d Cage/Unit Overlap steps", overlaps)
		})
	}
}

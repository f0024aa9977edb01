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

// keepGives finds a trial's line where a group's new combinations take
// candidates out of cells outside it: "the innies of columns 1-3
// (r2c3+r6c3+r7c3+r9c3=26) keep {5,6,7,8},{4,5,8,9}, which gives r3c3<>8".
var keepGives = regexp.MustCompile(`^(cage \d+\+ at r\dc\d|the (innies|outies) of [^(]+ \(((?:r\dc\d\+)*r\dc\d)=\d+\)) keeps? (\{[0-9,]+\},?)+, which gives (.*)$`)

// TestCageContradictionSaysWhatCombinationsGive follows the logic solve of
// killer9-tarek.txt's line 1 and checks that a Cage Contradiction's
// trial says what a group's combinations take out of the cells outside
// it: step 23 said "the innies of columns 1-3 (r2c3+r6c3+r7c3+r9c3=26)
// keep {5,6,7,8},{4,5,8,9}" and then "cage 18+ at r3c3 keeps
// {5,6,7},{4,5,9},{2,7,9}", without {3,7,8}, which r3c3<>8, a removal no
// line gave (every combination of the innies uses 8, whose places all
// see r3c3), had taken out. Such removals lie outside the group's cells,
// those inside going without saying.
func TestCageContradictionSaysWhatCombinationsGive(t *testing.T) {
	b := boardAt(t, "../search/testdata/killer9-tarek.txt", 1)
	n := grid.Notation{Layout: b.Layout()}
	gives := 0
	first := true
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(i int, s *strategy.Step, after *grid.Board) error {
		if s.Strategy != strategy.CageContradiction() {
			return nil
		}
		lines := s.Outline(n)
		if first {
			first = false
			const want = "the innies of columns 1-3 (r2c3+r6c3+r7c3+r9c3=26) keep {5,6,7,8},{4,5,8,9}, which gives r3c3<>8"
			if len(lines) < 2 || lines[1].Text != want {
				t.Errorf("step %d: the trial's first deduction %q; want %q", i, lines[1].Text, want)
			}
		}
		for _, ln := range lines {
			m := keepGives.FindStringSubmatch(ln.Text)
			if m == nil {
				continue
			}
			gives++
			var group []string
			if m[3] != "" {
				group = strings.Split(m[3], "+")
			} else {
				for _, nd := range s.Nodes {
					if nd.Kind == strategy.CageNode && strings.HasPrefix(m[1], fmt.Sprintf("cage %d+ at %s", b.Layout().Cage(nd.Cage).Target, n.CellName(b.Layout().Cage(nd.Cage).Cells[0]))) {
						for _, c := range nd.Cells {
							group = append(group, n.CellName(c))
						}
					}
				}
			}
			for _, r := range strings.Split(m[5], ", ") {
				if cell, _, _ := strings.Cut(r, "<>"); slices.Contains(group, cell) {
					t.Errorf("step %d: %q gives %s, a cell of the group, which its combinations say", i, ln.Text, r)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if gives == 0 {
		t.Error("no Cage Contradiction says what its combinations give")
	}
}

package solver_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestStepDrawingsTop1465 solves the first 400 puzzles of top1465 (120
// in a quick run) with the defaults and checks every step with stepFlaws.
// The solver's one sink passes its steps from finder to finder, and
// finders that reused a step's old nodes wrote their cells into storage
// the previous finder's nodes shared: 284 steps of 65 puzzles of the file
// were drawn and explained with candidates that were not on the board,
// such as "Forcing Net Contradiction: r2c5=9 => r8c8=2 and r8c8<>2; so
// r2c1<>9" and "XY-Chain: (8)r5c4=(3)r6c1-(3)r8c1=(2)r5c3-...", with the
// right eliminations.
func TestStepDrawingsTop1465(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: minutes there; CI runs it without -race")
	}
	n := 400
	if solver.Quick() {
		n = 120
	}
	l, puzzles := solver.Top1465Clues(t, n)
	names := grid.Notation{Layout: l}
	steps, drawn := 0, 0
	for i, clues := range puzzles {
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		prev := b.Clone()
		_, err := solver.Solve(context.Background(), b, solver.Options{CheckMultiple: true}, func(k int, st *strategy.Step, after *grid.Board) error {
			if flaws := stepFlaws(prev, st, names); len(flaws) > 0 {
				t.Errorf("puzzle %d, step %d (%s): %s: %s", i+1, k, st.Name(), strings.Join(flaws, "; "), st.Explain(names))
			}
			steps++
			if len(st.Nodes) > 0 {
				drawn++
			}
			prev.CopyFrom(after)
			return nil
		})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
	}
	t.Logf("%d steps checked, %d of them with nodes", steps, drawn)
	if floor := 4 * n; drawn < floor {
		t.Errorf("%d steps with nodes checked, want at least %d", drawn, floor)
	}
}

// stepFlaws returns what is malformed in step st, taken on board before:
// what a client drawing it or reading its explanation would trip on. Its
// changes must be digits of the board's cells, a placement a candidate
// and no change listed twice; its cells, units, cages, marks and the
// cells of its nodes in range; each node what its kind says (a candidate
// node one cell, no digit sets and a candidate of before, batched steps
// included, which strategy.Redraw draws on the board they are taken on;
// a cage node its cage's cells and no origin; a compartment node a
// compartment; a sum node a positive sum), its cells ascending as the API
// promises; each link between two of its nodes; and its explanation free
// of formatting slips.
func stepFlaws(before *grid.Board, st *strategy.Step, n grid.Notation) []string {
	l := before.Layout()
	cells := l.N * l.N
	var flaws []string
	flaw := func(format string, a ...any) { flaws = append(flaws, fmt.Sprintf(format, a...)) }
	cellOK := func(c int) bool { return c >= 0 && c < cells }
	digitOK := func(d int) bool { return d >= 1 && d <= l.N }
	seen := map[strategy.CellDigit]bool{}
	for _, p := range st.Placements {
		switch {
		case !cellOK(p.Cell) || !digitOK(p.Digit):
			flaw("placement %v out of range", p)
			continue
		case before.Value(p.Cell) == 0 && !before.Cands(p.Cell).Has(p.Digit):
			flaw("places %s=%d, not a candidate", n.CellName(p.Cell), p.Digit)
		case seen[p]:
			flaw("places %s=%d twice", n.CellName(p.Cell), p.Digit)
		}
		seen[p] = true
	}
	clear(seen)
	for _, e := range st.Eliminations {
		if !cellOK(e.Cell) || !digitOK(e.Digit) {
			flaw("elimination %v out of range", e)
			continue
		}
		if seen[e] {
			flaw("removes %s-%d twice", n.CellName(e.Cell), e.Digit)
		}
		seen[e] = true
	}
	for _, c := range st.Cells {
		if !cellOK(c) {
			flaw("cell %d out of range", c)
		}
	}
	for _, u := range st.Units {
		if u < 0 || u >= len(l.Units()) {
			flaw("unit %d out of range", u)
		}
	}
	for _, k := range st.Cages {
		if k < 0 || k >= len(l.AllCages()) {
			flaw("cage %d out of range", k)
		}
	}
	for i, nd := range st.Nodes {
		if !slices.IsSorted(nd.Cells) || slices.ContainsFunc(nd.Cells, func(c int) bool { return !cellOK(c) }) {
			flaw("node %d: cells %v out of range or order", i, nd.Cells)
		}
		switch nd.Kind {
		case strategy.CandidateNode:
			// Of digit 0, the cell a trial left with no candidate.
			if len(nd.Cells) != 1 || nd.Digit != 0 && !digitOK(nd.Digit) || len(nd.Combos) > 0 {
				flaw("candidate node %d: %+v", i, nd)
			} else if c := nd.Cells[0]; nd.Digit != 0 && cellOK(c) && !before.Cands(c).Has(nd.Digit) && int(before.Value(c)) != nd.Digit {
				flaw("candidate node %d: %d is not a candidate of %s", i, nd.Digit, n.CellName(c))
			}
		case strategy.GroupNode:
			// A group of digit 0 is a deduction over cells (a subset, a
			// unit's combination, a filling) that its Origin words.
			if len(nd.Cells) == 0 || nd.Digit != 0 && !digitOK(nd.Digit) || nd.Digit == 0 && nd.Origin == "" {
				flaw("group node %d: %+v", i, nd)
			}
		case strategy.ALSNode:
			if len(nd.Cells) == 0 {
				flaw("ALS node %d without cells", i)
			}
		case strategy.CageNode:
			if nd.Cage < 0 || nd.Cage >= len(l.AllCages()) || !slices.Equal(nd.Cells, sortedCells(l.AllCages()[nd.Cage].Cells)) || nd.Origin != "" {
				flaw("cage node %d: %+v", i, nd)
			}
		case strategy.CompartmentNode:
			if nd.Unit < 0 || nd.Unit >= len(l.Units()) || l.Unit(nd.Unit).Kind != grid.Compartment {
				flaw("compartment node %d: %+v", i, nd)
			}
		case strategy.SumNode:
			if nd.Target <= 0 || len(nd.Cells) == 0 {
				flaw("sum node %d: %+v", i, nd)
			}
		default:
			flaw("node %d of kind %d", i, nd.Kind)
		}
	}
	for _, k := range st.Links {
		if k.From < 0 || k.From >= len(st.Nodes) || k.To < 0 || k.To >= len(st.Nodes) || k.From == k.To {
			flaw("link %+v between %d nodes", k, len(st.Nodes))
		}
	}
	for _, m := range st.Marks {
		if !cellOK(m.Cell) || !digitOK(m.Digit) {
			flaw("mark %+v out of range", m)
		}
	}
	text := st.Explain(n)
	if strings.TrimSpace(text) == "" {
		flaw("no explanation")
	}
	for _, slip := range []string{"%!", "<nil>", "NaN", "r0c", "  ", "{}", "[]"} {
		if strings.Contains(text, slip) {
			flaw("explanation has %q", slip)
		}
	}
	return flaws
}

func sortedCells(cells []int) []int {
	cells = slices.Clone(cells)
	slices.Sort(cells)
	return cells
}

// TestBatchedStepsRedrawn solves published killers and a 16×16 X with
// the defaults, where the Forcing Net, the Nested Cage Contradiction
// family and Locked Nested Trial run in batches (Batches): a batch's later
// steps were found on the board its first was, and were drawn through
// candidates that the steps taken since had removed (tarek's killer 3: 29
// Forcing Net steps; 21: 12 Nested Cage Contradiction; 16: 4 Cage
// Contradiction, found by a nested search; x16-published 2: 30 Locked
// Nested Trial, and 4 Forcing Net Verity steps one of whose premises now
// reaches a contradiction). Each is drawn again on the board it is taken
// on (strategy.Redraw): every step must be drawn on its board, keep the
// solution and be well formed, and the techniques batched must have
// taken at least floor steps.
func TestBatchedStepsRedrawn(t *testing.T) {
	for _, tc := range []struct {
		file      string
		line      int
		published bool // the file is publishedBoard's: puzzle, then solution
		slow      bool
		floor     map[string]int
	}{
		{"../search/testdata/killer9-tarek.txt", 3, false, false, map[string]int{"Forcing Net Contradiction": 20}},
		{"../search/testdata/killer9-tarek.txt", 21, false, false, map[string]int{"Nested Cage Contradiction": 20}},
		{"../search/testdata/killer9-tarek.txt", 16, false, false, map[string]int{"Cage Contradiction": 5, "Nested Cage Contradiction": 10}},
		{"testdata/x16-published.txt", 2, true, true, map[string]int{"Locked Nested Trial": 30, "Forcing Net Contradiction": 30}},
	} {
		t.Run(fmt.Sprintf("%s:%d", tc.file, tc.line), func(t *testing.T) {
			if tc.slow && (solver.Quick() || solver.Race) {
				t.Skip("seconds of CPU: skipped with -short and -race")
			}
			var b *grid.Board
			if tc.published {
				b = publishedBoard(t, tc.file, tc.line)
			} else {
				b = readPuzzles(t, tc.file)[tc.line-1]
			}
			sol := onlySolution(t, b)
			names := grid.Notation{Layout: b.Layout()}
			prev := b.Clone()
			taken := map[string]int{}
			res, err := solver.Solve(context.Background(), b, solver.Options{CheckMultiple: true, OneDeepSearch: true}, func(k int, st *strategy.Step, after *grid.Board) error {
				solver.CheckStep(t, sol, names, fmt.Sprintf("step %d", k), st)
				taken[st.Name()]++
				if !st.DrawnOn(prev) {
					t.Errorf("step %d (%s) is drawn through candidates the board no longer has: %s", k, st.Name(), st.Explain(names))
				}
				if flaws := stepFlaws(prev, st, names); len(flaws) > 0 {
					t.Errorf("step %d (%s): %s", k, st.Name(), strings.Join(flaws, "; "))
				}
				prev.CopyFrom(after)
				return nil
			})
			if err != nil || res.Status != solver.Solved || res.Guesses != 0 {
				t.Fatalf("status %v, %d guesses, %v; want solved by logic", res.Status, res.Guesses, err)
			}
			for name, floor := range tc.floor {
				if taken[name] < floor {
					t.Errorf("%d %s steps taken, want at least %d", taken[name], name, floor)
				}
			}
			t.Logf("steps taken: %v", taken)
		})
	}
}

// publishedBoard returns the board of the line-th puzzle of a file of
// published puzzles, a puzzle and its solution a line.
func publishedBoard(t *testing.T, path string, line int) *grid.Board {
	t.Helper()
	var texts []string
	for _, l := range shared.Lines(t, path) {
		if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			texts = append(texts, f[0])
		}
	}
	if line > len(texts) {
		t.Fatalf("%s has %d puzzles, want %d", path, len(texts), line)
	}
	p, _, err := codec.Decode(texts[line-1], codec.DecodeOptions{})
	if err != nil {
		t.Fatalf("%s puzzle %d: %v", path, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s puzzle %d: %v", path, line, err)
	}
	return b
}

package solver

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestLayoutUnchanged: the slices a layout's methods return are the
// layout's own, shared by the boards of the layout. Solving with every
// strategy (opt-in ones too) and with the search leaves each board's
// layout equal to another copy of it, field by field: no strategy or
// search writes to a layout it reads.
func TestLayoutUnchanged(t *testing.T) {
	fresh, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	max := 40
	if quick() {
		max = 10
	}
	steps := 0
	count := func(int, *strategy.Step, *grid.Board) error { steps++; return nil }
	for _, p := range shared.Puzzles(t, shared.Path(t, "testdata/puzzles/norvig_top95.txt"), max) {
		b := parse(t, p, "", "")
		if !reflect.DeepEqual(fresh, b.Layout()) {
			t.Fatal("two copies of the classic layout differ before any solve")
		}
		for _, opts := range []Options{{Type: LogicOnly, Strategies: strategy.All()}, {CheckMultiple: true}} {
			if _, err := Solve(context.Background(), b, opts, count); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
		}
		if !reflect.DeepEqual(fresh, b.Layout()) {
			t.Fatalf("%s: solving changed the board's layout", p)
		}
	}
	if steps < 10*max {
		t.Fatalf("%d steps in %d puzzles: the solves did not run", steps, max)
	}
}

// TestLayoutWritesStayOwn is the check of issue 36 on the solver: of two
// boards of one puzzle, the first's layout written over through all it
// hands out (with digits in range, so that nothing would panic), the
// second solves as before, with the same steps.
func TestLayoutWritesStayOwn(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	var before, after []string
	log := func(steps *[]string) func(int, *strategy.Step, *grid.Board) error {
		return func(_ int, s *strategy.Step, _ *grid.Board) error {
			*steps = append(*steps, s.Strategy.Name())
			return nil
		}
	}
	res, err := Solve(context.Background(), parse(t, p, "", ""), Options{}, log(&before))
	if err != nil || res.Status != Solved {
		t.Fatalf("before: status %v, %v", res.Status, err)
	}
	want := res.Board.Values()
	first, second := parse(t, p, "", ""), parse(t, p, "", "")
	overwrite(first.Layout())
	res, err = Solve(context.Background(), second, Options{}, log(&after))
	if err != nil || res.Status != Solved || !slices.Equal(res.Board.Values(), want) {
		t.Fatalf("after: status %v, %v, solution %v; want %v", res.Status, err, res.Board.Values(), want)
	}
	if len(before) < 10 || !slices.Equal(before, after) {
		t.Errorf("steps before %v, after %v; want the same, at least 10", before, after)
	}
}

// overwrite writes cell 0 and unit 0 over every table l hands out.
func overwrite(l *grid.Layout) {
	zero := func(s []int) { clear(s) }
	zero(l.Regions())
	for cell := range l.Cells {
		zero(l.Peers(cell))
		zero(l.CellUnit(cell))
	}
	for u := range l.Units() {
		zero(l.Unit(u).Cells)
		l.Unit(u).Kind = grid.Row
	}
	for _, o := range l.Overlaps() {
		zero(o.Cells)
	}
}

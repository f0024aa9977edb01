package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestNamesOnlySame: a solve whose emit reads the steps' names only
// (Options.NamesOnly) takes a batch's later steps drawn through
// candidates gone as found, as a solve without emit does, and must emit
// the same steps, by name and changes, as the solve that draws them, and
// end as it does.
func TestNamesOnlySame(t *testing.T) {
	for _, tc := range []struct {
		line  int
		floor int // batched steps taken as found with NamesOnly, at least
	}{
		{16, 5},
		{21, 5},
	} {
		b := fixture(t, "killer9-tarek.txt", tc.line-1)
		type seen struct {
			name string
			kind strategy.Kind
			elim []strategy.CellDigit
			put  []strategy.CellDigit
		}
		solve := func(namesOnly bool) (*run, []seen) {
			opts := Options{CheckMultiple: true, OneDeepSearch: true, NamesOnly: namesOnly}
			var steps []seen
			r := newRun(b, opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
				steps = append(steps, seen{s.Name(), s.Kind, slices.Clone(s.Eliminations), slices.Clone(s.Placements)})
				return nil
			})
			r.plan(opts)
			if err := r.run(context.Background()); err != nil {
				t.Fatalf("tarek %d: %v", tc.line, err)
			}
			return r, steps
		}
		drawn, ds := solve(false)
		named, ns := solve(true)
		d, n := drawn.res, named.res
		if n.Status != d.Status || n.Steps != d.Steps || n.Guesses != d.Guesses || n.Rating != d.Rating || !slices.Equal(named.b.Values(), drawn.b.Values()) {
			t.Errorf("tarek %d NamesOnly: %v, %d steps, %d guesses, %+v; drawn %v, %d, %d, %+v", tc.line, n.Status, n.Steps, n.Guesses, n.Rating, d.Status, d.Steps, d.Guesses, d.Rating)
		}
		if len(ns) != len(ds) {
			t.Fatalf("tarek %d: %d steps emitted with NamesOnly, %d drawn", tc.line, len(ns), len(ds))
		}
		for i := range ns {
			if a, z := ns[i], ds[i]; a.name != z.name || a.kind != z.kind || !slices.Equal(a.elim, z.elim) || !slices.Equal(a.put, z.put) {
				t.Fatalf("tarek %d step %d: %+v with NamesOnly, %+v drawn", tc.line, i+1, a, z)
			}
		}
		if drawn.undrawn != 0 || named.undrawn < tc.floor {
			t.Errorf("tarek %d: %d batched steps taken as found drawn, %d with NamesOnly; want 0 and at least %d", tc.line, drawn.undrawn, named.undrawn, tc.floor)
		}
		t.Logf("tarek %d: %d steps, %d batched, %d of them taken as found with NamesOnly", tc.line, n.Steps, named.batched, named.undrawn)
	}
}

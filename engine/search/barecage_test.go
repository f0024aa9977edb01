package search

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
)

// zeroCageKiller is the Interactive Sudoku Solver's "Killer sudoku [0
// cage, hard]" (enjoysudoku forum, "fast web-based solver for sudoku
// variants", t39332), in the killer arrow form: its two heads 0 over
// several cells are cages without a total. zeroCageSolution is the
// solution it publishes.
const (
	zeroCageKiller   = "Z<<<<W<<<^0<<>^X<T>^j>>>^>^c^^<<>>^T^<<<^>>>^^S<<^<<0^>^L<<<^^<^>^U<>>^Q>>>^>>>>^"
	zeroCageSolution = "458723196936185274271496583392547618867931452514268739783612945645379821129854367"
)

// TestBareCagesCount counts the solutions of a killer with two cages
// without a total, up to two: one, the published, while their digits must
// differ; two (of more) once the cages are dropped (their cells in no
// cage), so the search sees them.
func TestBareCagesCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		keep bool
		want int
	}{
		{"bare cages", true, 1},
		{"dropped", false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _, err := codec.Decode(zeroCageKiller, codec.DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			bare := slices.DeleteFunc(slices.Clone(p.Cages), func(cg grid.Cage) bool { return cg.Op != grid.OpDistinct })
			if len(bare) != 2 {
				t.Fatalf("%d cages without a total, want 2", len(bare))
			}
			if !tc.keep {
				p.Cages = slices.DeleteFunc(p.Cages, func(cg grid.Cage) bool { return cg.Op == grid.OpDistinct })
			}
			b, err := p.Board(grid.Classic)
			if err != nil {
				t.Fatal(err)
			}
			var s Searcher
			res, err := s.Count(context.Background(), b, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Complete != (tc.want == 1) || len(res.Solutions) != tc.want {
				t.Fatalf("%d solutions (complete %v), want %d", len(res.Solutions), res.Complete, tc.want)
			}
			want := []byte(zeroCageSolution)
			for i := range want {
				want[i] -= '0'
			}
			if tc.keep && !slices.Equal(res.Solutions[0], want) {
				t.Errorf("solution %v, want the published %s", res.Solutions[0], zeroCageSolution)
			}
			for _, sol := range res.Solutions {
				if tc.keep {
					for _, cg := range bare {
						seen := map[uint8]bool{}
						for _, c := range cg.Cells {
							if seen[sol[c]] {
								t.Errorf("solution repeats %d in the cage without a total at cell %d", sol[c], cg.Cells[0])
							}
							seen[sol[c]] = true
						}
					}
				}
			}
		})
	}
}

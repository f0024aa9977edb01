package strategy_test

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestCageSplittingExplain checks that a Cage Splitting step names the cage
// the area cuts, as people do, and reads "is" for a single cell: its text
// said "(from box 2): r4c4 sum to 5", naming neither the cage nor why.
func TestCageSplittingExplain(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // the first Cage Splitting step of a logic solve
	}{
		{
			// engine/solver/testdata/killer-cage-contradiction.golden, step 18:
			// the part of cage 21+ at r2c4 outside box 2 is one cell.
			"one cell",
			"H<KC<9K<<^L^L^<NH^^^^^<>^^<P^^^PH^^L^^L<^^OI^^J<^^^^^^^^^^^^^^^MJ<<E<^^K^<<^^^>>^",
			"Cage Splitting (cage 21+ at r2c4 split by box 2): r4c4 is 5; remove r4c4-3, r4c4-6, r4c4-8, r4c4-9",
		},
		{
			// engine/search/testdata/killer9-hard5.txt line 3, step 123:
			// cage 30+ at r6c4 less its cells in box 8.
			"two cells",
			"M<YL<Q<<<^>^<^M<<^^P<^^<^^K^^^R<<<L^H^O^8>>^^^<^U<^R<^^V^^^<^^^^^^<P<P^v>^<>^^^<<",
			"Cage Splitting (cage 30+ at r6c4 split by box 8): r6c4, r6c5 sum to 11; remove r6c5-9",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := codec.Decode(tt.text, codec.DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := p.Board(grid.Killer)
			if err != nil {
				t.Fatal(err)
			}
			n := grid.Notation{Layout: b.Layout()}
			var got string
			_, err = solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(_ int, s *strategy.Step, _ *grid.Board) error {
				if got == "" && s.Technique != nil && s.Technique.Name() == "Cage Splitting" {
					got = s.Explain(n)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("first Cage Splitting step:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

package solver

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestKillerGolden compares the step log of killers that logic finishes
// with the cage-aware techniques (testdata/NAME.golden).
func TestKillerGolden(t *testing.T) {
	tests := []struct {
		name, text string
		slow       bool // minutes under -race: checked by go test ./engine/... without it
		logicOnly  bool // a logic-only solve, which runs the Deep strategies
	}{
		// killer9.txt line 7: finished without a guess since the cage
		// links (an AIC over a sum link, (9)r4c1=(9)r5c1-(2)r4c1=(2)r5c3,
		// did it first; Killer Subsets and the nets through cages now
		// come first).
		{"killer-sum-chain", "L9B3axd2tjl2tjl4idt484148410ikx00ep328h2tjl1no11ez5366p1lap1ez500ep00ep2tjl09w100ep00ep2tjl1ez54nwx484148411mvl1mvl330x1q1d1ez5093l1qtt48410h011ez51ez52tjl4hld484100ep1ez533td00ep1ez50du900ep48411hch34lt1ez52tjl00ep00ep37rl00ep2ya91ez52tjl0du900ep3axd1no12tjl1ogh2tjl093l00ep1us100ep2tjl1ez52tjl1ez51ez500ep1ez51ez51ez52tjl2tjl", false, false},
		// killer9-cagesize.txt line 2 (no givens, 3-cell cages): finished
		// without a guess since the virtual cages (innies and outies of
		// unions of units less a cage) and Combination Crossover.
		{"killer-virtual-cage", "I<LP<<B<R^^^<^J<^^MH^E>^M^^^^K^>>^O^^^^^<2>^<^^^<UM<<<MJ<>^K<<<^^^^J<<<G^<F<<<>>^", false, false},
		// killer9-cagesize.txt line 11 (no givens, 3-cell cages): takes
		// Innie-Outie Difference and Cage Block steps.
		{"killer-cage-block", "D<I<<F<J<^I<<B<^E^H<L<D^>^A^I<^^<GD^9^9<<>^^^^<A<N<D^HHF<^^>^>^^<^A<<I<FD<<K<<^>^", false, false},
		// killer9-cagesize.txt line 4 (no givens, 3-cell cages): finished
		// without a guess since Cage Contradiction, which takes two steps.
		{"killer-cage-contradiction", "H<KC<9K<<^L^L^<NH^^^^^<>^^<P^^^PH^^L^^L<^^OI^^J<^^^^^^^^^^^^^^^MJ<<E<^^K^<<^^^>>^", false, false},
		// killer9-tarek.txt line 5 (no givens): finished without a guess
		// since Nested Cage Contradiction, which takes 50 steps (stuck
		// after 20 steps, every cell open, before).
		{"killer-nested-contradiction", "L<<H<N<L<^L>^>^D^^>^BJ<I^<I^>^^G^<>^FF<F^<C^H^^I^<>^>^^I^<FE<^MD^<>^^H<^^<G<<>^>^", true, false},
		// killer9-tarek.txt line 18 (no givens): finished without a
		// guess since Long Nested Cage Contradiction (stuck after 43
		// steps, every cell open, before). Its searches take their steps
		// in batches since session 27 (solver.Batches): 84 steps, where
		// first-step searches took 7 and left the rest to Nested Cage
		// Contradiction. The technique is Deep, so a mixed solve runs one
		// search of it before its first guess only with
		// Options.OneDeepSearch (the service's default).
		{"killer-long-nested", "E<D<KA<H<^J<<^O<<^E^I<^J<^C^^^^^^^^^F<<K<M<<<B^X<^I<R9^>^^I^^^^K<^>^>>^F^^A<^7<>^", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.slow && race {
				t.Skip("tens of nested trials: over ten minutes under -race; go test ./engine/... checks it")
			}
			p, _, err := codec.Decode(tt.text, codec.DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := p.Board(grid.Killer)
			if err != nil {
				t.Fatal(err)
			}
			var log strings.Builder
			opts := Options{CheckMultiple: true}
			if tt.logicOnly {
				opts.Type = LogicOnly
			}
			res, err := Solve(context.Background(), b, opts, func(i int, s *strategy.Step, b *grid.Board) error {
				n := grid.Notation{Layout: b.Layout()}
				fmt.Fprintf(&log, "%3d %s %-36s %s\n", i, s.Strategy.Letter(), s.Name(), s.Explain(n))
				if line := nowWithoutBefore(s.Outline(n)); line != "" {
					t.Errorf("step %d: %q says what its group now gives, but no earlier line of its trial keeps the same", i, line)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Guesses != 0 {
				t.Errorf("%d guesses, want a solve by logic", res.Guesses)
			}
			fmt.Fprintf(&log, "%s, %d solution(s), %d steps, %d guesses, %s, score %d\n", res.Status, res.Count, res.Steps, res.Guesses, res.Rating.Level, res.Rating.Score)
			fmt.Fprintf(&log, "%s\n", codec.EncodePlain(res.Board, codec.Symbols("", b.Layout().N)))
			checkGolden(t, tt.name, log.String())
		})
	}
}

// nowWithoutBefore returns the first line of outline that says what a
// group "now gives" where no earlier line of its trial (its lines at its
// depth since its premise) names the group keeping the same combinations,
// "" when none: "now" refers to a line the reader has seen.
func nowWithoutBefore(outline []strategy.OutlineLine) string {
	for i, ln := range outline {
		head, _, ok := strings.Cut(ln.Text, ", which now gives")
		if !ok {
			continue
		}
		seen := false
		for j := i - 1; j >= 0 && outline[j].Depth >= ln.Depth && !seen; j-- {
			t := outline[j].Text
			seen = outline[j].Depth == ln.Depth && (t == head || strings.HasPrefix(t, head+", which now gives") || strings.HasPrefix(t, head+", which gives"))
		}
		if !seen {
			return ln.Text
		}
	}
	return ""
}

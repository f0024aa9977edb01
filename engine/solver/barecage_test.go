package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// TestBareCagesSolve solves killers with cages drawn without their totals
// (grid.OpDistinct) with the service's defaults, every step checked
// against the solution: the published ones of testdata/killer-bare.txt,
// and puzzles derived from the killers of testdata/killer9-hard.txt and
// killer9-cagesize.txt by dropping the totals of every third cage, kept
// where the solution stays unique. A bare cage's cells are peers of each
// other alone, so no strategy may read it as a unit or a sum.
func TestBareCagesSolve(t *testing.T) {
	puzzles := readPublished(t, "testdata/killer-bare.txt")
	derived, kept := 0, 0
	for _, file := range []string{"testdata/killer9-hard.txt", "testdata/killer9-cagesize.txt"} {
		for i, line := range puzzleLines(t, file) {
			name := fmt.Sprintf("%s line %d", file, i+1)
			p, _, err := codec.Decode(strings.Fields(line)[0], codec.DecodeOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for k := range p.Cages {
				if k%3 == 1 && len(p.Cages[k].Cells) > 1 {
					p.Cages[k].Target, p.Cages[k].Op = 0, grid.OpDistinct
				}
			}
			b, err := p.Board(grid.Classic)
			if err != nil {
				t.Fatalf("%s with bare cages: %v", name, err)
			}
			derived++
			var s search.Searcher
			res, err := s.Count(context.Background(), b, 2)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !res.Complete || len(res.Solutions) != 1 {
				continue
			}
			kept++
			puzzles = append(puzzles, publishedPuzzle{name, line, p, res.Solutions[0]})
		}
	}
	t.Logf("%d of %d derived puzzles unique", kept, derived)
	if kept < 8 {
		t.Fatalf("only %d of %d derived puzzles stay unique, want 8 or more", kept, derived)
	}
	if quick() {
		puzzles = puzzles[:3]
	}
	for _, p := range puzzles {
		if len(p.p.Cages) == 0 || !slices.ContainsFunc(p.p.Cages, func(cg grid.Cage) bool { return cg.Op == grid.OpDistinct }) {
			t.Fatalf("%s: no cage without a total", p.name)
		}
		res := solvePublished(t, p)
		if res.Steps < 10 {
			t.Errorf("%s: %d steps, want 10 at least", p.name, res.Steps)
		}
		t.Logf("%s: %d guesses", p.name, res.Guesses)
	}
}

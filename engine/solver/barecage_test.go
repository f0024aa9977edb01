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
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestBareCagesSolve solves killers with cages drawn without their totals
// (grid.OpDistinct) with the service's defaults, every step checked
// against the solution: the published ones of testdata/killer-bare.txt,
// and puzzles derived from the killers of testdata/killer9-hard.txt and
// killer9-cagesize.txt by dropping the totals of every third cage, kept
// where the solution stays unique. A
// bare cage's cells are peers of each other alone, so no strategy may
// read it as a unit or a sum.
func TestBareCagesSolve(t *testing.T) {
	type puzzle struct {
		name string
		p    *codec.Puzzle
		sol  []uint8
	}
	var puzzles []puzzle
	for i, line := range puzzleLines(t, "testdata/killer-bare.txt") {
		text, sol, ok := strings.Cut(line, " ")
		if !ok || len(sol) != 81 {
			t.Fatalf("line %q: want <arrow string> <81 digits>", line)
		}
		p, _, err := codec.Decode(text, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("published %d: %v", i+1, err)
		}
		digits := make([]uint8, 81)
		for j := range sol {
			digits[j] = sol[j] - '0'
		}
		puzzles = append(puzzles, puzzle{fmt.Sprintf("published %d", i+1), p, digits})
	}
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
			puzzles = append(puzzles, puzzle{name, p, res.Solutions[0]})
		}
	}
	t.Logf("%d of %d derived puzzles unique", kept, derived)
	if kept < 8 {
		t.Fatalf("only %d of %d derived puzzles stay unique, want 8 or more", kept, derived)
	}
	if quick() {
		puzzles = puzzles[:3]
	}
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted}
	steps := 0
	for _, p := range puzzles {
		b, err := p.p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if len(b.Layout().BareCages()) == 0 {
			t.Fatalf("%s: no cage without a total", p.name)
		}
		n := grid.Notation{Layout: b.Layout()}
		res, err := Solve(context.Background(), b, opts, func(k int, st *strategy.Step, _ *grid.Board) error {
			if st.Kind != strategy.Guess && st.Kind != strategy.Backtrack {
				checkStep(t, p.sol, n, fmt.Sprintf("%s step %d", p.name, k), st)
				steps++
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if res.Status != Solved || res.Count != 1 || !res.CountComplete || !slices.Equal(res.Board.Values(), p.sol) {
			t.Fatalf("%s: %v, %d solutions (complete %v)", p.name, res.Status, res.Count, res.CountComplete)
		}
		t.Logf("%s: %d guesses", p.name, res.Guesses)
	}
	if steps < 10*len(puzzles) {
		t.Errorf("%d steps for %d puzzles, want 10 a puzzle at least", steps, len(puzzles))
	}
}

// puzzleLines returns the lines of a fixture, less blank lines and lines
// starting with #.
func puzzleLines(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, line := range shared.Lines(t, path) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

package strategy_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerAt reads line (1-based) of a file of puzzle texts.
func killerAt(tb testing.TB, path string, line int) *grid.Board {
	tb.Helper()
	lines := shared.Lines(tb, path)
	if line < 1 || line > len(lines) {
		tb.Fatalf("%s has no line %d", path, line)
	}
	p, _, err := codec.Decode(lines[line-1], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		tb.Fatalf("%s:%d: %v", path, line, err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		tb.Fatalf("%s:%d: %v", path, line, err)
	}
	return b
}

// cageIntersectionBoards returns the boards Cage Intersection is tested and
// measured on: those before every fifth step of the logic solves of the
// first killer of engine/solver/testdata/killer9-cagesize.txt and the
// first of killer9-tarek.txt.
func cageIntersectionBoards(tb testing.TB) []*grid.Board {
	tb.Helper()
	var boards []*grid.Board
	for _, f := range []struct {
		path  string
		lines int
	}{{"../solver/testdata/killer9-cagesize.txt", 1}, {"../search/testdata/killer9-tarek.txt", 1}} {
		for line := 1; line <= f.lines; line++ {
			b := killerAt(tb, f.path, line)
			boards = append(boards, b.Clone())
			_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.LogicOnly}, func(k int, _ *strategy.Step, after *grid.Board) error {
				if k%5 == 0 {
					boards = append(boards, after.Clone())
				}
				return nil
			})
			if err != nil {
				tb.Fatal(err)
			}
		}
	}
	return boards
}

// TestCageIntersectionSteps compares every step Cage Intersection finds
// (find-all mode) on the cageIntersectionBoards with a golden file:
// written by the enumeration of joint fillings it replaced, so the linear
// search finds the same steps, byte for byte (go test -update rewrites
// it).
func TestCageIntersectionSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: killer solves")
	}
	var log strings.Builder
	found := 0
	for i, b := range cageIntersectionBoards(t) {
		n := grid.Notation{Layout: b.Layout()}
		sink := strategy.Sink{All: true}
		strategy.CageIntersection.Find(b, &sink)
		for _, s := range sink.Steps() {
			found++
			fmt.Fprintf(&log, "%d: %s\n", i, s.Explain(n))
		}
	}
	if found < 50 {
		t.Errorf("%d Cage Intersection steps, want at least 50", found)
	}
	golden := filepath.Join("testdata", "cage-intersection.golden")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(log.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if log.String() != string(want) {
		t.Errorf("Cage Intersection steps differ from %s", golden)
	}
}

// BenchmarkCageIntersection runs Cage Intersection in find-all mode on the
// cageIntersectionBoards.
func BenchmarkCageIntersection(b *testing.B) {
	boards := cageIntersectionBoards(b)
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			sink := strategy.Sink{All: true}
			strategy.CageIntersection.Find(bd, &sink)
		}
	}
}

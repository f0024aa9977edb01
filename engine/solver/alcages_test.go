package solver_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestMakeKillerCageSets writes testdata/killer9-cagesize.txt: killers
// without givens whose cages all have one size, made by the generator. It
// is a tool, run on demand: SUDOKU_MAKE_KILLERS=1 go test -run
// MakeKillerCageSets -v ./engine/solver (the puzzles it finds within its
// budget are appended; seeds are fixed).
func TestMakeKillerCageSets(t *testing.T) {
	if os.Getenv("SUDOKU_MAKE_KILLERS") == "" {
		t.Skip("a tool: set SUDOKU_MAKE_KILLERS=1 to run it")
	}
	f, err := os.OpenFile(filepath.Join("testdata", "killer9-cagesize.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, size := range []int{5, 4, 3, 2} {
		for seed := uint64(1); seed <= 8; seed++ {
			ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
			res, err := generate.Generate(ctx, generate.Config{Variant: grid.Killer, CageSize: size, Seed: seed,
				NonMinimal: true, MaxAttempts: 200, MaxNodes: 2_000_000})
			cancel()
			if err != nil {
				t.Logf("cage size %d seed %d: %v", size, seed, err)
				continue
			}
			s, err := codec.EncodeKillerArrows(codec.FromBoard(res.Puzzle))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, "%s\n", s)
			t.Logf("cage size %d seed %d: %s", size, seed, s)
		}
	}
}

// TestKillerLogicReport measures the share of the hard killers logic
// finishes without a guess (docs/variant-techniques.md quotes it). It is a
// measurement, run on demand: SUDOKU_KILLER_REPORT=1 go test -run
// KillerLogicReport -v ./engine/solver.
func TestKillerLogicReport(t *testing.T) {
	if os.Getenv("SUDOKU_KILLER_REPORT") == "" {
		t.Skip("a measurement: set SUDOKU_KILLER_REPORT=1 to run it")
	}
	files := []string{
		"testdata/killer9-cagesize.txt",
		"testdata/killer9-hard.txt",
		"../search/testdata/killer9-hard5.txt",
		"../search/testdata/killer9-extreme.txt",
		"../search/testdata/killer9-tarek.txt",
	}
	for _, file := range files {
		if _, err := os.Stat(file); err != nil {
			t.Logf("%s: %v", file, err)
			continue
		}
		boards := readPuzzles(t, file)
		solved := 0
		start := time.Now()
		for _, b := range boards {
			out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if out.Status == solver.Solved {
				solved++
			}
		}
		t.Logf("%-40s %3d/%3d by logic (%.1fs)", file, solved, len(boards), time.Since(start).Seconds())
	}
}

// TestAlmostLockedCagesSound solves generated killers by logic and checks
// every step against the solution, counting the chains through an almost
// locked cage (a cage's combinations linking two of its digits): there
// must be some, so that the test fails if the links stop being found.
func TestAlmostLockedCagesSound(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: minutes on killers; CI runs it without")
	}
	boards := readPuzzles(t, "testdata/killer9-cagesize.txt")
	if solver.Quick() && len(boards) > 3 {
		boards = boards[:3]
	}
	found := 0
	for i, b := range boards {
		out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{CheckMultiple: true}, nil)
		if err != nil || out.Status != solver.Solved || out.Count != 1 {
			t.Fatalf("puzzle %d: no unique solution (%v)", i, err)
		}
		sol := out.Board.Values()
		n := grid.Notation{Layout: b.Layout()}
		_, err = solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(k int, s *strategy.Step, _ *grid.Board) error {
			for _, p := range s.Placements {
				if sol[p.Cell] != uint8(p.Digit) {
					t.Errorf("puzzle %d step %d: places %s=%d, solution %d: %s", i, k, n.CellName(p.Cell), p.Digit, sol[p.Cell], s.Explain(n))
				}
			}
			for _, e := range s.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Errorf("puzzle %d step %d: removes the solution's %d from %s: %s", i, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
				}
			}
			if strings.Contains(s.Explain(n), "every combination left holds") {
				found++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("chains through an almost locked cage: %d", found)
	if found < 1 {
		t.Errorf("%d chains through an almost locked cage, want at least 1", found)
	}
}

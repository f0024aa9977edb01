package solver_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// variantSet is a set of variant puzzles: read from a file, or generated.
type variantSet struct {
	name string
	// file is a file of puzzle texts, one a line: a name in
	// engine/search/testdata, or a path from engine/solver.
	file    string
	variant grid.Variant
	size    int
	count   int // generated puzzles
	// without are strategies its logic solves leave out (TestVariantForcingSound).
	without []*strategy.Strategy
}

// variantSets are the sets TestVariantLogicReport measures.
var variantSets = []variantSet{
	{name: "killer9-tarek", file: "killer9-tarek.txt"},
	{name: "killer9-extreme", file: "killer9-extreme.txt"},
	{name: "killer9-hard5", file: "killer9-hard5.txt"},
	{name: "killer9-mathemagic", file: "killer9-mathemagic.txt"},
	{name: "killer9-cagesize", file: "testdata/killer9-cagesize.txt"},
	{name: "killer9-cage5-hard", file: "testdata/killer9-cage5-hard.txt"},
	{name: "killer9-big", file: "killer9-big.txt"},
	{name: "killer9", file: "killer9.txt"},
	{name: "killer16", file: "killer16.txt"},
	{name: "kenken9", file: "kenken9.txt"},
	{name: "cages", file: "cages.txt"},
	{name: "kenken-hard", file: "testdata/kenken-hard.txt"},
	{name: "generated KenKen 7×7", variant: grid.KenKen, size: 7, count: 12},
	{name: "generated KenKen 8×8", variant: grid.KenKen, size: 8, count: 12},
	{name: "generated KenKen 9×9", variant: grid.KenKen, size: 9, count: 12},
	{name: "generated Str8ts 9×9", variant: grid.Str8ts, size: 9, count: 12},
	{name: "generated Str8ts B 9×9", variant: grid.Str8tsB, size: 9, count: 6},
	{name: "generated Str8ts X 9×9", variant: grid.Str8tsX, size: 9, count: 6},
	{name: "generated Str8ts BX 9×9", variant: grid.Str8tsBX, size: 9, count: 6},
	{name: "str8ts-hard", file: "testdata/str8ts-hard.txt"},
	{name: "str8ts-extreme", file: "testdata/str8ts-extreme.txt"},
	{name: "str8ts-published", file: "testdata/str8ts-published.txt"},
	{name: "str8ts-weekly", file: "testdata/str8ts-weekly.txt"},
	{name: "kenken-extreme", file: "testdata/kenken-extreme.txt"},
	{name: "jigsaw9-extreme", file: "testdata/jigsaw9-extreme.txt"},
	{name: "windoku9-extreme", file: "testdata/windoku9-extreme.txt"},
	{name: "x9-extreme", file: "testdata/x9-extreme.txt"},
	{name: "x16-extreme", file: "testdata/x16-extreme.txt"},
	{name: "x25", file: "x25.txt"},
	{name: "25x25-published", file: "25x25-published.txt"},
}

// readPuzzles returns the boards of a file of puzzle texts, one a line
// (blank lines and lines starting with # left out).
func readPuzzles(t testing.TB, path string) []*grid.Board {
	t.Helper()
	var boards []*grid.Board
	for _, line := range shared.Lines(t, path) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("%s: %.40s: %v", path, line, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s: %.40s: %v", path, line, err)
		}
		boards = append(boards, b)
	}
	return boards
}

// boards returns the puzzles of the set, with their solutions when
// generated (nil otherwise).
func (vs variantSet) boards(t *testing.T) ([]*grid.Board, [][]uint8) {
	t.Helper()
	var boards []*grid.Board
	var sols [][]uint8
	if vs.file != "" {
		path := vs.file
		if filepath.Base(path) == path {
			path = filepath.Join("..", "search", "testdata", path)
		}
		boards = readPuzzles(t, path)
		sols = make([][]uint8, len(boards))
		return boards, sols
	}
	for i := range vs.count {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := generate.Generate(ctx, generate.Config{Variant: vs.variant, Size: vs.size, Seed: uint64(7000 + 100*vs.size + i), MaxAttempts: 10})
		cancel()
		if err != nil {
			t.Fatalf("%s %d: %v", vs.name, i, err)
		}
		boards = append(boards, res.Puzzle)
		sols = append(sols, res.Solution.Values())
	}
	return boards, sols
}

// TestVariantLogicReport measures the share of variant puzzles logic
// finishes without a guess (docs/variant-techniques.md quotes it). It is a
// measurement, run on demand: SUDOKU_VARIANT_REPORT=1 go test -run
// VariantLogicReport -v ./engine/solver; SUDOKU_VARIANT_SETS=killer9-
// measures only the sets whose names hold killer9-.
func TestVariantLogicReport(t *testing.T) {
	if os.Getenv("SUDOKU_VARIANT_REPORT") == "" {
		t.Skip("a measurement: set SUDOKU_VARIANT_REPORT=1 to run it")
	}
	only := os.Getenv("SUDOKU_VARIANT_SETS")
	for _, vs := range variantSets {
		if !strings.Contains(vs.name, only) {
			continue
		}
		boards, _ := vs.boards(t)
		solved, plain := 0, 0
		start := time.Now()
		for _, b := range boards {
			nets := 0
			out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{Type: solver.LogicOnly}, func(_ int, s *strategy.Step, _ *grid.Board) error {
				if s.Strategy == strategy.ForcingNet() || s.Strategy == strategy.ForcingChain() {
					nets++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if out.Status == solver.Solved {
				solved++
				if nets == 0 {
					plain++
				}
			}
		}
		t.Logf("%-24s %3d/%3d by logic, %3d without forcing chains or nets (%.1fs)", vs.name, solved, len(boards), plain, time.Since(start).Seconds())
	}
}

// TestVariantForcingSound solves killers, generated KenKen and generated
// Str8ts and checks every deduction against the solution, counting the
// forcing-net steps that follow a cage, compartment or rule-of-45 sum and
// the Killer Subsets steps: there must be some of each, so that the test
// fails if the nets stop following the rules or the finder finds nothing.
func TestVariantForcingSound(t *testing.T) {
	if solver.Race {
		// Minutes under the race detector even on a sample; CI runs it in
		// full without -race, and -short samples it.
		t.Skip("skipped under -race")
	}
	sets := []variantSet{
		{name: "killer9", file: "killer9.txt"},
		// The killers of killer9.txt no longer need forcing nets since
		// the virtual cages, nor those of killer9-hard5.txt since the
		// group nodes and virtual cages in the link graph; these lines
		// 23, 27 and 30 of killer9-tarek.txt do.
		{name: "killer9-nets", file: "testdata/killer9-nets.txt"},
		// The KenKen line fillings finish these without nets; without
		// them the nets run through the cages.
		{name: "generated KenKen 9×9", variant: grid.KenKen, size: 9, count: 12, without: []*strategy.Strategy{strategy.LineCageFillings(), strategy.TwoLineCageFillings()}},
		// Compartment Trial (T2) comes before the nets and finishes
		// these without them; without it the nets run through the
		// compartments.
		{name: "generated Str8ts 9×9", variant: grid.Str8ts, size: 9, count: 12, without: []*strategy.Strategy{strategy.CompartmentTrial()}},
		{name: "generated Str8ts B 9×9", variant: grid.Str8tsB, size: 9, count: 6, without: []*strategy.Strategy{strategy.CompartmentTrial()}},
	}
	limit := 0 // puzzles a set, 0 for all
	if solver.Quick() {
		limit = 4
	}
	ruled := map[string]int{}
	subsets := map[string]int{}  // Killer Subsets steps
	sums := map[string]int{}     // forcing-net steps through the rule of 45
	cageNets := map[string]int{} // cage forcing nets (branching on a cage's combinations)
	for _, vs := range sets {
		boards, sols := vs.boards(t)
		if n := limit; n > 0 {
			if vs.file != "" {
				n = 2 // the killers take longest
			}
			if len(boards) > n {
				boards, sols = boards[:n], sols[:n]
			}
		}
		for i, b := range boards {
			sol := sols[i]
			if sol == nil {
				out, err := solver.Solve(context.Background(), b.Clone(), solver.Options{CheckMultiple: true}, nil)
				if err != nil || out.Status != solver.Solved || out.Count != 1 {
					t.Fatalf("%s %d: no unique solution (%v)", vs.name, i, err)
				}
				sol = out.Board.Values()
			}
			n := grid.Notation{Layout: b.Layout()}
			opts := solver.Options{Type: solver.LogicOnly}
			if vs.without != nil {
				for _, st := range strategy.All() {
					if !slices.Contains(vs.without, st) {
						opts.Strategies = append(opts.Strategies, st)
					}
				}
			}
			_, err := solver.Solve(context.Background(), b.Clone(), opts, func(k int, s *strategy.Step, _ *grid.Board) error {
				for _, p := range s.Placements {
					if sol[p.Cell] != uint8(p.Digit) {
						t.Errorf("%s %d step %d: places %s=%d, solution %d: %s", vs.name, i, k, n.CellName(p.Cell), p.Digit, sol[p.Cell], s.Explain(n))
					}
				}
				for _, e := range s.Eliminations {
					if sol[e.Cell] == uint8(e.Digit) {
						t.Errorf("%s %d step %d: removes the solution's %d from %s: %s", vs.name, i, k, e.Digit, n.CellName(e.Cell), s.Explain(n))
					}
				}
				if s.Strategy == strategy.ForcingNet() && strings.Contains(s.Explain(n), "(by ") {
					ruled[vs.name]++
					// The net draws the rules it followed as nodes.
					if !slices.ContainsFunc(s.Nodes, func(nd strategy.Node) bool {
						return nd.Kind == strategy.CageNode || nd.Kind == strategy.CompartmentNode || nd.Kind == strategy.SumNode
					}) {
						t.Errorf("%s %d step %d: no cage, compartment or sum node: %s", vs.name, i, k, s.Explain(n))
					}
					if slices.ContainsFunc(s.Nodes, func(nd strategy.Node) bool { return nd.Kind == strategy.SumNode }) {
						sums[vs.name]++
					}
				}
				if s.Strategy == strategy.KillerSubsets() {
					subsets[vs.name]++
				}
				if s.Name() == "Cage Forcing Net" {
					cageNets[vs.name]++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("forcing-net steps through a cage or compartment rule: %v, through the rule of 45: %v; cage forcing nets: %v; killer subsets: %v", ruled, sums, cageNets, subsets)
	if sums["killer9-nets"] < 20 {
		t.Errorf("killer9-nets: %d forcing-net steps through the rule of 45, want at least 20", sums["killer9-nets"])
	}
	if subsets["killer9"] < 1 {
		t.Errorf("killer9: %d Killer Subsets steps, want at least 1", subsets["killer9"])
	}
	for name, least := range map[string]int{"killer9-nets": 3, "generated Str8ts 9×9": 1, "generated KenKen 9×9": 1} {
		if ruled[name] < least {
			t.Errorf("%s: %d forcing-net steps through a cage or compartment rule, want at least %d", name, ruled[name], least)
		}
	}
}

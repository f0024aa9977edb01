package solver_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// agreeVariants are the layouts TestSolveAgreesWithCount generates its
// boards from: every variant of the model, with its regions, extra units,
// cages and black cells.
var agreeVariants = []struct {
	name    string
	size    int
	variant grid.Variant
}{
	{"classic 4", 4, grid.Classic},
	{"classic 9", 9, grid.Classic},
	{"X", 9, grid.X},
	{"Windoku", 9, grid.Windoku},
	{"Colour", 9, grid.Colour},
	{"jigsaw 7", 7, grid.Jigsaw},
	{"jigsaw 9", 9, grid.Jigsaw},
	{"killer 6", 6, grid.Killer},
	{"killer 9", 9, grid.Killer},
	{"killer jigsaw", 9, grid.KillerJigsaw},
	{"killer X", 9, grid.KillerX},
	{"KenKen 5", 5, grid.KenKen},
	{"KenKen 7", 7, grid.KenKen},
	{"KenDoku 6", 6, grid.KenDoku},
	{"Str8ts 6", 6, grid.Str8ts},
	{"Str8ts 9", 9, grid.Str8ts},
	{"Str8ts X", 9, grid.Str8tsX},
	{"Str8ts B", 6, grid.Str8tsB},
	{"Str8ts BX", 9, grid.Str8tsBX},
}

// agreeCase is a board of TestSolveAgreesWithCount: a generated puzzle,
// perhaps changed (see perturb), and its solutions as the exact search
// counts them, up to two.
type agreeCase struct {
	name      string
	board     *grid.Board
	solutions [][]uint8
}

// TestSolveAgreesWithCount solves boards of every variant with no, one
// and several solutions and checks the solver against the exact search:
// generated puzzles as they are, with clues taken away (several
// solutions), a clue changed or two cage targets moved apart (most often
// none), a killer cage drawn without its total or left out, and digits
// entered as progress rather than clues. For each board:
//
//   - a default mixed solve (the service's: counting, the deep round)
//     ends with the status the count gives, the solution when there is
//     one, and the count;
//   - a logic-only solve takes no step that removes a digit of a solution
//     the search found or places one that a solution lacks, and ends
//     solved only on the one solution;
//   - on boards of 6×6 and smaller, mixed solves guessing in descending
//     order with backtracking and in random order, and guessing-only
//     solves in the guided and ascending orders, end with the same
//     status.
//
// The unique generated puzzles are what the other soundness tests check;
// the boards of several solutions or none are where a step presuming
// uniqueness, or a solve that stops counting early, would give a silent
// wrong answer (as the Avoidable Rectangles on boards of entries did,
// session 40), or a panic (reporting the first solution of a Str8ts of
// several, whose empty black cells hold no digit: this test found it).
// Floors on each kind of board and on the steps checked keep it from
// passing on boards that test nothing.
func TestSolveAgreesWithCount(t *testing.T) {
	if solver.Race {
		t.Skip("skipped under -race: one goroutine, a minute of CPU there; CI runs it without -race")
	}
	changes := agreeChanges
	if solver.Quick() {
		changes = quickChanges
	}
	rng := rand.New(rand.NewPCG(41, 1))
	byCount := map[int]int{}
	steps := 0
	for vi, v := range agreeVariants {
		res, err := generate.Generate(context.Background(), generate.Config{Size: v.size, Variant: v.variant, Seed: uint64(100 + vi), MaxAttempts: 50})
		if err != nil {
			t.Fatalf("%s: generate: %v", v.name, err)
		}
		for k, change := range changes {
			c, ok := perturb(t, res.Puzzle, res.Solution.Values(), change, rng)
			if !ok {
				continue
			}
			c.name = fmt.Sprintf("%s, board %d (%s)", v.name, k, c.name)
			var s search.Searcher
			s.MaxNodes = 2_000_000
			cnt, err := s.Count(context.Background(), c.board, 2)
			if err != nil || !cnt.Complete && len(cnt.Solutions) < 2 {
				t.Logf("%s: the count did not settle (%v): left out", c.name, err)
				continue
			}
			c.solutions = cnt.Solutions
			byCount[len(c.solutions)]++
			checkMixedAgrees(t, c)
			steps += checkLogicAgrees(t, c)
			if v.size <= 6 {
				checkOptionsAgree(t, c)
			}
		}
	}
	t.Logf("boards by solutions counted (0, 1, 2 or more): %v; logic steps checked: %d", byCount, steps)
	floor, stepFloor := 30, 5000
	if solver.Quick() {
		floor, stepFloor = 10, 2000
	}
	for n := range 3 {
		if byCount[n] < floor {
			t.Errorf("%d boards with %d solutions, want at least %d", byCount[n], n, floor)
		}
	}
	if steps < stepFloor {
		t.Errorf("%d logic steps checked, want at least %d", steps, stepFloor)
	}
}

// The changes perturb makes to a generated puzzle.
const (
	asGenerated  = iota
	cluesAway    // one to three clues taken away: most often several solutions
	clueChanged  // a clue changed to another digit: most often none
	targetsMoved // two cage targets moved apart, their total kept: most often none
	entered      // digits of the solution entered as progress, not clues
	cageChanged  // a killer cage drawn without its total, or left out
)

// agreeChanges are the changes TestSolveAgreesWithCount makes to each
// generated puzzle, in turn, and quickChanges those of its sample.
var (
	agreeChanges = []int{asGenerated, cluesAway, clueChanged, targetsMoved, cluesAway, targetsMoved, entered, cageChanged, clueChanged, cluesAway}
	quickChanges = []int{cluesAway, clueChanged, targetsMoved, cageChanged}
)

// perturb returns the board made from puzzle (whose solution is sol) by
// change, with its name, or false when the change leaves no valid board.
// A change that does not apply to the variant (targets without cages, a
// cage of no killer) makes another.
func perturb(t *testing.T, puzzle *grid.Board, sol []uint8, change int, rng *rand.Rand) (agreeCase, bool) {
	t.Helper()
	l := puzzle.Layout()
	cfg := grid.Config{Size: l.N, Variant: l.Variant, Cages: slices.Clone(l.AllCages()), Black: l.BlackCells()}
	if l.BoxRows == 0 && l.Regions() != nil {
		cfg.Regions = l.Regions()
	}
	var givens []int
	clues := make([]uint8, l.Cells)
	for c := range l.Cells {
		if puzzle.Given(c) {
			givens = append(givens, c)
			clues[c] = puzzle.Value(c)
		}
	}
	if change == targetsMoved && len(cfg.Cages) < 2 {
		change = clueChanged
	}
	if change == cageChanged && (!l.Variant.IsKiller() || len(cfg.Cages) < 2) {
		change = entered
	}
	if change == clueChanged && len(givens) == 0 {
		change = targetsMoved
	}
	if change == targetsMoved && len(cfg.Cages) == 0 {
		return agreeCase{}, false // no clue and no cage to change
	}
	var entries []uint8
	var what string
	switch change {
	case asGenerated:
		what = "as generated"
	case cluesAway:
		n := 1 + rng.IntN(3)
		for i := 0; i < n && len(givens) > 0; i++ {
			j := rng.IntN(len(givens))
			clues[givens[j]] = 0
			givens = slices.Delete(givens, j, j+1)
		}
		what = fmt.Sprintf("%d clues taken away", n)
	case clueChanged:
		c := givens[rng.IntN(len(givens))]
		clues[c] = uint8(1 + (int(clues[c])+rng.IntN(l.N-1))%l.N)
		what = "a clue changed"
	case targetsMoved:
		var sums []int
		for i, cg := range cfg.Cages {
			if cg.Op == grid.OpAdd {
				sums = append(sums, i)
			}
		}
		if len(sums) < 2 {
			cfg.Cages[0].Target++
		} else {
			a := rng.IntN(len(sums))
			b := (a + 1 + rng.IntN(len(sums)-1)) % len(sums)
			cfg.Cages[sums[a]].Target++
			cfg.Cages[sums[b]].Target--
		}
		what = "cage targets moved"
	case entered:
		entries = make([]uint8, l.Cells)
		for range 2 + rng.IntN(5) {
			if c := rng.IntN(l.Cells); clues[c] == 0 && !l.IsBlack(c) {
				entries[c] = sol[c]
			}
		}
		what = "entries"
	case cageChanged:
		i := rng.IntN(len(cfg.Cages))
		if rng.IntN(2) == 0 && len(cfg.Cages[i].Cells) > 1 {
			cfg.Cages[i].Op, cfg.Cages[i].Target = grid.OpDistinct, 0
			what = "a cage without its total"
		} else {
			cfg.Cages = slices.Delete(cfg.Cages, i, i+1)
			what = "a cage left out"
		}
	}
	return newAgreeCase(t, cfg, clues, entries, what)
}

// newAgreeCase builds the board of cfg with clues and entries as the
// service does (grid.Load), or reports false when cfg is no valid layout
// or the digits repeat among peers, which a request is refused for.
func newAgreeCase(t *testing.T, cfg grid.Config, clues, entries []uint8, what string) (agreeCase, bool) {
	t.Helper()
	l, err := grid.NewLayout(cfg)
	if err != nil {
		return agreeCase{}, false
	}
	cells := make([]grid.CellState, l.Cells)
	for c := range cells {
		switch {
		case clues[c] != 0:
			cells[c] = grid.CellState{Value: int(clues[c]), Given: true}
		case entries != nil && entries[c] != 0:
			cells[c] = grid.CellState{Value: int(entries[c])}
		}
	}
	b, err := grid.Load(l, cells)
	if err != nil {
		return agreeCase{}, false
	}
	return agreeCase{name: what, board: b}, true
}

// agreeOptions are the service's defaults for a solve of type ty (see
// service.Server.solveOptions): counting, guesses guided by the count's
// solution, the deep round, its caps.
func agreeOptions(ty solver.SolvingType) solver.Options {
	return solver.Options{Type: ty, Order: solver.Guided, CheckMultiple: true, OneDeepSearch: true, MaxNodes: 10_000_000, MaxSteps: 100_000}
}

// checkStatus reports whether a solve's outcome agrees with the solutions
// counted: no solution, the one solution, or several.
func checkStatus(c agreeCase, res *solver.Result) error {
	switch len(c.solutions) {
	case 0:
		if res.Status != solver.NoSolution {
			return fmt.Errorf("status %v (count %d), the search finds no solution", res.Status, res.Count)
		}
	case 1:
		if res.Status != solver.Solved || !res.Board.ValuesEqual(c.solutions[0]) {
			return fmt.Errorf("status %v, the search finds one solution", res.Status)
		}
	default:
		if res.Status != solver.MultipleSolutions {
			return fmt.Errorf("status %v (count %d), the search finds several solutions", res.Status, res.Count)
		}
	}
	return nil
}

// checkMixedAgrees solves c's board with the service's defaults.
func checkMixedAgrees(t *testing.T, c agreeCase) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := solver.Solve(ctx, c.board, agreeOptions(solver.Mixed), nil)
	if err != nil {
		t.Errorf("%s: mixed solve: %v", c.name, err)
		return
	}
	if err := checkStatus(c, res); err != nil {
		t.Errorf("%s: mixed solve: %v", c.name, err)
	}
	if want := min(len(c.solutions), 2); res.Count != want || !res.CountComplete && want < 2 {
		t.Errorf("%s: mixed solve counted %d (complete %v), the search %d", c.name, res.Count, res.CountComplete, len(c.solutions))
	}
}

// checkLogicAgrees solves c's board by logic alone, checking every step
// against the solutions counted, and returns the steps checked.
func checkLogicAgrees(t *testing.T, c agreeCase) int {
	t.Helper()
	steps := 0
	emit := func(index int, st *strategy.Step, b *grid.Board) error {
		n := grid.Notation{Layout: b.Layout()}
		what := fmt.Sprintf("%s: step %d (%s)", c.name, index, st.Name())
		for _, sol := range c.solutions {
			solver.CheckStep(t, sol, n, what, st)
		}
		steps++
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := solver.Solve(ctx, c.board, agreeOptions(solver.LogicOnly), emit)
	if err != nil {
		t.Errorf("%s: logic-only solve: %v", c.name, err)
		return steps
	}
	if res.Status == solver.Solved && (len(c.solutions) != 1 || !res.Board.ValuesEqual(c.solutions[0])) {
		t.Errorf("%s: logic-only solve ended solved; the search finds %d solutions", c.name, len(c.solutions))
	}
	if res.Status == solver.NoSolution && len(c.solutions) > 0 {
		t.Errorf("%s: logic-only solve found no solution; the search finds %d", c.name, len(c.solutions))
	}
	return steps
}

// checkOptionsAgree solves c's board guessing in other ways than the
// mixed defaults: each must end with the status of the count.
func checkOptionsAgree(t *testing.T, c agreeCase) {
	t.Helper()
	desc := agreeOptions(solver.Mixed)
	desc.Order, desc.OnGuess = solver.Descending, solver.BacktrackChanges
	random := agreeOptions(solver.Mixed)
	random.Order, random.Seed = solver.Random, 7
	guess := agreeOptions(solver.GuessingOnly)
	guess.Order = solver.Ascending
	for _, o := range []solver.Options{desc, random, agreeOptions(solver.GuessingOnly), guess} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		res, err := solver.Solve(ctx, c.board, o, nil)
		cancel()
		if err != nil {
			t.Errorf("%s: solve (type %v, order %v, on guess %v): %v", c.name, o.Type, o.Order, o.OnGuess, err)
			continue
		}
		if err := checkStatus(c, res); err != nil {
			t.Errorf("%s: solve (type %v, order %v, on guess %v): %v", c.name, o.Type, o.Order, o.OnGuess, err)
		}
	}
}

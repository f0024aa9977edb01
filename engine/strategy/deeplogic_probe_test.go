package strategy_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/cputime"
)

// boardBeforeGuess returns the board where a default mixed solve of b
// makes its first guess, and the steps before it.
func boardBeforeGuess(t *testing.T, b *grid.Board) (*grid.Board, int) {
	t.Helper()
	var first *grid.Board
	before := b.Clone()
	steps := 0
	_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.Mixed}, func(i int, s *strategy.Step, after *grid.Board) error {
		if s.Strategy == strategy.Guessing() || s.Strategy == strategy.StrongCageContradiction() {
			first = before.Clone()
			return errFound
		}
		steps = i
		before.CopyFrom(after)
		return nil
	})
	if err != nil && !errors.Is(err, errFound) {
		t.Fatal(err)
	}
	if first == nil {
		t.Fatalf("the solve takes no guess")
	}
	return first, steps
}

// TestDeepLogicProbe is the measurement behind Strong Cage Contradiction
// (docs/variant-techniques.md, session 12): on the board where the
// default mixed solve of each killer named by SUDOKU_PROBE (file:line of
// engine/search/testdata, comma-separated) first guesses, or takes its
// first Strong Cage Contradiction step, it follows every open candidate
// with Cage Contradiction's trial (the strong one with
// SUDOKU_PROBE_STRONG set) and, with SUDOKU_PROBE_NESTED set, with the
// nested trial, and logs what they refute, whether any of it is the
// solution's, and the looks of the nested refutations in the order of
// reach. Skipped without SUDOKU_PROBE.
func TestDeepLogicProbe(t *testing.T) {
	puzzles := probePuzzles(t, "SUDOKU_PROBE")
	strong := os.Getenv("SUDOKU_PROBE_STRONG") != ""
	nested := os.Getenv("SUDOKU_PROBE_NESTED") != ""
	for _, pz := range puzzles {
		file, line := pz.file, pz.line
		b := killerLine(t, file, line)
		sol := onlySolution(t, b)
		pos, steps := boardBeforeGuess(t, b)
		open, falseN := 0, 0
		for c := range pos.Layout().Cells {
			if pos.Value(c) == 0 {
				open += pos.Cands(c).Count()
				falseN += pos.Cands(c).Count() - 1
			}
		}
		start := time.Now()
		rs := strategy.Probe(pos, strong, nested)
		el := time.Since(start)
		d1, nn, wrong := 0, 0, 0
		var looks []int
		total := 0
		for _, r := range rs {
			if (r.Depth1 || r.Nested) && int(sol[r.Cell]) == r.Digit {
				wrong++
			}
			total += r.Looks
			if r.Depth1 {
				d1++
			}
			if r.Nested {
				nn++
				looks = append(looks, r.Looks)
			}
		}
		slices.Sort(looks)
		// looks to the first refutation in the order of reach (O2's), and
		// the refuted ones' reach ranks
		byReach := slices.Clone(rs)
		slices.SortStableFunc(byReach, func(x, y strategy.ProbeResult) int { return y.Reach - x.Reach })
		firstAt, sum := -1, 0
		var ranks []string
		for i, r := range byReach {
			sum += r.Looks
			if r.Nested {
				if firstAt < 0 {
					firstAt = sum
				}
				ranks = append(ranks, fmt.Sprintf("r%dc%d<>%d rank %d reach %d looks %d cands %d", r.Cell/9+1, r.Cell%9+1, r.Digit, i, r.Reach, r.Looks, pos.Cands(r.Cell).Count()))
			}
		}
		t.Logf("%s:%d steps %d open %d false %d | depth1 %d nested %d wrong %d | refuted looks %v | all looks %d, first by reach at %d | %.1fs",
			file, line, steps, open, falseN, d1, nn, wrong, looks, total, firstAt, el.Seconds())
		for _, s := range ranks {
			t.Log("   ", s)
		}
	}
}

// TestStrongScanProbe runs Strong Cage Contradiction's search, for every
// step, with SUDOKU_SCAN_BUDGET looks, on the board where the default
// mixed solve of each killer named by SUDOKU_SCAN (as SUDOKU_PROBE) first
// guesses or takes its first step of it, and logs the steps, the looks
// and the CPU. Skipped without SUDOKU_SCAN.
func TestStrongScanProbe(t *testing.T) {
	puzzles := probePuzzles(t, "SUDOKU_SCAN")
	budget, _ := strconv.Atoi(os.Getenv("SUDOKU_SCAN_BUDGET"))
	for _, pz := range puzzles {
		file, line := pz.file, pz.line
		b := killerLine(t, file, line)
		pos, steps := boardBeforeGuess(t, b)
		c0 := cputime.Used()
		st, looks := strategy.StrongScan(pos, budget)
		cpu := cputime.Used() - c0
		var names []string
		for _, s := range st {
			names = append(names, fmt.Sprint(s.Eliminations))
		}
		t.Logf("%s:%d steps %d: V2 steps %d %v looks %d cpu %.3fs", file, line, steps, len(st), names, looks, cpu.Seconds())
	}
}

// TestVerityProbe follows, where the default mixed solve of each killer
// named by SUDOKU_VERITY (as SUDOKU_PROBE) first guesses, every
// branching set (a cell's candidates, a digit's places in a unit or a
// cage, a cage's combinations, at most SUDOKU_VERITY_COMBOS of them)
// with the plain trial and the strong one, and logs the candidates every
// surviving branch removes (verities), how many the solution holds
// (wrong), and the looks and CPU. Skipped without SUDOKU_VERITY.
func TestVerityProbe(t *testing.T) {
	puzzles := probePuzzles(t, "SUDOKU_VERITY")
	maxCombos, _ := strconv.Atoi(os.Getenv("SUDOKU_VERITY_COMBOS"))
	if maxCombos == 0 {
		maxCombos = 12
	}
	for _, pz := range puzzles {
		file, line := pz.file, pz.line
		b := killerLine(t, file, line)
		sol := onlySolution(t, b)
		pos, steps := boardBeforeGuess(t, b)
		for _, strong := range []bool{false, true} {
			kinds, cut := strategy.VerityProbe(pos, strong, maxCombos)
			for _, k := range kinds {
				wrong := 0
				var es []string
				for _, e := range k.Elims {
					if int(sol[e.Cell]) == e.Digit {
						wrong++
					}
					es = append(es, fmt.Sprintf("r%dc%d<>%d", e.Cell/9+1, e.Cell%9+1, e.Digit))
				}
				t.Logf("%s:%d steps %d strong=%v basecut %d | %-10s sets %4d branches %4d broken %3d | verities %3d wrong %d | looks %6d cpu %.3fs %v",
					file, line, steps, strong, cut, k.Name, k.Sets, k.Branches, k.Broken, len(k.Elims), wrong, k.Looks, k.CPU.Seconds(), es)
			}
		}
	}
}

// TestVerityScanProbe runs Cage Filling Verity's search, for every step,
// with SUDOKU_VSCAN_MOST fillings a group and SUDOKU_VSCAN_BUDGET looks,
// where the default mixed solve of each killer named by SUDOKU_VSCAN (as
// SUDOKU_PROBE) first guesses, and logs the steps, the looks and the CPU.
// Skipped without SUDOKU_VSCAN.
func TestVerityScanProbe(t *testing.T) {
	puzzles := probePuzzles(t, "SUDOKU_VSCAN")
	most, _ := strconv.Atoi(os.Getenv("SUDOKU_VSCAN_MOST"))
	budget, _ := strconv.Atoi(os.Getenv("SUDOKU_VSCAN_BUDGET"))
	for _, pz := range puzzles {
		file, line := pz.file, pz.line
		b := killerLine(t, file, line)
		sol := onlySolution(t, b)
		pos, steps := boardBeforeGuess(t, b)
		c0 := cputime.Used()
		st, looks := strategy.VerityScan(pos, most, budget)
		cpu := cputime.Used() - c0
		n := grid.Notation{Layout: pos.Layout()}
		wrong := 0
		for _, s := range st {
			for _, e := range s.Eliminations {
				if int(sol[e.Cell]) == e.Digit {
					wrong++
				}
			}
			t.Log("   ", s.Explain(n))
		}
		for _, l := range strategy.VerityLog {
			t.Log("   ", l)
		}
		strategy.VerityLog = nil
		t.Logf("%s:%d steps %d: W2 steps %d wrong %d looks %d cpu %.3fs", file, line, steps, len(st), wrong, looks, cpu.Seconds())
	}
}

// TestVerityFinishProbe solves each killer named by SUDOKU_VFINISH (as
// SUDOKU_PROBE) mixed, with Cage Filling Verity's limits
// SUDOKU_VFINISH_MOST and SUDOKU_VFINISH_BUDGET, and logs its guesses,
// its Cage Filling Verity steps (before the first guess and in all) and
// the CPU. Skipped without SUDOKU_VFINISH.
func TestVerityFinishProbe(t *testing.T) {
	puzzles := probePuzzles(t, "SUDOKU_VFINISH")
	most, _ := strconv.Atoi(os.Getenv("SUDOKU_VFINISH_MOST"))
	budget, _ := strconv.Atoi(os.Getenv("SUDOKU_VFINISH_BUDGET"))
	defer strategy.SetVerityLimits(most, budget)()
	w2 := strategy.CageFillingVerity()
	for _, pz := range puzzles {
		file, line := pz.file, pz.line
		b := killerLine(t, file, line)
		guesses, before, all, elims := 0, 0, 0, 0
		c0 := cputime.Used()
		_, err := solver.Solve(context.Background(), b, solver.Options{Type: solver.Mixed}, func(i int, s *strategy.Step, after *grid.Board) error {
			switch s.Strategy {
			case strategy.Guessing():
				guesses++
			case w2:
				all++
				if guesses == 0 {
					before++
					elims += len(s.Eliminations)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s:%d guesses %d W2 steps before the first guess %d (%d eliminations), in all %d, cpu %.2fs", file, line, guesses, before, elims, all, (cputime.Used() - c0).Seconds())
	}
}

// probePuzzle is a puzzle a probe names: a file of killers and the
// puzzle's line in it (counted as killerLine counts).
type probePuzzle struct {
	file string
	line int
}

// probePuzzles returns the puzzles the environment variable env names as
// file:line,..., skipping t when it is unset.
func probePuzzles(t *testing.T, env string) []probePuzzle {
	t.Helper()
	spec := os.Getenv(env)
	if spec == "" {
		t.Skip(env + "=file:line,... runs it")
	}
	var out []probePuzzle
	for _, item := range strings.Split(spec, ",") {
		file, ls, _ := strings.Cut(item, ":")
		line, err := strconv.Atoi(ls)
		if err != nil {
			t.Fatalf("%s: %q is not file:line", env, item)
		}
		out = append(out, probePuzzle{file, line})
	}
	return out
}

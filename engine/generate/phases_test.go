package generate

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/cputime"
)

// TestPhases25 runs the steps of a 25×25 attempt one by one (the grid,
// building and digging, the grade) and logs the CPU of each, user and
// system, and the puzzle: SUDOKU_PHASES=3,11 names the seeds (the test
// skips without it), SUDOKU_PHASES_NOGRADE=1 leaves the grade out. It also
// logs the work of building and of digging's checks (searches, conflicts
// and assignments of the clause-learning solvers, search.LearnWork),
// which unlike the CPU does not move with the load of the machine, the
// part of digging's that went to checks whose budget ran out before they
// settled (checked again in a later pass), and the grade's steps. Each
// puzzle must come out proved minimal. SUDOKU_PHASES_VARIANT names
// another variant than classic by its name (X, Windoku, killer, ...).
// Run it alone (-run 'Phases25$'): the CPU is the process's.
func TestPhases25(t *testing.T) {
	env := os.Getenv("SUDOKU_PHASES")
	if env == "" {
		t.Skip("SUDOKU_PHASES names the seeds to measure")
	}
	grade := os.Getenv("SUDOKU_PHASES_NOGRADE") == ""
	variant := grid.Classic
	if name := os.Getenv("SUDOKU_PHASES_VARIANT"); name != "" {
		for variant = 0; variant.String() != name; variant++ {
			if strings.HasPrefix(variant.String(), "variant(") {
				t.Fatalf("SUDOKU_PHASES_VARIANT: no variant %q", name)
			}
		}
	}
	for _, s := range strings.Split(env, ",") {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SUDOKU_PHASES: %v", err)
		}
		g, err := newGenerator(Config{Size: 25, Variant: variant, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		rng := newRand(seed)
		c0 := cputime.Used()
		l, sol, err := g.newGrid(ctx, rng)
		if err != nil {
			t.Fatal(err)
		}
		c1 := cputime.Used()
		d := newDigger(g, l, sol)
		dug, minimal, err := d.dig(ctx, rng, sol)
		if err != nil {
			t.Fatal(err)
		}
		c2 := cputime.Used()
		if !minimal {
			t.Errorf("seed %d: the puzzle is not proved minimal", seed)
		}
		clues := 0
		for _, v := range dug {
			if v != 0 {
				clues++
			}
		}
		checked, wasted := d.checkWork(), d.wasted
		t.Logf("seed %d: building %v; digging %v, of which checks whose budget ran out %v", seed, d.built, checked, wasted)
		if wasted.Searches > checked.Searches || wasted.Conflicts > checked.Conflicts || wasted.Assignments > checked.Assignments {
			t.Errorf("seed %d: the checks cut short did more work (%v) than all of digging's (%v)", seed, wasted, checked)
		}
		if !grade {
			t.Logf("seed %d: grid %.2f s, build and dig %.2f s; %d clues", seed, (c1 - c0).Seconds(), (c2 - c1).Seconds(), clues)
			continue
		}
		res, err := g.result(ctx, l, dug, sol, minimal, true)
		if err != nil {
			t.Fatal(err)
		}
		c3 := cputime.Used()
		hardest := ""
		if h := res.Grade.Rating.Hardest; h != nil {
			hardest = h.Name()
		}
		t.Logf("seed %d: grid %.2f s, build and dig %.2f s, grade %.2f s; %d clues, %s (hardest %s, score %d), %d steps, %d guesses",
			seed, (c1 - c0).Seconds(), (c2 - c1).Seconds(), (c3 - c2).Seconds(), clues,
			res.Grade.Rating.Level, hardest, res.Grade.Rating.Score, res.Grade.Steps, res.Grade.Guesses)
	}
}

// BenchmarkBuildDig25 builds and digs the 25×25 grids of seeds 3 and 11,
// issue 38's check, without the grade (see TestPhases25), and reports the
// CPU of each, user and system, and the work of the clause-learning
// solvers, which does not move with the load of the machine:
// GOMAXPROCS=1 go test -run '^$' -bench BuildDig25 ./engine/generate.
func BenchmarkBuildDig25(b *testing.B) {
	for _, seed := range []uint64{3, 11} {
		b.Run("seed"+strconv.FormatUint(seed, 10), func(b *testing.B) {
			var work search.LearnWork
			c0 := cputime.Used()
			for b.Loop() {
				g, err := newGenerator(Config{Size: 25, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				rng := newRand(seed)
				l, sol, err := g.newGrid(ctx, rng)
				if err != nil {
					b.Fatal(err)
				}
				d := newDigger(g, l, sol)
				if _, minimal, err := d.dig(ctx, rng, sol); err != nil || !minimal {
					b.Fatalf("seed %d: minimal %v, %v", seed, minimal, err)
				}
				work = d.built.Add(d.checkWork())
			}
			c := cputime.Used() - c0
			b.ReportMetric(c.Seconds()*1e3/float64(b.N), "cpu-ms/puzzle")
			b.ReportMetric(float64(work.Conflicts), "conflicts")
			b.ReportMetric(float64(work.Assignments), "assignments")
		})
	}
}

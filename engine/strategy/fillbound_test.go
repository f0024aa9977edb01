package strategy

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestWalkBoundWithinOnFewer holds the rule fillSeeing relies on to skip
// walkBound on monotone layouts: where the walk of some options stays
// within fillNodeBound, so does the walk of any fewer options, none
// empty. Random options of three to eight cells (wide ones, so that the
// bound by sums is counted too, and passed), random targets, random
// subsets.
func TestWalkBoundWithinOnFewer(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 38))
	within, bySums, past, fewer := 0, 0, 0, 0
	for range 20000 {
		n := 3 + rng.IntN(6)
		opts := make([]grid.Digits, n)
		for i := range opts {
			opts[i] = grid.AllDigits(9)
			if rng.IntN(4) == 0 {
				opts[i] &^= grid.Digits(rng.Uint32() & rng.Uint32())
			}
			if opts[i] == 0 {
				opts[i] = grid.Bit(1 + rng.IntN(9))
			}
		}
		target := n + rng.IntN(8*n+1)
		all := walkBound(opts, ownOrder[:n], target)
		if all > fillNodeBound {
			past++
			continue
		}
		within++
		level := 1
		for _, o := range opts {
			level *= o.Count()
		}
		if level > fillNodeBound/2 {
			bySums++ // past the product of the counts: the bound by sums
		}
		for range 5 {
			sub := make([]grid.Digits, n)
			for i, o := range opts {
				sub[i] = o & grid.Digits(rng.Uint32()|rng.Uint32())
				if sub[i] == 0 {
					sub[i] = o & -o
				}
			}
			fewer++
			if got := walkBound(sub, ownOrder[:n], target); got > fillNodeBound {
				t.Fatalf("options %v target %d: walkBound %d, of options %v %d, past %d", sub, target, got, opts, all, fillNodeBound)
			}
		}
	}
	t.Logf("%d option sets within the bound, %d of them by sums, %d past it, %d fewer options checked", within, bySums, past, fewer)
	if within < 5000 || bySums < 1000 || past < 1000 {
		t.Errorf("%d within the bound, %d by sums, %d past it: too few to check", within, bySums, past)
	}
}

// killerTrials returns trials started on the first n boards of the
// killer file (engine/search/testdata).
func killerTrials(t *testing.T, file string, n int) []*trial {
	t.Helper()
	var trs []*trial
	for i, line := range shared.Lines(t, "../search/testdata/"+file)[:n] {
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		tr := new(trial)
		if !tr.start(b) {
			t.Fatalf("%s:%d breaks a rule", file, i+1)
		}
		trs = append(trs, tr)
	}
	return trs
}

// TestFillSeeingMonotone holds fillSeeing on the trials of monotone
// killer layouts (where it skips walkBound, and its pools and the
// witness walks' orders are in play) to sumFill, grid's sum search
// (exact there): from random trial states of the first extreme and tarek
// killers, every group whose cells do not all see each other, filled
// again after a candidate of one of its cells leaves, as along a trial.
func TestFillSeeingMonotone(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 39))
	trs := append(killerTrials(t, "killer9-extreme.txt", 4), killerTrials(t, "killer9-tarek.txt", 4)...)
	checked, must, narrowed, none := 0, 0, 0, 0
	for i, tr := range trs {
		if !tr.monotone {
			continue
		}
		for range 80 {
			if !randomTrialState(tr, rng) {
				tr.drain()
				continue
			}
			for g := range tr.groups {
				grp := &tr.groups[g]
				if grp.distinct {
					continue
				}
				opts := make([]grid.Digits, len(grp.cells))
				for k, c := range grp.cells {
					opts[k] = tr.cand[c]
				}
				for round := range 3 {
					got := tr.fillSeeing(grp, opts)
					want := sumFill(opts, &grp.sees, grp.target)
					if !want.ok {
						t.Fatalf("board %d group %d options %v: the sum search gave up on a monotone layout", i, g, opts)
					}
					checked++
					switch {
					case got.ok != want.ok || got.none != want.none:
						t.Fatalf("board %d group %d options %v target %d: %+v, the sum search %+v", i, g, opts, grp.target, got, want)
					case want.none:
						none++
					case got.support != want.support || got.must != want.must:
						t.Fatalf("board %d group %d options %v target %d: support %v must %v, the sum search %v %v", i, g, opts, grp.target, got.support, got.must, want.support, want.must)
					default:
						if want.must != 0 {
							must++
						}
						for k := range opts {
							if want.support[k] != opts[k] {
								narrowed++
								break
							}
						}
					}
					if round < 2 {
						k := rng.IntN(len(opts))
						if opts[k].Count() > 1 {
							opts[k] &^= grid.Bit(nthDigit(opts[k], rng.IntN(opts[k].Count())))
						}
					}
				}
			}
			tr.drain()
		}
	}
	t.Logf("%d fills checked, %d with a digit in all, %d narrowed, %d with none", checked, must, narrowed, none)
	if checked < 40000 || must < 5000 || narrowed < 1000 || none < 10 {
		t.Errorf("%d fills checked, %d with a digit in all, %d narrowed, %d with none: too few", checked, must, narrowed, none)
	}
}

// TestFillPoolCount holds fillPool's count of the fillings kept, which
// cover reads alone: after each of 150 fillings added, the first n slots
// hold a filling each and the others none, n at most poolFills.
func TestFillPoolCount(t *testing.T) {
	var p fillPool
	for k := 1; k <= 150; k++ {
		p.add([]grid.Digits{grid.Bit(1 + k%9), grid.Bit(1 + k/9%9)})
		if want := min(k, poolFills); p.n != want {
			t.Fatalf("%d fillings added: n %d, want %d", k, p.n, want)
		}
		for i, f := range p.fills {
			if (f != 0) != (i < p.n) {
				t.Fatalf("%d fillings added, n %d: slot %d holds %x", k, p.n, i, f)
			}
		}
	}
}

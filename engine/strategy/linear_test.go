package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestLinearSearchSupport checks linearSearch against an enumeration of
// every assignment on random systems over a 9×9 board: two or three rows
// over up to six cells, cage-like rows (a box's cells, coefficients 1)
// and mixed ones (random cells, coefficients ±1), random candidates and
// targets a random choice of candidates meets (digits may repeat). Where the search was not cut short,
// it must find a solution exactly when there is one, and each cell's
// support must be the digits some solution puts there. Under -short (and
// -race) it takes a quarter of the systems.
func TestLinearSearchSupport(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(38, 37))
	b := grid.NewBoard(l)
	var ls linearSearch
	solved, checked := 0, 0
	systems, floor := 2000, 300
	if quick() {
		systems, floor = 500, 75
	}
	for range systems {
		for c := range l.Cells {
			b.SetCands(c, grid.AllDigits(9))
		}
		ls.reset(b)
		addRandomRows(&ls, l, rng, 2+rng.IntN(2), 2)
		if len(ls.cells) > 6 {
			continue
		}
		// Candidates around a random assignment, and targets it meets.
		for _, c := range ls.cells {
			cands := grid.Bit(1+rng.IntN(9)) | grid.Digits(rng.Uint32())&grid.AllDigits(9)
			b.SetCands(c, cands)
		}
		for i, c := range ls.cells {
			var list []int
			d := b.Cands(c).List(list)[0]
			if k := b.Cands(c).Count(); k > 1 {
				d = b.Cands(c).List(list)[rng.IntN(k)]
			}
			for r := range ls.rows {
				ls.target[r] += int(ls.coef[i][r]) * d
			}
		}
		want, any := linearBrute(b, &ls)
		got := ls.run()
		if ls.aborted {
			continue
		}
		checked++
		if got != any {
			t.Fatalf("cells %v coef %v targets %v: solution %v, enumeration %v", ls.cells, ls.coef, ls.target[:ls.rows], got, any)
		}
		if !got {
			continue
		}
		solved++
		for i := range ls.cells {
			if ls.support[i] != want[i] {
				t.Fatalf("cells %v coef %v targets %v: support %v, enumeration %v", ls.cells, ls.coef, ls.target[:ls.rows], ls.support, want)
			}
		}
	}
	t.Logf("%d systems checked, %d with a solution", checked, solved)
	if solved < floor || checked < 3*floor {
		t.Errorf("%d systems checked, %d with a solution: too few", checked, solved)
	}
}

// linearBrute enumerates every assignment of ls's cells from b's
// candidates, digits distinct between cells that see each other, and
// returns the digits the solutions put in each cell and whether any.
func linearBrute(b *grid.Board, ls *linearSearch) ([]grid.Digits, bool) {
	n := len(ls.cells)
	support := make([]grid.Digits, n)
	digit := make([]int, n)
	any := false
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			for r := range ls.rows {
				sum := 0
				for j := range n {
					sum += int(ls.coef[j][r]) * digit[j]
				}
				if sum != ls.target[r] {
					return
				}
			}
			any = true
			for j := range n {
				support[j] |= grid.Bit(digit[j])
			}
			return
		}
	next:
		for ds := b.Cands(ls.cells[i]); ds != 0; ds &= ds - 1 {
			d := ds.Min()
			for j := range i {
				if digit[j] == d && b.Layout().Sees(ls.cells[i], ls.cells[j]) {
					continue next
				}
			}
			digit[i] = d
			walk(i + 1)
		}
	}
	walk(0)
	return support, any
}

// TestLinearSearchMemo checks that what a linearSearch keeps between runs
// (the last answer of a system, the solutions it found) never changes an
// answer: random systems as in TestLinearSearchSupport, but over up to
// eight cells, are run on one search through a sequence of shrinking
// candidates, each run again on the same candidates, and every answer
// must be a fresh search's. It counts the runs that took stored
// solutions, which must be some.
func TestLinearSearchMemo(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(8, 38))
	b := grid.NewBoard(l)
	var kept linearSearch
	systems, reused := 150, 0
	if quick() {
		systems = 40
	}
	for range systems {
		for c := range l.Cells {
			b.SetCands(c, grid.AllDigits(9))
		}
		var fresh linearSearch
		fresh.reset(b)
		addRandomRows(&fresh, l, rng, 2+rng.IntN(3), 3)
		if len(fresh.cells) > 8 {
			continue
		}
		for i := range fresh.cells {
			d := 1 + rng.IntN(9)
			for r := range fresh.rows {
				fresh.target[r] += int(fresh.coef[i][r]) * d
			}
		}
		for step := range 5 {
			if step > 0 { // a later state: a candidate fewer
				c := fresh.cells[rng.IntN(len(fresh.cells))]
				if cands := b.Cands(c); cands.Count() > 1 {
					var list []int
					b.SetCands(c, cands&^grid.Bit(cands.List(list)[rng.IntN(cands.Count())]))
				}
			}
			for range 2 {
				copySystem(&kept, &fresh, b)
				if kept.load() {
					if e := kept.memoEntry(); len(e.sols) > 0 && !slices.Equal(e.opts, kept.opts) {
						reused++
					}
				}
				got := kept.run()
				var ref linearSearch
				copySystem(&ref, &fresh, b)
				want := ref.run()
				if got != want || got && !slices.Equal(kept.support, ref.support) {
					t.Fatalf("cells %v coef %v targets %v: kept %v %v, fresh %v %v", fresh.cells, fresh.coef, fresh.target[:fresh.rows], got, kept.support, want, ref.support)
				}
			}
		}
	}
	t.Logf("%d runs found stored solutions", reused)
	if reused < systems/4 {
		t.Errorf("%d runs found stored solutions: too few", reused)
	}
}

// addRandomRows adds rows random rows to ls, each of 2 to 1+spread terms:
// a random box's cells with coefficient 1, or, one term in three, a random
// cell with coefficient ±1.
func addRandomRows(ls *linearSearch, l *grid.Layout, rng *rand.Rand, rows, spread int) {
	for range rows {
		r := ls.row(0)
		box := l.Unit(18 + rng.IntN(9)).Cells
		for range 2 + rng.IntN(spread) {
			if rng.IntN(3) == 0 {
				ls.add(r, rng.IntN(l.Cells), 1-2*rng.IntN(2))
			} else {
				ls.add(r, box[rng.IntN(9)], 1)
			}
		}
	}
}

// copySystem resets dst on board b and gives it src's rows, targets,
// cells and coefficients.
func copySystem(dst, src *linearSearch, b *grid.Board) {
	dst.reset(b)
	dst.rows, dst.target = src.rows, src.target
	dst.cells = append(dst.cells, src.cells...)
	dst.coef = append(dst.coef, src.coef...)
}

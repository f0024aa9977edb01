package strategy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// TestLinearSearchMatchesPlain checks that the shortcuts of a
// linearSearch's candidate searches (the probe, its states without a
// completion kept across the searches of a run and across runs, the
// stored solutions) never change an answer: random blocks like Cage
// Block's unit blocks (a row's open cells cut into cages, some reaching
// into the next row) over up to 16 cells, run one after another on one
// search, must give what the plain search gives, the first walk and then
// each candidate's own walk alone, kept when it finds a solution or is
// cut short. Candidates surround a solved grid; some targets are moved
// off it, so that some blocks have no solution and many candidates are
// in none. It wants a floor of blocks with a solution, of blocks with
// none, of candidates removed and of failed states written to the
// search's table. A state taken for failed by mistake only costs a walk;
// an answer changes when the probe takes for a solution digits that are
// none (a cell's forward checking undone wrongly) or when the walk's
// pruning changes (cliqueSpans), and this test then fails.
func TestLinearSearchMatchesPlain(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(11, 38))
	b := grid.NewBoard(l)
	var kept linearSearch
	var grids search.Searcher
	grids.MaxNodes = 20000
	blocks := 1000
	if quick() {
		blocks = 250
	}
	var solved, unsolved, removed, states int
	for range blocks {
		sol := randomSolution(t, &grids, l, rng)
		for c := range l.Cells {
			b.SetCands(c, grid.AllDigits(9))
		}
		kept.reset(b)
		addUnitBlock(&kept, rng, sol)
		for _, c := range kept.cells {
			extra := grid.Digits(rng.Uint32()) & grid.Digits(rng.Uint32()) & grid.AllDigits(9)
			if rng.IntN(2) == 0 {
				extra |= grid.Digits(rng.Uint32()) & grid.AllDigits(9)
			}
			b.SetCands(c, grid.Bit(int(sol[c]))|extra)
		}
		if rng.IntN(3) == 0 { // a target off the solution grid
			kept.target[rng.IntN(kept.rows)] += 1 + rng.IntN(3) - 2*rng.IntN(2)*(1+rng.IntN(3))
		}
		before := slices.Clone(kept.fails)
		got := kept.run()
		wantOK, want := plainSupport(&kept, b)
		if got != wantOK || got && !slices.Equal(kept.support, want) {
			t.Fatalf("cells %v coef %v targets %v: search %v %v, plain %v %v", kept.cells, kept.coef, kept.target[:kept.rows], got, kept.support, wantOK, want)
		}
		for i, h := range kept.fails {
			if h != 0 && (i >= len(before) || h != before[i]) {
				states++
			}
		}
		if !got {
			unsolved++
			continue
		}
		solved++
		for i, c := range kept.cells {
			removed += (b.Cands(c) &^ kept.support[i]).Count()
		}
	}
	t.Logf("%d blocks with a solution, %d without; %d candidates removed, %d failed states written", solved, unsolved, removed, states)
	if solved < blocks/4 || unsolved < blocks/10 || removed < blocks || states < blocks {
		t.Errorf("%d blocks with a solution, %d without; %d candidates removed, %d failed states written: too few", solved, unsolved, removed, states)
	}
}

// plainSupport is linearSearch.run without its shortcuts, on a copy of
// ls's system: the first walk, then each candidate's walk alone, the
// candidate kept when its walk finds a solution or is cut short.
func plainSupport(ls *linearSearch, b *grid.Board) (bool, []grid.Digits) {
	var p linearSearch
	copySystem(&p, ls, b)
	if !p.load() {
		return false, nil
	}
	p.findCliques()
	if !p.solve() {
		return false, nil
	}
	support := make([]grid.Digits, len(p.cells))
	for i := range p.cells {
		all := p.opts[i]
		for ds := all; ds != 0; ds &= ds - 1 {
			p.opts[i] = ds & -ds
			p.prepare()
			if p.walkFound() || p.aborted {
				support[i] |= ds & -ds
			}
		}
		p.opts[i] = all
	}
	return true, support
}

// addUnitBlock adds to ls a block around one row of the solved 9×9 grid
// sol: the row's cells, less a few taken as
// placed, cut into runs of one to four cells, each a cage with
// coefficients 1 and its digits' sum as target, some reaching one or two
// cells into the next row within the box of their first cell (which, when
// the run stays in that box, keeps the cage a clique).
func addUnitBlock(ls *linearSearch, rng *rand.Rand, sol []uint8) {
	row := rng.IntN(9)
	next := (row + 1) % 9
	for c := 0; c < 9 && ls.rows < maxLinearRows; {
		size := 1 + rng.IntN(4)
		r := ls.row(0)
		for x := c; x < min(c+size, 9); x++ {
			if rng.IntN(8) == 0 {
				continue // placed
			}
			ls.add(r, row*9+x, 1)
			ls.target[r] += int(sol[row*9+x])
		}
		for range rng.IntN(3) {
			x := c/3*3 + rng.IntN(3)
			if !slices.Contains(ls.cells, next*9+x) {
				ls.add(r, next*9+x, 1)
				ls.target[r] += int(sol[next*9+x])
			}
		}
		c += size
	}
}

// TestCliqueSpans checks cliqueSpans against digitSpan on every set of
// up to spanDigits digits.
func TestCliqueSpans(t *testing.T) {
	for set := grid.Digits(1); set < 1<<spanDigits; set++ {
		for k := 1; k <= set.Count(); k++ {
			lo, hi := digitSpan(set, k)
			if span := cliqueSpans[k][set]; int(span&0xff) != lo || int(span>>8) != hi {
				t.Fatalf("%v, %d digits: table %d-%d, digitSpan %d-%d", set, k, span&0xff, span>>8, lo, hi)
			}
		}
	}
	if lo, hi := digitSpan(grid.AllDigits(9), 3); lo != 6 || hi != 24 {
		t.Errorf("3 of 1-9: %d-%d, want 6-24", lo, hi)
	}
}

// TestLinearShortcutsOnKillers holds linearSearch.run, with its
// shortcuts (the memo's stored solutions, the other orders of a
// solution's perm groups, expand, and the repair of stored solutions the
// options no longer allow), to the plain search (plainSupport) on the
// systems the killer finders run: the unit blocks of Cage Block and the
// joint fillings of Cage Intersection, at the states along tarek line
// 1's logic solve and at random positions of tarek killers, visited in
// turn on one search so that each run meets what the runs before it
// kept. Floors: systems with a solution, solutions that expand brought
// digits from, stored solutions repaired.
func TestLinearShortcutsOnKillers(t *testing.T) {
	boards := killerStatesAndPositions(t, 5)
	ls := new(linearSearch)
	systems, solved := 0, 0
	check := func(b *grid.Board, what string) {
		got := ls.run()
		want, support := plainSupport(ls, b)
		systems++
		if got != want || got && !slices.Equal(ls.support, support) {
			t.Fatalf("%s, cells %v targets %v: run %v %v, plain %v %v", what, ls.cells, ls.target[:ls.rows], got, ls.support, want, support)
		}
		if got {
			solved++
		}
	}
	for _, b := range boards {
		l := b.Layout()
		var open, cages []int
		for u := range l.Units() {
			open = open[:0]
			for _, c := range l.Unit(u).Cells {
				if b.Value(c) == 0 {
					open = append(open, c)
				}
			}
			cages = blockCages(l, open, cages[:0])
			ls.reset(b)
			if len(cages) < 2 || len(cages) > maxLinearRows || !loadBlockCages(b, ls, cages) || len(ls.cells) > maxUnitBlockCells {
				continue
			}
			check(b, fmt.Sprintf("unit %d", u))
		}
		vcs := virtualCagesOf(l)
		var g, k grid.Group
		for i := range vcs {
			if !loadVirtual(b, &vcs[i], &g) {
				continue
			}
			for _, c := range g.Cells() {
				kc := l.CellCage(c)
				if kc < 0 || !k.LoadCage(l, kc) {
					continue
				}
				open, target := openRest(b, &k, open[:0])
				if subset(open, g.Cells()) || subset(g.Cells(), open) {
					continue
				}
				ls.reset(b)
				ra, rc := ls.row(g.Target), ls.row(target)
				for _, x := range g.Cells() {
					ls.add(ra, x, 1)
				}
				for _, x := range open {
					ls.add(rc, x, 1)
				}
				check(b, fmt.Sprintf("virtual cage %d and cage %d", i, kc))
			}
		}
	}
	t.Logf("%d boards, %d systems, %d with a solution; %d solutions expanded, %d repaired", len(boards), systems, solved, ls.expanded, ls.repaired)
	if solved < systems/2 || ls.expanded < solved/4 || ls.repaired < 20 {
		t.Errorf("%d systems, %d with a solution, %d expanded, %d repaired: too few", systems, solved, ls.expanded, ls.repaired)
	}
}

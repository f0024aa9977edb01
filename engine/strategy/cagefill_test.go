package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialFillsAgree checks the trial's enumerations of a group's
// fillings, fillSets (cells that all see each other, against the walk of
// distinctWalk)
// and fillSeeing (the others, searched in seeingOrder's order where it
// may), against grid's Board.Fill on random groups
// of a 9×9 board: random cells (up to maxVirtualOpen, or a row's first cells),
// random candidates, a target near their sums. Both must agree on
// whether there is a filling, on the digits each cell takes in some
// filling and on those every filling uses, and give up on the same
// groups (scattered cells open to every digit, one round in fifty).
func TestTrialFillsAgree(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(37, 38))
	tr := &trial{l: l}
	walk := new(distinctWalk)
	cand := make([]grid.Digits, l.Cells)
	var view grid.Board
	var fills grid.Fills
	kinds := map[bool]int{}
	filled, gaveUp, reordered, quads := 0, 0, 0, 0
	for round := range 4000 {
		n := 1 + rng.IntN(maxVirtualOpen)
		var cells []int
		if round%2 == 0 {
			row := 9 * rng.IntN(9)
			for c := range n {
				cells = append(cells, row+c) // a row's first cells: distinct
			}
		} else {
			for len(cells) < n {
				if c := rng.IntN(l.Cells); !containsCell(cells, c) {
					cells = append(cells, c)
				}
			}
		}
		for _, c := range cells {
			for cand[c] == 0 {
				cand[c] = grid.Digits(rng.IntN(512)) & grid.Digits(rng.Uint32())
			}
		}
		target := n + rng.IntN(8*n+1)
		if round%50 == 1 {
			// Cells open to every digit, scattered: Board.Fill gives up.
			for len(cells) < maxVirtualOpen {
				if c := rng.IntN(l.Cells); !containsCell(cells, c) {
					cells = append(cells, c)
				}
			}
			for _, c := range cells {
				cand[c] = grid.AllDigits(9)
			}
			n, target = len(cells), 30+rng.IntN(10)
		}
		tr.groups = tr.groups[:0]
		tr.addGroup(trialGroup{cells: cells, target: target, cage: -1})
		grp := &tr.groups[0]
		opts := make([]grid.Digits, n)
		for i, c := range cells {
			opts[i] = cand[c]
		}
		var got trialFill
		if grp.distinct {
			got = walk.fill(opts, target)
			sets := fillSets(opts, target)
			if sets.none != got.none || !got.none && sets != got {
				t.Fatalf("cells %v options %v target %d: fillSets %+v, the walk %+v", cells, opts, target, sets, got)
			}
			if n == 3 {
				triple := fillTriple(opts[0], opts[1], opts[2], target)
				if triple.none != got.none || !got.none && triple != got {
					t.Fatalf("cells %v options %v target %d: fillTriple %+v, the walk %+v", cells, opts, target, triple, got)
				}
			}
			if n == 4 {
				quad := fillQuad(opts[0], opts[1], opts[2], opts[3], target)
				if quad.none != got.none || !got.none && quad != got {
					t.Fatalf("cells %v options %v target %d: fillQuad %+v, the walk %+v", cells, opts, target, quad, got)
				}
				if fewest := fillQuadFewest(opts, target); fewest.none != got.none || !got.none && fewest != got {
					t.Fatalf("cells %v options %v target %d: fillQuadFewest %+v, the walk %+v", cells, opts, target, fewest, got)
				}
				quads++
			}
			if n == 2 {
				pair := fillPair(opts[0], opts[1], target)
				if pair.none != got.none || !got.none && pair != got {
					t.Fatalf("cells %v options %v target %d: fillPair %+v, the walk %+v", cells, opts, target, pair, got)
				}
			}
		} else {
			got = tr.fillSeeing(grp, opts)
			if _, ok := seeingOrder(opts, &grp.sees, target); ok {
				reordered++
			}
		}
		kinds[grp.distinct]++
		var pg grid.Group
		pg.Reset(grid.OpAdd, target)
		for _, c := range cells {
			pg.Add(c)
		}
		view.SetView(grid.NewBoard(l), cand)
		view.Fill(&pg, &fills)
		if got.ok != fills.OK {
			t.Fatalf("cells %v options %v target %d: ok %v, Board.Fill's %v", cells, opts, target, got.ok, fills.OK)
		}
		if !got.ok {
			gaveUp++
		} else if got.none != (fills.Count == 0) {
			t.Fatalf("cells %v options %v target %d: none %v ok %v, Board.Fill %d fillings (ok %v)", cells, opts, target, got.none, got.ok, fills.Count, fills.OK)
		}
		if got.ok && !got.none {
			filled++
			if got.support != fills.Support || got.must != fills.Must {
				t.Fatalf("cells %v options %v target %d: support %v must %v, Board.Fill %v %v", cells, opts, target, got.support, got.must, fills.Support, fills.Must)
			}
		}
		for _, c := range cells {
			cand[c] = 0
		}
	}
	t.Logf("%d groups with fillings, %v distinct/not, %d of the others searched in another order (seeingOrder), %d given up, %d distinct four-cell groups (fillQuad)", filled, kinds, reordered, gaveUp, quads)
	if filled < 800 || kinds[true] < 1000 || kinds[false] < 1000 || reordered < 300 || gaveUp < 40 || quads < 100 {
		t.Errorf("%d groups with fillings, %v distinct/not, %d searched in another order, %d given up, %d four-cell distinct: too few to compare", filled, kinds, reordered, gaveUp, quads)
	}
}

// TestFillPairMatchesSets holds fillPair, the trials' fill of a two-cell
// cage, to fillSets on every pair of option sets of nine digits and every
// target from 0 to 20 (under -short, every seventh first set).
func TestFillPairMatchesSets(t *testing.T) {
	step, pairs := grid.Digits(1), 0
	if quick() {
		step = 7
	}
	for a := grid.Digits(1); a < 1<<9; a += step {
		for b := grid.Digits(1); b < 1<<9; b++ {
			for target := range 21 {
				got, want := fillPair(a, b, target), fillSets([]grid.Digits{a, b}, target)
				if got.none != want.none || !want.none && got != want {
					t.Fatalf("options %v %v target %d: fillPair %+v, fillSets %+v", a, b, target, got, want)
				}
				if !got.none {
					pairs++
				}
			}
		}
	}
	if pairs < 1000 {
		t.Errorf("%d option pairs with a filling: too few", pairs)
	}
}

// fillGroup is a random sum group of a 9×9 board for the fill tests: its
// cells, their options, a target between their least and most sums, and
// which cells see which, as coverFills and witnessFill take them.
type fillGroup struct {
	cells  []int
	opts   []grid.Digits
	target int
	sees   [grid.MaxGroupCells]uint32
}

// drawFillGroup draws the round-th group: 3 to maxVirtualOpen cells, a
// row's first ones on even rounds and scattered ones on odd rounds, each
// cell's candidates in cand drawn by draw where it has none yet.
func drawFillGroup(l *grid.Layout, rng *rand.Rand, cand []grid.Digits, round int, draw func() grid.Digits) fillGroup {
	n := 3 + rng.IntN(maxVirtualOpen-2)
	var g fillGroup
	for len(g.cells) < n {
		c := rng.IntN(l.Cells)
		if round%2 == 0 {
			c = 9*(round/2%9) + len(g.cells) // a row's first cells
		}
		if !containsCell(g.cells, c) {
			g.cells = append(g.cells, c)
		}
	}
	g.opts = make([]grid.Digits, n)
	lo, hi := 0, 0
	for i, c := range g.cells {
		for cand[c] == 0 {
			cand[c] = draw()
		}
		g.opts[i] = cand[c]
		lo, hi = lo+g.opts[i].Min(), hi+g.opts[i].Max()
	}
	g.target = lo + rng.IntN(hi-lo+1)
	for i, c := range g.cells {
		for j, e := range g.cells[:i] {
			if l.Sees(c, e) {
				g.sees[i] |= 1 << j
			}
		}
	}
	return g
}

// fill sets fills to what grid's Board.Fill finds of the group on a board
// of candidates cand, the reference of the fill tests.
func (g *fillGroup) fill(l *grid.Layout, cand []grid.Digits, fills *grid.Fills) {
	var pg grid.Group
	pg.Reset(grid.OpAdd, g.target)
	for _, c := range g.cells {
		pg.Add(c)
	}
	var view grid.Board
	view.SetView(grid.NewBoard(l), cand)
	view.Fill(&pg, fills)
}

// TestCoverFills holds coverFills to grid's Board.Fill on random groups
// of a 9×9 board (up to maxVirtualOpen cells, a row's first cells or
// scattered ones, most options open, targets about the middle of their
// sums): where it reports every option allowed and no digit in all
// fillings, Board.Fill must find the same or give up. Floors: groups it
// covers, groups Board.Fill finds an option of no filling in, and groups
// whose every option is allowed but a digit is in all fillings (which
// coverFills must not cover).
func TestCoverFills(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(41, 42))
	cand := make([]grid.Digits, l.Cells)
	var fills grid.Fills
	covered, narrowed, mustOnly, gaveUp := 0, 0, 0, 0
	for round := range 3000 {
		g := drawFillGroup(l, rng, cand, round, func() grid.Digits {
			return grid.AllDigits(9) &^ grid.Digits(rng.Uint32()&rng.Uint32()&rng.Uint32())
		})
		cells, opts, target, n := g.cells, g.opts, g.target, len(g.cells)
		cov := coverFills(opts, &g.sees, target)
		g.fill(l, cand, &fills)
		all := fills.OK && fills.Count > 0
		for i := range n {
			all = all && fills.Support[i] == opts[i]
		}
		switch {
		case !fills.OK:
			gaveUp++
		case !all:
			narrowed++
		case fills.Must != 0:
			mustOnly++
		}
		if cov {
			covered++
			if fills.OK && (!all || fills.Must != 0) {
				t.Fatalf("cells %v options %v target %d: covered, Board.Fill %d fillings, support %v, must %v", cells, opts, target, fills.Count, fills.Support[:n], fills.Must)
			}
		}
		for _, c := range cells {
			cand[c] = 0
		}
	}
	t.Logf("%d groups covered, %d with an option of no filling, %d with every option allowed but a digit in all, %d given up", covered, narrowed, mustOnly, gaveUp)
	if covered < 500 || narrowed < 300 || mustOnly < 20 {
		t.Errorf("%d covered, %d narrowed, %d with a digit in all: too few to check", covered, narrowed, mustOnly)
	}
}

// TestDistinctSetsMatchWalk checks distinctSets, which names the
// combinations of a step's cage nodes, against the sets distinctWalk
// reaches (its back table at the last cell, in increasing order of
// their masks), on random cells that all see each other: from one to
// nine, random options, a target near their sums.
func TestDistinctSetsMatchWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	walk := new(distinctWalk)
	kept, sets := 0, 0
	for range 20000 {
		n := 1 + rng.IntN(maxTableDigits)
		opts := make([]grid.Digits, n)
		for i := range opts {
			for opts[i] == 0 {
				opts[i] = grid.Digits(rng.IntN(512)) | grid.Digits(rng.IntN(512))
			}
		}
		target := n*(n+1)/2 + rng.IntN(n*(9-n)+2)
		walk.fill(opts, target)
		var want []grid.Digits
		for m := range 512 {
			if walk.back[n][m] {
				want = append(want, grid.Digits(m))
			}
		}
		got := distinctSets(opts, target)
		if !slices.Equal(got, want) {
			t.Fatalf("options %v target %d: distinctSets %v, the walk %v", opts, target, got, want)
		}
		if len(want) > 0 {
			kept++
			sets += len(want)
		}
	}
	if kept < 5000 || sets < 2*kept {
		t.Fatalf("only %d groups with a filling (%d sets): the test checks too little", kept, sets)
	}
	t.Logf("%d groups with a filling, %d sets", kept, sets)
}

// TestWitnessFill holds witnessFill, the trials' fill of a group whose
// cells do not all see each other, to grid's Board.Fill on random groups
// as TestCoverFills draws them, and to the look at random options
// narrowed further: where it reports a result, Board.Fill must find the
// same support and must, or no filling, or give up. Floors: results with
// an option of no filling, with a digit in every filling, with none, and
// groups left to the search.
func TestWitnessFill(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(43, 44))
	cand := make([]grid.Digits, l.Cells)
	var fills grid.Fills
	narrowed, must, none, left := 0, 0, 0, 0
	for round := range 6000 {
		g := drawFillGroup(l, rng, cand, round, func() grid.Digits {
			ds := grid.AllDigits(9) &^ grid.Digits(rng.Uint32()&rng.Uint32())
			if round%3 == 0 {
				ds &= grid.Digits(rng.Uint32())
			}
			return ds
		})
		cells, opts, target, n := g.cells, g.opts, g.target, len(g.cells)
		got, ok := witnessFill(opts, &g.sees, target)
		g.fill(l, cand, &fills)
		switch {
		case !ok:
			left++
		case !fills.OK:
		case fills.Count == 0:
			if !got.ok || !got.none {
				t.Fatalf("cells %v options %v target %d: %+v, Board.Fill no filling", cells, opts, target, got)
			}
			none++
		default:
			if !got.ok || got.none || got.support != fills.Support || got.must != fills.Must {
				t.Fatalf("cells %v options %v target %d: %+v, Board.Fill support %v must %v", cells, opts, target, got, fills.Support[:n], fills.Must)
			}
			if got.must != 0 {
				must++
			}
			for i := range n {
				if got.support[i] != opts[i] {
					narrowed++
					break
				}
			}
		}
		for _, c := range cells {
			cand[c] = 0
		}
	}
	t.Logf("%d with an option of no filling, %d with a digit in all, %d with none, %d left to the search", narrowed, must, none, left)
	if narrowed < 500 || must < 100 || none < 100 || left < 10 {
		t.Errorf("%d narrowed, %d with a digit in all, %d with none, %d left: too few to check", narrowed, must, none, left)
	}
}

// TestWitnessFillFromPool holds witnessFillFrom, started from the
// fillings a pool kept of the group's fills before, to grid's Board.Fill:
// groups of up to poolCells cells, each filled five times, a candidate
// of a cell taken out between fills (as along a trial), the pool kept
// throughout. Most fills after the first start from a kept filling.
func TestWitnessFillFromPool(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(45, 46))
	cand := make([]grid.Digits, l.Cells)
	var fills grid.Fills
	checked, seeded := 0, 0
	for round := range 3000 {
		g := drawFillGroup(l, rng, cand, round, func() grid.Digits {
			return grid.AllDigits(9) &^ grid.Digits(rng.Uint32()&rng.Uint32())
		})
		cells, opts, target, n := g.cells, g.opts, g.target, len(g.cells)
		if n > poolCells {
			for _, c := range cells {
				cand[c] = 0
			}
			continue
		}
		var pool fillPool
		for range 5 {
			var covered, last [grid.MaxGroupCells]grid.Digits
			every := ^grid.Digits(0)
			if pool.cover(opts, &covered, &every, &last) {
				seeded++
			}
			got, ok := witnessFillFrom(opts, &g.sees, target, &pool)
			g.fill(l, cand, &fills)
			if ok && fills.OK {
				checked++
				if got.none != (fills.Count == 0) || !got.none && (got.support != fills.Support || got.must != fills.Must) {
					t.Fatalf("cells %v options %v target %d: %+v, Board.Fill %d fillings, support %v must %v", cells, opts, target, got, fills.Count, fills.Support[:n], fills.Must)
				}
			}
			i := rng.IntN(n)
			if opts[i].Count() > 1 {
				opts[i] &^= grid.Bit(opts[i].Max())
				cand[cells[i]] = opts[i]
			}
		}
		for _, c := range cells {
			cand[c] = 0
		}
	}
	t.Logf("%d fills checked, %d started from kept fillings", checked, seeded)
	if checked < 3000 || seeded < 1000 {
		t.Errorf("%d fills checked, %d started from kept fillings: too few", checked, seeded)
	}
}

// TestDigitsBetween holds digitsBetween, which has no branch, to the
// digits counted one by one, on bounds well past both ends.
func TestDigitsBetween(t *testing.T) {
	for lo := -70; lo <= 70; lo++ {
		for hi := -70; hi <= 70; hi++ {
			var want grid.Digits
			for d := max(lo, 1); d <= min(hi, 32); d++ {
				want |= grid.Bit(d)
			}
			if got := digitsBetween(lo, hi); got != want {
				t.Fatalf("digitsBetween(%d, %d) = %b, want %b", lo, hi, got, want)
			}
		}
	}
}

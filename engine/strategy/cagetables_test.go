package strategy

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestGroupTablesMatchFill checks the combination tables against
// grid.Board.Fill on random sum groups of a 9×9 board: cells that all
// see each other (one to nine of them, some placed) and a few that need
// not, with random candidates and targets. Every result must be Fill's:
// whether it gives up, whether a filling is left, and what each cell
// takes. The groups must include some Fill gives up on and some the
// bound on partial fillings cannot clear but fillNodes does, so that the
// test covers Fill's cut-off from both sides.
func TestGroupTablesMatchFill(t *testing.T) {
	l := testLayout(t, grid.Config{Size: 9})
	rng := rand.New(rand.NewPCG(38, 9))
	var fills grid.Fills
	var view grid.Board
	var f forcing
	groupOf := map[string]int{}
	cases, gaveUp, counted := 0, 0, 0
	per := 300
	if quick() {
		per = 60
	}
	check := func(b *grid.Board, g *grid.Group, cand []grid.Digits, kind uint8) {
		t.Helper()
		tab := tableFor(l, g)
		if tab.kind != kind {
			t.Fatalf("cells %v: table kind %d, want %d", g.Cells(), tab.kind, kind)
		}
		opts := make([]grid.Digits, g.Len())
		for i, c := range g.Cells() {
			opts[i] = cand[c]
			if v := b.Value(c); v != 0 {
				opts[i] = grid.Bit(int(v))
			}
		}
		view.SetView(b, cand)
		view.Fill(g, &fills)
		got := tab.allows(opts)
		// Through the memo, twice (found, then kept), under a group number
		// per size, sum and cells that differ, as a layout's groups have.
		sig := fmt.Sprint(g.Len(), g.Target, tab.apart)
		k, seen := groupOf[sig]
		if !seen {
			k = len(groupOf)
			groupOf[sig] = k
		}
		for range 2 {
			if m := f.tableAllows(&tab, k, opts); m != got {
				t.Fatalf("cells %v sum %d options %v, group %d: %+v through the memo, %+v without", g.Cells(), g.Target, opts, k, m, got)
			}
		}
		cases++
		if !fills.OK {
			gaveUp++
		}
		if kind == tableDistinct {
			var union grid.Digits
			for _, o := range opts {
				union |= o
			}
			nodes, seq := 1, 1
			for i, o := range opts {
				seq *= o.Count()
				nodes += min(seq, fallingFactorial[union.Count()][i+1])
			}
			if nodes > fillNodeBound && fills.OK {
				counted++
			}
		}
		if got.ok != fills.OK {
			t.Fatalf("cells %v sum %d options %v: ok %v, Fill's %v", g.Cells(), g.Target, opts, got.ok, fills.OK)
		}
		if !got.ok {
			return
		}
		if got.none != (fills.Count == 0) || got.support != fills.Support {
			t.Fatalf("cells %v sum %d options %v: none %v support %v, Fill's %d fillings support %v",
				g.Cells(), g.Target, opts, got.none, got.support, fills.Count, fills.Support)
		}
	}
	// Cells that all see each other: the first n of box 5 and row 5.
	seeing := []int{30, 31, 32, 39, 40, 41, 48, 49, 50}
	for n := 1; n <= 9; n++ {
		count := per
		if n >= 7 {
			count = per / 2
		}
		for range count {
			b := grid.NewBoard(l)
			cand := b.AppendCandidates(nil)
			var g grid.Group
			lo, hi := n*(n+1)/2, n*(19-n)/2
			g.Reset(grid.OpAdd, lo-1+rng.IntN(hi-lo+3))
			density := []float64{0.35, 0.6, 0.85, 1}[rng.IntN(4)]
			for _, c := range seeing[:n] {
				g.Add(c)
				if n > 1 && rng.IntN(8) == 0 {
					b.Place(c, 1+rng.IntN(9))
					continue
				}
				cand[c] = randomDigits(rng, density)
			}
			kind := uint8(tableDistinct)
			if n <= maxFewCells {
				kind = tableFew
			}
			check(b, &g, cand, kind)
		}
	}
	// A few cells, some of which do not see each other.
	for range 4 * per {
		b := grid.NewBoard(l)
		cand := b.AppendCandidates(nil)
		var g grid.Group
		n := 2 + rng.IntN(maxFewCells-1)
		g.Reset(grid.OpAdd, 1+rng.IntN(9*n))
		for g.Len() < n {
			if c := rng.IntN(81); !containsCell(g.Cells(), c) {
				g.Add(c)
			}
		}
		if allSee(l, g.Cells()) {
			continue
		}
		for _, c := range g.Cells() {
			cand[c] = randomDigits(rng, []float64{0.35, 0.6, 1}[rng.IntN(3)])
		}
		check(b, &g, cand, tableFew)
	}
	if gaveUp == 0 || counted == 0 {
		t.Errorf("%d groups Fill gave up on, %d counted past the bound; want some of each", gaveUp, counted)
	}
	t.Logf("%d groups, %d Fill gave up on, %d counted past the bound", cases, gaveUp, counted)
}

// TestGroupTablesKinds: only sums on boards of up to 9 digits get a
// table; KenKen operators and larger boards keep Fill.
func TestGroupTablesKinds(t *testing.T) {
	l9 := testLayout(t, grid.Config{Size: 9})
	tests := []struct {
		name  string
		op    grid.Op
		cells []int
		want  uint8
	}{
		{"sum in a row", grid.OpAdd, []int{0, 1, 2}, tableFew},
		{"sum of five in a row", grid.OpAdd, []int{0, 1, 2, 3, 4}, tableDistinct},
		{"sum of one cell", grid.OpAdd, []int{40}, tableFew},
		{"sum of unseen cells", grid.OpAdd, []int{0, 40, 80}, tableFew},
		{"sum of five unseen cells", grid.OpAdd, []int{0, 40, 80, 13, 67}, tableNone},
		{"product", grid.OpMul, []int{0, 1}, tableNone},
		{"difference", grid.OpSub, []int{0, 1}, tableNone},
	}
	for _, tt := range tests {
		var g grid.Group
		g.Reset(tt.op, 12)
		for _, c := range tt.cells {
			g.Add(c)
		}
		if got := tableFor(l9, &g).kind; got != tt.want {
			t.Errorf("%s: kind %d, want %d", tt.name, got, tt.want)
		}
	}
	var f forcing
	f.groups = make([]grid.Group, 1)
	f.groups[0].Reset(grid.OpAdd, 10)
	f.groups[0].Add(0)
	f.groups[0].Add(1)
	f.loadTables(testLayout(t, grid.Config{Size: 16}))
	if f.tables[0].kind != tableNone {
		t.Errorf("16×16 sum: kind %d, want %d (Fill)", f.tables[0].kind, tableNone)
	}
}

// randomDigits returns a random non-empty set of digits 1..9, each in it
// with probability p.
func randomDigits(rng *rand.Rand, p float64) grid.Digits {
	for {
		var ds grid.Digits
		for d := 1; d <= 9; d++ {
			if rng.Float64() < p {
				ds |= grid.Bit(d)
			}
		}
		if ds != 0 {
			return ds
		}
	}
}

// TestLocalDigits checks matchSet's index of a cell's digits within a
// set (localDigits, from its tables below 1<<maxTableDigits) against the
// count of the set's digits below each digit, on every set of up to six
// of the first nine digits and every cell's digits, and on sets with
// digits past the ninth.
func TestLocalDigits(t *testing.T) {
	want := func(o, set grid.Digits) uint8 {
		var l uint8
		i := 0
		for d := range 16 {
			bit := grid.Digits(1) << d
			if set&bit == 0 {
				continue
			}
			if o&bit != 0 {
				l |= 1 << i
			}
			i++
		}
		return l
	}
	checked := 0
	for set := grid.Digits(1); set < 1<<maxTableDigits; set++ {
		if set.Count() > subsetCells {
			continue
		}
		for o := grid.Digits(0); o < 1<<maxTableDigits; o++ {
			if got, w := localDigits(o, set), want(o, set); got != w {
				t.Fatalf("localDigits(%09b, %09b) = %06b, want %06b", o, set, got, w)
			}
			checked++
		}
	}
	for _, tc := range []struct{ o, set grid.Digits }{
		{0b1010_0000_0001, 0b1010_0100_0001},
		{0b1111_1111_1111_1111, 0b1000_0000_0010_0001},
		{0b0100_0000_0000, 0b0110_0000_0000},
	} {
		if got, w := localDigits(tc.o, tc.set), want(tc.o, tc.set); got != w {
			t.Errorf("localDigits(%b, %b) = %b, want %b", tc.o, tc.set, got, w)
		}
	}
	if checked == 0 {
		t.Fatal("no set checked")
	}
}

// TestMatchSetWithoutSupport checks that matchSet with a nil support
// (whether the cells can take the set) answers as with one, on random
// cells of one to nine cells (matchLarge past six) and the sets of
// their size.
func TestMatchSetWithoutSupport(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 38))
	checked, matched := 0, 0
	for range 3000 {
		k := 1 + rng.IntN(maxTableDigits)
		opts := make([]grid.Digits, k)
		for i := range opts {
			opts[i] = grid.Digits(rng.IntN(1<<maxTableDigits-1) + 1)
		}
		for _, sets := range sumSets[k] {
			for _, set := range sets {
				support := make([]grid.Digits, k)
				want := matchSet(opts, set, support)
				if got := matchSet(opts, set, nil); got != want {
					t.Fatalf("matchSet(%v, %09b, nil) = %v, %v with a support", opts, set, got, want)
				}
				checked++
				if want {
					matched++
				}
			}
		}
	}
	if matched == 0 || matched == checked {
		t.Fatalf("%d of %d sets matched, want some and not all", matched, checked)
	}
}

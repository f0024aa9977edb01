package search

import (
	"context"
	"errors"
	"math/bits"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestSumSets compares the sum tables with every subset of the digits.
func TestSumSets(t *testing.T) {
	for _, n := range []int{4, 6, 9, 12} {
		for k := 1; k <= n; k++ {
			for target := 1; target <= n*(n+1)/2; target++ {
				want := map[grid.Digits]bool{}
				for set := grid.Digits(1); set < 1<<n; set++ {
					if bits.OnesCount32(uint32(set)) != k {
						continue
					}
					sum := 0
					for d := 1; d <= n; d++ {
						if set.Has(d) {
							sum += d
						}
					}
					if sum == target {
						want[set<<1] = true // Digits keep digit d at bit d-1: set is 0-based here
					}
				}
				var got []grid.Digits
				if !sumSets(n, k, target, 1, 0, &got) {
					if len(want) <= maxCombos {
						t.Fatalf("n=%d k=%d t=%d: gave up with %d sets", n, k, target, len(want))
					}
					continue
				}
				if len(got) != len(want) {
					t.Fatalf("n=%d k=%d t=%d: %d sets, want %d", n, k, target, len(got), len(want))
				}
				for _, set := range got {
					if !want[set<<1] {
						t.Fatalf("n=%d k=%d t=%d: unexpected set %b", n, k, target, set)
					}
				}
			}
		}
	}
}

// TestSumSetsBounded checks that a cage with too many sets gets no table.
func TestSumSetsBounded(t *testing.T) {
	var out []grid.Digits
	if sumSets(25, 12, 156, 1, 0, &out) {
		t.Fatalf("25 digits, 12 cells, sum 156: %d sets, want the table refused", len(out))
	}
	if len(out) != maxCombos {
		t.Fatalf("stopped at %d sets, want %d", len(out), maxCombos)
	}
}

func cageBoards(t testing.TB) []*grid.Board {
	t.Helper()
	return fixtureBoards(t, "testdata/cages.txt")
}

// TestCageFixtures solves generated killer, killer jigsaw, KenKen and
// KenDoku puzzles (each unique by construction) with the cage tables, and
// again with sum bounds alone (within a budget): both find the same one
// solution.
func TestCageFixtures(t *testing.T) {
	ctx := context.Background()
	for i, b := range cageBoards(t) {
		var fast, plain generic
		got, err := fast.count(ctx, b, 2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Solutions) != 1 || !got.Complete || !valid(b, got.Solutions[0]) {
			t.Fatalf("puzzle %d (%s): %d solutions, want 1 valid", i, b.Layout().Variant, len(got.Solutions))
		}
		// Tables already "loaded" for the layout and all nil: bounds only.
		plain.opts = Options{NoTables: true, NoDerived: true}
		want, err := plain.count(ctx, b, 2, 20_000)
		if err != nil {
			t.Logf("puzzle %d (%s): bounds alone: %v", i, b.Layout().Variant, err)
			continue
		}
		if len(want.Solutions) != 1 || string(want.Solutions[0]) != string(got.Solutions[0]) {
			t.Fatalf("puzzle %d (%s): bounds alone found %d solutions", i, b.Layout().Variant, len(want.Solutions))
		}
	}
}

// BenchmarkGenericCages proves the uniqueness of the generated cage
// puzzles.
func BenchmarkGenericCages(b *testing.B) {
	benchmarkBoards(b, cageBoards(b), 2)
}

// cageFrame loads a 9×9 killer board with one cage, whose cells are
// restricted to the digits given, and propagates the cage's table once
// (with the matching of its sets, unless opts turn it off).
func cageFrame(t *testing.T, cage grid.Cage, restrict map[int]grid.Digits) *frame {
	t.Helper()
	return cageFrameWith(t, Options{}, cage, restrict)
}

// cageFrameWith is cageFrame with the search options opts.
func cageFrameWith(t *testing.T, opts Options, cage grid.Cage, restrict map[int]grid.Digits) *frame {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.Killer, Cages: []grid.Cage{cage}})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	for cell, d := range restrict {
		b.Restrict(cell, d)
	}
	var g generic
	g.opts = opts
	g.prepare(l)
	if !g.root(b) {
		t.Fatal("root found a contradiction")
	}
	f := g.frames[0]
	for id := range g.m.cons {
		if c := &g.m.cons[id]; c.kind == conCombos && c.cage == 0 {
			if !g.propagateConstraint(f, int32(id)) {
				t.Fatal("the cage failed")
			}
			// The matching of its sets, queued by the check.
			for _, m := range g.matches {
				if !g.match(f, m) {
					t.Fatal("the cage's matching failed")
				}
			}
		}
	}
	return f
}

// TestCombosNeedACellForEveryDigit checks that a cage set is ruled out when
// an empty cell of the cage has none of its digits: with r1c1 and r1c2
// holding 1 and 5 only, the set {2,4,9} of a 15-cage on r1c1-r1c3 cannot be
// placed, so r1c3 loses its 2 and keeps the 9 of {1,5,9} and the 4 and 6 of
// {4,5,6} (checking cell by cell, Options.NoMatching). Matching the
// digits of a set to the cells also rules out {4,5,6}: r1c1 and r1c2
// cannot both take a digit of it, so r1c3 keeps the 9 alone.
func TestCombosNeedACellForEveryDigit(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want grid.Digits
	}{
		{Options{NoMatching: true}, grid.Bit(4) | grid.Bit(6) | grid.Bit(9)},
		{Options{}, grid.Bit(9)},
	} {
		f := cageFrameWith(t, tc.opts, grid.Cage{Cells: []int{0, 1, 2}, Target: 15, Op: grid.OpAdd}, map[int]grid.Digits{
			0: grid.Bit(1) | grid.Bit(5),
			1: grid.Bit(1) | grid.Bit(5),
			2: grid.Bit(2) | grid.Bit(4) | grid.Bit(6) | grid.Bit(9),
		})
		if got := f.cand[2]; got != tc.want {
			t.Errorf("%+v: r1c3 = %v, want %v", tc.opts, got, tc.want)
		}
	}
}

// TestCombosPointOutOfTheirUnits checks that a digit every set of a cage
// needs leaves the rest of each unit holding all its places in the cage.
func TestCombosPointOutOfTheirUnits(t *testing.T) {
	// r1c1, r1c2 and r2c2 add up to 6: 1, 2 and 3. Without 3 in r2c2, the
	// 3 is in r1c1 or r1c2, so in row 1 and box 1.
	f := cageFrame(t, grid.Cage{Cells: []int{0, 1, 10}, Target: 6, Op: grid.OpAdd}, map[int]grid.Digits{
		10: grid.Bit(1) | grid.Bit(2),
	})
	three := grid.Bit(3)
	for _, tt := range []struct {
		cell int
		want bool
	}{
		{0, true}, {1, true}, // the places of the 3
		{2, false}, {8, false}, // row 1
		{9, false}, {20, false}, // box 1
		{27, true}, {12, true}, // column 1 and row 2 outside box 1
	} {
		if got := f.cand[tt.cell]&three != 0; got != tt.want {
			t.Errorf("cell %d has 3: %v, want %v", tt.cell, got, tt.want)
		}
	}
}

// TestCombosTakeWhatAUnitForces checks that a cage keeps only the sets
// holding a digit that a unit can place only in the cage.
func TestCombosTakeWhatAUnitForces(t *testing.T) {
	// r1c1 and r1c2 add up to 10; the 9 of row 1 can go only there, so
	// they hold 1 and 9.
	restrict := map[int]grid.Digits{}
	for cell := 2; cell < 9; cell++ {
		restrict[cell] = grid.AllDigits(9) &^ grid.Bit(9)
	}
	f := cageFrame(t, grid.Cage{Cells: []int{0, 1}, Target: 10, Op: grid.OpAdd}, restrict)
	for _, cell := range []int{0, 1} {
		if got, want := f.cand[cell], grid.Bit(1)|grid.Bit(9); got != want {
			t.Errorf("cell %d = %v, want %v", cell, got, want)
		}
	}
}

// TestFewFollowsCounts walks down the first guesses of published killers
// and checks at every state that each unit's few digits are exactly those
// with at most model.few places left.
func TestFewFollowsCounts(t *testing.T) {
	for i, b := range fixtureBoards(t, "testdata/killer9-tarek.txt")[:8] {
		var g generic
		if _, err := g.count(context.Background(), b, 1, 1); err != nil && !errors.Is(err, ErrNodeLimit) {
			t.Fatal(err)
		}
		f := g.frames[0]
		if !g.root(b) {
			t.Fatalf("board %d: root found a contradiction", i+1)
		}
		for depth := 0; ; depth++ {
			if !g.propagate(f) || f.empty == 0 {
				break
			}
			for u := range g.l.Units() {
				var want grid.Digits
				for d := range g.l.N {
					if int(f.count[u][d]) <= g.m.few {
						want |= grid.Digits(1) << d
					}
				}
				if f.few[u] != want {
					t.Fatalf("board %d, depth %d, unit %d: few %v, want %v", i+1, depth, u, f.few[u], want)
				}
			}
			cell, bit := g.choose(f)
			if !g.remove(f, cell, f.cand[cell]&^bit) {
				break
			}
		}
	}
}

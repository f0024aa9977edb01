package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestAddDigits checks addDigits against addTo of each digit's set, on
// random sets of sets of both densities and every digit set.
func TestAddDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 38))
	for ds := range grid.Digits(512) {
		for round := range 4 {
			var b, out bits512
			for i := range b {
				b[i], out[i] = r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64()
				if round%2 == 0 {
					b[i] &= r.Uint64() & r.Uint64()
				}
			}
			want := out
			for d := ds; d != 0; d &= d - 1 {
				b.addTo(&want, int(d&-d))
			}
			got := out
			b.addDigits(&got, ds)
			if got != want {
				t.Fatalf("addDigits(%09b) = %x, want %x", ds, got, want)
			}
		}
	}
}

// TestCellSets checks cellSets against a walk of every assignment of
// different digits to the cells, on one to seven cells of random
// candidates (some cells of one candidate, some sharing all theirs).
// Enough of the cases must have three cells or more, and some no set.
func TestCellSets(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 37))
	tr := &trial{cand: make([]grid.Digits, 7)}
	long, none := 0, 0
	for range 3000 {
		n := 1 + r.IntN(7)
		for c := range n {
			switch r.IntN(4) {
			case 0:
				tr.cand[c] = grid.Bit(1 + r.IntN(9))
			case 1:
				tr.cand[c] = grid.Digits(r.Uint32()) & 511 & grid.Digits(r.Uint32())
			default:
				tr.cand[c] = grid.Digits(r.Uint32()) & 511
			}
		}
		cells := make([]int, n)
		for i := range cells {
			cells[i] = i
		}
		var want bits512
		var walk func(i int, used grid.Digits)
		walk = func(i int, used grid.Digits) {
			if i == n {
				want.set(int(used))
				return
			}
			for ds := tr.cand[i] &^ used; ds != 0; ds &= ds - 1 {
				walk(i+1, used|ds&-ds)
			}
		}
		walk(0, 0)
		if got := tr.cellSets(cells); got != want {
			t.Fatalf("cells %09b: sets %x, want %x", tr.cand[:n], got, want)
		}
		if n >= 3 {
			long++
		}
		if want == (bits512{}) {
			none++
		}
	}
	if long < 1500 || none < 100 {
		t.Errorf("%d cases of three cells or more, %d with no set: too few", long, none)
	}
	t.Logf("%d of three cells or more, %d with no set", long, none)
}

// TestTakeDigits checks takeDigits against takeFrom of each digit's set,
// on random sets of sets of both densities and every digit set: what it
// adds and the digits it reports. Enough digits must be reported, and
// enough not, for the comparison to mean something.
func TestTakeDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 39))
	some, none := 0, 0
	for ds := range grid.Digits(512) {
		for round := range 4 {
			var b, with, out bits512
			for i := range b {
				b[i], with[i], out[i] = r.Uint64(), r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64()
				if round%2 == 0 {
					b[i] &= r.Uint64() & r.Uint64() & r.Uint64()
					with[i] &= r.Uint64() & r.Uint64() & r.Uint64()
				}
			}
			want, wantDs := out, grid.Digits(0)
			for d := ds; d != 0; d &= d - 1 {
				if b.takeFrom(&want, &with, int(d&-d)) {
					wantDs |= d & -d
				}
			}
			got := out
			if gotDs := b.takeDigits(&got, &with, ds); got != want || gotDs != wantDs {
				t.Fatalf("takeDigits(%09b) = %x, %09b, want %x, %09b", ds, got, gotDs, want, wantDs)
			}
			some += wantDs.Count()
			none += (ds &^ wantDs).Count()
		}
	}
	if some < 1000 || none < 1000 {
		t.Errorf("%d digits with sets, %d without: too few", some, none)
	}
}

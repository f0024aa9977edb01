package search

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// scatteredCage is a 27-cage of five cells of a KenKen of large
// scattered cages (r5c9 r2c3 r4c9 r2c4 r3c4): no three of them in a row
// or a column, so thousands of fillings, which the search checked one by
// one at every visit.
var scatteredCage = grid.Cage{Cells: []int{44, 11, 35, 12, 21}, Op: grid.OpAdd, Target: 27}

// scatteredTuples returns the layout of a 9×9 KenKen of cage and single
// cells, and the cage's table and index.
func scatteredTuples(tb testing.TB, cage grid.Cage) (*grid.Layout, []uint8, []uint64) {
	tb.Helper()
	cages := []grid.Cage{cage}
	in := map[int]bool{}
	for _, c := range cage.Cells {
		in[c] = true
	}
	for c := range 81 {
		if !in[c] {
			cages = append(cages, grid.Cage{Cells: []int{c}, Op: grid.OpNone, Target: 1 + (c/9+c%9)%9})
		}
	}
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.KenKen, Cages: cages})
	if err != nil {
		tb.Fatal(err)
	}
	tuples := cageTuples(l, l.Cage(l.CellCage(cage.Cells[0])))
	with := tupleIndex(9, len(cage.Cells), tuples)
	if with == nil {
		tb.Fatalf("%d fillings: no index", len(tuples)/len(cage.Cells))
	}
	return l, tuples, with
}

// scanTuples is what tuples finds, filling by filling: the digits each
// cell takes in the fillings within the domains, and whether there are
// any.
func scanTuples(tuples []uint8, domains []grid.Digits) ([]grid.Digits, bool) {
	k := len(domains)
	support := make([]grid.Digits, k)
	any := false
next:
	for t := 0; t < len(tuples); t += k {
		for i, d := range tuples[t : t+k] {
			if !domains[i].Has(int(d)) {
				continue next
			}
		}
		any = true
		for i, d := range tuples[t : t+k] {
			support[i] |= grid.Bit(int(d))
		}
	}
	return support, any
}

// TestTupleSupportMatchesScan checks the index of a large table against
// the scan of its fillings, on random domains of the scattered cage's
// cells (wide and narrow): the digits kept and whether any filling is
// left must be the scan's. Enough domains must leave fillings and enough
// none.
func TestTupleSupportMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(62, 27))
	_, tuples, with := scatteredTuples(t, scatteredCage)
	var scratch []uint64
	left, none := 0, 0
	for round := range 2000 {
		domains := make([]grid.Digits, len(scatteredCage.Cells))
		for i := range domains {
			domains[i] = grid.AllDigits(9)
			for range rng.IntN(3 + round%6) {
				domains[i] &^= grid.Bit(1 + rng.IntN(9))
			}
			if round%2 == 1 {
				domains[i] = grid.Bit(1+rng.IntN(9)) | grid.Bit(1+rng.IntN(9))
			}
		}
		got := make([]grid.Digits, len(domains))
		ok := tupleSupport(with, 10, domains, got, &scratch)
		want, found := scanTuples(tuples, domains)
		if ok != found {
			t.Fatalf("domains %v: fillings left %v, the scan %v", domains, ok, found)
		}
		if !found {
			none++
			continue
		}
		left++
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("domains %v: support %v, the scan %v", domains, got, want)
			}
		}
	}
	if left < 300 || none < 100 {
		t.Errorf("%d domains with fillings, %d without: too few to compare", left, none)
	}
}

// BenchmarkTupleSupport checks the scattered cage's fillings through
// the index, a cell or two narrowed.
func BenchmarkTupleSupport(b *testing.B) {
	_, _, with := scatteredTuples(b, scatteredCage)
	domains := []grid.Digits{0x1fe, 0x1ff, 0x0ff, 0x1ff, 0x1f7}
	support := make([]grid.Digits, len(domains))
	var scratch []uint64
	for b.Loop() {
		tupleSupport(with, 10, domains, support, &scratch)
	}
}

// BenchmarkTupleScan is BenchmarkTupleSupport filling by filling, as
// tuples does, for comparison.
func BenchmarkTupleScan(b *testing.B) {
	_, tuples, _ := scatteredTuples(b, scatteredCage)
	domains := []grid.Digits{0x1fe, 0x1ff, 0x0ff, 0x1ff, 0x1f7}
	for b.Loop() {
		scanTuples(tuples, domains)
	}
}

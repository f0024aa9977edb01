package grid

import (
	"math/rand/v2"
	"testing"
)

// walkProduct is the walk Board.Fill makes of a product group's
// fillings (fillSearch.walk): every filling visited, cell by cell,
// skipping a digit an earlier cell it sees took and one the target is not
// a multiple of with the product so far, giving up past maxFillNodes
// nodes (a filling's leaf is one).
func walkProduct(opts []Digits, sees *[MaxGroupCells]uint32, target int) (f Fills, nodes int) {
	n := len(opts)
	f = Fills{Must: ^Digits(0)}
	var digit [MaxGroupCells]Digits
	var walk func(i, prod int, used Digits)
	walk = func(i, prod int, used Digits) {
		if nodes++; nodes > maxFillNodes {
			return
		}
		if i == n {
			if prod != target {
				return
			}
			for j := range n {
				f.Support[j] |= digit[j]
			}
			f.Used |= used
			f.Must &= used
			f.Count++
			return
		}
		var taken Digits
		for j := range i {
			if sees[i]&(1<<j) != 0 {
				taken |= digit[j]
			}
		}
		for ds := opts[i] &^ taken; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if target%(prod*d) != 0 {
				continue
			}
			digit[i] = ds & -ds
			walk(i+1, prod*d, used|ds&-ds)
			if nodes > maxFillNodes {
				return
			}
		}
	}
	walk(0, 1, 0)
	if nodes > maxFillNodes {
		return Fills{}, nodes
	}
	f.OK = true
	if f.Count == 0 {
		f.Must = 0
	}
	return f, nodes
}

// TestFillProductMatchesWalk checks SumFiller.fillProduct against the walk on
// product groups of one to eleven cells, random pairs of them seeing each
// other (few to all), random options (often every digit) and targets the
// products of random digits: the support, the digits used, those every
// filling uses and the number of fillings must be the walk's, and it must
// give up exactly where the walk visits more than maxFillNodes nodes.
// Enough groups must have fillings, enough none and enough be given up
// for the comparison to mean something.
func TestFillProductMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(62, 38))
	var p SumFiller
	filled, empty, gaveUp := 0, 0, 0
	rounds := 1500
	if testing.Short() || race {
		rounds = 300
	}
	for round := range rounds {
		n := 1 + rng.IntN(11)
		sees := randomSees(rng, n, []float64{0, 0.15, 0.3, 0.6, 1}[round%5])
		opts := make([]Digits, n)
		target := 1
		for i := range opts {
			opts[i] = randomOptions(rng, 6)
			if rng.IntN(2) == 0 {
				opts[i] = AllDigits(9)
			}
			target *= 1 + rng.IntN(9)
		}
		if round%7 == 0 {
			target++ // mostly a prime factor past 9 or a missed product
		}
		var got Fills
		p.fillProduct(opts, sees, target, &got)
		want, nodes := walkProduct(opts, sees, target)
		if got != want {
			t.Fatalf("options %v sees %v target %d (%d nodes): %+v, the walk %+v", opts, sees[:n], target, nodes, got, want)
		}
		switch {
		case !want.OK:
			gaveUp++
		case want.Count > 0:
			filled++
		default:
			empty++
		}
	}
	t.Logf("%d groups with fillings, %d without, %d given up", filled, empty, gaveUp)
	if filled < rounds/5 || empty < rounds/20 || gaveUp < rounds/50 {
		t.Errorf("%d groups with fillings, %d without, %d given up: too few to compare", filled, empty, gaveUp)
	}
}

// scatteredProduct is a product cage of nine cells, no two in a row or a
// column but two pairs (a KenKen cage scattered over the board): the
// cells' options are every digit, the target 7372800 = 2^15·3^2·5^2.
var scatteredProduct = struct {
	opts   []Digits
	sees   [MaxGroupCells]uint32
	target int
}{
	opts:   []Digits{0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff},
	sees:   [MaxGroupCells]uint32{0, 1, 0, 0, 0b1000, 0, 0, 0, 0},
	target: 7372800,
}

// BenchmarkProductFill finds the fillings of scatteredProduct, whose walk
// passes maxFillNodes nodes: a forcing net asked for it again and again on
// a KenKen of such cages, for seconds of CPU.
func BenchmarkProductFill(b *testing.B) {
	g := &scatteredProduct
	var p SumFiller
	var f Fills
	b.ReportAllocs()
	for b.Loop() {
		p.fillProduct(g.opts, &g.sees, g.target, &f)
	}
}

// BenchmarkProductFillWalk is BenchmarkProductFill with the walk, for
// comparison.
func BenchmarkProductFillWalk(b *testing.B) {
	g := &scatteredProduct
	b.ReportAllocs()
	for b.Loop() {
		walkProduct(g.opts, &g.sees, g.target)
	}
}

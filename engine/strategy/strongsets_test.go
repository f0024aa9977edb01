package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFinishingBothWays holds finishing, and finishedBy (its walk over
// the cage's other cells' sets) whatever their sizes, to meetsApart set
// by set, on random sets of sets of both densities and every target:
// finishing must take each walk often, and keep and drop enough sets.
func TestFinishingBothWays(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 1))
	random := func(dense bool) (b bits512) {
		for i := range b {
			b[i] = r.Uint64() & r.Uint64() & r.Uint64() & r.Uint64()
			if dense {
				b[i] = r.Uint64() & r.Uint64()
			}
		}
		return b
	}
	kept, dropped, byRest := 0, 0, 0
	for round := range 800 {
		b, ins := random(round%2 == 0), random(round%4 < 2)
		target := round % 46
		var want bits512
		for s := range 512 {
			if !ins.has(s) {
				continue
			}
			need := target - int(digitSums[s])
			if need >= 0 && need < len(sumSets512) && b.meetsApart(&sumSets512[need], s) {
				want.set(s)
				kept++
			} else {
				dropped++
			}
		}
		if got := ins.finishedBy(&b, target); got != want {
			t.Fatalf("round %d, target %d: finishedBy %v, want %v", round, target, got.appendTo(nil), want.appendTo(nil))
		}
		if b.count() < ins.count() {
			byRest++
		}
		if got := b.finishing(&ins, target, nil); !slices.Equal(got, want.appendTo(nil)) {
			t.Fatalf("round %d, target %d: finishing %v, want %v", round, target, got, want.appendTo(nil))
		}
	}
	t.Logf("%d sets kept, %d not; %d of 800 rounds walked the other cells' sets", kept, dropped, byRest)
	if kept < 1000 || dropped < 1000 || byRest < 200 || byRest > 600 {
		t.Errorf("%d sets kept, %d not, %d rounds by the other cells: too few to compare", kept, dropped, byRest)
	}
}

// TestPieceSupportBySize holds pieceSupport to a walk over every
// assignment of different digits to a piece's cells, as
// TestPieceSupportPlain does, for pieces of each size from one cell
// (tarek's killer 41's layout, random candidates and kept sets): each
// size of one to four cells must have enough digits supported and not.
func TestPieceSupportBySize(t *testing.T) {
	l := tarekBoard(t, 41).Layout()
	rng := rand.New(rand.NewPCG(41, 70))
	tr := &trial{l: l}
	tr.sx = tr.strongSetup(l)
	var kept, dropped [5]int
	for round := range 60 {
		tr.cand = narrowedBoards(l, rng, 1, 6, 0)[0]
		for u := range tr.sx.pieces {
			for i := range tr.sx.pieces[u] {
				p := &tr.sx.pieces[u][i]
				// A handful of the piece's sets kept, so that a piece of
				// many cells still leaves digits unsupported.
				all := tr.cellSets(p.in)
				sets := all.appendTo(nil)
				var ok bits512
				for range 1 + rng.IntN(4) {
					if len(sets) > 0 {
						ok.set(int(sets[rng.IntN(len(sets))]))
					}
				}
				got := tr.pieceSupport(p, &ok)
				var want [grid.MaxSize]grid.Digits
				var ds [grid.MaxSize]grid.Digits
				var walk func(j int, used grid.Digits)
				walk = func(j int, used grid.Digits) {
					if j == len(p.in) {
						if ok.has(int(used)) {
							for k := range j {
								want[k] |= ds[k]
							}
						}
						return
					}
					for c := tr.cand[p.in[j]] &^ used; c != 0; c &= c - 1 {
						ds[j] = c & -c
						walk(j+1, used|c&-c)
					}
				}
				walk(0, 0)
				if got != want {
					t.Fatalf("round %d, unit %d, piece %v: support %v, want %v", round, u, p.in, got[:len(p.in)], want[:len(p.in)])
				}
				n := min(len(p.in), len(kept)-1)
				for j, c := range p.in {
					kept[n] += want[j].Count()
					dropped[n] += (tr.cand[c] &^ want[j]).Count()
				}
			}
		}
	}
	t.Logf("digits supported by piece size: %v, not: %v", kept[1:], dropped[1:])
	for n := 1; n <= 4; n++ {
		if kept[n] < 200 || dropped[n] < 200 {
			t.Errorf("pieces of %d cells: %d digits supported, %d not: too few to compare", n, kept[n], dropped[n])
		}
	}
}

// TestPartSetsMemo holds partSets, with its memo of earlier candidates,
// to cellSets worked out afresh for every part of tarek's killer 41's
// layout, along boards visited again in random order: enough parts must
// be served by the memo, and enough worked out.
func TestPartSetsMemo(t *testing.T) {
	l := tarekBoard(t, 41).Layout()
	rng := rand.New(rand.NewPCG(41, 7))
	tr := &trial{l: l}
	tr.sx = tr.strongSetup(l)
	boards := narrowedBoards(l, rng, 12, 5, 30)
	looks := 0
	for round := range 300 {
		tr.cand = boards[rng.IntN(len(boards))]
		for i := range tr.sx.parts {
			got := *tr.partSets(int32(i))
			if want := tr.cellSets(tr.sx.parts[i].cells); got != want {
				t.Fatalf("round %d, part %v: %v, want %v", round, tr.sx.parts[i].cells, got.appendTo(nil), want.appendTo(nil))
			}
			looks++
		}
	}
	memo, same := tr.sx.partMemoHits, tr.sx.partHits
	worked := looks - memo - same
	t.Logf("%d looks: %d the last sets, %d from the memo, %d worked out", looks, same, memo, worked)
	if memo < looks/10 || worked < looks/100 {
		t.Errorf("%d from the memo, %d worked out of %d: too few to compare", memo, worked, looks)
	}
}

// TestTwoToFour holds twoToFour, which lets hiddenSubsets stop before
// its walks, to the places of each digit counted cell by cell, on random
// boards of tarek's killer 41's layout: enough digits of one to five
// places must be met.
func TestTwoToFour(t *testing.T) {
	l := tarekBoard(t, 41).Layout()
	rng := rand.New(rand.NewPCG(41, 24))
	var met [10]int
	for range 200 {
		cand := narrowedBoards(l, rng, 1, 2+rng.IntN(24), 0)[0]
		for u := range l.Units() {
			cells := l.Unit(u).Cells
			n := countUnit(cand, cells)
			var want grid.Digits
			for d := 1; d <= l.N; d++ {
				places := 0
				for _, c := range cells {
					if cand[c].Has(d) {
						places++
					}
				}
				met[places]++
				if places >= 2 && places <= 4 {
					want |= grid.Bit(d)
				}
			}
			if got := twoToFour(&n); got != want {
				t.Fatalf("unit %d: %v, want %v", u, got, want)
			}
		}
	}
	t.Logf("digits by places: %v", met)
	for places := 1; places <= 5; places++ {
		if met[places] < 100 {
			t.Errorf("%d digits of %d places: too few to compare", met[places], places)
		}
	}
}

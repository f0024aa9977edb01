package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBits512Ops checks bits512's word-wise operations (addTo, takeFrom,
// meetsApart) against a bit-by-bit reference, on random sets of sets and
// every digit set s.
func TestBits512Ops(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 38))
	random := func(sparse bool) (b bits512) {
		for i := range b {
			b[i] = r.Uint64()
			if sparse {
				b[i] &= r.Uint64() & r.Uint64() & r.Uint64()
			}
		}
		return b
	}
	checked := 0
	for s := range 512 {
		for round := range 6 {
			b, c := random(round%2 == 0), random(round%3 == 0)
			out := random(true)
			var add, take bits512
			hit, meets := false, false
			for x := range 512 {
				if x&s != 0 {
					continue
				}
				if b.has(x) {
					add.set(x | s)
				}
				if b.has(x|s) && c.has(x) {
					hit = true
				}
				meets = meets || b.has(x) && c.has(x)
			}
			for x := range 512 {
				if x&s == 0 && b.has(x|s) {
					take.set(x)
				}
			}
			gotAdd := out
			b.addTo(&gotAdd, s)
			if want := or512(out, add); gotAdd != want {
				t.Fatalf("addTo(%d) = %x, want %x", s, gotAdd, want)
			}
			gotTake := out
			if got := b.takeFrom(&gotTake, &c, s); got != hit {
				t.Fatalf("takeFrom(%d) reports %v, want %v", s, got, hit)
			}
			want := out
			if hit {
				want = or512(out, take)
			}
			if gotTake != want {
				t.Fatalf("takeFrom(%d) = %x, want %x", s, gotTake, want)
			}
			if got := b.meetsApart(&c, s); got != meets {
				t.Fatalf("meetsApart(%d) = %v, want %v", s, got, meets)
			}
			if hit {
				checked++
			}
		}
	}
	// The random sets must reach both outcomes of takeFrom.
	if checked == 0 || checked == 512*6 {
		t.Fatalf("takeFrom held on %d of %d cases: the test does not tell its outcomes apart", checked, 512*6)
	}
}

// or512 returns the sets in a or in b.
func or512(a, b bits512) (out bits512) {
	for i := range out {
		out[i] = a[i] | b[i]
	}
	return out
}

// TestBits512AllOps holds addAll and takeAll, a piece's sets at a time,
// to addTo and takeFrom set by set: random sets of sets and random
// lists of digit sets (increasing, as a piece's), some with sets of every
// word (digits 7-9). Both outcomes of takeAll's cut must be met.
func TestBits512AllOps(t *testing.T) {
	r := rand.New(rand.NewPCG(67, 512))
	cuts := 0
	for round := range 3000 {
		var b, with bits512
		for i := range b {
			b[i] = r.Uint64()
			with[i] = r.Uint64() & r.Uint64()
		}
		var sets []uint16
		for s := range 512 {
			if r.IntN(100) == 0 || round%7 == 0 && r.IntN(4) == 0 {
				sets = append(sets, uint16(s))
			}
		}
		var want bits512
		for _, s := range sets {
			b.addTo(&want, int(s))
		}
		var got bits512
		if b.addAll(&got, sets); got != want {
			t.Fatalf("round %d: addAll(%v) = %x, want %x", round, sets, got, want)
		}
		var wantOut, wantOK bits512
		wantCut := false
		for _, s := range sets {
			if b.takeFrom(&wantOut, &with, int(s)) {
				wantOK.set(int(s))
			} else {
				wantCut = true
			}
		}
		var ok, out bits512
		cut := b.takeAll(&out, &with, sets, &ok)
		if out != wantOut || ok != wantOK || cut != wantCut {
			t.Fatalf("round %d: takeAll(%v) = %x, %x, %v, want %x, %x, %v", round, sets, out, ok, cut, wantOut, wantOK, wantCut)
		}
		if cut {
			cuts++
		}
	}
	t.Logf("takeAll cut in %d of 3000 rounds", cuts)
	if cuts < 300 || cuts > 2700 {
		t.Fatalf("takeAll cut in %d of 3000 rounds: the test does not tell its outcomes apart", cuts)
	}
}

// TestBits512Finishing holds finishing (a piece's sets that a set of its
// cage's other cells, disjoint from it, makes the target with) to
// meetsApart set by set, on random sets of sets and every target; both
// outcomes must be met.
func TestBits512Finishing(t *testing.T) {
	r := rand.New(rand.NewPCG(67, 46))
	kept, dropped := 0, 0
	for round := range 400 {
		var b, ins bits512
		for i := range b {
			b[i] = r.Uint64() & r.Uint64() & r.Uint64()
			ins[i] = r.Uint64() & r.Uint64()
		}
		target := round % 46
		var want []uint16
		for s := range 512 {
			if !ins.has(s) {
				continue
			}
			need := target - int(digitSums[s])
			if need >= 0 && need < len(sumSets512) && b.meetsApart(&sumSets512[need], s) {
				want = append(want, uint16(s))
				kept++
			} else {
				dropped++
			}
		}
		if got := b.finishing(&ins, target, nil); !slices.Equal(got, want) {
			t.Fatalf("round %d, target %d: %v, want %v", round, target, got, want)
		}
	}
	t.Logf("%d sets kept, %d not", kept, dropped)
	if kept < 1000 || dropped < 1000 {
		t.Errorf("%d sets kept, %d not: too few to compare", kept, dropped)
	}
}

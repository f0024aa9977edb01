package strategy

import (
	"math/rand/v2"
	"testing"
)

// TestBits512Shifts checks bits512's word-by-word shifts and meets against
// a bit-by-bit reference, on random sets and every shift at a word's
// edges.
func TestBits512Shifts(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 38))
	shifts := []int{0, 1, 62, 63, 64, 65, 127, 128, 255, 256, 447, 448, 510, 511}
	for range 200 {
		shifts = append(shifts, r.IntN(512))
	}
	for _, k := range shifts {
		for range 20 {
			var b, c bits512
			for i := range b {
				b[i], c[i] = r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64()
			}
			var shl, shr bits512
			meets := false
			for x := range 512 {
				if b.has(x) && x+k < 512 {
					shl.set(x + k)
				}
				if b.has(x) && x >= k {
					shr.set(x - k)
				}
				meets = meets || b.has(x) && c.has(x)
			}
			if got := b.shl(k); got != shl {
				t.Fatalf("shl(%d) = %x, want %x", k, got, shl)
			}
			if got := b.shr(k); got != shr {
				t.Fatalf("shr(%d) = %x, want %x", k, got, shr)
			}
			if got := b.meets(&c); got != meets {
				t.Fatalf("meets = %v, want %v", got, meets)
			}
			up := c.shl(k)
			if got := up.shr(k).and(&b); got != refAnd(c, b, k) {
				t.Fatalf("shl(%d).shr.and: %x, want %x", k, got, refAnd(c, b, k))
			}
		}
	}
}

// refAnd returns the sets of c below 512-k that b holds too, bit by bit.
func refAnd(c, b bits512, k int) (out bits512) {
	for x := range 512 - k {
		if c.has(x) && b.has(x) {
			out.set(x)
		}
	}
	return out
}

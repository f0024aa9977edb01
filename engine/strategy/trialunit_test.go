package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestDigitFlags holds digitFlags and flagDigits, which turn a set of
// digits into unitCount's flags (bit 4(d-1) for digit d) and back, to
// each other and to the digits one by one, for every set of
// maxTrialDigits digits.
func TestDigitFlags(t *testing.T) {
	for ds := grid.Digits(0); ds <= digitMask; ds++ {
		var want uint64
		for d := 1; d <= maxTrialDigits; d++ {
			if ds.Has(d) {
				want |= 1 << (4 * (d - 1))
			}
		}
		if got := digitFlags[ds]; got != want {
			t.Fatalf("digitFlags[%v] = %#x, want %#x", ds, got, want)
		}
		// Bits other than the flags' are passed by.
		if got := flagDigits(want | want<<1 | want<<3); got != ds {
			t.Fatalf("flagDigits(%#x) = %v, want %v", want, got, ds)
		}
	}
}

// TestUnitCountSplit holds unitCount.split and twoToFour, which read a
// unit's counts four bits a digit, to the counts read digit by digit:
// split's digits of no place, of one place not held alone, and of two or
// three places, and twoToFour's of two to four places, among the digits
// of a mask. The counts are random (0 to 9 places a digit, some digits
// held alone), each kind of digit met often enough to mean something.
func TestUnitCountSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(72, 14))
	var met [10]int
	for range 20000 {
		var n unitCount
		var places [maxTrialDigits + 1]int
		var alone grid.Digits
		for d := 1; d <= maxTrialDigits; d++ {
			places[d] = rng.IntN(10)
			if rng.IntN(4) == 0 {
				places[d] = rng.IntN(4)
			}
			met[places[d]]++
			n.cnt += uint64(places[d]) << (4 * (d - 1))
			if places[d] > 0 && rng.IntN(3) == 0 {
				alone |= grid.Bit(d)
			}
		}
		n.alone = digitFlags[alone]
		mask := grid.Digits(rng.IntN(digitMask + 1))
		var none, one, few, twoFour grid.Digits
		for d := 1; d <= maxTrialDigits; d++ {
			k := places[d]
			if k >= 2 && k <= 4 {
				twoFour |= grid.Bit(d)
			}
			if !mask.Has(d) {
				continue
			}
			switch {
			case k == 0:
				none |= grid.Bit(d)
			case k == 1 && !alone.Has(d):
				one |= grid.Bit(d)
			case k == 2 || k == 3:
				few |= grid.Bit(d)
			}
		}
		gotNone, gotOne, gotFew := n.split(digitFlags[mask])
		if flagDigits(gotNone) != none || flagDigits(gotOne) != one || flagDigits(gotFew) != few {
			t.Fatalf("places %v, alone %v, mask %v: split %v %v %v, want %v %v %v", places[1:], alone, mask,
				flagDigits(gotNone), flagDigits(gotOne), flagDigits(gotFew), none, one, few)
		}
		// Each is among the mask's flags alone.
		if (gotNone|gotOne|gotFew)&^digitFlags[mask] != 0 {
			t.Fatalf("places %v, mask %v: split %#x %#x %#x, outside the mask's flags", places[1:], mask, gotNone, gotOne, gotFew)
		}
		if got := twoToFour(&n); got != twoFour {
			t.Fatalf("places %v: twoToFour %v, want %v", places[1:], got, twoFour)
		}
	}
	t.Logf("digits by places: %v", met)
	for k, m := range met {
		if m < 3000 {
			t.Errorf("%d digits of %d places: too few to compare", m, k)
		}
	}
}

package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// plainMatch is matchSet by enumeration: every assignment of the digits
// of set to the cells, one each, that the cells' options allow.
func plainMatch(opts []grid.Digits, set grid.Digits, support []grid.Digits) bool {
	found := false
	took := make([]grid.Digits, len(opts))
	var walk func(c int, left grid.Digits)
	walk = func(c int, left grid.Digits) {
		if c == len(opts) {
			found = true
			for i, d := range took {
				support[i] |= d
			}
			return
		}
		for x := opts[c] & left; x != 0; x &= x - 1 {
			took[c] = x & -x
			walk(c+1, left&^took[c])
		}
	}
	walk(0, set)
	return found
}

// TestMatchSetMatchesPlain checks matchSet's answer and the digits it adds
// to a support against enumeration, on random cells of one to nine cells
// (subsets up to six, matchLarge past), random sets of their size among
// the first nine digits (and, up to six cells, a few past them) and
// random digits already in the support.
func TestMatchSetMatchesPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 38))
	checked, matched, added := 0, 0, 0
	for range 20000 {
		k := 1 + rng.IntN(maxTableDigits)
		width := maxTableDigits
		if k <= subsetCells && rng.IntN(8) == 0 {
			width = 12 // sets with digits past the ninth (matchLarge takes none)
		}
		// A random set of k digits of width.
		var set grid.Digits
		for set.Count() < k {
			set |= grid.Digits(1) << rng.IntN(width)
		}
		opts := make([]grid.Digits, k)
		keep := 1 + rng.IntN(3) // each digit of set kept with probability keep/4
		for i := range opts {
			for x := set; x != 0; x &= x - 1 {
				if rng.IntN(4) < keep {
					opts[i] |= x & -x
				}
			}
			opts[i] |= grid.Digits(rng.IntN(1<<width)) &^ set & grid.Digits(rng.IntN(1<<width))
		}
		start := make([]grid.Digits, k)
		if rng.IntN(2) == 0 {
			for i := range start {
				start[i] = opts[i] & grid.Digits(rng.IntN(1<<width))
			}
		}
		got, want := slicesClone(start), slicesClone(start)
		ok := matchSet(opts, set, got)
		wantOK := plainMatch(opts, set, want)
		if ok != wantOK {
			t.Fatalf("matchSet(%v, %b) = %v, want %v", opts, set, ok, wantOK)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("matchSet(%v, %b) support from %v = %v, want %v", opts, set, start, got, want)
			}
		}
		checked++
		if ok {
			matched++
			for i := range got {
				if got[i] != start[i] {
					added++
					break
				}
			}
		}
	}
	// A floor on the matching cases, so that the check is not vacuous.
	t.Logf("%d cases, %d matched, %d added to their support", checked, matched, added)
	if matched < checked/10 || added < checked/20 {
		t.Fatalf("%d cases, %d matched, %d added to their support: too few", checked, matched, added)
	}
}

// slicesClone copies a slice of digit masks.
func slicesClone(s []grid.Digits) []grid.Digits {
	return append([]grid.Digits(nil), s...)
}

package grid

import (
	"math/rand/v2"
	"testing"
)

// matchableByHall reports what Matchable should: whether every set of
// cells has, among free, at least as many candidates as cells (Hall's
// condition, which holds exactly when a matching exists), trying every
// set.
func matchableByHall(cand []Digits, free Digits) bool {
	for s := 1; s < 1<<len(cand); s++ {
		var union Digits
		n := 0
		for i, c := range cand {
			if s&(1<<i) != 0 {
				union |= c & free
				n++
			}
		}
		if union.Count() < n {
			return false
		}
	}
	return true
}

func TestMatchable(t *testing.T) {
	tests := []struct {
		name string
		cand []Digits
		free Digits
		want bool
	}{
		{"no cells", nil, 0, true},
		{"one cell, no digit of free", []Digits{Bit(1)}, Bit(2), false},
		{"two cells, one digit", []Digits{Bit(1), Bit(1)}, Bit(1) | Bit(2), false},
		{"a path moves the first cell", []Digits{Bit(1) | Bit(2), Bit(1)}, Bit(1) | Bit(2), true},
		{"a path through two cells", []Digits{Bit(1) | Bit(2), Bit(2) | Bit(3), Bit(1)}, Straight(1, 3), true},
		{"three cells on two digits", []Digits{Bit(1) | Bit(2), Bit(1) | Bit(2), Bit(1) | Bit(2) | Bit(3)}, Bit(1) | Bit(2), false},
		{"digits outside free do not count", []Digits{Bit(1) | Bit(5), Bit(1) | Bit(6)}, Straight(1, 2), false},
	}
	for _, tt := range tests {
		if got := Matchable(tt.cand, tt.free); got != tt.want {
			t.Errorf("%s: Matchable(%v, %v) = %v, want %v", tt.name, tt.cand, tt.free, got, tt.want)
		}
	}
}

// checkMatching fails t unless match gives each cell of cand one of its
// candidates in free, no two cells the same.
func checkMatching(t *testing.T, cand []Digits, free Digits, match []Digits) {
	t.Helper()
	var taken Digits
	for i, m := range match {
		if m.Count() != 1 || m&cand[i]&free == 0 || m&taken != 0 {
			t.Fatalf("Matching(%v, %v) gives %v: cell %d takes %v", cand, free, match, i, m)
		}
		taken |= m
	}
}

// TestMatchableAgreesWithHall checks Matchable and Matching against Hall's condition
// on random cells of up to nine digits, sparse and dense, as a
// compartment's empty cells and a window's free digits give them.
func TestMatchableAgreesWithHall(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 13))
	yes, no := 0, 0
	for range 20000 {
		n := 1 + r.IntN(9)
		k := 1 + r.IntN(n)
		free := Straight(1+r.IntN(10-n), n)
		density := 1 + r.IntN(4)
		cand := make([]Digits, k)
		for i := range cand {
			for range density {
				cand[i] |= Bit(1 + r.IntN(9))
			}
		}
		want := matchableByHall(cand, free)
		if got := Matchable(cand, free); got != want {
			t.Fatalf("Matchable(%v, %v) = %v, Hall's condition says %v", cand, free, got, want)
		}
		match := make([]Digits, len(cand))
		if got := Matching(cand, free, match); got != want {
			t.Fatalf("Matching(%v, %v) = %v, Hall's condition says %v", cand, free, got, want)
		}
		if want {
			checkMatching(t, cand, free, match)
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	if yes < 2000 || no < 2000 {
		t.Errorf("%d matchable and %d not of 20000: the cases are too one-sided to test", yes, no)
	}
}

// windowsByHall returns the windows open to cells by their definition:
// each window whose digits the placed cells hold distinct and the empty
// cells can take (Hall's condition on the digits the placed ones leave).
func windowsByHall(n int, cells []int, value []uint8, cand []Digits) Digits {
	k := len(cells)
	var windows Digits
	for lo := 1; lo+k-1 <= n; lo++ {
		w := Straight(lo, k)
		var placed Digits
		var open []Digits
		ok := true
		for _, c := range cells {
			switch v := value[c]; {
			case v == 0:
				open = append(open, cand[c])
			case placed.Has(int(v)) || !w.Has(int(v)):
				ok = false
			default:
				placed |= Bit(int(v))
			}
		}
		if ok && matchableByHall(open, w&^placed) {
			windows |= Bit(lo)
		}
	}
	return windows
}

// TestStraightWindowsAmong checks StraightWindowsAmong, on random
// compartments of a row of a 9×9 board with some digits placed and random
// sets of windows to judge, against the windows by their definition kept
// to those sets (StraightWindows being the case of every window).
func TestStraightWindowsAmong(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 30))
	const n = 9
	open, shut := 0, 0
	for range 20000 {
		k := 2 + r.IntN(n-1)
		start := r.IntN(n - k + 1)
		cells := make([]int, k)
		value := make([]uint8, n)
		cand := make([]Digits, n)
		density := 2 + r.IntN(5)
		for i := range cells {
			c := start + i
			cells[i] = c
			if r.IntN(5) == 0 {
				value[c] = uint8(1 + r.IntN(n))
				continue
			}
			for range density {
				cand[c] |= Bit(1 + r.IntN(n))
			}
		}
		among := Digits(r.Uint32())
		if r.IntN(4) == 0 {
			among = ^Digits(0)
		}
		all := windowsByHall(n, cells, value, cand)
		if got := StraightWindows(n, cells, value, cand); got != all {
			t.Fatalf("StraightWindows(%v, %v, %v) = %b, want %b", cells, value, cand, got, all)
		}
		if got, want := StraightWindowsAmong(n, cells, value, cand, among), all&among; got != want {
			t.Fatalf("StraightWindowsAmong(%v, %v, %v, %b) = %b, want %b", cells, value, cand, among, got, want)
		}
		open += (all & among).Count()
		shut += (Straight(1, n-k+1) &^ all & among).Count()
	}
	if open < 2000 || shut < 2000 {
		t.Errorf("%d windows open and %d shut of those judged: the cases are too one-sided to test", open, shut)
	}
}

// TestStraight checks Straight, a mask, against its definition, the
// digits lo..lo+k-1 within 1..32, for every start and length around that
// range.
func TestStraight(t *testing.T) {
	for lo := -40; lo <= 40; lo++ {
		for k := -2; k <= 40; k++ {
			var want Digits
			for d := lo; d < lo+k; d++ {
				if d >= 1 && d <= 32 {
					want |= Bit(d)
				}
			}
			if got := Straight(lo, k); got != want {
				t.Fatalf("Straight(%d, %d) = %b, want %b", lo, k, got, want)
			}
		}
	}
}

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

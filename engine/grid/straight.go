package grid

import "math/bits"

// A straight is a set of consecutive digits. A Str8ts compartment of k
// cells holds one: the digits lo..lo+k-1 for some lo, the window of the
// straight. These functions judge the windows still open to a compartment
// from the digits placed in it and the candidates of its empty cells; the
// exact search, the board's Check and the Str8ts strategies share them.

// Straight returns the digits lo..lo+k-1 (clipped to 1..32).
func Straight(lo, k int) Digits {
	hi := min(lo+k-1, 32) // the highest digit, clipped
	lo = max(lo, 1)
	if hi < lo {
		return 0
	}
	// Digits up to hi less those below lo, as 64-bit masks: no shift
	// reaches 64.
	return Digits(uint64(1)<<hi - uint64(1)<<(lo-1))
}

// StraightWindows returns the windows open to the cells of a compartment:
// bit lo-1 is set when the digits lo..lo+len(cells)-1 can fill the cells,
// each cell a distinct digit, a placed cell its own, an empty cell one of
// its candidates. n is the size of the board.
func StraightWindows(n int, cells []int, value []uint8, cand []Digits) Digits {
	return StraightWindowsAmong(n, cells, value, cand, ^Digits(0))
}

// StraightWindowsAmong is StraightWindows judging only the windows of
// among (bit lo-1 for the window from lo); the others are not open in
// what it returns. Each window is judged on its own digits alone, so a
// caller that knows which windows a change of candidates can close need
// judge only those again.
func StraightWindowsAmong(n int, cells []int, value []uint8, cand []Digits, among Digits) Digits {
	k := len(cells)
	among &= Straight(1, n-k+1)
	if among == 0 {
		return 0
	}
	var placed Digits
	var open [MaxSize]Digits
	empty := 0
	for _, cell := range cells {
		if v := value[cell]; v != 0 {
			if placed.Has(int(v)) {
				return 0
			}
			placed |= Bit(int(v))
		} else {
			open[empty] = cand[cell]
			empty++
		}
	}
	var union Digits
	for _, c := range open[:empty] {
		union |= c
	}
	var windows Digits
	first := Straight(1, k)
	for ws := among; ws != 0; ws &= ws - 1 {
		lo := bits.TrailingZeros32(uint32(ws)) + 1
		w := first << (lo - 1)
		free := w &^ placed
		// The empty cells take exactly the digits of free: cheap bit
		// tests rule out most windows before the matching.
		if placed&^w != 0 || union&free != free || !eachMeets(open[:empty], free) {
			continue
		}
		if Matchable(open[:empty], free) {
			windows |= Bit(lo)
		}
	}
	return windows
}

// StraightWindowsAmong is Board.StraightWindows judging only the windows
// of among (see StraightWindowsAmong).
func (b *Board) StraightWindowsAmong(cells []int, cand []Digits, among Digits) Digits {
	if cand == nil {
		cand = b.cand
	}
	return StraightWindowsAmong(b.l.N, cells, b.value, cand, among)
}

// eachMeets reports whether every set of cand has a digit of free.
func eachMeets(cand []Digits, free Digits) bool {
	for _, c := range cand {
		if c&free == 0 {
			return false
		}
	}
	return true
}

// Matchable reports whether cells of the candidates cand can take
// distinct digits of free, each one of its own candidates (a matching of
// every cell, found by augmenting paths). With as many digits as cells it
// tells whether they can take exactly the digits of free.
func Matchable(cand []Digits, free Digits) bool {
	var m matching
	return m.match(cand, free)
}

// Matching is Matchable that also gives, when the cells can take distinct
// digits of free, the digit each takes in one such matching: match[i]
// (match as long as cand) is cell i's, as a set of one digit.
func Matching(cand []Digits, free Digits, match []Digits) bool {
	var m matching
	if !m.match(cand, free) {
		return false
	}
	for d := m.used; d != 0; d &= d - 1 {
		digit := bits.TrailingZeros32(uint32(d)) + 1
		match[m.owner[digit]-1] = Bit(digit)
	}
	return true
}

// match matches every cell of cand to a distinct digit of free, and
// reports whether it could.
func (m *matching) match(cand []Digits, free Digits) bool {
	for i := range cand {
		opts := cand[i] & free
		if open := opts &^ m.used; open != 0 {
			// A digit no cell has taken yet: the common case.
			m.take(i, open)
			continue
		}
		var seen Digits
		if opts == 0 || !m.augment(i, cand, free, &seen) {
			return false
		}
	}
	return true
}

// matching is the state of Matchable: the cell each digit went to and the
// digits taken.
type matching struct {
	owner [33]int8 // owner[d] is one more than the cell given digit d
	used  Digits
}

// take gives cell i the lowest digit of open, a set of digits no cell has.
func (m *matching) take(i int, open Digits) {
	d := bits.TrailingZeros32(uint32(open)) + 1
	m.owner[d] = int8(i + 1)
	m.used |= Bit(d)
}

// augment finds cell i a digit of free among its candidates not in seen,
// moving the cells that hold them along an augmenting path: it takes a
// digit no cell has where it finds one, the digits of the cells it moves
// through otherwise. Every digit it reaches goes into seen before it is
// followed, so each is followed once.
func (m *matching) augment(i int, cand []Digits, free Digits, seen *Digits) bool {
	opts := cand[i] & free &^ *seen
	if open := opts &^ m.used; open != 0 {
		m.take(i, open)
		return true
	}
	*seen |= opts
	for c := opts; c != 0; c &= c - 1 {
		d := bits.TrailingZeros32(uint32(c)) + 1
		if m.augment(int(m.owner[d])-1, cand, free, seen) {
			m.owner[d] = int8(i + 1)
			return true
		}
	}
	return false
}

// StraightSpan returns what the open windows of a compartment of k cells
// allow and require: the digits of some window (any other digit is out of
// every cell of the compartment) and those of every window (the sure
// digits, which the compartment must hold).
func StraightSpan(windows Digits, k int) (allowed, sure Digits) {
	if windows == 0 {
		return 0, 0
	}
	sure = ^Digits(0)
	for w := windows; w != 0; w &= w - 1 {
		lo := bits.TrailingZeros32(uint32(w)) + 1
		win := Straight(lo, k)
		allowed |= win
		sure &= win
	}
	return allowed, sure
}

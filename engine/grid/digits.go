// Package grid holds the board model: the geometry of a puzzle (its size,
// units, peers and cages) and the state of a board being solved (values,
// clues and candidates).
package grid

import "math/bits"

// MaxSize is the largest board side the model supports.
const MaxSize = 32

// Digits is a set of digits 1..MaxSize: bit d-1 stands for digit d.
type Digits uint32

// Bit returns the set holding only d.
func Bit(d int) Digits { return 1 << (d - 1) }

// AllDigits returns the set of digits 1..n.
func AllDigits(n int) Digits {
	if n >= 32 {
		return ^Digits(0)
	}
	return Digits(1)<<n - 1
}

// Has reports whether d is in the set; a number outside 1..MaxSize, such
// as the 0 of an empty cell, is in none.
func (s Digits) Has(d int) bool {
	// Unsigned, a shift of 32 or more (d outside 1..32) leaves no bit.
	return s&(1<<uint(d-1)) != 0
}

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount32(uint32(s)) }

// Min returns the smallest digit in the set, or 0 when it is empty.
func (s Digits) Min() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(s)) + 1
}

// Max returns the largest digit in the set, or 0 when it is empty.
func (s Digits) Max() int { return 32 - bits.LeadingZeros32(uint32(s)) }

// Single returns the only digit of a one-digit set, or 0 otherwise.
func (s Digits) Single() int {
	if s == 0 || s&(s-1) != 0 {
		return 0
	}
	return s.Min()
}

// List appends the digits of the set, ascending, to dst.
func (s Digits) List(dst []int) []int {
	for s != 0 {
		dst = append(dst, bits.TrailingZeros32(uint32(s))+1)
		s &= s - 1
	}
	return dst
}

// String renders the set as its digits, e.g. "{1,5,9}".
func (s Digits) String() string {
	b := []byte{'{'}
	for i, d := range s.List(nil) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendInt(b, d)
	}
	return string(append(b, '}'))
}

// appendInt appends the decimal form of v, not negative, to b.
func appendInt(b []byte, v int) []byte {
	if v >= 10 {
		b = appendInt(b, v/10)
	}
	return append(b, byte('0'+v%10))
}

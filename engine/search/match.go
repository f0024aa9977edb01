package search

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// maxMatchCells is the most empty cells of a combos constraint whose sets
// are checked by matching (see matchSupport): the subsets of the digits a
// set leaves to place, 2^k of them, fit in one 64-bit word.
const maxMatchCells = 6

// lacks[j] is the subsets of six digits (bit x for subset x) without
// digit j.
var lacks = func() (t [maxMatchCells]uint64) {
	for j := range t {
		for x := range 64 {
			if x>>j&1 == 0 {
				t[j] |= 1 << x
			}
		}
	}
	return t
}()

// squeeze5[m<<5|v] packs the bits of v (five of them) at the places of
// the bits of m into the lowest bits, in order; squeeze4[m<<4|v] the same
// for four bits.
var (
	squeeze5 = [1 << 10]uint8(bitTable(5, false))
	squeeze4 = [1 << 8]uint8(bitTable(4, false))
)

// spread5[m<<5|v] puts the lowest bits of v at the places of the bits of
// m (five of them), in order: squeeze5 undone; spread4[m<<4|v] the same
// for four bits.
var (
	spread5 = [1 << 10]uint8(bitTable(5, true))
	spread4 = [1 << 8]uint8(bitTable(4, true))
)

// bitTable returns the table of squeeze5 or squeeze4 (spread false), or
// of spread5 or spread4 (spread true), for width 5 or 4: entry m<<width|v
// holds the bits of v at the places of m's bits packed low (squeeze), or
// the lowest bits of v put at those places (spread).
func bitTable(width int, spread bool) []uint8 {
	t := make([]uint8, 1<<(2*width))
	for m := range 1 << width {
		for v := range 1 << width {
			var x, k uint8
			for b := range width {
				if m>>b&1 == 0 {
					continue
				}
				switch {
				case !spread && v>>b&1 != 0:
					x |= 1 << k
				case spread && v>>k&1 != 0:
					x |= 1 << b
				}
				k++
			}
			t[m<<width|v] = x
		}
	}
	return t
}

// The constants of matchCells' test of Hall's condition, a byte for each
// number of digits s: bytesOne has 1 in every byte, bytesHigh the high bit
// of every byte, hallFewer s-1 in byte s (from 1), and hallBytes[k] the
// high bits of bytes 1 to k-1.
const (
	bytesOne  = 0x0101010101010101
	bytesHigh = 0x8080808080808080
	hallFewer = 0x0605040302010000
)

var hallBytes = func() (t [8]uint64) {
	for k := range t {
		for s := 1; s < k; s++ {
			t[k] |= 0x80 << (8 * s)
		}
	}
	return t
}()

// matchSupport reports whether the empty cells of a combos constraint,
// with candidates cands, can take the digits rest (as many as the cells)
// one each, and adds to support[i] every digit that cell i takes in some
// such assignment: the alldifferent of the cells held to one set, which
// catches what checking the cells one by one misses (two cells left with
// the same two digits of a set leave the others none of them).
//
// It works on subsets of rest, numbered by bits over its digits in
// order: prefix[i] holds the subsets that cells 0..i-1 can fill, one digit
// each; cell i takes digit j when a subset of the cells before it without
// j, with j, leaves what the cells after it can fill.
func matchSupport(cands []grid.Digits, rest grid.Digits, support []grid.Digits) bool {
	return matchCells(cands, rest, support, true, nil)
}

// matchCells is matchSupport, which adds to support only when full is
// set: when every cell's support already holds all its candidates, only
// whether the digits go one to each cell is left to find. With a cache,
// it looks the cells up there before it works them out, and keeps what
// it works out.
func matchCells(cands []grid.Digits, rest grid.Digits, support []grid.Digits, full bool, cache *matchCache) bool {
	k := len(cands)
	// Hall's condition: cells T of the others than cell c leave c digit d
	// unless they have, d aside, fewer digits among them than their
	// number. T has at least as many digits as its widest cell, so when
	// for every s < k at most s-1 cells have s digits or fewer, no such T
	// exists and every cell takes each of its digits.
	// Byte n of upTo counts the cells with n digits of rest: rest has one
	// digit a cell, so n is at most k, at most maxMatchCells.
	var upTo uint64
	for _, cand := range cands {
		n := popcount(cand & rest)
		if n == 0 {
			return false
		}
		upTo += 1 << (n << 3 & 63)
	}
	// Byte s of the product counts the cells of s digits or fewer (at most
	// 6, so no byte carries), and byte s of hallFewer is s-1: their
	// difference keeps the byte's high bit where s-1 is not less.
	fewer := (hallFewer | bytesHigh) - upTo*bytesOne
	wide := fewer&hallBytes[k&7] == hallBytes[k&7]
	if wide {
		if full {
			for c, cand := range cands {
				support[c] |= cand & rest
			}
		}
		return true
	}
	// digit holds the digits of rest in order, listed only when a
	// support is to be written (see listDigits).
	var digit [maxMatchCells]grid.Digits
	var local [maxMatchCells]uint8 // the candidates of each cell, by index in digit
	// A digit's index in digit is the number of digits of rest below it.
	// Digits 1-9: five places of rest, then four, packed by table.
	nine := rest < 1<<9
	lo, hi := uint32(rest)&31<<5, uint32(rest)>>5<<4
	shift := popcount(rest&31) & 7
	if nine {
		for c, cand := range cands {
			x := uint32(cand)
			local[c] = squeeze5[(lo|x&31)&1023] | squeeze4[(hi|x>>5&15)&255]<<shift
		}
	} else {
		listDigits(rest, &digit)
		var index [32]uint8 // by the digit's bit
		for i, d := range digit[:k] {
			index[bits.TrailingZeros32(uint32(d))] = uint8(i)
		}
		for c, cand := range cands {
			var l uint8
			for x := cand & rest; x != 0; x &= x - 1 {
				l |= 1 << (index[bits.TrailingZeros32(uint32(x))] & 7)
			}
			local[c] = l
		}
	}
	// The outcome depends on nothing but k and the cells' digits by index
	// (local), which the key holds.
	var e *matchCached
	if cache != nil {
		key := uint64(k)
		for _, l := range local[:k] {
			key = key<<maxMatchCells | uint64(l)
		}
		e = &cache[key*0x9e3779b97f4a7c15>>(64-matchCacheBits)]
		if e.key == key && (!full || e.val&cachedSupport != 0) {
			if e.val&cachedOK == 0 {
				return false
			}
			if full && nine {
				// The indices back to digits, by table.
				for c := range k {
					l := uint32(e.val>>(maxMatchCells*c)) & (1<<maxMatchCells - 1)
					support[c] |= grid.Digits(spread5[(lo|l&31)&1023]) | grid.Digits(spread4[(hi|l>>shift&15)&255])<<5
				}
			} else if full {
				listDigits(rest, &digit)
				for c := range k {
					for l := uint8(e.val>>(maxMatchCells*c)) & (1<<maxMatchCells - 1); l != 0; l &= l - 1 {
						support[c] |= digit[bits.TrailingZeros8(l)]
					}
				}
			}
			return true
		}
		e.key = key
	}
	all := uint(1)<<k - 1
	var prefix [maxMatchCells + 1]uint64
	prefix[0] = 1 // the empty subset
	for c := range k {
		prefix[c+1] = extend(prefix[c], local[c])
	}
	if prefix[k]>>all&1 == 0 {
		if e != nil {
			e.val = cachedSupport // no support to give
		}
		return false
	}
	if !full {
		if e != nil {
			e.val = cachedOK
		}
		return true
	}
	listDigits(rest, &digit)
	// after holds the subsets that cells c+1.. leave unfilled (full less
	// what they fill), so that cell c and those before it fill them.
	val := uint64(cachedOK | cachedSupport)
	after := uint64(1) << all
	for c := k - 1; c >= 0; c-- {
		for l := local[c]; l != 0; l &= l - 1 {
			j := bits.TrailingZeros8(l)
			if (prefix[c]&lacks[j])<<(1<<j)&after != 0 {
				support[c] |= digit[j]
				val |= 1 << (maxMatchCells*c + j)
			}
		}
		after = shrink(after, local[c])
	}
	if e != nil {
		e.val = val
	}
	return true
}

// listDigits lists the digits of rest (at most maxMatchCells) in digit, in
// order.
func listDigits(rest grid.Digits, digit *[maxMatchCells]grid.Digits) {
	for i := 0; rest != 0 && i < maxMatchCells; i++ {
		digit[i] = rest & -rest
		rest &= rest - 1
	}
}

// matchCacheBits sizes the cache of matchings (see matchCache):
// 1<<matchCacheBits entries of 16 bytes (256 KiB). Against 1<<12, it
// saves 1.9 % of the instructions counting Mathemagic's line 1 (see
// docs/search.md, session 23).
const matchCacheBits = 14

// matchCache remembers recent matchings of matchCells that went past its
// test of Hall's condition, by the cells' digits numbered within the set
// (at most six cells of six bits each, and their number): the cages of
// a killer meet the same few patterns over and over, whatever their
// digits (on Mathemagic's line 1, 1.8 million such matchings had 0.3
// million distinct patterns). It is direct-mapped: a new pattern takes
// the slot of the one it hashes to. An empty slot's key, 0, is no
// pattern's (a key holds k, 2 or more, above the digits).
type matchCache [1 << matchCacheBits]matchCached

// matchCached is one matching of a matchCache: the key, and in val
// whether the digits go one to each cell (cachedOK), whether the support
// was worked out (cachedSupport: full was set, or there is none), and the
// support, six bits a cell by index in the set from bit 0.
type matchCached struct {
	key, val uint64
}

const (
	cachedOK      = 1 << 63
	cachedSupport = 1 << 62
)

// shrink returns the subsets made by taking from a subset of from one
// digit of l that it has.
func shrink(from uint64, l uint8) uint64 {
	var to uint64
	for ; l != 0; l &= l - 1 {
		j := bits.TrailingZeros8(l)
		to |= (from &^ lacks[j]) >> (1 << j)
	}
	return to
}

// extend returns the subsets made by adding to a subset of from one digit
// of l that it lacks.
func extend(from uint64, l uint8) uint64 {
	var to uint64
	for ; l != 0; l &= l - 1 {
		j := bits.TrailingZeros8(l)
		to |= (from & lacks[j]) << (1 << j)
	}
	return to
}

package codec

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// SudokuWiki "String Definitions 2.0": a 3-character header (type letter,
// size in base 36, version letter) and N×N fixed-width base-36 fields, one a
// cell. Each field packs components with the shift transform: every
// component k has a range [lo, hi] and takes bitlen(hi-lo) bits, most
// significant first; the field width is the number of base-36 digits of the
// largest composite value. See ../shared/docs/formats.md §6.

// component is one packed part of a cell's field.
type component struct{ lo, hi int64 }

func (c component) bits() uint { return uint(bits.Len64(uint64(c.hi - c.lo))) }

// fieldWidth returns the base-36 width of a field of the components.
func fieldWidth(comps []component) int {
	var max int64
	for _, c := range comps {
		max = max<<c.bits() + (c.hi - c.lo)
	}
	return len(strconv.FormatInt(max, 36))
}

func pack(comps []component, values []int64) int64 {
	var v int64
	for i, c := range comps {
		v = v<<c.bits() + (values[i] - c.lo)
	}
	return v
}

// unpack splits v into component values; ok is false when one is out of
// range or bits are left over.
func unpack(comps []component, v int64, values []int64) bool {
	for i := len(comps) - 1; i >= 0; i-- {
		c := comps[i]
		b := c.bits()
		values[i] = v&(1<<b-1) + c.lo
		v >>= b
		if values[i] > c.hi {
			return false
		}
	}
	return v == 0
}

// ccRange is the range of the cell-content component for size n:
// 0 empty, d clue, n+d solved, 2n+mask candidates.
func ccRange(n int) component { return component{0, int64(2*n) + int64(grid.AllDigits(n))} }

// v2Letters maps the sudoku variants without cages to their header letter.
var v2Letters = map[grid.Variant]byte{
	grid.Classic: 'S', grid.X: 'X', grid.Windoku: 'W', grid.Colour: 'C', grid.Jigsaw: 'J',
}

// EncodeV2 renders a puzzle state as a SudokuWiki 2.0 string: S, X, W, C
// or J by variant (J whenever the regions are irregular), the size in base
// 36, version B. Cells are written as they are: a cell without recorded
// candidates is written as empty.
func EncodeV2(p *Puzzle) (string, error) {
	n := p.Size
	if n < 2 || n > grid.MaxSize || len(p.Cells) != n*n {
		return "", errorf("board", "%d cells do not make a board of size %d", len(p.Cells), n)
	}
	letter, ok := v2Letters[p.Variant]
	if !ok {
		return "", errorf("board", "no 2.0 encoding for %s boards yet", p.Variant)
	}
	if p.Regions != nil && !grid.IsRegular(n, p.Regions) {
		if letter != 'S' && letter != 'J' {
			return "", errorf("board", "a %s board with irregular regions has no 2.0 encoding", p.Variant)
		}
		letter = 'J'
	}
	comps := v2Components(letter, n)
	labels := p.Regions
	if letter == 'J' {
		if labels == nil {
			return "", errorf("board", "a jigsaw board needs its regions")
		}
		labels = canonicalLabels(n, labels)
	}
	width := fieldWidth(comps)
	var s strings.Builder
	s.Grow(3 + n*n*width)
	s.WriteString(v2HeaderString(letter, n))
	values := make([]int64, len(comps))
	var buf [16]byte
	for cell, c := range p.Cells {
		values[len(values)-1] = cellContent(n, c)
		if letter == 'J' {
			values[0] = int64(labels[cell])
		}
		f := strconv.AppendInt(buf[:0], pack(comps, values), 36)
		for i := len(f); i < width; i++ {
			s.WriteByte('0')
		}
		s.Write(f)
	}
	return s.String(), nil
}

// canonicalLabels returns labels 1..n: labels already in that range are
// kept (SudokuWiki's box numbers), others are renumbered by first
// appearance.
func canonicalLabels(n int, labels []int) []int {
	inRange := true
	for _, k := range labels {
		if k < 1 || k > n {
			inRange = false
			break
		}
	}
	if inRange {
		return labels
	}
	out := make([]int, len(labels))
	index := map[int]int{}
	for i, k := range labels {
		if _, ok := index[k]; !ok {
			index[k] = len(index) + 1
		}
		out[i] = index[k]
	}
	return out
}

// PackBoard renders a board as a 2.0 string (see EncodeV2), with the
// candidates of its empty cells.
func PackBoard(b *grid.Board) (string, error) { return EncodeV2(FromBoard(b)) }

// FromBoard returns the puzzle state of a board.
func FromBoard(b *grid.Board) *Puzzle {
	l := b.L
	p := &Puzzle{Size: l.N, Variant: l.Variant, VariantSet: true, Cages: l.Cages, Cells: make([]grid.CellState, l.Cells)}
	if l.Region != nil && l.BoxRows == 0 {
		p.Regions = make([]int, l.Cells)
		for i, k := range l.Region {
			p.Regions[i] = k + 1
		}
	}
	for i := range p.Cells {
		p.Cells[i] = grid.CellState{Value: int(b.Value[i]), Given: b.Given[i], Cand: b.Cand[i]}
	}
	return p
}

func v2Components(letter byte, n int) []component {
	if letter == 'J' {
		return []component{{1, int64(n)}, ccRange(n)}
	}
	return []component{ccRange(n)}
}

func v2HeaderString(letter byte, n int) string {
	return string(letter) + strings.ToUpper(strconv.FormatInt(int64(n), 36)) + "B"
}

func cellContent(n int, c grid.CellState) int64 {
	switch N := int64(n); {
	case c.Value != 0 && c.Given:
		return int64(c.Value)
	case c.Value != 0:
		return N + int64(c.Value)
	case c.Cand != 0:
		return 2*N + int64(c.Cand)
	}
	return 0
}

// IsV2 reports whether s starts like a 2.0 string of a type this package
// decodes and has the length that type needs.
func IsV2(s string) bool {
	_, _, _, err := v2Header(s)
	return err == nil
}

func v2Header(s string) (letter byte, n int, comps []component, err error) {
	if len(s) < 3 {
		return 0, 0, nil, errorf("text", "a 2.0 string needs a 3-character header, got %q", s)
	}
	letter = s[0] &^ 0x20 // upper case
	if _, ok := headerVariant(letter); !ok {
		return 0, 0, nil, errorf("text", "unknown 2.0 type letter %q", s[0])
	}
	size, perr := strconv.ParseInt(s[1:2], 36, 64)
	if perr != nil || size < 2 {
		return 0, 0, nil, errorf("text", "bad 2.0 size code %q", s[1])
	}
	n = int(size)
	if v := s[2] &^ 0x20; v != 'B' {
		return 0, 0, nil, errorf("text", "version %q of %c strings is not supported (want B)", s[2], letter)
	}
	comps = v2Components(letter, n)
	if want := 3 + n*n*fieldWidth(comps); len(s) != want {
		return 0, 0, nil, errorf("text", "expected %d characters for %s, got %d", want, v2HeaderString(letter, n), len(s))
	}
	return letter, n, comps, nil
}

func headerVariant(letter byte) (grid.Variant, bool) {
	for v, l := range v2Letters {
		if l == letter {
			return v, true
		}
	}
	return 0, false
}

// DecodeV2 decodes a SudokuWiki 2.0 string of type S, X, W, C or J.
func DecodeV2(s string) (*Puzzle, error) {
	letter, n, comps, err := v2Header(s)
	if err != nil {
		return nil, err
	}
	variant, _ := headerVariant(letter)
	width := fieldWidth(comps)
	p := &Puzzle{Size: n, Variant: variant, VariantSet: true, Cells: make([]grid.CellState, n*n)}
	if letter == 'J' {
		p.Regions = make([]int, n*n)
	}
	values := make([]int64, len(comps))
	for cell := 0; cell < n*n; cell++ {
		at := 3 + cell*width
		field := s[at : at+width]
		v, perr := strconv.ParseInt(field, 36, 64)
		if perr != nil || !isBase36(field) {
			return nil, errorf("text", "cell r%dc%d: field %q at position %d is not base 36", cell/n+1, cell%n+1, field, at+1)
		}
		if !unpack(comps, v, values) {
			return nil, errorf("text", "cell r%dc%d: value %d is out of range for %s", cell/n+1, cell%n+1, v, v2HeaderString(letter, n))
		}
		cc := values[len(values)-1]
		if letter == 'J' {
			p.Regions[cell] = int(values[0])
		}
		c := &p.Cells[cell]
		switch N := int64(n); {
		case cc == 0:
		case cc <= N:
			c.Value, c.Given = int(cc), true
		case cc <= 2*N:
			c.Value = int(cc - N)
		default:
			c.Cand = grid.Digits(cc - 2*N)
		}
	}
	return p, nil
}

// isBase36 reports whether s holds only base-36 digits (ParseInt also takes
// a sign and underscores).
func isBase36(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

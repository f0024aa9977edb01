package codec

import (
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// SudokuWiki's v1 packed string (18 January 2023): 162 base-32 characters,
// two a cell, row-major, for a 9×9 board. A cell's field is
// (mask << 1) | clue, where mask is the bit of its digit (1 → 1, 2 → 2,
// 3 → 4, …, 9 → 256) for a clue or a solved cell, and its candidates
// otherwise; clue is 1 for a clue. "vu" (1022) is a cell with all nine
// candidates, "00" a cell with none.
//
// The format has a flaw that this package preserves exactly as
// SudokuWiki has it: a cell whose pencil marks are a single candidate is
// written like a solved cell, so it decodes as solved (the clue flag is 0).
// Converting such a string to 2.0 cannot bring the note back. The clue flag
// of a cell with several candidates means nothing and is ignored.

const v1Len = 162

// isV1 reports whether s has the length and alphabet of a v1 string.
func isV1(s string) bool { return len(s) == v1Len && isDigits(s, 32) }

// DecodeV1 decodes a v1 162-character packed string. A single candidate
// decodes as a solved cell (see the format's flaw above).
func DecodeV1(s string) (*Puzzle, error) {
	if len(s) != v1Len {
		return nil, grid.FieldErrorf("text", "expected %d characters for a v1 string, got %d", v1Len, len(s))
	}
	p := &Puzzle{Size: 9, Cells: make([]grid.CellState, 81), Marks: true}
	for cell := range p.Cells {
		x, err := v1Field(s, cell, 0)
		if err != nil {
			return nil, err
		}
		p.Cells[cell] = v1Cell(x)
	}
	return p, nil
}

// v1Field reads the base-32 field of a cell of a v1-style string s that
// starts at offset in the whole text.
func v1Field(s string, cell, offset int) (int64, error) {
	field := s[2*cell : 2*cell+2]
	at := offset + 2*cell + 1
	if !isDigits(field, 32) {
		return 0, grid.FieldErrorf("text", "cell %s: %q at position %d is not base 32", cellName(9, cell), field, at)
	}
	x, err := strconv.ParseInt(field, 32, 64)
	if err != nil {
		return 0, grid.FieldErrorf("text", "cell %s: %q at position %d: %v", cellName(9, cell), field, at, err)
	}
	return x, nil
}

// v1Cell returns the state of a cell of v1 field x.
func v1Cell(x int64) grid.CellState {
	mask := grid.Digits(x >> 1)
	if d := mask.Single(); d != 0 {
		return grid.CellState{Value: d, Given: x&1 == 1}
	}
	return grid.CellState{Cand: mask}
}

// v1Mask returns the mask of a cell for v1-style strings: its digit's bit,
// or its candidates (every one when none are recorded and the puzzle
// carries no marks).
func v1Mask(c grid.CellState, marks bool) int64 {
	switch {
	case c.Value != 0:
		return int64(grid.Bit(c.Value))
	case c.Cand == 0 && !marks:
		return int64(grid.AllDigits(9))
	}
	return int64(c.Cand)
}

// appendBase32 appends x as two base-32 digits.
func appendBase32(b *strings.Builder, x int64) {
	if x < 32 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.FormatInt(x, 32))
}

// EncodeV1 renders a 9×9 puzzle without cages or irregular regions as a v1
// 162-character string. Only the digits, clue flags and candidates are
// written: an X, Windoku or Colour puzzle loses its variant (SudokuWiki's
// page tells it), and a single candidate becomes a solved cell.
func EncodeV1(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	if err := checkPlainSudoku(p, "a v1 string", "jigsaw-v1"); err != nil {
		return "", err
	}
	if p.Size != 9 {
		return "", grid.FieldErrorf("board", "v1 strings hold 9×9 boards, not %d×%d", p.Size, p.Size)
	}
	return v1Body(p), nil
}

// v1Body renders the cells of a checked 9×9 puzzle as a v1 string.
func v1Body(p *Puzzle) string {
	var b strings.Builder
	b.Grow(v1Len)
	for _, c := range p.Cells {
		x := v1Mask(c, p.Marks) << 1
		if c.Value != 0 && c.Given {
			x |= 1
		}
		appendBase32(&b, x)
	}
	return b.String()
}

// checkPlainSudoku checks that a puzzle has nothing that a format named
// what, which holds only cells, would lose: cages, black cells, extra
// units or irregular regions (for which alt is the format to use).
func checkPlainSudoku(p *Puzzle, what, alt string) error {
	v := p.EffectiveVariant(grid.Classic)
	switch {
	case len(p.Cages) > 0 || v.HasCages():
		return grid.FieldErrorf("board", "%s cannot carry the cages of %s board; use %s", what, v.WithArticle(), cageFormat(v))
	case v.IsStr8ts() || p.Black != nil:
		return grid.FieldErrorf("board", "%s cannot carry the black cells of %s board; use v2", what, v.WithArticle())
	case extraUnits(v) != "":
		return grid.FieldErrorf("board", "%s cannot carry the %s; use v2", what, extraUnits(v))
	case v.Irregular() || p.Regions != nil && !grid.IsRegular(p.Size, p.Regions):
		return grid.FieldErrorf("board", "%s cannot carry jigsaw regions; use %s or v2", what, alt)
	}
	return nil
}

// extraUnits names the units besides rows, columns and regions that
// variant v adds and no format of cells alone carries (a text read back
// would be a classic board, with more solutions), or "" for none.
func extraUnits(v grid.Variant) string {
	switch v {
	case grid.X:
		return "diagonals of an X board"
	case grid.Windoku:
		return "windows of a Windoku board"
	case grid.Colour:
		return "colour groups of a Colour board"
	}
	return ""
}

// cageFormat names the format to use for the cages of a board of variant
// v: the 2.0 string, or SudoCue's form for a killer X, which has no 2.0
// header.
func cageFormat(v grid.Variant) string {
	if v == grid.KillerX {
		return "sudocue"
	}
	return "v2"
}

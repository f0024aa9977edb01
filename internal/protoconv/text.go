package protoconv

import (
	"slices"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// GridText draws the values of b, one row a line, '.' for an empty cell,
// with box separators when the board has regular rectangular boxes. A
// charset that covers the size (see codec.Symbols) gives the symbols of
// the digits and of the blank. It returns "" for a board without cells.
func GridText(b *sudokuv1.Board, charset string) string {
	cells := b.GetCells()
	n := int(b.GetSize())
	if n == 0 || len(cells) != n*n {
		n = isqrt(len(cells))
		if n == 0 || len(cells) != n*n {
			return ""
		}
	}
	br, bc, boxed := boxes(b, n)
	symbol := func(cell int) byte { return CellSymbol(cells[cell]) }
	if len(charset) > n {
		symbol = func(cell int) byte {
			c := cells[cell]
			switch v := int(c.GetValue()); {
			case v > 0 && v < len(charset):
				return charset[v]
			case v == 0 && !c.GetBlack():
				return charset[0]
			}
			return CellSymbol(c)
		}
	}
	return codec.DrawGrid(n, br, bc, boxed, symbol)
}

// CellSymbol is the symbol of a cell in a grid: '.' when empty ('#' for a
// black Str8ts cell), 1-9 then A for 10, B for 11...
func CellSymbol(c *sudokuv1.Cell) byte {
	v := c.GetValue()
	switch {
	case v == 0 && c.GetBlack():
		return '#'
	case v == 0:
		return '.'
	case v <= 9:
		return byte('0' + v)
	case v <= 35:
		return byte('A' + v - 10)
	}
	return '?'
}

// boxes returns the box shape of b, of size n, when its boxes are the
// regular rectangles of the size (see grid.BoxShape).
func boxes(b *sudokuv1.Board, n int) (rows, cols int, ok bool) {
	switch b.GetVariant() {
	case sudokuv1.Variant_VARIANT_KENKEN, sudokuv1.Variant_VARIANT_STR8TS, sudokuv1.Variant_VARIANT_STR8TS_X,
		sudokuv1.Variant_VARIANT_JIGSAW, sudokuv1.Variant_VARIANT_KILLER_JIGSAW:
		return 0, 0, false // no boxes, or irregular ones
	}
	rows, cols, ok = grid.BoxShape(n)
	if !ok {
		return 0, 0, false
	}
	if regions := b.GetRegions(); len(regions) > 0 {
		labels := make([]int, len(regions))
		for i, k := range regions {
			labels[i] = int(k)
		}
		if !grid.IsRegular(n, labels) {
			return 0, 0, false
		}
	}
	return rows, cols, true
}

// isqrt returns the integer square root of n ≥ 0.
func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// IsV2 reports whether text looks like a SudokuWiki 2.0 string (a header
// such as S9B, then its fields).
func IsV2(text string) bool { return codec.IsV2(text) }

// FixedVariant returns the variant that text, read tolerantly in format
// (detected when unspecified) with charset and regionMap as the service
// reads it, fixes, and the format it was read as (the proto's value,
// FORMAT_URL say); false when the text names no variant (plain text, the
// N×N form) or does not decode.
func FixedVariant(text string, format sudokuv1.Format, charset, regionMap string) (sudokuv1.Variant, sudokuv1.Format, bool) {
	f, ok := FormatFromProto[format]
	if !ok {
		return sudokuv1.Variant_VARIANT_UNSPECIFIED, sudokuv1.Format_FORMAT_UNSPECIFIED, false
	}
	p, detected, err := codec.Decode(text, codec.DecodeOptions{Format: f, Charset: charset, RegionMap: regionMap, Tolerant: true})
	if err != nil || !p.VariantSet {
		return sudokuv1.Variant_VARIANT_UNSPECIFIED, sudokuv1.Format_FORMAT_UNSPECIFIED, false
	}
	return VariantToProto[p.Variant], FormatToProto[detected], true
}

// FormatNoun names a text written in format, article first, as a message
// names it ("a SudokuWiki URL").
func FormatNoun(format sudokuv1.Format) string {
	return FormatFromProto[format].Noun()
}

// UnnamedStr8ts reports whether text, read as format, is a Str8ts board that
// names no variant (the simple form: clues and a string of black cells),
// which any variant but the Str8ts ones contradicts.
func UnnamedStr8ts(text string, format sudokuv1.Format, charset, regionMap string) bool {
	f, ok := FormatFromProto[format]
	if !ok {
		return false
	}
	p, _, err := codec.Decode(text, codec.DecodeOptions{Format: f, Charset: charset, RegionMap: regionMap, Tolerant: true})
	return err == nil && !p.VariantSet && p.Black != nil
}

// PuzzleShape returns the size of a request's puzzle and the symbols it
// is written with, blank first: the request's charset, else the one an
// N×N text gives on its first line (empty for the default digits and
// letters). The size is 0 for a text that does not read (read
// tolerantly; the service says what is wrong with it).
func PuzzleShape(p *sudokuv1.Puzzle) (int, string) {
	charset := p.GetCharset()
	if b := p.GetBoard(); b != nil {
		return int(b.GetSize()), charset
	}
	f, ok := FormatFromProto[p.GetFormat()]
	if !ok {
		return 0, charset
	}
	dp, _, err := codec.Decode(p.GetText(), codec.DecodeOptions{Format: f, Charset: charset, RegionMap: p.GetRegionMap(), Tolerant: true})
	if err != nil {
		return 0, charset
	}
	if charset == "" {
		charset = dp.Charset
	}
	return dp.Size, charset
}

// TolerantReadsOtherwise reports whether text is a 2.0 string that
// tolerant decoding reads as another board than strict decoding does: an
// interim base-32 string, whose base-36 reading is valid but has a digit
// or candidate that a peer also holds (see codec.DecodeV2).
func TolerantReadsOtherwise(text string) bool {
	if !codec.IsV2(text) {
		return false
	}
	strict, _, err := codec.Decode(text, codec.DecodeOptions{Format: codec.FormatV2})
	if err != nil {
		return false
	}
	loose, _, err := codec.Decode(text, codec.DecodeOptions{Format: codec.FormatV2, Tolerant: true})
	return err == nil && !slices.Equal(strict.Cells, loose.Cells)
}

// LiveStr8ts reports whether text is a Str8ts string as str8ts.com writes
// it live, with its candidates off by one: strict decoding refuses it and
// tolerant decoding reads it as Str8ts.
func LiveStr8ts(text string) bool {
	if _, _, err := codec.Decode(text, codec.DecodeOptions{}); err == nil {
		return false
	}
	p, _, err := codec.Decode(text, codec.DecodeOptions{Tolerant: true})
	return err == nil && p.Variant.IsStr8ts()
}

// StripInvisible returns text without the invisible format characters
// that every text format skips (see codec.StripInvisible), for a reader
// of protojson text: JSON counts them as neither space nor a token.
func StripInvisible(text string) string { return codec.StripInvisible(text) }

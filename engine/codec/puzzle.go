// Package codec decodes and encodes puzzles as text: plain and noisy grids,
// the N×N "puzzle + region map + charset" form, and SudokuWiki's packed
// strings.
package codec

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

// DefaultCharset is the charset used when none is given: the first symbol is
// the blank, then 1..9 and A..Z for 10..35.
const DefaultCharset = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// Puzzle is a decoded puzzle: everything needed to build a layout and a
// board.
type Puzzle struct {
	Size int
	// Variant is the variant the text named; VariantSet tells whether it
	// named one at all (plain text does not).
	Variant    grid.Variant
	VariantSet bool
	Regions    []int // region label of every cell; nil for regular boxes
	Cages      []grid.Cage
	Cells      []grid.CellState
	// Charset is the symbol set the text used, blank first; empty for the
	// default.
	Charset string
}

// Layout builds the layout of the puzzle. When the text named no variant,
// variant is used instead, and an irregular region map makes the puzzle a
// jigsaw.
func (p *Puzzle) Layout(variant grid.Variant) (*grid.Layout, error) {
	v := variant
	if p.VariantSet {
		v = p.Variant
	} else if v == grid.Classic && p.Regions != nil && !grid.IsRegular(p.Size, p.Regions) {
		v = grid.Jigsaw
	}
	return grid.NewLayout(grid.Config{Size: p.Size, Variant: v, Regions: p.Regions, Cages: p.Cages})
}

// Board builds the layout and the board of the puzzle (see Layout).
func (p *Puzzle) Board(variant grid.Variant) (*grid.Board, error) {
	l, err := p.Layout(variant)
	if err != nil {
		return nil, err
	}
	return grid.Load(l, p.Cells)
}

// Error is a malformed input: the input at fault ("text", "charset",
// "region_map") and what is wrong with it.
type Error struct {
	Input  string
	Reason string
}

func (e *Error) Error() string { return e.Input + ": " + e.Reason }

func errorf(input, format string, args ...any) error {
	return &Error{Input: input, Reason: fmt.Sprintf(format, args...)}
}

// Symbols returns the symbols to render a board of size n with: the charset
// when it covers the size, else '.' for blank then 1-9, A-Z.
func Symbols(charset string, n int) string {
	if len(charset) > n {
		return charset
	}
	return "." + DefaultCharset[1:]
}

// EncodePlain renders the values of b, one symbol per cell, from symbols
// whose first symbol stands for an empty cell (see Symbols).
func EncodePlain(b *grid.Board, symbols string) string {
	out := make([]byte, len(b.Value))
	for i, v := range b.Value {
		out[i] = symbols[v]
	}
	return string(out)
}

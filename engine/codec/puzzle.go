// Package codec decodes and encodes puzzles as text: plain and noisy grids,
// the N×N "puzzle + region map + charset" form, and every SudokuWiki string
// format (v1 packed, killer v1, jigsaw v1, "String Definitions 2.0" and
// whole SudokuWiki URLs), and two killer forms of other solvers: the
// forum's 81-character arrow form and SudoCue's. The SudokuWiki formats
// are specified in ../shared/docs/formats.md, the killer forms in
// arrows.go and sudocue.go.
package codec

import "github.com/sudokuwise/solver/engine/grid"

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
	// Colours is the cage colour of every cell as the text gave it (1, 2,
	// …), nil when it gave none. Encoders keep these colours when they still
	// tell the cages apart and colour the cages anew otherwise.
	Colours []int
	Cells   []grid.CellState
	// Black marks the black cells of a Str8ts board; nil means none.
	Black []bool
	// Marks tells whether the text carries pencil marks (v1 and 2.0 strings
	// do). Then an empty cell whose Cand is 0 has no marks at all; without
	// marks, Cand 0 means none recorded, and encoders write such a cell
	// with every candidate, as SudokuWiki writes a fresh puzzle.
	Marks bool
	// Charset is the symbol set the text used, blank first; empty for the
	// default.
	Charset string
}

// EffectiveVariant returns the variant of the puzzle: the one its text
// (or structured board) named, else fallback, where irregular regions
// make a classic one a jigsaw and a killer one a killer jigsaw, and black
// cells a fallback outside the Str8ts family Str8ts. A board named
// classic with irregular regions is a jigsaw as one that names no
// variant is (it was solved as a classic board, Law of Leftovers refused,
// and written back as classic).
func (p *Puzzle) EffectiveVariant(fallback grid.Variant) grid.Variant {
	if p.VariantSet {
		return p.withRegions(p.Variant)
	}
	if p.Black != nil && !fallback.IsStr8ts() {
		// Black cells make a Str8ts board (the simple Str8ts form names
		// no variant).
		return grid.Str8ts
	}
	return p.withRegions(fallback)
}

// withRegions returns v, or, when the puzzle's regions are irregular and v
// is classic or killer, its jigsaw form.
func (p *Puzzle) withRegions(v grid.Variant) grid.Variant {
	if p.Regions != nil && !grid.IsRegular(p.Size, p.Regions) {
		switch v {
		case grid.Classic:
			return grid.Jigsaw
		case grid.Killer:
			return grid.KillerJigsaw
		}
	}
	return v
}

// Layout builds the layout of the puzzle. When the text named no variant,
// variant is used instead, and an irregular region map makes the puzzle a
// jigsaw.
func (p *Puzzle) Layout(variant grid.Variant) (*grid.Layout, error) {
	v := p.EffectiveVariant(variant)
	return grid.NewLayout(grid.Config{Size: p.Size, Variant: v, Regions: p.Regions, Cages: p.Cages, Black: p.Black})
}

// Board builds the layout and the board of the puzzle (see Layout). Its
// errors name digits by number, as a structured board holds them.
func (p *Puzzle) Board(variant grid.Variant) (*grid.Board, error) {
	l, err := p.Layout(variant)
	if err != nil {
		return nil, err
	}
	return grid.Load(l, p.Cells)
}

// TextBoard is Board for a puzzle read from a text: its errors name
// digits by the symbols the text wrote them in (see Symbols), "O" rather
// than 24 on a 25×25 board.
func (p *Puzzle) TextBoard(variant grid.Variant) (*grid.Board, error) {
	l, err := p.Layout(variant)
	if err != nil {
		return nil, err
	}
	return grid.LoadNamed(grid.Notation{Layout: l, Symbols: Symbols(p.Charset, p.Size)}, p.Cells)
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
// whose first symbol stands for an empty cell; symbols too few for the
// board's digits give way to the default ones, as Symbols does. A Str8ts
// board is written in the simple form, which the plain reader takes back
// (see EncodePlainValues).
func EncodePlain(b *grid.Board, symbols string) string {
	values := make([]uint8, b.Layout().Cells)
	for i := range values {
		values[i] = b.Value(i)
	}
	return EncodePlainValues(b.Layout(), values, symbols)
}

// EncodePlainValues renders values, one a cell of a board of layout l
// (a solution, say), as EncodePlain renders a board. On a Str8ts board
// digits alone cannot tell a black cell from a white one, so its text is
// the simple Str8ts form: the values (a black cell's clue, the blank
// symbol for none), a space, then the colours, '1' black and '0' white.
// Read back, every digit is a clue, as in any plain text, and the
// variant is Str8ts unless the reader names another of the family.
func EncodePlainValues(l *grid.Layout, values []uint8, symbols string) string {
	symbols = Symbols(symbols, l.N)
	out := make([]byte, len(values), 2*len(values)+1)
	for i, v := range values {
		out[i] = symbols[v]
	}
	if black := l.BlackCells(); black != nil {
		out = appendColours(out, black)
	}
	return string(out)
}

// appendColours appends to text the colours field of the simple Str8ts
// form, after a space: '1' a black cell, '0' a white one.
func appendColours(text []byte, black []bool) []byte {
	text = append(text, ' ')
	for _, b := range black {
		c := byte('0')
		if b {
			c = '1'
		}
		text = append(text, c)
	}
	return text
}

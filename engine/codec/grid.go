package codec

import (
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The text encoders: plain (one symbol a cell), grid (a human-readable
// board) and the seed's N×N form. They write digits only, so they refuse
// puzzles with cages, black cells or (plain and grid) jigsaw regions;
// a variant with fixed extra units (X, Windoku, Colour) is not written.

// symbolsOf returns the symbols to write the digits of p with, blank
// first: its charset when it has one that covers its size, else 0, 1-9,
// A-Z.
func symbolsOf(p *Puzzle) string {
	if len(p.Charset) > p.Size {
		return p.Charset
	}
	return DefaultCharset[:p.Size+1]
}

// plainBody writes the digit of every cell of p with symbols.
func plainBody(p *Puzzle, symbols string) string {
	b := make([]byte, len(p.Cells))
	for i, c := range p.Cells {
		b[i] = symbols[c.Value]
	}
	return string(b)
}

// encodePlain renders the digits of p, clues and solved cells alike, one
// symbol a cell, '0' for an empty cell, 1-9 then A-Z, as SudokuWiki's
// 81-character strings do. A charset of p's is not used: plain text has
// no line to carry it, and read back without it a puzzle written in its
// symbols would be another or none (the N×N form keeps it). A Str8ts is
// written in the simple form, its digits then its colours (see
// EncodePlainValues); Str8ts X, B and BX are refused, as that form reads
// back as a Str8ts without their diagonals or boxes.
func encodePlain(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	if v := p.EffectiveVariant(grid.Classic); v.IsStr8ts() && len(p.Cages) == 0 {
		if v != grid.Str8ts {
			return "", grid.FieldErrorf("board", "plain text's Str8ts form (digits, then colours) reads back as a Str8ts board, not %s; use v2", v.WithArticle())
		}
		black := p.Black
		if black == nil {
			black = make([]bool, len(p.Cells))
		}
		return string(appendColours([]byte(plainBody(p, DefaultCharset[:p.Size+1])), black)), nil
	}
	if err := checkPlainSudoku(p, "plain text", "nxn"); err != nil {
		return "", err
	}
	return plainBody(p, DefaultCharset[:p.Size+1]), nil
}

// EncodeGrid renders the digits of p as a human-readable grid: one row a
// line, cells separated by spaces, '.' for an empty cell, 1-9 then A-Z,
// with '|' and "-+-" lines between regular boxes. When its pencil marks
// say more than its digits do (some empty cell's marks are not those its
// peers' digits leave), it is a pencil-mark grid, as decodePencilGrid
// reads: every empty cell's marks in place of its '.'.
func EncodeGrid(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	if err := checkPlainSudoku(p, "a grid", "nxn"); err != nil {
		return "", err
	}
	n := p.Size
	symbols := "." + DefaultCharset[1:]
	rows, cols, boxed := grid.BoxShape(n)
	boxed = boxed && p.EffectiveVariant(grid.Classic).HasBoxes()
	if !boxed {
		rows, cols = n, n
	}
	if b := marked(p); b != nil {
		return drawPencilGrid(n, rows, cols, func(cell int) string {
			if v := b.Value(cell); v != 0 {
				return symbols[v : v+1]
			}
			var s []byte
			for d := 1; d <= n; d++ {
				if b.Cands(cell).Has(d) {
					s = append(s, symbols[d])
				}
			}
			return string(s)
		}), nil
	}
	return DrawGrid(n, rows, cols, boxed, func(cell int) byte { return symbols[p.Cells[cell].Value] }), nil
}

// marked returns the board of p when its pencil marks say more than its
// digits do: some empty cell's marks differ from those its peers' digits
// leave it. Otherwise it returns nil, and also when p builds no board or
// its marks cannot be written so as to read back the same: an empty cell
// with no mark left, or with one mark (which a pencil-mark grid writes as
// a digit) that a peer's marks still hold, or no empty cell with two
// marks or more (a grid without a cell of two digits is read as plain
// text, which its borders are not).
func marked(p *Puzzle) *grid.Board {
	b, beyond := p.marksBeyondDigits(grid.Classic)
	if beyond == 0 {
		return nil
	}
	wide := false
	for cell := range p.Cells {
		if b.Value(cell) != 0 {
			continue
		}
		c := b.Cands(cell)
		switch c.Count() {
		case 0:
			return nil
		case 1:
			for _, peer := range b.Layout().Peers(cell) {
				if b.Value(peer) == 0 && b.Cands(peer)&c != 0 {
					return nil
				}
			}
		default:
			wide = true
		}
	}
	if !wide {
		return nil
	}
	return b
}

// MarksBeyondDigits counts the empty cells of p, a board of variant (or
// of its own), whose pencil marks say more than its digits do: marks the
// solver would not work out again from the digits alone (a 2.0 or v1
// string lists every cell's candidates, most often just those). It is 0
// for a puzzle that builds no board.
func (p *Puzzle) MarksBeyondDigits(variant grid.Variant) int {
	_, n := p.marksBeyondDigits(variant)
	return n
}

// marksBeyondDigits is MarksBeyondDigits, with the board of p when the
// count is above 0.
func (p *Puzzle) marksBeyondDigits(variant grid.Variant) (*grid.Board, int) {
	if !slices.ContainsFunc(p.Cells, func(c grid.CellState) bool { return c.Value == 0 && c.Cand != 0 }) {
		return nil, 0
	}
	b, err := p.Board(variant)
	if err != nil {
		return nil, 0
	}
	bare := slices.Clone(p.Cells)
	for i := range bare {
		bare[i].Cand = 0
	}
	digits, err := grid.Load(b.Layout(), bare)
	if err != nil {
		return nil, 0
	}
	n := 0
	for cell := range p.Cells {
		if b.Value(cell) == 0 && b.Cands(cell) != digits.Cands(cell) {
			n++
		}
	}
	return b, n
}

// drawPencilGrid draws an n×n pencil-mark grid of the texts that text
// gives its cells, as HoDoKu and forum posts do: each column as wide as
// its widest cell, '|' between boxes of rows×cols cells and around, and
// border lines cornered by '.', ':' and the apostrophe.
func drawPencilGrid(n, rows, cols int, text func(cell int) string) string {
	width := make([]int, n)
	for cell := range n * n {
		width[cell%n] = max(width[cell%n], len(text(cell)))
	}
	// Each box's segment: its cells apart by two spaces, a space either side.
	seg := make([]int, n/cols)
	for c := range n {
		seg[c/cols] += width[c] + 2
	}
	border := func(end, mid byte) string {
		var b strings.Builder
		b.WriteByte(end)
		for i, w := range seg {
			if i > 0 {
				b.WriteByte(mid)
			}
			b.WriteString(strings.Repeat("-", w))
		}
		b.WriteByte(end)
		b.WriteByte('\n')
		return b.String()
	}
	var b strings.Builder
	b.WriteString(border('.', '.'))
	for r := range n {
		if r > 0 && r%rows == 0 {
			b.WriteString(border(':', '+'))
		}
		for c := range n {
			if c%cols == 0 {
				b.WriteString("| ")
			}
			t := text(r*n + c)
			b.WriteString(t)
			pad := width[c] - len(t) + 2
			if (c+1)%cols == 0 {
				pad--
			}
			b.WriteString(strings.Repeat(" ", pad))
		}
		b.WriteString("|\n")
	}
	b.WriteString(border('\'', '\''))
	return b.String()
}

// DrawGrid draws an n×n grid of the symbols that symbol gives its cells
// (numbered row by row from 0): one row a line, cells separated by
// spaces, with '|' and "-+-" lines between boxes of rows×cols cells when
// boxed (and rows and cols are above 0).
func DrawGrid(n, rows, cols int, boxed bool, symbol func(cell int) byte) string {
	boxed = boxed && rows > 0 && cols > 0
	var b strings.Builder
	for r := range n {
		if boxed && r > 0 && r%rows == 0 {
			for box := range n / cols {
				if box > 0 {
					b.WriteString("-+-")
				}
				b.WriteString(strings.Repeat("-", 2*cols-1))
			}
			b.WriteByte('\n')
		}
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
				if boxed && c%cols == 0 {
					b.WriteString("| ")
				}
			}
			b.WriteByte(symbol(r*n + c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// EncodeNxN renders p in the seed's N×N form. With the default charset
// and regular boxes it is the digits alone, one row a line ('0' blank,
// then 1-9, A-Z). Otherwise it is the whole document: the charset line,
// a blank line, the puzzle, then "### Map" and the region map, whose
// regions take the charset's symbols in the order they first appear.
// A charset that cannot name the digits (see CheckCharset) is refused.
func EncodeNxN(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	v := p.EffectiveVariant(grid.Classic)
	switch {
	case len(p.Cages) > 0 || v.HasCages():
		return "", grid.FieldErrorf("board", "the N×N form cannot carry the cages of %s board; use %s", v.WithArticle(), cageFormat(v))
	case v.IsStr8ts() || p.Black != nil:
		return "", grid.FieldErrorf("board", "the N×N form cannot carry the black cells of %s board; use v2", v.WithArticle())
	case extraUnits(v) != "":
		return "", grid.FieldErrorf("board", "the N×N form cannot carry the %s; use v2", extraUnits(v))
	}
	if len(p.Charset) > p.Size {
		// The charset names the digits: one it cannot name them with
		// (a symbol repeated, not printable ASCII) would write a text
		// that reads back as another puzzle or none.
		if _, err := normalizeCharset(p.Charset); err != nil {
			return "", err
		}
	}
	n := p.Size
	symbols := symbolsOf(p)
	body := plainBody(p, symbols)
	var b strings.Builder
	writeRows := func(s string) {
		for r := range n {
			b.WriteString(s[r*n : r*n+n])
			b.WriteByte('\n')
		}
	}
	irregular := p.Regions != nil && !grid.IsRegular(n, p.Regions)
	if p.Charset == "" && !irregular {
		writeRows(body)
		return b.String(), nil
	}
	var labels []int
	if p.Regions != nil {
		labels = firstAppearance(p.Regions)
		if err := checkRegionLabels("board", "the", n, labels); err != nil {
			return "", err
		}
	} else {
		rows, cols, ok := grid.BoxShape(n)
		if !ok {
			return "", grid.FieldErrorf("board", "size %d has no regular boxes to write a region map of", n)
		}
		labels = make([]int, n*n)
		for cell := range labels {
			labels[cell] = (cell/n/rows)*(n/cols) + cell%n/cols + 1
		}
	}
	regionMap := make([]byte, n*n)
	for cell, k := range labels {
		regionMap[cell] = symbols[k-1]
	}
	b.WriteString(symbols)
	b.WriteString("\n\n")
	writeRows(body)
	b.WriteString("\n### Map\n\n")
	writeRows(string(regionMap))
	return b.String(), nil
}

// firstAppearance relabels regions 1, 2, … in the order they first
// appear.
func firstAppearance(labels []int) []int {
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

package codec

import (
	"strings"
	"unicode"

	"github.com/sudokuwise/solver/engine/grid"
)

// A pencil-mark grid is a board drawn a row a line with every cell's
// digits, as forum posts, HoDoKu, Sudoku Explainer and the web viewer's
// Copy grid write a position:
//
//	.----------------.----------------.
//	| 4    19   7    | 139  2369 269  | …
//	:----------------+----------------:
//
// A cell of one digit holds it, one of several has them as its pencil
// marks. Lines of border characters alone are skipped, and '|' parts
// the boxes; cells may also be parted by ',' and ';', which plain text
// skips as it does spaces.

// decodePencilGrid reads text as a pencil-mark grid with the symbols of
// charset (the default digits and letters when empty). ok is false when
// text is not shaped as one: no cell of two digits or more, or rows of
// unequal length, so that plain text, which may be drawn alike, reads as
// it did. The digits of a cell of one digit are givens, as the grid cannot
// tell clues from digits found.
func decodePencilGrid(text, charset string) (p *Puzzle, ok bool, err error) {
	symbols := DefaultCharset
	if charset != "" {
		if symbols, err = normalizeCharset(charset); err != nil {
			return nil, false, nil // the plain reading says what is wrong
		}
	}
	var rows [][]string
	wide, bordered := false, false
	for _, line := range strings.Split(text, "\n") {
		if isBorderLine(line) {
			bordered = true
			continue
		}
		fields := strings.FieldsFunc(line, func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune("|,;", r) || (r >= 0x2500 && r <= 0x257F)
		})
		if len(fields) == 0 {
			continue
		}
		if len(rows) > 0 && len(fields) != len(rows[0]) || len(rows) >= grid.MaxSize {
			return nil, false, nil
		}
		for _, f := range fields {
			wide = wide || len(f) > 1
		}
		rows = append(rows, fields)
	}
	if !wide || len(rows) < 4 || len(rows) != len(rows[0]) {
		return nil, false, nil
	}
	n := len(rows)
	if len(symbols) < n+1 {
		return nil, false, nil
	}
	upper := strings.ToUpper(symbols)
	p = &Puzzle{Size: n, Cells: make([]grid.CellState, n*n)}
	if charset != "" {
		p.Charset = symbols
	}
	for r, fields := range rows {
		for c, f := range fields {
			cell := &p.Cells[r*n+c]
			if f == symbols[:1] || (f == "." || f == "0") && !strings.Contains(symbols[1:], f) {
				continue // an empty cell without pencil marks
			}
			if strings.Contains(f, "#") && !strings.Contains(symbols, "#") {
				return nil, true, grid.FieldErrorf("text", "r%dc%d of the pencil-mark grid is a black cell (%s): a Str8ts board's black cells cannot be read from a grid; give its 2.0 string", r+1, c+1, f)
			}
			var set grid.Digits
			for _, ch := range strings.ToUpper(f) {
				v := -1
				if ch <= unicode.MaxASCII {
					v = strings.IndexByte(upper, byte(ch))
				}
				if v < 1 || v > n {
					if !bordered {
						// Rows of numbers ("10 11 …", "[[5, 3, …"), more
						// likely than a pencil-mark grid drawn without
						// borders: the plain reading tells what is wrong.
						return nil, false, nil
					}
					return nil, true, grid.FieldErrorf("text", "r%dc%d of the %d×%d pencil-mark grid holds %q, which is no digit of 1..%d (%s)", r+1, c+1, n, n, f, n, symbolsText(symbols, n))
				}
				set |= grid.Bit(v)
			}
			if set.Count() == 1 && len(f) == 1 {
				cell.Value, cell.Given = set.Min(), true
				continue
			}
			cell.Cand = set
		}
	}
	return p, true, nil
}

// isBorderLine reports whether line is a border of a drawn grid: border
// characters (".:'+-=*|" and box drawing) and spaces alone, with a dash.
func isBorderLine(line string) bool {
	dash := false
	for _, r := range line {
		switch {
		case r == '-' || r == '=' || r >= 0x2500 && r <= 0x257F:
			dash = true
		case unicode.IsSpace(r) || strings.ContainsRune(".:'+*|`", r):
		default:
			return false
		}
	}
	return dash
}

// symbolsText names the symbols of the digits 1..n.
func symbolsText(symbols string, n int) string {
	return "symbols " + symbols[1:n+1]
}

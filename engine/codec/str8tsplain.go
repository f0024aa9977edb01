package codec

import (
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// The simple form of a Str8ts puzzle (str8ts.com's unpacked one) is two
// strings of N² characters: the clues, one symbol a cell as plain text
// has them (a digit, '0' or '.' for none; in a black cell, its clue), and
// the colours, '1' or '#' for a black cell, '0' or '.' for a white one.
// They are separated by white space, a comma or a semicolon:
//
//	6.3..87..41.3.8.6 … 1001100110 …
//
// Its variant is Str8ts unless the request names another of the family.

// str8tsPlainFields returns the two fields of a text in the simple Str8ts
// form, or ok false when the text does not have its shape.
func str8tsPlainFields(s string) (clues, colours string, ok bool) {
	clues, colours, ok = str8tsPlainShape(s)
	if !ok || badStr8tsColour(colours) >= 0 {
		return "", "", false
	}
	return clues, colours, true
}

// LeadingStr8tsPlain returns the first two fields of line (apart by white
// space) joined by a space when they make a Str8ts puzzle in the simple
// form, N² clues and then N² colours, and ok false otherwise. A list of
// puzzles a line whose reader takes a line's first field (to skip a
// rating after it) takes these two instead: the clues alone read as a
// classic puzzle, of other solutions or none.
func LeadingStr8tsPlain(line string) (puzzle string, ok bool) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return "", false
	}
	puzzle = fields[0] + " " + fields[1]
	clues, colours, ok := str8tsPlainFields(puzzle)
	if !ok || !listedStr8ts(clues, colours) {
		return "", false
	}
	return puzzle, true
}

// listedStr8ts reports whether the second field of a list's line, of the
// simple form's colours, is more likely a Str8ts board's than a note of
// the puzzle in the first field: it has a black cell (a row of dots or
// zeros after a puzzle has none), and it is not the mask of the clues,
// black exactly where a clue is (a list "puzzle givens"): a Str8ts
// has empty black cells or white clues.
func listedStr8ts(clues, colours string) bool {
	black, mask := false, true
	for i := 0; i < len(colours); i++ {
		b := colours[i] == '1' || colours[i] == '#'
		black = black || b
		mask = mask && b == (clues[i] != '0' && clues[i] != '.')
	}
	return black && !mask
}

// str8tsPlainShape returns the two fields of a text shaped like the simple
// Str8ts form, two fields of N² characters, whatever their characters.
func str8tsPlainShape(s string) (clues, colours string, ok bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) != 2 || len(fields[0]) != len(fields[1]) {
		return "", "", false
	}
	n := 0
	for n*n < len(fields[0]) {
		n++
	}
	if n*n != len(fields[0]) || n < 2 || n > grid.MaxSize {
		return "", "", false
	}
	return fields[0], fields[1], true
}

// badStr8tsColour returns the index of the first character of colours
// that is no colour, or -1.
func badStr8tsColour(colours string) int {
	for i := 0; i < len(colours); i++ {
		if !strings.ContainsRune("01#.", rune(colours[i])) {
			return i
		}
	}
	return -1
}

// str8tsColourError returns the error of a text in the simple Str8ts form
// but for a character of its colours, or nil. Two fields of N² cells each
// are no other format's shape (2N² is no square number of cells for plain
// text), so a text of that shape whose second field is mostly colours is a
// Str8ts puzzle with a mistyped colour.
func str8tsColourError(s string) error {
	clues, colours, ok := str8tsPlainShape(s)
	if !ok {
		return nil
	}
	i := badStr8tsColour(colours)
	if i < 0 {
		return nil
	}
	valid := 0
	for j := 0; j < len(colours); j++ {
		if strings.ContainsRune("01#.", rune(colours[j])) {
			valid++
		}
	}
	if 2*valid < len(colours) {
		return nil
	}
	n := 0
	for n*n < len(clues) {
		n++
	}
	return grid.FieldErrorf("text", "the text is a Str8ts puzzle in the simple form (%d clues, then %d colours), but colour %q of cell %s is not 0 or . (white) nor 1 or # (black)",
		len(clues), len(colours), colours[i], cellName(n, i))
}

// decodeStr8tsPlain decodes the simple Str8ts form (see str8tsPlainFields).
func decodeStr8tsPlain(clues, colours string) (*Puzzle, error) {
	p, err := ParseText(clues, "", "")
	if err != nil {
		return nil, err
	}
	if len(p.Cells) != len(colours) {
		return nil, grid.FieldErrorf("text", "%d clues for %d colours", len(p.Cells), len(colours))
	}
	p.Black = make([]bool, len(colours))
	for i := 0; i < len(colours); i++ {
		p.Black[i] = colours[i] == '1' || colours[i] == '#'
	}
	p.Variant, p.VariantSet = grid.Str8ts, false
	return p, nil
}

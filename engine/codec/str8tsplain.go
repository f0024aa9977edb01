package codec

import (
	"slices"
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
// form, its clues written with charset ("" for the default symbols), or
// ok false when the text does not have its shape.
func str8tsPlainFields(s, charset string) (clues, colours string, ok bool) {
	clues, colours, ok = str8tsPlainShape(s, charset)
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
// classic puzzle, of other solutions or none. The clues are read with
// charset, as Decode reads them, when it is not empty.
func LeadingStr8tsPlain(line, charset string) (puzzle string, ok bool) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return "", false
	}
	puzzle = fields[0] + " " + fields[1]
	clues, colours, ok := str8tsPlainFields(puzzle, charset)
	if !ok || !listedStr8ts(clues, colours, charset) {
		return "", false
	}
	return puzzle, true
}

// listedStr8ts reports whether the second field of a list's line, of the
// simple form's colours, is more likely a Str8ts board's than a note of
// the puzzle in the first field, whose clues are read with charset. It
// must have a black cell (a row of dots or zeros after a puzzle has
// none). When it is the mask of the clues, black exactly where a clue is,
// the line is a Str8ts whose only clues are black clues or a list's
// "puzzle givens": a Str8ts when its lines can hold straights
// (blackCluesFit) and the board's checks pass (str8tsOpen), as every
// Str8ts with a solution does. Of the 187,367 classic lines of the shared
// collections, with their mask, three (two puzzles) pass;
// service.LinePuzzle searches those for a solution. A line whose clues do
// not read is taken as a Str8ts, as it was before it was read: the
// service names the error. Clues read with a charset of more symbols than
// their board needs are not a Str8ts's.
func listedStr8ts(clues, colours, charset string) bool {
	if !strings.ContainsAny(colours, "1#") {
		return false
	}
	p, err := decodeStr8tsPlain(clues, colours, charset)
	if err != nil {
		return true
	}
	if len(p.Charset) > p.Size+1 {
		// The charset names a larger board's digits: the two fields are
		// that board's first rows (the N×N form with spaces between its
		// rows, "#A#B #### C#D# ####" with the charset #ABCD, whose
		// blank row "####" is colours too), not a small Str8ts.
		return false
	}
	for i, c := range p.Cells {
		if p.Black[i] != (c.Value != 0) {
			return true // not a mask: black cells without clues, or white clues
		}
	}
	return blackCluesFit(p) && str8tsOpen(p)
}

// str8tsOpen reports whether p loads as a Str8ts board that the board's
// own checks find no reason not to complete (grid.Board.Duplicate and
// Check: a digit twice in a line, a unit or compartment short of digits,
// peers' black clues taken out).
func str8tsOpen(p *Puzzle) bool {
	b, err := p.Board(grid.Str8ts)
	if err != nil {
		return false
	}
	if _, dup := b.Duplicate(); dup {
		return false
	}
	_, ok := b.Check()
	return ok
}

// blackCluesFit reports whether each row and column of p, a Str8ts board
// whose every black cell holds a clue and no white cell one, may be
// filled: its white cells hold the digits its black clues leave, so
// those clues must differ and what they leave must split into straights
// of the lengths of its runs of white cells (a straight lies in one run
// of consecutive digits left). A Str8ts with a solution passes; a classic
// puzzle's clues with their mask as colours pass only if every row and
// column happens to (a row of one clue d at column c only when d is c or
// N+1-c).
func blackCluesFit(p *Puzzle) bool {
	n := p.Size
	line := make([]int, n) // a line's black clues, 0 for a white cell
	for _, rows := range []bool{true, false} {
		for a := range n {
			for b := range n {
				i := a*n + b
				if !rows {
					i = b*n + a
				}
				line[b] = 0
				if p.Black[i] {
					line[b] = int(p.Cells[i].Value)
				}
			}
			if !lineFits(line, n) {
				return false
			}
		}
	}
	return true
}

// lineFits reports whether the runs of white cells (0) of line can hold
// straights of the digits 1..n its black clues leave.
func lineFits(line []int, n int) bool {
	used := make([]bool, n+2)
	var cells []int // lengths of the runs of white cells
	run := 0
	for _, d := range line {
		if d == 0 {
			run++
			continue
		}
		if d < 1 || d > n || used[d] {
			return false
		}
		used[d] = true
		if run > 0 {
			cells = append(cells, run)
		}
		run = 0
	}
	if run > 0 {
		cells = append(cells, run)
	}
	var digits []int // room left in each run of consecutive digits left
	run = 0
	for d := 1; d <= n+1; d++ {
		if d <= n && !used[d] {
			run++
		} else if run > 0 {
			digits, run = append(digits, run), 0
		}
	}
	slices.SortFunc(cells, func(x, y int) int { return y - x })
	return tile(cells, digits)
}

// tile reports whether the lengths cells, longest first, can be placed in
// the runs of room digits, filling them (the sums are equal).
func tile(cells, room []int) bool {
	if len(cells) == 0 {
		return true
	}
	for i, r := range room {
		if r < cells[0] || slices.Contains(room[:i], r) {
			continue // too short, or a room already tried
		}
		room[i] -= cells[0]
		ok := tile(cells[1:], room)
		room[i] += cells[0]
		if ok {
			return true
		}
	}
	return false
}

// str8tsPlainShape returns the two fields of a text shaped like the simple
// Str8ts form, two fields of N² characters, whatever their characters. A
// comma or semicolon that charset holds (a symbol of the clues) does not
// separate them.
func str8tsPlainShape(s, charset string) (clues, colours string, ok bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return (r == ',' || r == ';') && !strings.ContainsRune(charset, r) || r == ' ' || r == '\t' || r == '\n' || r == '\r'
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
// text), so a text of that shape whose second field is colours but for a
// few characters (a tenth at most) is a Str8ts puzzle with a mistyped
// colour. Two classic puzzles, one a line, have that shape too, but the
// second's clues are a fifth of its cells and more.
func str8tsColourError(s, charset string) error {
	clues, colours, ok := str8tsPlainShape(s, charset)
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
	if 10*(len(colours)-valid) > len(colours) {
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
func decodeStr8tsPlain(clues, colours, charset string) (*Puzzle, error) {
	p, err := ParseText(clues, charset, "")
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

package codec

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokuwise/solver/engine/grid"
)

// ParseText decodes a puzzle written one symbol per cell.
//
// Without a charset it reads plain and noisy text: '1'-'9' and then letters
// ('A' = 10 …) are clues; '0', '.', '_' and '*' are blanks ('…' is three
// blanks); white space, '|', '-', '+', '=', ',', ';' and box-drawing
// characters are ignored, so pretty-printed grids and lists of cells
// work. Any other character is an error.
//
// With a charset it reads the seed's N×N form: the first charset symbol is
// the blank, the next ones are 1, 2, …; every character outside the charset
// is ignored; input is case-insensitive.
//
// The region map, when given, holds one symbol per cell naming its region,
// read with the same charset (the default one when charset is empty), the
// first symbol being region 0; characters outside the charset are ignored.
//
// The text may also be the seed's whole document: an optional charset line
// (followed by a blank line, or not when the puzzle's cells read with it
// number N×N for its N+1 symbols), the puzzle, then a line "### Map"
// followed by the map; or, without the map (boxes), a charset line and the
// puzzle, read so when the text does not read as plain text.
//
// The size N is the square root of the number of cells read.
func ParseText(text, charset, regionMap string) (*Puzzle, error) {
	p, err := parseText(text, charset, regionMap)
	if err != nil && charset == "" && regionMap == "" {
		// The seed's document without a map (its symmetrical puzzles need
		// none): a charset line, then the puzzle. Tried only when the text
		// does not read as plain text, whose first row may look alike.
		lines := strings.Split(text, "\n")
		if cs, rest := charsetLine(splitParagraphs(lines)); cs != "" {
			if q, qerr := parseText(joinParagraphs(rest), cs, ""); qerr == nil {
				return q, nil
			}
		}
	}
	var fe *grid.FieldError
	if err != nil && errors.As(err, &fe) {
		if n, cells, ok := puzzleLines(text); ok {
			fe.Reason += fmt.Sprintf(" (the text is %d lines of %d cells, a puzzle each: a call reads one puzzle, and a list goes to SolveBatch, solverctl batch)", n, cells)
		} else if charset == "" {
			fe.Reason += line81Hint(text) + firstFieldHint(text)
		}
	}
	return p, err
}

// puzzleLines reports whether text is two lines or more, each of the
// same square number of characters (16 to the most cells of a board) and
// no white space, and not as many lines as characters (the rows of a
// grid): a list of puzzles where one is read. It returns their number
// and length.
func puzzleLines(text string) (n, cells int, ok bool) {
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		l := utf8.RuneCountInString(line)
		if cells != 0 && l != cells || strings.IndexFunc(line, unicode.IsSpace) >= 0 {
			return 0, 0, false
		}
		cells, n = l, n+1
	}
	side := 0
	for side*side < cells {
		side++
	}
	return n, cells, n >= 2 && n != cells && side*side == cells && cells >= 16 && cells <= maxCells
}

// firstFieldHint returns a note for the error of text when it is one
// line whose first field (up to white space) is a puzzle of 4×4 or more
// and the fields after it hold fewer cells, a line of a list with a note
// such as Sudoku Explainer's ratings ("<puzzle> 9.0 1.2 1.2"), which
// lists of puzzles read as its first field; "" otherwise.
func firstFieldHint(text string) string {
	line := strings.TrimSpace(text)
	if strings.ContainsAny(line, "\r\n") {
		return ""
	}
	i := strings.IndexFunc(line, unicode.IsSpace)
	if i < 0 {
		return ""
	}
	first, rest := line[:i], strings.TrimSpace(line[i:])
	cells, err := scanPlain(first)
	if err != nil || len(cells) < 16 {
		return ""
	}
	n, err := sizeOf("text", len(cells))
	if err != nil {
		return ""
	}
	if restCells, err := scanPlain(rest); err == nil && len(restCells) >= len(cells) {
		return "" // two boards' worth, such as a Str8ts's clues and colours
	}
	if !strings.ContainsFunc(rest, unicode.IsSpace) && 2*len(rest) >= len(cells) && strings.Trim(rest, "01#.") == "" {
		// A Str8ts in the simple form whose colours are mistyped: to give
		// the first field alone would make it a classic puzzle.
		return fmt.Sprintf(" (its first field is a %d×%d puzzle, and the %d characters after it are colours, 0 or . white and 1 or # black: a Str8ts puzzle in the simple form needs %d, one a cell)", n, n, len(rest), len(cells))
	}
	return fmt.Sprintf(" (its first field is a %d×%d puzzle, and %q follows it: a line of a list with its rating or a note? give the puzzle alone; solverctl batch and rate read a line's first field)", n, n, rest)
}

// line81Hint returns a note for the error of text when it is one line of
// about 81 characters (72 to 90) with a '-', 'x' or 'X' among them, a
// line meant to be read as scanLine81 reads one, and "" otherwise: of a
// line a character too long or too short, its length; of a line of 81,
// its first character that is neither a digit 1-9 nor a blank, which kept
// its '-' and 'x' from being read as blanks.
func line81Hint(text string) string {
	line := strings.TrimSpace(text)
	n := utf8.RuneCountInString(line)
	if n < 72 || n > 90 || strings.ContainsAny(line, " \t\r\n") || !strings.ContainsAny(line, "-xX") {
		return ""
	}
	if n != 81 {
		return fmt.Sprintf(" (the text is one line of %d characters with a '-' or 'x': those are blanks only in a line of exactly 81, and elsewhere a separator and the digit 33)", n)
	}
	for i, r := range []rune(line) {
		if (r < '1' || r > '9') && !strings.ContainsRune(lineBlanks, r) {
			return fmt.Sprintf(" (the text is one line of 81 characters with a '-' or 'x', which are blanks only when every character is a digit 1-9 or a blank %q: column %d holds %q)", lineBlanks, i+1, r)
		}
	}
	return ""
}

// parseText is ParseText without its reading of a document without a map.
func parseText(text, charset, regionMap string) (*Puzzle, error) {
	if regionMap == "" {
		var docCharset string
		text, docCharset, regionMap = splitDocument(text)
		if charset == "" {
			charset = docCharset
		}
	}
	var (
		cells   []int
		err     error
		symbols string
	)
	if charset == "" {
		cells, err = scanPlain(text)
	} else {
		if symbols, err = normalizeCharset(charset); err != nil {
			return nil, err
		}
		cells = scanCharset(text, symbols)
	}
	if err != nil {
		return nil, err
	}
	n, err := sizeOf("text", len(cells))
	if err != nil {
		if symbols != "" {
			// The symbols outside the charset were skipped as noise.
			if other := outside(text, symbols); other > 0 {
				return nil, grid.FieldErrorf("text", "%s; %d characters of the text are not in the charset %q and were skipped as separators", reason(err), other, charset)
			}
		}
		return nil, err
	}
	p := &Puzzle{Size: n, Charset: symbols}
	if symbols != "" && len(symbols) < n+1 {
		return nil, grid.FieldErrorf("charset", "charset %q has symbols for 1..%d, the puzzle needs 1..%d", charset, len(symbols)-1, n)
	}
	p.Cells = make([]grid.CellState, len(cells))
	for i, v := range cells {
		if v > n {
			return nil, grid.FieldErrorf("text", "cell r%dc%d holds %s, which stands for %d, more than the size %d", i/n+1, i%n+1, symbolName(symbols, v), v, n)
		}
		p.Cells[i].Value = v
		p.Cells[i].Given = v != 0
	}
	if err := p.readMap(regionMap, symbols); err != nil {
		return nil, err
	}
	return p, nil
}

// readMap sets the regions of p, a puzzle of the N×N form written with
// symbols (the default ones when empty), from regionMap, which names
// each cell's region by one of them; a blank map leaves p's regions as
// they are.
func (p *Puzzle) readMap(regionMap, symbols string) error {
	if strings.TrimSpace(regionMap) == "" {
		return nil
	}
	n := p.Size
	mapSymbols := symbols
	if mapSymbols == "" {
		mapSymbols = DefaultCharset
	}
	labels := scanCharset(regionMap, mapSymbols)
	if len(labels) > maxCells {
		// scanCharset stops there: the count is not the map's.
		return grid.FieldErrorf("region_map", "region map has more than %d cells (the most, of a %d×%d board), the %d×%d puzzle has %d", maxCells, grid.MaxSize, grid.MaxSize, n, n, n*n)
	}
	if len(labels) != n*n {
		return grid.FieldErrorf("region_map", "region map has %d cells, the %d×%d puzzle has %d", len(labels), n, n, n*n)
	}
	if err := checkMapRegions(labels, n, mapSymbols); err != nil {
		return err
	}
	p.Regions = labels
	return nil
}

// checkMapRegions reports a region map of n×n labels whose regions are
// not n of n cells each, naming a region by its symbol in the map (the
// layout, which has only their numbers, would say "region 11" for "B").
func checkMapRegions(labels []int, n int, symbols string) error {
	var order []int
	count := map[int]int{}
	for cell, label := range labels {
		if _, seen := count[label]; !seen {
			if len(order) == n {
				return grid.FieldErrorf("region_map", "region map has more than %d regions (%s at r%dc%d is the %dth)", n, symbolName(symbols, label), cell/n+1, cell%n+1, n+1)
			}
			order = append(order, label)
		}
		count[label]++
	}
	for _, label := range order {
		if count[label] != n {
			return grid.FieldErrorf("region_map", "region %s covers %d cells, want %d", symbolName(symbols, label), count[label], n)
		}
	}
	if len(order) != n {
		return grid.FieldErrorf("region_map", "region map has %d regions, want %d", len(order), n)
	}
	return nil
}

// splitDocument splits the seed's document form (charset line, puzzle,
// "### Map", map) into its parts. Text without a "### Map" line is returned
// as it is.
func splitDocument(text string) (puzzle, charset, regionMap string) {
	lines := strings.Split(text, "\n")
	at := -1
	for i, line := range lines {
		if isMapHeader(line) {
			at = i
			break
		}
	}
	if at < 0 {
		return text, "", ""
	}
	regionMap = strings.Join(lines[at+1:], "\n")
	charset, paragraphs := charsetLine(splitParagraphs(lines[:at]))
	return joinParagraphs(paragraphs), charset, regionMap
}

// isMapHeader reports whether line is the document's "### Map" line: '#'s,
// a space at least, then "map" in any case. Without the space it may be a
// puzzle's row, "#MAP" in the charset "#MAPX".
func isMapHeader(line string) bool {
	t := strings.TrimSpace(line)
	rest := strings.TrimLeft(t, "#")
	return rest != t && strings.TrimLeft(rest, " \t") != rest && strings.EqualFold(strings.TrimSpace(rest), "map")
}

// charsetLine returns the charset line that starts a document's
// paragraphs, and the paragraphs after it; "" and the paragraphs as they
// are when they start with none.
func charsetLine(paragraphs [][]string) (string, [][]string) {
	switch {
	case len(paragraphs) >= 2 && len(paragraphs[0]) == 1 && distinctFold(paragraphs[0][0]):
		return paragraphs[0][0], paragraphs[1:]
	case len(paragraphs) >= 1 && len(paragraphs[0]) >= 2 && isCharsetLine(paragraphs[0][0], paragraphs):
		// The charset line without the blank line after it.
		rest := slices.Clone(paragraphs)
		rest[0] = rest[0][1:]
		return paragraphs[0][0], rest
	}
	return "", paragraphs
}

// joinParagraphs joins paragraphs of lines back into text.
func joinParagraphs(paragraphs [][]string) string {
	var b strings.Builder
	for _, p := range paragraphs {
		b.WriteString(strings.Join(p, "\n"))
		b.WriteByte('\n')
	}
	return b.String()
}

// isCharsetLine reports whether line, the first line of the document's
// paragraphs with no blank line after it, is a charset line rather than
// the puzzle's first row: its symbols are distinct, N+1 of them, and the
// lines after it hold N×N cells read with it.
func isCharsetLine(line string, paragraphs [][]string) bool {
	if !distinctFold(line) || len(line) < 3 || len(line) > grid.MaxSize+1 {
		return false
	}
	symbols, err := normalizeCharset(line)
	if err != nil {
		return false
	}
	n := len(symbols) - 1
	count := len(scanCharset(strings.Join(paragraphs[0][1:], "\n"), symbols))
	for _, p := range paragraphs[1:] {
		count += len(scanCharset(strings.Join(p, "\n"), symbols))
	}
	return count == n*n
}

func splitParagraphs(lines []string) [][]string {
	var out [][]string
	var cur []string
	for _, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" {
			if cur != nil {
				out = append(out, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, t)
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

func distinctFold(s string) bool {
	seen := map[rune]bool{}
	for _, r := range strings.ToUpper(s) {
		if seen[r] || unicode.IsSpace(r) {
			return false
		}
		seen[r] = true
	}
	return len(seen) >= 2
}

// scanPlain reads plain or noisy text without a charset. The line of an
// unexpected character counts line breaks as editors do: LF, CRLF and the
// lone CR of old Mac files.
func scanPlain(text string) ([]int, error) {
	if cells, ok := scanLine81(text); ok {
		return cells, nil
	}
	cells := make([]int, 0, 81)
	line, col := 1, 0
	var prev rune
	for _, r := range text {
		col++
		switch {
		case r == '\n' && prev == '\r':
			col = 0 // CRLF: the CR ended the line
		case r == '\n' || r == '\r':
			line, col = line+1, 0
		case r >= '1' && r <= '9':
			cells = append(cells, int(r-'0'))
		case r >= 'A' && r <= 'Z':
			cells = append(cells, int(r-'A')+10)
		case r >= 'a' && r <= 'z':
			cells = append(cells, int(r-'a')+10)
		case r == '0' || r == '.' || r == '_' || r == '*':
			cells = append(cells, 0)
		case r == '…':
			cells = append(cells, 0, 0, 0)
		case isSeparator(r):
		default:
			return nil, grid.FieldErrorf("text", "unexpected character %q at line %d, column %d", r, line, col)
		}
		if len(cells) > maxCells {
			return nil, grid.FieldErrorf("text", "more than %d cells", maxCells)
		}
		prev = r
	}
	return cells, nil
}

// lineBlanks are the characters a one-line 9×9 puzzle of 81 characters
// may write its blank cells with: plain text's own, and '-', 'x' and 'X',
// which Sudoku Explainer and many puzzle lists use too. Elsewhere '-' is a
// separator and 'X' the digit 33.
const lineBlanks = "0._*-xX"

// scanLine81 reads text that is one line of 81 characters, digits 1-9 and
// lineBlanks, with a '-', 'x' or 'X' among them, as the 81 cells of a 9×9
// puzzle: read as plain text, its dashes would be skipped (25 cells left,
// read as a 5×5, or 36 as a 6×6) and an x taken for 33.
func scanLine81(text string) ([]int, bool) {
	line := strings.TrimSpace(text)
	if len(line) != 81 || !strings.ContainsAny(line, "-xX") {
		return nil, false
	}
	cells := make([]int, 81)
	for i := range len(line) {
		switch c := line[i]; {
		case c >= '1' && c <= '9':
			cells[i] = int(c - '0')
		case strings.IndexByte(lineBlanks, c) < 0:
			return nil, false
		}
	}
	return cells, true
}

// isSeparator reports whether plain text may hold r between its cells:
// white space, '|', '-', '+', '=', box-drawing characters, and the commas
// and semicolons of a list of cells.
func isSeparator(r rune) bool {
	return unicode.IsSpace(r) || r == '|' || r == '-' || r == '+' || r == '=' || r == ',' || r == ';' || (r >= 0x2500 && r <= 0x257F)
}

// maxCells bounds the cells read so that hostile input cannot make us
// allocate without limit.
const maxCells = grid.MaxSize * grid.MaxSize

// CheckCharset returns charset as a puzzle of size n uses it (upper
// case), or a *grid.FieldError on "charset" saying why it cannot name that
// puzzle's symbols: a blank symbol then one for each digit 1..n, printable
// ASCII, none repeated.
func CheckCharset(charset string, n int) (string, error) {
	s, err := normalizeCharset(charset)
	if err != nil {
		return "", err
	}
	if len(s) < n+1 {
		return "", grid.FieldErrorf("charset", "charset %q has symbols for 1..%d, the puzzle needs 1..%d", charset, len(s)-1, n)
	}
	return s, nil
}

// normalizeCharset upper-cases a charset and checks its symbols are distinct
// printable ASCII.
func normalizeCharset(charset string) (string, error) {
	s := strings.ToUpper(charset)
	if len(s) < 2 {
		return "", grid.FieldErrorf("charset", "charset %q needs a blank symbol and at least one digit", charset)
	}
	// Positions count characters as typed, so that a non-ASCII symbol
	// shows whole, at its place.
	pos := 0
	for _, r := range charset {
		pos++
		if r <= ' ' || r > '~' {
			return "", grid.FieldErrorf("charset", "charset symbol %q at position %d is not a printable ASCII character", r, pos)
		}
	}
	for i := 0; i < len(s); i++ {
		if j := strings.IndexByte(s[:i], s[i]); j >= 0 {
			return "", grid.FieldErrorf("charset", "charset repeats %q (positions %d and %d)", rune(s[i]), j+1, i+1)
		}
	}
	return s, nil
}

// scanCharset reads the symbols of text that are in the (upper-case)
// charset, case-insensitively, as their positions in it; it ignores others.
func scanCharset(text, symbols string) []int {
	cells := make([]int, 0, 81)
	for _, r := range strings.ToUpper(text) {
		if r > unicode.MaxASCII {
			continue
		}
		if i := strings.IndexByte(symbols, byte(r)); i >= 0 {
			cells = append(cells, i)
			if len(cells) > maxCells {
				break
			}
		}
	}
	return cells
}

// outside counts the characters of text that are neither in the
// (upper-case) charset symbols nor space or a separator of plain text.
func outside(text, symbols string) int {
	n := 0
	for _, r := range strings.ToUpper(text) {
		switch {
		case r <= unicode.MaxASCII && strings.IndexByte(symbols, byte(r)) >= 0:
		case isSeparator(r):
		default:
			n++
		}
	}
	return n
}

// sizeOf returns N for a count of N×N cells.
func sizeOf(input string, count int) (int, error) {
	n := 0
	for (n+1)*(n+1) <= count {
		n++
	}
	if n*n != count || n < 2 {
		// The nearest counts, with 9×9's, the size meant most often.
		want := "81 for 9×9"
		if n >= 2 {
			want = fmt.Sprintf("%d for %d×%d or %d for %d×%d", n*n, n, n, (n+1)*(n+1), n+1, n+1)
			if n != 9 && n+1 != 9 {
				want += "; 81 for 9×9"
			}
		}
		cells := "cells"
		if count == 1 {
			cells = "cell"
		}
		return 0, grid.FieldErrorf(input, "found %d %s; a puzzle needs a square number of cells (%s)", count, cells, want)
	}
	if n > grid.MaxSize {
		return 0, grid.FieldErrorf(input, "size %d is larger than %d", n, grid.MaxSize)
	}
	return n, nil
}

func symbolName(symbols string, v int) string {
	if symbols != "" {
		return strconv.Quote(symbols[v : v+1])
	}
	return strconv.Quote(DefaultCharset[v : v+1])
}

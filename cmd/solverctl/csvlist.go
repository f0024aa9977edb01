package main

import (
	"encoding/csv"
	"fmt"
	"strings"
)

// csvPuzzleColumns are the header names of a CSV list's puzzle column,
// most telling first: "puzzle" (the shared hardest database, Kaggle's
// "3 million Sudoku puzzles with ratings"), "quizzes" (Kaggle's "1
// million Sudoku games"). "clues" is not among them: in those lists it
// is a count.
var csvPuzzleColumns = []string{"puzzle", "puzzles", "quizzes", "quiz", "sudoku", "grid", "question", "board"}

// csvList reads the records of a list of puzzles written as CSV: a
// header line naming its columns, one of them the puzzles', then one
// record a line.
type csvList struct {
	comma  rune   // the field separator: ',', ';' or a tab
	col    int    // the puzzle column, from 0
	name   string // its name in the header
	header string // the header line, trimmed
}

// csvListHeader returns the csvList of which line is the header, with
// ok false when line is none: no field of it, split at commas,
// semicolons or tabs, names a puzzle column (csvPuzzleColumns). A line
// that is one such name alone heads a list of one column (as pandas
// writes one): no puzzle reads as one.
func csvListHeader(line string) (l *csvList, ok bool) {
	for _, name := range csvPuzzleColumns {
		if strings.EqualFold(strings.TrimSpace(line), name) {
			return &csvList{comma: ',', col: 0, name: strings.TrimSpace(line), header: line}, true
		}
	}
	for _, comma := range []rune{',', ';', '\t'} {
		if !strings.ContainsRune(line, comma) {
			continue
		}
		fields, err := csvRecord(line, comma)
		if err != nil {
			continue
		}
		for _, name := range csvPuzzleColumns {
			for i, f := range fields {
				if strings.EqualFold(strings.TrimSpace(f), name) {
					return &csvList{comma: comma, col: i, name: strings.TrimSpace(f), header: line}, true
				}
			}
		}
	}
	return nil, false
}

// puzzle returns the puzzle field of record line, trimmed of white
// space, or an error saying why it has none.
func (l *csvList) puzzle(line string) (string, error) {
	fields, err := csvRecord(line, l.comma)
	if err != nil {
		return "", fmt.Errorf("not a CSV record: %w", err)
	}
	if l.col >= len(fields) {
		n := fmt.Sprintf("%d fields", len(fields))
		if len(fields) == 1 {
			n = "1 field"
		}
		return "", fmt.Errorf("the record has %s, no %q column (field %d of the header)", n, l.name, l.col+1)
	}
	p := strings.TrimSpace(fields[l.col])
	if p == "" {
		return "", fmt.Errorf("the %q field (field %d) is empty", l.name, l.col+1)
	}
	return p, nil
}

// csvRecord splits line, one CSV record, at comma, quotes read as
// RFC 4180 writes them (and leniently where a list does not).
func csvRecord(line string, comma rune) ([]string, error) {
	r := csv.NewReader(strings.NewReader(line))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	return r.Read()
}

// csvLines reads the lines of a list of puzzles that may be CSV: the
// first line that is neither blank nor a comment is the header of a CSV
// list when it names a puzzle column (csvListHeader), and the lines after
// it are its records.
type csvLines struct {
	started bool
	list    *csvList // nil: not a CSV list
}

// next returns the text of line to read a puzzle from: line itself, or
// the puzzle field of a CSV list's record, with skip true for the list's
// header, and for the header again (lists joined one after another). A
// blank line or a comment (charset as isComment takes it) is returned as
// it is.
func (c *csvLines) next(line, charset string) (text string, skip bool, err error) {
	t := strings.TrimSpace(line)
	if t == "" || isComment(t, charset) {
		return line, false, nil
	}
	if !c.started {
		c.started = true
		// A JSON board holds commas and quoted names, never a header.
		if l, ok := csvListHeader(t); ok && !strings.HasPrefix(t, "{") {
			c.list = l
			return "", true, nil
		}
	}
	if c.list == nil {
		return line, false, nil
	}
	if t == c.list.header {
		return "", true, nil
	}
	p, err := c.list.puzzle(t)
	return p, false, err
}

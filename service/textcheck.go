package service

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// MaxTextLen is the most bytes of puzzle text (and of a region map) the
// service takes: the largest board in the widest format with generous room
// for grid art.
const MaxTextLen = 64 << 10

// CheckText reports whether s may be sent as the string field named field
// (a proto path such as "puzzle.text"): it must be valid UTF-8, which
// protobuf requires of every string, and at most max bytes (no bound when
// max is 0). The error is a *grid.FieldError, which the service answers
// with InvalidArgument naming field; clients call it before sending, so
// that one bad input fails alone and clearly rather than failing the
// marshalling of a whole message.
func CheckText(field, s string, max int) error {
	if max > 0 && len(s) > max {
		return grid.FieldErrorf(field, "%d bytes, more than %d", len(s), max)
	}
	if !utf8.ValidString(s) {
		i := invalidUTF8At(s)
		return grid.FieldErrorf(field, "not valid UTF-8 (byte %d is 0x%02x); puzzle text is characters, not binary data", i, s[i])
	}
	return nil
}

// invalidUTF8At returns the offset of the first byte of s that does not
// start a valid UTF-8 sequence, or len(s).
func invalidUTF8At(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// CheckPuzzleText checks the string fields of a puzzle (text, charset and
// region map) with CheckText, field being the puzzle's proto path
// ("puzzle", "puzzles[3]"). A nil puzzle passes.
func CheckPuzzleText(field string, p *sudokuv1.Puzzle) error {
	if p == nil {
		return nil
	}
	if err := CheckText(field+".text", p.GetText(), MaxTextLen); err != nil {
		return err
	}
	if err := CheckText(field+".charset", p.GetCharset(), 0); err != nil {
		return err
	}
	return CheckText(field+".region_map", p.GetRegionMap(), MaxTextLen)
}

// LinePuzzle returns the puzzle of a line of a list of puzzles, one a
// line, whose reader skips what follows a puzzle (a rating, say): the
// line's first field, or its first two when they make a Str8ts puzzle in
// the simple form, clues and then colours apart by white space (the clues
// alone read as a classic puzzle, of other solutions or none). It is ""
// for a blank line.
func LinePuzzle(line string) string {
	if p, ok := codec.LeadingStr8tsPlain(line); ok {
		return p
	}
	line = strings.TrimSpace(line)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i]
	}
	return line
}

package codec

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Format names a text encoding of a puzzle.
type Format uint8

// The formats.
const (
	// FormatAuto detects the format from the text.
	FormatAuto Format = iota
	// FormatPlain is one symbol per cell, noisy grids included.
	FormatPlain
	// FormatNxN is the seed's puzzle + region map + charset form.
	FormatNxN
	// FormatV1 is SudokuWiki's 162-character v1 packed string.
	FormatV1
	// FormatKillerV1 is SudokuWiki's killer v1 strings, unpacked or packed.
	FormatKillerV1
	// FormatJigsawV1 is SudokuWiki's jigsaw v1 URL form.
	FormatJigsawV1
	// FormatV2 is SudokuWiki's "String Definitions 2.0" (S9B, J9B, ...).
	FormatV2
	// FormatGrid is a human-readable grid with box separators.
	FormatGrid
	// FormatURL is a whole SudokuWiki URL.
	FormatURL
)

var formatNames = [...]string{
	FormatAuto: "auto", FormatPlain: "plain", FormatNxN: "nxn", FormatV1: "v1",
	FormatKillerV1: "killer-v1", FormatJigsawV1: "jigsaw-v1", FormatV2: "v2",
	FormatGrid: "grid", FormatURL: "url",
}

// String returns the format's name.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "format?"
}

// DecodeOptions tells Decode how to read a text.
type DecodeOptions struct {
	Format    Format
	Charset   string // N×N form: blank symbol, then the symbols of 1..N
	RegionMap string // N×N form: one symbol per cell naming its region
	// Tolerant accepts strings with known defects where strict decoding
	// fails or misreads them: Str8ts strings with str8ts.com's live
	// off-by-one in the candidates, K and D strings with the withdrawn
	// version letter B (read as version C), and interim base-32 2.0
	// strings whose base-36 reading is valid but contradictory (see
	// DecodeV2).
	Tolerant bool
}

// Decode reads a puzzle in the format asked for, or detects it (see
// Detect), and returns the puzzle with the format it was read as.
func Decode(text string, o DecodeOptions) (*Puzzle, Format, error) {
	trimmed := strings.TrimSpace(text)
	f := o.Format
	if f == FormatAuto && strings.HasPrefix(trimmed, "{") {
		// No text format starts with a brace; without this, the commas
		// of JSON make it a killer v1 string with a misleading error.
		return nil, f, grid.FieldErrorf("format", "the text is JSON, not a puzzle text format: a structured board goes in Puzzle.board (solverctl reads it with --format json)")
	}
	if f == FormatAuto {
		f = Detect(trimmed, o)
	} else if why := notShaped(f, trimmed); why != "" {
		return nil, f, grid.FieldErrorf("format", "the text cannot be decoded as %s: %s", f, why)
	}
	var (
		p   *Puzzle
		err error
	)
	switch f {
	case FormatPlain, FormatGrid:
		p, err = ParseText(text, "", o.RegionMap)
		if err != nil && o.Format == FormatAuto {
			err = betterError(trimmed, err, o.Tolerant)
		}
	case FormatNxN:
		p, err = ParseText(text, o.Charset, o.RegionMap)
	case FormatV1:
		p, err = DecodeV1(trimmed)
	case FormatKillerV1:
		p, err = DecodeKillerV1(trimmed)
	case FormatJigsawV1:
		p, err = decodeJigsawV1(trimmed, o.Tolerant)
	case FormatV2:
		p, err = decodeV2(trimmed, o.Tolerant)
	case FormatURL:
		p, err = decodeURL(trimmed, o.Tolerant)
	default:
		return nil, f, grid.FieldErrorf("format", "unknown format %d", f)
	}
	if err != nil {
		return nil, f, err
	}
	return p, f, nil
}

// notShaped tells why a text does not have the shape of format f, or
// returns "" when it does (its contents may still be wrong).
func notShaped(f Format, s string) string {
	switch f {
	case FormatV1:
		if len(s) != v1Len {
			return fmt.Sprintf("a v1 string has %d characters, the text has %d", v1Len, len(s))
		}
	case FormatKillerV1:
		if !strings.Contains(s, ",") && !strings.Contains(strings.ToLower(s), "%2c") {
			return "a killer v1 string has two parts separated by a comma"
		}
	case FormatJigsawV1, FormatURL:
		if !strings.Contains(strings.ToLower(s), "bd=") {
			return "the text has no bd= parameter"
		}
	case FormatV2:
		if !looksV2Header(s) {
			return "a 2.0 string starts with a header such as S9B"
		}
	}
	return ""
}

// betterError returns the error of the format a text that failed as plain
// text was probably meant to be in: a 2.0 string, or a v1 string of the
// wrong length or with a character outside base 32. Otherwise it returns
// err.
func betterError(s string, err error, tolerant bool) error {
	switch {
	case looksV2Header(s) && !strings.ContainsAny(s, " \t\n"):
		if _, v2err := decodeV2(s, tolerant); v2err != nil {
			return v2err
		}
	case len(s) > 120 && len(s) < 200 && isDigits(s, 32),
		// 162 characters are no square number of cells: a v1 string
		// with a bad character, whose error says which and where.
		len(s) == v1Len && isDigits(s, 36):
		if _, v1err := DecodeV1(s); v1err != nil {
			return v1err
		}
	}
	return err
}

// Detect guesses the format of a text, in the order of formats.md §7:
// a charset means the N×N form; then a URL (or the bare jigsaw v1 query);
// a 2.0 header with the length its type and size need; a comma (or %2C)
// for killer v1; 162 base-32 characters for v1; anything else is plain
// text, noisy grids and the N×N document included.
func Detect(text string, o DecodeOptions) Format {
	switch {
	case o.Charset != "":
		return FormatNxN
	case isJigsawQuery(text):
		return FormatJigsawV1
	case looksLikeURL(text):
		return FormatURL
	case IsV2(text):
		return FormatV2
	case strings.Contains(text, ",") || strings.Contains(strings.ToLower(text), "%2c"):
		return FormatKillerV1
	case isV1(text):
		return FormatV1
	}
	return FormatPlain
}

// Encode renders a puzzle in format f; FormatAuto means FormatV2, the 2.0
// string of the puzzle's variant. Formats that cannot carry part of the
// puzzle (cages, black cells, jigsaw regions) refuse it rather than drop
// it.
func Encode(p *Puzzle, f Format) (string, error) {
	switch f {
	case FormatAuto, FormatV2:
		return EncodeV2(p)
	case FormatPlain:
		return encodePlain(p)
	case FormatNxN:
		return EncodeNxN(p)
	case FormatGrid:
		return EncodeGrid(p)
	case FormatV1:
		return EncodeV1(p)
	case FormatKillerV1:
		return EncodeKillerV1(p)
	case FormatJigsawV1:
		return EncodeJigsawV1(p)
	case FormatURL:
		return EncodeURL(p)
	}
	return "", grid.FieldErrorf("format", "unknown format %d", f)
}

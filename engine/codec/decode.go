package codec

import (
	"strings"
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
	// fails.
	Tolerant bool
}

// Decode reads a puzzle in the format asked for, or detects it, and
// returns the puzzle with the format it was read as.
func Decode(text string, o DecodeOptions) (*Puzzle, Format, error) {
	trimmed := strings.TrimSpace(text)
	f := o.Format
	if f == FormatAuto {
		f = Detect(trimmed, o)
	}
	var (
		p   *Puzzle
		err error
	)
	switch f {
	case FormatPlain, FormatGrid:
		p, err = ParseText(text, "", o.RegionMap)
	case FormatNxN:
		p, err = ParseText(text, o.Charset, o.RegionMap)
	case FormatV2:
		p, err = DecodeV2(trimmed)
	default:
		return nil, f, errorf("format", "format %s cannot be decoded yet", f)
	}
	return p, f, err
}

// Detect guesses the format of a text (see Decode).
func Detect(text string, o DecodeOptions) Format {
	switch {
	case o.Charset != "":
		return FormatNxN
	case IsV2(text):
		return FormatV2
	}
	return FormatPlain
}

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
	// FormatKillerArrows is the forum's 81-character killer form of cage
	// sums and pointers to them (see DecodeKillerArrows).
	FormatKillerArrows
	// FormatSudoCue is SudoCue's killer form, "3x3::k:" and a number a
	// cell (see DecodeSudoCue).
	FormatSudoCue
)

var formatNames = [...]string{
	FormatAuto: "auto", FormatPlain: "plain", FormatNxN: "nxn", FormatV1: "v1",
	FormatKillerV1: "killer-v1", FormatJigsawV1: "jigsaw-v1", FormatV2: "v2",
	FormatGrid: "grid", FormatURL: "url", FormatKillerArrows: "killer-arrows", FormatSudoCue: "sudocue",
}

// formatNouns name each format as a message names a text written in it.
var formatNouns = [...]string{
	FormatAuto: "a text", FormatPlain: "a plain text", FormatNxN: "an N×N text", FormatV1: "a v1 string",
	FormatKillerV1: "a killer v1 string", FormatJigsawV1: "a jigsaw v1 string", FormatV2: "a 2.0 string",
	FormatGrid: "a grid", FormatURL: "a SudokuWiki URL", FormatKillerArrows: "a killer in the arrow form", FormatSudoCue: "a SudoCue text",
}

// Noun names a text written in the format, article first, as a message
// names it ("a SudokuWiki URL").
func (f Format) Noun() string {
	if int(f) < len(formatNouns) {
		return formatNouns[f]
	}
	return "a text"
}

// Formats returns every format, FormatAuto first, in the order of their
// values.
func Formats() []Format {
	out := make([]Format, len(formatNames))
	for i := range out {
		out[i] = Format(i)
	}
	return out
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
	text = StripInvisible(text)
	trimmed := strings.TrimSpace(text)
	f := o.Format
	if f == FormatAuto && strings.HasPrefix(trimmed, "{") && !strings.Contains(o.Charset, "{") {
		// No text format starts with a brace; without this, the commas
		// of JSON make it a killer v1 string with a misleading error.
		return nil, f, grid.FieldErrorf("format", "the text is JSON, not a puzzle text format: a structured board goes in Puzzle.board (solverctl reads it with --format json)")
	}
	// The simple Str8ts form splits at commas, which the killer arrow
	// form has as pointers. Its clues may be written with a charset (as
	// EncodePlain writes them), its colours never.
	if f == FormatAuto && !isKillerArrows(trimmed) || f == FormatPlain {
		if clues, colours, ok := str8tsPlainFields(trimmed, o.Charset); ok {
			if strings.TrimSpace(o.RegionMap) != "" {
				// The form reads no map: it was dropped without a word,
				// the board solved under other regions than asked.
				return nil, FormatPlain, grid.FieldErrorf("region_map", "cannot apply: the text is a Str8ts puzzle in the simple form (%d clues, then %d colours), whose boards have no regions to map (Str8ts B and BX their boxes); leave the region map empty", len(colours), len(colours))
			}
			p, err := decodeStr8tsPlain(clues, colours, o.Charset)
			return p, FormatPlain, err
		}
		if err := str8tsColourError(trimmed, o.Charset); err != nil {
			return nil, FormatPlain, err
		}
	}
	if f == FormatAuto && o.Charset != "" && IsV2(trimmed) {
		// Read as the N×N form, a 2.0 string would fail on a count of
		// cells that says nothing of what went wrong.
		return nil, f, grid.FieldErrorf("charset", "a charset is for the N×N form, but the text is a 2.0 string (%s…), whose header fixes its layout: drop the charset, or name the format v2 to read the string", strings.ToUpper(trimmed[:3]))
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
	if f == FormatPlain || f == FormatGrid || f == FormatNxN {
		if pg, ok, perr := decodePencilGrid(text, o.Charset); ok {
			if perr == nil {
				perr = pg.readMap(o.RegionMap, pg.Charset)
			}
			if perr != nil {
				return nil, f, perr
			}
			return pg, f, nil
		}
	}
	switch f {
	case FormatPlain, FormatGrid:
		charset := ""
		if f == FormatPlain {
			charset = o.Charset // its symbols, as EncodePlain writes them
		}
		p, err = ParseText(text, charset, o.RegionMap)
		if err != nil && o.Format == FormatAuto {
			err = betterError(trimmed, err, o.Tolerant)
		}
		if err == nil && f == FormatPlain && o.Format == FormatAuto && o.Charset == "" && nxnDocument(text, p) {
			// ParseText reads the N×N form's document too: a text that
			// gave its own charset line or "### Map" was read as that
			// form, which is what the caller is told (it was told plain,
			// and a client writing the puzzle back so lost its charset).
			f = FormatNxN
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
		if err == nil && o.Charset != "" {
			// Named with the format, a charset names the string's
			// digits in the answer, as an N×N text's own does.
			p.Charset, err = CheckCharset(o.Charset, p.Size)
		}
	case FormatURL:
		p, err = decodeURL(trimmed, o.Tolerant)
	case FormatKillerArrows:
		p, err = DecodeKillerArrows(trimmed)
	case FormatSudoCue:
		p, err = DecodeSudoCue(trimmed)
	default:
		return nil, f, grid.FieldErrorf("format", "unknown format %d", f)
	}
	if err != nil {
		if o.Format == FormatAuto {
			err = firstFieldError(trimmed, o, err)
		}
		return nil, f, err
	}
	return p, f, nil
}

// firstFieldError returns, for a text of one line whose first field (up
// to white space) reads as a puzzle in one of the packed forms (a 2.0,
// v1, killer v1 or jigsaw v1 string, a URL, killer arrows, SudoCue) with
// more after it, an error that says so: a line of a list with its rating
// or a note, which lists read as its first field. The error of reading
// the whole line (err) named a count of cells or a character of the
// string instead ("unexpected character '<'" of a killer arrow string).
// Plain first fields have their note from ParseText; otherwise it
// returns err.
func firstFieldError(s string, o DecodeOptions, err error) error {
	if strings.ContainsAny(s, "\r\n") {
		return err
	}
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return err
	}
	first, rest := s[:i], strings.TrimSpace(s[i:])
	_, f, ferr := Decode(first, o)
	if ferr != nil || f == FormatPlain || f == FormatGrid || f == FormatNxN {
		return err
	}
	what := f.Noun()
	if f == FormatV2 {
		what += " (" + strings.ToUpper(first[:3]) + ")"
	}
	if r := []rune(rest); len(r) > 40 {
		rest = string(r[:40]) + "…"
	}
	return grid.FieldErrorf("text", "the text is %s, and %q follows it: a line of a list with its rating or a note? give the puzzle alone; solverctl batch and rate read a line's first field", what, rest)
}

// StripInvisible returns text without its invisible format characters
// (Unicode's Cf: a zero-width space or a soft hyphen pasted from a web
// page, a byte order mark), which are part of no puzzle format.
func StripInvisible(text string) string {
	// None is ASCII, which most texts are throughout.
	if !strings.ContainsFunc(text, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return text
	}
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, text)
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
	case FormatKillerArrows:
		if len(s) != arrowsLen {
			return fmt.Sprintf("a killer arrow string has %d characters, the text has %d", arrowsLen, len(s))
		}
	case FormatSudoCue:
		if len(s) < len(sudoCuePrefix) || !strings.EqualFold(s[:len(sudoCuePrefix)], sudoCuePrefix) {
			return fmt.Sprintf("a SudoCue string starts with %q", sudoCuePrefix)
		}
	}
	return ""
}

// betterError returns the error of the format a text that failed as plain
// text was probably meant to be in: a 2.0 string, or a v1 string of the
// wrong length or with a character outside base 32. A 2.0 header whose
// length fits other headers of the size says so, since one mistyped
// letter turns an S9B string into an L9B one; when both a v1 and a 2.0
// reading are plausible (a v1 string may begin like a header), the error
// names both. Otherwise it returns err.
func betterError(s string, err error, tolerant bool) error {
	if parts := strings.Count(strings.ReplaceAll(strings.ToLower(s), "%2c", ","), ",") + 1; parts > 2 && parts < 8 {
		// A few commas read as plain text's separators: a killer v1
		// string with a comma too many is as likely.
		return grid.FieldErrorf("text", "the text is neither plain text (%s) nor a killer v1 string (two parts separated by one comma, got %d parts)", reason(err), parts)
	}
	if strings.ContainsAny(s, " \t\r\n") {
		if what := brokenString(s); what != "" {
			return grid.FieldErrorf("text", "the text is %s broken by white space (at position %d), as a mail program wraps a long line: remove the spaces and line breaks", what, strings.IndexFunc(s, unicode.IsSpace)+1)
		}
		return err
	}
	if len(s) >= len(sudoCuePrefix) && strings.EqualFold(s[:len(sudoCuePrefix)], sudoCuePrefix) {
		// No plain text starts so: a SudoCue string without its ":k:".
		if _, scErr := DecodeSudoCue(s); scErr != nil {
			return scErr
		}
	}
	if dims, ok := sudoCueLike(s); ok {
		return grid.FieldErrorf("text", "the text looks like a SudoCue killer string, but it starts %q: SudoCue strings are of 9×9 killers only and start %q", dims, sudoCuePrefix)
	}
	if dist(len(s), arrowsLen) <= 20 && looksKillerArrows(s) {
		return grid.FieldErrorf("text", "the text looks like a killer arrow string, which has %d characters, but has %d", arrowsLen, len(s))
	}
	var v1err, v2err error
	v2Len, hasHeader := v2WantLen(s)
	headerOK := false // a header of a known type, size and version
	if looksV2Header(s) {
		headerOK = hasHeader && v2VersionKnown(s)
		if _, v2err = decodeV2(s, tolerant); v2err != nil {
			if hint := v2LengthHint(s); hint != "" {
				v2err = grid.FieldErrorf("text", "%s; %s", reason(v2err), hint)
			}
		}
	} else if hint := unknownV2Letter(s); hint != "" {
		return grid.FieldErrorf("text", "%s; as plain text: %s", hint, reason(err))
	}
	v1Like := len(s) > 120 && len(s) < 200 && isDigits(s, 32) ||
		// 162 characters are no square number of cells: a v1 string
		// with a bad character, whose error says which and where.
		len(s) > v1Len-10 && len(s) < v1Len+10 && isDigits(s, 36)
	if v1Like && (!hasHeader || dist(len(s), v1Len) <= dist(len(s), v2Len)) {
		_, v1err = DecodeV1(s)
	}
	switch {
	case v1err != nil && v2err != nil:
		return grid.FieldErrorf("text", "the text is neither a v1 string (%s) nor a 2.0 string (%s)", reason(v1err), reason(v2err))
	case v2err != nil && !headerOK:
		// The text only starts like a header ("xyz", "SUDOKU"): plain
		// text is as likely, so both readings are named.
		return grid.FieldErrorf("text", "the text is neither plain text (%s) nor a 2.0 string (%s)", reason(err), reason(v2err))
	case v2err != nil:
		return v2err
	case v1err != nil && len(s) != v1Len:
		// Plain text was tried first: say so.
		return grid.FieldErrorf("text", "the text is neither plain text (%s) nor a v1 string (%s)", reason(err), reason(v1err))
	case v1err != nil:
		return v1err
	}
	if cells, perr := scanPlain(s); perr == nil && len(cells) < 2*2 && !hasHeader {
		// Too few cells for any board: name what each format needs
		// rather than the arithmetic of plain text alone.
		return grid.FieldErrorf("text", "the text (%q) is no puzzle: plain text needs a square number of cells, 4 (2×2) to 1024 (32×32), 81 for 9×9; a 2.0 string starts with a header such as S9B; a v1 string has %d characters", s, v1Len)
	}
	return err
}

// brokenString names the packed string that s, a text with white space
// in it, is once the white space is removed ("an S9B string", "a v1
// string"), or returns "". Neither alphabet has white space, and a text
// of such a length and alphabet is no plain puzzle, so the string was
// split, as mail programs wrap SudokuWiki's "Email this Board" links.
func brokenString(s string) string {
	compact := strings.Join(strings.Fields(s), "")
	switch {
	case IsV2(compact):
		return "a 2.0 string (" + strings.ToUpper(compact[:3]) + ")"
	case isV1(compact):
		return "a v1 string"
	}
	return ""
}

// sudoCueLike returns the dimensions field of a text shaped like a
// SudoCue killer string with other dimensions than 3x3 ("2x2:" of
// "2x2::k:…"), and whether it is one.
func sudoCueLike(s string) (string, bool) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) < 4 || !strings.EqualFold(parts[2], "k") || strings.EqualFold(parts[0], "3x3") {
		return "", false
	}
	rows, cols, ok := strings.Cut(strings.ToLower(parts[0]), "x")
	if !ok || !isDigits(rows, 10) || !isDigits(cols, 10) || rows == "" || cols == "" {
		return "", false
	}
	return parts[0] + ":", true
}

// v2VersionKnown reports whether the version letter of s, which starts
// like a 2.0 header, is its type's, or the withdrawn B of K and D strings
// (whose error explains it).
func v2VersionKnown(s string) bool {
	t, ok := v2TypeByLetter(upper(s[0]))
	if !ok {
		return false
	}
	v := upper(s[2])
	return v == t.version || t.variant.Arithmetic() && v == 'B'
}

// v2WantLen returns the length of the 2.0 strings whose header s starts
// with, whatever its version letter, and whether it starts with one.
func v2WantLen(s string) (int, bool) {
	if !looksV2Header(s) {
		return 0, false
	}
	t, _ := v2TypeByLetter(upper(s[0]))
	n, err := strconv.ParseInt(s[1:2], 36, 64)
	if err != nil || n < 2 || v2SizeOK(t.variant, int(n)) != nil {
		return 0, false
	}
	return 3 + int(n*n)*fieldWidth(v2Components(t.variant, int(n))), true
}

// dist returns the distance between a and b.
func dist(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// reason returns the reason of a decoding error, without its field.
func reason(err error) string {
	var fe *grid.FieldError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	return err.Error()
}

// v2LengthHint names the 2.0 headers of the size of s's header whose
// strings have the length of s, when its own does not: "165 characters
// is the length of S9B, X9B, … strings: is the header mistyped?". It
// returns "" when there are none.
//
// A header whose type fits but not its size (S8B on a 9×9 body) names the
// sizes of its type whose strings have that length: "165 characters is
// the length of S9B strings: is the size code mistyped?".
func v2LengthHint(s string) string {
	var fits []string
	for _, t := range v2Types {
		if upper(s[0]) != t.letter && IsV2(string(t.letter)+s[1:]) {
			fits = append(fits, v2HeaderString(t.letter, 0, t.version)[:1]+strings.ToUpper(s[1:2])+string(t.version))
		}
	}
	if len(fits) > 0 {
		return fmt.Sprintf("%d characters is the length of %s strings: is the header mistyped?", len(s), strings.Join(fits, ", "))
	}
	if t, ok := v2TypeByLetter(upper(s[0])); ok {
		for n := 2; n <= grid.MaxSize; n++ {
			h := v2HeaderString(t.letter, n, t.version)
			if !strings.EqualFold(h[1:2], s[1:2]) && IsV2(h+s[3:]) {
				fits = append(fits, h)
			}
		}
	}
	if len(fits) == 0 {
		return ""
	}
	return fmt.Sprintf("%d characters is the length of %s strings: is the size code mistyped?", len(s), strings.Join(fits, ", "))
}

// unknownV2Letter tells, for a text shaped like a 2.0 string but for its
// type letter (a size code, a version letter, and the length of some
// type's strings), that the letter is none; else it returns "".
func unknownV2Letter(s string) string {
	if len(s) < 3 || !isDigits(s[:3], 36) {
		return ""
	}
	if _, ok := v2TypeByLetter(upper(s[0])); ok {
		return ""
	}
	letters := make([]byte, len(v2Types))
	for i, t := range v2Types {
		letters[i] = t.letter
	}
	for _, t := range v2Types {
		if IsV2(string(t.letter) + s[1:]) {
			return fmt.Sprintf("%q is not a 2.0 type letter (one of %s), though the text has the length of a %c%s string", s[0], letters, t.letter, strings.ToUpper(s[1:3]))
		}
	}
	return ""
}

// Detect guesses the format of a text, in the order of formats.md §7:
// a charset means the N×N form; then a URL (or the bare jigsaw v1 query);
// a 2.0 header with the length its type and size need; a comma (or %2C)
// for killer v1; 162 base-32 characters for v1; anything else is plain
// text, noisy grids and the N×N document included. Before the comma of
// killer v1 come the two killer forms formats.md does not cover, on
// shapes no other format has: 81 characters of killer arrows with a
// pointer other than '.' (plain text's blank), and SudoCue's "3x3:…:k:".
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
	case isKillerArrows(text):
		return FormatKillerArrows
	case isSudoCue(text):
		return FormatSudoCue
	case isKillerV1Shape(text):
		return FormatKillerV1
	case isV1(text):
		return FormatV1
	}
	return FormatPlain
}

// nxnDocument reports whether text, which ParseText read as p without a
// charset or region map given, is the N×N form's document: one whose own
// charset line named p's symbols, or with a "### Map" section.
func nxnDocument(text string, p *Puzzle) bool {
	if p.Charset != "" {
		return true
	}
	_, _, regionMap := splitDocument(text)
	return regionMap != ""
}

// isKillerV1Shape reports whether text is two parts separated by one
// comma (or its URL escape %2C), as killer v1 strings are; a text of more
// commas is plain text with commas between its cells or rows.
func isKillerV1Shape(text string) bool {
	return strings.Count(strings.ReplaceAll(strings.ToLower(text), "%2c", ","), ",") == 1
}

// Encode renders a puzzle in format f; FormatAuto means FormatV2, the 2.0
// string of the puzzle's variant, but for a killer X, which no 2.0 header
// names: SudoCue's form, and for a killer with a cage drawn without its
// total, or with a cage whose cells touch at corners only, which 2.0
// strings cannot draw: the killer arrow form. Formats that cannot carry
// part of the puzzle (cages, black cells, jigsaw regions) refuse it rather
// than drop it.
func Encode(p *Puzzle, f Format) (string, error) {
	switch f {
	case FormatAuto:
		switch {
		case slices.ContainsFunc(p.Cages, func(cg grid.Cage) bool { return cg.Op == grid.OpDistinct }):
			return EncodeKillerArrows(p)
		case killerVariant(p) == grid.KillerX:
			return EncodeSudoCue(p)
		}
		s, err := EncodeV2(p)
		if err != nil && killerVariant(p) == grid.Killer {
			// The arrow form draws a cage whose cells touch at corners
			// (the forum's killers have them), when it has no clue.
			if a, aerr := EncodeKillerArrows(p); aerr == nil {
				return a, nil
			}
		}
		return s, err
	case FormatV2:
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
	case FormatKillerArrows:
		return EncodeKillerArrows(p)
	case FormatSudoCue:
		return EncodeSudoCue(p)
	}
	return "", grid.FieldErrorf("format", "unknown format %d", f)
}

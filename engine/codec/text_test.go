package codec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

const seedFirst = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func values(p *Puzzle) string {
	var b strings.Builder
	for _, c := range p.Cells {
		b.WriteByte(DefaultCharset[c.Value])
	}
	return b.String()
}

func TestParseText(t *testing.T) {
	tests := []struct {
		name, text, charset, regionMap string
		wantSize                       int
		wantValues                     string // default charset, '0' blank
		wantRegular                    bool   // regions nil or regular
		wantVariant                    grid.Variant
	}{
		{name: "plain zeros", text: seedFirst, wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "plain dots", text: strings.ReplaceAll(seedFirst, "0", "."), wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "underscores and stars", text: strings.NewReplacer("0", "_", "7", "7").Replace(seedFirst[:40]) + strings.ReplaceAll(seedFirst[40:], "0", "*"), wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "one line, dashes", text: strings.ReplaceAll(seedFirst, "0", "-"), wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "one line, x and X", text: " " + strings.NewReplacer("0", "x").Replace(seedFirst[:40]) + strings.ReplaceAll(seedFirst[40:], "0", "X") + "\n", wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "one line, dashes and dots", text: strings.ReplaceAll(seedFirst[:40], "0", "-") + strings.ReplaceAll(seedFirst[40:], "0", "."), wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "noisy grid", text: readTestdata(t, "noisy-grid.txt"), wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "ellipsis", text: "…" + seedFirst[3:], wantSize: 9, wantValues: seedFirst, wantRegular: true},
		{name: "4x4 digits", text: "1000\n0200\n0030\n0004", wantSize: 4, wantValues: "1000020000300004", wantRegular: true},
		{name: "16x16 letters", text: strings.Repeat("0", 255) + "g", wantSize: 16, wantValues: strings.Repeat("0", 255) + "G", wantRegular: true},
		{name: "charset", text: "#a#b ####\nc#d# ####", charset: "#ABCD", regionMap: "##AA ##AA BBCC BBCC", wantSize: 4, wantValues: "0102000030400000", wantRegular: true},
		{name: "charset ignores others", text: "#A#B.####.C#D#.####", charset: "#abcd", wantSize: 4, wantValues: "0102000030400000", wantRegular: true},
		{name: "seed document 4x4", text: readTestdata(t, "seed-4x4.txt"), wantSize: 4, wantValues: "0102000030400000", wantRegular: true},
		{name: "seed document jigsaw", text: readTestdata(t, "seed-jigsaw.txt"), wantSize: 9, wantValues: "300000004002060100010908020005000600020000010009000800080304060004010900500000007", wantVariant: grid.Jigsaw},
		{name: "seed document disconnected", text: readTestdata(t, "seed-disconnected.txt"), wantSize: 9, wantValues: "000000000706000190035070000200400000309000040050001420004035000080090000000302700", wantVariant: grid.Jigsaw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseText(tt.text, tt.charset, tt.regionMap)
			if err != nil {
				t.Fatalf("ParseText: %v", err)
			}
			if p.Size != tt.wantSize {
				t.Errorf("size = %d, want %d", p.Size, tt.wantSize)
			}
			if got := values(p); got != tt.wantValues {
				t.Errorf("values = %s, want %s", got, tt.wantValues)
			}
			if got := p.Regions == nil || grid.IsRegular(p.Size, p.Regions); got != tt.wantRegular {
				t.Errorf("regular regions = %v, want %v", got, tt.wantRegular)
			}
			b, err := p.Board(grid.Classic)
			if err != nil {
				t.Fatalf("Board: %v", err)
			}
			if !tt.wantRegular && b.Layout().Variant != tt.wantVariant {
				t.Errorf("variant = %v, want %v", b.Layout().Variant, tt.wantVariant)
			}
		})
	}
}

func TestParseTextErrors(t *testing.T) {
	tests := []struct {
		name, text, charset, regionMap string
		wantInput                      string
		wantReason                     string
	}{
		{name: "80 cells", text: seedFirst[:80], wantInput: "text", wantReason: "found 80 cells"},
		{name: "82 cells", text: seedFirst + "1", wantInput: "text", wantReason: "found 82 cells"},
		// A list of puzzles where one is read.
		// A line of a rated list, its first field a puzzle.
		{name: "a rated line", text: seedFirst + " 9.0 1.2 1.2", wantInput: "text", wantReason: `found 90 cells; a puzzle needs a square number of cells (81 for 9×9 or 100 for 10×10) (its first field is a 9×9 puzzle, and "9.0 1.2 1.2" follows it: a line of a list with its rating or a note? give the puzzle alone; solverctl batch and rate read a line's first field)`},
		{name: "a rated line, tab", text: seedFirst + "\t 11.9 11.9 09.9\r\n", wantInput: "text", wantReason: `(its first field is a 9×9 puzzle, and "11.9 11.9 09.9" follows it`},
		// A Str8ts in the simple form, its colours a character short: not
		// a rating to drop, which would leave a classic puzzle.
		{name: "Str8ts colours short", text: seedFirst + " " + strings.Repeat("01", 40), wantInput: "text", wantReason: "(its first field is a 9×9 puzzle, and the 80 characters after it are colours, 0 or . white and 1 or # black: a Str8ts puzzle in the simple form needs 81, one a cell)"},
		{name: "Str8ts colours long, # and .", text: seedFirst + " " + strings.Repeat("#.", 41), wantInput: "text", wantReason: "the 82 characters after it are colours"},
		{name: "a rated line of 1.0", text: seedFirst + " 1.0", wantInput: "text", wantReason: `(its first field is a 9×9 puzzle, and "1.0" follows it: a line of a list with its rating`},
		{name: "two puzzles", text: seedFirst + "\n" + seedFirst + "\n", wantInput: "text", wantReason: "found 162 cells; a puzzle needs a square number of cells (144 for 12×12 or 169 for 13×13; 81 for 9×9) (the text is 2 lines of 81 cells, a puzzle each: a call reads one puzzle, and a list goes to SolveBatch, solverctl batch)"},
		// A line meant to be read as Sudoku Explainer's, a character off.
		{name: "82 characters, dash blanks", text: strings.ReplaceAll(seedFirst, "0", "-") + "-", wantInput: "text", wantReason: "one line of 82 characters with a '-' or 'x': those are blanks only in a line of exactly 81"},
		{name: "80 characters, x blanks", text: strings.ReplaceAll(seedFirst[1:], "0", "x"), wantInput: "text", wantReason: "one line of 80 characters"},
		// A line of 81 with '-' or 'x' blanks and a character that is
		// neither a digit nor a blank names that character.
		{name: "81 characters, x blanks, a letter", text: strings.ReplaceAll(seedFirst[:40]+"o"+seedFirst[41:], "0", "x"), wantInput: "text", wantReason: `column 41 holds 'o'`},
		{name: "81 characters, dash blanks, a letter", text: strings.ReplaceAll(seedFirst[:40]+"o"+seedFirst[41:], "0", "-"), wantInput: "text", wantReason: `column 41 holds 'o'`},
		{name: "81 characters, dash blanks, a middle dot", text: strings.ReplaceAll(seedFirst[:2]+"·"+seedFirst[3:], "0", "-"), wantInput: "text", wantReason: `column 3 holds '·'`},
		{name: "bad character", text: seedFirst[:10] + "#" + seedFirst[10:], wantInput: "text", wantReason: `unexpected character '#' at line 1, column 11`},
		{name: "bad character after LF", text: seedFirst[:9] + "\n" + seedFirst[9:13] + "#" + seedFirst[14:], wantInput: "text", wantReason: `unexpected character '#' at line 2, column 5`},
		{name: "bad character after CRLF", text: seedFirst[:9] + "\r\n" + seedFirst[9:13] + "#" + seedFirst[14:], wantInput: "text", wantReason: `unexpected character '#' at line 2, column 5`},
		{name: "bad character after CR", text: seedFirst[:9] + "\r" + seedFirst[9:13] + "#" + seedFirst[14:], wantInput: "text", wantReason: `unexpected character '#' at line 2, column 5`},
		{name: "bad character after blank CR lines", text: seedFirst[:9] + "\r\r" + seedFirst[9:13] + "#" + seedFirst[14:], wantInput: "text", wantReason: `unexpected character '#' at line 3, column 5`},
		{name: "letter above size", text: "A" + seedFirst[1:], wantInput: "text", wantReason: "stands for 10, more than the size 9"},
		{name: "empty", text: "", wantInput: "text", wantReason: "found 0 cells"},
		{name: "digits beside a charset", text: seedFirst, charset: "#ABCD", wantInput: "text", wantReason: `found 0 cells; a puzzle needs a square number of cells (81 for 9×9); 81 characters of the text are not in the charset "#ABCD" and were skipped as separators`},
		{name: "charset too short", text: "#A#B####C#A#####", charset: "#ABC", wantInput: "charset", wantReason: "needs 1..4"},
		{name: "charset repeats", text: "#A#B####C#D#####", charset: "#ABCA", wantInput: "charset", wantReason: "repeats 'A'"},
		{name: "charset non-ASCII first", text: "#A#B####C#D#####", charset: "·ABCD", wantInput: "charset", wantReason: `charset symbol '·' at position 1 is not a printable ASCII character`},
		{name: "charset non-ASCII", text: "#A#B####C#D#####", charset: "#αBCD", wantInput: "charset", wantReason: `charset symbol 'α' at position 2 is not`},
		{name: "charset non-ASCII after another", text: "#A#B####C#D#####", charset: "#ABCDé", wantInput: "charset", wantReason: `charset symbol 'é' at position 6 is not`},
		{name: "charset space", text: "#A#B####C#D#####", charset: "#A BC", wantInput: "charset", wantReason: `charset symbol ' ' at position 3 is not`},
		{name: "charset repeats after case", text: "#A#B####C#D#####", charset: "#ABCa", wantInput: "charset", wantReason: "repeats 'A' (positions 2 and 5)"},
		{name: "map short", text: seedFirst, regionMap: strings.Repeat("0", 80), wantInput: "region_map", wantReason: "region map has 80 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseText(tt.text, tt.charset, tt.regionMap)
			var e *grid.FieldError
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *grid.FieldError", err)
			}
			if e.Field != tt.wantInput || !strings.Contains(e.Reason, tt.wantReason) {
				t.Errorf("err = %v, want input %q and reason containing %q", err, tt.wantInput, tt.wantReason)
			}
		})
	}
}

// TestRegionMapErrors: a region map that does not tile the board is
// refused naming its regions by their symbols in the map.
func TestRegionMapErrors(t *testing.T) {
	var boxes25 strings.Builder // the 25×25 boxes, labelled A to Y
	for cell := range 625 {
		boxes25.WriteByte(byte('A' + cell/125*5 + cell%25/5))
	}
	empty25 := strings.Repeat(".", 625)
	tests := []struct {
		name, text, regionMap, wantReason string
	}{
		{"nine cells of region 0 short", seedFirst, "0" + strings.Repeat("1", 8) + strings.Repeat("2", 72), `region "0" covers 1 cells, want 9`},
		{"ten regions", seedFirst, "9" + strings.Repeat("0", 8) + strings.Repeat("1", 9) + strings.Repeat("2", 9) + strings.Repeat("3", 9) + strings.Repeat("4", 9) + strings.Repeat("5", 9) + strings.Repeat("6", 9) + strings.Repeat("7", 9) + strings.Repeat("8", 9), `more than 9 regions ("8" at r9c1 is the 10th)`},
		{"nine regions, one too large", seedFirst, strings.Repeat("0", 10) + strings.Repeat("1", 8) + strings.Repeat("2", 9) + strings.Repeat("3", 9) + strings.Repeat("4", 9) + strings.Repeat("5", 9) + strings.Repeat("6", 9) + strings.Repeat("7", 9) + strings.Repeat("8", 9), `region "0" covers 10 cells, want 9`},
		{"a letter's region too large", empty25, "B" + boxes25.String()[1:], `region "B" covers 26 cells, want 25`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseText(tt.text, "", tt.regionMap)
			var fe *grid.FieldError
			if !errors.As(err, &fe) || fe.Field != "region_map" || !strings.Contains(fe.Reason, tt.wantReason) {
				t.Fatalf("err = %v, want a region_map error containing %q", err, tt.wantReason)
			}
		})
	}
}

func FuzzParseText(f *testing.F) {
	f.Add(seedFirst, "", "")
	f.Add("#A#B####C#D#####", "#ABCD", "##AA##AABBCCBBCC")
	f.Add(readTestdataF(f, "seed-jigsaw.txt"), "", "")
	f.Add(readTestdataF(f, "noisy-grid.txt"), "", "")
	f.Fuzz(func(t *testing.T, text, charset, regionMap string) {
		p, err := ParseText(text, charset, regionMap)
		if err != nil {
			return
		}
		if len(p.Cells) != p.Size*p.Size {
			t.Fatalf("%d cells for size %d", len(p.Cells), p.Size)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			return
		}
		if got := EncodePlain(b, Symbols("", b.Layout().N)); len(got) != b.Layout().Cells {
			t.Fatalf("EncodePlain gave %d symbols", len(got))
		}
	})
}

func readTestdataF(f *testing.F, name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	return string(b)
}

// TestMapRowNotHeader: a puzzle's row that spells "#MAP" in its charset
// is a row, not the document's "### Map" line, which has a space after
// its '#'s; the N×N form written of such a puzzle reads back the same.
func TestMapRowNotHeader(t *testing.T) {
	const text = "#MAP\n####\n####\n####\n"
	p, _, err := Decode(text, DecodeOptions{Charset: "#MAPX"})
	if err != nil {
		t.Fatalf("decoding %q with the charset #MAPX: %v", text, err)
	}
	if got := values(p); got != "0123000000000000" {
		t.Fatalf("decoded %s, want 0123000000000000", got)
	}
	s, err := Encode(p, FormatNxN)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := Decode(s, DecodeOptions{})
	if err != nil || values(back) != values(p) {
		t.Errorf("the N×N form\n%s\nreads back %v, %v; want the puzzle", s, back, err)
	}
	for _, line := range []string{"### Map", "#map", "  ##  MAP  ", "#\tMap"} {
		if want := line != "#map"; isMapHeader(line) != want {
			t.Errorf("isMapHeader(%q) = %v, want %v", line, !want, want)
		}
	}
}

// TestEncodeNxNCharset checks that EncodeNxN refuses a charset that cannot
// name the digits, rather than write a text that reads back as another
// puzzle or none, and that the charsets it takes round-trip.
func TestEncodeNxNCharset(t *testing.T) {
	tests := []struct {
		charset string
		ok      bool
	}{
		{"", true},
		{"0123456789", true},
		{".ABCDEFGHI", true},
		{"abcdefghij", true},
		{"01", true}, // too short to name the digits: the default's are written
		{"0123456781", false},
		{"0é23456789", false},
		{"0\t23456789", false},
	}
	for _, tt := range tests {
		p, err := ParseText(seedFirst, "", "")
		if err != nil {
			t.Fatal(err)
		}
		p.Charset = tt.charset
		s, err := EncodeNxN(p)
		if !tt.ok {
			var fe *grid.FieldError
			if !errors.As(err, &fe) || fe.Field != "charset" {
				t.Errorf("EncodeNxN with charset %q = %q, %v; want a charset error", tt.charset, s, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("EncodeNxN with charset %q: %v", tt.charset, err)
			continue
		}
		q, _, err := Decode(s, DecodeOptions{})
		if err != nil {
			t.Errorf("EncodeNxN with charset %q wrote %q, which does not decode: %v", tt.charset, s, err)
			continue
		}
		for cell := range p.Cells {
			if q.Cells[cell].Value != p.Cells[cell].Value {
				t.Errorf("EncodeNxN with charset %q wrote %q, read back with %s = %d, want %d",
					tt.charset, s, cellName(9, cell), q.Cells[cell].Value, p.Cells[cell].Value)
				break
			}
		}
	}
}

// TestEncodePlainFewSymbols checks that EncodePlain, given symbols too
// few for the board's digits, writes the default ones rather than
// panicking, and that DrawGrid draws a board of no box shape unboxed.
func TestEncodePlainFewSymbols(t *testing.T) {
	p, err := ParseText(seedFirst, "", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(seedFirst, "0", ".")
	for _, symbols := range []string{"", ".", "0123"} {
		if got := EncodePlain(b, symbols); got != want {
			t.Errorf("EncodePlain(%q) = %q, want %q", symbols, got, want)
		}
	}
	for _, box := range [][2]int{{0, 0}, {0, 3}, {3, 0}} {
		got := DrawGrid(4, box[0], box[1], true, func(int) byte { return '.' })
		if want := strings.Repeat(". . . .\n", 4); got != want {
			t.Errorf("DrawGrid with boxes of %d×%d = %q, want %q", box[0], box[1], got, want)
		}
	}
}

// TestPuzzleLines: a text of lines that are each a puzzle of N² cells is
// a list (the hint of ParseText's error), not the rows of a grid, whose
// lines are as many as their cells.
func TestPuzzleLines(t *testing.T) {
	line81 := strings.Repeat(".", 80) + "1"
	for _, tt := range []struct {
		name, text string
		n, cells   int // 0, 0: not a list
	}{
		{"two 9×9 lines", line81 + "\n" + line81, 2, 81},
		{"four, blank lines and CRLF", line81 + "\r\n\n" + line81 + "\n" + line81 + "\n" + line81 + "\n", 4, 81},
		{"one line", line81, 0, 0},
		{"a 16×16 grid's rows", strings.Repeat(strings.Repeat(".", 16)+"\n", 16), 0, 0},
		{"lines of other lengths", line81 + "\n" + line81[1:], 0, 0},
		{"lines of 27", strings.Repeat(line81[:27]+"\n", 3), 0, 0},
		{"spaced cells", "1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7\n1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7", 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, cells, ok := puzzleLines(tt.text)
			if ok != (tt.n > 0) || ok && (n != tt.n || cells != tt.cells) {
				t.Errorf("puzzleLines = %d, %d, %v; want %d, %d", n, cells, ok, tt.n, tt.cells)
			}
		})
	}
}

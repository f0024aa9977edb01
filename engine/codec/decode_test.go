package codec

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestDecodeNoFormatMatches checks the errors of texts that no format
// reads: each names the formats it could have been and why it is none, or
// the one it most likely is, never the internal error of a guessed format.
func TestDecodeNoFormatMatches(t *testing.T) {
	const (
		k6cVector        = "K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n"
		v1TestStrings    = "41051g02g1211g9009io22gq05c011mic0iij881ha08400hn205j29850dcg0cmc0he21h603g021110409810g41980hdci0e6c0he18h63g095g8130027kg13krg32pi4130053o183g0570500h09g0700381"
		killerV1Unpacked = "212112111212112223213331443231221241134412231124133132322122212344411312111411312,171510200026110000000000000000000011000011000017160000001101060000090016110017000900000900001800160800040010160000001100002100001800001800140000080000000000000000"
	)
	s9b := "S9B" + strings.Repeat("0a", 81)
	str8ts := strings.Repeat("1", 81) + "%s" + strings.Repeat("0", 80) + "2"
	tests := []struct {
		name  string
		in    string
		o     DecodeOptions
		field string
		want  string
	}{
		{
			name:  "three letters like a header",
			in:    "xyz",
			field: "text",
			want:  "the text is neither plain text (found 3 cells; a puzzle needs a square number of cells (81 for 9×9)) nor a 2.0 string (xyz: size 34 is out of range 2..32)",
		},
		{
			name:  "a word like a header",
			in:    "SUDOKU",
			field: "text",
			want:  "the text is neither plain text (found 6 cells; a puzzle needs a square number of cells (4 for 2×2 or 9 for 3×3; 81 for 9×9)) nor a 2.0 string (version 'D' of S strings is not supported (want B))",
		},
		{
			name:  "one digit",
			in:    "1",
			field: "text",
			want:  `the text ("1") is no puzzle: plain text needs a square number of cells, 4 (2×2) to 1024 (32×32), 81 for 9×9; a 2.0 string starts with a header such as S9B; a v1 string has 162 characters`,
		},
		{
			name:  "2.0 string with a charset",
			in:    s9b,
			o:     DecodeOptions{Charset: ".123456789"},
			field: "charset",
			want:  "a charset is for the N×N form, but the text is a 2.0 string (S9B…), whose header fixes its layout: drop the charset, or name the format v2 to read the string",
		},
		{
			name:  "Str8ts colour, space",
			in:    strings.Replace(str8ts, "%s", " ", 1),
			field: "text",
			want:  "the text is a Str8ts puzzle in the simple form (81 clues, then 81 colours), but colour '2' of cell r9c9 is not 0 or . (white) nor 1 or # (black)",
		},
		{
			name:  "Str8ts colour, comma",
			in:    strings.Replace(str8ts, "%s", ",", 1),
			field: "text",
			want:  "colour '2' of cell r9c9 is not 0 or . (white) nor 1 or # (black)",
		},
		{
			// The form reads no region map, which was dropped.
			name:  "Str8ts with a region map",
			in:    strings.Replace(str8ts, "%s", " ", 1)[:162] + "0",
			o:     DecodeOptions{RegionMap: "000122222000111222033331112003444411333345555664444577866655557888666777888886777"},
			field: "region_map",
			want:  "cannot apply: the text is a Str8ts puzzle in the simple form (81 clues, then 81 colours), whose boards have no regions to map",
		},
		{
			// Two classic puzzles, one a line: not a Str8ts with a
			// mistyped colour, though the second has many blanks.
			name:  "two puzzles",
			in:    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
			field: "text",
			want:  "(the text is 2 lines of 81 cells, a puzzle each: a call reads one puzzle, and a list goes to SolveBatch, solverctl batch)",
		},
		{
			name:  "4×4 SudoCue-like",
			in:    "2x2::k:1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16",
			field: "text",
			want:  `the text looks like a SudoCue killer string, but it starts "2x2:": SudoCue strings are of 9×9 killers only and start "3x3:"`,
		},
		{
			name:  "huge region map",
			in:    strings.Repeat("0", 81),
			o:     DecodeOptions{RegionMap: strings.Repeat("1", 60000)},
			field: "region_map",
			want:  "region map has more than 1024 cells (the most, of a 32×32 board), the 9×9 puzzle has 81",
		},
		{
			name:  "2.0 string wrapped",
			in:    s9b[:76] + "\n" + s9b[76:],
			field: "text",
			want:  "the text is a 2.0 string (S9B) broken by white space (at position 77), as a mail program wraps a long line: remove the spaces and line breaks",
		},
		{
			name:  "v1 string with a space",
			in:    strings.Repeat("vu", 40) + " " + strings.Repeat("vu", 41),
			field: "text",
			want:  "the text is a v1 string broken by white space (at position 81)",
		},
		// A line of a list, a packed string then its rating or a note:
		// reading the whole line named a count of cells or a character
		// of the string (killer arrows: "unexpected character '<'").
		{
			name:  "2.0 string and a rating",
			in:    k6cVector + " 9.0 1.2 1.2",
			field: "text",
			want:  `the text is a 2.0 string (K6C), and "9.0 1.2 1.2" follows it: a line of a list with its rating or a note? give the puzzle alone; solverctl batch and rate read a line's first field`,
		},
		{
			name:  "killer arrows and a note",
			in:    arrowsTarek + "\ttarek #1",
			field: "text",
			want:  `the text is a killer in the arrow form, and "tarek #1" follows it`,
		},
		{
			name:  "SudoCue and a rating",
			in:    sudoCueExample + " 6.6",
			field: "text",
			want:  `the text is a SudoCue text, and "6.6" follows it`,
		},
		{
			name:  "v1 string and a rating",
			in:    v1TestStrings + " # 7.1",
			field: "text",
			want:  `the text is a v1 string, and "# 7.1" follows it`,
		},
		{
			name:  "URL and a note",
			in:    "https://www.sudokuwiki.org/sudoku.htm?bd=" + strings.Repeat(".", 80) + "1 from the forum",
			field: "text",
			want:  `the text is a SudokuWiki URL, and "from the forum" follows it`,
		},
		{
			name:  "killer v1 and a long note",
			in:    killerV1Unpacked + " " + strings.Repeat("note ", 20),
			field: "text",
			want:  `the text is a killer v1 string, and "note note note note note note note note …" follows it`,
		},
		{
			name:  "K6B names the flag",
			in:    "K6B" + strings.Repeat("0", 72),
			field: "text",
			want:  "decode tolerantly (DecodeOptions.Tolerant; the API's Puzzle.tolerant; solverctl --tolerant)",
		},
		{
			name:  "live Str8ts names the flag",
			in:    "T9B" + strings.Repeat("f0", 81),
			field: "text",
			want:  "decode tolerantly to read them: DecodeOptions.Tolerant, the API's Puzzle.tolerant, solverctl --tolerant",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(tt.in, tt.o)
			var fe *grid.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *grid.FieldError", err)
			}
			if fe.Field != tt.field || !strings.Contains(fe.Reason, tt.want) {
				t.Errorf("err = %s: %s\nwant  %s: …%s…", fe.Field, fe.Reason, tt.field, tt.want)
			}
		})
	}
}

// TestDecodeLikeButValid checks that the new error paths leave valid
// texts of the shapes they look at alone.
func TestDecodeLikeButValid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		o    DecodeOptions
		size int
	}{
		{"Str8ts simple form", strings.Repeat("0", 16) + " " + strings.Repeat("0", 15) + "1", DecodeOptions{}, 4},
		{"2.0 string named v2 with a charset", "S4B" + strings.Repeat("0", 16), DecodeOptions{Format: FormatV2, Charset: "#ABCD"}, 4},
		{"four cells", "1221", DecodeOptions{}, 2},
		// Plain text with a charset is written in its symbols (EncodePlain),
		// and read so when named plain.
		{"plain named with a charset", "#A#B####C#D#####", DecodeOptions{Format: FormatPlain, Charset: "#ABCD"}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := Decode(tt.in, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if p.Size != tt.size {
				t.Errorf("size %d, want %d", p.Size, tt.size)
			}
		})
	}
}

// TestDocumentCharsetLine checks the seed's whole document with and
// without a blank line after its charset line, and that a puzzle's first
// row of distinct symbols is not taken for a charset.
func TestDocumentCharsetLine(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []int // the values of the first row
	}{
		{"blank line", "#ABCD\n\n#A#B\n####\nC#D#\n####\n\n### Map\n##AA\n##AA\nBBCC\nBBCC\n", []int{0, 1, 0, 2}},
		{"no blank line", "#ABCD\n#A#B\n####\nC#D#\n####\n### Map\n##AA\n##AA\nBBCC\nBBCC\n", []int{0, 1, 0, 2}},
		{"distinct first row", "1234\n0000\n0000\n0000\n### Map\n0011\n0011\n2233\n2233\n", []int{1, 2, 3, 4}},
		// Without a map, boxes.
		{"no map", "#ABCD\n\n#A#B\n####\nC#D#\n####\n", []int{0, 1, 0, 2}},
		{"no map, no blank line", "#ABCD\n#A#B\n####\nC#D#\n####\n", []int{0, 1, 0, 2}},
		{"no map, digits", "01234\n\n0102\n0000\n3040\n0000\n", []int{0, 1, 0, 2}},
		{"plain, distinct first row", "1234\n0000\n0000\n0000\n", []int{1, 2, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseText(tt.in, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if p.Size != 4 {
				t.Fatalf("size %d, want 4", p.Size)
			}
			for i, want := range tt.want {
				if got := p.Cells[i].Value; got != want {
					t.Errorf("r1c%d = %d, want %d", i+1, got, want)
				}
			}
			if hasMap := strings.Contains(tt.in, "Map"); (p.Regions != nil) != hasMap {
				t.Errorf("regions %v, want them read from a map: %v", p.Regions, hasMap)
			}
		})
	}
}

// TestDecodeSeparatorsAndInvisible checks that plain text lists its cells
// with commas or semicolons as well as spaces, and that invisible format
// characters pasted into any text (a zero-width space, a soft hyphen, a
// byte order mark) are read as nothing: each text decodes as the clean
// one does.
func TestDecodeSeparatorsAndInvisible(t *testing.T) {
	const plain = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	var rows []string
	for r := 0; r < 9; r++ {
		rows = append(rows, strings.Join(strings.Split(plain[9*r:9*r+9], ""), ","))
	}
	insert := func(s, what string, at int) string { return s[:at] + what + s[at:] }
	tests := []struct {
		name, in, clean string
	}{
		{"commas", strings.Join(strings.Split(plain, ""), ","), plain},
		{"CSV rows", strings.Join(rows, "\n"), plain},
		{"semicolons", strings.Join(strings.Split(plain, ""), ";"), plain},
		{"zero-width space in S9B", insert(s9bTestStrings, "\u200b", 40), s9bTestStrings},
		{"soft hyphen in arrows", insert(arrowsTarek, "\u00ad", 40), arrowsTarek},
		{"byte order mark before v1", "\ufeff" + v1TestStrings, v1TestStrings},
		{"zero-width joiner in plain", insert(plain, "\u200d", 9), plain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, wf, err := Decode(tt.clean, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, f, err := Decode(tt.in, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if f != wf {
				t.Errorf("read as %v, want %v", f, wf)
			}
			got, err := Encode(p, FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			if w, _ := Encode(want, FormatAuto); got != w {
				t.Errorf("decoded as %s, want %s", got, w)
			}
		})
	}
}

// TestDecodeV2Charset: a charset given with the format v2 names the
// string's digits (Puzzle.Charset), so that the answer's explanations and
// plain text use it as an N×N text's own charset; without the format, a
// charset beside a 2.0 string is refused.
func TestDecodeV2Charset(t *testing.T) {
	plain, _, err := Decode(seedFirst, DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text, err := EncodeV2(plain)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := Decode(text, DecodeOptions{Format: FormatV2, Charset: ".ABCDEFGHI"})
	if err != nil || p.Charset != ".ABCDEFGHI" {
		t.Errorf("v2 with a charset: charset %q, %v; want .ABCDEFGHI", p.Charset, err)
	}
	if _, _, err := Decode(text, DecodeOptions{Format: FormatV2, Charset: ".AB"}); err == nil {
		t.Error("v2 with a charset too short for 9×9: no error")
	}
	if _, _, err := Decode(text, DecodeOptions{Charset: ".ABCDEFGHI"}); err == nil {
		t.Error("a charset beside a 2.0 string without the format: no error")
	}
}

// TestEncodeCagesWithoutVariant: a puzzle with cages whose text named no
// variant (plain text, cages added) is a killer to the 2.0 encoders, its
// cage cells checked; cages on a variant named without them (an X board)
// are refused, where the 2.0 string was written without them.
func TestEncodeCagesWithoutVariant(t *testing.T) {
	const clues = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
	read := func(cages []grid.Cage) *Puzzle {
		p, _, err := Decode(clues, DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p.Cages = cages
		return p
	}
	cage := []grid.Cage{{Cells: []int{0, 1}, Target: 3, Op: grid.OpAdd}}
	for _, f := range []Format{FormatV2, FormatURL} {
		s, err := Encode(read(cage), f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		back, _, err := Decode(s, DecodeOptions{})
		if err != nil || len(back.Cages) != 1 || back.EffectiveVariant(grid.Classic) != grid.Killer {
			t.Errorf("%v: %q reads back with cages %v, variant %v, %v; want the one cage, a killer", f, s, back.Cages, back.EffectiveVariant(grid.Classic), err)
		}
	}
	for _, cages := range [][]grid.Cage{
		{{Cells: []int{80, 81}, Target: 3, Op: grid.OpAdd}},
		{{Cells: []int{-1}, Target: 3, Op: grid.OpAdd}},
	} {
		if s, err := Encode(read(cages), FormatV2); err == nil {
			t.Errorf("cage %v outside the board: %q, no error", cages, s)
		}
	}
	p := read(cage)
	p.Variant, p.VariantSet = grid.X, true
	if _, err := Encode(p, FormatV2); err == nil || !strings.Contains(err.Error(), "an X board has no cages") {
		t.Errorf("cages on a named X board: %v, want them refused", err)
	}
}

// TestFormatNoun: every format has a name for messages, article first.
func TestFormatNoun(t *testing.T) {
	for _, f := range Formats() {
		n := f.Noun()
		if !strings.HasPrefix(n, "a ") && !strings.HasPrefix(n, "an ") {
			t.Errorf("%v.Noun() = %q, want an article first", f, n)
		}
	}
	if got := FormatURL.Noun(); got != "a SudokuWiki URL" {
		t.Errorf("FormatURL.Noun() = %q", got)
	}
}

package codec

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// Strings of formats.md §5 and §9, inline so that these tests run without
// the shared folder.
const (
	killerUnpacked = "212112111212112223213331443231221241134412231124133132322122212344411312111411312," +
		"171510200026110000000000000000000011000011000017160000001101060000090016110017000900000900001800160800040010160000001100002100001800001800140000080000000000000000"
	k6cVeryEasy    = "K6C02ff00cr5oaz01jf5r2j00uj5nijb9l75mmj00cr5mmj005n5mmjb8p7b8ln00235mbvbbkb5mbvgvgrgv63guvfb8lnb8wb018r005n5o3v5mmj5mbv00qz0023bfpnb8wbb8ln0023005n"
	v1TestStrings  = "41051g02g1211g9009io22gq05c011mic0iij881ha08400hn205j29850dcg0cmc0he21h603g021110409810g41980hdci0e6c0he18h63g095g8130027kg13krg32pi4130053o183g0570500h09g0700381"
	s9bTestStrings = "S9B0702160a0906164i038u1f7z025u05aj5u8r9208870m2a04ar028z4m2q6g7m655u890685010i06050k03080d074m046g8i6t5u89128522032y081u0a3w0924cq1vbv071u02261222023m2q04030i3m0108"
)

// TestV2Fields checks the worked fields of formats.md §6.5-§6.8.
func TestV2Fields(t *testing.T) {
	tests := []struct {
		header string
		field  string
		want   []int64 // components, most significant first
	}{
		{"S9B", "07", []int64{7}},
		{"S9B", "0a", []int64{10}},
		{"S9B", "0i", []int64{18}},
		{"S9B", "0j", []int64{19}},
		{"S9B", "16", []int64{42}},
		{"S9B", "ep", []int64{529}},
		{"J9B", "004", []int64{1, 4}},
		{"J9B", "05i", []int64{1, 198}},
		{"J9B", "0sn", []int64{2, 7}},
		{"J9B", "6bp", []int64{9, 5}},
		{"L9B", "0jdd", []int64{1, 24, 529}},
		{"L9B", "00ep", []int64{1, 0, 529}},
		{"L9B", "1g5n", []int64{2, 2, 11}},
		{"M9B", "00h01", []int64{1, 1, 21, 529}},
		{"M9B", "2kphm", []int64{9, 3, 0, 10}},
		{"K6C", "02ff", []int64{1, 24, 75}},
		{"K6C", "00cr", []int64{1, 3, 75}},
		{"K6C", "5oaz", []int64{2, 20, 75}},
		{"T9B", "0g", []int64{16}},
	}
	for _, tt := range tests {
		typ, _ := v2TypeByLetter(tt.header[0])
		n, _ := strconv.ParseInt(tt.header[1:2], 36, 64)
		comps := v2Components(typ.variant, int(n))
		x, err := strconv.ParseInt(tt.field, 36, 64)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]int64, len(comps))
		if bad := unpack(comps, x, got); bad >= 0 || !slices.Equal(got, tt.want) {
			t.Errorf("%s field %s = %v (bad %d), want %v", tt.header, tt.field, got, bad, tt.want)
		}
		f := strconv.FormatInt(pack(comps, tt.want), 36)
		if f = strings.Repeat("0", fieldWidth(comps)-len(f)) + f; f != tt.field {
			t.Errorf("%s pack(%v) = %s, want %s", tt.header, tt.want, f, tt.field)
		}
	}
}

// TestV1Cells checks the worked cells of formats.md §3.
func TestV1Cells(t *testing.T) {
	tests := []struct {
		field string
		want  grid.CellState
	}{
		{"03", grid.CellState{Value: 1, Given: true}},
		{"g1", grid.CellState{Value: 9, Given: true}},
		{"g0", grid.CellState{Value: 9}},
		{"c8", grid.CellState{Cand: grid.Bit(3) | grid.Bit(7) | grid.Bit(8)}},
		{"1g", grid.CellState{Cand: grid.Bit(4) | grid.Bit(5)}},
		{"vu", grid.CellState{Cand: grid.AllDigits(9)}},
		{"vv", grid.CellState{Cand: grid.AllDigits(9)}}, // the clue flag of candidates is ignored
		{"00", grid.CellState{}},
	}
	for _, tt := range tests {
		p, err := DecodeV1(tt.field + strings.Repeat("vu", 80))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Cells[0]; got != tt.want {
			t.Errorf("v1 %s = %+v, want %+v", tt.field, got, tt.want)
		}
	}
}

// TestV1Flaw checks the single-candidate flaw of v1 strings: SudokuWiki's
// v1 and S9B strings of one position (Test_Strings) differ only in the four
// single notes, which v1 turns into solved cells.
func TestV1Flaw(t *testing.T) {
	v1, err := DecodeV1(v1TestStrings)
	if err != nil {
		t.Fatal(err)
	}
	v2, err := DecodeV2(s9bTestStrings)
	if err != nil {
		t.Fatal(err)
	}
	var singles []string
	for i := range v2.Cells {
		if d := v2.Cells[i].Cand.Single(); d != 0 {
			singles = append(singles, cellName(9, i))
			if want := (grid.CellState{Value: d}); v1.Cells[i] != want {
				t.Errorf("v1 %s = %+v, want solved %d", cellName(9, i), v1.Cells[i], d)
			}
			continue
		}
		if v1.Cells[i] != v2.Cells[i] {
			t.Errorf("%s: v1 %+v, S9B %+v", cellName(9, i), v1.Cells[i], v2.Cells[i])
		}
	}
	if want := []string{"r3c4", "r3c5", "r4c4", "r5c5"}; !slices.Equal(singles, want) {
		t.Errorf("single notes at %v, want %v", singles, want)
	}
	// Encoding the S9B state in v1 gives the v1 string: the flaw is the
	// format's, not the decoder's.
	if got, err := EncodeV1(v2); err != nil || got != v1TestStrings {
		t.Errorf("EncodeV1(S9B state) = %s, %v, want %s", got, err, v1TestStrings)
	}
}

// v2String returns a 2.0 string of header whose cells all hold fill except
// those of set, as component values.
func v2String(header string, fill []int64, set map[int][]int64) string {
	typ, _ := v2TypeByLetter(header[0])
	n, _ := strconv.ParseInt(header[1:2], 36, 64)
	comps := v2Components(typ.variant, int(n))
	width := fieldWidth(comps)
	var b strings.Builder
	b.WriteString(header)
	for cell := range int(n * n) {
		values := fill
		if v, ok := set[cell]; ok {
			values = v
		}
		f := strconv.FormatInt(pack(comps, values), 36)
		b.WriteString(strings.Repeat("0", width-len(f)) + f)
	}
	return b.String()
}

// TestBraceSymbol: text starting with a brace is refused as JSON unless
// the charset makes the brace a symbol.
func TestBraceSymbol(t *testing.T) {
	p, _, err := Decode("{A{B{{{{C{D{{{{{", DecodeOptions{Charset: "{ABCD"})
	if err != nil || p.Size != 4 {
		t.Fatalf("got %v, want a 4×4 puzzle", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	s9b := "S9B" + strings.Repeat("ep", 81)
	l9b := func(set map[int][]int64) string { return v2String("L9B", []int64{1, 0, 529}, set) }
	k6c := func(set map[int][]int64) string { return v2String("K6C", []int64{1, 0, 75}, set) }
	j9b := make(map[int][]int64)
	for cell := range 81 {
		j9b[cell] = []int64{int64(cell/27*3 + cell%9/3 + 1), 0}
	}
	j9b[0] = []int64{2, 0}
	grid81 := strings.Repeat("0", 81)
	jigmap := strings.Repeat("111222333", 3) + strings.Repeat("444555666", 3) + strings.Repeat("777888999", 3)
	tests := []struct {
		name     string
		in       string
		format   Format
		tolerant bool
		want     string
	}{
		{name: "S9B short", in: s9b[:164], want: "expected 165 characters for S9B, got 164"},
		{name: "S9B value", in: s9b[:3+2*33] + "gz" + s9b[3+2*34:], want: "cell r4c7: value 611 exceeds 529"},
		{name: "S9B field", in: s9b[:3] + "zz" + s9b[5:], want: `cell r1c1: field "zz" is 1295, more than the largest S9B field 529`},
		{name: "S9B sign", in: s9b[:3] + "+1" + s9b[5:], format: FormatV2, want: "is not base 36"},
		{name: "version", in: "S9C" + s9b[3:], format: FormatV2, want: "version 'C' of S strings is not supported (want B)"},
		{name: "size code", in: "S1B" + s9b[3:], format: FormatV2, want: "bad 2.0 size code"},
		{name: "no boxes", in: "S7B" + strings.Repeat("00", 49), format: FormatV2, want: "has no regular boxes"},
		{name: "J9B box count", in: v2String("J9B", nil, j9b), want: "J9B box 1 covers 8 cells, want 9"},
		{
			name: "L9B two sums",
			in:   l9b(map[int][]int64{11: {2, 10, 529}, 20: {2, 7, 529}}),
			want: "L9B cage at r2c3 has two sums: 10 at r2c3 and 7 at r3c3",
		},
		{name: "L9B sum", in: l9b(map[int][]int64{0: {1, 46, 0}}), want: "cell r1c1: sum 46 exceeds 45"},
		{name: "L9B colour", in: l9b(map[int][]int64{0: {6, 0, 0}}), want: "cell r1c1: colour 6 exceeds 5"},
		{name: "L9B length", in: "L9B" + strings.Repeat("ep", 81) + "0", want: "expected 327 characters for L9B, got 166"},
		{
			name: "K6C no operator",
			in:   k6c(map[int][]int64{0: {2, 5, 75}, 1: {2, 0, 75}}),
			want: "K6C cage at r1c1: operator code 0 at r1c2 is not 1-4",
		},
		{
			name: "K6C two targets",
			in:   k6c(map[int][]int64{0: {2, 5, 75}, 1: {2, 1, 75}, 6: {2, 9, 75}, 35: {3, 1, 75}}),
			want: "K6C cage at r1c1 has two targets: 5 at r1c1 and 9 at r2c1",
		},
		{name: "K6C no target", in: k6c(map[int][]int64{7: {2, 3, 75}}), want: "K6C cage at r1c1 has no target"},
		{name: "K6B", in: "K6B" + k6cVeryEasy[3:], want: "K6B strings are not supported"},
		{name: "Str8ts live", in: "T9B" + strings.Repeat("f0", 81), want: "cell r1c1: value 540 exceeds 539"},
		{name: "v1 length", in: v1TestStrings[:161], want: "expected 162 characters for a v1 string, got 161"},
		{name: "v1 digit", in: v1TestStrings[:160] + "w1", format: FormatV1, want: `cell r9c9: "w1" at position 161 is not base 32`},
		{name: "v1 digit detected", in: v1TestStrings[:40] + "w" + v1TestStrings[41:], want: `at position 41 is not base 32`},
		{name: "killer sum", in: strings.Repeat("1", 81) + ",46" + strings.Repeat("0", 160), want: "cell r1c1: sum 46 exceeds 45"},
		{name: "killer colour", in: "0" + strings.Repeat("1", 80) + ",45" + strings.Repeat("0", 160), want: "cell r1c1: colour '0' at position 1 is not 1-9"},
		{name: "killer sum digits", in: strings.Repeat("1", 81) + ",4x" + strings.Repeat("0", 160), want: `sum "4x" at position 83 is not two decimal digits`},
		{name: "killer two sums", in: strings.Repeat("1", 81) + ",4501" + strings.Repeat("0", 158), want: "killer v1 cage at r1c1 has two sums: 45 at r1c1 and 1 at r1c2"},
		{name: "killer halves", in: strings.Repeat("1", 81) + "," + strings.Repeat("0", 161), want: "got 81 and 161 characters"},
		{name: "killer packed", in: strings.Repeat("0", 160) + "x0," + strings.Repeat("vu", 81), want: `cell r9c9: "x0" at position 161 is not base 32`},
		{name: "killer commas", in: strings.Repeat("1", 81) + ",45," + strings.Repeat("0", 160), want: "the text is neither plain text (found 243 cells; a puzzle needs a square number of cells (225 for 15×15 or 256 for 16×16; 81 for 9×9)) nor a killer v1 string (two parts separated by one comma, got 3 parts)"},
		{name: "killer commas named", in: "1,2,3", format: FormatKillerV1, want: "two parts separated by one comma, got 3 parts"},
		{name: "cells with commas", in: strings.Repeat("1,", 80) + "!", want: `unexpected character '!' at line 1, column 161`},
		{name: "URL without bd", in: "https://www.sudokuwiki.org/sudoku.htm?n=1", want: "the URL has no bd parameter"},
		{name: "URL query", in: "https://www.sudokuwiki.org/sudoku.htm?bd=%zz", want: "bad URL query"},
		{name: "jigsaw shape", in: "shape=5&bd=" + grid81, want: "jigsaw shape 5 is one of SudokuWiki's numbered layouts"},
		{name: "jigsaw shape word", in: "shape=x&bd=" + grid81 + "&jigmap=" + jigmap, want: `jigsaw shape "x" is not a number 1-33`},
		{name: "jigsaw page without map", in: "https://www.sudokuwiki.org/jigsaw.aspx?bd=" + grid81, want: "a jigsaw URL needs its regions"},
		{name: "jigmap digit", in: "shape=33&bd=" + grid81 + "&jigmap=0" + jigmap[1:], want: "jigmap '0' at r1c1 is not a box digit 1-9"},
		{name: "jigmap count", in: "shape=33&bd=" + grid81 + "&jigmap=2" + jigmap[1:], want: "jigmap box 1 covers 8 cells, want 9"},
		{name: "jigmap with 2.0", in: "shape=33&bd=" + s9b + "&jigmap=" + jigmap, want: "a 2.0 string carries its own regions"},
		{name: "killer page", in: "https://www.sudokuwiki.org/killersudoku.aspx?bd=" + grid81, want: "a killer URL (its page or jig=-3) needs a killer string"},
		// Mistyped v1 and 2.0 strings: not misread as another variant's
		// header; where two readings are plausible, both are named.
		{name: "v1 like a header, short", in: "s9b" + v1TestStrings[3:161], want: "the text is neither a v1 string (expected 162 characters for a v1 string, got 161) nor a 2.0 string (expected 165 characters for S9B, got 161)"},
		{name: "v1 like a header, bad digit", in: "l9b" + v1TestStrings[3:40] + "w" + v1TestStrings[41:], want: `the text is neither a v1 string (cell r3c3: "wa" at position 41 is not base 32) nor a 2.0 string (expected 327 characters for L9B, got 162)`},
		{name: "v1 short", in: v1TestStrings[1:], want: "the text is neither plain text (found 161 cells; a puzzle needs a square number of cells (144 for 12×12 or 169 for 13×13; 81 for 9×9)) nor a v1 string (expected 162 characters for a v1 string, got 161)"},
		{name: "S9B short, not v1", in: s9b[:164], want: "expected 165 characters for S9B, got 164"},
		{name: "S9B long, not v1", in: s9b + "00", want: "expected 165 characters for S9B, got 167"},
		{name: "S9B typed as L9B", in: "L" + s9b[1:], want: "expected 327 characters for L9B, got 165; 165 characters is the length of S9B, X9B, W9B, C9B, T9B, U9B, B9B, V9B strings: is the header mistyped?"},
		{name: "L9B typed as M9B", in: "M" + l9b(nil)[1:], want: "expected 408 characters for M9B, got 327; 327 characters is the length of L9B strings: is the header mistyped?"},
		// A killer v1 string with a space after its comma, or wrapped:
		// the lengths counted the white space ("got 81 and 163").
		{name: "killer v1, space after the comma", in: strings.Replace(killerUnpacked, ",", ", ", 1), want: "the text is a killer v1 string broken by white space (at position 83), as a mail program wraps a long line: remove the spaces and line breaks"},
		{name: "killer v1, wrapped", in: killerUnpacked[:150] + "\r\n" + killerUnpacked[150:], want: "the text is a killer v1 string broken by white space (at position 151)"},
		{name: "killer v1, a part short", in: strings.Replace(killerUnpacked, ",", ", ", 1)[:200], want: "expected 81 colours and 162 sum digits (unpacked killer v1) or two 162-character halves (packed), got 81 and"},
		// A size code mistyped: the sizes of the type that fit are named.
		{name: "S9B typed as S8B", in: "S8B" + s9b[3:], want: "expected 131 characters for S8B, got 165; 165 characters is the length of S9B strings: is the size code mistyped?"},
		{name: "L9B typed as L6B", in: "L6B" + l9b(nil)[3:], want: "expected 111 characters for L6B, got 327; 327 characters is the length of L9B strings: is the size code mistyped?"},
		{name: "K6C typed as K9C", in: "K9C" + k6cVeryEasy[3:], want: "expected 408 characters for K9C, got 147; 147 characters is the length of K6C strings: is the size code mistyped?"},
		{name: "unknown type letter", in: "Q" + s9b[1:], want: "'Q' is not a 2.0 type letter (one of SXWCJLMKDTUBV), though the text has the length of a S9B string; as plain text: found 165 cells"},
		{name: "JSON board", in: `{"size":9,"cells":[{"value":1},{}],"variant":"VARIANT_KILLER"}`, want: "the text is JSON, not a puzzle text format"},
		{name: "JSON indented", in: "\n {\n  \"size\": 4\n}", want: "a structured board goes in Puzzle.board"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(tt.in, DecodeOptions{Format: tt.format, Tolerant: tt.tolerant})
			var e *grid.FieldError
			if !errors.As(err, &e) || !strings.Contains(e.Reason, tt.want) {
				t.Fatalf("err = %v, want *grid.FieldError containing %q", err, tt.want)
			}
		})
	}
}

// TestTolerant checks what tolerant decoding adds: K6B read as K6C, and
// Str8ts strings with the live off-by-one.
func TestTolerant(t *testing.T) {
	k6b, _, err := Decode("K6B"+k6cVeryEasy[3:], DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	k6c, err := DecodeV2(k6cVeryEasy)
	if err != nil {
		t.Fatal(err)
	}
	if !sameState(k6b, k6c) {
		t.Errorf("K6B decodes to %+v, want the K6C state %+v", k6b, k6c)
	}

	// Black 6, white clue 3, black, all candidates (live 540), solved 4
	// (documented offset), the candidate 3 (live 33 = 29 + 4).
	live := "T9B" + "0g" + "03" + "0a" + "f0" + "0n" + "0x" + strings.Repeat("f0", 75)
	p, _, err := Decode(live, DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		c     grid.CellState
		black bool
	}{
		{grid.CellState{Value: 6, Given: true}, true},
		{grid.CellState{Value: 3, Given: true}, false},
		{grid.CellState{}, true},
		{grid.CellState{Cand: grid.AllDigits(9)}, false},
		{grid.CellState{Value: 4}, false},
		{grid.CellState{Cand: grid.Bit(3)}, false},
	}
	for i, w := range want {
		if p.Cells[i] != w.c || p.Black[i] != w.black {
			t.Errorf("cell %d = %+v black %v, want %+v black %v", i, p.Cells[i], p.Black[i], w.c, w.black)
		}
	}
	// Without a field above 539 the documented offsets hold, tolerant or not.
	doc := "T9B" + "0k" + "ez" + strings.Repeat("00", 79)
	for _, tolerant := range []bool{false, true} {
		p, _, err := Decode(doc, DecodeOptions{Tolerant: tolerant})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := p.Cells[0], (grid.CellState{Value: 1}); got != want {
			t.Errorf("tolerant %v: 0k = %+v, want %+v", tolerant, got, want)
		}
		if got, want := p.Cells[1], (grid.CellState{Cand: grid.AllDigits(9)}); got != want {
			t.Errorf("tolerant %v: ez = %+v, want %+v", tolerant, got, want)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   string
		o    DecodeOptions
		want Format
	}{
		{"plain", seedFirst, DecodeOptions{}, FormatPlain},
		{"charset", "#A#B####C#D#####", DecodeOptions{Charset: "#ABCD"}, FormatNxN},
		{"v1", v1TestStrings, DecodeOptions{}, FormatV1},
		{"v1 upper case", strings.ToUpper(v1TestStrings), DecodeOptions{}, FormatV1},
		{"v1 starting like a header", "s9b" + v1TestStrings[3:], DecodeOptions{}, FormatV1},
		{"S9B", s9bTestStrings, DecodeOptions{}, FormatV2},
		{"s9b lower case", strings.ToLower(s9bTestStrings), DecodeOptions{}, FormatV2},
		{"K6C", k6cVeryEasy, DecodeOptions{}, FormatV2},
		{"K6B", "K6B" + k6cVeryEasy[3:], DecodeOptions{}, FormatV2},
		{"killer unpacked", killerUnpacked, DecodeOptions{}, FormatKillerV1},
		{"killer %2C", strings.Replace(killerUnpacked, ",", "%2C", 1), DecodeOptions{}, FormatKillerV1},
		{"jigsaw query", "shape=33&bd=" + seedFirst + "&jigmap=1", DecodeOptions{}, FormatJigsawV1},
		{"URL", "https://www.sudokuwiki.org/sudoku.htm?bd=" + seedFirst, DecodeOptions{}, FormatURL},
		{"jigsaw URL", "https://www.sudokuwiki.org/jigsaw.aspx?shape=33&bd=" + seedFirst, DecodeOptions{}, FormatURL},
		{"URL without scheme", "www.sudokuwiki.org/sudoku.htm?bd=" + seedFirst, DecodeOptions{}, FormatURL},
		{"bd query", "bd=" + seedFirst, DecodeOptions{}, FormatURL},
		{"bare query", "?bd=" + seedFirst, DecodeOptions{}, FormatURL},
		{"? in the charset", strings.ReplaceAll(seedFirst, "0", "?"), DecodeOptions{Charset: "?123456789"}, FormatNxN},
		{"killer arrows", arrowsTarek, DecodeOptions{}, FormatKillerArrows},
		{"killer arrows with a 0 head", arrowsZeroHead, DecodeOptions{}, FormatKillerArrows},
		{"killer arrows joined diagonally", arrowsDiagonal, DecodeOptions{}, FormatKillerArrows},
		{"killer arrows with ',' (down-left)", "3" + strings.Repeat(".", 7) + "2," + strings.Repeat(".", 71), DecodeOptions{}, FormatKillerArrows},
		{"killer arrows of the wrong length", arrowsTarek + "<", DecodeOptions{}, FormatPlain},
		{"plain with '.' blanks", strings.ReplaceAll(seedFirst, "0", "."), DecodeOptions{}, FormatPlain},
		{"plain, all blanks", strings.Repeat(".", 81), DecodeOptions{}, FormatPlain},
		{"plain, digits and '.' only", "1" + strings.Repeat(".", 79) + "A", DecodeOptions{}, FormatPlain},
		{"arrows in a charset", strings.ReplaceAll(seedFirst, "0", "<"), DecodeOptions{Charset: "<123456789"}, FormatNxN},
		{"SudoCue", sudoCueExample, DecodeOptions{}, FormatSudoCue},
		{"SudoCue killer X", strings.Replace(sudoCueExample, "3x3::", "3x3:d:", 1), DecodeOptions{}, FormatSudoCue},
		{"3x3: without k", strings.Replace(sudoCueExample, "::k:", "::x:", 1), DecodeOptions{}, FormatPlain},
	}
	for _, tt := range tests {
		if got := Detect(tt.in, tt.o); got != tt.want {
			t.Errorf("%s: Detect = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDecodeURL(t *testing.T) {
	const base = "https://www.sudokuwiki.org/"
	jigmap := strings.Repeat("111222333", 3) + strings.Repeat("444555666", 3) + strings.Repeat("777888999", 3)
	tests := []struct {
		name       string
		in         string
		want       grid.Variant
		variantSet bool
		cages      int
	}{
		{"sudoku.htm plain", base + "sudoku.htm?bd=" + seedFirst, grid.Classic, true, 0},
		{"SudokuX.aspx plain", base + "SudokuX.aspx?bd=" + seedFirst, grid.X, true, 0},
		{"SudokuX.aspx v1", base + "SudokuX.aspx?bd=" + v1TestStrings, grid.X, true, 0},
		{"Windoku.aspx", base + "Windoku.aspx?bd=" + seedFirst, grid.Windoku, true, 0},
		{"header wins", base + "SudokuX.aspx?bd=" + s9bTestStrings, grid.Classic, true, 0},
		{"unknown page", base + "Some_Page?bd=" + seedFirst, grid.Classic, false, 0},
		{"killer %2C", base + "killersudoku.aspx?bd=" + strings.Replace(killerUnpacked, ",", "%2C", 1), grid.Killer, true, 31},
		{"killer comma and fragment", base + "KillerSudoku.aspx?bd=" + killerUnpacked + "#top", grid.Killer, true, 31},
		{"jigsaw", base + "jigsaw.aspx?shape=33&bd=" + seedFirst + "&jigmap=" + jigmap, grid.Jigsaw, true, 0},
		{"killer jigsaw", base + "jigsaw.aspx?shape=33&bd=" + killerUnpacked + "&jigmap=" + jigmap, grid.KillerJigsaw, true, 31},
		{"KenKen string", "bd=" + k6cVeryEasy, grid.KenKen, true, 13},
		// A print page names the variant in jig, the old puzzle types.
		{"print page jig X", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-1&ptype=1", grid.X, true, 0},
		{"print page jig Windoku", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-5", grid.Windoku, true, 0},
		{"print page jig Colour", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-4", grid.Colour, true, 0},
		{"print page jig Sudoku", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=0", grid.Classic, true, 0},
		{"print page jig killer", base + "Print_Sudoku.aspx?bd=" + killerUnpacked + "&jig=-3", grid.Killer, true, 31},
		{"sudoku.htm jig Windoku", base + "sudoku.htm?bd=" + seedFirst + "&jig=-5", grid.Windoku, true, 0},
		{"page and jig agree", base + "SudokuX.aspx?bd=" + seedFirst + "&jig=-1", grid.X, true, 0},
		{"jig twice alike", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-1&jig=-1", grid.X, true, 0},
		// A positive jig may number a jigsaw's shape: shape and jigmap decide.
		{"positive jig", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=33&shape=33&jigmap=" + jigmap, grid.Jigsaw, true, 0},
		{"killer jigsaw with jig", base + "Print_Sudoku.aspx?bd=" + killerUnpacked + "&jig=-3&shape=33&jigmap=" + jigmap, grid.KillerJigsaw, true, 31},
		// A URL copied from HTML writes & as &amp;.
		{"print page &amp;", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&amp;jig=-1&amp;ptype=1", grid.X, true, 0},
		{"jigsaw &amp;", base + "jigsaw.aspx?shape=33&amp;bd=" + seedFirst + "&amp;jigmap=" + jigmap, grid.Jigsaw, true, 0},
		{"print page &amp;amp;", base + "Print_Sudoku.aspx?bd=" + seedFirst + "&amp;amp;jig=-1", grid.X, true, 0},
		// A URL as mail and Markdown enclose one: the closing mark made
		// the last parameter a character too long.
		{"jigsaw in angle brackets", "<" + base + "jigsaw.aspx?shape=33&bd=" + seedFirst + "&jigmap=" + jigmap + ">", grid.Jigsaw, true, 0},
		{"killer in quotes", `"` + base + "killersudoku.aspx?bd=" + killerUnpacked + `"`, grid.Killer, true, 31},
		{"in brackets and parentheses", "[ (" + base + "SudokuX.aspx?bd=" + seedFirst + ") ]", grid.X, true, 0},
		// SudokuWiki's pages read the names of parameters in any case.
		{"names in upper case", base + "jigsaw.aspx?SHAPE=33&BD=" + seedFirst + "&JigMap=" + jigmap, grid.Jigsaw, true, 0},
		{"jig in upper case", base + "Print_Sudoku.aspx?Bd=" + seedFirst + "&JIG=-1", grid.X, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, f, err := Decode(tt.in, DecodeOptions{})
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if f != FormatURL {
				t.Errorf("format = %v, want %v", f, FormatURL)
			}
			if p.Variant != tt.want || p.VariantSet != tt.variantSet {
				t.Errorf("variant = %v (set %v), want %v (set %v)", p.Variant, p.VariantSet, tt.want, tt.variantSet)
			}
			if len(p.Cages) != tt.cages {
				t.Errorf("%d cages, want %d", len(p.Cages), tt.cages)
			}
			if _, err := p.Layout(grid.Classic); err != nil {
				t.Errorf("Layout: %v", err)
			}
		})
	}
	for _, tt := range []struct{ in, want string }{
		{base + "SudokuX.aspx?bd=" + seedFirst + "&jig=-5", "the URL's page solves X but its jig=-5 names Windoku"},
		{base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-6", "Stripy Sudoku, which is not supported"},
		{base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-7", `jig="-7" is none of SudokuWiki's puzzle types`},
		{base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-1&jig=0", `the URL gives jig twice, "-1" and "0"`},
		// A bd or jigmap of another variant would drop jig's rules.
		{base + "Print_Sudoku.aspx?bd=" + killerUnpacked + "&jig=-1", "the URL's jig=-1 names X but its bd and jigmap make a killer puzzle"},
		{base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-1&shape=33&jigmap=" + jigmap, "the URL's jig=-1 names X but its bd and jigmap make a jigsaw puzzle"},
		{base + "Print_Sudoku.aspx?bd=" + s9bTestStrings + "&jig=-3", "the URL's jig=-3 names killer but its bd and jigmap make a classic puzzle"},
		{base + "Print_Sudoku.aspx?bd=X" + s9bTestStrings[1:] + "&jig=0", "the URL's jig=0 names classic but its bd and jigmap make an X puzzle"},
		{base + "Print_Sudoku.aspx?bd=" + seedFirst + "&jig=-3", "a killer URL (its page or jig=-3) needs a killer string"},
		// A position within bd is said to be so (a URL pasted in <>).
		{base + "sudoku.htm?bd=" + seedFirst + ">", "the URL's bd parameter: unexpected character '>' at line 1, column 82"},
		{base + "sudoku.htm?bd=S9B" + seedFirst, "the URL's bd parameter: expected 165 characters for S9B"},
		// A link wrapped by a mail program.
		{base + "sudoku.htm?bd=" + s9bTestStrings[:50] + "\n" + s9bTestStrings[50:], "the URL's bd is a 2.0 string (S9B) broken by white space (at position 51 of bd)"},
		{base + "SudokuX.aspx?bd=" + v1TestStrings[:76] + "\r\n" + v1TestStrings[76:], "the URL's bd is a v1 string broken by white space (at position 77 of bd)"},
		{"bd=" + v1TestStrings[:10] + "%20" + v1TestStrings[10:], "the URL's bd is a v1 string broken by white space (at position 11 of bd)"},
	} {
		if _, _, err := Decode(tt.in, DecodeOptions{}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Decode(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

func TestEncodeURL(t *testing.T) {
	const base = "https://www.sudokuwiki.org/"
	killer, err := DecodeKillerV1(killerUnpacked)
	if err != nil {
		t.Fatal(err)
	}
	x, err := DecodeURL(base + "SudokuX.aspx?bd=" + seedFirst)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		p      *Puzzle
		prefix string
	}{
		{"killer", killer, base + "killersudoku.aspx?bd=L9B"},
		{"X", x, base + "SudokuX.aspx?bd=X9B" + strings.Repeat("ep", 9) + "ep07"},
	}
	for _, tt := range tests {
		got, err := EncodeURL(tt.p)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !strings.HasPrefix(got, tt.prefix) {
			t.Errorf("%s: EncodeURL = %s, want prefix %s", tt.name, got, tt.prefix)
		}
		p, err := DecodeURL(got)
		if err != nil {
			t.Fatalf("%s: DecodeURL: %v", tt.name, err)
		}
		if !slices.EqualFunc(p.Cages, tt.p.Cages, func(a, b grid.Cage) bool { return slices.Equal(a.Cells, b.Cells) && a.Target == b.Target }) {
			t.Errorf("%s: cages changed: %v, want %v", tt.name, p.Cages, tt.p.Cages)
		}
	}
}

func TestTextEncoders(t *testing.T) {
	small, err := ParseText("#A#B\n####\nC#D#\n####", "#ABCD", "##AA\n##AA\nBBCC\nBBCC")
	if err != nil {
		t.Fatal(err)
	}
	jigsaw, err := ParseText("1234\n0000\n0000\n0000", "", "0011\n0221\n0231\n3323")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		p      *Puzzle
		format Format
		want   string
	}{
		{"plain, not in the charset", small, FormatPlain, "0102000030400000"},
		{"grid", small, FormatGrid, ". 1 | . 2\n. . | . .\n----+----\n3 . | 4 .\n. . | . .\n"},
		{"nxn charset", small, FormatNxN, "#ABCD\n\n#A#B\n####\nC#D#\n####\n\n### Map\n\n##AA\n##AA\nBBCC\nBBCC\n"},
		{"nxn jigsaw", jigsaw, FormatNxN, "01234\n\n1234\n0000\n0000\n0000\n\n### Map\n\n0011\n0221\n0231\n3323\n"},
		{"plain default", mustParse(t, seedFirst), FormatPlain, seedFirst},
		{"nxn default", mustParse(t, seedFirst), FormatNxN, strings.Join(splitRows(seedFirst, 9), "\n") + "\n"},
	}
	for _, tt := range tests {
		got, err := Encode(tt.p, tt.format)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		p, _, err := Decode(got, DecodeOptions{Format: tt.format})
		if err != nil {
			t.Fatalf("%s: Decode: %v", tt.name, err)
		}
		if values(p) != values(tt.p) {
			t.Errorf("%s: decoded values %s, want %s", tt.name, values(p), values(tt.p))
		}
	}
}

func mustParse(t *testing.T, s string) *Puzzle {
	t.Helper()
	p, err := ParseText(s, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func splitRows(s string, n int) []string {
	var rows []string
	for i := 0; i < len(s); i += n {
		rows = append(rows, s[i:i+n])
	}
	return rows
}

// TestPackBoardCages checks that the packed board of the Step stream has a
// 2.0 string for cage variants too: L9B for a killer, K6C for a KenKen.
func TestPackBoardCages(t *testing.T) {
	tests := []struct {
		name, in, header string
	}{
		{"killer", killerUnpacked, "L9B"},
		{"KenKen", k6cVeryEasy, "K6C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := Decode(tt.in, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := p.Board(grid.Classic)
			if err != nil {
				t.Fatal(err)
			}
			s, err := PackBoard(b)
			if err != nil {
				t.Fatalf("PackBoard: %v", err)
			}
			if !strings.HasPrefix(s, tt.header) {
				t.Errorf("PackBoard = %s, want header %s", s, tt.header)
			}
			p2, err := DecodeV2(s)
			if err != nil {
				t.Fatalf("DecodeV2: %v", err)
			}
			if len(p2.Cages) != len(b.Layout().Cages()) {
				t.Fatalf("%d cages, want %d", len(p2.Cages), len(b.Layout().Cages()))
			}
			for k, cg := range p2.Cages {
				want := b.Layout().Cage(k)
				if !slices.Equal(cg.Cells, want.Cells) || cg.Target != want.Target || cg.Op != want.Op && len(cg.Cells) > 1 {
					t.Errorf("cage %d = %v, want %v", k, cg, want)
				}
			}
			checkColours(t, p2)
		})
	}
}

// TestColourAreas colours maps that need care: single cells (a
// checkerboard would do), and a wheel of cages around a centre cage.
func TestColourAreas(t *testing.T) {
	single := make([]int, 81)
	for i := range single {
		single[i] = i
	}
	// Rings around r5c5: every ring cell its own cage, the centre too.
	wheel := make([]int, 81)
	for i := range wheel {
		r, c := i/9, i%9
		wheel[i] = max(abs(r-4), abs(c-4))*100 + i
	}
	for name, key := range map[string][]int{"single": single, "wheel": wheel} {
		node, list := areas(9, key)
		colours, err := colourAreas(9, node, len(list), maxV2Colours)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !coloursFit(9, colours, node, maxV2Colours) {
			t.Errorf("%s: colours %v do not tell the areas apart", name, colours)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

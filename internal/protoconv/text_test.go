package protoconv

import (
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// board returns a board of the given values, size the square root of
// their number.
func valuesBoard(values []uint32, variant sudokuv1.Variant, regions []uint32) *sudokuv1.Board {
	b := &sudokuv1.Board{Size: uint32(isqrt(len(values))), Variant: variant, Regions: regions}
	for _, v := range values {
		b.Cells = append(b.Cells, &sudokuv1.Cell{Value: v})
	}
	return b
}

func seq(n int, f func(i int) uint32) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestGridText(t *testing.T) {
	tests := []struct {
		name  string
		board *sudokuv1.Board
		want  string
		// charset is the N×N form's symbols, blank first.
		charset string
	}{
		{
			name:  "6x6 has 2x3 boxes",
			board: valuesBoard(seq(36, func(i int) uint32 { return uint32(i % 7) }), 0, nil),
			want: "" +
				". 1 2 | 3 4 5\n" +
				"6 . 1 | 2 3 4\n" +
				"------+------\n" +
				"5 6 . | 1 2 3\n" +
				"4 5 6 | . 1 2\n" +
				"------+------\n" +
				"3 4 5 | 6 . 1\n" +
				"2 3 4 | 5 6 .\n",
		},
		{
			name:  "16x16 uses letters",
			board: valuesBoard(seq(256, func(i int) uint32 { return uint32(i%16 + 1) }), sudokuv1.Variant_VARIANT_CLASSIC, nil),
			want:  "1 2 3 4 | 5 6 7 8 | 9 A B C | D E F G\n",
		},
		{
			name:  "regular regions given",
			board: valuesBoard(make([]uint32, 16), 0, []uint32{7, 7, 3, 3, 7, 7, 3, 3, 1, 1, 2, 2, 1, 1, 2, 2}),
			want:  ". . | . .\n. . | . .\n----+----\n",
		},
		{
			name:  "irregular regions",
			board: valuesBoard(make([]uint32, 16), 0, []uint32{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}),
			want:  ". . . .\n. . . .\n. . . .\n. . . .\n",
		},
		{
			name:  "jigsaw",
			board: valuesBoard(make([]uint32, 4), sudokuv1.Variant_VARIANT_JIGSAW, nil),
			want:  ". .\n. .\n",
		},
		{
			name:  "prime size",
			board: valuesBoard(seq(25, func(i int) uint32 { return uint32(i%5 + 1) }), sudokuv1.Variant_VARIANT_KENKEN, nil),
			want:  "1 2 3 4 5\n",
		},
		{name: "no board", board: nil, want: ""},
		{
			name:    "charset draws the digits and the blank",
			board:   valuesBoard(seq(16, func(i int) uint32 { return uint32(i % 5) }), 0, nil),
			charset: "#ABCD",
			want:    "# A | B C\nD # | A B\n----+----\n",
		},
		{
			name:    "charset short of the size is ignored",
			board:   valuesBoard(seq(16, func(i int) uint32 { return uint32(i%4 + 1) }), 0, nil),
			charset: "#AB",
			want:    "1 2 | 3 4\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := GridText(tt.board, tt.charset)
			if !strings.HasPrefix(got, tt.want) || (tt.want == "" && got != "") {
				t.Errorf("GridText =\n%s\nwant it to start with\n%s", got, tt.want)
			}
		})
	}
}

// TestPuzzleShape: a request's puzzle's size and symbols, the request's
// charset first, else an N×N document's own.
func TestPuzzleShape(t *testing.T) {
	const document = "#ABCD\n#A#B\n####\nC#D#\n####\n\n### Map\n##AA\n##AA\nBBCC\nBBCC\n"
	text := func(s string) *sudokuv1.Puzzle { return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: s}} }
	withCharset := text("#W#X####Y#Z#####")
	withCharset.Charset = "#WXYZ"
	tests := []struct {
		name    string
		p       *sudokuv1.Puzzle
		size    int
		charset string
	}{
		{"classic text", text(strings.Repeat(".", 81)), 9, ""},
		{"document's charset", text(document), 4, "#ABCD"},
		{"request's charset", withCharset, 4, "#WXYZ"},
		{"board", &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: valuesBoard(make([]uint32, 16), sudokuv1.Variant_VARIANT_CLASSIC, nil)}}, 4, ""},
		{"unreadable", text("12x"), 0, ""},
	}
	for _, tt := range tests {
		if size, charset := PuzzleShape(tt.p); size != tt.size || charset != tt.charset {
			t.Errorf("%s: PuzzleShape = %d, %q; want %d, %q", tt.name, size, charset, tt.size, tt.charset)
		}
	}
}

package codec

import (
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestStr8tsPlain reads the simple Str8ts form (clues and colours) of
// str8ts.com's "Easy 1" and compares it with the T9B string's puzzle.
func TestStr8tsPlain(t *testing.T) {
	const easy1 = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"
	want, _, err := Decode(easy1, DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	wantBoard, err := want.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	var clues, colours strings.Builder
	for i, c := range want.Cells {
		clues.WriteByte(".123456789"[c.Value])
		colours.WriteByte("01"[b2i(want.Black[i])])
	}
	for _, sep := range []string{" ", ",", "\n", ";"} {
		text := clues.String() + sep + colours.String()
		p, f, err := Decode(text, DecodeOptions{})
		if err != nil || f != FormatPlain {
			t.Fatalf("Decode(%q) = %v, %v", text, f, err)
		}
		if p.EffectiveVariant(grid.Classic) != grid.Str8ts || p.EffectiveVariant(grid.Str8tsB) != grid.Str8tsB {
			t.Errorf("variant %s, want Str8ts (or the Str8ts variant asked for)", p.EffectiveVariant(grid.Classic))
		}
		for i, c := range p.Cells {
			if c.Value != want.Cells[i].Value || p.Black[i] != want.Black[i] {
				t.Fatalf("cell %d: %+v black %v, want %+v black %v", i, c, p.Black[i], want.Cells[i], want.Black[i])
			}
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatal(err)
		}
		if b.Layout().Variant != grid.Str8ts || b.Empty() != wantBoard.Empty() {
			t.Errorf("board: %s with %d empty cells", b.Layout().Variant, b.Empty())
		}
	}
	// Two fields of another shape are not the simple form.
	for _, text := range []string{"123 456", clues.String() + " " + strings.Repeat("2", 81)} {
		if _, _, ok := str8tsPlainFields(text, ""); ok {
			t.Errorf("%q read as the simple Str8ts form", text)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEncodePlainStr8ts: plain text of a Str8ts board is the simple form,
// its values (a black cell's clue, '.' for none) then its colours, which
// reads back as the same board: black cells, with and without a clue,
// apart from white ones, every digit a clue. Other boards are one symbol
// a cell.
func TestEncodePlainStr8ts(t *testing.T) {
	const (
		clues   = "5.8....3..79.2..4....3..2.6....8.4...64....1..134..............4.1...6.........97"
		colours = "110001100000110000001000000100000100110010011001000001000000100000011000001100011"
		classic = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	)
	lettered := strings.NewReplacer(".", "#", "1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I").Replace(clues)
	tests := []struct {
		name, text string
		charset    string
		variant    grid.Variant
		want       string
	}{
		{"Str8ts", clues + " " + colours, "", grid.Str8ts, clues + " " + colours},
		{"Str8ts B", clues + " " + colours, "", grid.Str8tsB, clues + " " + colours},
		// Written with a charset, read back with it.
		{"Str8ts, a charset", clues + " " + colours, "#ABCDEFGHI", grid.Str8ts, lettered + " " + colours},
		{"Str8ts, a charset of . blank", clues + " " + colours, ".abcdefghi", grid.Str8ts, strings.ReplaceAll(lettered, "#", ".") + " " + colours},
		// A comma or semicolon of the charset does not split the form.
		{"Str8ts, a charset of , blank", clues + " " + colours, ",abcdefghi", grid.Str8ts, strings.ReplaceAll(lettered, "#", ",") + " " + colours},
		{"Str8ts, a charset of ; blank", clues + " " + colours, ";abcdefghi", grid.Str8ts, strings.ReplaceAll(lettered, "#", ";") + " " + colours},
		{"classic", classic, "", grid.Classic, classic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _, err := Decode(tt.text, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := p.Board(tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			symbols := ""
			if tt.charset != "" {
				symbols = strings.ToUpper(tt.charset)
			}
			got := EncodePlain(b, symbols)
			if got != tt.want {
				t.Fatalf("EncodePlain = %q, want %q", got, tt.want)
			}
			back, _, err := Decode(got, DecodeOptions{Charset: tt.charset})
			if err != nil {
				t.Fatalf("Decode(%q): %v", got, err)
			}
			bb, err := back.Board(tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			for i := range b.Layout().Cells {
				if bb.Value(i) != b.Value(i) || bb.Layout().IsBlack(i) != b.Layout().IsBlack(i) {
					t.Fatalf("cell %d read back as %d (black %v), want %d (black %v)",
						i, bb.Value(i), bb.Layout().IsBlack(i), b.Value(i), b.Layout().IsBlack(i))
				}
			}
		})
	}
}

// TestEncodeFormatPlainStr8ts: the plain format (convert --to plain)
// writes a Str8ts in the simple form, which reads back as the same
// puzzle, and refuses Str8ts X, B and BX, which that form cannot name.
func TestEncodeFormatPlainStr8ts(t *testing.T) {
	const (
		clues   = "5.8....3..79.2..4....3..2.6....8.4...64....1..134..............4.1...6.........97"
		colours = "110001100000110000001000000100000100110010011001000001000000100000011000001100011"
	)
	p, _, err := Decode(clues+" "+colours, DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(clues, ".", "0") + " " + colours
	for _, tt := range []struct {
		variant grid.Variant
		want    string // "" for a refusal
	}{
		{grid.Str8ts, want},
		{grid.Str8tsX, ""},
		{grid.Str8tsB, ""},
		{grid.Str8tsBX, ""},
	} {
		t.Run(tt.variant.String(), func(t *testing.T) {
			q := *p
			q.Variant, q.VariantSet = tt.variant, true
			got, err := Encode(&q, FormatPlain)
			if tt.want == "" {
				if err == nil || !strings.Contains(err.Error(), "use v2") {
					t.Fatalf("Encode = %q, %v; want a refusal naming v2", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Encode = %q, %v; want %q", got, err, tt.want)
			}
			back, _, err := Decode(got, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if plainBody(back, DefaultCharset) != plainBody(p, DefaultCharset) || !slices.Equal(back.Black, p.Black) {
				t.Errorf("%q read back as another puzzle", got)
			}
		})
	}
}

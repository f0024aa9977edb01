package codec

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestV2Widths checks the field widths computed from N against the table of
// formats.md §6.4.
func TestV2Widths(t *testing.T) {
	tests := []struct {
		header string
		width  int
		length int // 0: not in the table
		max    int64
	}{
		{"S9B", 2, 165, 529}, {"X9B", 2, 165, 529}, {"W9B", 2, 165, 529}, {"C9B", 2, 165, 529},
		{"J9B", 3, 246, 8721}, {"L9B", 4, 327, 308753}, {"M9B", 5, 408, 4503057},
		{"K6C", 4, 147, 1310667}, {"D6C", 4, 147, 1310667}, {"K9C", 5, 408, 10485265},
		{"T9B", 2, 165, 539}, {"U9B", 2, 165, 539}, {"B9B", 2, 165, 539}, {"V9B", 2, 165, 539},
		{"S6B", 2, 75, 0}, {"S8B", 2, 0, 0}, {"SGB", 4, 0, 0}, {"SPB", 5, 0, 0},
		{"J6B", 2, 0, 0}, {"J8B", 3, 0, 0}, {"JGB", 5, 0, 0}, {"JPB", 6, 0, 0},
		{"L6B", 3, 0, 0}, {"L8B", 4, 0, 0}, {"LGB", 6, 0, 0}, {"LPB", 8, 0, 0},
		{"M6B", 4, 0, 0}, {"M8B", 5, 0, 0}, {"MGB", 7, 0, 0}, {"MPB", 9, 0, 0},
		{"K3C", 3, 30, 0}, {"K4C", 4, 0, 0}, {"K5C", 4, 0, 0}, {"K7C", 5, 0, 0}, {"K8C", 5, 0, 0},
		{"KGC", 6, 0, 0}, {"KPC", 8, 0, 0},
	}
	for _, tt := range tests {
		typ, _ := v2TypeByLetter(tt.header[0])
		n := tt.header[1] - '0'
		switch tt.header[1] {
		case 'G':
			n = 16
		case 'P':
			n = 25
		}
		comps := v2Components(typ.variant, int(n))
		if got := fieldWidth(comps); got != tt.width {
			t.Errorf("%s width = %d, want %d", tt.header, got, tt.width)
		}
		if got := 3 + int(n)*int(n)*fieldWidth(comps); tt.length != 0 && got != tt.length {
			t.Errorf("%s length = %d, want %d", tt.header, got, tt.length)
		}
		if got := fieldMax(comps); tt.max != 0 && got != tt.max {
			t.Errorf("%s max = %d, want %d", tt.header, got, tt.max)
		}
		if got, ok := V2Header(typ.variant, int(n)); !ok || got != tt.header {
			t.Errorf("V2Header(%v, %d) = %q, %v, want %q", typ.variant, n, got, ok, tt.header)
		}
	}
}

func TestV2RoundTripSizes(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9, 12, 16, 25} {
		l, err := grid.NewLayout(grid.Config{Size: n})
		if err != nil {
			t.Fatal(err)
		}
		b := grid.NewBoard(l)
		clues, entries := make([]uint8, l.Cells), make([]uint8, l.Cells)
		clues[0], entries[n+2] = 1, uint8(n)
		b.Reset(clues, entries)
		s, err := PackBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		p, err := DecodeV2(s)
		if err != nil {
			t.Fatalf("size %d: DecodeV2(%s): %v", n, s, err)
		}
		b2, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatal(err)
		}
		if s2, _ := PackBoard(b2); s2 != s {
			t.Errorf("size %d: round trip\n%s\n%s", n, s, s2)
		}
	}
}

func TestDecodeV2Errors(t *testing.T) {
	good := "S9B" + strings.Repeat("ep", 81)
	tests := []struct{ name, in, want string }{
		{"short", good[:164], "expected 165 characters for S9B, got 164"},
		{"version", "S9C" + good[3:], "version"},
		{"letter", "Q9B" + good[3:], "unknown 2.0 type letter"},
		{"range", "S9B" + "eq" + good[5:], "cell r1c1: value 530 exceeds 529"},
		{"not base36", "S9B" + "e!" + good[5:], "not base 36"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeV2(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestPackBoardOpenSingleCage checks that the packed board of the step
// stream is the board as it stands: a killer cage of one cell not yet
// placed stays open with its candidates (EncodeV2, for SudokuWiki, writes
// it solved), and reads back as the same board.
func TestPackBoardOpenSingleCage(t *testing.T) {
	// engine/solver/testdata/killer9-cage5.txt line 5: its cage of one
	// cell, 3 at r7c3, is the only one.
	const arrows = "P<L<V<<L<^>^R<^^L^^R^^>>>^^^^<^N<<<^>^U^O^J<PW>^<^>^U^^^3F^<^^^^>>^V^>^^^<^>^<<^^"
	p, _, err := Decode(arrows, DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	const cell = 6*9 + 2 // r7c3
	single := -1
	for k, cg := range b.Layout().Cages() {
		if len(cg.Cells) == 1 {
			single = k
		}
	}
	if single < 0 || b.Layout().Cage(single).Cells[0] != cell || b.Value(cell) != 0 {
		t.Fatalf("fixture: cage of one cell %d, r7c3 value %d; want r7c3's, open", single, b.Value(cell))
	}
	s, err := PackBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := DecodeV2(s)
	if err != nil {
		t.Fatalf("DecodeV2(%s): %v", s, err)
	}
	b2, err := p2.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	if b2.Value(cell) != 0 || b2.Cands(cell) != b.Cands(cell) {
		t.Errorf("packed board reads back with r7c3 = %d, candidates %v; want open with %v", b2.Value(cell), b2.Cands(cell), b.Cands(cell))
	}
	if got := len(b2.Layout().Cages()); got != len(b.Layout().Cages()) {
		t.Errorf("packed board reads back with %d cages, want %d", got, len(b.Layout().Cages()))
	}
	if s2, _ := PackBoard(b2); s2 != s {
		t.Errorf("round trip\n%s\n%s", s, s2)
	}
	// A puzzle's own 2.0 string writes the cage solved, as SudokuWiki does.
	e, err := EncodeV2(p)
	if err != nil {
		t.Fatal(err)
	}
	p3, err := DecodeV2(e)
	if err != nil {
		t.Fatal(err)
	}
	if p3.Cells[cell].Value != 3 {
		t.Errorf("EncodeV2 writes r7c3 as %v, want solved 3", p3.Cells[cell])
	}
}

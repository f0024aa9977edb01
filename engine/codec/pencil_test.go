package codec

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestDecodePencilGridViewer reads the web viewer's Copy grid of a
// classic and a 16×16 position back: every cell's digit or pencil marks
// are those of the position the viewer showed (its pencil marks as the
// viewer's bits, digit d at bit d-1; its digits, where recorded).
func TestDecodePencilGridViewer(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int
	}{{"classic", 9}, {"16x16", 16}} {
		t.Run(tt.name, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("testdata", "pencil", tt.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(filepath.Join("testdata", "pencil", tt.name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Vals  []int         `json:"vals"`
				Cands []grid.Digits `json:"cands"`
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			for _, f := range []Format{FormatAuto, FormatPlain, FormatGrid} {
				p, got, err := Decode(string(text), DecodeOptions{Format: f})
				if err != nil {
					t.Fatalf("%v: %v", f, err)
				}
				if p.Size != tt.n || got != max(f, FormatPlain) {
					t.Fatalf("%v: read a %d×%d %v, want a %d×%d", f, p.Size, p.Size, got, tt.n, tt.n)
				}
				marks := 0
				for i, c := range p.Cells {
					switch {
					case want.Cands[i] != 0:
						if c.Value != 0 || c.Cand != want.Cands[i] {
							t.Errorf("r%dc%d: %+v, want pencil marks %b", i/tt.n+1, i%tt.n+1, c, want.Cands[i])
						}
						marks++
					case c.Value == 0 || !c.Given || want.Vals != nil && c.Value != want.Vals[i]:
						t.Errorf("r%dc%d: %+v, want a digit", i/tt.n+1, i%tt.n+1, c)
					}
				}
				if marks < tt.n*tt.n/3 {
					t.Errorf("%d cells with pencil marks, want the position's many", marks)
				}
			}
		})
	}
}

// TestDecodePencilGrid reads pencil-mark grids drawn in the forms the
// programs that write them use, refuses what cannot be read with the
// cell and the reason, and leaves plain text drawn alike to plain text.
func TestDecodePencilGrid(t *testing.T) {
	const hodoku = `.-----------.-----------.
| 1    234  | 234  234  |
| 234  234  | 1234 1234 |
:-----------+-----------:
| 234  1234 | 1234 1234 |
| 234  1234 | 1234 1234 |
'-----------'-----------'`
	const explainer = `+-----------+-----------+
| 1    234  | 34   2    |
| 34   2    | 1    34   |
+-----------+-----------+
| 2    1    | 34   34   |
| 34   34   | 2    1    |
+-----------+-----------+`
	const boxes = "┌──────────┬──────────┐\n│ 1    234 │ 34   2   │\n│ 34   2   │ 1    34  │\n├──────────┼──────────┤\n│ 2    1   │ 34   34  │\n│ 34   34  │ 2    1   │\n└──────────┴──────────┘"
	tests := []struct {
		name    string
		text    string
		o       DecodeOptions
		cell    int // a cell to check
		want    grid.CellState
		wantErr string
	}{
		{"HoDoKu's borders", hodoku, DecodeOptions{}, 1, grid.CellState{Cand: grid.Bit(2) | grid.Bit(3) | grid.Bit(4)}, ""},
		{"HoDoKu's borders, a digit", hodoku, DecodeOptions{}, 0, grid.CellState{Value: 1, Given: true}, ""},
		{"Sudoku Explainer's borders", explainer, DecodeOptions{}, 2, grid.CellState{Cand: grid.Bit(3) | grid.Bit(4)}, ""},
		{"box drawing", boxes, DecodeOptions{}, 5, grid.CellState{Value: 2, Given: true}, ""},
		{"a charset", strings.NewReplacer("1", "A", "2", "B", "3", "C", "4", "D").Replace(explainer), DecodeOptions{Charset: ".ABCD"}, 2, grid.CellState{Cand: grid.Bit(3) | grid.Bit(4)}, ""},
		{"a charset of the blank '#'", "A BC # #\n# # A B\nB A CD CD\n# # B A", DecodeOptions{Charset: "#ABCD"}, 2, grid.CellState{}, ""},
		{"a charset of the blank '#', pencil marks", "A BC # #\n# # A B\nB A CD CD\n# # B A", DecodeOptions{Charset: "#ABCD"}, 1, grid.CellState{Cand: grid.Bit(2) | grid.Bit(3)}, ""},
		{"a charset whose digit 1 is '0'", "0 12 3 12\n3 12 0 12\n12 0 12 3\n12 3 12 0", DecodeOptions{Charset: ".0123"}, 6, grid.CellState{Value: 1, Given: true}, ""},
		{"a charset whose digit 1 is '0', pencil marks", "0 12 3 12\n3 12 0 12\n12 0 12 3\n12 3 12 0", DecodeOptions{Charset: ".0123"}, 1, grid.CellState{Cand: grid.Bit(2) | grid.Bit(3)}, ""},
		{"a region map", explainer, DecodeOptions{RegionMap: "1122\n1122\n3344\n3344"}, 2, grid.CellState{Cand: grid.Bit(3) | grid.Bit(4)}, ""},
		{"a digit past the size", strings.Replace(explainer, "234", "235", 1), DecodeOptions{}, 0, grid.CellState{}, `r1c2 of the 4×4 pencil-mark grid holds "235", which is no digit of 1..4 (symbols 1234)`},
		{"a black cell", strings.Replace(explainer, "234", "#3", 1), DecodeOptions{}, 0, grid.CellState{}, "r1c2 of the pencil-mark grid is a black cell (#3)"},
		{"a bad region map", explainer, DecodeOptions{RegionMap: "1122"}, 0, grid.CellState{}, "region map has 4 cells, the 4×4 puzzle has 16"},
		{"no borders", "1 234 | 34 2\n34 2 | 1 34\n2 1 | 34 34\n34 34 | 2 1", DecodeOptions{}, 2, grid.CellState{Cand: grid.Bit(3) | grid.Bit(4)}, ""},
		{"rows of numbers, no borders: the plain reading's error", "10 11 12 13\n1 2 3 4\n5 6 7 8\n9 1 2 3", DecodeOptions{}, 0, grid.CellState{}, "found 20 cells"},
		{"plain text drawn alike", "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1", DecodeOptions{}, 2, grid.CellState{Value: 3, Given: true}, ""},
		{"plain text parted by commas", "1, 0, 3, 0\n0, 4, 0, 0\n2, 0, 0, 3\n0, 0, 0, 1", DecodeOptions{}, 5, grid.CellState{Value: 4, Given: true}, ""},
		{"plain text parted by semicolons", "1; 0; 3; 0\n0; 4; 0; 0\n2; 0; 0; 3\n0; 0; 0; 1", DecodeOptions{}, 2, grid.CellState{Value: 3, Given: true}, ""},
		{"pencil marks parted by commas", "1, 234, 34, 2\n34, 2, 1, 34\n2, 1, 34, 34\n34, 34, 2, 1", DecodeOptions{}, 1, grid.CellState{Cand: grid.Bit(2) | grid.Bit(3) | grid.Bit(4)}, ""},
		{"plain rows of one field", "123456789\n456789123\n789123456\n234567891\n567891234\n891234567\n345678912\n678912345\n912345678", DecodeOptions{}, 9, grid.CellState{Value: 4, Given: true}, ""},
	}
	for _, tt := range tests {
		p, _, err := Decode(tt.text, tt.o)
		if tt.wantErr != "" {
			var fe *grid.FieldError
			if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want a field error containing %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := p.Cells[tt.cell]; got != tt.want {
			t.Errorf("%s: cell %d is %+v, want %+v", tt.name, tt.cell, got, tt.want)
		}
		if tt.o.RegionMap != "" && p.Regions == nil {
			t.Errorf("%s: no regions read from the map", tt.name)
		}
	}
}

// viewerPosition reads testdata/pencil/classic.txt, the viewer's Copy grid
// of a classic position at its seventh step: its text and its puzzle.
func viewerPosition(t *testing.T) (string, *Puzzle) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "pencil", "classic.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := Decode(string(text), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return string(text), p
}

// TestEncodePencilGrid: a puzzle whose pencil marks say more than its
// digits is written as a pencil-mark grid, the viewer's Copy grid byte
// for byte, which reads back the same; one whose marks say nothing more,
// or cannot be written so as to read back the same (a cell of one mark
// that a peer still holds, read back as a digit), as a grid of digits.
func TestEncodePencilGrid(t *testing.T) {
	text, p := viewerPosition(t)
	got, err := EncodeGrid(p)
	if err != nil || got != text {
		t.Fatalf("EncodeGrid of the viewer's grid = %v\n%s\nwant it as read:\n%s", err, got, text)
	}

	pending := *p
	pending.Cells = slices.Clone(p.Cells)
	pending.Cells[1].Cand = grid.Bit(9) // r1c2, whose row's r1c4 still holds 9
	bare := *p
	bare.Cells = slices.Clone(p.Cells)
	for i := range bare.Cells {
		bare.Cells[i].Cand = 0
	}
	// Every empty cell of one mark no peer holds: a pencil-mark grid of it
	// would have no cell of two digits, which reads as none.
	singles, _, err := Decode("0000000021434321", DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range []int{1, 2, 3, 4, 3, 4, 1, 2} {
		singles.Cells[i].Cand = grid.Bit(d)
	}
	for _, tt := range []struct {
		name string
		p    *Puzzle
		want string // the grid's first line
	}{
		{"a single mark a peer holds", &pending, "4 . 7 | "},
		{"no marks", &bare, "4 . 7 | "},
		{"every mark single", singles, ". . | . .\n"},
	} {
		got, err := EncodeGrid(tt.p)
		if err != nil || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: EncodeGrid = %v\n%s\nwant a grid of digits", tt.name, err, got)
		}
	}
}

// TestMarksBeyondDigits counts the cells whose pencil marks say more than
// the digits: 8 in the viewer's position at its seventh step, none once
// its marks are dropped.
func TestMarksBeyondDigits(t *testing.T) {
	_, p := viewerPosition(t)
	if got := p.MarksBeyondDigits(grid.Classic); got != 8 {
		t.Errorf("MarksBeyondDigits = %d, want 8", got)
	}
	for i := range p.Cells {
		p.Cells[i].Cand = 0
	}
	if got := p.MarksBeyondDigits(grid.Classic); got != 0 {
		t.Errorf("MarksBeyondDigits without marks = %d, want 0", got)
	}
}

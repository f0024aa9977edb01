package codec

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// The fuzz targets feed arbitrary text to every decoder: a decoder either
// returns a *grid.FieldError or a puzzle that survives encoding in its own format
// and every other one (see checkStable). Their seed corpora, from the
// shared vectors and the crashers found, are in testdata/fuzz.

// fuzzDecoded checks what a decoder returned for s.
func fuzzDecoded(t *testing.T, p *Puzzle, err error) bool {
	t.Helper()
	if err != nil {
		var e *grid.FieldError
		if !errors.As(err, &e) {
			t.Fatalf("error %v is %T, not *grid.FieldError", err, err)
		}
		return false
	}
	if p.Size < 2 || len(p.Cells) != p.Size*p.Size {
		t.Fatalf("%d cells for size %d", len(p.Cells), p.Size)
	}
	return true
}

// checkOwnFormat checks that p, decoded from format f, comes back
// unchanged from encoding in f and decoding, but for the empty cells of
// killer cages of one cell, which encoders of formats with cells write as
// solved (killer v1 without progress, the killer arrow and SudoCue forms
// have none).
func checkOwnFormat(t *testing.T, p *Puzzle, f Format) {
	t.Helper()
	s, err := Encode(p, f)
	if err != nil {
		t.Fatalf("Encode(%v) of a decoded puzzle: %v", f, err)
	}
	p2, _, err := Decode(s, DecodeOptions{Format: f})
	if err != nil {
		t.Fatalf("Decode(%v) of\n%s\n%v", f, s, err)
	}
	cellsWritten := f != FormatKillerV1 || p.Marks || slices.ContainsFunc(p.Cells, func(c grid.CellState) bool { return c.Value != 0 })
	cellsWritten = cellsWritten && f != FormatKillerArrows && f != FormatSudoCue
	if (p.Variant == grid.Killer || p.Variant == grid.KillerJigsaw) && cellsWritten {
		want := *p
		want.Cells = slices.Clone(p.Cells)
		for _, cg := range p.Cages {
			if c := cg.Cells[0]; len(cg.Cells) == 1 && cg.Target <= p.Size && p.Cells[c].Value == 0 {
				want.Cells[c] = grid.CellState{Value: cg.Target}
			}
		}
		p = &want
	}
	if !reflect.DeepEqual(p2, p) {
		t.Fatalf("round trip through %s changed the puzzle:\ngot  %+v\nwant %+v", s, p2, p)
	}
}

// fuzzDecoder fuzzes decode from seeds, strict and, when tolerantToo, in
// tolerant mode as well: it must return a *grid.FieldError or a puzzle
// that passes checkStable and, unless own is FormatAuto, checkOwnFormat in
// own.
func fuzzDecoder(f *testing.F, decode func(s string, tolerant bool) (*Puzzle, error), tolerantToo bool, own Format, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	modes := []bool{false}
	if tolerantToo {
		modes = append(modes, true)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tolerant := range modes {
			p, err := decode(s, tolerant)
			if !fuzzDecoded(t, p, err) {
				continue
			}
			if own != FormatAuto {
				checkOwnFormat(t, p, own)
			}
			checkStable(t, p)
		}
	})
}

// strict adapts a decoder without a tolerant mode.
func strict(decode func(string) (*Puzzle, error)) func(string, bool) (*Puzzle, error) {
	return func(s string, _ bool) (*Puzzle, error) { return decode(s) }
}

func FuzzDecodeV2(f *testing.F) {
	fuzzDecoder(f, decodeV2, true, FormatV2,
		"S9B"+strings.Repeat("ep", 81), "J4B"+strings.Repeat("00f", 16), "K3C"+strings.Repeat("00d", 9))
}

func FuzzDecodeV1(f *testing.F) {
	fuzzDecoder(f, strict(DecodeV1), false, FormatV1, strings.Repeat("vu", 81), strings.Repeat("03", 81))
}

func FuzzDecodeKillerV1(f *testing.F) {
	fuzzDecoder(f, strict(DecodeKillerV1), false, FormatKillerV1,
		strings.Repeat("1", 81)+","+"45"+strings.Repeat("0", 160), strings.Repeat("00", 81)+"%2C"+strings.Repeat("vu", 81))
}

func FuzzDecodeKillerArrows(f *testing.F) {
	fuzzDecoder(f, strict(DecodeKillerArrows), false, FormatKillerArrows,
		arrowsTarek, arrowsZeroHead, arrowsDiagonal, arrowsBare, "0"+strings.Repeat("<", 80), "j"+strings.Repeat("`", 80))
}

func FuzzDecodeSudoCue(f *testing.F) {
	fuzzDecoder(f, strict(DecodeSudoCue), false, FormatSudoCue,
		sudoCueExample, sudoCueKillerX, "3x3:d:k:"+strings.Repeat("11521:", 81), "3x3::k:"+strings.Repeat("0:", 80)+"0")
}

func FuzzDecodeJigsawV1(f *testing.F) {
	fuzzDecoder(f, strict(DecodeJigsawV1), false, FormatAuto,
		"shape=33&bd="+strings.Repeat("0", 81)+"&jigmap="+strings.Repeat("123456789", 9))
}

func FuzzDecodeURL(f *testing.F) {
	fuzzDecoder(f, decodeURL, true, FormatAuto,
		"https://www.sudokuwiki.org/SudokuX.aspx?bd="+strings.Repeat("0", 81),
		"https://www.sudokuwiki.org/sudoku.htm?bd=S9B"+strings.Repeat("ep", 81),
		"https://www.sudokuwiki.org/killersudoku.aspx?bd="+strings.Repeat("1", 81)+"%2C"+"45"+strings.Repeat("0", 160))
}

func FuzzDecode(f *testing.F) {
	decode := func(s string, tolerant bool) (*Puzzle, error) {
		p, _, err := Decode(s, DecodeOptions{Tolerant: tolerant})
		return p, err
	}
	fuzzDecoder(f, decode, true, FormatAuto, seedFirst, "S9B"+strings.Repeat("ep", 81), strings.Repeat("vu", 81), "#A#B\n####\nC#D#\n####", arrowsDiagonal, sudoCueExample,
		".-----.-----.\n| 1 23 | 4 23 |\n| 23 4 | 1 23 |\n:-----+-----:\n| 4 1 | 23 23 |\n| 23 23 | 23 1 |\n'-----'-----'")
}

// FuzzDecodeStr8ts fuzzes the Str8ts strings (T, U, B, V), strict and
// tolerant: the decoder returns a *grid.FieldError or a puzzle that
// survives encoding; such a puzzle builds a board or fails with a
// *grid.FieldError, and on a board the engine's Check, the Str8ts
// strategies and a bounded exact search run without panicking, the
// search's solutions keeping the clues and the straights.
func FuzzDecodeStr8ts(f *testing.F) {
	easy1 := "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"
	for _, s := range []string{easy1, "T9B" + strings.Repeat("ez", 81), "U9B0a" + strings.Repeat("ez", 80), "B9B0g0a" + strings.Repeat("00", 79), "V9B" + strings.Repeat("0a", 81), "T6B" + strings.Repeat("0b", 36), "T4B0a0102030401"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tolerant := range []bool{false, true} {
			p, err := decodeV2(s, tolerant)
			if !fuzzDecoded(t, p, err) {
				continue
			}
			checkOwnFormat(t, p, FormatV2)
			if !p.Variant.IsStr8ts() {
				continue
			}
			b, err := p.Board(p.Variant)
			if err != nil {
				var fe *grid.FieldError
				if !errors.As(err, &fe) {
					t.Fatalf("board of %s: error %v is %T, not *grid.FieldError", s, err, err)
				}
				continue
			}
			fuzzStr8tsBoard(t, b)
		}
	})
}

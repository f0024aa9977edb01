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
// killer cages of one cell, which encoders write as solved.
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
	fuzzDecoder(f, decode, true, FormatAuto, seedFirst, "S9B"+strings.Repeat("ep", 81), strings.Repeat("vu", 81), "#A#B\n####\nC#D#\n####")
}

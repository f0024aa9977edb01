package codec

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/sudokuwise/solver/engine/grid"
)

// SudokuWiki's killer v1 strings, for 9×9 killers, come in two forms
// separated by a comma (which may arrive URL-encoded as %2C):
//
//   - unpacked ("version A"): 81 colour digits 1-9, a comma, then 81
//     two-digit decimal cage sums (162 digits), a sum in one cell of its
//     cage (SudokuWiki uses the first in row-major order) and 00
//     elsewhere. It has no progress: no digits, no candidates.
//   - packed (9 May 2024): two 162-character base-32 strings, two
//     characters a cell. The first holds (sum << 3) + (colour − 1), colours
//     1-8; the second the cell's mask << 1 as in v1 strings, where a single
//     digit is a solved cell (the flag bit is unused and ignored).
//
// A cage is a maximal orthogonally connected area of one colour (see
// cage.go).

const maxKillerV1Sum = 45

// DecodeKillerV1 decodes a killer v1 string, unpacked or packed.
func DecodeKillerV1(s string) (*Puzzle, error) {
	s = strings.NewReplacer("%2C", ",", "%2c", ",").Replace(strings.TrimSpace(s))
	left, right, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(right, ",") {
		return nil, grid.FieldErrorf("text", "a killer v1 string is two parts separated by one comma, got %d parts", strings.Count(s, ",")+1)
	}
	switch {
	case len(left) == 81 && len(right) == 2*81:
		return decodeKillerUnpacked(left, right)
	case len(left) == v1Len && len(right) == v1Len:
		return decodeKillerPacked(left, right)
	}
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		// A space after the comma, or a line wrapped by a mail program:
		// the lengths counted it.
		l, r := strings.Join(strings.Fields(left), ""), strings.Join(strings.Fields(right), "")
		if len(l) == 81 && len(r) == 2*81 || len(l) == v1Len && len(r) == v1Len {
			return nil, grid.FieldErrorf("text", "the text is a killer v1 string broken by white space (at position %d), as a mail program wraps a long line: remove the spaces and line breaks", i+1)
		}
	}
	return nil, grid.FieldErrorf("text", "expected 81 colours and 162 sum digits (unpacked killer v1) or two 162-character halves (packed), got %d and %d characters", len(left), len(right))
}

func decodeKillerUnpacked(colours, sums string) (*Puzzle, error) {
	colour := make([]int, 81)
	sum := make([]int64, 81)
	for cell := range 81 {
		c := colours[cell]
		if c < '1' || c > '9' {
			return nil, grid.FieldErrorf("text", "cell %s: colour %q at position %d is not 1-9", cellName(9, cell), c, cell+1)
		}
		colour[cell] = int(c - '0')
		field := sums[2*cell : 2*cell+2]
		if !isDigits(field, 10) {
			return nil, grid.FieldErrorf("text", "cell %s: sum %q at position %d is not two decimal digits", cellName(9, cell), field, 82+2*cell+1)
		}
		sum[cell] = int64(field[0]-'0')*10 + int64(field[1]-'0')
		if sum[cell] > maxKillerV1Sum {
			return nil, grid.FieldErrorf("text", "cell %s: sum %d exceeds %d", cellName(9, cell), sum[cell], maxKillerV1Sum)
		}
	}
	cages, err := killerCages("killer v1", 9, colour, sum)
	if err != nil {
		return nil, err
	}
	return &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Cages: cages, Colours: colour, Cells: make([]grid.CellState, 81)}, nil
}

func decodeKillerPacked(cages, cands string) (*Puzzle, error) {
	colour := make([]int, 81)
	sum := make([]int64, 81)
	p := &Puzzle{Size: 9, Variant: grid.Killer, VariantSet: true, Colours: colour, Cells: make([]grid.CellState, 81), Marks: true}
	for cell := range 81 {
		x, err := v1Field(cages, cell, 0)
		if err != nil {
			return nil, err
		}
		colour[cell], sum[cell] = int(x&7)+1, x>>3
		if sum[cell] > maxKillerV1Sum {
			return nil, grid.FieldErrorf("text", "cell %s: sum %d exceeds %d", cellName(9, cell), sum[cell], maxKillerV1Sum)
		}
		if x, err = v1Field(cands, cell, v1Len+1); err != nil {
			return nil, err
		}
		c := v1Cell(x)
		c.Given = false
		p.Cells[cell] = c
	}
	var err error
	if p.Cages, err = killerCages("killer v1", 9, colour, sum); err != nil {
		return nil, err
	}
	return p, nil
}

// EncodeKillerV1 renders a 9×9 killer as a killer v1 string: packed when
// the puzzle carries marks or digits, unpacked otherwise. A one-cell cage
// is written as a solved cell in the packed form, as SudokuWiki does; the
// packed form has no clue flag, so clues are written as solved cells.
func EncodeKillerV1(p *Puzzle) (string, error) {
	if err := checkPuzzle(p); err != nil {
		return "", err
	}
	v := p.EffectiveVariant(grid.Classic)
	if !p.VariantSet && len(p.Cages) > 0 {
		v = p.EffectiveVariant(grid.Killer)
	}
	switch {
	case v == grid.KillerJigsaw || p.Regions != nil && !grid.IsRegular(p.Size, p.Regions):
		return "", grid.FieldErrorf("board", "killer v1 strings have no jigsaw regions; use jigsaw-v1 or v2")
	case v != grid.Killer:
		return "", grid.FieldErrorf("board", "killer v1 strings hold killers, not %s boards", v)
	case p.Size != 9:
		return "", grid.FieldErrorf("board", "killer v1 strings hold 9×9 boards, not %d×%d", p.Size, p.Size)
	}
	return killerV1Body(p)
}

// killerV1Body renders the cages and cells of a 9×9 puzzle as a killer v1
// string (see EncodeKillerV1).
func killerV1Body(p *Puzzle) (string, error) {
	packed := p.Marks
	for _, c := range p.Cells {
		packed = packed || c.Value != 0
	}
	maxColours := 9
	if packed {
		maxColours = 8
	}
	f, err := cageFieldsOf(p, "killer v1", false, maxColours, maxKillerV1Sum)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if !packed {
		b.Grow(81 + 1 + 2*81)
		for _, c := range f.colour {
			b.WriteByte(byte('0' + c))
		}
		b.WriteByte(',')
		for _, x := range f.clue {
			if x < 10 {
				b.WriteByte('0')
			}
			b.WriteString(strconv.FormatInt(x, 10))
		}
		return b.String(), nil
	}
	b.Grow(2*v1Len + 1)
	for cell, c := range f.colour {
		appendBase32(&b, f.clue[cell]<<3+int64(c-1))
	}
	b.WriteByte(',')
	for cell, c := range p.Cells {
		if c.Value == 0 && f.single[cell] != 0 {
			c = grid.CellState{Value: f.single[cell]}
		}
		appendBase32(&b, v1Mask(c, p.Marks)<<1)
	}
	return b.String(), nil
}

package codec

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// SudokuWiki "String Definitions 2.0": a 3-character header (type letter,
// size in base 36, version letter) and N×N fixed-width base-36 fields, one a
// cell. Each field packs components with the shift transform: every
// component k has a range [lo, hi] and takes bitlen(hi-lo) bits, most
// significant first; the field width is the number of base-36 digits of the
// largest composite value. See ../shared/docs/formats.md §6.
//
// The components of each type, most significant first:
//
//	S, X, W, C  value
//	J           box, value
//	L           colour, sum, value
//	M           box, colour, sum, value
//	K, D        colour, cage content, value
//	T, U, B, V  Str8ts value
//
// value is 0 for an empty cell, d for a clue, N+d for a solved cell and
// 2N+mask for candidates (Str8ts: see str8ts.go). Box labels are 1..N. A
// cage is a maximal orthogonally connected area of one colour (1..5); a
// killer sum, or a KenKen target, sits in one cell of its cage, and a
// KenKen operator in the cell right of the target, else below it.

// component is one packed part of a cell's field: its name in errors and
// its range.
type component struct {
	name   string
	lo, hi int64
}

func (c component) bits() uint { return uint(bits.Len64(uint64(c.hi - c.lo))) }

// fieldMax returns the largest composite value of the components.
func fieldMax(comps []component) int64 {
	var max int64
	for _, c := range comps {
		max = max<<c.bits() + (c.hi - c.lo)
	}
	return max
}

// fieldWidth returns the base-36 width of a field of the components.
func fieldWidth(comps []component) int {
	return len(strconv.FormatInt(fieldMax(comps), 36))
}

func pack(comps []component, values []int64) int64 {
	var v int64
	for i, c := range comps {
		v = v<<c.bits() + (values[i] - c.lo)
	}
	return v
}

// unpack splits v into component values. It returns -1 when every
// component is in range, else the index of the first one out of range
// (from the least significant), or len(comps) when bits are left over.
func unpack(comps []component, v int64, values []int64) int {
	for i := len(comps) - 1; i >= 0; i-- {
		c := comps[i]
		b := c.bits()
		values[i] = v&(1<<b-1) + c.lo
		v >>= b
		if values[i] > c.hi {
			return i
		}
	}
	if v != 0 {
		return len(comps)
	}
	return -1
}

// maxV2Colours is the number of cage colours a 2.0 string can hold.
const maxV2Colours = 5

// ccRange is the range of the cell-content component for size n:
// 0 empty, d clue, n+d solved, 2n+mask candidates.
func ccRange(n int) component {
	return component{"value", 0, int64(2*n) + int64(grid.AllDigits(n))}
}

// killerSumMax is the largest killer cage sum of size n: a whole unit.
func killerSumMax(n int) int64 { return int64(n * (n + 1) / 2) }

// kenKenContentMax is the largest KenKen cage content (target or operator
// code) of size n: min(2047, n³(n−1)(n−2)).
func kenKenContentMax(n int) int64 {
	m := int64(n) * int64(n) * int64(n) * int64(n-1) * int64(n-2)
	return min(m, 2047)
}

// v2Type is one type letter of the 2.0 scheme.
type v2Type struct {
	letter  byte
	version byte // the current version letter
	variant grid.Variant
}

var v2Types = [...]v2Type{
	{'S', 'B', grid.Classic}, {'X', 'B', grid.X}, {'W', 'B', grid.Windoku}, {'C', 'B', grid.Colour},
	{'J', 'B', grid.Jigsaw}, {'L', 'B', grid.Killer}, {'M', 'B', grid.KillerJigsaw},
	{'K', 'C', grid.KenKen}, {'D', 'C', grid.KenDoku},
	{'T', 'B', grid.Str8ts}, {'U', 'B', grid.Str8tsX}, {'B', 'B', grid.Str8tsB}, {'V', 'B', grid.Str8tsBX},
}

func v2TypeByLetter(letter byte) (v2Type, bool) {
	for _, t := range v2Types {
		if t.letter == letter {
			return t, true
		}
	}
	return v2Type{}, false
}

func v2TypeByVariant(v grid.Variant) (v2Type, bool) {
	for _, t := range v2Types {
		if t.variant == v {
			return t, true
		}
	}
	return v2Type{}, false
}

// v2Components returns the components of a field of the variant's type.
func v2Components(v grid.Variant, n int) []component {
	var comps []component
	if v.Irregular() {
		comps = append(comps, component{"box", 1, int64(n)})
	}
	if v.HasCages() {
		comps = append(comps, component{"colour", 1, maxV2Colours})
		if v.Arithmetic() {
			comps = append(comps, component{"cage content", 0, kenKenContentMax(n)})
		} else {
			comps = append(comps, component{"sum", 0, killerSumMax(n)})
		}
	}
	if v.IsStr8ts() {
		return append(comps, str8tsRange(n))
	}
	return append(comps, ccRange(n))
}

// v2SizeOK checks that a board of the variant can have size n in a 2.0
// string: boxed types need the regular boxes of the size, KenKen needs room
// for its targets.
func v2SizeOK(v grid.Variant, n int) error {
	if n < 2 || n > grid.MaxSize {
		return fmt.Errorf("size %d is out of range 2..%d", n, grid.MaxSize)
	}
	if v.HasBoxes() && !v.Irregular() {
		rows, cols, ok := grid.BoxShape(n)
		if !ok {
			return fmt.Errorf("%s board of size %d has no regular boxes", v.WithArticle(), n)
		}
		if v == grid.Windoku && rows != cols {
			return fmt.Errorf("windoku needs square boxes, size %d has none", n)
		}
	}
	if v.Arithmetic() && n < 3 {
		return fmt.Errorf("%s board needs a size of at least 3, not %d", v.WithArticle(), n)
	}
	return nil
}

// V2Header returns the 2.0 header of a board of the variant and size, e.g.
// "S9B", "J9B", "L9B", "K6C"; ok is false when the variant has no 2.0 type
// or a board of its type cannot have that size.
func V2Header(v grid.Variant, n int) (header string, ok bool) {
	t, ok := v2TypeByVariant(v)
	if !ok || v2SizeOK(v, n) != nil {
		return "", false
	}
	return v2HeaderString(t.letter, n, t.version), true
}

func v2HeaderString(letter byte, n int, version byte) string {
	return string(letter) + strings.ToUpper(strconv.FormatInt(int64(n), 36)) + string(version)
}

// v2Header is the parsed header of a 2.0 string.
type v2Header struct {
	typ     v2Type
	n       int
	version byte
	comps   []component
	width   int
}

func (h *v2Header) name() string { return v2HeaderString(h.typ.letter, h.n, h.version) }

// parseV2Header reads the header of a 2.0 string and checks the string's
// length. Tolerant decoding also takes K and D strings of version B, read
// as version C.
func parseV2Header(s string, tolerant bool) (*v2Header, error) {
	if len(s) < 3 {
		return nil, grid.FieldErrorf("text", "a 2.0 string needs a 3-character header, got %q", s)
	}
	t, ok := v2TypeByLetter(upper(s[0]))
	if !ok {
		return nil, grid.FieldErrorf("text", "unknown 2.0 type letter %q", s[0])
	}
	size, err := strconv.ParseInt(s[1:2], 36, 64)
	if err != nil || !isDigits(s[1:2], 36) || size < 2 {
		return nil, grid.FieldErrorf("text", "bad 2.0 size code %q", s[1])
	}
	n := int(size)
	if err := v2SizeOK(t.variant, n); err != nil {
		return nil, grid.FieldErrorf("text", "%s: %v", s[:3], err)
	}
	h := &v2Header{typ: t, n: n, version: upper(s[2])}
	if h.version != t.version {
		if t.variant.Arithmetic() && h.version == 'B' {
			if !tolerant {
				return nil, grid.FieldErrorf("text", "%s strings are not supported: two incompatible layouts circulated under version B; use %s, or decode tolerantly (DecodeOptions.Tolerant; the API's Puzzle.tolerant; solverctl --tolerant) to read it as version C",
					h.name(), v2HeaderString(t.letter, n, t.version))
			}
		} else {
			return nil, grid.FieldErrorf("text", "version %q of %c strings is not supported (want %c)", s[2], t.letter, t.version)
		}
	}
	h.comps = v2Components(t.variant, n)
	h.width = fieldWidth(h.comps)
	if want := 3 + n*n*h.width; len(s) != want {
		return nil, grid.FieldErrorf("text", "expected %d characters for %s, got %d", want, h.name(), len(s))
	}
	return h, nil
}

// IsV2 reports whether s starts like a 2.0 string of a known type and has
// the length that type and size need (the version letter is not checked).
func IsV2(s string) bool {
	_, err := parseV2Header(s, true)
	if err == nil {
		return true
	}
	// Only the version can be wrong: check the length with the current one.
	if len(s) < 3 {
		return false
	}
	t, ok := v2TypeByLetter(upper(s[0]))
	if !ok {
		return false
	}
	_, err = parseV2Header(s[:2]+string(t.version)+s[3:], true)
	return err == nil
}

// looksV2Header reports whether s starts with something shaped like a 2.0
// header: a type letter, a size code and a letter.
func looksV2Header(s string) bool {
	if len(s) < 3 {
		return false
	}
	_, ok := v2TypeByLetter(upper(s[0]))
	v := upper(s[2])
	return ok && isDigits(s[1:2], 36) && v >= 'A' && v <= 'Z'
}

// DecodeV2 decodes a SudokuWiki 2.0 string of any type: S, X, W, C, J, L,
// M, K, D, T, U, B or V. See DecodeOptions.Tolerant for what tolerant
// decoding (through Decode) adds.
//
// Strings of the interim base-32 period (S, X, W and C strings published
// early in November 2024 with base-32 fields) are read as base 32 when
// their base-36 reading has a field out of range, while their base-32
// reading is valid, has clues and has no candidate or digit that a peer
// also holds. Decoding tolerantly (see DecodeOptions) also reads them as
// base 32 when the base-36 reading is valid but has such conflicts. A
// string with any of w-z is base 36. Every string EncodeV2 writes is in
// range, so strict decoding never misreads one as base 32.
func DecodeV2(s string) (*Puzzle, error) { return decodeV2(s, false) }

func decodeV2(s string, tolerant bool) (*Puzzle, error) {
	h, err := parseV2Header(s, tolerant)
	if err != nil {
		return nil, err
	}
	p, err := h.decode(s, 36, tolerant)
	if h.typ.variant.Irregular() || h.typ.variant.HasCages() || h.typ.variant.IsStr8ts() || !isDigits(s[3:], 32) {
		return p, err
	}
	if err == nil && (!tolerant || !contradicts(p)) {
		return p, nil
	}
	if p32, err32 := h.decode(s, 32, tolerant); err32 == nil && hasClues(p32) && !contradicts(p32) {
		return p32, nil
	}
	return p, err
}

// hasClues reports whether a puzzle has a clue.
func hasClues(p *Puzzle) bool {
	for _, c := range p.Cells {
		if c.Given && c.Value != 0 {
			return true
		}
	}
	return false
}

// decode reads the fields of s, a string with header h, in radix.
func (h *v2Header) decode(s string, radix int, tolerant bool) (*Puzzle, error) {
	n, v := h.n, h.typ.variant
	cells := n * n
	check := h.comps
	last := len(check) - 1
	if tolerant && v.IsStr8ts() {
		// str8ts.com's live strings are off by one: allow one more.
		check = append([]component(nil), check...)
		check[last].hi++
	}
	fields := make([][]int64, len(check))
	for i := range fields {
		fields[i] = make([]int64, cells)
	}
	values := make([]int64, len(check))
	name := h.name()
	for cell := range cells {
		at := 3 + cell*h.width
		field := s[at : at+h.width]
		if !isDigits(field, radix) {
			return nil, grid.FieldErrorf("text", "cell %s: field %q at position %d is not base %d", cellName(n, cell), field, at+1, radix)
		}
		x, err := strconv.ParseInt(field, radix, 64)
		if err != nil {
			return nil, grid.FieldErrorf("text", "cell %s: field %q at position %d: %v", cellName(n, cell), field, at+1, err)
		}
		switch bad := unpack(check, x, values); {
		case bad == len(check):
			return nil, grid.FieldErrorf("text", "cell %s: field %q is %d, more than the largest %s field %d", cellName(n, cell), field, x, name, fieldMax(h.comps))
		case bad == last && v.IsStr8ts() && !tolerant:
			return nil, grid.FieldErrorf("text", "cell %s: %s %d exceeds %d (str8ts.com's live strings have candidates off by one; decode tolerantly to read them: DecodeOptions.Tolerant, the API's Puzzle.tolerant, solverctl --tolerant)",
				cellName(n, cell), check[bad].name, values[bad], h.comps[bad].hi)
		case bad >= 0:
			return nil, grid.FieldErrorf("text", "cell %s: %s %d exceeds %d", cellName(n, cell), check[bad].name, values[bad], h.comps[bad].hi)
		}
		for i, x := range values {
			fields[i][cell] = x
		}
	}

	p := &Puzzle{Size: n, Variant: v, VariantSet: true, Cells: make([]grid.CellState, cells), Marks: true}
	i := 0
	if v.Irregular() {
		p.Regions = ints(fields[i])
		i++
		if err := checkRegionLabels("text", name, n, p.Regions); err != nil {
			return nil, err
		}
	}
	if v.HasCages() {
		p.Colours = ints(fields[i])
		var err error
		if v.Arithmetic() {
			p.Cages, err = kenKenCages(name, n, p.Colours, fields[i+1])
		} else {
			p.Cages, err = killerCages(name, n, p.Colours, fields[i+1])
		}
		if err != nil {
			return nil, err
		}
		i += 2
	}
	if v.IsStr8ts() {
		live := false
		for _, x := range fields[i] {
			live = live || x > h.comps[last].hi
		}
		p.Black = make([]bool, cells)
		for cell, x := range fields[i] {
			p.Cells[cell], p.Black[cell] = str8tsCell(n, x, live)
		}
		return p, nil
	}
	for cell, x := range fields[i] {
		p.Cells[cell] = cellState(n, x)
	}
	return p, nil
}

// cellState returns the state of a cell of content cc (see ccRange).
func cellState(n int, cc int64) grid.CellState {
	var c grid.CellState
	switch N := int64(n); {
	case cc == 0:
	case cc <= N:
		c.Value, c.Given = int(cc), true
	case cc <= 2*N:
		c.Value = int(cc - N)
	default:
		c.Cand = grid.Digits(cc - 2*N)
	}
	return c
}

// cellContent returns the content of a cell (see ccRange). A cell without
// candidates is written with every candidate unless the puzzle carries
// marks.
func cellContent(n int, c grid.CellState, marks bool) int64 {
	switch N := int64(n); {
	case c.Value != 0 && c.Given:
		return int64(c.Value)
	case c.Value != 0:
		return N + int64(c.Value)
	case c.Cand != 0:
		return 2*N + int64(c.Cand)
	case !marks:
		return 2*N + int64(grid.AllDigits(n))
	}
	return 0
}

// contradicts reports whether a board of a sudoku variant without cages
// holds a digit that a peer also holds or keeps as a candidate.
func contradicts(p *Puzzle) bool {
	l, err := grid.NewLayout(grid.Config{Size: p.Size, Variant: p.Variant})
	if err != nil {
		return true
	}
	for cell, c := range p.Cells {
		if c.Value == 0 {
			continue
		}
		for _, q := range l.Peers(cell) {
			o := p.Cells[q]
			if o.Value == c.Value || o.Value == 0 && o.Cand.Has(c.Value) {
				return true
			}
		}
	}
	return false
}

// EncodeV2 renders a puzzle as a SudokuWiki 2.0 string whose header names
// its variant and size (see V2Header): S, X, W, C, J (whenever classic
// regions are irregular), L, M (whenever killer regions are irregular), K,
// D, T, U, B or V, version B (C for K and D), a lower-case body. Cages are
// coloured so that orthogonally adjacent cages differ, keeping the
// puzzle's own colours when they do; a killer cage of one cell is written
// as a solved cell, as SudokuWiki does. A cell without candidates is
// written with every candidate unless the puzzle carries marks.
func EncodeV2(p *Puzzle) (string, error) { return encodeV2(p, false) }

// encodeV2 is EncodeV2; a snapshot writes an open killer cage of one cell
// as open, with its candidates, as the board holds it.
func encodeV2(p *Puzzle, snapshot bool) (string, error) {
	v, err := v2Variant(p)
	if err != nil {
		return "", err
	}
	n := p.Size
	if err := v2SizeOK(v, n); err != nil {
		return "", grid.FieldErrorf("board", "%v", err)
	}
	t, _ := v2TypeByVariant(v)
	name := v2HeaderString(t.letter, n, t.version)
	comps := v2Components(v, n)
	width := fieldWidth(comps)

	var labels []int
	if v.Irregular() {
		if labels, err = regionLabels(p); err != nil {
			return "", err
		}
	}
	var cf *cageFields
	if v.HasCages() {
		clueMax := killerSumMax(n)
		if v.Arithmetic() {
			clueMax = kenKenContentMax(n)
		}
		if cf, err = cageFieldsOf(p, name, v.Arithmetic(), maxV2Colours, clueMax); err != nil {
			return "", err
		}
	}

	var s strings.Builder
	s.Grow(3 + n*n*width)
	s.WriteString(name)
	values := make([]int64, len(comps))
	var buf [16]byte
	for cell, c := range p.Cells {
		i := 0
		if labels != nil {
			values[i] = int64(labels[cell])
			i++
		}
		if cf != nil {
			values[i], values[i+1] = int64(cf.colour[cell]), cf.clue[cell]
			i += 2
			if c.Value == 0 && cf.single[cell] != 0 && !snapshot {
				c = grid.CellState{Value: cf.single[cell]}
			}
		}
		if v.IsStr8ts() {
			black := p.Black != nil && p.Black[cell]
			if values[i], err = str8tsContent(n, cell, c, black, p.Marks); err != nil {
				return "", err
			}
		} else {
			values[i] = cellContent(n, c, p.Marks)
		}
		f := strconv.AppendInt(buf[:0], pack(comps, values), 36)
		for range width - len(f) {
			s.WriteByte('0')
		}
		s.Write(f)
	}
	return s.String(), nil
}

// v2Variant checks the puzzle (see checkPuzzle) and returns the variant
// whose 2.0 type encodes it.
func v2Variant(p *Puzzle) (grid.Variant, error) {
	if err := checkPuzzle(p); err != nil {
		return 0, err
	}
	v := killerVariant(p) // cages and no variant named: a killer
	irregular := p.Regions != nil && !grid.IsRegular(p.Size, p.Regions)
	switch {
	case len(p.Cages) > 0 && !v.HasCages():
		return 0, grid.FieldErrorf("board", "%s board has no cages", v.WithArticle())
	case irregular && v == grid.Classic:
		v = grid.Jigsaw
	case irregular && v == grid.Killer:
		v = grid.KillerJigsaw
	case irregular && !v.Irregular():
		return 0, grid.FieldErrorf("board", "%s board with irregular regions has no 2.0 encoding", v.WithArticle())
	case v.Irregular() && p.Regions == nil:
		return 0, grid.FieldErrorf("board", "%s board needs its regions", v.WithArticle())
	case !v.HasBoxes() && p.Regions != nil:
		return 0, grid.FieldErrorf("board", "%s board has no regions", v.WithArticle())
	}
	if _, ok := v2TypeByVariant(v); !ok {
		return 0, grid.FieldErrorf("board", "no 2.0 encoding for %s boards", v)
	}
	return v, nil
}

// checkPuzzle checks the parts of a puzzle every encoder relies on.
func checkPuzzle(p *Puzzle) error {
	n := p.Size
	if n < 2 || n > grid.MaxSize || len(p.Cells) != n*n {
		return grid.FieldErrorf("board", "%d cells do not make a board of size %d", len(p.Cells), n)
	}
	for cell, c := range p.Cells {
		if c.Value < 0 || c.Value > n {
			return grid.FieldErrorf("board", "cell %s holds %d, outside 1..%d", cellName(n, cell), c.Value, n)
		}
		if c.Cand&^grid.AllDigits(n) != 0 {
			return grid.FieldErrorf("board", "cell %s has a candidate above %d", cellName(n, cell), n)
		}
	}
	if p.Regions != nil && len(p.Regions) != n*n {
		return grid.FieldErrorf("board", "region map has %d cells, want %d", len(p.Regions), n*n)
	}
	if p.Black != nil && len(p.Black) != n*n {
		return grid.FieldErrorf("board", "%d black-cell flags for %d cells", len(p.Black), n*n)
	}
	return nil
}

// regionLabels returns the region labels of p as 1..N, checking that
// they form N regions of N cells.
func regionLabels(p *Puzzle) ([]int, error) {
	labels := canonicalLabels(p.Size, p.Regions)
	if err := checkRegionLabels("board", "the", p.Size, labels); err != nil {
		return nil, err
	}
	return labels, nil
}

// checkRegionLabels checks that labels 1..n each cover n cells. input and
// what name the input and the string at fault in errors.
func checkRegionLabels(input, what string, n int, labels []int) error {
	if len(labels) != n*n {
		return grid.FieldErrorf(input, "%s region map has %d cells, want %d", what, len(labels), n*n)
	}
	count := make([]int, n+1)
	for cell, k := range labels {
		if k < 1 || k > n {
			return grid.FieldErrorf(input, "%s box label %d of %s is outside 1..%d", what, k, cellName(n, cell), n)
		}
		count[k]++
	}
	for k := 1; k <= n; k++ {
		if count[k] != n {
			return grid.FieldErrorf(input, "%s box %d covers %d cells, want %d", what, k, count[k], n)
		}
	}
	return nil
}

// canonicalLabels returns labels 1..n: labels already in that range are
// kept (SudokuWiki's box numbers), others are renumbered by first
// appearance.
func canonicalLabels(n int, labels []int) []int {
	inRange := true
	for _, k := range labels {
		if k < 1 || k > n {
			inRange = false
			break
		}
	}
	if inRange {
		return labels
	}
	return firstAppearance(labels)
}

// PackBoard renders a board as a 2.0 string (see EncodeV2), with the
// candidates of its empty cells: S9B for a classic 9×9, L9B for a killer,
// K6C for a 6×6 KenKen, and so on. It is the board as it stands: an open
// killer cage of one cell stays open (EncodeV2 writes it solved).
func PackBoard(b *grid.Board) (string, error) { return encodeV2(FromBoard(b), true) }

// FromBoard returns the puzzle state of a board.
func FromBoard(b *grid.Board) *Puzzle {
	l := b.Layout()
	p := &Puzzle{Size: l.N, Variant: l.Variant, VariantSet: true, Cages: l.AllCages(), Cells: make([]grid.CellState, l.Cells), Marks: true}
	if l.Regions() != nil && l.BoxRows == 0 {
		p.Regions = make([]int, l.Cells)
		for i, k := range l.Regions() {
			p.Regions[i] = k + 1
		}
	}
	for i := range p.Cells {
		p.Cells[i] = grid.CellState{Value: int(b.Value(i)), Given: b.Given(i), Cand: b.Cands(i)}
	}
	if l.BlackCells() != nil {
		p.Black = append([]bool(nil), l.BlackCells()...)
	}
	return p
}

// isDigits reports whether s is non-empty and holds only digits of the
// radix, either case (ParseInt also takes a sign and underscores).
func isDigits(s string, radix int) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		var d int
		switch {
		case s[i] >= '0' && s[i] <= '9':
			d = int(s[i] - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		default:
			return false
		}
		if d >= radix {
			return false
		}
	}
	return true
}

// upper returns the upper case of an ASCII letter, other bytes unchanged.
func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// cellName names a cell of a board of size n, e.g. "r3c4".
func cellName(n, cell int) string {
	return "r" + strconv.Itoa(cell/n+1) + "c" + strconv.Itoa(cell%n+1)
}

func ints(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

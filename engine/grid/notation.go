package grid

import (
	"strconv"
	"strings"
)

// Notation names the cells and digits of a board for people: cells as
// "r3c4", digits by the symbols of the puzzle's charset. It is a small
// value made per puzzle; the layout it names is shared.
type Notation struct {
	Layout *Layout
	// Symbols names the digits: digit d is Symbols[d] (Symbols[0] stands
	// for a blank). Empty names them by number.
	Symbols string
}

// CellName returns the name of a cell, e.g. "r3c4".
func (n Notation) CellName(cell int) string { return n.Layout.CellName(cell) }

// DigitName returns the name of digit d: its symbol, or its number.
func (n Notation) DigitName(d int) string {
	if d > 0 && d < len(n.Symbols) {
		return n.Symbols[d : d+1]
	}
	return strconv.Itoa(d)
}

// AppendCellName appends the name of a cell to b, as CellName gives it.
func (n Notation) AppendCellName(b []byte, cell int) []byte {
	b = append(b, 'r')
	b = appendInt(b, cell/n.Layout.N+1)
	b = append(b, 'c')
	return appendInt(b, cell%n.Layout.N+1)
}

// AppendDigitName appends the name of digit d (1 or more) to b, as
// DigitName gives it.
func (n Notation) AppendDigitName(b []byte, d int) []byte {
	if d > 0 && d < len(n.Symbols) {
		return append(b, n.Symbols[d])
	}
	return appendInt(b, d)
}

// AppendDigitList appends the names of the digits of s to b in ascending
// order, joined by sep, as DigitList gives them.
func (n Notation) AppendDigitList(b []byte, s Digits, sep string) []byte {
	for m := s; m != 0; m &= m - 1 {
		if m != s {
			b = append(b, sep...)
		}
		b = n.AppendDigitName(b, m.Min())
	}
	return b
}

// DigitList names the digits of s in ascending order, joined by sep.
func (n Notation) DigitList(s Digits, sep string) string {
	var b strings.Builder
	for m := s; m != 0; m &= m - 1 {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(n.DigitName(m.Min()))
	}
	return b.String()
}

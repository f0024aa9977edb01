package protoconv

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Geometry is what a viewer draws of a board's layout, in plain types and
// the API's terms: a client that draws boards needs no engine package.
type Geometry struct {
	N     int // the size: N×N cells, digits 1..N
	Cells int
	// Region gives the region of each cell; nil when the board has none.
	Region []int
	// CellCage gives the cage of each cell, -1 outside cages; nil when
	// the board has no cages.
	CellCage []int
	// CageLabel is the label of each cage ("15", "12×" on an arithmetic
	// board; "" on a killer cage without a total, after the others).
	CageLabel []string
	Black     []bool    // black cells of a Str8ts board
	Peers     [][]int   // cells that may not hold the same digit as each cell
	Units     []UnitRef // every unit, in the engine's order
	notation  grid.Notation
}

// UnitRef is one unit of a Geometry.
type UnitRef struct {
	Kind  sudokuv1.UnitKind
	Index int // 0-based among the units of its kind
	Cells []int
}

// Position is the digits and candidates of a board at one point of a
// solve. Cand[c] has bit d-1 set when d is a candidate of cell c.
type Position struct {
	Value []uint8
	Given []bool
	Cand  []uint32
}

// Has reports whether d is a candidate of cell c.
func (p *Position) Has(c, d int) bool { return p.Cand[c]&(1<<(d-1)) != 0 }

// Clone returns a copy of p.
func (p *Position) Clone() *Position {
	return &Position{Value: append([]uint8(nil), p.Value...), Given: append([]bool(nil), p.Given...), Cand: append([]uint32(nil), p.Cand...)}
}

// NewGeometry reads a structured board (as the Convert RPC returns it)
// into its geometry and its position; charset names its digits as
// codec.Symbols does.
func NewGeometry(pb *sudokuv1.Board, charset string) (*Geometry, *Position, error) {
	b, err := BoardFromProto("board", pb)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the board: %w", err)
	}
	l := b.Layout()
	g := &Geometry{
		N: l.N, Cells: l.Cells,
		Region:   slices.Clone(l.Regions()),
		CellCage: make([]int, l.Cells),
		Peers:    make([][]int, l.Cells),
		Black:    make([]bool, l.Cells),
		notation: grid.Notation{Layout: l, Symbols: codec.Symbols(charset, l.N)},
	}
	for i := range g.Black {
		g.Black[i] = l.IsBlack(i)
		g.CellCage[i] = l.CellCage(i)
		g.Peers[i] = slices.Clone(l.Peers(i))
	}
	if len(l.Cages()) == 0 {
		g.CellCage = nil
	}
	for _, cg := range l.Cages() {
		label := strconv.Itoa(cg.Target)
		if l.Variant.Arithmetic() {
			label += cg.Op.String()
		}
		g.CageLabel = append(g.CageLabel, label)
	}
	for _, cg := range l.BareCages() {
		// Drawn as a cage, without a label.
		for _, c := range cg.Cells {
			g.CellCage[c] = len(g.CageLabel)
		}
		g.CageLabel = append(g.CageLabel, "")
	}
	for _, u := range l.Units() {
		g.Units = append(g.Units, UnitRef{Kind: UnitKindToProto[u.Kind], Index: u.Index, Cells: u.Cells})
	}
	p := &Position{Value: b.Values(), Given: make([]bool, l.Cells), Cand: make([]uint32, l.Cells)}
	for i := range p.Given {
		p.Given[i], p.Cand[i] = b.Given(i), uint32(b.Cands(i))
	}
	return g, p, nil
}

// CellName names a cell as the service's explanations do ("r3c4").
func (g *Geometry) CellName(c int) string { return g.notation.CellName(c) }

// DigitName names digit d by its symbol.
func (g *Geometry) DigitName(d int) string { return g.notation.DigitName(d) }

// Symbols returns the symbols of the digits: digit d is Symbols()[d], the
// blank Symbols()[0].
func (g *Geometry) Symbols() string { return g.notation.Symbols }

// Position returns the position a step's packed board (its 2.0 string)
// describes, or false when it has none that fits the geometry.
func (g *Geometry) Position(packed string) (*Position, bool) {
	if packed == "" {
		return nil, false
	}
	p, err := codec.DecodeV2(packed)
	if err != nil || p.Size != g.N || len(p.Cells) != g.Cells {
		return nil, false
	}
	s := &Position{Value: make([]uint8, len(p.Cells)), Given: make([]bool, len(p.Cells)), Cand: make([]uint32, len(p.Cells))}
	for i, c := range p.Cells {
		s.Value[i], s.Given[i] = uint8(c.Value), c.Given
		if c.Value == 0 {
			s.Cand[i] = uint32(c.Cand)
		}
	}
	return s, true
}

// Symbols returns the symbols that name the digits of a board of size n:
// the charset when it covers the size, else '.' for blank then 1-9, A-Z.
func Symbols(charset string, n int) string { return codec.Symbols(charset, n) }

package grid

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Variant names a rule set. Each variant is data: the units and cages it adds
// to the rows and columns every variant has.
type Variant uint8

// The variants the model describes.
const (
	Classic Variant = iota
	X
	Windoku
	Colour
	Jigsaw
	Killer
	KillerJigsaw
	KenKen
	KenDoku
	Str8ts
	Str8tsX
	Str8tsB
	Str8tsBX
	// KillerX is a killer whose two main diagonals are units too.
	KillerX
)

var variantNames = [...]string{
	Classic: "classic", X: "X", Windoku: "Windoku", Colour: "Colour",
	Jigsaw: "jigsaw", Killer: "killer", KillerJigsaw: "killer jigsaw",
	KenKen: "KenKen", KenDoku: "KenDoku", Str8ts: "Str8ts", Str8tsX: "Str8ts X",
	Str8tsB: "Str8ts B", Str8tsBX: "Str8ts BX", KillerX: "killer X",
}

// String returns the variant's name.
func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return "variant(" + strconv.Itoa(int(v)) + ")"
}

// Variants returns every variant the model describes, in order.
func Variants() []Variant {
	vs := make([]Variant, len(variantNames))
	for i := range vs {
		vs[i] = Variant(i)
	}
	return vs
}

// WithArticle returns the variant's name after its indefinite article, as
// a message puts it: "an X", "a killer".
func (v Variant) WithArticle() string {
	name := v.String()
	// "an X": the letter is read "ex".
	if name == "X" || strings.ContainsRune("aeiouAEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// HasBoxes reports whether the variant has regions (boxes or jigsaw pieces).
func (v Variant) HasBoxes() bool {
	switch v {
	case KenKen, Str8ts, Str8tsX:
		return false
	}
	return true
}

// Irregular reports whether the variant's regions come from a region map.
func (v Variant) Irregular() bool { return v == Jigsaw || v == KillerJigsaw }

// HasCages reports whether the variant has cages.
func (v Variant) HasCages() bool {
	switch v {
	case Killer, KillerJigsaw, KillerX, KenKen, KenDoku:
		return true
	}
	return false
}

// IsKiller reports whether the variant's cages are killer cages: sums of
// digits that do not repeat within a cage.
func (v Variant) IsKiller() bool { return v == Killer || v == KillerJigsaw || v == KillerX }

// Arithmetic reports whether the variant's cages use the four operators
// (KenKen rules: digits may repeat in a cage when not sharing a unit).
func (v Variant) Arithmetic() bool { return v == KenKen || v == KenDoku }

// IsStr8ts reports whether the variant is one of the Str8ts family.
func (v Variant) IsStr8ts() bool { return v >= Str8ts && v <= Str8tsBX }

// UnitKind names the kind of a unit.
type UnitKind uint8

// The kinds of unit.
const (
	Row UnitKind = iota
	Column
	Region
	Diagonal
	Window
	ColourGroup
	// Compartment is a Str8ts compartment: a run of white cells of a row
	// or a column between black cells or the edge, which holds a straight
	// (a set of consecutive digits, in any order).
	Compartment
)

var unitKindNames = [...]string{Row: "row", Column: "column", Region: "box", Diagonal: "diagonal", Window: "window", ColourGroup: "colour group", Compartment: "compartment"}

// String returns the kind's name as used in explanations.
func (k UnitKind) String() string {
	if int(k) < len(unitKindNames) {
		return unitKindNames[k]
	}
	return "unit"
}

// Unit is a set of cells whose digits are all different. A complete unit
// (every unit of a Sudoku) has N cells and holds each digit exactly once;
// a partial one (Partial: the rows, columns, diagonals and boxes of a
// Str8ts board, less their black cells without a clue, and its
// compartments) holds each digit at most once, and reasoning that a digit
// must appear in it (hidden singles, fish, strong links) does not apply.
type Unit struct {
	Kind  UnitKind
	Index int // 0-based among units of its kind
	Cells []int
	// Partial marks a unit that need not hold every digit.
	Partial bool
	label   string // the name of a compartment or a diagonal
}

// Name returns a human-readable name such as "row 3", or a
// compartment's by its cells, "compartment r3c4-7".
func (u *Unit) Name() string {
	if u.label != "" {
		return u.label
	}
	return u.Kind.String() + " " + strconv.Itoa(u.Index+1)
}

// Op is a cage operator.
type Op uint8

// The cage operators.
const (
	OpNone Op = iota // a single cell equal to the target
	OpAdd
	OpSub
	OpMul
	OpDiv
	// OpDistinct is a killer cage drawn without its total: its digits
	// differ, and their sum is not given. Its target is 0.
	OpDistinct
)

var opSymbols = [...]string{OpNone: "", OpAdd: "+", OpSub: "-", OpMul: "×", OpDiv: "÷", OpDistinct: ""}

// String returns the operator's symbol.
func (o Op) String() string {
	if int(o) < len(opSymbols) {
		return opSymbols[o]
	}
	return "?"
}

// Cage is a group of cells whose digits combine to a target.
type Cage struct {
	Cells  []int
	Target int
	Op     Op
}

// Config describes a layout to build.
type Config struct {
	Size    int
	Variant Variant
	// Regions gives the region label of every cell; nil means the regular
	// boxes of the size. Labels are arbitrary; each must cover Size cells.
	Regions []int
	Cages   []Cage
	// Black marks the black cells of a Str8ts board, one flag a cell; nil
	// means none. Other variants have no black cells.
	Black []bool
}

// Layout is the geometry of a puzzle: its units, the peers of every cell and
// its cages. Boards of the same layout share it. Every call of NewLayout
// returns a layout of the caller's own, so a write through it reaches no
// other caller; its tables are read through its methods, and the slices and
// pointers those return are the layout's own, not to be modified
// (TestLayoutUnchanged solves with every strategy and search and checks that
// none does).
type Layout struct {
	N       int
	Cells   int
	Variant Variant
	BoxRows int // rows of a regular box; 0 when regions are irregular or absent
	BoxCols int // columns of a regular box; 0 when regions are irregular or absent

	// ints is the one backing array of every table of ints the methods
	// return (regions, the cells of units, cages and overlaps, the units
	// of each cell, the peers of each cell), in that order, so that a copy
	// of the layout is one allocation and one memmove (see pack and clone).
	ints     []int
	region   []int // region of each cell, 0..N-1, numbered by first appearance; nil without regions
	units    []Unit
	cellUnit [][]int // indexes into units of the units holding each cell
	peers    [][]int // cells that may not hold the same digit as each cell
	// cages holds the cages with a target, then those without one
	// (OpDistinct, see BareCages), each in reading order of their top-left
	// cells: sums is the number of the first.
	cages     []Cage
	sums      int
	cellCage  []int // cage index of each cell, -1 when none; no method returns it, so copies share it
	cageInput []int // the index in Config.Cages of each cage; no method returns it, so copies share it
	// overlaps lists every ordered pair of units sharing two or more cells
	// (a box and a row, a jigsaw region and a column, ...), where locked
	// candidates live.
	overlaps []Overlap
	// proto is the layout NewLayout copied l from, nil when it built l for
	// its caller alone (see SameTables).
	proto *Layout
	// black marks the black cells of a Str8ts board; nil for other
	// variants. A black cell is no member of any unit: it holds a clue or
	// nothing, and a clue's digit is excluded from the cells it sees.
	black []bool
	// unitPeers is set when the peers of every cell are the other cells of
	// its units: no cage adds any, and no unit lost its black cells
	// (Board.Reset).
	unitPeers bool
}

// Region returns the region of cell, 0..N-1, numbered by first appearance.
// The layout must have regions (Regions is not nil).
func (l *Layout) Region(cell int) int { return l.region[cell] }

// Regions returns the region of every cell, nil without regions. Read-only.
func (l *Layout) Regions() []int { return l.region }

// Unit returns unit u. Read-only.
func (l *Layout) Unit(u int) *Unit { return &l.units[u] }

// Units returns every unit: rows, columns, regions, then the variant's own
// (diagonals, windows, colour groups, compartments). Read-only.
func (l *Layout) Units() []Unit { return l.units }

// CellUnit returns the indexes (for Unit) of the units holding cell.
// Read-only.
func (l *Layout) CellUnit(cell int) []int { return l.cellUnit[cell] }

// Peers returns the cells that may not hold the same digit as cell.
// Read-only.
func (l *Layout) Peers(cell int) []int { return l.peers[cell] }

// ImpliedUnits returns the units a Windoku layout implies besides its own:
// the columns of a strip of b columns under b-1 windows (b the box side)
// hold each digit b times, the windows b-1 times, so the b cells of the
// strip left out of the windows, in the b rows between and around them,
// hold each digit once; the same goes for rows, and for those b rows and
// b columns together. A b×b Windoku has 2(b-1)+1 such units. Other
// layouts imply none here (nil). The cells of each unit are in row order,
// and the result is new on every call.
func (l *Layout) ImpliedUnits() [][]int {
	b := l.BoxRows
	if l.Variant != Windoku || b < 2 || l.BoxCols != b {
		return nil
	}
	n := l.N
	var gaps []int // the lines outside every window: 0, b+1, 2(b+1), ...
	for i := 0; i < n; i += b + 1 {
		gaps = append(gaps, i)
	}
	var strips [][]int // the lines of each band of windows
	for t := 1; t+b <= n; t += b + 1 {
		strip := make([]int, b)
		for i := range strip {
			strip[i] = t + i
		}
		strips = append(strips, strip)
	}
	if len(gaps) != b || len(strips) != b-1 {
		return nil
	}
	cells := func(rows, cols []int) []int {
		var out []int
		for _, r := range rows {
			for _, c := range cols {
				out = append(out, r*n+c)
			}
		}
		return out
	}
	units := [][]int{cells(gaps, gaps)}
	for _, s := range strips {
		units = append(units, cells(gaps, s), cells(s, gaps))
	}
	return units
}

// PeersAreUnits reports whether the peers of every cell are the other
// cells of its units: no cage adds any, and no unit lost its black cells.
func (l *Layout) PeersAreUnits() bool { return l.unitPeers }

// Cage returns cage k. Read-only.
func (l *Layout) Cage(k int) *Cage { return &l.cages[k] }

// Cages returns every cage with a target, none for variants without cages.
// Read-only.
func (l *Layout) Cages() []Cage { return l.cages[:l.sums:l.sums] }

// AllCages returns every cage, those with a target then those without
// (BareCages): what a Config needs to build the layout again. Read-only.
func (l *Layout) AllCages() []Cage { return l.cages }

// InputCageIndex returns the index that cage k (of AllCages) had among
// the cages the layout was built from (Config.Cages): the two differ when
// a cage without a total came before one with a total, or when the cages
// were not listed in reading order of their top-left cells.
func (l *Layout) InputCageIndex(k int) int { return l.cageInput[k] }

// InputCages returns every cage in the order of the cages the layout was
// built from (Config.Cages), as a new slice of the layout's cages.
func (l *Layout) InputCages() []Cage {
	out := make([]Cage, len(l.cages))
	for k, cg := range l.cages {
		out[l.cageInput[k]] = cg
	}
	return out
}

// BareCages returns the killer cages drawn without a total (OpDistinct):
// their cells are peers of each other and nothing more, so the strategies
// and the searches that reason on cages see them through Peers alone.
// Read-only.
func (l *Layout) BareCages() []Cage { return l.cages[l.sums:] }

// CellCage returns the index (for Cage) of the cage with a target holding
// cell, -1 when none.
func (l *Layout) CellCage(cell int) int { return l.cellCage[cell] }

// Overlaps returns every ordered pair of units sharing two or more cells
// (a box and a row, a jigsaw region and a column, ...), where locked
// candidates live. Read-only.
func (l *Layout) Overlaps() []Overlap { return l.overlaps }

// BlackCells returns the black-cell flag of every cell of a Str8ts board,
// nil for other variants. Read-only.
func (l *Layout) BlackCells() []bool { return l.black }

// IsBlack reports whether cell is a black cell of a Str8ts board.
func (l *Layout) IsBlack(cell int) bool { return l.black != nil && l.black[cell] }

// Overlap is two units sharing two or more cells.
type Overlap struct {
	A, B  int   // unit indexes
	Cells []int // the shared cells, ascending
}

// BoxShape returns the regular box shape for a size: rows × columns with
// rows ≤ columns as close to square as possible, e.g. 2×3 for 6. ok is false
// for sizes without a proper rectangular box (primes).
func BoxShape(n int) (rows, cols int, ok bool) {
	for r := 1; r*r <= n; r++ {
		if n%r == 0 {
			rows = r
		}
	}
	if rows <= 1 {
		return 0, 0, false
	}
	return rows, n / rows, true
}

// FieldError is an ill-formed input: the field at fault and why. It is the
// one input error of the engine: grid names the fields of a Config or of
// the CellStates ("regions", "cells[3].value"), codec its inputs ("text",
// "charset"), generate those of its Config ("size", "base"). A caller
// that takes the input in another shape renames Field after its own.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

// FieldErrorf returns a FieldError on field with the reason formatted as
// fmt.Sprintf does.
func FieldErrorf(field, format string, args ...any) error {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// NewLayout builds and validates a layout, of the caller's own: a layout
// without regions or cages (classic, X, Windoku and Colour at each size) is
// built once and copied to every caller, so that no caller's write through
// its layout reaches another's.
func NewLayout(c Config) (*Layout, error) {
	if c.Regions != nil || len(c.Cages) > 0 || c.Black != nil {
		return newLayout(c)
	}
	key := standardKey{c.Size, c.Variant}
	if l, ok := standard.Load(key); ok {
		return l.(*Layout).clone(), nil
	}
	l, err := newLayout(c)
	if err != nil {
		return nil, err // not kept: the keys stay bounded by the valid configs
	}
	proto, _ := standard.LoadOrStore(key, l)
	return proto.(*Layout).clone(), nil
}

// standard holds the layouts NewLayout copies, by standardKey. They are
// never handed out.
var standard sync.Map

type standardKey struct {
	size    int
	variant Variant
}

// SameTables reports whether o has l's tables as built: o is l, or both
// are copies NewLayout made of one standard configuration. A cache of
// values derived from a layout (a search's model) is kept for the layouts
// with the same tables, built from Private.
func (l *Layout) SameTables(o *Layout) bool {
	return l == o || l.proto != nil && l.proto == o.proto
}

// Private returns a layout with l's tables as built that no caller of
// NewLayout holds, for values derived from it that outlive l's caller
// (see SameTables): a new copy when l is a copy of a standard
// configuration, l itself when NewLayout built l for its caller alone (no
// other layout has its tables).
func (l *Layout) Private() *Layout {
	if l.proto == nil {
		return l
	}
	return l.proto.clone()
}

// pack moves every table of ints the methods return into one backing
// array, l.ints.
func (l *Layout) pack() {
	n := len(l.region)
	for _, u := range l.units {
		n += len(u.Cells)
	}
	for _, cg := range l.cages {
		n += len(cg.Cells)
	}
	for _, o := range l.overlaps {
		n += len(o.Cells)
	}
	for cell := range l.Cells {
		n += len(l.cellUnit[cell]) + len(l.peers[cell])
	}
	l.ints = make([]int, n)
	l.rehome(l, true)
}

// clone returns a copy of l whose tables share no memory a method returns
// with l's: one copy of l.ints, and the slices of the tables pointed into
// it.
func (l *Layout) clone() *Layout {
	c := *l
	c.ints = slices.Clone(l.ints)
	c.units = slices.Clone(l.units)
	c.cages = slices.Clone(l.cages)
	c.overlaps = slices.Clone(l.overlaps)
	c.black = slices.Clone(l.black)
	heads := make([][]int, 2*l.Cells)
	c.cellUnit, c.peers = heads[:l.Cells:l.Cells], heads[l.Cells:]
	c.rehome(l, false)
	c.proto = l
	return &c
}

// rehome points l's tables into l.ints, laid out in the order pack lays
// them out, with the lengths of src's; with fill, it copies src's contents
// there first. l and src have the same units, cages, overlaps and cells.
// Each slice is capped at its length, so that an append to it cannot
// write over the next.
func (l *Layout) rehome(src *Layout, fill bool) {
	off := 0
	take := func(s []int) []int {
		if s == nil {
			return nil
		}
		t := l.ints[off : off+len(s) : off+len(s)]
		if fill {
			copy(t, s)
		}
		off += len(s)
		return t
	}
	l.region = take(src.region)
	for i := range l.units {
		l.units[i].Cells = take(src.units[i].Cells)
	}
	for i := range l.cages {
		l.cages[i].Cells = take(src.cages[i].Cells)
	}
	for i := range l.overlaps {
		l.overlaps[i].Cells = take(src.overlaps[i].Cells)
	}
	for cell := range l.Cells {
		l.cellUnit[cell] = take(src.cellUnit[cell])
	}
	for cell := range l.Cells {
		l.peers[cell] = take(src.peers[cell])
	}
}

func newLayout(c Config) (*Layout, error) {
	n := c.Size
	if n < 2 || n > MaxSize {
		return nil, FieldErrorf("size", "size %d is out of range 2..%d", n, MaxSize)
	}
	if int(c.Variant) >= len(variantNames) {
		return nil, FieldErrorf("variant", "unknown variant %d", c.Variant)
	}
	if c.Black != nil {
		if !c.Variant.IsStr8ts() {
			if i := slices.Index(c.Black, true); i >= 0 {
				return nil, FieldErrorf("black", "r%dc%d is black, but %s board has no black cells", i/n+1, i%n+1, c.Variant.WithArticle())
			}
			return nil, FieldErrorf("black", "%s board has no black cells", c.Variant.WithArticle())
		}
		if len(c.Black) != n*n {
			return nil, FieldErrorf("black", "black cell map has %d cells, want %d", len(c.Black), n*n)
		}
	}
	l := &Layout{N: n, Cells: n * n, Variant: c.Variant}
	for r := 0; r < n; r++ {
		l.addUnit(Row, r, func(i int) int { return r*n + i })
	}
	for col := 0; col < n; col++ {
		l.addUnit(Column, col, func(i int) int { return i*n + col })
	}
	if err := l.addRegions(c); err != nil {
		return nil, err
	}
	if err := l.addExtras(); err != nil {
		return nil, err
	}
	if err := l.addCages(c.Cages); err != nil {
		return nil, err
	}
	l.index()
	if c.Variant.IsStr8ts() {
		l.str8ts(c.Black)
	}
	l.pack()
	return l, nil
}

// str8ts makes l a Str8ts layout with the black cells of black (nil for
// none). The peers stay those of whole lines (and boxes and diagonals): a
// black clue's digit repeats nowhere among them. The units lose their black
// cells and become partial; each run of two or more white cells of a row or
// a column becomes a compartment, a partial unit holding a straight.
func (l *Layout) str8ts(black []bool) {
	n := l.N
	l.black = make([]bool, l.Cells)
	copy(l.black, black)
	l.unitPeers = false // the peers stay those of whole lines
	for u := range l.units {
		unit := &l.units[u]
		white := unit.Cells[:0:0]
		for _, cell := range unit.Cells {
			if !l.black[cell] {
				white = append(white, cell)
			}
		}
		unit.Cells, unit.Partial = white, true
	}
	k := 0
	addRun := func(run []int, across bool) {
		if len(run) < 2 {
			return
		}
		first, last := run[0], run[len(run)-1]
		label := fmt.Sprintf("compartment r%dc%d-%d", first/n+1, first%n+1, last%n+1)
		if !across {
			label = fmt.Sprintf("compartment r%d-%dc%d", first/n+1, last/n+1, first%n+1)
		}
		l.units = append(l.units, Unit{Kind: Compartment, Index: k, Cells: append([]int(nil), run...), Partial: true, label: label})
		k++
	}
	for _, across := range []bool{true, false} {
		for line := 0; line < n; line++ {
			var run []int
			for i := 0; i < n; i++ {
				cell := line*n + i
				if !across {
					cell = i*n + line
				}
				if l.black[cell] {
					addRun(run, across)
					run = run[:0]
					continue
				}
				run = append(run, cell)
			}
			addRun(run, across)
		}
	}
	l.cellUnit = make([][]int, l.Cells)
	for u := range l.units {
		for _, cell := range l.units[u].Cells {
			l.cellUnit[cell] = append(l.cellUnit[cell], u)
		}
	}
	l.overlaps = l.overlaps[:0]
	l.indexOverlaps()
}

// Compartments returns the indexes into Units of the compartments of a
// Str8ts layout, across then down; none for other layouts.
func (l *Layout) Compartments() []int {
	var out []int
	for u := range l.units {
		if l.units[u].Kind == Compartment {
			out = append(out, u)
		}
	}
	return out
}

func (l *Layout) addUnit(kind UnitKind, index int, cell func(i int) int) {
	cells := make([]int, l.N)
	for i := range cells {
		cells[i] = cell(i)
	}
	l.units = append(l.units, Unit{Kind: kind, Index: index, Cells: cells})
}

func (l *Layout) addRegions(c Config) error {
	n := l.N
	if !c.Variant.HasBoxes() {
		if c.Regions != nil {
			return FieldErrorf("regions", "%s board has no regions", c.Variant.WithArticle())
		}
		return nil
	}
	if c.Regions == nil {
		if c.Variant.Irregular() {
			return FieldErrorf("regions", "%s board needs a region map", c.Variant.WithArticle())
		}
		br, bc, ok := BoxShape(n)
		if !ok {
			return FieldErrorf("regions", "size %d has no regular boxes; give its regions (a region map)", n)
		}
		l.BoxRows, l.BoxCols = br, bc
		l.region = make([]int, l.Cells)
		for cell := range l.region {
			r, col := cell/n, cell%n
			l.region[cell] = (r/br)*(n/bc) + col/bc
		}
	} else {
		if len(c.Regions) != l.Cells {
			return FieldErrorf("regions", "region map has %d cells, want %d", len(c.Regions), l.Cells)
		}
		index := map[int]int{}
		count := make([]int, 0, n)
		l.region = make([]int, l.Cells)
		for cell, label := range c.Regions {
			k, seen := index[label]
			if !seen {
				if len(count) == n {
					return FieldErrorf("regions", "region map has more than %d regions (label %d at %s is the %dth)", n, label, l.CellName(cell), n+1)
				}
				k = len(count)
				index[label] = k
				count = append(count, 0)
			}
			count[k]++
			l.region[cell] = k
		}
		labels := make([]int, len(count))
		for label, k := range index {
			labels[k] = label
		}
		for k, cnt := range count {
			if cnt != n {
				return FieldErrorf("regions", "region %d covers %d cells, want %d", labels[k], cnt, n)
			}
		}
		if len(count) != n {
			return FieldErrorf("regions", "region map has %d regions, want %d", len(count), n)
		}
		l.detectRegularBoxes()
	}
	members := make([][]int, n)
	for cell, k := range l.region {
		members[k] = append(members[k], cell)
	}
	for k, cells := range members {
		l.units = append(l.units, Unit{Kind: Region, Index: k, Cells: cells})
	}
	return nil
}

// detectRegularBoxes sets BoxRows and BoxCols when an explicit region map
// happens to be the regular boxes of the size.
func (l *Layout) detectRegularBoxes() {
	if IsRegular(l.N, l.region) {
		l.BoxRows, l.BoxCols, _ = BoxShape(l.N)
	}
}

// IsRegular reports whether a region map of size n, with any labels, is the
// regular boxes of the size.
func IsRegular(n int, regions []int) bool {
	br, bc, ok := BoxShape(n)
	if !ok || len(regions) != n*n {
		return false
	}
	label := make(map[int]int, n) // box -> label
	owner := make(map[int]int, n) // label -> box
	for cell, k := range regions {
		box := (cell/n/br)*(n/bc) + (cell%n)/bc
		if got, seen := label[box]; seen && got != k {
			return false
		}
		if got, seen := owner[k]; seen && got != box {
			return false
		}
		label[box], owner[k] = k, box
	}
	return true
}

func (l *Layout) addExtras() error {
	n := l.N
	switch l.Variant {
	case X, Str8tsX, Str8tsBX, KillerX:
		// Named by their ends: "diagonal 2" would not say which it is.
		l.addUnit(Diagonal, 0, func(i int) int { return i*n + i })
		l.units[len(l.units)-1].label = fmt.Sprintf("diagonal r1c1-r%dc%d", n, n)
		l.addUnit(Diagonal, 1, func(i int) int { return i*n + n - 1 - i })
		l.units[len(l.units)-1].label = fmt.Sprintf("diagonal r1c%d-r%dc1", n, n)
	case Windoku:
		b := l.BoxRows
		if b == 0 || l.BoxCols != b {
			if br, bc, ok := BoxShape(n); ok && br == bc {
				return FieldErrorf("variant", "Windoku needs the square %d×%d boxes of size %d; the region map gives other regions", br, bc, n)
			}
			return FieldErrorf("variant", "Windoku needs square regular boxes, size %d has none (4, 9, 16 and 25 have them)", n)
		}
		k := 0
		for top := 1; top+b <= n; top += b + 1 {
			for left := 1; left+b <= n; left += b + 1 {
				t, lf := top, left
				l.addUnit(Window, k, func(i int) int { return (t+i/b)*n + lf + i%b })
				k++
			}
		}
	case Colour:
		br, bc := l.BoxRows, l.BoxCols
		if br == 0 {
			if br, bc, ok := BoxShape(n); ok {
				return FieldErrorf("variant", "Colour Sudoku needs the regular %d×%d boxes of size %d; the region map gives other regions", br, bc, n)
			}
			return FieldErrorf("variant", "Colour Sudoku needs regular boxes, size %d has none", n)
		}
		for p := 0; p < n; p++ {
			pr, pc := p/bc, p%bc
			l.addUnit(ColourGroup, p, func(i int) int {
				boxRow, boxCol := i/(n/bc), i%(n/bc)
				return (boxRow*br+pr)*n + boxCol*bc + pc
			})
		}
	}
	return nil
}

// sortCages orders the cages l.cages[from:to] by their top-left cells,
// keeping l.cageInput in step, so that the strategies meet a board's
// cages in reading order whatever order the caller listed them in: the
// steps and the rating of a board do not depend on that order, which
// InputCageIndex still gives back.
func (l *Layout) sortCages(from, to int) {
	order := make([]int, to-from)
	for i := range order {
		order[i] = from + i
	}
	// The cages are disjoint and their cells ascending, so their first
	// cells differ.
	slices.SortFunc(order, func(a, b int) int { return l.cages[a].Cells[0] - l.cages[b].Cells[0] })
	cages := make([]Cage, len(order))
	input := make([]int, len(order))
	for i, k := range order {
		cages[i], input[i] = l.cages[k], l.cageInput[k]
	}
	copy(l.cages[from:to], cages)
	copy(l.cageInput[from:to], input)
}

func (l *Layout) addCages(cages []Cage) error {
	l.cellCage = make([]int, l.Cells)
	for i := range l.cellCage {
		l.cellCage[i] = -1
	}
	if len(cages) == 0 {
		if l.Variant.HasCages() {
			return FieldErrorf("cages", "%s board needs cages", l.Variant.WithArticle())
		}
		return nil
	}
	if !l.Variant.HasCages() {
		return FieldErrorf("cages", "%s board has no cages", l.Variant.WithArticle())
	}
	// The cages with a target first, then the bare ones, each in the
	// caller's order; owner maps a cell to the caller's index of its cage.
	owner := make([]int, l.Cells)
	for i := range owner {
		owner[i] = -1
	}
	l.cages = make([]Cage, 0, len(cages))
	for _, bare := range []bool{false, true} {
		for k, cg := range cages {
			if (cg.Op == OpDistinct) != bare {
				continue
			}
			field := fmt.Sprintf("cages[%d]", k)
			if len(cg.Cells) == 0 {
				return FieldErrorf(field, "the cage has no cells")
			}
			for _, cell := range cg.Cells {
				if cell < 0 || cell >= l.Cells {
					return FieldErrorf(field, "cell %d is outside the %d cells of the board", cell, l.Cells)
				}
			}
			for _, cell := range cg.Cells {
				if other := owner[cell]; other == k {
					return FieldErrorf(field, "%s: lists cell %s twice", l.cageName(cg.Cells), l.CellName(cell))
				} else if other >= 0 {
					return FieldErrorf(field, "%s: cell %s is also in the %s", l.cageName(cg.Cells), l.CellName(cell), l.cageName(cages[other].Cells))
				}
				owner[cell] = k
			}
			if err := l.checkCage(cg); err != nil {
				return FieldErrorf(field, "%s: %v", l.cageName(cg.Cells), err)
			}
			// The layout keeps a cage's cells in reading order, so its first
			// cell is the top-left one that names it ("cage 5+ at r1c8")
			// whatever order the input listed them in.
			cells := append([]int(nil), cg.Cells...)
			slices.Sort(cells)
			l.cages = append(l.cages, Cage{Cells: cells, Target: cg.Target, Op: cg.Op})
			l.cageInput = append(l.cageInput, k)
		}
		if !bare {
			l.sums = len(l.cages)
		}
	}
	l.sortCages(0, l.sums)
	l.sortCages(l.sums, len(l.cages))
	for k, cg := range l.cages[:l.sums] {
		for _, cell := range cg.Cells {
			l.cellCage[cell] = k
		}
	}
	if l.Variant.IsKiller() && l.sums == 0 {
		return FieldErrorf("cages", "%s board needs a cage with a total; its %d cages have none", l.Variant.WithArticle(), len(cages))
	}
	if l.Variant.IsKiller() {
		// Killer cages need not cover the grid; when those with a target
		// do, their sums must total that of every digit in every row.
		total, covered := 0, true
		for _, cg := range l.Cages() {
			total += cg.Target
		}
		for _, k := range l.cellCage {
			covered = covered && k >= 0
		}
		if want := l.N * l.N * (l.N + 1) / 2; covered && total != want {
			return FieldErrorf("cages", "the cages cover the grid but their sums total %d, not %d", total, want)
		}
		return nil
	}
	for cell, k := range l.cellCage {
		if k < 0 {
			return FieldErrorf("cages", "cell %s is in no cage; every %s cell needs one", l.CellName(cell), l.Variant)
		}
	}
	return nil
}

// checkCage validates a cage's operator and whether its target is reachable.
func (l *Layout) checkCage(cg Cage) error {
	n, k := l.N, len(cg.Cells)
	if cg.Op == OpDistinct {
		switch {
		case !l.Variant.IsKiller():
			return fmt.Errorf("a cage without a total is only for killers")
		case cg.Target != 0:
			return fmt.Errorf("a cage without a total has target 0, not %d", cg.Target)
		case k < 2:
			return fmt.Errorf("a cage without a total needs 2 cells or more, not %d", k)
		case k > n:
			return fmt.Errorf("%d distinct digits cannot fill %d cells", n, k)
		}
		return nil
	}
	if cg.Target <= 0 {
		return fmt.Errorf("target %d must be positive", cg.Target)
	}
	switch cg.Op {
	case OpNone:
		if k != 1 {
			return fmt.Errorf("a cage of %d cells needs an operator (none is for a single cell)", k)
		}
		if cg.Target > n {
			return fmt.Errorf("single-cell target %d exceeds %d", cg.Target, n)
		}
	case OpAdd:
		if l.Variant.IsKiller() {
			if k > n {
				return fmt.Errorf("%d distinct digits cannot fill %d cells", n, k)
			}
			lo, hi := k*(k+1)/2, k*(2*n-k+1)/2
			if cg.Target < lo || cg.Target > hi {
				return fmt.Errorf("no %d distinct digits sum to %d (range %d..%d)", k, cg.Target, lo, hi)
			}
		} else if cg.Target < k || cg.Target > k*n {
			return fmt.Errorf("no %d digits sum to %d", k, cg.Target)
		}
	case OpSub, OpDiv:
		if !l.Variant.Arithmetic() {
			return fmt.Errorf("operator %s is only for KenKen", cg.Op)
		}
		if k != 2 {
			return fmt.Errorf("operator %s needs exactly 2 cells, not %d", cg.Op, k)
		}
		if cg.Op == OpSub && cg.Target >= n || cg.Op == OpDiv && cg.Target > n {
			return fmt.Errorf("no two digits up to %d give %d with %s", n, cg.Target, cg.Op)
		}
	case OpMul:
		if !l.Variant.Arithmetic() {
			return fmt.Errorf("operator %s is only for KenKen", cg.Op)
		}
		t := cg.Target
		for p := 2; p <= n; p++ {
			for t%p == 0 {
				t /= p
			}
		}
		if t > 1 {
			return fmt.Errorf("target %d has a prime factor larger than %d", cg.Target, n)
		}
	default:
		return fmt.Errorf("unknown operator %d", cg.Op)
	}
	return nil
}

// index computes CellUnit, Peers and Overlaps.
func (l *Layout) index() {
	defer l.indexOverlaps()
	l.cellUnit = make([][]int, l.Cells)
	for u := range l.units {
		for _, cell := range l.units[u].Cells {
			l.cellUnit[cell] = append(l.cellUnit[cell], u)
		}
	}
	distinctCages := l.Variant.IsKiller()
	l.unitPeers = true
	l.peers = make([][]int, l.Cells)
	seen := make([]int, l.Cells)
	for cell := range l.peers {
		mark := cell + 1
		seen[cell] = mark
		var peers []int
		add := func(p int) {
			if seen[p] != mark {
				seen[p] = mark
				peers = append(peers, p)
			}
		}
		for _, u := range l.cellUnit[cell] {
			for _, p := range l.units[u].Cells {
				add(p)
			}
		}
		if k := l.cellCage[cell]; distinctCages && k >= 0 {
			before := len(peers)
			for _, p := range l.cages[k].Cells {
				add(p)
			}
			if len(peers) > before {
				l.unitPeers = false
			}
		}
		l.peers[cell] = peers
	}
	for _, cg := range l.BareCages() {
		for _, cell := range cg.Cells {
			mark := cell + 1
			for _, p := range l.peers[cell] {
				seen[p] = mark
			}
			seen[cell] = mark
			for _, p := range cg.Cells {
				if seen[p] != mark {
					seen[p] = mark
					l.peers[cell] = append(l.peers[cell], p)
					l.unitPeers = false
				}
			}
		}
	}
}

// CellName returns the 1-based name of a cell, e.g. "r3c4".
func (l *Layout) CellName(cell int) string {
	return "r" + strconv.Itoa(cell/l.N+1) + "c" + strconv.Itoa(cell%l.N+1)
}

// cageName names a cage by its cells, for messages, in row-major order:
// "cage of r1c1, r1c2, r2c1"; a large one by its first cells and count.
// The cells are valid.
func (l *Layout) cageName(cells []int) string {
	sorted := append([]int(nil), cells...)
	slices.Sort(sorted)
	const shown = 6
	names := make([]string, 0, shown+1)
	for i, cell := range sorted {
		if i == shown {
			names = append(names, fmt.Sprintf("… (%d cells)", len(sorted)))
			break
		}
		names = append(names, l.CellName(cell))
	}
	return "cage of " + strings.Join(names, ", ")
}

// sharedNote returns, for two cells that may not hold the same digit, a
// note naming the unit or cage they share when no row, column or regular
// box does, which a message about them would leave the reader to find:
// " (both in diagonal 1)", " (both in box 4)" of a jigsaw, " (both in
// the cage of r3c1, r4c1, r4c2)"; "" otherwise.
func (l *Layout) sharedNote(a, b int) string {
	other := ""
	for _, u := range l.cellUnit[a] {
		unit := &l.units[u]
		if !slices.Contains(unit.Cells, b) {
			continue
		}
		if unit.Kind == Row || unit.Kind == Column || unit.Kind == Region && l.BoxRows != 0 {
			return ""
		}
		if other == "" {
			other = unit.Name()
		}
	}
	if other != "" {
		return " (both in " + other + ")"
	}
	for _, cg := range l.cages {
		if slices.Contains(cg.Cells, a) && slices.Contains(cg.Cells, b) {
			return " (both in the " + l.cageName(cg.Cells) + ")"
		}
	}
	return ""
}

// Sees reports whether two distinct cells may not hold the same digit.
func (l *Layout) Sees(a, b int) bool {
	for _, p := range l.peers[a] {
		if p == b {
			return true
		}
	}
	return false
}

func (l *Layout) indexOverlaps() {
	in := make([]int, l.Cells)
	for i := range in {
		in[i] = -1
	}
	for a := range l.units {
		for _, c := range l.units[a].Cells {
			in[c] = a
		}
		for b := range l.units {
			if a == b {
				continue
			}
			var shared []int
			for _, c := range l.units[b].Cells {
				if in[c] == a {
					shared = append(shared, c)
				}
			}
			if len(shared) >= 2 && len(shared) < l.N {
				slices.Sort(shared)
				l.overlaps = append(l.overlaps, Overlap{A: a, B: b, Cells: shared})
			}
		}
	}
}

package main

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// This file is the renderer of the watch command: a pure function from a
// frame (the board's geometry, its state before and after the shown step,
// the step and the player's status) to the text of the screen.

// watchBoard is the fixed geometry of a watched puzzle: its layout
// (regions, extra units, cages), symbols and black cells, and what the
// renderer derives from them once.
type watchBoard struct {
	geo     *protoconv.Geometry
	label   []string // the cage label drawn above a cage's first cell; "" elsewhere
	diag    []uint8  // diagMain|diagAnti for cells on a diagonal
	tinted  []bool   // cells of a window or a colour group: shaded
	hasCage bool
}

const (
	diagMain = 1 << iota
	diagAnti
)

// watchState is the state of the board at one point of the solve.
type watchState = protoconv.Position

// newWatchBoard builds the geometry and the initial state of the board of
// a puzzle, as the Convert RPC decoded it; charset names its digits.
func newWatchBoard(b *sudokuv1.Board, charset string) (*watchBoard, *watchState, error) {
	g, initial, err := protoconv.NewGeometry(b, charset)
	if err != nil {
		return nil, nil, err
	}
	wb := &watchBoard{
		geo:    g,
		label:  make([]string, g.Cells),
		diag:   make([]uint8, g.Cells),
		tinted: make([]bool, g.Cells),
	}
	first := map[int]int{} // the first cell of each cage
	for c, k := range g.CellCage {
		if k >= 0 {
			if f, ok := first[k]; !ok || c < f {
				first[k] = c
			}
		}
	}
	for k, c := range first {
		wb.label[c] = g.CageLabel[k]
		wb.hasCage = true
	}
	for _, u := range g.Units {
		for _, c := range u.Cells {
			switch u.Kind {
			case sudokuv1.UnitKind_UNIT_KIND_DIAGONAL:
				wb.diag[c] |= diagMain << u.Index
			case sudokuv1.UnitKind_UNIT_KIND_WINDOW, sudokuv1.UnitKind_UNIT_KIND_COLOUR:
				wb.tinted[c] = u.Kind == sudokuv1.UnitKind_UNIT_KIND_WINDOW || u.Index%2 == 0
			}
		}
	}
	return wb, initial, nil
}

// decodeState returns the state a step's packed board describes, or false
// when it has none that fits the board.
func (wb *watchBoard) decodeState(packed string) (*watchState, bool) {
	return wb.geo.Position(packed)
}

// apply returns the state after a step that carries no packed board: its
// placements and eliminations applied to s (for a backtrack, s is the
// board its guess saved; see watchModel.replay).
func (wb *watchBoard) apply(s *watchState, st *sudokuv1.Step) *watchState {
	out := s.Clone()
	n := wb.geo.N
	for _, p := range st.GetPlacements() {
		c, d := int(p.GetCell()), int(p.GetDigit())
		if c >= len(out.Value) || d < 1 || d > n {
			continue
		}
		out.Value[c], out.Cand[c] = uint8(d), 0
		for _, peer := range wb.geo.Peers[c] {
			out.Cand[peer] &^= 1 << (d - 1)
		}
	}
	for _, e := range st.GetEliminations() {
		if c, d := int(e.GetCell()), int(e.GetDigit()); c < len(out.Cand) && d >= 1 && d <= n {
			out.Cand[c] &^= 1 << (d - 1)
		}
	}
	return out
}

// watchFrame is everything one screen shows.
type watchFrame struct {
	board *watchBoard
	// state is the board after the shown step (the initial board at
	// position 0).
	state *watchState
	step  *sudokuv1.Step // the shown step; nil at position 0
	pos   int            // the shown step, 1-based; 0 is the initial board
	total int            // the steps received so far
	// status describes the player ("playing, 8 steps/s", "paused") and
	// outcome the stream's end ("solved", an error), "" while it runs.
	status  string
	outcome string
	// hint is the hint for the next step ("" for none), and hideTotal
	// hides the count of steps, which would spoil the replay.
	hint      string
	hideTotal bool
	// listed are the steps the step list beside the board shows (nil
	// when it is off): those up to the shown one, every one once the
	// result shows.
	listed []*sudokuv1.Step
	width  int // the terminal's size; 0 means unbounded
	height int
	pal    *palette
}

// Paint roles: fg says what a character is, bg what its cell is in the
// shown step.
type fgRole uint8

const (
	fgText fgRole = iota
	fgDim
	fgCell    // light lines between cells
	fgCage    // cage outlines
	fgRegion  // region borders
	fgLabel   // cage targets
	fgGiven   // clues
	fgSolved  // digits placed before the shown step
	fgCand    // candidates
	fgPlaced  // digits the step places
	fgRemoved // candidates the step removes
	fgPattern // candidates of the pattern
	fgOn      // true candidates of a chain or colouring
	fgOff     // false candidates
	fgFin     // fins
	fgALS     // candidates of an ALS
	fgBlack   // black cells
	fgTitle   // the strategy line
	fgKey     // the key help
	fgError
	numFg
)

type bgRole uint8

const (
	bgNone   bgRole = iota
	bgTint          // a window or colour group
	bgUnit          // a unit that justifies the step
	bgCell          // a cell that justifies the step
	bgPlace         // a cell the step fills
	bgRemove        // a cell that loses candidates
	numBg
)

type paint struct {
	fg fgRole
	bg bgRole
}

// palette renders paints: colours for 256-colour and 16-colour
// terminals, attributes only without colour, nothing at all for goldens.
type palette struct {
	plain bool
	// open and close are the escapes Lip Gloss puts around a text of each
	// paint, rendered once: rendering every run through Lip Gloss would
	// cost a 25×25 board several milliseconds a frame.
	open, close [numFg][numBg]string
}

// newPalette returns the palette for a colour profile; plain is the
// palette that draws no styles at all.
func newPalette(p colorprofile.Profile) *palette {
	pal := new(palette)
	if p == colorprofile.NoTTY {
		pal.plain = true
		return pal
	}
	fg, bg := paletteColours(p)
	for f := range numFg {
		for b := range numBg {
			s := lipgloss.NewStyle()
			if c := fg[f]; c != nil {
				s = s.Foreground(c)
			}
			if c := bg[b]; c != nil {
				s = s.Background(c)
			}
			switch fgRole(f) {
			case fgGiven, fgPlaced, fgLabel, fgTitle, fgRegion:
				s = s.Bold(true)
			case fgRemoved:
				s = s.Strikethrough(true)
				if p == colorprofile.Ascii {
					s = s.Underline(true)
				}
			case fgDim, fgCell, fgOff:
				// Without colour: a chain's false candidates faint
				// beside its true ones, which stay plain.
				if p == colorprofile.Ascii {
					s = s.Faint(true)
				}
			case fgSolved:
				// Without colour, a solved digit is underlined: a lone
				// candidate in the middle of its cell looks the same.
				if p == colorprofile.Ascii {
					s = s.Underline(true)
				}
			case fgOn:
				if p == colorprofile.Ascii {
					s = s.Bold(true)
				}
			}
			if p == colorprofile.Ascii {
				switch bgRole(b) {
				case bgPlace, bgCell:
					s = s.Reverse(true)
				case bgUnit, bgRemove:
					s = s.Italic(true) // the step's units and the cells it changes
				}
			}
			pal.open[f][b], pal.close[f][b], _ = strings.Cut(s.Render("\x00"), "\x00")
		}
	}
	return pal
}

// paletteColours picks the colours of each role for a profile: the
// 256-colour cube when the terminal has it, the 16 ANSI colours otherwise,
// none for a monochrome one.
func paletteColours(p colorprofile.Profile) (fg [numFg]color.Color, bg [numBg]color.Color) {
	if p <= colorprofile.Ascii {
		return fg, bg
	}
	palette := 1 // the 256-colour cube
	if p == colorprofile.ANSI {
		palette = 0
	}
	// fgText and bgNone keep the terminal's own colours.
	for role := fgDim; role < numFg; role++ {
		fg[role] = lipgloss.Color(strconv.Itoa(int(fgColours[role][palette])))
	}
	for role := bgTint; role < numBg; role++ {
		bg[role] = lipgloss.Color(strconv.Itoa(int(bgColours[role][palette])))
	}
	return fg, bg
}

// fgColours and bgColours are the colours of each role but fgText and
// bgNone: an ANSI colour (0 to 15), then one of the 256-colour cube.
var (
	fgColours = [numFg][2]uint8{
		fgDim: {8, 242}, fgCell: {8, 240}, fgCage: {3, 178}, fgRegion: {15, 252}, fgLabel: {11, 222},
		fgGiven: {15, 231}, fgSolved: {14, 117}, fgCand: {7, 249}, fgPlaced: {10, 118}, fgRemoved: {9, 203},
		fgPattern: {12, 75}, fgOn: {10, 120}, fgOff: {13, 213}, fgFin: {11, 221}, fgALS: {6, 80},
		fgBlack: {8, 238}, fgTitle: {15, 231}, fgKey: {8, 244}, fgError: {9, 203},
	}
	bgColours = [numBg][2]uint8{bgTint: {0, 236}, bgUnit: {4, 17}, bgCell: {6, 24}, bgPlace: {2, 22}, bgRemove: {1, 52}}
)

// canvas is a grid of characters, each with its paint.
type canvas struct {
	w, h  int
	runes []rune
	paint []paint
}

func newCanvas(w, h int) *canvas {
	c := &canvas{w: w, h: h, runes: make([]rune, w*h), paint: make([]paint, w*h)}
	for i := range c.runes {
		c.runes[i] = ' '
	}
	return c
}

func (c *canvas) set(x, y int, r rune, p paint) {
	if x >= 0 && x < c.w && y >= 0 && y < c.h {
		c.runes[y*c.w+x] = r
		c.paint[y*c.w+x] = p
	}
}

// bg sets the background of a character, keeping what it shows.
func (c *canvas) bg(x, y int, b bgRole) {
	if x >= 0 && x < c.w && y >= 0 && y < c.h {
		c.paint[y*c.w+x].bg = b
	}
}

// line renders row y of the canvas, one styled run per paint.
func (c *canvas) line(sb *strings.Builder, y int, pal *palette) {
	row, paints := c.runes[y*c.w:(y+1)*c.w], c.paint[y*c.w:(y+1)*c.w]
	end := len(row)
	for end > 0 && row[end-1] == ' ' && paints[end-1].bg == bgNone {
		end--
	}
	for i := 0; i < end; {
		j := i + 1
		for j < end && paints[j] == paints[i] {
			j++
		}
		pal.write(sb, string(row[i:j]), paints[i])
		i = j
	}
}

// write appends s painted with p.
func (pal *palette) write(sb *strings.Builder, s string, p paint) {
	if pal.plain || s == "" {
		sb.WriteString(s)
		return
	}
	sb.WriteString(pal.open[p.fg][p.bg])
	sb.WriteString(s)
	sb.WriteString(pal.close[p.fg][p.bg])
}

// Edge weights of the lines between cells.
const (
	edgeNone  = iota // no line: two cells of one cage, or a compact board
	edgeFaint        // a dotted line inside a cage
	edgeLight        // a cage outline, or a plain line between cells
	edgeHeavy        // a region border or the board's edge
)

// boxChars are the line-drawing characters by the arms they have: up 1,
// right 2, down 4, left 8.
var (
	lightBox = []rune(" ╵╶└╷│┌├╴┘─┴┐┤┬┼")
	heavyBox = []rune(" ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋")
)

// geometry is where a frame's board goes on the canvas.
type geometry struct {
	pencil bool  // pencil marks in every cell, else one character a cell
	k      int   // pencil marks per row of a cell
	cw, ch int   // a cell's inside, in characters
	sepY   []int // the line of the separator above row r (r = 0..n), -1 for none
	rowY   []int // the first line of row r
	w, h   int
}

// layoutBoard lays out an n×n board with pencil marks or compact.
func (wb *watchBoard) layoutBoard(pencil bool) geometry {
	n := wb.geo.N
	g := geometry{pencil: pencil, k: 1, cw: 3, ch: 1}
	if pencil {
		for g.k*g.k < n {
			g.k++
		}
		g.cw, g.ch = 2*g.k+1, g.k
	}
	g.sepY, g.rowY = make([]int, n+1), make([]int, n)
	y := 0
	for r := 0; r <= n; r++ {
		g.sepY[r] = -1
		if r == 0 || r == n || pencil || wb.hasCage || wb.rowBorder(r) {
			g.sepY[r] = y
			y++
		}
		if r < n {
			g.rowY[r] = y
			y += g.ch
		}
	}
	g.w, g.h = n*(g.cw+1)+1, y
	return g
}

// rowBorder reports whether a region border runs between rows r-1 and r.
func (wb *watchBoard) rowBorder(r int) bool {
	l := wb.geo
	if l.Region == nil {
		return false
	}
	for c := range l.N {
		if l.Region[(r-1)*l.N+c] != l.Region[r*l.N+c] {
			return true
		}
	}
	return false
}

// edge returns the weight of the line between cells a and b (either may
// be -1, off the board).
func (wb *watchBoard) edge(a, b int, pencil bool) int {
	l := wb.geo
	switch {
	case a < 0 || b < 0:
		return edgeHeavy
	case l.Region != nil && l.Region[a] != l.Region[b]:
		return edgeHeavy
	case l.CellCage != nil && l.CellCage[a] != l.CellCage[b]:
		if l.Region == nil {
			return edgeHeavy // KenKen: the cages are the board's shape
		}
		return edgeLight
	case l.CellCage != nil && l.CellCage[a] >= 0:
		if pencil {
			return edgeFaint
		}
		return edgeNone
	case pencil:
		return edgeLight
	}
	return edgeNone
}

// cellAt returns the cell at row r, column c, or -1 off the board.
func (wb *watchBoard) cellAt(r, c int) int {
	n := wb.geo.N
	if r < 0 || c < 0 || r >= n || c >= n {
		return -1
	}
	return r*n + c
}

// marks is what the shown step highlights.
type marks struct {
	cellBg []bgRole
	cand   map[int]fgRole // cell*32 + digit-1 → role
	placed []bool
}

// stepMarks gathers the highlights of a step: its units and cells, the
// digits placed and candidates removed, its highlighted candidates and
// the nodes of its chain, coloured by their place in it.
func (wb *watchBoard) stepMarks(st *sudokuv1.Step) marks {
	cells := wb.geo.Cells
	m := marks{cellBg: make([]bgRole, cells), cand: map[int]fgRole{}, placed: make([]bool, cells)}
	for i, t := range wb.tinted {
		if t {
			m.cellBg[i] = bgTint
		}
	}
	if st == nil {
		return m
	}
	raise := func(c int, b bgRole) {
		if c >= 0 && c < cells && m.cellBg[c] < b {
			m.cellBg[c] = b
		}
	}
	for _, u := range st.GetUnits() {
		for _, c := range wb.unitCells(u) {
			raise(c, bgUnit)
		}
	}
	for _, c := range st.GetCells() {
		raise(int(c), bgCell)
	}
	setCand := func(c, d int, r fgRole) {
		if c >= 0 && c < cells && d >= 1 && d <= 32 {
			if _, ok := m.cand[c*32+d-1]; !ok {
				m.cand[c*32+d-1] = r
			}
		}
	}
	for _, e := range st.GetEliminations() {
		raise(int(e.GetCell()), bgRemove)
		setCand(int(e.GetCell()), int(e.GetDigit()), fgRemoved)
	}
	for _, p := range st.GetPlacements() {
		if c := int(p.GetCell()); c < cells {
			raise(c, bgPlace)
			m.placed[c] = true
		}
	}
	for _, h := range st.GetHighlights() {
		setCand(int(h.GetCell()), int(h.GetDigit()), roleFg[h.GetRole()])
	}
	for i, r := range chainRoles(st) {
		nd := st.GetNodes()[i]
		for _, c := range nd.GetCells() {
			if nd.GetKind() == sudokuv1.NodeKind_NODE_KIND_SUM {
				// The rule of 45's cells have no one digit: the group
				// shows as cells of the step.
				raise(int(c), bgCell)
			}
			setCand(int(c), int(nd.GetDigit()), r)
		}
	}
	return m
}

var roleFg = map[sudokuv1.CandidateRole]fgRole{
	sudokuv1.CandidateRole_CANDIDATE_ROLE_UNSPECIFIED: fgPattern,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_PATTERN:     fgPattern,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_FIN:         fgFin,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_ALS:         fgALS,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_TARGET:      fgRemoved,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_ON:          fgOn,
	sudokuv1.CandidateRole_CANDIDATE_ROLE_OFF:         fgOff,
}

// chainRoles colours the nodes of a step's chain by their place in it: a
// strong link makes the node it reaches true (on) and one it leaves false,
// a weak link the other way round; the first link to settle a node wins.
func chainRoles(st *sudokuv1.Step) []fgRole {
	nodes := st.GetNodes()
	if len(nodes) == 0 {
		return nil
	}
	roles := make([]fgRole, len(nodes))
	for i := range roles {
		roles[i] = fgPattern
	}
	set := make([]bool, len(nodes))
	for _, k := range st.GetLinks() {
		from, to := int(k.GetFrom()), int(k.GetTo())
		if from >= len(nodes) || to >= len(nodes) {
			continue
		}
		if k.GetKind() == sudokuv1.LinkKind_LINK_KIND_THEN {
			// A trial's course: what it found true under its premise,
			// but the candidates it ruled out (highlighted off, below).
			for _, i := range [2]int{from, to} {
				if !set[i] {
					roles[i], set[i] = fgOn, true
				}
			}
			continue
		}
		strong := k.GetKind() == sudokuv1.LinkKind_LINK_KIND_STRONG
		if !set[from] {
			roles[from], set[from] = pick(strong, fgOff, fgOn), true
		}
		if !set[to] {
			roles[to], set[to] = pick(strong, fgOn, fgOff), true
		}
	}
	off := map[[2]uint32]bool{}
	for _, h := range st.GetHighlights() {
		if h.GetRole() == sudokuv1.CandidateRole_CANDIDATE_ROLE_OFF {
			off[[2]uint32{h.GetCell(), h.GetDigit()}] = true
		}
	}
	for i, nd := range nodes {
		if c := nd.GetCells(); len(c) == 1 && off[[2]uint32{c[0], nd.GetDigit()}] {
			roles[i] = fgOff
		}
	}
	return roles
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// unitCells returns the cells of a step's unit, nil when the board has no
// such unit.
func (wb *watchBoard) unitCells(u *sudokuv1.Unit) []int {
	if cells := u.GetCells(); len(cells) > 0 {
		// A compartment carries its cells.
		out := make([]int, 0, len(cells))
		for _, c := range cells {
			if int(c) < wb.geo.Cells {
				out = append(out, int(c))
			}
		}
		return out
	}
	for i := range wb.geo.Units {
		if lu := &wb.geo.Units[i]; lu.Kind == u.GetKind() && lu.Index == int(u.GetIndex()) {
			return lu.Cells
		}
	}
	return nil
}

// drawBoard draws the board of f on a canvas laid out by g.
func (wb *watchBoard) drawBoard(f *watchFrame, g geometry, m marks) *canvas {
	n := wb.geo.N
	cv := newCanvas(g.w, g.h)
	colX := func(c int) int { return c * (g.cw + 1) }
	weightFg := [...]fgRole{edgeNone: fgCell, edgeFaint: fgCell, edgeLight: fgCell, edgeHeavy: fgRegion}
	if wb.hasCage {
		weightFg[edgeLight] = fgCage
		if wb.geo.Region == nil {
			weightFg[edgeHeavy] = fgCage
		}
	}
	// Separator lines and their junctions.
	for r := 0; r <= n; r++ {
		y := g.sepY[r]
		if y < 0 {
			continue
		}
		for c := 0; c <= n; c++ {
			var up, down, left, right int
			if r > 0 {
				up = wb.edge(wb.cellAt(r-1, c-1), wb.cellAt(r-1, c), g.pencil)
			}
			if r < n {
				down = wb.edge(wb.cellAt(r, c-1), wb.cellAt(r, c), g.pencil)
			}
			if c > 0 {
				left = wb.edge(wb.cellAt(r-1, c-1), wb.cellAt(r, c-1), g.pencil)
			}
			if c < n {
				right = wb.edge(wb.cellAt(r-1, c), wb.cellAt(r, c), g.pencil)
			}
			if (r == 0 || r == n) && (c == 0 || c == n) {
				// The board's corners are heavy whatever the cells.
				up, down, left, right = min(up, edgeHeavy), min(down, edgeHeavy), min(left, edgeHeavy), min(right, edgeHeavy)
			}
			ch, w := junction(up, right, down, left)
			cv.set(colX(c), y, ch, paint{fg: weightFg[w]})
			if c < n {
				hc, hw := horizontal(right)
				for x := colX(c) + 1; x <= colX(c)+g.cw; x++ {
					cv.set(x, y, hc, paint{fg: weightFg[hw]})
				}
			}
		}
		// Cage labels go on the line above the cage's first cell.
		if r < n {
			for c := range n {
				if lb := wb.label[r*n+c]; lb != "" {
					wb.drawLabel(cv, colX(c)+1, y, lb, r, c, g)
				}
			}
		}
	}
	// Cells and the vertical lines between them.
	for r := range n {
		for c := 0; c <= n; c++ {
			w := wb.edge(wb.cellAt(r, c-1), wb.cellAt(r, c), g.pencil)
			vc := verticalRune(w)
			for dy := range g.ch {
				cv.set(colX(c), g.rowY[r]+dy, vc, paint{fg: weightFg[w]})
			}
			if c < n {
				wb.drawCell(cv, f, g, m, r*n+c, colX(c)+1, g.rowY[r])
			}
		}
	}
	return cv
}

// drawLabel writes a cage's label on the separator line at x, y; a label
// wider than its cell runs on over the cells to the right of its cage.
func (wb *watchBoard) drawLabel(cv *canvas, x, y int, lb string, r, c int, g geometry) {
	room := wb.labelRoom(lb, r, c, g)
	for i, ch := range []rune(lb) {
		if i >= room {
			break
		}
		cv.set(x+i, y, ch, paint{fg: fgLabel})
	}
}

// labelRoom returns the characters the label lb of the cage whose first
// cell is at row r, column c may take on the board: along the cage's
// cells, then over cells whose top edge carries no label of their own.
func (wb *watchBoard) labelRoom(lb string, r, c int, g geometry) int {
	n := wb.geo.N
	room := g.cw
	for cc := c + 1; cc < n && (wb.geo.CellCage[r*n+cc] == wb.geo.CellCage[r*n+c] || room < len([]rune(lb)) && wb.label[r*n+cc] == ""); cc++ {
		room += g.cw + 1
	}
	return room
}

// cutLabels returns, as "r4c1 324×", the cage labels the board of
// layout g has no room for: cut short, a label reads as another target
// ("324×" as "324"), so they are listed under the board.
func (wb *watchBoard) cutLabels(g geometry) []string {
	var out []string
	for cell, lb := range wb.label {
		if lb == "" {
			continue
		}
		r, c := cell/wb.geo.N, cell%wb.geo.N
		if wb.labelRoom(lb, r, c, g) < len([]rune(lb)) {
			out = append(out, wb.geo.CellName(cell)+" "+lb)
		}
	}
	return out
}

// drawCell draws the inside of cell i at x, y.
func (wb *watchBoard) drawCell(cv *canvas, f *watchFrame, g geometry, m marks, i, x, y int) {
	bg := m.cellBg[i]
	for dy := range g.ch {
		for dx := range g.cw {
			cv.set(x+dx, y+dy, ' ', paint{bg: bg})
		}
	}
	sym := wb.geo.Symbols()
	s := f.state
	if wb.geo.Black[i] {
		for dy := range g.ch {
			for dx := range g.cw {
				cv.set(x+dx, y+dy, '▓', paint{fg: fgBlack, bg: bg})
			}
		}
		if v := s.Value[i]; v != 0 {
			cv.set(x+g.cw/2, y+g.ch/2, rune(sym[v]), paint{fg: fgGiven, bg: bg})
		}
		return
	}
	if d := wb.diag[i]; d != 0 {
		if d&diagMain != 0 {
			cv.set(x, y, '╲', paint{fg: fgDim, bg: bg})
		}
		if d&diagAnti != 0 {
			cv.set(x+g.cw-1, y, '╱', paint{fg: fgDim, bg: bg})
		}
	}
	if v := s.Value[i]; v != 0 {
		fg := fgSolved
		switch {
		case m.placed[i]:
			fg = fgPlaced
		case s.Given[i]:
			fg = fgGiven
		}
		cv.set(x+g.cw/2, y+g.ch/2, rune(sym[v]), paint{fg: fg, bg: bg})
		return
	}
	n := wb.geo.N
	if !g.pencil {
		// One character: the removed candidate (or * for several), else a dot.
		ch, fg := '·', fgDim
		for d := 1; d <= n; d++ {
			if m.cand[i*32+d-1] == fgRemoved {
				if ch == '·' {
					ch, fg = rune(sym[d]), fgRemoved
				} else {
					ch = '*'
				}
			}
		}
		cv.set(x+1, y, ch, paint{fg: fg, bg: bg})
		if fg == fgRemoved && f.pal.plain {
			// Without styles (a dumb terminal) a removed candidate reads
			// "-2", as in the list under the board, not as a digit.
			cv.set(x, y, '-', paint{fg: fg, bg: bg})
		}
		return
	}
	for d := 1; d <= n; d++ {
		role, marked := m.cand[i*32+d-1]
		if !s.Has(i, d) && role != fgRemoved {
			continue
		}
		if !marked {
			role = fgCand
		}
		cx, cy := x+1+2*((d-1)%g.k), y+(d-1)/g.k
		cv.set(cx, cy, rune(sym[d]), paint{fg: role, bg: bg})
		if role == fgRemoved && f.pal.plain {
			cv.set(cx-1, cy, '-', paint{fg: role, bg: bg})
		}
	}
}

// junction returns the character where lines of the given weights meet,
// and the weight it is drawn with. Faint lines meet in a dot; a junction
// with any heavy arm is drawn heavy.
func junction(up, right, down, left int) (rune, int) {
	arms := [4]int{up, right, down, left}
	top, mask := edgeNone, 0
	for i, a := range arms {
		top = max(top, a)
		if a >= edgeLight {
			mask |= 1 << i
		}
	}
	switch {
	case top == edgeNone:
		return ' ', edgeNone
	case top == edgeFaint:
		return '·', edgeFaint
	case top == edgeHeavy:
		return heavyBox[mask], edgeHeavy
	}
	return lightBox[mask], edgeLight
}

// horizontal returns the character of a horizontal line of weight w.
func horizontal(w int) (rune, int) {
	switch w {
	case edgeHeavy:
		return '━', w
	case edgeLight:
		return '─', w
	case edgeFaint:
		return '┄', w
	}
	return ' ', w
}

// verticalRune returns the character of a vertical line of weight w.
func verticalRune(w int) rune {
	switch w {
	case edgeHeavy:
		return '┃'
	case edgeLight:
		return '│'
	case edgeFaint:
		return '┆'
	}
	return ' '
}

// keyHelp is the line of keys under the board.
const keyHelp = "space pause/resume · ←/→ step · h hint · +/− speed · home/end · ? keys · q quit"

// renderWatch renders a frame: the board (with pencil marks when they fit
// the terminal, else compact), then the step's position, method letter,
// strategy, explanation, chain and the key help.
func renderWatch(f *watchFrame) string {
	wb := f.board
	m := wb.stepMarks(f.step)
	width := f.width
	if width <= 0 {
		width = 1 << 30
	}
	info := f.infoLines(width)
	room := func(lines int) int { return f.height - lines } // the lines left under lines of board
	// Pencil marks when the board fits with room for the usual text under
	// it, whatever this step's text: the layout stays put from step to
	// step, and the text is cut to the room left.
	g := wb.layoutBoard(true)
	if f.width > 0 && (g.w > f.width || g.h+textRoom > f.height) {
		g = wb.layoutBoard(false)
		if cells := f.cellLines(m, width); f.height <= 0 || g.h+len(cells)+minLines(info) <= f.height {
			info = append(cells, info...)
		}
	}
	if cut := wb.cutLabels(g); len(cut) > 0 {
		var lines []infoLine
		for _, ln := range wrap("cage labels cut short above: "+strings.Join(cut, ", "), width) {
			lines = append(lines, infoLine{text: ln, fg: fgLabel})
		}
		info = append(lines, info...)
	}
	var sb strings.Builder
	if f.width > 0 && (g.w > f.width || g.h+1 > f.height) {
		// The board itself does not fit with its status line. The
		// warning wraps to the width, and the lines under it are cut to
		// the height, so that the warning itself is never cut.
		warning := wrap(fmt.Sprintf("The terminal (%d×%d) is too small for this %d×%d board: it needs %d×%d at least.",
			f.width, f.height, wb.geo.N, wb.geo.N, g.w, g.h+1), f.width)
		for _, ln := range warning {
			sb.WriteString(ln)
			sb.WriteByte('\n')
		}
		if room := room(len(warning)); f.height > 0 && len(info) > room {
			info = fitOutline(info, room)[:max(min(room, len(info)), 0)]
		}
	} else {
		if room := room(g.h); f.height > 0 && len(info) > room {
			// An outline gives up its last lines first; then what is cut is
			// the end of the text and the keys, the status first.
			info = fitOutline(info, room)
			info = info[:min(room, len(info))]
		}
		cv := wb.drawBoard(f, g, m)
		var side []string
		if f.listed != nil {
			side = f.listLines(cv.h, width-g.w-2)
		}
		for y := range cv.h {
			cv.line(&sb, y, f.pal)
			if y < len(side) {
				sb.WriteString("  ")
				f.pal.write(&sb, side[y], paint{fg: pick(strings.HasPrefix(side[y], "▶"), fgTitle, fgText)})
			}
			sb.WriteByte('\n')
		}
	}
	for i, ln := range info {
		f.pal.write(&sb, ln.text, paint{fg: ln.fg})
		if i < len(info)-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// textRoom is the lines of text a board with pencil marks leaves room for
// under it (the status, the method, two of explanation, the chain and the
// keys); with less, the board turns compact.
const textRoom = 6

// infoLine is one line of text under the board.
type infoLine struct {
	text string
	fg   fgRole
	// outline is 1 + the index of the Step.outline line this line shows
	// (part of it, when the line wraps), 0 for the other text.
	outline int
}

// outlineMore is the line that ends an outline cut to the room under the
// board: how many of its lines are left out, and where to read them.
func outlineMore(n int) string {
	return fmt.Sprintf("… %s more %s (steps prints them all)", thousands(n), pick(n == 1, "line", "lines"))
}

// minLines is the fewest lines info takes under the board: its outline, if
// any, cut to its first line and the count of those left out.
func minLines(info []infoLine) int {
	n := 0
	for _, ln := range info {
		if ln.outline <= 1 {
			n++
		}
	}
	if n < len(info) {
		n++ // the count
	}
	return n
}

// fitOutline cuts the outline in info (its lines of Step.outline whole,
// from the last) to fit info in room lines, with a line that counts those
// left out in their place. The text after it (the chain, the keys) stays
// when the outline's first line fits beside it; when not, the outline
// keeps the room under the text before it and the caller cuts info's end,
// as it cuts any text too long; with no room for its first line whole,
// as much of it as fits comes before the count. With no outline, room
// for the outline whole, or no room for the count, info is returned as
// it is.
func fitOutline(info []infoLine, room int) []infoLine {
	first, last, lines := -1, -1, 0 // info's outline lines, and how many Step.outline lines they show
	for i, ln := range info {
		if ln.outline > 0 {
			if first < 0 {
				first = i
			}
			last = i
			lines = max(lines, ln.outline)
		}
	}
	if first < 0 || len(info) <= room {
		return info
	}
	// keep returns the wrapped lines of the first Step.outline lines that
	// fit in n lines, and how many those are.
	keep := func(n int) (wrapped, k int) {
		for i := first; i <= last && i-first+1 <= n; i++ {
			if i == last || info[i+1].outline != info[i].outline {
				wrapped, k = i-first+1, info[i].outline
			}
		}
		return wrapped, k
	}
	after := len(info) - last - 1
	wrapped, k := keep(room - first - 1 - after)
	if k == 0 {
		wrapped, k = keep(room - first - 1)
	}
	if k == lines {
		// The outline fits whole and the text after it does not (a
		// forcing net's chain line): nothing to count, and the caller
		// cuts that text's end.
		return info
	}
	if k == 0 {
		// Not even the first line whole beside the count: as much of it
		// as fits, then the count of the others (a 16×16 board at 80×24
		// leaves three lines).
		if room-first-1 < 0 {
			return info
		}
		wrapped = min(room-first-1, last-first+1)
		if wrapped > 0 {
			k = 1
		}
	}
	out := slices.Clone(info[:first+wrapped])
	out = append(out, infoLine{text: outlineMore(lines - k), fg: fgDim})
	return append(out, info[last+1:]...)
}

// thousands writes n with commas between its thousands ("1,372").
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// outlineLines returns the lines of a step's outline (Step.outline) at most
// width runes wide: each indented two spaces a level of depth (half the
// width at most), a line that wraps going on four more spaces in, past
// where a line one level deeper starts. Each knows the outline line it
// shows.
func outlineLines(lines []*sudokuv1.ExplanationLine, width int) []infoLine {
	var out []infoLine
	for i, ln := range lines {
		indent := min(2*int(min(ln.GetDepth(), 64)), width/2)
		pad := strings.Repeat(" ", indent)
		for j, w := range wrap(ln.GetText(), max(width-indent-4, 1)) {
			if j > 0 {
				w = "    " + w
			}
			out = append(out, infoLine{text: pad + w, fg: fgText, outline: i + 1})
		}
	}
	return out
}

// infoLines returns the lines under the board, each at most width wide.
func (f *watchFrame) infoLines(width int) []infoLine {
	var out []infoLine
	add := func(fg fgRole, s string) {
		for _, ln := range wrap(s, width) {
			out = append(out, infoLine{text: ln, fg: fg})
		}
	}
	head := fmt.Sprintf("step %d/%d", f.pos, f.total)
	if f.hideTotal {
		head = fmt.Sprintf("step %d", f.pos)
	}
	if f.status != "" {
		head += " · " + f.status
	}
	add(fgText, head)
	st := f.step
	switch {
	case st == nil:
		add(fgTitle, "the puzzle")
		add(fgDim, "")
	default:
		title := "[" + st.GetMethod() + "] " + st.GetStrategy()
		if t := st.GetTechnique(); t != "" && t != st.GetStrategy() {
			title += " — " + t
		}
		if sc := st.GetScore(); sc > 0 {
			title += fmt.Sprintf(" (score %d)", sc)
		}
		if d := st.GetDepth(); d > 0 {
			title += fmt.Sprintf(" · guesses in force %d", d)
		}
		add(fgTitle, title)
		outline := st.GetOutline()
		if len(outline) > 0 {
			out = append(out, outlineLines(outline, width)...)
		} else {
			add(fgText, st.GetExplanation())
		}
		// A trial's outline says in words what its chain line would (the
		// board draws the chain): the room goes to the outline. A forcing
		// net's outline gives the ways to its clash, not every link: its
		// chain line stays when short (three rows, its label and wrapping
		// counted), not a nested net's hundreds of links, which would push
		// the outline off.
		if ch := f.board.eureka(st); ch != "" {
			// Nodes without links (a cage's combinations) are no chain.
			ch = pick(len(st.GetLinks()) > 0, "chain: ", "nodes: ") + ch
			if len(outline) == 0 || !trialCourse(st) && len(wrap(ch, width)) <= 3 {
				add(fgPattern, ch)
			}
		}
	}
	if f.hint != "" {
		add(fgPattern, f.hint)
	}
	if f.outcome != "" {
		add(pick(strings.HasPrefix(f.outcome, "error:"), fgError, fgText), f.outcome)
	}
	add(fgKey, keyHelp)
	return out
}

// cellLines lists the pencil marks of the step's cells, for the compact
// board that has no room for them: "r3c4: 1 2 7 −5".
func (f *watchFrame) cellLines(m marks, width int) []infoLine {
	st := f.step
	if st == nil {
		return nil
	}
	var cells []int
	seen := map[int]bool{}
	addCell := func(c int) {
		if c >= 0 && c < len(f.state.Value) && !seen[c] {
			seen[c] = true
			cells = append(cells, c)
		}
	}
	for _, p := range st.GetPlacements() {
		addCell(int(p.GetCell()))
	}
	for _, e := range st.GetEliminations() {
		addCell(int(e.GetCell()))
	}
	// The chain's candidates, which the compact board cannot draw.
	for _, nd := range st.GetNodes() {
		for _, c := range nd.GetCells() {
			addCell(int(c))
		}
	}
	for _, c := range st.GetCells() {
		addCell(int(c))
	}
	const most = 12
	var parts []string
	for i, c := range cells {
		if i == most {
			parts = append(parts, fmt.Sprintf("(+%d cells)", len(cells)-most))
			break
		}
		parts = append(parts, f.cellMarks(c, m))
	}
	var out []infoLine
	for _, ln := range wrap(strings.Join(parts, "   "), width) {
		out = append(out, infoLine{text: ln, fg: fgCand})
	}
	return out
}

// cellMarks describes one cell for cellLines.
func (f *watchFrame) cellMarks(c int, m marks) string {
	wb := f.board
	name := wb.geo.CellName(c)
	if v := f.state.Value[c]; v != 0 {
		return name + "=" + wb.geo.DigitName(int(v))
	}
	var kept, gone []string
	for d := 1; d <= wb.geo.N; d++ {
		switch {
		case m.cand[c*32+d-1] == fgRemoved:
			gone = append(gone, "−"+wb.geo.DigitName(d))
		case f.state.Has(c, d):
			kept = append(kept, wb.geo.DigitName(d))
		}
	}
	return name + ": " + strings.Join(append(kept, gone...), " ")
}

// trialCourse reports whether a step's links are a trial's course (every
// one LINK_KIND_THEN), which its outline words in full.
func trialCourse(st *sudokuv1.Step) bool {
	for _, k := range st.GetLinks() {
		if k.GetKind() != sudokuv1.LinkKind_LINK_KIND_THEN {
			return false
		}
	}
	return len(st.GetLinks()) > 0
}

// eureka writes a step's chain in Eureka notation: "(5)r3c4=(5)r3c7-…" for
// a chain whose links follow its nodes, else its links one by one.
func (wb *watchBoard) eureka(st *sudokuv1.Step) string {
	nodes, links := st.GetNodes(), st.GetLinks()
	if len(nodes) == 0 {
		return ""
	}
	node := func(i uint32) string {
		if int(i) >= len(nodes) {
			return "?"
		}
		return wb.nodeName(nodes[i])
	}
	sign := func(k *sudokuv1.ChainLink) string {
		switch k.GetKind() {
		case sudokuv1.LinkKind_LINK_KIND_STRONG:
			return "="
		case sudokuv1.LinkKind_LINK_KIND_THEN:
			return "⇒"
		}
		return "-"
	}
	// A chain links each node to the next; a continuous loop's last link
	// goes back to the first.
	simple := len(links) > 0
	for i, k := range links {
		next := i + 1
		if i == len(links)-1 && len(links) == len(nodes) && len(nodes) > 2 {
			next = 0
		}
		simple = simple && int(k.GetFrom()) == i && int(k.GetTo()) == next
	}
	var sb strings.Builder
	switch {
	case len(links) == 0:
		for i, nd := range nodes {
			if i > 0 && isFilling(nd) && isFilling(nodes[i-1]) && slices.Equal(nd.GetCells(), nodes[i-1].GetCells()) {
				// The fillings a verity tried in the same cells: the
				// cells once, "r1c3,r2c2=15|24|…".
				sb.WriteString("|" + nd.GetOrigin())
				continue
			}
			if i > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(node(uint32(i)))
		}
	case simple:
		sb.WriteString(node(0))
		for _, k := range links {
			sb.WriteString(sign(k) + node(k.GetTo()))
		}
	default:
		for i, k := range links {
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(node(k.GetFrom()) + sign(k) + node(k.GetTo()))
		}
	}
	return sb.String()
}

// hint words a hint for step st at a level: 1 names its technique and
// the area it works in (its units, else its cells), 2 adds the cells and
// digits it places or removes.
func (wb *watchBoard) hint(st *sudokuv1.Step, level int) string {
	name := st.GetTechnique()
	if name == "" {
		name = st.GetStrategy()
	}
	var area []string
	for _, u := range st.GetUnits() {
		if u.GetName() != "" {
			area = append(area, u.GetName())
		}
	}
	if len(area) == 0 {
		for _, c := range st.GetCells() {
			if int(c) < wb.geo.Cells {
				area = append(area, wb.geo.CellName(int(c)))
			}
		}
	}
	s := "hint: " + name
	if len(area) > 0 {
		s += " in " + strings.Join(area, ", ")
	}
	if level < 2 {
		return s + " (h again: the cells and digits)"
	}
	var moves []string
	for _, p := range st.GetPlacements() {
		moves = append(moves, wb.geo.CellName(int(p.GetCell()))+"="+wb.geo.DigitName(int(p.GetDigit())))
	}
	for _, e := range st.GetEliminations() {
		moves = append(moves, wb.geo.CellName(int(e.GetCell()))+"<>"+wb.geo.DigitName(int(e.GetDigit())))
	}
	return s + ": " + strings.Join(moves, ", ") + " (h again: take the step)"
}

// nodeName names a chain node: "(5)r3c4", a group "(5)r3c45" or
// "(5)r34c5", an ALS "(5)ALS:r1c2,r1c3", the rule of 45 by its sum and
// cells, "SUM12:r1c2+r2c2", a filling tried by its cells and digits,
// "r1c2,r2c2=57"; another kind (a cage, a compartment) is named
// like an ALS by its cells, "CAGE:r1c2,r1c3", its digit in front if it has
// one.
func (wb *watchBoard) nodeName(nd *sudokuv1.ChainNode) string {
	if nd.GetKind() == sudokuv1.NodeKind_NODE_KIND_SUM {
		return wb.sumName(nd)
	}
	n := wb.geo.N
	d := "" // a cage's or a compartment's node has no digit
	if nd.GetDigit() != 0 {
		d = "(" + wb.geo.DigitName(int(nd.GetDigit())) + ")"
	}
	cells := nd.GetCells()
	if len(cells) == 0 {
		return d + "?"
	}
	names := make([]string, 0, len(cells))
	sameRow, sameCol := true, true
	for _, c := range cells {
		if int(c) >= n*n {
			return d + "?"
		}
		names = append(names, wb.geo.CellName(int(c)))
		sameRow = sameRow && int(c)/n == int(cells[0])/n
		sameCol = sameCol && int(c)%n == int(cells[0])%n
	}
	if label := nodeKindLabel(nd.GetKind()); label != "" {
		return d + label + ":" + strings.Join(names, ",")
	}
	if isFilling(nd) {
		return strings.Join(names, ",") + "=" + nd.GetOrigin()
	}
	join := func(idx func(uint32) int) string {
		var parts []string
		for _, c := range cells {
			parts = append(parts, strconv.Itoa(idx(c)+1))
		}
		return strings.Join(parts, pick(n > 9, ",", ""))
	}
	switch {
	case len(cells) == 1:
		return d + names[0]
	case sameRow:
		return d + "r" + strconv.Itoa(int(cells[0])/n+1) + "c" + join(func(c uint32) int { return int(c) % n })
	case sameCol:
		return d + "r" + join(func(c uint32) int { return int(c) / n }) + "c" + strconv.Itoa(int(cells[0])%n+1)
	}
	return d + strings.Join(names, ",")
}

// isFilling reports whether nd is a filling of its cells a trial tried (a
// Cage Filling Verity's): a group node of no digit whose origin gives a
// digit for each cell, in order.
func isFilling(nd *sudokuv1.ChainNode) bool {
	return nd.GetKind() == sudokuv1.NodeKind_NODE_KIND_GROUP && nd.GetDigit() == 0 &&
		len(nd.GetCells()) > 0 && utf8.RuneCountInString(nd.GetOrigin()) == len(nd.GetCells())
}

// sumName names a rule-of-45 node, "SUM12:r1c2+r2c2" ("SUM12:?" when a
// cell is off the board).
func (wb *watchBoard) sumName(nd *sudokuv1.ChainNode) string {
	names := make([]string, 0, len(nd.GetCells()))
	for _, c := range nd.GetCells() {
		if int(c) >= wb.geo.Cells {
			names = append(names[:0], "?")
			break
		}
		names = append(names, wb.geo.CellName(int(c)))
	}
	if len(names) == 0 {
		names = append(names, "?")
	}
	return "SUM" + strconv.Itoa(int(nd.GetTarget())) + ":" + strings.Join(names, "+")
}

// nodeKindLabel returns the label of a node kind named by its cells: "ALS",
// the short enum name of a kind newer than this client ("CAGE" for
// NODE_KIND_CAGE, "KIND7" when even the name is unknown), or "" for a
// candidate or a group, which are named by their row and column.
func nodeKindLabel(k sudokuv1.NodeKind) string {
	switch k {
	case sudokuv1.NodeKind_NODE_KIND_UNSPECIFIED, sudokuv1.NodeKind_NODE_KIND_CANDIDATE, sudokuv1.NodeKind_NODE_KIND_GROUP:
		return ""
	case sudokuv1.NodeKind_NODE_KIND_ALS:
		return "ALS"
	}
	if name, ok := sudokuv1.NodeKind_name[int32(k)]; ok {
		return strings.TrimPrefix(name, "NODE_KIND_")
	}
	return "KIND" + strconv.Itoa(int(k))
}

// minListWidth is the narrowest room beside the board the step list takes.
const minListWidth = 16

// listLines returns the step list beside the board, at most height lines
// of at most width runes: a window of the listed steps that holds the
// shown one, marked "▶". With less room than minListWidth it is empty.
func (f *watchFrame) listLines(height, width int) []string {
	if width < minListWidth || height < 1 {
		return nil
	}
	n := len(f.listed)
	if n == 0 {
		return []string{"(no steps yet)"}
	}
	start := 0
	if n > height {
		start = min(max(f.pos-height/2, 0), n-height)
	}
	var out []string
	for i := start; i < min(n, start+height); i++ {
		st := f.listed[i]
		name := st.GetTechnique()
		if name == "" {
			name = st.GetStrategy()
		}
		mark := " "
		if i+1 == f.pos {
			mark = "▶"
		}
		ln := []rune(fmt.Sprintf("%s%4d %-2s %s", mark, i+1, st.GetMethod(), name))
		if len(ln) > width {
			ln = append(ln[:width-1], '…')
		}
		out = append(out, string(ln))
	}
	return out
}

// wrap breaks s into lines at most width runes wide, at spaces when it can.
func wrap(s string, width int) []string {
	if width < 1 {
		width = 1
	}
	var out []string
	for {
		r := []rune(s)
		if len(r) <= width {
			return append(out, s)
		}
		cut := width
		for i := width; i > width/2; i-- {
			if r[i] == ' ' {
				cut = i
				break
			}
		}
		out = append(out, strings.TrimRight(string(r[:cut]), " "))
		s = strings.TrimLeft(string(r[cut:]), " ")
	}
}

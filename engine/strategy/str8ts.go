package strategy

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sudokuwise/solver/engine/grid"
)

// The Str8ts strategies reason on compartments, the runs of white cells of
// a row or a column that hold a straight (see grid.StraightWindows), in the
// order str8ts.com teaches them. They run on Str8ts boards only; of the
// Sudoku strategies, those that need no more than all-different units run
// there too (see alsoOnStr8ts).
var (
	compartmentRange = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Compartment Range", level: Easy, score: 4, se: 12},
		findCompartmentRanges, explainCompartmentRange))
	sureDigits = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Sure Digits", level: Easy, score: 8, se: 26},
		findSureDigits, explainSureDigits))
	mindTheGap = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Mind the Gap", level: Medium, score: 20, se: 28},
		findMindTheGap, explainMindTheGap))
	highLowStranding = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "High/Low Stranding", level: Medium, score: 40, se: 30},
		findHighLowStranding, explainHighLowStranding))
	compartmentSubsets = &Strategy{
		name: "Compartment Hidden Subsets", class: Elimination, str8ts: OnlyOnStr8ts,
		techniques: compartmentSubsetTechniques,
		find:       findCompartmentSubsets,
		explain:    explainCompartmentSubset,
	}
	str8tsFish = &Strategy{
		name: "Str8ts Fish", class: Elimination, str8ts: OnlyOnStr8ts,
		techniques: str8tsFishTechniques,
		find:       findStr8tsFish,
		explain:    explainStr8tsFish,
	}
	settis = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Settis", level: Hard, score: 150, se: 52},
		findSettis, explainSettis))
)

// CompartmentRange (x): a compartment of k cells holds k consecutive
// digits, so its placed digits and the reach of its cells' candidates
// bound its straight; a candidate outside every straight in reach (a
// stranded digit) goes.
func CompartmentRange() *Strategy { return compartmentRange }

// SureDigits (y): a digit of every straight a compartment can still
// hold is sure to be in it: it leaves the cells that see all its places
// there (the rest of the compartment's row or column, and the box or
// diagonal of Str8ts B and X they share), and goes in when one cell of
// the compartment alone can take it.
func SureDigits() *Strategy { return sureDigits }

// MindTheGap (z): the straights a compartment can hold must each fill
// every cell with a distinct candidate; a candidate of a cell that no
// such filling uses goes. A gap in the candidates splits the
// compartment's straight to one side of it (split compartments).
func MindTheGap() *Strategy { return mindTheGap }

// HighLowStranding (A2): the compartments of a row or a column hold
// straights that share no digit. A straight of one compartment that
// leaves another no straight of its own (one takes the high digits,
// the other the low) is out, and with it the candidates only it uses.
func HighLowStranding() *Strategy { return highLowStranding }

// CompartmentSubsets (B2): k sure digits of a compartment confined to
// k of its cells clear those cells of other digits (a hidden pair or
// triple of a compartment; naked ones are Naked Subsets, F).
func CompartmentSubsets() *Strategy { return compartmentSubsets }

// Str8tsFish (C2): a digit sure in a compartment of each of k rows,
// whose places there lie in k columns, is in each of those columns
// once and leaves the rest of them (X-Wing, Swordfish, Jellyfish on
// sure digits); the same with rows and columns swapped.
func Str8tsFish() *Strategy { return str8tsFish }

// Settis (D2): a digit is in as many rows as columns (black clues
// included). When the rows sure to hold it are as many as the columns
// that can, every column that can hold it does; and the other way
// round. A column that must hold the digit with one place left for it
// takes it there.
func Settis() *Strategy { return settis }

var (
	compartmentSubsetTechniques = []*Technique{
		{name: "Compartment Hidden Pair", level: Medium, score: 50, se: 34},
		{name: "Compartment Hidden Triple", level: Medium, score: 70, se: 40},
	}
	str8tsFishTechniques = []*Technique{
		{name: "Str8ts X-Wing", level: Hard, score: 100, se: 32},
		{name: "Str8ts Swordfish", level: Hard, score: 120, se: 38},
		{name: "Str8ts Jellyfish", level: Hard, score: 140, se: 52},
	}
)

// alsoOnStr8ts marks a Sudoku strategy sound on Str8ts boards, where it
// is declared: it only needs the cells of a unit to be all different (see
// Str8tsUse). Naked singles and subsets, XY- and XYZ-Wings, remote pairs
// and guessing are; every other one keeps NotOnStr8ts: hidden singles and
// subsets, intersections, fish, chains and colouring reason that a digit
// must appear in a unit, and the uniqueness patterns of Sudoku are not
// those of Str8ts.
func alsoOnStr8ts(st *Strategy) *Strategy {
	st.str8ts = AlsoOnStr8ts
	return st
}

// onlyOnStr8ts marks a Str8ts strategy (OnlyOnStr8ts) and returns it.
func onlyOnStr8ts(st *Strategy) *Strategy {
	st.str8ts = OnlyOnStr8ts
	return st
}

// compartment is one compartment of a board as the Str8ts strategies see
// it: its cells, its placed digits and its empty cells' candidates.
type compartment struct {
	unit   int   // index into Layout.Units; -1 for a single white cell
	cells  []int // ascending
	placed grid.Digits
	empty  []int // the empty cells
	cand   []grid.Digits
}

func (c *compartment) load(b *grid.Board, unit int, cells []int) {
	c.unit, c.cells, c.placed = unit, cells, 0
	c.empty, c.cand = c.empty[:0], c.cand[:0]
	for _, cell := range cells {
		if v := b.Value(cell); v != 0 {
			c.placed |= grid.Bit(int(v))
		} else {
			c.empty = append(c.empty, cell)
			c.cand = append(c.cand, b.Cands(cell))
		}
	}
}

// windows returns the windows open to the compartment (see
// grid.StraightWindows); bounds only asks that each empty cell have a
// candidate in the window, not that they fill it together.
func (c *compartment) windows(n int, bounds bool) grid.Digits {
	k := len(c.cells)
	var open grid.Digits
	for lo := 1; lo+k-1 <= n; lo++ {
		w := grid.Straight(lo, k)
		if c.placed&^w != 0 {
			continue
		}
		ok := true
		if bounds {
			for _, cd := range c.cand {
				ok = ok && cd&w != 0
			}
		} else {
			ok = grid.Matchable(c.cand, w&^c.placed)
		}
		if ok {
			open |= grid.Bit(lo)
		}
	}
	return open
}

// windowNames renders windows of k digits, e.g. "3-6, 4-7" (a single
// cell's: "2, 5").
func windowNames(n grid.Notation, windows grid.Digits, k int) string {
	var parts []string
	for w := windows; w != 0; w &= w - 1 {
		lo := w.Min()
		if k == 1 {
			parts = append(parts, n.DigitName(lo))
			continue
		}
		parts = append(parts, n.DigitName(lo)+"-"+n.DigitName(lo+k-1))
	}
	return strings.Join(parts, ", ")
}

// lineUnit returns the row or column unit holding a compartment's cells.
func lineUnit(l *grid.Layout, cells []int) int {
	rows, cols := lineUnits(l)
	n := l.N
	if len(cells) > 1 && cells[0]/n != cells[1]/n {
		return cols[cells[0]%n]
	}
	return rows[cells[0]/n]
}

func findCompartmentRanges(b *grid.Board, sink *Sink) {
	var c compartment
	for u, windows := range c.open(b, true) {
		allowed, _ := grid.StraightSpan(windows, len(c.cells))
		if c.dropOutside(sink, u, windows, func(int) grid.Digits { return allowed }) {
			return
		}
	}
}

// open loads into c, in turn, every compartment of b with empty cells
// that has straights still open (a compartment with none is broken: the
// solver's check reports it), and yields its unit and those straights
// (see windows; strict as there).
func (c *compartment) open(b *grid.Board, strict bool) iter.Seq2[int, grid.Digits] {
	return func(yield func(int, grid.Digits) bool) {
		l := b.Layout()
		for u := range l.Units() {
			if l.Unit(u).Kind != grid.Compartment {
				continue
			}
			c.load(b, u, l.Unit(u).Cells)
			if len(c.empty) == 0 {
				continue
			}
			if windows := c.windows(l.N, strict); windows != 0 && !yield(u, windows) {
				return
			}
		}
	}
}

// dropOutside adds the step of compartment c (unit u) that removes from
// each empty cell i the candidates outside keep(i), justified by the
// straights windows still open to it, unless there are none. It reports
// whether the sink is done.
func (c *compartment) dropOutside(sink *Sink, u int, windows grid.Digits, keep func(i int) grid.Digits) bool {
	var s *Step
	for i, cell := range c.empty {
		for d := c.cand[i] &^ keep(i); d != 0; d &= d - 1 {
			if s == nil {
				s = sink.Add()
				s.Digits = windows
				s.Units = append(s.Units, u)
				s.Cells = append(s.Cells, c.cells...)
			}
			s.Eliminations = append(s.Eliminations, CellDigit{cell, d.Min()})
		}
	}
	return s != nil && sink.Done()
}

func explainCompartmentRange(s *Step, n grid.Notation) string {
	u := n.Layout.Unit(s.Units[0])
	are := "straights that hold its digits and a candidate of each of its cells are"
	if s.Digits.Count() == 1 {
		are = "straight that holds its digits and a candidate of each of its cells is"
	}
	return fmt.Sprintf("%s holds %d consecutive digits; the only %s %s: %s",
		u.Name(), len(u.Cells), are, windowNames(n, s.Digits, len(u.Cells)), changeList(s, n))
}

func findSureDigits(b *grid.Board, sink *Sink) {
	l := b.Layout()
	var c compartment
	var gone []CellDigit
	var put []CellDigit
	var places []int
	for u, windows := range c.open(b, false) {
		_, sure := grid.StraightSpan(windows, len(c.cells))
		sure &^= c.placed
		if sure == 0 {
			continue
		}
		gone, put = gone[:0], put[:0]
		for m := sure; m != 0; m &= m - 1 {
			d := m.Min()
			places = places[:0]
			for i, cell := range c.empty {
				if c.cand[i].Has(d) {
					places = append(places, cell)
				}
			}
			if len(places) == 0 {
				continue // broken: the solver's check reports it
			}
			if len(places) == 1 {
				// It goes there, which takes it from the peers.
				put = append(put, CellDigit{places[0], d})
				continue
			}
			// d is in one of its places: a cell that sees them all (the
			// rest of the row or column, and the box or diagonal they
			// share on Str8ts B and X) cannot hold it.
			for _, cell := range l.Peers(places[0]) {
				if !b.Cands(cell).Has(d) || containsCell(places, cell) {
					continue
				}
				all := true
				for _, p := range places[1:] {
					all = all && l.Sees(cell, p)
				}
				if all {
					gone = append(gone, CellDigit{cell, d})
				}
			}
		}
		if len(gone) == 0 && len(put) == 0 {
			continue
		}
		s := sink.Add()
		s.Digits = sure
		s.Units = append(s.Units, u, lineUnit(l, c.cells))
		s.Cells = append(s.Cells, c.cells...)
		s.Placements = append(s.Placements, put...)
		s.Eliminations = append(s.Eliminations, gone...)
		if sink.Done() {
			return
		}
	}
}

func explainSureDigits(s *Step, n grid.Notation) string {
	units := n.Layout.Units()
	they := "they are"
	if s.Digits.Count() == 1 {
		they = "it is"
	}
	what := fmt.Sprintf("every straight that %s can hold has %s, so %s sure to be in it", units[s.Units[0]].Name(), n.DigitList(s.Digits, ","), they)
	var parts []string
	if len(s.Eliminations) > 0 {
		line := &units[s.Units[1]]
		inLine := true
		for _, e := range s.Eliminations {
			inLine = inLine && containsCell(line.Cells, e.Cell)
		}
		if inLine {
			parts = append(parts, fmt.Sprintf("not elsewhere in %s (%s)", line.Name(), describeEliminations(s, n)))
		} else {
			parts = append(parts, fmt.Sprintf("not in the cells that see all its places (%s)", describeEliminations(s, n)))
		}
	}
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s has one place, %s=%s", n.DigitName(p.Digit), n.CellName(p.Cell), n.DigitName(p.Digit)))
	}
	return what + ": " + strings.Join(parts, "; ")
}

// describeEliminations renders the eliminations of a step, e.g.
// "r1c2-5, r1c7-5".
func describeEliminations(s *Step, n grid.Notation) string {
	parts := make([]string, len(s.Eliminations))
	for i, e := range s.Eliminations {
		parts[i] = n.CellName(e.Cell) + "-" + n.DigitName(e.Digit)
	}
	return strings.Join(parts, ", ")
}

// fillings returns, for each empty cell of c, the candidates some filling
// of an open window gives it. Each filling found marks the digit of every
// cell, so that only the candidates none has given yet are tried.
func (c *compartment) fillings(n int, windows grid.Digits, keep []grid.Digits) []grid.Digits {
	keep = keep[:0]
	for range c.empty {
		keep = append(keep, 0)
	}
	e := len(c.cand)
	var buf [2 * grid.MaxSize]grid.Digits
	trial, match := buf[:e], buf[e:2*e]
	k := len(c.cells)
	for w := windows; w != 0; w &= w - 1 {
		free := grid.Straight(w.Min(), k) &^ c.placed
		for i := range c.cand {
			for d := c.cand[i] & free &^ keep[i]; d != 0; d &= d - 1 {
				bit := d & -d
				if keep[i]&bit != 0 {
					continue // a filling found since has it
				}
				copy(trial, c.cand)
				trial[i] = bit
				if grid.Matching(trial, free, match) {
					for j, m := range match {
						keep[j] |= m
					}
				}
			}
		}
	}
	return keep
}

func findMindTheGap(b *grid.Board, sink *Sink) {
	l := b.Layout()
	gm := gapMemos.get()
	defer gapMemos.put(gm)
	gm.begin(l)
	c := &gm.c
	for u := range l.Units() {
		cells := l.Unit(u).Cells
		if l.Unit(u).Kind != grid.Compartment {
			continue
		}
		c.load(b, u, cells)
		if len(c.empty) == 0 {
			continue
		}
		e := gm.lookup(b, u, cells)
		if e == nil {
			e = gm.victim(u)
			e.windows, e.filled = c.windows(l.N, false), false
			e.store(b, cells)
		}
		if !e.filled {
			e.keep = e.keep[:0]
			if e.windows != 0 {
				e.keep = c.fillings(l.N, e.windows, e.keep)
			}
			e.filled = true
		}
		if e.windows == 0 {
			continue // broken: the solver's check reports it
		}
		keep := e.keep
		if c.dropOutside(sink, u, e.windows, func(i int) grid.Digits { return keep[i] }) {
			return
		}
	}
}

// gapMemo keeps, for each compartment, its windows and fillings (see
// compartment.fillings) for the last few states of its cells (digits
// and candidates): inside the Str8ts trials Mind the Gap looks at the
// same compartments again and again, most of them unchanged or as
// another trial left them.
type gapMemo struct {
	l       *grid.Layout
	entries []gapEntry // by unit*gapWays + way
	next    []uint8    // by unit, the way victim gives next
	c       compartment
	// High/Low Stranding's buffers: a line's runs, their windows and
	// lengths, and the search of their straights.
	runs    []compartment
	windows []grid.Digits
	lens    []int
	picker  straightPicker
	// strands keeps, for each line (rows, then columns) and the last few
	// windows of its runs, the straights the search found them to use.
	strands []strandEntry // by (line + N if down)*strandWays + way
	snext   []uint8
}

// strandWays is how many windows of its runs a line's memo keeps.
const strandWays = 4

// strandEntry is what the search of disjointStraights found for the
// windows of a line's runs.
type strandEntry struct {
	windows, used []grid.Digits
	ok            bool
}

// strand returns disjointStraights(windows, lens, 0, maxStrandingNodes)
// for the runs of a row (across) or a column, from the memo when it
// judged the same windows there before; the slice is the memo's, valid
// until the next call.
func (gm *gapMemo) strand(across bool, line int, windows []grid.Digits, lens []int, memo bool) ([]grid.Digits, bool) {
	if !memo {
		return gm.picker.pick(windows, lens, 0, maxStrandingNodes)
	}
	n := gm.l.N
	if len(gm.strands) != 2*n*strandWays {
		gm.strands, gm.snext = make([]strandEntry, 2*n*strandWays), make([]uint8, 2*n)
	}
	key := line
	if !across {
		key += n
	}
	ways := gm.strands[key*strandWays : (key+1)*strandWays]
	for i := range ways {
		if e := &ways[i]; e.windows != nil && slices.Equal(e.windows, windows) {
			return e.used, e.ok
		}
	}
	used, ok := gm.picker.pick(windows, lens, 0, maxStrandingNodes)
	w := int(gm.snext[key])
	gm.snext[key] = uint8((w + 1) % strandWays)
	e := &ways[w]
	e.windows = append(e.windows[:0], windows...)
	e.used = append(e.used[:0], used...)
	e.ok = ok
	return e.used, ok
}

// gapWays is how many states of each compartment a gapMemo keeps.
const gapWays = 8

// gapEntry is a compartment's windows and fillings for the state of its
// cells.
type gapEntry struct {
	state   []cellState
	windows grid.Digits
	keep    []grid.Digits
	filled  bool // keep holds the fillings (High/Low Stranding stores windows only)
}

var gapMemos keptPool[gapMemo]

// begin readies the memo for a search on layout l, forgetting what it
// kept for another.
func (gm *gapMemo) begin(l *grid.Layout) {
	if gm.l != l || trialMemoOff {
		gm.l = l
		gm.entries = make([]gapEntry, len(l.Units())*gapWays)
		gm.next = make([]uint8, len(l.Units()))
		gm.strands, gm.snext = nil, nil
	}
}

// lookup returns the entry of compartment u for its cells as they are on
// b, or nil.
func (gm *gapMemo) lookup(b *grid.Board, u int, cells []int) *gapEntry {
	for i := u * gapWays; i < (u+1)*gapWays; i++ {
		if gm.entries[i].holds(b, cells) {
			return &gm.entries[i]
		}
	}
	return nil
}

// victim returns the entry of compartment u to record a new state in,
// the ways taken in turn.
func (gm *gapMemo) victim(u int) *gapEntry {
	w := int(gm.next[u])
	gm.next[u] = uint8((w + 1) % gapWays)
	return &gm.entries[u*gapWays+w]
}

// holds reports whether the cells are as e recorded them.
func (e *gapEntry) holds(b *grid.Board, cells []int) bool {
	if len(e.state) != len(cells) {
		return false
	}
	for i, c := range cells {
		if e.state[i] != (cellState{b.Cands(c), b.Value(c)}) {
			return false
		}
	}
	return true
}

// store records the state of the cells.
func (e *gapEntry) store(b *grid.Board, cells []int) {
	e.state = e.state[:0]
	for _, c := range cells {
		e.state = append(e.state, cellState{b.Cands(c), b.Value(c)})
	}
}

func explainMindTheGap(s *Step, n grid.Notation) string {
	u := n.Layout.Unit(s.Units[0])
	return fmt.Sprintf("%s can hold the straights %s only, each digit in a cell of its own; no such filling uses %s", u.Name(), windowNames(n, s.Digits, len(u.Cells)), changeList(s, n))
}

// lineRuns returns the runs of white cells of a row (across) or a
// column, single cells included. They are the layout's, shared: a caller
// must not change them.
func lineRuns(l *grid.Layout, line int, across bool) [][]int {
	ls := newStr8tsLines(l)
	if across {
		return ls.runsAcross[line]
	}
	return ls.runsDown[line]
}

// buildLineRuns returns the runs of white cells of a row (across) or a
// column, single cells included.
func buildLineRuns(l *grid.Layout, line int, across bool) [][]int {
	n := l.N
	var runs [][]int
	var run []int
	for i := range n {
		cell := line*n + i
		if !across {
			cell = i*n + line
		}
		if l.IsBlack(cell) {
			if len(run) > 0 {
				runs = append(runs, run)
			}
			run = nil
			continue
		}
		run = append(run, cell)
	}
	if len(run) > 0 {
		runs = append(runs, run)
	}
	return runs
}

// compartmentUnits maps the first cell of each compartment, across and
// down, to its unit.
func compartmentUnits(l *grid.Layout) (across, down map[int]int) {
	across, down = map[int]int{}, map[int]int{}
	for u := range l.Units() {
		unit := l.Unit(u)
		if unit.Kind != grid.Compartment {
			continue
		}
		if unit.Cells[1]-unit.Cells[0] == 1 {
			across[unit.Cells[0]] = u
		} else {
			down[unit.Cells[0]] = u
		}
	}
	return across, down
}

// str8tsLines are the units of a board's rows and columns and of its
// compartments across and down, for the finders that work one direction
// (across: the rows) at a time.
type str8tsLines struct {
	l                    *grid.Layout
	rows, cols           [grid.MaxSize]int
	across, down         map[int]int // compartmentUnits
	runsAcross, runsDown [][][]int   // lineRuns, by row and by column
}

// lastStr8tsLines holds the lines of the layout last asked for: they are
// read-only, and the finders inside a trial ask for them many times.
var lastStr8tsLines atomic.Pointer[str8tsLines]

// newStr8tsLines returns the lines of layout l, shared and read-only.
func newStr8tsLines(l *grid.Layout) *str8tsLines {
	if ls := lastStr8tsLines.Load(); ls != nil && ls.l == l {
		return ls
	}
	ls := &str8tsLines{l: l}
	ls.rows, ls.cols = lineUnits(l)
	ls.across, ls.down = compartmentUnits(l)
	for line := range l.N {
		ls.runsAcross = append(ls.runsAcross, buildLineRuns(l, line, true))
		ls.runsDown = append(ls.runsDown, buildLineRuns(l, line, false))
	}
	lastStr8tsLines.Store(ls)
	return ls
}

// line returns the unit of row i (across) or column i.
func (ls *str8tsLines) line(across bool, i int) int {
	if across {
		return ls.rows[i]
	}
	return ls.cols[i]
}

// compartments maps the first cell of each compartment across (or down)
// to its unit.
func (ls *str8tsLines) compartments(across bool) map[int]int {
	if across {
		return ls.across
	}
	return ls.down
}

// maxStrandingNodes bounds the choices of windows High/Low Stranding
// tries in one line.
const maxStrandingNodes = 100_000

// disjointStraights returns, for each run of a line, the straights (by
// their lowest digit) that some choice of one straight a run from windows
// uses, the runs' straights sharing no digit with each other or with
// taken; lens are the runs' lengths. It reports false when the search
// went past budget nodes and so concludes nothing.
func disjointStraights(windows []grid.Digits, lens []int, taken grid.Digits, budget int) ([]grid.Digits, bool) {
	var p straightPicker
	return p.pick(windows, lens, taken, budget)
}

// straightPicker is the search of disjointStraights, its buffers kept
// between searches.
type straightPicker struct {
	windows []grid.Digits
	lens    []int
	used    []grid.Digits
	chosen  []int
	nodes   int
	budget  int
}

// pick is disjointStraights; the slice it returns is the picker's, valid
// until its next search.
func (p *straightPicker) pick(windows []grid.Digits, lens []int, taken grid.Digits, budget int) ([]grid.Digits, bool) {
	p.windows, p.lens, p.nodes, p.budget = windows, lens, 0, budget
	p.used = append(p.used[:0], make([]grid.Digits, len(windows))...)
	p.chosen = append(p.chosen[:0], make([]int, len(windows))...)
	p.choose(0, taken)
	p.windows, p.lens = nil, nil
	return p.used, p.nodes <= budget
}

// choose picks a straight for run i and those after it, none sharing a
// digit with taken or each other, and marks in used each full choice.
func (p *straightPicker) choose(i int, taken grid.Digits) {
	if p.nodes++; p.nodes > p.budget {
		return
	}
	if i == len(p.windows) {
		for j, lo := range p.chosen {
			p.used[j] |= grid.Bit(lo)
		}
		return
	}
	for w := p.windows[i]; w != 0; w &= w - 1 {
		if win := grid.Straight(w.Min(), p.lens[i]); win&taken == 0 {
			p.chosen[i] = w.Min()
			p.choose(i+1, taken|win)
		}
	}
}

func findHighLowStranding(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	lines := newStr8tsLines(l)
	// The windows Mind the Gap found for compartments as they are still
	// (inside the trials it has just looked at the same board), and the
	// buffers kept with them.
	gm := gapMemos.get()
	defer gapMemos.put(gm)
	memo := gm.l == l && !trialMemoOff
	all, windows, lens := gm.runs, gm.windows, gm.lens // each line's, reused
	defer func() { gm.runs, gm.windows, gm.lens = all, windows, lens }()
	for _, across := range []bool{true, false} {
		units := lines.compartments(across)
		for line := range n {
			runs := lineRuns(l, line, across)
			if len(runs) < 2 {
				continue
			}
			for len(all) < len(runs) {
				all = append(all, compartment{})
			}
			comps := all[:len(runs)]
			windows = append(windows[:0], make([]grid.Digits, len(runs))...)
			broken := false
			for i, run := range runs {
				unit, ok := units[run[0]]
				if !ok {
					unit = -1
				}
				comps[i].load(b, unit, run)
				var e *gapEntry
				if memo && unit >= 0 {
					e = gm.lookup(b, unit, l.Unit(unit).Cells)
				}
				switch {
				case e != nil:
					windows[i] = e.windows
				case memo && unit >= 0:
					e = gm.victim(unit)
					e.windows, e.filled = comps[i].windows(n, false), false
					e.store(b, l.Unit(unit).Cells)
					windows[i] = e.windows
				default:
					windows[i] = comps[i].windows(n, false)
				}
				broken = broken || windows[i] == 0
			}
			if broken {
				continue
			}
			lens = lens[:0]
			for _, run := range runs {
				lens = append(lens, len(run))
			}
			used, ok := gm.strand(across, line, windows, lens, memo)
			if !ok {
				continue // cut short: concludes nothing
			}
			for i := range runs {
				if used[i] == windows[i] || used[i] == 0 {
					continue
				}
				c := &comps[i]
				allowed, _ := grid.StraightSpan(used[i], len(runs[i]))
				var gone []CellDigit
				for j, cell := range c.empty {
					for d := c.cand[j] &^ allowed; d != 0; d &= d - 1 {
						gone = append(gone, CellDigit{cell, d.Min()})
					}
				}
				if len(gone) == 0 {
					continue
				}
				s := sink.Add()
				s.Digits = used[i]
				s.Units = append(s.Units, lines.line(across, line))
				if c.unit >= 0 {
					s.Units = append(s.Units, c.unit)
				}
				s.Cells = append(s.Cells, runs[i]...)
				for j, run := range runs {
					if j != i {
						s.Cells = append(s.Cells, run...)
					}
				}
				s.Eliminations = append(s.Eliminations, gone...)
				if sink.Done() {
					return
				}
			}
		}
	}
}

func explainHighLowStranding(s *Step, n grid.Notation) string {
	l := n.Layout
	what := cellList(n, s.Cells[:1])
	k := 1
	if len(s.Units) > 1 {
		what = l.Unit(s.Units[1]).Name()
		k = len(l.Unit(s.Units[1]).Cells)
	}
	return fmt.Sprintf("the straights of %s share no digit; beside the others, %s can hold %s only: %s",
		l.Unit(s.Units[0]).Name(), what, windowNames(n, s.Digits, k), changeList(s, n))
}

func findCompartmentSubsets(b *grid.Board, sink *Sink) {
	l := b.Layout()
	lo, hi := 2, 3
	if k := sink.Form.Size(); k != 0 {
		lo, hi = k, k
	}
	var c compartment
	var list, where []int
	var gone []CellDigit
	for size := lo; size <= hi && size <= 3; size++ {
		for u := range l.Units() {
			if l.Unit(u).Kind != grid.Compartment {
				continue
			}
			c.load(b, u, l.Unit(u).Cells)
			if len(c.empty) <= size {
				continue
			}
			windows := c.windows(l.N, false)
			if windows == 0 {
				continue
			}
			_, sure := grid.StraightSpan(windows, len(c.cells))
			list = list[:0]
			for m := sure &^ c.placed; m != 0; m &= m - 1 {
				list = append(list, m.Min())
			}
			found := false
			subsets(len(list), size, func(idx []int) bool {
				var digits grid.Digits
				for _, i := range idx {
					digits |= grid.Bit(list[i])
				}
				where, gone = where[:0], gone[:0]
				for i, cell := range c.empty {
					if c.cand[i]&digits == 0 {
						continue
					}
					where = append(where, cell)
					for d := c.cand[i] &^ digits; d != 0; d &= d - 1 {
						gone = append(gone, CellDigit{cell, d.Min()})
					}
				}
				if len(where) != size || len(gone) == 0 {
					return true
				}
				s := sink.Add()
				s.Technique = compartmentSubsetTechniques[size-2]
				s.Digits = digits
				s.Units = append(s.Units, u)
				s.Cells = append(s.Cells, where...)
				s.Eliminations = append(s.Eliminations, gone...)
				found = true
				return !sink.Done()
			})
			if found && sink.Done() {
				return
			}
		}
	}
}

// subsets calls f with every set of k indexes below n, ascending, until f
// returns false.
func subsets(n, k int, f func(idx []int) bool) {
	idx := make([]int, k)
	var walk func(i, from int) bool
	walk = func(i, from int) bool {
		if i == k {
			return f(idx)
		}
		for j := from; j < n; j++ {
			idx[i] = j
			if !walk(i+1, j+1) {
				return false
			}
		}
		return true
	}
	walk(0, 0)
}

func explainCompartmentSubset(s *Step, n grid.Notation) string {
	u := n.Layout.Unit(s.Units[0])
	return fmt.Sprintf("%s %s: sure digits of %s with places in %s only: %s", s.Name(), n.DigitList(s.Digits, "/"), u.Name(), cellList(n, s.Cells), changeList(s, n))
}

// sureLines returns, for digit d and the lines of one direction, the
// cells of each line where d is sure to go: the places of d in the one
// compartment of the line where d is a sure digit, or nil when there is
// none (or d is placed in the line).
func sureLines(b *grid.Board, d int, across bool, units map[int]int) [][]int {
	l := b.Layout()
	n := l.N
	out := make([][]int, n)
	var c compartment
	for line := range n {
		placed := false
		for i := range n {
			cell := line*n + i
			if !across {
				cell = i*n + line
			}
			placed = placed || int(b.Value(cell)) == d
		}
		if placed {
			continue
		}
		for _, run := range lineRuns(l, line, across) {
			u, ok := units[run[0]]
			if !ok {
				continue
			}
			c.load(b, u, run)
			windows := c.windows(n, false)
			if windows == 0 {
				continue
			}
			if _, sure := grid.StraightSpan(windows, len(run)); sure.Has(d) {
				for i, cell := range c.empty {
					if c.cand[i].Has(d) {
						out[line] = append(out[line], cell)
					}
				}
				break
			}
		}
	}
	return out
}

func findStr8tsFish(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	lines := newStr8tsLines(l)
	lo, hi := 2, len(str8tsFishTechniques)+1
	if k := sink.Form.Size(); k != 0 {
		lo, hi = k, min(k, hi)
	}
	for size := lo; size <= hi; size++ {
		for d := 1; d <= n; d++ {
			for _, across := range []bool{true, false} {
				sure := sureLines(b, d, across, lines.compartments(across))
				var bases []int
				for line, cells := range sure {
					if len(cells) > 0 {
						bases = append(bases, line)
					}
				}
				pos := func(cell int) int {
					if across {
						return cell % n
					}
					return cell / n
				}
				done := false
				subsets(len(bases), size, func(idx []int) bool {
					var cover uint32
					isBase := make([]bool, n)
					for _, i := range idx {
						isBase[bases[i]] = true
						for _, cell := range sure[bases[i]] {
							cover |= 1 << pos(cell)
						}
					}
					if bits.OnesCount32(cover) != size {
						return true
					}
					var gone []CellDigit
					for m := cover; m != 0; m &= m - 1 {
						p := trailing(m)
						for line := range n {
							cell := line*n + p
							if !across {
								cell = p*n + line
							}
							if !isBase[line] && b.Cands(cell).Has(d) {
								gone = append(gone, CellDigit{cell, d})
							}
						}
					}
					if len(gone) == 0 {
						return true
					}
					s := sink.Add()
					s.Technique = str8tsFishTechniques[size-2]
					s.Digits = grid.Bit(d)
					for _, i := range idx {
						line := bases[i]
						s.Units = append(s.Units, lines.line(across, line))
						s.Cells = append(s.Cells, sure[line]...)
					}
					for m := cover; m != 0; m &= m - 1 {
						s.Units = append(s.Units, lines.line(!across, trailing(m)))
					}
					s.Eliminations = append(s.Eliminations, gone...)
					done = sink.Done()
					return !done
				})
				if done {
					return
				}
			}
		}
	}
}

func explainStr8tsFish(s *Step, n grid.Notation) string {
	base, cover := fishSets(s, n.Layout)
	d := n.DigitName(s.Digits.Min())
	return fmt.Sprintf("%s on %s: sure in a compartment of %s, at %s, within %s; remove %s from %s",
		s.Name(), d, strings.Join(base, ", "), cellList(n, s.Cells), strings.Join(cover, ", "), d, cellList(n, eliminationCells(s)))
}

// lineCounts returns, for digit d and the lines of one direction, which
// lines must hold d (placed, or sure in a compartment) and which can
// (placed, or a candidate).
func lineCounts(b *grid.Board, d int, across bool, units map[int]int) (must, can []bool) {
	l := b.Layout()
	n := l.N
	must, can = make([]bool, n), make([]bool, n)
	sure := sureLines(b, d, across, units)
	for line := range n {
		for i := range n {
			cell := line*n + i
			if !across {
				cell = i*n + line
			}
			if int(b.Value(cell)) == d {
				must[line], can[line] = true, true
			}
			if b.Cands(cell).Has(d) {
				can[line] = true
			}
		}
		if len(sure[line]) > 0 {
			must[line] = true
		}
	}
	return must, can
}

// lineMask returns the lines flagged as a mask, bit i for line i.
func lineMask(flags []bool) uint64 {
	var m uint64
	for i, f := range flags {
		if f {
			m |= 1 << i
		}
	}
	return m
}

// countTrue returns the number of flags set.
func countTrue(flags []bool) int {
	c := 0
	for _, f := range flags {
		if f {
			c++
		}
	}
	return c
}

func findSettis(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	lines := newStr8tsLines(l)
	var c compartment
	for d := 1; d <= n; d++ {
		rowMust, rowCan := lineCounts(b, d, true, lines.across)
		colMust, colCan := lineCounts(b, d, false, lines.down)
		for _, byRows := range []bool{true, false} {
			// The lines that must hold d in one direction are as many as
			// those that can in the other: each of those holds it. By
			// rows, those lines are the columns.
			must, can := rowMust, colCan
			if !byRows {
				must, can = colMust, rowCan
			}
			if countTrue(must) != countTrue(can) {
				continue
			}
			for line := range n {
				if !can[line] {
					continue
				}
				var places []int
				placed := false
				for i := range n {
					cell := i*n + line // a column of the rows' count
					if !byRows {
						cell = line*n + i
					}
					if int(b.Value(cell)) == d {
						placed = true
					}
					if b.Cands(cell).Has(d) {
						places = append(places, cell)
					}
				}
				if placed || len(places) == 0 {
					continue
				}
				if len(places) == 1 {
					s := sink.Add()
					s.Digits = grid.Bit(d)
					s.counted = [2]uint64{lineMask(must), lineMask(can)}
					s.Placements = append(s.Placements, CellDigit{places[0], d})
					s.Cells = append(s.Cells, places[0])
					s.Units = append(s.Units, lines.line(!byRows, line))
					if sink.Done() {
						return
					}
					continue
				}
				// The places lie in one compartment: d is sure there, so
				// its straight is one of those holding d.
				u := compartmentOf(l, lines.compartments(!byRows), places)
				if u < 0 {
					continue
				}
				c.load(b, u, l.Unit(u).Cells)
				k := len(c.cells)
				var keep grid.Digits
				for w := c.windows(n, false); w != 0; w &= w - 1 {
					if win := grid.Straight(w.Min(), k); win.Has(d) {
						keep |= grid.Bit(w.Min())
					}
				}
				allowed, _ := grid.StraightSpan(keep, k)
				var gone []CellDigit
				for i, cell := range c.empty {
					for x := c.cand[i] &^ allowed; x != 0; x &= x - 1 {
						gone = append(gone, CellDigit{cell, x.Min()})
					}
				}
				if len(gone) == 0 || keep == 0 {
					continue
				}
				s := sink.Add()
				s.Digits = grid.Bit(d)
				s.counted = [2]uint64{lineMask(must), lineMask(can)}
				s.Cells = append(s.Cells, places...)
				s.Units = append(s.Units, lines.line(!byRows, line), u)
				s.Eliminations = append(s.Eliminations, gone...)
				if sink.Done() {
					return
				}
			}
		}
	}
}

// compartmentOf returns the compartment among units (compartments of one
// direction, by their first cell) holding all of cells, two or more of
// one line, or -1: at most one can.
func compartmentOf(l *grid.Layout, units map[int]int, cells []int) int {
	for _, u := range units {
		all := true
		for _, cell := range cells {
			all = all && containsCell(l.Unit(u).Cells, cell)
		}
		if all {
			return u
		}
	}
	return -1
}

func explainSettis(s *Step, n grid.Notation) string {
	l := n.Layout
	u := l.Unit(s.Units[0])
	d := n.DigitName(s.Digits.Min())
	// A column must hold the digit when the rows sure to hold it are as
	// many as the columns that can; a row when the other way round.
	lines, others := grid.Row, grid.Column
	if u.Kind == grid.Column {
		lines, others = grid.Column, grid.Row
	}
	// The counts are equal: all lines or as many, and only as many, can.
	must, mustNames := countLines(l.N, s.counted[0], others)
	can, canNames := countLines(l.N, s.counted[1], lines)
	verb, only := "are", "only "
	if bits.OnesCount64(s.counted[0]) == 1 {
		verb = "is"
	}
	if mustNames == "" {
		only = ""
	}
	why := fmt.Sprintf("%s %s sure to hold %s%s and %s%s can%s, so each of those %ss holds it",
		must, verb, d, mustNames, only, can, canNames, lines)
	if len(s.Placements) == 0 {
		c := l.Unit(s.Units[1])
		return fmt.Sprintf("%s: %s has its places in %s in %s only, whose straight must then hold %s: %s", why, d, u.Name(), c.Name(), d, changeList(s, n))
	}
	p := s.Placements[0]
	return fmt.Sprintf("%s: %s has one place in %s, %s=%s", why, d, u.Name(), n.CellName(p.Cell), d)
}

// countLines counts the lines of kind in mask (bit i for line i) out of
// n, e.g. "3 rows", "1 column" or "all 9 rows", and names them, e.g. "
// (rows 1, 4, 7)", or "" when they are all.
func countLines(n int, mask uint64, kind grid.UnitKind) (count, names string) {
	k := bits.OnesCount64(mask)
	if k == n {
		return fmt.Sprintf("all %d %ss", k, kind), ""
	}
	var nums []string
	for m := mask; m != 0; m &= m - 1 {
		nums = append(nums, strconv.Itoa(bits.TrailingZeros64(m)+1))
	}
	if k == 1 {
		return fmt.Sprintf("1 %s", kind), fmt.Sprintf(" (%s %s)", kind, nums[0])
	}
	return fmt.Sprintf("%d %ss", k, kind), fmt.Sprintf(" (%ss %s)", kind, strings.Join(nums, ", "))
}

var str8tsUniqueRectangle = &Strategy{
	name: "Str8ts Unique Rectangle", class: Elimination, str8ts: OnlyOnStr8ts, needsUnique: true,
	technique: &Technique{name: "Str8ts Unique Rectangle", level: Hard, score: 100, se: 45},
	find:      findStr8tsUniqueRectangles,
	explain:   explainStr8tsUniqueRectangle,
}

// Str8tsUniqueRectangle (E2): four empty cells at the corners of a
// rectangle, each pair along a side in one compartment (and, with boxes,
// each pair in one box), could swap two digits a and b and the board would
// stay solved: every row, column and compartment keeps its digits. A
// puzzle with one solution cannot hold that deadly pattern, so when three
// corners hold only a and b, the fourth cannot be a or b. Diagonals of
// Str8ts X and BX must not cross the rectangle.
func Str8tsUniqueRectangle() *Strategy { return str8tsUniqueRectangle }

// runWhite reports whether the cells from a to b (inclusive, step apart)
// are all white: one compartment.
func runWhite(l *grid.Layout, a, b, step int) bool {
	for c := a; c <= b; c += step {
		if l.IsBlack(c) {
			return false
		}
	}
	return true
}

func findStr8tsUniqueRectangles(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	onDiagonal := func(cell int) bool {
		r, c := cell/n, cell%n
		return (l.Variant == grid.Str8tsX || l.Variant == grid.Str8tsBX) && (r == c || r+c == n-1)
	}
	sameBox := func(a, c int) bool { return l.Regions() == nil || l.Region(a) == l.Region(c) }
	for r1 := 0; r1 < n; r1++ {
		for c1 := 0; c1 < n; c1++ {
			for c2 := c1 + 1; c2 < n; c2++ {
				if !runWhite(l, r1*n+c1, r1*n+c2, 1) {
					break // a black cell ends the compartment
				}
				for r2 := r1 + 1; r2 < n; r2++ {
					if !runWhite(l, r1*n+c1, r2*n+c1, n) || !runWhite(l, r1*n+c2, r2*n+c2, n) {
						break
					}
					if !runWhite(l, r2*n+c1, r2*n+c2, 1) {
						continue
					}
					corners := [4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}
					// With boxes, the corners must pair up in boxes too.
					if l.Regions() != nil && !(sameBox(corners[0], corners[1]) && sameBox(corners[2], corners[3]) || sameBox(corners[0], corners[2]) && sameBox(corners[1], corners[3])) {
						continue
					}
					if urCorners(b, corners, onDiagonal, sink) && sink.Done() {
						return
					}
				}
			}
		}
	}
}

// urCorners reports a Type 1 rectangle on the corners, if there is one.
func urCorners(b *grid.Board, corners [4]int, onDiagonal func(int) bool, sink *Sink) bool {
	var pair grid.Digits
	extra, bivalue := -1, 0
	for _, cell := range corners {
		if b.Value(cell) != 0 || onDiagonal(cell) {
			return false
		}
		c := b.Cands(cell)
		if c.Count() == 2 {
			if pair == 0 {
				pair = c
			}
			if c != pair {
				return false
			}
			bivalue++
		} else {
			extra = cell
		}
	}
	if bivalue != 3 || extra < 0 || b.Cands(extra)&pair != pair {
		return false
	}
	s := sink.Add()
	s.Digits = pair
	for _, cell := range corners {
		if cell != extra {
			s.Cells = append(s.Cells, cell)
		}
	}
	for d := pair; d != 0; d &= d - 1 {
		s.Eliminations = append(s.Eliminations, CellDigit{extra, d.Min()})
	}
	return true
}

func explainStr8tsUniqueRectangle(s *Step, n grid.Notation) string {
	return fmt.Sprintf("%s hold only %s: with %s it would be a deadly pattern (the two digits could swap in every row, column and compartment), so %s",
		cellList(n, s.Cells), n.DigitList(s.Digits, "/"), n.CellName(s.Eliminations[0].Cell), changeList(s, n))
}

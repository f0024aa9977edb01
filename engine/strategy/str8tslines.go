package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

var lineFillings = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Str8ts Line Fillings", level: Hard, score: 90, se: 34},
	findLineFillings, explainLineFillings))

// LineFillings (F2): the compartments of a row or a column hold straights
// that share no digit (nor a black clue's digit of the line), and each
// straight must be filled by its compartment's cells, every digit in a
// cell of its own. A candidate that no choice of straights, one a
// compartment, places in its cell under such a filling goes. It joins
// Mind the Gap (one compartment's fillings) and High/Low Stranding (the
// line's straights) in one step: what a straight leaves the other
// compartments decides which cells can take its digits.
func LineFillings() *Strategy { return lineFillings }

// maxLineNodes bounds the choices of straights Line Fillings tries in one
// line; a line cut short concludes nothing.
const maxLineNodes = 100_000

// lineRun is a run of white cells of a line, with its open straights and,
// for each, what each empty cell can take in a filling of it.
type lineRun struct {
	c       compartment
	windows grid.Digits   // the open straights, by their lowest digit
	fill    []grid.Digits // [lo*len(c.empty)+j]: what empty cell j takes in straight lo
}

// load fills r for run cells of b (unit: its compartment, or -1).
func (r *lineRun) load(b *grid.Board, unit int, cells []int) {
	n := b.Layout().N
	r.c.load(b, unit, cells)
	r.windows = r.c.windows(n, false)
	e := len(r.c.empty)
	r.fill = make([]grid.Digits, (n+1)*e)
	if e == 0 {
		return
	}
	try := make([]grid.Digits, e)
	for w := r.windows; w != 0; w &= w - 1 {
		lo := w.Min()
		free := grid.Straight(lo, len(cells)) &^ r.c.placed
		for j := range r.c.empty {
			for d := r.c.cand[j] & free; d != 0; d &= d - 1 {
				copy(try, r.c.cand)
				try[j] = grid.Bit(d.Min())
				if grid.Matchable(try, free) {
					r.fill[lo*e+j] |= grid.Bit(d.Min())
				}
			}
		}
	}
}

func findLineFillings(b *grid.Board, sink *Sink) {
	l := b.Layout()
	n := l.N
	lines := newStr8tsLines(l)
	for _, across := range []bool{true, false} {
		units := lines.compartments(across)
		for line := range n {
			if findLineFilling(b, sink, lines, units, line, across) {
				return
			}
		}
	}
}

// findLineFilling adds the steps of one line; it reports whether the sink
// is done.
func findLineFilling(b *grid.Board, sink *Sink, lines *str8tsLines, units map[int]int, line int, across bool) bool {
	l := b.Layout()
	n := l.N
	cells := lineRuns(l, line, across)
	if len(cells) < 2 {
		return false
	}
	var clues grid.Digits // black clues of the line
	for i := range n {
		cell := line*n + i
		if !across {
			cell = i*n + line
		}
		if l.IsBlack(cell) && b.Value(cell) != 0 {
			clues |= grid.Bit(int(b.Value(cell)))
		}
	}
	runs := make([]lineRun, len(cells))
	open := false
	for i, run := range cells {
		unit, ok := units[run[0]]
		if !ok {
			unit = -1
		}
		runs[i].load(b, unit, run)
		if runs[i].windows == 0 {
			return false // broken: the solver's check reports it
		}
		open = open || len(runs[i].c.empty) > 0
	}
	if !open {
		return false
	}
	// The straights of each run that some choice, one a run, sharing no
	// digit with each other or the line's clues, uses.
	windows := make([]grid.Digits, len(runs))
	lens := make([]int, len(runs))
	for i := range runs {
		windows[i], lens[i] = runs[i].windows, len(runs[i].c.cells)
	}
	used, ok := disjointStraights(windows, lens, clues, maxLineNodes)
	if !ok {
		return false
	}
	for i := range runs {
		r := &runs[i]
		e := len(r.c.empty)
		var gone []CellDigit
		for j, cell := range r.c.empty {
			var keep grid.Digits
			for w := used[i]; w != 0; w &= w - 1 {
				keep |= r.fill[w.Min()*e+j]
			}
			for d := r.c.cand[j] &^ keep; d != 0; d &= d - 1 {
				gone = append(gone, CellDigit{cell, d.Min()})
			}
		}
		if len(gone) == 0 {
			continue
		}
		s := sink.Add()
		s.Digits = used[i]
		s.Units = append(s.Units, lines.line(across, line))
		if r.c.unit >= 0 {
			s.Units = append(s.Units, r.c.unit)
		}
		s.Cells = append(s.Cells, r.c.cells...)
		for j := range runs {
			if j != i {
				s.Cells = append(s.Cells, runs[j].c.cells...)
			}
		}
		s.Eliminations = append(s.Eliminations, gone...)
		if sink.Done() {
			return true
		}
	}
	return false
}

func explainLineFillings(s *Step, n grid.Notation) string {
	l := n.Layout
	what := cellList(n, s.Cells[:1])
	k := 1
	if len(s.Units) > 1 {
		what = l.Unit(s.Units[1]).Name()
		k = len(l.Unit(s.Units[1]).Cells)
	}
	return fmt.Sprintf("beside the straights of the other compartments of %s, %s can hold %s only, each filled by its cells' candidates; no such filling uses %s",
		l.Unit(s.Units[0]).Name(), what, windowNames(n, s.Digits, k), changeList(s, n))
}

package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// The line fish engine: base sets from the rows and cover sets from the
// columns of one digit's plane (or the other way round), the fins being the
// base candidates outside the cover lines. One search serves the basic fish
// (J: no fins) and the finned and sashimi fish (K: fins all in one
// region); what differs between them is data, a lineFish value. Fish with
// boxes among their sets (Franken, Mutant) are the general search's
// (genfish.go).

// lineFish is a kind of fish the line engine looks for.
type lineFish struct {
	// finned: the fish has fins, all in one region (finned or sashimi
	// fish); else it has none (basic fish).
	finned bool
}

// The kinds of line fish.
var (
	basicLineFish  = lineFish{finned: false}
	finnedLineFish = lineFish{finned: true}
)

// fishSearch holds one digit plane while looking for line fish.
type fishSearch struct {
	b      *grid.Board
	sink   *Sink
	kind   lineFish
	d      int
	byRow  bool
	k      int
	lines  *[grid.MaxSize]uint32 // base line -> cover lines with the digit
	maxFin int                   // the most cover lines fins may add
	// band, on boards of regular boxes, maps a cover line to the cover
	// lines of its band of boxes across the base lines: fins all in one
	// box lie in one band. Nil on other boards and for basic fish.
	band *[grid.MaxSize]uint32
	work uint // fish tried, to poll the sink's cancellation
}

func (f *fishSearch) cell(base, cover int) int {
	if f.byRow {
		return base*f.b.Layout().N + cover
	}
	return cover*f.b.Layout().N + base
}

// findLineFish reports the line fish of kind on b: sizes as the sink asks
// (2 to 4 by default), smallest first, then digit by digit, rows as base
// lines before columns. For finned fish it cuts the choices of cover lines
// by bands of boxes when banded (tests compare it without).
func findLineFish(b *grid.Board, sink *Sink, kind lineFish, banded bool) {
	l := b.Layout()
	if kind.finned && l.Regions() == nil {
		return // fins must share a region; KenKen boards have none
	}
	n := l.N
	lo, hi := sizes(sink, maxSetSize)
	maxFin := 0
	var rowBand, colBand [grid.MaxSize]uint32 // see fishSearch.band
	if kind.finned {
		maxFin = n
		if l.BoxCols > 0 {
			maxFin = max(l.BoxRows, l.BoxCols)
			for i := 0; i < n; i++ {
				lo := i - i%l.BoxCols
				rowBand[i] = (1<<l.BoxCols - 1) << lo
				lo = i - i%l.BoxRows
				colBand[i] = (1<<l.BoxRows - 1) << lo
			}
		}
	}
	// A base line of a basic fish holds two candidates at least: one
	// candidate is a single, not a fish. No base line holds more than the
	// fish's cover lines and its fins' lines.
	minBase := 1
	if !kind.finned {
		minBase = 2
	}
	// The digit planes, read once: planes[0][d-1] maps a row to the
	// columns holding digit d, planes[1][d-1] a column to the rows.
	var planes [2][grid.MaxSize][grid.MaxSize]uint32
	for cell, cand := range b.Candidates() {
		r, c := cell/n, cell%n
		for m := cand; m != 0; m &= m - 1 {
			d := m.Min() - 1
			planes[0][d][r] |= 1 << c
			planes[1][d][c] |= 1 << r
		}
	}
	for k := lo; k <= hi; k++ {
		for d := 1; d <= n; d++ {
			if !sink.wants(d) {
				continue
			}
			for o, byRow := range [2]bool{true, false} {
				f := fishSearch{b: b, sink: sink, kind: kind, d: d, byRow: byRow, k: k, maxFin: maxFin, lines: &planes[o][d-1]}
				if banded && kind.finned && l.BoxCols > 0 {
					// Rows as base lines cover columns, banded by box width.
					f.band = &rowBand
					if !byRow {
						f.band = &colBand
					}
				}
				var live uint32
				for base := 0; base < n; base++ {
					if c := bits.OnesCount32(f.lines[base]); c >= minBase && c <= k+maxFin {
						live |= 1 << base
					}
				}
				if !f.bases(live, 0, k, 0, 0) {
					return
				}
			}
		}
	}
}

// bases chooses the base lines, lowest first; it returns false when the
// sink is done or cancelled.
func (f *fishSearch) bases(live uint32, from, left int, chosen, union uint32) bool {
	if left == 0 {
		extra := bits.OnesCount32(union) - f.k
		if !f.kind.finned {
			return extra != 0 || f.try(chosen, union)
		}
		if extra <= 0 {
			return true // a basic fish
		}
		return f.covers(chosen, union, f.k, 0, 0)
	}
	for i := from; i <= f.b.Layout().N-left; i++ {
		if live&(1<<i) == 0 {
			continue
		}
		next := union | f.lines[i]
		if bits.OnesCount32(next) > f.k+f.maxFin {
			continue // more cover lines than the fish and its fins may hold
		}
		if !f.bases(live, i+1, left-1, chosen|1<<i, next) {
			return false
		}
	}
	return true
}

// covers chooses k cover lines among union, lowest first, and tries the
// fish they make; fins holds the lines of union passed over, which hold
// fins. Choices whose fins cannot lie in one box are cut. It returns false
// when the sink is done or cancelled.
func (f *fishSearch) covers(chosen, rest uint32, left int, cover, fins uint32) bool {
	if left == 0 {
		if f.scattered(fins | rest) {
			return true
		}
		return f.try(chosen, cover)
	}
	for m := rest; m != 0; m &= m - 1 {
		passed := fins | rest&^m
		if f.scattered(passed) {
			break // passing over more lines only scatters the fins more
		}
		bit := m & -m
		if !f.covers(chosen, m&^bit, left-1, cover|bit, passed) {
			return false
		}
	}
	return true
}

// scattered reports whether fins in lines could not all lie in one box,
// on a board of regular boxes.
func (f *fishSearch) scattered(lines uint32) bool {
	return f.band != nil && lines != 0 && lines&^f.band[trailing(lines)] != 0
}

// try checks the fish of base lines chosen and cover lines cover; it
// returns false when the sink is done or cancelled.
func (f *fishSearch) try(chosen, cover uint32) bool {
	if f.work++; f.work%cancelEvery == 0 && f.sink.Cancelled() {
		return false
	}
	l := f.b.Layout()
	var fins [grid.MaxSize]int
	nf := 0
	sashimi := false
	if f.kind.finned {
		region := -1
		for m := chosen; m != 0; m &= m - 1 {
			base := trailing(m)
			body := bits.OnesCount32(f.lines[base] & cover)
			if body == 0 {
				return true // a line of fins only is no base line
			}
			sashimi = sashimi || body == 1
			for x := f.lines[base] &^ cover; x != 0; x &= x - 1 {
				r := l.Region(f.cell(base, trailing(x)))
				if region >= 0 && r != region {
					return true
				}
				region = r
			}
		}
		if region < 0 {
			return true // no fins: a basic fish
		}
		for m := chosen; m != 0; m &= m - 1 {
			base := trailing(m)
			for x := f.lines[base] &^ cover; x != 0; x &= x - 1 {
				fins[nf] = f.cell(base, trailing(x))
				nf++
			}
		}
	}
	var s *Step
	eliminate := func(base, c int) {
		cell := f.cell(base, c)
		if chosen&(1<<base) != 0 || !f.b.Cands(cell).Has(f.d) || !seesAll(l, cell, fins[:nf]) {
			return
		}
		if s == nil {
			s = f.start(chosen, cover, sashimi)
		}
		s.Eliminations = append(s.Eliminations, CellDigit{cell, f.d})
	}
	// The eliminations come base line by base line for basic fish, cover
	// line by cover line for finned ones (their steps' order).
	if f.kind.finned {
		for m := cover; m != 0; m &= m - 1 {
			for base := 0; base < l.N; base++ {
				eliminate(base, trailing(m))
			}
		}
	} else {
		for base := 0; base < l.N; base++ {
			for m := cover; m != 0; m &= m - 1 {
				eliminate(base, trailing(m))
			}
		}
	}
	return s == nil || !f.sink.Done()
}

// start adds the step of a fish; its Units are the base lines then the
// cover lines, its Cells the base-line candidates, fins included.
func (f *fishSearch) start(chosen, cover uint32, sashimi bool) *Step {
	l := f.b.Layout()
	s := f.sink.Add()
	switch {
	case !f.kind.finned:
		s.Technique = fishTechniques[f.k-2]
	case sashimi:
		s.Technique = sashimiTechniques[f.k-2]
	default:
		s.Technique = finnedTechniques[f.k-2]
	}
	s.Digits = grid.Bit(f.d)
	rows, cols := lineUnits(l)
	base, other := rows, cols
	if !f.byRow {
		base, other = cols, rows
	}
	for m := chosen; m != 0; m &= m - 1 {
		s.Units = append(s.Units, base[trailing(m)])
	}
	for m := cover; m != 0; m &= m - 1 {
		s.Units = append(s.Units, other[trailing(m)])
	}
	for m := chosen; m != 0; m &= m - 1 {
		b := trailing(m)
		for x := f.lines[b]; x != 0; x &= x - 1 {
			s.Cells = append(s.Cells, f.cell(b, trailing(x)))
		}
	}
	return s
}

// seesAll reports whether cell sees every one of cells.
func seesAll(l *grid.Layout, cell int, cells []int) bool {
	for _, c := range cells {
		if c == cell || !l.Sees(cell, c) {
			return false
		}
	}
	return true
}

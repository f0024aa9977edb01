package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// KenKen line strategies: a KenKen line (a row or a column; a KenDoku box
// too) holds every digit once, and the cages through it each keep a few
// fillings (their surviving tuples). A person reasons on the two together
// as on a killer unit: the cages' parts in the line must share out the
// line's digits, which is the sum and product of the line (the rule of
// 45 on KenKen), parity, and killer pairs and triples inside the line at
// once.
var (
	lineCageFillingsStrategy = onCages(local(newStrategy(Elimination, lineCageFillings,
		func(b *grid.Board, sink *Sink) { findLineCageFillings(b, sink, 1) }, explainLineCageFillings)))
	twoLineCageFillingsStrategy = onCages(local(newStrategy(Elimination, twoLineCageFillings,
		func(b *grid.Board, sink *Sink) { findLineCageFillings(b, sink, 2) }, explainLineCageFillings)))

	lineCageFillings    = &Technique{name: "Line Cage Fillings", level: Hard, score: 90, se: 36}
	twoLineCageFillings = &Technique{name: "Two-Line Cage Fillings", level: Hard, score: 110, se: 44}
)

// LineCageFillings (L2): a filling of a cage through a line that no
// choice of fillings, one a cage through the line, putting each digit
// in the line once, can use, goes; so do the candidates only such
// fillings put in their cells, in the line or outside it.
func LineCageFillings() *Strategy { return lineCageFillingsStrategy }

// TwoLineCageFillings (M2): Line Cage Fillings over two lines at once
// that a cage runs through: a cage across both takes one filling for
// both, so each line's share-out limits the other's.
func TwoLineCageFillings() *Strategy { return twoLineCageFillingsStrategy }

// maxCageTuples bounds the fillings of one cage the line strategies list;
// a line through a cage with more is left alone.
const maxCageTuples = 2048

// maxLineSearchNodes bounds the enumeration of one cage's fillings.
const maxLineSearchNodes = 50_000

// maxLineWork bounds the work of one share-out search (states times
// fillings tried); a search that would pass it concludes nothing.
const maxLineWork = 400_000

// lineCage is a cage through the lines of a search, with its fillings.
type lineCage struct {
	k     int
	cells []int
	// digits holds the fillings, len(cells) digits each; masks the
	// digits each puts in each line of the search.
	digits []int8
	masks  [][2]grid.Digits
	kept   []bool // the fillings some share-out uses
	// shares are the distinct masks, what the share-out search tries.
	shares [][2]grid.Digits
}

// lineCageSearch looks for share-outs of the digits of one or two lines
// among the fillings of the cages through them: one filling a cage, each
// line's digits used once.
type lineCageSearch struct {
	b     *grid.Board
	lines []int // the units
	cages []lineCage
	// ahead[i] holds the digits of the lines the cages before i can use
	// together; behind[i] those the cages from i on can.
	ahead, behind []map[[2]grid.Digits]bool
}

func findLineCageFillings(b *grid.Board, sink *Sink, lines int) {
	l := b.Layout()
	if !l.Variant.Arithmetic() {
		return
	}
	var s lineCageSearch
	s.b = b
	units := completeUnits(l)
	for i, u := range units {
		if lines == 1 {
			if s.find(sink, u) && sink.Done() {
				return
			}
			continue
		}
		for _, v := range units[i+1:] {
			if !shareCage(l, u, v) {
				continue
			}
			if s.find(sink, u, v) && sink.Done() {
				return
			}
		}
	}
}

// completeUnits returns the units of l that hold every digit once.
func completeUnits(l *grid.Layout) []int {
	var us []int
	for u, unit := range l.Units() {
		if !unit.Partial && len(unit.Cells) == l.N {
			us = append(us, u)
		}
	}
	return us
}

// shareCage reports whether units u and v share no cell and some cage
// runs through both.
func shareCage(l *grid.Layout, u, v int) bool {
	a, b := l.Unit(u).Cells, l.Unit(v).Cells
	for _, c := range a {
		if slices.Contains(b, c) {
			return false
		}
	}
	for _, c := range a {
		if k := l.CellCage(c); k >= 0 && slices.ContainsFunc(b, func(x int) bool { return l.CellCage(x) == k }) {
			return true
		}
	}
	return false
}

// find adds the step of lines us (one or two units), if any; it reports
// whether it added one.
func (s *lineCageSearch) find(sink *Sink, us ...int) bool {
	l := s.b.Layout()
	s.lines = us
	if !s.load(sink) {
		return false
	}
	// Cages with fewer fillings first: they keep the states few.
	slices.SortStableFunc(s.cages, func(a, b lineCage) int { return len(a.shares) - len(b.shares) })
	if !s.shareOut() || sink.Cancelled() {
		return false // too many states, or no share-out: the solver's check reports a broken board
	}
	var st *Step
	for i := range s.cages {
		c := &s.cages[i]
		var gone []CellDigit
		for j, cell := range c.cells {
			var keep grid.Digits
			for t, ok := range c.kept {
				if ok {
					keep |= grid.Bit(int(c.digits[t*len(c.cells)+j]))
				}
			}
			if s.b.Value(cell) != 0 {
				continue
			}
			for d := s.b.Cands(cell) &^ keep; d != 0; d &= d - 1 {
				gone = append(gone, CellDigit{cell, d.Min()})
			}
		}
		if len(gone) == 0 {
			continue
		}
		if st == nil {
			st = sink.Add()
			st.Units = append(st.Units, us...)
			for _, u := range us {
				st.Cells = append(st.Cells, l.Unit(u).Cells...)
			}
		}
		st.Eliminations = append(st.Eliminations, gone...)
		s.addNode(st, c)
	}
	if st == nil {
		return false
	}
	// Every cage through the lines justifies the step; those that lost
	// candidates come first, drawn with the fillings they keep.
	for i := range s.cages {
		if k := s.cages[i].k; !slices.Contains(st.Cages, k) {
			st.Cages = append(st.Cages, k)
		}
	}
	for _, k := range st.Cages {
		for _, c := range l.Cage(k).Cells {
			if !slices.Contains(st.Cells, c) {
				st.Cells = append(st.Cells, c)
			}
		}
	}
	return true
}

// addNode notes cage c on step st and draws it as a cage node with the
// digit sets of the fillings it keeps.
func (s *lineCageSearch) addNode(st *Step, c *lineCage) {
	st.Cages = append(st.Cages, c.k)
	nd := Node{Kind: CageNode, Cage: c.k, Cells: slices.Clone(c.cells)}
	for t, ok := range c.kept {
		if !ok {
			continue
		}
		var set grid.Digits
		for _, d := range c.digits[t*len(c.cells) : (t+1)*len(c.cells)] {
			set |= grid.Bit(int(d))
		}
		if !slices.Contains(nd.Combos, set) {
			nd.Combos = append(nd.Combos, set)
		}
	}
	slices.SortFunc(nd.Combos, compareDigitSets)
	st.Nodes = append(st.Nodes, nd)
}

// load lists the cages through the lines with their fillings; false when
// nothing changed through them since the pass last found nothing (sink
// Changed), a line is filled, or a cage has too many fillings.
func (s *lineCageSearch) load(sink *Sink) bool {
	l := s.b.Layout()
	s.cages = s.cages[:0]
	changed, open := false, false
	var seen []int
	for _, u := range s.lines {
		for _, c := range l.Unit(u).Cells {
			open = open || s.b.Value(c) == 0
			k := l.CellCage(c)
			if k < 0 {
				return false // a cell outside every cage: not a KenKen line
			}
			if slices.Contains(seen, k) {
				continue
			}
			seen = append(seen, k)
			changed = changed || sink.through(l.Cage(k).Cells)
		}
	}
	if !open || !changed {
		return false
	}
	for _, k := range seen {
		s.cages = append(s.cages, lineCage{k: k, cells: l.Cage(k).Cells})
		if !s.fillings(&s.cages[len(s.cages)-1]) {
			return false
		}
	}
	return true
}

// fillings lists the fillings of cage c from the candidates, with the
// digits each puts in each line; false when there are too many (or the
// cage is too large).
func (s *lineCageSearch) fillings(c *lineCage) bool {
	l := s.b.Layout()
	cg := l.Cage(c.k)
	n := len(c.cells)
	if n > grid.MaxGroupCells {
		return false
	}
	line := make([]int, n) // the line of the search each cell lies in, -1 for none
	for j, cell := range c.cells {
		line[j] = -1
		for i, u := range s.lines {
			if slices.Contains(l.Unit(u).Cells, cell) {
				line[j] = i
			}
		}
	}
	digit := make([]int, n)
	nodes := 0
	var walk func(j, sum, prod int) bool
	walk = func(j, sum, prod int) bool {
		if nodes++; nodes > maxLineSearchNodes {
			return false
		}
		if j == n {
			second := 0
			if n > 1 {
				second = digit[1]
			}
			if (cg.Op == grid.OpSub || cg.Op == grid.OpDiv) && n != 2 || !cg.Op.Meets(cg.Target, sum, prod, digit[0], second) {
				return true
			}
			if len(c.masks) == maxCageTuples {
				return false
			}
			var m [2]grid.Digits
			for i, d := range digit {
				c.digits = append(c.digits, int8(d))
				if line[i] >= 0 {
					m[line[i]] |= grid.Bit(d)
				}
			}
			c.masks = append(c.masks, m)
			return true
		}
		opts := s.b.Cands(c.cells[j])
		if v := s.b.Value(c.cells[j]); v != 0 {
			opts = grid.Bit(int(v))
		}
		for i := range j {
			if l.Sees(c.cells[i], c.cells[j]) {
				opts &^= grid.Bit(digit[i])
			}
		}
		for ; opts != 0; opts &= opts - 1 {
			d := opts.Min()
			if cg.Op == grid.OpAdd && sum+d > cg.Target || cg.Op == grid.OpMul && cg.Target%(prod*d) != 0 {
				continue
			}
			digit[j] = d
			if !walk(j+1, sum+d, prod*d) {
				return false
			}
		}
		return true
	}
	if !walk(0, 0, 1) || len(c.masks) == 0 {
		return false
	}
	c.kept = make([]bool, len(c.masks))
	for _, m := range c.masks {
		if !slices.Contains(c.shares, m) {
			c.shares = append(c.shares, m)
		}
	}
	return true
}

// shareOut marks kept the fillings some share-out uses; false when the
// search passed maxLineStates or found no share-out. A filling of cage i
// is in a share-out when the digits it puts in the lines, some choice of
// the cages before it and some of the cages after it are disjoint and
// make up the lines' digits.
func (s *lineCageSearch) shareOut() bool {
	n := len(s.cages)
	all := grid.AllDigits(s.b.Layout().N)
	full := [2]grid.Digits{all}
	if len(s.lines) == 2 {
		full[1] = all
	}
	s.ahead = layers(s.ahead, n+1)
	s.behind = layers(s.behind, n+1)
	s.ahead[0][[2]grid.Digits{}] = true
	s.behind[n][[2]grid.Digits{}] = true
	work := 0
	for i := range n {
		if work += len(s.ahead[i]) * len(s.cages[i].shares); work > maxLineWork {
			return false
		}
		for u := range s.ahead[i] {
			for _, m := range s.cages[i].shares {
				if m[0]&u[0] == 0 && m[1]&u[1] == 0 {
					s.ahead[i+1][[2]grid.Digits{u[0] | m[0], u[1] | m[1]}] = true
				}
			}
		}
	}
	if !s.ahead[n][full] {
		return false
	}
	for i := n - 1; i >= 0; i-- {
		for r := range s.behind[i+1] {
			for _, m := range s.cages[i].shares {
				// Only what the cages before i can leave is worth keeping.
				if next := [2]grid.Digits{r[0] | m[0], r[1] | m[1]}; m[0]&r[0] == 0 && m[1]&r[1] == 0 && s.ahead[i][[2]grid.Digits{full[0] &^ next[0], full[1] &^ next[1]}] {
					s.behind[i][next] = true
				}
			}
		}
	}
	for i := range n {
		c := &s.cages[i]
		var ok [][2]grid.Digits // the shares some share-out uses
		for _, m := range c.shares {
			for r := range s.behind[i+1] {
				if u := [2]grid.Digits{full[0] &^ (r[0] | m[0]), full[1] &^ (r[1] | m[1])}; m[0]&r[0] == 0 && m[1]&r[1] == 0 && s.ahead[i][u] {
					ok = append(ok, m)
					break
				}
			}
		}
		for t, m := range c.masks {
			c.kept[t] = slices.Contains(ok, m)
		}
	}
	return true
}

// layers returns n empty sets of states, reusing those of ls.
func layers(ls []map[[2]grid.Digits]bool, n int) []map[[2]grid.Digits]bool {
	for len(ls) < n {
		ls = append(ls, map[[2]grid.Digits]bool{})
	}
	for _, l := range ls[:n] {
		clear(l)
	}
	return ls[:n]
}

// explainLineCageFillings explains a Line Cage Fillings step, e.g. "Line
// Cage Fillings: row 3 holds each digit once, shared out among the cages
// through it: cage 12× at r3c4 keeps {3,4}; cage 2÷ at r3c6 keeps
// {1,2},{2,4}; remove r3c5-2, r4c4-1".
func explainLineCageFillings(s *Step, n grid.Notation) string {
	l := n.Layout
	names := make([]string, len(s.Units))
	for i, u := range s.Units {
		names[i] = l.Unit(u).Name()
	}
	var kept []string
	for _, nd := range s.Nodes {
		if nd.Kind == CageNode {
			kept = append(kept, cageName(n, nd.Cage)+" keeps "+nodeCombos(n, &nd))
		}
	}
	holds := "holds each digit once, shared out among the cages through it"
	if len(names) > 1 {
		holds = "each hold each digit once, shared out among the cages through them"
	}
	return fmt.Sprintf("%s: %s %s: %s; remove %s", s.Name(), strings.Join(names, " and "), holds, strings.Join(kept, "; "), describeChanges(s, n))
}

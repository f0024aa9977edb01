package strategy

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var remotePair = alsoOnStr8ts(newStrategy(Elimination, &Technique{name: "Remote Pair", code: "0703", level: Hard, score: 110, se: 42},
	findRemotePairs, explainRemotePair))

// RemotePair (S): a chain of bivalue cells with the same two candidates,
// each seeing the next, alternates between the two digits; two cells of
// the chain an odd number of steps apart hold both digits between them, so
// a cell seeing both holds neither. The chain has at least four cells.
func RemotePair() *Strategy { return remotePair }

func findRemotePairs(b *grid.Board, sink *Sink) {
	l := b.Layout()
	// colour is 0 for cells not yet visited, else 1 + the chain's number
	// times 2 + the cell's parity.
	var colour [grid.MaxSize * grid.MaxSize]int32
	var chain, parent [grid.MaxSize * grid.MaxSize]int32
	var even, odd patSet
	chains := int32(0)
	for start := 0; start < l.Cells; start++ {
		pair := b.Cands(start)
		if b.Value(start) != 0 || pair.Count() != 2 || colour[start] != 0 {
			continue
		}
		// Colour the cells joined to start by a breadth-first walk.
		base := 1 + 2*chains
		chains++
		colour[start] = base
		chain[0] = int32(start)
		n, broken := 1, false
		for i := 0; i < n; i++ {
			cell := int(chain[i])
			other := base + 1 - (colour[cell] - base)
			for _, p := range l.Peers(cell) {
				if b.Value(p) != 0 || b.Cands(p) != pair {
					continue
				}
				switch colour[p] {
				case 0:
					colour[p] = other
					chain[n] = int32(p)
					parent[n] = int32(cell)
					n++
				case colour[cell]:
					broken = true // two peers must differ: no solution
				}
			}
		}
		if n < 4 || broken {
			continue
		}
		even, odd = patSet{}, patSet{}
		for _, c := range chain[:n] {
			if colour[c] == base {
				even.add(int(c))
			} else {
				odd.add(int(c))
			}
		}
		var s *Step
		for cell := 0; cell < l.Cells; cell++ {
			if b.Value(cell) != 0 || b.Cands(cell)&pair == 0 || colour[cell] >= base && colour[cell] <= base+1 {
				continue
			}
			if !remoteEnds(l, cell, &even, &odd) {
				continue
			}
			if s == nil {
				s = sink.Add()
				s.Digits = pair
			}
			for _, d := range [2]int{pair.Min(), pair.Max()} {
				if b.Cands(cell).Has(d) {
					s.Eliminations = append(s.Eliminations, CellDigit{cell, d})
				}
			}
		}
		if s == nil {
			continue
		}
		for i, c := range chain[:n] {
			s.Cells = append(s.Cells, int(c))
			if i > 0 {
				patAddUnit(s, patCommonUnit(l, int(parent[i]), int(c)))
			}
		}
		if sink.Done() {
			return
		}
	}
}

func explainRemotePair(s *Step, n grid.Notation) string {
	l := n.Layout
	x, y := s.Digits.Min(), s.Digits.Max()
	var b strings.Builder
	for i, c := range colourClasses(s, l) {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s against %s", cellList(n, c[0]), cellList(n, c[1]))
	}
	xs, ys := n.DigitName(x), n.DigitName(y)
	return fmt.Sprintf("Remote Pair on %s/%s: the chain %s alternates %s and %s, so a cell seeing both parities holds neither: remove %s and %s from %s",
		xs, ys, b.String(), xs, ys, xs, ys, patCellNames(s.Eliminations, n))
}

// remoteEnds reports whether cell sees two cells of opposite parity that do
// not see each other (two cells that do are a naked pair).
func remoteEnds(l *grid.Layout, cell int, even, odd *patSet) bool {
	for _, u := range l.Peers(cell) {
		if !even.has(u) {
			continue
		}
		for _, v := range l.Peers(cell) {
			if odd.has(v) && !l.Sees(u, v) {
				return true
			}
		}
	}
	return false
}

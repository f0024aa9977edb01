package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var combinationCrossoverStrategy = onCages(local(newStrategy(Elimination, combinationCrossover, findCombinationCrossover, explainCrossover)))

// CombinationCrossover (G2): the cages lying wholly in a unit of a killer,
// real or virtual (see VirtualCages), take different digits, and the
// unit's other cells take the digits they leave. A combination of one
// cage that no choice of combinations of the others completes, the rest
// of the unit unable to take the digits left, goes (SudokuWiki's "cage
// combination elimination across overlapping units"). Then a digit no
// surviving combination puts in a cage leaves its cells; a digit every
// surviving choice puts in the cages leaves the unit's other cells; and a
// digit every surviving combination of a cage holds leaves the cells
// outside the unit that see all its places in the cage.
//
// It is local (Strategy.Local): a unit is looked at again only when one of
// its cells changed since the pass last found nothing.
func CombinationCrossover() *Strategy { return combinationCrossoverStrategy }

var combinationCrossover = &Technique{name: "Combination Crossover", level: Hard, score: 90, se: 42}

// maxCrossNodes bounds the search of one unit's choices of combinations;
// a unit past it concludes nothing.
const maxCrossNodes = 100_000

// crossMember is a cage (real or virtual) lying wholly in a unit: its open
// cells, the sum left to them, and their combinations.
type crossMember struct {
	cage   int // the real cage, or -1 for a virtual one
	cells  []int
	combos []grid.Digits
	keep   []bool // the combinations some choice completes
}

func findCombinationCrossover(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	vcs := virtualCagesOf(l)
	for u := range l.Units() {
		if l.Unit(u).Partial || len(l.Unit(u).Cells) != l.N || !sink.through(l.Unit(u).Cells) {
			continue
		}
		members := crossMembers(b, u, vcs)
		if len(members) == 0 {
			continue
		}
		if crossStep(b, sink, u, members) && sink.Done() {
			return
		}
	}
}

// crossMembers lists the cages lying wholly in unit u that have two or
// more open cells and a listable set of combinations: the real ones, then
// virtual ones not overlapping those taken, smallest first.
func crossMembers(b *grid.Board, u int, vcs []virtualCage) []crossMember {
	l := b.Layout()
	unit := l.Unit(u).Cells
	var placed grid.Digits
	for _, c := range unit {
		if v := b.Value(c); v != 0 {
			placed |= grid.Bit(int(v))
		}
	}
	missing := grid.AllDigits(l.N) &^ placed
	var takenCells [(grid.MaxSize*grid.MaxSize + 63) / 64]uint64
	taken := CellSet(takenCells[:])
	var members []crossMember
	add := func(cage int, cells []int, target int) {
		var open []int
		for _, c := range cells {
			if v := b.Value(c); v != 0 {
				target -= int(v)
			} else if taken.Has(c) {
				return
			} else {
				open = append(open, c)
			}
		}
		if len(open) < 2 || len(open) >= len(unit)-placed.Count() {
			return
		}
		combos := cageCombos(b, open, target, missing)
		if len(combos) == 0 || len(combos) > maxMemberCombos {
			return
		}
		for _, c := range open {
			taken.Add(c)
		}
		members = append(members, crossMember{cage: cage, cells: open, combos: combos, keep: make([]bool, len(combos))})
	}
	in := crossInsideOf(l)[u]
	for _, k := range in.cages {
		add(k, l.Cage(k).Cells, l.Cage(k).Target)
	}
	for _, i := range in.virtual {
		add(-1, vcs[i].cells, vcs[i].target)
	}
	return members
}

// crossInside is what lies wholly in one unit of a killer layout: its
// add cages, ascending, and its virtual cages (indexes into
// virtualCagesOf), smallest first (in their order among equals).
type crossInside struct {
	cages, virtual []int
}

// crossInsides keeps, for the last few killer layouts, crossInsideOf.
var crossInsides layoutCache[[]crossInside]

// crossInsideOf returns, per unit of killer layout l, what lies wholly in
// it (crossMembers' candidates, which depend on the layout alone).
func crossInsideOf(l *grid.Layout) []crossInside {
	return crossInsides.get(l, func(l *grid.Layout) []crossInside {
		vcs := virtualCagesOf(l)
		out := make([]crossInside, len(l.Units()))
		for u := range l.Units() {
			in := &out[u]
			for k := range l.Cages() {
				if l.Cage(k).Op == grid.OpAdd && unitHoldsAll(l, u, l.Cage(k).Cells) {
					in.cages = append(in.cages, k)
				}
			}
			for i := range vcs {
				if unitHoldsAll(l, u, vcs[i].cells) {
					in.virtual = append(in.virtual, i)
				}
			}
			slices.SortStableFunc(in.virtual, func(x, y int) int { return len(vcs[x].cells) - len(vcs[y].cells) })
		}
		return out
	})
}

// crossStep searches the choices of one combination per member of unit
// u, disjoint, that leave the rest of the unit digits it can take, and
// reports what the surviving combinations rule out; it returns whether
// it added a step.
func crossStep(b *grid.Board, sink *Sink, u int, members []crossMember) bool {
	l := b.Layout()
	unit := l.Unit(u).Cells
	var missing grid.Digits
	for _, c := range unit {
		if v := b.Value(c); v != 0 {
			missing |= grid.Bit(int(v))
		}
	}
	missing = grid.AllDigits(l.N) &^ missing
	in := map[int]bool{}
	for _, m := range members {
		for _, c := range m.cells {
			in[c] = true
		}
	}
	var rest []grid.Digits
	var restCells []int
	for _, c := range unit {
		if b.Value(c) == 0 && !in[c] {
			rest = append(rest, b.Cands(c))
			restCells = append(restCells, c)
		}
	}
	pick := make([]int, len(members))
	mustUsed := ^grid.Digits(0)
	nodes, leaves := 0, 0
	var walk func(i int, used grid.Digits) bool
	walk = func(i int, used grid.Digits) bool {
		if nodes++; nodes > maxCrossNodes {
			return false
		}
		if i == len(members) {
			if !grid.Matchable(rest, missing&^used) {
				return true
			}
			leaves++
			mustUsed &= used
			for j, p := range pick {
				members[j].keep[p] = true
			}
			return true
		}
		for j, c := range members[i].combos {
			if c&used != 0 {
				continue
			}
			pick[i] = j
			if !walk(i+1, used|c) {
				return false
			}
		}
		return true
	}
	if !walk(0, 0) || leaves == 0 {
		return false // too many choices, or a broken unit the solver reports
	}
	var s *Step
	add := func(c, d int) {
		if s == nil {
			s = sink.Add()
			s.Units = append(s.Units, u)
			for _, m := range members {
				s.Cells = append(s.Cells, m.cells...)
			}
		}
		s.Eliminations = appendElimination(s.Eliminations, c, d)
	}
	for _, m := range members {
		var left grid.Digits
		must := ^grid.Digits(0)
		for j, c := range m.combos {
			if m.keep[j] {
				left |= c
				must &= c
			}
		}
		for _, c := range m.cells {
			for ds := b.Cands(c) &^ left; ds != 0; ds &= ds - 1 {
				add(c, ds.Min())
			}
		}
		for ds := must; ds != 0; ds &= ds - 1 {
			for _, c := range seeAllHolders(b, m.cells, ds.Min()) {
				if !containsCell(unit, c) {
					add(c, ds.Min())
				}
			}
		}
	}
	for _, c := range restCells {
		for ds := b.Cands(c) & mustUsed; ds != 0; ds &= ds - 1 {
			add(c, ds.Min())
		}
	}
	if s == nil {
		return false
	}
	for _, m := range members {
		if m.cage < 0 {
			continue
		}
		s.Cages = append(s.Cages, m.cage)
		s.Nodes = append(s.Nodes, Node{Kind: CageNode, Cage: m.cage, Cells: slices.Clone(l.Cage(m.cage).Cells)})
		nd := &s.Nodes[len(s.Nodes)-1]
		for j, c := range m.combos {
			if m.keep[j] && len(nd.Combos) < maxCombos {
				nd.Combos = append(nd.Combos, c)
			}
		}
	}
	return true
}

// explainCrossover explains a Combination Crossover step, e.g.
// "Combination Crossover in row 3: cage 10+ at r3c1 keeps {1,9},{2,8},
// virtual cages over r3c5, r3c6: their digits differ and the rest of row 3
// takes the others: remove r3c7-1".
func explainCrossover(s *Step, n grid.Notation) string {
	l := n.Layout
	var parts []string
	inCage := map[int]bool{}
	for _, nd := range s.Nodes {
		if nd.Kind != CageNode {
			continue
		}
		part := cageName(n, nd.Cage)
		if len(nd.Combos) > 0 {
			part += " keeps " + nodeCombos(n, &nd)
		}
		parts = append(parts, part)
		for _, c := range nd.Cells {
			inCage[c] = true
		}
	}
	var virtual []int
	for _, c := range s.Cells {
		if !inCage[c] {
			virtual = append(virtual, c)
		}
	}
	if len(virtual) > 0 {
		parts = append(parts, "virtual cages over "+cellList(n, virtual))
	}
	unit := l.Unit(s.Units[0]).Name()
	return fmt.Sprintf("%s in %s: %s: their digits differ and the rest of %s takes the others: remove %s", s.Name(), unit, strings.Join(parts, "; "), unit, effects(n, s.Eliminations))
}

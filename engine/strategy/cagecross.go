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
	cage    int // the real cage, or -1 for a virtual one
	virtual int // the virtual cage (an index into virtualCagesOf), or -1 for a real one
	cells   []int
	target  int // the sum left to cells
	combos  []grid.Digits
	keep    []bool // the combinations some choice completes
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
	add := func(cage, virtual int, cells []int, target int) {
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
		members = append(members, crossMember{cage: cage, virtual: virtual, cells: open, target: target, combos: combos, keep: make([]bool, len(combos))})
	}
	in := crossInsideOf(l)[u]
	for _, k := range in.cages {
		add(k, -1, l.Cage(k).Cells, l.Cage(k).Target)
	}
	for _, i := range in.virtual {
		add(-1, i, vcs[i].cells, vcs[i].target)
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
	// Each real cage is a CageNode, each virtual one a SumNode naming
	// where its sum comes from (its open cells and the sum left to them,
	// as a Virtual Cage step gives them), so that the explanation can say
	// what every cage of the unit keeps.
	var vcs []virtualCage
	for _, m := range members {
		switch {
		case m.cage >= 0:
			s.Cages = append(s.Cages, m.cage)
			s.Nodes = append(s.Nodes, Node{Kind: CageNode, Cage: m.cage, Cells: slices.Clone(l.Cage(m.cage).Cells)})
		case m.virtual >= 0:
			if vcs == nil {
				vcs = virtualCagesOf(l)
			}
			s.Nodes = append(s.Nodes, Node{Kind: SumNode, Cage: -1, Cells: slices.Clone(m.cells), Target: m.target, Origin: vcs[m.virtual].from(grid.Notation{Layout: l})})
		default:
			continue
		}
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
// "Combination Crossover in row 3: cage 10+ at r3c1 keeps {1,9},{2,8};
// the innies of rows 3-4 (r3c5+r3c6=7) keep {1,6},{3,4}: their digits
// differ and the rest of row 3 takes the others: remove r3c7-1". A
// virtual cage is named by where its sum comes from, its open cells and
// the sum left to them (a step recorded without its SumNodes names its
// virtual cages' cells alone).
func explainCrossover(s *Step, n grid.Notation) string {
	l := n.Layout
	var parts []string
	inCage := map[int]bool{}
	for _, nd := range s.Nodes {
		var part string
		switch nd.Kind {
		case CageNode:
			part = cageName(n, nd.Cage)
		case SumNode:
			part = trialGroupName(&nd, n)
		default:
			continue
		}
		if len(nd.Combos) > 0 {
			part += groupVerb(&nd, " keeps ", " keep ") + nodeCombos(n, &nd)
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

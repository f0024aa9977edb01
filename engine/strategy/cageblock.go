package strategy

import (
	"fmt"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var cageBlockStrategy = onCages(local(newStrategy(Elimination, cageBlock, findCageBlocks, explainCageBlock)))

// CageBlock (K2): an equation of the rule of 45 over a union of units
// (see InnieOutieDifference: a sum of innies, of outies, or innies less
// outies) filled together with the real cages its cells lie in, each
// cage making its sum: the block of cages a person looks at where a few
// innies and outies run through them ("the outies of row 9 are r8c1 and
// r8c9, which cages 16+ and 25+ hold with r9c1, r9c2 and r9c8, r9c9").
// The fillings of the block's open cells are enumerated from their
// candidates, digits distinct between cells that see each other, every
// equation met, and a digit no filling puts in a cell leaves it. A plain
// innie or outie sum with one cage is Cage Intersection's; this pass
// takes the others. A unit and every cage through it (up to
// maxLinearRows) make a block too, with no equation: the unit's cells
// differ, and each cage makes its sum.
//
// It is local (Strategy.Local): a block is looked at again only when one
// of its cells changed since the pass last found nothing.
func CageBlock() *Strategy { return cageBlockStrategy }

var cageBlock = &Technique{name: "Cage Block", level: Hard, score: 110, se: 46}

// maxBlockCages and maxBlockCells bound a block: the most real cages
// filled with an equation, and the most open cells between them;
// maxUnitBlockCells is the most open cells of a unit's block.
const (
	maxBlockCages     = 3
	maxBlockCells     = 16
	maxUnitBlockCells = 24
)

func findCageBlocks(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	ls := linearPool.get()
	defer linearPool.put(ls)
	var cages []int
	for i, eqs := 0, diffEquationsOf(l); i < len(eqs); i++ {
		if i%16 == 0 && sink.Cancelled() {
			return
		}
		e := &eqs[i]
		ls.reset(b)
		target := loadEquation(b, ls, e)
		eqCells := len(ls.cells)
		if eqCells == 0 {
			continue
		}
		cages = blockCages(l, ls.cells, cages[:0])
		if len(cages) == 0 || len(cages) > maxBlockCages || len(cages) == 1 && !e.mixed() {
			continue
		}
		changed := sink.through(ls.cells)
		for _, k := range cages {
			changed = changed || sink.through(l.Cage(k).Cells)
		}
		if !changed || !loadBlockCages(b, ls, cages) || !ls.run() {
			continue
		}
		var s *Step
		for j, c := range ls.cells {
			for ds := b.Cands(c) &^ ls.support[j]; ds != 0; ds &= ds - 1 {
				if s == nil {
					s = sink.Add()
					s.Cells = append(s.Cells, ls.cells[:eqCells]...)
					s.Units = append(s.Units, e.units...)
					for _, k := range cages {
						addCageNode(b, s, k)
					}
					s.Target, s.Op = target, grid.OpAdd
				}
				s.Eliminations = appendElimination(s.Eliminations, c, ds.Min())
			}
		}
		if s != nil && sink.Done() {
			return
		}
	}
	findUnitBlocks(b, sink, ls)
}

// findUnitBlocks reports the blocks of a complete unit and the cages
// through it.
func findUnitBlocks(b *grid.Board, sink *Sink, ls *linearSearch) {
	l := b.Layout()
	var open, cages []int
	for u := range l.Units() {
		if sink.Cancelled() {
			return
		}
		unit := l.Unit(u)
		if unit.Partial || len(unit.Cells) != l.N {
			continue
		}
		open = open[:0]
		for _, c := range unit.Cells {
			if b.Value(c) == 0 {
				open = append(open, c)
			}
		}
		cages = blockCages(l, open, cages[:0])
		if len(cages) < 2 || len(cages) > maxLinearRows {
			continue
		}
		changed := false
		for _, k := range cages {
			changed = changed || sink.through(l.Cage(k).Cells)
		}
		ls.reset(b)
		if !changed || !loadBlockCages(b, ls, cages) || len(ls.cells) > maxUnitBlockCells || !ls.run() {
			continue
		}
		var s *Step
		for j, c := range ls.cells {
			for ds := b.Cands(c) &^ ls.support[j]; ds != 0; ds &= ds - 1 {
				if s == nil {
					s = sink.Add()
					s.Cells = append(s.Cells, open...)
					s.Units = append(s.Units, u)
					for _, k := range cages {
						addCageNode(b, s, k)
					}
				}
				s.Eliminations = appendElimination(s.Eliminations, c, ds.Min())
			}
		}
		if s != nil && sink.Done() {
			return
		}
	}
}

// blockCages appends to dst the add cages holding the cells given, each
// once.
func blockCages(l *grid.Layout, cells []int, dst []int) []int {
	for _, c := range cells {
		k := l.CellCage(c)
		if k >= 0 && l.Cage(k).Op == grid.OpAdd && !containsCell(dst, k) {
			dst = append(dst, k)
		}
	}
	return dst
}

// loadBlockCages adds a row to ls for each cage, over its open cells,
// its placed cells' digits taken off its sum; false when the block grows
// past maxBlockCells.
func loadBlockCages(b *grid.Board, ls *linearSearch, cages []int) bool {
	for _, k := range cages {
		cg := b.Layout().Cage(k)
		target := cg.Target
		for _, c := range cg.Cells {
			if d := b.Value(c); d != 0 {
				target -= int(d)
			}
		}
		r := ls.row(target)
		if r < 0 {
			return false
		}
		for _, c := range cg.Cells {
			if b.Value(c) == 0 {
				ls.add(r, c, 1)
			}
		}
	}
	return len(ls.cells) <= maxBlockCells
}

// explainCageBlock explains a Cage Block step, e.g. "Cage Block: by the
// rule of 45 on row 9, innies less outies: r9c6 + r9c7 - r8c1 = 5, with
// cage 16+ at r8c1 keeping {...}, cage 19+ at r8c7 keeping {...}: no
// joint filling allows r8c1-3".
//
// A unit's block (Op is OpNone) reads "Cage Block: row 9 and the cages
// through it, cage 16+ at r8c1 keeping {...}; ...: no joint filling
// allows r8c1-3".
func explainCageBlock(s *Step, n grid.Notation) string {
	var parts []string
	for _, nd := range s.Nodes {
		if nd.Kind != CageNode {
			continue
		}
		part := cageName(n, nd.Cage)
		if len(nd.Combos) > 0 {
			part += " keeping " + nodeCombos(n, &nd)
		}
		parts = append(parts, part)
	}
	if s.Op == grid.OpNone {
		return fmt.Sprintf("%s: %s and the cages through it, %s: no joint filling allows %s", s.Name(), areaName(n.Layout, s.Units), strings.Join(parts, "; "), effects(n, s.Eliminations))
	}
	return fmt.Sprintf("%s: by the rule of 45 on %s, %s, with %s: no joint filling allows %s", s.Name(), areaName(n.Layout, s.Units), equationText(s, n), strings.Join(parts, "; "), effects(n, s.Eliminations))
}

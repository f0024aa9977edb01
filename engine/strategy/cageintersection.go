package strategy

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"
)

var cageIntersectionStrategy = onCages(local(newStrategy(Elimination, cageIntersection, findCageIntersection, explainCageIntersection)))

// CageIntersection (H2): a virtual cage (see VirtualCages) and a real cage
// that share cells, neither inside the other, must meet both sums at
// once. Their cells' fillings are enumerated together (digits distinct
// between cells that see each other, each group making its sum), and a
// digit no joint filling puts in a cell leaves it. This is the reasoning
// a person does where an innie or outie group runs through a cage.
//
// It is local (Strategy.Local): a pair is looked at again only when one
// of its cells changed since the pass last found nothing.
func CageIntersection() *Strategy { return cageIntersectionStrategy }

var cageIntersection = &Technique{name: "Cage Intersection", level: Hard, score: 100, se: 44}

func findCageIntersection(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	vcs := virtualCagesOf(l)
	var g, k grid.Group
	ls := linearPool.get()
	defer linearPool.put(ls)
	seen := make([]bool, len(l.Cages()))
	var open []int
	for i := range vcs {
		v := &vcs[i]
		if !loadVirtual(b, v, &g) {
			continue
		}
		// Changed cells matter in the virtual cage or in the cages it
		// meets.
		changed := sink.through(v.cells)
		clear(seen)
		for _, c := range g.Cells() {
			kc := l.CellCage(c)
			if kc < 0 || seen[kc] {
				continue
			}
			// A joint filling of large groups (16×16 killers) takes
			// milliseconds: the finder stops with the solve.
			if sink.Cancelled() {
				return
			}
			seen[kc] = true
			if !changed && !sink.through(l.Cage(kc).Cells) || !k.LoadCage(l, kc) {
				continue
			}
			var target int
			open, target = openRest(b, &k, open[:0])
			if subset(open, g.Cells()) || subset(g.Cells(), open) {
				continue
			}
			cells, support, ok := jointFill(ls, b, g.Cells(), open, g.Target, target)
			if !ok {
				continue
			}
			var s *Step
			for j, c := range cells {
				for ds := b.Cands(c) &^ support[j]; ds != 0; ds &= ds - 1 {
					if s == nil {
						s = sink.Add()
						s.Cells = append(s.Cells, g.Cells()...)
						s.Units = append(s.Units, v.units...)
						if v.cage >= 0 {
							s.Cages = append(s.Cages, v.cage)
						}
						addCageNode(b, s, kc) // the real cage, last of s.Cages
						s.Target, s.Op = g.Target, grid.OpAdd
					}
					s.Eliminations = appendElimination(s.Eliminations, c, ds.Min())
				}
			}
			if s != nil && sink.Done() {
				return
			}
		}
	}
}

// explainCageIntersection explains a Cage Intersection step, e.g. "Cage
// Intersection: the innies of box 1, r1c3, r2c3, sum to 9, and cage 16+
// at r1c3 keeping {1,2,4,9},{1,3,4,8} are filled together: no joint
// filling allows r1c3-7, r2c3-2".
func explainCageIntersection(s *Step, n grid.Notation) string {
	k := s.Cages[len(s.Cages)-1]
	vs := *s
	vs.Cages = s.Cages[:len(s.Cages)-1]
	from := "a virtual cage"
	if v := findVirtual(n.Layout, &vs); v != nil {
		from = v.from(n)
	}
	return fmt.Sprintf("%s: %s, %s, sum to %d, and %s%s are filled together: no joint filling allows %s", s.Name(), from, cellList(n, s.Cells), s.Target, cageName(n, k), keepingCombos(s, n), effects(n, s.Eliminations))
}

// keepingCombos words the combinations of the first cage node of s, e.g.
// " keeping {1,2,4,9},{1,3,4,8}"; "" when it lists none.
func keepingCombos(s *Step, n grid.Notation) string {
	if kept := keptCombos(s, n); kept != "" {
		return " keeping" + kept[len(" keeps"):]
	}
	return ""
}

// jointFill returns, for each cell of the union of groups a and c (open
// cells, sums left to them), the digits some joint filling puts there
// (digits distinct between cells that see each other, each group making
// its sum); ok is false when the search was cut short or found none. It
// asks ls, one equation a group, for one filling with each candidate not
// yet seen in a filling found, rather than enumerating every filling.
func jointFill(ls *linearSearch, b *grid.Board, a, c []int, ta, tc int) (cells []int, support []grid.Digits, ok bool) {
	ls.reset(b)
	ra, rc := ls.row(ta), ls.row(tc)
	for _, x := range a {
		ls.add(ra, x, 1)
	}
	for _, x := range c {
		ls.add(rc, x, 1)
	}
	if !ls.run() {
		return nil, nil, false
	}
	return ls.cells, ls.support, true
}

// openRest appends the empty cells of cage group k to open and returns
// it, with k's target less the digits placed in it.
func openRest(b *grid.Board, k *grid.Group, open []int) ([]int, int) {
	target := k.Target
	for _, x := range k.Cells() {
		if d := b.Value(x); d != 0 {
			target -= int(d)
		} else {
			open = append(open, x)
		}
	}
	return open, target
}

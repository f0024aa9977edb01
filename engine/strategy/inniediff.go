package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var innieOutieDifference = onCages(local(newStrategy(Elimination, innieOutieDiff, findInnieOutieDiffs, explainInnieOutieDiff)))

// InnieOutieDifference (J2): the rule of 45 over a union of units (see
// VirtualCages for the unions) with some of the cages that cut it taken
// by their innies and the others by their outies. A cage's innies are its
// sum less its outies, so the innies taken less the outies taken make a
// known number: "r3c3 − r4c1 = 3" in a walkthrough of an Assassin killer,
// or "r1c1 + r2c2 − r5c4 = 11" with two innies and an outie. The cells'
// digits are enumerated under that equation (distinct between cells that
// see each other), and a digit no solution of it puts in a cell leaves
// it. Plain sums of innies or of outies are Virtual Cage's; this pass
// takes only the mixed ones.
//
// It is local (Strategy.Local): an equation is looked at again only when
// one of its cells changed since the pass last found nothing.
func InnieOutieDifference() *Strategy { return innieOutieDifference }

var innieOutieDiff = &Technique{name: "Innie-Outie Difference", level: Hard, score: 85, se: 41}

// maxDiffCells is the most cells an innie-outie equation may have: a
// person writes them with two to four, and larger ones seldom rule out
// anything.
const maxDiffCells = 5

// diffEquation is an equation of the rule of 45 over a union of units:
// the digits of plus less those of minus make target. It is mixed when
// both are non-empty.
type diffEquation struct {
	plus, minus []int // ascending; plus inside the union, minus outside it
	target      int
	units       []int // the union of units
	outies      []int // the cages taken by their outies (minus), ascending
}

// mixed reports whether the equation has innies and outies.
func (e *diffEquation) mixed() bool { return len(e.plus) > 0 && len(e.minus) > 0 }

// diffCache keeps the equations of the last few killer layouts (a solve
// asks for them at every pass).
var diffCache layoutCache[[]diffEquation]

// diffEquationsOf returns the innie-outie equations of killer layout l,
// computed once per layout; they must not be changed.
func diffEquationsOf(l *grid.Layout) []diffEquation {
	return diffCache.get(l, buildDiffEquations)
}

// cutCage is a cage that cuts a union of units: its cells inside and
// outside the union.
type cutCage struct {
	cage    int
	in, out []int
}

// buildDiffEquations lists the equations of at most maxDiffCells cells of
// every union of virtualAreas, each pair of cell sets once: the mixed
// ones (an innie and an outie at least) and the plain sums of innies or
// of outies.
func buildDiffEquations(l *grid.Layout) []diffEquation {
	seen := map[string]bool{}
	var out []diffEquation
	in := make([]bool, l.Cells)
	for _, units := range virtualAreas(l) {
		for _, u := range units {
			for _, c := range l.Unit(u).Cells {
				in[c] = true
			}
		}
		out = areaEquations(l, units, in, seen, out)
		for _, u := range units {
			for _, c := range l.Unit(u).Cells {
				in[c] = false
			}
		}
	}
	return out
}

// areaEquations appends the mixed equations of the union of units (in
// marks its cells) to out.
func areaEquations(l *grid.Layout, units []int, in []bool, seen map[string]bool, out []diffEquation) []diffEquation {
	total := len(units) * l.N * (l.N + 1) / 2
	var free []int // cells of the union in no cage: always innies
	var cuts []cutCage
	done := map[int]bool{}
	for _, u := range units {
		for _, c := range l.Unit(u).Cells {
			k := l.CellCage(c)
			if k < 0 {
				free = append(free, c)
				continue
			}
			if done[k] {
				continue
			}
			done[k] = true
			cg := l.Cage(k)
			if cg.Op != grid.OpAdd {
				return out
			}
			if cageInside(l, k, in) {
				total -= cg.Target
				continue
			}
			cut := cutCage{cage: k}
			for _, x := range cg.Cells {
				if in[x] {
					cut.in = append(cut.in, x)
				} else {
					cut.out = append(cut.out, x)
				}
			}
			cuts = append(cuts, cut)
		}
	}
	if len(free) > maxDiffCells {
		return out
	}
	// Each cut cage on the innie side gives its inside cells; on the
	// outie side its outside cells, its sum taken off the total.
	plus := slices.Clone(free)
	var minus, outies []int
	var walk func(i, target int)
	walk = func(i, target int) {
		if len(plus)+len(minus) > maxDiffCells {
			return
		}
		if i == len(cuts) {
			if len(plus)+len(minus) == 0 {
				return
			}
			e := diffEquation{plus: sorted(plus), minus: sorted(minus), target: target, units: units, outies: sorted(outies)}
			key := cellSetKey(e.plus) + "-" + cellSetKey(e.minus)
			if !seen[key] {
				seen[key] = true
				out = append(out, e)
			}
			return
		}
		cut := cuts[i]
		np := len(plus)
		plus = append(plus, cut.in...)
		walk(i+1, target)
		plus = plus[:np]
		nm := len(minus)
		minus = append(minus, cut.out...)
		outies = append(outies, cut.cage)
		walk(i+1, target-l.Cage(cut.cage).Target)
		minus = minus[:nm]
		outies = outies[:len(outies)-1]
	}
	walk(0, total)
	return out
}

func findInnieOutieDiffs(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	ls := linearPool.get()
	defer linearPool.put(ls)
	for i, eqs := 0, diffEquationsOf(l); i < len(eqs); i++ {
		e := &eqs[i]
		if !e.mixed() || !sink.through(e.plus) && !sink.through(e.minus) {
			continue
		}
		ls.reset(b)
		target := loadEquation(b, ls, e)
		if len(ls.cells) == 0 || !ls.run() {
			continue
		}
		var s *Step
		for j, c := range ls.cells {
			for ds := b.Cands(c) &^ ls.support[j]; ds != 0; ds &= ds - 1 {
				if s == nil {
					s = sink.Add()
					s.Cells = append(s.Cells, ls.cells...)
					s.Units = append(s.Units, e.units...)
					for _, k := range e.outies {
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
}

// loadEquation adds equation e to ls as a row over its open cells, its
// placed cells' digits taken into its target, which it returns.
func loadEquation(b *grid.Board, ls *linearSearch, e *diffEquation) int {
	target := e.target
	for _, c := range e.plus {
		if d := b.Value(c); d != 0 {
			target -= int(d)
		}
	}
	for _, c := range e.minus {
		if d := b.Value(c); d != 0 {
			target += int(d)
		}
	}
	r := ls.row(target)
	for _, c := range e.plus {
		if b.Value(c) == 0 {
			ls.add(r, c, 1)
		}
	}
	for _, c := range e.minus {
		if b.Value(c) == 0 {
			ls.add(r, c, -1)
		}
	}
	return target
}

// explainInnieOutieDiff explains an Innie-Outie Difference step, e.g.
// "Innie-Outie Difference: by the rule of 45 on box 1 (outies of cage 16+
// at r2c2), innies less outies: r3c3 - r4c1 = 3: remove r3c3-1, r3c3-2,
// r3c3-3, r4c1-7, r4c1-8, r4c1-9".
func explainInnieOutieDiff(s *Step, n grid.Notation) string {
	var of []string
	for _, k := range s.Cages {
		of = append(of, cageName(n, k))
	}
	area := areaName(n.Layout, s.Units)
	if len(of) > 0 {
		area += " (outies of " + strings.Join(of, ", ") + ")"
	}
	return fmt.Sprintf("%s: by the rule of 45 on %s, %s: remove %s", s.Name(), area, equationText(s, n), effects(n, s.Eliminations))
}

// equationText words the equation of a step on the open cells s.Cells of
// a union of units s.Units, those inside it added and those outside
// taken off, making s.Target: "innies less outies: r3c3 - r4c1 = 3",
// "innies: r9c6 + r9c7 = 12" or "outies: r7c9 + r8c1 = 32".
func equationText(s *Step, n grid.Notation) string {
	l := n.Layout
	in := map[int]bool{}
	for _, u := range s.Units {
		for _, c := range l.Unit(u).Cells {
			in[c] = true
		}
	}
	var plus, minus []string
	for _, c := range s.Cells {
		if in[c] {
			plus = append(plus, n.CellName(c))
		} else {
			minus = append(minus, n.CellName(c))
		}
	}
	switch {
	case len(minus) == 0:
		return fmt.Sprintf("innies: %s = %d", strings.Join(plus, " + "), s.Target)
	case len(plus) == 0:
		return fmt.Sprintf("outies: %s = %d", strings.Join(minus, " + "), -s.Target)
	}
	return fmt.Sprintf("innies less outies: %s - %s = %d", strings.Join(plus, " + "), strings.Join(minus, " - "), s.Target)
}

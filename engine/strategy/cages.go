package strategy

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Cage strategies, for killer, killer jigsaw, KenKen and KenDoku boards.
// They share one enumerator (cagesearch.go): the fillings of a cage, or of
// a pseudo-cage derived from the rule of 45, that meet its target.
var (
	cageCombinations = onCages(local(newStrategy(Elimination, &Technique{name: "Cage Combinations", level: Easy, score: 4, se: 12},
		func(b *grid.Board, sink *Sink) { findCageEliminations(b, sink, false) }, func(s *Step, n grid.Notation) string { return explainCage(s, n, "no combination") })))
	cagePermutations = onCages(local(newStrategy(Elimination, &Technique{name: "Cage Permutations", level: Easy, score: 8, se: 23},
		func(b *grid.Board, sink *Sink) { findCageEliminations(b, sink, true) }, func(s *Step, n grid.Notation) string { return explainCage(s, n, "no filling") })))
	cageOverlap = onCages(local(newStrategy(Elimination, &Technique{name: "Cage/Unit Overlap", level: Medium, score: 20, se: 28},
		findCageOverlap, explainOverlap)))
	inniesOutiesStrategy = onCages(local(&Strategy{
		name: "Innies and Outies", class: Elimination,
		techniques: []*Technique{innieSingle, innieMulti},
		explain:    explainPseudo,
		find:       findInniesOuties,
	}))
	cageSplittingStrategy = onCages(local(newStrategy(Elimination, cageSplitting,
		findCageSplitting, explainPseudo)))
	lineRulesStrategy = onCages(newStrategy(Elimination, lineRules,
		findLineRules, explainPseudo))

	innieSingle   = &Technique{name: "Innies and Outies", level: Medium, score: 20, se: 26}
	innieMulti    = &Technique{name: "Multi-cell Innies and Outies", level: Hard, score: 60, se: 36}
	cageSplitting = &Technique{name: "Cage Splitting", level: Hard, score: 80, se: 40}
	lineRules     = &Technique{name: "Line Rules", level: Medium, score: 20, se: 26}
)

// CageCombinations (X): a digit that no combination of the cage's
// digits can use leaves every cell of the cage.
//
// It is local (Strategy.Local): a cage is looked at again only when one
// of its cells changed since the pass last found nothing; so are Cage
// Permutations, Cage/Unit Overlap (a cage, or a unit for a digit confined
// to one cage), Innies and Outies and Cage Splitting (a union of units
// with the cages that touch it).
func CageCombinations() *Strategy { return cageCombinations }

// CagePermutations (Y): a digit that no filling of the cage puts in a
// given cell leaves that cell.
func CagePermutations() *Strategy { return cagePermutations }

// CageOverlap (Z): a digit every filling of a cage uses, whose cells in
// the cage lie in one unit, leaves the rest of that unit; and a digit
// of a unit confined to one killer cage leaves the cage's cells outside
// the unit.
func CageOverlap() *Strategy { return cageOverlap }

// InniesOutiesStrategy (a, the rule of 45): units of a killer hold every
// digit once, so the cells that poke into (innies) or out of (outies) a
// group of units covered by whole cages have a known sum. Single cells
// come first, then groups of two to four cells.
func InniesOutiesStrategy() *Strategy { return inniesOutiesStrategy }

// CageSplitting (b): when a cage straddles a group of units and its part
// inside is the group's only unknown, the rule of 45 gives the sum of
// each part, which then act as two smaller cages.
func CageSplitting() *Strategy { return cageSplittingStrategy }

// LineRules (c): a KenKen line holds every digit once, so it sums to
// N(N+1)/2 and multiplies to N!; the cells of a line outside its whole
// + (or ×) cages take the rest of the sum (product).
func LineRules() *Strategy { return lineRulesStrategy }

// filledCages yields each cage of b that has fillings, loaded as a group,
// with its fillings (a broken cage is the solver's check to report). The
// group and the fillings are reused from one cage to the next.
func filledCages(b *grid.Board) iter.Seq2[*grid.Group, *grid.Fills] {
	return filledCagesThrough(b, nil)
}

// filledCagesThrough is filledCages for a local finder: the cages with a
// cell in sink.Changed alone (every cage for a nil sink).
func filledCagesThrough(b *grid.Board, sink *Sink) iter.Seq2[*grid.Group, *grid.Fills] {
	return func(yield func(*grid.Group, *grid.Fills) bool) {
		var g grid.Group
		var f grid.Fills
		for k := range b.Layout().Cages() {
			if sink != nil && !sink.through(b.Layout().Cage(k).Cells) || !g.LoadCage(b.Layout(), k) {
				continue
			}
			b.Fill(&g, &f)
			if f.OK && f.Count != 0 && !yield(&g, &f) {
				return
			}
		}
	}
}

// findCageEliminations reports, per cage, the candidates that no
// combination (CageCombinations) or no filling (CagePermutations, perm)
// uses.
func findCageEliminations(b *grid.Board, sink *Sink, perm bool) {
	for g, f := range filledCagesThrough(b, sink) {
		var s *Step
		for i, c := range g.Cells() {
			keep := f.Used
			if perm {
				keep = f.Support[i]
			}
			for d := b.Cands(c) &^ keep; d != 0; d &= d - 1 {
				if s == nil {
					s = sink.Add()
					s.Digits = f.Must
					s.Cells = append(s.Cells, g.Cells()...)
					addCageNode(b, s, b.Layout().CellCage(g.Cells()[0]))
				}
				s.Eliminations = append(s.Eliminations, CellDigit{c, d.Min()})
			}
		}
		if s != nil && perm {
			s.sole = soleMusts(b, g.Cells(), f.Must, s.Eliminations, s.sole)
		}
		if s != nil && sink.Done() {
			return
		}
	}
}

// soleMusts appends to dst the digits of must (those every filling of a
// cage uses) not yet placed in its cells that have one place left there,
// at that place, when elims remove candidates there: the cell holds the
// digit, which is why it loses the others.
func soleMusts(b *grid.Board, cells []int, must grid.Digits, elims []CellDigit, dst []CellDigit) []CellDigit {
	for m := must; m != 0; m &= m - 1 {
		d := m.Min()
		place, places := -1, 0
		for _, c := range cells {
			if int(b.Value(c)) == d {
				places = 2 // placed: nothing follows
				break
			}
			if b.Value(c) == 0 && b.Cands(c).Has(d) {
				place = c
				places++
			}
		}
		if places != 1 {
			continue
		}
		for _, e := range elims {
			if e.Cell == place {
				dst = append(dst, CellDigit{place, d})
				break
			}
		}
	}
	return dst
}

// addCageNode notes on s that cage k justifies it, and draws the cage as
// a node with the combinations its cells' candidates on b leave.
func addCageNode(b *grid.Board, s *Step, k int) {
	s.Cages = append(s.Cages, k)
	nd := s.addNode(CageNode, 0, b.Layout().Cage(k).Cells...)
	nd.Cage = k
	o := len(s.comboBuf)
	s.comboBuf = fillingCombos(b, k, nil, s.comboBuf)
	nd.Combos = s.combosFrom(o)
}

// keptCombos words the combinations of the first cage node of s, e.g.
// " keeps {1,2,4,9},{1,3,4,8}"; "" when it lists none.
func keptCombos(s *Step, n grid.Notation) string {
	for _, nd := range s.Nodes {
		if nd.Kind == CageNode && len(nd.Combos) > 0 {
			return " keeps " + nodeCombos(n, &nd)
		}
	}
	return ""
}

func findCageOverlap(b *grid.Board, sink *Sink) {
	l := b.Layout()
	for g, f := range filledCagesThrough(b, sink) {
		// A digit the cage must hold, whose cage cells share a unit.
		for must := f.Must; must != 0; must &= must - 1 {
			d := must.Min()
			if placedIn(b, g.Cells(), d) {
				continue
			}
			var holders [grid.MaxGroupCells]int
			nh := 0
			for _, c := range g.Cells() {
				if b.Cands(c).Has(d) {
					holders[nh] = c
					nh++
				}
			}
			if nh == 0 {
				continue
			}
			for _, u := range l.CellUnit(holders[0]) {
				if !unitHoldsAll(l, u, holders[:nh]) {
					continue
				}
				var s *Step
				for _, c := range l.Unit(u).Cells {
					if b.Cands(c).Has(d) && !containsCell(g.Cells(), c) {
						if s == nil {
							s = sink.Add()
							s.Digits = grid.Bit(d)
							s.Cells = append(s.Cells, g.Cells()...)
							s.Units = append(s.Units, u)
							s.Cages = append(s.Cages, l.CellCage(g.Cells()[0]))
						}
						s.Eliminations = append(s.Eliminations, CellDigit{c, d})
					}
				}
				if s != nil && sink.Done() {
					return
				}
			}
		}
	}
	if !l.Variant.IsKiller() {
		return // KenKen cages may repeat a digit away from the unit
	}
	// A digit of a unit confined to one cage: the cage holds it in the
	// unit, so not elsewhere.
	for u := range l.Units() {
		cells := l.Unit(u).Cells
		if !sink.through(cells) {
			continue
		}
		for d := 1; d <= l.N; d++ {
			cage := -2
			for _, c := range cells {
				if !b.Cands(c).Has(d) {
					continue
				}
				if k := l.CellCage(c); cage == -2 {
					cage = k
				} else if k != cage {
					cage = -1
				}
			}
			if cage < 0 {
				continue
			}
			var s *Step
			for _, c := range l.Cage(cage).Cells {
				if b.Cands(c).Has(d) && !containsCell(cells, c) {
					if s == nil {
						s = sink.Add()
						s.Digits = grid.Bit(d)
						s.Cells = append(s.Cells, l.Cage(cage).Cells...)
						s.Units = append(s.Units, u)
						s.Cages = append(s.Cages, cage)
					}
					s.Eliminations = append(s.Eliminations, CellDigit{c, d})
				}
			}
			if s != nil && sink.Done() {
				return
			}
		}
	}
}

func placedIn(b *grid.Board, cells []int, d int) bool {
	for _, c := range cells {
		if int(b.Value(c)) == d {
			return true
		}
	}
	return false
}

func unitHoldsAll(l *grid.Layout, u int, cells []int) bool {
	for _, c := range cells {
		if !containsCell(l.Unit(u).Cells, c) {
			return false
		}
	}
	return true
}

// area is a group of whole units (one unit, or adjacent rows or columns)
// and what the cages say about it.
type area struct {
	units [3]int
	nu    int
	in    [grid.MaxSize * grid.MaxSize]bool
}

func (a *area) set(l *grid.Layout, units ...int) {
	for _, u := range a.units[:a.nu] {
		for _, c := range l.Unit(u).Cells {
			a.in[c] = false
		}
	}
	a.nu = copy(a.units[:], units)
	for _, u := range units {
		for _, c := range l.Unit(u).Cells {
			a.in[c] = true
		}
	}
}

// forEachArea calls visit with every unit, and with every run of two and
// three adjacent rows or columns.
func forEachArea(l *grid.Layout, a *area, visit func() bool) {
	rows, cols := lineUnits(l)
	for u := range l.Units() {
		a.set(l, u)
		if !visit() {
			return
		}
	}
	for _, lines := range [2]*[grid.MaxSize]int{&rows, &cols} {
		for width := 2; width <= 3; width++ {
			for first := 0; first+width <= l.N; first++ {
				a.set(l, lines[first:first+width]...)
				if !visit() {
					return
				}
			}
		}
	}
	a.set(l)
}

// innies returns the group of cells of the area outside its whole cages,
// with the sum they must make; ok is false when the area has too many.
func (a *area) innies(b *grid.Board, g *grid.Group) bool {
	l := b.Layout()
	total := a.nu * l.N * (l.N + 1) / 2
	g.Reset(grid.OpAdd, 0)
	seen := [grid.MaxSize * grid.MaxSize]bool{}
	for i := 0; i < a.nu; i++ {
		for _, c := range l.Unit(a.units[i]).Cells {
			if seen[c] {
				continue
			}
			seen[c] = true
			if k := l.CellCage(c); k >= 0 && a.whole(l, k) {
				continue
			}
			if v := b.Value(c); v != 0 {
				total -= int(v)
				continue
			}
			if !g.Add(c) {
				return false
			}
		}
	}
	for k := range l.Cages() {
		if a.whole(l, k) {
			total -= l.Cage(k).Target
		}
	}
	g.Target = total
	return g.Len() > 0
}

// outies returns the cells outside the area of the cages it cuts, with the
// sum they must make; ok is false when a cell of the area has no cage or
// there are too many.
func (a *area) outies(b *grid.Board, g *grid.Group) bool {
	l := b.Layout()
	sum := a.nu * l.N * (l.N + 1) / 2
	g.Reset(grid.OpAdd, 0)
	for k := range l.Cages() {
		inside, outside := false, false
		for _, c := range l.Cage(k).Cells {
			if a.in[c] {
				inside = true
			} else {
				outside = true
			}
		}
		if !inside {
			continue
		}
		sum -= l.Cage(k).Target
		if !outside {
			continue
		}
		for _, c := range l.Cage(k).Cells {
			if a.in[c] {
				continue
			}
			if v := b.Value(c); v != 0 {
				sum += int(v)
				continue
			}
			if !g.Add(c) {
				return false
			}
		}
	}
	for i := 0; i < a.nu; i++ {
		for _, c := range l.Unit(a.units[i]).Cells {
			if l.CellCage(c) < 0 {
				return false
			}
		}
	}
	g.Target = -sum
	return g.Len() > 0
}

// areaCells keeps, for the last few killer layouts, the cells each area
// of forEachArea stands on, in its order (see areaCellsOf).
var areaCells layoutCache[[]CellSet]

// areaCellsOf returns, for each area forEachArea visits on l, in its
// order, the cells the area's innies and outies stand on: its own and
// those of the cages with a cell in it (their sums, what is placed in
// them and what their open cells hold). A local finder looks at an area
// again only when one of them changed (Sink.Changed).
func areaCellsOf(l *grid.Layout) []CellSet {
	return areaCells.get(l, func(l *grid.Layout) []CellSet {
		var a area
		var sets []CellSet
		forEachArea(l, &a, func() bool {
			set := make(CellSet, (l.Cells+63)/64)
			for _, u := range a.units[:a.nu] {
				for _, c := range l.Unit(u).Cells {
					set.Add(c)
					if k := l.CellCage(c); k >= 0 {
						for _, x := range l.Cage(k).Cells {
							set.Add(x)
						}
					}
				}
			}
			sets = append(sets, set)
			return true
		})
		return sets
	})
}

// areaFilter tells a local finder, for each area forEachArea visits in
// turn, whether to look at it (see Sink.through and areaCellsOf).
type areaFilter struct {
	sets    []CellSet // the cells each area stands on; nil: every area
	changed CellSet
	next    int
}

// throughAreas returns the filter of the areas of l for sink.
func throughAreas(l *grid.Layout, sink *Sink) areaFilter {
	if sink.Changed == nil {
		return areaFilter{}
	}
	return areaFilter{sets: areaCellsOf(l), changed: sink.Changed}
}

// through reports whether the next area is to be looked at.
func (f *areaFilter) through() bool {
	if f.sets == nil {
		return true
	}
	f.next++
	return f.sets[f.next-1].Intersects(f.changed)
}

func (a *area) whole(l *grid.Layout, k int) bool {
	for _, c := range l.Cage(k).Cells {
		if !a.in[c] {
			return false
		}
	}
	return true
}

func isKiller(l *grid.Layout) bool { return l.Variant.IsKiller() }

func findInniesOuties(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	maxCells := 4
	if sink.Form.Cells() == 1 {
		maxCells = 1
	}
	var a area
	var g grid.Group
	var f grid.Fills
	through := throughAreas(l, sink)
	forEachArea(l, &a, func() bool {
		if !through.through() {
			return true
		}
		for _, side := range [2]func(*grid.Board, *grid.Group) bool{a.innies, a.outies} {
			if !side(b, &g) || g.Len() > maxCells {
				continue
			}
			tech := innieSingle
			if g.Len() > 1 {
				tech = innieMulti
			}
			if pseudoStep(b, sink, tech, &g, &f, a.units[:a.nu]) && sink.Done() {
				return false
			}
		}
		return true
	})
}

func findCageSplitting(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	var a area
	var in, out grid.Group
	var f grid.Fills
	through := throughAreas(l, sink)
	forEachArea(l, &a, func() bool {
		if !through.through() || !a.innies(b, &in) || in.Len() < 2 {
			return true
		}
		// The innies must be the inside part of a single cut cage.
		k := l.CellCage(in.Cells()[0])
		if k < 0 {
			return true
		}
		for _, c := range in.Cells() {
			if l.CellCage(c) != k {
				return true
			}
		}
		out.Reset(grid.OpAdd, l.Cage(k).Target-in.Target)
		for _, c := range l.Cage(k).Cells {
			// A placed cell of the cage counts against the rest wherever
			// it lies: the innies' target left it out.
			if v := b.Value(c); v != 0 {
				out.Target -= int(v)
			} else if !a.in[c] && !out.Add(c) {
				return true
			}
		}
		for _, part := range [2]*grid.Group{&in, &out} {
			if part.Len() > 0 && pseudoStep(b, sink, cageSplitting, part, &f, a.units[:a.nu]) && sink.Done() {
				return false
			}
		}
		return true
	})
}

func findLineRules(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !l.Variant.Arithmetic() {
		return
	}
	// The product of a line, N!, fits an int up to N = 20; above, lines
	// get the sum rule alone.
	fact := 0
	if l.N <= 20 {
		fact = 1
		for d := 2; d <= l.N; d++ {
			fact *= d
		}
	}
	var g grid.Group
	var f grid.Fills
	var a area
	for u := range l.Units() {
		if kind := l.Unit(u).Kind; kind != grid.Row && kind != grid.Column {
			continue
		}
		a.set(l, u)
		for _, op := range [2]grid.Op{grid.OpAdd, grid.OpMul} {
			if op == grid.OpMul && fact == 0 {
				continue
			}
			g.Reset(op, l.N*(l.N+1)/2)
			if op == grid.OpMul {
				g.Target = fact
			}
			// A whole cage of the line's operator (or a single cell)
			// takes its target out of the line's; the other cells make
			// the group, in reading order.
			for k := range l.Cages() {
				if cg := l.Cage(k); a.whole(l, k) && (cg.Op == grid.OpNone || cg.Op == op) {
					g.Target = combine(op, g.Target, cg.Target)
				}
			}
			ok := true
			for _, c := range l.Unit(u).Cells {
				k := l.CellCage(c)
				if k >= 0 && a.whole(l, k) && (l.Cage(k).Op == grid.OpNone || l.Cage(k).Op == op) {
					continue
				}
				ok = ok && addKnown(b, &g, c)
			}
			if !ok || g.Len() == 0 || g.Len() > 4 || g.Target <= 0 {
				continue
			}
			if pseudoStep(b, sink, lineRules, &g, &f, []int{u}) && sink.Done() {
				return
			}
		}
	}
}

// combine takes a known cage's target out of a line's total.
func combine(op grid.Op, total, known int) int {
	if op == grid.OpMul {
		if known == 0 || total%known != 0 {
			return -1
		}
		return total / known
	}
	return total - known
}

// addKnown adds a cell to a group, or takes its digit out of the target
// when it is placed.
func addKnown(b *grid.Board, g *grid.Group, c int) bool {
	if v := int(b.Value(c)); v != 0 {
		if g.Op == grid.OpMul {
			g.Target = combine(grid.OpMul, g.Target, v)
		} else {
			g.Target -= v
		}
		return g.Target > 0
	}
	return g.Add(c)
}

// pseudoStep reports the eliminations a pseudo-cage allows; it returns
// whether it added a step.
func pseudoStep(b *grid.Board, sink *Sink, tech *Technique, g *grid.Group, f *grid.Fills, units []int) bool {
	b.Fill(g, f)
	if !f.OK || f.Count == 0 {
		return false
	}
	var s *Step
	for i, c := range g.Cells() {
		for d := b.Cands(c) &^ f.Support[i]; d != 0; d &= d - 1 {
			if s == nil {
				s = sink.Add()
				s.Technique = tech
				s.Digits = f.Must
				s.Cells = append(s.Cells, g.Cells()...)
				s.Units = append(s.Units, units...)
			}
			s.Eliminations = append(s.Eliminations, CellDigit{c, d.Min()})
		}
	}
	if s != nil {
		s.Target, s.Op = g.Target, g.Op
	}
	return s != nil
}

func opWord(op grid.Op) string {
	switch op {
	case grid.OpMul:
		return "multiply to"
	case grid.OpSub:
		return "differ by"
	case grid.OpDiv:
		return "divide to"
	}
	return "sum to"
}

func effects(n grid.Notation, elims []CellDigit) string {
	var s string
	for i, e := range elims {
		if i > 0 {
			s += ", "
		}
		s += n.CellName(e.Cell) + "-" + n.DigitName(e.Digit)
	}
	return s
}

// explainCage explains a step of CageCombinations or CagePermutations:
// the cage, the combinations of digits its cells' candidates leave, and
// what of them allows the eliminations.
func explainCage(s *Step, n grid.Notation, what string) string {
	l := n.Layout
	k := l.CellCage(s.Cells[0])
	cg := l.Cage(k)
	// A digit every filling uses is a reason only where it has one place
	// left, which loses its other candidates; elsewhere the combinations
	// (or fillings) say it all.
	must := ""
	for i, p := range s.sole {
		sep := " (every filling uses "
		if i > 0 {
			sep = "; and "
		}
		must += fmt.Sprintf("%s%s, which only %s can hold", sep, n.DigitName(p.Digit), n.CellName(p.Cell))
	}
	if must != "" {
		must += ")"
	}
	return fmt.Sprintf("cage %d%s at %s%s: %s of its cells allows %s%s", cg.Target, cg.Op, n.CellName(cg.Cells[0]), keptCombos(s, n), what, effects(n, s.Eliminations), must)
}

// explainOverlap words the two ways a cage and a unit share where a digit
// goes: the unit's places for it all lie in the cage (the cage's other
// cells lose it), or every combination of the cage uses it and the
// cage's places for it all lie in the unit (the unit's other cells lose
// it).
func explainOverlap(s *Step, n grid.Notation) string {
	l := n.Layout
	k := l.CellCage(s.Cells[0])
	cage := cageName(n, k)
	unit := l.Unit(s.Units[0]).Name()
	d := n.DigitName(s.Digits.Min())
	if len(s.Eliminations) > 0 && l.CellCage(s.Eliminations[0].Cell) == k {
		return fmt.Sprintf("%s's %s can only go in %s: remove it from the cage's cells outside %s: %s", unit, d, cage, unit, effects(n, s.Eliminations))
	}
	return fmt.Sprintf("every combination of %s uses %s, and its places for %s all lie in %s: remove it from the rest of %s: %s", cage, d, d, unit, unit, effects(n, s.Eliminations))
}

// explainPseudo explains a step on a pseudo-cage: the units whose rule
// gives it (and, for Cage Splitting, the cage they cut), its cells, and the
// target they meet; a single cell's target is its digit, named by the
// puzzle's symbols ("r4c4 is 5", "r2c4 is A" on a 16×16 lettered A-G).
func explainPseudo(s *Step, n grid.Notation) string {
	area := ""
	if len(s.Units) > 0 {
		area = areaName(n.Layout, s.Units)
	}
	if (s.Technique == innieSingle || s.Technique == innieMulti) && len(s.Units) > 0 {
		// Cells of the units are innies, cells out of them outies.
		side := "outie"
		for _, u := range s.Units {
			if slices.Contains(n.Layout.Unit(u).Cells, s.Cells[0]) {
				side = "innie"
			}
		}
		if len(s.Cells) == 1 {
			return fmt.Sprintf("%s: the %s of %s, %s, is %s; remove %s", s.Name(), side, area, cellList(n, s.Cells), n.DigitName(s.Target), effects(n, s.Eliminations))
		}
		return fmt.Sprintf("%s: the %ss of %s, %s, sum to %d; remove %s", s.Name(), side, area, cellList(n, s.Cells), s.Target, effects(n, s.Eliminations))
	}
	from := ""
	switch {
	case s.Technique == cageSplitting && area != "" && len(s.Cells) > 0 && n.Layout.CellCage(s.Cells[0]) >= 0:
		// Both parts of a split cage are cells of it: name the cage the
		// area cuts, as people do.
		from = " (" + cageName(n, n.Layout.CellCage(s.Cells[0])) + " split by " + area + ")"
	case area != "":
		from = " (from " + area + ")"
	}
	if len(s.Cells) == 1 {
		return fmt.Sprintf("%s%s: %s is %s; remove %s", s.Name(), from, n.CellName(s.Cells[0]), n.DigitName(s.Target), effects(n, s.Eliminations))
	}
	return fmt.Sprintf("%s%s: %s %s %d; remove %s", s.Name(), from, cellList(n, s.Cells), opWord(s.Op), s.Target, effects(n, s.Eliminations))
}

// maxComboNodes bounds the search of fillingCombos, which only words and
// draws steps: a cage with more fillings than that lists none.
const maxComboNodes = 1 << 14

// maxCombos is the most combinations fillingCombos lists.
const maxCombos = 16

// fillingCombos appends to dst the sets of digits the fillings of cage k use
// with the candidates cand (b's own when nil; a placed cell its own digit), each set once,
// in the order their digit lists read; it appends none when there are more
// than maxCombos or the search passes maxComboNodes.
func fillingCombos(b *grid.Board, k int, cand []grid.Digits, dst []grid.Digits) []grid.Digits {
	l := b.Layout()
	cg := l.Cage(k)
	start := len(dst)
	var digit [grid.MaxGroupCells]int
	cells := cg.Cells
	if len(cells) > grid.MaxGroupCells {
		return dst
	}
	nodes := 0
	var walk func(i, sum, prod int) bool
	walk = func(i, sum, prod int) bool {
		if nodes++; nodes > maxComboNodes {
			return false
		}
		if i == len(cells) {
			if (cg.Op == grid.OpSub || cg.Op == grid.OpDiv) && len(cells) != 2 {
				return true
			}
			second := 0
			if len(cells) > 1 {
				second = digit[1]
			}
			if !cg.Op.Meets(cg.Target, sum, prod, digit[0], second) {
				return true
			}
			var set grid.Digits
			for _, d := range digit[:len(cells)] {
				set |= grid.Bit(d)
			}
			if !slices.Contains(dst[start:], set) {
				if len(dst)-start == maxCombos {
					return false
				}
				dst = append(dst, set)
			}
			return true
		}
		opts := b.Cands(cells[i])
		if cand != nil {
			opts = cand[cells[i]]
		}
		if v := b.Value(cells[i]); v != 0 {
			opts = grid.Bit(int(v))
		}
	next:
		for ; opts != 0; opts &= opts - 1 {
			d := opts.Min()
			if cg.Op == grid.OpAdd && sum+d > cg.Target {
				break // digits only grow
			}
			for j := 0; j < i; j++ {
				if digit[j] == d && l.Sees(cells[i], cells[j]) {
					continue next
				}
			}
			digit[i] = d
			if !walk(i+1, sum+d, prod*d) {
				return false
			}
		}
		return true
	}
	if !walk(0, 0, 1) {
		return dst[:start]
	}
	slices.SortFunc(dst[start:], compareDigitSets)
	return dst
}

// compareDigitSets orders digit sets as their ascending digit lists read.
func compareDigitSets(a, b grid.Digits) int {
	for a != 0 && b != 0 {
		if x, y := a.Min(), b.Min(); x != y {
			return x - y
		}
		a, b = a&(a-1), b&(b-1)
	}
	return int(a) - int(b) // the shorter first
}

// straightCombos appends to dst the digits of each straight of windows
// (see grid.StraightWindows) for a compartment of k cells.
func straightCombos(windows grid.Digits, k int, dst []grid.Digits) []grid.Digits {
	for ; windows != 0; windows &= windows - 1 {
		lo := windows.Min()
		dst = append(dst, (grid.Digits(1)<<k-1)<<(lo-1))
	}
	return dst
}

// straightList renders the straights of a compartment, e.g. "4-6, 5-7"
// (see windowNames); a set that is no straight, as a set.
func straightList(n grid.Notation, combos []grid.Digits) string {
	parts := make([]string, len(combos))
	for i, c := range combos {
		if k := c.Count(); k > 0 && grid.Straight(c.Min(), k) == c {
			parts[i] = windowNames(n, grid.Bit(c.Min()), k)
		} else {
			parts[i] = "{" + n.DigitList(c, ",") + "}"
		}
	}
	return strings.Join(parts, ", ")
}

// comboList renders digit sets, e.g. "{1,2,4,9},{1,3,4,8}".
func comboList(n grid.Notation, combos []grid.Digits) string {
	return digitLists(n, cageComboDigits(n.Layout, combos, -1))
}

// nodeCombos renders the combinations of a node: those of a cage (a cage
// node, or the ALS of a cage) with their repeats (see Node.ComboDigits),
// the straights of a compartment as ranges, as other steps write them
// ("4-6, 5-7").
func nodeCombos(n grid.Notation, nd *Node) string {
	if nd.Kind == CompartmentNode {
		return straightList(n, nd.Combos)
	}
	return digitLists(n, nd.ComboDigits(n.Layout))
}

// digitLists renders lists of digits as sets, e.g. "{1,4,4,6},{2,3,4,6}".
func digitLists(n grid.Notation, lists [][]int) string {
	var sb strings.Builder
	for i, f := range lists {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("{")
		for j, d := range f {
			if j > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(n.DigitName(d))
		}
		sb.WriteString("}")
	}
	return sb.String()
}

// ComboDigits returns the digits of each combination nd keeps (its
// Combos), each list ascending and the lists in the order the step's
// text writes them: that of Combos (a rule-of-45 sum's, say, "{1,2,5,7,8},
// {1,2,3,8,9}", are not ascending as they read), but for the fillings of
// a cage with repeats, which are. Where the digits of the
// node's cage (a CageNode's, or an ALSNode's of a cage) on layout l may
// repeat (a KenKen cage over rows and columns, whose set {1,4,6} fills
// four cells as 1+4+4+6), a set stands for each filling of its digits
// that meets the cage's target, with its repeats: {1,4,4,6}, so that the
// arithmetic can be checked.
func (nd *Node) ComboDigits(l *grid.Layout) [][]int {
	k := -1
	if nd.Kind == CageNode || nd.Kind == ALSNode && nd.Cage >= 0 {
		k = nd.Cage
	}
	return cageComboDigits(l, nd.Combos, k)
}

// cageComboDigits returns the digit lists of combos, combinations of cage
// k of l (-1: of no cage), as Node.ComboDigits describes them.
func cageComboDigits(l *grid.Layout, combos []grid.Digits, k int) [][]int {
	var cg *grid.Cage
	if k >= 0 && k < len(l.Cages()) {
		cg = l.Cage(k)
		if allSee(l, cg.Cells) {
			cg = nil // its digits differ: a set says it all
		}
	}
	out := make([][]int, 0, len(combos))
	for _, c := range combos {
		var fills [][]int
		if cg != nil {
			fills = multisets(c, len(cg.Cells), cg)
		}
		if len(fills) == 0 {
			out = append(out, c.List(nil))
			continue
		}
		out = append(out, fills...)
	}
	if cg != nil {
		// The fillings of the sets, ascending as the sets are.
		slices.SortFunc(out, slices.Compare[[]int])
	}
	return out
}

// multisets returns the ascending lists of size digits that use every
// digit of set at least once and meet cg's target, nil when there are
// none (or size cannot hold set).
func multisets(set grid.Digits, size int, cg *grid.Cage) [][]int {
	digits := set.List(nil)
	if len(digits) == 0 || len(digits) > size {
		return nil
	}
	var out [][]int
	counts := make([]int, len(digits))
	var walk func(i, left int)
	walk = func(i, left int) {
		if i == len(digits)-1 {
			counts[i] = 1 + left
			var f []int
			sum, prod := 0, 1
			for x, d := range digits {
				for range counts[x] {
					f = append(f, d)
					sum, prod = sum+d, prod*d
				}
			}
			second := 0
			if len(f) > 1 {
				second = f[1]
			}
			if cg.Op.Meets(cg.Target, sum, prod, f[0], second) {
				out = append(out, f)
			}
			return
		}
		for extra := 0; extra <= left; extra++ {
			counts[i] = 1 + extra
			walk(i+1, left-extra)
		}
	}
	walk(0, size-len(digits))
	return out
}

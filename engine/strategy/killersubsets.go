package strategy

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

var killerSubsets = onCages(local(&Strategy{
	name: "Killer Subsets", class: Elimination,
	technique:  nakedKillerPair,
	techniques: []*Technique{nakedKillerPair, nakedKillerTriple, hiddenKillerPair, hiddenKillerTriple},
	explain:    explainKillerSubset,
	find:       findKillerSubsets,
}))

// KillerSubsets (w): naked and hidden subsets of a unit of a killer whose
// members may be whole cages inside the unit as well as cells (Sudopedia's
// killer subsets, SudokuWiki's killer pairs). A member's "fillings" are
// the combinations of digits its empty cells can take (a cell's are its
// candidates).
//
// Naked: k members of a unit, at least one a cage, and k digits D such
// that every filling of every member holds a digit of D. The unit holds
// each digit once, so each member holds exactly one digit of D and D is
// entirely in the members: D leaves the unit's other cells, and a cage's
// combinations with two digits of D go.
//
// Hidden: k digits D of a unit whose every place lies in k members, at
// least one a cage, none of which can hold two digits of D. Each digit of
// D is somewhere in the members, so each member holds exactly one: a
// cage's combinations without a digit of D go, and a cell keeps only D.
//
// It is local (Strategy.Local): a unit's members and their fillings
// stand on its cells alone, so a unit is looked at again only when one of
// its cells changed since the pass last found nothing.
func KillerSubsets() *Strategy { return killerSubsets }

var (
	nakedKillerPair    = &Technique{name: "Naked Killer Pair", level: Hard, score: 70, se: 38}
	nakedKillerTriple  = &Technique{name: "Naked Killer Triple", level: Hard, score: 90, se: 44}
	hiddenKillerPair   = &Technique{name: "Hidden Killer Pair", level: Hard, score: 80, se: 40}
	hiddenKillerTriple = &Technique{name: "Hidden Killer Triple", level: Hard, score: 100, se: 46}
)

// maxMemberCombos bounds the combinations listed for one cage member; a
// cage with more is left out (it constrains little anyway).
const maxMemberCombos = 256

// killerMember is a cell or the empty cells of a whole cage inside a
// unit, with the digit combinations they can take.
type killerMember struct {
	cage   int // the cage, or -1 for a single cell
	cells  []int
	combos []grid.Digits
	cand   grid.Digits // the candidates of its cells
}

func findKillerSubsets(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if !isKiller(l) {
		return
	}
	var members []killerMember
	for u := range l.Units() {
		if l.Unit(u).Partial || !sink.through(l.Unit(u).Cells) {
			continue
		}
		members = killerMembers(b, u, members[:0])
		cages := 0
		for i := range members {
			if members[i].cage >= 0 {
				cages++
			}
		}
		if cages == 0 {
			continue
		}
		for k := 2; k <= 3; k++ {
			if sink.Form.Size() != 0 && sink.Form.Size() != k {
				continue
			}
			if findNakedKiller(b, sink, u, members, k) && sink.Done() {
				return
			}
			if findHiddenKiller(b, sink, u, members, k) && sink.Done() {
				return
			}
		}
	}
}

// killerMembers lists the members of unit u: the empty cells of each
// whole cage inside it with two or more of them, and every other empty
// cell.
func killerMembers(b *grid.Board, u int, members []killerMember) []killerMember {
	l := b.Layout()
	cells := l.Unit(u).Cells
	for _, c := range cells {
		if b.Value(c) != 0 {
			continue
		}
		k := l.CellCage(c)
		if k >= 0 && unitHoldsAll(l, u, l.Cage(k).Cells) {
			if c != firstEmpty(b, l.Cage(k).Cells) {
				continue // the cage's member is listed at its first empty cell
			}
			var m killerMember
			m.cage = k
			target := l.Cage(k).Target
			var placed grid.Digits
			for _, x := range l.Cage(k).Cells {
				if v := b.Value(x); v != 0 {
					target -= int(v)
					placed |= grid.Bit(int(v))
				} else {
					m.cells = append(m.cells, x)
					m.cand |= b.Cands(x)
				}
			}
			if len(m.cells) >= 2 {
				m.combos = cageCombos(b, m.cells, target, m.cand&^placed)
				if len(m.combos) > 0 && len(m.combos) <= maxMemberCombos {
					members = append(members, m)
					continue
				}
			}
			// Too small or too loose a cage: its cells count one by one.
			for _, x := range m.cells {
				members = append(members, cellMember(b, x))
			}
			continue
		}
		members = append(members, cellMember(b, c))
	}
	return members
}

// firstEmpty returns the first empty cell of cells, or -1.
func firstEmpty(b *grid.Board, cells []int) int {
	for _, c := range cells {
		if b.Value(c) == 0 {
			return c
		}
	}
	return -1
}

// cellMember returns the member of a single empty cell: one combination a
// candidate.
func cellMember(b *grid.Board, c int) killerMember {
	m := killerMember{cage: -1, cells: []int{c}, cand: b.Cands(c)}
	for ds := b.Cands(c); ds != 0; ds &= ds - 1 {
		m.combos = append(m.combos, ds&-ds)
	}
	return m
}

// cageCombos returns the sets of len(cells) distinct digits of allowed
// that sum to target and that the cells can take, each a candidate of its
// own; nil past maxMemberCombos.
func cageCombos(b *grid.Board, cells []int, target int, allowed grid.Digits) []grid.Digits {
	var out []grid.Digits
	var cand [grid.MaxGroupCells]grid.Digits
	n := 0
	for _, c := range cells {
		if n == len(cand) {
			return nil
		}
		cand[n] = b.Cands(c)
		n++
	}
	var walk func(from, left, sum int, set grid.Digits) bool
	walk = func(from, left, sum int, set grid.Digits) bool {
		if left == 0 {
			if sum == target && grid.Matchable(cand[:n], set) {
				out = append(out, set)
				return len(out) <= maxMemberCombos
			}
			return true
		}
		for d := from; d <= b.Layout().N; d++ {
			if !allowed.Has(d) || sum+d > target {
				continue
			}
			if !walk(d+1, left-1, sum+d, set|grid.Bit(d)) {
				return false
			}
		}
		return true
	}
	if !walk(1, n, 0, 0) {
		return nil
	}
	return out
}

// findNakedKiller reports the naked killer subsets of k members of unit u.
func findNakedKiller(b *grid.Board, sink *Sink, u int, members []killerMember, k int) bool {
	found := false
	var pick [3]int
	var visit func(start, depth int) bool
	visit = func(start, depth int) bool {
		if depth == k {
			if s := nakedKillerStep(b, sink, u, members, pick[:k]); s {
				found = true
				return !sink.Done()
			}
			return true
		}
		for i := start; i < len(members); i++ {
			pick[depth] = i
			if !visit(i+1, depth+1) {
				return false
			}
		}
		return true
	}
	visit(0, 0)
	return found
}

// nakedKillerStep reports the step of the members picked, if they make a
// naked killer subset with eliminations.
func nakedKillerStep(b *grid.Board, sink *Sink, u int, members []killerMember, pick []int) bool {
	k := len(pick)
	var union grid.Digits
	cage := false
	for _, i := range pick {
		union |= members[i].cand
		cage = cage || members[i].cage >= 0
	}
	if !cage {
		return false // a plain naked subset
	}
	for _, i := range pick {
		if members[i].cage < 0 && members[i].cand.Count() > k {
			return false // a cell of more than k candidates holds none of some k
		}
	}
	for d := subsetsOf(union, k); d.next(); {
		set := d.cur
		ok := true
		for _, i := range pick {
			for _, c := range members[i].combos {
				if c&set == 0 {
					ok = false
					break
				}
			}
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		var elims []CellDigit
		in := map[int]bool{}
		for _, i := range pick {
			for _, c := range members[i].cells {
				in[c] = true
			}
		}
		for _, c := range b.Layout().Unit(u).Cells {
			if !in[c] {
				for ds := b.Cands(c) & set; ds != 0; ds &= ds - 1 {
					elims = append(elims, CellDigit{c, bits.TrailingZeros32(uint32(ds)) + 1})
				}
			}
		}
		// Each member holds exactly one digit of the set.
		for _, i := range pick {
			elims = append(elims, memberPrune(b, &members[i], func(c grid.Digits) bool { return (c & set).Count() == 1 })...)
		}
		if len(elims) > 0 {
			addKillerStep(b, sink, nakedKillerPair, nakedKillerTriple, set, u, members, pick, elims)
			return true
		}
	}
	return false
}

// findHiddenKiller reports the hidden killer subsets of k digits of unit
// u.
func findHiddenKiller(b *grid.Board, sink *Sink, u int, members []killerMember, k int) bool {
	l := b.Layout()
	var placed grid.Digits
	for _, c := range l.Unit(u).Cells {
		if v := b.Value(c); v != 0 {
			placed |= grid.Bit(int(v))
		}
	}
	found := false
	pick := make([]int, 0, 3)
	for d := subsetsOf(grid.AllDigits(l.N)&^placed, k); d.next(); {
		set := d.cur
		pick = pick[:0]
		cage := false
		for i := range members {
			if members[i].cand&set != 0 {
				pick = append(pick, i)
				cage = cage || members[i].cage >= 0
			}
			if len(pick) > k {
				break
			}
		}
		if len(pick) != k || !cage {
			continue
		}
		ok := true
		for _, i := range pick {
			for _, c := range members[i].combos {
				if (c & set).Count() > 1 {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		var elims []CellDigit
		for _, i := range pick {
			elims = append(elims, memberPrune(b, &members[i], func(c grid.Digits) bool { return c&set != 0 })...)
		}
		if len(elims) > 0 {
			addKillerStep(b, sink, hiddenKillerPair, hiddenKillerTriple, set, u, members, pick, elims)
			found = true
			if sink.Done() {
				return true
			}
		}
	}
	return found
}

// memberPrune returns the candidates of m's cells that no combination
// keeping keeps puts there.
func memberPrune(b *grid.Board, m *killerMember, keep func(grid.Digits) bool) []CellDigit {
	var left grid.Digits
	for _, c := range m.combos {
		if keep(c) {
			left |= c
		}
	}
	var out []CellDigit
	for _, c := range m.cells {
		for ds := b.Cands(c) &^ left; ds != 0; ds &= ds - 1 {
			out = append(out, CellDigit{c, bits.TrailingZeros32(uint32(ds)) + 1})
		}
	}
	return out
}

// addKillerStep adds the step of a killer subset on the digits set in
// unit u, of the members picked.
func addKillerStep(b *grid.Board, sink *Sink, pair, triple *Technique, set grid.Digits, u int, members []killerMember, pick []int, elims []CellDigit) {
	s := sink.Add()
	s.Technique = pair
	if len(pick) == 3 {
		s.Technique = triple
	}
	s.Digits = set
	s.Units = append(s.Units, u)
	for _, i := range pick {
		m := &members[i]
		s.Cells = append(s.Cells, m.cells...)
		if m.cage >= 0 {
			s.Cages = append(s.Cages, m.cage)
		}
	}
	for _, c := range s.Cells {
		for ds := b.Cands(c) & set; ds != 0; ds &= ds - 1 {
			s.Marks = append(s.Marks, Mark{Cell: c, Digit: bits.TrailingZeros32(uint32(ds)) + 1, Role: RolePattern})
		}
	}
	s.Eliminations = append(s.Eliminations, elims...)
	patSortElims(s)
	for _, e := range s.Eliminations {
		s.Marks = append(s.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget})
	}
}

// digitSubsets enumerates the subsets of k digits of a set.
type digitSubsets struct {
	of   []int
	idx  []int
	cur  grid.Digits
	done bool
	fst  bool
}

// subsetsOf returns an enumeration of the k-digit subsets of set.
func subsetsOf(set grid.Digits, k int) *digitSubsets {
	e := &digitSubsets{fst: true}
	for ds := set; ds != 0; ds &= ds - 1 {
		e.of = append(e.of, bits.TrailingZeros32(uint32(ds))+1)
	}
	if k > len(e.of) {
		e.done = true
	}
	for i := range k {
		e.idx = append(e.idx, i)
	}
	return e
}

// next moves to the next subset; false when there is none.
func (e *digitSubsets) next() bool {
	if e.done {
		return false
	}
	if !e.fst {
		k, n := len(e.idx), len(e.of)
		i := k - 1
		for i >= 0 && e.idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			e.done = true
			return false
		}
		e.idx[i]++
		for j := i + 1; j < k; j++ {
			e.idx[j] = e.idx[j-1] + 1
		}
	}
	e.fst = false
	e.cur = 0
	for _, i := range e.idx {
		e.cur |= grid.Bit(e.of[i])
	}
	return true
}

// explainKillerSubset renders a killer subset, e.g. "Naked Killer Pair
// 1/2 in column 6: r3c6, cage 6+ at r7c6 each hold one of 1/2: remove
// r4c6-1, r4c6-2".
func explainKillerSubset(s *Step, n grid.Notation) string {
	l := n.Layout
	var parts []string
	seen := map[int]bool{}
	for _, c := range s.Cells {
		k := l.CellCage(c)
		if k >= 0 && containsCage(s.Cages, k) {
			if !seen[k] {
				seen[k] = true
				parts = append(parts, cageName(n, k))
			}
			continue
		}
		// "cell": a cell beside a cage is not a cage of the same total
		// that starts there.
		parts = append(parts, "cell "+n.CellName(c))
	}
	digits := n.DigitList(s.Digits, "/")
	how := "each hold one of " + digits
	if s.Technique == hiddenKillerPair || s.Technique == hiddenKillerTriple {
		how = "hold every place of " + digits + " and none can hold two of them, so each holds one"
	}
	return fmt.Sprintf("%s %s in %s: %s %s: remove %s", s.Name(), digits, l.Unit(s.Units[0]).Name(), andList(parts), how, effects(n, s.Eliminations))
}

// andList joins words as a list: "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func containsCage(cages []int, k int) bool {
	for _, c := range cages {
		if c == k {
			return true
		}
	}
	return false
}

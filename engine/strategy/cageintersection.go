package strategy

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

var cageIntersectionStrategy = local(newStrategy(Elimination, cageIntersection, findCageIntersection, explainCageIntersection))

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
	for i := range vcs {
		v := &vcs[i]
		if !loadVirtual(b, v, &g) {
			continue
		}
		// Changed cells matter in the virtual cage or in the cages it
		// meets.
		changed := sink.through(v.cells)
		seen := map[int]bool{}
		for _, c := range g.Cells() {
			kc := l.CellCage(c)
			if kc < 0 || seen[kc] {
				continue
			}
			seen[kc] = true
			if !changed && !sink.through(l.Cage(kc).Cells) || !k.LoadCage(l, kc) {
				continue
			}
			var open []int
			target := k.Target
			for _, x := range k.Cells() {
				if d := b.Value(x); d != 0 {
					target -= int(d)
				} else {
					open = append(open, x)
				}
			}
			if subset(open, g.Cells()) || subset(g.Cells(), open) {
				continue
			}
			cells, support, ok := jointFill(b, g.Cells(), open, g.Target, target)
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

// jointSearch enumerates the fillings of the cells of two overlapping
// groups of known sums at once: digits from the cells' candidates,
// distinct between cells that see each other, each group meeting its sum.
type jointSearch struct {
	b       *grid.Board
	cells   []int
	in      [][2]bool // in[i]: cell i belongs to group 0, group 1
	target  [2]int
	sees    []uint32
	digit   []int
	minLeft [][2]int // min and max sums of cells i.. per group
	maxLeft [][2]int
	support []grid.Digits
	nodes   int
	found   int
	aborted bool
}

// maxJointNodes bounds one joint enumeration.
const maxJointNodes = 50_000

// jointFill returns, for each cell of the union of groups a and b (open
// cells, sums left to them), the digits some joint filling puts there;
// ok is false when the enumeration was cut short or found none.
func jointFill(b *grid.Board, a, c []int, ta, tc int) (cells []int, support []grid.Digits, ok bool) {
	s := jointSearch{b: b, target: [2]int{ta, tc}}
	for _, x := range a {
		s.cells = append(s.cells, x)
		s.in = append(s.in, [2]bool{true, slices.Contains(c, x)})
	}
	for _, x := range c {
		if !slices.Contains(a, x) {
			s.cells = append(s.cells, x)
			s.in = append(s.in, [2]bool{false, true})
		}
	}
	n := len(s.cells)
	if n > 32 {
		return nil, nil, false
	}
	s.sees = make([]uint32, n)
	s.digit = make([]int, n)
	s.support = make([]grid.Digits, n)
	s.minLeft = make([][2]int, n+1)
	s.maxLeft = make([][2]int, n+1)
	for i := n - 1; i >= 0; i-- {
		for j := 0; j < i; j++ {
			if b.Layout().Sees(s.cells[i], s.cells[j]) {
				s.sees[i] |= 1 << j
			}
		}
		cand := b.Cands(s.cells[i])
		s.minLeft[i], s.maxLeft[i] = s.minLeft[i+1], s.maxLeft[i+1]
		for g := 0; g < 2; g++ {
			if s.in[i][g] {
				s.minLeft[i][g] += cand.Min()
				s.maxLeft[i][g] += cand.Max()
			}
		}
	}
	s.walk(0, [2]int{})
	if s.aborted || s.found == 0 {
		return nil, nil, false
	}
	return s.cells, s.support, true
}

func (s *jointSearch) walk(i int, sum [2]int) {
	if s.aborted {
		return
	}
	if s.nodes++; s.nodes > maxJointNodes {
		s.aborted = true
		return
	}
	if i == len(s.cells) {
		if sum != s.target {
			return
		}
		s.found++
		for j, d := range s.digit {
			s.support[j] |= grid.Bit(d)
		}
		return
	}
	var taken grid.Digits
	for m := s.sees[i]; m != 0; m &= m - 1 {
		taken |= grid.Bit(s.digit[bits.TrailingZeros32(m)])
	}
next:
	for ds := s.b.Cands(s.cells[i]) &^ taken; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		next := sum
		for g := 0; g < 2; g++ {
			if s.in[i][g] {
				next[g] += d
				if next[g]+s.minLeft[i+1][g] > s.target[g] || next[g]+s.maxLeft[i+1][g] < s.target[g] {
					continue next
				}
			}
		}
		s.digit[i] = d
		s.walk(i+1, next)
	}
}

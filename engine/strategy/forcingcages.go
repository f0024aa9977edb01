package strategy

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// Cage forcing nets: on a killer, one of a cage's remaining combinations
// (the sets of digits its fillings use) holds, and each rules out every
// other digit in the cage's cells. A net from each combination in turn
// (its cage's cells' other candidates false) that reaches the same
// conclusion proves it, as HoDoKu's unit forcing chains do from each place
// of a digit in a unit, but branching on combinations: "each remaining
// combination of cage 17+ at r1c1 leads to r4c5<>7".
var cageForcingNet = &Technique{name: "Cage Forcing Net", level: Extreme, score: 700, se: 85, seChain: true}

// maxCageBranches bounds the combinations a cage forcing net branches on:
// with more, a common conclusion is rare and the step long to follow.
const maxCageBranches = 5

// cageVerity reports what every remaining combination of a killer cage
// implies. A branch's length is its conclusion's depth plus one for the
// combination's own node, as the step draws it.
func (f *forcing) cageVerity() {
	if !f.rules || !isKiller(f.l) {
		return
	}
	w := f.words
	for k := range f.l.Cages() {
		if f.spent() {
			return
		}
		f.combos = f.verityCombosOf(k)
		nb := int32(len(f.combos))
		if nb < 2 || nb > maxCageBranches || !f.all && f.best.cost > 0 && nb >= f.best.cost {
			continue
		}
		// To beat the best step, a branch may be at most as deep as the
		// best's cost less one for each branch's combination node and one
		// for each other branch's conclusion.
		limit := f.limit
		if !f.all && f.best.cost > 0 {
			if limit = min(limit, f.best.cost-nb-1); limit < 1 {
				continue
			}
		}
		saved := f.limit
		f.limit = limit
		ok := f.cageBranches(k)
		f.limit = saved
		if !ok {
			continue
		}
		for j, word := range f.acc {
			for ; word != 0; word &= word - 1 {
				lit := int32((j%w)*64+bits.TrailingZeros64(word)) << 1
				if j < w {
					lit |= 1
				}
				// A conclusion every combination assumes is the cage's
				// combinations alone (Cage Combinations), no net.
				if cost := f.costs[lit]; cost > nb {
					f.consider(formCage, int32(k), lit, cost, limit)
				}
			}
		}
	}
}

// verityCombo is a cage's combinations for some options of its cells on
// the board (a placed cell's digit, an open cell's candidates): the
// combinations depend on nothing else.
type verityCombo struct {
	kept   bool
	opts   [grid.MaxGroupCells]grid.Digits
	n      int8 // the combinations, or -1: fewer than two or more than maxCageBranches
	combos [maxCageBranches]grid.Digits
}

// verityCombosOf returns, in f.combos, the combinations of cage k on the
// board when a cage forcing net branches on them (two to
// maxCageBranches), else none: fillingCombos', kept from an earlier
// search when the options of the cage's cells on the board are the same.
// From one step to the next few cages change, and the searches that find
// no step are as many as those that do.
func (f *forcing) verityCombosOf(k int) []grid.Digits {
	cells := f.l.Cage(k).Cells
	if len(cells) > grid.MaxGroupCells {
		return f.combos[:0] // fillingCombos lists none
	}
	if len(f.verityCombos) != len(f.l.Cages()) {
		f.verityCombos = make([]verityCombo, len(f.l.Cages()))
	}
	var opts [grid.MaxGroupCells]grid.Digits
	for i, c := range cells {
		opts[i] = f.b.Cands(c)
		if v := f.b.Value(c); v != 0 {
			opts[i] = grid.Bit(int(v))
		}
	}
	kc := &f.verityCombos[k]
	if !kc.kept || kc.opts != opts {
		f.combos = fillingCombos(f.b, k, nil, f.combos[:0])
		kc.kept, kc.opts, kc.n = true, opts, -1
		if len(f.combos) >= 2 && len(f.combos) <= maxCageBranches {
			kc.n = int8(copy(kc.combos[:], f.combos))
		}
	}
	return append(f.combos[:0], kc.combos[:max(kc.n, 0)]...)
}

// cageBranches leaves in f.acc what the closures of every combination in
// f.combos of cage k imply, and in f.costs (by literal) the sum of their
// lengths; false when a combination rules nothing out, leads to a
// contradiction (the plain nets' business) or nothing is common.
func (f *forcing) cageBranches(k int) bool {
	w := f.words
	acc := f.acc
	for i, combo := range f.combos {
		premises := f.cagePremises(k, combo)
		if len(premises) == 0 || f.close(&f.c, premises...) {
			return false
		}
		any := uint64(0)
		for j := 0; j < w; j++ {
			on, off := f.c.on[j], f.c.off[j]
			if i > 0 {
				on &= acc[j]
				off &= acc[w+j]
			}
			acc[j], acc[w+j] = on, off
			any |= on | off
		}
		if any == 0 {
			return false
		}
		for j, word := range acc {
			for ; word != 0; word &= word - 1 {
				lit := int32((j%w)*64+bits.TrailingZeros64(word)) << 1
				if j < w {
					lit |= 1
				}
				if i == 0 {
					f.costs[lit] = 0
				}
				f.costs[lit] += f.c.depth[lit] + 1
			}
		}
	}
	return true
}

// cagePremises returns, in f.premises, the premises of combination combo
// of cage k: every other candidate of its open cells, false.
func (f *forcing) cagePremises(k int, combo grid.Digits) []int32 {
	list := f.premises[:0]
	for _, c := range f.l.Cage(k).Cells {
		for ds := f.b.Cands(c) &^ combo; ds != 0; ds &= ds - 1 {
			list = append(list, f.cand(c, bits.TrailingZeros32(uint32(ds)))<<1)
		}
	}
	f.premises = list
	return list
}

// reportCage draws a cage forcing net on s: for each combination of cage
// k, a CageNode keeping it, linked to the premises its branch uses, and the
// branch's implications leading to concl. It reports whether every
// branch reached concl (see forcing.branch; a branch that did not is left
// out, and its combination with it).
func (f *forcing) reportCage(s *Step, im *implications, k int, concl int32) bool {
	drawn := true
	f.noteRule(s, k)
	for _, c := range f.l.Cage(k).Cells {
		if f.b.Value(c) == 0 {
			s.Cells = append(s.Cells, c)
		}
	}
	combos := fillingCombos(f.b, k, nil, nil)
	for _, combo := range combos {
		premises := f.cagePremises(k, combo)
		f.close(im, premises...)
		if !f.branch(s, im, concl, false) { // its explanation words no contradiction
			drawn = false
			continue
		}
		i := len(f.ruleNodes)
		f.ruleNodes = append(f.ruleNodes[:i], Node{Kind: CageNode, Cage: k, Cells: slices.Clone(f.l.Cage(k).Cells), Combos: []grid.Digits{combo}})
		for _, p := range f.cagePremises(k, combo) {
			if f.mark[p] == f.gen {
				s.Links = append(s.Links, Link{From: -1 - i, To: int(f.nodeOf[p]), Kind: Weak})
			}
		}
	}
	return drawn
}

// explainCageForcing explains a cage forcing net, e.g. "Cage Forcing Net:
// each remaining combination of cage 17+ at r1c1 leads to r4c5<>7: {1,7,9}
// => r4c5<>7, {2,6,9} => r4c5<>7; so r4c5<>7"; roots are its combination
// nodes.
func explainCageForcing(s *Step, n grid.Notation, concl string, roots []int) string {
	var sb strings.Builder
	name := "a cage"
	if len(s.Cages) > 0 {
		name = cageName(n, s.Cages[0])
	}
	fmt.Fprintf(&sb, "%s: each remaining combination of %s leads to %s: ", s.Name(), name, concl)
	for i, r := range roots {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s => %s", nodeCombos(n, &s.Nodes[r]), concl)
	}
	sb.WriteString("; so ")
	sb.WriteString(concl)
	// The rules the branches followed, but the combinations they start
	// from, already named.
	rest := *s
	rest.Cages = s.Cages[min(1, len(s.Cages)):]
	if rules := forcingRules(&rest, n); rules != "" {
		sb.WriteString(" (by ")
		sb.WriteString(rules)
		sb.WriteString(")")
	}
	return sb.String()
}

package search

import (
	"fmt"

	"github.com/sudokuwise/solver/engine/grid"

	"github.com/sudokuwise/solver/engine/search/internal/sat"
)

// ordered is an integer in [lo, hi] in the order encoding: ge[v-lo-1] is
// the literal "at least v" for v in lo+1..hi.
type ordered struct {
	lo, hi int
	ge     []sat.Lit
}

// litTrue and litFalse stand for constant literals while clauses are
// built (see cnf.clause).
const (
	litTrue  sat.Lit = -1
	litFalse sat.Lit = -2
)

// atLeast returns the literal "x ≥ v", or litTrue / litFalse.
func (x *ordered) atLeast(v int) sat.Lit {
	switch {
	case v <= x.lo:
		return litTrue
	case v > x.hi:
		return litFalse
	}
	return x.ge[v-x.lo-1]
}

// not negates a literal that may be constant.
func not(l sat.Lit) sat.Lit {
	switch l {
	case litTrue:
		return litFalse
	case litFalse:
		return litTrue
	}
	return l.Not()
}

// clause adds the clause of lits, dropping false ones, unless one is
// true.
func (e *cnf) clause(lits ...sat.Lit) {
	out := make([]sat.Lit, 0, len(lits))
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		out = append(out, l)
	}
	if len(out) == 1 {
		e.units = append(e.units, out[0])
		return
	}
	e.clauses = append(e.clauses, out)
}

// cellValue returns the digit of cell (1..n) in the order encoding, made
// once per cell from its digit variables cell·n + d, or its complement
// n+1 minus the digit when neg is set.
func (e *cnf) cellValue(n int, cell int32, neg bool) ordered {
	if e.ge == nil {
		e.ge = map[int32][]sat.Lit{}
	}
	ge, ok := e.ge[cell]
	if !ok {
		// ge[v-2] is "digit ≥ v": some digit from v up; it implies the
		// one below, and a digit below v rules it out.
		ge = make([]sat.Lit, n-1)
		for v := 2; v <= n; v++ {
			ge[v-2] = sat.Pos(int(e.newVar()))
		}
		for v := 2; v <= n; v++ {
			g := ge[v-2]
			some := []sat.Lit{g.Not()}
			for d := v; d <= n; d++ {
				x := sat.Pos(int(cell)*n + d - 1)
				some = append(some, x)
				e.clause(x.Not(), g)
			}
			e.clause(some...)
			if v > 2 {
				e.clause(g.Not(), ge[v-3])
			}
		}
		e.ge[cell] = ge
	}
	if !neg {
		return ordered{lo: 1, hi: n, ge: ge}
	}
	// n+1−x ≥ v ⇔ x ≤ n+1−v ⇔ ¬(x ≥ n+2−v).
	c := make([]sat.Lit, n-1)
	for v := 2; v <= n; v++ {
		c[v-2] = ge[n+2-v-2].Not()
	}
	return ordered{lo: 1, hi: n, ge: c}
}

// add returns a + b in the order encoding, with the clauses that bind it
// both ways (a totalizer's node).
func (e *cnf) add(a, b ordered) ordered {
	c := ordered{lo: a.lo + b.lo, hi: a.hi + b.hi}
	c.ge = make([]sat.Lit, c.hi-c.lo)
	for i := range c.ge {
		c.ge[i] = sat.Pos(int(e.newVar()))
	}
	for x := a.lo; x <= a.hi; x++ {
		for y := b.lo; y <= b.hi; y++ {
			// a ≥ x and b ≥ y: c ≥ x+y.
			e.clause(not(a.atLeast(x)), not(b.atLeast(y)), c.atLeast(x+y))
			// a < x+1 and b < y+1: c < x+y+1.
			e.clause(a.atLeast(x+1), b.atLeast(y+1), not(c.atLeast(x+y+1)))
		}
	}
	return c
}

// sum encodes Σ terms = target over cells (each taken as n+1 minus its
// digit where neg is set, the target moved to match) by a balanced tree
// of totalizer nodes in the order encoding, which unit propagation
// prunes by bounds.
func (e *cnf) sum(n int, cells []int32, neg []bool, target int) {
	terms := make([]ordered, len(cells))
	for i, c := range cells {
		ng := neg != nil && neg[i]
		terms[i] = e.cellValue(n, c, ng)
		if ng {
			target += n + 1
		}
	}
	t := e.tree(terms)
	e.clause(t.atLeast(target))
	e.clause(not(t.atLeast(target + 1)))
}

// sumOf returns the sum of cells' digits in the order encoding, built
// once per set of cells (in the order given).
func (e *cnf) sumOf(n int, cells []int32) ordered {
	key := fmt.Sprint(cells)
	if s, ok := e.sums[key]; ok {
		return s
	}
	terms := make([]ordered, len(cells))
	for i, c := range cells {
		terms[i] = e.cellValue(n, c, false)
	}
	s := e.tree(terms)
	if e.sums == nil {
		e.sums = map[string]ordered{}
	}
	e.sums[key] = s
	return s
}

// tree adds up terms by a balanced tree of totalizer nodes.
func (e *cnf) tree(terms []ordered) ordered {
	for len(terms) > 1 {
		next := terms[:0:0]
		for i := 0; i+1 < len(terms); i += 2 {
			next = append(next, e.add(terms[i], terms[i+1]))
		}
		if len(terms)%2 == 1 {
			next = append(next, terms[len(terms)-1])
		}
		terms = next
	}
	return terms[0]
}

// equalTo fixes x = v.
func (e *cnf) equalTo(x ordered, v int) {
	e.clause(x.atLeast(v))
	e.clause(not(x.atLeast(v + 1)))
}

// complement binds a + b = t: a ≥ v exactly when b ≤ t−v.
func (e *cnf) complement(a, b ordered, t int) {
	for v := a.lo; v <= a.hi+1; v++ {
		x, y := a.atLeast(v), b.atLeast(t-v+1)
		e.clause(not(x), not(y))
		e.clause(x, y)
	}
}

// regions encodes the 45 rule over the regions of model m (units, bands
// and blocks of boxes; see model.eachRegion) of at most maxCells cells:
// each sum cage's digits inside a region and outside it as sums in the
// order encoding, adding up to its target, and the parts inside adding
// up to the region's total less the cages wholly inside.
func (e *cnf) regions(m *model, maxCells int) {
	l := m.l
	n := l.N
	total := n * (n + 1) / 2
	in := make([]bool, l.Cells)
	m.eachRegion(func(region []int) {
		if len(region) > maxCells {
			return
		}
		for _, c := range region {
			in[c] = true
		}
		defer func() {
			for _, c := range region {
				in[c] = false
			}
		}()
		rest := total * len(region) / n
		var parts []ordered
		met := map[int]bool{}
		for _, c := range region {
			k := l.CellCage(c)
			if k < 0 || met[k] {
				continue
			}
			met[k] = true
			cg := l.Cage(k)
			if cg.Op != grid.OpAdd && cg.Op != grid.OpNone {
				// Not a sum: its cells count one by one.
				for _, cc := range cg.Cells {
					if in[cc] {
						parts = append(parts, e.cellValue(n, int32(cc), false))
					}
				}
				continue
			}
			var inside, outside []int32
			for _, cc := range cg.Cells {
				if in[cc] {
					inside = append(inside, int32(cc))
				} else {
					outside = append(outside, int32(cc))
				}
			}
			if len(outside) == 0 {
				rest -= cg.Target
				continue
			}
			a, b := e.sumOf(n, inside), e.sumOf(n, outside)
			e.complement(a, b, cg.Target)
			parts = append(parts, a)
		}
		for _, c := range region {
			if l.CellCage(c) < 0 {
				parts = append(parts, e.cellValue(n, int32(c), false))
			}
		}
		if len(parts) > 0 {
			e.equalTo(e.tree(parts), rest)
		}
	})
}

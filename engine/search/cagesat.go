package search

import (
	"context"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/internal/sat"
)

// cageLearnSuits reports whether clause learning can take boards of model
// m's layout with their cages (see newCageSAT): a board with cages, every
// unit holding each digit once, and every cage a table of sets or
// fillings that the encoding states exactly.
func cageLearnSuits(m *model) bool {
	l := m.l
	if len(l.Cages()) == 0 || len(l.BareCages()) > 0 || l.BlackCells() != nil || l.Variant.IsStr8ts() {
		return false // the encoding has no cages without a total
	}
	for _, u := range l.Units() {
		if u.Partial || len(u.Cells) != l.N {
			return false
		}
	}
	for i := range m.cons {
		c := &m.cons[i]
		if c.cage >= 0 && c.kind != conCombos && c.kind != conTuples {
			return false
		}
	}
	return true
}

// cnf collects the variables, groups and clauses of an encoding before
// the solver is made (sat.New needs the number of variables first).
type cnf struct {
	vars    int
	groups  [][]int32
	clauses [][]sat.Lit
	units   []sat.Lit
	// ge holds each cell's digit in the order encoding (see cellValue).
	ge map[int32][]sat.Lit
	// sums holds the sums of sets of cells (see sumOf).
	sums map[string]ordered
}

func (e *cnf) newVar() int32 {
	e.vars++
	return int32(e.vars - 1)
}

// newCageSAT encodes the rules of model m's layout for the clause-learning
// solver. Variable cell·N + d is digit d+1 in the cell, as in newSAT: each
// cell takes one digit and each unit each digit once. Each table of sets
// (a cage of distinct digits, or a sum derived from units and cages whose
// cells see each other) gets a variable per set, exactly one of them true,
// and per digit d of its sets a variable "d is absent", which with the
// cells' variables of d makes a group: d is absent or in exactly one of
// the cells. A set chosen makes its digits present; a digit present
// chooses a set holding it, so a digit of no set chosen is absent. Each
// table of fillings (a KenKen cage) gets a variable per filling, exactly
// one true, each implying its digits, and each digit in a cell implying a
// filling with it there. The derived sums that are no table (cells that
// need not differ, or outies taken negatively) are left out: the rules
// imply them.
func newCageSAT(m *model) *sat.Solver {
	return newCageSATWith(m, cageEncoding{})
}

// cageEncoding chooses the parts of the cage encoding (see newCageSAT);
// the zero value is newCageSAT's. The other parts were measured against
// it with CaDiCaL and with this solver, and none paid (see docs/search.md,
// session 14); the tests keep them sound.
type cageEncoding struct {
	// sums encodes the derived sums that are no table (conSum) in the
	// order encoding (see cnf.sum).
	sums bool
	// tableSums encodes the sum of every table of sets in the order
	// encoding too.
	tableSums bool
	// noSets leaves out the variables of the sets (with tableSums, the
	// tables are their sums and the units' distinct digits alone).
	noSets bool
	// fillCells encodes each table of sets of up to that many cells by
	// its fillings too: every order of every set (see cnf.tuples), which
	// makes unit propagation arc-consistent on the table alone.
	fillCells int
	// regionCells encodes the 45 rule over regions of up to that many
	// cells (see cnf.regions).
	regionCells int
}

// newCageSATWith is newCageSAT with the parts enc chooses.
func newCageSATWith(m *model, enc cageEncoding) *sat.Solver {
	l := m.l
	n := l.N
	e := &cnf{vars: l.Cells * n}
	for cell := range l.Cells {
		g := make([]int32, n)
		for d := range n {
			g[d] = int32(cell*n + d)
		}
		e.groups = append(e.groups, g)
	}
	for _, u := range l.Units() {
		for d := range n {
			g := make([]int32, len(u.Cells))
			for i, cell := range u.Cells {
				g[i] = int32(cell*n + d)
			}
			e.groups = append(e.groups, g)
		}
	}
	for i := range m.cons {
		c := &m.cons[i]
		cells := m.cells[c.start:c.end]
		switch c.kind {
		case conCombos:
			if !enc.noSets {
				e.combos(n, cells, c.combos)
			}
			if len(cells) <= enc.fillCells {
				e.tuples(n, cells, permutations(c.combos, len(cells)))
			}
			if enc.tableSums {
				e.sum(n, cells, nil, digitSum(c.combos[0]))
			}
		case conTuples:
			e.tuples(n, cells, c.tuples)
		case conSum:
			if enc.sums {
				e.sum(n, cells, m.neg[c.start:c.end], int(c.target))
			}
		}
	}
	if enc.regionCells > 0 {
		e.regions(m, enc.regionCells)
	}
	return e.solver()
}

// solver returns a solver built with the groups, clauses and units of e.
func (e *cnf) solver() *sat.Solver {
	s := sat.New(e.vars)
	for _, g := range e.groups {
		s.AddGroup(g)
	}
	for _, cl := range e.clauses {
		s.AddClause(cl)
	}
	for _, u := range e.units {
		s.Fix(u)
	}
	return s
}

// permutations returns the fillings of k cells by the sets of combos:
// every order of every set, k digits each.
func permutations(combos []grid.Digits, k int) []uint8 {
	var out []uint8
	digits := make([]uint8, 0, k)
	var perm func(i int)
	perm = func(i int) {
		if i == k {
			out = append(out, digits...)
			return
		}
		for j := i; j < k; j++ {
			digits[i], digits[j] = digits[j], digits[i]
			perm(i + 1)
			digits[i], digits[j] = digits[j], digits[i]
		}
	}
	for _, set := range combos {
		digits = digits[:0]
		for d, rest := 1, set; rest != 0; d, rest = d+1, rest>>1 {
			if rest&1 != 0 {
				digits = append(digits, uint8(d))
			}
		}
		perm(0)
	}
	return out
}

// digitSum returns the sum of the digits of set.
func digitSum(set grid.Digits) int {
	t := 0
	for d := 1; set != 0; d++ {
		if set&1 != 0 {
			t += d
		}
		set >>= 1
	}
	return t
}

// combos encodes a table of sets of distinct digits over cells.
func (e *cnf) combos(n int, cells []int32, combos []grid.Digits) {
	var union grid.Digits
	for _, set := range combos {
		union |= set
	}
	for d := range n {
		if union>>d&1 == 0 {
			for _, cell := range cells {
				e.units = append(e.units, sat.Neg(int(cell)*n+d))
			}
		}
	}
	sel := make([]int32, len(combos))
	for j := range combos {
		sel[j] = e.newVar()
	}
	e.groups = append(e.groups, sel)
	for d := range n {
		bit := grid.Digits(1) << d
		if union&bit == 0 {
			continue
		}
		absent := e.newVar()
		g := []int32{absent}
		for _, cell := range cells {
			g = append(g, cell*int32(n)+int32(d))
		}
		e.groups = append(e.groups, g)
		// absent, or one of the sets holding d.
		some := []sat.Lit{sat.Pos(int(absent))}
		for j, set := range combos {
			if set&bit != 0 {
				e.clauses = append(e.clauses, []sat.Lit{sat.Neg(int(sel[j])), sat.Neg(int(absent))})
				some = append(some, sat.Pos(int(sel[j])))
			}
		}
		e.clauses = append(e.clauses, some)
	}
}

// tuples encodes a table of fillings of cells (len(cells) digits each).
func (e *cnf) tuples(n int, cells []int32, tuples []uint8) {
	k := len(cells)
	sel := make([]int32, len(tuples)/k)
	for j := range sel {
		sel[j] = e.newVar()
	}
	e.groups = append(e.groups, sel)
	for i, cell := range cells {
		for d := range n {
			x := int(cell)*n + d
			some := []sat.Lit{sat.Neg(x)}
			for j := range sel {
				if int(tuples[j*k+i]) == d+1 {
					some = append(some, sat.Pos(int(sel[j])))
					e.clauses = append(e.clauses, []sat.Lit{sat.Neg(int(sel[j])), sat.Pos(x)})
				}
			}
			if len(some) == 1 {
				e.units = append(e.units, sat.Neg(x))
			} else {
				e.clauses = append(e.clauses, some)
			}
		}
	}
}

// cageLearntLimit is the number of learnt clauses at which the
// clause-learning solver first halves them on a board with cages. The
// default of the solver (20,000, for 25×25 boards) kept the 9×9 killers'
// long learnt clauses too long: counting to 2 lines 1–3 of
// killer9-mathemagic.txt took 61.6 s of CPU with it, 31.1 s with 2,000
// and 26.8 s with 500.
const cageLearntLimit = 1000

// cageLearnCount counts the solutions of the board in frame 0 up to
// limit with the clause-learning solver over the encoding of the model's
// tables, within budget conflicts (0: no bound), adding to res, which
// holds the solutions found so far. Frame 0 holds the board as the
// depth-first search left it: propagated, less the guesses it has
// exhausted at the root, so every solution not in res is in it. The
// heuristic starts at the cells of fewest candidates for their conflict
// weight, as the depth-first search guesses.
func (g *generic) cageLearnCount(ctx context.Context, limit int, budget int64, res Result) (Result, error) {
	f := g.frames[0]
	s := newCageSAT(g.m)
	s.SetLearntLimit(cageLearntLimit)
	fixBoard(s, g.l.N, f.value, f.cand, g.weight)
	return satCount(ctx, s, g.l, limit, budget, res)
}

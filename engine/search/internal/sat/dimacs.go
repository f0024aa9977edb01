package sat

import (
	"bufio"
	"fmt"
	"io"
)

// pairwiseUpTo is the largest group WriteDIMACS writes as clauses over
// each pair; a larger one gets a sequential counter of fresh variables.
const pairwiseUpTo = 8

// WriteDIMACS writes the problem the solver was built with as a CNF in
// DIMACS form (variable v is v+1), for comparing with other solvers: the
// literals fixed at level 0, the clauses added (not those learnt), and
// each group as one clause that a variable holds and clauses that no two
// do (pairwise for small groups, through a sequential counter of fresh
// variables numbered after Vars() for larger ones). Assumptions are not
// written: give them to the other solver as unit clauses or assumptions.
func (s *Solver) WriteDIMACS(w io.Writer) error {
	s.cancelUntil(0)
	var clauses [][]Lit
	if s.unsat {
		clauses = append(clauses, nil)
	}
	for _, l := range s.trail {
		clauses = append(clauses, []Lit{l})
	}
	for ref := 0; ref < len(s.arena); {
		n := int(s.arena[ref])
		if s.arena[ref+1]&(learntFlag|deletedFlag) == 0 {
			clauses = append(clauses, s.lits(int32(ref)))
		}
		ref += clauseHeader + n
	}
	vars := s.Vars()
	for _, g := range s.groups {
		one := make([]Lit, len(g))
		for i, v := range g {
			one[i] = Pos(int(v))
		}
		clauses = append(clauses, one)
		if len(g) <= pairwiseUpTo {
			for i := range g {
				for j := i + 1; j < len(g); j++ {
					clauses = append(clauses, []Lit{Neg(int(g[i])), Neg(int(g[j]))})
				}
			}
			continue
		}
		// Sinz's counter: fresh variable c_i holds when one of g[0..i]
		// does.
		first := vars
		vars += len(g) - 1
		for i, v := range g {
			x := Pos(int(v))
			switch {
			case i == 0:
				clauses = append(clauses, []Lit{x.Not(), Pos(first)})
			case i < len(g)-1:
				c, prev := Pos(first+i), Pos(first+i-1)
				clauses = append(clauses,
					[]Lit{x.Not(), c}, []Lit{prev.Not(), c}, []Lit{x.Not(), prev.Not()})
			default:
				clauses = append(clauses, []Lit{x.Not(), Neg(first + i - 1)})
			}
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "p cnf %d %d\n", vars, len(clauses))
	for _, c := range clauses {
		for _, l := range c {
			d := l.Var() + 1
			if !l.positive() {
				d = -d
			}
			fmt.Fprintf(bw, "%d ", d)
		}
		fmt.Fprintln(bw, "0")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write DIMACS: %w", err)
	}
	return nil
}

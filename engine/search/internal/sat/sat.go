// Package sat is a conflict-driven clause-learning (CDCL) solver for
// problems made of exactly-one groups, such as the placement of digits on a
// Sudoku board: each variable is a digit in a cell, and each cell and each
// digit of a unit is a group. The groups propagate natively (a variable set
// true sets the others of its groups false), the rest as clauses with two
// watched literals. Learning makes it far stronger than a plain
// depth-first search at proving that a large board has no other solution.
package sat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Lit is a literal: variable v is 2v, its negation 2v+1.
type Lit int32

// Pos returns the literal that variable v is true.
func Pos(v int) Lit { return Lit(2 * v) }

// Neg returns the literal that variable v is false.
func Neg(v int) Lit { return Lit(2*v + 1) }

// Var returns the variable of the literal.
func (l Lit) Var() int { return int(l >> 1) }

// Not returns the negation of the literal.
func (l Lit) Not() Lit { return l ^ 1 }

// positive reports whether the literal says its variable is true.
func (l Lit) positive() bool { return l&1 == 0 }

// Status is the outcome of Solve.
type Status uint8

// The outcomes of Solve.
const (
	// Unsat: no assignment satisfies the clauses and assumptions.
	Unsat Status = iota
	// Sat: Value holds a satisfying assignment.
	Sat
)

// ErrBudget is returned when a solve spends its conflict budget.
var ErrBudget = errors.New("conflict budget exhausted")

// Reasons of an assignment, besides a clause's index (0 or more).
const (
	noReason = -1
	// A reason r at or below amoReason is a group's. With x = amoReason
	// - r: below Vars(), x is a variable set true in a group of this one,
	// which it set false; otherwise x - Vars() is a group whose other
	// variables are all false, which set this one true.
	amoReason = -2
)

type watch struct {
	clause  int32
	blocker Lit // a literal of the clause: when true, the clause is satisfied
}

// A clause lives in the arena at its index (ref): a header of
// clauseHeader words (its size, its flags and LBD, its activity as a
// float32), then its literals. Keeping them together costs one cache miss
// a visit, not two.
const (
	clauseHeader = 3
	learntFlag   = 1
	deletedFlag  = 2
	// usedFlag marks a learnt clause that took part in a conflict's
	// analysis since the last reduceTiers.
	usedFlag = 4
	// lbdShift is the position of the LBD in a clause's flags word.
	lbdShift = 3
)

func (s *Solver) lits(ref int32) []Lit { return clauseLits(s.arena, ref) }

// clauseLits returns the literals of clause ref of arena.
func clauseLits(arena []Lit, ref int32) []Lit {
	start := ref + clauseHeader
	end := start + int32(arena[ref])
	return arena[start:end:end]
}

func (s *Solver) learntClause(ref int32) bool { return s.arena[ref+1]&learntFlag != 0 }
func (s *Solver) lbd(ref int32) int32         { return int32(s.arena[ref+1] >> lbdShift) }

func (s *Solver) clauseActivity(ref int32) float32 {
	return math.Float32frombits(uint32(s.arena[ref+2]))
}

func (s *Solver) setClauseActivity(ref int32, a float32) {
	s.arena[ref+2] = Lit(math.Float32bits(a))
}

// Solver is a CDCL solver. Build it with New, AddGroup and AddClause; Solve
// may then run many times, under different assumptions, keeping what it
// learnt, which holds whatever the assumptions.
type Solver struct {
	// MaxConflicts bounds the conflicts of one Solve; 0 means no bound.
	MaxConflicts int64
	// Conflicts counts the conflicts of the last Solve.
	Conflicts int64
	// DecideTrue has a decision set a variable true where it can: when
	// the variable picked would be set false (its saved phase), the first
	// unassigned variable of its first group whose phase is true is set
	// true instead. On a board whose first group of each variable is its
	// cell, a decision then places a digit rather than ruling one out.
	DecideTrue bool
	// LBDRestarts has Solve restart when the clauses it learns get worse
	// than usual (Glucose's policy: a fast moving average of their LBD
	// above emaMargin times a slow one) rather than on the Luby schedule
	// of lubyUnit conflicts.
	LBDRestarts bool
	// TieredReduce has the solver delete, every tierEvery conflicts (a
	// few more each time), the learnt clauses of LBD above coreLBD that
	// no conflict has used since the last time, those of LBD above
	// tier2LBD whether used or not, as CaDiCaL does; the halving of
	// reduce (see SetLearntLimit) stays as a bound. Conflicts are then
	// cheaper, the learnt clauses fewer and shorter to visit.
	TieredReduce bool

	groups [][]int32 // variables of each group
	// groupVars holds the variables of the groups added since it last
	// grew: each group's slice of it, or of an array it grew from.
	groupVars []int32
	groupsOf  [][]int32 // groups of each variable
	// flat holds groups and groupsOf in two flat arrays for propagate,
	// which reads them for every assignment: a slice header a variable
	// is a cache miss of its own on a large board. AddGroup marks it
	// stale.
	flat flatGroups
	// counts holds, for each group, the number of its variables not
	// set false and propagated (those before qhead on the trail) and
	// their xor: when one is left, it is that one. Together they are
	// one visit, not two.
	counts  []groupCount
	arena   []Lit     // the clauses (see clauseHeader)
	wasted  int       // words of the arena held by deleted clauses
	spare   []Lit     // the buffer that compact moves the clauses to
	learnts []int32   // refs of the learnt clauses
	watches [][]watch // by literal: the clauses watching it, visited when it turns false
	// watched has bit l set when watches[l] may hold a watch. Most
	// literals turned false watch nothing (on a 25×25 board, three
	// calls in five), and the bits fit in the first-level cache where
	// the slice headers do not.
	watched []uint64
	val     []int8 // by literal: 1 true, -1 false, 0 unassigned
	// vd holds each variable's level and reason side by side: an
	// assignment stores both, and analysis reads both.
	vd    []varData
	trail []Lit
	lim   []int32 // trail length at the start of each decision level
	qhead int
	unsat bool // a contradiction at level 0: no assignment at all

	activity []float64
	varInc   float64
	heap     heap
	phase    []bool // the last value of each variable (phase saving)

	claInc float32
	// conflicts counts the conflicts of every Solve, and nextTier is the
	// count at which reduceTiers next runs, the tiers-th time.
	conflicts, nextTier, tiers int64
	maxLearnts                 float64
	// arenaLimit is the size of the arena at which the learnt clauses are
	// reduced, however few (see maxArena).
	arenaLimit int
	// simplified is the number of assignments at level 0 when the
	// clauses were last rid of what level 0 decides (see simplify).
	simplified int

	seen    []bool
	learnt  []Lit
	toClear []Lit      // literals whose variables minimize marked seen
	dfs     []dfsFrame // the search of redundant
	// poisoned[v] == poison marks v found not implied by the clause
	// being minimised.
	poisoned []uint32
	poison   uint32
	conflBi  [2]Lit
	buf      []Lit   // literals of a group's reason or conflict
	levels   []int32 // scratch of analyze: levels already counted in an LBD
	stamp    int32

	// assumed holds the blocks of assumptions decided at levels 1, 2, …
	// (see SolveBlocks): block i, at level i+1, is
	// assumed[assumedEnd[i-1]:assumedEnd[i]]. cancelUntil drops the
	// blocks of the levels it undoes, so those listed are on the trail,
	// and a Solve whose first blocks are the same starts from them
	// rather than deciding and propagating them again.
	assumed    []Lit
	assumedEnd []int32
	// base is the number of assumption levels of the Solve under way:
	// they count as one level in an LBD, as when every assumption was
	// decided at level 1.
	base int
	// oneBlock is the ends of Solve's single block.
	oneBlock [1]int
	assigned int64 // assignments made (see Work)
	noShrink bool  // for the tests: simplify keeps the groups whole
	// noPairs, for the tests, has propagate visit every variable of a
	// group of two left (see propagate), as it does a larger one.
	noPairs bool
	popped  int64 // variables popped from the heap, for the tests
}

// varData is what the solver keeps of an assigned variable: the decision
// level it was assigned at and its reason (see reasonOf).
type varData struct {
	level, reason int32
}

// New returns a solver over n variables, all unassigned.
func New(n int) *Solver {
	s := &Solver{
		groupsOf:   make([][]int32, n),
		watches:    make([][]watch, 2*n),
		watched:    make([]uint64, (2*n+63)/64),
		val:        make([]int8, 2*n),
		vd:         make([]varData, n),
		activity:   make([]float64, n),
		phase:      make([]bool, n),
		seen:       make([]bool, n),
		poisoned:   make([]uint32, n),
		levels:     make([]int32, n+1),
		varInc:     1,
		claInc:     1,
		maxLearnts: firstReduce,
		nextTier:   tierEvery,
		arenaLimit: maxArena,
		flat:       flatGroups{stale: true},
	}
	for v := range n {
		s.vd[v].reason = noReason
		s.phase[v] = true
	}
	s.heap = heap{act: s.activity, index: make([]int32, n)}
	for v := range n {
		s.heap.index[v] = -1
		s.heap.push(int32(v))
	}
	return s
}

// Vars returns the number of variables.
func (s *Solver) Vars() int { return len(s.vd) }

// Work returns the conflicts and the assignments of every Solve and Fix
// so far: a measure of the solver's work that, unlike its CPU time, does
// not move with the load of the machine.
func (s *Solver) Work() (conflicts, assignments int64) { return s.conflicts, s.assigned }

// AddGroup adds the constraint that exactly one of the variables is true.
// Groups and clauses may be added in any order, between Solves too. The
// solver keeps a copy of vars.
func (s *Solver) AddGroup(vars []int32) {
	s.cancelUntil(0)
	g := int32(len(s.groups))
	// A copy, which simplify may shrink (see shrinkGroups), in storage
	// shared by the groups: one allocation each would be most of what
	// a count on a killer allocates.
	at := len(s.groupVars)
	s.groupVars = append(s.groupVars, vars...)
	vars = s.groupVars[at:len(s.groupVars):len(s.groupVars)]
	s.groups = append(s.groups, vars)
	s.flat.stale = true
	if len(vars) > cap(s.buf) {
		s.buf = make([]Lit, 0, len(vars))
	}
	// Count the variables false at level 0 (all propagated there), as
	// propagate would have, and apply the group to what is assigned.
	falses, one := int32(0), int32(-1)
	var rest int32
	for _, v := range vars {
		s.groupsOf[v] = append(s.groupsOf[v], g)
		switch s.val[Pos(int(v))] {
		case -1:
			falses++
			continue
		case 1:
			one = v
		}
		rest ^= v
	}
	s.counts = append(s.counts, groupCount{rest: rest, left: int32(len(vars)) - falses})
	switch {
	case s.unsat:
		// Propagation stopped at the contradiction, with variables false
		// but not counted in their groups: the counts are moot.
	case one >= 0:
		for _, w := range vars {
			if w != one {
				s.Fix(Neg(int(w)))
			}
		}
	case int(falses) == len(vars):
		s.unsat = true
	case int(falses) == len(vars)-1:
		for _, w := range vars {
			if s.val[Pos(int(w))] == 0 {
				s.Fix(Pos(int(w)))
			}
		}
	}
}

// SetLearntLimit sets the number of learnt clauses at which the less
// useful half is first deleted (the limit then grows by a tenth each
// time). Small problems do better with a small limit: each learnt clause
// kept is visited by propagation.
func (s *Solver) SetLearntLimit(n int) { s.maxLearnts = float64(n) }

// Bump raises the activity of variable v by x, so that it is decided
// sooner; a start for the heuristic before any conflict has taught it.
func (s *Solver) Bump(v int, x float64) {
	s.activity[v] += x
	s.heap.update(int32(v))
}

// SetPhase sets the value that variable v takes when it is next decided;
// phase saving replaces it by the value it had when last unassigned.
func (s *Solver) SetPhase(v int, value bool) { s.phase[v] = value }

// Fix adds the unit clause l: l holds in every assignment.
func (s *Solver) Fix(l Lit) {
	s.cancelUntil(0)
	if s.unsat {
		// Propagation stopped at a contradiction: going on from there
		// would count in the groups again what it had counted.
		return
	}
	switch s.val[l] {
	case 1:
		return
	case -1:
		s.unsat = true
		return
	}
	s.assign(l, noReason)
	if _, ok := s.propagate(); !ok {
		s.unsat = true
	}
}

// AddClause adds the clause that one of lits is true. It is made at level
// 0: literals already false there drop out, and a clause already true is
// dropped. An empty clause makes every later Solve Unsat.
func (s *Solver) AddClause(lits []Lit) {
	s.cancelUntil(0)
	out := s.learnt[:0]
	for _, l := range lits {
		switch s.val[l] {
		case 1:
			return
		case 0:
			out = append(out, l)
		}
	}
	s.learnt = out
	switch len(out) {
	case 0:
		s.unsat = true
	case 1:
		s.Fix(out[0])
	default:
		s.attach(out, false, 0)
	}
}

// attach stores a clause of two or more literals, watching its first two.
func (s *Solver) attach(lits []Lit, learnt bool, lbd int32) int32 {
	ref := int32(len(s.arena))
	meta := Lit(lbd << lbdShift)
	if learnt {
		meta |= learntFlag
	}
	if need := len(s.arena) + clauseHeader + len(lits); need > cap(s.arena) {
		// Double it: append grows a slice this large by a quarter, so
		// an arena growing to its limit (maxArena, 8 MB) would be copied
		// whole some twenty times.
		s.arena = slices.Grow(s.arena, max(need, 2*cap(s.arena))-len(s.arena))
	}
	s.arena = append(s.arena, Lit(len(lits)), meta, 0)
	s.arena = append(s.arena, lits...)
	lits = s.lits(ref)
	s.watch(lits[0], watch{ref, lits[1]})
	s.watch(lits[1], watch{ref, lits[0]})
	if learnt {
		s.learnts = append(s.learnts, ref)
	}
	return ref
}

// watch appends w to the watches of literal l.
func (s *Solver) watch(l Lit, w watch) {
	s.watches[l] = append(s.watches[l], w)
	s.watched[l>>6] |= 1 << (l & 63)
}

// Value reports whether variable v is true in the assignment the last
// Solve found.
func (s *Solver) Value(v int) bool { return s.val[Pos(v)] == 1 }

func (s *Solver) decisionLevel() int { return len(s.lim) }

func (s *Solver) assign(l Lit, reason int32) {
	s.assigned++
	v := l.Var()
	s.val[l], s.val[l.Not()] = 1, -1
	s.vd[v].level = int32(len(s.lim))
	s.vd[v].reason = reason
	s.trail = append(s.trail, l)
}

func (s *Solver) cancelUntil(level int) {
	if len(s.lim) <= level {
		return
	}
	if s.flat.stale {
		s.flat.build(s.groups, s.groupsOf)
	}
	start := int(s.lim[level])
	f, counts := &s.flat, s.counts
	for i := len(s.trail) - 1; i >= start; i-- {
		l := s.trail[i]
		v := l.Var()
		if i < s.qhead && !l.positive() {
			for _, g := range f.groupsOf(int32(v)) {
				c := &counts[g]
				c.left++
				c.rest ^= int32(v)
			}
		}
		s.val[l], s.val[l.Not()] = 0, 0
		s.phase[v] = l.positive()
		if s.heap.index[v] < 0 {
			s.heap.push(int32(v))
		}
	}
	s.trail = s.trail[:start]
	s.lim = s.lim[:level]
	s.qhead = start
	if len(s.assumedEnd) > level {
		s.assumedEnd = s.assumedEnd[:level]
		end := int32(0)
		if level > 0 {
			end = s.assumedEnd[level-1]
		}
		s.assumed = s.assumed[:end]
	}
}

// conflict describes a contradiction: a clause whose literals are all
// false (clause ≥ 0), two variables of a group both true (clause
// amoConflict, variables a and b), or every variable of group a false
// (clause groupConflict).
type conflict struct {
	clause int32
	a, b   int32
}

const (
	amoConflict   = -1
	groupConflict = -2
)

// propagate assigns what the queued assignments imply, reporting false
// with the conflict it meets.
func (s *Solver) propagate() (conflict, bool) {
	if s.flat.stale {
		s.flat.build(s.groups, s.groupsOf)
	}
	// Locals: assign stores through s, and the compiler would load
	// these slices again after each store, in the innermost loops.
	f, val, counts := &s.flat, s.val, s.counts
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		v := int32(p.Var())
		if p.positive() {
			for _, g := range f.groupsOf(v) {
				switch counts[g].left {
				case 1:
					// The others are all false and propagated (v
					// itself is not false): nothing to assign. So it
					// is in the group whose count set v true.
					continue
				case 2:
					if s.noPairs {
						break
					}
					// One other is not false and propagated, the xor
					// of the two less v: the loop below would act on
					// it alone, the rest being false.
					switch w := counts[g].rest ^ v; val[2*w] {
					case 1:
						return conflict{clause: amoConflict, a: v, b: w}, false
					case 0:
						s.assign(Neg(int(w)), amoReason-v)
					}
					continue
				}
				// Most of the others are false already: their value
				// alone settles them, before the test that w is v.
				for _, w := range f.vars(g) {
					switch val[2*w] {
					case 1:
						if w != v {
							return conflict{clause: amoConflict, a: v, b: w}, false
						}
					case 0:
						s.assign(Neg(int(w)), amoReason-v)
					}
				}
			}
		} else {
			// Every group counts v before the conflict, if any, is
			// returned: cancelUntil uncounts it from all of them. A
			// group's check reads its own count only, so checking each
			// as it is counted assigns what checking them all after
			// would, in the same order.
			empty := int32(-1)
			for _, g := range f.groupsOf(v) {
				c := &counts[g]
				c.left--
				c.rest ^= v
				if c.left > 1 || empty >= 0 {
					continue
				}
				if c.left == 0 {
					empty = g
				} else if w := int(c.rest); val[2*w] == 0 {
					s.assign(Pos(w), amoReason-int32(len(s.vd))-g)
				}
			}
			if empty >= 0 {
				return conflict{clause: groupConflict, a: empty}, false
			}
		}
		if q := p.Not(); s.watched[q>>6]&(1<<(q&63)) != 0 {
			if c := s.propagateClauses(q); c >= 0 {
				return conflict{clause: c}, false
			}
		}
	}
	return conflict{}, true
}

// propagateClauses visits the clauses watching false, a literal just made
// false, returning the index of a clause left false, or -1.
func (s *Solver) propagateClauses(false_ Lit) int32 {
	ws := s.watches[false_]
	// Locals, as in propagate: neither changes while clauses propagate.
	val, arena := s.val, s.arena
	i, j := 0, 0
	for i < len(ws) {
		w := ws[i]
		i++
		if val[w.blocker] == 1 {
			ws[j] = w
			j++
			continue
		}
		lits := clauseLits(arena, w.clause)
		if lits[0] == false_ {
			lits[0], lits[1] = lits[1], false_
		}
		first := lits[0]
		if first != w.blocker && val[first] == 1 {
			ws[j] = watch{w.clause, first}
			j++
			continue
		}
		if k := notFalse(val, lits); k >= 0 {
			lits[1], lits[k] = lits[k], false_
			s.watch(lits[1], watch{w.clause, first})
			continue
		}
		ws[j] = watch{w.clause, first}
		j++
		if val[first] == -1 {
			copy(ws[j:], ws[i:])
			j += len(ws) - i
			s.watches[false_] = ws[:j]
			return w.clause
		}
		s.assign(first, w.clause)
	}
	s.watches[false_] = ws[:j]
	if j == 0 {
		s.watched[false_>>6] &^= 1 << (false_ & 63)
	}
	return -1
}

// notFalse returns the index of the first literal of lits, from the
// third, that val does not make false, or -1. Learnt clauses run to
// hundreds of literals: on its own, the loop keeps its few values in
// registers.
//
//go:noinline
func notFalse(val []int8, lits []Lit) int {
	for k := 2; k < len(lits); k++ {
		if val[lits[k]] != -1 {
			return k
		}
	}
	return -1
}

// reasonLits returns the literals (all false) that forced variable v,
// besides its own, bumping the activity of a learnt clause that did (see
// reasonOf).
func (s *Solver) reasonLits(v int) []Lit {
	if r := s.vd[v].reason; r >= 0 && s.learntClause(r) {
		s.bumpClause(r)
	}
	return s.reasonOf(v)
}

// groupLits returns in s.buf the literals that the variables of group g
// but skip are true.
func (s *Solver) groupLits(g, skip int32) []Lit {
	s.buf = s.buf[:0]
	for _, w := range s.groups[g] {
		if w != skip {
			s.buf = append(s.buf, Pos(int(w)))
		}
	}
	return s.buf
}

// analyze derives the first-UIP clause of a conflict into s.learnt, its
// asserting literal first, minimised, and returns the level to go back to
// and its LBD (the number of decision levels among its literals).
func (s *Solver) analyze(cf conflict) (back int, lbd int32) {
	s.derive(cf)
	s.minimize()
	return s.backLevel()
}

// derive writes the first-UIP clause of a conflict into s.learnt, its
// asserting literal first, leaving its other literals marked seen.
func (s *Solver) derive(cf conflict) {
	s.learnt = append(s.learnt[:0], 0)
	var lits []Lit
	switch cf.clause {
	case amoConflict:
		s.conflBi[0], s.conflBi[1] = Neg(int(cf.a)), Neg(int(cf.b))
		lits = s.conflBi[:]
	case groupConflict:
		lits = s.groupLits(cf.a, -1)
	default:
		if s.learntClause(cf.clause) {
			s.bumpClause(cf.clause)
		}
		lits = s.lits(cf.clause)
	}
	pathC := 0
	idx := len(s.trail) - 1
	var p Lit = -1
	dl := int32(s.decisionLevel())
	for {
		for _, q := range lits {
			v := q.Var()
			if s.seen[v] || s.vd[v].level == 0 {
				continue
			}
			s.seen[v] = true
			s.bumpVar(v)
			if s.vd[v].level >= dl {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for !s.seen[s.trail[idx].Var()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.Var()] = false
		pathC--
		if pathC == 0 {
			break
		}
		// The literals of the last reason are all visited: reasonLits
		// may reuse their storage.
		lits = s.reasonLits(p.Var())
	}
	s.learnt[0] = p.Not()
}

// backLevel clears the seen marks of s.learnt and returns the level to go
// back to and the clause's LBD; the literal of that level goes second, so
// that the clause watches it.
func (s *Solver) backLevel() (back int, lbd int32) {
	for _, l := range s.learnt[1:] {
		s.seen[l.Var()] = false
	}
	// Find the level to go back to: the highest below the conflict's,
	// its literal second so that the clause watches it.
	back = 0
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.vd[s.learnt[i].Var()].level > s.vd[s.learnt[maxI].Var()].level {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		back = int(s.vd[s.learnt[1].Var()].level)
	}
	s.stamp++
	for _, l := range s.learnt {
		lv := s.vd[l.Var()].level
		if lv <= int32(s.base) {
			// The assumption levels count as one.
			lv = min(lv, 1)
		}
		if s.levels[lv] != s.stamp {
			s.levels[lv] = s.stamp
			lbd++
		}
	}
	return back, lbd
}

// minimize drops from s.learnt the literals implied by the others: those
// whose reasons lead, through literals forced at the levels of the
// clause, only to literals of the clause or fixed at level 0 (MiniSat's
// recursive minimisation). The seen marks of the clause's literals are
// set on entry and cleared on return.
func (s *Solver) minimize() {
	s.toClear = append(s.toClear[:0], s.learnt[1:]...)
	if s.poison++; s.poison == 0 {
		// The marks wrapped around: clear the old ones.
		clear(s.poisoned)
		s.poison = 1
	}
	var levels uint32
	for _, l := range s.learnt[1:] {
		levels |= 1 << (s.vd[l.Var()].level & 31)
	}
	j := 1
	for i := 1; i < len(s.learnt); i++ {
		l := s.learnt[i]
		if v := l.Var(); s.vd[v].reason == noReason || !s.redundant(v, levels) {
			s.learnt[j] = l
			j++
		}
	}
	s.learnt = s.learnt[:j]
	for _, l := range s.toClear {
		s.seen[l.Var()] = false
	}
}

// redundant reports whether variable v, forced, is implied by the
// literals marked seen (those of the learnt clause, and others already
// found implied by them), following reasons through the decision levels
// in the set levels (a literal of another level cannot be implied by the
// clause). It searches depth first, so that each literal is settled once
// a conflict: those it finds implied stay marked seen, listed in toClear;
// those it finds not implied (v's ancestors in the search when it meets
// a decision) are marked poisoned until the next conflict.
func (s *Solver) redundant(v int, levels uint32) bool {
	s.dfs = append(s.dfs[:0], dfsFrame{v: int32(v)})
	for len(s.dfs) > 0 {
		f := &s.dfs[len(s.dfs)-1]
		q, ok := s.reasonAt(int(f.v), &f.next)
		if !ok {
			// Every literal of u's reason is implied: so is u.
			u := f.v
			s.dfs = s.dfs[:len(s.dfs)-1]
			if int(u) != v {
				s.seen[u] = true
				s.toClear = append(s.toClear, Pos(int(u)))
			}
			continue
		}
		w := q.Var()
		if s.seen[w] || s.vd[w].level == 0 {
			continue
		}
		if s.poisoned[w] == s.poison || s.vd[w].reason == noReason || levels&(1<<(s.vd[w].level&31)) == 0 {
			for _, f := range s.dfs {
				s.poisoned[f.v] = s.poison
			}
			return false
		}
		s.dfs = append(s.dfs, dfsFrame{v: int32(w)})
	}
	return true
}

// dfsFrame is a variable that redundant visits, and the index of the next
// literal of its reason to look at.
type dfsFrame struct {
	v, next int32
}

// reasonAt returns the literal at index *i of the reason of variable v
// (see reasonOf), advancing *i, or false when there is none left.
func (s *Solver) reasonAt(v int, i *int32) (Lit, bool) {
	r := s.vd[v].reason
	if r <= amoReason {
		x := int(amoReason - r)
		if x < len(s.vd) {
			if *i > 0 {
				return 0, false
			}
			*i = 1
			return Neg(x), true
		}
		vars := s.groups[x-len(s.vd)]
		for int(*i) < len(vars) {
			w := vars[*i]
			*i++
			if int(w) != v {
				return Pos(int(w)), true
			}
		}
		return 0, false
	}
	lits := s.lits(r)
	if int(*i)+1 >= len(lits) {
		return 0, false
	}
	*i++
	return lits[*i], true
}

// reasonOf returns the literals (all false) that forced variable v,
// besides its own, without bumping a learnt clause. The slice may be
// reused by the next call.
func (s *Solver) reasonOf(v int) []Lit {
	r := s.vd[v].reason
	if r <= amoReason {
		x := int(amoReason - r)
		if x < len(s.vd) {
			s.conflBi[0] = Neg(x)
			return s.conflBi[:1]
		}
		return s.groupLits(int32(x-len(s.vd)), int32(v))
	}
	return s.lits(r)[1:]
}

func (s *Solver) bumpVar(v int) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.heap.update(int32(v))
}

func (s *Solver) bumpClause(ref int32) {
	s.arena[ref+1] |= usedFlag
	a := s.clauseActivity(ref) + s.claInc
	s.setClauseActivity(ref, a)
	if a > 1e20 {
		for _, r := range s.learnts {
			s.setClauseActivity(r, s.clauseActivity(r)*1e-20)
		}
		s.claInc *= 1e-20
	}
}

// Solve looks for an assignment that satisfies the groups and clauses with
// every assumption true. The error is ctx's when it ends first, or
// ErrBudget. It is SolveBlocks with the assumptions in one block.
func (s *Solver) Solve(ctx context.Context, assumptions []Lit) (Status, error) {
	if len(assumptions) == 0 {
		return s.SolveBlocks(ctx, nil, nil)
	}
	s.oneBlock[0] = len(assumptions)
	return s.SolveBlocks(ctx, assumptions, s.oneBlock[:])
}

// SolveBlocks is Solve with the assumptions in blocks: block i is
// assumptions[ends[i-1]:ends[i]] (from 0 for the first), decided at level
// i+1. The blocks stay on the trail after the solve (until a Fix, an
// AddClause or an AddGroup), so a later solve whose first blocks are the
// same keeps their assignments and propagates only the blocks that
// changed: a caller that puts the assumptions that change least in the
// first blocks saves most of their propagation.
func (s *Solver) SolveBlocks(ctx context.Context, assumptions []Lit, ends []int) (Status, error) {
	s.Conflicts = 0
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.unsat {
		return Unsat, nil
	}
	keep := s.keptBlocks(assumptions, ends)
	s.cancelUntil(keep)
	if keep == 0 {
		if _, ok := s.propagate(); !ok {
			s.unsat = true
			return Unsat, nil
		}
		if len(s.trail) >= s.simplified+simplifyEvery {
			s.simplify()
		}
	}
	done := ctx.Done()
	restart := int64(0)
	decisions := 0
	nextRestart := lubyUnit * luby(0)
	var lbds lbdAverages
	// The blocks are decided at levels 1 to base: a conflict there
	// refutes them, and restarts go back to base, not to level 0.
	base := len(ends)
	s.base = base
	for {
		if cf, ok := s.propagate(); !ok {
			s.Conflicts++
			s.conflicts++
			switch dl := s.decisionLevel(); {
			case dl == 0:
				s.unsat = true
				return Unsat, nil
			case dl <= base:
				// The levels below were propagated without a conflict.
				s.cancelUntil(dl - 1)
				return Unsat, nil
			}
			back, lbd := s.analyze(cf)
			if s.LBDRestarts {
				lbds.add(lbd)
			}
			s.cancelUntil(back)
			if len(s.learnt) == 1 {
				s.assign(s.learnt[0], noReason)
			} else {
				ref := s.attach(s.learnt, true, lbd)
				s.bumpClause(ref)
				s.assign(s.learnt[0], ref)
			}
			s.varInc /= varDecay
			s.claInc /= clauseDecay
			if s.MaxConflicts > 0 && s.Conflicts >= s.MaxConflicts {
				s.cancelUntil(base)
				return 0, fmt.Errorf("%w after %d conflicts", ErrBudget, s.Conflicts)
			}
			if s.Conflicts%128 == 0 && done != nil {
				select {
				case <-done:
					s.cancelUntil(base)
					return 0, ctx.Err()
				default:
				}
			}
			continue
		}
		switch {
		case s.LBDRestarts:
			if lbds.restart() {
				s.cancelUntil(base)
			}
		case s.Conflicts >= nextRestart:
			restart++
			nextRestart = s.Conflicts + lubyUnit*luby(restart)
			s.cancelUntil(base)
		}
		if s.TieredReduce && s.conflicts >= s.nextTier {
			s.reduceTiers()
		}
		if float64(len(s.learnts)) >= s.maxLearnts || len(s.arena) >= s.arenaLimit {
			s.reduce()
			// Clauses that reduce may not delete (those not learnt) do
			// not make it run at every step.
			s.arenaLimit = max(maxArena, 2*len(s.arena))
		}
		if dl := s.decisionLevel(); dl < base {
			from := 0
			if dl > 0 {
				from = ends[dl-1]
			}
			s.lim = append(s.lim, int32(len(s.trail)))
			s.assumed = append(s.assumed, assumptions[from:ends[dl]]...)
			s.assumedEnd = append(s.assumedEnd, int32(len(s.assumed)))
			for _, a := range assumptions[from:ends[dl]] {
				switch s.val[a] {
				case -1:
					s.cancelUntil(dl)
					return Unsat, nil
				case 0:
					s.assign(a, noReason)
				}
			}
			continue
		}
		if len(s.trail) == len(s.vd) {
			// Every variable is assigned: the heap holds only those
			// that propagation set, which pick would pop one by one to
			// find none (on a 25×25 board most of the 15,625, at every
			// solution found). Emptying it at once leaves it as those
			// pops would, so the search is the same.
			s.heap.clear()
			return Sat, nil
		}
		// Decisions poll ctx too: a solve that finds a model with few
		// conflicts (an open board of 32×32 has some 32,000 variables,
		// most decided without one) would otherwise not look at it.
		decisions++
		if decisions%256 == 0 && done != nil {
			select {
			case <-done:
				s.cancelUntil(base)
				return 0, ctx.Err()
			default:
			}
		}
		v := s.pick()
		if v < 0 {
			return Sat, nil
		}
		next := Neg(v)
		switch {
		case s.phase[v]:
			next = Pos(v)
		case s.DecideTrue:
			if w := s.trueMate(v); w >= 0 {
				next = Pos(w)
			}
		}
		s.lim = append(s.lim, int32(len(s.trail)))
		s.assign(next, noReason)
	}
}

// keptBlocks returns how many of the first blocks of assumptions (see
// SolveBlocks) are those still on the trail from the last solve.
func (s *Solver) keptBlocks(assumptions []Lit, ends []int) int {
	n := min(len(ends), len(s.assumedEnd), s.decisionLevel())
	from := 0
	for i := range n {
		if ends[i] != int(s.assumedEnd[i]) {
			return i
		}
		for j := from; j < ends[i]; j++ {
			if assumptions[j] != s.assumed[j] {
				return i
			}
		}
		from = ends[i]
	}
	return n
}

// trueMate returns the first unassigned variable of v's first group
// whose phase is true, or -1.
func (s *Solver) trueMate(v int) int {
	gs := s.flat.groupsOf(int32(v))
	if len(gs) == 0 {
		return -1
	}
	for _, w := range s.flat.vars(gs[0]) {
		if s.phase[w] && s.val[2*w] == 0 {
			return int(w)
		}
	}
	return -1
}

// pick returns the unassigned variable of highest activity, or -1.
func (s *Solver) pick() int {
	for s.heap.len() > 0 {
		s.popped++
		v := int(s.heap.pop())
		if s.val[2*v] == 0 {
			return v
		}
	}
	return -1
}

// reduce deletes the less useful half of the learnt clauses: those of
// highest LBD, then lowest activity, keeping clauses of LBD 2 and those
// that are the reason of an assignment.
func (s *Solver) reduce() {
	ls := s.learnts
	sortLearnts(ls, s)
	keep := ls[:0]
	half := len(ls) / 2
	for i, ref := range ls {
		if i < half && s.lbd(ref) > 2 && !s.locked(ref) {
			s.arena[ref+1] |= deletedFlag
			s.wasted += clauseHeader + int(s.arena[ref])
			continue
		}
		keep = append(keep, ref)
	}
	s.learnts = keep
	s.maxLearnts *= 1.1
	s.compact()
}

// reduceTiers deletes the learnt clauses of LBD above coreLBD that no
// conflict used since it last ran and those of LBD above tier2LBD, but
// for the reasons of assignments (see TieredReduce), and schedules its
// next run.
func (s *Solver) reduceTiers() {
	keep := s.learnts[:0]
	for _, ref := range s.learnts {
		lbd := s.lbd(ref)
		used := s.arena[ref+1]&usedFlag != 0
		s.arena[ref+1] &^= usedFlag
		if lbd <= coreLBD || (used && lbd <= tier2LBD) || s.locked(ref) {
			keep = append(keep, ref)
			continue
		}
		s.arena[ref+1] |= deletedFlag
		s.wasted += clauseHeader + int(s.arena[ref])
	}
	s.learnts = keep
	s.compact()
	s.tiers++
	s.nextTier = s.conflicts + tierEvery + tierGrowth*s.tiers
}

// compact moves the clauses left to a new arena, without the deleted
// ones, and updates the references to them: watches, reasons and the
// list of learnt clauses.
func (s *Solver) compact() {
	old := s.arena
	// The clauses go to the spare buffer, which the old arena becomes:
	// a fresh one sized to fit would be copied whole by the next clause
	// appended.
	arena := s.spare[:0]
	if need := len(old) - s.wasted; cap(arena) < need {
		arena = make([]Lit, 0, max(need, cap(old)))
	}
	// A clause copied keeps its new ref in the activity word of its old
	// header.
	for ref := 0; ref < len(old); {
		n := int(old[ref])
		if old[ref+1]&deletedFlag == 0 {
			to := len(arena)
			arena = append(arena, old[ref:ref+clauseHeader+n]...)
			old[ref+2] = Lit(to)
		}
		ref += clauseHeader + n
	}
	for l, ws := range s.watches {
		j := 0
		for _, w := range ws {
			if old[w.clause+1]&deletedFlag == 0 {
				ws[j] = watch{int32(old[w.clause+2]), w.blocker}
				j++
			}
		}
		s.watches[l] = ws[:j]
	}
	for _, l := range s.trail {
		if r := s.vd[l.Var()].reason; r >= 0 {
			s.vd[l.Var()].reason = int32(old[r+2])
		}
	}
	for i, ref := range s.learnts {
		s.learnts[i] = int32(old[ref+2])
	}
	s.arena, s.spare, s.wasted = arena, old, 0
}

// simplify deletes the clauses that level 0 satisfies and drops from the
// others the literals it falsifies. Units fixed between Solves (the clues
// a generator has proved needed, say) would otherwise stay in the clauses
// learnt before them, which grow long with them and slow to visit. It
// runs at level 0 with everything propagated; the reasons at level 0 are
// never followed, so they are cleared rather than moved.
func (s *Solver) simplify() {
	// Clauses only shrink, so they are moved down in place.
	old := s.arena
	arena := old[:0]
	s.learnts = s.learnts[:0]
	for ref := 0; ref < len(old); {
		// Read the header before the copy: moved down by fewer words
		// than its size, the copy overwrites it.
		n, meta := int(old[ref]), old[ref+1]
		next := ref + clauseHeader + n
		if meta&deletedFlag != 0 {
			ref = next
			continue
		}
		to := len(arena)
		arena = append(arena, old[ref:ref+clauseHeader]...)
		lits := old[ref+clauseHeader : next]
		satisfied := false
		for _, l := range lits {
			switch s.val[l] {
			case 1:
				satisfied = true
			case 0:
				arena = append(arena, l)
			}
		}
		switch {
		case satisfied:
			arena = arena[:to]
		default:
			// With level 0 propagated, a clause not satisfied there has
			// two literals or more left.
			arena[to] = Lit(len(arena) - to - clauseHeader)
			if meta&learntFlag != 0 {
				s.learnts = append(s.learnts, int32(to))
			}
		}
		ref = next
	}
	for l := range s.watches {
		s.watches[l] = s.watches[l][:0]
	}
	clear(s.watched)
	for ref := 0; ref < len(arena); ref += clauseHeader + int(arena[ref]) {
		a, b := arena[ref+clauseHeader], arena[ref+clauseHeader+1]
		s.watch(a, watch{int32(ref), b})
		s.watch(b, watch{int32(ref), a})
	}
	for _, l := range s.trail {
		s.vd[l.Var()].reason = noReason
	}
	s.arena, s.wasted = arena, 0
	s.simplified = len(s.trail)
	s.shrinkGroups()
}

// shrinkGroups drops from each group the variables false at level 0,
// which it runs at with everything propagated. Propagating a variable set
// true visits the others of its groups, and a group's reason lists them:
// a variable false at level 0 does nothing in either, so the search is
// the same, but counting a 25×25 board from the candidates that logic
// left (some 1,700 of its 15,625 variables not false), most of those
// visits were to such variables. The counts of a group stay as they
// are: every variable dropped was counted false.
func (s *Solver) shrinkGroups() {
	if s.noShrink {
		return
	}
	for g, vars := range s.groups {
		j := 0
		for _, w := range vars {
			if s.val[Pos(int(w))] != -1 {
				vars[j] = w
				j++
			}
		}
		s.groups[g] = vars[:j]
	}
	// The groups of each variable stay as they are: those dropped are
	// never propagated or undone again.
	if s.flat.stale {
		return
	}
	f := &s.flat
	f.varsFlat, f.varsAt = flatten(f.varsFlat[:0], f.varsAt[:0], s.groups)
}

// locked reports whether clause ref is the reason of an assignment.
func (s *Solver) locked(ref int32) bool {
	l := s.lits(ref)[0]
	return s.val[l] == 1 && s.vd[l.Var()].reason == ref
}

const (
	// varDecay is the decay of the activities at each conflict. Counting
	// to 2 the 25×25 fixtures, as they are and with 4 or 10 clues taken
	// out, 0.99 took 13% fewer conflicts than MiniSat's 0.95 (0.98 and
	// 0.995: 9%).
	varDecay    = 0.99
	clauseDecay = 0.999
	lubyUnit    = 100
	// firstReduce is the number of learnt clauses at which the first half
	// of them are deleted; the limit then grows by a tenth each time.
	// Counting to 2 on the published 25×25 puzzles, a limit of 2,000 took
	// 1.3–1.9 times the conflicts of 20,000.
	firstReduce = 20000
	// maxArena is the size of the arena, in literals, past which the
	// learnt clauses are reduced even when fewer than the limit. With
	// many assumptions the clauses learnt grow long, each naming many of
	// the literals the assumptions imply: digging a 25×25 puzzle learnt
	// clauses of 1,400 literals on average, 100 MB of them, where this
	// bound keeps 8 MB for the same time.
	maxArena = 1 << 21
	// simplifyEvery is the number of assignments added at level 0 since
	// the last simplify (units fixed between Solves, and what they imply)
	// that has Solve simplify first.
	simplifyEvery = 500
)

// The parameters of LBDRestarts and TieredReduce. Counting to 2 the
// boards that the default solve of the published 25×25 puzzles hands to
// the count, and 8 isomorphs of each (TestLearnCountSpread), the LBD
// restarts took 5 % fewer conflicts than Luby's (8,002 against 8,424 on
// average), a margin of 1.1 and a gap of 2 (CaDiCaL's) 8,034, blocking
// restarts on a long trail (Glucose's) 8,154; the tiers 12 % less CPU
// for 5 % more conflicts (a tier-2 bound of 6: 14 % more conflicts; 8:
// 10 %; 16: 4 % more, but 4 % more CPU a conflict than 12).
const (
	emaFast    = 1.0 / 32
	emaSlow    = 1.0 / 4096
	emaMargin  = 1.25
	emaGap     = 50
	coreLBD    = 2
	tier2LBD   = 12
	tierEvery  = 2000
	tierGrowth = 300
)

// lbdAverages holds the moving averages of the LBD of the clauses a
// Solve learns, for LBDRestarts: fast follows the last few dozen, slow
// all of them, since the last restart at conflict last of n.
type lbdAverages struct {
	fast, slow float64
	n, last    int64
}

// add counts the LBD of a clause learnt.
func (a *lbdAverages) add(lbd int32) {
	x := float64(lbd)
	a.n++
	if a.n == 1 {
		a.fast, a.slow = x, x
		return
	}
	a.fast += emaFast * (x - a.fast)
	a.slow += emaSlow * (x - a.slow)
}

// restart reports whether to restart now, and notes that it does: at
// least emaGap conflicts since the last time, and the recent clauses
// worse than the average by emaMargin.
func (a *lbdAverages) restart() bool {
	if a.n-a.last < emaGap || a.fast <= emaMargin*a.slow {
		return false
	}
	a.last = a.n
	return true
}

// luby returns the i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 …
func luby(i int64) int64 {
	size, seq := int64(1), 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	x := i
	for size-1 != x {
		size = (size - 1) >> 1
		seq--
		x %= size
	}
	return int64(1) << seq
}

// groupCount is the state of a group in propagation (see Solver.counts).
type groupCount struct {
	rest int32 // the xor of the variables not counted false
	left int32 // the variables not set false and propagated
}

// flatGroups is the groups of a solver, and the groups of each variable,
// each in one array: the variables of group g are varsFlat[varsAt[g]],
// the groups of variable v ofVar[ofVarAt[v]]. A list's bounds are one
// entry, read with one bounds check, where an array of starts took two.
type flatGroups struct {
	stale           bool
	varsFlat, ofVar []int32
	varsAt, ofVarAt []span
	// stride is the number of groups of every variable when all have
	// the same number (a board's cell, row, column and box: 4), else 0:
	// the groups of v are then ofVar[stride*v:][:stride], found without
	// reading ofVarAt, a cache miss of its own at every assignment.
	stride int32
}

// span is the bounds of a list in a flat array: flat[lo:hi].
type span struct{ lo, hi int32 }

// build lays out groups and groupsOf (see flatGroups).
func (f *flatGroups) build(groups, groupsOf [][]int32) {
	f.varsFlat, f.varsAt = flatten(f.varsFlat[:0], f.varsAt[:0], groups)
	f.ofVar, f.ofVarAt = flatten(f.ofVar[:0], f.ofVarAt[:0], groupsOf)
	f.stride = 0
	if len(groupsOf) > 0 && len(groupsOf[0]) > 0 {
		f.stride = int32(len(groupsOf[0]))
		for _, gs := range groupsOf {
			if len(gs) != int(f.stride) {
				f.stride = 0
				break
			}
		}
	}
	f.stale = false
}

// flatten appends the lists to flat and their bounds to at: list i is
// flat[at[i].lo:at[i].hi].
func flatten(flat []int32, at []span, lists [][]int32) ([]int32, []span) {
	for _, l := range lists {
		lo := int32(len(flat))
		flat = append(flat, l...)
		at = append(at, span{lo, int32(len(flat))})
	}
	return flat, at
}

func (f *flatGroups) vars(g int32) []int32 {
	r := f.varsAt[g]
	return f.varsFlat[r.lo:r.hi]
}

func (f *flatGroups) groupsOf(v int32) []int32 {
	if k := f.stride; k > 0 {
		lo := k * v
		return f.ofVar[lo : lo+k]
	}
	r := f.ofVarAt[v]
	return f.ofVar[r.lo:r.hi]
}

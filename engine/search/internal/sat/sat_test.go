package sat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// latin returns a solver for the Latin squares of order n: variable
// (r·n+c)·n+d is digit d in row r, column c.
func latin(n int) *Solver {
	s := New(n * n * n)
	addLatin(s, n)
	return s
}

// addLatin adds the groups of the Latin squares of order n to s.
func addLatin(s *Solver, n int) {
	v := func(r, c, d int) int32 { return int32((r*n+c)*n + d) }
	for a := range n {
		for b := range n {
			cell, row, col := make([]int32, n), make([]int32, n), make([]int32, n)
			for k := range n {
				cell[k], row[k], col[k] = v(a, b, k), v(a, k, b), v(k, a, b)
			}
			s.AddGroup(cell)
			s.AddGroup(row) // digit b once in row a
			s.AddGroup(col) // digit b once in column a
		}
	}
}

// firstRow returns the assumptions that fix the first cells of the first
// row of a Latin square of the order (see latin) to 1, 2, ….
func firstRow(order, cells int) []Lit {
	var assumptions []Lit
	for c := range cells {
		assumptions = append(assumptions, Pos(c*order+c))
	}
	return assumptions
}

// count enumerates the solutions under the assumptions (see enumerate).
func count(t *testing.T, s *Solver, assumptions []Lit) int {
	t.Helper()
	n, err := enumerate(context.Background(), s, assumptions, -1)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// enumerate counts the solutions under the assumptions, up to limit if
// not negative, excluding each one found by a clause over all its true
// variables.
func enumerate(ctx context.Context, s *Solver, assumptions []Lit, limit int) (int, error) {
	return enumerateEach(ctx, s, assumptions, limit, nil)
}

// enumerateEach is enumerate calling before, if not nil, before each
// Solve.
func enumerateEach(ctx context.Context, s *Solver, assumptions []Lit, limit int, before func()) (int, error) {
	n := 0
	for limit < 0 || n < limit {
		if before != nil {
			before()
		}
		st, err := s.Solve(ctx, assumptions)
		if err != nil || st == Unsat {
			return n, err
		}
		n++
		blockModel(s)
	}
	return n, nil
}

// latinCount is the number of Latin squares of an order with the first
// cells of their first row fixed to 1, 2, ….
type latinCount struct {
	order int
	fixed int // cells of the first row fixed to 1, 2, …
	want  int
}

// latinCounts are the counts the tests check.
var latinCounts = []latinCount{
	{1, 0, 1},
	{2, 0, 2},
	{3, 0, 12},
	{4, 0, 576},
	{4, 4, 24},
	{5, 5, 56 * 24},
}

// largeLatinCounts returns the latinCounts of enough conflicts to reduce
// and restart many times: order 4 with nothing fixed and order 5.
func largeLatinCounts() []latinCount {
	var large []latinCount
	for _, tt := range latinCounts {
		if tt.order == 5 || tt.order == 4 && tt.fixed == 0 {
			large = append(large, tt)
		}
	}
	return large
}

func TestLatinSquares(t *testing.T) {
	for _, tt := range latinCounts {
		for _, decideTrue := range []bool{false, true} {
			s := latin(tt.order)
			if decideTrue {
				// Phases toward one square, as a generator sets them
				// toward its grid: most variables picked would be set
				// false, and DecideTrue sets another of the cell true.
				s.DecideTrue = true
				n := tt.order
				for v := range s.Vars() {
					r, c, d := v/(n*n), v/n%n, v%n
					s.SetPhase(v, d == (r+c)%n)
				}
			}
			assumptions := firstRow(tt.order, tt.fixed)
			if got := count(t, s, assumptions); got != tt.want {
				t.Errorf("order %d, %d fixed, DecideTrue %v: %d squares, want %d", tt.order, tt.fixed, decideTrue, got, tt.want)
			}
		}
	}
}

// TestAssumptionsKeepLearning asks the same solver about different
// assumptions in turn: what it learnt under one must not change the
// answer under another.
func TestAssumptionsKeepLearning(t *testing.T) {
	s := latin(4)
	ctx := context.Background()
	v := func(r, c, d int) int { return (r*4+c)*4 + d }
	tests := []struct {
		assumptions []Lit
		want        Status
	}{
		{[]Lit{Pos(v(0, 0, 0)), Pos(v(0, 1, 0))}, Unsat}, // a digit twice in a row
		{[]Lit{Pos(v(0, 0, 0)), Pos(v(1, 1, 1))}, Sat},
		{[]Lit{Pos(v(0, 0, 0)), Pos(v(1, 1, 0))}, Sat},
		{[]Lit{Pos(v(0, 0, 0)), Pos(v(1, 0, 0))}, Unsat}, // twice in a column
		{nil, Sat},
	}
	for i, tt := range tests {
		st, err := s.Solve(ctx, tt.assumptions)
		if err != nil {
			t.Fatal(err)
		}
		if st != tt.want {
			t.Fatalf("query %d: status %v, want %v", i, st, tt.want)
		}
		if st == Sat {
			for _, a := range tt.assumptions {
				if !s.Value(a.Var()) {
					t.Fatalf("query %d: assumption %d not kept", i, a)
				}
			}
		}
	}
}

// TestGroupsAfterUnits adds the groups after unit clauses: the first row
// of a Latin square of order 4 fixed, and in the second row all digits but
// one ruled out of a cell, which the groups must then set.
func TestGroupsAfterUnits(t *testing.T) {
	s := New(64)
	for c := range 4 {
		s.Fix(Pos(c*4 + c)) // row 0: 1 2 3 4
	}
	for d := 1; d < 4; d++ {
		s.Fix(Neg(4*4 + d)) // row 1, column 0: only digit 1 left…
	}
	addLatin(s, 4)
	// …which the first row already holds in column 0: no square.
	if got := count(t, s, nil); got != 0 {
		t.Fatalf("%d squares, want 0", got)
	}
	s = New(64)
	for c := range 4 {
		s.Fix(Pos(c*4 + c))
	}
	addLatin(s, 4)
	if got := count(t, s, nil); got != 24 {
		t.Fatalf("%d squares with the first row fixed, want 24", got)
	}
}

func TestUnsatGroups(t *testing.T) {
	// Three pigeons in two holes: each pigeon in one hole, each hole
	// holding one pigeon at most (a group with a spare variable that
	// stands for "empty").
	s := New(9)
	s.AddGroup([]int32{0, 1}) // pigeon 0: hole 0 or 1
	s.AddGroup([]int32{2, 3})
	s.AddGroup([]int32{4, 5})
	s.AddGroup([]int32{0, 2, 4, 6}) // hole 0: one pigeon or empty (6)
	s.AddGroup([]int32{1, 3, 5, 7}) // hole 1: one pigeon or empty (7)
	st, err := s.Solve(context.Background(), nil)
	if err != nil || st != Unsat {
		t.Fatalf("status %v (%v), want Unsat", st, err)
	}
}

func TestBudget(t *testing.T) {
	// Counting Latin squares of order 7 meets conflicts soon: with a
	// budget of one a solve, one of them fails.
	s := latin(7)
	s.MaxConflicts = 1
	if _, err := enumerate(context.Background(), s, nil, 10000); !errors.Is(err, ErrBudget) {
		t.Fatalf("error %v, want ErrBudget", err)
	}
}

func TestCancel(t *testing.T) {
	s := latin(8)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := enumerate(ctx, s, nil, 100000); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8}
	for i, w := range want {
		if got := luby(int64(i)); got != w {
			t.Errorf("luby(%d) = %d, want %d", i, got, w)
		}
	}
}

// TestSimplifyKeepsAnswers counts Latin squares on a solver that has
// learnt and excluded solutions, then fixes units and simplifies it: its
// counts under new assumptions must be those of a fresh solver with the
// same units, and the simplification must have shortened its clauses.
func TestSimplifyKeepsAnswers(t *testing.T) {
	const n = 5
	v := func(r, c, d int) int { return (r*n+c)*n + d }
	s := latin(n)
	var identity []Lit
	for c := range n {
		identity = append(identity, Pos(v(0, c, c)))
	}
	if got := count(t, s, identity); got != 56*24 {
		t.Fatalf("%d squares with the first row fixed, want %d", got, 56*24)
	}
	fresh := latin(n)
	units := []Lit{Pos(v(1, 0, 0)), Pos(v(2, 2, 3)), Neg(v(3, 4, 1))}
	for _, u := range units {
		s.Fix(u)
		fresh.Fix(u)
	}
	before := len(s.arena)
	s.simplify()
	if len(s.arena) >= before {
		t.Fatalf("simplify left %d literals and headers of %d: the test proves nothing", len(s.arena), before)
	}
	checkArena(t, s)
	for _, row := range [][]int{{4, 3, 2, 1, 0}, {1, 2, 3, 4, 0}, {1, 0, 3, 4, 2}} {
		var as []Lit
		for c, d := range row {
			as = append(as, Pos(v(0, c, d)))
		}
		if got, want := count(t, s, as), count(t, fresh, as); got != want {
			t.Errorf("first row %v: %d squares after simplify, a fresh solver counts %d", row, got, want)
		}
	}
}

// TestReduceKeepsAnswers counts Latin squares on a solver that reduces its
// learnt clauses every few conflicts, so that compact moves the clauses
// back and forth between its two buffers many times: the counts must be
// exact and the arena whole (checked after a simplify).
func TestReduceKeepsAnswers(t *testing.T) {
	const start = 20
	for _, tt := range largeLatinCounts() {
		s := latin(tt.order)
		s.SetLearntLimit(start)
		assumptions := firstRow(tt.order, tt.fixed)
		if got := count(t, s, assumptions); got != tt.want {
			t.Errorf("order %d: %d squares, want %d", tt.order, got, tt.want)
		}
		s.simplify()
		checkArena(t, s)
		// Each reduce raises the limit by a tenth.
		reduces := math.Log(s.maxLearnts/start) / math.Log(1.1)
		if reduces < 3 {
			t.Errorf("order %d: %.0f reduces, too few to test", tt.order, reduces)
		}
		t.Logf("order %d: %.0f reduces", tt.order, reduces)
	}
}

// checkArena checks the clauses after a simplify: each keeps two literals
// or more, none decided at level 0, and the list of learnt clauses holds
// exactly those flagged learnt (reduce may delete only those).
func checkArena(t *testing.T, s *Solver) {
	t.Helper()
	learnt := map[int32]bool{}
	for _, ref := range s.learnts {
		learnt[ref] = true
	}
	for ref := int32(0); int(ref) < len(s.arena); ref += clauseHeader + int32(s.arena[ref]) {
		lits := s.lits(ref)
		if len(lits) < 2 {
			t.Fatalf("clause %d has %d literals", ref, len(lits))
		}
		for _, l := range lits {
			if s.val[l] != 0 {
				t.Fatalf("clause %d keeps literal %d, decided at level 0", ref, l)
			}
		}
		if s.learntClause(ref) != learnt[ref] {
			t.Fatalf("clause %d: flagged learnt %v, listed %v", ref, s.learntClause(ref), learnt[ref])
		}
		delete(learnt, ref)
	}
	if len(learnt) > 0 {
		t.Fatalf("%d learnt clauses listed are not in the arena", len(learnt))
	}
}

// TestSimplifyMovesHeaders simplifies clauses that move down by less than
// a header: a clause that loses two literals to level 0, then one not
// learnt whose first literal is negative. Its flags must stay its own.
func TestSimplifyMovesHeaders(t *testing.T) {
	s := New(6)
	s.AddClause([]Lit{Pos(0), Pos(5), Pos(1), Pos(2)})
	s.AddClause([]Lit{Neg(3), Pos(4)})
	s.Fix(Neg(0))
	s.Fix(Neg(5))
	s.simplify()
	checkArena(t, s)
	if len(s.learnts) != 0 {
		t.Fatalf("%d clauses listed learnt, want none", len(s.learnts))
	}
}

// TestMinimizeMatchesReference checks the learnt clauses' minimisation
// against a plain recursive one (MiniSat's rule, memoised): a literal of
// the clause goes when its reason leads, through forced literals of the
// clause's levels, only to literals of the clause or of level 0.
func TestMinimizeMatchesReference(t *testing.T) {
	tests := []struct {
		order, fixed, limit int
	}{
		{6, 3, 300},
		{7, 4, 300},
		{8, 0, 200},
	}
	for _, tt := range tests {
		s := latin(tt.order)
		var fixed []Lit
		for c := range tt.fixed {
			fixed = append(fixed, Pos(c*tt.order+c))
		}
		checked, shortened := checkMinimize(t, s, fixed, tt.limit)
		// A test that met no clause to shorten would prove nothing.
		if shortened == 0 {
			t.Errorf("order %d: %d clauses learnt, none shortened", tt.order, checked)
		}
		t.Logf("order %d: %d clauses, %d shortened", tt.order, checked, shortened)
	}
}

// checkMinimize enumerates up to limit solutions of s under the
// assumptions fixed, by the conflict loop of Solve (without restarts or
// clause reduction), checking every learnt clause's minimisation against
// refMinimize. It returns the number of clauses checked and shortened.
func checkMinimize(t *testing.T, s *Solver, fixed []Lit, limit int) (checked, shortened int) {
	t.Helper()
	// The fixed literals are assumptions decided at level base, as Solve
	// decides them.
	base := 0
	if len(fixed) > 0 {
		base = 1
	}
	for solutions := 0; solutions < limit; {
		cf, ok := s.propagate()
		if !ok {
			if s.decisionLevel() <= base {
				return checked, shortened // every solution found
			}
			s.derive(cf)
			before := append([]Lit(nil), s.learnt...)
			s.minimize()
			checked++
			want := refMinimize(s, before)
			if len(want) < len(before) {
				shortened++
			}
			if !equalLits(s.learnt, want) {
				t.Fatalf("minimised %v to %v, want %v", before, s.learnt, want)
			}
			back, lbd := s.backLevel()
			s.cancelUntil(back)
			if len(s.learnt) == 1 {
				s.assign(s.learnt[0], noReason)
			} else {
				s.assign(s.learnt[0], s.attach(s.learnt, true, lbd))
			}
			continue
		}
		if s.decisionLevel() < base {
			s.lim = append(s.lim, int32(len(s.trail)))
			for _, a := range fixed {
				if s.val[a] == 0 {
					s.assign(a, noReason)
				}
			}
			continue
		}
		v := s.pick()
		if v < 0 {
			// A solution: block it and go on from level 0.
			solutions++
			blockModel(s)
			continue
		}
		next := Neg(v)
		if s.phase[v] {
			next = Pos(v)
		}
		s.lim = append(s.lim, int32(len(s.trail)))
		s.assign(next, noReason)
	}
	return checked, shortened
}

// refMinimize returns clause (asserting literal first) without the
// literals implied by the others, by MiniSat's rule, from the solver's
// assignment at the conflict.
func refMinimize(s *Solver, clause []Lit) []Lit {
	in := make(map[int]bool)
	var levels uint32
	for _, l := range clause[1:] {
		in[l.Var()] = true
		levels |= 1 << (s.vd[l.Var()].level & 31)
	}
	memo := make(map[int]bool)
	var implied func(v int) bool
	implied = func(v int) bool {
		if r, ok := memo[v]; ok {
			return r
		}
		r := true
		for _, q := range append([]Lit(nil), s.reasonOf(v)...) {
			w := q.Var()
			if in[w] || s.vd[w].level == 0 {
				continue
			}
			if s.vd[w].reason == noReason || levels&(1<<(s.vd[w].level&31)) == 0 || !implied(w) {
				r = false
				break
			}
		}
		memo[v] = r
		return r
	}
	out := []Lit{clause[0]}
	for _, l := range clause[1:] {
		if v := l.Var(); s.vd[v].reason == noReason || !implied(v) {
			out = append(out, l)
		}
	}
	return out
}

func equalLits(a, b []Lit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSolveBlocksKeepsAnswers asks one solver about random assumptions in
// blocks, each query sharing its first blocks with the one before (as a
// generator's checks do), some under a small conflict budget, and checks
// each answer against a fresh solver: the blocks kept on the trail from
// one query to the next change no answer, and a solution found holds the
// assumptions.
func TestSolveBlocksKeepsAnswers(t *testing.T) {
	const n = 6
	rng := rand.New(rand.NewPCG(5, 7))
	s := latin(n)
	var blocks [][]Lit
	sat, unsat := 0, 0
	for q := range 400 {
		// Keep a prefix of the blocks, then draw new ones.
		blocks = blocks[:rng.IntN(len(blocks)+1)]
		for len(blocks) < 1+rng.IntN(5) {
			var b []Lit
			for range 1 + rng.IntN(3) {
				b = append(b, Pos(rng.IntN(n*n*n)))
			}
			blocks = append(blocks, b)
		}
		var flat []Lit
		var ends []int
		for _, b := range blocks {
			flat = append(flat, b...)
			ends = append(ends, len(flat))
		}
		s.MaxConflicts = 0
		if q%5 == 0 {
			s.MaxConflicts = 2
		}
		st, err := s.SolveBlocks(context.Background(), flat, ends)
		if errors.Is(err, ErrBudget) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		want, err := latin(n).Solve(context.Background(), flat)
		if err != nil {
			t.Fatal(err)
		}
		if st != want {
			t.Fatalf("query %d %v: status %v, a fresh solver says %v", q, blocks, st, want)
		}
		if st == Unsat {
			unsat++
			continue
		}
		sat++
		for _, l := range flat {
			if s.Value(l.Var()) != l.positive() {
				t.Fatalf("query %d: the solution breaks assumption %d", q, l)
			}
		}
	}
	if sat < 20 || unsat < 20 {
		t.Fatalf("%d queries Sat and %d Unsat: the test proves little", sat, unsat)
	}
}

// TestSolveBlocksKeepsPropagation solves under two blocks, then under the
// same first block and another second: the first block's assignments are
// kept, not made again.
func TestSolveBlocksKeepsPropagation(t *testing.T) {
	const n = 9
	s := latin(n)
	v := func(r, c, d int) Lit { return Pos((r*n+c)*n + d) }
	var flat []Lit
	for r := range 4 {
		for c := range n {
			flat = append(flat, v(r, c, (r*3+r/3+c)%n))
		}
	}
	ends := []int{len(flat), len(flat) + 1}
	flat = append(flat, v(5, 0, 4))
	if st, err := s.SolveBlocks(context.Background(), flat, ends); err != nil || st != Sat {
		t.Fatalf("first solve: %v, %v", st, err)
	}
	kept := int64(s.lim[1] - s.lim[0]) // the first block's level
	flat[len(flat)-1] = v(5, 0, 7)
	start := s.assigned
	if st, err := s.SolveBlocks(context.Background(), flat, ends); err != nil || st != Sat {
		t.Fatalf("second solve: %v, %v", st, err)
	}
	// A solve that starts over assigns every variable.
	if got, most := s.assigned-start, int64(n*n*n)-kept/2; got > most {
		t.Fatalf("the second solve made %d assignments, want at most %d: the first block (%d) was propagated again", got, most, kept)
	}
}

// TestSatLeavesNothingToPop solves under assumptions that make a whole
// Latin square, each solve with another: a solve whose assignment is
// complete stops without popping from the heap the variables propagation
// set (all of them here, where the assumptions decide everything), and
// leaves the heap empty, as those pops would have, so that the next solve
// pushes back every variable it undoes and searches as before.
func TestSatLeavesNothingToPop(t *testing.T) {
	const n = 9
	s := latin(n)
	square := make([]Lit, 0, n*n)
	squares := 0
	for shift := range n {
		square = square[:0]
		for r := range n {
			for c := range n {
				square = append(square, Pos((r*n+c)*n+(r*shift%n+r/3+c)%n))
			}
		}
		popped := s.popped
		st, err := s.Solve(context.Background(), square)
		if err != nil {
			t.Fatal(err)
		}
		if st != Sat {
			continue // not a Latin square for this shift
		}
		squares++
		if got := s.popped - popped; got != 0 {
			t.Errorf("shift %d: %d variables popped from the heap, want none: every variable was assigned", shift, got)
		}
		if s.heap.len() != 0 {
			t.Fatalf("shift %d: %d variables left in the heap", shift, s.heap.len())
		}
		for v, at := range s.heap.index {
			if at >= 0 {
				t.Fatalf("shift %d: variable %d still indexed at %d", shift, v, at)
			}
		}
	}
	if squares < 2 {
		t.Fatalf("%d shifts made a Latin square, want 2 or more", squares)
	}
	// The next solve undoes the square: every variable is back in the
	// heap, and the solver finds a square of its own.
	if st, err := s.Solve(context.Background(), nil); err != nil || st != Sat {
		t.Fatalf("a solve without assumptions: %v, %v", st, err)
	}
	s.cancelUntil(0)
	for v := range s.Vars() {
		if s.val[Pos(v)] == 0 && s.heap.index[v] < 0 {
			t.Fatalf("variable %d unassigned but not in the heap", v)
		}
	}
}

// TestArenaDoubles adds clauses until the arena holds a million literals:
// it is moved to a larger buffer about twenty times, doubling, not the
// forty-odd times of append's growth by a quarter, each a copy of all.
func TestArenaDoubles(t *testing.T) {
	const vars, size, total = 1000, 100, 1 << 20
	s := New(vars)
	lits := make([]Lit, size)
	moves := 0
	for len(s.arena) < total {
		for i := range lits {
			lits[i] = Pos((len(s.arena) + i*7) % vars)
		}
		before := cap(s.arena)
		s.attach(lits, true, 2)
		if cap(s.arena) != before {
			moves++
			if len(s.arena) > size+clauseHeader && cap(s.arena) < 2*before {
				t.Fatalf("the arena grew from %d to %d words: less than double", before, cap(s.arena))
			}
		}
	}
	if moves > 25 {
		t.Errorf("the arena was moved %d times on its way to %d words, want at most 25", moves, total)
	}
}

// TestShrinkGroupsKeepsSearch enumerates Latin squares of order 9 with
// four rows fixed at level 0, enough for Solve to simplify, with and
// without shrinking the groups: the groups must lose the variables false
// at level 0, and the search must be the same, conflict for conflict.
func TestShrinkGroupsKeepsSearch(t *testing.T) {
	const n = 9
	v := func(r, c, d int) int { return (r*n+c)*n + d }
	run := func(noShrink bool) (*Solver, []int64) {
		s := latin(n)
		s.noShrink = noShrink
		for r := range 4 {
			for c := range n {
				s.Fix(Pos(v(r, c, (r*2+c)%n)))
			}
		}
		var trace []int64
		for range 300 {
			st, err := s.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			trace = append(trace, s.Conflicts, s.assigned, s.popped)
			if st == Unsat {
				break
			}
			blockModel(s)
		}
		return s, trace
	}
	shrunk, got := run(false)
	whole, want := run(true)
	if len(got) != len(want) {
		t.Fatalf("%d solves with the groups shrunk, %d without", len(got)/3, len(want)/3)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("solve %d: conflicts, assignments, pops %v with the groups shrunk, %v without", i/3, got[i/3*3:i/3*3+3], want[i/3*3:i/3*3+3])
		}
	}
	if got[len(got)-3] == 0 {
		t.Fatal("no conflicts: the test proves nothing")
	}
	// The variables false at level 0 when simplify last ran.
	gone := make([]bool, shrunk.Vars())
	for _, l := range shrunk.trail[:shrunk.simplified] {
		if !l.positive() {
			gone[l.Var()] = true
		}
	}
	sizes := func(s *Solver) (vars int) {
		for g, gv := range s.groups {
			for _, x := range gv {
				if s == shrunk && gone[x] {
					t.Fatalf("group %d keeps variable %d, false at level 0", g, x)
				}
			}
			vars += len(gv)
		}
		return vars
	}
	if a, b := sizes(shrunk), sizes(whole); a >= b {
		t.Fatalf("the groups hold %d variables shrunk, %d whole", a, b)
	}
}

// TestBuildAfterContradiction builds small random problems of groups and
// units over 8 variables in a random order, units often first, and
// compares Solve with trying every assignment: a contradiction found
// while building (propagation stopped part way) must leave every later
// AddGroup and Fix harmless.
func TestBuildAfterContradiction(t *testing.T) {
	const vars = 8
	rng := rand.New(rand.NewPCG(13, 38))
	contradictions := 0
	for round := range 3000 {
		type step struct {
			group []int32
			unit  Lit
		}
		var steps []step
		for range 2 + rng.IntN(6) {
			if rng.IntN(3) == 0 {
				steps = append(steps, step{unit: Lit(rng.IntN(2 * vars))})
				continue
			}
			var g []int32
			for v := range vars {
				if rng.IntN(3) == 0 {
					g = append(g, int32(v))
				}
			}
			steps = append(steps, step{group: g})
		}
		s := New(vars)
		for _, st := range steps {
			if st.group == nil {
				s.Fix(st.unit)
			} else {
				s.AddGroup(st.group)
			}
		}
		if s.unsat {
			contradictions++
		}
		want := Unsat
		for a := range 1 << vars {
			ok := true
			for _, st := range steps {
				if st.group == nil {
					if (a>>st.unit.Var()&1 == 1) != st.unit.positive() {
						ok = false
					}
					continue
				}
				ones := 0
				for _, v := range st.group {
					ones += a >> v & 1
				}
				if ones != 1 {
					ok = false
				}
			}
			if ok {
				want = Sat
				break
			}
		}
		got, err := s.Solve(context.Background(), nil)
		if err != nil || got != want {
			t.Fatalf("round %d: %v (%v), want %v", round, got, err, want)
		}
	}
	if contradictions < 100 {
		t.Fatalf("%d contradictions while building: the test proves little", contradictions)
	}
}

// TestRestartsAndTiersKeepAnswers counts Latin squares with LBDRestarts
// and TieredReduce, each alone and both, with the tiers due at every
// Solve so that they delete clauses many times over.
func TestRestartsAndTiersKeepAnswers(t *testing.T) {
	for _, tt := range largeLatinCounts() {
		for _, opt := range []struct{ restarts, tiers bool }{{true, false}, {false, true}, {true, true}} {
			s := latin(tt.order)
			s.LBDRestarts, s.TieredReduce = opt.restarts, opt.tiers
			assumptions := firstRow(tt.order, tt.fixed)
			// The tiers due at every Solve.
			got, err := enumerateEach(context.Background(), s, assumptions, -1, func() { s.nextTier = s.conflicts })
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("order %d, %+v: %d squares, want %d", tt.order, opt, got, tt.want)
			}
			if opt.tiers && s.tiers == 0 {
				t.Errorf("order %d, %+v: reduceTiers never ran in %d conflicts", tt.order, opt, s.conflicts)
			}
			// A count without assumptions ends with every square blocked,
			// Unsat at level 0: simplify then has no propagated level 0 to
			// work from, and a clause may have lost every literal.
			if !s.unsat {
				s.simplify()
				checkArena(t, s)
			} else if tt.fixed > 0 {
				t.Errorf("order %d, %+v: Unsat at level 0 with %d cells fixed by assumptions", tt.order, opt, tt.fixed)
			}
			t.Logf("order %d, %+v: %d conflicts, %d tier reductions", tt.order, opt, s.conflicts, s.tiers)
		}
	}
}

// TestReduceTiersKeeps checks what reduceTiers keeps of the learnt
// clauses: those of LBD coreLBD or less, those of LBD tier2LBD or less
// used since it last ran, and the reasons of assignments; it clears the
// marks of use.
func TestReduceTiersKeeps(t *testing.T) {
	s := latin(4)
	if got := count(t, s, nil); got != 576 {
		t.Fatalf("%d squares, want 576", got)
	}
	if len(s.learnts) < 100 {
		t.Fatalf("%d clauses learnt, too few to test", len(s.learnts))
	}
	type clause struct {
		lits []Lit
		lbd  int32
		used bool
	}
	before := map[string]clause{}
	key := func(lits []Lit) string { return fmt.Sprint(lits) }
	for i, ref := range s.learnts {
		// Mark every third clause used, and give the clauses every LBD
		// from 1 to 16 in turn.
		s.arena[ref+1] = s.arena[ref+1]&(learntFlag|deletedFlag) | Lit(int32(i%16+1)<<lbdShift)
		if i%3 == 0 {
			s.arena[ref+1] |= usedFlag
		}
		c := clause{lits: slices.Clone(s.lits(ref)), lbd: s.lbd(ref), used: i%3 == 0}
		before[key(c.lits)] = c
	}
	locked := 0
	for _, ref := range s.learnts {
		if s.locked(ref) {
			locked++
		}
	}
	s.reduceTiers()
	kept := map[string]bool{}
	for _, ref := range s.learnts {
		c, ok := before[key(s.lits(ref))]
		if !ok {
			t.Fatalf("clause %v kept is not one learnt", s.lits(ref))
		}
		kept[key(c.lits)] = true
		if s.arena[ref+1]&usedFlag != 0 {
			t.Errorf("clause %v still marked used", c.lits)
		}
		if c.lbd > coreLBD && !(c.used && c.lbd <= tier2LBD) && !s.locked(ref) {
			t.Errorf("clause %v of LBD %d, used %v, kept", c.lits, c.lbd, c.used)
		}
	}
	deleted := 0
	for k, c := range before {
		if kept[k] {
			continue
		}
		deleted++
		if c.lbd <= coreLBD || (c.used && c.lbd <= tier2LBD) {
			t.Errorf("clause %v of LBD %d, used %v, deleted", c.lits, c.lbd, c.used)
		}
	}
	if deleted == 0 {
		t.Error("nothing deleted")
	}
	t.Logf("%d learnt, %d locked, %d deleted", len(before), locked, deleted)
}

// TestLBDAverages checks when LBDRestarts restarts: once the recent
// clauses are worse than the average by emaMargin, emaGap conflicts
// after the last restart at the soonest.
func TestLBDAverages(t *testing.T) {
	tests := []struct {
		name string
		lbds []int32
		want []int // the conflicts after which it restarts
	}{
		{"steady", repeat(5, 200), nil},
		{"worse", append(repeat(3, 100), repeat(20, 20)...), []int{102}},
		{"too soon", append(repeat(3, 10), repeat(20, 50)...), []int{50}},
		{"better", append(repeat(20, 100), repeat(3, 50)...), nil},
		{"worse for long", append(repeat(3, 100), repeat(30, 120)...), []int{101, 151, 201}},
	}
	for _, tt := range tests {
		var a lbdAverages
		var got []int
		for i, lbd := range tt.lbds {
			a.add(lbd)
			if a.restart() {
				got = append(got, i+1)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: restarts after conflicts %v, want %v", tt.name, got, tt.want)
		}
	}
}

func repeat(lbd int32, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = lbd
	}
	return out
}

// lateCancel is a context already cancelled whose Err answers nil the
// first time: Solve's check on entry passes, and only its polls can see
// the cancellation.
type lateCancel struct {
	context.Context
	asked bool
}

func (c *lateCancel) Err() error {
	if !c.asked {
		c.asked = true
		return nil
	}
	return c.Context.Err()
}

// TestSolvePollsDecisions: a solve that decides thousands of variables
// without a conflict (as on an open 32×32 board) still sees its context
// cancelled, within a few hundred decisions.
func TestSolvePollsDecisions(t *testing.T) {
	for _, vars := range []int{4000, 40000} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s := New(vars)
		st, err := s.Solve(&lateCancel{Context: ctx}, nil)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%d variables: Solve = %v, %v; want context.Canceled", vars, st, err)
		}
		if n := s.decisionLevel(); n != 0 {
			t.Errorf("%d variables: left at level %d, want 0", vars, n)
		}
	}
}

// TestGroupCountsMatchValues checks, after each solve of a run of Latin
// squares (each blocked once found), that a group's count is the number
// of its variables not false: propagate skips the groups of a variable
// set true whose count is one, trusting that the others are all false.
func TestGroupCountsMatchValues(t *testing.T) {
	const n = 7
	s := latin(n)
	for c := range 3 {
		s.Fix(Pos((0*n+c)*n + c))
	}
	for solve := range 100 {
		st, err := s.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if st == Unsat {
			break
		}
		if s.qhead != len(s.trail) {
			t.Fatalf("solve %d: %d of %d assignments propagated", solve, s.qhead, len(s.trail))
		}
		for g, vars := range s.groups {
			left := int32(0)
			for _, w := range vars {
				if s.val[Pos(int(w))] != -1 {
					left++
				}
			}
			if s.counts[g].left != left {
				t.Fatalf("solve %d: group %d counts %d variables not false, has %d", solve, g, s.counts[g].left, left)
			}
		}
		blockModel(s)
	}
	if s.conflicts == 0 {
		t.Fatal("no conflicts: the test proves nothing")
	}
}

// TestNotFalse checks the index of the first literal not false, from the
// third.
func TestNotFalse(t *testing.T) {
	val := []int8{-1, 1, 0, 0, 1, -1} // by literal: variables 0, 1, 2
	for _, c := range []struct {
		lits []Lit
		want int
	}{
		{[]Lit{1, 2}, -1},
		{[]Lit{1, 2, 0, 5}, -1},
		{[]Lit{1, 2, 0, 5, 3}, 4},
		{[]Lit{1, 2, 4, 3}, 2},
		{[]Lit{0, 5, 0, 2}, 3},
	} {
		if got := notFalse(val, c.lits); got != c.want {
			t.Errorf("notFalse(%v) = %d, want %d", c.lits, got, c.want)
		}
	}
}

// TestPairsKeepSearch checks that propagate's shortcut for a group of
// two variables left (a variable set true there sets the other false
// without visiting the group) is the same search as visiting the group:
// the same trail, assignment for assignment, through a run of solves
// under assumptions and blocking clauses, on Latin squares (every
// variable in three groups) and on them with an extra group that gives
// some variables a fourth (the groups of a variable found by its bounds,
// not by a stride).
func TestPairsKeepSearch(t *testing.T) {
	const n = 8
	v := func(r, c, d int) int { return (r*n+c)*n + d }
	run := func(noPairs, extra bool) (trails [][]Lit, conflicts int64) {
		s := latin(n)
		s.noPairs = noPairs
		if extra {
			// The main diagonal holds each digit once.
			for d := range n {
				diag := make([]int32, n)
				for k := range n {
					diag[k] = int32(v(k, k, d))
				}
				s.AddGroup(diag)
			}
		}
		s.Fix(Pos(v(0, 0, 0)))
		for i := range 200 {
			// Assumptions that come and go: the first cells of row 1.
			var assume []Lit
			for c := range i % 4 {
				assume = append(assume, Pos(v(1, c+1, (c+2)%n)))
			}
			st, err := s.Solve(context.Background(), assume)
			if err != nil {
				t.Fatal(err)
			}
			trails = append(trails, slices.Clone(s.trail))
			if st == Unsat {
				if len(assume) == 0 {
					break
				}
				continue
			}
			blockModel(s)
		}
		return trails, s.conflicts
	}
	for _, extra := range []bool{false, true} {
		got, conflicts := run(false, extra)
		want, _ := run(true, extra)
		if len(got) != len(want) {
			t.Fatalf("extra %v: %d solves with the shortcut, %d without", extra, len(got), len(want))
		}
		for i := range got {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("extra %v: solve %d: trail of %d assignments with the shortcut, %d without, or in another order", extra, i, len(got[i]), len(want[i]))
			}
		}
		if conflicts == 0 {
			t.Fatalf("extra %v: no conflicts: the test proves nothing", extra)
		}
	}
}

// TestStride checks that the groups of a variable are found by the
// stride when every variable has as many, by their bounds otherwise.
func TestStride(t *testing.T) {
	for _, c := range []struct {
		name   string
		extra  bool
		stride int32
	}{
		{"latin", false, 3},
		{"latin and a group", true, 0},
	} {
		s := latin(4)
		if c.extra {
			s.AddGroup([]int32{0, 5})
		}
		s.flat.build(s.groups, s.groupsOf)
		if s.flat.stride != c.stride {
			t.Errorf("%s: stride %d, want %d", c.name, s.flat.stride, c.stride)
		}
		for x := range s.Vars() {
			if got := s.flat.groupsOf(int32(x)); !slices.Equal(got, s.groupsOf[x]) {
				t.Errorf("%s: variable %d in groups %v, want %v", c.name, x, got, s.groupsOf[x])
			}
		}
	}
}

// blockModel adds the clause that rules out s's last model: not every
// variable true in it.
func blockModel(s *Solver) {
	var block []Lit
	for v := range s.Vars() {
		if s.Value(v) {
			block = append(block, Neg(v))
		}
	}
	s.AddClause(block)
}

package strategy

import (
	"fmt"
	"math"
	"math/bits"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// checkForcingStep checks that a forcing step is well formed: one
// conclusion, a node and a mark per implied candidate, links that are
// inferences of the board (weak: a true candidate makes a peer's copy or
// its cell's other digit false; strong: a false candidate makes the other
// one of a bivalue cell or bilocal unit true, or, in nets, several make
// the last candidate of a cell or place of a unit true), and an
// explanation naming the technique.
func checkForcingStep(t *testing.T, b *grid.Board, s *Step) {
	t.Helper()
	l := b.Layout()
	fail := func(format string, args ...any) {
		t.Helper()
		args = append(args, s.Explain(grid.Notation{Layout: l}))
		t.Fatalf(format+": %s", args...)
	}
	net := s.Strategy == ForcingNet()
	contradiction := s.Technique == forcingChainContradiction || s.Technique == forcingNetContradiction
	if want := []*Technique{forcingChainContradiction, forcingChainVerity}; net {
		want = []*Technique{forcingNetContradiction, forcingNetVerity, cageForcingNet}
		if !slices.Contains(want, s.Technique) {
			fail("technique %s in a forcing net", s.Name())
		}
	} else if !slices.Contains(want, s.Technique) {
		fail("technique %s in a forcing chain", s.Name())
	}
	var concl CellDigit
	switch {
	case len(s.Placements) == 1 && len(s.Eliminations) == 0:
		concl = s.Placements[0]
	case len(s.Placements) == 0 && len(s.Eliminations) == 1:
		concl = s.Eliminations[0]
	default:
		fail("%d placements and %d eliminations, want one", len(s.Placements), len(s.Eliminations))
	}
	if !b.Cands(concl.Cell).Has(concl.Digit) || s.Digits != grid.Bit(concl.Digit) {
		fail("conclusion %v is not a candidate, or digits %v", concl, s.Digits)
	}
	// The candidate nodes, each with its mark, then the rule nodes (cage
	// and compartment) the net went through.
	cands := slices.IndexFunc(s.Nodes, isRuleNode)
	if cands < 0 {
		cands = len(s.Nodes)
	}
	if cands == 0 || len(s.Marks) != cands+1 || slices.ContainsFunc(s.Nodes[cands:], func(nd Node) bool { return !isRuleNode(nd) }) {
		fail("%d nodes (%d candidates) and %d marks", len(s.Nodes), cands, len(s.Marks))
	}
	// The conclusion: a candidate eliminated (target), or placed (on).
	wantRole := RoleTarget
	if len(s.Placements) == 1 {
		wantRole = RoleOn
	}
	if m := s.Marks[cands]; m.Role != wantRole || m.Cell != concl.Cell || m.Digit != concl.Digit {
		fail("last mark %+v is not the conclusion's, role %v", m, wantRole)
	}
	if !net && cands != len(s.Nodes) {
		fail("a forcing chain with rule nodes")
	}
	checkRuleNodes(l, s, cands, fail)
	if s.Technique == cageForcingNet {
		checkCagePremises(b, s, cands, fail)
	}
	on := make([]bool, len(s.Nodes))
	for i, nd := range s.Nodes[:cands] {
		m := s.Marks[i]
		if nd.Kind != CandidateNode || len(nd.Cells) != 1 || m.Cell != nd.Cells[0] || m.Digit != nd.Digit ||
			m.Role != RoleOn && m.Role != RoleOff || !b.Cands(nd.Cells[0]).Has(nd.Digit) {
			fail("node %d %+v with mark %+v", i, nd, m)
		}
		on[i] = m.Role == RoleOn
	}
	in := make([][]int, len(s.Nodes))
	for _, k := range s.Links {
		if k.From < 0 || k.From >= len(s.Nodes) || k.To < 0 || k.To >= len(s.Nodes) {
			fail("link %+v out of range", k)
		}
		in[k.To] = append(in[k.To], k.From)
		if k.From >= cands || k.To >= cands {
			continue // checked by checkRuleNodes
		}
		a, c := s.Nodes[k.From], s.Nodes[k.To]
		ca, cc := a.Cells[0], c.Cells[0]
		switch k.Kind {
		case Weak:
			if !on[k.From] || on[k.To] || !(ca == cc && a.Digit != c.Digit || ca != cc && a.Digit == c.Digit && l.Sees(ca, cc)) {
				fail("weak link %+v is no inference", k)
			}
		case Strong:
			// False to false: a cage's fillings or a compartment's
			// straights, holding both cells, rule the second out.
			if on[k.From] || !on[k.To] && !sameRule(l, s, ca, cc) {
				fail("strong link %+v is not false to true", k)
			}
		}
	}
	var roots []int // the premises: nodes no link leads to
	for i, from := range in {
		if len(from) == 0 {
			roots = append(roots, i)
		}
	}
	for i, from := range in {
		if !on[i] || len(from) == 0 || slices.ContainsFunc(from, func(j int) bool { return j >= cands }) {
			continue // a rule's conclusion: checked by checkRuleNodes
		}
		// A true candidate follows from false ones: the other candidates
		// of its cell, or the other places of its digit in a unit.
		c, d := s.Nodes[i].Cells[0], s.Nodes[i].Digit
		falseAt := map[CellDigit]bool{}
		for _, j := range from {
			falseAt[CellDigit{s.Nodes[j].Cells[0], s.Nodes[j].Digit}] = true
		}
		covered := true
		for e := 1; e <= l.N; e++ {
			if e != d && b.Cands(c).Has(e) && !falseAt[CellDigit{c, e}] {
				covered = false
			}
		}
		for _, u := range l.CellUnit(c) {
			all := true
			for _, p := range l.Unit(u).Cells {
				if p != c && b.Cands(p).Has(d) && !falseAt[CellDigit{p, d}] {
					all = false
				}
			}
			covered = covered || all
		}
		if !covered {
			fail("true candidate %s=%d does not follow from its %d premises", l.CellName(c), d, len(from))
		}
		if !net && len(from) != 1 {
			fail("a chain node with %d premises", len(from))
		}
	}
	if s.Technique != cageForcingNet {
		checkPremises(b, s, roots, contradiction, fail)
	}
	if ex := s.Explain(grid.Notation{Layout: l}); !strings.HasPrefix(ex, s.Name()+": ") {
		fail("explanation does not name the technique")
	}
}

func isRuleNode(nd Node) bool {
	return nd.Kind == CageNode || nd.Kind == CompartmentNode || nd.Kind == SumNode
}

// checkRuleNodes checks the rule nodes of a forcing net, s.Nodes[cands:]:
// each has the cells of its cage or compartment, candidates of them made
// false linked into it, and links out of it only to candidates of them,
// weak to a false one and strong to a true one.
func checkRuleNodes(l *grid.Layout, s *Step, cands int, fail func(string, ...any)) {
	into := make([]int, len(s.Nodes))
	for _, k := range s.Links {
		if k.From < 0 || k.From >= len(s.Nodes) || k.To < 0 || k.To >= len(s.Nodes) {
			fail("link %+v out of range", k)
		}
		if k.From < cands && k.To < cands {
			continue
		}
		if k.From >= cands && k.To >= cands {
			fail("link %+v joins two rule nodes", k)
		}
		r, c := k.From, k.To
		if k.To >= cands {
			r, c = k.To, k.From
			into[r]++
			if k.Kind != Strong || s.Marks[c].Role != RoleOff {
				fail("link %+v into a rule node is not from a false candidate", k)
			}
		} else if want := map[Role]LinkKind{RoleOff: Weak, RoleOn: Strong}[s.Marks[c].Role]; k.Kind != want {
			fail("link %+v out of a rule node has the wrong kind", k)
		}
		if !slices.Contains(s.Nodes[r].Cells, s.Nodes[c].Cells[0]) {
			fail("link %+v joins a rule node and a candidate outside it", k)
		}
	}
	for i := cands; i < len(s.Nodes); i++ {
		nd := s.Nodes[i]
		var want []int
		switch nd.Kind {
		case CageNode:
			want = l.Cage(nd.Cage).Cells
		case CompartmentNode:
			want = l.Unit(nd.Unit).Cells
		case SumNode:
			want = nd.Cells // a virtual cage, checked by TestFindSumNet
			if len(want) == 0 || nd.Target <= 0 || nd.Origin == "" {
				fail("sum node %d %+v: no cells, target or origin", i, nd)
			}
		}
		// A cage forcing net's combinations are its premises.
		premise := s.Technique == cageForcingNet && nd.Kind == CageNode && len(nd.Combos) == 1
		if !slices.Equal(nd.Cells, want) || nd.Digit != 0 || into[i] == 0 && !premise {
			fail("rule node %d %+v: not its rule's cells, or no premise", i, nd)
		}
	}
}

// checkCagePremises checks the premises of a cage forcing net: a CageNode
// for each remaining combination of one cage, with no link into it and
// weak links out of it to candidates of the cage's cells outside the
// combination, assumed false; and every other node a link leads to.
func checkCagePremises(b *grid.Board, s *Step, cands int, fail func(string, ...any)) {
	if len(s.Cages) == 0 {
		fail("a cage forcing net without its cage")
		return
	}
	k := s.Cages[0]
	want := fillingCombos(b, k, b.AppendCandidates(nil), nil)
	var got []grid.Digits
	into := make([]int, len(s.Nodes))
	for _, lk := range s.Links {
		into[lk.To]++
	}
	for i := range s.Nodes {
		nd := s.Nodes[i]
		if into[i] > 0 {
			continue
		}
		if i < cands || nd.Kind != CageNode || nd.Cage != k || len(nd.Combos) != 1 {
			fail("node %d %+v: a premise that is not a combination of cage %d", i, nd, k)
			continue
		}
		got = append(got, nd.Combos[0])
		for _, lk := range s.Links {
			if lk.From != i {
				continue
			}
			c := s.Nodes[lk.To]
			if lk.Kind != Weak || lk.To >= cands || s.Marks[lk.To].Role != RoleOff || nd.Combos[0].Has(c.Digit) || !slices.Contains(nd.Cells, c.Cells[0]) {
				fail("link %+v out of combination %v is not to a candidate it rules out", lk, nd.Combos[0])
			}
		}
	}
	if len(want) < 2 || !slices.Equal(got, want) {
		fail("premises %v are not the combinations %v of cage %d", got, want, k)
	}
}

// checkPremises checks the premises of a forcing step, the nodes roots:
// a contradiction has one, a candidate assumed true or false; a verity has
// one for every alternative of a cell (its candidates) or of a digit in a
// unit (its places), each assumed true, or a candidate assumed true then
// false, so that one of them must be.
func checkPremises(b *grid.Board, s *Step, roots []int, contradiction bool, fail func(string, ...any)) {
	l := b.Layout()
	if contradiction {
		if len(roots) != 1 {
			fail("a contradiction from %d premises", len(roots))
		}
		return
	}
	if len(roots) < 2 {
		fail("a verity from %d premises", len(roots))
		return
	}
	if a, z := s.Nodes[roots[0]], s.Nodes[roots[1]]; len(roots) == 2 && a.Cells[0] == z.Cells[0] && a.Digit == z.Digit {
		if s.Marks[roots[0]].Role == s.Marks[roots[1]].Role {
			fail("a verity from one candidate assumed %v twice", s.Marks[roots[0]].Role)
		}
		return // a candidate, then its negation: one of them holds
	}
	for _, r := range roots {
		if s.Marks[r].Role != RoleOn {
			fail("premise %d of a verity is not a candidate assumed true", r)
		}
	}
	premise := map[CellDigit]bool{}
	for _, r := range roots {
		premise[CellDigit{s.Nodes[r].Cells[0], s.Nodes[r].Digit}] = true
	}
	first := s.Nodes[roots[0]]
	c, d := first.Cells[0], first.Digit
	cellAlternatives := b.Cands(c).Count() == len(roots)
	for e := 1; e <= l.N; e++ {
		if b.Cands(c).Has(e) && !premise[CellDigit{c, e}] {
			cellAlternatives = false
		}
	}
	unitAlternatives := false
	for _, u := range l.CellUnit(c) {
		n, all := 0, true
		for _, p := range l.Unit(u).Cells {
			if b.Cands(p).Has(d) {
				n++
				all = all && premise[CellDigit{p, d}]
			}
		}
		unitAlternatives = unitAlternatives || all && n == len(roots) && !l.Unit(u).Partial
	}
	if !cellAlternatives && !unitAlternatives {
		fail("the %d premises are neither every candidate of a cell nor every place of a digit in a unit", len(roots))
	}
}

// sameRule reports whether cells a and c lie in one cage of s.Cages or
// one compartment of s.Units: a rule the net followed.
func sameRule(l *grid.Layout, s *Step, a, c int) bool {
	for _, k := range s.Cages {
		if slices.Contains(l.Cage(k).Cells, a) && slices.Contains(l.Cage(k).Cells, c) {
			return true
		}
	}
	for _, u := range s.Units {
		if l.Unit(u).Kind == grid.Compartment && slices.Contains(l.Unit(u).Cells, a) && slices.Contains(l.Unit(u).Cells, c) {
			return true
		}
	}
	return false
}

// checkForcingSteps checks every step st finds on b in find-all mode
// against solution and for form, and that first-step mode finds one as
// short as the shortest; it counts the steps per technique in seen and
// returns the steps.
func checkForcingSteps(t *testing.T, b *grid.Board, solution []uint8, st *Strategy, seen map[string]int) []Step {
	t.Helper()
	sink := Sink{All: true}
	st.Find(b, &sink)
	for i := range sink.Steps() {
		s := &sink.Steps()[i]
		checkForcingStep(t, b, s)
		seen[s.Name()]++
		for _, p := range s.Placements {
			if solution[p.Cell] != uint8(p.Digit) {
				t.Fatalf("%s places %s=%d, the solution has %d: %s", s.Name(), b.Layout().CellName(p.Cell), p.Digit, solution[p.Cell], s.Explain(grid.Notation{Layout: b.Layout()}))
			}
		}
		for _, e := range s.Eliminations {
			if solution[e.Cell] == uint8(e.Digit) {
				t.Fatalf("%s eliminates the true %s=%d: %s", s.Name(), b.Layout().CellName(e.Cell), e.Digit, s.Explain(grid.Notation{Layout: b.Layout()}))
			}
		}
	}
	var first Sink
	st.Find(b, &first)
	if len(first.Steps()) != min(1, len(sink.Steps())) {
		t.Fatalf("%s: first-step mode found %d steps, find-all mode %d", st.name, len(first.Steps()), len(sink.Steps()))
	}
	if len(first.Steps()) > 0 {
		// Find-all mode lists the steps shortest first.
		if c1, c2 := cost(&first.Steps()[0]), cost(&sink.Steps()[0]); c1 != c2 {
			t.Fatalf("%s: first-step mode found a step of length %d (%s), find-all mode's first is %d long (%s)", st.name, c1, first.Steps()[0].Explain(grid.Notation{Layout: b.Layout()}), c2, sink.Steps()[0].Explain(grid.Notation{Layout: b.Layout()}))
		}
	}
	return sink.Steps()
}

// forcingSolveChecked solves b with singles and the forcing strategies,
// checking the forcing steps (see checkForcingSteps) and applying the
// first step found.
func forcingSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	var sink Sink
	for step := 0; step < 4*b.Layout().Cells && !b.Solved(); step++ {
		steps := singleSteps(b, &sink)
		for _, st := range forcingStrategies {
			if len(steps) == 0 {
				steps = checkForcingSteps(t, b, solution, st, seen)
			}
		}
		if len(steps) == 0 {
			return
		}
		steps[0].Apply(b)
	}
}

// forcingStrategies are the strategies of forcing.go.
var forcingStrategies = []*Strategy{ForcingChain(), ForcingNet()}

// cost returns the length of a forcing step as its finder measures it:
// the depths (a premise 0, an implication one more than its deepest
// premise) of the two clashing candidates of a contradiction, or of the
// last candidates of a branch.
func cost(s *Step) int {
	depth := make([]int, len(s.Nodes))
	out := make([]bool, len(s.Nodes))
	for range s.Nodes { // links may come in any order: relax to a fixed point
		for _, k := range s.Links {
			depth[k.To] = max(depth[k.To], depth[k.From]+1)
			out[k.From] = true
		}
	}
	if s.Technique == forcingChainContradiction || s.Technique == forcingNetContradiction {
		for i, a := range s.Nodes {
			for j := i + 1; j < len(s.Nodes); j++ {
				if c := s.Nodes[j]; c.Digit == a.Digit && c.Cells[0] == a.Cells[0] {
					return depth[i] + depth[j]
				}
			}
		}
	}
	sum := 0
	for i := range s.Nodes {
		if !out[i] {
			sum += depth[i]
		}
	}
	return sum
}

func TestForcingSoundOnTop1465(t *testing.T) {
	n := 300
	if quick() {
		n = 60
	}
	seen := map[string]int{}
	var s search.Searcher
	for _, b := range forcingStuckBoards(t, n) {
		sol := uniqueSolution(t, &s, b, "a stuck board of top1465")
		for _, st := range forcingStrategies {
			checkForcingSteps(t, b, sol, st, seen)
		}
	}
	t.Logf("steps checked: %v", seen)
	if quick() {
		return
	}
	for _, tech := range []*Technique{forcingChainContradiction, forcingChainVerity, forcingNetContradiction, forcingNetVerity} {
		if seen[tech.name] == 0 {
			t.Errorf("no %s met", tech.name)
		}
	}
}

func TestForcingExplain(t *testing.T) {
	tests := []struct {
		name  string
		st    *Strategy
		cands map[string]string
		want  string
	}{
		{
			// An XY-Wing seen as a cell forcing chain: either candidate of
			// the pivot r1c1 leaves 3 in a pincer.
			name:  "XY-Wing",
			st:    ForcingChain(),
			cands: map[string]string{"r1c1": "12", "r1c5": "13", "r5c1": "23", "r5c5": "345"},
			want:  "Forcing Chain Verity: r1c1=1 => r5c5<>3, r1c1=2 => r5c5<>3; so r5c5<>3 (r1c1=1 -> r1c5<>1 -> r1c5=3 -> r5c5<>3; r1c1=2 -> r5c1<>2 -> r5c1=3 -> r5c5<>3)",
		},
		{
			// r5c5=4 leaves r1c1 only 3 (a net: two chains meet, r1c1<>1
			// named beside the way through r1c1<>2), which clashes with
			// the chain through r5c9 and r1c9.
			name:  "net",
			st:    ForcingNet(),
			cands: map[string]string{"r1c1": "123", "r1c5": "14", "r5c1": "24", "r5c5": "45", "r1c9": "36", "r5c9": "46"},
			want:  "Forcing Net Contradiction: r5c5=4 => r1c9<>3 and r1c9=3; so r5c5<>4 (r5c5=4 -> r5c1<>4 -> r5c1=2 -> r1c1<>2 -> r1c1=3 (with r1c1<>1) -> r1c9<>3; r5c5=4 -> r5c9<>4 -> r5c9=6 -> r1c9<>6 -> r1c9=3)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := patTestBoard(t, nil, tt.cands)
			var sink Sink
			tt.st.Find(b, &sink)
			if len(sink.Steps()) != 1 {
				t.Fatalf("%d steps, want 1", len(sink.Steps()))
			}
			s := &sink.Steps()[0]
			checkForcingStep(t, b, s)
			if got := s.Explain(grid.Notation{Layout: b.Layout()}); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestForcingDoesNotAllocate(t *testing.T) {
	boards := forcingStuckBoards(t, 20)
	pauseGC(t) // the pool keeps its state
	findersDoNotAllocate(t, boards, forcingStrategies, 0, false)
}

// forcingStuckBoards returns boards of top1465 where every strategy
// before the forcing chains is stuck, with every forcing step applied in
// turn (so the boards are those a logic solve meets).
func forcingStuckBoards(tb testing.TB, max int) []*grid.Board {
	// Boards stuck before the chains and ALSs, so that every forcing form
	// shows (the chains find what short forcing chains would).
	passes := Plan(func(st *Strategy) bool {
		return st.Class() != Search && !st.NeedsUnique() && !st.OptIn() && (st.Level() < Unfair || st == ForcingChain() || st == ForcingNet())
	})
	var boards []*grid.Board
	var sink Sink
	sharedBoards(tb, top1465, func(b *grid.Board, _ string) bool {
		for progress := true; progress && len(boards) < max; {
			progress = false
			for _, p := range passes {
				if p.Strategy == ForcingChain() {
					boards = append(boards, b.Clone())
				}
				sink.Reset()
				sink.Form = p.Form
				p.Strategy.Find(b, &sink)
				if len(sink.Steps()) > 0 {
					sink.Steps()[0].Apply(b)
					progress = true
					break
				}
			}
		}
		return len(boards) < max
	})
	return boards
}

// TestCandidateNumbers: on every board size a candidate's number gives
// back its cell and digit (split, by a multiplication where the plane is
// not a power of two), numbers rise with the cell within a digit's plane,
// and a plane takes the fewest 64-bit words its cells need.
func TestCandidateNumbers(t *testing.T) {
	for _, tt := range []struct{ n, words int }{{4, 1}, {6, 1}, {9, 2}, {12, 3}, {16, 4}, {25, 10}, {32, 16}} {
		l, err := grid.NewLayout(grid.Config{Size: tt.n})
		if err != nil {
			t.Fatal(err)
		}
		var f forcing
		f.setup(grid.NewBoard(l), true, false)
		if f.cw != tt.words {
			t.Errorf("%d×%d: a plane of %d words, want %d", tt.n, tt.n, f.cw, tt.words)
		}
		for di := 0; di < tt.n; di++ {
			for cell := 0; cell < l.Cells; cell++ {
				c := f.cand(cell, di)
				if gc, gd := f.split(c); gc != cell || gd != di {
					t.Fatalf("%d×%d: split(cand(%d, %d)) = %d, %d", tt.n, tt.n, cell, di, gc, gd)
				}
				if int(c) >= f.cands || cell > 0 && c != f.cand(cell-1, di)+1 {
					t.Fatalf("%d×%d: cand(%d, %d) = %d out of order", tt.n, tt.n, cell, di, c)
				}
			}
		}
	}
}

// TestSpentPolls: spent, which polls the sink's cancellation once in
// spentPoll calls, says so at a search's first call when the sink was
// cancelled before, within spentPoll calls when it is cancelled during,
// and at every call after; and only of the sink found cancelled.
func TestSpentPolls(t *testing.T) {
	f := &forcing{budget: 1 << 30}
	cancel := make(chan struct{})
	sink := &Sink{Cancel: cancel}
	f.sink, f.polls = sink, 0
	for i := range 3 * spentPoll {
		if f.spent() {
			t.Fatalf("call %d: spent before the sink was cancelled", i)
		}
	}
	close(cancel)
	calls := 0
	for !f.spent() {
		if calls++; calls > spentPoll {
			t.Fatalf("not spent %d calls after the sink was cancelled", calls)
		}
	}
	for i := range 2 * spentPoll {
		if !f.spent() {
			t.Fatalf("call %d after: no longer spent", i)
		}
	}
	// A new search, on a sink cancelled before it: its first call.
	other := &Sink{Cancel: cancel}
	f.sink, f.polls = other, 0
	if !f.spent() {
		t.Error("the first call on a sink cancelled before is not spent")
	}
	// A sink not cancelled is not taken for the one that was.
	f.sink, f.polls = &Sink{Cancel: make(chan struct{})}, 0
	if f.spent() {
		t.Error("spent on a sink not cancelled")
	}
}

// TestBareNetPasses holds Forcing Net passes that close their premises
// bare until they find a step (bareNetPasses) to passes that trace every
// closure: the same step, the same work counted, on boards where the
// nets run (classic top1465 boards stuck before the forcing chains, X
// 9×9 and 25×25 starts; 16×16 boards take passNets instead). It fails
// when a bare closure takes the place of a traced one whose depths a
// step's cost reads, or counts other work.
func TestBareNetPasses(t *testing.T) {
	boards := forcingStuckBoards(t, 20)
	for line := 1; line <= 3; line++ {
		boards = append(boards, fileBoard(t, "../solver/testdata/x9-extreme.txt", line))
	}
	if !quick() {
		boards = append(boards, fileBoard(t, "../search/testdata/x25.txt", 1))
	}
	defer func() { bareNetPasses = true }()
	run := func(b *grid.Board, bare bool) (forcingFind, int, string) {
		bareNetPasses = bare
		return passResult(new(forcing), b)
	}
	found := 0
	for i, b := range boards {
		got, gotWork, gotText := run(b, true)
		want, wantWork, wantText := run(b, false)
		if got != want || gotWork != wantWork || gotText != wantText {
			t.Fatalf("board %d: bare pass found %+v, work %d, want %+v, work %d\n%s\nwant\n%s", i, got, gotWork, want, wantWork, gotText, wantText)
		}
		if got.cost > 0 {
			found++
		}
	}
	if found == 0 || found == len(boards) {
		t.Errorf("steps found on %d of %d boards: want some with and some without", found, len(boards))
	}
}

// passResult runs a Forcing Net pass of f (first-step mode) on b,
// returning the step it finds, the work it counts and the step's text.
func passResult(f *forcing, b *grid.Board) (forcingFind, int, string) {
	sink := Sink{strategy: forcingNet}
	f.sink = &sink
	defer func() { f.sink, f.b, f.l = nil, nil, nil }()
	f.setup(b, true, false)
	f.limit, f.best = math.MaxInt32, forcingFind{}
	f.pass()
	work := f.work
	text := ""
	if f.best.cost > 0 {
		f.report(&sink, f.best)
		s := sink.Steps()[0]
		text = fmt.Sprintf("%s: %s %v %v", s.Technique.Name(), s.Explain(grid.Notation{Layout: b.Layout()}), s.Nodes, s.Links)
	}
	return f.best, work, text
}

// TestPassNets holds Forcing Net passes that take closures from the last
// pass (passNets) to passes closing them all: the same step, the same
// work counted, along the boards of x16-extreme line 2's solve where the
// nets run, one forcing state kept throughout as the pool keeps it, and
// at a board of another solve met in between (which it must not take
// for this one's). A floor on the closures taken.
func TestPassNets(t *testing.T) {
	every := 1
	if quick() {
		every = 4
	}
	boards := netBenchBoards(t, 2, every)
	other := fileBoard(t, "../solver/testdata/x16-extreme.txt", 6)
	var kept forcing
	check := func(i int, b *grid.Board) {
		got, gotWork, gotText := passResult(&kept, b)
		want, wantWork, wantText := passResult(new(forcing), b)
		if got != want || gotWork != wantWork || gotText != wantText {
			t.Fatalf("board %d: the pass taking kept closures found %+v, work %d, want %+v, work %d\n%s\nwant\n%s", i, got, gotWork, want, wantWork, gotText, wantText)
		}
	}
	for i, b := range boards {
		check(i, b)
		if i == len(boards)/2 {
			check(-1, other)
		}
	}
	t.Logf("%d boards, %d closures taken", len(boards), kept.nets.kept)
	floor := 40000 // about half of what the run took when set
	if quick() {
		floor = 4000
	}
	if kept.nets.kept < floor {
		t.Errorf("%d closures taken, want at least %d", kept.nets.kept, floor)
	}
}

// TestVerityBranchClash: a verity's branch whose premise reaches a
// contradiction before the conclusion (on a board a step is redrawn on,
// see Redraw) ends in that contradiction, a candidate both true and false
// (the only one traced net closures from a candidate reach, true or false,
// on these boards), and its explanation says so: "r2c3=4 => r5c5=3 and
// r5c5<>3", followed by the ways to both: "(r2c3=4 -> ... -> r5c5=3;
// r2c3=4 -> ... -> r5c5<>3)". A branch that reaches the conclusion reads
// "=> conclusion".
func TestVerityBranchClash(t *testing.T) {
	clashText := regexp.MustCompile(`^Forcing Net Verity: (r\d+c\d+(?:=|<>)\w+) => (r\d+c\d+=\w+) and (r\d+c\d+<>\w+); so r\d+c\d+<>\w+ \((.+)\)$`)
	// wayTo reports whether way runs from premise to the literal end,
	// which may name the other nodes it follows from.
	wayTo := func(way, premise, end string) bool {
		if way == premise {
			return premise == end
		}
		ok, _ := regexp.MatchString(`^`+regexp.QuoteMeta(premise)+` -> .*`+regexp.QuoteMeta(end)+`( \(with [^()]*\))?$`, way)
		return ok
	}
	clashes, reached, others := 0, 0, 0
	f := new(forcing)
	for _, b := range append(forcingStuckBoards(t, 10), netBenchBoards(t, 1, 20)...) {
		n := grid.Notation{Layout: b.Layout()}
		f.setup(b, true, false)
		f.limit = math.MaxInt32
		for cell, ds := range b.Candidates() {
			for ; ds != 0; ds &= ds - 1 {
				for side := range int32(2) {
					premise := f.cand(cell, bits.TrailingZeros32(uint32(ds)))<<1 | side
					f.close(&f.c, premise)
					// The conclusion: a false candidate of another cell the
					// closure implies, or, for one that reaches a
					// contradiction, one it does not (nor the candidate
					// both true and false, whose two sides it draws).
					concl := int32(-1)
					for c2, ds2 := range b.Candidates() {
						for ; ds2 != 0 && concl < 0; ds2 &= ds2 - 1 {
							lit := f.cand(c2, bits.TrailingZeros32(uint32(ds2))) << 1
							clash := f.c.bad == badLiteral && lit>>1 == f.c.badAt>>1
							if c2 != cell && !clash && (f.c.bad != badNone) != f.c.has(lit) {
								concl = lit
							}
						}
					}
					if concl < 0 {
						continue
					}
					cc, di := f.split(concl >> 1)
					s := &Step{Strategy: ForcingNet(), Technique: forcingNetVerity, Eliminations: []CellDigit{{cc, di + 1}}}
					f.ruleNodes = f.ruleNodes[:0]
					lost := !f.branch(s, &f.c, concl, true)
					s.Marks = append(s.Marks, Mark{Cell: cc, Digit: di + 1, Role: RoleTarget})
					f.placeRuleNodes(s)
					text := s.Explain(n)
					switch {
					case f.c.bad == badNone:
						// Its way there follows: "(r1c2=5 -> ... -> r1c4<>5)".
						want := n.CellName(cc) + "<>" + n.DigitName(di+1)
						if lost || !strings.Contains(text, fmt.Sprintf("=> %s; so %[1]s (", want)) || !strings.HasSuffix(text, " -> "+want+")") {
							t.Fatalf("a branch reaching its conclusion: lost %v, %s", lost, text)
						}
						reached++
					case f.c.bad == badLiteral:
						m := clashText.FindStringSubmatch(text)
						if lost || m == nil || strings.Replace(m[2], "=", "<>", 1) != m[3] {
							t.Fatalf("a branch ending in a candidate both true and false: lost %v, %s", lost, text)
						}
						if ways := strings.Split(m[4], "; "); len(ways) != 2 || !wayTo(ways[0], m[1], m[2]) || !wayTo(ways[1], m[1], m[3]) {
							t.Fatalf("the ways of a branch ending in a candidate both true and false: %s", text)
						}
						if clashes == 0 {
							t.Logf("e.g. %s", text)
						}
						clashes++
					default:
						if !lost || len(s.Nodes) > 0 {
							t.Fatalf("a branch ending in contradiction %d is drawn: %s", f.c.bad, text)
						}
						others++
					}
				}
			}
		}
	}
	t.Logf("branches reaching their conclusion %d, ending in a candidate both true and false %d, in another contradiction %d", reached, clashes, others)
	if clashes < 100 || reached < 1000 {
		t.Errorf("%d clashes and %d branches reaching their conclusion, want at least 100 and 1000", clashes, reached)
	}
}

// TestForcingNetWayParents checks that a net's way names every other node a
// node follows from, those the way passed through before the node ahead of
// it too, so that each arrow can be checked on the board alone:
// r5c5<>3 -> r5c5=4 needs r5c5<>2, three arrows back.
func TestForcingNetWayParents(t *testing.T) {
	n := grid.Notation{Layout: patTestBoard(t, nil, nil).Layout()}
	cell := func(r, c int) int { return (r-1)*9 + c - 1 }
	type node struct {
		r, c, d int
		on      bool
	}
	tests := []struct {
		name  string
		nodes []node
		links [][2]int
		want  string
	}{
		{
			// r1c5=2 -> r5c5<>2 -> r5c1=2 -> r5c1<>3 -> r5c9=3 -> r5c5<>3
			// -> r5c5=4 (with r5c5<>2), which clashes with r5c5<>4.
			name: "parent earlier in the way",
			nodes: []node{
				{1, 5, 2, true}, {5, 5, 2, false}, {5, 1, 2, true}, {5, 1, 3, false},
				{5, 9, 3, true}, {5, 5, 3, false}, {5, 5, 4, true}, {1, 5, 4, false}, {5, 5, 4, false},
			},
			links: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {1, 6}, {5, 6}, {0, 7}, {7, 8}},
			want:  "r1c5=2 -> r5c5<>2 -> r5c1=2 -> r5c1<>3 -> r5c9=3 -> r5c5<>3 -> r5c5=4 (with r5c5<>2)",
		},
		{
			// A parent off the way is named as before.
			name: "parent off the way",
			nodes: []node{
				{1, 5, 2, true}, {5, 5, 2, false}, {1, 5, 3, false}, {5, 5, 3, true}, {5, 5, 4, false}, {1, 5, 4, false}, {5, 5, 4, true},
			},
			links: [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {0, 5}, {5, 6}},
			want:  "r1c5=2 -> r1c5<>3 -> r5c5=3 (with r5c5<>2) -> r5c5<>4",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Step{Technique: forcingNetContradiction, Eliminations: []CellDigit{{Cell: cell(1, 5), Digit: 2}}}
			for _, nd := range tt.nodes {
				s.Nodes = append(s.Nodes, Node{Kind: CandidateNode, Digit: nd.d, Cells: []int{cell(nd.r, nd.c)}})
				role := RoleOff
				if nd.on {
					role = RoleOn
				}
				s.Marks = append(s.Marks, Mark{Cell: cell(nd.r, nd.c), Digit: nd.d, Role: role})
			}
			for _, l := range tt.links {
				s.Links = append(s.Links, Link{From: l[0], To: l[1], Kind: Then})
			}
			w := forcingText(s, n)
			if !slices.Contains(w.paths, tt.want) {
				t.Errorf("ways\n%s\nwant one\n%s", strings.Join(w.paths, "\n"), tt.want)
			}
		})
	}
}

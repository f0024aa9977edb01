package strategy

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/internal/shared"
)

// alsBrute lists the almost locked sets of b by brute force: every subset
// of the empty cells of every unit, as sorted cell lists, without repeats.
func alsBrute(b *grid.Board, max int) map[string]grid.Digits {
	out := map[string]grid.Digits{}
	for _, u := range b.Layout().Units() {
		var free []int
		for _, c := range u.Cells {
			if b.Value(c) == 0 {
				free = append(free, c)
			}
		}
		for mask := 1; mask < 1<<len(free); mask++ {
			var cells []int
			var d grid.Digits
			for i, c := range free {
				if mask&(1<<i) != 0 {
					cells = append(cells, c)
					d |= b.Cands(c)
				}
			}
			if len(cells) <= max && d.Count() == len(cells)+1 {
				slices.Sort(cells)
				out[cellKey(cells)] = d
			}
		}
	}
	return out
}

func cellKey(cells []int) string {
	b := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		b = append(b, byte(c>>8), byte(c))
	}
	return string(b)
}

func TestALSCollector(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 9))
	layouts := []grid.Config{{Size: 9}, {Size: 6}, {Size: 9, Variant: grid.X}, {Size: 12}, {Size: 16}}
	var c ALSCollector
	for _, cfg := range layouts {
		l, err := grid.NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		boards := 10
		if quick() {
			boards = 3
		}
		if l.N > 12 {
			boards = 2 // units of more than 12 cells are searched, not tabled
		}
		for i := 0; i < boards; i++ {
			b, _ := patRandomPuzzle(t, l, r, 0.4)
			// Thin the candidates so that sets of every size appear.
			for cell := range b.Candidates() {
				for _, d := range b.Cands(cell).List(nil) {
					if b.Cands(cell).Count() > 2 && r.IntN(3) == 0 {
						b.Eliminate(cell, d)
					}
				}
			}
			max := l.N - 1
			if l.N > 9 {
				max = 8
			}
			want := alsBrute(b, max)
			got := c.Collect(b)
			if len(got) != len(want) {
				t.Errorf("%dx%d board %d: %d sets, want %d", l.N, l.N, i, len(got), len(want))
			}
			for k := range got {
				a := &got[k]
				if d, ok := want[cellKey(a.Cells)]; !ok || d != a.Digits {
					t.Fatalf("set %v %v is not an ALS (want %v)", a.Cells, a.Digits, d)
				}
				if !slices.Equal(a.Set.AppendCells(nil), a.Cells) || !cellsInUnit(l, a.Cells, a.Unit) {
					t.Fatalf("set %v: bitset %v, unit %d", a.Cells, a.Set.AppendCells(nil), a.Unit)
				}
				for d := 1; d <= l.N; d++ {
					if !a.Digits.Has(d) {
						if a.Holders(d) != nil || a.SeeAll(d) != nil {
							t.Fatalf("set %v: holders of %d, not a digit", a.Cells, d)
						}
						continue
					}
					var hold []int
					for _, cell := range a.Cells {
						if b.Cands(cell).Has(d) {
							hold = append(hold, cell)
						}
					}
					if !slices.Equal(a.Holders(d).AppendCells(nil), hold) {
						t.Fatalf("set %v: holders of %d %v, want %v", a.Cells, d, a.Holders(d).AppendCells(nil), hold)
					}
					for cell := 0; cell < l.Cells; cell++ {
						sees := !slices.Contains(a.Cells, cell)
						for _, h := range hold {
							sees = sees && l.Sees(cell, h)
						}
						if a.SeeAll(d).Has(cell) != sees {
							t.Fatalf("set %v: SeeAll(%d) has %s: %v", a.Cells, d, l.CellName(cell), !sees)
						}
					}
				}
			}
		}
	}
}

// TestALSCollectorKeepsUnits checks the units Collect keeps from one call
// to the next: along logic solves, a collector used at every state finds
// exactly the sets of a fresh one, which must search every unit.
func TestALSCollectorKeepsUnits(t *testing.T) {
	max := 20
	if quick() {
		max = 3
	}
	var kept ALSCollector
	states, sets := 0, 0
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		var fresh ALSCollector
		got, want := kept.Collect(b), fresh.Collect(b)
		if len(got) != len(want) {
			t.Fatalf("%s: %d sets kept, %d fresh", line, len(got), len(want))
		}
		for i := range got {
			g, w := &got[i], &want[i]
			if g.Unit != w.Unit || g.Digits != w.Digits || !slices.Equal(g.Cells, w.Cells) ||
				!slices.Equal(g.Set, w.Set) || !slices.Equal(g.per, w.per) {
				t.Fatalf("%s: set %d is %v %v, fresh %v %v", line, i, g.Cells, g.Digits, w.Cells, w.Digits)
			}
		}
		states++
		sets += len(got)
	})
	if states == 0 || sets == 0 {
		t.Fatal("no sets collected")
	}
	t.Logf("%d states, %d sets", states, sets)
}

// TestALSCollectorTakesDonorUnits checks the units collectFrom takes from
// a donor collector: along logic solves, a collector whose units are a
// state behind takes the changed ones from a donor that has just collected
// the state, and one given a donor a state behind must search them; both
// find exactly the sets of a fresh collector, and the sets taken stay so
// after the donor moves on to the next state.
func TestALSCollectorTakesDonorUnits(t *testing.T) {
	max := 20
	if quick() {
		max = 3
	}
	var donor, taker, stale ALSCollector
	var before []ALS // the fresh sets of the state taker last collected
	states, taken := 0, 0
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		want := new(ALSCollector).Collect(b)
		alsSameSets(t, line+" (donor a state behind)", stale.collectFrom(b, &donor), want)
		donor.Collect(b)
		if before != nil {
			alsSameSets(t, line+" (taken, after the donor moved on)", taker.Sets(), before)
		}
		for slot := range taker.units {
			if !alsSlotHolds(b, &taker.units[slot], alsSlotCells(b.Layout(), slot)) {
				taken++
			}
		}
		alsSameSets(t, line+" (taken)", taker.collectFrom(b, &donor), want)
		before = want
		states++
	})
	if states == 0 || taken == 0 {
		t.Fatalf("%d states, %d units taken", states, taken)
	}
	t.Logf("%d states, %d units taken", states, taken)
}

// alsSlotCells returns the cells of a collector's unit slot: a unit, then
// the killer cages.
func alsSlotCells(l *grid.Layout, slot int) []int {
	if slot < len(l.Units()) {
		return l.Unit(slot).Cells
	}
	return killerCages(l)[slot-len(l.Units())].Cells
}

// alsSlotHolds reports whether the cache us holds the sets of cells as
// they stand on b (unitSets.same without recording them).
func alsSlotHolds(b *grid.Board, us *unitSets, cells []int) bool {
	if !us.valid || len(us.cand) != len(cells) {
		return false
	}
	for i, cell := range cells {
		c := b.Cands(cell)
		if b.Value(cell) != 0 {
			c = 0
		}
		if us.cand[i] != c {
			return false
		}
	}
	return true
}

// alsSameSets fails t unless got holds the sets of want, in order.
func alsSameSets(t *testing.T, what string, got, want []ALS) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d sets, %d fresh", what, len(got), len(want))
	}
	for i := range got {
		g, w := &got[i], &want[i]
		if g.Unit != w.Unit || g.Cage != w.Cage || g.Digits != w.Digits || !slices.Equal(g.Cells, w.Cells) ||
			!slices.Equal(g.Set, w.Set) || !slices.Equal(g.per, w.per) {
			t.Fatalf("%s: set %d is %v %v, fresh %v %v", what, i, g.Cells, g.Digits, w.Cells, w.Digits)
		}
	}
}

func cellsInUnit(l *grid.Layout, cells []int, u int) bool {
	for _, c := range cells {
		if !cellIn(l, c, u) {
			return false
		}
	}
	return true
}

// alsStrategies are the strategies of als.go.
var alsStrategies = []*Strategy{ALSXZ(), ALSXYWing(), ALSChain(), DeathBlossom()}

// alsCheckDrawing checks the drawing fields of an ALS step: links join
// existing nodes, ALS nodes are the cells of one unit holding the node's
// digit, every elimination is marked as a target.
func alsCheckDrawing(t *testing.T, b *grid.Board, s *Step) {
	t.Helper()
	if len(s.Nodes) < 2 || len(s.Links) < 1 {
		t.Fatalf("%s: %d nodes, %d links: %s", s.Name(), len(s.Nodes), len(s.Links), s.Explain(grid.Notation{Layout: b.Layout()}))
	}
	for _, lk := range s.Links {
		if lk.From < 0 || lk.From >= len(s.Nodes) || lk.To < 0 || lk.To >= len(s.Nodes) || lk.From == lk.To {
			t.Fatalf("%s: bad link %+v", s.Name(), lk)
		}
	}
	for _, nd := range s.Nodes {
		if len(nd.Cells) == 0 {
			t.Fatalf("%s: empty node", s.Name())
		}
		var d grid.Digits
		for _, c := range nd.Cells {
			d |= b.Cands(c)
		}
		if !d.Has(nd.Digit) || nd.Kind == ALSNode && d.Count() != len(nd.Cells)+1 {
			t.Fatalf("%s: node %+v on %v: %s", s.Name(), nd, d, s.Explain(grid.Notation{Layout: b.Layout()}))
		}
	}
	for _, e := range s.Eliminations {
		if !slices.Contains(s.Marks, Mark{Cell: e.Cell, Digit: e.Digit, Role: RoleTarget}) {
			t.Fatalf("%s: elimination %v not marked", s.Name(), e)
		}
		if !s.Digits.Has(e.Digit) {
			t.Fatalf("%s: elimination %v not in digits %v", s.Name(), e, s.Digits)
		}
	}
}

// alsSolveChecked solves b with singles, the pattern strategies and the
// ALS strategies, applying the first step found in that order. Where the
// ALS strategies are reached, it asks each of them for all its steps and
// checks them against the solution.
func alsSolveChecked(t *testing.T, b *grid.Board, solution []uint8, seen map[string]int) {
	t.Helper()
	order := append([]*Strategy{NakedSingle(), HiddenSingle()}, patternStrategies...)
	var sink, one Sink
	for step := 0; step < 4*b.Layout().Cells; step++ {
		var apply *Step
		for _, st := range order {
			sink.Reset()
			st.Find(b, &sink)
			if len(sink.Steps()) > 0 {
				apply = &sink.Steps()[0]
				break
			}
		}
		if apply == nil {
			sink.Reset()
			sink.All = true
			for _, st := range alsStrategies {
				n := len(sink.Steps())
				st.Find(b, &sink)
				one.Reset()
				st.Find(b, &one)
				if (len(sink.Steps()) > n) != (len(one.Steps()) == 1) || len(one.Steps()) > 1 {
					t.Fatalf("%s: %d steps without All, %d with", st.name, len(one.Steps()), len(sink.Steps())-n)
				}
			}
			sink.All = false
			patCheckSteps(t, b, solution, &sink, seen)
			for i := range sink.Steps() {
				alsCheckDrawing(t, b, &sink.Steps()[i])
			}
			if len(sink.Steps()) == 0 {
				return
			}
			apply = &sink.Steps()[0]
		}
		apply.Apply(b)
	}
}

func TestALSSoundOnSharedSet(t *testing.T) {
	if quick() {
		t.Skip("long: runs in full without -short and -race")
	}
	seen := map[string]int{}
	var s search.Searcher
	for _, b := range patStuckBoards(t, 25) {
		alsSolveChecked(t, b, uniqueSolution(t, &s, b, "a stuck board of top1465"), seen)
	}
	for _, st := range alsStrategies {
		if seen[st.name] == 0 {
			t.Errorf("no %s step checked", st.name)
		}
	}
	t.Logf("steps checked per technique: %v", seen)
}

func TestALSExplain(t *testing.T) {
	tests := []struct {
		prefix string // of a case of the regression library
		want   string
	}{
		{":0901-1:3:.24.6.", "ALS-XZ: A=r1c4,r1c6,r2c5 {1358}, B=r1c8,r1c9,r3c8 {3589}, X=5, Z=3 => r2c7<>3"},
		{":0901-2:4568:", "ALS-XZ: A=r1c2,r1c8 {468}, B=r8c2,r8c8 {458}, X=4,8 => r2c8,r7c8,r9c8<>4, r8c5,r8c6<>5, r1c3,r1c5<>6, r2c2,r4c2,r5c2,r6c2<>8"},
		{":0902-1:7:+8...43", "ALS-XY-Wing: A=r3c5,r6c5 {789}, B=r1c8,r2c8,r3c7,r3c8,r3c9 {345679}, C=r3c6 {68}, X,Y=8,6, Z=7 => r6c8<>7"},
		{":0903-1:9:......29", "ALS Chain: A=r6c2 {79} -7- B=r9c2,r9c9 {347} -3- C=r5c8,r9c8 {137} -1- D=r6c2,r6c7 {179}, Z=9 => r6c6<>9"},
		{":0904-1:9:.1.8+4", "Death Blossom: r1c3 {356}, -3- A=r8c3,r8c8 {369}, -5- B=r1c7 {59}, -6- C=r3c1,r3c2,r3c4,r3c5 {13569}, Z=9 => r3c8<>9"},
	}
	cases := parseReglib(t, shared.Path(t, "testdata/strategies/reglib-dev.txt"))
	byCode := techniqueStrategies()
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			i := slices.IndexFunc(cases, func(c reglibCase) bool { return strings.HasPrefix(c.original, tt.prefix) })
			if i < 0 {
				t.Fatal("no such case")
			}
			c := cases[i]
			b, err := reglibBoard(c)
			if err != nil {
				t.Fatal(err)
			}
			sink := Sink{All: true}
			byCode[c.code].Find(b, &sink)
			var got []string
			for _, s := range sink.Steps() {
				if slices.Equal(sortedEffects(s.Eliminations), sortedEffects(c.elims)) {
					got = append(got, s.Explain(grid.Notation{Layout: b.Layout()}))
				}
			}
			if !slices.Contains(got, tt.want) {
				t.Errorf("explanations of the steps:\n%s\nwant %s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}

// TestDeathBlossomOverlappingPetals: in the pencil marks of line 285 of
// reglib-dev.txt (a Skyscraper case), stem r3c7 {4,9} has a Death
// Blossom only with petals that share cells (HoDoKu's "ALSs may
// overlap"): 4 of r1c8,r1c9 {4,5,9} and 9 of r1c2,r1c8,r1c9 {4,5,8,9}
// see the stem, both petals hold 5, so 5 leaves r1c5. No blossom with
// disjoint petals takes that elimination.
func TestDeathBlossomOverlappingPetals(t *testing.T) {
	var c reglibCase
	for _, rc := range parseReglib(t, shared.Path(t, "testdata/strategies/reglib-dev.txt")) {
		if rc.line == 285 {
			c = rc
		}
	}
	if c.line == 0 {
		t.Fatal("reglib-dev.txt has no case on line 285")
	}
	b, err := reglibBoard(c)
	if err != nil {
		t.Fatal(err)
	}
	want := []CellDigit{{Cell: 4, Digit: 5}} // r1c5<>5
	sink := Sink{All: true}
	DeathBlossom().Find(b, &sink)
	overlapping, disjoint := 0, 0
	for _, s := range sink.Steps() {
		if !slices.Equal(sortedEffects(s.Eliminations), want) {
			continue
		}
		// Nodes: stem candidate, petal, stem candidate, petal, ...
		var petals [][]int
		for i := 1; i < len(s.Nodes); i += 2 {
			petals = append(petals, s.Nodes[i].Cells)
		}
		shared := false
		for i := range petals {
			for j := i + 1; j < len(petals); j++ {
				shared = shared || slices.ContainsFunc(petals[i], func(x int) bool { return slices.Contains(petals[j], x) })
			}
		}
		if shared {
			if overlapping == 0 {
				t.Log(s.Explain(grid.Notation{Layout: b.Layout()}))
			}
			overlapping++
		} else {
			disjoint++
		}
	}
	if overlapping == 0 || disjoint != 0 {
		t.Errorf("Death Blossoms removing 5 from r1c5: %d with overlapping petals, %d with disjoint ones; want some, none", overlapping, disjoint)
	}
}

// TestALSDonorConcurrent runs Grouped Nice Loop/AIC and Death Blossom (which
// borrows the pooled link graph's collector as its donor) from several
// goroutines at once over stuck boards, each board after the other: every
// goroutine finds the steps of a lone run. Under -race it checks that a
// borrowed collector is nobody else's meanwhile.
func TestALSDonorConcurrent(t *testing.T) {
	n := 40
	if quick() {
		n = 8
	}
	boards := patStuckBoards(t, n)
	pair := []*Strategy{GroupedNiceLoop(), DeathBlossom()}
	run := func() []string {
		var sink Sink
		var out []string
		for _, b := range boards {
			for _, st := range pair {
				sink.Reset()
				sink.All = true
				st.Find(b, &sink)
				out = append(out, explainSteps(b, sink.Steps()))
			}
		}
		return out
	}
	want := run()
	const workers = 4
	got := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[w] = run()
		}()
	}
	wg.Wait()
	for w := range workers {
		if !slices.Equal(got[w], want) {
			t.Fatalf("worker %d found other steps than a lone run", w)
		}
	}
}

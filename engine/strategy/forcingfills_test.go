package strategy

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestListedFillsMatchTables holds the listed fillings of small sum groups
// to the tables (fewAllows): random groups of one to four cells, some
// seeing each other, with random options on the board and a target those
// reach; the options of closures within them, at random, must be allowed
// by the listed fillings what the table allows (nothing, where the
// digits drawn for the target repeat in cells that see each other), and a
// group with more
// fillings than maxListedFills must not be listed.
func TestListedFillsMatchTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 38))
	groups, compared, some, tooMany := 400, 0, 0, 0
	if quick() {
		groups = 200
	}
	for range groups {
		n := 1 + rng.IntN(maxFewCells)
		tab := groupTable{kind: tableFew}
		for i := range n {
			for j := range i {
				if rng.IntN(3) > 0 {
					tab.apart[i] |= 1 << j
					tab.apart[j] |= 1 << i
				}
			}
		}
		base := make([]grid.Digits, n)
		dense := rng.IntN(3) == 0 // about 8 candidates a cell, else 3
		for i := range base {
			for base[i] == 0 {
				if dense {
					base[i] = grid.Digits(rng.Uint32()|rng.Uint32()|rng.Uint32()) & (1<<maxTableDigits - 1)
				} else {
					base[i] = grid.Digits(rng.Uint32()&(rng.Uint32()|rng.Uint32())) & (1<<maxTableDigits - 1)
				}
			}
			tab.target += randomDigit(rng, base[i])
		}
		list, ok := appendFills(nil, &tab, base, 0, 0, tab.target, 0)
		if !ok {
			tooMany++
			if len(list) < maxListedFills {
				t.Fatalf("options %v sum %d: gave up after %d fillings", base, tab.target, len(list))
			}
			continue
		}
		coverFirst(list) // as listFills orders them
		opts := make([]grid.Digits, n)
		for range 30 {
			for i := range opts {
				opts[i] = base[i] & grid.Digits(rng.Uint32()|rng.Uint32())
			}
			got, want := fillsAllow(list, opts), tab.allows(opts)
			if got != want {
				t.Fatalf("options %v (on the board %v) sum %d apart %v: listed fillings allow %+v, the table %+v", opts, base, tab.target, tab.apart, got, want)
			}
			compared++
			if !got.none {
				some++
			}
		}
	}
	t.Logf("%d options compared, %d with a filling; %d groups with too many fillings to list", compared, some, tooMany)
	if some < compared/10 || tooMany == 0 {
		t.Errorf("%d options with a filling of %d, %d groups not listed: the cases miss a side", some, compared, tooMany)
	}
}

// randomDigit returns one of the digits of ds, at random.
func randomDigit(rng *rand.Rand, ds grid.Digits) int {
	k := rng.IntN(ds.Count())
	for range k {
		ds &= ds - 1
	}
	return ds.Min()
}

// TestNetsListedMatchTables holds the forcing nets with the listed
// fillings to the nets asking the memo and the tables alone, at the states
// along tarek line 1's logic solve where the chains and nets are asked and
// at random positions of tarek killers: each must find the same steps
// (first step, and the full list at some), with a floor of steps found.
func TestNetsListedMatchTables(t *testing.T) {
	boards := killerStatesAndPositions(t, 4)
	defer func() { listFillings = true }()
	var sink Sink
	find := func(b *grid.Board, all, listed bool) string {
		listFillings = listed
		sink.Reset()
		sink.All = all
		ForcingNet().Find(b, &sink)
		return explainSteps(b, sink.Steps())
	}
	found := map[string]int{}
	for i, b := range boards {
		for _, all := range []bool{false, true} {
			if all && i%4 != 0 {
				continue // the full list of steps is dear
			}
			got, want := find(b, all, true), find(b, all, false)
			if got != want {
				t.Fatalf("state %d (all %v): with listed fillings the nets find\n%s\nwith the tables\n%s", i, all, got, want)
			}
			found["Forcing Net"] += len(sink.Steps())
		}
	}
	t.Logf("%d states, steps compared: %v", len(boards), found)
	floor := map[string]int{"Forcing Net": 60}
	if quick() {
		floor = map[string]int{"Forcing Net": 15}
	}
	atLeast(t, found, floor)
}

// TestListedSupportPlacedCells holds listedSupport, whose options take a
// placed cell's digit from what checkListed noted for the search, to the
// group's table on boards where a cell of a listed group is first open
// with one candidate and then placed with it: the fillings listed are
// kept (the cell's option is the same digit), and the placed digits must
// be noted again, or the placed cell reads as one without a digit.
func TestListedSupportPlacedCells(t *testing.T) {
	base := killerLateStates(t, 1)[0]
	f := new(forcing)
	support := func(b *grid.Board, k int) (got, want uint64) {
		f.setup(b, true, false)
		f.close(&f.a)
		got, ok := f.listedSupport(&f.a, k)
		if !ok {
			return 0, 1 // not listed: not a case for this test
		}
		cells := f.groups[k].Cells()
		opts := make([]grid.Digits, len(cells))
		for i, c := range cells {
			opts[i] = b.Cands(c)
			if v := b.Value(c); v != 0 {
				opts[i] = grid.Bit(int(v))
			}
		}
		a := f.tables[k].allows(opts)
		for i, ds := range a.support[:len(cells)] {
			want |= uint64(ds) << (maxTableDigits * i)
		}
		return got, want
	}
	checked := 0
	defer func() { t.Logf("%d placements checked", checked) }()
	f.setup(base, true, false)
	groups := len(f.groups)
	for k := len(base.Layout().Cages()); k < groups && checked < 20; k++ {
		if f.tables[k].kind != tableFew {
			continue
		}
		for _, c := range f.groups[k].Cells() {
			for ds := base.Cands(c); ds != 0 && checked < 20; ds &= ds - 1 {
				one := base.Clone()
				if !one.SetCands(c, grid.Bit(ds.Min())) {
					t.Fatalf("cell %d: SetCands refused", c)
				}
				got, want := support(one, k)
				if got != want || want == 0 {
					continue // not listed, or no filling with the digit
				}
				placed := one.Clone()
				if !placed.Place(c, ds.Min()) || !sameOptions(one, placed, f.groups[k].Cells()) {
					continue // the fillings are listed again
				}
				if got, want := support(placed, k); got != want {
					t.Fatalf("group %d, cell %d placed %d: listed support %#x, table %#x", k, c, ds.Min(), got, want)
				}
				checked++
			}
		}
	}
	if checked < 5 {
		t.Fatalf("%d placements checked, want at least 5", checked)
	}
}

// sameOptions reports whether cells have the same options (a placed
// cell's digit, an open cell's candidates) on boards a and b.
func sameOptions(a, b *grid.Board, cells []int) bool {
	for _, c := range cells {
		oa, ob := a.Cands(c), b.Cands(c)
		if v := a.Value(c); v != 0 {
			oa = grid.Bit(int(v))
		}
		if v := b.Value(c); v != 0 {
			ob = grid.Bit(int(v))
		}
		if oa != ob {
			return false
		}
	}
	return true
}

// TestNetGroupsFollowLayout holds a forcing state used on random
// positions of tarek lines 1-2 and killer9-hard lines 1-2 in turn (other cages and sum groups) to a fresh one at each board: the same groups of each cell
// (refGroups) and the same first step, with a floor of steps found.
func TestNetGroupsFollowLayout(t *testing.T) {
	// The positions, by puzzle, taken in turn.
	byCages := map[string][]*grid.Board{}
	var keys []string
	for _, b := range append(killerPositions(t, 2, 3), puzzlePositions(t, "../solver/testdata/killer9-hard.txt", grid.Killer, 2, 3)...) {
		key := fmt.Sprint(b.Layout().Cages())
		if byCages[key] == nil {
			keys = append(keys, key)
		}
		byCages[key] = append(byCages[key], b)
	}
	var boards []*grid.Board
	for i := range 3 {
		for _, key := range keys {
			if i < len(byCages[key]) {
				boards = append(boards, byCages[key][i])
			}
		}
	}
	first := func(f *forcing, b *grid.Board) forcingFind {
		var sink Sink
		f.sink = &sink
		f.setup(b, true, false)
		f.limit, f.best = math.MaxInt32, forcingFind{}
		f.pass()
		return f.best
	}
	kept, switches, found := new(forcing), 0, 0
	for i, b := range boards {
		if i > 0 && fmt.Sprint(b.Layout().Cages()) != fmt.Sprint(boards[i-1].Layout().Cages()) {
			switches++
		}
		fresh := new(forcing)
		got, want := first(kept, b), first(fresh, b)
		if !reflect.DeepEqual(kept.cellGroups, fresh.cellGroups) {
			t.Fatalf("board %d: the cells' groups are those of another layout", i)
		}
		if got != want {
			t.Fatalf("board %d: reused state finds %+v, a fresh one %+v", i, got, want)
		}
		if want.cost > 0 {
			found++
		}
	}
	t.Logf("%d boards, %d layout switches, %d steps", len(boards), switches, found)
	if switches < 8 || found < 5 {
		t.Fatalf("%d layout switches and %d steps, want at least 8 and 5", switches, found)
	}
}

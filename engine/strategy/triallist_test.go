package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestTrialListedMatchFills holds the trials' listed fillings to the
// groups' fills (fillGroup, no memo) at the states along tarek line 1's
// logic solve and random positions of tarek killers: for every group, at
// random options within the board's (each cell keeping a random part of
// its candidates, a placed cell its digit or nothing), what the listed
// fillings allow must be what the fill finds, support, must, none and ok.
// Floors: groups answered from their lists, some with no filling left,
// some with a digit every filling uses, and groups too full to list.
func TestTrialListedMatchFills(t *testing.T) {
	boards := killerStatesAndPositions(t, 4)
	rng := rand.New(rand.NewPCG(13, 38))
	tr := new(trial)
	listed, none, must, unlisted := 0, 0, 0, 0
	for i, b := range boards {
		if !tr.start(b) {
			continue
		}
		for g := range tr.groups {
			grp := &tr.groups[g]
			if grp.distinct && len(grp.cells) == 2 {
				continue // fillPair, never listed
			}
			for range 6 {
				opts := make([]grid.Digits, len(grp.cells))
				for k, c := range grp.cells {
					keep := grid.Digits(rng.Uint32() | rng.Uint32())
					if rng.IntN(4) == 0 {
						keep = ^grid.Digits(0) // the cell as on the board
					}
					opts[k] = tr.top[c] & keep
				}
				got, ok := tr.listedFill(g, opts)
				if !ok {
					unlisted++
					continue
				}
				want := tr.fillGroup(grp, opts)
				if got != want {
					t.Fatalf("board %d group %d (cells %v, target %d, options %v): listed %+v, fill %+v",
						i, g, grp.cells, grp.target, opts, got, want)
				}
				listed++
				if got.none {
					none++
				}
				if got.must != 0 {
					must++
				}
			}
		}
	}
	t.Logf("%d boards: %d fills from lists (%d with no filling, %d with a digit every filling uses), %d not listed",
		len(boards), listed, none, must, unlisted)
	if listed < 2000 || none < 100 || must < 100 || unlisted < 50 {
		t.Errorf("%d listed, %d none, %d must, %d unlisted: too few to compare", listed, none, must, unlisted)
	}
}

// TestCageContradictionsListedMatchMemo holds Cage Contradiction and
// Nested Cage Contradiction with the listed fillings to the same searches
// on the memo and the fills alone, at the states along tarek line 1's
// logic solve and random positions of tarek killers: the same steps, first
// step and (at some) all of them, with a floor of steps found.
func TestCageContradictionsListedMatchMemo(t *testing.T) {
	boards := killerStatesAndPositions(t, 4)
	defer func() { listTrialFills = true }()
	var sink Sink
	find := func(s *Strategy, b *grid.Board, all, listed bool) string {
		listTrialFills = listed
		sink.Reset()
		sink.All = all
		s.Find(b, &sink)
		return explainSteps(b, sink.Steps())
	}
	found := map[string]int{}
	for i, b := range boards {
		for _, s := range []*Strategy{CageContradiction(), NestedContradiction()} {
			for _, all := range []bool{false, true} {
				if all && (i%4 != 0 || s != CageContradiction()) {
					continue // the full lists are dear
				}
				got, want := find(s, b, all, true), find(s, b, all, false)
				if got != want {
					t.Fatalf("board %d, %s (all %v): with listed fillings\n%s\nwith the memo\n%s", i, s.Name(), all, got, want)
				}
				found[s.Name()] += len(sink.Steps())
			}
		}
	}
	t.Logf("%d boards, steps compared: %v", len(boards), found)
	floor := map[string]int{"Cage Contradiction": 60, "Nested Cage Contradiction": 5}
	if quick() {
		floor = map[string]int{"Cage Contradiction": 15}
	}
	atLeast(t, found, floor)
}

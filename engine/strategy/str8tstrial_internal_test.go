package strategy

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// sameBoard reports whether x and y hold the same digits and candidates.
func sameBoard(x, y *grid.Board) bool {
	for c := range x.Layout().Cells {
		if x.Value(c) != y.Value(c) || x.Cands(c) != y.Cands(c) {
			return false
		}
	}
	return true
}

// TestPropagateFromAgrees follows the simple rules of the Str8ts trials
// from random boards (a candidate placed and a few others removed on
// extreme puzzles 2, 8 and 13 after their simple rules) three ways: by
// propagate, which judges every unit each round; by propagateFrom from
// scratch; and by propagateFrom from the end of the rules on the puzzle,
// a board the random one lies within (the warm start of the memos). All
// three must agree on whether the rules run out and where they end, and
// propagateExact must run out where propagate does. The windows a trial
// notes (straightTrial.windows) are checked against StraightWindows on
// every compartment of every end. Floors on both outcomes keep the test
// from passing on boards that all end one way.
func TestPropagateFromAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 38))
	var ended, ranOut int
	for _, n := range []int{2, 8, 13} {
		b := fileBoard(t, "../solver/testdata/str8ts-extreme.txt", n)
		l := b.Layout()
		full, warm, exact := newStraightTrial(l), newStraightTrial(l), newStraightTrial(l)
		full.work = b.Clone()
		if _, ok := full.propagate(); !ok {
			t.Fatalf("puzzle %d: the simple rules run out on the puzzle", n)
		}
		ref := full.work.Clone()
		for range 400 {
			x := randomTrialBoard(rng, ref)
			if x == nil {
				break
			}
			full.work = copyBoard(full.work, x)
			fail, ok := full.propagate()
			warm.work = copyBoard(warm.work, x)
			warmOK := warm.propagateFrom(ref)
			cold := x.Clone()
			exact.work = cold
			coldOK := exact.propagateFrom(nil)
			if warmOK != ok || coldOK != ok {
				t.Fatalf("puzzle %d: propagate ends %v, propagateFrom from the puzzle's end %v, from scratch %v", n, ok, warmOK, coldOK)
			}
			if !ok {
				ranOut++
				exact.work = copyBoard(exact.work, x)
				got, gotOK := exact.propagateExact(nil)
				if gotOK || got != fail || !sameBoard(exact.work, full.work) {
					t.Fatalf("puzzle %d: propagateExact ran out at %+v, propagate at %+v (or left another board)", n, got, fail)
				}
				continue
			}
			ended++
			if !sameBoard(warm.work, full.work) || !sameBoard(cold, full.work) {
				t.Fatalf("puzzle %d: propagateFrom ends elsewhere than propagate", n)
			}
			for i, u := range warm.comps {
				cells := l.Unit(u).Cells
				if got, want := warm.windows(i, cells), warm.work.StraightWindows(cells, nil); got != want {
					t.Fatalf("puzzle %d: compartment %s: windows %b noted, %b open", n, l.Unit(u).Name(), got, want)
				}
			}
		}
	}
	t.Logf("%d boards ended, %d ran out", ended, ranOut)
	if ended < 200 || ranOut < 50 {
		t.Errorf("%d boards ended and %d ran out, want at least 200 and 50", ended, ranOut)
	}
}

// TestStraightOrder checks the order Compartment Trial follows the
// straights in: every window once, the lowest first, then the highest.
func TestStraightOrder(t *testing.T) {
	for _, windows := range []grid.Digits{0b1, 0b11, 0b111, 0b101101, 0b111111 << 19} {
		var got []int
		for w := straightOrder(windows); w != 0; w >>= 5 {
			got = append(got, int(w&31))
		}
		if len(got) != windows.Count() || got[0] != windows.Min() || len(got) > 1 && got[1] != windows.Max() {
			t.Errorf("straightOrder(%b) = %v", windows, got)
		}
		var seen grid.Digits
		for _, lo := range got {
			seen |= grid.Bit(lo)
		}
		if seen != windows {
			t.Errorf("straightOrder(%b) = %v: not every window once", windows, got)
		}
	}
}

// TestApplyStraightsAsPlain follows the simple rules of the Str8ts trials
// from random boards (a candidate placed and a few others removed after
// the rules on each extreme puzzle) with the shortcut of applyStraights
// (the cells every two of a compartment's see, seeAll) and without
// (plainSee): propagate must run out at
// the same place or end on the same board, and propagateFrom, from
// scratch and from the puzzle's end, end the same way.
func TestApplyStraightsAsPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 65))
	var ended, ranOut, common, apart int
	for n := 1; n <= 15; n++ {
		b := fileBoard(t, "../solver/testdata/str8ts-extreme.txt", n)
		l := b.Layout()
		fast, plain := newStraightTrial(l), newStraightTrial(l)
		plain.plainSee = true
		for i := range fast.comps {
			if fast.seeAll[i] != nil {
				common++
			} else {
				apart++
			}
		}
		plain.work, fast.work = b.Clone(), b.Clone()
		if _, ok := plain.propagate(); !ok {
			t.Fatalf("puzzle %d: the simple rules run out on the puzzle", n)
		}
		fast.propagate()
		ref := plain.work.Clone()
		for range 300 {
			x := randomTrialBoard(rng, ref)
			if x == nil {
				break
			}
			plain.work = copyBoard(plain.work, x)
			wantFail, wantOK := plain.propagate()
			fast.work = copyBoard(fast.work, x)
			gotFail, gotOK := fast.propagate()
			if gotOK != wantOK || gotFail != wantFail || !sameBoard(fast.work, plain.work) {
				t.Fatalf("puzzle %d: propagate with the shortcuts ends %v at %+v, plain %v at %+v (or on another board)", n, gotOK, gotFail, wantOK, wantFail)
			}
			for _, from := range []*grid.Board{nil, ref} {
				plain.work = copyBoard(plain.work, x)
				wantOK := plain.propagateFrom(from)
				fast.work = copyBoard(fast.work, x)
				if gotOK := fast.propagateFrom(from); gotOK != wantOK || wantOK && !sameBoard(fast.work, plain.work) {
					t.Fatalf("puzzle %d: propagateFrom with the shortcuts ends %v, plain %v (or on another board)", n, gotOK, wantOK)
				}
			}
			if wantOK {
				ended++
			} else {
				ranOut++
			}
		}
	}
	t.Logf("%d boards ended, %d ran out; %d compartments with common cells, %d without", ended, ranOut, common, apart)
	if ended < 500 || ranOut < 200 || common == 0 || apart == 0 {
		t.Errorf("%d boards ended and %d ran out, %d and %d compartments: want at least 500, 200, 1 and 1", ended, ranOut, common, apart)
	}
}

// randomTrialBoard returns a random board within ref, a Str8ts board the
// trials' simple rules left: one of its open white cells' candidates
// placed and up to three candidates of such cells removed; nil when no
// white cell has two candidates left.
func randomTrialBoard(rng *rand.Rand, ref *grid.Board) *grid.Board {
	l := ref.Layout()
	x := ref.Clone()
	var open []int
	for c := range l.Cells {
		if x.Value(c) == 0 && !l.IsBlack(c) && x.Cands(c).Count() >= 2 {
			open = append(open, c)
		}
	}
	if len(open) == 0 {
		return nil
	}
	c := open[rng.IntN(len(open))]
	ds := x.Cands(c)
	for range rng.IntN(ds.Count()) {
		ds &= ds - 1
	}
	x.Place(c, ds.Min())
	for range rng.IntN(4) {
		c := open[rng.IntN(len(open))]
		if x.Value(c) == 0 && x.Cands(c).Count() >= 2 {
			x.Eliminate(c, x.Cands(c).Max())
		}
	}
	return x
}

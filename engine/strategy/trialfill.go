package strategy

import (
	"math/bits"

	"github.com/sudokuwise/solver/engine/grid"
)

// The fillings of the groups a trial follows (Cage Contradiction and
// Nested Cage Contradiction): the digits each cell of a cage or virtual
// cage takes in some filling, and those every filling uses.

// trialKey is a group and its cells' options.
type trialKey struct {
	group int
	opts  [grid.MaxGroupCells]grid.Digits
}

// trialFill is what a group's fillings allow its cells.
type trialFill struct {
	support [grid.MaxGroupCells]grid.Digits
	must    grid.Digits // the digits every filling uses
	none    bool
	ok      bool
}

// maxTrialMemo bounds the group states a search remembers.
const maxTrialMemo = 1 << 15

// fill returns what the fillings of group g allow with the current
// candidates.
func (t *trial) fill(g int) trialFill {
	grp := &t.groups[g]
	key := trialKey{group: g}
	for i, c := range grp.cells {
		key.opts[i] = t.cand[c]
	}
	// Every look counts against the budget, remembered or not, so that
	// what a search finds does not depend on what earlier ones left in
	// the memo.
	t.work++
	if f, ok := t.memo[key]; ok {
		return f
	}
	var f trialFill
	opts := key.opts[:len(grp.cells)]
	switch {
	case grp.distinct:
		f = t.fillDistinct(opts, grp.target)
	default:
		f = t.fillSeeing(grp, opts)
	}
	if len(t.memo) >= maxTrialMemo {
		clear(t.memo)
	}
	t.memo[key] = f
	return f
}

// boardFillNodes is the bound on nodes of grid's Board.Fill (its
// maxFillNodes), past which it gives up: sumFill, which walks the same
// tree, gives up where it does, so the two agree (TestTrialFillsAgree).
const boardFillNodes = 200_000

// seeingFill is an enumeration of the fillings of a group whose cells do
// not all see each other.
type seeingFill struct {
	opts   []grid.Digits
	sees   *[grid.MaxGroupCells]uint32
	target int
	lo, hi [grid.MaxGroupCells + 1]int // sum bounds of cells i..
	digit  [grid.MaxGroupCells]grid.Digits
	nodes  int // the nodes of Board.Fill's walk so far
	f      trialFill
}

// fillSeeing returns what the fillings of group grp allow each cell, its
// cells' options opts (see sumFill).
func (t *trial) fillSeeing(grp *trialGroup, opts []grid.Digits) trialFill {
	return sumFill(opts, &grp.sees, grp.target)
}

// sumFill returns what the fillings of cells of options opts summing to
// target allow each cell, digits distinct between cells that see each
// other (sees[i] has bit j for each earlier cell j that cell i sees): what
// Board.Fill finds (a filling is its Count, must its Must), walking the
// cells but the last, whose digit the sum then gives. Board.Fill's walk
// has the same nodes and one more a filling (its bounds leave the last
// cell that digit alone), so sumFill counts them and gives up where it
// does.
func sumFill(opts []grid.Digits, sees *[grid.MaxGroupCells]uint32, target int) trialFill {
	if len(opts) == 0 {
		return trialFill{ok: true, none: target != 0}
	}
	s := seeingFill{opts: opts, sees: sees, target: target}
	s.f = trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for i := len(opts) - 1; i >= 0; i-- {
		s.lo[i] = s.lo[i+1] + opts[i].Min()
		s.hi[i] = s.hi[i+1] + opts[i].Max()
	}
	s.walk(0, 0, 0)
	if s.nodes > boardFillNodes {
		return trialFill{}
	}
	if s.f.none {
		s.f.must = 0
	}
	return s.f
}

// walk places digits in cells i.., the earlier ones making sum and using
// the digits used.
func (s *seeingFill) walk(i, sum int, used grid.Digits) {
	if s.nodes++; s.nodes > boardFillNodes {
		return
	}
	var taken grid.Digits
	for m := s.sees[i]; m != 0; m &= m - 1 {
		taken |= s.digit[bits.TrailingZeros32(m)]
	}
	last := len(s.opts) - 1
	if i == last {
		d := s.target - sum
		if d < 1 || d > 32 || s.opts[i]&^taken&grid.Bit(d) == 0 {
			return
		}
		s.nodes++ // Board.Fill's leaf
		s.digit[i] = grid.Bit(d)
		for j := 0; j <= last; j++ {
			s.f.support[j] |= s.digit[j]
		}
		s.f.must &= used | grid.Bit(d)
		s.f.none = false
		return
	}
	for ds := s.opts[i] &^ taken; ds != 0; ds &= ds - 1 {
		d := ds.Min()
		if sum+d+s.lo[i+1] > s.target || sum+d+s.hi[i+1] < s.target {
			continue
		}
		s.digit[i] = ds & -ds
		s.walk(i+1, sum+d, used|ds&-ds)
		if s.nodes > boardFillNodes {
			return
		}
	}
}

// fillDistinct returns what the fillings of cells of options opts, all
// different, summing to target allow each cell: the digits used so far are
// the state of a walk over the cells (their sum is the mask's), so the
// fillings are the paths from the empty set to a set of the target's sum.
// The sets reached at each step are listed (in t.level), so the walk and
// the clearing of dp and back touch only those.
func (t *trial) fillDistinct(opts []grid.Digits, target int) trialFill {
	n := len(opts)
	for i := range t.level {
		for _, m := range t.level[i] {
			t.dp[i][m], t.back[i][m] = false, false
		}
		t.level[i] = t.level[i][:0]
	}
	t.dp[0][0] = true
	t.level[0] = append(t.level[0], 0)
	for i, o := range opts {
		for _, m := range t.level[i] {
			for ds := o &^ grid.Digits(m); ds != 0; ds &= ds - 1 {
				if next := m | uint16(ds&-ds); !t.dp[i+1][next] {
					t.dp[i+1][next] = true
					t.level[i+1] = append(t.level[i+1], next)
				}
			}
		}
	}
	f := trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for _, m := range t.level[n] {
		if maskSum(int(m)) == target {
			t.back[n][m] = true
			f.none = false
			f.must &= grid.Digits(m)
		}
	}
	if f.none {
		return f
	}
	for i := n - 1; i >= 0; i-- {
		for _, m := range t.level[i] {
			for ds := opts[i] &^ grid.Digits(m); ds != 0; ds &= ds - 1 {
				if t.back[i+1][m|uint16(ds&-ds)] {
					t.back[i][m] = true
					f.support[i] |= ds & -ds
				}
			}
		}
	}
	return f
}

// maskSum returns the sum of the digits of mask m (bit d-1 for digit d).
func maskSum(m int) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros(uint(m)) + 1
	}
	return s
}

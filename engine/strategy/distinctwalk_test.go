package strategy

import "github.com/sudokuwise/solver/engine/grid"

// distinctWalk is the tests' reference for the fillings of cells that all
// see each other (fillSets, distinctSets): a walk over the digit sets the
// first cells can take. back[n] marks, after fill, the sets of the
// fillings of n cells.
type distinctWalk struct {
	dp    [grid.MaxGroupCells + 1][512]bool
	back  [grid.MaxGroupCells + 1][512]bool
	level [grid.MaxGroupCells + 1][]uint16 // the sets dp reached at each step
}

// fill returns what the fillings of cells of options opts, all
// different, summing to target allow each cell: the digits used so far are
// the state of a walk over the cells (their sum is the mask's), so the
// fillings are the paths from the empty set to a set of the target's sum.
// The sets reached at each step are listed (in t.level), so the walk and
// the clearing of dp and back touch only those, and a set whose sum the
// later cells cannot bring to the target is not reached.
func (t *distinctWalk) fill(opts []grid.Digits, target int) trialFill {
	n := len(opts)
	for i := range t.level {
		for _, m := range t.level[i] {
			t.dp[i][m], t.back[i][m] = false, false
		}
		t.level[i] = t.level[i][:0]
	}
	// lo[i] and hi[i] are the least and most cells i.. add: a set whose
	// sum they cannot bring to the target is not followed.
	var lo, hi [grid.MaxGroupCells + 1]int
	for i := n - 1; i >= 0; i-- {
		lo[i] = lo[i+1] + opts[i].Min()
		hi[i] = hi[i+1] + opts[i].Max()
	}
	t.dp[0][0] = true
	t.level[0] = append(t.level[0], 0)
	for i, o := range opts {
		for _, m := range t.level[i] {
			for ds := o &^ grid.Digits(m); ds != 0; ds &= ds - 1 {
				next := m | uint16(ds&-ds)
				if sum := int(digitSums[next]); sum+lo[i+1] > target || sum+hi[i+1] < target {
					continue
				}
				if !t.dp[i+1][next] {
					t.dp[i+1][next] = true
					t.level[i+1] = append(t.level[i+1], next)
				}
			}
		}
	}
	f := trialFill{ok: true, none: true, must: ^grid.Digits(0)}
	for _, m := range t.level[n] {
		if int(digitSums[m]) == target {
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

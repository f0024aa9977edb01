package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
)

// maxRecuts bounds the recuts recutCages makes to one partition drawn.
const maxRecuts = 60

// restartNodes bounds each count of recutCages on boards larger than 9×9.
// The nodes a count of such a layout takes are heavy-tailed: most take a
// few hundred, some hundreds of thousands (a 16×16 node costs tens of
// microseconds), and a new partition costs less than the tail. With this
// bound and tight cages, 16×16 killers of 3-cell cages take 0.2–2.3 s
// (seeds 1–8); with tight cages alone, 0.25–13 s (seeds 1–6).
const restartNodes = 1000

// recutCages returns the killer layout of the cages of cells (a partition
// of fill's cells, see exactPartition) once their sums in solution make it
// the only solution, recutting cages to get there: while the search finds
// a second solution, two neighbouring cages of one size are cut again
// along another line that the second solution does not fit (a new cage's
// sum or a repeated digit rules it out), and the layout is counted again.
// It returns nil (and no error) when the recuts run out, no recut rules
// the second solution out, or a count spends its node budget.
//
// Most partitions of a board into cages of five cells leave several
// solutions, and a new partition costs as much to count as a recut one;
// a recut keeps all but two cages and rules one more solution out
// (docs/search.md, session 36).
func (g *generator) recutCages(ctx context.Context, rng *rand.Rand, fill *grid.Layout, solution []uint8, cells [][]int) (*grid.Layout, error) {
	for range maxRecuts {
		l, err := g.cageLayoutOf(fill, cagesOf(cells, false, solution, nil))
		if err != nil {
			return nil, err
		}
		g.searcher.MaxNodes = g.maxNodes
		if fill.N > 9 {
			g.searcher.MaxNodes = min(g.maxNodes, restartNodes)
		}
		res, err := g.searcher.Count(ctx, grid.NewBoard(l), 2)
		switch {
		case errors.Is(err, search.ErrNodeLimit):
			return nil, nil
		case err != nil:
			return nil, err
		case len(res.Solutions) == 1 && res.Complete:
			return l, nil
		case len(res.Solutions) < 2:
			return nil, nil
		}
		other := res.Solutions[0]
		if slices.Equal(other, solution) {
			other = res.Solutions[1]
		}
		if !recut(fill.N, cells, solution, other, rng) {
			return nil, nil
		}
	}
	return nil, nil
}

// recut cuts two neighbouring cages of cells, of one size and more than
// one cell, again, in place (see cutAgain), so that other, a second
// solution of the cages, breaks one of the new cages. It tries first the
// pairs where the two solutions differ, in a random order, and reports
// false when no pair can be so cut.
func recut(n int, cells [][]int, solution, other []uint8, rng *rand.Rand) bool {
	owner := make([]int, n*n)
	for k, cs := range cells {
		for _, c := range cs {
			owner[c] = k
		}
	}
	type pair struct{ a, b int }
	var differ, alike []pair
	seen := map[pair]bool{}
	for k, cs := range cells {
		if len(cs) < 2 {
			continue
		}
		for _, c := range cs {
			for dir := range 4 {
				p, ok := neighbour(n, c, dir)
				if !ok {
					continue
				}
				j := owner[p]
				if j <= k || len(cells[j]) != len(cs) || seen[pair{k, j}] {
					continue
				}
				seen[pair{k, j}] = true
				if differs(cs, solution, other) || differs(cells[j], solution, other) {
					differ = append(differ, pair{k, j})
				} else {
					alike = append(alike, pair{k, j})
				}
			}
		}
	}
	rng.Shuffle(len(differ), func(i, j int) { differ[i], differ[j] = differ[j], differ[i] })
	rng.Shuffle(len(alike), func(i, j int) { alike[i], alike[j] = alike[j], alike[i] })
	for _, pr := range append(differ, alike...) {
		if x, y := cutAgain(n, cells[pr.a], cells[pr.b], solution, other, rng); x != nil {
			cells[pr.a], cells[pr.b] = x, y
			return true
		}
	}
	return false
}

// differs reports whether solution and other differ in a cell of cells.
func differs(cells []int, solution, other []uint8) bool {
	for _, c := range cells {
		if solution[c] != other[c] {
			return true
		}
	}
	return false
}

// maxCutsTried bounds the cuts cutAgain tries for one pair of cages: all
// of them up to cages of 9 cells (24,310 for two cages of 9), the first
// ones in order for larger cages, whose cuts run into the millions.
const maxCutsTried = 25_000

// cutAgain returns a random cut of the cells of cages a and b (of one
// size) into two other connected cages of that size, each with distinct
// digits of solution, one of which other breaks (its sum there differs
// from solution's, or a digit repeats); nil when there is none among the
// first maxCutsTried.
func cutAgain(n int, a, b []int, solution, other []uint8, rng *rand.Rand) (x, y []int) {
	k := len(a)
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	union := slices.Sorted(slices.Values(append(slices.Clone(a), b...)))
	var cuts [][2][]int
	part := make([]int, 1, k)
	part[0] = union[0] // each cut once: the part holding union[0]
	tried := 0
	var walk func(from int)
	walk = func(from int) {
		if tried >= maxCutsTried {
			return
		}
		if len(part) == k {
			tried++
			rest := make([]int, 0, k)
			for _, c := range union {
				if !slices.Contains(part, c) {
					rest = append(rest, c)
				}
			}
			// part and rest are ascending, as union is.
			if slices.Equal(part, a) || slices.Equal(part, b) || !distinct(part, solution) || !distinct(rest, solution) ||
				!inOnePiece(n, part) || !inOnePiece(n, rest) || fitsBoth(part, rest, solution, other) {
				return
			}
			cuts = append(cuts, [2][]int{slices.Clone(part), rest})
			return
		}
		for i := from; i <= len(union)-(k-len(part)); i++ {
			part = append(part, union[i])
			walk(i + 1)
			part = part[:len(part)-1]
		}
	}
	walk(1)
	if len(cuts) == 0 {
		return nil, nil
	}
	c := cuts[rng.IntN(len(cuts))]
	return c[0], c[1]
}

// distinct reports whether the digits of values in cells differ.
func distinct(cells []int, values []uint8) bool {
	var seen grid.Digits
	for _, c := range cells {
		if seen.Has(int(values[c])) {
			return false
		}
		seen |= grid.Bit(int(values[c]))
	}
	return true
}

// fitsBoth reports whether other fits both cages x and y as solution
// fills them: the same sums, and distinct digits.
func fitsBoth(x, y []int, solution, other []uint8) bool {
	for _, cs := range [][]int{x, y} {
		sum := 0
		for _, c := range cs {
			sum += int(other[c]) - int(solution[c])
		}
		if sum != 0 || !distinct(cs, other) {
			return false
		}
	}
	return true
}

// inOnePiece reports whether cells, on a board of side n, are one piece
// through their sides.
func inOnePiece(n int, cells []int) bool {
	reached := []int{cells[0]}
	for i := 0; i < len(reached); i++ {
		for dir := range 4 {
			p, ok := neighbour(n, reached[i], dir)
			if ok && slices.Contains(cells, p) && !slices.Contains(reached, p) {
				reached = append(reached, p)
			}
		}
	}
	return len(reached) == len(cells)
}

package generate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// maxCageLayouts is the number of cage layouts an attempt tries for one
// that the cages alone make unique, before it gives the last one clues.
const maxCageLayouts = 12

// screenNodes bounds the search that screens a cage layout the logic
// solver could not finish: most layouts are settled by logic or quickly
// shown to have two solutions, and a new layout is cheaper than a long
// search.
const screenNodes = 20_000

// cage sizes drawn for killer and KenKen cages, by weight: killer cages of
// 2 to 5 cells, KenKen cages of 1 to 4 with pairs the most common. Small
// cages keep the exact search quick and make uniqueness likely.
var (
	killerSizes = []int{0, 0, 60, 35, 5}
	kenKenSizes = []int{0, 10, 45, 35, 10}
)

// cageLayout draws cages for the solution grid of a New cage puzzle and
// returns the layout with its cages and the clues to dig from: none when
// the cages alone make the solution unique, else every cell (the digger
// then keeps the clues needed).
func (g *generator) cageLayout(ctx context.Context, rng *rand.Rand, fill *grid.Layout, solution []uint8) (*grid.Layout, []uint8, error) {
	var l *grid.Layout
	for range maxCageLayouts {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if g.cfg.CageSize > 0 {
			cells := exactCages(ctx, fill, g.cfg.CageSize, solution, rng)
			if cells == nil {
				continue
			}
			l, err := g.recutCages(ctx, rng, fill, solution, cells)
			if err != nil {
				return nil, nil, err
			}
			if l != nil {
				return l, make([]uint8, l.Cells), nil
			}
			continue
		}
		cages := randomCages(fill, g.variant.Arithmetic(), solution, rng)
		if cages == nil {
			continue
		}
		var err error
		if l, err = g.cageLayoutOf(fill, cages); err != nil {
			return nil, nil, err
		}
		if g.cagesUnique(ctx, l) {
			return l, make([]uint8, l.Cells), nil
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
	}
	if l == nil || g.cfg.CageSize > 0 || g.cfg.CagesAlone {
		// Cages of one size, and cages asked alone, come without clues
		// or not at all.
		return nil, nil, errRetry
	}
	return l, solution, nil
}

// cageLayoutOf returns the layout of fill's regions with cages.
func (g *generator) cageLayoutOf(fill *grid.Layout, cages []grid.Cage) (*grid.Layout, error) {
	l, err := grid.NewLayout(grid.Config{Size: g.n, Variant: g.variant, Regions: regionsOf(fill), Cages: cages})
	if err != nil {
		// Cages drawn here that fail are a bug, not bad input.
		return nil, fmt.Errorf("building a %s layout: %v", g.variant, err)
	}
	return l, nil
}

// cagesUnique reports whether the cages of l alone, without clues, are
// proved to have exactly one solution (see digger.unique), with a short
// search.
func (g *generator) cagesUnique(ctx context.Context, l *grid.Layout) bool {
	d := newDigger(g, l, nil)
	// Cages of one size must make the puzzle alone, so they get the full
	// budget; other layouts only a screen.
	if g.cfg.CageSize == 0 {
		d.maxNodes = min(d.maxNodes, screenNodes)
	}
	unique, _, err := d.unique(ctx, make([]uint8, l.Cells))
	return err == nil && unique
}

// regionsOf returns the region map of an irregular layout, nil for
// regular boxes or none.
func regionsOf(l *grid.Layout) []int {
	if l.Regions() == nil || l.BoxRows != 0 {
		return nil
	}
	return append([]int(nil), l.Regions()...)
}

// randomCages partitions the cells into connected cages of random sizes
// and gives each its target from the solution. Killer cages hold distinct
// digits and sum; KenKen cages (arithmetic) take an operator: none for one
// cell, subtraction or division (when exact) mostly for two, else addition
// or multiplication. Lone killer cells join a neighbouring cage; when one
// cannot, randomCages returns nil (a killer cage of one cell is a clue in
// disguise, and 2.0 strings write it as one). Cages list their cells
// ascending and come in the order of their first cells, as decoders give
// them back, so that the grade of the puzzle and of its text agree.
func randomCages(l *grid.Layout, arithmetic bool, solution []uint8, rng *rand.Rand) []grid.Cage {
	n := l.N
	sizes := killerSizes
	if arithmetic {
		sizes = kenKenSizes
	}
	owner := make([]int, l.Cells)
	for i := range owner {
		owner[i] = -1
	}
	var cages [][]int
	var frontier []int
	for _, start := range rng.Perm(l.Cells) {
		if owner[start] >= 0 {
			continue
		}
		size := min(weighted(sizes, rng), n)
		k := len(cages)
		cells := []int{start}
		owner[start] = k
		used := grid.Bit(int(solution[start]))
		for len(cells) < size {
			frontier = frontier[:0]
			for _, c := range cells {
				for dir := range 4 {
					p, ok := neighbour(n, c, dir)
					if ok && owner[p] < 0 && (arithmetic || !used.Has(int(solution[p]))) {
						frontier = append(frontier, p)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			p := frontier[rng.IntN(len(frontier))]
			owner[p] = k
			cells = append(cells, p)
			used |= grid.Bit(int(solution[p]))
		}
		cages = append(cages, cells)
	}
	if !arithmetic {
		cages = mergeSingles(n, cages, owner, solution, rng)
	}
	kept := cages[:0]
	for _, cells := range cages {
		switch {
		case len(cells) == 0:
			continue
		case len(cells) == 1 && !arithmetic:
			return nil
		}
		kept = append(kept, cells)
	}
	return cagesOf(kept, arithmetic, solution, rng)
}

// cagesOf returns the cages of cells with their operators and targets
// from solution (see cageOf, called in the order of cells), each cage's
// cells ascending (cells itself is left as it is: recutCages draws its
// recuts in the order of its cells) and the cages in the order of their
// first cells, as decoders give them back, so that the grade of a puzzle
// and of its text agree.
func cagesOf(cells [][]int, arithmetic bool, solution []uint8, rng *rand.Rand) []grid.Cage {
	out := make([]grid.Cage, len(cells))
	for i, cs := range cells {
		out[i] = cageOf(slices.Sorted(slices.Values(cs)), arithmetic, solution, rng)
	}
	slices.SortFunc(out, func(a, b grid.Cage) int { return a.Cells[0] - b.Cells[0] })
	return out
}

// exactPartitions bounds the partitions exactCages draws for one layout:
// most draws strand a cell that no cage of the size can reach.
const exactPartitions = 2000

// exactCages partitions the cells into connected killer cages of size
// cells with distinct digits of solution, the Cells mod size cells left
// over being cages of one cell, and returns each cage's cells; nil when
// no draw succeeds.
// Each cage starts at the free cell with the fewest free neighbours and
// grows to the frontier cell with the fewest, which rarely strands one.
// On boards larger than 9×9 it grows instead to the frontier cell, among
// those with at most one free neighbour more than the fewest, whose digit
// takes the cage's sum furthest from the middle (see tightest).
//
// A draw of a large board takes milliseconds (every cage scans the open
// cells): exactCages stops, returning nil, once ctx ends.
func exactCages(ctx context.Context, l *grid.Layout, size int, solution []uint8, rng *rand.Rand) [][]int {
	for range exactPartitions {
		if ctx.Err() != nil {
			return nil
		}
		if cages := exactPartition(l, size, solution, rng); cages != nil {
			return cages
		}
	}
	return nil
}

// exactPartition makes one draw of exactCages; nil when it fails.
func exactPartition(l *grid.Layout, size int, solution []uint8, rng *rand.Rand) [][]int {
	n := l.N
	owner := make([]int, l.Cells)
	for i := range owner {
		owner[i] = -1
	}
	free := func(c int) int {
		k := 0
		for dir := range 4 {
			if p, ok := neighbour(n, c, dir); ok && owner[p] < 0 {
				k++
			}
		}
		return k
	}
	// fewest returns a random one of the cells with the fewest free
	// neighbours.
	fewest := func(cells []int) int {
		d := newDraw(rng)
		for _, c := range cells {
			d.offer(c, -free(c))
		}
		return d.pick
	}
	singles := l.Cells % size
	var cages [][]int
	var open, frontier []int
	for {
		open = open[:0]
		for c := range l.Cells {
			if owner[c] < 0 {
				open = append(open, c)
			}
		}
		if len(open) == 0 {
			return cages
		}
		start := fewest(open)
		k := len(cages)
		cells := []int{start}
		owner[start] = k
		used := grid.Bit(int(solution[start]))
		for len(cells) < size {
			frontier = frontier[:0]
			for _, c := range cells {
				for dir := range 4 {
					p, ok := neighbour(n, c, dir)
					if ok && owner[p] < 0 && !used.Has(int(solution[p])) && !slices.Contains(frontier, p) {
						frontier = append(frontier, p)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			var p int
			if n > 9 {
				p = tightest(frontier, free, solution, cells, n, rng)
			} else {
				p = fewest(frontier)
			}
			owner[p] = k
			cells = append(cells, p)
			used |= grid.Bit(int(solution[p]))
		}
		if len(cells) < size {
			if len(cells) != 1 || singles == 0 {
				return nil
			}
			singles--
		}
		cages = append(cages, cells)
	}
}

// tightest returns a random one of the frontier cells, among those with
// at most one free neighbour more than the fewest (free counts them), whose
// digit in solution takes the sum of the cage's cells furthest from its
// middle, size times (n+1)/2.
//
// A cage whose sum is near its least or greatest has few combinations of
// digits. On boards larger than 9×9, cages of one size drawn without
// regard to their digits mostly leave a search of hundreds of thousands of
// nodes to prove a layout unique (or find it is not), where tight cages
// leave a few hundred: 16×16 killers of 3-cell cages come in about a
// second rather than in tens of seconds (docs/generating.md). On 9×9
// boards the search is quick either way, and the cages keep the spread of
// sums that makes the hardest killers hard.
func tightest(frontier []int, free func(int) int, solution []uint8, cells []int, n int, rng *rand.Rand) int {
	fewest := 5
	for _, c := range frontier {
		fewest = min(fewest, free(c))
	}
	// Twice the cage's sum less its middle, in whole numbers.
	off := 0
	for _, c := range cells {
		off += 2*int(solution[c]) - (n + 1)
	}
	d := newDraw(rng)
	for _, c := range frontier {
		if free(c) > fewest+1 {
			continue
		}
		t := off + 2*int(solution[c]) - (n + 1)
		d.offer(c, max(t, -t))
	}
	return d.pick
}

// draw picks one of the cells offered to it with the highest score, at
// random among the ties (each of k tied cells with probability 1/k).
type draw struct {
	rng   *rand.Rand
	best  int
	count int // the cells offered with the best score
	pick  int // the cell picked, -1 before any
}

// newDraw returns a draw with nothing offered yet.
func newDraw(rng *rand.Rand) draw {
	return draw{rng: rng, best: math.MinInt, pick: -1}
}

// offer considers cell c with score.
func (d *draw) offer(c, score int) {
	switch {
	case score > d.best:
		d.best, d.count, d.pick = score, 1, c
	case score == d.best:
		d.count++
		if d.rng.IntN(d.count) == 0 {
			d.pick = c
		}
	}
}

// mergeSingles joins each killer cage of one cell to a random neighbouring
// cage that lacks its digit and has room (one cell more than drawn cages
// have), leaving it alone when none does.
func mergeSingles(n int, cages [][]int, owner []int, solution []uint8, rng *rand.Rand) [][]int {
	maxSize := min(len(killerSizes), n)
	for k, cells := range cages {
		if len(cells) != 1 {
			continue
		}
		cell := cells[0]
		var options []int
		for dir := range 4 {
			p, ok := neighbour(n, cell, dir)
			if !ok {
				continue
			}
			other := owner[p]
			if other == k || len(cages[other]) >= maxSize || containsDigit(cages[other], solution, solution[cell]) {
				continue
			}
			options = append(options, other)
		}
		if len(options) == 0 {
			continue
		}
		other := options[rng.IntN(len(options))]
		cages[other] = append(cages[other], cell)
		owner[cell] = other
		cages[k] = nil
	}
	return cages
}

func containsDigit(cells []int, solution []uint8, d uint8) bool {
	for _, c := range cells {
		if solution[c] == d {
			return true
		}
	}
	return false
}

// cageOf returns the cage of cells with its operator and target.
func cageOf(cells []int, arithmetic bool, solution []uint8, rng *rand.Rand) grid.Cage {
	sum, prod := 0, 1
	for _, c := range cells {
		sum += int(solution[c])
		prod *= int(solution[c])
	}
	cg := grid.Cage{Cells: cells, Target: sum, Op: grid.OpAdd}
	if !arithmetic {
		return cg
	}
	switch len(cells) {
	case 1:
		cg.Op = grid.OpNone
	case 2:
		a, b := int(solution[cells[0]]), int(solution[cells[1]])
		hi, lo := max(a, b), min(a, b)
		switch x := rng.IntN(10); {
		case hi%lo == 0 && hi != lo && x < 5:
			cg.Op, cg.Target = grid.OpDiv, hi/lo
		case hi != lo && x < 8:
			cg.Op, cg.Target = grid.OpSub, hi-lo
		case x < 9:
			cg.Op, cg.Target = grid.OpMul, prod
		}
	default:
		if rng.IntN(2) == 0 && prod <= maxKenKenTarget {
			cg.Op, cg.Target = grid.OpMul, prod
		}
	}
	return cg
}

// maxKenKenTarget is the largest target a SudokuWiki 2.0 KenKen string
// holds; larger products become sums.
const maxKenKenTarget = 2047

// weighted draws an index of weights with probability proportional to its
// weight.
func weighted(weights []int, rng *rand.Rand) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := rng.IntN(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

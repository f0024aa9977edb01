package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// digger removes clues from a puzzle while the exact search proves it
// unique.
type digger struct {
	g        *generator
	l        *grid.Layout
	solution []uint8
	board    *grid.Board // scratch board of the checks
	spare    *grid.Board // scratch board of the singles
	trial    *grid.Board // scratch board of a search for another solution
	classic  bool        // whether the layout is classic 9×9
	implied  [][]int     // the units the layout implies (grid.Layout.ImpliedUnits)
	maxNodes int64       // the node budget of a search
	// passes are the node budgets of the passes of digging: each pass
	// tries again the orbits the one before could not settle.
	passes []int64
	// needed marks the clues proved necessary: removing the clues of
	// their orbit, from the puzzle then or from one with more clues, left
	// several solutions. Fewer clues only allow more solutions, so such
	// clues stay necessary to the end.
	needed  []bool
	scratch [2]int
	// checker, on boards of 16×16 and above that clause learning takes,
	// answers the checks after the singles instead of the search (see
	// search.ClueChecker); its budgets are conflicts.
	checker *search.ClueChecker
	// forks are the diggers of the checks widePass runs beside d's.
	forks []*digger
	// clues are the clues being dug: when digging is cut short, a unique
	// puzzle that may not be minimal.
	clues []uint8
	// witnesses are the other solutions building found, kept while
	// digging: once the clues left where one differs from the grid are
	// those of one orbit, that orbit is needed (see removed). byCell
	// lists the witnesses that differ at each cell.
	witnesses []witness
	byCell    [][]int32
	// witnessOf is, for each clue built, the witness it was added for
	// (-1 for none): its check starts the search there (see
	// learntUnique).
	witnessOf []int32
	other     []uint8 // scratch: a witness's solution
	// witnessed counts the orbits the witnesses proved needed while
	// digging, each a check saved.
	witnessed int
	plan      []int // scratch: the cells of a pass, in order (see widePass)
	// built is the work of building (see search.LearnWork), and wasted
	// that of digging's checks whose budget ran out before they settled
	// (widePass), for the measurements of TestPhases25.
	built, wasted search.LearnWork
}

func newDigger(g *generator, l *grid.Layout, solution []uint8) *digger {
	d := &digger{
		g: g, l: l, solution: solution,
		board: grid.NewBoard(l), spare: grid.NewBoard(l), trial: grid.NewBoard(l), classic: search.IsClassic(l), maxNodes: g.maxNodes,
		implied: l.ImpliedUnits(),
		needed:  make([]bool, l.Cells),
		passes:  digPasses(l.N, g.maxNodes),
	}
	// From 16×16 up the checker pays: 16×16 X took 0.25–0.57 s rather
	// than 0.43–1.40 s (seeds 1–4), jigsaw a third to a half of the time,
	// classic the same (docs/generating.md, session 37).
	if l.N >= 16 && solution != nil {
		if d.checker = search.NewClueChecker(l, solution); d.checker != nil {
			d.passes = learnPasses(g.maxNodes)
		}
	}
	return d
}

// digPasses returns the node budgets of the passes of digging a board of
// side n. Above 16×16, where a check's node costs most and many checks
// settle nothing within the budget, passes with a hundredth and a tenth
// of it go first: the checks that settle quickly are made first, and each
// check that settles nothing costs a hundredth of the budget, not all of
// it, until the last pass. On 25×25 this takes digging in the default 30 s
// from about 293 clues to about 270.
func digPasses(n int, maxNodes int64) []int64 {
	if n <= 16 {
		return []int64{maxNodes}
	}
	return []int64{max(maxNodes/100, 1), max(maxNodes/10, 1), maxNodes}
}

// learnPasses returns the conflict budgets of the passes of digging with
// a ClueChecker: 1, 3, 10, 30, … up to maxNodes. Most checks of a 25×25
// settle within a few conflicts, most of the others within a few hundred;
// and the checker learns from each, so a check put off to a later pass
// often costs less there. Digging three 25×25 grids took 12, 13 and 75 s
// of CPU with these budgets, 14, 37 and 39 s with tenfold steps (1, 10,
// 100, …); which clues go first changes the puzzle, so single runs vary
// widely.
func learnPasses(maxNodes int64) []int64 {
	var passes []int64
	for b := int64(1); b < maxNodes; b *= 10 {
		passes = append(passes, b)
		if 3*b < maxNodes {
			passes = append(passes, 3*b)
		}
	}
	return append(passes, maxNodes)
}

// dig removes clues from start (which it does not change) in random
// symmetric orbits, keeping each removal that leaves the puzzle unique
// (and, for a non-minimal puzzle with a level, no harder than asked). It
// then proves the result minimal: every orbit of clues not already known
// to be needed is removed and the puzzle must lose uniqueness. It returns
// the clues and whether they are proved minimal. With NonMinimal it makes
// no further search: the clues are proved minimal only when digging
// proved every one needed.
func (d *digger) dig(ctx context.Context, rng *rand.Rand, start []uint8) ([]uint8, bool, error) {
	clues := append([]uint8(nil), start...)
	d.clues = clues
	if empty(clues) {
		// A cage puzzle the cages alone make unique.
		return clues, true, nil
	}
	keep := d.g.cfg.NonMinimal || d.g.keepLevel
	graded := keep && d.g.cfg.Level != strategy.Unrated && d.g.cfg.Level < strategy.Extreme
	orbits := shuffledOrbits(d.l.N, d.g.cfg.Symmetry, rng)
	todo := orbits
	// With a checker (from 16×16 up), where a check costs most, checks
	// run side by side, unless each removal must also keep the grade; and
	// digging starts from a unique puzzle built by adding clues, with the
	// orbits it proved needed set aside.
	wide := d.checker != nil && !graded
	if wide {
		built, ok, err := d.build(ctx, rng, clues, orbits)
		if err != nil {
			// Cut short: what was built, made unique by the singles,
			// is closer to minimal than the start.
			d.completeBuilt(clues, built)
			return nil, false, err
		}
		if ok {
			copy(clues, built)
			todo = d.unsettled(orbits, clues)
		}
	}
	for _, budget := range d.passes {
		var later [][2]int
		var err error
		if wide {
			later, err = d.widePass(ctx, clues, todo, budget)
		} else {
			later, err = d.pass(ctx, clues, todo, budget, graded)
		}
		if err != nil {
			return nil, false, err
		}
		todo = later
	}
	if keep {
		// No proof is asked for, but digging may have made one for free:
		// every clue left was put back because its removal lost
		// uniqueness.
		return clues, d.allNeeded(clues), nil
	}
	minimal, err := d.minimal(ctx, orbits, clues)
	return clues, minimal, err
}

// pass tries to remove the clues of each orbit of todo in turn, with
// budget nodes a check, keeping each removal that leaves the puzzle
// unique (and, if graded, no harder than asked). It returns the orbits it
// could not settle. On error the clues are a unique puzzle still.
func (d *digger) pass(ctx context.Context, clues []uint8, todo [][2]int, budget int64, graded bool) (later [][2]int, err error) {
	for _, orbit := range todo {
		removed := d.clueCells(orbit, clues)
		if len(removed) == 0 || d.anyNeeded(removed) {
			continue
		}
		for _, cell := range removed {
			clues[cell] = 0
		}
		unique, settled, err := d.stillUnique(ctx, clues, removed, budget)
		keep := unique
		if err == nil && unique && graded {
			keep, err = d.gradedWithin(ctx, clues)
		}
		if err != nil {
			// Cut short: put the orbit back, leaving a unique puzzle.
			for _, cell := range removed {
				clues[cell] = d.solution[cell]
			}
			return nil, err
		}
		if keep {
			d.removed(clues, removed)
			continue
		}
		d.putBack(clues, removed, settled && !unique)
		if !settled {
			later = append(later, orbit)
		}
	}
	return later, nil
}

// putBack restores the clues of cells, marking them needed (see needed)
// when their removal was proved to lose uniqueness. A clue proved needed
// meanwhile (a witness, while widePass took the verdicts of a wave) stays
// needed whatever this check found: the checkers have it fixed for good.
func (d *digger) putBack(clues []uint8, cells []int, needed bool) {
	for _, cell := range cells {
		clues[cell] = d.solution[cell]
	}
	if needed {
		d.markNeeded(clues, cells)
	}
}

// anyNeeded reports whether a clue of cells, an orbit's, is needed. The
// checkers hold a needed clue fixed, so a check that takes it away would
// answer for a puzzle that still has it.
func (d *digger) anyNeeded(cells []int) bool {
	return slices.ContainsFunc(cells, func(cell int) bool { return d.needed[cell] })
}

// markNeeded marks needed (see needed) the clues of cells and the other
// clue of each one's orbit, fixing them in the checkers: an orbit's clues
// are taken away together, so they stay together, and a check must never
// take away a clue the checkers hold fixed (see anyNeeded).
func (d *digger) markNeeded(clues []uint8, cells []int) {
	for _, cell := range cells {
		d.need(cell)
		if m := mate(d.l.N, cell, d.g.cfg.Symmetry); m != cell && clues[m] != 0 && !d.l.IsBlack(m) {
			d.need(m)
		}
	}
}

// need marks the clue at cell needed and fixes it in the checkers.
func (d *digger) need(cell int) {
	if d.needed[cell] {
		return
	}
	d.needed[cell] = true
	if d.checker != nil {
		d.checker.Keep(cell)
		for _, w := range d.forks {
			w.checker.Keep(cell)
		}
	}
}

// removed updates the witnesses for the clues of cells, just taken away
// for good: a witness differs from the grid in fewer clues, and one that
// differs in the clues of a single orbit now proves that orbit needed,
// saving its check. A witness solves the rules and every clue outside
// the cells where it differs, so without that orbit's clues it is
// another solution, and taking away more clues does not change that.
func (d *digger) removed(clues []uint8, cells []int) {
	if d.byCell == nil {
		return // nothing was built
	}
	for _, cell := range cells {
		for _, id := range d.byCell[cell] {
			w := &d.witnesses[id]
			if w.held--; w.held <= 2 {
				d.proveByWitness(clues, w)
			}
		}
	}
}

// witnessFor returns the solution of the witness that cell's clue was
// built for, or nil: the clues added after it spoiled its proof, but it
// solves the rules and differs from the grid at cell, so a check of that
// clue that starts its search there often finds another solution close
// to it within a few conflicts.
func (d *digger) witnessFor(cell int) []uint8 {
	if d.witnessOf == nil || d.witnessOf[cell] < 0 {
		return nil
	}
	w := &d.witnesses[d.witnessOf[cell]]
	d.other = append(d.other[:0], d.solution...)
	for i, c := range w.cells {
		d.other[c] = w.vals[i]
	}
	return d.other
}

// proveByWitness marks needed the orbit of clues that w differs in, when
// they all lie in one orbit not proved needed yet.
func (d *digger) proveByWitness(clues []uint8, w *witness) {
	var cells [2]int
	k := 0
	for _, c := range w.cells {
		if clues[c] == 0 {
			continue
		}
		if k == len(cells) || k == 1 && int(c) != mate(d.l.N, cells[0], d.g.cfg.Symmetry) {
			return
		}
		cells[k] = int(c)
		k++
	}
	// No clue left there would make the witness another solution of a
	// puzzle digging keeps unique: it cannot happen.
	if k == 0 || d.needed[cells[0]] {
		return
	}
	d.markNeeded(clues, cells[:k])
	d.witnessed++
}

// digWidth is the number of checks that widePass runs side by side: two,
// for the two cores of the machines the service is sized for. It is
// fixed, not the number of CPUs, so that a seed makes the same puzzle on
// any machine: which checks run together decides which puzzle digging
// makes. On 25×25 (seeds 1–8) two checks at a time dig in 0.6–0.7 of
// their CPU time, which is about what one at a time took: each solver
// learns from half the checks, and the checks of a wave wait for the
// slower.
const digWidth = 2

// checkWork returns the work of the checks after building, by the
// checkers of d and its forks (see search.LearnWork).
func (d *digger) checkWork() search.LearnWork {
	var w search.LearnWork
	for _, x := range d.workers() {
		if x.checker != nil {
			w = w.Add(x.checker.Work())
		}
	}
	return w
}

// workers returns the diggers of widePass's checks: d itself and its
// forks, each with its own scratch boards and checker.
func (d *digger) workers() []*digger {
	return append([]*digger{d}, d.forks...)
}

// fork returns a digger for checks run beside d's: it shares d's puzzle,
// with scratch boards and a checker of its own.
func (d *digger) fork() *digger {
	w := *d
	w.board, w.spare, w.trial = grid.NewBoard(d.l), grid.NewBoard(d.l), grid.NewBoard(d.l)
	w.other = nil
	w.checker = search.NewClueChecker(d.l, d.solution)
	for cell, needed := range d.needed {
		if needed {
			w.checker.Keep(cell)
		}
	}
	w.forks = nil
	return &w
}

// widePass is pass, for boards with a checker, with digWidth checks at
// once: a wave of orbits is checked against the same clues, then the
// verdicts are taken in order. A removal proved before another of the
// wave was made is checked again in the next wave, since the clues it was
// checked with have changed; a clue proved needed stays needed, fewer
// clues allowing only more solutions. The puzzle is the one pass would
// make, checks aside that a budget settles with one set of clues and not
// with another.
func (d *digger) widePass(ctx context.Context, clues []uint8, todo [][2]int, budget int64) (later [][2]int, err error) {
	for len(d.forks) < digWidth-1 {
		d.forks = append(d.forks, d.fork())
	}
	workers := d.workers()
	// The checkers keep the clues checked last propagated from one check
	// to the next.
	d.plan = d.plan[:0]
	for _, orbit := range todo {
		d.plan = append(d.plan, d.clueCells(orbit, clues)...)
	}
	for _, w := range workers {
		w.checker.Plan(d.plan)
	}
	type check struct {
		orbit           [2]int
		cells           []int
		clues           []uint8
		unique, settled bool
		err             error
		work            search.LearnWork // the check's, by its checker
	}
	var wave [digWidth]check
	for i := range wave {
		wave[i].clues = make([]uint8, len(clues))
		wave[i].cells = make([]int, 0, 2)
	}
	queue := todo
	for len(queue) > 0 {
		n := 0
		for n < len(wave) && len(queue) > 0 {
			orbit := queue[0]
			queue = queue[1:]
			cells := d.clueCells(orbit, clues)
			if len(cells) == 0 || d.anyNeeded(cells) {
				// A witness may have proved it needed since.
				continue
			}
			c := &wave[n]
			c.orbit, c.cells = orbit, append(c.cells[:0], cells...)
			copy(c.clues, clues)
			for _, cell := range c.cells {
				c.clues[cell] = 0
			}
			n++
		}
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func(c *check, w *digger) {
				defer wg.Done()
				before := w.checker.Work()
				c.unique, c.settled, c.err = w.stillUnique(ctx, c.clues, c.cells, budget)
				c.work = w.checker.Work().Sub(before)
			}(&wave[i], workers[i])
		}
		wg.Wait()
		changed := false
		var again [][2]int
		for i := range n {
			c := &wave[i]
			switch {
			case c.err != nil:
				return nil, c.err
			case c.unique && changed:
				again = append(again, c.orbit)
			case c.unique:
				for _, cell := range c.cells {
					clues[cell] = 0
				}
				d.removed(clues, c.cells)
				changed = true
			default:
				d.putBack(clues, c.cells, c.settled)
				if !c.settled {
					later = append(later, c.orbit)
					d.wasted = d.wasted.Add(c.work)
				}
			}
		}
		if len(again) > 0 {
			queue = append(again, queue...)
		}
	}
	return later, nil
}

// witness is another solution found while building: the cells where it
// differs from the grid, and the orbit (an index of the orbits) whose
// clues were added for it. While it is live no other clue lies in those
// cells, so the orbit's clues are needed: without them, that solution
// stands.
type witness struct {
	cells []int32
	vals  []uint8 // its digits in cells
	orbit int
	live  bool
	// held counts the clues in cells, once building is done.
	held int
}

// build makes a unique puzzle out of start's clues by adding clues to an
// empty board (search.ClueAdder): while the clues have another solution,
// it adds the orbit of a cell where that solution differs from the grid.
// Each solution found proves its orbit needed until a later clue falls
// where it differs; build picks the new cell among those that spoil the
// fewest proofs still standing (ties at random), and marks needed the
// orbits whose proof stands at the end, fixing them in the checker. The
// checks of building fix each clue for good, which makes them far
// cheaper than digging's, and digging then has only the orbits left to
// settle. ok is false when a search spent its budget: digging then starts
// from start. On ctx's error, clues are those added so far.
func (d *digger) build(ctx context.Context, rng *rand.Rand, start []uint8, orbits [][2]int) (clues []uint8, ok bool, err error) {
	adder := search.NewClueAdder(d.l, d.solution)
	if adder == nil {
		return nil, false, nil
	}
	defer func() { d.built = adder.Work() }()
	orbitOf := make([]int, d.l.Cells)
	for i, orbit := range orbits {
		for _, cell := range orbit {
			if cell >= 0 {
				orbitOf[cell] = i
			}
		}
	}
	clues = make([]uint8, d.l.Cells)
	var witnesses []witness
	byCell := make([][]int32, d.l.Cells) // the witnesses differing at each cell
	live := make([]int, d.l.Cells)       // how many of them are live
	var diff []int32
	var vals []uint8
	witnessOf := make([]int32, d.l.Cells)
	for i := range witnessOf {
		witnessOf[i] = -1
	}
	for {
		other, settled, err := adder.Other(ctx, d.maxNodes)
		if err != nil {
			return clues, false, err
		}
		if !settled {
			return nil, false, nil
		}
		if other == nil {
			break
		}
		diff, vals = diff[:0], vals[:0]
		best, bestScore, ties := -1, 0, 0
		for cell, v := range other {
			if v == d.solution[cell] {
				continue
			}
			diff, vals = append(diff, int32(cell)), append(vals, v)
			if start[cell] == 0 {
				continue
			}
			score := 0
			for _, c := range orbits[orbitOf[cell]] {
				if c >= 0 {
					score += live[c]
				}
			}
			switch {
			case best < 0 || score < bestScore:
				best, bestScore, ties = cell, score, 1
			case score == bestScore:
				ties++
				if rng.IntN(ties) == 0 {
					best = cell
				}
			}
		}
		if best < 0 {
			// The solution found keeps every clue of start, which
			// digging was given as unique.
			return nil, false, fmt.Errorf("building a puzzle: the start has another solution")
		}
		o := orbitOf[best]
		id := int32(len(witnesses))
		for _, cell := range orbits[o] {
			if cell < 0 || start[cell] == 0 {
				continue
			}
			clues[cell] = d.solution[cell]
			witnessOf[cell] = id
			adder.Add(cell)
			for _, w := range byCell[cell] {
				if wt := &witnesses[w]; wt.live && wt.orbit != o {
					wt.live = false
					for _, c := range wt.cells {
						live[c]--
					}
				}
			}
		}
		witnesses = append(witnesses, witness{cells: append([]int32(nil), diff...), vals: append([]uint8(nil), vals...), orbit: o, live: true})
		for _, c := range diff {
			byCell[c] = append(byCell[c], id)
			live[c]++
		}
	}
	for i := range witnesses {
		w := &witnesses[i]
		for _, c := range w.cells {
			if clues[c] != 0 {
				w.held++
			}
		}
		if !w.live {
			continue
		}
		for _, cell := range orbits[w.orbit] {
			if cell >= 0 && clues[cell] != 0 {
				d.need(cell)
			}
		}
	}
	d.witnesses, d.byCell, d.witnessOf = witnesses, byCell, witnessOf
	return clues, true, nil
}

// completeBuilt turns clues (a unique puzzle, as digging keeps them) into
// the puzzle of the clues built, a partial build, and of the cells the
// singles do not solve from those: every other cell follows from them, so
// the puzzle stays unique. Clues are left as they are when nothing was
// built, or a cell to keep holds no clue in them.
func (d *digger) completeBuilt(clues, built []uint8) {
	if built == nil {
		return
	}
	b := d.spare
	b.Reset(built, nil)
	if !propagate(b, d.implied) {
		return
	}
	for cell, v := range clues {
		if built[cell] == 0 && b.Value(cell) == 0 && v == 0 {
			return
		}
	}
	n, sym := d.l.N, d.g.cfg.Symmetry
	for cell := range clues {
		// A clue goes with its mate, as in digging.
		if m := mate(n, cell, sym); built[cell] == 0 && b.Value(cell) != 0 && built[m] == 0 && b.Value(m) != 0 {
			clues[cell] = 0
		}
	}
}

// unsettled returns the orbits of orbits, in their order, that hold clues
// not proved needed.
func (d *digger) unsettled(orbits [][2]int, clues []uint8) [][2]int {
	var out [][2]int
	for _, orbit := range orbits {
		if cells := d.clueCells(orbit, clues); len(cells) > 0 && !d.needed[cells[0]] {
			out = append(out, orbit)
		}
	}
	return out
}

// clueCells returns the cells of an orbit that hold clues.
func (d *digger) clueCells(orbit [2]int, clues []uint8) []int {
	out := d.scratch[:0]
	for _, cell := range orbit {
		// A black clue of a Str8ts board is part of its layout's picture:
		// it stays.
		if cell >= 0 && clues[cell] != 0 && !d.l.IsBlack(cell) {
			out = append(out, cell)
		}
	}
	return out
}

// allNeeded reports whether every clue is proved needed (see needed).
func (d *digger) allNeeded(clues []uint8) bool {
	for cell, v := range clues {
		if v != 0 && !d.needed[cell] {
			return false
		}
	}
	return true
}

// minimal reports whether no orbit of clues can be removed without losing
// uniqueness, checking those not proved needed while digging.
func (d *digger) minimal(ctx context.Context, orbits [][2]int, clues []uint8) (bool, error) {
	for _, orbit := range orbits {
		cells := d.clueCells(orbit, clues)
		if len(cells) == 0 || d.needed[cells[0]] {
			continue
		}
		for _, cell := range cells {
			clues[cell] = 0
		}
		unique, settled, err := d.stillUnique(ctx, clues, cells, d.maxNodes)
		for _, cell := range cells {
			clues[cell] = d.solution[cell]
		}
		if err != nil {
			return false, err
		}
		if unique || !settled {
			return false, nil
		}
	}
	return true, nil
}

// unique reports whether the clues have exactly one solution; settled is
// false when the search spent its node budget first (unique is then
// false too).
func (d *digger) unique(ctx context.Context, clues []uint8) (unique, settled bool, err error) {
	b, unique, done := d.settle(clues)
	if done {
		return unique, true, nil
	}
	n, complete, settled, err := d.count(ctx, b, 2, d.maxNodes)
	if !settled || err != nil {
		return false, settled, err
	}
	return complete && n == 1, true, nil
}

// count searches b for up to limit solutions within budget nodes and
// returns how many it found and whether the count is exact; settled is
// false when the budget ran out first or err is not nil.
func (d *digger) count(ctx context.Context, b *grid.Board, limit int, budget int64) (n int, complete, settled bool, err error) {
	d.g.searcher.MaxNodes = budget
	res, err := d.g.searcher.Count(ctx, b, limit)
	switch {
	case errors.Is(err, search.ErrNodeLimit):
		return 0, false, false, nil
	case err != nil:
		return 0, false, false, err
	}
	return len(res.Solutions), res.Complete, true, nil
}

// confirmUnique reports whether the generator's search, apart from the
// checker, finds no second solution of the puzzle of clues within d's
// node budget; a search that spends it confirms nothing and refutes
// nothing (true).
func (d *digger) confirmUnique(ctx context.Context, clues []uint8) (bool, error) {
	n, _, _, err := d.count(ctx, boardOf(d.l, clues, nil), 2, d.maxNodes)
	if err != nil {
		return false, fmt.Errorf("confirming the puzzle unique: %w", err)
	}
	return n < 2, nil
}

// stillUnique is unique, with a budget of nodes a search, for clues just
// taken from the cells removed of a puzzle that was unique with
// d.solution. Any other solution differs from
// d.solution in one of the cells removed, so for each such cell it looks
// for a solution that takes another digit there (and keeps the digits of
// the cells before it). Such a search, started by the elimination, ends far
// sooner than a count of every solution; off the classic 9×9 the singles
// often refute the other digits alone.
func (d *digger) stillUnique(ctx context.Context, clues []uint8, removed []int, budget int64) (unique, settled bool, err error) {
	b, unique, done := d.settle(clues)
	if done {
		return unique, true, nil
	}
	if !d.classic {
		// Start from what the singles found, not to find it again.
		b = d.spare
	}
	if d.checker != nil {
		return d.learntUnique(ctx, b, clues, removed, budget)
	}
	t := d.trial
	for i, cell := range removed {
		if b.Value(cell) != 0 {
			// The singles placed it: they are sound, so with its digit.
			continue
		}
		t.CopyFrom(b)
		for _, c := range removed[:i] {
			if t.Value(c) == 0 {
				t.Place(c, int(d.solution[c]))
			}
		}
		t.Eliminate(cell, int(d.solution[cell]))
		if !d.classic {
			if !propagate(t, d.implied) {
				continue
			}
			if t.Solved() {
				return false, true, nil
			}
		}
		n, _, settled, err := d.count(ctx, t, 1, budget)
		if n > 0 || !settled || err != nil {
			return false, settled, err
		}
	}
	return true, true, nil
}

// learntUnique is stillUnique's check by the ClueChecker, with budget
// conflicts a check, on the board b the singles left.
func (d *digger) learntUnique(ctx context.Context, b *grid.Board, clues []uint8, removed []int, budget int64) (unique, settled bool, err error) {
	for i, cell := range removed {
		if b.Value(cell) != 0 {
			// The singles placed it: they are sound, so with its digit.
			continue
		}
		// Another solution that keeps the digits of the cells before it.
		for _, c := range removed[:i] {
			clues[c] = d.solution[c]
		}
		if w := d.witnessFor(cell); w != nil {
			d.checker.Near(w)
		}
		differs, settled, err := d.checker.Differs(ctx, clues, cell, budget)
		for _, c := range removed[:i] {
			clues[c] = 0
		}
		if differs || !settled || err != nil {
			return false, settled, err
		}
	}
	return true, true, nil
}

// settle tries the cheap proof of uniqueness on the clues: off the
// classic 9×9, whose search is fastest, the singles. done reports that
// they settled the question, with the answer in unique; otherwise b is the
// board to search. On layouts that imply units (Windoku) it is the board
// the singles left, the implied units' included.
//
// Cage boards once went to the logic solver next (sound logic that fills
// the board proves the solution unique), when the search was weak on
// cages; the search now settles them in a fraction of the time: 16×16
// killers took 0.7–3.1 s rather than 2.1–24 s (seeds 1–6), 12×12 and
// 9×9 killers a fifth to a tenth, with the same puzzles
// (docs/generating.md, session 37).
func (d *digger) settle(clues []uint8) (b *grid.Board, unique, done bool) {
	b = d.board
	b.Reset(clues, nil)
	if !d.classic {
		d.spare.CopyFrom(b)
		switch {
		case !propagate(d.spare, d.implied):
			return nil, false, true
		case d.spare.Solved():
			return nil, true, true
		case d.implied != nil:
			// The search knows nothing of the implied units: it starts
			// from what they forced, which has the same solutions.
			b = d.spare
		}
	}
	return b, false, false
}

// gradedWithin reports whether the puzzle of the clues grades no harder
// than asked.
func (d *digger) gradedWithin(ctx context.Context, clues []uint8) (bool, error) {
	res, tooHard, err := d.g.grade(ctx, boardOf(d.l, clues, nil), d.solution, true)
	if errors.Is(err, errRetry) || tooHard {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return d.g.within(res), nil
}

func empty(values []uint8) bool {
	for _, v := range values {
		if v != 0 {
			return false
		}
	}
	return true
}

// shuffledOrbits returns the orbits of the cells under the symmetry, in
// random order: pairs of cells, or one cell and -1 (a cell alone, or on
// the axis or at the centre).
func shuffledOrbits(n int, sym Symmetry, rng *rand.Rand) [][2]int {
	var orbits [][2]int
	for cell := range n * n {
		switch m := mate(n, cell, sym); {
		case m == cell:
			orbits = append(orbits, [2]int{cell, -1})
		case m > cell:
			orbits = append(orbits, [2]int{cell, m})
		}
	}
	rng.Shuffle(len(orbits), func(i, j int) { orbits[i], orbits[j] = orbits[j], orbits[i] })
	return orbits
}

// mate returns the image of cell under the symmetry on a board of side n:
// the cell itself when it has none.
func mate(n, cell int, sym Symmetry) int {
	switch sym {
	case Rotational:
		return n*n - 1 - cell
	case Mirror:
		return cell/n*n + n - 1 - cell%n
	}
	return cell
}

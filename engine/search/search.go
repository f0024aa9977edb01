// Package search is the exact solver: a depth-first search that finds and
// counts the solutions of any board the model describes (any size, region
// layout, extra units and cages). Classic 9×9 boards go to the specialised
// solver of package classic; the others to a generic search that
// propagates singles, cage tables and bounds, the sums that units and
// cages imply together (innies and outies) and, on large boards, locked
// candidates and naked and hidden pairs. A board without cages on which
// the generic search makes Options.LearnFrom guesses without finding a new
// solution goes to a clause-learning solver, which learns why branches
// fail instead of failing the same way again; a board with cages does so
// only when Options.CageLearnFrom asks for it.
package search

import (
	"context"
	"errors"
	"math/bits"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/classic"
)

// ErrNodeLimit is returned when a search spends its node budget.
var ErrNodeLimit = classic.ErrNodeLimit

// Result is the outcome of a search.
type Result struct {
	// Solutions holds the values of the solutions found, at most the limit.
	Solutions [][]uint8
	// Complete reports whether the search covered the whole tree, so that
	// len(Solutions) is the exact count.
	Complete bool
	// Nodes is the number of guesses made, and of conflicts met once the
	// search learns clauses (see Options.LearnFrom).
	Nodes int64
}

// Searcher finds solutions. It keeps its working state between searches:
// reused for many puzzles, it allocates little beyond the solutions it
// returns. It is not safe for concurrent use.
type Searcher struct {
	// MaxNodes bounds the guesses of one search; 0 means no bound.
	MaxNodes int64
	// Options tune the generic search (boards other than classic 9×9).
	Options Options

	fast    *classic.Solver
	puzzle  classic.Puzzle
	marks   [81]uint16
	generic generic
}

// Count searches b for up to limit solutions (limit ≥ 1). b is not changed.
// The error is the context's error when it ends first, or ErrNodeLimit; the
// result then holds what was found so far.
func (s *Searcher) Count(ctx context.Context, b *grid.Board, limit int) (Result, error) {
	limit = max(limit, 1)
	if IsClassic(b.Layout()) {
		return s.countClassic(ctx, b, limit)
	}
	s.generic.opts = s.Options
	return s.generic.count(ctx, b, limit, s.MaxNodes)
}

// IsClassic reports whether a layout is classic 9×9 Sudoku (rows, columns
// and regular 3×3 boxes, nothing more), which the specialised solver takes.
func IsClassic(l *grid.Layout) bool {
	return l.N == 9 && l.BoxRows == 3 && l.BoxCols == 3 && len(l.Units()) == 27 && len(l.Cages()) == 0 && l.BlackCells() == nil
}

func (s *Searcher) countClassic(ctx context.Context, b *grid.Board, limit int) (Result, error) {
	if s.fast == nil {
		s.fast = new(classic.Solver)
	}
	s.fast.MaxNodes = s.MaxNodes
	p := &s.puzzle
	p.Marks = nil
	for cell := range b.Layout().Cells {
		v := b.Value(cell)
		p.Grid[cell] = v
		if v == 0 {
			// The board's candidates may be narrower than what the digits
			// placed imply (pencil marks); the search keeps to them.
			s.marks[cell] = uint16(b.Cands(cell) & 0x1ff)
			p.Marks = &s.marks
		}
	}
	var res Result
	r, err := s.fast.Each(ctx, p, limit, func(g *classic.Grid) {
		res.Solutions = append(res.Solutions, append([]uint8(nil), g[:]...))
	})
	res.Complete, res.Nodes = r.Complete, r.Guesses
	return res, err
}

// generic searches any board. It keeps the candidates of every cell and,
// for every unit and digit, the number of cells that can still take the
// digit, so that naked and hidden singles are found as candidates go
// rather than by scanning. The constraints of its model (cages, and the
// sums derived from units and cages) are queued when a candidate of
// theirs goes and propagated when the singles are done; then, on large
// boards, locked candidates and pairs. It guesses where the fewest choices are
// (see choose), and after a failed guess removes it and propagates
// again. Each depth has its own copy of the state; the queues and the
// model are shared, so a node allocates nothing.
type generic struct {
	l      *grid.Layout
	opts   Options
	m      *model
	frames []*frame
	naked  []int32 // cells left with one candidate (or none)
	hidden []int32 // unit*32 + digit-1 of units where a digit has one place
	// queue and sums hold the constraints to propagate: the sums, cheap,
	// last in first out, before the others, first in first out. A
	// constraint waits in one of them once at most (see queued), so they
	// never outgrow the room they were made with.
	queue  ring
	sums   []int32
	queued []bool // whether each constraint waits in queue or sums
	// reachBits and reachDigits are reach's scratch, tupleBits
	// indexedTuples's.
	reachBits   []uint64
	reachDigits []grid.Digits
	tupleBits   []uint64
	// matches holds the cage tables whose sets wait to be matched to
	// their cells (see matchCombos), once the queues above are empty: the
	// matching costs more than the rest of a table's check, and done once
	// the cheaper propagation is over it meets fewer states. matching
	// marks them.
	matches  []int32
	matching []bool
	// unitsDirty has bit i when model.unitTables[i] waits to be
	// propagated (see unitCombos), once the queues above are empty; pieces
	// are the options of each cage's piece of them, and disjoint the
	// subsets of the digits without a digit of each.
	unitsDirty uint64
	pieces     []pieceCache
	disjoint   *[1 << maxUnitDigits]subsets
	// memo holds recent matchings of cage sets (see matchMemo), and
	// matched recent matchings of a set's digits to a cage's cells (see
	// matchCache), made on first use.
	memo    matchMemo
	matched *matchCache
	// weight is the conflict weight of every cell: 1, plus 1 for every
	// contradiction met so far in this search by a unit or constraint over
	// the cell, plus 1 for every one met below a guess in the cell (see
	// blame). fails counts the contradictions; the weights steer the
	// choice of guesses from weighFrom on.
	weight []int32
	fails  int
	// guessed[d] is the cell guessed at depth d, or -1 when depth d
	// branches on a cage's sets.
	guessed []int32
	seg     []grid.Digits // segments of locked candidates
	twice   []grid.Digits // digits in two segments of a box
	// changed lists the units that may hold a new pair since their last
	// search for pairs (on boards with locked candidates): a cell of
	// theirs was left with two candidates (a naked pair may have formed),
	// or a digit with two places (a hidden pair). inChanged marks them
	// with the kinds of pair to look for.
	changed   []int32
	inChanged []pairKinds
	limit     int
	max       int64
	nodes     int64
	// learnFrom, when positive, is the number of guesses without a new
	// solution after which the search hands the board over to clause
	// learning (Options.LearnFrom, on boards that suit it); found is the
	// guess count at the last solution. A search that keeps finding
	// solutions, as when counting many, is the depth-first search's
	// strength: only one stuck proving that no more exist is handed over.
	learnFrom int64
	found     int64
	// learnFails, when positive, is the number of contradictions
	// without a new solution after which the search hands over too (see
	// LargeLearnFails); foundFails is fails at the last solution.
	learnFails, foundFails int
	// learnt counts the searches handed over to clause learning, and
	// cageNodes the guesses of a cage's set (see branchCage).
	learnt    int
	cageNodes int64
	done      <-chan struct{}
	ctx       context.Context
	res       *Result
}

// frame is the search state at one depth.
type frame struct {
	value []uint8
	cand  []grid.Digits
	// count[u][d-1] is the number of cells of unit u that hold d or have
	// it as a candidate.
	count [][32]uint8
	// placed holds the digits placed in each unit.
	placed []grid.Digits
	// few holds, for each unit, the digits with at most model.few places
	// in it (cells that hold them or have them as candidates).
	few []grid.Digits
	// pairs holds, for each unit, the places of its cells left with two
	// candidates (on boards with locked candidates), and maybe some that
	// have fewer since.
	pairs []uint32
	// sure holds, for each compartment of a Str8ts board (by unit), the
	// digits of every window still open to it, as its constraint last
	// found them (see generic.straight); the digit balance reads them.
	sure []grid.Digits
	// alive holds a bit for each set of each combos constraint's table
	// that propagation has not ruled out (see constraint.word).
	alive []uint64
	// bounds holds the least and the greatest total of each conSum
	// constraint's cells (see constraint.sum), packed in one word (see
	// packBounds): a placed digit counts as itself, an empty cell its
	// least and greatest candidate (greatest and least negated where the
	// sum takes it negatively).
	bounds []int64
	empty  int
}

// errStop ends a search that has found enough solutions, and errLearn one
// that hands over to clause learning (see generic.learnFrom).
var (
	errStop  = errors.New("stop")
	errLearn = errors.New("learn")
)

func (g *generic) count(ctx context.Context, b *grid.Board, limit int, maxNodes int64) (Result, error) {
	res := Result{}
	if _, dup := b.Duplicate(); dup {
		res.Complete = true
		return res, nil
	}
	g.prepare(b.Layout())
	g.limit, g.max, g.nodes, g.ctx, g.done, g.res = limit, maxNodes, 0, ctx, ctx.Done(), &res
	defer func() { g.ctx, g.done, g.res = nil, nil, nil }()
	g.learnFrom, g.found = 0, 0
	g.learnFails, g.foundFails = 0, 0
	learn := learnSuits(b.Layout())
	switch {
	case learn:
		g.learnFrom = g.opts.LearnFrom
		if g.learnFrom == 0 {
			g.learnFrom = defaultLearnFrom(b.Layout().N, limit)
			g.learnFails = defaultLearnFails(b.Layout().N, limit)
		}
	case g.opts.CageLearnFrom > 0 && cageLearnSuits(g.m):
		g.learnFrom = g.opts.CageLearnFrom
	}
	var err error
	if g.root(b) {
		err = g.solve(0)
	}
	res.Nodes = g.nodes
	if errors.Is(err, errLearn) {
		// The search is stuck: start again with learning, skipping the
		// solutions found.
		budget := int64(0)
		if maxNodes > 0 {
			budget = max(maxNodes-res.Nodes, 1)
		}
		g.learnt++
		if learn {
			return learnCount(ctx, b, limit, budget, res)
		}
		return g.cageLearnCount(ctx, limit, budget, res)
	}
	res.Complete = err == nil && len(res.Solutions) < limit
	if errors.Is(err, errStop) {
		err = nil
	}
	return res, err
}

// prepare readies g for a search on layout l: the model and the buffers
// it sizes, kept from the last search on a layout with the same tables, and
// the conflict weights, reset.
func (g *generic) prepare(l *grid.Layout) {
	if g.l == nil || g.l.Cells != l.Cells || len(g.l.Units()) != len(l.Units()) {
		g.frames = g.frames[:0]
	}
	if g.m == nil || !g.m.l.SameTables(l) || g.m.opts != g.opts {
		// Built from a private copy: the model outlives l's caller (the
		// searcher is kept for the next layout with the same tables).
		g.m = newModel(l.Private(), g.opts)
		for _, f := range g.frames {
			f.alive = slices.Grow(f.alive[:0], g.m.words)[:g.m.words]
			f.bounds = slices.Grow(f.bounds[:0], g.m.sums)[:g.m.sums]
		}
		g.queued = make([]bool, len(g.m.cons))
		g.matching = make([]bool, len(g.m.cons))
		g.matches = make([]int32, 0, len(g.m.cons))
		g.queue = ring{slots: make([]int32, len(g.m.cons))}
		g.sums = make([]int32, 0, len(g.m.cons))
		g.seg = make([]grid.Digits, 3*l.N*l.N)
		g.twice = make([]grid.Digits, l.N)
		g.inChanged = make([]pairKinds, len(l.Units()))
		g.changed = make([]int32, 0, len(l.Units()))
		g.pieces = g.m.pieceCaches()
		g.memo.reset()
		if len(g.m.unitTables) > 0 {
			g.disjoint = disjointFrom()
		}
	}
	// The search reads the model's layout, which has l's tables: one copy
	// of them stays in the cache across the boards of a batch, each with
	// a layout of its own.
	g.l = g.m.l
	if len(g.weight) != l.Cells {
		g.weight = make([]int32, l.Cells)
	}
	for i := range g.weight {
		g.weight[i] = 1
	}
	g.fails = 0
}

func (g *generic) frame(depth int) *frame {
	for len(g.guessed) <= depth {
		g.guessed = append(g.guessed, -1)
	}
	for len(g.frames) <= depth {
		n, u := g.l.Cells, len(g.l.Units())
		g.frames = append(g.frames, &frame{
			value:  make([]uint8, n),
			cand:   make([]grid.Digits, n),
			count:  make([][32]uint8, u),
			placed: make([]grid.Digits, u),
			few:    make([]grid.Digits, u),
			pairs:  make([]uint32, u),
			sure:   make([]grid.Digits, u),
			alive:  make([]uint64, g.m.words),
			bounds: make([]int64, g.m.sums),
		})
	}
	return g.frames[depth]
}

// root loads b into frame 0, with every placed digit removed from its
// peers' candidates (a board built by hand may not have done so), counts
// the places of every digit in every unit and queues the singles. It
// reports false when a unit has no place for a digit.
func (g *generic) root(b *grid.Board) bool {
	l, f := g.l, g.frame(0)
	b.CopyValues(f.value)
	b.CopyCandidates(f.cand)
	g.clearQueues()
	for id := range g.m.cons {
		g.queued[id] = true
		g.queue.push(int32(id))
		if c := &g.m.cons[id]; c.kind == conCombos {
			alive := f.sets(c)
			for i := range alive {
				alive[i] = ^uint64(0)
			}
			if r := len(c.combos) % 64; r != 0 {
				alive[len(alive)-1] = 1<<r - 1
			}
		}
	}
	f.empty = 0
	for cell, v := range f.value {
		if v == 0 {
			if !l.IsBlack(cell) {
				f.empty++
			}
		} else {
			f.cand[cell] = 0
		}
	}
	for cell, v := range f.value {
		if v != 0 {
			for _, p := range l.Peers(cell) {
				f.cand[p] &^= grid.Bit(int(v))
			}
		}
	}
	g.sumBounds(f)
	clear(f.count)
	for u := range l.Units() {
		if !counted(l, u) {
			continue
		}
		var placed grid.Digits
		for _, cell := range l.Unit(u).Cells {
			c := f.cand[cell]
			if v := f.value[cell]; v != 0 {
				c = grid.Bit(int(v))
				placed |= c
			}
			for ; c != 0; c &= c - 1 {
				f.count[u][bits.TrailingZeros32(uint32(c))&31]++
			}
		}
		f.placed[u] = placed
		f.few[u] = 0
		for d := range l.N {
			if int(f.count[u][d]) <= g.m.few {
				f.few[u] |= grid.Digits(1) << d
			}
			switch f.count[u][d] {
			case 0:
				return false
			case 1:
				if placed>>d&1 == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			}
		}
	}
	for cell, c := range f.cand {
		if f.value[cell] == 0 && c&(c-1) == 0 && !l.IsBlack(cell) {
			g.naked = append(g.naked, int32(cell)) // a single, or empty
		}
	}
	if g.m.locked {
		for u := range l.Units() {
			var p uint32
			for i, cell := range l.Unit(u).Cells {
				if hasTwo(f.cand[cell]) {
					p |= 1 << i
				}
			}
			f.pairs[u] = p
		}
	}
	for _, u := range g.changed {
		g.inChanged[u] = 0
	}
	g.changed = g.changed[:0]
	if g.m.locked {
		for u := range l.Units() {
			g.pairsIn(u, nakedPairs|hiddenPairs)
		}
	}
	g.unitsDirty = uint64(1)<<len(g.m.unitTables) - 1
	return true
}

func (g *generic) solve(depth int) error {
	f := g.frames[depth]
	for {
		if !g.propagate(f) {
			g.blame(depth)
			return nil
		}
		if f.empty == 0 {
			g.res.Solutions = append(g.res.Solutions, append([]uint8(nil), f.value...))
			g.found, g.foundFails = g.nodes, g.fails
			if len(g.res.Solutions) >= g.limit {
				return errStop
			}
			return nil
		}
		cell, bit := g.choose(f)
		if !g.opts.PlainBranching && !g.opts.CellBranching {
			if id := g.chooseCage(f, popcount(f.cand[cell])); id >= 0 {
				g.guessed[depth] = -1
				return g.branchCage(depth, f, id)
			}
		}
		g.guessed[depth] = int32(cell)
		if err := g.countNode(); err != nil {
			return err
		}
		// Place the digit in a copy; when that is exhausted, remove it
		// here and propagate again.
		next := g.child(depth, f)
		if g.remove(next, cell, next.cand[cell]&^bit) {
			if err := g.solve(depth + 1); err != nil {
				return err
			}
		}
		g.clearQueues()
		if !g.remove(f, cell, bit) {
			return nil
		}
	}
}

// countNode counts a guess; it returns errLearn when the search is to
// hand over to clause learning, ErrNodeLimit past the node budget, or the
// context's error when it has ended.
func (g *generic) countNode() error {
	g.nodes++
	if g.learnFrom > 0 && g.nodes-g.found > g.learnFrom {
		return errLearn
	}
	if g.learnFails > 0 && g.fails-g.foundFails > g.learnFails {
		return errLearn
	}
	if g.max > 0 && g.nodes > g.max {
		return classic.NodeLimitError(g.max)
	}
	// A node of a large board costs microseconds: checking at every
	// node keeps cancellation well under a millisecond.
	if g.done != nil {
		select {
		case <-g.done:
			return g.ctx.Err()
		default:
		}
	}
	return nil
}

// child returns the frame of depth+1, a copy of f.
func (g *generic) child(depth int, f *frame) *frame {
	next := g.frame(depth + 1)
	copy(next.value, f.value)
	copy(next.cand, f.cand)
	copy(next.count, f.count)
	copy(next.placed, f.placed)
	copy(next.few, f.few)
	copy(next.pairs, f.pairs)
	copy(next.alive, f.alive)
	if g.m.balance != nil {
		copy(next.sure, f.sure)
	}
	copy(next.bounds, f.bounds)
	next.empty = f.empty
	return next
}

// chooseCage returns the combos constraint of a cage to branch on, set by
// set, or -1 to guess in a cell with n candidates: a cage with two sets
// still possible, when n is three or more. Guessing a set decides the
// digits of the whole cage at once, where a cell's digit leaves the rest
// of the cage its sums to work out. Allowing cages of three sets too
// made the hardest killers slower (17.9 s against 11.7 s of CPU on three
// of killer9-mathemagic.txt).
func (g *generic) chooseCage(f *frame, n int) int32 {
	best, bestN := int32(-1), min(n, 3)
	for _, id := range g.m.cageTables {
		c := &g.m.cons[id]
		// Propagation is done, so the sets still on (frame.alive) are
		// possible; only the others need testing, and only while the
		// cage may still score better.
		alive := f.sets(c)
		k := 0
		for _, w := range alive {
			k += bits.OnesCount64(w)
		}
		if k >= bestN {
			continue
		}
		// The cage's cells are read once, when a set off is met.
		var cells cageState
		read := false
		for i, set := range c.combos {
			if alive[i/64]>>(i%64)&1 != 0 {
				continue
			}
			if !read {
				cells.read(f, g.m.cells[c.start:c.end])
				read = true
			}
			if cells.possible(set) {
				if k++; k >= bestN {
					break
				}
			}
		}
		if k >= 2 && k < bestN {
			best, bestN = id, k
		}
	}
	return best
}

// cageState is what chooseCage reads of a cage's cells to test its sets
// off (see possible): the digits placed, the candidates of the empty
// cells, and their union.
type cageState struct {
	placed, open grid.Digits
	n            int
	empty        [grid.MaxSize]grid.Digits
}

// read sets s from the cells of a combos constraint (distinct, at most
// grid.MaxSize).
func (s *cageState) read(f *frame, cells []int32) {
	s.placed, s.open, s.n = 0, 0, 0
	for _, cell := range cells {
		if v := f.value[cell]; v != 0 {
			s.placed |= grid.Bit(int(v))
		} else {
			s.open |= f.cand[cell]
			s.empty[s.n] = f.cand[cell]
			s.n++
		}
	}
}

// possible reports whether the cells read can still hold the digits of
// set: it has the digits placed there, each empty cell has a candidate in
// it, and each of its digits not placed a cell. So when two sets are
// possible, keeping the cells to either narrows some.
func (s *cageState) possible(set grid.Digits) bool {
	if s.placed&^set != 0 || set&^s.placed&^s.open != 0 {
		return false
	}
	for _, c := range s.empty[:s.n] {
		if c&set == 0 {
			return false
		}
	}
	return true
}

// branchCage tries, one by one, each set still possible of combos
// constraint id: the cage's empty cells keep the digits of the set. The
// sets are disjoint cases covering every filling, so f is done after.
func (g *generic) branchCage(depth int, f *frame, id int32) error {
	c := &g.m.cons[id]
	cells := g.m.cells[c.start:c.end]
	for w, word := range f.sets(c) {
		for x := word; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			set := c.combos[w*64+i]
			if err := g.countNode(); err != nil {
				return err
			}
			g.cageNodes++
			next := g.child(depth, f)
			alive := next.sets(c)
			clear(alive)
			alive[w] = 1 << i
			ok := true
			for _, cell := range cells {
				if next.value[cell] == 0 && !g.remove(next, int(cell), next.cand[cell]&^set) {
					ok = false
					break
				}
			}
			if ok {
				if err := g.solve(depth + 1); err != nil {
					return err
				}
			}
			g.clearQueues()
		}
	}
	return nil
}

// choose returns where to guess: a cell and the digit to place in it
// first.
//
// It takes the empty cell with the fewest candidates and, once the search
// has met weighFrom contradictions, with the fewest for its conflict
// weight (see generic.weight): cells whose units and constraints keep
// failing are where the search is stuck, and deciding them first cuts the
// subtrees that fail for the same reason (the dom/wdeg rule of constraint
// solvers). Among cells that score the same, a cell of a cage comes first,
// the cage with the fewest sets or fillings first: placing its digits
// narrows the rest of the cage; then, until the weights steer, the cell
// of the highest priority on killers (see model.priorities).
func (g *generic) choose(f *frame) (int, grid.Digits) {
	if g.opts.PlainBranching {
		cell := bestCell(f)
		return cell, f.cand[cell] & -f.cand[cell]
	}
	cages := len(g.m.cageCost) > 0
	weigh := g.fails >= weighFrom
	rank := g.m.cellRank
	if weigh {
		rank = g.m.cellCost
	}
	best, bestN, bestW, bestCost := -1, int64(0), int64(1), int64(0)
	for cell, c := range f.cand {
		if c == 0 {
			// Filled (no candidates left), or a black cell of a Str8ts board.
			continue
		}
		n, w, cst := int64(popcount(c)), int64(1), rank[cell]
		if weigh {
			w = int64(g.weight[cell])
		}
		// n/w < bestN/bestW, multiplied out.
		if a, b := n*bestW, bestN*w; best < 0 || a < b || a == b && cst < bestCost {
			best, bestN, bestW, bestCost = cell, n, w, cst
			if !cages && !weigh && n <= 2 {
				// Singles are placed: no cell scores better.
				break
			}
		}
	}
	return best, f.cand[best] & -f.cand[best]
}

// bestCell returns the empty cell with the fewest candidates.
func bestCell(f *frame) int {
	best, bestCount := -1, grid.MaxSize+1
	for cell, c := range f.cand {
		if c == 0 {
			continue
		}
		if n := bits.OnesCount32(uint32(c)); n < bestCount {
			best, bestCount = cell, n
			if n <= 2 {
				break
			}
		}
	}
	return best
}

// propagate places the queued singles and those they cause, then
// applies the queued constraints and, on large boards, locked
// candidates and pairs, until nothing is left to do; it reports false on a
// contradiction, with the queues emptied.
func (g *generic) propagate(f *frame) bool {
	l, m := g.l, g.m
	ok := true
	lockedPasses := 0
	for ok {
		if n := len(g.naked); n > 0 {
			cell := g.naked[n-1]
			g.naked = g.naked[:n-1]
			if f.value[cell] == 0 {
				// Queued cells had one candidate or none, and candidates
				// only shrink.
				ok = f.cand[cell] != 0 && g.place(f, int(cell))
			}
			continue
		}
		if n := len(g.hidden); n > 0 {
			ud := g.hidden[n-1]
			g.hidden = g.hidden[:n-1]
			u, bit := int(ud/32), grid.Digits(1)<<(ud%32)
			if f.placed[u]&bit != 0 {
				continue
			}
			for _, cell := range l.Unit(u).Cells {
				if c := f.cand[cell]; c&bit != 0 {
					ok = g.remove(f, cell, c&^bit)
					break
				}
			}
			continue
		}
		if n := len(g.sums); n > 0 || g.queue.size > 0 {
			var id int32
			if n > 0 {
				id, g.sums = g.sums[n-1], g.sums[:n-1]
				g.queued[id] = false
				// Most visits end on the bounds (see visitSum), here.
				s := m.sumInfo[id]
				lo, hi := unpackBounds(f.bounds[s.place])
				// (A slack of span or more, which is not negative, puts the
				// target within the bounds.)
				if t := s.target; min(hi-t, t-lo) >= m.span {
					continue
				}
				ok = g.visitSum(f, id)
			} else {
				id = g.queue.pop()
				g.queued[id] = false
				ok = g.propagateConstraint(f, id)
			}
			if !ok {
				c := &g.m.cons[id]
				g.bump(g.m.cells[c.start:c.end])
			}
			continue
		}
		if n := len(g.matches); n > 0 {
			id := g.matches[n-1]
			g.matches = g.matches[:n-1]
			g.matching[id] = false
			if ok = g.match(f, id); !ok {
				c := &g.m.cons[id]
				g.bump(g.m.cells[c.start:c.end])
			}
			continue
		}
		if g.unitsDirty != 0 {
			i := bits.TrailingZeros64(g.unitsDirty)
			g.unitsDirty &^= 1 << i
			t := &g.m.unitTables[i]
			if ok = g.unitCombos(f, t); !ok {
				g.bumpUnit(int(t.unit))
			}
			continue
		}
		if g.m.locked {
			var changed bool
			if lockedPasses < maxLockedPasses {
				lockedPasses++
				if changed, ok = g.locked(f); !ok || changed {
					continue
				}
			}
			if len(g.changed) > 0 {
				if changed, ok = g.pairs(f); !ok || changed {
					continue
				}
			}
		}
		if g.m.balance != nil {
			// Last: it reads every line of the board.
			var changed bool
			if changed, ok = g.balance(f); !ok || changed {
				continue
			}
		}
		break
	}
	if !ok {
		g.clearQueues()
	}
	return ok
}

// maxLockedPasses bounds the locked candidates passes of one
// propagation: a pass costs a sweep of the board, and the singles one pass
// causes seldom unlock more (measured on the 16×16 and 25×25 fixtures:
// the same nodes with one pass as with any number, in less time).
const maxLockedPasses = 1

// clearQueues empties the queues of singles and constraints.
func (g *generic) clearQueues() {
	g.naked, g.hidden = g.naked[:0], g.hidden[:0]
	for g.queue.size > 0 {
		g.queued[g.queue.pop()] = false
	}
	for _, id := range g.sums {
		g.queued[id] = false
	}
	g.sums = g.sums[:0]
	for _, id := range g.matches {
		g.matching[id] = false
	}
	g.matches = g.matches[:0]
	g.unitsDirty = 0
}

// sumBounds sets the bounds of every conSum constraint in f (see
// frame.bounds) from its cells.
func (g *generic) sumBounds(f *frame) {
	m := g.m
	for id := range m.cons {
		c := &m.cons[id]
		if c.kind != conSum {
			continue
		}
		var lo, hi int32
		for i, cell := range m.cells[c.start:c.end] {
			mn, mx := int32(f.value[cell]), int32(f.value[cell])
			if mn == 0 {
				mn, mx = int32(f.cand[cell].Min()), int32(f.cand[cell].Max())
			}
			if m.neg[int(c.start)+i] {
				mn, mx = -mx, -mn
			}
			lo, hi = lo+mn, hi+mx
		}
		f.bounds[c.sum] = packBounds(lo, hi)
	}
}

// packBounds packs the least and the greatest total of a sum into one
// word, hi·2³² + lo, so that a cell's move shifts both by one addition
// (see queueWatch) and a visit reads both with one load.
func packBounds(lo, hi int32) int64 { return int64(hi)<<32 + int64(lo) }

// unpackBounds returns the least and the greatest total packed in b.
func unpackBounds(b int64) (lo, hi int32) {
	lo = int32(b)
	return lo, int32((b - int64(lo)) >> 32)
}

// ring is a first-in first-out queue of constraints over fixed slots.
type ring struct {
	slots      []int32
	head, size int
}

// push adds id at the back; the ring must have room for it.
func (r *ring) push(id int32) {
	i := r.head + r.size
	if i >= len(r.slots) {
		i -= len(r.slots)
	}
	r.slots[i] = id
	r.size++
}

// pop takes the constraint at the front; the ring must not be empty.
func (r *ring) pop() int32 {
	id := r.slots[r.head]
	if r.head++; r.head == len(r.slots) {
		r.head = 0
	}
	r.size--
	return id
}

// place writes the only candidate of cell and removes it from the
// candidates of the cell's peers.
func (g *generic) place(f *frame, cell int) bool {
	bit := f.cand[cell]
	f.value[cell] = uint8(bits.TrailingZeros32(uint32(bit)) + 1)
	if g.m.touch != nil {
		// A digit placed in a unit's cell changes what its pieces can
		// fill (see unitCombos).
		g.unitsDirty |= g.m.touch[cell]
	}
	f.cand[cell] = 0
	f.empty--
	for _, u := range g.l.CellUnit(cell) {
		f.placed[u] |= bit
	}
	if g.m.unitPeers {
		// The peers unit by unit, in the order of Peers; a unit is done
		// once the digit has no place in it but the cell.
		d := bits.TrailingZeros32(uint32(bit))
		for _, u := range g.l.CellUnit(cell) {
			count := &f.count[u][d]
			for _, p := range g.l.Unit(u).Cells {
				if *count <= 1 {
					break
				}
				if f.cand[p]&bit != 0 && !g.remove(f, p, bit) {
					return false
				}
			}
		}
		return true
	}
	for _, p := range g.l.Peers(cell) {
		if f.cand[p]&bit != 0 && !g.remove(f, p, bit) {
			return false
		}
	}
	return true
}

// remove takes the digits gone (all candidates of cell) out of cell,
// updating the counts of its units and queueing the singles that appear;
// it reports false when the cell or a unit is left without a place.
func (g *generic) remove(f *frame, cell int, gone grid.Digits) bool {
	if gone == 0 {
		return true
	}
	was := f.cand[cell]
	c := was &^ gone
	f.cand[cell] = c
	if c&(c-1) == 0 {
		if c == 0 {
			return false
		}
		g.naked = append(g.naked, int32(cell))
	}
	m := g.m
	w := &m.cellWatch[cell]
	g.queueWatch(f, w, was, c)
	if m.locked {
		return g.countLocked(f, cell, c, gone, w.units)
	}
	// Without pairs to look for, the loops below keep their state in
	// registers.
	few := uint8(m.few)
	if gone&(gone-1) == 0 {
		// One digit, as when a digit placed leaves its peers.
		d := bits.TrailingZeros32(uint32(gone)) & 31
		for _, u := range w.units {
			n := f.count[u][d] - 1
			f.count[u][d] = n
			if n <= 1 {
				if n == 0 {
					g.bumpUnit(u)
					return false
				}
				if f.placed[u]&gone == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			}
			if n == few {
				f.few[u] |= gone
			}
		}
		return true
	}
	for _, u := range w.units {
		counts := &f.count[u]
		for x := gone; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(uint32(x)) & 31
			n := counts[d] - 1
			counts[d] = n
			if n <= 1 {
				if n == 0 {
					g.bumpUnit(u)
					return false
				}
				if f.placed[u]>>d&1 == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			}
			if n == few {
				f.few[u] |= grid.Digits(1) << d
			}
		}
	}
	return true
}

// queueWatch queues what a change of a cell's candidates from was to c
// reaches (w, the cell's cellWatch): its sums, their bounds moved, and
// the constraints that watch it.
func (g *generic) queueWatch(f *frame, w *cellWatch, was, c grid.Digits) {
	queued := g.queued
	if len(w.sums) > 0 {
		// The sums' bounds move by as far as the cell's least digit rose
		// and its greatest fell. (Neither was nor c is empty: their
		// digits' places are their bits'.) A sum is queued only then: its
		// visit reads its bounds and its cells' least and greatest digits
		// alone (see sum), so a digit gone from inside a cell's range
		// leaves it with nothing more to take out.
		up := int32(bits.TrailingZeros32(uint32(c)) - bits.TrailingZeros32(uint32(was)))
		down := int32(bits.LeadingZeros32(uint32(c)) - bits.LeadingZeros32(uint32(was)))
		if up|down != 0 {
			// The sums that take the cell positively gain up on their
			// least total and lose down on their greatest; the others the
			// other way round.
			pos, neg := packBounds(up, -down), packBounds(down, -up)
			bounds := f.bounds
			for _, s := range w.sums {
				if p := s.place; p < 0 {
					bounds[^p] += neg
				} else {
					bounds[p] += pos
				}
				if !queued[s.id] {
					queued[s.id] = true
					g.sums = append(g.sums, s.id)
				}
			}
		}
	}
	for _, id := range w.watch {
		if !queued[id] {
			queued[id] = true
			g.queue.push(id)
		}
	}
}

// countLocked is remove's count of the digits gone from cell, which
// holds c after them, in its units on boards with locked candidates (see
// model.locked): it also marks the units that may hold a new pair.
func (g *generic) countLocked(f *frame, cell int, c, gone grid.Digits, units []int) bool {
	m := g.m
	few := uint8(m.few)
	// A cell left with two candidates may make a naked pair in its units.
	pair := hasTwo(c)
	for k, u := range units {
		if pair {
			g.pairsIn(u, nakedPairs)
			f.pairs[u] |= 1 << m.at[cell][k]
		}
		counts := &f.count[u]
		for x := gone; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(uint32(x)) & 31
			counts[d]--
			switch counts[d] {
			case 0:
				g.bumpUnit(u)
				return false
			case 1:
				if f.placed[u]>>d&1 == 0 {
					g.hidden = append(g.hidden, int32(u*32+d))
				}
			case 2:
				// A digit left with two places may make a hidden pair.
				g.pairsIn(u, hiddenPairs)
			}
			if counts[d] == few {
				f.few[u] |= grid.Digits(1) << d
			}
		}
	}
	return true
}

// pairKinds is a set of the kinds of pair a unit may hold.
type pairKinds uint8

const (
	nakedPairs pairKinds = 1 << iota
	hiddenPairs
)

// pairsIn queues unit u for the next search for pairs of the kinds.
func (g *generic) pairsIn(u int, kinds pairKinds) {
	if g.inChanged[u] == 0 {
		g.changed = append(g.changed, int32(u))
	}
	g.inChanged[u] |= kinds
}

// weighFrom is the number of contradictions after which conflict weights
// steer the choice of guesses. Before, the puzzle is an easy one, which the
// fewest candidates alone solve in fewer guesses (measured over the
// fixtures: 20, 32 and 50 weigh about the same, 0 takes 8 times the
// guesses on the generated 25×25 puzzles).
const weighFrom = 32

// bump adds 1 to the conflict weight of cells, those of a constraint that
// met a contradiction.
func (g *generic) bump(cells []int32) {
	for _, cell := range cells {
		g.weight[cell]++
	}
	g.fails++
}

// blame adds 1 to the conflict weight of the cell guessed at the depth
// above depth, whose frame has just met a contradiction: a cell whose
// guesses keep failing is where the search is stuck, even when the
// constraint that fails lies elsewhere (the conflict scores of the
// Interactive Sudoku Solver). On the hardest killers it cuts the guesses
// by a fifth (killer9-mathemagic.txt, see docs/search.md).
func (g *generic) blame(depth int) {
	if depth > 0 && !g.opts.NoGuessBlame {
		if cell := g.guessed[depth-1]; cell >= 0 {
			g.weight[cell]++
		}
	}
}

// bumpUnit adds 1 to the conflict weight of the cells of unit u, left
// without a place for a digit.
func (g *generic) bumpUnit(u int) {
	for _, cell := range g.l.Unit(u).Cells {
		g.weight[cell]++
	}
	g.fails++
}

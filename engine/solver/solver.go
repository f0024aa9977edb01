// Package solver solves a board step by step the way a person would: it
// applies the cheapest strategy that yields a step, guesses when logic is
// stuck (Ariadne's thread, with the N×N seed's options), reports every step
// as it is taken, and rates the solve. Mixed solving hands over to guessing
// early where logic stops paying (see Cost).
package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/search/classic"
	"github.com/sudokuwise/solver/engine/strategy"
)

// SolvingType chooses the kinds of method used (the seed's "solving type").
type SolvingType uint8

// The solving types.
const (
	// Mixed uses solution methods, elimination logic and guessing. Where
	// logic stops paying (after the first guess, and on boards above
	// 25×25) it uses the Cheap strategies only (see Pays).
	Mixed SolvingType = iota
	// LogicOnly never guesses.
	LogicOnly
	// GuessingOnly uses solution methods (singles) and guessing only.
	GuessingOnly
)

// OnGuess chooses how a failed guess is undone (the seed's "on guess").
type OnGuess uint8

// The ways to undo a guess.
const (
	// StoreSafeCopy keeps a copy of the board before each guess. On a
	// board larger than 16×16 (see trailCells) the copy is kept as the
	// changes made since, which restore the same board in less memory:
	// the steps are the same, and a backtrack still reports its undoing
	// as strategy.SafeCopy.
	StoreSafeCopy OnGuess = iota
	// BacktrackChanges records every change after a guess and undoes them.
	BacktrackChanges
)

// Order is the order of the digits tried in a guessed cell.
type Order uint8

// The guessing orders.
const (
	Ascending Order = iota
	Descending
	Random
	// Guided tries first the digit a known solution holds: the one the
	// count found (CheckMultiple), or else one the search finds at the
	// first guess (within MaxNodes). Guesses then hold: a mixed solve of a
	// hard board takes its logic steps and at most a guess per cell,
	// instead of a trial and error the search settles far faster. Without
	// a solution (none, or out of budget) it is Ascending.
	Guided
)

// CountWeight is how much a cell's candidate count weighs in choosing the
// cell to guess, against its number of unsolved peers.
type CountWeight uint8

// The count weights.
const (
	// Weighted: fewest candidates first, then fewest unsolved peers.
	Weighted CountWeight = iota
	// WeightNone: fewest unsolved peers only.
	WeightNone
	// WeightSingle: unsolved peers plus candidates, each counting one.
	WeightSingle
)

// Options tunes a solve. The zero value is mixed solving with safe copies,
// ascending guesses, weighted counts and no uniqueness check. A Mixed
// solve also bounds logic by its context's deadline: see Solve. Solve
// refuses an enum outside its constants and a negative bound.
type Options struct {
	Type    SolvingType
	OnGuess OnGuess
	Order   Order
	// Seed drives Random order; 0 draws one (returned in the result).
	Seed   uint64
	Weight CountWeight
	// CheckMultiple reports the number of solutions: a solve that logic
	// finishes without guessing and without the uniqueness strategies
	// proves the solution unique by itself; otherwise the solutions are
	// counted (see Solve), once, when the solve first needs to know.
	CheckMultiple bool
	// Unique declares the puzzle has exactly one solution, which allows the
	// uniqueness strategies from the start. Without it they run under
	// CheckMultiple only once counting has proved the solution unique.
	Unique bool
	// Strategies lists the strategies allowed; nil allows the whole
	// catalogue.
	Strategies []*strategy.Strategy
	// MaxSolutions is the most solutions counted; below 2 means 2.
	MaxSolutions int
	// MaxNodes bounds the guesses of the solve and, separately, those of
	// counting; 0 is unbounded. Counting that spends its budget leaves the
	// count incomplete rather than failing the solve.
	MaxNodes int64
	// MaxSteps bounds the steps taken; 0 is unbounded.
	MaxSteps int
	// Solution is the puzzle's solution when the caller knows it already
	// (a generator does), one digit per cell: Guided guesses follow it
	// rather than a solution the count or a search finds, which saves
	// that search. A wrong one only costs guesses that fail; one of
	// another length is an error.
	Solution []uint8
	// WholeDeadline gives logic all of a Mixed solve's deadline rather
	// than half of it (see Solve), so that its steps and rating do not
	// depend on the machine's speed: for a solve that grades a puzzle.
	WholeDeadline bool
	// DeepLooks, when above 0, lets a Mixed solve run the Deep strategies
	// it leaves out (Long and Strong Nested Cage Contradiction, on
	// killers) where it would make its first guess, each search bounded
	// by DeepLooks looks at fillings (strategy.Sink.DeepLooks): a step
	// found is taken and logic goes on; the first such round that finds
	// nothing leaves the solve to guess, and none runs after it. 0, the
	// default, keeps them out (see Allows).
	DeepLooks int
	// OneDeepSearch lets a Mixed solve of a killer whose DeepLooks is 0
	// run Long Nested Cage Contradiction once, where it would make its
	// first guess, unless under CheckMultiple the count there took more
	// than deepCountCap guesses (see weighDeep): one search of the
	// strategy's own budget, every step it found taken in order (a
	// batch, see Batches), then logic goes on.
	// When that search found a step, each later place where the solve
	// would guess gets a Strong Nested Cage Contradiction search the same
	// way, each stopping at its strongDeepBatch-th step, up to
	// strongDeepSearches of them, while each finds a step; then, once
	// those searches are over, Cage Filling Verity (opt-in otherwise)
	// searches the same way while each finds a step, within
	// oneVerityLooks looks at fillings in all; when one finds nothing,
	// whole Strong searches (every step each finds) follow the same way,
	// and Cage Filling Verity's after them; then the solve guesses where
	// it is stuck. A LogicOnly solve with it runs those Cage
	// Filling Verity searches where it would be stuck. A search that has
	// found nothing for a while stops (strategy.Sink.DeepStall:
	// oneDeepStall, strongDeepStall). The service sets it unless a
	// request asks for deep_looks: the Long search finishes the forum's
	// Wecoc #2 (extreme line 3) and HS killer 9 by logic (2.0 and 1.7 s
	// of CPU, against 0.4 and 0.9 s with guesses), the Strong ones
	// tarek's killer 41 (the forum's fourth extreme; 6.5 s, against 0.7 s
	// with 7 guesses), the verities the forum's Wecoc #1 (extreme line 1;
	// about 6 s, against 0.5 s with 12 guesses); a killer logic still
	// cannot finish costs 0.1-0.5 s of CPU more, or 3-6 s where a Long
	// step leads to Strong searches that do not finish it
	// (docs/variant-techniques.md, sessions 27, 30 and 35).
	OneDeepSearch bool
	// VerityLooks, when above 0, lets a Mixed solve of a killer run Cage
	// Filling Verity (opt-in) in the same round, after the Deep passes,
	// where it would make its first guess and its plan leaves the
	// strategy out, each search bounded by VerityLooks looks at fillings
	// (strategy.Sink.DeepLooks). Its searches carry their trials'
	// outcomes to the next, so that a round after a step costs a
	// fraction of the first. 0, the default, keeps it out.
	VerityLooks int
	// NamesOnly tells that emit reads of each step no more than its kind,
	// technique and changes: neither its drawing nor its explanation (a
	// solve that counts the techniques used, as the service's Rate does).
	// The solve then draws a batch's later steps no more than a solve
	// without emit does (see takeBatched), with the same steps, rating
	// and outcome.
	NamesOnly bool
}

// Status is the outcome of a solve.
type Status uint8

// The outcomes. A solve that a limit, its context or its emit function
// stopped returns its error with the zero Status, "unfinished".
const (
	Solved Status = iota + 1
	NoSolution
	MultipleSolutions
	Stuck
)

var statusNames = [...]string{0: "unfinished", Solved: "solved", NoSolution: "no solution", MultipleSolutions: "multiple solutions", Stuck: "stuck"}

// String returns the status's name.
func (s Status) String() string {
	if int(s) < len(statusNames) && statusNames[s] != "" {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", s)
}

// Rating grades a solve: the sum of the step scores, the hardest technique
// used, and the level they earn (see Grade).
type Rating struct {
	Level   strategy.Level
	Score   int
	Hardest *strategy.Technique
	// Cells is the number of cells of the board, which scales the score
	// for the level (see Grade); 0 stands for 81.
	Cells int
	// SE rates the solve on Sudoku Explainer's scale (its ER): the
	// highest SE rating of the steps taken (Step.SERating), raised to
	// strategy.SEBeyondLogic when logic leaves the board unsolved (Stuck).
	// SEPearl (EP) is the highest up to the first step that places a
	// digit, SEDiamond (ED) the first step's. All are 0 before any step.
	SE, SEPearl, SEDiamond strategy.SERating
	// Unfinished marks a solve that logic left unfinished (Stuck): it
	// grades Extreme, as its SE rating is SEBeyondLogic, whatever the
	// steps it took before.
	Unfinished bool
}

// Result is the outcome of a solve.
type Result struct {
	Status Status
	// Board is the solution (Solved, MultipleSolutions) or the state reached
	// (Stuck, NoSolution).
	Board *grid.Board
	// Count is the number of solutions found; CountComplete says whether it
	// is exact.
	Count         int
	CountComplete bool
	// Others holds the values of solutions other than Board's.
	Others  [][]uint8
	Steps   int
	Guesses int
	Rating  Rating
	Seed    uint64
	// Conflict is the contradiction that left the board without a
	// solution (NoSolution reached on the board); the zero Conflict
	// otherwise.
	Conflict grid.Conflict
	// WrongProgress lists, when the board has no solution but its clues
	// alone have one, the cells whose progress contradicts every solution
	// of the clues, each with the digit entered there, or 0 where its
	// candidates lack the solutions' digit: what makes the board
	// unsolvable, where a player went wrong.
	WrongProgress []strategy.CellDigit
	// LogicShareSpent reports that logic spent its share of a Mixed
	// solve's deadline (see Solve), its extended share too when it got
	// one, and the solve went on by guessing:
	// logic may have had steps left to find, so the steps and the
	// rating are not those of a solve without a deadline.
	LogicShareSpent bool
}

// Limit errors: the solve was stopped by a bound of its Options.
var (
	ErrStepLimit = errors.New("step limit reached")
	ErrNodeLimit = search.ErrNodeLimit
)

// Emit receives each step as it is taken, numbered from 1, with the board
// after it. Returning an error stops the solve with that error. The step and
// board are only valid during the call.
type Emit func(index int, step *strategy.Step, b *grid.Board) error

// frame is a guess in force.
type frame struct {
	cell, digit int
	mark        int         // trail mark (run.trail)
	saved       *grid.Board // board before the guess (StoreSafeCopy, without run.trail)
}

// trailCells is the most cells of a board on which StoreSafeCopy keeps a
// copy of the board for each guess in force; on a larger board it undoes
// a guess through the board's trail instead. A copy of a 32×32 board
// takes 6 KiB, and an empty one's solve held hundreds of them at once
// (2–6 MiB): 50 SolveSteps calls whose clients read slowly, each solve
// paused deep in its guesses, held 306 MB of live heap, past a pod of
// 256 MiB. The trail holds a change (12 bytes) for each cell changed since
// the solve began and not undone, each removing a candidate at least: 384
// KiB at most on a 32×32 (32,768 candidates), 398 KiB of heap 600
// guesses deep where the copies took 3.9 MiB. On boards up to 16×16 the
// copies are small, and copying stays the way the option names.
const trailCells = 16 * 16

// Solve solves a copy of start, calling emit (if not nil) for every step.
// It returns a context error when ctx ends, and ErrStepLimit or
// ErrNodeLimit when a bound of the solve is hit; the result then holds the
// state reached.
//
// With CheckMultiple, logic runs first and the solutions are counted only
// when the solve needs to know, at the first of: a uniqueness strategy
// that found a step (the step is taken only if the count proves the
// solution unique), a guess about to be made, or the end of a solve that
// logic did not prove (see Options.CheckMultiple). Sound logic keeps every solution,
// so counting the board it reached counts the puzzle's solutions, and more
// cheaply. The count has its own budget of MaxNodes: when it runs out, the
// solve goes on without the uniqueness strategies and reports the count
// incomplete, unless logic then proves the solution unique (count 1,
// complete).
//
// A Mixed solve whose ctx has a deadline gives logic at most half of the
// time left at its start: when that share is spent, the strategy running
// stops, the solve takes it as "no step" and goes on by guessing (counting
// first under CheckMultiple), with the Cheap strategies only, and reports
// Result.LogicShareSpent. The search then has the rest of the time, which
// spares a hard board that logic cannot finish a deadline the search would
// have met. Once that count has proved the solution unique, though, the
// search's work is done (the guesses left follow the solution it found),
// so logic gets the time left but a tenth of the whole, and at least a
// second (logicReserve), and the strategy stopped runs again: a board
// whose logic takes more than half of the deadline, on a slow or loaded
// machine, is still finished by logic. Without a deadline, with
// Options.WholeDeadline, and for the other solving types, logic runs
// until it is stuck.
func Solve(ctx context.Context, start *grid.Board, opts Options, emit Emit) (*Result, error) {
	var (
		share <-chan struct{}
		more  func() <-chan struct{}
	)
	if deadline, ok := ctx.Deadline(); ok && opts.Type == Mixed && !opts.WholeDeadline {
		left := time.Until(deadline)
		sctx, cancel := context.WithTimeout(ctx, left/2)
		defer cancel()
		share = sctx.Done()
		// The extended share's timer is made only when a solve takes it.
		end := deadline.Add(-max(left/logicReserve, minLogicReserve))
		cancelMore := context.CancelFunc(func() {})
		defer func() { cancelMore() }()
		more = func() <-chan struct{} {
			if time.Until(end) <= 0 {
				return nil
			}
			var mctx context.Context
			mctx, cancelMore = context.WithDeadline(ctx, end)
			return mctx.Done()
		}
	}
	return solve(ctx, start, opts, emit, share, more)
}

// logicReserve is the part of a Mixed solve's deadline (its inverse) left
// to guessing when logic's share is extended (see Solve), and
// minLogicReserve the least time left so: guesses that follow a counted
// solution, with the Cheap strategies between them, take milliseconds
// even from an open board (4–20 ms beyond the count on tarek 37,
// Mathemagic 1, the very hard 16×16 X and the published 25×25s). A
// deadline of two seconds or less gets no extension.
const (
	logicReserve    = 10
	minLogicReserve = time.Second
)

// solve is Solve with logic's share of the time given as a channel that
// closes when the share is spent (and at the latest with ctx), and more
// returning the extended share's (see Solve), nil when none is left; a
// nil share gives logic all of the time, and a nil more no extension.
func solve(ctx context.Context, start *grid.Board, opts Options, emit Emit, share <-chan struct{}, more func() <-chan struct{}) (*Result, error) {
	if err := opts.check(start); err != nil {
		return nil, err
	}
	if opts.Solution != nil && len(opts.Solution) != start.Layout().Cells {
		return nil, fmt.Errorf("solver: the solution has %d cells, the board %d", len(opts.Solution), start.Layout().Cells)
	}
	s := newRun(start, opts, emit)
	s.plan(opts)
	s.done = ctx.Done()
	s.sink.Cancel = s.done // long finders stop with the solve
	s.sink.Thrift = Thrift(opts.Type, start.Layout())
	if opts.Type == Mixed {
		s.sink.WideStall = lockedWideStall
	}
	if share != nil && s.guessing {
		// A solve that cannot guess has nothing to hand the time over to.
		s.sink.Cancel, s.more = share, more
	}
	s.res.Rating.Cells = start.Layout().Cells
	err := s.run(ctx)
	if err == nil && opts.CheckMultiple {
		err = s.finishCount(ctx)
	}
	if err == nil && s.res.Status == NoSolution {
		s.res.WrongProgress = wrongProgress(ctx, start, opts.MaxNodes)
	}
	s.res.Board = s.b
	if err == nil && s.res.Status == Stuck {
		s.res.Rating.beyondLogic()
	}
	s.res.Rating.Level = s.res.Rating.Grade()
	return s.res, err
}

// check reports what makes opts unusable for a solve of start: no board,
// an enum outside its constants, or a negative bound.
func (o *Options) check(start *grid.Board) error {
	switch {
	case start == nil || start.Layout() == nil:
		return errors.New("solver: no board to solve")
	case o.Type > GuessingOnly:
		return fmt.Errorf("solver: unknown solving type %d", o.Type)
	case o.OnGuess > BacktrackChanges:
		return fmt.Errorf("solver: unknown way %d to undo a guess", o.OnGuess)
	case o.Order > Guided:
		return fmt.Errorf("solver: unknown guessing order %d", o.Order)
	case o.Weight > WeightSingle:
		return fmt.Errorf("solver: unknown count weight %d", o.Weight)
	case o.MaxNodes < 0, o.MaxSteps < 0, o.DeepLooks < 0:
		return fmt.Errorf("solver: a negative bound (MaxNodes %d, MaxSteps %d, DeepLooks %d)",
			o.MaxNodes, o.MaxSteps, o.DeepLooks)
	}
	return nil
}

type run struct {
	opts     Options
	emit     Emit
	start    *grid.Board // the board given (not changed)
	b        *grid.Board
	passes   []strategy.Pass
	cheap    []strategy.Pass // the Cheap passes of passes
	guessing bool
	rng      *rand.Rand
	frames   []frame
	spare    []*grid.Board
	sink     strategy.Sink
	// done is the solve's ctx.Done(), the sink's Cancel once logic's
	// share of the time is spent (see Solve).
	done <-chan struct{}
	// trail tells that guesses are undone through the board's trail
	// (BacktrackChanges, or StoreSafeCopy on a board of more than
	// trailCells cells).
	trail bool
	// more returns the channel that closes when logic's extended share is
	// spent, nil when none is left (see Solve and extendShare); nil once
	// called, or for a solve without one.
	more func() <-chan struct{}
	// memo skips the digits on which a per-digit pass found nothing before,
	// cells the patterns of a local pass that stand on no changed cell.
	memo  strategy.DigitMemo
	cells strategy.CellMemo
	// idle is, on a board where passes wait (WaitLoss), by active pass, the
	// open candidates the board had when the pass last found nothing (0
	// once it finds a step), and waited the Dear passes a deduce left to
	// the end (see Waits).
	idle   []int
	waited []int
	step   strategy.Step
	res    *Result
	solved bool
	// assumedUnique records a step of a strategy that presumes one
	// solution.
	assumedUnique bool
	// unique records that the puzzle is known to have one solution
	// (declared or counted), which lets the uniqueness strategies run.
	unique bool
	// counted records that the solutions were counted (CheckMultiple),
	// with the outcome in counts.
	counted bool
	counts  search.Result
	// cluesUnique records that the strategies swapping placed digits
	// (strategy.SwapsPlaced) may run as far as the clues go: the puzzle
	// is declared unique, or the board given holds nothing but clues
	// (unique then says), or the clues alone were counted to one
	// solution (cluesCounted, see countClues).
	cluesUnique, cluesCounted bool
	// guide is the solution Guided guesses follow, once guided (looked
	// for); nil when there is none.
	guide  []uint8
	guided bool
	// deepSpent records that a round of the Deep passes under
	// Options.DeepLooks found nothing, or that the searches of
	// Options.OneDeepSearch are over (see deepRound); longFound that its
	// Long search found a step, and strongRuns the Strong searches it
	// ran since (or since strongFull, that its Strong searches are whole
	// ones, see verityDeep), strongNone the open candidates of the board
	// where the last that found nothing ran (0 before); deepWeighed that
	// the count has decided whether they run at all (see weighDeep).
	deepSpent   bool
	deepWeighed bool
	longFound   bool
	strongFull  bool
	strongRuns  int
	strongNone  int
	// verityRuns records that the nested searches of
	// Options.OneDeepSearch are over and its Cage Filling Verity searches
	// run, verityLooks the looks at fillings they took (see verityDeep).
	verityRuns  bool
	verityLooks int
	// deepTaken records that a search of Options.OneDeepSearch has taken
	// a step and its searches are not over: the Dear passes that waited
	// then wait for the next search instead of running where no other
	// pass finds a step, and held records that some did in the last
	// deduce (see holdWaited).
	deepTaken, held bool
	// dearRuns counts the Dear passes run, and waits the times one
	// waited instead (see Waits); the tests of the rule read them.
	dearRuns, waits int
	// batch holds the steps of the last run of a batching pass (see
	// Batches), batchNext the first not taken, batchEnd the end of those
	// to take (see batchEnd), and batched counts those taken after the
	// first, undrawn those of them that a solve without emit (or with
	// NamesOnly) took as found, drawn through candidates gone (see
	// takeBatched).
	batch     strategy.Sink
	redraw    strategy.Sink // a batched step drawn again (see takeBatched)
	batchNext int
	batchEnd  int
	batched   int
	undrawn   int
}

// plan chooses the passes of the run: those of the strategies opts allows
// on the board (see Allows). Under CheckMultiple the plan holds the
// uniqueness strategies, whose steps wait until uniqueness is known.
func (r *run) plan(opts Options) {
	opts.Unique = opts.Unique || opts.CheckMultiple
	c := classOf(r.b.Layout())
	if opts.Strategies == nil {
		if p, ok := plans[planKey{opts.Type, opts.Unique, c}]; ok {
			r.passes, r.cheap, r.guessing = p.passes, p.cheap, p.guessing
			return
		}
	}
	p := makePlan(opts, c)
	r.passes, r.cheap, r.guessing = p.passes, p.cheap, p.guessing
}

// Allows reports whether o lets strategy st take steps on a board of
// layout l. It is the one rule of which strategies may run, for solving
// and for listing steps alike: st must be among o.Strategies (when not
// nil); guessing only solves without elimination logic, and logic only
// without guessing; the uniqueness strategies need the puzzle known to
// have one solution (o.Unique) and a board without cages, the cage
// strategies (Strategy.NeedsCages) a board with cages; the opt-in
// strategies (Strategy.OptIn) run only when o.Strategies names them, and
// the Deep ones (strategy.Deep) in logic-only solves or when named. A
// Solve with CheckMultiple also runs the uniqueness strategies once its
// count proves one solution. On a Str8ts board only the strategies sound
// there run (those whose Str8ts use is AlsoOnStr8ts or OnlyOnStr8ts), and
// the Str8ts strategies run nowhere else. A strategy whose finder does not
// look at boards of l's variant (Strategy.Suits: the killer ones on
// KenKen, the Law of Leftovers off jigsaws) does not run there either.
func (o *Options) Allows(st *strategy.Strategy, l *grid.Layout) bool {
	return o.allows(st, classOf(l))
}

// boardClass is what the rule of Allows asks of a board: its variant, and
// the kind that variant's board is.
type boardClass struct {
	variant grid.Variant
	kind    boardKind
}

func classOf(l *grid.Layout) boardClass {
	return boardClass{l.Variant, kindOf(l)}
}

// variantClass is the class of a board of variant v (a board of a variant
// with cages has one with a target at least; grid.NewLayout refuses
// others).
func variantClass(v grid.Variant) boardClass {
	return boardClass{v, variantKind(v, v.HasCages())}
}

// boardKind is what the rule of Allows asks of a board.
type boardKind uint8

const (
	plainBoard  boardKind = iota // no cages, not Str8ts
	cageBoard                    // cages (killer, KenKen)
	str8tsBoard                  // a Str8ts board
)

func kindOf(l *grid.Layout) boardKind { return variantKind(l.Variant, len(l.Cages()) > 0) }

// variantKind is the kind of a board of variant v, with cages that have
// a target or without.
func variantKind(v grid.Variant, cages bool) boardKind {
	switch {
	case v.IsStr8ts():
		return str8tsBoard
	case cages:
		return cageBoard
	}
	return plainBoard
}

// Variants returns the variants on whose boards the rule of Allows lets
// st take steps when a solve names it and the puzzle is known to have one
// solution. The opt-in and Deep strategies run only where a solve names
// them, or logic alone solves, and the uniqueness ones
// (Strategy.NeedsUnique) only on a puzzle known to have one solution;
// Variants says where they can.
func Variants(st *strategy.Strategy) []grid.Variant {
	o := Options{Type: Mixed, Unique: true, Strategies: []*strategy.Strategy{st}}
	var vs []grid.Variant
	for _, v := range grid.Variants() {
		if o.allows(st, variantClass(v)) {
			vs = append(vs, v)
		}
	}
	return vs
}

func (o *Options) allows(st *strategy.Strategy, c boardClass) bool {
	if o.Strategies == nil && st.OptIn() || o.Strategies != nil && !slices.Contains(o.Strategies, st) {
		return false
	}
	if (c.kind == str8tsBoard) != (st.Str8ts() == strategy.OnlyOnStr8ts) && st.Str8ts() != strategy.AlsoOnStr8ts {
		return false
	}
	if !st.Suits(c.variant) {
		// Its finder returns at once there; a pass would cost a call
		// and a look at the board each time the plan came round to it.
		return false
	}
	cages := c.kind == cageBoard
	switch {
	case st.Class() == strategy.Search:
		return o.Type != LogicOnly
	case st.Class() == strategy.Elimination && o.Type == GuessingOnly:
		return false
	case st.Cost() == strategy.Deep && o.Type != LogicOnly && o.Strategies == nil:
		// A Deep search that finds nothing costs more than the guesses
		// it could save.
		return false
	case st.NeedsCages() && !cages:
		// It finds nothing there, and a pass costs a look all the same.
		return false
	case st.NeedsUnique() && (!o.Unique || cages):
		// Deadly patterns ignore cages: swapping two digits can break a
		// cage's target, so uniqueness reasoning is unsound there.
		return false
	}
	return true
}

// planKey is what the plan of the whole catalogue depends on.
type planKey struct {
	typ    SolvingType
	unique bool
	class  boardClass
}

// plan is the passes of a solve, those of them that are Cheap, and
// whether it may guess.
type plan struct {
	passes   []strategy.Pass
	cheap    []strategy.Pass
	guessing bool
}

// plans holds the plans of the whole catalogue, made once, by planKey.
var plans = func() map[planKey]plan {
	m := map[planKey]plan{}
	for _, typ := range []SolvingType{Mixed, LogicOnly, GuessingOnly} {
		for _, unique := range []bool{false, true} {
			for _, v := range grid.Variants() {
				c := variantClass(v)
				m[planKey{typ, unique, c}] = makePlan(Options{Type: typ, Unique: unique}, c)
			}
		}
	}
	return m
}()

// makePlan returns the plan of the strategies opts allows on a board of
// class c.
func makePlan(opts Options, c boardClass) plan {
	allowed := func(st *strategy.Strategy) bool { return opts.allows(st, c) }
	p := plan{
		passes:   strategy.Plan(allowed),
		guessing: opts.allows(strategy.Guessing(), c),
	}
	for _, pass := range p.passes {
		if pass.Cost == Cheap {
			p.cheap = append(p.cheap, pass)
		}
	}
	return p
}

func newRun(start *grid.Board, opts Options, emit Emit) *run {
	r := &run{opts: opts, emit: emit, start: start, b: start.Clone(), res: &Result{}, unique: opts.Unique}
	// A board of clues alone has the clues' solutions: its count says.
	r.cluesUnique = opts.Unique || !start.Entered()
	r.trail = opts.OnGuess == BacktrackChanges || start.Layout().Cells > trailCells
	if r.trail {
		r.b.Track(true)
	}
	if opts.Order == Random {
		if opts.Seed == 0 {
			opts.Seed = rand.Uint64() | 1
		}
		r.rng = rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
		r.res.Seed = opts.Seed
	}
	return r
}

func (r *run) run(ctx context.Context) error {
	b := r.b
	if conflict, dup := b.Duplicate(); dup {
		// Digits repeated among peers, which Check does not look for
		// (grid.Load refuses such a board; Board.Reset builds it).
		r.res.Status, r.res.Conflict = NoSolution, conflict
		return nil
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if conflict, ok := b.Check(); !ok {
			if len(r.frames) == 0 {
				r.res.Status, r.res.Conflict = NoSolution, conflict
				r.res.CountComplete = r.guessing
				return nil
			}
			if err := r.stepLimit(); err != nil {
				return err
			}
			if err := r.backtrack(conflict); err != nil {
				return err
			}
			continue
		}
		if b.Solved() {
			r.res.Status, r.res.Count, r.solved = Solved, 1, true
			// Sound logic alone forced every digit: the solution is unique
			// (unless a step assumed so).
			r.res.CountComplete = r.res.Guesses == 0 && !r.assumedUnique
			return nil
		}
		if err := r.stepLimit(); err != nil {
			return err
		}
		if found, err := r.deduce(ctx); found || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if !r.guessing {
			if r.opts.OneDeepSearch && !r.deepSpent {
				// The Cage Filling Verity searches of a mixed solve's
				// deep round, where this one would be stuck.
				if found, err := r.verityDeep(ctx); found || err != nil {
					if err != nil {
						return err
					}
					continue
				}
			}
			if r.unhold() {
				continue
			}
			r.res.Status = Stuck
			return nil
		}
		if err := r.weighDeep(ctx); err != nil {
			return err
		}
		if found, err := r.deepRound(ctx); found || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		if r.unhold() {
			continue
		}
		if r.opts.CheckMultiple && !r.counted {
			// Count before the first guess, while the board holds only
			// what logic proved.
			if err := r.countSolutions(ctx); err != nil {
				return err
			}
		}
		if len(r.frames) == 0 && r.counted && r.counts.Complete && len(r.counts.Solutions) == 0 {
			// The count proved that the board has no solution: guessing
			// would only search for it again, with the strategies
			// allowed (with the singles alone, a killer's blind guesses
			// reached the step limit first).
			r.res.Status = NoSolution
			return nil
		}
		if r.extendShare() {
			continue
		}
		if r.opts.Order == Guided && !r.guided {
			if err := r.findGuide(ctx); err != nil {
				return err
			}
		}
		if err := r.guess(); err != nil {
			return err
		}
	}
}

// extendShare gives logic its extended share of the time (see Solve) and
// reports whether it did: only once, before the first guess, after
// logic's first share was spent and the count proved the solution unique,
// and while the extended share is not spent too.
func (r *run) extendShare() bool {
	if r.more == nil || !r.res.LogicShareSpent || !r.unique || r.res.Guesses > 0 {
		return false
	}
	more := r.more()
	r.more = nil
	if more == nil {
		return false
	}
	r.sink.Cancel = more
	r.res.LogicShareSpent = false
	return true
}

// unhold reports whether the last deduce left passes waiting for a
// search of Options.OneDeepSearch (see holdWaited), now that the searches
// are over (or did not run): deduce then runs again with them, and none
// waits so again in the solve.
func (r *run) unhold() bool {
	held := r.held
	r.held, r.deepTaken = false, false
	return held
}

// deepRound runs, where a Mixed solve would make its first guess, the
// Deep passes the solve leaves out, each search bounded by
// Options.DeepLooks looks at fillings, then Cage Filling Verity under
// Options.VerityLooks, and applies the first step found. It runs until a
// round finds nothing, and never after a guess. Under
// Options.OneDeepSearch alone it runs Long Nested Cage Contradiction's
// search once in the solve, then, if that found a step, Strong Nested
// Cage Contradiction's while each finds one, then Cage Filling Verity's
// (see oneDeep). Like the other passes it belongs to logic's share of the
// time (see Solve): it does not run once the share is spent, and a search
// the share cut short runs again if logic gets the extended share.
func (r *run) deepRound(ctx context.Context) (bool, error) {
	if r.opts.Type != Mixed || r.deepSpent || r.res.Guesses > 0 || r.res.LogicShareSpent {
		return false, nil
	}
	if r.opts.DeepLooks <= 0 && r.opts.VerityLooks <= 0 {
		if !r.opts.OneDeepSearch {
			return false, nil
		}
		return r.oneDeep(ctx)
	}
	defer func() { r.sink.DeepLooks = 0 }()
	if r.opts.DeepLooks > 0 {
		r.sink.DeepLooks = r.opts.DeepLooks
		for _, p := range deepPasses(r.opts, classOf(r.b.Layout())) {
			if found, stop, err := r.try(ctx, p, -1, 0); found || stop || err != nil {
				return found, err
			}
		}
	}
	if st := strategy.CageFillingVerity(); r.opts.VerityLooks > 0 && !slices.Contains(r.opts.Strategies, st) {
		r.sink.DeepLooks = r.opts.VerityLooks
		if found, stop, err := r.tryStrategy(ctx, st); found || stop || err != nil {
			return found, err
		}
	}
	r.deepSpent = true
	return false, nil
}

// weighDeep decides, once, where a Mixed solve of a killer would first
// run the searches of Options.OneDeepSearch, whether they run at all: it
// counts the solutions there (under CheckMultiple the count comes before
// the first guess anyway, and a count on a board that logic narrowed has
// the same solutions) and leaves the searches out when the count needed
// more than deepCountCap guesses or found other than one solution. It
// leaves the searches a request asked for (DeepLooks, VerityLooks) as
// they are.
func (r *run) weighDeep(ctx context.Context) error {
	if r.deepWeighed || !r.opts.OneDeepSearch || r.opts.DeepLooks > 0 || r.opts.VerityLooks > 0 ||
		!r.opts.CheckMultiple || r.opts.Type != Mixed || r.deepSpent || r.res.Guesses > 0 ||
		r.res.LogicShareSpent || kindOf(r.b.Layout()) != cageBoard {
		return nil
	}
	r.deepWeighed = true
	if !r.counted {
		if err := r.countSolutions(ctx); err != nil {
			return err
		}
		if !r.counts.Complete && len(r.counts.Solutions) < 2 {
			// Cut short by Options.MaxNodes, undecided: the count
			// before the first guess is made again, on the board the
			// deep searches will have narrowed, where it may complete.
			r.counted = false
		}
	}
	switch n := len(r.counts.Solutions); {
	case r.counts.Nodes > deepCountCap, n > 1, n == 0 && r.counts.Complete:
		// Past what the searches finish; or a board with several
		// solutions, which logic cannot finish, or with none.
		r.deepSpent = true
	}
	return nil
}

// deepCountCap is the most guesses the count of a killer's board may take
// for the searches of Options.OneDeepSearch to run on it (see weighDeep).
// Where those searches finished a killer of our fixtures by logic, the
// count of the board they started from took at most 10,129 guesses
// (tarek's 41 1,457, Wecoc #1 10,019, killer9-cage5-hard.txt's 6,082 to
// 10,129); on the forum's Mathemagic killers it takes 55,000 to 192,000,
// and there the searches found a few steps, never finished one, and took
// 0.5 to 1.9 s of CPU before the first guess
// (docs/variant-techniques.md, session 65).
const deepCountCap = 20_000

// oneDeep runs the next search of Options.OneDeepSearch: Long Nested
// Cage Contradiction's first, then, once that found a step, Strong
// Nested Cage Contradiction's, each taking the steps it finds, up to
// strongDeepBatch of them until whole searches are due (strongFull). The
// nested searches are over when one finds nothing or strongDeepSearches
// Strong ones have run; Cage Filling Verity's follow (see verityDeep).
func (r *run) oneDeep(ctx context.Context) (bool, error) {
	if r.verityRuns {
		return r.verityDeep(ctx)
	}
	want, stall, limit := strategy.LongNestedContradiction(), oneDeepStall, 0
	if r.longFound {
		want, stall = strategy.StrongNestedContradiction(), strongDeepStall
		if !r.strongFull {
			limit = strongDeepBatch
		}
	}
	found, stop := false, false
	for _, p := range deepPasses(r.opts, classOf(r.b.Layout())) {
		if p.Strategy != want {
			continue
		}
		r.sink.DeepStall, r.sink.Limit = stall, limit
		var err error
		found, stop, err = r.try(ctx, p, -1, 0)
		r.sink.DeepStall, r.sink.Limit = 0, 0
		if err != nil {
			return false, err
		}
		break
	}
	if stop {
		// Cut short by logic's share of the time: it says nothing.
		return false, nil
	}
	if want == strategy.StrongNestedContradiction() {
		r.strongRuns++
		if !found {
			r.strongNone = openCandidates(r.b)
		}
	}
	switch {
	case !found:
		// Cage Filling Verity where the nested searches left off.
		r.verityRuns = true
		return r.verityDeep(ctx)
	case r.strongRuns >= strongDeepSearches:
		r.verityRuns = true
	case want == strategy.LongNestedContradiction():
		r.longFound = true
	}
	r.deepTaken = r.deepTaken || found
	return found, nil
}

// verityDeep runs a Cage Filling Verity search of Options.OneDeepSearch,
// within what is left of oneVerityLooks looks at fillings in the solve,
// and takes the step it finds; the searches are over when one finds
// nothing or the looks are spent, but after Strong searches cut at
// strongDeepBatch steps one that finds nothing hands over to whole Strong
// searches (see oneDeep), and Cage Filling Verity's follow them again.
func (r *run) verityDeep(ctx context.Context) (bool, error) {
	st := strategy.CageFillingVerity()
	left := oneVerityLooks - r.verityLooks
	if left <= 0 || r.opts.Strategies != nil || kindOf(r.b.Layout()) != cageBoard {
		// Spent; or a list of strategies, which runs it when it names
		// it; or a board without cages.
		r.deepSpent = true
		return false, nil
	}
	r.sink.DeepLooks, r.sink.VerityLooks = left, 0
	found, stop, err := r.tryStrategy(ctx, st)
	r.sink.DeepLooks = 0
	r.verityLooks += r.sink.VerityLooks
	if err != nil {
		return false, err
	}
	if !found && !stop {
		if r.longFound && !r.strongFull && openCandidates(r.b) != r.strongNone {
			// The Strong searches that stopped at their second step
			// are followed by whole ones where these leave off; not on
			// the board where one found nothing (a whole one would
			// find nothing there either: candidates only go).
			r.strongFull, r.verityRuns, r.strongRuns = true, false, 0
			return r.oneDeep(ctx)
		}
		r.deepSpent = true
	}
	r.deepTaken = r.deepTaken || found
	return found, nil
}

// tryStrategy runs the passes of strategy st in order (see try) until one
// finds a step or stops.
func (r *run) tryStrategy(ctx context.Context, st *strategy.Strategy) (found, stop bool, err error) {
	for _, p := range strategy.Plan(func(s *strategy.Strategy) bool { return s == st }) {
		if found, stop, err = r.try(ctx, p, -1, 0); found || stop || err != nil {
			return found, stop, err
		}
	}
	return false, false, nil
}

// oneVerityLooks is how many looks at fillings the Cage Filling Verity
// searches of Options.OneDeepSearch take in all in a solve. The 13 that
// finish the forum's Wecoc #1 (killer9-extreme.txt line 1) by logic take
// 2.2 million, the first 0.8 million of them (about 5.5 s of CPU in all);
// one that finds nothing follows every group of its board in 0.01-0.15
// million on the tarek, Mathemagic and extreme killers (0.1-0.5 s).
var oneVerityLooks = 8_000_000 // a variable for the tests

// oneDeepStall is how many looks at fillings without a step, counted
// from its start or its last step, stop the Long search of
// Options.OneDeepSearch (strategy.Sink.DeepStall): the searches that
// finish the forum's Wecoc #2 and HS killer 9 find their first step
// after 328,000 and 277,000 looks and the next ones at most 289,000
// apart, while a search that finds nothing then costs a quarter of its
// whole budget of 2,000,000.
const oneDeepStall = 500_000

// strongDeepStall is how many looks at fillings without a step stop a
// Strong search of Options.OneDeepSearch, and strongDeepSearches the
// most of them a solve runs. The two that finish tarek's killer 41 find
// their steps at most about 104,000 looks apart (with 80,000 it
// guesses); on tarek 37 and 38, which they do not finish, three and four
// searches took 6-7 s of CPU with 150,000, and 10 and 22 s with 500,000
// (docs/variant-techniques.md, session 30).
const (
	strongDeepStall    = 150_000
	strongDeepSearches = 4
)

// strongDeepBatch is the most steps a Strong search of
// Options.OneDeepSearch takes (strategy.Sink.Limit) until its Cage
// Filling Verity searches first find nothing; whole searches follow
// them. A Strong search's steps come first among the candidates whose
// trials reach most, so one cut at its second step costs a fraction of a
// whole one, which goes on to its stall or its budget (tarek 41's first
// search has its second step 22,000 looks in, and went on to 610,000 for
// 28), and the cheaper passes and Cage Filling Verity take it on from the
// board those steps leave: tarek 41 (= extreme 4) is finished by four
// Strong searches of two steps and eight Cage Filling Verity steps, in
// about 2.5 s of CPU against 4.3 s (two Strong searches of 28 and 120
// steps); tarek 37 and 38, which guess either way, take 1.6 and 2.5 s
// against 2.5 and 3.1 s. The whole searches after them are what the
// fourth killer9-cage5-hard.txt killer (seed 207) needs: its third had
// 59 steps, most found only chained (strategy.Sink.Chain) on the steps
// before, and short searches alone leave it to 11 guesses
// (docs/variant-techniques.md, session 68).
const strongDeepBatch = 2

// deepPasses returns the passes of the Deep strategies a logic-only solve
// with opts would run on a board of class c and opts itself does not.
func deepPasses(opts Options, c boardClass) []strategy.Pass {
	logic := opts
	logic.Type = LogicOnly
	return strategy.Plan(func(st *strategy.Strategy) bool {
		return st.Cost() == Deep && logic.allows(st, c) && !opts.allows(st, c)
	})
}

// deduce applies the first step of the cheapest strategy that has one,
// among the Cheap ones only where the others do not pay (see Pays). A
// uniqueness strategy runs only when the puzzle is known to have one
// solution; under CheckMultiple the first one that finds a step counts
// the solutions to find out. On a large board, and on one with cages, a Dear
// pass that found nothing waits while the board changes little (see
// Waits), unless no other pass finds a step: then those that waited run,
// before any Deep pass, so that the solve is stuck only where every pass
// finds nothing (between the deep steps of Options.OneDeepSearch the next
// search runs first, see holdWaited).
func (r *run) deduce(ctx context.Context) (bool, error) {
	r.memo.Load(r.b)
	r.cells.Load(r.b)
	passes := r.activePasses()
	left := 0
	if WaitLoss(r.b.Layout()) > 0 {
		if len(r.idle) != len(passes) {
			r.idle = make([]int, len(passes))
		}
		left = openCandidates(r.b)
	}
	r.waited = r.waited[:0]
	ran := 0         // the passes of waited run so far
	batched := false // the batch was looked at (see Batches)
	for i, p := range passes {
		if p.Cost != Cheap && !batched {
			// The steps left of a batch come after the Cheap passes.
			batched = true
			if st := r.takeBatched(); st != nil {
				return true, r.report(st)
			}
		}
		if p.Cost == Deep && ran < len(r.waited) {
			// Those that waited run before the Deep passes, dearer still.
			found, stop, err := r.tryWaited(ctx, passes, ran, left)
			if found || stop || err != nil {
				return found, err
			}
			ran = len(r.waited)
		}
		if p.Cost == Dear && i < len(r.idle) && Waits(r.b.Layout(), r.idle[i], left) {
			r.waited = append(r.waited, i)
			r.waits++
			continue
		}
		if found, stop, err := r.try(ctx, p, i, left); found || stop || err != nil {
			return found, err
		}
	}
	if r.holdWaited(ran) {
		r.held = true
		return false, nil
	}
	found, _, err := r.tryWaited(ctx, passes, ran, left)
	return found, err
}

// holdWaited reports whether the passes of r.waited from the ran-th on,
// Dear passes that found nothing on the board when it had a few more
// candidates (see Waits), go on waiting although no other pass found a
// step: once a search of Options.OneDeepSearch has taken a step and while
// its searches go on. The next search runs instead; if it finds nothing,
// deduce runs them before the solve goes on (see unhold). Before each
// deep step of tarek's killer 41 (killer9-extreme.txt line 4) they found
// nothing, Nested Cage Contradiction's search of 150,000 looks (0.02-0.1 s
// of CPU) among them and Strong Cage Contradiction's, about a fifth of
// the solve's CPU there and on the forum's Wecoc #1 (line 1); both are
// still finished by logic, in other steps (docs/variant-techniques.md,
// session 68).
func (r *run) holdWaited(ran int) bool {
	return r.deepTaken && !r.deepSpent && !r.res.LogicShareSpent && r.res.Guesses == 0 && ran < len(r.waited)
}

// batchSink returns the sink of a batching pass p (see Batches), reset
// for a find-all run: its steps stay there for takeBatched until the
// pass runs again.
func (r *run) batchSink(p strategy.Pass) *strategy.Sink {
	k := &r.batch
	k.Reset()
	k.All, k.Chain, k.Form, k.Cancel, k.Thrift, k.DeepLooks, k.DeepStall, k.WideStall = true, true, p.Form, r.sink.Cancel, r.sink.Thrift, r.sink.DeepLooks, r.sink.DeepStall, r.sink.WideStall
	k.Limit = r.sink.Limit
	r.batchNext, r.batchEnd = 0, 0
	return k
}

// takeBatched applies the next step of the last batch (see Batches) that
// is still open, what it eliminates still candidates and what it places
// still open cells, and returns it (nil when none is). A step drawn
// through candidates the board no longer has (it was found on the board
// the batch's first was) is drawn again on the board where it can be
// (strategy.Redraw): a forcing net's premises closed anew, a trial's
// premise followed anew with the same cuts. A solve without emit, whose
// steps no one draws or explains, draws one again only where that may
// name or rate it otherwise (strategy.RedrawNamed): its technique, rating
// and changes are those of the steps emitted. So does a solve whose emit
// reads no more than those (Options.NamesOnly).
func (r *run) takeBatched() *strategy.Step {
	steps := r.batch.Steps()
	for r.batchNext < min(r.batchEnd, len(steps)) {
		st := &steps[r.batchNext]
		r.batchNext++
		if !stillOpen(r.b, st) {
			continue
		}
		if !st.DrawnOn(r.b) {
			r.redraw.Reset()
			redraw := strategy.Redraw
			named := r.emit == nil || r.opts.NamesOnly
			if named {
				// No one draws or explains the steps: redrawn only where
				// that may name or rate the step otherwise.
				redraw = strategy.RedrawNamed
			}
			if redraw(r.b, st, &r.redraw) {
				st = &r.redraw.Steps()[0]
			} else if named {
				r.undrawn++
			}
		}
		st.Apply(r.b)
		r.batched++
		return st
	}
	return nil
}

// stillOpen reports whether every elimination of step st is a candidate
// of an open cell of b and every placement one too.
func stillOpen(b *grid.Board, st *strategy.Step) bool {
	for _, e := range st.Eliminations {
		if b.Value(e.Cell) != 0 || !b.Cands(e.Cell).Has(e.Digit) {
			return false
		}
	}
	for _, pl := range st.Placements {
		if b.Value(pl.Cell) != 0 || !b.Cands(pl.Cell).Has(pl.Digit) {
			return false
		}
	}
	return len(st.Eliminations)+len(st.Placements) > 0
}

// tryWaited runs the passes that waited in this deduce, from the from-th
// on, until one finds a step (see try).
func (r *run) tryWaited(ctx context.Context, passes []strategy.Pass, from, left int) (found, stop bool, err error) {
	for _, i := range r.waited[from:] {
		if found, stop, err := r.try(ctx, passes[i], i, left); found || stop || err != nil {
			return found, stop, err
		}
	}
	return false, false, nil
}

// try runs pass p, the i-th active one (-1 for one of deepRound), on the
// board of left open candidates, and applies its first step if it finds
// one. It reports stop when the pass was cancelled because logic's share
// of the time is spent: the solve then hands over to guessing.
func (r *run) try(ctx context.Context, p strategy.Pass, i, left int) (found, stop bool, err error) {
	// A uniqueness strategy not known sound yet looks first and has the
	// solutions counted only when it finds a step: on the board it looks
	// at, a pass that finds nothing finds nothing whatever the count, so
	// the steps are those of counting first, and the count waits for a
	// board that logic has narrowed further, or is never needed (a
	// puzzle that logic finishes proves itself unique).
	unproved := p.Strategy.NeedsUnique() && !r.unique
	if unproved && r.counted {
		return false, false, nil
	}
	if p.Strategy.SwapsPlaced() && !r.cluesUnique {
		// Its patterns swap digits entered with the puzzle as well, so
		// the clues alone must have one solution, which the count of the
		// board given does not show.
		if !r.cluesCounted {
			if err := r.countClues(ctx); err != nil {
				return false, false, err
			}
		}
		if !r.cluesUnique {
			return false, false, nil
		}
	}
	r.sink.Reset()
	r.sink.Form, r.sink.Digits, r.sink.Changed = p.Form, 0, nil
	if p.Strategy.PerDigit() {
		if r.sink.Digits = r.memo.Digits(p.Strategy, p.Form); r.sink.Digits == 0 {
			return false, false, nil // nothing moved since the pass found nothing
		}
	}
	if p.Strategy.Local() {
		var run bool
		if r.sink.Changed, run = r.cells.Changed(p.Strategy, p.Form); !run {
			return false, false, nil // no cell changed since the pass found nothing
		}
	}
	if p.Cost == Dear {
		r.dearRuns++
	}
	sink := &r.sink
	if Batches(p.Strategy, r.b.Layout()) && r.res.Guesses == 0 {
		sink = r.batchSink(p)
	}
	p.Strategy.Find(r.b, sink)
	if sink.Cancelled() {
		// The finder may have stopped short: its steps, or their
		// absence, say nothing.
		r.batch.Reset()
		if err := ctx.Err(); err != nil {
			return false, true, err
		}
		// Logic's share of the time is spent: hand over to guessing,
		// whose first guess leaves only the Cheap strategies (Pays).
		r.res.LogicShareSpent = true
		r.sink.Cancel = r.done
		return false, true, nil
	}
	steps := sink.Steps()
	if unproved && len(steps) > 0 {
		if err := r.countSolutions(ctx); err != nil {
			return false, false, err
		}
		if !r.unique {
			return false, false, nil
		}
	}
	if i >= 0 && i < len(r.idle) {
		r.idle[i] = 0
		if len(steps) == 0 {
			r.idle[i] = left
		}
	}
	if len(steps) > 0 {
		steps[0].Apply(r.b)
		if sink == &r.batch {
			r.batchNext = 1 // the others are left to take
			r.batchEnd = batchEnd(p.Strategy, steps, r.res.Rating.SE)
		}
		return true, false, r.report(&steps[0])
	}
	if p.Strategy.PerDigit() {
		r.memo.Nothing(p.Strategy, p.Form, r.sink.Digits)
	}
	if p.Strategy.Local() {
		r.cells.Nothing(p.Strategy, p.Form)
	}
	return false, false, nil
}

// openCandidates returns the number of candidates of b's open cells.
func openCandidates(b *grid.Board) int {
	n := 0
	for _, ds := range b.Candidates() {
		if c := ds.Count(); c > 1 {
			n += c
		}
	}
	return n
}

// activePasses returns the passes the solve runs now: all of its plan, or
// the Cheap ones where the others do not pay (see Pays).
func (r *run) activePasses() []strategy.Pass {
	if !Pays(r.opts.Type, r.b.Layout(), r.res.Guesses > 0) {
		return r.cheap
	}
	return r.passes
}

// stepLimit returns ErrStepLimit when the solve has taken the most steps
// its options allow, before it applies another: the board then holds the
// steps reported and no more.
func (r *run) stepLimit() error {
	if r.opts.MaxSteps > 0 && r.res.Steps >= r.opts.MaxSteps {
		return fmt.Errorf("%w after %d steps", ErrStepLimit, r.opts.MaxSteps)
	}
	return nil
}

func (r *run) report(s *strategy.Step) error {
	r.res.Steps++
	if r.opts.MaxSteps > 0 && r.res.Steps > r.opts.MaxSteps {
		return fmt.Errorf("%w after %d steps", ErrStepLimit, r.opts.MaxSteps)
	}
	r.assumedUnique = r.assumedUnique || s.Strategy != nil && s.Strategy.NeedsUnique()
	r.res.Rating.Add(s)
	if r.emit == nil {
		return nil
	}
	s.Depth = len(r.frames)
	return r.emit(r.res.Steps, s, r.b)
}

// guess places a digit on trial in the best cell.
func (r *run) guess() error {
	b := r.b
	r.batch.Reset()
	r.res.Guesses++
	if r.opts.MaxNodes > 0 && int64(r.res.Guesses) > r.opts.MaxNodes {
		return classic.NodeLimitError(r.opts.MaxNodes)
	}
	cell := r.chooseCell()
	cands := b.Cands(cell)
	d := r.chooseDigit(cell, cands)
	f := frame{cell: cell, digit: d}
	if r.trail {
		f.mark = b.Mark()
	} else {
		f.saved = r.spareBoard()
		f.saved.CopyFrom(b)
	}
	r.frames = append(r.frames, f)
	b.Place(cell, d)
	s := &r.step
	s.Strategy, s.Technique, s.Kind = strategy.Guessing(), strategy.Guessing().Technique(), strategy.Guess
	s.Placements = append(s.Placements[:0], strategy.CellDigit{Cell: cell, Digit: d})
	s.Eliminations, s.Cells, s.Units, s.Cages = s.Eliminations[:0], append(s.Cells[:0], cell), s.Units[:0], s.Cages[:0]
	s.Digits = cands
	return r.report(s)
}

// backtrack undoes the newest guess, whose board reached conflict, and
// eliminates the digit it tried.
func (r *run) backtrack(conflict grid.Conflict) error {
	b := r.b
	r.batch.Reset()
	f := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	undone := strategy.SafeCopy
	if r.trail {
		if r.opts.OnGuess == BacktrackChanges {
			undone = b.Changes(f.mark)
		}
		b.Undo(f.mark)
	} else {
		b.CopyFrom(f.saved)
		r.spare = append(r.spare, f.saved)
	}
	b.Eliminate(f.cell, f.digit)
	s := &r.step
	s.Strategy, s.Technique, s.Kind = strategy.Guessing(), strategy.Guessing().Technique(), strategy.Backtrack
	s.Placements = s.Placements[:0]
	s.Eliminations = append(s.Eliminations[:0], strategy.CellDigit{Cell: f.cell, Digit: f.digit})
	s.Cells, s.Units, s.Cages = s.Cells[:0], s.Units[:0], s.Cages[:0]
	if cell, ok := conflict.Cell(); ok {
		s.Cells = append(s.Cells, cell)
	}
	if unit, ok := conflict.Unit(); ok {
		s.Units = append(s.Units, unit)
	}
	if cage, ok := conflict.Cage(); ok {
		// A cage that can no longer reach its target: its cells too.
		s.Cages = append(s.Cages, cage)
		s.Cells = append(s.Cells, b.Layout().Cage(cage).Cells...)
	}
	s.Digits, s.Conflict, s.Undone = 0, conflict, undone
	return r.report(s)
}

func (r *run) spareBoard() *grid.Board {
	if n := len(r.spare); n > 0 {
		b := r.spare[n-1]
		r.spare = r.spare[:n-1]
		return b
	}
	return grid.NewBoard(r.b.Layout())
}

// chooseCell picks the empty cell to guess: the one with the smallest key,
// where the key weighs the cell's unsolved peers (fewer solved around it
// means a guess there is less likely to fail fast) against its candidate
// count as the count weight says. Ties go to the first cell.
func (r *run) chooseCell() int {
	b := r.b
	best, bestKey := -1, int(^uint(0)>>1)
	for cell, c := range b.Candidates() {
		if b.Value(cell) != 0 || c == 0 {
			// Filled, or a black cell of a Str8ts board.
			continue
		}
		open := 0
		for _, p := range b.Layout().Peers(cell) {
			if b.Value(p) == 0 {
				open++
			}
		}
		var key int
		switch r.opts.Weight {
		case WeightNone:
			key = open
		case WeightSingle:
			key = open + c.Count()
		default:
			key = c.Count()*(b.Layout().Cells+1) + open
		}
		if key < bestKey {
			best, bestKey = cell, key
		}
	}
	return best
}

func (r *run) chooseDigit(cell int, c grid.Digits) int {
	switch r.opts.Order {
	case Guided:
		if g := r.guide; g != nil && c.Has(int(g[cell])) {
			return int(g[cell])
		}
	case Descending:
		return c.Max()
	case Random:
		list := c.List(make([]int, 0, grid.MaxSize))
		return list[r.rng.IntN(len(list))]
	}
	return c.Min()
}

// findGuide sets the solution Guided guesses follow, once: the caller's
// (Options.Solution), the first one counted, or else one the search finds
// for the board reached. A search
// out of budget leaves none; only the end of ctx is an error.
func (r *run) findGuide(ctx context.Context) error {
	r.guided = true
	if r.opts.Solution != nil {
		r.guide = r.opts.Solution
		return nil
	}
	if !r.counted {
		s := searchers.Get().(*search.Searcher)
		defer searchers.Put(s)
		s.MaxNodes = r.opts.MaxNodes
		res, err := s.Count(ctx, r.b, 1)
		if err != nil && !errors.Is(err, search.ErrNodeLimit) {
			return err
		}
		if len(res.Solutions) > 0 {
			r.guide = res.Solutions[0]
		}
		return nil
	}
	if len(r.counts.Solutions) > 0 {
		r.guide = r.counts.Solutions[0]
	}
	return nil
}

// searchers keeps Searchers between solves: their working state (the
// classic solver's stack alone is 13 KB) would otherwise be most of what a
// solve allocates.
var searchers = sync.Pool{New: func() any { return new(search.Searcher) }}

// limit is the most solutions counted.
func (r *run) limit() int { return max(r.opts.MaxSolutions, 2) }

// search counts the solutions of b, up to the limit, within the node
// budget.
func (r *run) search(ctx context.Context, b *grid.Board) (search.Result, error) {
	s := searchers.Get().(*search.Searcher)
	defer searchers.Put(s)
	s.MaxNodes = r.opts.MaxNodes
	return s.Count(ctx, b, r.limit())
}

// countSolutions counts the solutions of the puzzle (see search) and
// records the outcome; a count that proves one solution lets the
// uniqueness strategies run. It counts the board reached while that holds
// only what sound logic proved (no guess in force, no uniqueness step
// taken), which has the puzzle's solutions, and the board given otherwise.
// A count that spends its node budget is kept, incomplete; only the end of
// ctx is an error.
func (r *run) countSolutions(ctx context.Context) error {
	b := r.start
	if len(r.frames) == 0 && !r.assumedUnique {
		b = r.b
	}
	res, err := r.search(ctx, b)
	if err != nil && !errors.Is(err, search.ErrNodeLimit) {
		return err
	}
	res.Complete = res.Complete && err == nil
	r.counted, r.counts = true, res
	r.unique = r.unique || res.Complete && len(res.Solutions) == 1
	return nil
}

// countClues records whether the given board's clues alone have one
// solution (see cluesProvedUnique), for the strategies that swap placed
// digits (strategy.SwapsPlaced).
func (r *run) countClues(ctx context.Context) error {
	unique, err := cluesProvedUnique(ctx, r.start, r.opts.MaxNodes)
	r.cluesCounted, r.cluesUnique = err == nil, unique
	return err
}

// finishCount settles the count of a CheckMultiple solve that ended
// without error. A solve that logic finished without guessing (solved) or
// that found no solution, with no step presuming uniqueness, proved its
// count by itself; any other counts the solutions now, unless counted
// before.
func (r *run) finishCount(ctx context.Context) error {
	proved := !r.assumedUnique && (r.res.Status == NoSolution || r.res.Status == Solved && r.res.Guesses == 0)
	if !proved && !r.counted {
		if err := r.countSolutions(ctx); err != nil {
			return err
		}
	}
	if r.counted && (r.counts.Complete || !proved) {
		r.count(r.counts)
		return nil
	}
	// Proved by logic, uncounted or counted only in part.
	r.res.Count, r.res.CountComplete = 0, true
	if r.solved {
		r.res.Count = 1
	}
	return nil
}

// count records the outcome of counting the solutions (see search) in the
// result of the solve.
func (r *run) count(res search.Result) {
	var mine []uint8
	if r.solved {
		mine = r.b.Values()
	}
	for _, sol := range res.Solutions {
		if mine == nil || string(sol) != string(mine) {
			r.res.Others = append(r.res.Others, sol)
		}
	}
	n := len(res.Solutions)
	if mine != nil && len(r.res.Others) == n {
		// The solver's own solution is none of those counted: counting
		// stopped at its limit or its budget first. It is a solution
		// found too: at the limit it takes the place of the last one
		// counted, so that the board and the others are Count distinct
		// solutions; below it, it adds one.
		if n >= r.limit() {
			r.res.Others = r.res.Others[:n-1]
		} else {
			n++
		}
	}
	r.res.Count, r.res.CountComplete = n, res.Complete
	switch {
	case n == 0 && res.Complete:
		r.res.Status = NoSolution
	case n >= 2:
		r.res.Status = MultipleSolutions
		if !r.solved {
			// Report the first solution rather than a stuck state.
			r.b.Track(false)
			for cell, v := range res.Solutions[0] {
				// A Str8ts black cell without a clue holds no digit (0)
				// in a solution too.
				if r.b.Value(cell) == 0 && v != 0 {
					r.b.Place(cell, int(v))
				}
			}
			r.res.Others = r.res.Others[1:]
		}
	}
}

// Add counts a step taken in the rating: its technique's score, and the
// technique when it is the hardest so far (of a higher level, or of the
// same level and a higher score: of two Extreme techniques, the one rated
// harder). Backtracks count nothing.
func (r *Rating) Add(s *strategy.Step) {
	t := s.Technique
	if t == nil || s.Kind == strategy.Backtrack {
		return
	}
	r.Score += t.Score()
	if r.Hardest == nil || t.Level() > r.Hardest.Level() || t.Level() == r.Hardest.Level() && t.Score() > r.Hardest.Score() {
		r.Hardest = t
	}
	se := s.SERating()
	r.SE = max(r.SE, se)
	if r.SEDiamond == 0 {
		r.SEDiamond = se
	}
	if r.SEPearl == 0 && len(s.Placements) > 0 {
		r.SEPearl = r.SE
	}
}

// beyondLogic raises the SE ratings of a solve that logic left unfinished
// to strategy.SEBeyondLogic: what remains needs more than every strategy
// tried (SE's nested forcing chains).
func (r *Rating) beyondLogic() {
	r.Unfinished = true
	b := strategy.SEBeyondLogic()
	r.SE = max(r.SE, b)
	if r.SEPearl == 0 {
		r.SEPearl = r.SE
	}
	if r.SEDiamond == 0 {
		r.SEDiamond = r.SE
	}
}

// Grade returns the level the rating earns: the hardest technique's level,
// raised one level at a time while the score, scaled to a 9×9 board
// (Score × 81 / Cells, so that a larger board's many easy steps do not
// count as hardness), exceeds the level's maximum (Level.MaxScore); and
// Extreme for a solve that logic left unfinished, which needs more than
// every strategy tried.
func (r Rating) Grade() strategy.Level {
	if r.Unfinished {
		return strategy.Extreme
	}
	if r.Hardest == nil {
		return strategy.Unrated
	}
	score := r.Score
	if r.Cells > 0 && r.Cells != 81 {
		score = int(int64(score) * 81 / int64(r.Cells))
	}
	l := r.Hardest.Level()
	for l < strategy.Extreme && score > l.MaxScore() {
		l++
	}
	return l
}

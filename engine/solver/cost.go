package solver

import (
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// Cost is the cost class of a strategy (strategy.Cost), given in the
// technique table.
type Cost = strategy.Cost

// The cost classes.
const (
	Cheap = strategy.Cheap
	Dear  = strategy.Dear
	Deep  = strategy.Deep
)

// CostOf returns the cost class of a strategy (Strategy.Cost).
func CostOf(st *strategy.Strategy) Cost { return st.Cost() }

// LargeBoard is the side above which mixed solving keeps to the Cheap
// strategies from the start.
const LargeBoard = 25

// Pays reports whether the Dear strategies pay in a solve of the type on
// a board of layout l, once the solve has guessed or before. It is the
// cost model of mixed solving: once a solve has guessed, its grade is
// Extreme whatever follows and logic only saves guesses, which on any
// board cost less than a Dear pass that finds nothing. Up to LargeBoard
// the Dear strategies run before the first guess, so that logic finishes
// what it can (a 25×25 Sudoku X by chains and nets in 2-4 s of CPU, a
// Dear pass that found nothing waiting meanwhile, see Waits; one Dear
// pass over an empty 25×25 costs about 0.15 s); their searches are
// bounded by their budgets and stop with the solve's context, or when
// logic's share of its deadline is spent (see Solve). Above it a
// Dear pass costs more than the whole search it could save (an empty
// 32×32 board is solved by guessing in 0.15 s). Logic-only solving uses
// every strategy allowed, as it has nothing to hand over to.
func Pays(t SolvingType, l *grid.Layout, guessed bool) bool {
	if t != Mixed {
		return true
	}
	return !guessed && l.N <= LargeBoard
}

// WaitFrom is the side from which a Dear pass that found nothing waits
// for the board to change (see Waits).
const WaitFrom = 16

// CageWaitSides is, in sides of the board, the loss of candidates a Dear
// pass that found nothing waits for on a board with cages (killer,
// KenKen) below WaitFrom (see WaitLoss).
const CageWaitSides = 4

// WaitLoss returns the number of candidates a board of layout l must lose
// before a Dear pass that found nothing on it runs again (see Waits): the
// side from WaitFrom, CageWaitSides sides on a smaller board with cages
// (36 on a 9×9 killer), 0 (no waiting) on any other.
//
// On a 9×9 killer most steps come from the dearest passes (Cage
// Contradiction, Nested Cage Contradiction, Forcing Net) and take a
// candidate or two, and after each one the Dear passes before them ran
// again to find nothing: 160,606 Dear runs over the 42 lines of
// killer9-tarek.txt with defaults, 12,360 with the wait, and about 40 %
// of the CPU saved (60 % on the logic-only BenchmarkLogicKillerTarek);
// waits of 27 to 60 candidates save about as much, 9 less, 250 less
// again, as the cheaper Dear passes then wait while the dearest take the
// steps. The steps change, not where logic stops: the same 38 lines
// finish, and the 4 others stop on the same board. Plain and Str8ts
// boards keep every pass running after every step.
func WaitLoss(l *grid.Layout) int {
	switch {
	case l.N >= WaitFrom:
		return l.N
	case kindOf(l) == cageBoard:
		return CageWaitSides * l.N
	}
	return 0
}

// Waits reports whether a Dear pass that found nothing on a board of
// layout l when it had idle open candidates (0: it has not, or has found
// a step since) waits, now that the board has left: while the board has
// lost fewer than WaitLoss(l) candidates since. On a 16×16 or 25×25 a
// Dear pass that finds nothing costs 5-30 ms, and the steps of the nets
// that follow it (one candidate each) seldom give it anything to find:
// x16-extreme line 1 spent over half of its CPU in chains and nets rerun
// after each Nested Forcing Net step, to find nothing. A pass that waits
// still runs when no other finds a step (see deduce), so logic stops
// where it stopped before.
func Waits(l *grid.Layout, idle, left int) bool {
	w := WaitLoss(l)
	return w > 0 && idle > 0 && idle-left < w
}

// Batches reports whether a solve runs strategy st in find-all mode and,
// after taking its first step, takes the others it found when no Cheap
// pass finds a step, before any Dear pass runs again, as long as what
// each eliminates is still a candidate (see deduce): Nested Cage
// Contradiction. A step it finds is a contradiction of the trials from
// a candidate, which stays one on any later board, which has fewer
// candidates, so its elimination stays sound. Its first-step runs stop
// at the first contradiction, and most of a killer solve's CPU went to
// them once the Dear passes waited (see Waits): 679 runs over tarek's
// lines 1-20, about half of the finders' time, each finding one
// candidate of the several a full run finds. Taking the others saves
// about a fifth of the CPU of those lines, with their SE ratings
// unchanged. Cage Contradiction in batches too saves nothing more.
// The batches are chained (strategy.Sink.Chain): once a search has found
// ten steps, it takes those it found as given in its search for the
// next, which the solve then takes in order; on tarek's 42 with solve
// defaults that saves about a sixth of the CPU more.
//
// Locked Nested Trial batches for the same reason, and so does the
// Forcing Net on boards of side 16 or more and on killers, where a solve
// takes it hundreds of times (201 steps on the 25×25 of generate seed 3;
// 218 over seven slow killers, tarek 18 among them), each a pass
// over every premise of the board. The solve takes the others a Forcing
// Net run found only up to the first rated above the solve so far and
// the batch's first (see batchEnd), so that its SE rating stays what the
// shortest steps give: with that, the 16×16 and 25×25 fixtures take 0.83
// of their CPU (0.41 on x25), the same guesses, and the grade of
// generate seed 3 0.41; the published killers (tarek's 42, the extreme
// four, killer-hs, killer9-sites, killer-bare) about 0.94 (two rounds
// alternating, 23.6 → 22.2 s and 27.4 → 25.9 s), the same guesses, the
// SE rating the same but on tarek 30 (9.6 → 9.5). On KenKen it saved
// nothing. The Nice Loops and the Forcing Chain in batches cost more
// than they saved.
//
// Long and Strong Nested Cage Contradiction (the Deep searches, which are
// Nested Cage Contradiction's with larger budgets) batch too: a search of
// theirs that finds one step has most often found the few more that
// finish the board. Logic-only solves of the forum's Wecoc #2 (extreme
// line 3), tarek 41 and HS killer 9 took 3.6, 16.9 and 3.5 s of CPU with
// a first-step search each time; in batches 2.0, 11.3 and 1.4 s.
func Batches(st *strategy.Strategy, l *grid.Layout) bool {
	switch st {
	case strategy.NestedContradiction(), strategy.LongNestedContradiction(), strategy.StrongNestedContradiction(), strategy.LockedNestedTrial():
		return true
	}
	return st == strategy.ForcingNet() && (l.N >= 16 || l.Variant.IsKiller())
}

// ThriftFrom is the side from which a mixed solve gives the Nested
// Forcing Net a smaller budget (see Thrift).
const ThriftFrom = 25

// thriftDivisor is the divisor of Thrift.
const thriftDivisor = 8

// Thrift returns the divisor of the Nested Forcing Net's work budget in a
// solve of type t on a board of layout l (strategy.Sink.Thrift): 8 in
// mixed solving on boards of side ThriftFrom or more, 1 (none) otherwise.
// On a 25×25 the Nested Forcing Net searches that find a step in the
// puzzles logic finishes spend under 0.2 million implications (x25,
// 25x25-hard, 25x25.txt; 3.7 million is an eighth of the budget), while
// on the published 25×25, which logic does not finish, the searches run
// up to 24 million to find a step, and the last one, which finds nothing,
// spends the whole 29 million (about 0.5 s of CPU) before the solve
// guesses. A mixed solve hands such a board to guessing sooner; a
// logic-only solve, which has nothing to hand over to, keeps the whole
// budget, as do 16×16 boards, whose searches that find a step spend up to
// half of it (x16-extreme).
func Thrift(t SolvingType, l *grid.Layout) int {
	if t == Mixed && l.N >= ThriftFrom {
		return thriftDivisor
	}
	return 1
}

// lockedWideStall is how many eliminations a Locked Nested Trial search's
// wide pass follows without a step before a mixed solve's search stops
// (strategy.Sink.WideStall). On the 16×16 and 25×25 fixtures the wide
// passes that find a step find their first 0.18-0.82 million after they
// start, and then go on to the budget for more (the batch); the one that
// finds nothing before x16-extreme line 11 guesses spent 6.8 million of
// its 16×16 budget of 10 million, and a generated 16×16 X's (seed 90005)
// 6.7 million, about 0.5 s of CPU each. A logic-only solve, which has
// nothing to hand the board to, keeps the whole budget.
var lockedWideStall = 2_000_000 // a variable for the tests

// batchEnd returns how many of steps, a batch of strategy st (see
// Batches), a solve whose steps so far rate se on Sudoku Explainer's scale
// takes: all of them, but for the Forcing Net only those up to the first
// rated above both se and the batch's first step (the shortest), so that
// taking a batch does not raise the solve's rating where the steps found
// afresh would not.
func batchEnd(st *strategy.Strategy, steps []strategy.Step, se strategy.SERating) int {
	if st != strategy.ForcingNet() || len(steps) == 0 {
		return len(steps)
	}
	ceiling := max(se, steps[0].SERating())
	for i := range steps {
		if steps[i].SERating() > ceiling {
			return i
		}
	}
	return len(steps)
}

package solver

import (
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// Cost is the cost class of a strategy: how dear its finder is to run
// when it finds nothing, which is most of the time on a large board.
type Cost uint8

// The cost classes.
const (
	// Cheap strategies sweep the units and their intersections: singles,
	// intersections (pointing, claiming, locked subsets), naked and hidden
	// subsets, the cage and line rules, and the Str8ts compartment checks
	// (range, sure digits, mind the gap). A pass of all of them costs
	// about 0.1 ms on a 25×25 board.
	Cheap Cost = iota
	// Dear strategies search patterns across the board: fish, single-digit
	// patterns, wings, uniqueness, colouring, chains, almost locked sets,
	// forcing chains and nets. A pass of all of them on a stuck board
	// costs about 1 ms on a 9×9 board, 10 ms on a 16×16 and 30 ms on a
	// 25×25, every time logic is stuck before a guess.
	Dear
)

// cheap are the Cheap strategies.
var cheap = []*strategy.Strategy{
	strategy.NakedSingle, strategy.FullHouse, strategy.HiddenSingle,
	strategy.LockedSubsets, strategy.LockedRegions, strategy.LockedCandidates,
	strategy.NakedSubsets, strategy.HiddenSubsets,
	strategy.CageCombinations, strategy.CagePermutations, strategy.InniesOutiesStrategy,
	strategy.LineRules, strategy.CageOverlap, strategy.CageSplitting,
	strategy.CompartmentRange, strategy.SureDigits, strategy.MindTheGap,
	strategy.Guessing,
}

// CostOf returns the cost class of a strategy.
func CostOf(st *strategy.Strategy) Cost {
	for _, c := range cheap {
		if c == st {
			return Cheap
		}
	}
	return Dear
}

// LargeBoard is the side above which mixed solving keeps to the Cheap
// strategies from the start.
const LargeBoard = 16

// Pays reports whether the Dear strategies pay in a solve of the type on
// a board of layout l, once the solve has guessed or before. It is the
// cost model of mixed solving: once a solve has guessed, its grade is
// Extreme whatever follows and logic only saves guesses, which on any
// board cost less than a Dear pass that finds nothing; on a board above
// LargeBoard a Dear pass costs more than the whole search it could save
// (an empty 32×32 board is solved by guessing in 0.15 s). Logic-only
// solving uses every strategy allowed, as it has nothing to hand over to.
func Pays(t SolvingType, l *grid.Layout, guessed bool) bool {
	if t != Mixed {
		return true
	}
	return !guessed && l.N <= LargeBoard
}

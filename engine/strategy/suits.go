package strategy

import "github.com/sudokuwise/solver/engine/grid"

// The strategies whose finders return at once on boards of other variants
// (see Strategy.Suits): each finder's first test, read as a variant's.
func init() {
	for _, s := range []*Strategy{
		// isKiller (or trialSuits, which asks it first).
		inniesOutiesStrategy, cageSplittingStrategy, killerSubsets, virtualCages,
		combinationCrossoverStrategy, cageIntersectionStrategy, innieOutieDifference,
		cageBlockStrategy, cageContradictionStrategy, nestedContradictionStrategy,
		longNestedStrategy, strongNestedStrategy, strongContradictionStrategy,
		fillingVerityStrategy,
	} {
		s.suits = grid.Variant.IsKiller
	}
	// Variant.Arithmetic: the rules of KenKen's lines.
	for _, s := range []*Strategy{lineRulesStrategy, lineCageFillingsStrategy, twoLineCageFillingsStrategy} {
		s.suits = grid.Variant.Arithmetic
	}
	// Variant.Irregular: jigsaw regions.
	lawOfLeftovers.suits = grid.Variant.Irregular
	// Variant.HasBoxes: the box a kite or an empty rectangle turns in
	// (Layout.Regions, nil on a KenKen).
	for _, s := range []*Strategy{twoStringKite, emptyRectangle, dualTwoStringKite, dualEmptyRectangle} {
		s.suits = grid.Variant.HasBoxes
	}
	// lockedSuits: no cages (and, as the rule has it, not Str8ts).
	lockedNestedStrategy.suits = func(v grid.Variant) bool { return !v.HasCages() }
}

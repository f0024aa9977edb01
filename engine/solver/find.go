package solver

import (
	"context"
	"errors"
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// FindOptions bounds FindSteps.
type FindOptions struct {
	// Strategies are the strategies whose steps are wanted, in solving
	// order; nil means every strategy.
	Strategies []*strategy.Strategy
	// MaxNodes bounds the search that proves the board unique (for the
	// uniqueness strategies); 0 means no bound.
	MaxNodes int64
	// MaxSteps, when above 0, is the most steps reported: each finder is
	// asked for no more than are left (strategy.Sink.Limit), so that a
	// few steps asked of an open board, where a fish or ALS search finds
	// a million, cost little memory and time.
	MaxSteps int
}

// FindSteps reports every step the chosen strategies can take on b as
// given, strategy by strategy in solving order, where the solver's rule
// allows them (Options.Allows): the uniqueness strategies take part only
// when b is proved to have one solution and has no cages (those that swap
// placed digits, strategy.SwapsPlaced, only when b's clues alone are
// proved to have one too). Each step goes to found, valid only during the
// call; FindSteps stops when found returns false or after opts.MaxSteps
// steps, and returns ctx's error when ctx ends first (a finder polls it).
func FindSteps(ctx context.Context, b *grid.Board, opts FindOptions, found func(*strategy.Step) bool) error {
	chosen := opts.Strategies
	if chosen == nil {
		chosen = strategy.All()
	}
	unique, err := provedUnique(ctx, b, opts.MaxNodes)
	if err != nil {
		return err
	}
	// The strategies that swap placed digits need the clues alone to have
	// one solution, which a board holding digits that are not clues does
	// not show by having one itself.
	cluesUnique := unique
	if unique && b.Entered() && slices.ContainsFunc(chosen, (*strategy.Strategy).SwapsPlaced) {
		if cluesUnique, err = cluesProvedUnique(ctx, b, opts.MaxNodes); err != nil {
			return err
		}
	}
	sink := strategy.Sink{All: true, Cancel: ctx.Done()}
	rule := Options{Unique: unique, Strategies: chosen}
	reported := 0
	for _, st := range chosen {
		if !st.HasFinder() || !rule.Allows(st, b.Layout()) || st.SwapsPlaced() && !cluesUnique {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if opts.MaxSteps > 0 {
			if reported >= opts.MaxSteps {
				return nil
			}
			sink.Limit = opts.MaxSteps - reported
		}
		sink.Reset()
		st.Find(b, &sink)
		if err := ctx.Err(); err != nil {
			return err // the finder stopped short
		}
		for i := range sink.Steps() {
			if opts.MaxSteps > 0 && reported >= opts.MaxSteps {
				return nil
			}
			reported++
			if !found(&sink.Steps()[i]) {
				return nil
			}
		}
	}
	return nil
}

// cluesProvedUnique reports whether b's clues alone have exactly one
// solution, proved within maxNodes nodes of the search (for the
// strategies that swap placed digits, strategy.SwapsPlaced); a count that
// spends its nodes proves nothing, and only the end of ctx is an error.
func cluesProvedUnique(ctx context.Context, b *grid.Board, maxNodes int64) (bool, error) {
	unique, err := provedUnique(ctx, b.CluesOnly(), maxNodes)
	if errors.Is(err, search.ErrNodeLimit) {
		return false, nil
	}
	return unique, err
}

// provedUnique reports whether b has exactly one solution, proved within
// maxNodes nodes of the search.
func provedUnique(ctx context.Context, b *grid.Board, maxNodes int64) (bool, error) {
	searcher := search.Searcher{MaxNodes: maxNodes}
	res, err := searcher.Count(ctx, b, 2)
	if err != nil {
		return false, err
	}
	return len(res.Solutions) == 1 && res.Complete, nil
}

package strategy

import "github.com/sudokuwise/solver/engine/grid"

// Race reports to the external tests whether the race detector is on
// (see race): their killer solves skip under it, as the internal ones
// sample.
const Race = race

// Trial is the state of a Cage Contradiction or Nested Cage
// Contradiction search, its cache of trials followed included, for
// TestTrialCacheAgrees.
type Trial = trial

// NewTrial returns a search state with an empty cache.
func NewTrial() *Trial { return new(trial) }

// Search runs Cage Contradiction, or Nested Cage Contradiction when nested
// is set, on b with t in place of a pooled state, for the first step as
// the solver asks, and returns the steps found, the looks at fillings the
// search took (the trials followed on counted exactly, see exact) and the
// trials it skipped, its cache holding them.
func (t *trial) Search(b *grid.Board, nested bool) (steps []Step, looks, skipped int) {
	sink := Sink{strategy: cageContradictionStrategy}
	if nested {
		sink.strategy = nestedContradictionStrategy
	}
	if !trialSuits(b.Layout()) || !t.start(b) {
		return nil, 0, 0
	}
	hits := t.kept.hits
	if nested {
		t.findNested(&sink, nestedContradictionBudget)
	} else {
		t.findContradictions(&sink)
	}
	// The trials followed on count their least looks; their own are
	// counted again for the looks the search took.
	t.exact()
	return sink.Steps(), t.work, t.kept.hits - hits
}

// NestedChainFrom is nestedChainFrom, the steps a chained Nested Cage
// Contradiction search finds before it takes them as given.
const NestedChainFrom = nestedChainFrom

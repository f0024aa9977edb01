package strategy

import "github.com/sudokuwise/solver/engine/grid"

var longNestedStrategy = onCages(withOutline(newStrategy(Elimination, longNested, findLongNested, explainNestedContradiction), describeNestedContradiction))

// LongNestedContradiction (P2) is Nested Cage Contradiction searched
// further: the same trial inside a trial (assume a candidate, follow it
// through the killer rules, rule out the candidates whose own trial then
// breaks a rule, until some cage, sum, cell or unit is left with
// nothing), its step worded the same, but with a search that may assume
// every candidate of the board. It runs last, where every other pass,
// Nested Cage Contradiction's shorter search included, finds nothing: on
// the hardest killers the first candidate refuted is a few hundred
// thousand looks at fillings into the search.
func LongNestedContradiction() *Strategy { return longNestedStrategy }

var longNested = &Technique{name: "Long Nested Cage Contradiction", level: Extreme, score: 950, se: 105}

// longNestedBudget is the most fillings one search looks at (computed or
// remembered): on the stuck position of the forum's third extreme killer
// the first step is found after 327,000 looks, the fifth after 862,000,
// and with half this budget its solve stops again after six steps
// (docs/variant-techniques.md, session 9).
const longNestedBudget = 2_000_000

func findLongNested(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := trialPool.get()
	defer trialPool.put(t)
	if t.start(b) {
		t.findNested(sink, deepBudget(longNestedBudget, sink, 1))
	}
}

// deepBudget returns the looks a Deep search of budget own, whose looks
// cost about weight plain ones, may take for sink: own, or
// sink.DeepLooks/weight where that is smaller (at least one).
func deepBudget(own int, sink *Sink, weight int) int {
	if sink.DeepLooks > 0 {
		return min(own, max(sink.DeepLooks/weight, 1))
	}
	return own
}

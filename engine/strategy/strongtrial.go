package strategy

import (
	"github.com/sudokuwise/solver/engine/grid"
)

var strongContradictionStrategy = newStrategy(Elimination, strongContradiction, findStrongContradictions, explainCageContradiction)

// StrongCageContradiction (V2) is Cage Contradiction with the stronger
// trial of Strong Nested Cage Contradiction, one assumption deep: assume
// a candidate and follow singles, locked digits, the fillings of every
// cage and virtual cage, the naked and hidden subsets (pairs to
// quadruples) of every row, column and box, and each unit's cages
// together (a unit combination); when some cage, sum, cell or unit is
// left with nothing, the candidate is false. It is what a person writes
// in the margin of one trial with every unit rule they know, and it
// reads as Cage Contradiction's step, the subsets and unit combinations
// among its deductions: "Strong Cage Contradiction: if r4c5 were 7:
// naked pair {2,9} in r4c1,r4c3 (row 4): r4c6<>2, ...; then 8 has no
// place left in box 1; so r4c5<>7".
//
// It runs where every Dear pass before it, Nested Cage Contradiction
// and Nested Forcing Net included, finds nothing: on tarek's killer 18
// that is where a mixed solve would guess, and its trials refute two
// candidates there that no plain trial, nested or not, refutes within
// its budget. The cells with fewest candidates are assumed first, and a
// search is bounded by strongTrialBudget looks at fillings (a unit
// combination's pieces counted as looks), so that one that finds
// nothing costs a bounded share of a second.
func StrongCageContradiction() *Strategy { return strongContradictionStrategy }

var strongContradiction = &Technique{name: "Strong Cage Contradiction", level: Extreme, score: 800, se: 95}

// strongTrialBudget is the most looks at fillings one search takes (a
// strong look costs about ten plain ones). Where a mixed solve of the
// stuck tarek, extreme and Mathemagic killers first guesses, a search of
// every candidate takes 10,000-31,000 looks and 0.2-0.36 s of CPU; the
// first step on tarek's killer 18 comes after 15,000-20,000
// (docs/variant-techniques.md, session 12).
const strongTrialBudget = 30_000

func findStrongContradictions(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := strongPool.Get().(*trial)
	defer strongPool.Put(t)
	t.sx = t.strongSetup(b.Layout())
	t.sx.all = true // the board's own candidates: every unit once
	ok := t.start(b)
	t.sx.all = false
	if ok {
		t.findStrong(sink, strongTrialBudget)
	}
}

// findStrong adds the Strong Cage Contradiction steps of the board
// started (see start) with a strong trial to sink, looking at budget
// fillings at most.
func (t *trial) findStrong(sink *Sink, budget int) {
	for _, c := range t.order {
		for ds := t.base[c]; ds != 0; ds &= ds - 1 {
			if t.work > budget || sink.Cancelled() {
				return
			}
			d := ds.Min()
			if !t.tryKept(0, t.base, c, d, true) {
				continue
			}
			t.report(sink, c, d)
			if sink.Done() {
				return
			}
		}
	}
}

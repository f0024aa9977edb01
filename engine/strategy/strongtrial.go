package strategy

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

var strongContradictionStrategy = onCages(withOutline(newStrategy(Elimination, strongContradiction, findStrongContradictions, explainCageContradiction), describeCageContradiction))

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
// its budget. It assumes the strongTrialCandidates candidates whose plain
// trial reaches furthest, in that order, and a search is bounded by
// strongTrialBudget looks at fillings (a unit combination's pieces
// counted as looks), so that one that finds nothing costs a bounded
// share of a second.
func StrongCageContradiction() *Strategy { return strongContradictionStrategy }

var strongContradiction = &Technique{name: "Strong Cage Contradiction", level: Extreme, score: 800, se: 95}

// strongTrialBudget is the most looks at fillings one search takes (a
// strong look costs about ten plain ones), and strongTrialCandidates the
// most candidates it assumes: those whose plain trial (Cage
// Contradiction's, which the trial cache holds when Nested Cage
// Contradiction has just run on the board) removes the most candidates.
// Where a mixed solve of the stuck tarek, extreme and Mathemagic killers
// first guesses, a search of every candidate (600-700) takes 10,000-31,000
// looks and 0.2-0.37 s of CPU; the two candidates refuted on tarek's killer
// 18 there come 60th and 97th by reach (docs/variant-techniques.md,
// session 12).
const (
	strongTrialBudget     = 30_000
	strongTrialCandidates = 128
)

func findStrongContradictions(b *grid.Board, sink *Sink) {
	if !trialSuits(b.Layout()) {
		return
	}
	t := strongPool.Get().(*trial)
	defer strongPool.Put(t)
	t.assumed = strongPicks(b, t.assumed[:0])
	if len(t.assumed) == 0 {
		return
	}
	if t.startStrong(b) {
		t.findStrong(sink, t.assumed, strongTrialBudget)
	}
}

// strongPicks appends to picks the candidates of b Strong Cage
// Contradiction assumes, at most strongTrialCandidates, those whose plain
// trial removes the most candidates first, and returns it: not those
// whose plain trial breaks a rule (Cage Contradiction's steps), none
// when the board does.
func strongPicks(b *grid.Board, picks []assumed) []assumed {
	t := trialPool.get()
	defer trialPool.put(t)
	if !t.start(b) {
		return picks[:0]
	}
	for _, c := range t.order {
		for ds := t.base[c]; ds != 0; ds &= ds - 1 {
			d := ds.Min()
			if t.tryKept(0, t.base, c, d, false) {
				continue // Cage Contradiction's
			}
			a := assumed{c: c, d: d}
			for x := range t.base {
				a.reach += t.base[x].Count() - t.cand[x].Count()
			}
			picks = append(picks, a)
		}
	}
	slices.SortStableFunc(picks, func(x, y assumed) int { return y.reach - x.reach })
	return picks[:min(len(picks), strongTrialCandidates)]
}

// findStrong adds the Strong Cage Contradiction steps of the board
// started (see start) with a strong trial to sink: the candidates picks
// refuted, looking at budget fillings at most.
func (t *trial) findStrong(sink *Sink, picks []assumed, budget int) {
	for _, a := range picks {
		if t.work > budget || sink.Cancelled() {
			return
		}
		if !t.base[a.c].Has(a.d) || !t.tryKept(0, t.base, a.c, a.d, true) {
			continue
		}
		t.report(sink, a.c, a.d)
		if sink.Done() {
			return
		}
	}
}

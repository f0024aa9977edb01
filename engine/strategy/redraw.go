package strategy

import (
	"slices"

	"github.com/sudokuwise/solver/engine/grid"
)

// Redraw finds again on b the step st, found on an earlier board of which
// b keeps some candidates (a batch's later step, taken after others: see
// solver.Batches), and adds it to sink drawn through b's candidates, with
// the same changes. It finds again the forcing chains and nets (their
// premises closed anew within the depth they had), and the trials of
// Cage Contradiction, the Nested Cage Contradiction family and Locked
// Nested Trial (the premise followed again, with the candidates its
// inner trials ruled out ruled out again in the same order). It reports
// false, adding nothing, for a step of another technique, or one whose
// premise no longer reaches its conclusion so, or that it would draw
// through candidates b does not have.
func Redraw(b *grid.Board, st *Step, sink *Sink) bool {
	return redraw(b, st, sink, true)
}

// RedrawNamed is Redraw for a solve that reads of its steps no more than
// their changes, technique and rating (one that draws and explains none):
// it adds st drawn on b only where Redraw may take it as another
// technique or rate it otherwise, and reports false, adding nothing, for
// a step that Redraw would take as the technique it was found as, with
// the same rating, whether it redraws it or not: a nested trial's that
// its premise's own trial does not break on b (Redraw follows its cuts
// then) and a Locked Nested Trial's. Those are the dear redraws: a
// nested trial's follows each inner trial again.
func RedrawNamed(b *grid.Board, st *Step, sink *Sink) bool {
	return redraw(b, st, sink, false)
}

// redraw is Redraw, drawing the steps named alike either way only when
// draw is set (see RedrawNamed).
func redraw(b *grid.Board, st *Step, sink *Sink, draw bool) bool {
	n := len(sink.steps)
	sink.strategy = st.Strategy
	switch st.redraw {
	case redrawForcingChain, redrawForcingNet:
		// Forcing steps are rated by their nodes: drawn either way.
		redrawForcingStep(b, st, sink)
	case redrawCage, redrawStrongCage, redrawNested, redrawStrongNested:
		redrawTrialStep(b, st, sink, draw)
	case redrawLocked:
		if draw {
			redrawLockedStep(b, st, sink)
		}
	}
	if len(sink.steps) != n+1 {
		sink.steps = sink.steps[:n]
		return false
	}
	ns := &sink.steps[n]
	if !slices.Equal(ns.Placements, st.Placements) || !slices.Equal(ns.Eliminations, st.Eliminations) || !ns.DrawnOn(b) {
		sink.steps = sink.steps[:n]
		return false
	}
	return true
}

// redrawTrialStep adds to sink the step st of a trial (Cage
// Contradiction's, or of the Nested Cage Contradiction family) drawn on b
// (see Redraw): its premise, the candidate it eliminates, followed from
// b's candidates with every rule, and for a nested one the same cuts
// ruled out after it, each by its own trial. Unless draw is set, it adds
// nothing for a nested one whose premise's trial does not break on b
// alone: that step keeps its technique whether its cuts reach the
// contradiction again or not (see RedrawNamed).
func redrawTrialStep(b *grid.Board, st *Step, sink *Sink, draw bool) {
	if !trialSuits(b.Layout()) || len(st.Eliminations) != 1 || len(st.Placements) != 0 {
		return
	}
	var t *trial
	if st.redraw == redrawStrongCage || st.redraw == redrawStrongNested {
		t = strongPool.Get().(*trial)
		defer strongPool.Put(t)
		if !t.startStrong(b) {
			return
		}
	} else {
		t = trialPool.get()
		defer trialPool.put(t)
		if !t.start(b) {
			return
		}
	}
	p := st.Eliminations[0]
	if !t.base[p.Cell].Has(p.Digit) {
		// The rules followed from b rule it out alone: its trial from b's
		// own candidates breaks them, a contradiction one trial deep.
		t.base = b.AppendCandidates(t.base[:0])
		for c := range t.base {
			if v := b.Value(c); v != 0 {
				t.base[c] = grid.Bit(int(v))
			}
		}
		if t.try(t.base, p.Cell, p.Digit, false) {
			sink.strategy = t.contradiction()
			t.report(sink, p.Cell, p.Digit)
		}
		return
	}
	if t.try(t.base, p.Cell, p.Digit, true) {
		// Its own trial breaks a rule on b, whatever it was found as.
		sink.strategy = t.contradiction()
		t.report(sink, p.Cell, p.Digit)
		return
	}
	if st.redraw == redrawCage || st.redraw == redrawStrongCage || !draw {
		return
	}
	// No inner trial of an earlier search is taken for one of these.
	t.rep.cutTrials = t.rep.cutTrials[:0]
	t.reportNested(sink, p.Cell, p.Digit, st.cuts)
}

// redrawLockedStep adds to sink the Locked Nested Trial step st drawn on
// b (see Redraw): its premise followed from b's candidates, with the same
// lemmas ruled out after it.
func redrawLockedStep(b *grid.Board, st *Step, sink *Sink) {
	if !lockedSuits(b.Layout()) || len(st.Eliminations) != 1 || len(st.Placements) != 0 {
		return
	}
	t := lockedPool.Get().(*lockedTrial)
	defer lockedPool.Put(t)
	if !t.start(b) {
		return
	}
	p := st.Eliminations[0]
	if !t.cand[p.Cell].Has(p.Digit) {
		return
	}
	t.base = append(t.base[:0], t.cand...)
	t.broke = t.broke[:0]
	for _, x := range st.cuts {
		t.broke = append(t.broke, int32(x.Cell*32+x.Digit-1))
	}
	t.brokeWork = 0
	t.report(sink, p.Cell, p.Digit)
}

// setCuts records on s the candidates its trial's inner trials ruled
// out, in order, for Redraw.
func (s *Step) setCuts(kind redrawKind, cuts []CellDigit) {
	s.redraw = kind
	s.cuts = append(s.cuts[:0], cuts...)
}

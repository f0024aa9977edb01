package strategy

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sudokuwise/solver/engine/grid"
)

var (
	patternTrial = &Strategy{
		name: "Str8ts Pattern Trial", class: Elimination, str8ts: OnlyOnStr8ts,
		techniques: patternTrialTechniques,
		find:       findPatternTrials,
		explain:    explainPatternTrial,
	}
	patternTrialTechniques = []*Technique{
		{name: "Str8ts Pattern Trial", level: Extreme, score: 800, se: 90},
		{name: "Str8ts Nested Trial", level: Extreme, score: 900, se: 95},
	}
)

// PatternTrial (S2) is the trial a strong Str8ts solver makes where the
// patterns, Compartment Trial and the nets are stuck: place one candidate
// and follow not only the simple rules (singles, the straights of every
// compartment, the distinct digits of every line and box) but the Str8ts
// patterns themselves (compartment ranges, sure digits, mind the gap,
// naked subsets, high/low stranding), each applied as on the board,
// until a cell, a compartment or a line runs out: the candidate goes.
// "r4c6=7 and what follows place r4c5=8 and find that compartment r2-5c3
// can no longer hold a straight; so r4c6<>7". Where no such trial
// refutes a candidate, the Str8ts Nested Trial also runs Compartment
// Trial inside each trial (a trial within the trial), and where that
// refutes none either, the Str8ts fish, settis and compartment hidden
// subsets as well. Cells with fewest candidates are tried first.
func PatternTrial() *Strategy { return patternTrial }

// trialPhases are the patterns each phase of a Pattern Trial search
// follows after the simple rules, with the technique of its steps: the
// simple rules alone (cheapest, shortest to follow), then the Str8ts
// patterns that refute most for their cost on the extreme sets (Line
// Fillings, compartment hidden subsets, fish, settis and wings added
// finished nothing more at up to twice the CPU), then those with
// Compartment Trial, and last those with the Str8ts fish, settis and
// compartment hidden subsets too: a phase that runs only where the
// others refute nothing, which finishes three published Str8ts that
// stopped there (str8ts.com's Weekly Extreme 313 and the forum's
// klaus143 and klaus155, testdata/str8ts-weekly.txt in engine/solver;
// the fish alone finish them, the settis and subsets make them cheaper).
// Each phase's patterns extend the previous phase's, and a trial goes on
// from where the previous phase stopped. Built on first use: the
// strategies are package variables too.
var trialPhases = sync.OnceValue(func() []trialPhase {
	patterns := []*Strategy{CompartmentRange(), SureDigits(), MindTheGap(), NakedSubsets(), HighLowStranding()}
	nested := append(slices.Clone(patterns), CompartmentTrial())
	return []trialPhase{
		{nil, patternTrialTechniques[0]},
		{patterns, patternTrialTechniques[0]},
		{nested, patternTrialTechniques[1]},
		{append(slices.Clone(nested), Str8tsFish(), Settis(), CompartmentSubsets()), patternTrialTechniques[1]},
	}
})

// trialPhase is one pass of a Pattern Trial search over the candidates.
type trialPhase struct {
	patterns  []*Strategy
	technique *Technique
}

// patternTrialRun is the working state of one Pattern Trial search.
type patternTrialRun struct {
	st     *straightTrial // the simple rules, on st.work
	sink   Sink           // the patterns' steps inside a trial
	ref    *grid.Board    // the board before a pattern's step
	nested *compartmentMemoSet
}

// trialCandidate is a candidate a search tries, and where its last trial
// stopped: a phase goes on from the board the previous phase left (what
// follows from the premise by fewer rules still follows), which spares
// each phase the work of the one before.
type trialCandidate struct {
	cell, digit int
	state       *grid.Board // the trial's board when the last phase stopped, nil before the first
	used        uint32      // the patterns applied, by index in the last phase's patterns
	refuted     bool
	known       int           // the phases the memo says end unbroken at state
	memo        *trialOutcome // what the memo keeps of the trial
	// warm is where the simple rules ended on an earlier board this one
	// lies within: they end within it here too, so the first phase may
	// start from what both allow.
	warm *grid.Board
}

// patternMemo is what Pattern Trial keeps between searches: the
// outcomes of its trials (see trialMemo) by cell and digit, and the
// simple rules' working state.
type patternMemo struct {
	set      trialMemoSet
	outcomes []trialOutcome // by cell*(N+1)+digit
	st       *straightTrial
	nested   compartmentMemoSet // the memos of Compartment Trial inside the trials
}

var patternMemos keptPool[patternMemo]

var (
	// trialMemoOff turns the trial memos off (a test compares the steps).
	trialMemoOff bool
	// trialMemoHits counts the trials (a phase of a candidate's, a
	// straight's) the memos spared, for tests.
	trialMemoHits atomic.Int64
	// trialCheckFollowed makes the trials look for the patterns
	// followedBySimpleRules leaves out all the same, and count in
	// trialFollowedFound the steps they find (a test wants none).
	trialCheckFollowed bool
	trialFollowedFound atomic.Int64
)

// start begins a search on b: it sets the memo up afresh on a new layout.
func (pm *patternMemo) start(b *grid.Board) {
	if pm.set.begin(b) || trialMemoOff {
		l := b.Layout()
		pm.outcomes = make([]trialOutcome, l.Cells*(l.N+1))
		pm.st = newStraightTrial(l)
	}
}

// candidate returns candidate d of cell c to try, with what the memo
// still knows of its trial.
func (pm *patternMemo) candidate(c, d int) trialCandidate {
	o := &pm.outcomes[c*(pm.set.l.N+1)+d]
	tc := trialCandidate{cell: c, digit: d, memo: o}
	if o.phases == 0 || !pm.set.holds(o) {
		return tc
	}
	if !boardWithin(o.start, pm.set.board) {
		tc.warm = o.start
		return tc
	}
	tc.known, tc.state, tc.used = o.phases, o.state, o.used
	trialMemoHits.Add(int64(o.phases))
	return tc
}

// record keeps in the memo that phase ph of tc's trial ended unbroken at
// tc.state.
func (pm *patternMemo) record(tc *trialCandidate, ph int, w *grid.Board) {
	o := tc.memo
	pm.set.keep(o, w, ph == 0)
	o.phases, o.state, o.used = ph+1, tc.state, tc.used
}

func findPatternTrials(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if l.BlackCells() == nil {
		return
	}
	pm := patternMemos.get()
	defer patternMemos.put(pm)
	pm.start(b)
	// The trials' Compartment Trial searches keep their memos apart from
	// those of the searches on the solve's boards, which they read.
	top := compartmentMemos.get()
	defer compartmentMemos.put(top)
	pm.nested.root = top
	defer func() { pm.nested.root = nil }()
	run := &patternTrialRun{st: pm.st, nested: &pm.nested}
	run.sink.Cancel = sink.Cancel // a cancelled pattern finds nothing: the trial goes on to the next candidate's check
	// Cells with fewest candidates first: a refuted candidate of a cell
	// with two places its other, and their trials end soonest.
	var cells []int
	for c := range l.Cells {
		if b.Value(c) == 0 && !l.IsBlack(c) && b.Cands(c).Count() >= 2 {
			cells = append(cells, c)
		}
	}
	slices.SortStableFunc(cells, func(x, y int) int { return b.Cands(x).Count() - b.Cands(y).Count() })
	var cands []trialCandidate
	for _, c := range cells {
		for ds := b.Cands(c); ds != 0; ds &= ds - 1 {
			cands = append(cands, pm.candidate(c, ds.Min()))
		}
	}
	for pi, ph := range trialPhases() {
		for i := range cands {
			tc := &cands[i]
			if tc.refuted || tc.known > pi {
				continue // reported by an earlier phase, or known to end unbroken
			}
			if sink.Cancelled() {
				return
			}
			if pi == 0 && tc.warm != nil && run.tryWarm(b, tc) {
				if tc.state == nil {
					tc.state = tc.memo.state
				}
				tc.state = copyBoard(tc.state, run.st.work)
				if !sink.Cancelled() {
					pm.record(tc, pi, run.st.work)
				}
				trialMemoHits.Add(1)
				continue
			}
			conflict, broken := run.try(b, tc, ph.patterns)
			if !broken {
				if tc.state == nil {
					tc.state = tc.memo.state // the memo's board, if any, is tc's to reuse
				}
				tc.state = copyBoard(tc.state, run.st.work)
				if !sink.Cancelled() {
					pm.record(tc, pi, run.st.work)
				}
				continue
			}
			if pi == 0 {
				tc.memo.phases = 0
			}
			tc.refuted = true
			run.addStep(b, sink, tc, ph, conflict)
			if sink.Done() {
				return
			}
		}
	}
}

// try follows the trial of candidate tc on a copy of b, from where its
// last phase stopped, by the simple rules and patterns (a phase's, or
// none) until they run out or nothing more follows; it reports where, and
// true, when they run out.
func (run *patternTrialRun) try(b *grid.Board, tc *trialCandidate, patterns []*Strategy) (grid.Conflict, bool) {
	st := run.st
	if st.work == nil {
		st.work = b.Clone()
	}
	w := st.work
	// ref is where the simple rules ended last, unless they have yet to
	// run: the previous phase's end, then the board before each pattern's
	// step.
	var ref *grid.Board
	if tc.state != nil {
		w.CopyFrom(tc.state)
		ref = tc.state
	} else {
		w.CopyFrom(b)
		w.Place(tc.cell, tc.digit)
	}
	for {
		if f, ok := st.propagateExact(ref); !ok {
			return f.conflict(), true
		}
		// The previous phase's end passed the check: unchanged, it passes
		// again.
		if ref != tc.state || st.changed {
			if conflict, ok := w.Check(); !ok {
				return conflict, true
			}
		}
		if w.Solved() {
			return grid.Conflict{}, false
		}
		applied := false
		for i, p := range patterns {
			followed := followedBySimpleRules(p)
			if followed && !trialCheckFollowed {
				continue
			}
			run.sink.Reset()
			run.find(p, w)
			if steps := run.sink.Steps(); len(steps) > 0 {
				if followed {
					trialFollowedFound.Add(1)
				}
				run.ref = copyBoard(run.ref, w)
				ref = run.ref
				steps[0].Apply(w)
				tc.used |= 1 << i
				applied = true
				break
			}
		}
		if !applied {
			return grid.Conflict{}, false
		}
	}
}

// find looks for pattern p on the trial's board w: Compartment Trial
// with the memos of the trials (see compartmentMemoSet.root).
func (run *patternTrialRun) find(p *Strategy, w *grid.Board) {
	if p != compartmentTrial || run.sink.Cancelled() {
		p.Find(w, &run.sink)
		return
	}
	run.sink.strategy = p
	searchCompartmentTrials(w, &run.sink, run.nested)
}

// tryWarm follows the simple rules from candidate tc on b, starting from
// what b with the premise and tc.warm both allow, and reports whether they
// end unbroken, as try would: the board they reach from there is the one
// they reach from b (see trialMemo), and it lies within tc.warm, where
// they ended on an earlier board. When they run out it reports false: try
// follows them again from b, for the place where they run out.
func (run *patternTrialRun) tryWarm(b *grid.Board, tc *trialCandidate) bool {
	st := run.st
	if st.work == nil {
		st.work = b.Clone()
	}
	w := st.work
	w.CopyFrom(b)
	w.Place(tc.cell, tc.digit)
	if !meetBoard(w, tc.warm) || !st.propagateFrom(tc.warm) {
		return false
	}
	_, ok := w.Check()
	return ok
}

// followedBySimpleRules reports whether pattern p finds nothing where the
// simple rules of a trial have ended (see straightTrial.propagate), so
// that a trial need not look for it there. Compartment Range removes a
// compartment's candidates outside the straights in reach of its cells,
// which are at least those the matching of applyStraights leaves open:
// these candidates are gone already. Sure Digits finds the digits every
// such straight holds, as applyStraights does, and places one with one
// place in the compartment, or removes it from the cells outside that
// see all its places, as applyStraights has. With no step to apply, the
// pattern changes neither the trial's course nor its patterns applied.
func followedBySimpleRules(p *Strategy) bool {
	return p == compartmentRange || p == sureDigits
}

// conflict returns the board conflict of a failure of the simple rules.
func (f trialFailure) conflict() grid.Conflict {
	if f.unit < 0 {
		return grid.CellConflict(f.cell, 0)
	}
	return grid.UnitConflict(f.unit, 0)
}

// addStep reports the refuted candidate tc: the premise node, one node a
// digit the trial placed (in cell order), the patterns it applied in the
// premise's Origin, and where it ran out in Conflict.
func (run *patternTrialRun) addStep(b *grid.Board, sink *Sink, tc *trialCandidate, ph trialPhase, conflict grid.Conflict) {
	l := b.Layout()
	w := run.st.work
	c, d := tc.cell, tc.digit
	s := sink.Add()
	s.Technique = ph.technique
	s.Digits = grid.Bit(d)
	s.Cells = append(s.Cells, c)
	if u, ok := conflict.Unit(); ok {
		s.Units = append(s.Units, u)
	}
	if x, ok := conflict.Cell(); ok && x != c {
		s.Cells = append(s.Cells, x) // where the trial ran out, which the text names
	}
	s.Conflict = conflict
	var names []string
	for i, p := range ph.patterns {
		if tc.used&(1<<i) != 0 {
			names = append(names, p.Name())
		}
	}
	s.Nodes = append(s.Nodes, Node{Kind: CandidateNode, Digit: d, Cells: []int{c}, Origin: strings.Join(names, ", ")})
	for x := range l.Cells {
		if v := w.Value(x); v != 0 && b.Value(x) == 0 && x != c {
			s.Nodes = append(s.Nodes, Node{Kind: CandidateNode, Digit: int(v), Cells: []int{x}})
		}
	}
	s.Eliminations = append(s.Eliminations, CellDigit{c, d})
}

// explainPatternTrial explains a Pattern Trial, e.g. "r4c6=7 leads, by
// singles, the straights of the compartments, the distinct digits of the
// lines and the patterns Compartment Range, Mind the Gap, to r4c5=8,
// r4c7=6, and then compartment r2-5c3 can no longer hold a straight; so
// r4c6<>7".
func explainPatternTrial(s *Step, n grid.Notation) string {
	premise := s.Nodes[0]
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s=%s leads, by singles, the straights of the compartments", n.CellName(premise.Cells[0]), n.DigitName(premise.Digit))
	if premise.Origin != "" {
		fmt.Fprintf(&sb, ", the distinct digits of the lines and the patterns %s,", premise.Origin)
	} else {
		sb.WriteString(" and the distinct digits of the lines,")
	}
	if placed := s.Nodes[1:]; len(placed) > 0 {
		// Every placement, however many: a learner follows them all.
		parts := make([]string, len(placed))
		for i, nd := range placed {
			parts[i] = n.CellName(nd.Cells[0]) + "=" + n.DigitName(nd.Digit)
		}
		fmt.Fprintf(&sb, " to %s, and then", strings.Join(parts, ", "))
	} else {
		sb.WriteString(" to a board where")
	}
	fmt.Fprintf(&sb, " %s; so %s", s.Conflict.Describe(n), eliminationList(n, s.Eliminations))
	return sb.String()
}

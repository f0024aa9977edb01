package strategy

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

var patternTrial = onlyOnStr8ts(newStrategy(Elimination, &Technique{name: "Str8ts Pattern Trial", level: Extreme, score: 800, se: 90},
	findPatternTrials, explainPatternTrial))

// PatternTrial (S2) is the trial a strong Str8ts solver makes where every
// pattern and Compartment Trial are stuck: place one candidate and follow
// not only the simple rules but the Str8ts patterns themselves
// (compartment ranges, sure digits, mind the gap, high/low stranding,
// line fillings, naked and compartment hidden subsets, Str8ts fish,
// settis, XY- and XYZ-Wings), each applied as it would be on the board,
// until one leaves a cell, a compartment or a line with nothing: the
// candidate goes. "r4c6=7, with the patterns that follow, leaves
// compartment r2-5c3 no straight; so r4c6<>7". Cells with fewest
// candidates are tried first.
func PatternTrial() *Strategy { return patternTrial }

// trialPatterns are the strategies a Pattern Trial follows after the
// simple rules: those of the order of play that run on Str8ts boards and
// need no uniqueness, short of the trials and nets. The list is built on
// first use, since its strategies are package variables too.
var trialPatterns = sync.OnceValue(func() []*Strategy {
	return []*Strategy{
		CompartmentRange(), SureDigits(), MindTheGap(), HighLowStranding(), LineFillings(),
		NakedSubsets(), CompartmentSubsets(), Str8tsFish(), Settis(), XYWing(), XYZWing(),
	}
})

// patternTrialRun is the working state of one Pattern Trial search.
type patternTrialRun struct {
	st   *straightTrial // the simple rules, on st.work
	sink Sink           // the patterns' steps inside a trial
	used []bool         // the patterns a trial applied, by index in trialPatterns
}

func findPatternTrials(b *grid.Board, sink *Sink) {
	l := b.Layout()
	if l.BlackCells() == nil {
		return
	}
	run := &patternTrialRun{st: newStraightTrial(l), used: make([]bool, len(trialPatterns()))}
	// Cells with fewest candidates first: a refuted candidate of a cell
	// with two places its other, and their trials end soonest.
	var cells []int
	for c := range l.Cells {
		if b.Value(c) == 0 && !l.IsBlack(c) && b.Cands(c).Count() >= 2 {
			cells = append(cells, c)
		}
	}
	slices.SortStableFunc(cells, func(x, y int) int { return b.Cands(x).Count() - b.Cands(y).Count() })
	for _, c := range cells {
		for ds := b.Cands(c); ds != 0; ds &= ds - 1 {
			if sink.Cancelled() {
				return
			}
			d := ds.Min()
			conflict, broken := run.try(b, c, d)
			if !broken {
				continue
			}
			run.addStep(b, sink, c, d, conflict)
			if sink.Done() {
				return
			}
		}
	}
}

// try places d in cell c on a copy of b and follows the simple rules and
// the patterns until they run out or nothing more follows; it reports
// where, and true, when they run out.
func (run *patternTrialRun) try(b *grid.Board, c, d int) (grid.Conflict, bool) {
	st := run.st
	if st.work == nil {
		st.work = b.Clone()
	} else {
		st.work.CopyFrom(b)
	}
	w := st.work
	clear(run.used)
	w.Place(c, d)
	patterns := trialPatterns()
	for {
		if f, ok := st.propagate(); !ok {
			return f.conflict(), true
		}
		if conflict, ok := w.Check(); !ok {
			return conflict, true
		}
		if w.Solved() {
			return grid.Conflict{}, false
		}
		applied := false
		for i, p := range patterns {
			run.sink.Reset()
			p.Find(w, &run.sink)
			if steps := run.sink.Steps(); len(steps) > 0 {
				steps[0].Apply(w)
				run.used[i] = true
				applied = true
				break
			}
		}
		if !applied {
			return grid.Conflict{}, false
		}
	}
}

// conflict returns the board conflict of a failure of the simple rules.
func (f trialFailure) conflict() grid.Conflict {
	if f.unit < 0 {
		return grid.CellConflict(f.cell, 0)
	}
	return grid.UnitConflict(f.unit, 0)
}

// addStep reports the refuted candidate d of cell c: the premise node,
// one node a digit the trial placed (in cell order), the patterns it
// followed in the premise's Origin, and where it ran out in Conflict.
func (run *patternTrialRun) addStep(b *grid.Board, sink *Sink, c, d int, conflict grid.Conflict) {
	l := b.Layout()
	w := run.st.work
	s := sink.Add()
	s.Digits = grid.Bit(d)
	s.Cells = append(s.Cells, c)
	if u, ok := conflict.Unit(); ok {
		s.Units = append(s.Units, u)
	}
	s.Conflict = conflict
	var names []string
	for i, p := range trialPatterns() {
		if run.used[i] {
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

// maxTrialPlacements bounds the placements an explanation lists.
const maxTrialPlacements = 12

// explainPatternTrial explains a Pattern Trial, e.g. "r4c6=7 and what
// follows from it by the simple rules and the patterns (Compartment Range,
// Str8ts Line Fillings) place r4c5=8, r4c7=6 and leave compartment
// r2-5c3 unable to hold a straight; so r4c6<>7".
func explainPatternTrial(s *Step, n grid.Notation) string {
	premise := s.Nodes[0]
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s=%s and what follows from it by singles, the straights of the compartments, the distinct digits of the lines",
		n.CellName(premise.Cells[0]), n.DigitName(premise.Digit))
	if premise.Origin != "" {
		fmt.Fprintf(&sb, " and the patterns (%s)", premise.Origin)
	}
	placed := s.Nodes[1:]
	if len(placed) > 0 {
		var parts []string
		for i, nd := range placed {
			if i == maxTrialPlacements {
				parts = append(parts, fmt.Sprintf("%d more", len(placed)-i))
				break
			}
			parts = append(parts, n.CellName(nd.Cells[0])+"="+n.DigitName(nd.Digit))
		}
		fmt.Fprintf(&sb, " place %s and", strings.Join(parts, ", "))
	}
	fmt.Fprintf(&sb, " find that %s; so %s", s.Conflict.Describe(n), eliminationList(n, s.Eliminations))
	return sb.String()
}

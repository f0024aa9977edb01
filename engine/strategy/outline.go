package strategy

import (
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// OutlineLine is one line of a step's explanation laid out as an outline:
// a trial's premise, one deduction that follows from it, the contradiction
// it ends in, or the conclusion; or one chain of a forcing chain or net.
type OutlineLine struct {
	// Depth is the line's indentation: 0 for the premise and the
	// conclusion, 1 for what follows from the premise (a forcing step's
	// chains), one more inside each trial nested in it.
	Depth int
	// Text is the line's words, without the separators that join them
	// in the one-line explanation.
	Text string
}

// Outline returns the step's explanation laid out one deduction a line,
// naming cells and digits in notation n as Explain does; nil for a step
// whose explanation is not a chain of deductions (most steps: their
// explanation is short). Its lines hold the words of Explain's line.
func (s *Step) Outline(n grid.Notation) []OutlineLine {
	_, lines := s.Describe(n)
	return lines
}

// Describe returns the step's explanation (Explain's) and its outline
// (Outline's) from one build of their words.
func (s *Step) Describe(n grid.Notation) (string, []OutlineLine) {
	if s.Strategy == nil || s.Strategy.describe == nil {
		return s.Explain(n), nil
	}
	return s.Strategy.describe(s, n)
}

// withOutline gives strategy s an outline of its steps (Step.Outline),
// describe rendering a step both ways.
func withOutline(s *Strategy, describe func(*Step, grid.Notation) (string, []OutlineLine)) *Strategy {
	s.describe = describe
	return s
}

// trialText is the explanation of a trial (Cage Contradiction's, or an
// inner trial of Nested Cage Contradiction's): what is assumed, what
// follows in order, and the rule it breaks at its end.
type trialText struct {
	premise string // "Cage Contradiction: if r4c5 were 7", or "if it were 4"
	items   []trialItem
	end     string // "cage 17+ at r3c4 has no filling"
}

// trialItem is one deduction of a trial; a candidate ruled out by an
// inner trial carries that trial.
type trialItem struct {
	text  string
	inner *trialText
}

// line renders the trial in one line as the explanations have always
// read: "if r4c5 were 7: r4c6=2, r3c3<>4 (if it were 4: r2c4=1; then 1
// has no place left in row 1); then ...". An outer trial writes "; then"
// even without deductions; an inner one writes ";" only after some.
func (t *trialText) line(sb *strings.Builder, outer bool) {
	sb.WriteString(t.premise + ":")
	for i, it := range t.items {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(" " + it.text)
		if it.inner != nil {
			sb.WriteString(" (")
			it.inner.line(sb, false)
			sb.WriteString(")")
		}
	}
	if outer || len(t.items) > 0 {
		sb.WriteString(";")
	}
	sb.WriteString(" then " + t.end)
}

// lines lays the trial out from depth d: head (its premise, or the
// deduction it proves and its premise) at d, then each deduction (and the
// lines of its inner trial) and its end one deeper.
func (t *trialText) lines(out []OutlineLine, d int, head string) []OutlineLine {
	out = append(out, OutlineLine{Depth: d, Text: head + ":"})
	for _, it := range t.items {
		if it.inner == nil {
			out = append(out, OutlineLine{Depth: d + 1, Text: it.text})
			continue
		}
		out = it.inner.lines(out, d+1, it.text+", since "+it.inner.premise)
	}
	return append(out, OutlineLine{Depth: d + 1, Text: "then " + t.end})
}

// contradiction is the explanation of a step that removes a candidate
// because assuming it breaks a rule: the trial and its conclusion ("so
// r4c5<>7").
type contradiction struct {
	trial      trialText
	conclusion string
}

// text renders the contradiction in one line.
func (c *contradiction) text() string {
	var sb strings.Builder
	c.trial.line(&sb, true)
	sb.WriteString("; " + c.conclusion)
	return sb.String()
}

// outline lays the contradiction out: the trial from depth 0, then its
// conclusion.
func (c *contradiction) outline() []OutlineLine {
	out := c.trial.lines(nil, 0, c.trial.premise)
	return append(out, OutlineLine{Depth: 0, Text: c.conclusion})
}

package strategy_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestOutline finds a step of each strategy laid out as an outline on the
// boards of testdata/outline.txt and checks the outline against the
// step's one-line explanation and against the shape of a trial (see
// checkOutline); a step marked ":none" must have none.
func TestOutline(t *testing.T) {
	nested := 0
	for _, line := range shared.Lines(t, filepath.Join("testdata", "outline.txt")) {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		letter, text, _ := strings.Cut(line, " ")
		letter, none := strings.CutSuffix(letter, ":none")
		st, ok := strategy.Lookup(letter)
		if !ok {
			t.Fatalf("no strategy %s", letter)
		}
		p, _, err := codec.Decode(text, codec.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Board(p.Variant)
		if err != nil {
			t.Fatal(err)
		}
		n := grid.Notation{Layout: b.Layout()}
		var sink strategy.Sink
		st.Find(b, &sink)
		if len(sink.Steps()) == 0 {
			t.Errorf("%s finds no step on %.30s...", st.Name(), text)
			continue
		}
		s := sink.Steps()[0]
		expl, lines := s.Explain(n), s.Outline(n)
		if text, both := s.Describe(n); text != expl || !slices.Equal(both, lines) {
			t.Errorf("%s: Describe gives %q and %d lines, Explain and Outline %q and %d", st.Name(), text, len(both), expl, len(lines))
		}
		if none {
			if lines != nil {
				t.Errorf("%s: an outline of %d lines for %q, want none", st.Name(), len(lines), expl)
			}
			continue
		}
		for _, ln := range lines {
			if ln.Depth >= 2 {
				nested++
			}
		}
		if err := checkOutline(expl, lines); err != "" {
			t.Errorf("%s: %s\noutline %v\nexplanation %s", st.Name(), err, lines, expl)
		}
		t.Logf("%s: %d lines", st.Name(), len(lines))
	}
	if nested == 0 {
		t.Error("no line of an inner trial (depth 2) in the outlines")
	}
}

// checkOutline returns what is wrong with lines as the outline of
// explanation expl, "" when nothing:
//
//   - it starts with a premise (a line ending in ":") and ends with a
//     conclusion ("so ..."), both at depth 0, or, for a forcing chain or
//     net, the premise's line holds the conclusion ("...; so r1c2<>5:")
//     and the chains follow one level under it;
//   - a premise's deductions come one level under it, and a trial's end
//     ("then ...") at the level of its deductions, under its premise, last;
//   - its lines hold every word of expl, in order: all but the
//     separators (",;(): ") of expl are in some line, and a line holds
//     only expl's words but for the joint ", since " of a deduction and
//     the premise of the inner trial that proves it.
func checkOutline(expl string, lines []strategy.OutlineLine) string {
	if len(lines) < 2 {
		return "fewer than two lines"
	}
	first, last := lines[0], lines[len(lines)-1]
	concluded := last.Depth == 0 && strings.HasPrefix(last.Text, "so ")
	forcing := strings.Contains(first.Text, "; so ")
	if forcing {
		concluded = last.Depth == 1
	}
	if first.Depth != 0 || !strings.HasSuffix(first.Text, ":") || !concluded {
		return "not a premise at depth 0 first and its conclusion"
	}
	for i := 1; i < len(lines); i++ {
		prev, ln := lines[i-1], lines[i]
		if forcing && ln.Depth != 1 {
			return "the chain " + ln.Text + " is not one level under the premise"
		}
		if strings.HasSuffix(prev.Text, ":") && ln.Depth != prev.Depth+1 {
			return "line " + ln.Text + " is not one level under its premise " + prev.Text
		}
		if ln.Depth > prev.Depth+1 || ln.Depth < 0 {
			return "line " + ln.Text + " jumps a level"
		}
		// A deduction says something new: no line repeats an earlier one
		// of its trial (its lines at its depth since its premise).
		for j := i - 1; j >= 0 && lines[j].Depth >= ln.Depth; j-- {
			if lines[j].Depth == ln.Depth && lines[j].Text == ln.Text && !forcing {
				return "line " + ln.Text + " repeats an earlier one of its trial"
			}
		}
		if strings.HasPrefix(ln.Text, "then ") {
			// The premise it ends is the nearest line above one level up.
			j := i - 1
			for j >= 0 && lines[j].Depth >= ln.Depth {
				j--
			}
			if j < 0 || lines[j].Depth != ln.Depth-1 || !strings.HasSuffix(lines[j].Text, ":") {
				return "the end " + ln.Text + " is not one level under a premise"
			}
			// And it is its trial's last line.
			if i+1 < len(lines) && lines[i+1].Depth >= ln.Depth {
				return "the end " + ln.Text + " is not its trial's last line"
			}
		}
	}
	pos := 0
	held := make([]bool, len(expl))
	for _, ln := range lines {
		for _, piece := range strings.Split(strings.TrimSuffix(ln.Text, ":"), ", since ") {
			k := strings.Index(expl[pos:], piece)
			if k < 0 {
				return "line " + ln.Text + " is not in the explanation where it should be"
			}
			for j := pos + k; j < pos+k+len(piece); j++ {
				held[j] = true
			}
			pos += k + len(piece)
		}
	}
	for j, h := range held {
		if !h && !strings.ContainsRune(",;(): ", rune(expl[j])) {
			return "the explanation's " + expl[max(0, j-20):min(len(expl), j+20)] + " is in no line"
		}
	}
	return ""
}

// TestCheckOutline checks checkOutline on outlines of a known
// explanation, right and wrong: a test of the test, which must fail what
// the outline of a trial must not be.
func TestCheckOutline(t *testing.T) {
	const expl = "Nested Cage Contradiction: if r5c5 were 7: r4c6=2, r3c3<>4 (if it were 4: r2c4=1; then 1 has no place left in row 1); then cage 11+ at r4c1 has no filling; so r5c5<>7"
	right := []strategy.OutlineLine{
		{Depth: 0, Text: "Nested Cage Contradiction: if r5c5 were 7:"},
		{Depth: 1, Text: "r4c6=2"},
		{Depth: 1, Text: "r3c3<>4, since if it were 4:"},
		{Depth: 2, Text: "r2c4=1"},
		{Depth: 2, Text: "then 1 has no place left in row 1"},
		{Depth: 1, Text: "then cage 11+ at r4c1 has no filling"},
		{Depth: 0, Text: "so r5c5<>7"},
	}
	with := func(i int, ln strategy.OutlineLine) []strategy.OutlineLine {
		out := append([]strategy.OutlineLine(nil), right...)
		out[i] = ln
		return out
	}
	tests := []struct {
		name  string
		lines []strategy.OutlineLine
		ok    bool
	}{
		{"right", right, true},
		{"an inner end at its premise's depth", with(4, strategy.OutlineLine{Depth: 1, Text: "then 1 has no place left in row 1"}), false},
		{"the outer end at depth 0", with(5, strategy.OutlineLine{Depth: 0, Text: "then cage 11+ at r4c1 has no filling"}), false},
		{"an inner deduction at the premise's depth", with(3, strategy.OutlineLine{Depth: 1, Text: "r2c4=1"}), false},
		{"a word lost", with(3, strategy.OutlineLine{Depth: 2, Text: "r2c4"}), false},
		{"a word changed", with(1, strategy.OutlineLine{Depth: 1, Text: "r4c6=3"}), false},
		{"a line dropped", append(append([]strategy.OutlineLine(nil), right[:1]...), right[2:]...), false},
		{"lines swapped", with(1, right[3]), false},
		{"no conclusion", right[:6], false},
	}
	// A line that says again what an earlier one of its trial said.
	const again = "Cage Contradiction: if r5c5 were 7: cage 11+ at r4c1 keeps {2,9}, r4c6=2, cage 11+ at r4c1 keeps {2,9}; then 9 has no place left in row 4; so r5c5<>7"
	repeated := []strategy.OutlineLine{
		{Depth: 0, Text: "Cage Contradiction: if r5c5 were 7:"},
		{Depth: 1, Text: "cage 11+ at r4c1 keeps {2,9}"},
		{Depth: 1, Text: "r4c6=2"},
		{Depth: 1, Text: "cage 11+ at r4c1 keeps {2,9}"},
		{Depth: 1, Text: "then 9 has no place left in row 4"},
		{Depth: 0, Text: "so r5c5<>7"},
	}
	if err := checkOutline(again, repeated); err == "" {
		t.Errorf("checkOutline passes a line repeated in its trial")
	}
	if err := checkOutline(strings.Replace(again, "{2,9}; then", "{2,9}, which now gives r4c2<>9; then", 1),
		append(repeated[:3:3], strategy.OutlineLine{Depth: 1, Text: "cage 11+ at r4c1 keeps {2,9}, which now gives r4c2<>9"}, repeated[4], repeated[5])); err != "" {
		t.Errorf("checkOutline refuses a repeated group that says what it now takes out: %s", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkOutline(expl, tt.lines); (err == "") != tt.ok {
				t.Errorf("checkOutline = %q, want ok %v", err, tt.ok)
			}
		})
	}
	// A forcing chain's shape: the conclusion on the premise's line, the
	// chains under it.
	const chains = "Forcing Chain Verity: r1c1=1 => r2c2<>3, r1c1=2 => r2c2<>3; so r2c2<>3 (r1c1=1 -> r2c2<>3; r1c1=2 -> r1c3=1 -> r2c2<>3)"
	head := strategy.OutlineLine{Depth: 0, Text: "Forcing Chain Verity: r1c1=1 => r2c2<>3, r1c1=2 => r2c2<>3; so r2c2<>3:"}
	// And of three chains, to put one out of place between the others.
	const three = "Forcing Chain Verity: r1c1=1 => r2c2<>3, r1c1=2 => r2c2<>3, r1c1=4 => r2c2<>3; so r2c2<>3 (r1c1=1 -> r2c2<>3; r1c1=2 -> r1c3=1 -> r2c2<>3; r1c1=4 -> r2c1=3 -> r2c2<>3)"
	head3 := strategy.OutlineLine{Depth: 0, Text: "Forcing Chain Verity: r1c1=1 => r2c2<>3, r1c1=2 => r2c2<>3, r1c1=4 => r2c2<>3; so r2c2<>3:"}
	middle := func(depth int) []strategy.OutlineLine {
		return []strategy.OutlineLine{head3, {Depth: 1, Text: "r1c1=1 -> r2c2<>3"}, {Depth: depth, Text: "r1c1=2 -> r1c3=1 -> r2c2<>3"}, {Depth: 1, Text: "r1c1=4 -> r2c1=3 -> r2c2<>3"}}
	}
	forcing := []struct {
		name  string
		expl  string
		lines []strategy.OutlineLine
		ok    bool
	}{
		{"chains, right", chains, []strategy.OutlineLine{head, {Depth: 1, Text: "r1c1=1 -> r2c2<>3"}, {Depth: 1, Text: "r1c1=2 -> r1c3=1 -> r2c2<>3"}}, true},
		{"chains, one at depth 0", chains, []strategy.OutlineLine{head, {Depth: 1, Text: "r1c1=1 -> r2c2<>3"}, {Depth: 0, Text: "r1c1=2 -> r1c3=1 -> r2c2<>3"}}, false},
		{"chains, one lost", chains, []strategy.OutlineLine{head, {Depth: 1, Text: "r1c1=1 -> r2c2<>3"}}, false},
		{"three chains, right", three, middle(1), true},
		{"three chains, the middle one at depth 0", three, middle(0), false},
		{"three chains, the middle one at depth 2", three, middle(2), false},
	}
	for _, tt := range forcing {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkOutline(tt.expl, tt.lines); (err == "") != tt.ok {
				t.Errorf("checkOutline = %q, want ok %v", err, tt.ok)
			}
		})
	}
}

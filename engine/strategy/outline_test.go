package strategy_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestOutline finds a step of each strategy laid out as an outline on the
// boards of testdata/outline.txt and checks the outline against the
// step's one-line explanation: it starts and ends at depth 0, goes one
// level deeper at a time, and its lines hold the explanation's words in
// order, every one of them (the outline drops only separators).
func TestOutline(t *testing.T) {
	nested := 0
	for _, line := range shared.Lines(t, filepath.Join("testdata", "outline.txt")) {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		letter, text, _ := strings.Cut(line, " ")
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
		if len(lines) < 2 {
			t.Errorf("%s: an outline of %d lines: %v", st.Name(), len(lines), lines)
			continue
		}
		if lines[0].Depth != 0 || lines[len(lines)-1].Depth != 0 {
			t.Errorf("%s: the outline starts at depth %d and ends at %d, want 0 and 0", st.Name(), lines[0].Depth, lines[len(lines)-1].Depth)
		}
		pos := 0
		held := make([]bool, len(expl))
		for i, ln := range lines {
			if i > 0 && (ln.Depth < 0 || ln.Depth > lines[i-1].Depth+1) {
				t.Errorf("%s: line %d at depth %d after %d", st.Name(), i, ln.Depth, lines[i-1].Depth)
			}
			if ln.Depth >= 2 {
				nested++
			}
			// A line's words, less the joints an outline adds: a
			// deduction and the premise of the trial that proves it
			// ("r3c3<>4, as if it were 4:"), a premise's colon.
			for _, piece := range strings.Split(strings.TrimSuffix(ln.Text, ":"), ", as ") {
				k := strings.Index(expl[pos:], piece)
				if k < 0 {
					t.Fatalf("%s: line %d %q is not in the explanation after byte %d:\n%s", st.Name(), i, piece, pos, expl)
				}
				for j := pos + k; j < pos+k+len(piece); j++ {
					held[j] = true
				}
				pos += k + len(piece)
			}
		}
		for j, h := range held {
			if !h && !strings.ContainsRune(",;(): ", rune(expl[j])) {
				t.Errorf("%s: byte %d of the explanation (%q) is in no line of the outline:\n%s", st.Name(), j, expl[max(0, j-20):min(len(expl), j+20)], expl)
				break
			}
		}
		t.Logf("%s: %d lines", st.Name(), len(lines))
	}
	if nested == 0 {
		t.Error("no line of an inner trial (depth 2) in the outlines")
	}
}

package strategy

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// killerOnly are the local strategies that find steps only on killer
// boards: TestLocalFinders checks them along killer solves
// (TestKillerLocalFinders), not along top1465.
var killerOnly = map[*Strategy]bool{VirtualCages(): true, CombinationCrossover(): true, CageIntersection(): true, InnieOutieDifference(): true, CageBlock(): true}

// TestKillerLocalFinders checks what CellMemo relies on for the killer
// strategies, along the logic solves of generated killers without givens
// (testdata/killer9-cagesize.txt of engine/solver): where a local finder
// found nothing on a state, its first step on a later state is the one it
// finds through the cells changed since. Each must find some steps after
// a state without.
func TestKillerLocalFinders(t *testing.T) {
	first, max := 0, 2 // the puzzles checked: lines first+1 to max
	if quick() {
		first = 1 // the second alone, which takes all three
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	var sink Sink
	found := map[string]int{}
	checked := 0
	for i, line := range shared.Lines(t, "../solver/testdata/killer9-cagesize.txt") {
		if i == max {
			break
		}
		if i < first {
			continue
		}
		p, _, err := codec.Decode(strings.TrimSpace(line), codec.DecodeOptions{Tolerant: true})
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Board(grid.Classic)
		if err != nil {
			t.Fatal(err)
		}
		last := map[*Strategy]*grid.Board{} // the last state where it found nothing
		for !b.Solved() {
			for st := range killerOnly {
				whole := Sink{}
				st.Find(b, &whole)
				if prev := last[st]; prev != nil {
					var m CellMemo
					m.Load(prev)
					m.Nothing(st, AllForms())
					m.Load(b)
					changed, run := m.Changed(st, AllForms())
					through := Sink{Changed: changed}
					if run {
						st.Find(b, &through)
					}
					if got, want := stepKeys(through.Steps()), stepKeys(whole.Steps()); got != want {
						t.Fatalf("puzzle %d, %s: through the changed cells %s, whole %s", i+1, st.name, got, want)
					}
					checked++
					found[st.name] += len(whole.Steps())
				}
				if len(whole.Steps()) == 0 {
					last[st] = b.Clone()
				} else {
					delete(last, st)
				}
			}
			var step *Step
			for _, p := range passes {
				sink.Reset()
				sink.All, sink.Form = false, p.Form
				p.Strategy.Find(b, &sink)
				if len(sink.Steps()) > 0 {
					step = &sink.Steps()[0]
					break
				}
			}
			if step == nil {
				break
			}
			step.Apply(b)
		}
	}
	for st := range killerOnly {
		if found[st.name] == 0 {
			t.Errorf("%s: no step found after a state without: want some", st.name)
		}
	}
	t.Logf("%d states checked; steps found after a state without: %v", checked, found)
}

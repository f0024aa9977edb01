package strategy

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// kenkenOnly are the local strategies that find steps only on KenKen and
// KenDoku boards: TestKenKenLocalFinders checks them, TestLocalFinders
// (top1465) leaves them out.
var kenkenOnly = map[*Strategy]bool{LineCageFillings: true, TwoLineCageFillings: true}

// TestKenKenLocalFinders checks what CellMemo relies on for the KenKen
// line strategies, along the logic solves of four puzzles of
// testdata/kenken-hard.txt of engine/solver (one under -short or -race):
// where a local finder found nothing on a
// state, its first step on a later state is the one it finds through the
// cells changed since. Line Cage Fillings must find some steps after a
// state without; Two-Line Cage Fillings, which finds a step on nearly
// every state until the end (in find-all mode it finds a line's steps
// with each line a cage joins to it), must at least be checked on some
// states.
func TestKenKenLocalFinders(t *testing.T) {
	// Puzzles 28 and 34 take the most Two-Line Cage Fillings steps.
	puzzles := map[int]bool{1: true, 2: true, 28: true, 34: true}
	if quick() {
		puzzles = map[int]bool{28: true}
	}
	passes := Plan(func(st *Strategy) bool { return !st.OptIn() })
	var sink Sink
	found := map[string]int{}
	checked := map[string]int{}
	n := 0
	for _, line := range shared.Lines(t, "../solver/testdata/kenken-hard.txt") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if n++; !puzzles[n] {
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
			for st := range kenkenOnly {
				whole := Sink{}
				st.Find(b, &whole)
				if prev := last[st]; prev != nil {
					var m CellMemo
					m.Load(prev)
					m.Nothing(st, AllForms)
					m.Load(b)
					changed, run := m.Changed(st, AllForms)
					through := Sink{Changed: changed}
					if run {
						st.Find(b, &through)
					}
					if got, want := stepKeys(through.Steps()), stepKeys(whole.Steps()); got != want {
						t.Fatalf("puzzle %d, %s: through the changed cells %s, whole %s", n, st.name, got, want)
					}
					checked[st.name]++
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
	if found[LineCageFillings.name] == 0 {
		t.Errorf("%s: no step found after a state without: want some", LineCageFillings.name)
	}
	if checked[TwoLineCageFillings.name] == 0 {
		t.Errorf("%s: no state checked after a state without a step: want some", TwoLineCageFillings.name)
	}
	t.Logf("states checked: %v; steps found after a state without: %v", checked, found)
}

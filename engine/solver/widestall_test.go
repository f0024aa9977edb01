package solver

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLockedWideStall solves, as the service does, the 16×16 X of
// x16-extreme.txt that guesses (puzzle 11) with Locked Nested Trial's
// wide passes stopped after lockedWideStall eliminations without a step
// and with no stop: the same steps and guesses (its wide passes that
// find a step find their first before the stop). With a stop of one
// elimination the forum's very hard 16×16 X (x16-published.txt), which
// the default finishes by logic through wide passes, guesses: the stop
// is what ends them.
func TestLockedWideStall(t *testing.T) {
	if quick() {
		t.Skip("skipped under -race and -short: 16×16 solves of seconds")
	}
	solve := func(b *grid.Board, stall int) (texts []string, res *Result) {
		defer func(was int) { lockedWideStall = was }(lockedWideStall)
		lockedWideStall = stall
		n := grid.Notation{Layout: b.Layout()}
		opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted, OneDeepSearch: true}
		res, err := Solve(context.Background(), b.Clone(), opts, func(_ int, s *strategy.Step, _ *grid.Board) error {
			texts = append(texts, s.Explain(n))
			return nil
		})
		if err != nil || res.Status != Solved {
			t.Fatalf("stall %d: status %v, %v", stall, res.Status, err)
		}
		return texts, res
	}
	b := fileLine(t, "testdata/x16-extreme.txt", 11)
	stopped, res := solve(b, lockedWideStall)
	whole, resWhole := solve(b, 0)
	if res.Guesses == 0 || res.Guesses != resWhole.Guesses {
		t.Errorf("%d guesses with the stop, %d without; want the same, some", res.Guesses, resWhole.Guesses)
	}
	if len(stopped) != len(whole) {
		t.Fatalf("%d steps with the stop, %d without", len(stopped), len(whole))
	}
	for i := range whole {
		if stopped[i] != whole[i] {
			t.Fatalf("step %d:\nwith the stop %s\nwithout      %s", i+1, stopped[i], whole[i])
		}
	}
	if _, res := solve(fileLine(t, "testdata/x16-published.txt", 2), 1); res.Guesses == 0 {
		t.Error("the very hard 16×16 X finished by logic with wide passes stopped after one elimination; want guesses")
	}
}

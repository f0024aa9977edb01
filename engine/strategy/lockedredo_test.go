package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLockedRelemma runs Locked Nested Trial in find-all mode on the
// boards of testdata/locked-nested.txt with every lemma trial that a
// refutes followed from the lemma's last trial that held (relemma)
// followed again exactly, from the state it started from, and compared:
// the same candidates, places, trail length and work, and no
// contradiction. It wants a floor of trials so checked.
func TestLockedRelemma(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	done := strategy.CheckRelemma()
	checked := 0
	defer func() {
		if checked == 0 {
			checked = done()
		}
		if r := recover(); r != nil {
			t.Fatalf("after %d trials checked: %v", checked, r)
		}
	}()
	steps := 0
	for _, b := range lockedBoards(t) {
		sink := strategy.Sink{All: true}
		strategy.LockedNestedTrial().Find(b, &sink)
		steps += len(sink.Steps())
	}
	checked = done()
	t.Logf("%d steps, %d trials followed from the last that held and checked", steps, checked)
	const floor = 1000
	if checked < floor {
		t.Errorf("%d trials checked, want %d or more", checked, floor)
	}
}

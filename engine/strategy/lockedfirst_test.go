package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLockedHeldMarks runs Locked Nested Trial in find-all mode on the
// boards of testdata/locked-nested.txt with the marks
// of the lemmas' trials that held (made as cells are placed) compared,
// before each look at them, with the cells each such trial's
// eliminations left with one candidate. It wants a floor of looks so
// checked.
func TestLockedHeldMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	done := strategy.CheckHeld()
	checked := 0
	defer func() {
		if checked == 0 {
			checked = done()
		}
		if r := recover(); r != nil {
			t.Fatalf("after %d looks checked: %v", checked, r)
		}
	}()
	steps := 0
	for _, b := range lockedBoards(t) {
		sink := strategy.Sink{All: true}
		strategy.LockedNestedTrial().Find(b, &sink)
		steps += len(sink.Steps())
	}
	checked = done()
	t.Logf("%d steps, %d looks at held marks checked", steps, checked)
	const floor = 10_000
	if checked < floor {
		t.Errorf("%d looks checked, want %d or more", checked, floor)
	}
}

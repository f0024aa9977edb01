package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// TestLockedChecks runs Locked Nested Trial in find-all mode on the
// boards of testdata/locked-nested.txt with one of its checks on, which
// panics on a mismatch, and wants a floor of checks made:
//   - relemma: every lemma trial that a refutes followed from the
//     lemma's last trial that held (relemma) followed again exactly,
//     from the state it started from, and compared: the same candidates,
//     places, trail length and work, and no contradiction;
//   - held marks: the marks of the lemmas' trials that held (made as
//     cells are placed) compared, before each look at them, with the
//     cells each such trial's eliminations left with one candidate.
func TestLockedChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: nested searches of seconds")
	}
	for _, tt := range []struct {
		name  string
		check func() func() int
		floor int
	}{
		{"relemma", strategy.CheckRelemma, 1000},
		{"held marks", strategy.CheckHeld, 10_000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			done := tt.check()
			checked := 0
			defer func() {
				if checked == 0 {
					checked = done()
				}
				if r := recover(); r != nil {
					t.Fatalf("after %d checks: %v", checked, r)
				}
			}()
			steps := 0
			for _, b := range lockedBoards(t) {
				sink := strategy.Sink{All: true}
				strategy.LockedNestedTrial().Find(b, &sink)
				steps += len(sink.Steps())
			}
			checked = done()
			t.Logf("%d steps, %d checks", steps, checked)
			if checked < tt.floor {
				t.Errorf("%d checks, want %d or more", checked, tt.floor)
			}
		})
	}
}

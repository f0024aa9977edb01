package strategy

import (
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFindCancelled checks that every finder stops soon after its sink is
// cancelled, on an empty 32×32 board where the fish finders alone would
// search for many seconds and find nothing; and that a sink cancelled
// before Find gets no step.
func TestFindCancelled(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 32})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	for _, st := range All() {
		if !st.HasFinder() || st.NeedsUnique() || st.Str8ts() == OnlyOnStr8ts {
			continue
		}
		t.Run(st.name, func(t *testing.T) {
			cancel := make(chan struct{})
			sink := Sink{All: true, Cancel: cancel}
			timer := time.AfterFunc(20*time.Millisecond, func() { close(cancel) })
			defer timer.Stop()
			start := time.Now()
			st.Find(b, &sink)
			// A watchdog, not a speed check: a finder that polls stops in
			// milliseconds (seconds on a loaded machine), one that does not
			// (the fish, over 32 lines) searches far longer.
			if d := time.Since(start); d > time.Minute {
				t.Errorf("Find went on for %v after its sink was cancelled at 20ms", d)
			}
			sink.Reset()
			st.Find(b, &sink)
			if n := len(sink.Steps()); n != 0 {
				t.Errorf("a cancelled sink got %d steps", n)
			}
		})
	}
}

// TestCageIntersectionCancelled checks that Cage Intersection's finder
// stops once its sink is cancelled, on a 16×16 killer where it has steps:
// its joint fillings of large groups went on for seconds past a FindSteps
// deadline. Find itself returns at once for a sink cancelled before it,
// so the finder is called directly.
func TestCageIntersectionCancelled(t *testing.T) {
	b := fileBoard(t, "../search/testdata/killer16.txt", 1)
	live := Sink{strategy: cageIntersectionStrategy} // as Find sets it; the first step will do
	findCageIntersection(b, &live)
	if len(live.Steps()) == 0 {
		t.Fatal("no Cage Intersection step on the board: the check below would prove nothing")
	}
	cancel := make(chan struct{})
	close(cancel)
	sink := Sink{All: true, Cancel: cancel, strategy: cageIntersectionStrategy}
	findCageIntersection(b, &sink)
	if n := len(sink.Steps()); n != 0 {
		t.Errorf("a cancelled sink got %d steps", n)
	}
}

// TestForcingNetCancelledInCages checks that Forcing Net stops soon after
// its sink is cancelled on a 9×9 KenKen whose rows are each one product
// cage of 9! (and whose columns are rows of another), where each closure
// enumerates cages of up to 200,000 fillings: its searches went on for
// 10–30 s past a 3 s deadline, polling only between closures.
func TestForcingNetCancelledInCages(t *testing.T) {
	var cages []grid.Cage
	for r := range 9 {
		row := make([]int, 9)
		for c := range row {
			row[c] = r*9 + c
		}
		cages = append(cages, grid.Cage{Cells: row, Target: 362880, Op: grid.OpMul})
	}
	l, err := grid.NewLayout(grid.Config{Size: 9, Variant: grid.KenKen, Cages: cages})
	if err != nil {
		t.Fatal(err)
	}
	b := grid.NewBoard(l)
	cancel := make(chan struct{})
	sink := Sink{All: true, Cancel: cancel}
	timer := time.AfterFunc(20*time.Millisecond, func() { close(cancel) })
	defer timer.Stop()
	start := time.Now()
	ForcingNet().Find(b, &sink)
	// A watchdog, not a speed check: polled in the enumerations, the
	// search stops within one of them (milliseconds).
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Find went on for %v after its sink was cancelled at 20ms", d)
	}
}

package solver

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// errDeepEnough stops a solve of TestGuessMemory once it has measured.
var errDeepEnough = errors.New("deep enough")

// TestGuessMemory checks that the guesses in force of a big board's solve
// hold little memory whichever way they are undone: StoreSafeCopy kept a
// copy of the board for each (6 KiB on a 32×32, 4 MiB at 600 guesses
// deep), and 50 SolveSteps of empty 32×32 boards whose clients read
// slowly held 306 MB of live heap, their solves paused deep in their
// guesses. It measures the live heap, after collection, at the first step
// and 600 guesses deep (an empty 25×25 goes 480 deep, a 32×32 861).
func TestGuessMemory(t *testing.T) {
	tests := []struct {
		n, depth int
		onGuess  OnGuess
		maxBytes uint64 // held at depth beyond the first step
	}{
		{25, 400, StoreSafeCopy, 1 << 20},
		{25, 400, BacktrackChanges, 1 << 20},
		{32, 600, StoreSafeCopy, 1 << 20},
		{32, 600, BacktrackChanges, 1 << 20},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d/on-guess-%d", tt.n, tt.n, tt.onGuess), func(t *testing.T) {
			var base, held uint64
			live := func() uint64 {
				// Twice, so that the searchers pooled between solves
				// (sync.Pool keeps them one collection more) go too.
				runtime.GC()
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				return ms.HeapAlloc
			}
			emit := func(index int, step *strategy.Step, _ *grid.Board) error {
				switch {
				case index == 1:
					base = live()
				case step.Depth >= tt.depth:
					h := live()
					held = h - min(base, h)
					return errDeepEnough
				}
				return nil
			}
			_, err := Solve(context.Background(), newEmpty(t, tt.n), Options{Type: GuessingOnly, OnGuess: tt.onGuess}, emit)
			if !errors.Is(err, errDeepEnough) {
				t.Fatalf("the solve ended with %v before %d guesses in force", err, tt.depth)
			}
			t.Logf("%d guesses in force held %d KiB beyond the first step", tt.depth, held>>10)
			if held > tt.maxBytes {
				t.Errorf("%d guesses in force held %d KiB beyond the first step; want at most %d KiB", tt.depth, held>>10, tt.maxBytes>>10)
			}
		})
	}
}

package strategy

import (
	"syscall"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// MeasureNested runs the plain or strong nested search with budget on b,
// all steps, and returns the eliminations, looks, candidates assumed and CPU.
func MeasureNested(b *grid.Board, strong bool, budget int) (elims []CellDigit, looks, assumedN int, cpu time.Duration) {
	start := cpuNow()
	t := &trial{strong: strong}
	sink := Sink{strategy: nestedContradictionStrategy, All: true}
	if strong {
		t.sx = t.strongSetup(b.Layout())
		t.sx.all = true
	}
	ok := t.start(b)
	if t.sx != nil {
		t.sx.all = false
	}
	if !ok {
		return nil, 0, 0, 0
	}
	t.findNested(&sink, budget)
	for _, s := range sink.Steps() {
		elims = append(elims, s.Eliminations...)
	}
	return elims, t.work, len(t.assumed), cpuNow() - start
}

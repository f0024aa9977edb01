package strategy_test

import (
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// BenchmarkCageFinders runs each cage finder of the killer logic path,
// first step and all, on the cageIntersectionBoards (positions along the
// logic solves of two killers without givens).
func BenchmarkCageFinders(b *testing.B) {
	boards := cageIntersectionBoards(b)
	for _, st := range []*strategy.Strategy{
		strategy.CageContradiction(), strategy.CageBlock(), strategy.CageIntersection(),
		strategy.VirtualCages(), strategy.InnieOutieDifference(), strategy.CombinationCrossover(),
	} {
		for _, all := range []bool{false, true} {
			name := st.Name()
			if all {
				name += "/all"
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					for _, bd := range boards {
						sink := strategy.Sink{All: all}
						st.Find(bd, &sink)
					}
				}
			})
		}
	}
}

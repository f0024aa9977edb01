package strategy

import "testing"

// finderFamilies are families of strategies whose finders the allocation
// test and the benchmark run over stuck boards of top1465, each with the
// passes that warm the sink and the pools before allocations are counted.
var finderFamilies = []struct {
	name       string
	strategies []*Strategy
	warm       int
}{
	{"patterns", patternStrategies, 0},
	{"colours", colourStrategies, 0},
	{"misc", miscStrategies, 1},
	{"ALS", alsStrategies, 0},
}

func TestFindersDoNotAllocate(t *testing.T) {
	pauseGC(t)
	boards := patStuckBoards(t, 40)
	for _, f := range finderFamilies {
		t.Run(f.name, func(t *testing.T) {
			findersDoNotAllocate(t, boards, f.strategies, f.warm, false, true)
		})
	}
}

func BenchmarkFinders(b *testing.B) {
	boards := patStuckBoards(b, 200)
	for _, f := range finderFamilies {
		b.Run(f.name, func(b *testing.B) { benchFinders(b, boards, f.strategies) })
	}
}

package solver

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/internal/shared"
)

// BenchmarkLogicKillerTarek solves the first six killers of
// engine/search/testdata/killer9-tarek.txt (no givens) by logic alone,
// one a turn: the killer logic path, cage finders and nets through cages.
// Its cpu-ms/puzzle is the figure to compare (docs/benchmarks.md, "Killer
// logic speed"); run it with -benchtime 6x or a multiple.
func BenchmarkLogicKillerTarek(b *testing.B) {
	lines := shared.Lines(b, "../search/testdata/killer9-tarek.txt")[:6]
	boards := make([]*grid.Board, len(lines))
	for i, line := range lines {
		p, _, err := codec.Decode(line, codec.DecodeOptions{Tolerant: true})
		if err != nil {
			b.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
		if boards[i], err = p.Board(grid.Classic); err != nil {
			b.Fatalf("killer9-tarek.txt:%d: %v", i+1, err)
		}
	}
	b.ResetTimer()
	cpu := cputime.Used()
	for i := range b.N {
		if _, err := Solve(context.Background(), boards[i%len(boards)], Options{Type: LogicOnly}, nil); err != nil {
			b.Fatal(err)
		}
	}
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/puzzle")
	}
}

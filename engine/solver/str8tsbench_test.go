package solver

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/internal/cputime"
)

// BenchmarkLogicStr8tsExtreme solves the 15 Str8ts of
// testdata/str8ts-extreme.txt by logic alone, one a turn: the Str8ts
// trial path (Compartment Trial, Pattern and Nested Trial), where the
// dearest Str8ts spend their CPU. Its cpu-ms/puzzle is the figure to
// compare; run it with -benchtime 15x or a multiple.
func BenchmarkLogicStr8tsExtreme(b *testing.B) {
	benchStr8ts(b, nil)
}

// BenchmarkLogicStr8tsExtreme8 solves line 8 of
// testdata/str8ts-extreme.txt alone (a Str8ts BX 8×8 that takes 15
// Nested Trials), the dearest of the set.
func BenchmarkLogicStr8tsExtreme8(b *testing.B) {
	benchStr8ts(b, []int{8})
}

// benchStr8ts solves lines (from 1; nil for all) of
// testdata/str8ts-extreme.txt by logic, one a turn, and reports the CPU a
// puzzle.
func benchStr8ts(b *testing.B, lines []int) {
	all := testdataBoards(b, "str8ts-extreme.txt")
	boards := all
	if lines != nil {
		boards = nil
		for _, n := range lines {
			boards = append(boards, all[n-1])
		}
	}
	b.ResetTimer()
	cpu := cputime.Used()
	for i := range b.N {
		if _, err := Solve(context.Background(), boards[i%len(boards)].Clone(), Options{Type: LogicOnly}, nil); err != nil {
			b.Fatal(err)
		}
	}
	if c := cputime.Used() - cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/puzzle")
	}
}

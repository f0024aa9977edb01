package strategy_test

import (
	"bufio"
	"context"
	"os"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
)

// killerBenchFiles are the killers of BenchmarkLogicKillers: files of
// engine/search/testdata and how many of their first lines to solve.
var killerBenchFiles = []struct {
	file  string
	lines int
}{
	{"killer9-tarek.txt", 6},
	{"killer9-extreme.txt", 4},
	{"killer9-hard5.txt", 3},
}

// BenchmarkLogicKillers solves killers by logic alone (stuck or not): the
// cost of the cage finders on the logic path.
func BenchmarkLogicKillers(b *testing.B) {
	var boards []*grid.Board
	for _, kf := range killerBenchFiles {
		f, err := os.Open("../search/testdata/" + kf.file)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for i := 0; i < kf.lines && sc.Scan(); i++ {
			p, _, err := codec.Decode(sc.Text(), codec.DecodeOptions{Tolerant: true})
			if err != nil {
				b.Fatalf("%s:%d: %v", kf.file, i+1, err)
			}
			bd, err := p.Board(grid.Classic)
			if err != nil {
				b.Fatalf("%s:%d: %v", kf.file, i+1, err)
			}
			boards = append(boards, bd)
		}
		f.Close()
	}
	b.ResetTimer()
	for range b.N {
		for _, bd := range boards {
			if _, err := solver.Solve(context.Background(), bd, solver.Options{Type: solver.LogicOnly}, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

package service

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// FuzzDecodePuzzle feeds arbitrary wire bytes to the request checks: any
// puzzle either decodes to a board or is rejected with a field error,
// never a panic.
func FuzzDecodePuzzle(f *testing.F) {
	seeds := []*sudokuv1.Puzzle{
		textPuzzle(seedEasy),
		textPuzzle(killerArrowsDiagonal),
		{Source: &sudokuv1.Puzzle_Text{Text: seedSmall}, Charset: seedSmallCharst, RegionMap: seedSmallMap},
		{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap},
		{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 4, Variant: sudokuv1.Variant_VARIANT_KENKEN,
			Cells: make([]*sudokuv1.Cell, 16),
			Cages: []*sudokuv1.Cage{{Cells: []uint32{0, 1}, Target: 3, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_SUBTRACT}}}}},
	}
	for _, p := range seeds {
		if b := p.GetBoard(); b != nil {
			for i := range b.Cells {
				b.Cells[i] = &sudokuv1.Cell{}
			}
		}
		data, err := proto.Marshal(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p sudokuv1.Puzzle
		if proto.Unmarshal(data, &p) != nil {
			return
		}
		dp, err := decodePuzzle("puzzle", &p)
		if err != nil {
			if fe, ok := err.(*grid.FieldError); !ok || !strings.HasPrefix(fe.Field, "puzzle") {
				t.Fatalf("error %v (%T) is not a field error on the request's puzzle", err, err)
			}
			return
		}
		if dp.board == nil || len(dp.symbols) <= dp.board.Layout().N {
			t.Fatalf("decoded puzzle without a board or symbols")
		}
	})
}

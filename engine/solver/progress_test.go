package solver

import (
	"context"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestWrongProgress checks that a board left without a solution by its
// progress names the cells at fault, and one whose clues are at fault, or
// that holds no progress, names none.
func TestWrongProgress(t *testing.T) {
	const clues = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	digits := func(s string) []uint8 {
		out := make([]uint8, len(s))
		for i := range s {
			out[i] = s[i] - '0'
		}
		return out
	}
	sol := solutionOf(t, progressBoard(l, digits(clues), nil))
	// r9c9 is open: enter the wrong digit there, or take its digit out of
	// its candidates.
	const at = 80
	wrong := uint8(1 + int(sol[at])%9)
	tests := []struct {
		name  string
		board func() *grid.Board
		want  []strategy.CellDigit
	}{
		{"wrong entry", func() *grid.Board {
			entries := make([]uint8, 81)
			entries[at] = wrong
			entries[0] = sol[0] // a right one beside it
			return progressBoard(l, digits(clues), entries)
		}, []strategy.CellDigit{{Cell: at, Digit: int(wrong)}}},
		{"candidates without the digit", func() *grid.Board {
			b := progressBoard(l, digits(clues), nil)
			b.Restrict(at, b.Cands(at)&^grid.Bit(int(sol[at])))
			return b
		}, []strategy.CellDigit{{Cell: at}}},
		{"clues at fault", func() *grid.Board {
			c := digits(clues)
			c[at] = wrong // a clue now, not progress
			entries := make([]uint8, 81)
			entries[1] = sol[1]
			return progressBoard(l, c, entries)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.board()
			res, err := Solve(context.Background(), b, Options{CheckMultiple: true}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != NoSolution {
				t.Fatalf("status %v, want no solution", res.Status)
			}
			if !slices.Equal(res.WrongProgress, tt.want) {
				t.Errorf("wrong progress %v, want %v", res.WrongProgress, tt.want)
			}
		})
	}
}

// progressBoard returns the board of clues with entries entered.
func progressBoard(l *grid.Layout, clues, entries []uint8) *grid.Board {
	b := grid.NewBoard(l)
	b.Reset(clues, entries)
	return b
}

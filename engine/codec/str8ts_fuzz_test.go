package codec

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// fuzzStr8tsBoard runs the engine over a decoded Str8ts board (see
// FuzzDecodeStr8ts) and checks what it says: the board's own invariants,
// the solutions the search finds, and, where the puzzle has exactly one,
// every step of the Str8ts strategies against it.
func fuzzStr8tsBoard(t *testing.T, b *grid.Board) {
	t.Helper()
	l := b.Layout()
	empty := 0
	for cell := range b.Layout().Cells {
		v := b.Value(cell)
		switch {
		case l.IsBlack(cell) && b.Cands(cell) != 0:
			t.Fatalf("black cell %s has candidates %v", l.CellName(cell), b.Cands(cell))
		case v == 0 && !l.IsBlack(cell):
			empty++
		case v != 0 && b.Cands(cell) != 0:
			t.Fatalf("filled cell %s has candidates", l.CellName(cell))
		}
	}
	if empty != b.Empty() {
		t.Fatalf("Empty() = %d, but %d white cells are empty", b.Empty(), empty)
	}
	b.Check()
	s := search.Searcher{MaxNodes: 200}
	res, _ := s.Count(context.Background(), b, 2)
	for _, sol := range res.Solutions {
		for cell := range b.Layout().Cells {
			v := b.Value(cell)
			if v != 0 && sol[cell] != v {
				t.Fatalf("a solution changes the digit of %s", l.CellName(cell))
			}
		}
		for _, u := range l.Compartments() {
			cells := l.Unit(u).Cells
			var set grid.Digits
			for _, cell := range cells {
				set |= grid.Bit(int(sol[cell]))
			}
			if set.Count() != len(cells) || set.Max()-set.Min()+1 != len(cells) {
				t.Fatalf("a solution breaks the straight of %s", l.Unit(u).Name())
			}
		}
	}
	var solution []uint8
	if len(res.Solutions) == 1 && res.Complete {
		solution = res.Solutions[0]
	}
	for _, st := range strategy.All() {
		if st.Str8ts() != strategy.OnlyOnStr8ts {
			continue
		}
		sink := strategy.Sink{All: true}
		st.Find(b, &sink)
		if solution == nil {
			continue // nothing to check the steps against
		}
		for _, step := range sink.Steps() {
			for _, p := range step.Placements {
				if int(solution[p.Cell]) != p.Digit {
					t.Fatalf("%s places %d in %s, whose digit is %d", step.Name(), p.Digit, l.CellName(p.Cell), solution[p.Cell])
				}
			}
			for _, e := range step.Eliminations {
				if int(solution[e.Cell]) == e.Digit {
					t.Fatalf("%s removes %d from %s, its digit", step.Name(), e.Digit, l.CellName(e.Cell))
				}
			}
		}
	}
}

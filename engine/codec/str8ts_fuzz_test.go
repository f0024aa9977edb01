package codec

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/strategy"
)

// fuzzStr8tsBoard runs the engine over a decoded Str8ts board (see
// FuzzDecodeStr8ts).
func fuzzStr8tsBoard(t *testing.T, b *grid.Board) {
	t.Helper()
	b.Check()
	for _, st := range strategy.All() {
		if st.Str8ts == strategy.OnlyOnStr8ts {
			sink := strategy.Sink{All: true}
			st.Find(b, &sink)
		}
	}
	s := search.Searcher{MaxNodes: 200}
	res, _ := s.Count(context.Background(), b, 2)
	l := b.L
	for _, sol := range res.Solutions {
		for cell, v := range b.Value {
			if v != 0 && sol[cell] != v {
				t.Fatalf("a solution changes the digit of %s", l.CellName(cell))
			}
		}
		for _, u := range l.Compartments() {
			cells := l.Units[u].Cells
			var set grid.Digits
			for _, cell := range cells {
				set |= grid.Bit(int(sol[cell]))
			}
			if set.Count() != len(cells) || set.Max()-set.Min()+1 != len(cells) {
				t.Fatalf("a solution breaks the straight of %s", l.Units[u].Name())
			}
		}
	}
}

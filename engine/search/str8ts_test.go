package search

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// str8tsEasy1 is str8ts.com's "Easy 1" of 30 November 2024 as the site
// wrote it when it went live (candidates off by one; read tolerantly),
// from the compatibility tests of github.com/BlueAnt1/puzzle-coding.
const str8tsEasy1 = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"

// checkStr8ts reports what breaks the Str8ts rules in a solution of the
// board b, by the rules alone (not the layout's units): every white cell
// filled, no digit twice in a row or a column (black clues included), and
// every run of white cells a set of consecutive digits.
func checkStr8ts(t testing.TB, b *grid.Board, sol []uint8) {
	t.Helper()
	n := b.Layout().N
	at := func(line, i int, across bool) int {
		if across {
			return line*n + i
		}
		return i*n + line
	}
	for _, across := range []bool{true, false} {
		for line := range n {
			seen := map[uint8]bool{}
			var run []uint8
			flush := func() {
				lo, hi := uint8(255), uint8(0)
				for _, v := range run {
					lo, hi = min(lo, v), max(hi, v)
				}
				if len(run) > 0 && int(hi-lo)+1 != len(run) {
					t.Errorf("line %d (across %v): run %v is no straight", line+1, across, run)
				}
				run = run[:0]
			}
			for i := range n {
				cell := at(line, i, across)
				v := sol[cell]
				if b.Layout().IsBlack(cell) {
					if v != b.Value(cell) {
						t.Errorf("black cell %s holds %d, want %d", b.Layout().CellName(cell), v, b.Value(cell))
					}
					flush()
				} else {
					if v == 0 {
						t.Errorf("white cell %s is empty", b.Layout().CellName(cell))
					}
					if b.Value(cell) != 0 && v != b.Value(cell) {
						t.Errorf("clue %s changed", b.Layout().CellName(cell))
					}
					run = append(run, v)
				}
				if v != 0 {
					if seen[v] {
						t.Errorf("line %d (across %v) holds %d twice", line+1, across, v)
					}
					seen[v] = true
				}
			}
			flush()
		}
	}
}

func TestStr8tsCount(t *testing.T) {
	b := board(t, str8tsEasy1)
	var s Searcher
	res, err := s.Count(context.Background(), b, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Solutions) != 1 {
		t.Fatalf("found %d solutions (complete %v), want exactly 1", len(res.Solutions), res.Complete)
	}
	checkStr8ts(t, b, res.Solutions[0])
	t.Logf("nodes %d: %v", res.Nodes, res.Solutions[0])
}

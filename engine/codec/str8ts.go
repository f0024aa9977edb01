package codec

import "github.com/sudokuwise/solver/engine/grid"

// Str8ts 2.0 strings (T, U, B, V) carry one field a cell, the Str8ts cell
// content, documented by the puzzle-coding library as (N = 9 shown):
//
//	0            empty white cell without marks
//	d            white clue d             1..9
//	N+1          black cell               10
//	N+1+d        black clue d             11..19
//	2N+1+d       solved d                 20..28
//	3N+1+mask    candidates               29..539
//
// The strings str8ts.com published when it went live (November 2024) are
// off by one in the candidates: all nine are 540, mask+3N+2. Strict
// decoding rejects them (540 exceeds 539). Tolerant decoding reads a string
// with any field above the documented maximum as live: candidates are then
// v−(3N+2). The live offset of solved cells is unknown (no live string with
// one has been seen); they are read as documented.

// str8tsRange is the range of the Str8ts cell content for size n.
func str8tsRange(n int) component {
	return component{"value", 0, int64(3*n+1) + int64(grid.AllDigits(n))}
}

// str8tsCell returns the state of a cell of Str8ts content v and whether it
// is black; live reads candidates with the live strings' offset.
func str8tsCell(n int, v int64, live bool) (c grid.CellState, black bool) {
	N := int64(n)
	switch {
	case v == 0:
	case v <= N:
		c.Value, c.Given = int(v), true
	case v == N+1:
		black = true
	case v <= 2*N+1:
		c.Value, c.Given, black = int(v-N-1), true, true
	case v <= 3*N+1:
		c.Value = int(v - 2*N - 1)
	case live:
		c.Cand = grid.Digits(v - 3*N - 2)
	default:
		c.Cand = grid.Digits(v - 3*N - 1)
	}
	return c, black
}

// str8tsContent returns the Str8ts content of a cell; a black cell can
// only be empty or hold a clue.
func str8tsContent(n, cell int, c grid.CellState, black, marks bool) (int64, error) {
	N := int64(n)
	switch {
	case black && c.Value == 0:
		return N + 1, nil
	case black && !c.Given:
		return 0, grid.FieldErrorf("board", "cell %s: a black cell holds a clue or nothing, not a solved %d", cellName(n, cell), c.Value)
	case black:
		return N + 1 + int64(c.Value), nil
	case c.Value != 0 && c.Given:
		return int64(c.Value), nil
	case c.Value != 0:
		return 2*N + 1 + int64(c.Value), nil
	case c.Cand != 0:
		return 3*N + 1 + int64(c.Cand), nil
	case !marks:
		return 3*N + 1 + int64(grid.AllDigits(n)), nil
	}
	return 0, nil
}

package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestPieceSetsMemo checks the sets a strong trial's pieces take, from
// their memo (memoSets) or worked out, against fillSets on pieces with no
// memo, on the layout of tarek's first killer: a few boards of random
// candidates, each but the first the first with a few cells narrowed,
// taken in random turns, so that a piece comes back to a key it had (a
// hit) and to one whose cells in the unit hold what they held with its
// other cells changed (a stale memo's wrong sets). Every piece's sets
// must be the fresh ones, and the memo must serve some.
func TestPieceSetsMemo(t *testing.T) {
	l := tarekBoard(t, 1).Layout()
	rng := rand.New(rand.NewPCG(18, 38))
	boards := make([][]grid.Digits, 6)
	boards[0] = make([]grid.Digits, l.Cells)
	for c := range boards[0] {
		boards[0][c] = grid.AllDigits(l.N)
		for range rng.IntN(4) {
			if ds := boards[0][c] &^ grid.Bit(1+rng.IntN(l.N)); ds != 0 {
				boards[0][c] = ds
			}
		}
	}
	for i := 1; i < len(boards); i++ {
		boards[i] = slices.Clone(boards[0])
		for range 3 {
			c := rng.IntN(l.Cells)
			for range 3 {
				if ds := boards[i][c] &^ grid.Bit(1+rng.IntN(l.N)); ds != 0 {
					boards[i][c] = ds
				}
			}
		}
	}
	memo, fresh := &trial{}, &trial{}
	memo.sx, fresh.sx = memo.strongSetup(l), fresh.strongSetup(l)
	hits := 0
	for round := range 300 {
		cand := boards[rng.IntN(len(boards))]
		memo.cand, fresh.cand = cand, cand
		for u := range memo.sx.pieces {
			for i := range memo.sx.pieces[u] {
				p, q := &memo.sx.pieces[u][i], &fresh.sx.pieces[u][i]
				key := pieceKey(cand, p)
				if (!p.valid || key != p.key) && slices.ContainsFunc(p.memo, func(m pieceMemo) bool { return m.ok && m.key == key }) {
					hits++
				}
				memo.pieceSets(p)
				q.sets = q.sets[:0]
				fresh.fillSets(q)
				if !slices.Equal(p.sets, q.sets) {
					t.Fatalf("round %d, unit %d, piece %d (cage %d): sets %v, want %v", round, u, i, p.cage, p.sets, q.sets)
				}
			}
		}
	}
	if hits == 0 {
		t.Error("no piece took its sets from its memo")
	}
}

// pieceKey returns the candidates of piece p's cells, those in its unit
// first, as pieceSets keys them.
func pieceKey(cand []grid.Digits, p *piece) [grid.MaxSize]grid.Digits {
	var key [grid.MaxSize]grid.Digits
	for j, c := range append(slices.Clone(p.in), p.rest...) {
		key[j] = cand[c]
	}
	return key
}

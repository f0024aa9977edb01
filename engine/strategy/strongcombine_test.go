package strategy

import (
	"math/rand/v2"
	"testing"
)

// TestSupportOfKept checks the supports a strong trial's pieces take as
// kept (supportOf) against pieceSupport worked out afresh, on the layout
// of tarek's killer 41: a few boards of random candidates, each but the
// first the first with a few cells narrowed, and two random choices of
// the sets each piece keeps (ok), taken in random turns, so that a piece
// comes back to the candidates and sets it had (a hit) and to the same
// candidates with other sets, or the same sets with other candidates (a
// stale support, which differs from the fresh one in enough of them).
// Every support must be the fresh one, and some must be kept.
func TestSupportOfKept(t *testing.T) {
	l := tarekBoard(t, 41).Layout()
	rng := rand.New(rand.NewPCG(72, 41))
	tr := &trial{l: l}
	tr.sx = tr.strongSetup(l)
	boards := narrowedBoards(l, rng, 4, 6, 3)
	// oks[u][i] are the two choices of piece i of unit u: a random part
	// of the sets its cells take on the first board.
	oks := make([][][2]bits512, len(tr.sx.pieces))
	tr.cand = boards[0]
	for u := range tr.sx.pieces {
		oks[u] = make([][2]bits512, len(tr.sx.pieces[u]))
		for i := range tr.sx.pieces[u] {
			all := tr.cellSets(tr.sx.pieces[u][i].in)
			for k := range oks[u][i] {
				for x := range 512 {
					if all.has(x) && rng.IntN(4) == 0 {
						oks[u][i][k].set(x)
					}
				}
			}
		}
	}
	stale := 0
	for round := range 300 {
		tr.cand = boards[rng.IntN(len(boards))]
		for u := range tr.sx.pieces {
			for i := range tr.sx.pieces[u] {
				p := &tr.sx.pieces[u][i]
				ok := &oks[u][i][rng.IntN(2)]
				was := p.sup
				got := *tr.supportOf(p, ok)
				want := tr.pieceSupport(p, ok)
				for j := range p.in {
					if got[j] != want[j] {
						t.Fatalf("round %d, unit %d, piece %v: support %v, want %v", round, u, p.in, got[:len(p.in)], want[:len(p.in)])
					}
				}
				for j := range p.in {
					if was[j] != want[j] {
						stale++
						break
					}
				}
			}
		}
	}
	hits := tr.sx.supportHits
	t.Logf("%d supports kept, %d differ from the last", hits, stale)
	if hits < 1000 || stale < 1000 {
		t.Errorf("%d supports kept, %d differ from the last: too few to compare", hits, stale)
	}
}

package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestPieceSetsMemo checks the sets a strong trial's pieces take, from
// their memo (memoSets) or worked out from the sets of digit sets kept
// for their cells (strongState.parts), against fillSets on pieces with no
// memo and no parts' sets kept, on the layout of tarek's first killer: a few boards of random
// candidates, each but the first the first with a few cells narrowed,
// taken in random turns, so that a piece comes back to a key it had (a
// hit) and to one whose cells in the unit hold what they held with its
// other cells changed (a stale memo's wrong sets). Every piece's sets
// must be the fresh ones, and the memo must serve some.
func TestPieceSetsMemo(t *testing.T) {
	l := tarekBoard(t, 1).Layout()
	rng := rand.New(rand.NewPCG(18, 38))
	boards := narrowedBoards(l, rng, 6, 4, 3)
	memo, fresh := twoStrongTrials(l)
	hits := 0
	for round := range 300 {
		cand := boards[rng.IntN(len(boards))]
		memo.cand, fresh.cand = cand, cand
		for u := range memo.sx.pieces {
			for i := range memo.sx.pieces[u] {
				p, q := &memo.sx.pieces[u][i], &fresh.sx.pieces[u][i]
				key := keyOf(cand, p)
				if (!p.valid || key != p.key) && slices.ContainsFunc(p.memo.e[:], func(m pieceMemo) bool { return m.ok && m.key == key }) {
					hits++
				}
				memo.pieceSets(p)
				q.sets = q.sets[:0]
				forgetParts(fresh, q) // afresh, not from its cells' sets kept
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

// twoStrongTrials returns two strong trials set up for layout l, one to
// work through its memos and one to work afresh.
func twoStrongTrials(l *grid.Layout) (memo, fresh *trial) {
	memo, fresh = &trial{l: l}, &trial{l: l}
	memo.sx, fresh.sx = memo.strongSetup(l), fresh.strongSetup(l)
	return memo, fresh
}

// narrowedBoards returns count boards of candidates for layout l: the
// first with up to cuts-1 random digits taken from each cell, each other
// the first with changed random cells narrowed further (three digits
// drawn for each), a cell never left empty.
func narrowedBoards(l *grid.Layout, rng *rand.Rand, count, cuts, changed int) [][]grid.Digits {
	boards := make([][]grid.Digits, count)
	boards[0] = make([]grid.Digits, l.Cells)
	for c := range boards[0] {
		boards[0][c] = grid.AllDigits(l.N)
		for range rng.IntN(cuts) {
			if ds := boards[0][c] &^ grid.Bit(1+rng.IntN(l.N)); ds != 0 {
				boards[0][c] = ds
			}
		}
	}
	for i := 1; i < len(boards); i++ {
		boards[i] = slices.Clone(boards[0])
		for range changed {
			c := rng.IntN(l.Cells)
			for range 3 {
				if ds := boards[i][c] &^ grid.Bit(1+rng.IntN(l.N)); ds != 0 {
					boards[i][c] = ds
				}
			}
		}
	}
	return boards
}

// forgetParts drops the sets of digit sets tr keeps for piece p's
// cells, so that fillSets works them out afresh.
func forgetParts(tr *trial, p *piece) {
	for _, i := range []int32{p.inPart, p.restPart} {
		if i >= 0 {
			tr.sx.parts[i].ok = false
		}
	}
}

// keyOf returns the candidates of piece p's cells, those in its unit
// first, as pieceSets keys them.
func keyOf(cand []grid.Digits, p *piece) pieceKey {
	var key pieceKey
	for j, c := range append(slices.Clone(p.in), p.rest...) {
		key[j] = uint16(cand[c])
	}
	return key
}

// TestPieceFillSetsPlain holds fillSets (sets of digit sets walked as 512
// bits) to a plain enumeration, plainPieceSets: on the layout of tarek's
// first killer with random candidates, every piece's sets, in increasing
// order. Enough pieces must lose a set to their cage's other cells, and
// enough keep some, for the comparison to mean something; and enough of
// their cells' sets must come from another piece's cells of the same
// cage (strongState.parts), which each round's new candidates make stale.
func TestPieceFillSetsPlain(t *testing.T) {
	l := tarekBoard(t, 1).Layout()
	rng := rand.New(rand.NewPCG(22, 38))
	tr := &trial{}
	tr.sx = tr.strongSetup(l)
	tr.cand = make([]grid.Digits, l.Cells)
	restCut, kept := 0, 0
	for round := range 200 {
		for c := range tr.cand {
			tr.cand[c] = grid.AllDigits(l.N)
			for range rng.IntN(8) {
				if ds := tr.cand[c] &^ grid.Bit(1+rng.IntN(l.N)); ds != 0 {
					tr.cand[c] = ds
				}
			}
		}
		for u := range tr.sx.pieces {
			for i := range tr.sx.pieces[u] {
				p := &tr.sx.pieces[u][i]
				p.sets = p.sets[:0]
				tr.fillSets(p)
				want, alone := plainPieceSets(tr.cand, p)
				if !slices.Equal(p.sets, want) {
					t.Fatalf("round %d, unit %d, piece %d (cage %d): sets %v, want %v", round, u, i, p.cage, p.sets, want)
				}
				if len(want) > 0 {
					kept++
				}
				if alone > len(want) {
					restCut++
				}
			}
		}
	}
	if restCut < 100 || kept < 1000 {
		t.Errorf("%d pieces lost sets to their cages' other cells, %d kept some: too few to compare", restCut, kept)
	}
	if tr.sx.partHits < 10000 {
		t.Errorf("%d cells' sets shared between pieces: too few to compare", tr.sx.partHits)
	}
}

// plainPieceSets returns the digit sets piece p takes with candidates cand,
// in increasing order: each set of different digits its cells take, when
// its cage's other cells (if any) take different digits outside it that
// make the cage's target with it; for a cell in no cage, its candidates.
// alone is the number of its sets before the other cells are asked.
func plainPieceSets(cand []grid.Digits, p *piece) (sets []uint16, alone int) {
	if p.cage < 0 {
		for ds := cand[p.in[0]]; ds != 0; ds &= ds - 1 {
			sets = append(sets, uint16(ds&-ds))
		}
		return sets, len(sets)
	}
	var walk func(cells []int, used uint16, f func(uint16))
	walk = func(cells []int, used uint16, f func(uint16)) {
		if len(cells) == 0 {
			f(used)
			return
		}
		for d := 1; d <= 9; d++ {
			if b := uint16(1) << (d - 1); cand[cells[0]].Has(d) && used&b == 0 {
				walk(cells[1:], used|b, f)
			}
		}
	}
	var own [512]bool
	walk(p.in, 0, func(s uint16) { own[s] = true })
	for s := range own {
		if !own[s] {
			continue
		}
		alone++
		ok := false
		walk(p.rest, uint16(s), func(all uint16) {
			if int(digitSums[all]) == p.target {
				ok = true
			}
		})
		if ok {
			sets = append(sets, uint16(s))
		}
	}
	return sets, alone
}

// TestUnionMemo checks the unit combinations a strong trial takes from
// its memo (combine) against those worked out afresh (unionSets): on the
// layouts of tarek's first and second killers in turn, the memo carried
// from the first to the second as a pooled trial carries it, boards of
// random candidates, each but the first the first with a few cells
// narrowed, taken in random turns, so that a unit comes back to its
// pieces' sets (a hit) and to other sets hashed to the same entry. Which
// pieces lose a set, and the sets that survive of those that do, must be
// the fresh ones; the memo must serve some on each layout, and some
// pieces must lose sets.
func TestUnionMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 38))
	var memo *trial
	cuts := 0
	for _, line := range []int{1, 2} {
		l := tarekBoard(t, line).Layout()
		boards := narrowedBoards(l, rng, 8, 7, 4)
		var fresh *trial
		if memo == nil {
			memo, fresh = twoStrongTrials(l)
		} else {
			kept := memo.sx.unions
			memo.l, memo.sx = l, memo.strongSetup(l)
			if kept == nil || &memo.sx.unions[0] != &kept[0] {
				t.Fatalf("tarek %d: the memo was not carried to the next layout", line)
			}
			_, fresh = twoStrongTrials(l)
		}
		hits := 0
		for round := range 400 {
			cand := boards[rng.IntN(len(boards))]
			memo.cand, fresh.cand = cand, cand
			for u := range memo.sx.pieces {
				ps, qs := memo.sx.pieces[u], fresh.sx.pieces[u]
				if ps == nil {
					continue
				}
				for i := range ps {
					memo.pieceSets(&ps[i])
					fresh.pieceSets(&qs[i])
				}
				if _, hit := memo.sx.unionMemo(l.N, ps); hit {
					hits++
				}
				memo.combine(ps, &memo.sx.fwdU[u])
				fresh.unionSets(qs, nil)
				for i := range ps {
					if memo.sx.cut[i] != fresh.sx.cut[i] {
						t.Fatalf("tarek %d, round %d, unit %d, piece %d: cut %v, want %v", line, round, u, i, memo.sx.cut[i], fresh.sx.cut[i])
					}
					if !fresh.sx.cut[i] {
						continue
					}
					cuts++
					if memo.sx.okb[i] != fresh.sx.okb[i] {
						t.Fatalf("tarek %d, round %d, unit %d, piece %d: sets kept %x, want %x", line, round, u, i, memo.sx.okb[i], fresh.sx.okb[i])
					}
				}
			}
		}
		if hits == 0 {
			t.Errorf("tarek %d: no combination from the memo", line)
		}
		t.Logf("tarek %d: %d combinations from the memo", line, hits)
	}
	if cuts < 100 {
		t.Errorf("%d pieces cut: too few to compare", cuts)
	}
}

// TestPieceMemoShared checks that the pieces of one cage over the same
// cells (a cage inside both a row or column and a box) share a memo
// (shareMemos), on the layout of tarek's killer 37: the second of two
// such pieces finds in it the sets the first just worked out, and they
// are its own (fillSets's).
func TestPieceMemoShared(t *testing.T) {
	l := tarekBoard(t, 37).Layout()
	rng := rand.New(rand.NewPCG(63, 38))
	tr, fresh := twoStrongTrials(l)
	tr.cand = narrowedBoards(l, rng, 1, 6, 0)[0]
	fresh.cand = tr.cand
	var all []*piece
	for u := range tr.sx.pieces {
		for i := range tr.sx.pieces[u] {
			if p := &tr.sx.pieces[u][i]; p.cage >= 0 {
				all = append(all, p)
			}
		}
	}
	shared := 0
	for i, p := range all {
		if p.memo == nil {
			t.Fatalf("cage %d's piece %v has no memo", p.cage, p.in)
		}
		for _, q := range all[:i] {
			same := q.cage == p.cage && slices.Equal(q.in, p.in) && slices.Equal(q.rest, p.rest)
			if same != (q.memo == p.memo) {
				t.Fatalf("cage %d, pieces %v and %v: same cells %v, shared memo %v", p.cage, q.in, p.in, same, q.memo == p.memo)
			}
			if !same {
				continue
			}
			shared++
			tr.pieceSets(q)
			key := keyOf(tr.cand, p)
			if !slices.ContainsFunc(p.memo.e[:], func(m pieceMemo) bool { return m.ok && m.key == key }) {
				t.Fatalf("cage %d, piece %v: the sets of its twin's candidates are not in its memo", p.cage, p.in)
			}
			tr.pieceSets(p)
			fp := *p
			fp.sets = nil
			forgetParts(fresh, &fp)
			fresh.fillSets(&fp)
			if !slices.Equal(p.sets, fp.sets) {
				t.Fatalf("cage %d, piece %v: sets %v, want %v", p.cage, p.in, p.sets, fp.sets)
			}
		}
	}
	if shared < 50 {
		t.Errorf("%d pieces share a memo with another: want at least 50", shared)
	}
	t.Logf("%d pieces share a memo", shared)
}

// TestPieceSupportPlain holds pieceSupport (the sets of the first cells
// forward, addAll a cell's digits at a time, and back, takeAll) to a walk
// over every assignment of different digits to a piece's cells: on the
// layout of tarek's killer 41 with random candidates, each piece of more
// than one cell with a random choice of the sets its cells take as ok. A
// digit is supported where some assignment whose set ok holds puts it in
// its cell. Enough digits must be left out, and enough kept.
func TestPieceSupportPlain(t *testing.T) {
	l := tarekBoard(t, 41).Layout()
	rng := rand.New(rand.NewPCG(41, 67))
	tr := &trial{l: l}
	tr.sx = tr.strongSetup(l)
	kept, dropped := 0, 0
	for round := range 40 {
		tr.cand = narrowedBoards(l, rng, 1, 6, 0)[0]
		for u := range tr.sx.pieces {
			for i := range tr.sx.pieces[u] {
				p := &tr.sx.pieces[u][i]
				if len(p.in) < 2 {
					continue
				}
				all := tr.cellSets(p.in)
				var ok bits512
				for x := range 512 {
					if all.has(x) && rng.IntN(8) == 0 {
						ok.set(x)
					}
				}
				got := tr.pieceSupport(p, &ok)
				var want [grid.MaxSize]grid.Digits
				var walk func(j int, used grid.Digits, ds []grid.Digits)
				walk = func(j int, used grid.Digits, ds []grid.Digits) {
					if j == len(p.in) {
						if ok.has(int(used)) {
							for k, d := range ds {
								want[k] |= d
							}
						}
						return
					}
					for c := tr.cand[p.in[j]] &^ used; c != 0; c &= c - 1 {
						walk(j+1, used|c&-c, append(ds, c&-c))
					}
				}
				walk(0, 0, nil)
				if got != want {
					t.Fatalf("round %d, unit %d, piece %v: support %v, want %v", round, u, p.in, got[:len(p.in)], want[:len(p.in)])
				}
				for j, c := range p.in {
					kept += want[j].Count()
					dropped += (tr.cand[c] &^ want[j]).Count()
				}
			}
		}
	}
	t.Logf("%d digits supported, %d not", kept, dropped)
	if kept < 1000 || dropped < 1000 {
		t.Errorf("%d digits supported, %d not: too few to compare", kept, dropped)
	}
}

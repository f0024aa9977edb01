package strategy

import (
	"math/rand/v2"
	"testing"
)

// plainUnion is the rule unionSets follows, worked out plainly: a set s
// of piece i survives when some choice of a set for each piece, s for
// piece i, the sets disjoint, covers the unit's digits (full). It returns
// the sets that survive of each piece, a bit each, and whether each
// piece lost any.
func plainUnion(ps []piece, full int) (okb []bits512, cut []bool) {
	okb, cut = make([]bits512, len(ps)), make([]bool, len(ps))
	pick := make([]uint16, len(ps))
	var walk func(i, used int)
	walk = func(i, used int) {
		if i == len(ps) {
			if used == full {
				for j, s := range pick {
					okb[j].set(int(s))
				}
			}
			return
		}
		for _, s := range ps[i].sets {
			if used&int(s) == 0 {
				pick[i] = s
				walk(i+1, used|int(s))
			}
		}
	}
	walk(0, 0)
	for i := range ps {
		for _, s := range ps[i].sets {
			if !okb[i].has(int(s)) {
				cut[i] = true
			}
		}
	}
	return okb, cut
}

// TestUnionSetsPlain holds unionSets (the unions of the pieces' sets
// forward and back as 512 bits, the forward ones stopping before the
// last piece) to plainUnion, which tries every choice of sets: on the
// layouts of tarek's first three killers with random candidates, which
// pieces of each unit lose a set, and the sets that survive of those
// that do, with the unit's forward unions kept from the boards before
// (fwdUnions: the boards differ in a few cells) and without. Enough
// units must lose sets, enough have no choice that covers them (every
// set lost), and enough forward unions be taken as kept, for the
// comparison to mean something.
func TestUnionSetsPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 37))
	units, cutUnits, dead, kept := 0, 0, 0, 0
	for _, line := range []int{1, 2, 3} {
		l := tarekBoard(t, line).Layout()
		_, tr := twoStrongTrials(l)
		full := 1<<l.N - 1
		for _, cand := range narrowedBoards(l, rng, 60, 8, 6) {
			tr.cand = cand
			for u := range tr.sx.pieces {
				ps := tr.sx.pieces[u]
				if ps == nil {
					continue
				}
				for i := range ps {
					tr.pieceSets(&ps[i])
				}
				okb, cut := plainUnion(ps, full)
				fu := &tr.sx.fwdU[u]
				for j := 0; j+1 < fu.n && ps[fu.ord[j]].gen == fu.gens[j]; j++ {
					kept++
				}
				for _, with := range []*fwdUnions{fu, nil} {
					tr.unionSets(ps, with)
					for i := range ps {
						if tr.sx.cut[i] != cut[i] {
							t.Fatalf("tarek %d, unit %d, piece %d (kept unions %v): cut %v, want %v", line, u, i, with != nil, tr.sx.cut[i], cut[i])
						}
						if cut[i] && tr.sx.okb[i] != okb[i] {
							t.Fatalf("tarek %d, unit %d, piece %d (kept unions %v): sets kept %x, want %x", line, u, i, with != nil, tr.sx.okb[i], okb[i])
						}
					}
				}
				units++
				anyCut, all := false, true
				for i := range ps {
					anyCut = anyCut || cut[i]
					all = all && okb[i] == bits512{}
				}
				if anyCut {
					cutUnits++
				}
				if all {
					dead++
				}
			}
		}
	}
	t.Logf("%d units, %d lost sets, %d every set, %d forward unions kept", units, cutUnits, dead, kept)
	if cutUnits < 200 || dead < 20 || kept < 1000 {
		t.Errorf("%d units lost sets, %d every set, %d forward unions kept: too few to compare", cutUnits, dead, kept)
	}
}

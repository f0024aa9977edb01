package strategy

import (
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// TestVerityTwinKeys checks twins and keyOf on the forum's Wecoc #1
// (killer9-extreme.txt line 1) with three cells placed, r5c5 among them,
// which lies in many virtual cages: each group's first twin has the same open cells and sum, and
// each filling of a group keys as the twin's filling of the same digits
// in the open cells (its placed cells' own digits in the others), one of
// the twin's fillings. It fails when a twin is taken on its cells alone
// (the sum left out) or keyOf reads a digit from the wrong cell.
func TestVerityTwinKeys(t *testing.T) {
	p, _, err := codec.Decode(shared.Lines(t, "../search/testdata/killer9-extreme.txt")[0], codec.DecodeOptions{Tolerant: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Board(grid.Classic)
	if err != nil {
		t.Fatal(err)
	}
	// Its given r5c5 (its cage of one cell) and two digits of its
	// solution, placed.
	const solution = "821376945795481362634529718183654297956712834247893156519267483478135629362948571"
	for _, c := range []int{40, 0, 80} {
		if !b.Place(c, int(solution[c]-'0')) {
			t.Fatalf("cell %d: %c does not go", c, solution[c])
		}
	}
	tr := &trial{}
	if !tr.start(b) {
		t.Fatal("the start breaks")
	}
	var v verityState
	v.twins(tr)
	fillings := func(g int) [][]uint8 {
		var w verityState
		w.walk(&tr.groups[g], tr.base, 0, 0, 1<<30)
		var out [][]uint8
		for k := len(tr.groups[g].cells); len(w.fills) > 0; w.fills = w.fills[k:] {
			out = append(out, slices.Clone(w.fills[:k]))
		}
		return out
	}
	twins, keys := 0, 0
	for g := range tr.groups {
		r := int(v.rep[g])
		if r == g {
			continue
		}
		if r > g {
			t.Fatalf("group %d's first twin is group %d, after it", g, r)
		}
		twins++
		grp, rep := &tr.groups[g], &tr.groups[r]
		sum := func(grp *trialGroup) (open []int, target int) {
			target = grp.target
			for _, c := range grp.cells {
				if d := b.Value(c); d != 0 {
					target -= int(d)
				} else {
					open = append(open, c)
				}
			}
			slices.Sort(open)
			return open, target
		}
		go1, gt := sum(grp)
		ro, rt := sum(rep)
		if !slices.Equal(go1, ro) || gt != rt {
			t.Fatalf("group %d (open %v, sum %d) and its twin %d (open %v, sum %d) differ", g, go1, gt, r, ro, rt)
		}
		repFills := fillings(r)
		for _, f := range fillings(g) {
			want := make([]uint8, len(rep.cells))
			for i, c := range rep.cells {
				if d := b.Value(c); d != 0 {
					want[i] = uint8(d)
				} else {
					want[i] = f[slices.Index(grp.cells, c)]
				}
			}
			if !slices.ContainsFunc(repFills, func(x []uint8) bool { return slices.Equal(x, want) }) {
				t.Fatalf("group %d's filling %v is not one of its twin %d's (%v)", g, f, r, want)
			}
			if got := v.keyOf(tr, g, f); got != fillingKey(r, want) {
				t.Fatalf("group %d's filling %v keys as %v, want its twin %d's %v", g, f, got, r, fillingKey(r, want))
			}
			keys++
		}
	}
	t.Logf("%d groups with an earlier twin, %d fillings keyed", twins, keys)
	if twins < 10 || keys < 1000 {
		t.Errorf("%d twins, %d fillings keyed: want at least 10 and 1,000", twins, keys)
	}
}

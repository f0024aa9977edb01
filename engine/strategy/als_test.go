package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// alsBrute lists the almost locked sets of b by brute force: every subset
// of the empty cells of every unit, as sorted cell lists, without repeats.
func alsBrute(b *grid.Board, max int) map[string]grid.Digits {
	out := map[string]grid.Digits{}
	for _, u := range b.L.Units {
		var free []int
		for _, c := range u.Cells {
			if b.Value[c] == 0 {
				free = append(free, c)
			}
		}
		for mask := 1; mask < 1<<len(free); mask++ {
			var cells []int
			var d grid.Digits
			for i, c := range free {
				if mask&(1<<i) != 0 {
					cells = append(cells, c)
					d |= b.Cand[c]
				}
			}
			if len(cells) <= max && d.Count() == len(cells)+1 {
				slices.Sort(cells)
				out[cellKey(cells)] = d
			}
		}
	}
	return out
}

func cellKey(cells []int) string {
	b := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		b = append(b, byte(c>>8), byte(c))
	}
	return string(b)
}

func TestALSCollector(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 9))
	layouts := []grid.Config{{Size: 9}, {Size: 6}, {Size: 9, Variant: grid.X}, {Size: 12}}
	var c ALSCollector
	for _, cfg := range layouts {
		l, err := grid.NewLayout(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			b, _ := patRandomPuzzle(t, l, r, 0.4)
			// Thin the candidates so that sets of every size appear.
			for cell := range b.Cand {
				for _, d := range b.Cand[cell].List(nil) {
					if b.Cand[cell].Count() > 2 && r.IntN(3) == 0 {
						b.Eliminate(cell, d)
					}
				}
			}
			max := l.N - 1
			if l.N > 9 {
				max = 8
			}
			want := alsBrute(b, max)
			got := c.Collect(b)
			if len(got) != len(want) {
				t.Errorf("%dx%d board %d: %d sets, want %d", l.N, l.N, i, len(got), len(want))
			}
			for k := range got {
				a := &got[k]
				if d, ok := want[cellKey(a.Cells)]; !ok || d != a.Digits {
					t.Fatalf("set %v %v is not an ALS (want %v)", a.Cells, a.Digits, d)
				}
				if !slices.Equal(a.Set.AppendCells(nil), a.Cells) || !cellsInUnit(l, a.Cells, a.Unit) {
					t.Fatalf("set %v: bitset %v, unit %d", a.Cells, a.Set.AppendCells(nil), a.Unit)
				}
				for d := 1; d <= l.N; d++ {
					if !a.Digits.Has(d) {
						if a.Holders(d) != nil || a.SeeAll(d) != nil {
							t.Fatalf("set %v: holders of %d, not a digit", a.Cells, d)
						}
						continue
					}
					var hold []int
					for _, cell := range a.Cells {
						if b.Cand[cell].Has(d) {
							hold = append(hold, cell)
						}
					}
					if !slices.Equal(a.Holders(d).AppendCells(nil), hold) {
						t.Fatalf("set %v: holders of %d %v, want %v", a.Cells, d, a.Holders(d).AppendCells(nil), hold)
					}
					for cell := 0; cell < l.Cells; cell++ {
						sees := !slices.Contains(a.Cells, cell)
						for _, h := range hold {
							sees = sees && l.Sees(cell, h)
						}
						if a.SeeAll(d).Has(cell) != sees {
							t.Fatalf("set %v: SeeAll(%d) has %s: %v", a.Cells, d, l.CellName(cell), !sees)
						}
					}
				}
			}
		}
	}
}

func cellsInUnit(l *grid.Layout, cells []int, u int) bool {
	for _, c := range cells {
		if !cellIn(l, c, u) {
			return false
		}
	}
	return true
}

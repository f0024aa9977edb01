package generate

import (
	"context"
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// TestShidokuSingles checks the fact levelAttainable rests on: naked and
// hidden singles solve every 4×4 classic puzzle with one solution. It
// goes through every clue pattern of every grid whose first row is 1234
// (each other grid is one of them with its digits relabelled, which
// changes neither a puzzle's solutions nor what singles do), with a
// solver of its own: a pattern is unique when every other grid differs
// from the grid on one of its cells.
func TestShidokuSingles(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: every clue pattern of the 4×4 grids")
	}
	grids := shidokuGrids()
	if len(grids) != 288 {
		t.Fatalf("%d 4×4 grids, want 288", len(grids))
	}
	unique := 0
	for gi, g := range grids {
		if g[0] != 1 || g[1] != 2 || g[2] != 3 || g[3] != 4 {
			continue
		}
		var diffs []uint16
		for hi, h := range grids {
			if hi != gi {
				diffs = append(diffs, differ(g, h))
			}
		}
	patterns:
		for m := range 1 << 16 {
			for _, d := range diffs {
				if d&uint16(m) == 0 {
					continue patterns // h holds the same clues: not unique
				}
			}
			unique++
			if !shidokuSingles(g, uint16(m)) {
				t.Fatalf("grid %v, clues %016b: one solution, not solved by singles", g, m)
			}
		}
	}
	// 13,579,680 unique puzzles in all, a 24th of them with 1234 on top.
	if unique != 565820 {
		t.Errorf("%d unique puzzles with 1234 on top, want 565,820", unique)
	}
}

// TestShidokuLevels checks that a 4×4 classic puzzle is refused above
// Easy (see TestConfigErrors) but made at Easy and without a level.
func TestShidokuLevels(t *testing.T) {
	for _, level := range []strategy.Level{strategy.Unrated, strategy.Easy} {
		res, err := Generate(context.Background(), Config{Size: 4, Level: level, Seed: 4})
		if err != nil {
			t.Fatalf("level %s: %v", level, err)
		}
		if level == strategy.Easy && !res.LevelMet {
			t.Errorf("level %s not met", level)
		}
	}
}

// shidokuPeers are the cells each 4×4 cell sees: its row, column and
// 2×2 box.
var shidokuPeers = func() (peers [16][]int) {
	for i := range 16 {
		for j := range 16 {
			ri, ci, rj, cj := i/4, i%4, j/4, j%4
			if i != j && (ri == rj || ci == cj || (ri/2 == rj/2 && ci/2 == cj/2)) {
				peers[i] = append(peers[i], j)
			}
		}
	}
	return peers
}()

// shidokuGrids returns every 4×4 classic grid.
func shidokuGrids() [][16]int {
	var out [][16]int
	var g [16]int
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, g)
			return
		}
	digits:
		for d := 1; d <= 4; d++ {
			for _, p := range shidokuPeers[i] {
				if p < i && g[p] == d {
					continue digits
				}
			}
			g[i] = d
			fill(i + 1)
		}
		g[i] = 0
	}
	fill(0)
	return out
}

// differ returns the cells where grids g and h differ, a bit each.
func differ(g, h [16]int) uint16 {
	var m uint16
	for i := range 16 {
		if g[i] != h[i] {
			m |= 1 << i
		}
	}
	return m
}

// shidokuSingles reports whether naked and hidden singles, from the clues
// of grid g in pattern m, place every digit.
func shidokuSingles(g [16]int, m uint16) bool {
	var cand [16]uint8 // candidates, a bit each
	var val [16]int
	for i := range cand {
		cand[i] = 15
	}
	place := func(i, d int) {
		val[i], cand[i] = d, 1<<(d-1)
		for _, p := range shidokuPeers[i] {
			cand[p] &^= 1 << (d - 1)
		}
	}
	for i := range 16 {
		if m>>i&1 == 1 {
			place(i, g[i])
		}
	}
	var units [12][4]int
	for k := range 4 {
		for j := range 4 {
			units[k][j] = k*4 + j                       // row k
			units[4+k][j] = j*4 + k                     // column k
			units[8+k][j] = (k/2*2+j/2)*4 + k%2*2 + j%2 // box k
		}
	}
	for placed := true; placed; {
		placed = false
		for i := range 16 {
			if c := cand[i]; val[i] == 0 && c != 0 && c&(c-1) == 0 {
				d := 1
				for c>>(d-1) != 1 {
					d++
				}
				place(i, d)
				placed = true
			}
		}
		for _, u := range units {
			for d := 1; d <= 4; d++ {
				n, at := 0, -1
				for _, c := range u {
					if val[c] == d {
						n = -1
						break
					}
					if val[c] == 0 && cand[c]>>(d-1)&1 == 1 {
						n++
						at = c
					}
				}
				if n == 1 {
					place(at, d)
					placed = true
				}
			}
		}
	}
	for _, v := range val {
		if v == 0 {
			return false
		}
	}
	return true
}

package generate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// smallEasy are the 4×4 boards levelAttainable refuses above Easy, with
// the number of their puzzles of one solution whose first row is 1234.
var smallEasy = []struct {
	variant grid.Variant
	unique  int
}{
	{grid.Classic, 565820},
	{grid.X, 128010},
	{grid.Colour, 343051},
	{grid.Windoku, 343051},
}

// TestSmallBoardsEasy checks the fact levelAttainable rests on: every
// 4×4 classic, X, Colour and Windoku puzzle with one solution grades Easy
// with every strategy, and naked and hidden singles of a solver of the
// test's own solve it. It goes through every clue pattern of every grid
// whose first row is 1234 (each other grid is one of them with its digits
// relabelled, which changes neither a puzzle's solutions nor its steps'
// techniques): a pattern is unique when every other grid differs from
// the grid on one of its cells.
func TestSmallBoardsEasy(t *testing.T) {
	if testing.Short() || race {
		t.Skip("skipped under -short and -race: grades every 4×4 puzzle of one solution")
	}
	for _, tt := range smallEasy {
		t.Run(tt.variant.String(), func(t *testing.T) {
			t.Parallel()
			l, err := grid.NewLayout(grid.Config{Size: 4, Variant: tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			grids := smallGrids(l)
			unique, maxScore := 0, 0
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
					if !smallSingles(l, g, uint16(m)) {
						t.Fatalf("grid %v, clues %016b: one solution, not solved by singles", g, m)
					}
					r := smallGrade(t, l, g, uint16(m))
					if lv := r.Grade(); lv > strategy.Easy {
						t.Fatalf("grid %v, clues %016b: graded %s (score %d, hardest %s)", g, m, lv, r.Score, r.Hardest.Name())
					}
					maxScore = max(maxScore, r.Score)
				}
			}
			if unique != tt.unique {
				t.Errorf("%d puzzles of one solution with 1234 on top, want %d", unique, tt.unique)
			}
			t.Logf("%d puzzles of one solution with 1234 on top, the highest score %d", unique, maxScore)
		})
	}
}

// smallGrade grades the puzzle of grid g's clues in pattern m as the
// generator does (with every strategy, guesses following the solution).
func smallGrade(t *testing.T, l *grid.Layout, g [16]int, m uint16) solver.Rating {
	b := grid.NewBoard(l)
	solution := make([]uint8, 16)
	for i := range 16 {
		solution[i] = uint8(g[i])
		if m>>i&1 == 1 {
			b.Place(i, g[i])
		}
	}
	res, err := solver.Solve(context.Background(), b, solver.Options{
		Unique:        true,
		Order:         solver.Guided,
		Solution:      solution,
		WholeDeadline: true,
	}, nil)
	if err != nil {
		t.Fatalf("grid %v, clues %016b: %v", g, m, err)
	}
	return res.Rating
}

// TestShidokuLevels checks that a 4×4 classic, X, Colour or Windoku
// puzzle is refused above Easy (see TestConfigErrors) but made at Easy
// and without a level.
func TestShidokuLevels(t *testing.T) {
	for _, tt := range smallEasy {
		for _, level := range []strategy.Level{strategy.Unrated, strategy.Easy, strategy.Medium} {
			// A level not refused would be looked for until the deadline.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			res, err := Generate(ctx, Config{Size: 4, Variant: tt.variant, Level: level, Seed: 4})
			cancel()
			if level == strategy.Medium {
				var fe *grid.FieldError
				if !errors.As(err, &fe) || fe.Field != "level" {
					t.Errorf("%s at %s: %v, want refused on level", tt.variant, level, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s at %s: %v", tt.variant, level, err)
			}
			if level == strategy.Easy && !res.LevelMet {
				t.Errorf("%s at %s: level not met", tt.variant, level)
			}
		}
	}
}

// smallSingleStrategies returns the singles (A and B): with them alone a
// 4×4 X is never graded above Easy, and a level above it is not refused.
func smallSingleStrategies(t *testing.T) []*strategy.Strategy {
	t.Helper()
	s, err := strategy.Select([]string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// smallGrids returns every grid of a 4×4 layout.
func smallGrids(l *grid.Layout) [][16]int {
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
			for _, p := range l.Peers(i) {
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

// smallSingles reports whether naked and hidden singles in the units of
// layout l, from the clues of grid g in pattern m, place every digit.
func smallSingles(l *grid.Layout, g [16]int, m uint16) bool {
	var cand [16]uint8 // candidates, a bit each
	var val [16]int
	for i := range cand {
		cand[i] = 15
	}
	place := func(i, d int) {
		val[i], cand[i] = d, 1<<(d-1)
		for _, p := range l.Peers(i) {
			cand[p] &^= 1 << (d - 1)
		}
	}
	for i := range 16 {
		if m>>i&1 == 1 {
			place(i, g[i])
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
		for _, u := range l.Units() {
			for d := 1; d <= 4; d++ {
				n, at := 0, -1
				for _, c := range u.Cells {
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

package strategy

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestFishShapesAgree checks the line shapes of the fish engine against
// HoDoKu's basic-fish shape, a search with other limits and order, along
// logic solves of hard puzzles: the basic fish of basicLineShape are the
// fish without fins HoDoKu's shape finds on base lines of two candidates
// or more, and the fish of finnedLineShape with five fins at most are its
// finned fish with fins in one region and a candidate that is no fin on
// every base line.
func TestFishShapesAgree(t *testing.T) {
	max := 10
	if quick() {
		max = 2
	}
	// Each its sink: a sink's next search reuses its steps' storage.
	var hodokuSink, lineSink Sink
	find := func(sink *Sink, b *grid.Board, shape *fishShape) []Step {
		sink.Reset()
		sink.All, sink.strategy = true, FinnedFish()
		findFish(b, sink, shape)
		return sink.Steps()
	}
	compared := [2]int{}
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) {
		hodoku := find(&hodokuSink, b, &hodokuBasicShape)
		for i, shape := range []*fishShape{&basicLineShape, &finnedLineShape} {
			var want []string
			for j := range hodoku {
				if s := &hodoku[j]; lineShapeTakes(b.Layout(), s, shape) {
					want = append(want, fishKey(s))
				}
			}
			var got []string
			for _, s := range find(&lineSink, b, shape) {
				if len(stepFins(b.Layout(), &s)) <= fishMaxFins {
					got = append(got, fishKey(&s))
				}
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: shape %d found %q, HoDoKu's shape %q", line, i, got, want)
			}
			compared[i] += len(got)
		}
	})
	if compared[0] == 0 || compared[1] == 0 {
		t.Fatalf("%v basic and finned fish compared: nothing to compare", compared)
	}
	t.Logf("%d basic and %d finned fish compared", compared[0], compared[1])
}

// lineShapeTakes reports whether shape (basicLineShape or finnedLineShape)
// takes the fish s that HoDoKu's basic-fish shape found.
func lineShapeTakes(l *grid.Layout, s *Step, shape *fishShape) bool {
	k := len(s.Units) / 2
	fins := stepFins(l, s)
	if shape.fins == noFins {
		if len(fins) > 0 {
			return false
		}
		for _, u := range s.Units[:k] {
			if len(fishBaseCells(l, s, u)) < 2 {
				return false
			}
		}
		return true
	}
	if len(fins) == 0 {
		return false
	}
	for _, c := range fins {
		if l.Region(c) != l.Region(fins[0]) {
			return false
		}
	}
	for _, u := range s.Units[:k] {
		body := false
		for _, c := range fishBaseCells(l, s, u) {
			body = body || !slices.Contains(fins, c)
		}
		if !body {
			return false
		}
	}
	return true
}

// stepFins returns the base candidates of the fish s in no cover set.
func stepFins(l *grid.Layout, s *Step) []int {
	k := len(s.Units) / 2
	var fins []int
	for _, c := range s.Cells {
		covered := false
		for _, u := range s.Units[k:] {
			covered = covered || slices.Contains(l.Unit(u).Cells, c)
		}
		if !covered {
			fins = append(fins, c)
		}
	}
	return fins
}

// fishBaseCells returns the candidates of the fish s in base set u.
func fishBaseCells(l *grid.Layout, s *Step, u int) []int {
	var out []int
	for _, c := range s.Cells {
		if slices.Contains(l.Unit(u).Cells, c) {
			out = append(out, c)
		}
	}
	return out
}

// fishKey identifies a fish step by its technique, digit, sets and
// eliminations.
func fishKey(s *Step) string {
	return fmt.Sprint(s.Technique.code, s.Digits, s.Units, sortedEffects(s.Eliminations))
}

// TestFishPathsAgree checks the line path against the search of sets on
// the line shapes, along logic solves of hard puzzles and fish solves of
// generated ones: the same steps, first step and find-all, byte for byte.
func TestFishPathsAgree(t *testing.T) {
	max := 60
	if quick() {
		max = 6
	}
	var lineSink, setSink Sink
	compared := 0
	check := func(b *grid.Board, where string) {
		n := grid.Notation{Layout: b.Layout()}
		for _, shape := range []*fishShape{&basicLineShape, &finnedLineShape} {
			for _, all := range []bool{false, true} {
				for _, sink := range []*Sink{&lineSink, &setSink} {
					sink.Reset()
					sink.All, sink.strategy = all, FinnedFish()
				}
				findFish(b, &lineSink, shape)
				f := fishPool.Get().(*fishEngine)
				if f.start(b, &setSink, shape) {
					f.runSets()
				}
				fishPool.Put(f)
				got, want := stepTexts(n, lineSink.Steps()), stepTexts(n, setSink.Steps())
				if !slices.Equal(got, want) {
					t.Fatalf("%s: finned %v, all %v: the line path found\n%q\nthe search of sets\n%q", where, shape.fins == regionFins, all, got, want)
				}
				compared += len(got)
			}
		}
	}
	eachLogicState(t, top1465, max, func(b *grid.Board, line string, _ *Step) { check(b, line) })
	r := rand.New(rand.NewPCG(7, 3))
	for _, cfg := range []grid.Config{{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw}, {Size: 6}, {Size: 8}, {Size: 9, Variant: grid.Windoku}} {
		l := testLayout(t, cfg)
		_, sol := patRandomPuzzle(t, l, r, 0)
		for i := 0; i < max/3; i++ {
			b := patPuzzle(t, l, sol, r, 0.3)
			check(b, fmt.Sprintf("%v puzzle %d", cfg.Variant, i))
		}
	}
	if compared < 10*max {
		t.Fatalf("%d steps compared, want at least %d", compared, 10*max)
	}
	t.Logf("%d steps compared", compared)
}

// stepTexts renders steps whole, for comparing them.
func stepTexts(n grid.Notation, steps []Step) []string {
	out := make([]string, len(steps))
	for i := range steps {
		s := &steps[i]
		out[i] = fmt.Sprintf("%s|%v|%v|%v|%v|%v|%s", s.Name(), s.Digits, s.Units, s.Cells, s.Eliminations, s.Marks, s.Explain(n))
	}
	return out
}

func BenchmarkFishFinders(b *testing.B) {
	benchFinders(b, patStuckBoards(b, 200), []*Strategy{BasicFish(), FinnedFish()})
}

// TestFinnedLineFishTriesOneRegionFins checks that on boards of irregular
// regions the line path tries only the finned fish whose fins lie in one
// region (no other can be a finned fish), as it tries on regular boxes only
// those whose fins lie in one band: the choices of base and cover lines
// it tries are counted against the choices with fins in one region, counted
// here by going through every choice. Without the cut a 16×16 jigsaw's
// finned fish tried every cover choice (a third of a solve's CPU).
func TestFinnedLineFishTriesOneRegionFins(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 1))
	l := testLayout(t, grid.Config{Size: 9, Variant: grid.Jigsaw, Regions: testJigsaw})
	_, sol := patRandomPuzzle(t, l, r, 0)
	for i, keep := range []float64{0.15, 0.2, 0.25, 0.3, 0.35} {
		b := patPuzzle(t, l, sol, r, keep)
		var sink Sink
		sink.All, sink.strategy = true, FinnedFish()
		got := findLineFish(b, &sink, &finnedLineShape)
		want := oneRegionFinChoices(b)
		if got != want {
			t.Errorf("puzzle %d (keep %.2f): %d choices of lines tried, want the %d whose fins lie in one region", i, keep, got, want)
		}
		if want == 0 {
			t.Errorf("puzzle %d: no choice with fins in one region, the test compares nothing", i)
		}
	}
}

// oneRegionFinChoices counts, over the sizes 2..maxSetSize, the digits and
// both orientations, the choices of base lines and as many cover lines
// among theirs, with fins (base-line candidates outside the cover lines),
// whose fins all lie in one region.
func oneRegionFinChoices(b *grid.Board) uint {
	l := b.Layout()
	n := l.N
	var planes [2][grid.MaxSize][grid.MaxSize]uint32
	for cell, cand := range b.Candidates() {
		r, c := cell/n, cell%n
		for m := cand; m != 0; m &= m - 1 {
			d := m.Min() - 1
			planes[0][d][r] |= 1 << c
			planes[1][d][c] |= 1 << r
		}
	}
	cellOf := func(o, base, cover int) int {
		if o == 0 {
			return base*n + cover
		}
		return cover*n + base
	}
	var count uint
	for k := 2; k <= maxSetSize; k++ {
		for d := 0; d < n; d++ {
			for o := range 2 {
				lines := &planes[o][d]
				for chosen := uint32(0); chosen < 1<<n; chosen++ {
					if bits.OnesCount32(chosen) != k {
						continue
					}
					var union uint32
					empty := false
					for m := chosen; m != 0; m &= m - 1 {
						union |= lines[trailing(m)]
						empty = empty || lines[trailing(m)] == 0
					}
					if empty || bits.OnesCount32(union) <= k {
						continue // a line without the digit, or no fins
					}
					for cover := uint32(0); cover < 1<<n; cover++ {
						if cover&^union != 0 || bits.OnesCount32(cover) != k {
							continue
						}
						region, one := -1, true
						for m := chosen; m != 0 && one; m &= m - 1 {
							base := trailing(m)
							for x := lines[base] &^ cover; x != 0; x &= x - 1 {
								rg := l.Region(cellOf(o, base, trailing(x)))
								one = one && (region < 0 || rg == region)
								region = rg
							}
						}
						if one {
							count++
						}
					}
				}
			}
		}
	}
	return count
}

package strategy

import (
	"math"
	"math/bits"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestClosures16MatchSlices holds followBare16 and followNet16 (boards of
// side 16) and followBare25 (side 25) to the closures on slices they
// stand in for (followBare, followNet with forcing.t16 and t25 unset),
// 25×25 X among them, and checks which layouts take them: every candidate's closure true and
// false, traced, bare and cut at a depth, and each true one without a
// contradiction continued with a lemma trial, whose words grown
// (bare25.grown) must hold every literal it found true. It fails when the
// arrays' path is not taken on a board it is for, is taken on another, or
// derives anything else.
func TestClosures16MatchSlices(t *testing.T) {
	cases := []struct {
		name             string
		board            func(t *testing.T) []*grid.Board
		taken16, taken25 bool
	}{
		{"x16-extreme nets", func(t *testing.T) []*grid.Board { return netBenchBoards(t, 3, 40) }, true, false},
		{"x16 start", func(t *testing.T) []*grid.Board { return []*grid.Board{fileBoard(t, "../search/testdata/x16.txt", 1)} }, true, false},
		{"classic 16x16 start", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../search/testdata/16x16.txt", 1)}
		}, true, false},
		{"x9-extreme start", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../solver/testdata/x9-extreme.txt", 1)}
		}, false, false},
		{"25x25 start", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../search/testdata/25x25.txt", 1)}
		}, false, true},
		{"25x25 published, after 108 steps", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../solver/testdata/p25-wide.txt", 1)}
		}, false, true},
		{"x25 nets (the centre has five units)", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../solver/testdata/x25-nets.txt", 1)}
		}, false, true},
		{"x25 start", func(t *testing.T) []*grid.Board {
			return []*grid.Board{fileBoard(t, "../search/testdata/x25.txt", 1)}
		}, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := new(forcing)
			lits, bad, trials := 0, 0, 0
			for _, b := range tc.board(t) {
				f.setup(b, true, false)
				taken16 := f.t16 != nil && f.a.b16 != nil && f.c.b16 != nil
				taken25 := f.t25 != nil && f.a.b25 != nil && f.c.b25 != nil
				if taken16 != tc.taken16 || taken25 != tc.taken25 {
					t.Fatalf("%d×%d: the arrays' closures taken %v (16) and %v (25), want %v and %v",
						b.Layout().N, b.Layout().N, taken16, taken25, tc.taken16, tc.taken25)
				}
				if !taken16 && !taken25 {
					continue
				}
				t16, t25 := f.t16, f.t25
				var slow implications
				slow.init(f.words, 2*f.cands, b.Layout().Cells, len(b.Layout().Units())*f.n)
				for cell, ds := range b.Candidates() {
					for ; ds != 0; ds &= ds - 1 {
						c := f.cand(cell, bits.TrailingZeros32(uint32(ds)))
						for _, mode := range []struct {
							lit   int32
							bare  bool
							limit int32
						}{{c<<1 | 1, false, math.MaxInt32}, {c << 1, false, math.MaxInt32}, {c<<1 | 1, true, math.MaxInt32}, {c<<1 | 1, false, 3}} {
							f.limit = mode.limit
							f.a.bare, f.f.bare = mode.bare, mode.bare
							f.t16, f.t25 = t16, t25
							got := f.close(&f.a, mode.lit)
							f.t16, f.t25 = nil, nil
							want := f.close(&f.f, mode.lit)
							f.t16, f.t25 = t16, t25
							f.a.bare, f.f.bare = false, false
							if got != want || !sameClosure(&f.a, &f.f, !mode.bare) {
								t.Fatalf("premise %d (bare %v, limit %d): contradiction %v/%v at %d/%d, %d/%d literals",
									mode.lit, mode.bare, mode.limit, got, want, f.a.badAt, f.f.badAt, len(f.a.queue), len(f.f.queue))
							}
							lits += len(f.a.queue)
							if got {
								bad++
							}
							if got || mode.limit != math.MaxInt32 || mode.lit&1 == 0 {
								continue
							}
							// A lemma trial from each closure: the first candidate
							// the net leaves open in a cell it narrowed.
							for q := range b.Layout().Cells {
								alive := f.a.alive[q]
								if alive.Count() < 2 || alive == b.Cands(q) {
									continue
								}
								lit := f.cand(q, bits.TrailingZeros32(uint32(alive)))<<1 | 1
								f.c.bare = true
								got := f.assume(&f.c, lit)
								f.t16, f.t25 = nil, nil
								slow.loadFrom(&f.a)
								slow.queue, slow.bad, slow.bare = slow.queue[:0], badNone, true
								slow.set(lit, predPremise, 0)
								want := f.follow(&slow)
								f.t16, f.t25 = t16, t25
								f.c.bare = false
								if got != want || !sameClosure(&f.c, &slow, false) {
									t.Fatalf("premise %d, trial %d: contradiction %v/%v, %d/%d literals",
										mode.lit, lit, got, want, len(f.c.queue), len(slow.queue))
								}
								if s := f.c.b25; s != nil && !got {
									// tryLemma's words grown: the trial's own literal aside, every
									// word where the trial found a literal true.
									for w := range words25 {
										grew := f.c.on[w]&^f.a.on[w] != 0 && w != int(lit>>7)
										if grew && s.grown[w>>6]&(1<<(w&63)) == 0 {
											t.Fatalf("premise %d, trial %d: word %d grew, not noted", mode.lit, lit, w)
										}
									}
								}
								trials++
								break
							}
						}
					}
				}
			}
			f.limit = math.MaxInt32
			if (tc.taken16 || tc.taken25) && (lits < 10000 || trials < 100) {
				t.Errorf("%d literals and %d trials compared, want at least 10000 and 100", lits, trials)
			}
			t.Logf("%d literals, %d contradictions, %d trials", lits, bad, trials)
		})
	}
}

package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// TestLearningMatchesSearch counts the large fixtures, thinned out to have
// several solutions, with the depth-first search alone and with clause
// learning from the first guess on, and compares the solutions.
func TestLearningMatchesSearch(t *testing.T) {
	const limit = 12
	files := []struct {
		name  string
		lines int
	}{{"testdata/16x16.txt", 4}, {"testdata/x16.txt", 3}, {"testdata/25x25.txt", 2}, {"testdata/x25.txt", 2}}
	if race || testing.Short() {
		// The 25×25 boards take minutes under the race detector.
		files = files[:2]
	}
	rng := rand.New(rand.NewPCG(9, 10))
	dfs := Searcher{Options: Options{LearnFrom: -1}}
	learn := Searcher{Options: Options{LearnFrom: 1}}
	ctx := context.Background()
	for _, file := range files {
		t.Run(file.name, func(t *testing.T) {
			for i, line := range readFixture(t, file.name) {
				if i >= file.lines {
					break
				}
				for _, thin := range []int{0, 3, 8} {
					b := board(t, line)
					clues := append([]uint8(nil), b.Values()...)
					for range thin {
						clues[rng.IntN(b.Layout().Cells)] = 0
					}
					b.Reset(clues, nil)
					want, err := dfs.Count(ctx, b, limit)
					if err != nil {
						t.Fatal(err)
					}
					got, err := learn.Count(ctx, b, limit)
					if err != nil {
						t.Fatal(err)
					}
					if len(got.Solutions) != len(want.Solutions) || got.Complete != want.Complete {
						t.Fatalf("%s less %d clues: learning %d solutions (complete %v), search %d (complete %v)",
							line, thin, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
					}
					if got.Complete && !sameSets(got.Solutions, want.Solutions) {
						t.Fatalf("%s less %d clues: the solutions differ", line, thin)
					}
					for _, sol := range got.Solutions {
						if !valid(b, sol) {
							t.Fatalf("%s: invalid solution", line)
						}
					}
				}
			}
		})
	}
}

// TestOpenSAT counts 16×16 fixtures through the encoding over open
// candidates and through the one over every cell and digit (newSAT): the
// same solutions, with a variable only for each candidate that no digit
// placed in a unit of its cell rules out. The boards are the fixtures
// with a few clues taken out, some candidates ruled out by hand, and
// some given back that a digit placed beside them rules out; and
// boards with no solution, or solved already.
func TestOpenSAT(t *testing.T) {
	ctx := context.Background()
	lines := readFixture(t, "testdata/16x16.txt")[:2]
	several := 0
	for i, line := range lines {
		for _, tc := range []struct {
			name  string
			edit  func(b *grid.Board)
			given bool // res starts with a solution that breaks the board
		}{
			{"as given", func(*grid.Board) {}, false},
			{"thinned", func(b *grid.Board) { thinClues(b, 3, uint64(i)) }, false},
			{"candidates back", func(b *grid.Board) {
				thinClues(b, 3, uint64(i))
				for cell := range b.Layout().Cells {
					if b.Value(cell) == 0 && cell%5 == 0 {
						b.SetCands(cell, grid.AllDigits(b.Layout().N))
					}
				}
			}, false},
			{"candidates out", func(b *grid.Board) {
				for cell := range b.Layout().Cells {
					if c := b.Cands(cell); b.Value(cell) == 0 && c.Count() > 2 {
						b.SetCands(cell, c&^grid.Bit(c.Max()))
					}
				}
			}, false},
			{"empty cell without candidates", func(b *grid.Board) {
				for cell := range b.Layout().Cells {
					if b.Value(cell) == 0 {
						b.SetCands(cell, 0)
						return
					}
				}
			}, false},
			{"solved", func(b *grid.Board) {
				res, err := (&Searcher{}).Count(ctx, b, 1)
				if err != nil || len(res.Solutions) != 1 {
					t.Fatalf("solving: %v", err)
				}
				b.Reset(res.Solutions[0], nil)
			}, false},
			{"a solution given that breaks the board", func(*grid.Board) {}, true},
		} {
			b := board(t, line)
			tc.edit(b)
			var res Result
			if tc.given {
				bad := b.Values()
				for cell := range bad {
					if bad[cell] == 0 {
						bad[cell] = 1
					}
				}
				res.Solutions = append(res.Solutions, bad)
			}
			want := fullCount(t, b, 1000, res)
			got, err := learnCount(ctx, b, 1000, 0, res)
			if err != nil {
				t.Fatalf("line %d, %s: %v", i+1, tc.name, err)
			}
			several = max(several, len(got.Solutions))
			if !got.Complete || !want.Complete || !sameSets(got.Solutions, want.Solutions) {
				t.Fatalf("line %d, %s: %d solutions (complete %v), the full encoding %d (complete %v)",
					i+1, tc.name, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
			}
			if vars, open := newOpenSAT(b).s.Vars(), openCandidates(b); vars != open {
				t.Fatalf("line %d, %s: %d variables, %d candidates open", i+1, tc.name, vars, open)
			}
		}
	}
	if several < 3 {
		t.Fatalf("at most %d solutions: the test proves little", several)
	}
}

// thinClues empties k cells drawn with seed.
func thinClues(b *grid.Board, k int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 38))
	clues := b.Values()
	for range k {
		clues[rng.IntN(len(clues))] = 0
	}
	b.Reset(clues, nil)
}

// fullCount counts b with the encoding over every cell and digit.
func fullCount(t *testing.T, b *grid.Board, limit int, res Result) Result {
	t.Helper()
	l := b.Layout()
	values, cands := b.Values(), make([]grid.Digits, l.Cells)
	b.CopyCandidates(cands)
	s := newSAT(l)
	fixBoard(s, l.N, values, cands, nil)
	res.Solutions = slices.Clone(res.Solutions)
	got, err := satCount(context.Background(), s, l, limit, 0, res)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// openCandidates counts the candidates of the empty cells of b that no
// digit placed in a unit of the cell rules out.
func openCandidates(b *grid.Board) int {
	l := b.Layout()
	open := 0
	for cell := range l.Cells {
		if b.Value(cell) != 0 {
			continue
		}
		c := b.Cands(cell)
		for _, u := range l.CellUnit(cell) {
			for _, p := range l.Units()[u].Cells {
				if v := b.Value(p); v != 0 {
					c &^= grid.Bit(int(v))
				}
			}
		}
		open += c.Count()
	}
	return open
}

// TestLearnFromBySize checks the default hand-over to clause learning by
// the board's size (see defaultLearnFrom and defaultLearnFails): on
// 25×25 an empty board, which the depth-first search fills without a
// contradiction, stays there past LargeLearnFails guesses, and the board
// the default solve of a published puzzle hands to the count goes to
// learning after LargeLearnFails contradictions, before LargeLearnFrom
// guesses; on 16×16 x16-extreme line 11, which the search finishes in
// some 17,000 guesses, stays with the search (MidLearnFrom).
func TestLearnFromBySize(t *testing.T) {
	if race || testing.Short() {
		t.Skip("counts of 25×25 boards take seconds under the race detector")
	}
	ctx := context.Background()
	for _, file := range []string{"testdata/25x25-hard.txt", "testdata/x25.txt"} {
		for i, b := range puzzleBoards(t, file) {
			var s Searcher
			res, err := s.Count(ctx, b, 2)
			if err != nil || !res.Complete || len(res.Solutions) != 1 {
				t.Fatalf("%s line %d: %d solutions, complete %v, %v", file, i+1, len(res.Solutions), res.Complete, err)
			}
		}
	}
	l, err := grid.NewLayout(grid.Config{Size: 25})
	if err != nil {
		t.Fatal(err)
	}
	var open Searcher
	if res, err := open.Count(ctx, grid.NewBoard(l), 2); err != nil || len(res.Solutions) != 2 {
		t.Fatalf("empty 25×25: %d solutions, %v", len(res.Solutions), err)
	}
	if open.generic.learnt != 0 || open.generic.nodes <= LargeLearnFails {
		t.Errorf("empty 25×25: %d hand-overs after %d guesses, want none, after more than %d", open.generic.learnt, open.generic.nodes, LargeLearnFails)
	}
	x16 := puzzleBoards(t, "../solver/testdata/x16-extreme.txt")[10]
	var x Searcher
	if res, err := x.Count(ctx, x16, 2); err != nil || !res.Complete || len(res.Solutions) != 1 {
		t.Fatalf("x16-extreme line 11: %d solutions, complete %v, %v", len(res.Solutions), res.Complete, err)
	}
	if x.generic.learnt != 0 || x.generic.nodes <= DefaultLearnFrom {
		t.Errorf("x16-extreme line 11: %d hand-overs after %d guesses, want none, after more than %d", x.generic.learnt, x.generic.nodes, DefaultLearnFrom)
	}
	b := countBoards(t, "testdata/25x25-published-count.txt")[0]
	var s Searcher
	res, err := s.Count(ctx, b, 2)
	if err != nil || !res.Complete || len(res.Solutions) != 1 {
		t.Fatalf("published count board 1: %d solutions, complete %v, %v", len(res.Solutions), res.Complete, err)
	}
	if g := &s.generic; g.learnt != 1 || g.fails <= LargeLearnFails || g.nodes >= LargeLearnFrom {
		t.Errorf("published count board 1: %d hand-overs after %d guesses and %d contradictions, want 1 after more than %d contradictions and fewer than %d guesses",
			g.learnt, g.nodes, g.fails, LargeLearnFails, LargeLearnFrom)
	}
}

// cancelledLate is a context already cancelled whose Err answers nil the
// first time: the check on entry to the count passes, and only the polls
// inside the solver can see the cancellation.
type cancelledLate struct {
	context.Context
	asked bool
}

func (c *cancelledLate) Err() error {
	if !c.asked {
		c.asked = true
		return nil
	}
	return c.Context.Err()
}

// openX32 returns an empty 32×32 Sudoku X, the board of the service's
// fault tests.
func openX32(t *testing.T) *grid.Board {
	t.Helper()
	l, err := grid.NewLayout(grid.Config{Size: 32, Variant: grid.X})
	if err != nil {
		t.Fatal(err)
	}
	return grid.NewBoard(l)
}

// TestLearnCountCancelled: the clause-learning count of an open 32×32
// Sudoku X, which decides thousands of its 32,768 variables between
// conflicts, stops at its context's cancellation before finding a
// solution and before the solver's first poll of its conflicts (at 128):
// it polls its decisions too.
func TestLearnCountCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := learnCount(&cancelledLate{Context: ctx}, openX32(t), 1000, 0, Result{})
	if !errors.Is(err, context.Canceled) || len(res.Solutions) != 0 || res.Nodes >= 128 {
		t.Fatalf("learnCount = %d solutions after %d conflicts, %v; want none, before the first poll of the conflicts (128), context.Canceled", len(res.Solutions), res.Nodes, err)
	}
}

// TestManySolutionsStayWithSearch: a count to more than 2 keeps
// DefaultLearnFrom whatever the board's size. The service's fault tests
// count an open 32×32 Sudoku X to 1,000: after LargeLearnFrom guesses
// without its first solution it went to learning, which pays a clause
// and a restart for each solution (seconds, and 30 s under the race
// detector, where the search takes some 10,000 guesses).
func TestManySolutionsStayWithSearch(t *testing.T) {
	var s Searcher
	res, err := s.Count(context.Background(), openX32(t), 1000)
	if err != nil || len(res.Solutions) != 1000 {
		t.Fatalf("Count = %d solutions, %v; want 1000", len(res.Solutions), err)
	}
	if s.generic.learnt != 0 {
		t.Errorf("handed over to learning after %d guesses, want the search alone", s.generic.nodes)
	}
	for _, tt := range []struct {
		n, limit int
		want     int64
	}{
		{32, 1000, DefaultLearnFrom}, {25, 3, DefaultLearnFrom}, {25, 2, LargeLearnFrom},
		{16, 2, MidLearnFrom}, {16, 1000, DefaultLearnFrom}, {9, 2, DefaultLearnFrom},
	} {
		if got := defaultLearnFrom(tt.n, tt.limit); got != tt.want {
			t.Errorf("defaultLearnFrom(%d, %d) = %d, want %d", tt.n, tt.limit, got, tt.want)
		}
	}
}

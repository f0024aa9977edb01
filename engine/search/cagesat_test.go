package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
)

// cageLearnSearcher counts with clause learning from the first guesses
// on: CageLearnFrom 1 hands a board over at its second guess.
func cageLearnSearcher(maxNodes int64) Searcher {
	return Searcher{MaxNodes: maxNodes, Options: Options{CageLearnFrom: 1}}
}

// countBoth counts b to limit with the depth-first search alone and with
// the hand-over to clause learning, requiring the same result, and
// returns it with whether the board was handed over.
func countBoth(t *testing.T, b *grid.Board, limit int, where string) (Result, bool) {
	t.Helper()
	ctx := context.Background()
	var dfs Searcher
	want, err := dfs.Count(ctx, b, limit)
	if err != nil {
		t.Fatalf("%s: depth-first: %v", where, err)
	}
	s := cageLearnSearcher(0)
	s.generic.learnt = 0
	got, err := s.Count(ctx, b, limit)
	if err != nil {
		t.Fatalf("%s: clause learning: %v", where, err)
	}
	if !sameCount(got, want) {
		t.Fatalf("%s: %d solutions (complete %v) with clause learning, %d (complete %v) without",
			where, len(got.Solutions), got.Complete, len(want.Solutions), want.Complete)
	}
	for _, sol := range got.Solutions {
		if !valid(b, sol) {
			t.Fatalf("%s: invalid solution %v", where, sol)
		}
	}
	return got, s.generic.learnt > 0
}

// TestCageLearnAgreesRandom counts random killers and KenKen of 4×4 to
// 9×9, with few or no clues, so that some have no solution and some
// many, with and without the hand-over to clause learning: the counts and
// the solutions must agree. A killer board whose cages come from another
// solution than its clues is often unsolvable; those count too.
func TestCageLearnAgreesRandom(t *testing.T) {
	configs := []struct {
		cfg     grid.Config
		maxCage int
		boards  int
	}{
		{grid.Config{Size: 4, Variant: grid.Killer}, 4, 40},
		{grid.Config{Size: 6, Variant: grid.Killer}, 5, 30},
		{grid.Config{Size: 9, Variant: grid.Killer}, 6, 20},
		{grid.Config{Size: 9, Variant: grid.KillerJigsaw, Regions: jigsaw9}, 4, 10},
		{grid.Config{Size: 4, Variant: grid.KenKen}, 4, 40},
		{grid.Config{Size: 6, Variant: grid.KenKen}, 4, 30},
		{grid.Config{Size: 9, Variant: grid.KenKen}, 3, 10},
	}
	counts := map[int]int{} // boards by solutions found (up to 2)
	handed := 0
	for i, tt := range configs {
		rng := rand.New(rand.NewPCG(38, uint64(i)))
		for j, b := range randomCagedBoards(t, rng, tt.cfg, tt.maxCage, tt.boards) {
			res, learnt := countBoth(t, b, 2, fmt.Sprintf("%v board %d", tt.cfg.Variant, j))
			counts[len(res.Solutions)]++
			if learnt {
				handed++
			}
		}
	}
	t.Logf("boards by solutions: %v; %d handed over", counts, handed)
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("boards by solutions %v: want some with none, one and several", counts)
	}
	if handed < 5 {
		t.Errorf("%d boards handed over to clause learning, want 5 or more", handed)
	}
}

// TestCageLearnAgreesFixtures counts the killer and KenKen fixtures with
// and without the hand-over to clause learning (tarek's sampled; the
// extreme and Mathemagic killers take seconds each with clause learning,
// see BenchmarkCageLearn): each puzzle has one solution either way.
func TestCageLearnAgreesFixtures(t *testing.T) {
	files := []struct {
		file string
		take int // 0: all
	}{
		{"testdata/killer9.txt", 0},
		{"testdata/killer9-big.txt", 0},
		{"testdata/killer9-hard5.txt", 0},
		{"testdata/killer16.txt", 0},
		{"testdata/kenken9.txt", 0},
		{"testdata/killer9-tarek.txt", 6},
		{"../solver/testdata/killer9-cagesize.txt", 0},
		{"../solver/testdata/killer9-hard.txt", 0},
		{"../solver/testdata/killer9-nets.txt", 0},
		{"../solver/testdata/killer-cage-forcing.txt", 0},
		{"../solver/testdata/kenken-hard.txt", 0},
	}
	handed := 0
	for _, fx := range files {
		boards := puzzleBoards(t, fx.file)
		if fx.take > 0 && fx.take < len(boards) {
			boards = boards[:fx.take]
		}
		if race || testing.Short() {
			boards = boards[:min(len(boards), 2)]
		}
		for i, b := range boards {
			res, learnt := countBoth(t, b, 2, fmt.Sprintf("%s line %d", fx.file, i+1))
			if len(res.Solutions) != 1 || !res.Complete {
				t.Fatalf("%s line %d: %d solutions (complete %v), want 1", fx.file, i+1, len(res.Solutions), res.Complete)
			}
			if learnt {
				handed++
			}
		}
	}
	if handed < 10 {
		t.Errorf("%d puzzles handed over to clause learning, want 10 or more", handed)
	}
}

// TestCageLearnCancelled counts the hardest killer with the hand-over to
// clause learning under a context already cancelled, and under one that
// ends as the clause learner starts (the count takes some hundred
// thousand conflicts, seconds): the count ends with the context's error,
// having proved nothing.
func TestCageLearnCancelled(t *testing.T) {
	b := fixtureBoards(t, "testdata/killer9-mathemagic.txt")[0]
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name   string
		ctx    context.Context
		learnt bool // whether the count reaches clause learning
	}{
		{"cancelled", cancelled, false},
		{"cancelled while learning", &cancelAtSecondDone{Context: context.Background(), ch: make(chan struct{})}, true},
	} {
		s := cageLearnSearcher(0)
		res, err := s.Count(tt.ctx, b, 2)
		if !errors.Is(err, context.Canceled) || res.Complete {
			t.Errorf("%s: %v (complete %v), want the context's error", tt.name, err, res.Complete)
		}
		if learnt := s.generic.learnt > 0; learnt != tt.learnt {
			t.Errorf("%s: handed over to clause learning %v, want %v", tt.name, learnt, tt.learnt)
		}
	}
}

// cancelAtSecondDone is a context cancelled by the second call of its
// Done: the depth-first search calls it once, then the clause learner,
// after checking Err, which so finds it cancelled only while it learns.
type cancelAtSecondDone struct {
	context.Context
	calls int
	ch    chan struct{}
}

func (c *cancelAtSecondDone) Done() <-chan struct{} {
	if c.calls++; c.calls == 2 {
		close(c.ch)
	}
	return c.ch
}

func (c *cancelAtSecondDone) Err() error {
	select {
	case <-c.ch:
		return context.Canceled
	default:
		return nil
	}
}

// TestCageLearnBudget counts the hardest killer with the hand-over to
// clause learning within a budget of guesses and conflicts far below
// what it needs: the count ends with ErrNodeLimit.
func TestCageLearnBudget(t *testing.T) {
	b := fixtureBoards(t, "testdata/killer9-mathemagic.txt")[0]
	s := cageLearnSearcher(3_000)
	res, err := s.Count(context.Background(), b, 2)
	if !errors.Is(err, ErrNodeLimit) || res.Complete {
		t.Fatalf("%v (complete %v), want ErrNodeLimit", err, res.Complete)
	}
	if res.Nodes < 3_000 || res.Nodes > 3_010 {
		t.Errorf("%d guesses and conflicts, want the budget of 3,000", res.Nodes)
	}
	if s.generic.learnt == 0 {
		t.Error("not handed over to clause learning")
	}
}

// puzzleBoards returns the boards of a file of puzzles, one a line,
// skipping blank lines and comments (#).
func puzzleBoards(t testing.TB, file string) []*grid.Board {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []string
	for line := range strings.Lines(string(data)) {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			puzzles = append(puzzles, f[0])
		}
	}
	return boardsOf(t, puzzles)
}

// cageSets are the killer and KenKen fixture sets the benchmarks of the
// search's cage options count, each beside BenchmarkGeneric's default.
var cageSets = []struct {
	name string
	file string
}{
	{"Killer9", "testdata/killer9.txt"},
	{"Killer9Big", "testdata/killer9-big.txt"},
	{"Killer16", "testdata/killer16.txt"},
	{"KenKen9", "testdata/kenken9.txt"},
	{"KenKenHard", "../solver/testdata/kenken-hard.txt"},
	{"KillerCageSize", "../solver/testdata/killer9-cagesize.txt"},
	{"KillerTarek", "testdata/killer9-tarek.txt"},
	{"KillerExtreme", "testdata/killer9-extreme.txt"},
	{"KillerHard5", "testdata/killer9-hard5.txt"},
	{"KillerMathemagic", "testdata/killer9-mathemagic.txt"},
}

// BenchmarkCageLearn counts the killer and KenKen sets to 2 with clause
// learning from the second guess (Options.CageLearnFrom 1), beside
// BenchmarkGeneric's depth-first search of the same files; guesses/puzzle
// counts the guesses and conflicts. KillerMathemagic takes seconds a
// puzzle: run it with -benchtime 14x.
func BenchmarkCageLearn(b *testing.B) {
	for _, bm := range cageSets {
		b.Run(bm.name, func(b *testing.B) {
			benchmarkSearcher(b, cageLearnSearcher(0), puzzleBoards(b, bm.file), 2)
		})
	}
}

// randomCagedBoards returns up to count boards (a quarter under -race and
// -short) of cfg's variant with random cages of up to maxCage cells over
// a random solution; every third board takes a clue or two from another
// solution, which the cages may not allow.
func randomCagedBoards(t *testing.T, rng *rand.Rand, cfg grid.Config, maxCage, count int) []*grid.Board {
	t.Helper()
	base, err := grid.NewLayout(baseConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if race || testing.Short() {
		count = max(2, count/4)
	}
	var boards []*grid.Board
	for j := range count {
		sol := randomSolution(t, rng, base)
		other := randomSolution(t, rng, base)
		if sol == nil || other == nil {
			continue
		}
		c := cfg
		c.Cages = randomCages(rng, c.Size, sol, maxCage, c.Variant.Arithmetic())
		l, err := grid.NewLayout(c)
		if err != nil {
			t.Fatal(err)
		}
		b := grid.NewBoard(l)
		for range j % 3 {
			cell := rng.IntN(l.Cells)
			if b.Value(cell) == 0 && b.Cands(cell).Has(int(other[cell])) {
				b.Place(cell, int(other[cell]))
			}
		}
		boards = append(boards, b)
	}
	return boards
}

package search

import (
	"context"
	"math/rand/v2"
	"testing"
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

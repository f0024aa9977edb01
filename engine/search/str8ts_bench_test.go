package search

import (
	"context"
	"testing"
)

// str8tsHard are minimal Str8ts puzzles this project generated (solverctl
// generate --variant str8ts --seed 1), which logic alone does not solve:
// the search counts them in under a hundred nodes, about a millisecond.
var str8tsHard = []string{
	"T9Bezezez0aezez0aezez0aezez0j0aezez0aezezezezezezez0j0aez0jezez0aezezezezez0aezezez06ez04ez0aezez08ezez0aez020aez0c0bezezezezezezez0aezez0j0hez060iezez0aezez0jezezez",
}

// TestStr8tsHardCount proves the hard puzzles unique and checks their
// solutions by the rules.
func TestStr8tsHardCount(t *testing.T) {
	for _, s := range str8tsHard {
		b := board(t, s)
		var sr Searcher
		res, err := sr.Count(context.Background(), b, 2)
		if err != nil || !res.Complete || len(res.Solutions) != 1 {
			t.Fatalf("%s: %d solutions, complete %v, err %v", s, len(res.Solutions), res.Complete, err)
		}
		checkStr8ts(t, b, res.Solutions[0])
		t.Logf("%d nodes", res.Nodes)
	}
}

// BenchmarkStr8tsCount times counting the solutions of Str8ts puzzles.
func BenchmarkStr8tsCount(b *testing.B) {
	texts := []string{str8tsEasy1}
	texts = append(texts, str8tsHard...)
	for _, s := range texts {
		sb := board(b, s)
		var sr Searcher
		b.Run(s[:3]+s[len(s)-6:], func(b *testing.B) {
			for range b.N {
				if _, err := sr.Count(context.Background(), sb, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

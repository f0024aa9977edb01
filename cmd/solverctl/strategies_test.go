package main

import (
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestStrategiesLongOlderServer: a server older than StrategyInfo.variants
// and TechniqueInfo.description fills neither; --long then leaves their
// lines out rather than print "variants: none", which says the strategy
// runs on no variant.
func TestStrategiesLongOlderServer(t *testing.T) {
	resp := &sudokuv1.ListStrategiesResponse{Strategies: []*sudokuv1.StrategyInfo{{
		Method: "A", Name: "Naked Single", Class: "solution",
		Techniques: []*sudokuv1.TechniqueInfo{{Name: "Naked Single", Code: "0003", Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY, Score: 4, SeRating: 2.3}},
	}}}
	var b strings.Builder
	if err := printLong(&b, resp); err != nil {
		t.Fatal(err)
	}
	if want := "A  Naked Single  [solution]\n   Naked Single: easy, score 4, SE 2.3, HoDoKu 0003\n"; b.String() != want {
		t.Errorf("--long of a server that sends no variants prints\n%s\nwant\n%s", b.String(), want)
	}
}

package service

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
)

// TestExplainerRatingUniquenessReason: a puzzle SE cannot rate for want of
// exactly one solution says which it is (none, several, or a count not
// made); counting again is advice only for a count that did not end.
func TestExplainerRatingUniquenessReason(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	start := grid.NewBoard(l)
	tests := []struct {
		name     string
		count    int
		complete bool
		want     string
		dontWant string
	}{
		{"no solution", 0, true, "has none", "count the solutions"},
		{"two solutions", 2, true, "more than one", "count the solutions"},
		{"two solutions, count cut short", 2, false, "more than one", "count the solutions"},
		{"one solution, not counted", 1, false, "count the solutions", "has none"},
		{"none found, count cut short", 0, false, "count the solutions", "has none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := explainerRating(start, &solver.Result{Count: tt.count, CountComplete: tt.complete})
			if got.GetRated() {
				t.Fatalf("rated %v, want not rated", got)
			}
			if r := got.GetReason(); !strings.Contains(r, "exactly one solution") || !strings.Contains(r, tt.want) || strings.Contains(r, tt.dontWant) {
				t.Errorf("reason %q, want it to say %q and not %q", r, tt.want, tt.dontWant)
			}
		})
	}
}

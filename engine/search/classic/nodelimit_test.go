package classic

import (
	"context"
	"errors"
	"testing"
)

// TestNodeLimitError: the budget is counted in the singular for one
// guess ("after 1 guesses" before), and the error is ErrNodeLimit.
func TestNodeLimitError(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{1, "search node budget exhausted after 1 guess"},
		{2, "search node budget exhausted after 2 guesses"},
		{100000, "search node budget exhausted after 100000 guesses"},
	} {
		err := NodeLimitError(tt.n)
		if err.Error() != tt.want || !errors.Is(err, ErrNodeLimit) {
			t.Errorf("NodeLimitError(%d) = %q (is ErrNodeLimit: %v), want %q", tt.n, err, errors.Is(err, ErrNodeLimit), tt.want)
		}
	}
	// The search reports its budget with it.
	p, err := Parse("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
	if err != nil {
		t.Fatal(err)
	}
	s := &Solver{MaxNodes: 1}
	_, err = s.Count(context.Background(), &p, 2, nil)
	if err == nil || err.Error() != "search node budget exhausted after 1 guess" {
		t.Errorf("a search of one guess on a hard puzzle: err = %v", err)
	}
}

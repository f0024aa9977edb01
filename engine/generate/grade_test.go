package generate

import (
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	"github.com/sudokuwise/solver/engine/strategy"
)

// TestCloser checks how the closest puzzle is chosen when the level is
// not met: a grading cut short as too hard ranks by its grade so far, and
// between two cut at the same grade, the one cut with fewer cells open
// wins (every attempt too hard counted alike before, so the first was
// kept however close a later one came); a guess under NoGuessing counts
// most.
func TestCloser(t *testing.T) {
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	open := func(n int) *grid.Board {
		clues := make([]uint8, 81)
		const sol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
		for i := n; i < 81; i++ {
			clues[i] = sol[i] - '0'
		}
		b := grid.NewBoard(l)
		b.Reset(clues, nil)
		return b
	}
	cut := func(level strategy.Level, openCells, guesses int) *Result {
		return &Result{Grade: &solver.Result{Status: solver.Stuck, Guesses: guesses, Board: open(openCells), Rating: solver.Rating{Level: level}}, Minimal: true, partial: true}
	}
	full := func(level strategy.Level) *Result {
		return &Result{Grade: &solver.Result{Status: solver.Solved, Board: open(0), Rating: solver.Rating{Level: level}}, Minimal: true}
	}
	easy := &generator{cfg: Config{Level: strategy.Easy}}
	noGuess := &generator{cfg: Config{Level: strategy.Easy, NoGuessing: true}}
	tests := []struct {
		name string
		g    *generator
		a, b *Result
		want bool // a closer than b
	}{
		{"cut at Medium, fewer cells open", easy, cut(strategy.Medium, 10, 0), cut(strategy.Medium, 40, 0), true},
		{"cut at Medium, more cells open", easy, cut(strategy.Medium, 40, 0), cut(strategy.Medium, 10, 0), false},
		{"cut at Medium against a full Extreme", easy, cut(strategy.Medium, 40, 0), full(strategy.Extreme), true},
		{"cut at Hard against cut at Medium", easy, cut(strategy.Hard, 5, 0), cut(strategy.Medium, 50, 0), false},
		{"cut for a guess", noGuess, cut(strategy.Easy, 10, 1), full(strategy.Hard), false},
	}
	for _, tt := range tests {
		if got := closer(tt.g, tt.a, tt.b); got != tt.want {
			t.Errorf("%s: closer = %v, want %v (distances %d, %d)", tt.name, got, tt.want, tt.g.distance(tt.a), tt.g.distance(tt.b))
		}
	}
}

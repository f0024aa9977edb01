package main

import (
	"strings"
	"testing"
)

// TestDashPuzzleArgument: a puzzle given as an argument whose first cell is
// a blank written '-' (Sudoku Explainer's 81-character lines) is taken for
// a flag by the flag package; the error says to give it after --, which
// reads it.
func TestDashPuzzleArgument(t *testing.T) {
	const puzzle = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	dashes := strings.ReplaceAll(puzzle, "0", "-") // "---1-5---..."
	oneDash := "-4" + dashes[2:]                   // "-4-1-5---..."
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"blanks", []string{"solve", dashes}, "goes after --, as in solverctl solve -- PUZZLE"},
		{"blank then digit", []string{"steps", oneDash}, "goes after --, as in solverctl steps -- PUZZLE"},
		{"after --", []string{"solve", "--", dashes}, ""},
		{"a mistyped flag", []string{"solve", "-max-solutionss", "2", puzzle}, "(see solverctl help solve)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, err := runCLI(t, "", tt.args...)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("%q: %v\n%s", tt.args, err, stderr)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error()+stderr, tt.want) {
				t.Errorf("%q: err %v, stderr %q; want %q", tt.args, err, stderr, tt.want)
			}
		})
	}
}

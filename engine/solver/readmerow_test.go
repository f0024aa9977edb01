package solver

import (
	"os"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/strategy"
)

// TestReadmeVariantRows: the README's table of variant techniques names,
// by letter, every cage strategy the logic solves of a variant's fixtures
// take (its row lists "techniques of their own").
func TestReadmeVariantRows(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatalf("reading the README: %v", err)
	}
	tests := []struct {
		name  string
		row   string // the start of the variant's row
		file  string
		lines []int
	}{
		{"kenken", "| KenKen |", kenkenHard, []int{4, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var row string
			for line := range strings.SplitSeq(string(data), "\n") {
				if strings.HasPrefix(line, tt.row) {
					row = line
				}
			}
			if row == "" {
				t.Fatalf("the README has no row %q", tt.row)
			}
			taken := map[*strategy.Strategy]bool{}
			for _, line := range tt.lines {
				b := variantLine(t, tt.file, line)
				logicLog(t, b, solutionOf(t, b), func(st *strategy.Step) {
					if st.Strategy.NeedsCages() {
						taken[st.Strategy] = true
					}
				})
			}
			for st := range taken {
				if !strings.Contains(row, "`"+st.Letter()+"`") {
					t.Errorf("the solves take %s (%s), which the README's row %q does not name", st.Letter(), st.Name(), tt.row)
				}
			}
		})
	}
}

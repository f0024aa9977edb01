package solver

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
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
			row := readmeRow(t, data, tt.row)
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

// TestReadmeVariantRowLetters: every method letter a row of the README's
// table of variant techniques names runs on at least one of the row's
// variants (Variants, the rule solverctl strategies --long reads), so that
// the table gives no variant a technique the solver never takes there.
func TestReadmeVariantRowLetters(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatalf("reading the README: %v", err)
	}
	tests := []struct {
		row      string // the start of the variant's row
		variants []grid.Variant
	}{
		{"| killer (and killer jigsaw, killer X) |", []grid.Variant{grid.Killer, grid.KillerJigsaw, grid.KillerX}},
		{"| KenKen |", []grid.Variant{grid.KenKen, grid.KenDoku}},
		{"| Str8ts |", []grid.Variant{grid.Str8ts, grid.Str8tsX, grid.Str8tsB, grid.Str8tsBX}},
		{"| jigsaw, X, Windoku, large boards |", []grid.Variant{grid.Jigsaw, grid.X, grid.Windoku, grid.Classic}},
	}
	letter := regexp.MustCompile("`([A-Za-z][0-9]?)`")
	for _, tt := range tests {
		t.Run(tt.row, func(t *testing.T) {
			row := readmeRow(t, data, tt.row)
			for _, m := range letter.FindAllStringSubmatch(row, -1) {
				st, ok := strategy.Lookup(m[1])
				if !ok {
					t.Errorf("the row names %q, which is no method letter", m[1])
					continue
				}
				runs := Variants(st)
				if !slices.ContainsFunc(tt.variants, func(v grid.Variant) bool { return slices.Contains(runs, v) }) {
					t.Errorf("the row names %s (%s), which runs on %v, none of the row's variants %v", m[1], st.Name(), runs, tt.variants)
				}
			}
		})
	}
}

// readmeRow returns the line of the README (data) that begins with
// prefix, the last when several do; it fails the test when none does.
func readmeRow(t *testing.T, data []byte, prefix string) string {
	t.Helper()
	var row string
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, prefix) {
			row = line
		}
	}
	if row == "" {
		t.Fatalf("the README has no row %q", prefix)
	}
	return row
}

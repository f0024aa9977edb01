package grid

import (
	"slices"
	"testing"
)

// TestCageCellsInReadingOrder checks that a layout keeps a cage's cells in
// reading order whatever order the input listed them in, so the first
// cell, which names the cage in explanations ("cage 5+ at r1c8"), is its
// top-left one: a JSON or API puzzle listing r2c8 before r1c8 named the
// cage "cage 5+ at r2c8".
func TestCageCellsInReadingOrder(t *testing.T) {
	tests := []struct {
		name   string
		cells  []int
		target int
		want   []int
	}{
		{"in order", []int{7, 16}, 5, []int{7, 16}},
		{"reversed", []int{16, 7}, 5, []int{7, 16}},
		{"shuffled", []int{13, 3, 12, 4}, 20, []int{3, 4, 12, 13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := slices.Clone(tt.cells)
			l, err := NewLayout(Config{Size: 9, Variant: Killer, Cages: []Cage{{Cells: in, Target: tt.target, Op: OpAdd}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Cage(0).Cells; !slices.Equal(got, tt.want) {
				t.Errorf("cage cells = %v, want %v", got, tt.want)
			}
			if !slices.Equal(in, tt.cells) {
				t.Errorf("NewLayout changed the caller's cells to %v", in)
			}
		})
	}
}

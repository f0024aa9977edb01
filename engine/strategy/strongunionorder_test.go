package strategy

import (
	"slices"
	"testing"
)

// TestUnionOrder checks the order in which unionSets takes a unit's
// pieces (unionOrder): the piece of most sets first, the next most last
// (the earlier of equals first), the others between them in their own
// order.
func TestUnionOrder(t *testing.T) {
	tests := []struct {
		sizes []int
		want  []uint8
	}{
		{[]int{5}, []uint8{0}},
		{[]int{2, 7}, []uint8{1, 0}},
		{[]int{7, 2}, []uint8{0, 1}},
		{[]int{3, 9, 1, 6, 2}, []uint8{1, 0, 2, 4, 3}},
		{[]int{9, 8, 1, 1, 1}, []uint8{0, 2, 3, 4, 1}},
		{[]int{1, 1, 8, 9}, []uint8{3, 0, 1, 2}},
		{[]int{4, 4, 4, 4}, []uint8{0, 2, 3, 1}},
		{[]int{2, 5, 5, 3}, []uint8{1, 0, 3, 2}},
	}
	for _, tt := range tests {
		ps := make([]piece, len(tt.sizes))
		for i, n := range tt.sizes {
			ps[i].sets = make([]uint16, n)
		}
		ord := make([]uint8, len(ps))
		unionOrder(ps, ord)
		if !slices.Equal(ord, tt.want) {
			t.Errorf("sizes %v: order %v, want %v", tt.sizes, ord, tt.want)
		}
	}
}

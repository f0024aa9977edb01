package strategy

import (
	"slices"
	"testing"
)

// TestLinksFrom checks the link lists of a step's links against a map of
// the nodes each node links to, in the links' order.
func TestLinksFrom(t *testing.T) {
	tests := []struct {
		name  string
		links []Link
	}{
		{"none", nil},
		{"chain", []Link{{From: 0, To: 1}, {From: 1, To: 2}, {From: 2, To: 3}}},
		{"branches", []Link{{From: 2, To: 9}, {From: 0, To: 1}, {From: 2, To: 3}, {From: 1, To: 2}, {From: 2, To: 5}, {From: 7, To: 8}}},
		{"below 0", []Link{{From: -1, To: 4}, {From: 3, To: 4}, {From: 0, To: 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := map[int][]int{}
			for _, lk := range tt.links {
				want[lk.From] = append(want[lk.From], lk.To)
			}
			l := linksFrom(tt.links)
			for i := 0; i < 12; i++ {
				if got := l.from(i); !slices.Equal(got, want[i]) {
					t.Errorf("from(%d) = %v, want %v", i, got, want[i])
				}
			}
		})
	}
}

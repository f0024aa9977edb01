package grid

import "testing"

// BenchmarkNewLayoutClassic measures what every caller of a standard
// layout pays for a layout of its own (a copy of the shared one).
func BenchmarkNewLayoutClassic(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewLayout(Config{Size: 9}); err != nil {
			b.Fatal(err)
		}
	}
}

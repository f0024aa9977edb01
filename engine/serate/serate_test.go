package serate

import (
	"errors"
	"testing"
)

func TestRateExamples(t *testing.T) {
	tests := []struct {
		puzzle string
		want   Rating
	}{
		// The first lines of se_rated_17_clue.txt, as serate rated them.
		{".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", Rating{26, 15, 15}},
		{".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....", Rating{20, 12, 12}},
		{".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.", Rating{15, 12, 12}},
		// A direct hidden pair whose removals SE does not make (see docs).
		{".................1....23......1........4.5..6.27....8...8...27.4..6...3.5........", Rating{26, 12, 12}},
	}
	for _, tt := range tests {
		got, err := Rate(tt.puzzle)
		if err != nil || got != tt.want {
			t.Errorf("Rate(%s) = %v, %v; want %v", tt.puzzle, got, err, tt.want)
		}
	}
}

func TestRateInvalid(t *testing.T) {
	tests := []struct {
		name, puzzle string
	}{
		{"short", "123"},
		{"letter", "x" + string(make([]byte, 80))},
		{"repeat", "11" + "..............................................................................."},
		// r1c9 can hold nothing but 9, which r9c9 holds.
		{"no solution", "12345678." + "......................................................................." + "9"},
		{"empty", "................................................................................."},
		// Serg's benchmark line 375 (every puzzle of it has several
		// solutions), which the uniqueness techniques rated 7.3.
		{"several solutions", "8.........59.......76..........5.267...7.2413......985...514796...926138...873542"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Rate(tt.puzzle); !errors.Is(err, ErrInvalid) {
				t.Errorf("Rate(%q) error = %v, want ErrInvalid", tt.puzzle, err)
			}
		})
	}
}

func TestRateBeyond(t *testing.T) {
	// The first of eleven's hardest, rated 11.9 by SE: it needs nested
	// forcing chains.
	_, err := Rate(".2.4...8.....8...68....71..2..5...9..95.......4..3.........1..7..28...4.....6.3..")
	if !errors.Is(err, ErrBeyond) {
		t.Errorf("error = %v, want ErrBeyond", err)
	}
}

func TestTenthsString(t *testing.T) {
	for _, tt := range []struct {
		in   Tenths
		want string
	}{{12, "1.2"}, {90, "9.0"}, {119, "11.9"}, {0, "0.0"}} {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("Tenths(%d) = %q, want %q", int(tt.in), got, tt.want)
		}
	}
}

func BenchmarkRate(b *testing.B) {
	for _, bm := range []struct {
		name string
		file string
		n    int
	}{
		{"17clue", "se_rated_17_clue.txt", 2000},
		{"top1465", "se_rated_top1465.txt", 0},
	} {
		b.Run(bm.name, func(b *testing.B) {
			set := loadRated(b, bm.file, bm.n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				Rate(set[i%len(set)].puzzle)
			}
		})
	}
}

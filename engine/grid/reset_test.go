package grid

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResetUnitsMatchesPlace holds Reset's pass over the units
// (resetUnits) to placing each digit in turn (resetPeers) on the layouts
// whose peers are their units' cells, with random clues and entries,
// conflicting ones among them, and checks which layouts take it: not
// those where a killer cage or a bare cage adds peers, nor Str8ts, whose
// units lose their black cells.
func TestResetUnitsMatchesPlace(t *testing.T) {
	killer := []Cage{{Cells: []int{0, 12, 24}, Target: 12, Op: OpAdd}, {Cells: []int{30, 31}, Target: 9, Op: OpAdd}}
	var dominoes []Cage // a KenKen's cages, two cells each
	for cell := 0; cell < 16; cell += 2 {
		dominoes = append(dominoes, Cage{Cells: []int{cell, cell + 1}, Target: 3, Op: OpAdd})
	}
	black := make([]bool, 81)
	black[0], black[40] = true, true
	cases := []struct {
		name  string
		cfg   Config
		units bool
	}{
		{"classic 4×4", Config{Size: 4}, true},
		{"classic 9×9", Config{Size: 9}, true},
		{"classic 16×16", Config{Size: 16}, true},
		{"classic 25×25", Config{Size: 25}, true},
		{"X 9×9", Config{Size: 9, Variant: X}, true},
		{"Windoku 9×9", Config{Size: 9, Variant: Windoku}, true},
		{"colour 9×9", Config{Size: 9, Variant: Colour}, true},
		{"KenKen 4×4", Config{Size: 4, Variant: KenKen, Cages: dominoes}, true},
		{"killer 9×9", Config{Size: 9, Variant: Killer, Cages: killer}, false},
		{"killer 9×9, each cage inside a unit", Config{Size: 9, Variant: Killer, Cages: []Cage{{Cells: []int{0, 10, 20}, Target: 12, Op: OpAdd}}}, true},
		{"Str8ts 9×9", Config{Size: 9, Variant: Str8ts, Black: black}, false},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for _, tc := range cases {
		l, err := NewLayout(tc.cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if l.PeersAreUnits() != tc.units {
			t.Errorf("%s: peers by units %v, want %v", tc.name, l.PeersAreUnits(), tc.units)
			continue
		}
		if !tc.units {
			continue
		}
		a, b := NewBoard(l), NewBoard(l)
		a.Track(true)
		for range 200 {
			clues, entries := make([]uint8, l.Cells), make([]uint8, l.Cells)
			density := rng.IntN(4) + 1
			for cell := range clues {
				if rng.IntN(8) < density {
					clues[cell] = uint8(rng.IntN(l.N) + 1)
				}
				if rng.IntN(8) < density {
					entries[cell] = uint8(rng.IntN(l.N) + 1)
				}
			}
			if rng.IntN(4) == 0 {
				entries = nil
			}
			a.Place(l.Cells-1, 1) // a trail to drop
			a.resetUnits(clues, entries)
			b.resetPeers(clues, entries)
			if !slices.Equal(a.value, b.value) || !slices.Equal(a.cand, b.cand) || !slices.Equal(a.given, b.given) ||
				a.empty != b.empty || a.Mark() != 0 || !a.tracking {
				t.Fatalf("%s: by units and by placing differ (empty %d/%d, trail %d)", tc.name, a.empty, b.empty, a.Mark())
			}
			compared++
		}
	}
	if compared < 1000 {
		t.Errorf("%d resets compared, want at least 1000", compared)
	}
}

// TestEnteredAndCluesOnly: Entered tells a board holding a digit that is
// not a clue from one of clues alone, and CluesOnly keeps the clues, given,
// with every entry gone and the candidates of the clues alone.
func TestEnteredAndCluesOnly(t *testing.T) {
	l, err := NewLayout(Config{Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	clues := []uint8{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4}
	entries := []uint8{0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	cases := []struct {
		name           string
		clues, entries []uint8
		entered        bool
	}{
		{"clues", clues, nil, false},
		{"clues and an entry", clues, entries, true},
		{"an entry alone", nil, entries, true},
		{"empty", nil, nil, false},
	}
	for _, tt := range cases {
		b := NewBoard(l)
		b.Reset(tt.clues, tt.entries)
		if got := b.Entered(); got != tt.entered {
			t.Errorf("%s: Entered() = %v, want %v", tt.name, got, tt.entered)
		}
		c := b.CluesOnly()
		want := NewBoard(l)
		want.Reset(tt.clues, nil)
		if c.Entered() || !slices.Equal(c.Values(), want.Values()) || !c.CandidatesEqual(want.AppendCandidates(nil)) || c.Clues() != want.Clues() {
			t.Errorf("%s: CluesOnly() = %v, want the clues alone %v", tt.name, c.Values(), want.Values())
		}
	}
}

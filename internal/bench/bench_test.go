package bench

import (
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search/classic"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

const (
	seedPuzzle   = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"
	seedSolution = "496187352578243916321596478783654291962318547145729863657932184839471625214865739"
)

// TestVerify checks that the verification catches wrong solutions.
func TestVerify(t *testing.T) {
	p, err := classic.Parse(seedPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	var good classic.Grid
	for i := range good {
		good[i] = seedSolution[i] - '0'
	}
	swapped := good
	swapped[0], swapped[1] = swapped[1], swapped[0]
	clue := relabel(good, 1, 2) // valid, but the clues hold 1s and 2s
	l, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		sols []classic.Grid
		ok   bool
	}{
		{"good", []classic.Grid{good}, true},
		{"broken unit", []classic.Grid{swapped}, false},
		{"changed clue", []classic.Grid{clue}, false},
		{"found twice", []classic.Grid{good, good}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := verify(&Puzzle{p: &p, sols: tt.sols}, l)
			if (err == nil) != tt.ok {
				t.Fatalf("verify: %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// TestUnitHolds checks the rule of each kind of unit on full solutions.
func TestUnitHolds(t *testing.T) {
	full := &grid.Unit{Kind: grid.Row, Cells: []int{0, 1, 2, 3}}
	partial := &grid.Unit{Kind: grid.Row, Cells: []int{0, 1, 2}, Partial: true}
	compartment := &grid.Unit{Kind: grid.Compartment, Cells: []int{0, 1, 2}, Partial: true}
	tests := []struct {
		name string
		u    *grid.Unit
		s    []uint8
		ok   bool
	}{
		{"full row", full, []uint8{3, 1, 4, 2}, true},
		{"row with a digit twice", full, []uint8{3, 1, 3, 2}, false},
		{"partial row", partial, []uint8{4, 1, 3, 0}, true},
		{"partial row with a digit twice", partial, []uint8{4, 1, 4, 0}, false},
		{"straight", compartment, []uint8{3, 1, 2, 0}, true},
		{"gap", compartment, []uint8{4, 1, 2, 0}, false},
		{"empty cell", compartment, []uint8{0, 1, 2, 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unitHolds(tt.u, 4, tt.s); got != tt.ok {
				t.Fatalf("unitHolds(%v) = %v, want %v", tt.s, got, tt.ok)
			}
		})
	}
}

// relabel swaps digits a and b throughout a grid.
func relabel(g classic.Grid, a, b uint8) classic.Grid {
	for i, v := range g {
		switch v {
		case a:
			g[i] = b
		case b:
			g[i] = a
		}
	}
	return g
}

// TestParseClassic: a classic 9×9 line goes to the classic solver
// whichever blanks it is written with, as the codec reads them all.
func TestParseClassic(t *testing.T) {
	blanked := func(blank string) string { return strings.ReplaceAll(seedPuzzle, "0", blank) }
	for _, tt := range []struct {
		name, text string
	}{
		{"zeros", seedPuzzle},
		{"dots", blanked(".")},
		{"dashes", blanked("-")},
		{"x", blanked("x")},
		{"underscores", blanked("_")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(1, tt.text, Input{})
			if err != nil {
				t.Fatal(err)
			}
			if !p.Classic() {
				t.Errorf("Parse(%q) runs on the generic search, want the classic solver", tt.text)
			}
		})
	}
}

// TestParseRefusesWhatSolveRefuses: a text whose variant the one named
// contradicts is refused, as a solve refuses it, not benchmarked as the
// text's own variant; others are read with the variant named.
func TestParseRefusesWhatSolveRefuses(t *testing.T) {
	const str8ts = "2..1......3....4 0110000000000110" // a 4×4 Str8ts in the simple form
	for _, tt := range []struct {
		name    string
		text    string
		variant sudokuv1.Variant
		want    string // a part of the error, "" for none
	}{
		{"Str8ts as an X", str8ts, sudokuv1.Variant_VARIANT_X, "VARIANT_X contradicts the puzzle"},
		{"Str8ts as a killer", str8ts, sudokuv1.Variant_VARIANT_KILLER, "contradicts the puzzle"},
		{"Str8ts", str8ts, sudokuv1.Variant_VARIANT_UNSPECIFIED, ""},
		{"Str8ts as Str8ts B", str8ts, sudokuv1.Variant_VARIANT_STR8TS_B, ""},
		{"a 4×4 as an X", "1000000000000000", sudokuv1.Variant_VARIANT_X, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(1, tt.text, Input{Variant: tt.variant})
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("Parse: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

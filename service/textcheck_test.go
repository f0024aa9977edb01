package service

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

func TestCheckText(t *testing.T) {
	tests := []struct {
		name, s   string
		max       int
		wantField string // "" means no error
		wantIn    string
	}{
		{"plain", "1.3", 10, "", ""},
		{"utf8 art", "┌─┐ 1", 0, "", ""},
		{"invalid", "12\xff3", 0, "puzzle.text", "byte 2 is 0xff"},
		{"truncated rune", "1\xe2\x94", 0, "puzzle.text", "byte 1 is 0xe2"},
		{"too long", strings.Repeat("1", 11), 10, "puzzle.text", "11 bytes, more than 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckText("puzzle.text", tt.s, tt.max)
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("CheckText: %v", err)
				}
				return
			}
			var fe *grid.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.wantField || !strings.Contains(fe.Reason, tt.wantIn) {
				t.Fatalf("CheckText = %v, want a field error on %s containing %q", err, tt.wantField, tt.wantIn)
			}
		})
	}
}

func TestCheckPuzzleText(t *testing.T) {
	p := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "1234"}, RegionMap: "00\x80"}
	err := CheckPuzzleText("puzzles[2]", p)
	var fe *grid.FieldError
	if !errors.As(err, &fe) || fe.Field != "puzzles[2].region_map" {
		t.Fatalf("CheckPuzzleText = %v, want an error on puzzles[2].region_map", err)
	}
	if err := CheckPuzzleText("puzzle", nil); err != nil {
		t.Fatalf("CheckPuzzleText(nil) = %v", err)
	}
}

// TestLinePuzzleCluesMask: a list's line whose second field is the mask
// of its clues is a Str8ts whose only clues are black clues when it can
// be one, and a classic puzzle with its givens' mask when it cannot, even
// when its lines pass codec's checks (a 17-clue puzzle whose clues, as
// black clues, leave straights in every row and column).
func TestLinePuzzleCluesMask(t *testing.T) {
	const (
		str8ts5  = "0000004030001400005000000 0000001010001100001000000" // one solution as a Str8ts
		classic  = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		classic2 = "................12..3.45..............6..75...8.1.........5......7...38.19.2....."
		str8ts5c = "......D.C...AD....E...... 0000001010001100001000000" // str8ts5, charset .ABCDE
	)
	classicC := strings.NewReplacer(".", "#", "1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I").Replace(classic)
	mask := func(p string) string {
		return strings.Map(func(r rune) rune {
			if r == '.' {
				return '0'
			}
			return '1'
		}, p)
	}
	const (
		none    = sudokuv1.Variant_VARIANT_UNSPECIFIED
		plain   = sudokuv1.Variant_VARIANT_CLASSIC
		str8ts  = sudokuv1.Variant_VARIANT_STR8TS
		str8tsB = sudokuv1.Variant_VARIANT_STR8TS_B
	)
	tests := []struct {
		name, line string
		variant    sudokuv1.Variant
		charset    string // the puzzles', "" for none
		want       string
	}{
		{"Str8ts of black clues alone", str8ts5, none, "", str8ts5},
		{"the same with a rating after it", str8ts5 + " 2.6", none, "", str8ts5},
		{"classic puzzle, givens' mask", classic + " " + mask(classic), none, "", classic},
		{"classic puzzle whose lines fit straights", classic2 + "\t" + mask(classic2) + " 7.1", none, "", classic2},
		{"classic puzzle, row of zeros", classic + " " + strings.Repeat("0", 81), none, "", classic},
		// The variant named settles what the line cannot.
		{"a mask line, classic named", "1000000000000000 1000000000000000", plain, "", "1000000000000000"},
		{"Str8ts of black clues alone, classic named", str8ts5, plain, "", str8ts5[:25]},
		{"classic clues, Str8ts named", classic2 + " " + mask(classic2), str8ts, "", classic2 + " " + mask(classic2)},
		{"Str8ts of black clues alone, Str8ts B named", str8ts5, str8tsB, "", str8ts5},
		// Colours that are no mask make a Str8ts whatever is named: the
		// service refuses it as contradicting the variant.
		{"Str8ts with white clues, X named", "2341412314323214 0110000000000110", sudokuv1.Variant_VARIANT_X, "", "2341412314323214 0110000000000110"},
		// Clues in the charset's symbols, as solve's plain: and batch's
		// solution column write them with --charset.
		{"Str8ts in a charset's symbols", "B##A######C####D 0110000000000110 7.1", none, "#ABCD", "B##A######C####D 0110000000000110"},
		{"Str8ts in a charset of 0 and 1", "B00AAB1C1ACBC001 0110000000000110", none, "0ABC1", "B00AAB1C1ACBC001 0110000000000110"},
		{"Str8ts of black clues alone in a charset's symbols", str8ts5c, none, ".ABCDE", str8ts5c},
		{"the same, Str8ts named", str8ts5c, str8ts, ".ABCDE", str8ts5c},
		{"classic puzzle in a charset's symbols, givens' mask", classicC + " " + mask(classic), none, "#ABCDEFGHI", classicC},
		// The N×N form with spaces between its rows: its first two rows
		// are no 2×2 Str8ts, though the blank row reads as black cells.
		{"a 4×4's rows, the charset's blank #", "#A#B #### C#D# ####", none, "#ABCD", "#A#B"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LinePuzzle(tt.line, tt.variant, tt.charset); got != tt.want {
				t.Errorf("LinePuzzle(%q) = %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}

// TestLinePuzzleContext checks that the solve telling a mask line's
// Str8ts from a classic puzzle runs under the caller's context: a context
// that has ended gets its error, and no solve runs; a line that needs no
// solve reads as with any context.
func TestLinePuzzleContext(t *testing.T) {
	const (
		str8ts5 = "0000004030001400005000000 0000001010001100001000000" // one solution as a Str8ts
		classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		// A 17-clue puzzle whose clues, as black clues, pass codec's
		// checks: a solve tells it is no Str8ts.
		classic2 = "................12..3.45..............6..75...8.1.........5......7...38.19.2....."
	)
	// A 16×16 whose only clue is black: its solve takes some 180 guesses.
	open16 := "1" + strings.Repeat("0", 255) + " 1" + strings.Repeat("0", 255)
	classicMask := classic2 + " " + strings.Map(func(r rune) rune {
		if r == '.' {
			return '0'
		}
		return '1'
	}, classic2)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		line    string
		variant sudokuv1.Variant
		want    string // the puzzle
		wantErr error
		solves  int64 // the mask solves it runs
	}{
		{"Str8ts mask line", context.Background(), str8ts5, 0, str8ts5, nil, 1},
		{"Str8ts mask line, cancelled", cancelled, str8ts5, 0, "", context.Canceled, 0},
		{"classic puzzle, givens' mask", context.Background(), classicMask, 0, classic2, nil, 1},
		{"classic puzzle, givens' mask, cancelled", cancelled, classicMask, 0, "", context.Canceled, 0},
		{"open 16×16", context.Background(), open16, 0, open16, nil, 1},
		{"open 16×16, cancelled", cancelled, open16, 0, "", context.Canceled, 0},
		// No solve to run: the context does not matter.
		{"classic puzzle, cancelled", cancelled, classic + " 7.1", 0, classic, nil, 0},
		{"Str8ts with white clues, cancelled", cancelled, "2341412314323214 0110000000000110", 0, "2341412314323214 0110000000000110", nil, 0},
		{"mask line, classic named, cancelled", cancelled, classicMask, sudokuv1.Variant_VARIANT_CLASSIC, classic2, nil, 0},
		{"blank line, cancelled", cancelled, "  ", 0, "", nil, 0},
	}
	var solves int64
	defer func(solve func(context.Context, *grid.Board, solver.Options, solver.Emit) (*solver.Result, error)) {
		maskSolve = solve
	}(maskSolve)
	maskSolve = func(ctx context.Context, b *grid.Board, opts solver.Options, emit solver.Emit) (*solver.Result, error) {
		solves++
		return solver.Solve(ctx, b, opts, emit)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			solves = 0
			got, err := LinePuzzleContext(tt.ctx, tt.line, tt.variant, "")
			if solves != tt.solves {
				t.Errorf("%d mask solves, want %d", solves, tt.solves)
			}
			if got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("LinePuzzleContext(%q) = %q, %v; want %q, %v", tt.line, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

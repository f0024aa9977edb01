package service

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
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

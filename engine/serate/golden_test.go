package serate

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the shared rated sets")

// goldenFile holds the ratings this package gave a fixed sample when the
// file was written: every seventh of top1465, the first 200 of the
// 17-clue set and the first 10 of eleven's hardest. A change in any
// rating is a change in the choice of some step, which the speed work on
// the chainer must never make.
const goldenFile = "testdata/golden.txt"

// goldenLine formats one puzzle's rating, with "beyond" when Rate stopped
// at a step it does not reproduce.
func goldenLine(puzzle string) (string, error) {
	r, err := Rate(puzzle)
	switch {
	case errors.Is(err, ErrBeyond):
		return fmt.Sprintf("%s %v beyond", puzzle, r), nil
	case err != nil:
		return "", fmt.Errorf("rate %s: %w", puzzle, err)
	}
	return fmt.Sprintf("%s %v", puzzle, r), nil
}

// writeGolden rates the sample and rewrites goldenFile.
func writeGolden(t *testing.T) {
	var puzzles []string
	for i, p := range loadRated(t, "se_rated_top1465.txt", 0) {
		if i%7 == 0 {
			puzzles = append(puzzles, p.puzzle)
		}
	}
	for _, p := range loadRated(t, "se_rated_17_clue.txt", 200) {
		puzzles = append(puzzles, p.puzzle)
	}
	for _, p := range loadRated(t, "elevens_hardest_se_rated.txt", 10) {
		puzzles = append(puzzles, p.puzzle)
	}
	var b strings.Builder
	for _, p := range puzzles {
		line, err := goldenLine(p)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(line + "\n")
	}
	if err := os.WriteFile(filepath.FromSlash(goldenFile), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGolden checks that every rating of the golden sample is unchanged.
// Under -short and -race it rates every fifth line.
func TestGolden(t *testing.T) {
	if *update {
		writeGolden(t)
	}
	data, err := os.ReadFile(filepath.FromSlash(goldenFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 400 {
		t.Fatalf("%s: %d lines, want at least 400", goldenFile, len(lines))
	}
	step := 1
	if testing.Short() || race {
		step = 5
	}
	for i := 0; i < len(lines); i += step {
		puzzle, _, _ := strings.Cut(lines[i], " ")
		got, err := goldenLine(puzzle)
		if err != nil {
			t.Fatalf("%s:%d: %v", goldenFile, i+1, err)
		}
		if got != lines[i] {
			t.Errorf("%s:%d: got %q, want %q", goldenFile, i+1, got, lines[i])
		}
	}
}

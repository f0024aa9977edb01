package solver

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/strategy"
	"github.com/sudokuwise/solver/internal/shared"
)

// publishedPuzzle is a puzzle of a fixture with its published solution.
type publishedPuzzle struct {
	name, text string
	p          *codec.Puzzle
	sol        []uint8
}

// puzzleLines returns the lines of a fixture, less blank lines and lines
// starting with #.
func puzzleLines(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, line := range shared.Lines(t, path) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// readPublished reads a fixture of lines "<puzzle text> <solution>", the
// solution a symbol a cell: 1-9, then A, B, ... for 10, 11, ...
func readPublished(t *testing.T, path string) []publishedPuzzle {
	t.Helper()
	var out []publishedPuzzle
	for i, line := range puzzleLines(t, path) {
		text, sol, ok := strings.Cut(line, " ")
		p, _, err := codec.Decode(text, codec.DecodeOptions{})
		if err != nil {
			t.Fatalf("%s puzzle %d: %v", path, i+1, err)
		}
		if !ok || len(sol) != p.Size*p.Size {
			t.Fatalf("%s line %q: want <puzzle> <%d symbols>", path, line, p.Size*p.Size)
		}
		digits, err := solutionDigits(sol)
		if err != nil {
			t.Fatalf("%s puzzle %d: %v", path, i+1, err)
		}
		out = append(out, publishedPuzzle{fmt.Sprintf("%s puzzle %d", path, i+1), text, p, digits})
	}
	return out
}

// solutionDigits reads a solution written a symbol a cell: 1-9, then A,
// B, ... for 10, 11, ...
func solutionDigits(sol string) ([]uint8, error) {
	digits := make([]uint8, len(sol))
	for j := range sol {
		switch c := sol[j]; {
		case c >= '1' && c <= '9':
			digits[j] = c - '0'
		case c >= 'A' && c <= 'Z':
			digits[j] = c - 'A' + 10
		default:
			return nil, fmt.Errorf("solution symbol %q", c)
		}
	}
	return digits, nil
}

// solvePublished solves p as the service does by default, checks every
// step against its solution, and that the count proves that solution the
// only one.
func solvePublished(t *testing.T, p publishedPuzzle) *Result {
	t.Helper()
	b, err := p.p.Board(grid.Classic)
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	n := grid.Notation{Layout: b.Layout()}
	opts := Options{Type: Mixed, CheckMultiple: true, Order: Guided, Weight: Weighted, OneDeepSearch: true}
	res, err := Solve(context.Background(), b, opts, func(k int, st *strategy.Step, _ *grid.Board) error {
		if st.Kind != strategy.Guess && st.Kind != strategy.Backtrack {
			checkStep(t, p.sol, n, fmt.Sprintf("%s step %d", p.name, k), st)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	if res.Status != Solved || res.Count != 1 || !res.CountComplete || !slices.Equal(res.Board.Values(), p.sol) {
		t.Fatalf("%s: status %v, count %d (complete %v), want the published solution, proved unique", p.name, res.Status, res.Count, res.CountComplete)
	}
	return res
}

// TestKillerSitesPublished solves the killers of two puzzle sites in
// testdata/killer9-sites.txt (sudoku.com's daily and expert killers,
// dailykillersudoku.com's difficulty 10) with the service's defaults, every
// step checked against the published solution: all finish without a
// guess.
func TestKillerSitesPublished(t *testing.T) {
	puzzles := readPublished(t, "testdata/killer9-sites.txt")
	if len(puzzles) != 14 {
		t.Fatalf("%d puzzles in killer9-sites.txt, want 14", len(puzzles))
	}
	for _, p := range puzzles {
		if res := solvePublished(t, p); res.Guesses != 0 {
			t.Errorf("%s: %d guesses, want none", p.name, res.Guesses)
		}
	}
}

// TestKenKenPublished solves the published KenKen of
// testdata/kenken-published.txt (the New York Times' 5×5 and 7×7,
// kenkenpuzzle.com's 8×8 and 9×9) with the service's defaults, every step
// checked against the solution (the one the count proves unique; the
// sources print none): all nine finish without a guess.
func TestKenKenPublished(t *testing.T) {
	puzzles := readPublished(t, "testdata/kenken-published.txt")
	if len(puzzles) != 9 {
		t.Fatalf("%d puzzles in kenken-published.txt, want 9", len(puzzles))
	}
	for _, p := range puzzles {
		if p.p.Variant != grid.KenKen {
			t.Errorf("%s: variant %v, want KenKen", p.name, p.p.Variant)
		}
		if res := solvePublished(t, p); res.Guesses != 0 {
			t.Errorf("%s: %d guesses, want none", p.name, res.Guesses)
		}
	}
}

// TestKillerCage5Generated solves the generator's killers of the hardest
// killers' shape (testdata/killer9-cage5.txt: no givens, sixteen 5-cell
// cages and one of one cell) with the service's defaults, every step
// checked against the solution: all twenty finish without a guess. Under
// -short and the race detector only the first four are solved.
func TestKillerCage5Generated(t *testing.T) {
	puzzles := readPublished(t, "testdata/killer9-cage5.txt")
	if len(puzzles) != 20 {
		t.Fatalf("%d puzzles in killer9-cage5.txt, want 20", len(puzzles))
	}
	if testing.Short() || race {
		puzzles = puzzles[:4]
	}
	for _, p := range puzzles {
		cages := map[int]int{}
		for _, cg := range p.p.Cages {
			cages[len(cg.Cells)]++
		}
		if cages[5] != 16 || cages[1] != 1 || len(cages) != 2 {
			t.Errorf("%s: cages by size %v, want 16 of 5 cells and one of 1", p.name, cages)
		}
		if res := solvePublished(t, p); res.Guesses != 0 {
			t.Errorf("%s: %d guesses, want none", p.name, res.Guesses)
		}
	}
}

// TestX16Published solves the forum's 16×16 Sudoku X and Windoku as the
// Interactive Sudoku Solver collects them (testdata/x16-published.txt)
// with the service's defaults, every step checked against the published
// solution: all four finish without a guess, the "very hard" one only
// with Locked Nested Trial (it guessed 9 times without). Under the race detector, whose checks make its
// nested searches minutes long, the very hard one is left out.
func TestX16Published(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: a nested search of seconds")
	}
	puzzles := readPublished(t, "testdata/x16-published.txt")
	if len(puzzles) != 4 {
		t.Fatalf("%d puzzles in x16-published.txt, want 4", len(puzzles))
	}
	for i, p := range puzzles {
		if race && i == 1 {
			continue
		}
		res := solvePublished(t, p)
		if res.Guesses != 0 {
			t.Errorf("%s: %d guesses, want none", p.name, res.Guesses)
		}
	}
}

// TestVariantsPublished solves the published Sudoku X, Windoku, jigsaw,
// killer and KenKen of testdata/variants-published.txt (the forum's, the
// UK Sudoku Championship's, Sudopedia's, sudocue.net's, sudokupad's,
// killersudokuonline.com's, the New York Times' and kenkenpuzzle.com's)
// with the service's defaults, every step checked against the solution:
// all eleven finish without a guess.
func TestVariantsPublished(t *testing.T) {
	puzzles := readPublished(t, "testdata/variants-published.txt")
	if len(puzzles) != 11 {
		t.Fatalf("%d puzzles in variants-published.txt, want 11", len(puzzles))
	}
	for _, p := range puzzles {
		if res := solvePublished(t, p); res.Guesses != 0 {
			t.Errorf("%s: %d guesses, want none", p.name, res.Guesses)
		}
	}
}

// TestPublished65 solves the published puzzles collected in sessions 65
// and 66 (killers of janko.at, krazydad, Conceptis and others; jigsaws and
// 16×16 of janko.at; Windoku of NRC Handelsblad; KenKen of the New York
// Times and Conceptis; session 66's hard killers, killers X and a killer
// jigsaw of the SudoCue and SudokuSolver forums, dailykillersudoku.com,
// killersudokuonline.com and Cracking the Cryptic: each file names the
// source of each line) with the service's defaults, every step checked
// against the solution: every one finishes without a guess, proved unique,
// on the published solution where the line gives one (the count's
// otherwise). Under -short and the race detector, every tenth line.
func TestPublished65(t *testing.T) {
	for _, tc := range []struct {
		path string
		want int
	}{
		{"../search/testdata/killer9-published65.txt", 239},
		{"testdata/jigsaw-published65.txt", 129},
		{"testdata/16x16-published65.txt", 125},
		{"testdata/windoku-published65.txt", 5},
		{"testdata/kenken-published65.txt", 3},
		{"testdata/killer6-published65.txt", 1},
		{"../search/testdata/killer9-published66.txt", 25},
	} {
		lines := puzzleLines(t, tc.path)
		if len(lines) != tc.want {
			t.Fatalf("%d puzzles in %s, want %d", len(lines), tc.path, tc.want)
		}
		for i, line := range lines {
			if (testing.Short() || race) && i%10 != 0 {
				continue
			}
			name := fmt.Sprintf("%s puzzle %d", tc.path, i+1)
			text, given, _ := strings.Cut(line, " ")
			p, _, err := codec.Decode(text, codec.DecodeOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var sol []uint8
			if given != "" {
				if sol, err = solutionDigits(given); err != nil || len(sol) != p.Size*p.Size {
					t.Fatalf("%s: solution %q: %v", name, given, err)
				}
			} else {
				b, err := p.Board(grid.Classic)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				_, sol = counted(t, b)
			}
			if res := solvePublished(t, publishedPuzzle{name, text, p, sol}); res.Guesses != 0 {
				t.Errorf("%s: %d guesses, want none", name, res.Guesses)
			}
		}
	}
}

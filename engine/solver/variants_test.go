package solver

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/internal/shared"
)

// vectorCage is a cage as the shared vectors spell it: a killer sum, or a
// KenKen clue such as "24x" or "3".
type vectorCage struct {
	Cells []int           `json:"cells"`
	Sum   int             `json:"sum"`
	Clue  json.RawMessage `json:"clue"`
}

func (c vectorCage) cage(t *testing.T) grid.Cage {
	t.Helper()
	if c.Clue == nil {
		return grid.Cage{Cells: c.Cells, Target: c.Sum, Op: grid.OpAdd}
	}
	var clue string
	if err := json.Unmarshal(c.Clue, &clue); err != nil {
		var n int
		if err := json.Unmarshal(c.Clue, &n); err != nil {
			t.Fatalf("clue %s", c.Clue)
		}
		clue = strconv.Itoa(n)
	}
	op := grid.OpNone
	if last := clue[len(clue)-1]; last < '0' || last > '9' {
		op = map[byte]grid.Op{'+': grid.OpAdd, '-': grid.OpSub, 'x': grid.OpMul, '/': grid.OpDiv}[last]
		clue = clue[:len(clue)-1]
	}
	target, err := strconv.Atoi(clue)
	if err != nil {
		t.Fatalf("clue %q: %v", clue, err)
	}
	return grid.Cage{Cells: c.Cells, Target: target, Op: op}
}

// TestVariantVectors solves the variant puzzles of the shared SudokuWiki
// vectors from their expected structure (cages, boxes, givens), checking
// every step against the known solution.
func TestVariantVectors(t *testing.T) {
	type vectorLine struct {
		ID     string `json:"id"`
		Format string `json:"format"`
		Expect *struct {
			Givens   string       `json:"givens"`
			Boxes    string       `json:"boxes"`
			Cages    []vectorCage `json:"cages"`
			Solution string       `json:"solution"`
		} `json:"expect"`
	}
	variants := map[string]grid.Variant{
		"X9B": grid.X, "W9B": grid.Windoku, "J9B": grid.Jigsaw, "L9B": grid.Killer, "M9B": grid.KillerJigsaw, "K6C": grid.KenKen,
		"killer-v1-unpacked": grid.Killer, "killer-v1-packed": grid.Killer, "jigsaw-v1": grid.Jigsaw,
	}
	n := 0
	for _, v := range shared.ReadJSONLines[vectorLine](t, "testdata/formats/sudokuwiki_vectors.jsonl") {
		key := strings.Fields(v.Format)[0]
		variant, ok := variants[key]
		if !ok || v.Expect == nil || v.Expect.Solution == "" {
			continue
		}
		n++
		t.Run(v.ID, func(t *testing.T) {
			e := v.Expect
			size := 9
			if len(e.Solution) == 36 {
				size = 6
			}
			cfg := grid.Config{Size: size, Variant: variant}
			if e.Boxes != "" {
				for _, r := range e.Boxes {
					cfg.Regions = append(cfg.Regions, int(r-'0'))
				}
			}
			for _, c := range e.Cages {
				cfg.Cages = append(cfg.Cages, c.cage(t))
			}
			l, err := grid.NewLayout(cfg)
			if err != nil {
				t.Fatal(err)
			}
			cells := make([]grid.CellState, l.Cells)
			for i := 0; i < len(e.Givens); i++ {
				if d := e.Givens[i]; d >= '1' && d <= '9' {
					cells[i] = grid.CellState{Value: int(d - '0'), Given: true}
				}
			}
			b, err := grid.Load(l, cells)
			if err != nil {
				t.Fatal(err)
			}
			solution := make([]uint8, len(e.Solution))
			for i := range e.Solution {
				solution[i] = e.Solution[i] - '0'
			}
			depth := 0
			res, err := Solve(context.Background(), b, Options{CheckMultiple: true}, soundness(t, solution, &depth))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Solved || string(res.Board.Values()) != string(solution) {
				t.Fatalf("status %v, board %v", res.Status, res.Board.Values())
			}
			t.Logf("%s: %d steps, %d guesses, %s", v.ID, res.Steps, res.Guesses, res.Rating.Level)
		})
	}
	if n == 0 {
		t.Fatal("no variant vectors")
	}
}

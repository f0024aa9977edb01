package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// classic6 is a 6×6 classic sudoku (SudokuWiki 2.0) of 2×3 boxes.
const classic6 = "S6B232305232323230223232303042323232301232323230323012323062323232302232323"

// openAt opens the permalink of a puzzle's step and waits until the page
// shows it.
func openAt(ctx context.Context, t *testing.T, base, puzzle string, step int) {
	t.Helper()
	open(ctx, t, permalink(base, puzzle, step))
	if err := chromedp.Do(ctx, poll(fmt.Sprintf(`document.getElementById('board').dataset.position === '%d' && document.getElementById('strategy').textContent !== ''`, step-1), 20*time.Second)); err != nil {
		t.Fatalf("step %d of the permalink: %v (status %q)", step, err, eval[string](ctx, t, `document.getElementById('status').textContent`))
	}
}

// TestWebCandidateGrid checks that the pencil marks of a cell take a grid
// shaped for the board's size: six digits in 3 columns × 2 rows that fill
// the cell, not the 3 × 3 grid of nine with its bottom row empty.
func TestWebCandidateGrid(t *testing.T) {
	ctx, base, _ := webViewer(t, time.Minute)
	for _, tt := range []struct {
		name, puzzle string
		cols, rows   int
	}{
		{"classic 6×6", classic6, 3, 2},
		{"kenken 6×6", kenken6, 3, 2},
		{"classic 9×9", classicHard, 3, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			openAt(ctx, t, base, tt.puzzle, 1)
			// The candidates of the first cell, shown or not: their columns
			// and rows, and where the last row lies in the cell.
			got := eval[[]float64](ctx, t, `(() => {
				const n = window.sudokuViewer.position().L.n;
				const ts = [...document.querySelectorAll('#board text.cand')].slice(0, n);
				const xs = new Set(ts.map((e) => e.getAttribute('x'))), ys = ts.map((e) => Number(e.getAttribute('y')));
				return [xs.size, new Set(ys).size, Math.max(...ys)];
			})()`)
			if int(got[0]) != tt.cols || int(got[1]) != tt.rows {
				t.Errorf("a cell's candidates lie in %v columns × %v rows; want %d × %d", got[0], got[1], tt.cols, tt.rows)
			}
			// The last row's centre lies in the cell's bottom third.
			if got[2] < 40 {
				t.Errorf("the last row of candidates is centred at %v of the cell's 60; want it in the bottom third, the grid filling the cell", got[2])
			}
		})
	}
}

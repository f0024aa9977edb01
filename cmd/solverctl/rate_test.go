package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// ratedPuzzles are puzzles with the ratings serate gave them
// (se_rated_17_clue.txt, se_rated_top1465.txt).
var ratedPuzzles = []struct{ puzzle, rating string }{
	{".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...", "2.6/1.5/1.5"},
	{".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.", "1.5/1.2/1.2"},
	{"3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....", "3.4/1.2/1.2"},
	{".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....", "4.0/1.5/1.5"},
}

// TestRate: rate prints serate's line for every puzzle of its input, in
// input order (the in-process service answers out of order), for a puzzle
// given on the command line too, a reason for one it cannot rate, and
// the explainer object with -json.
func TestRate(t *testing.T) {
	var input, want strings.Builder
	input.WriteString("# rated by serate\n")
	for range 5 { // enough puzzles for answers to come out of order
		for _, p := range ratedPuzzles {
			input.WriteString(p.puzzle + " 9.9 9.9 9.9\n")
			want.WriteString(p.puzzle + " ED=" + p.rating + "\n")
		}
	}
	out, errOut, err := runCLI(t, input.String(), "rate", "-")
	if err != nil {
		t.Fatal(err)
	}
	if out != want.String() {
		t.Errorf("rate -:\n%s\nwant\n%s", out, want.String())
	}
	if n := 5 * len(ratedPuzzles); !strings.Contains(errOut, fmt.Sprintf(": %d rated, 0 not rated, %d solved", n, n)) {
		t.Errorf("rate -: summary %q, want %d rated, 0 not rated", errOut, n)
	}

	out, _, err = runCLI(t, "", "rate", ratedPuzzles[0].puzzle)
	if err != nil || out != ratedPuzzles[0].puzzle+" ED="+ratedPuzzles[0].rating+"\n" {
		t.Errorf("rate PUZZLE: %q, %v", out, err)
	}

	// A PUZZLE is one puzzle, read whole as solve reads it: a grid of
	// several lines (each read as a puzzle of its own before), the N×N
	// form with spaces between its rows (its first two fields read as a
	// 2×2 Str8ts), each echoed on one line.
	grid := "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n" +
		"------+-------+------\n. 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n" +
		"------+-------+------\n. . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . ."
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"grid", []string{grid}, strings.Join(strings.Fields(grid), " ") + " ED=2.6/1.2/1.2\n"},
		{"N×N form", []string{"--charset", "#ABCD", "#A#B #### C#D# ####"}, "#A#B #### C#D# #### ED=-/-/-\tSudoku Explainer rates classic 9×9 puzzles only\n"},
	} {
		out, _, err := runCLI(t, "", append([]string{"rate"}, tt.args...)...)
		if err != nil || out != tt.want {
			t.Errorf("rate PUZZLE, %s: %q, %v; want %q", tt.name, out, err, tt.want)
		}
	}

	// Two solutions: SE does not rate it, and the line says why.
	const twoSolutions = ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739"
	out, _, err = runCLI(t, "", "rate", twoSolutions)
	if err != nil || !strings.HasPrefix(out, twoSolutions+" ED=-/-/-\t") || !strings.Contains(out, "one solution") {
		t.Errorf("rate of a puzzle with two solutions: %q, %v", out, err)
	}

	// Solved but not rated: a 16×16 board; the summary tells them apart.
	mixed := ratedPuzzles[0].puzzle + "\n" + strings.Repeat("0", 256) + "\n"
	_, errOut, err = runCLI(t, mixed, "rate", "-")
	if err != nil || !strings.Contains(errOut, ": 1 rated, 1 not rated,") {
		t.Errorf("rate of a 9×9 and a 16×16: summary %q, %v; want 1 rated, 1 not rated", errOut, err)
	}

	// A line that is not UTF-8 is refused, and echoed as text.
	bad := ratedPuzzles[0].puzzle[:80] + "\xff"
	out, _, _ = runCLI(t, bad+"\n", "rate", "-")
	if !strings.HasPrefix(out, ratedPuzzles[0].puzzle[:80]+"\uFFFD ED=-/-/-\t") || !utf8.ValidString(out) || !strings.Contains(out, "UTF-8") {
		t.Errorf("rate of a line that is not UTF-8: %q; want it echoed with U+FFFD and refused", out)
	}
	// A line too long to be read has nothing to echo: the error names it.
	long := ratedPuzzles[0].puzzle + "\n# a comment\n" + strings.Repeat("0", 140_000) + "\n" + ratedPuzzles[0].puzzle + "\n"
	out, _, _ = runCLI(t, long, "rate", "-")
	if lines := strings.Split(out, "\n"); len(lines) < 2 || !strings.HasPrefix(lines[1], " ED=-/-/-\tline 3: InvalidArgument: the line is more than 131072 bytes") {
		t.Errorf("rate of a line too long: %q; want its second line to name line 3", out)
	}
	// Nor are control characters echoed: a NUL and a terminal's escape.
	out, _, _ = runCLI(t, "12\x003\x1b[2J5\n", "rate", "-")
	if !strings.HasPrefix(out, "12\uFFFD3\uFFFD[2J5 ED=-/-/-\t") {
		t.Errorf("rate of a line with control characters: %q; want them echoed as U+FFFD", out)
	}

	out, _, err = runCLI(t, "", "rate", "-json", ratedPuzzles[3].puzzle)
	if err != nil {
		t.Fatal(err)
	}
	var rec batchRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rec.Explainer == nil || !rec.Explainer.Rated || rec.Explainer.ER != 4.0 || rec.Difficulty == "" || rec.Score == nil {
		t.Errorf("rate -json: %s", out)
	}
}

// TestOrdered: lines written out of turn wait for those before them.
func TestOrdered(t *testing.T) {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	var o ordered
	for _, seq := range []int{2, 0, 3, 1, 4} {
		if err := o.write(w, seq, []byte(strconv.Itoa(seq))); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if seq == 2 && sb.Len() != 0 {
			t.Fatalf("line 2 written before lines 0 and 1: %q", sb.String())
		}
	}
	if sb.String() != "01234" || len(o.pending) != 0 {
		t.Errorf("written %q, %d held back; want 01234, none", sb.String(), len(o.pending))
	}
}

// TestBatchAtFile: rate and batch take their file as @FILE too, as the
// commands that take one puzzle do; @ of a missing file is an error, not
// a puzzle.
func TestBatchAtFile(t *testing.T) {
	var lines []string
	var want strings.Builder
	for _, p := range ratedPuzzles {
		lines = append(lines, p.puzzle)
		want.WriteString(p.puzzle + " ED=" + p.rating + "\n")
	}
	file := writeLines(t, lines)
	out, _, err := runCLI(t, "", "rate", "@"+file)
	if err != nil || out != want.String() {
		t.Errorf("rate @FILE: %v\n%s\nwant\n%s", err, out, want.String())
	}
	out, _, err = runCLI(t, "", "batch", "@"+file)
	if err != nil || len(parseBatchText(t, out)) != len(lines) {
		t.Errorf("batch @FILE: %v\n%s", err, out)
	}
	for _, cmd := range []string{"rate", "batch"} {
		_, _, err := runCLI(t, "", cmd, "@"+file+".missing")
		if err == nil || !strings.Contains(err.Error(), "no such file") || strings.Contains(err.Error(), "@") {
			t.Errorf("%s @missing: %v", cmd, err)
		}
	}
}

// skipOne is a service whose SolveBatch answers every puzzle at once but
// the one of id "1", which it never answers.
type skipOne struct {
	sudokuv1.UnimplementedSudokuServiceServer
}

func (skipOne) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	for {
		req, err := stream.Recv()
		if err != nil {
			<-stream.Context().Done()
			return stream.Context().Err()
		}
		var answers []*sudokuv1.BatchAnswer
		for _, it := range req.GetItems() {
			if it.GetId() == "1" {
				continue
			}
			answers = append(answers, &sudokuv1.BatchAnswer{Id: it.GetId(), Outcome: &sudokuv1.BatchAnswer_Result{Result: &sudokuv1.SolveResult{
				Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: "answered-" + it.GetId(),
				Explainer: &sudokuv1.ExplainerRating{Rated: true, Er: 1.5, Ep: 1.2, Ed: 1.2},
			}}})
		}
		if len(answers) > 0 {
			if err := stream.Send(&sudokuv1.SolveBatchResponse{Answers: answers}); err != nil {
				return err
			}
		}
	}
}

// TestRateInterrupted: interrupted, rate writes the lines of the puzzles
// answered, as batch does, though the first is still out: they were held
// back behind it, in input order, and lost.
func TestRateInterrupted(t *testing.T) {
	addr := serveFake(t, skipOne{})
	puzzles, _ := relabelled(3)
	file := writeLines(t, puzzles)
	for _, cmd := range []string{"batch", "rate"} {
		// Interrupted once the two answers are in: cancelled, as Ctrl-C
		// does, not a deadline, which gRPC would hand the streams (their
		// failure can come first on a loaded machine, and is the
		// deadline's, not an interruption).
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(1500*time.Millisecond, cancel)
		out, errOut, _ := runBatchInput(t, ctx, nil, cmd, "--addr", addr, "--puzzle-timeout", "0", file)
		cancel()
		if n := strings.Count(out, "\n"); n != 2 || strings.Contains(out, puzzles[0]) {
			t.Errorf("%s, interrupted: %d lines written, want those of puzzles 2 and 3:\n%s\n%s", cmd, n, out, errOut)
		}
	}
}

// TestLooksLikeFileName: rate says when an argument it reads as a puzzle,
// naming no file, was likely a mistyped file name; no puzzle format ends
// with a lower-case extension.
func TestLooksLikeFileName(t *testing.T) {
	for arg, want := range map[string]bool{
		"nosuch.txt":  true,
		"top95.sdm":   true,
		"data/x.json": true,
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......": false,
		"S9B0d0i0f0a":        false,
		"1...2...3...4..A.B": false,
		"https://www.sudokuwiki.org/sudoku.htm?bd=4.....8.5": false,
		"a puzzle.txt": false,
	} {
		if got := looksLikeFileName(arg); got != want {
			t.Errorf("looksLikeFileName(%q) = %v, want %v", arg, got, want)
		}
	}
}

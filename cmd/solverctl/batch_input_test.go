package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestBatchBadLines: a line that is not valid UTF-8, or whose puzzle text
// is over the service's limit, gets its own InvalidArgument error with
// its number and field, and every good line of the same message is
// answered, in-process and over TCP.
func TestBatchBadLines(t *testing.T) {
	addr, _, _ := startTCP(t)
	input := []string{
		seedPuzzle,
		seedPuzzle,
		"\xff" + seedPuzzle[1:],
		seedPuzzle,
		`{"text": "` + strings.Repeat("0", 70_000) + `"}`,
		strings.Repeat("0", 70_000),
		seedPuzzle,
	}
	file := writeLines(t, input)
	bad := map[string]string{"3": "not valid UTF-8", "5": "70000 bytes, more than 65536", "6": "70000 bytes, more than 65536"}
	for _, where := range [][]string{nil, {"--addr", addr}} {
		name := "in-process"
		if where != nil {
			name = "tcp"
		}
		t.Run(name, func(t *testing.T) {
			args := append(append([]string{"batch", "--json", "--per-message", "64"}, where...), file)
			out, errOut, err := runCLI(t, "", args...)
			if err == nil || err.Error() != "3 of 7 puzzles failed" {
				t.Errorf("err = %v, want 3 of 7 puzzles failed\n%s", err, errOut)
			}
			recs := map[string]batchRecord{}
			for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
				var r batchRecord
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				if _, dup := recs[r.ID]; dup {
					t.Fatalf("two records for id %s", r.ID)
				}
				recs[r.ID] = r
			}
			if len(recs) != len(input) {
				t.Errorf("%d records, want %d:\n%s", len(recs), len(input), out)
			}
			for id, r := range recs {
				want, isBad := bad[id]
				switch {
				case !isBad && (r.Status != "solved" || r.Solution != seedSolution):
					t.Errorf("record %s = %+v, want solved", id, r)
				case isBad && (r.Error == nil || r.Error.Code != "InvalidArgument" ||
					!strings.HasPrefix(r.Error.Message, "puzzle.text: ") || !strings.Contains(r.Error.Message, want) ||
					len(r.Error.Violations) != 1 || r.Error.Violations[0].Field != "puzzle.text"):
					t.Errorf("record %s = %+v, error %+v; want InvalidArgument on puzzle.text with %q", id, r, r.Error, want)
				}
			}
		})
	}
}

// zeros is an endless reader of NUL bytes, as /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// endlessLines is an endless reader of puzzle lines.
type endlessLines struct{ pending []byte }

func (r *endlessLines) Read(p []byte) (int, error) {
	if len(r.pending) == 0 {
		r.pending = []byte(seedPuzzle + "\n")
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

// stallingLines is endlessLines counting its reads, so that a test can
// interrupt a batch once its queue is full and the reading has stalled
// (a fixed delay left the count of a loaded machine short of full).
type stallingLines struct {
	endlessLines
	reads atomic.Int64
}

func (r *stallingLines) Read(p []byte) (int, error) {
	r.reads.Add(1)
	return r.endlessLines.Read(p)
}

// cancelWhenStalled calls cancel once r has been read and then not for
// 200 ms, or after 10 s, or when ctx ends.
func (r *stallingLines) cancelWhenStalled(ctx context.Context, cancel context.CancelFunc) {
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	giveUp := time.After(10 * time.Second)
	last, still := int64(0), 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-giveUp:
			return
		case <-tick.C:
		}
		n := r.reads.Load()
		if n > 0 && n == last {
			if still++; still == 10 {
				return
			}
			continue
		}
		last, still = n, 0
	}
}

// runBatchInput runs solverctl with args and stdin in the background and
// returns its error, failing t unless it ends within a generous bound.
func runBatchInput(t *testing.T, ctx context.Context, stdin io.Reader, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, args, stdin, &out, &errOut) }()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("solverctl %s did not return", strings.Join(args, " "))
	}
	return out.String(), errOut.String(), err
}

// TestBatchEndlessInput: input without line breaks (/dev/zero) stops the
// reading with an error naming the line, after an error line for it; an
// endless or blocked input ends with --timeout, and with Ctrl-C.
func TestBatchEndlessInput(t *testing.T) {
	silent := startSilent(t)

	t.Run("zeros", func(t *testing.T) {
		for _, args := range [][]string{{"batch", "-"}, {"batch", "--timeout", "3s", "-"}} {
			out, _, err := runBatchInput(t, context.Background(), zeros{}, args...)
			if err == nil || !strings.Contains(err.Error(), "line 1 has no line break in its first 16 MiB") {
				t.Errorf("%s: err = %v, want no line break", args, err)
			}
			if f := parseBatchText(t, out)["1"]; len(f) != 6 || !strings.HasPrefix(f[5], "InvalidArgument: the line is more than 131072 bytes") {
				t.Errorf("%s: line 1 = %q, want its too-long error", args, f)
			}
		}
	})
	t.Run("endless lines, timeout", func(t *testing.T) {
		out, _, err := runBatchInput(t, context.Background(), &endlessLines{},
			"batch", "--addr", silent, "--puzzle-timeout", "0", "--timeout", "300ms", "-")
		if err == nil || !strings.Contains(err.Error(), "--timeout of 300ms passed with") || !strings.Contains(err.Error(), "not read to its end") {
			t.Errorf("err = %v, want the deadline, the input not read to its end", err)
		}
		for id, f := range parseBatchText(t, out) {
			if f[1] != "deadline" {
				t.Fatalf("line %s = %q, want deadline", id, f)
			}
		}
	})
	t.Run("blocked, timeout", func(t *testing.T) {
		r, w := io.Pipe()
		defer w.Close()
		go w.Write([]byte(seedPuzzle + "\n"))
		_, _, err := runBatchInput(t, context.Background(), r, "batch", "--addr", silent, "--timeout", "300ms", "-")
		if err == nil || !strings.Contains(err.Error(), "passed with 1 puzzles unanswered") {
			t.Errorf("err = %v, want the deadline with one puzzle unanswered", err)
		}
	})
	t.Run("endless lines, interrupted", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		_, errOut, err := runBatchInput(t, ctx, &endlessLines{}, "batch", "--addr", silent, "-")
		// The puzzles sent get no line: the error and the summary count them.
		if err == nil || !regexp.MustCompile(`^interrupted with \d+ puzzles? read and unanswered; the input was not read to its end$`).MatchString(err.Error()) {
			t.Errorf("err = %v, want interrupted, with the puzzles unanswered and the input unread", err)
		}
		if !regexp.MustCompile(`: 0 solved, 0 failed, \d+ read and unanswered\n`).MatchString(errOut) {
			t.Errorf("summary lacks the puzzles unanswered:\n%s", errOut)
		}
	})
}

// TestBatchInterruptedCount: an interrupted batch counts the puzzles
// read and unanswered exactly, though its reader still runs: with a
// server that never answers, the reader waits to hand one more puzzle to
// the full queue when Ctrl-C comes, and that puzzle, never queued, is
// not counted. The error and the summary give the same count, the same
// in every run (the puzzles out and those the queue holds: Ctrl-C comes
// once the reading has stalled on the full queue). The reader
// took the puzzle back only after the counts, now and then: one too
// many (go test -race -count=20).
func TestBatchInterruptedCount(t *testing.T) {
	silent := startSilent(t)
	count := regexp.MustCompile(`(\d+) (?:puzzles? )?read and unanswered`)
	want := ""
	for range 5 {
		ctx, cancel := context.WithCancel(context.Background())
		in := &stallingLines{}
		go in.cancelWhenStalled(ctx, cancel)
		_, errOut, err := runBatchInput(t, ctx, in, "batch", "--addr", silent, "--inflight", "4", "--per-message", "1", "-")
		cancel()
		if err == nil {
			t.Fatal("the batch ended without an error")
		}
		inErr, inSummary := count.FindStringSubmatch(err.Error()), count.FindStringSubmatch(errOut)
		if inErr == nil || inSummary == nil {
			t.Fatalf("err = %v, summary:\n%s\nwant the puzzles read and unanswered in each", err, errOut)
		}
		if want == "" {
			want = inErr[1]
		}
		if inErr[1] != want || inSummary[1] != want {
			t.Fatalf("err = %v, summary:\n%s\nwant %s puzzles read and unanswered in each, as in the first run", err, errOut, want)
		}
	}
}

// TestBatchFinishOnce: a job finished twice, as when a late answer comes
// after the job was sent again, gets one line.
func TestBatchFinishOnce(t *testing.T) {
	var out strings.Builder
	b := newBatcher(&batchFlags{inflight: 1}, &sudokuv1.Puzzle{}, &out)
	j := &job{id: "7", line: 7, puzzle: seedPuzzle}
	b.outstanding = 1
	res := &sudokuv1.SolveResult{Status: sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, Plain: seedSolution}
	a := &sudokuv1.BatchAnswer{Id: "7", Outcome: &sudokuv1.BatchAnswer_Result{Result: res}}
	b.finish(j, a, nil)
	b.finish(j, a, nil)
	b.finish(j, nil, errors.New("late"))
	if err := b.flush(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != 1 {
		t.Errorf("%d lines, want 1:\n%s", n, out.String())
	}
	if done, _, _ := b.counts(); done != 1 {
		t.Errorf("%d finished, want 1", done)
	}
}

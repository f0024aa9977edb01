package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// relabelled returns n puzzles made from seedPuzzle by permuting its
// digits, each with its solution.
func relabelled(n int) (puzzles, solutions []string) {
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		perm := r.Perm(9)
		relabel := func(s string) string {
			b := []byte(s)
			for i, c := range b {
				if c >= '1' && c <= '9' {
					b[i] = byte('1' + perm[c-'1'])
				}
			}
			return string(b)
		}
		puzzles = append(puzzles, relabel(seedPuzzle))
		solutions = append(solutions, relabel(seedSolution))
	}
	return puzzles, solutions
}

// writeLines writes lines to a file in a temporary directory.
func writeLines(t *testing.T, lines []string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	return file
}

// startTCP serves a service on localhost and returns its address.
func startTCP(t *testing.T, opts ...grpc.ServerOption) (string, *service.GRPC, *service.Server) {
	t.Helper()
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := service.New(service.Config{})
	g := service.NewGRPC(srv, slog.New(slog.DiscardHandler), opts...)
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	return lis.Addr().String(), g, srv
}

// parseBatchText parses text output: the fields of each line by id.
func parseBatchText(t *testing.T, out string) map[string][]string {
	t.Helper()
	lines := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 5 {
			t.Fatalf("line %q has %d fields, want at least 5", line, len(f))
		}
		if lines[f[0]] != nil {
			t.Fatalf("two lines for id %s", f[0])
		}
		lines[f[0]] = f
	}
	return lines
}

// TestBatchFirstField: the puzzle of a line is its first field, whatever
// white space ends it (a list copied from a web page has no-break spaces).
func TestBatchFirstField(t *testing.T) {
	for _, sep := range []string{" ", "\t", "\u00a0", "\u3000", "\u2003"} {
		t.Run(fmt.Sprintf("%U", []rune(sep)[0]), func(t *testing.T) {
			file := writeLines(t, []string{seedPuzzle + sep + "ED=2.6/1.5/1.5"})
			out, _, err := runCLI(t, "", "batch", file)
			if err != nil {
				t.Fatalf("batch: %v\n%s", err, out)
			}
			if f := parseBatchText(t, out)["1"]; len(f) < 3 || f[1] != "solved" || f[2] != seedSolution {
				t.Errorf("line 1 = %q, want solved", f)
			}
		})
	}
}

func TestBatch(t *testing.T) {
	input := []string{
		"# a comment, then a blank line",
		"",
		seedPuzzle + " 2.6 1.5 1.5", // a rated list: the first field is the puzzle
		"12x",
		"\t" + seedPuzzle,
		"...........",
	}
	file := writeLines(t, input)
	want := map[string][]string{
		"3": {"3", "solved", seedSolution},
		"4": {"4", "error", "-", "-", "-", "InvalidArgument: "},
		"5": {"5", "solved", seedSolution},
		"6": {"6", "error", "-", "-", "-", "InvalidArgument: "},
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"file", "", []string{"batch", file}},
		{"stdin", strings.Join(input, "\n"), []string{"batch", "-"}},
		{"options", "", []string{"batch", "--type", "logic", "--inflight", "1", file}},
		{"one a message", "", []string{"batch", "--per-message", "1", file}},
		{"all in a message", "", []string{"batch", "--per-message", "100", "--inflight", "100", file}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLI(t, tt.stdin, tt.args...)
			if err == nil || err.Error() != "2 of 4 puzzles failed" {
				t.Errorf("err = %v, want 2 of 4 puzzles failed", err)
			}
			if !strings.Contains(errOut, "4 puzzles in") || !strings.Contains(errOut, "2 solved, 2 failed") {
				t.Errorf("stderr lacks the summary: %q", errOut)
			}
			got := parseBatchText(t, out)
			if len(got) != len(want) {
				t.Errorf("%d lines, want %d:\n%s", len(got), len(want), out)
			}
			for id, w := range want {
				g := got[id]
				for i, field := range w {
					if i >= len(g) || !strings.HasPrefix(g[i], field) {
						t.Errorf("line %s = %q, want fields %q", id, g, w)
						break
					}
				}
			}
			if steps, err := strconv.Atoi(got["3"][3]); err != nil || steps == 0 {
				t.Errorf("steps field %q, want a count", got["3"][3])
			}
			if d := got["3"][4]; d == "" || d == "-" {
				t.Errorf("difficulty field %q", d)
			}
		})
	}
}

func TestBatchJSONAndOut(t *testing.T) {
	file := writeLines(t, []string{seedPuzzle, "12x"})
	out := filepath.Join(t.TempDir(), "results.jsonl")
	stdout, _, err := runCLI(t, "", "batch", "--json", "--out", out, file)
	if err == nil {
		t.Error("no error for a failed puzzle")
	}
	if stdout != "" {
		t.Errorf("stdout = %q with --out", stdout)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	recs := map[string]batchRecord{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r batchRecord
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		recs[r.ID] = r
	}
	if r := recs["1"]; r.Status != "solved" || r.Solution != seedSolution || r.Line != 1 || r.Puzzle != seedPuzzle ||
		r.Steps == nil || *r.Steps == 0 || r.Difficulty == "" || r.Error != nil {
		t.Errorf("record 1 = %+v", r)
	}
	if r := recs["2"]; r.Status != "error" || r.Error == nil || r.Error.Code != "InvalidArgument" ||
		len(r.Error.Violations) != 1 || r.Error.Violations[0].Field != "puzzle.text" || r.Error.Reason != "" {
		t.Errorf("record 2 = %+v, error %+v", r, r.Error)
	}

	// A bound of the request says so, apart from the server's load.
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	stdout, _, _ = runCLI(t, "", "batch", "--json", "--type", "guess", "--max-nodes", "1", writeLines(t, []string{hard}))
	var r batchRecord
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || r.Error == nil || r.Error.Code != "ResourceExhausted" || r.Error.Reason != "NODE_LIMIT" {
		t.Errorf("a batch of one puzzle over its --max-nodes: %s (%v); want ResourceExhausted, reason NODE_LIMIT", stdout, err)
	}
}

// TestBatchJSONVerbatim checks that batch --json writes <, > and & as
// they are: a record is JSON for programs and people, not HTML.
func TestBatchJSONVerbatim(t *testing.T) {
	const line = "1<3>&"
	stdout, _, _ := runCLI(t, "", "batch", "--json", writeLines(t, []string{line}))
	if strings.Contains(stdout, `\u003c`) || strings.Contains(stdout, `\u0026`) ||
		!strings.Contains(stdout, `"puzzle":"1<3>&"`) || !strings.Contains(stdout, `character '<'`) {
		t.Errorf("batch --json of %q = %s; want its puzzle and message with <, > and & as written", line, stdout)
	}
	var r batchRecord
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || r.Puzzle != line {
		t.Errorf("record %s: %v, puzzle %q", stdout, err, r.Puzzle)
	}
}

// TestBatchRecordBoard checks that the records of batch --json and rate
// --json call a board a solution only when it is one: a stuck or
// no_solution record holds where the solve stopped in "board", and has
// no "solution"; the text line has the board reached in its third field.
func TestBatchRecordBoard(t *testing.T) {
	const (
		// seedEasy with r2c2 made 2: three singles, then a contradiction.
		noSolution = "000000000020040010301506408000000000060010040105709803000000000030070020204805709"
		// Stuck with --type logic and the strategies of logicOnly.
		hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
	)
	logicOnly := []string{"--type", "logic", "--strategies", "A,B,D,E,F,G"}
	tests := []struct {
		name, puzzle string
		flags        []string
		status       string
		key          string // "solution" or "board"
	}{
		{"solved", seedPuzzle, nil, "solved", "solution"},
		{"multiple solutions", "0000000000000000", nil, "multiple_solutions", "solution"},
		{"no solution", noSolution, nil, "no_solution", "board"},
		{"stuck", hard, logicOnly, "stuck", "board"},
	}
	for _, tt := range tests {
		for _, cmd := range []string{"batch", "rate"} {
			t.Run(tt.name+" "+cmd, func(t *testing.T) {
				file := writeLines(t, []string{tt.puzzle})
				stdout, stderr, _ := runCLI(t, "", append(append([]string{cmd, "--json"}, tt.flags...), file)...)
				var rec map[string]any
				if err := json.Unmarshal([]byte(stdout), &rec); err != nil {
					t.Fatalf("%v: %q\n%s", err, stdout, stderr)
				}
				if rec["status"] != tt.status {
					t.Fatalf("status %v, want %s: %s", rec["status"], tt.status, stdout)
				}
				other := map[string]string{"solution": "board", "board": "solution"}[tt.key]
				if b, ok := rec[tt.key].(string); !ok || len(b) != len(tt.puzzle) {
					t.Errorf("%q = %v, want the board: %s", tt.key, rec[tt.key], stdout)
				}
				if _, ok := rec[other]; ok {
					t.Errorf("a %s record has %q: %s", tt.status, other, stdout)
				}
				if cmd != "batch" {
					return
				}
				text, _, _ := runCLI(t, "", append(append([]string{cmd}, tt.flags...), file)...)
				if f := strings.Split(strings.TrimSpace(text), "\t"); len(f) != 5 || f[1] != tt.status || f[2] != rec[tt.key] {
					t.Errorf("text line %q, want %s and the board %v", text, tt.status, rec[tt.key])
				}
			})
		}
	}
}

// TestBatchServers spreads a batch over two servers, one of which shuts
// down half way: every puzzle is answered once, by one or the other.
func TestBatchServers(t *testing.T) {
	puzzles, solutions := relabelled(600)
	file := writeLines(t, puzzles)
	addrA, gA, srvA := startTCP(t)
	addrB, _, srvB := startTCP(t)
	go func() {
		for srvA.BatchAnswers() < 100 {
			time.Sleep(time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		gA.Shutdown(ctx)
	}()
	out, errOut, err := runCLI(t, "", "batch", "--addr", addrA, "--addr", addrB, "--inflight", "8", file)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, errOut)
	}
	got := parseBatchText(t, out)
	if len(got) != len(puzzles) {
		t.Fatalf("%d lines, want %d", len(got), len(puzzles))
	}
	for i, sol := range solutions {
		if f := got[strconv.Itoa(i+1)]; f[1] != "solved" || f[2] != sol {
			t.Fatalf("line %d = %q, want solved %s", i+1, f, sol)
		}
	}
	if srvA.BatchAnswers() == 0 || srvB.BatchAnswers() == 0 {
		t.Errorf("answers %d and %d: want both servers to take part", srvA.BatchAnswers(), srvB.BatchAnswers())
	}
}

// TestBatchNoServer: with no server to answer, every puzzle still gets
// its line, an error.
func TestBatchNoServer(t *testing.T) {
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close()
	out, errOut, err := runCLI(t, "", "batch", "--addr", addr, writeLines(t, []string{seedPuzzle, seedPuzzle}))
	if err == nil || !strings.Contains(err.Error(), "2 of 2 puzzles failed") {
		t.Errorf("err = %v, want 2 of 2 puzzles failed", err)
	}
	if !strings.Contains(errOut, addr) {
		t.Errorf("stderr does not name the server: %q", errOut)
	}
	got := parseBatchText(t, out)
	for _, id := range []string{"1", "2"} {
		if f := got[id]; len(f) != 6 || f[1] != "error" || !strings.HasPrefix(f[5], "Unavailable: no server left") {
			t.Errorf("line %s = %q, want an Unavailable error", id, f)
		}
	}
}

// TestBatchTLSAndToken: without the token the server refuses the
// stream, which is not retried.
func TestBatchTLSAndToken(t *testing.T) {
	s := startSecured(t)
	file := writeLines(t, []string{seedPuzzle})
	out, _, err := runCLI(t, "", slices.Concat([]string{"batch", "--addr", s.addr, "--token-file", s.wrongFile}, s.tlsArgs(), []string{file})...)
	if err == nil {
		t.Fatal("no error with a wrong token")
	}
	if f := parseBatchText(t, out)["1"]; len(f) != 6 || !strings.HasPrefix(f[5], "Unauthenticated") {
		t.Errorf("line = %q, want Unauthenticated", f)
	}
}

func TestBatchUsage(t *testing.T) {
	file := writeLines(t, []string{seedPuzzle})
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"batch"}, "want one FILE or -, got 0 arguments"},
		{[]string{"batch", file, file}, "got 2 arguments"},
		{[]string{"batch", ""}, `want one FILE or -, got a blank argument ("")`},
		{[]string{"rate"}, "want one FILE, - or PUZZLE, got 0 arguments"},
		{[]string{"rate", "  "}, `rate: want one FILE, - or PUZZLE, got a blank argument ("  ")`},
		{[]string{"batch", "--inflight", "0", file}, "-inflight must be from 1 to 65536, not 0"},
		{[]string{"batch", "--per-message", "0", file}, "-per-message must be from 1 to 256 (the most puzzles a server takes in a message), not 0"},
		{[]string{"batch", "--per-message", "257", file}, "-per-message must be from 1 to 256"},
		{[]string{"batch", "--tls-cert", "c.pem", "--addr", "x:1", file}, "-tls-cert and -tls-key go together"},
		{[]string{"batch", "--tls", file}, "TLS and token flags need -addr"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if _, ok := err.(*usageError); !ok {
				t.Errorf("err is %T, want a usage error", err)
			}
		})
	}
	out, _, err := runCLI(t, "", "help", "batch")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"usage: solverctl batch", "-addr host:port", "-inflight", "-per-message", "-out file", "-json", "-timeout", "-type"} {
		if !strings.Contains(out, want) {
			t.Errorf("usage lacks %q:\n%s", want, out)
		}
	}
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 200, 0, "[          ] 0/200   0%  0/s  ETA --:--"},
		{50, 200, 10 * time.Second, "[=>        ] 50/200  25%  5/s  ETA 0:30"},
		{200, 200, 20 * time.Second, "[==========] 200/200 100%  10/s  ETA 0:00"},
		{1000, 100000, 10 * time.Second, "[          ] 1000/100000   1%  100/s  ETA 16:30"},
		{10, 1000000, 10 * time.Second, "[          ] 10/1000000   0%  1/s  ETA 277:46:30"},
		{70, -1, 7 * time.Second, "70 puzzles  10/s  7s"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.done, "/", tt.total), func(t *testing.T) {
			if got := progressLine(tt.done, tt.total, tt.elapsed, 10); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBatchResultLine checks the line written straight for a result
// against the record's text, for every status and level.
func TestBatchResultLine(t *testing.T) {
	for s := range sudokuv1.SolveStatus_name {
		for l := range sudokuv1.DifficultyLevel_name {
			res := &sudokuv1.SolveResult{
				Status:     sudokuv1.SolveStatus(s),
				Plain:      seedSolution,
				StepCount:  uint32(40 + l),
				Difficulty: &sudokuv1.Difficulty{Level: sudokuv1.DifficultyLevel(l), Score: 7},
			}
			a := &sudokuv1.BatchAnswer{Id: "12", Outcome: &sudokuv1.BatchAnswer_Result{Result: res}}
			var out strings.Builder
			b := newBatcher(&batchFlags{inflight: 1}, &sudokuv1.Puzzle{}, &out)
			j := &job{id: "12", line: 12, puzzle: "x"}
			b.finish(j, a, nil)
			if err := b.flush(); err != nil {
				t.Fatal(err)
			}
			if want := newBatchRecord(j, a, nil).text() + "\n"; out.String() != want {
				t.Errorf("status %d level %d: wrote %q, want %q", s, l, out.String(), want)
			}
		}
	}
}

// writeRecorder records the writes made to it.
type writeRecorder struct {
	mu     sync.Mutex
	writes [][]byte
}

func (w *writeRecorder) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, bytes.Clone(p))
	return len(p), nil
}

// TestBatchWritesWholeLines: every write of batch's output ends at a line
// break, so that runs appending to one file do not cut each other's lines
// (appends of whole writes do not interleave).
func TestBatchWritesWholeLines(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(in, []byte(strings.Repeat(seedPuzzle+"\n", 1500)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"text", []string{"batch", in}},
		{"json", []string{"batch", "-json", in}},
		{"rate", []string{"rate", in}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out writeRecorder
			var stderr strings.Builder
			if err := run(context.Background(), tt.args, strings.NewReader(""), &out, &stderr); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			lines := 0
			for i, w := range out.writes {
				if !bytes.HasSuffix(w, []byte("\n")) {
					t.Fatalf("write %d of %d (%d bytes) ends inside a line: %q", i+1, len(out.writes), len(w), w[max(0, len(w)-40):])
				}
				lines += bytes.Count(w, []byte("\n"))
			}
			if lines != 1500 {
				t.Errorf("%d lines written, want 1500", lines)
			}
		})
	}
}

// TestBatchOutIsStdin: an -out that is the file standard input is
// redirected from (batch -out FILE - < FILE) is refused before creating
// it empties the input, as an -out that is FILE is.
func TestBatchOutIsStdin(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.txt")
	content := seedPuzzle + "\n"
	if err := os.WriteFile(in, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"batch", []string{"batch", "-out", in, "-"}},
		{"rate", []string{"rate", "-out", in, "-"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdin, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			var stdout, stderr strings.Builder
			err = run(context.Background(), tt.args, stdin, &stdout, &stderr)
			if want := "-out " + in + " is the input file"; !errors.As(err, new(*usageError)) || !strings.Contains(err.Error(), want) {
				t.Errorf("%v, want a usage error containing %q", err, want)
			}
			if b, err := os.ReadFile(in); err != nil || string(b) != content {
				t.Errorf("the input holds %q after, want %q (%v)", b, content, err)
			}
		})
	}
}

// TestBatchOutIsStdinDevice: an -out that is the device standard input
// reads (a terminal, typing puzzles with -out /dev/stdout; here the null
// device) is no input file that creating it would empty: it is not
// refused, and the run goes on to read the device's empty list.
func TestBatchOutIsStdinDevice(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil || runtime.GOOS == "windows" {
		t.Skip("no null device to read and write")
	}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"batch", []string{"batch", "-out", os.DevNull, "-"}},
		{"rate", []string{"rate", "-out", os.DevNull, "-"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdin, err := os.Open(os.DevNull)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			var stdout, stderr strings.Builder
			err = run(context.Background(), tt.args, stdin, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), "no puzzles in standard input") {
				t.Errorf("err = %v, want the empty list's error, not -out's refusal\n%s", err, stderr.String())
			}
		})
	}
}

// TestBatchOutput checks batch's output file and the bounds of its flags:
// an -out that is the input is refused before it is emptied, out-of-range
// -inflight and -streams are refused before -out is created, and a batch
// whose output fails stops rather than solving on with nothing written.
func TestBatchOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	var lines strings.Builder
	for range 3000 {
		lines.WriteString(seedPuzzle + "\n")
	}
	if err := os.WriteFile(in, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"out is the input", []string{"batch", "-out", in, in}, "-out " + in + " is the input file"},
		{"inflight", []string{"batch", "-out", out, "-inflight", "70000", in}, "-inflight must be from 1 to 65536, not 70000"},
		{"streams", []string{"batch", "-out", out, "-streams", "20000", in}, "-streams must be from 0 to 1024, not 20000"},
	} {
		_, _, err := runCLI(t, "", tt.args...)
		if !errors.As(err, new(*usageError)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a usage error containing %q", tt.name, err, tt.want)
		}
	}
	if b, err := os.ReadFile(in); err != nil || len(b) != lines.Len() {
		t.Errorf("the input has %d bytes after, want %d (%v)", len(b), lines.Len(), err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("-out created by a refused batch: %v", err)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	_, stderr, err := runCLI(t, "", "batch", "-out", "/dev/full", in)
	if err == nil || !strings.Contains(err.Error(), "writing the results") {
		t.Fatalf("batch to /dev/full: %v, want an error writing the results", err)
	}
	if strings.Contains(stderr, "3000 solved") {
		t.Errorf("the batch solved every puzzle after its output failed: %s", stderr)
	}
}

// TestBatchOnePuzzleWording: a batch of one puzzle says "1 puzzle" in its
// summary and its error ("1 puzzles" was said).
func TestBatchOnePuzzleWording(t *testing.T) {
	_, errOut, err := runCLI(t, "12x\n", "batch", "-")
	if err == nil || err.Error() != "1 of 1 puzzle failed" {
		t.Errorf("err = %v, want 1 of 1 puzzle failed", err)
	}
	if !strings.Contains(errOut, "solverctl: 1 puzzle in") {
		t.Errorf("stderr lacks the summary of 1 puzzle: %q", errOut)
	}
}

// TestServerErrorsNotes: a server given up by several of its streams is
// named once, with how many streams were given up and its first error.
func TestServerErrorsNotes(t *testing.T) {
	refused := errors.New("connection refused")
	limited := errors.New("rate limit spent; retry in 976ms")
	type giveUp struct {
		server string
		err    error
	}
	tests := []struct {
		name string
		in   []giveUp
		want []string
	}{
		{"none", nil, []string{}},
		{"one", []giveUp{{"a:1", refused}}, []string{"solverctl: a:1: connection refused"}},
		{"every stream of one server", []giveUp{{"a:1", refused}, {"a:1", refused}, {"a:1", refused}},
			[]string{"solverctl: a:1: connection refused (3 streams given up)"}},
		{"errors that differ", []giveUp{{"b:2", limited}, {"b:2", errors.New("rate limit spent; retry in 975ms")}},
			[]string{"solverctl: b:2: rate limit spent; retry in 976ms (2 streams given up)"}},
		{"two servers, in order", []giveUp{{"b:2", limited}, {"a:1", refused}, {"b:2", limited}},
			[]string{"solverctl: b:2: rate limit spent; retry in 976ms (2 streams given up)", "solverctl: a:1: connection refused"}},
		{"an error that names its server, named once", []giveUp{{"a:1", errors.New("a:1 answered nothing in 1s (the puzzle timeout) with 3 puzzles out: stream declared hung")}},
			[]string{"solverctl: a:1 answered nothing in 1s (the puzzle timeout) with 3 puzzles out: stream declared hung"}},
		{"another server's name inside is not its own", []giveUp{{"a:1", errors.New("a:10 answered nothing")}},
			[]string{"solverctl: a:1: a:10 answered nothing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e serverErrors
			for _, g := range tt.in {
				e.add(g.server, g.err)
			}
			if got := e.notes(); !slices.Equal(got, tt.want) {
				t.Errorf("notes() = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHangNote: the note of streams declared hung counts them in words
// that agree with the number.
func TestHangNote(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1, "solverctl: a:1: 1 stream declared hung (no answer in 10s, --puzzle-timeout, or longer once the server had answered a probe); their puzzles were sent again"},
		{2, "solverctl: a:1: 2 streams declared hung (no answer in 10s, --puzzle-timeout, or longer once the server had answered a probe); their puzzles were sent again"},
	}
	for _, tt := range tests {
		if got := hangNote("a:1", tt.n, 10*time.Second); got != tt.want {
			t.Errorf("hangNote(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestFailureNotes: a server whose streams failed and were opened again
// is named once with how many and the first error; one given up is left
// to its own line.
func TestFailureNotes(t *testing.T) {
	failed := map[string]client.StreamFailures{
		"b:1": {Count: 1, First: status.Error(codes.Unavailable, "server going away")},
		"a:1": {Count: 3, First: status.Error(codes.Unavailable, "connection refused")},
		"c:1": {Count: 5, First: status.Error(codes.Unavailable, "gone")},
	}
	givenUp := map[string]error{"c:1": errors.New("gone")}
	want := []string{
		"solverctl: note: a:1: a stream failed or could not open 3 times and was retried, any puzzles it had out sent again (first: Unavailable: connection refused)",
		"solverctl: note: b:1: a stream failed or could not open once and was retried, any puzzles it had out sent again (first: Unavailable: server going away)",
	}
	if got := failureNotes(failed, givenUp); !slices.Equal(got, want) {
		t.Errorf("failureNotes =\n%q\nwant\n%q", got, want)
	}
	if got := failureNotes(nil, nil); len(got) != 0 {
		t.Errorf("no failure: %q", got)
	}
}

// TestBatchTolerant: batch and rate read strings with known defects as
// solve does: -tolerant reads an interim base-32 2.0 string (strictly read
// in base 36, a board without solution), and a live str8ts.com string
// (candidates off by one) is read without being asked. Both were sent
// strictly: no_solution and an error line, -tolerant or not. A batch
// read strictly notes after its summary that the string without a
// solution reads otherwise with -tolerant, as solve does.
func TestBatchTolerant(t *testing.T) {
	const live = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a" // str8ts.com's "Easy 1", as published
	file := writeLines(t, []string{s9bInterim, live})
	const note = "with -tolerant, 1 no_solution puzzle read as other boards"
	tests := []struct {
		args []string
		want map[int]string // status by line
		note bool           // the note to try -tolerant
	}{
		{[]string{"batch", "--json"}, map[int]string{1: "no_solution", 2: "solved"}, true},
		{[]string{"batch", "--json", "--tolerant"}, map[int]string{1: "solved", 2: "solved"}, false},
		{[]string{"rate", "--json", "--tolerant"}, map[int]string{1: "solved", 2: "solved"}, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, err := runCLI(t, "", append(tt.args, file)...)
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			got := map[int]string{}
			for rec := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
				var r batchRecord
				if err := json.Unmarshal([]byte(rec), &r); err != nil {
					t.Fatalf("record %q: %v", rec, err)
				}
				got[r.Line] = r.Status
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("statuses %v, want %v\n%s", got, tt.want, out)
			}
			if strings.Contains(errOut, note) != tt.note {
				t.Errorf("note %q in the error output: %v, want %v\n%s", note, !tt.note, tt.note, errOut)
			}
		})
	}
}

// TestBatchEmptyList checks that batch and rate refuse a list with no
// puzzle (exit 1, naming it) rather than report a batch of nothing done.
func TestBatchEmptyList(t *testing.T) {
	empty := writeLines(t, nil)
	comments := writeLines(t, []string{"# a list with its header only", "", "   "})
	tests := []struct {
		name  string
		stdin string
		args  []string
		input string // what the error names
	}{
		{"batch empty file", "", []string{"batch", empty}, empty},
		{"batch comments only", "", []string{"batch", "@" + comments}, comments},
		{"batch empty stdin", "", []string{"batch", "-"}, "standard input"},
		{"rate empty file", "", []string{"rate", "@" + empty}, empty},
		{"rate comments on stdin", "# header\n\n", []string{"rate", "-"}, "standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, err := runCLI(t, tt.stdin, tt.args...)
			want := "no puzzles in " + tt.input
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("err = %v, want one saying %q", err, want)
			}
			if !strings.Contains(errOut, "0 puzzles in") {
				t.Errorf("stderr lacks the summary: %q", errOut)
			}
		})
	}
}

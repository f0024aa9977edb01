package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"google.golang.org/grpc"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestReadArgBounded: @FILE and - read at most maxInput bytes and fail
// with a message beyond; @/dev/zero, endless, fails the same way.
func TestReadArgBounded(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	atLimit := write("limit.txt", seedPuzzle+strings.Repeat(" ", maxInput-len(seedPuzzle)))
	over := write("over.txt", strings.Repeat("0", maxInput+1))
	tests := []struct {
		name    string
		stdin   string
		arg     string
		want    string
		wantErr string
	}{
		{"file at the limit", "", "@" + atLimit, seedPuzzle, ""},
		{"file over the limit", "", "@" + over, "", "reading " + over + ": more than 131072 bytes"},
		{"endless file", "", "@/dev/zero", "", "reading /dev/zero: more than 131072 bytes"},
		{"stdin", " " + seedPuzzle + "\n", "-", seedPuzzle, ""},
		{"stdin over the limit", strings.Repeat(".", maxInput+1), "-", "", "reading standard input: more than"},
		{"argument over the limit", "", strings.Repeat(".", maxInput+1), "", "the argument is more than"},
		{"missing file", "", "@" + filepath.Join(dir, "none"), "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.arg == "@/dev/zero" {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			got, err := readArg(context.Background(), strings.NewReader(tt.stdin), tt.arg, true)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got %v, want an error with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %.40q, %v; want %.40q", got, err, tt.want)
			}
		})
	}
}

// TestReadArgComments: a file or standard input may start with comment
// lines ('#' alone or before white space, as the lists and fixtures write
// them), which are skipped with the blank lines among them; lines that
// '#' starts otherwise (the N×N form's charset and map lines) are the
// puzzle's. A text of comments alone, or none, is an error naming it.
func TestReadArgComments(t *testing.T) {
	dir := t.TempDir()
	nxn := "#ABCD\n#A#B\n####\nC#D#\n####\n### Map\nAABB\nAABB\nCCDD\nCCDD"
	tests := []struct {
		name, content, want, wantErr string
	}{
		{"a comment line", "# janko.at killer 22\n" + seedPuzzle + "\n", seedPuzzle, ""},
		{"comments and blank lines", "\n#\n# source: a book\n\n#\tpage 3\r\n" + seedPuzzle, seedPuzzle, ""},
		{"the N×N form", nxn, nxn, ""},
		{"a comment before the N×N form", "# 4×4\n" + nxn, nxn, ""},
		{"a comment after the puzzle", seedPuzzle + "\n# note", seedPuzzle + "\n# note", ""},
		{"comments alone", "# one\n\n# two\n", "", "only comment lines"},
		{"empty", " \n", "", "it is empty"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("p%d.txt", i))
			if err := os.WriteFile(path, []byte(tt.content), 0o666); err != nil {
				t.Fatal(err)
			}
			for _, arg := range []string{"@" + path, "-"} {
				got, err := readArg(context.Background(), strings.NewReader(tt.content), arg, true)
				if tt.wantErr != "" {
					if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
						t.Fatalf("%s: got %q, %v; want an error with %q", arg, got, err, tt.wantErr)
					}
					continue
				}
				if err != nil || got != tt.want {
					t.Fatalf("%s: got %q, %v; want %q", arg, got, err, tt.want)
				}
			}
		})
	}
}

// TestSolveInputBounded runs the command: a puzzle file too large is a
// clear error, not a process that grows until it is killed.
func TestSolveInputBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, cmd := range []string{"solve", "steps", "convert"} {
		t.Run(cmd, func(t *testing.T) {
			args := []string{cmd, "@/dev/zero"}
			if cmd == "convert" {
				args = append(args, "--to", "plain")
			}
			_, _, err := runCLI(t, "", args...)
			if err == nil || !strings.Contains(err.Error(), "more than 131072 bytes") {
				t.Fatalf("got %v, want the input bound", err)
			}
		})
	}
}

// TestInputErrorsNameTheirSource: a region map file that cannot be read
// is named as the -map's (it was "open …: no such file or directory",
// taken for the puzzle's), and an @ with no file after it says so (it
// was "open : no such file or directory").
func TestInputErrorsNameTheirSource(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"solve -map file", []string{"solve", "--map", "@" + missing, seedPuzzle}, "-map: open " + missing},
		{"steps -map file", []string{"steps", "--map", "@" + missing, seedPuzzle}, "-map: open " + missing},
		{"bench -map file", []string{"bench", "--map", "@" + missing, "-"}, "-map: open " + missing},
		{"solve @", []string{"solve", "@"}, "@ names no file: write @FILE"},
		{"convert @", []string{"convert", "--to", "v2", "@"}, "@ names no file"},
		{"solve -map @", []string{"solve", "--map", "@", seedPuzzle}, "-map: @ names no file"},
		// batch and rate read standard input for it, without a word.
		{"batch @", []string{"batch", "@"}, "@ names no file"},
		{"rate @", []string{"rate", "@"}, "@ names no file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestReadArgInterrupted: cancelling the context (Ctrl-C) ends a read
// blocked on standard input.
func TestReadArgInterrupted(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := readArg(ctx, r, "-", true)
		done <- err
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	waitInterrupted(t, done, 5*time.Second, "the read")
}

// TestBatchInterrupted: Ctrl-C ends a batch whose input blocks.
func TestBatchInterrupted(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte(seedPuzzle + "\n"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"batch", "-"}, r, io.Discard, io.Discard)
	}()
	time.Sleep(200 * time.Millisecond)
	cancel()
	waitInterrupted(t, done, 10*time.Second, "the batch")
}

// waitInterrupted fails t unless done yields an error that says the
// operation was interrupted, within the given time; what names the
// operation.
func waitInterrupted(t *testing.T, done <-chan error, within time.Duration, what string) {
	t.Helper()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "interrupted") {
			t.Fatalf("got %v, want interrupted", err)
		}
	case <-time.After(within):
		t.Fatalf("%s was not interrupted", what)
	}
}

// TestReadArgByteOrderMark: a file as Windows editors write it (a byte
// order mark, CRLF; UTF-16 with its mark, as Notepad's "Unicode" and
// PowerShell 5's > write text) reads as its puzzle.
func TestReadArgByteOrderMark(t *testing.T) {
	grid := strings.Join([]string{seedPuzzle[:27], seedPuzzle[27:54], seedPuzzle[54:]}, "\r\n")
	tests := []struct {
		name    string
		content []byte
		want    string
	}{
		{"UTF-8", []byte("\ufeff" + seedPuzzle + "\r\n"), seedPuzzle},
		{"UTF-16 LE", utf16Text(binary.LittleEndian, "\ufeff"+seedPuzzle+"\r\n"), seedPuzzle},
		{"UTF-16 BE", utf16Text(binary.BigEndian, "\ufeff"+seedPuzzle+"\r\n"), seedPuzzle},
		{"UTF-16 LE lines", utf16Text(binary.LittleEndian, "\ufeff"+grid+"\r\n"), grid},
		// cmd's echo >> appends one byte of line end.
		{"UTF-16 LE and a byte of line end", append(utf16Text(binary.LittleEndian, "\ufeff"+seedPuzzle), '\n'), seedPuzzle},
		{"UTF-16 LE odd length", append(utf16Text(binary.LittleEndian, "\ufeff"+seedPuzzle), 'x'), "error: odd number of bytes"},
		// Without the mark: refused at its first NUL before.
		{"UTF-16 LE without a mark", utf16Text(binary.LittleEndian, seedPuzzle+"\r\n"), seedPuzzle},
		{"UTF-16 BE without a mark", utf16Text(binary.BigEndian, seedPuzzle), seedPuzzle},
		{"UTF-16 LE lines without a mark", append(utf16Text(binary.LittleEndian, grid), '\n'), grid},
		{"not UTF-16", []byte(seedPuzzle), seedPuzzle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "bom.txt")
			if err := os.WriteFile(file, tt.content, 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := readArg(context.Background(), nil, "@"+file, false)
			if want, ok := strings.CutPrefix(tt.want, "error: "); ok {
				// Named UTF-16, not passed on to be refused as binary data.
				if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "UTF-16") {
					t.Fatalf("readArg(@bom.txt) = %q, %v; want an error naming UTF-16 and %q", got, err, want)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("readArg(@bom.txt) = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestBatchRefusesUTF16 checks that batch names a list in UTF-16, with its
// byte order mark or without (a NUL byte every other byte, each line
// refused at its first NUL before), rather than failing its lines one by
// one.
func TestBatchRefusesUTF16(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
	}{
		{"LE with a mark", utf16Text(binary.LittleEndian, "\ufeff"+seedPuzzle+"\r\n"+seedPuzzle+"\r\n")},
		{"LE without a mark", utf16Text(binary.LittleEndian, seedPuzzle+"\r\n"+seedPuzzle+"\r\n")},
		{"BE without a mark", utf16Text(binary.BigEndian, seedPuzzle+"\n"+seedPuzzle)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "list.txt")
			if err := os.WriteFile(file, tt.content, 0o644); err != nil {
				t.Fatal(err)
			}
			stdout, _, err := runCLI(t, "", "batch", file)
			if err == nil || !strings.Contains(err.Error(), "UTF-16") || !strings.Contains(err.Error(), "save it as UTF-8") {
				t.Errorf("batch of a UTF-16 list: %v (output %q); want an error naming UTF-16", err, stdout)
			}
		})
	}
}

// utf16Text returns s in UTF-16 of the given byte order.
func utf16Text(order binary.AppendByteOrder, s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return b
}

// TestBatchUTF16: a batch file in UTF-16 is refused as such, not read as
// lines of binary data and NUL bytes.
func TestBatchUTF16(t *testing.T) {
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		t.Run(order.String(), func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "puzzles.txt")
			if err := os.WriteFile(file, utf16Text(order, "\ufeff"+seedPuzzle+"\r\n"+seedPuzzle+"\r\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _, err := runCLI(t, "", "batch", file)
			if err == nil || !strings.Contains(err.Error(), "the input is UTF-16 text") {
				t.Errorf("err = %v, want the input named UTF-16", err)
			}
			if out != "" {
				t.Errorf("output %q, want none", out)
			}
		})
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := []struct {
		name  string
		input string
		max   int
		want  []string // "!" for a line too long
	}{
		{"lines", "a\nbb\n\nccc", 10, []string{"a", "bb", "", "ccc"}},
		{"crlf", "a\r\nbb\r\n", 2, []string{"a", "bb"}},
		{"lone cr", "a\rbb\r\rccc\r", 3, []string{"a", "bb", "", "ccc"}},
		{"lone cr, no final line break", "a\rbb", 3, []string{"a", "bb"}},
		{"cr and lf mixed", "a\rbb\nccc\r\nd", 3, []string{"a", "bb", "ccc", "d"}},
		{"byte order mark", "\ufeffa\r\nb\ufeff\n", 10, []string{"a", "b\ufeff"}},
		// Files joined (cat a.txt b.txt) each start with one.
		{"byte order marks of joined files", "\ufeffa\r\n\ufeff# b\r\n\ufeffc\n", 10, []string{"a", "# b", "c"}},
		// Lines pasted from a web page: a zero-width space, a soft hyphen.
		{"invisible format characters", "\u200b# a\n\u00ad\u200bb\u200b\n", 10, []string{"# a", "b\u200b"}},
		{"too long in the middle", "a\n" + long + "\nb\n", 10, []string{"a", "!", "b"}},
		{"too long at the end", "a\n" + long, 10, []string{"a", "!"}},
		{"at the limit", "0123456789\n01234567890\n", 10, []string{"0123456789", "!"}},
		// The mark is no part of the line's length.
		{"at the limit after a mark", "\ufeff0123456789\r\n\ufeff01234567890\n", 10, []string{"0123456789", "!"}},
		{"longer than the buffer", strings.Repeat("y", 200<<10) + "\nz\n", 10, []string{"!", "z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lr := newLineReader(strings.NewReader(tt.input), tt.max)
			var got []string
			for {
				text, line, tooLong, err := lr.next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if line != len(got)+1 {
					t.Errorf("line number %d, want %d", line, len(got)+1)
				}
				if tooLong {
					text = "!"
				}
				got = append(got, text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBatchJoinedFiles: a list joined from files that each start with a
// byte order mark (cat a.txt b.txt, of files a Windows editor saved) is
// read as its files are: the comment after a mark is skipped, not sent as
// a puzzle and counted as failed, and a puzzle after one is echoed
// without it.
func TestBatchJoinedFiles(t *testing.T) {
	file := filepath.Join(t.TempDir(), "joined.txt")
	text := "\ufeff# list A\r\n" + seedPuzzle + "\r\n\ufeff# list B\r\n\ufeff" + seedPuzzle + "\r\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := runCLI(t, "", "batch", "--json", file)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	var lines []int
	for rec := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var r batchRecord
		if err := json.Unmarshal([]byte(rec), &r); err != nil {
			t.Fatalf("record %q: %v", rec, err)
		}
		if r.Status != "solved" || r.Puzzle != seedPuzzle {
			t.Errorf("line %d: status %s, puzzle %q; want solved, %q", r.Line, r.Status, r.Puzzle, seedPuzzle)
		}
		lines = append(lines, r.Line)
	}
	slices.Sort(lines)
	if !slices.Equal(lines, []int{2, 4}) {
		t.Errorf("records of lines %v, want [2 4]:\n%s", lines, out)
	}
}

// TestBatchLongLine: a line too long gets an error line with its number,
// and the lines after it are solved.
func TestBatchLongLine(t *testing.T) {
	file := writeLines(t, []string{seedPuzzle, strings.Repeat("0", maxInput+10), seedPuzzle})
	out, errOut, err := runCLI(t, "", "batch", file)
	if err == nil || err.Error() != "1 of 3 puzzles failed" {
		t.Errorf("err = %v, want 1 of 3 puzzles failed", err)
	}
	got := parseBatchText(t, out)
	if f := got["2"]; len(f) != 6 || f[1] != "error" || !strings.HasPrefix(f[5], "InvalidArgument: the line is more than 131072 bytes") {
		t.Errorf("line 2 = %q, want its too-long error", f)
	}
	for _, id := range []string{"1", "3"} {
		if f := got[id]; len(f) < 3 || f[1] != "solved" {
			t.Errorf("line %s = %q, want solved", id, f)
		}
	}
	if !strings.Contains(errOut, "2 solved, 1 failed") {
		t.Errorf("summary %q", errOut)
	}
}

// silentServer takes SolveBatch streams and never answers.
type silentServer struct {
	sudokuv1.UnimplementedSudokuServiceServer
}

func (silentServer) SolveBatch(stream sudokuv1.SudokuService_SolveBatchServer) error {
	for {
		if _, err := stream.Recv(); err != nil {
			<-stream.Context().Done()
			return stream.Context().Err()
		}
	}
}

// startSilent serves a silentServer on a loopback port for the rest of t,
// and returns its address.
func startSilent(t *testing.T) string {
	t.Helper()
	return serveFake(t, silentServer{})
}

// serveFake serves impl, a service made for a test, on a loopback port
// for the rest of t, and returns its address.
func serveFake(t *testing.T, impl sudokuv1.SudokuServiceServer) string {
	t.Helper()
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	sudokuv1.RegisterSudokuServiceServer(gs, impl)
	go gs.Serve(lis)
	t.Cleanup(gs.Stop)
	return lis.Addr().String()
}

// TestBatchDeadline: when --timeout passes, every puzzle not answered
// gets its line with status deadline, the lines not yet read included,
// and the rate counts the answered puzzles only.
func TestBatchDeadline(t *testing.T) {
	addr := startSilent(t)

	lines := []string{"# comment", "12x"}
	for range 600 { // more than the window of --inflight 2 and the read-ahead
		lines = append(lines, seedPuzzle)
	}
	file := writeLines(t, lines)
	tests := []struct {
		name string
		args []string
	}{
		{"text", nil},
		{"json", []string{"--json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"batch", "--addr", addr, "--timeout", "300ms", "--inflight", "2"}, tt.args...)
			out, errOut, err := runCLI(t, "", append(args, file)...)
			if err == nil || !strings.Contains(err.Error(), "passed with 601 puzzles unanswered") {
				t.Errorf("err = %v, want 601 puzzles unanswered", err)
			}
			n := 0
			for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
				n++
				if !strings.Contains(line, "deadline") || !strings.Contains(line, "DeadlineExceeded") {
					t.Errorf("line %q, want status deadline", line)
				}
			}
			if n != 601 {
				t.Errorf("%d lines, want 601", n)
			}
			if !strings.Contains(errOut, "601 puzzles in") || !strings.Contains(errOut, "(0 answered, 0/s)") || !strings.Contains(errOut, "601 deadline") {
				t.Errorf("summary %q", errOut)
			}
		})
	}
}

func TestBatchSummaryRate(t *testing.T) {
	b := &batcher{start: time.Now().Add(-2 * time.Second), byStatus: map[string]int{"solved": 4, "deadline": 6}, done: 10, answered: 4}
	got := b.summary()
	if !strings.Contains(got, "10 puzzles in") || !strings.Contains(got, "(4 answered, 2/s)") {
		t.Errorf("summary %q, want 10 puzzles with 4 answered at 2/s", got)
	}
}

// TestIsComment: a list's line starting with '#' is a comment, but for
// one of puzzles whose charset holds '#': a puzzle may start with it, and
// only '#' alone or before white space starts a comment there.
func TestIsComment(t *testing.T) {
	for _, tt := range []struct {
		line, charset string
		want          bool
	}{
		{"# a comment", "", true},
		{"#note", "", true},
		{"#", "", true},
		{"4.....8.5.3", "", false},
		{"#A#B####C#D#####", "", true},
		{"#A#B####C#D#####", "#ABCD", false},
		{"# a comment", "#ABCD", true},
		{"#\ta comment", "#ABCD", true},
		{"#", "#ABCD", true},
		{"#note", "#ABCD", false},
		{"#A#B####C#D#####", ".ABCD", true},
	} {
		if got := isComment(tt.line, tt.charset); got != tt.want {
			t.Errorf("isComment(%q, %q) = %v, want %v", tt.line, tt.charset, got, tt.want)
		}
	}
}

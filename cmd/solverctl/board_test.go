package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestJSONReadBack: what convert --to json writes is read back by every
// command that takes a puzzle, detected or with --format json, from the
// argument, a file or standard input.
func TestJSONReadBack(t *testing.T) {
	out, _, err := runCLI(t, "", "convert", "--to", "json", k6cVeryEasy)
	if err != nil {
		t.Fatal(err)
	}
	board := strings.TrimSpace(out)
	file := filepath.Join(t.TempDir(), "board.json")
	if err := os.WriteFile(file, []byte(out), 0o666); err != nil {
		t.Fatal(err)
	}
	batchFile := writeLines(t, []string{board, "# a comment", board})
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string // in the output
	}{
		{"solve", "", []string{"solve", board}, "status: solved"},
		{"solve --format json", "", []string{"solve", "--format", "json", board}, "status: solved"},
		{"solve @FILE", "", []string{"solve", "@" + file}, "status: solved"},
		{"solve -", out, []string{"solve", "-"}, "status: solved"},
		{"steps", "", []string{"steps", "--format", "JSON", "@" + file}, "status: solved"},
		{"convert back", "", []string{"convert", "--to", "k6c", board}, "K6C"},
		{"convert to json", "", []string{"convert", "--to", "json", "@" + file}, `"size":6`},
		{"generate start", "", []string{"generate", "--mode", "start", "--seed", "1", board}, "K6C"},
		{"batch", "", []string{"batch", batchFile}, "3\tsolved\t"},
		{"batch --format json", "", []string{"batch", "--format", "json", batchFile}, "1\tsolved\t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runCLI(t, tt.stdin, tt.args...)
			if err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			if !strings.Contains(strings.ReplaceAll(out, " ", ""), strings.ReplaceAll(tt.want, " ", "")) {
				t.Errorf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// TestJSONRoundTrip: a board converted to its 2.0 string and back to JSON
// is the same board (the cage colours, which the board does not carry,
// may differ in the string).
func TestJSONRoundTrip(t *testing.T) {
	out, _, err := runCLI(t, "", "convert", "--to", "json", k6cVeryEasy)
	if err != nil {
		t.Fatal(err)
	}
	k6c, _, err := runCLI(t, "", "convert", "--to", "k6c", out)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := runCLI(t, "", "convert", "--to", "json", strings.TrimSpace(k6c))
	if err != nil {
		t.Fatal(err)
	}
	var want, got sudokuv1.Board
	if err := protojson.Unmarshal([]byte(out), &want); err != nil {
		t.Fatal(err)
	}
	if err := protojson.Unmarshal([]byte(back), &got); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(&got, &want) {
		t.Errorf("round trip through %s changed the board:\n got %v\nwant %v", k6c, &got, &want)
	}
}

// TestJSONKillerX: convert --to json writes a killer X, which no 2.0
// string carries, and SudoCue's form is what it converts back to.
func TestJSONKillerX(t *testing.T) {
	out, _, err := runCLI(t, "", "convert", "--to", "json", sudoCueKillerX)
	if err != nil {
		t.Fatal(err)
	}
	var b sudokuv1.Board
	if err := protojson.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if b.GetVariant() != sudokuv1.Variant_VARIANT_KILLER_X || len(b.GetCages()) != 23 {
		t.Fatalf("variant %v with %d cages, want a killer X with 23", b.GetVariant(), len(b.GetCages()))
	}
	back, _, err := runCLI(t, "", "convert", "--to", "sudocue", strings.TrimSpace(out))
	if err != nil || !strings.HasPrefix(back, "3x3:d:k:") {
		t.Fatalf("convert --to sudocue = %q, %v; want the flag d", back, err)
	}
}

// diagonalKiller is the seed puzzle as a killer board with a cage of two
// cells that touch only diagonally, r1c1 and r2c2: no text format can
// carry it, since their cages are orthogonally connected regions of one
// colour.
func diagonalKiller(target uint32) string {
	b := &sudokuv1.Board{Size: 9, Variant: sudokuv1.Variant_VARIANT_KILLER}
	for _, c := range seedPuzzle {
		v := uint32(c - '0')
		b.Cells = append(b.Cells, &sudokuv1.Cell{Value: v, Given: v != 0})
	}
	b.Cages = []*sudokuv1.Cage{{Cells: []uint32{0, 10}, Target: target}}
	return protojson.Format(b)
}

// TestJSONDiagonalCage solves, from the command line, a killer whose cage
// touches only diagonally; the cage counts: a target the solution
// contradicts leaves none.
func TestJSONDiagonalCage(t *testing.T) {
	// The solution has 4 in r1c1 and 7 in r2c2.
	tests := []struct {
		name   string
		target uint32
		args   []string
		want   string
	}{
		{"solved", 11, []string{"solve"}, "status: solved"},
		{"solved, multi-line JSON from stdin", 11, []string{"solve", "-"}, "plain: " + seedSolution},
		{"the cage counts", 12, []string{"solve"}, "status: no solution"},
		{"no text format carries it", 11, []string{"convert", "--to", "l9b"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			board := diagonalKiller(tt.target)
			args, stdin := tt.args, ""
			if args[len(args)-1] == "-" {
				stdin = board
			} else {
				args = append(args, board)
			}
			out, _, err := runCLI(t, stdin, args...)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("converted to %q, want an error", out)
				}
				return
			}
			var oe *outcomeError
			if err != nil && !errors.As(err, &oe) {
				t.Fatal(err) // an outcome other than solved exits non-zero, its result printed
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

// TestBraceCharset: a brace that the charset makes a symbol is N×N text,
// not JSON.
func TestBraceCharset(t *testing.T) {
	out, _, err := runCLI(t, "", "solve", "--charset", "{ABCD", "{A{B{{{{C{D{{{{{")
	if err != nil || !strings.Contains(out, "status: solved") {
		t.Fatalf("got %v:\n%s", err, out)
	}
}

func TestJSONErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"not a board", []string{"solve", `{"size": "nine"}`}, "reading the puzzle as a JSON board (it starts with '{')"},
		{"not a board, json asked", []string{"solve", "--format", "json", `{"size": "nine"}`}, "reading the puzzle as a JSON board (--format json)"},
		{"json asked, text given", []string{"solve", "--format", "json", seedPuzzle}, "reading the puzzle as JSON (--format json): the text is not a JSON object: it starts with '0', not '{'"},
		{"unknown field", []string{"solve", `{"sise": 9}`}, "sise"},
		{"broken JSON", []string{"solve", `{"text": broken`}, "reading the puzzle as JSON (it starts with '{'): invalid character 'b' looking for beginning of value at byte 10"},
		{"text and board", []string{"solve", `{"text": "` + seedPuzzle + `", "board": {"size": 4}}`}, `it sets both "text" and "board", and a Puzzle takes one of them`},
		{"bad Puzzle", []string{"solve", `{"text": "` + seedPuzzle + `", "format": "FORMAT_BOGUS"}`}, "reading the puzzle as a JSON Puzzle (it starts with '{')"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("got %v, want %q", err, tt.wantErr)
			}
		})
	}
}

// TestJSONInvisible checks that a protojson board with invisible format
// characters in it (a zero-width space, a byte order mark, pasted from a
// web page) is read as the clean one, as every text format reads them.
func TestJSONInvisible(t *testing.T) {
	const clean = `{"size":4,"cells":[{"value":1,"given":true},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}]}`
	text := "\ufeff" + clean[:10] + "\u200b" + clean[10:]
	p, err := parseJSONPuzzle(text, "test")
	if err != nil {
		t.Fatal(err)
	}
	if b := p.GetBoard(); b.GetSize() != 4 || b.GetCells()[0].GetValue() != 1 {
		t.Errorf("read %v, want the 4×4 board with 1 at r1c1", b)
	}
}

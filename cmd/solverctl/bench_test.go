package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/engine/codec"
)

// fixtureLine returns line i of a puzzle file of the search's fixtures.
func fixtureLine(t *testing.T, file string, i int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "engine", "search", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(data))
	if i >= len(lines) {
		t.Fatalf("%s has %d lines", file, len(lines))
	}
	return lines[i]
}

// benchFile writes lines to a temporary file and returns its path.
func benchFile(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var lastLineRE = regexp.MustCompile(`\npuzzles/s: [0-9]+(\.[0-9][0-9])?\n$`)

// jsonKiller is tarek's pathological killer #36 (cages joined at corners) as
// a protojson Board.
var jsonKiller = func() string {
	const arrows = "RJJDEPGD<H```````^F````D```D``````9`L````HE``L`L`SJ```C```I````A``B`````^<```````"
	p, _, err := codec.Decode(arrows, codec.DecodeOptions{})
	if err != nil {
		panic(err)
	}
	var cages []string
	for _, cg := range p.Cages {
		cells := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(cg.Cells)), ", "), "[]")
		cages = append(cages, fmt.Sprintf(`{"cells": [%s], "target": %d}`, cells, cg.Target))
	}
	return `{"size": 9, "variant": "VARIANT_KILLER", "cells": [` + strings.Repeat("{}, ", 80) + `{}], "cages": [` + strings.Join(cages, ", ") + `]}`
}()

func TestBench(t *testing.T) {
	const (
		multi   = ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739"
		none    = ".12345678" + "9........" + "........." + "........." + "........." + "........." + "........." + "........." + "........."
		small4  = "1..." + "..3." + ".4.." + "...2"
		rated   = seedPuzzle + " 1.2 1.2 1.2"
		comment = "# a comment line"
	)
	tests := []struct {
		name  string
		lines []string
		args  []string
		want  []string
	}{
		{"solve", []string{comment, rated, "", multi, none, small4}, nil, []string{
			"puzzles: 4 (3 classic 9×9, 1 on the generic search)",
			"threads: 1, count-to: 1, rounds: 1",
			"solved: 3, no solution: 1",
			"verified: 3 solutions",
		}},
		{"count to 2", []string{seedPuzzle, multi, none, small4}, []string{"-count-to", "2"}, []string{
			"count-to: 2",
			"unique: 2, multiple: 1, no solution: 1",
			"verified: 4 solutions",
		}},
		{"threads", []string{seedPuzzle, multi, small4, seedPuzzle, multi}, []string{"--threads", "3", "--count-to", "2"}, []string{
			"threads: 3, count-to: 2",
			"unique: 3, multiple: 2, no solution: 0",
			"verified: 7 solutions",
		}},
	}
	killer := fixtureLine(t, "killer16.txt", 0)
	x16 := fixtureLine(t, "x16.txt", 1)
	kenken := fixtureLine(t, "kenken9.txt", 0)
	// str8ts.com's Easy 1 of 30 November 2024, as the site writes it.
	const str8ts = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"
	const empty4 = "................"
	tests = append(tests, []struct {
		name  string
		lines []string
		args  []string
		want  []string
	}{
		{"cage and variant strings", []string{killer, x16, kenken, str8ts}, []string{"-count-to", "2"}, []string{
			"puzzles: 4 (0 classic 9×9, 4 on the generic search)",
			"unique: 4, multiple: 0, no solution: 0",
			"verified: 4 solutions",
			"cpu µs/puzzle: ",
		}},
		{"each", []string{seedPuzzle, small4}, []string{"-each"}, []string{
			"line 1: solutions 1, guesses ",
			"line 2: solutions 1, guesses ",
		}},
		{"variant", []string{empty4}, []string{"-variant", "x", "-count-to", "1000", "-each"}, []string{
			"line 1: solutions 48, guesses 47",
		}},
		{"classic 4x4", []string{empty4}, []string{"-count-to", "1000", "-each"}, []string{
			"line 1: solutions 288, guesses 287",
		}},
		{"map", []string{empty4}, []string{"-map", "0001011122232333", "-count-to", "1000", "-each"}, []string{
			"line 1: solutions 144, guesses 143",
		}},
		{"classic as generic", []string{seedPuzzle}, []string{"-format", "plain", "-variant", "classic"}, []string{
			"puzzles: 1 (0 classic 9×9, 1 on the generic search)",
		}},
		// A killer whose cages join at corners as a JSON board (with the
		// spaces protojson may write), a JSON puzzle of text, and a
		// tarek killer in the forum's arrow form.
		{"json and arrows", []string{jsonKiller, `{"text": "` + seedPuzzle + `"}`, fixtureLine(t, "killer9-tarek.txt", 0)}, []string{"-count-to", "2"}, []string{
			"puzzles: 3 (0 classic 9×9, 3 on the generic search)",
			"unique: 3, multiple: 0, no solution: 0",
		}},
		{"json format named", []string{jsonKiller}, []string{"-format", "json", "-each"}, []string{
			"line 1: solutions 1, guesses ",
		}},
		// A JSON puzzle's own variant and region map win over the flags'
		// defaults, as in a request to the service.
		{"json fields", []string{`{"text": "` + empty4 + `", "variant": "VARIANT_X"}`, `{"text": "` + empty4 + `", "regionMap": "0001011122232333"}`}, []string{"-count-to", "1000", "-each"}, []string{
			"line 1: solutions 48, guesses 47",
			"line 2: solutions 144, guesses 143",
		}},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"bench", "-min-time", "0"}, tt.args...)
			out, _, err := runCLI(t, "", append(args, benchFile(t, tt.lines...))...)
			if err != nil {
				t.Fatalf("bench: %v\n%s", err, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if !lastLineRE.MatchString(out) {
				t.Errorf("last line is not puzzles/s: <number>:\n%s", out)
			}
		})
	}
}

func TestBenchStdin(t *testing.T) {
	out, _, err := runCLI(t, seedPuzzle+"\n", "bench", "-min-time", "0", "-")
	if err != nil || !strings.Contains(out, "solved: 1, no solution: 0") {
		t.Fatalf("bench -: %v\n%s", err, out)
	}
}

// TestBenchAtFile: @FILE names FILE, as in the other commands (the
// global help says so): it was opened as a file named "@FILE".
func TestBenchAtFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(name, []byte(seedPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCLI(t, "", "bench", "-min-time", "0", "@"+name)
	if err != nil || !strings.Contains(out, "solved: 1, no solution: 0") {
		t.Fatalf("bench @FILE: %v\n%s", err, out)
	}
}

func TestBenchErrors(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		usage bool   // a bad command line, exit status 2
		want  string // in the error, when set
	}{
		{"no file", []string{"bench"}, true, ""},
		{"two files", []string{"bench", "a", "b"}, true, ""},
		{"zero threads", []string{"bench", "-threads", "0", "x"}, true, "-threads must be at least 1, not 0"},
		{"zero count", []string{"bench", "-count-to", "0", "x"}, true, "-count-to must be at least 1, not 0"},
		{"not a duration", []string{"bench", "-min-time", "5", "x"}, true, `invalid value "5" for flag -min-time: want a duration`},
		{"unknown flag", []string{"bench", "-fast", "x"}, true, ""},
		{"missing file", []string{"bench", filepath.Join(t.TempDir(), "absent.txt")}, false, ""},
		{"bad puzzle", []string{"bench", benchFile(t, "12345")}, false, ""},
		{"empty file", []string{"bench", benchFile(t, "# nothing")}, false, ""},
		{"unknown variant", []string{"bench", "-variant", "sudoku", "x"}, true, ""},
		{"unknown format", []string{"bench", "-format", "xml", "x"}, true, ""},
		{"bad json", []string{"bench", benchFile(t, `{"size": 9, "cells": []}`)}, false, ""},
		{"missing map", []string{"bench", "-map", "@" + filepath.Join(t.TempDir(), "absent.txt"), benchFile(t, "1...")}, false, ""},
		{"negative min-time", []string{"bench", "-min-time", "-1s", "x"}, true, "-min-time -1s is negative"},
		{"line too long", []string{"bench", benchFile(t, seedPuzzle, strings.Repeat("0", maxInput+1), seedPuzzle)}, false, "line 2 is more than 131072 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if err == nil {
				t.Fatal("no error")
			}
			if got := errors.As(err, new(*usageError)); got != tt.usage {
				t.Errorf("usage error %v, want %v (%v)", got, tt.usage, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// failingWriter fails every write, as standard output on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestBenchOutputFails: a report that cannot be written is an error, not
// a success that printed nothing.
func TestBenchOutputFails(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"report", []string{"bench", "-min-time", "0"}},
		{"each puzzle", []string{"bench", "-min-time", "0", "-each"}},
	}
	file := benchFile(t, seedPuzzle)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errOut strings.Builder
			err := run(context.Background(), append(tt.args, file), strings.NewReader(""), failingWriter{}, &errOut)
			if err == nil || !strings.Contains(err.Error(), "writing the results: no space left on device") {
				t.Errorf("err = %v, want an error writing the results", err)
			}
		})
	}
}

// TestBenchEndlessInput: bench of input without line breaks (/dev/zero)
// fails at once, naming the line and the limit.
func TestBenchEndlessInput(t *testing.T) {
	_, _, err := runBatchInput(t, context.Background(), zeros{}, "bench", "-")
	if err == nil || err.Error() != "-: line 1 is "+errTooLong.Error() {
		t.Errorf("err = %v, want line 1 too long", err)
	}
}

func TestBenchHelp(t *testing.T) {
	out, _, err := runCLI(t, "", "help", "bench")
	if err != nil || !strings.Contains(out, "usage: solverctl bench [--threads N] [--count-to N] FILE") {
		t.Fatalf("help bench: %v\n%s", err, out)
	}
}

// TestRateText: a slow set's rate is not printed as 0.
func TestRateText(t *testing.T) {
	for _, tt := range []struct {
		rate float64
		want string
	}{{0.4, "0.40"}, {9.994, "9.99"}, {10, "10"}, {12345.6, "12346"}} {
		if got := rateText(tt.rate); got != tt.want {
			t.Errorf("rateText(%v) = %q, want %q", tt.rate, got, tt.want)
		}
	}
}

// str8tsSimpleLine is a Str8ts of str8ts-published.txt in the simple form:
// its clues, a space, its colours. Its clues alone are a classic puzzle of
// many solutions.
const str8tsSimpleLine = "000900000000020700000000000000000300706300000008000000000000000004000071020000006 100100100100000000000010000000000001110000011100000000000010000000000001001001001"

// TestListsReadStr8tsSimpleForm: bench and batch take a line's first
// field, which of a Str8ts in the simple form is its clues alone: bench
// counted the published Str8ts as classic puzzles (unique 0, multiple 10,
// no solution 6 of 16), batch answered multiple_solutions.
func TestListsReadStr8tsSimpleForm(t *testing.T) {
	in := str8tsSimpleLine + "\t# devilish\n"
	out, _, err := runCLI(t, in, "bench", "-count-to", "2", "-min-time", "0", "-")
	if err != nil || !strings.Contains(out, "unique: 1, multiple: 0") || !strings.Contains(out, "1 on the generic search") {
		t.Errorf("bench -: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, in, "batch", "-")
	if err != nil || !strings.HasPrefix(out, "1\tsolved\t") {
		t.Errorf("batch -: %v\n%s", err, out)
	}
}

// TestListsKeepClassicWithColourLikeField: a classic puzzle followed by a
// field of the simple Str8ts form's colours, of its length, is no Str8ts
// when that field has no black cell (a row of dots or zeros) or is the
// mask of its clues (a list "puzzle givens"): batch and bench read the
// first field alone, as before, not a Str8ts (multiple_solutions).
func TestListsKeepClassicWithColourLikeField(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	var mask strings.Builder
	for _, c := range p {
		if c == '.' {
			mask.WriteByte('0')
		} else {
			mask.WriteByte('1')
		}
	}
	in := p + " " + strings.Repeat(".", 81) + "\n" + p + "\t" + strings.Repeat("0", 81) + "\n" + p + " " + mask.String() + " 2.6\n"
	out, _, err := runCLI(t, in, "batch", "-")
	if err != nil || strings.Count(out, "\tsolved\t417369825632158947958724316825437169791586432346912758289643571573291684164875293\t") != 3 {
		t.Errorf("batch -: %v\n%s", err, out)
	}
	out, _, err = runCLI(t, in, "bench", "-count-to", "2", "-min-time", "0", "-")
	if err != nil || !strings.Contains(out, "unique: 3, multiple: 0") {
		t.Errorf("bench -: %v\n%s", err, out)
	}
}

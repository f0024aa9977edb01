package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

const (
	seedPuzzle   = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"
	seedSolution = "496187352578243916321596478783654291962318547145729863657932184839471625214865739"
	smallPuzzle  = "#A#B####C#D#####"
	smallCharset = "#ABCD"
	smallMap     = "##AA##AABBCCBBCC"
)

// runCLI runs solverctl with args and stdin and returns its output.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out, errOut bytes.Buffer
	err = run(ctx, args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

// stepLineRE matches a printed step: index, method, strategy...
var stepLineRE = regexp.MustCompile(`^ *(\d+)  ([A-Za-z]+) +\S`)

// splitSteps splits text output into the step lines and the result that
// follows them, from its "status:" line.
func splitSteps(t *testing.T, out string) (steps []string, result string) {
	t.Helper()
	i := strings.Index(out, "status: ")
	if i < 0 {
		t.Fatalf("no status line in output:\n%s", out)
	}
	if head := strings.TrimRight(out[:i], "\n"); head != "" {
		steps = strings.Split(head, "\n")
	}
	return steps, out[i:]
}

// checkSteps checks that lines are steps numbered from 1 by methods in
// allowed, and returns how many there are.
func checkSteps(t *testing.T, lines []string, allowed string) {
	t.Helper()
	for i, line := range lines {
		m := stepLineRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("line %d is not a step: %q", i+1, line)
		}
		if n, _ := strconv.Atoi(m[1]); n != i+1 {
			t.Errorf("line %d has step index %d", i+1, n)
		}
		if !strings.Contains(allowed, m[2]) || len(m[2]) != 1 {
			t.Errorf("step %d has method %q, want one of %s: %q", i+1, m[2], allowed, line)
		}
	}
}

func TestSolve(t *testing.T) {
	dir := t.TempDir()
	puzzleFile := filepath.Join(dir, "puzzle.txt")
	mapFile := filepath.Join(dir, "map.txt")
	if err := os.WriteFile(puzzleFile, []byte(seedPuzzle+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mapFile, []byte("##AA\n##AA\nBBCC\nBBCC\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	seedWant := []string{
		"status: solved\n",
		"4 9 6 | 1 8 7 | 3 5 2\n",
		"------+-------+------\n",
		"2 1 4 | 8 6 5 | 7 3 9\n",
		"solutions: 1\n",
		"count complete: yes\n",
		"guesses: 0\n",
		"difficulty: ",
		"plain: " + seedSolution + "\n",
		"packed: S9B",
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  []string
		steps bool // whether step lines precede the result
	}{
		{name: "classic", args: []string{"solve", seedPuzzle}, want: seedWant},
		{name: "flags after puzzle", args: []string{"solve", seedPuzzle, "--type", "mixed", "--check-multiple=false"}, want: []string{"status: solved\n", "plain: " + seedSolution}},
		{name: "file", args: []string{"solve", "@" + puzzleFile}, want: seedWant},
		{name: "stdin", stdin: "  " + seedPuzzle + "\n", args: []string{"solve", "-"}, want: seedWant},
		{name: "with steps", args: []string{"solve", "--steps", seedPuzzle}, want: seedWant, steps: true},
		{
			name: "charset and map",
			args: []string{"solve", "--charset", smallCharset, "--map", smallMap, smallPuzzle},
			want: []string{"status: solved\n", "D A | C B\n", "----+----\n", "A D | B C\n", "solutions: 1\n", "plain: DACBBCADCBDAADBC\n", "packed: S4B"},
		},
		{
			name: "map from file",
			args: []string{"solve", "--charset", smallCharset, "--map", "@" + mapFile, "--format", "nxn", smallPuzzle},
			want: []string{"status: solved\n", "D A | C B\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, tt.stdin, tt.args...)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			steps, result := splitSteps(t, out)
			if tt.steps {
				if len(steps) == 0 {
					t.Error("no step lines before the result")
				}
				checkSteps(t, steps, "ABC")
			} else if len(steps) > 0 {
				t.Errorf("unexpected lines before the result: %q", steps)
			}
			for _, w := range tt.want {
				if !strings.Contains(result, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestSteps(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"classic", []string{"steps", seedPuzzle}, []string{"status: solved\n", "4 9 6 | 1 8 7 | 3 5 2\n", "plain: " + seedSolution + "\n"}},
		{"charset and map", []string{"steps", "--charset", smallCharset, "--map", smallMap, smallPuzzle}, []string{"status: solved\n", "plain: DACBBCADCBDAADBC\n"}},
		{"guessing", []string{"steps", "--type", "guess", "--order", "desc", "--on-guess", "backtrack", seedPuzzle}, []string{"status: solved\n", "plain: " + seedSolution + "\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			steps, result := splitSteps(t, out)
			if len(steps) == 0 {
				t.Fatal("no step lines")
			}
			checkSteps(t, steps, "ABC")
			for _, w := range tt.want {
				if !strings.Contains(result, w) {
					t.Errorf("result lacks %q:\n%s", w, result)
				}
			}
			if w := "steps: " + strconv.Itoa(len(steps)) + "\n"; !strings.Contains(result, w) {
				t.Errorf("printed %d steps; result lacks %q:\n%s", len(steps), w, result)
			}
		})
	}
}

func TestDefaultPuzzle(t *testing.T) {
	for _, args := range [][]string{nil, {"steps"}, {"solve"}} {
		t.Run(strings.Join(append([]string{"solverctl"}, args...), " "), func(t *testing.T) {
			out, errOut, err := runCLI(t, seedPuzzle[:80], args...) // stdin is not read
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if want := "solverctl: no puzzle given; solving the built-in example\n"; errOut != want {
				t.Errorf("stderr = %q, want %q", errOut, want)
			}
			if !strings.Contains(out, "plain: "+seedSolution) {
				t.Errorf("output lacks the solution of the built-in example:\n%s", out)
			}
		})
	}
}

// TestDefaultPuzzlePiped: a puzzle piped in without - is not read (a
// script's standard input left open would hang the command), and the
// note on standard error says how to have it read.
func TestDefaultPuzzlePiped(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString(seedPuzzle[:80] + "\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"solve"}, r, &out, &errOut); err != nil {
		t.Fatalf("run: %v", err)
	}
	if want := "solverctl: no puzzle given; solving the built-in example (standard input is read only when the puzzle is -: solverctl solve -)\n"; errOut.String() != want {
		t.Errorf("stderr = %q, want %q", errOut.String(), want)
	}
	if !strings.Contains(out.String(), "plain: "+seedSolution) {
		t.Errorf("output lacks the solution of the built-in example:\n%s", out.String())
	}
}

func TestJSON(t *testing.T) {
	t.Run("steps", func(t *testing.T) {
		out, _, err := runCLI(t, "", "steps", "--json", seedPuzzle)
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) < 2 {
			t.Fatalf("got %d lines, want steps then a result:\n%s", len(lines), out)
		}
		for i, line := range lines {
			var msg sudokuv1.SolveStepsResponse
			if err := protojson.Unmarshal([]byte(line), &msg); err != nil {
				t.Fatalf("line %d: %v: %s", i+1, err, line)
			}
			last := i == len(lines)-1
			if last && msg.GetResult().GetPlain() != seedSolution {
				t.Errorf("last line is not the solved result: %s", line)
			}
			if !last && msg.GetStep() == nil {
				t.Errorf("line %d is not a step: %s", i+1, line)
			}
		}
	})
	t.Run("solve", func(t *testing.T) {
		out, _, err := runCLI(t, "", "solve", "--json", "--steps", seedPuzzle)
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		if strings.Count(out, "\n") != 1 {
			t.Fatalf("want one line, got:\n%s", out)
		}
		var resp sudokuv1.SolveResponse
		if err := protojson.Unmarshal([]byte(out), &resp); err != nil {
			t.Fatal(err)
		}
		if resp.GetResult().GetPlain() != seedSolution || len(resp.GetSteps()) == 0 {
			t.Errorf("response lacks the solution or the steps: %s", out)
		}
	})
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		want     string // in the error
		wantCode int    // exit status
	}{
		{"malformed puzzle", []string{"solve", seedPuzzle[:80]}, "InvalidArgument", 1},
		{"malformed puzzle, steps", []string{"steps", seedPuzzle[:80]}, "InvalidArgument", 1},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`, 2},
		{"unknown help topic", []string{"help", "frobnicate"}, `unknown command "frobnicate"`, 2},
		{"bad flag", []string{"solve", "--order", "sideways", seedPuzzle}, `invalid value "sideways" for flag -order`, 2},
		{"undefined flag", []string{"steps", "--colour", seedPuzzle}, "flag provided but not defined: -colour", 2},
		{"bad global flag", []string{"--addr", "x", "solve"}, "flag provided but not defined: -addr", 2},
		{"two puzzles", []string{"solve", seedPuzzle, seedPuzzle}, "want one puzzle, got 2", 2},
		{"missing file", []string{"solve", "@/nonexistent/puzzle"}, "no such file", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err == nil {
				t.Fatalf("run succeeded, want an error; output:\n%s", out)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tt.want)
			}
			var msg bytes.Buffer
			if code := report(&msg, err); code != tt.wantCode {
				t.Errorf("exit status %d, want %d", code, tt.wantCode)
			}
			if !strings.HasPrefix(msg.String(), "solverctl: ") {
				t.Errorf("report printed %q", msg.String())
			}
		})
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"help"}, []string{"usage: solverctl", "solve", "steps"}},
		{[]string{"help", "help"}, []string{"usage: solverctl", "solve", "steps"}},
		{[]string{"-h"}, []string{"usage: solverctl", "solve", "steps"}},
		{[]string{"help", "solve"}, []string{"usage: solverctl solve", "-addr", "-check-multiple", "-steps"}},
		{[]string{"steps", "-h"}, []string{"usage: solverctl steps", "-json", "-timeout"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("usage lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestAddr talks to a service over TCP.
func TestAddr(t *testing.T) {
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	g := service.NewGRPC(service.New(service.DefaultConfig()), slog.New(slog.DiscardHandler))
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	addr := lis.Addr().String()

	for _, cmd := range []string{"solve", "steps"} {
		t.Run(cmd, func(t *testing.T) {
			out, _, err := runCLI(t, "", cmd, "--addr", addr, seedPuzzle)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if !strings.Contains(out, "plain: "+seedSolution) {
				t.Errorf("output lacks the solution:\n%s", out)
			}
		})
	}
	t.Run("malformed", func(t *testing.T) {
		_, _, err := runCLI(t, "", "solve", "--addr", addr, seedPuzzle[:80])
		if err == nil || !strings.Contains(err.Error(), "InvalidArgument") {
			t.Errorf("err = %v, want InvalidArgument", err)
		}
	})
}

// TestRequest checks the request the flags build, without a service.
func TestRequest(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want *sudokuv1.SolveOptions
		puz  *sudokuv1.Puzzle
	}{
		{
			name: "defaults",
			args: []string{"P"},
			want: &sudokuv1.SolveOptions{},
			puz:  &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "P"}},
		},
		{
			name: "check-multiple off",
			args: []string{"--check-multiple=false", "P"},
			want: &sudokuv1.SolveOptions{CheckMultiple: new(false)},
		},
		{
			name: "check-multiple on",
			args: []string{"P", "--check-multiple"},
			want: &sudokuv1.SolveOptions{CheckMultiple: new(true)},
		},
		{
			name: "everything",
			args: []string{
				"--type", "mixed", "--on-guess", "backtrack", "--order", "random", "--seed", "42",
				"--weight", "single", "--strategies", "A, hidden single, C", "--max-solutions", "5",
				"--max-nodes", "1000", "--max-steps", "99", "--format", "NXN", "--variant", "killer-jigsaw",
				"--charset", "#ABCD", "--map", "##AA", "--", "-P",
			},
			want: &sudokuv1.SolveOptions{
				SolvingType:  sudokuv1.SolvingType_SOLVING_TYPE_MIXED,
				OnGuess:      sudokuv1.OnGuess_ON_GUESS_BACKTRACK,
				GuessOrder:   sudokuv1.GuessOrder_GUESS_ORDER_RANDOM,
				RandomSeed:   42,
				CountWeight:  sudokuv1.CountWeight_COUNT_WEIGHT_SINGLE,
				Strategies:   []string{"A", "hidden single", "C"},
				MaxSolutions: 5,
				MaxNodes:     1000,
				MaxSteps:     99,
			},
			puz: &sudokuv1.Puzzle{
				Source:    &sudokuv1.Puzzle_Text{Text: "-P"},
				Format:    sudokuv1.Format_FORMAT_NXN,
				Variant:   sudokuv1.Variant_VARIANT_KILLER_JIGSAW,
				Charset:   "#ABCD",
				RegionMap: "##AA",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			f, puz, err := parseSolveArgs(context.Background(), &command{name: "solve"}, e, tt.args, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.options(); !protoEqual(got, tt.want) {
				t.Errorf("options = %v, want %v", got, tt.want)
			}
			if tt.puz != nil && !protoEqual(puz, tt.puz) {
				t.Errorf("puzzle = %v, want %v", puz, tt.puz)
			}
		})
	}
}

func TestUsageErrorsAreUsage(t *testing.T) {
	_, _, err := runCLI(t, "", "nope")
	if !errors.As(err, new(*usageError)) {
		t.Errorf("unknown command gives %T, want a usage error", err)
	}
}

func TestStrategies(t *testing.T) {
	out, _, err := runCLI(t, "", "strategies")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "LETTER") {
		t.Fatalf("no header: %q", lines[0])
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^A +Naked Single +Naked Single +easy +4 +2\.3 +0003$`),
		regexp.MustCompile(`(?m)^J +Basic Fish +X-Wing +hard +140 +3\.2 +0300$`),
		regexp.MustCompile(`(?m)^C +Guessing `),
	} {
		if !want.MatchString(out) {
			t.Errorf("no line matching %s in\n%s", want, out)
		}
	}
	for _, args := range [][]string{{"strategies", "extra"}, {"strategies", "--json", "--long"}} {
		if _, _, err := runCLI(t, "", args...); !errors.As(err, new(*usageError)) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
}

// TestStrategiesLong checks strategies --long: a block a strategy with
// its class, the variants the solver runs it on (by --variant names) and
// each technique's ratings and description, lines at most 100 columns;
// and that --json carries the variants and descriptions.
func TestStrategiesLong(t *testing.T) {
	out, _, err := runCLI(t, "", "strategies", "--long")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"A  Naked Single  [solution]\n   variants: all\n   Naked Single: easy, score 4, SE 2.3, HoDoKu 0003\n     An open cell with one candidate left takes that digit.\n\n",
		"B  Hidden Single  [solution]\n   variants: all but str8ts, str8ts-x, str8ts-b, str8ts-bx\n",
		"X  Cage Combinations  [elimination]\n   variants: killer, killer-jigsaw, killer-x, kenken, kendoku\n",
		"x  Compartment Range  [elimination]\n   variants: str8ts, str8ts-x, str8ts-b, str8ts-bx\n",
		"U  Unique Rectangles  [elimination; needs one solution]\n   variants: classic, x, windoku, colour, jigsaw\n",
		"   X-Wing: hard, score 140, SE 3.2, HoDoKu 0300\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > longWidth {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
		if strings.TrimRight(line, " ") != line {
			t.Errorf("line %d ends in a space: %q", i+1, line)
		}
	}
	out, _, err = runCLI(t, "", "strategies", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var resp sudokuv1.ListStrategiesResponse
	if err := protojson.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatal(err)
	}
	for _, st := range resp.GetStrategies() {
		if st.GetMethod() == "X" && !slices.Equal(st.GetVariants(), []sudokuv1.Variant{sudokuv1.Variant_VARIANT_KILLER, sudokuv1.Variant_VARIANT_KILLER_JIGSAW, sudokuv1.Variant_VARIANT_KENKEN, sudokuv1.Variant_VARIANT_KENDOKU, sudokuv1.Variant_VARIANT_KILLER_X}) {
			t.Errorf("--json: Cage Combinations runs on %v", st.GetVariants())
		}
		if st.GetMethod() == "A" && st.GetTechniques()[0].GetDescription() != "An open cell with one candidate left takes that digit." {
			t.Errorf("--json: Naked Single described %q", st.GetTechniques()[0].GetDescription())
		}
	}
}

// TestExitStatus checks that a solve's outcome decides the exit status,
// in text and in JSON, for solve and steps.
func TestExitStatus(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"solved", []string{"solve", smallPuzzleSolvable}, exitSolved},
		{"solved steps json", []string{"steps", "--json", smallPuzzleSolvable}, exitSolved},
		{"no solution", []string{"solve", "1200003000000000"}, exitNoSolution},
		{"no solution json", []string{"solve", "--json", "1200003000000000"}, exitNoSolution},
		{"multiple", []string{"steps", "0000000000000000"}, exitMultiple},
		{"multiple json", []string{"steps", "--json", "0000000000000000"}, exitMultiple},
		{"multiple, not counted", []string{"solve", "--check-multiple=false", "0000000000000000"}, exitSolved},
		{"stuck", []string{"steps", "--type", "logic", "--strategies", "A", hardPuzzle}, exitStuck},
		{"stuck json", []string{"solve", "--json", "--type", "logic", "--strategies", "A", hardPuzzle}, exitStuck},
		{"error", []string{"solve", "1100000000000000"}, exitError},
		{"usage", []string{"solve", "--seed", "7"}, exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			var errOut bytes.Buffer
			code := exitSolved
			if err != nil {
				code = report(&errOut, err)
			}
			if code != tt.want {
				t.Fatalf("exit status %d, want %d (err %v)\n%s", code, tt.want, err, out)
			}
			var oe *outcomeError
			if errors.As(err, &oe) && errOut.Len() > 0 {
				t.Errorf("an outcome printed %q to stderr; the result says it", errOut.String())
			}
		})
	}
}

// smallPuzzleSolvable is a 4×4 puzzle with one solution, in plain text.
const smallPuzzleSolvable = "0102000030400000"

// TestInvalidUTF8 checks that text that is not UTF-8 is refused before
// any call, as the service refuses it: InvalidArgument naming the field,
// exit status 1 (the marshalling of the request used to fail, Internal).
func TestInvalidUTF8(t *testing.T) {
	const reason = "not valid UTF-8 (byte %d is 0x%s); puzzle text is characters, not binary data\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"solve text", "", []string{"solve", "12\xff3"}, "solverctl: InvalidArgument: puzzle.text: " + fmt.Sprintf(reason, 2, "ff")},
		{"steps stdin", "\xc3(" + seedPuzzle, []string{"steps", "-"}, "solverctl: InvalidArgument: puzzle.text: " + fmt.Sprintf(reason, 0, "c3")},
		{"steps map", "", []string{"steps", "--map", "\xfe", smallPuzzleSolvable}, "solverctl: InvalidArgument: puzzle.region_map: " + fmt.Sprintf(reason, 0, "fe")},
		{"convert", "", []string{"convert", "--to", "plain", "\x80"}, "solverctl: InvalidArgument: puzzle.text: " + fmt.Sprintf(reason, 0, "80")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, tt.stdin, tt.args...)
			if err == nil {
				t.Fatalf("no error; output:\n%s", out)
			}
			var errOut bytes.Buffer
			if code := report(&errOut, err); code != exitError {
				t.Errorf("exit status %d, want %d", code, exitError)
			}
			if errOut.String() != tt.want {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.want)
			}
		})
	}
}

// TestIdleStrategiesNoted checks the note solve and steps print when a
// -strategies list names a strategy the solver does not run on the
// puzzle's variant (Hidden Single on a Str8ts), the variant named as the
// service names it, or one that needs the puzzle known unique where
// -check-multiple=false leaves it unknown, and that they print none when
// every one listed runs.
func TestIdleStrategiesNoted(t *testing.T) {
	const str8ts = "T9Bez0a7neyevbf7vey0a7v637n0a7r4b0j0a630a9n430abb0i4bbe9nezd70aeyevbf7vey0acvcv0ecu039b0acu070ad77neyevbf0aeyd7eyd67m0beu0a7uey0a7v0a0j7u7r0a7v7u630a075ud6d29m620bd6"
	const classic = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const x = "X9Bepep04epep05epepepepep01epep04epepepepepepep07ep04epep07epepep03epepepep03epepepep07epep05ep05ep06epepepep08epepepepep06epepepepep05epepepepepepepep02epepepepep09"
	const str8tsNote = "-strategies lists B (Hidden Single), which does not run on a Str8ts board"
	tests := []struct {
		name string
		args []string
		want string // the note; empty for none
	}{
		{"solve, Str8ts", []string{"solve", "--strategies", "A,B,C", str8ts}, str8tsNote},
		{"steps, Str8ts", []string{"steps", "--strategies", "B,A,C", str8ts}, str8tsNote},
		{"solve, Str8ts, listed twice", []string{"solve", "--strategies", "B,A,hidden single,C", str8ts}, str8tsNote},
		{"solve, X", []string{"solve", "--strategies", "A,B,C,X", x}, "-strategies lists X (Cage Combinations), which does not run on an X board"},
		{"solve, Str8ts, all run", []string{"solve", "--strategies", "A,C", str8ts}, ""},
		{"solve, classic", []string{"solve", "--strategies", "A,B,C", classic}, ""},
		{"solve, no list", []string{"solve", str8ts}, ""},
		{"solve, uniqueness unknown", []string{"solve", "--check-multiple=false", "--strategies", "A,B,U,C", classic},
			"-strategies lists U (Unique Rectangles), which does not run unless the puzzle is known to have one solution"},
		{"steps, uniqueness unknown", []string{"steps", "--check-multiple=false", "--strategies", "A,B,U,C", classic}, "U (Unique Rectangles), which does not run unless"},
		{"solve, uniqueness proved", []string{"solve", "--strategies", "A,B,U,C", classic}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, err := runCLI(t, "", tt.args...)
			if err != nil {
				t.Fatalf("%v; stderr %s", err, stderr)
			}
			noted := strings.Contains(stderr, "-strategies lists")
			if tt.want == "" && noted || tt.want != "" && !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q, want the note %q", stderr, tt.want)
			}
		})
	}
}

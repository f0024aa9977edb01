package main

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

var generateCLITests = []struct {
	name string
	args []string
	// first is a prefix of the first line; lines are prefixes of later
	// lines that must be printed.
	first string
	lines []string
}{
	{"default", []string{"generate", "--seed", "5"}, "S9B", []string{"difficulty: ", "minimal: yes", "seed: 5", "attempts: 1 (this puzzle came from attempt 1)"}},
	{"solution and level", []string{"generate", "--seed", "5", "--level", "medium", "--solution"}, "S9B", []string{"solution: ", "difficulty: Medium", "level met: yes"}},
	{"plain", []string{"generate", "--seed", "1", "--to", "plain", "--symmetry", "mirror"}, "", []string{"clues: "}},
	{"not minimal", []string{"generate", "--seed", "1", "--non-minimal", "--level", "easy"}, "S9B", []string{"minimal: no"}},
	{"2.0 header", []string{"generate", "--seed", "1", "--to", "S9B"}, "S9B", nil},
	{"killer", []string{"generate", "--variant", "killer", "--seed", "2"}, "L9B", []string{"seed: 2"}},
	{"kenken", []string{"generate", "--variant", "kenken", "--size", "4", "--seed", "2"}, "K4C", nil},
	{"killer of 5-cell cages", []string{"generate", "--variant", "killer", "--cage-size", "5", "--seed", "2", "--to", "killer-arrows"}, "M<<<<R<<<", []string{"clues: 0", "seed: 2"}},
	{"start", []string{"generate", "--mode", "start", "--to", "plain", seedPuzzle}, "", []string{"clues: "}},
	{"no guessing asked", []string{"generate", "--seed", "5", "--no-guessing"}, "S9B", []string{"level met: yes", "solved without guessing: yes"}},
	{"json", []string{"generate", "--seed", "5", "--to", "json"}, `{"size":`, []string{"seed: 5"}},
	{"base on a map alone", []string{"generate", "--mode", "base", "--charset", smallCharset, "--map", smallMap, "--to", "nxn", "--solution"}, "#ABCD", []string{"solution: "}},
}

func TestGenerate(t *testing.T) {
	for _, tt := range generateCLITests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if !strings.HasPrefix(lines[0], tt.first) {
				t.Errorf("first line %q, want prefix %q", lines[0], tt.first)
			}
			for _, want := range tt.lines {
				found := false
				for _, l := range lines {
					found = found || strings.HasPrefix(l, want)
				}
				if !found {
					t.Errorf("no line starts with %q in:\n%s", want, out)
				}
			}
		})
	}
}

// TestGenerateNoLevel: without a level (or -no-guessing) asked, no "level
// met" line claims one was met.
func TestGenerateNoLevel(t *testing.T) {
	out, _, err := runCLI(t, "", "generate", "--seed", "5")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "level met") {
		t.Errorf("a level met line without a level asked:\n%s", out)
	}
}

// TestGenerateJSONBoard: --to json prints the board as protojson on the
// first line, as convert --to json does, and it reads back as a puzzle.
func TestGenerateJSONBoard(t *testing.T) {
	out, _, err := runCLI(t, "", "generate", "--seed", "5", "--to", "json")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(out, "\n")
	var b sudokuv1.Board
	if err := protojson.Unmarshal([]byte(first), &b); err != nil || b.GetSize() != 9 || len(b.GetCells()) != 81 {
		t.Fatalf("first line %q: %v, want a 9×9 board", first, err)
	}
	if out, _, err := runCLI(t, "", "solve", first); err != nil || !strings.Contains(out, "status: solved") {
		t.Errorf("solving the board printed: %v\n%s", err, out)
	}
}

func TestGenerateSolutionLine(t *testing.T) {
	out, _, err := runCLI(t, "", "generate", "--seed", "3", "--to", "plain", "--solution")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	puzzle, solution := lines[0], strings.TrimPrefix(lines[1], "solution: ")
	if len(puzzle) != 81 || len(solution) != 81 {
		t.Fatalf("puzzle %q, solution %q, want 81 cells each", puzzle, solution)
	}
	for i := range puzzle {
		if puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != solution[i] {
			t.Fatalf("clue %c at %d differs from the solution's %c", puzzle[i], i, solution[i])
		}
	}
	// The same seed gives the same puzzle.
	again, _, err := runCLI(t, "", "generate", "--seed", "3", "--to", "plain", "--solution")
	if err != nil || again != out {
		t.Errorf("second run gave %q (%v), want %q", again, err, out)
	}
}

func TestGenerateJSON(t *testing.T) {
	out, _, err := runCLI(t, "", "generate", "--seed", "4", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var resp sudokuv1.GenerateResponse
	if err := protojson.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if resp.GetSeed() != 4 || resp.GetClues() == 0 || resp.GetSolution() != nil {
		t.Errorf("seed %d, %d clues, solution %v; want seed 4, clues, no solution", resp.GetSeed(), resp.GetClues(), resp.GetSolution())
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		usage bool   // whether it is a bad command line
		want  string // in the error
	}{
		{"bad level", []string{"generate", "--level", "insane"}, true, "want one of"},
		{"unknown variant", []string{"generate", "--variant", "str9ts"}, true, "want one of auto, classic"},
		{"bad format", []string{"generate", "--to", "yaml"}, true, "unknown format"},
		// Known before the call for a new puzzle (TestGenerateHeaderRefusedFirst);
		// a puzzle to start from has its own variant and size, told after.
		{"header of another variant", []string{"generate", "--variant", "killer", "--to", "s9b"}, true, "is written L9B"},
		{"header of another variant, start", []string{"generate", "--mode", "start", "--to", "x9b", seedPuzzle}, false, "header is S9B"},
		{"puzzle in new mode", []string{"generate", seedPuzzle}, true, "--mode base or start"},
		{"start without puzzle", []string{"generate", "--mode", "start"}, true, "needs a puzzle"},
		// Read as no puzzle, an empty input made a new classic puzzle.
		{"base from empty input", []string{"generate", "--mode", "base", "-"}, false, "reading standard input: it is empty"},
		{"base from a blank argument", []string{"generate", "--mode", "base", ""}, false, "generate: the argument is blank"},
		{"map in new mode", []string{"generate", "--map", "1122112233443344"}, true, "-map is read with --mode base"},
		{"two puzzles", []string{"generate", "--mode", "start", seedPuzzle, seedPuzzle}, true, "at most one"},
		// Options no puzzle can meet, refused before any call as the
		// service refuses them (service.CheckGenerateOptions).
		{"size without boxes", []string{"generate", "--size", "7"}, true, "-size: size 7 has no regular boxes"},
		{"cage size of a classic", []string{"generate", "--cage-size", "5"}, true, "-cage-size: a cage size applies to killer puzzles, not classic"},
		{"bad cage size", []string{"generate", "--cage-size", "five"}, true, "cage-size"},
		{"cage of every digit", []string{"generate", "--variant", "killer", "--cage-size", "9"}, true, "-cage-size: cage size 9: every cage would hold all 9 digits and sum to 45"},
		{"cage size with start", []string{"generate", "--mode", "start", "--cage-size", "3", seedPuzzle}, true, "-cage-size applies to new puzzles (-mode new), not to -mode start"},
		{"minimal only with non-minimal", []string{"generate", "--minimal-only", "--non-minimal"}, true, "-minimal-only cannot go with -non-minimal"},
		{"Windoku of 6", []string{"generate", "--variant", "windoku", "--size", "6"}, true, "-variant: Windoku needs square regular boxes"},
		{"killer X of 16", []string{"generate", "--variant", "killer-x", "--size", "16"}, true, "-size: size 16 is out of range 9..9 for killer X puzzles"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
			if usage := errors.As(err, new(*usageError)); usage != tt.usage {
				t.Errorf("usage error %v, want %v", usage, tt.usage)
			}
		})
	}
	out, _, err := runCLI(t, "", "help", "generate")
	if err != nil || !strings.Contains(out, "--mode") && !strings.Contains(out, "-mode") {
		t.Errorf("help generate: %v\n%s", err, out)
	}
}

// TestLevelNote checks when generate advises --non-minimal: a minimal
// puzzle that missed the level by being harder, or that came ungraded.
func TestLevelNote(t *testing.T) {
	const (
		none    = sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED
		easy    = sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY
		hard    = sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD
		extreme = sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME
	)
	tests := []struct {
		name         string
		asked, got   sudokuv1.DifficultyLevel
		met, minimal bool
		kept, only   bool   // kept_for_level in the answer, minimal_only asked
		want         string // a part of the note; "" for none
	}{
		{"too hard", easy, hard, false, true, false, false, "--non-minimal keeps"},
		{"ungraded", easy, none, false, true, false, false, "--non-minimal keeps"},
		{"too easy", extreme, hard, false, true, false, false, ""},
		{"met", hard, hard, true, true, false, false, ""},
		{"not minimal", easy, hard, false, false, false, false, ""},
		{"no level asked", none, hard, true, true, false, false, ""},
		// Clues were kept already: --non-minimal would add nothing.
		{"kept, proved minimal, too hard", easy, hard, false, true, true, false, ""},
		// --non-minimal cannot go with --minimal-only.
		{"minimal only", easy, hard, false, true, false, true, "without --minimal-only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := &sudokuv1.GenerateRequest{Level: tt.asked, MinimalOnly: tt.only}
			resp := &sudokuv1.GenerateResponse{LevelMet: tt.met, Minimal: tt.minimal, KeptForLevel: tt.kept}
			if tt.got != none {
				resp.Difficulty = &sudokuv1.Difficulty{Level: tt.got}
			}
			got := levelNote(req, resp)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("levelNote = %q, want one with %q", got, tt.want)
			}
		})
	}
}

// TestPrintGeneratedUnrated: a puzzle whose grading the deadline cut
// says why it is unrated, and what grades it.
func TestPrintGeneratedUnrated(t *testing.T) {
	tests := []struct {
		name       string
		difficulty *sudokuv1.Difficulty
		want       string
	}{
		{"ungraded", nil, "difficulty: unrated (its grading did not finish before the deadline; a longer --timeout, or solverctl solve, grades it)\n"},
		{"graded", &sudokuv1.Difficulty{Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD, Stars: 3, Score: 420, HardestStrategy: "X-Wing"},
			"difficulty: Hard (3 stars, score 420, hardest: X-Wing)\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := printGenerated(&b, "puzzle", &sudokuv1.GenerateResponse{Difficulty: tt.difficulty}, "", false); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%s: printed\n%s\nwant a line %q", tt.name, b.String(), tt.want)
		}
	}
}

// TestPrintGeneratedKept: a puzzle that keeps clues for its level says so
// on its minimal line, and that its seed makes it again with
// --non-minimal; one proved minimal says neither.
func TestPrintGeneratedKept(t *testing.T) {
	tests := []struct {
		name string
		resp *sudokuv1.GenerateResponse
		want []string
	}{
		{"kept", &sudokuv1.GenerateResponse{KeptForLevel: true, Seed: 7, LevelMet: true},
			[]string{"minimal: no (no minimal puzzle came at the level asked, so this one keeps the clues it needs)\n", "seed: 7 (with --non-minimal and the same options it makes this puzzle again, given time enough)\n"}},
		{"minimal", &sudokuv1.GenerateResponse{Minimal: true, Seed: 7, LevelMet: true}, []string{"minimal: yes\n", "seed: 7\n"}},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := printGenerated(&b, "puzzle", tt.resp, "", true); err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: printed\n%s\nwant a line %q", tt.name, b.String(), w)
			}
		}
	}
}

// TestGenerateDefaultSizeHelp: -size's help says what size a new puzzle of
// each variant has when -size is left at 0, and generate makes that size
// (a KenDoku is 6×6, as a KenKen is; the help said 9).
func TestGenerateDefaultSizeHelp(t *testing.T) {
	stdout, stderr, err := runCLI(t, "", "generate", "--help")
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("generate --help: %v", err)
	}
	help := stdout + stderr
	_, clause, ok := strings.Cut(help, "0 means ")
	if !ok {
		t.Fatalf("-size's help names no default:\n%s", help)
	}
	clause, _, _ = strings.Cut(clause, "\n")
	six := ""
	if _, after, ok := strings.Cut(clause, "or 6 for "); ok {
		six = after
	}
	tests := []struct {
		variant, name string
	}{
		{"classic", "classic"},
		{"killer", "killer"},
		{"kenken", "KenKen"},
		{"kendoku", "KenDoku"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			out, _, err := runCLI(t, "", "generate", "--variant", tt.variant, "--seed", "1", "--to", "json")
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			var board sudokuv1.Board
			if err := protojson.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &board); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			helped := uint32(9)
			if strings.Contains(six, tt.name) {
				helped = 6
			}
			if board.GetSize() != helped {
				t.Errorf("a new %s is %d×%d; -size's help (0 means %s) says %d", tt.variant, board.GetSize(), board.GetSize(), clause, helped)
			}
		})
	}
}

// TestGenerateCharset: a new puzzle written in the N×N form is written in
// -charset's symbols, as convert --to nxn writes it and as the solution
// line is (the puzzle came in 0-9, without its charset line, while the
// solution came in the charset).
func TestGenerateCharset(t *testing.T) {
	tests := []struct {
		to    string
		first string // the first line
	}{
		{"nxn", "#ABCD"},
	}
	for _, tt := range tests {
		t.Run(tt.to, func(t *testing.T) {
			out, stderr, err := runCLI(t, "", "generate", "--size", "4", "--seed", "2", "--solution", "--charset", "#ABCD", "--to", tt.to)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			puzzle, _, _ := strings.Cut(out, "solution: ")
			if tt.first != "" && !strings.HasPrefix(puzzle, tt.first+"\n") {
				t.Errorf("first line is not the charset %s:\n%s", tt.first, out)
			}
			if strings.ContainsAny(puzzle, "01234") {
				t.Errorf("the puzzle is not written in the charset #ABCD:\n%s", out)
			}
			if !strings.Contains(puzzle, "A") && !strings.Contains(puzzle, "B") && !strings.Contains(puzzle, "C") && !strings.Contains(puzzle, "D") {
				t.Errorf("the puzzle has no clue in the charset #ABCD:\n%s", out)
			}
			// It reads back with the charset, as the same puzzle.
			back, stderr, err := runCLI(t, puzzle, "solve", "--charset", "#ABCD", "-")
			if err != nil {
				t.Fatalf("solve --charset #ABCD of the puzzle: %v\n%s", err, stderr)
			}
			_, sol, _ := strings.Cut(out, "solution: ")
			sol, _, _ = strings.Cut(sol, "\n")
			if !strings.Contains(back, "plain: "+sol+"\n") {
				t.Errorf("the puzzle solves to other than its solution %s:\n%s", sol, back)
			}
		})
	}
}

// TestGenerateKillerV1CluesNote: a new killer's clues written in a killer
// v1 string (or a killer jigsaw's jigsaw v1 string, which holds one) read
// back as digits found, which generate notes on standard error as convert
// does; a 2.0 string keeps them, and generate says nothing.
func TestGenerateKillerV1CluesNote(t *testing.T) {
	const note = "solverctl: note: a killer v1 string tells no clue from a digit found: 4 clues written as solved digits"
	tests := []struct {
		to   string
		want string
	}{
		{"killer-v1", note},
		{"l9b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.to, func(t *testing.T) {
			// Seed 1 draws a killer of 4 clues at its first attempt.
			out, stderr, err := runCLI(t, "", "generate", "--variant", "killer", "--seed", "1", "--to", tt.to)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			if !strings.Contains(out, "\nclues: 4\n") {
				t.Fatalf("seed 1 no longer draws a killer of 4 clues:\n%s", out)
			}
			if got := strings.Contains(stderr, "tells no clue"); got != (tt.want != "") || !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q, want %q", stderr, tt.want)
			}
		})
	}
}

// TestGenerateTimeoutHelp: generate's -timeout says what its deadline
// does to a generation, not to a solve: the closest puzzle comes back when
// it passes, and without one (0) in-process, where no cap of nodes or
// steps ends the retries, a level no puzzle meets is looked for until
// interrupted (the help spoke of a solve bounded by the service's caps).
func TestGenerateTimeoutHelp(t *testing.T) {
	stdout, stderr, err := runCLI(t, "", "generate", "--help")
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("generate --help: %v", err)
	}
	_, usage, ok := strings.Cut(stdout+stderr, "\n  -timeout duration\n")
	if !ok {
		t.Fatalf("no -timeout in:\n%s", stdout+stderr)
	}
	usage, _, _ = strings.Cut(usage, "\n  -")
	for _, want := range []string{"closest puzzle", "until interrupted", "(default 30s)"} {
		if !strings.Contains(usage, want) {
			t.Errorf("-timeout's help does not say %q:\n%s", want, usage)
		}
	}
	if strings.Contains(usage, "the solve") {
		t.Errorf("-timeout's help speaks of a solve:\n%s", usage)
	}
}

// TestGenerateHeaderRefusedFirst: a --to 2.0 header that the new puzzle's
// variant and size do not write is refused before any call, as a bad
// command line (--size 25 --to s9b generated a 25×25 for seconds, then
// refused its SPB string); the header they write is taken.
func TestGenerateHeaderRefusedFirst(t *testing.T) {
	tests := []struct {
		args []string
		want string // "" for no error
	}{
		{[]string{"--size", "25", "--to", "s9b"}, "generate: -to S9B cannot apply: a new classic puzzle of size 25 is written SPB"},
		{[]string{"--variant", "killer", "--to", "S9B"}, "generate: -to S9B cannot apply: a new killer puzzle of size 9 is written L9B"},
		{[]string{"--variant", "kendoku", "--to", "d9c"}, "generate: -to D9C cannot apply: a new KenDoku puzzle of size 6 is written D6C"},
		{[]string{"--size", "4", "--to", "s4b"}, ""},
		{[]string{"--variant", "kenken", "--size", "4", "--to", "K4C"}, ""},
		// A puzzle given without --mode base is the mistake, not the
		// header of a new puzzle it was never meant to be.
		{[]string{"--to", "l9b", "L9B0jdd00ep00ep"}, "generate: a puzzle is only read with --mode base or start"},
		{[]string{"--to", "l9b", "--map", "1111"}, "generate: -map is read with --mode base"},
		{[]string{"--to", "l9b", "A", "B"}, "generate: want at most one puzzle, got 2 arguments"},
		// A variant of no 2.0 string: the service refused format v2.
		{[]string{"--variant", "killer-x", "--to", "l9b"}, "generate: -to L9B cannot apply: a new killer X puzzle has no 2.0 string"},
		// A charset too short for the new puzzle's symbols: a bad command
		// line, not the service's InvalidArgument (exit status 1).
		{[]string{"--charset", "12345678"}, `generate: -charset: charset "12345678" has symbols for 1..7, the puzzle needs 1..9`},
		{[]string{"--size", "16", "--charset", "0123456789ABCDE"}, "generate: -charset: charset \"0123456789ABCDE\" has symbols for 1..14, the puzzle needs 1..16"},
		{[]string{"--size", "4", "--charset", ".ABCD"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, stderr, err := runCLI(t, "", append([]string{"generate", "--seed", "1"}, tt.args...)...)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("%v\n%s", err, stderr)
			case tt.want == "":
				return
			case err == nil:
				t.Fatalf("no error; printed:\n%s", out)
			case !strings.Contains(err.Error(), tt.want) || !errors.As(err, new(*usageError)):
				t.Errorf("err = %v (%T), want %q, a bad command line (exit status 2)", err, err, tt.want)
			}
		})
	}
}

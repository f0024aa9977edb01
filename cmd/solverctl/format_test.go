package main

import (
	"bytes"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

func protoEqual(a, b proto.Message) bool { return proto.Equal(a, b) }

// board returns a board of the given values, size the square root of
// their number.
func board(values []uint32, variant sudokuv1.Variant, regions []uint32) *sudokuv1.Board {
	n := 0
	for (n+1)*(n+1) <= len(values) {
		n++
	}
	b := &sudokuv1.Board{Size: uint32(n), Variant: variant, Regions: regions}
	for _, v := range values {
		b.Cells = append(b.Cells, &sudokuv1.Cell{Value: v})
	}
	return b
}

func seq(n int, f func(i int) uint32) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

func TestStepLine(t *testing.T) {
	nested := &sudokuv1.Step{
		Index: 7, Method: "O2", Strategy: "Nested Cage Contradiction",
		Eliminations: []*sudokuv1.Elimination{{Cell: 40, Digit: 7}},
		Explanation:  "Nested Cage Contradiction: if r5c5 were 7: r4c6=2, r3c3<>4 (if it were 4: r2c4=1; then 1 has no place left in row 1); then cage 11+ at r4c1 has no filling; so r5c5<>7",
		Outline: []*sudokuv1.ExplanationLine{
			{Depth: 0, Text: "Nested Cage Contradiction: if r5c5 were 7:"},
			{Depth: 1, Text: "r4c6=2"},
			{Depth: 1, Text: "r3c3<>4, since if it were 4:"},
			{Depth: 2, Text: "r2c4=1"},
			{Depth: 2, Text: "then 1 has no place left in row 1"},
			{Depth: 1, Text: "then cage 11+ at r4c1 has no filling"},
			{Depth: 0, Text: "so r5c5<>7"},
		},
	}
	tests := []struct {
		name    string
		step    *sudokuv1.Step
		oneLine bool
		want    string
	}{
		{
			name: "outline",
			step: nested,
			want: "   7  O2 Nested Cage Contradiction  r5c5-7\n" +
				"      Nested Cage Contradiction: if r5c5 were 7:\n" +
				"        r4c6=2\n" +
				"        r3c3<>4, since if it were 4:\n" +
				"          r2c4=1\n" +
				"          then 1 has no place left in row 1\n" +
				"        then cage 11+ at r4c1 has no filling\n" +
				"      so r5c5<>7\n",
		},
		{
			name:    "outline in one line",
			step:    nested,
			oneLine: true,
			want:    "   7  O2 Nested Cage Contradiction  r5c5-7            " + nested.Explanation + "\n",
		},
		{
			name: "placement",
			step: &sudokuv1.Step{
				Index: 12, Method: "B", Strategy: "Hidden Single",
				Placements:  []*sudokuv1.Placement{{Cell: 21, Digit: 5}},
				Explanation: "5 can only go in r3c4 within box 2",
				Board:       "S9B0d0i",
			},
			want: "  12  B  Hidden Single     r3c4=5            5 can only go in r3c4 within box 2\n",
		},
		{
			name: "eliminations on 16x16",
			step: &sudokuv1.Step{
				Index: 3, Method: "C", Strategy: "Backtrack", Kind: sudokuv1.StepKind_STEP_KIND_BACKTRACK,
				Eliminations: []*sudokuv1.Elimination{{Cell: 17, Digit: 12}, {Cell: 255, Digit: 1}},
				Board:        "SGB",
			},
			want: "   3  C  Backtrack         r2c2-C,r16c16-1\n",
		},
		{
			name: "both, size unknown",
			step: &sudokuv1.Step{
				Index: 1, Method: "C", Strategy: "Guess",
				Placements:   []*sudokuv1.Placement{{Cell: 80, Digit: 9}},
				Eliminations: []*sudokuv1.Elimination{{Cell: 0, Digit: 1}},
				Explanation:  "try 9",
			},
			want: "   1  C  Guess             r9c9=9 r1c1-1     try 9\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := newStepPrinter(&b, resultView{}, tt.oneLine).print(tt.step); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got  %q\nwant %q", b.String(), tt.want)
			}
		})
	}
}

func TestPrintResult(t *testing.T) {
	r := &sudokuv1.SolveResult{
		Status:        sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS,
		Board:         board(seq(16, func(i int) uint32 { return uint32(i%4 + 1) }), 0, nil),
		Plain:         "1234123412341234",
		Packed:        "S4B...",
		SolutionCount: 2,
		StepCount:     7,
		GuessCount:    1,
		Difficulty: &sudokuv1.Difficulty{
			Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME, Stars: 5, Score: 900, HardestStrategy: "Guessing",
		},
		OtherSolutions: []string{"4321432143214321"},
	}
	var b bytes.Buffer
	if err := printResult(&b, r, resultView{}); err != nil {
		t.Fatal(err)
	}
	want := "status: multiple solutions\n" +
		"1 2 | 3 4\n1 2 | 3 4\n----+----\n1 2 | 3 4\n1 2 | 3 4\n" +
		"solutions: 2\ncount complete: no\nsteps: 7\nguesses: 1\n" +
		"difficulty: Extreme (5 stars, score 900, hardest: Guessing)\n" +
		"plain: 1234123412341234\npacked: S4B...\nother solution: 4321432143214321\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	// A solve whose logic ran out of its share of the deadline says that
	// its rating is the run's.
	r.LogicShareSpent = true
	b.Reset()
	if err := printResult(&b, r, resultView{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "guesses: 1\ndifficulty: Extreme (5 stars, score 900, hardest: Guessing)\ncut short: logic ran out of its half of --timeout") {
		t.Errorf("logic's share spent: got\n%s", b.String())
	}
}

func TestReport(t *testing.T) {
	st, err := status.New(codes.InvalidArgument, "bad puzzle").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: "puzzle.text", Description: "found 80 cells"},
			{Field: "options.max_steps", Description: "too many"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	one, err := status.New(codes.InvalidArgument, "puzzle.text: found 80 cells").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "puzzle.text", Description: "found 80 cells"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		err  error
		want string
		code int
	}{
		{"bad request", st.Err(), "solverctl: InvalidArgument: bad puzzle\n  puzzle.text: found 80 cells\n  options.max_steps: too many\n", 1},
		{"one field, said once", one.Err(), "solverctl: InvalidArgument: puzzle.text: found 80 cells\n", 1},
		{"plain status", status.Error(codes.Unavailable, "connection refused"), "solverctl: Unavailable: connection refused\n", 1},
		{"usage", usageErrorf("unknown command %q", "x"), "solverctl: unknown command \"x\"\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if code := report(&b, tt.err); code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			if b.String() != tt.want {
				t.Errorf("got %q, want %q", b.String(), tt.want)
			}
		})
	}
}

func TestPackedSize(t *testing.T) {
	for packed, want := range map[string]int{"S9B": 9, "SGB0": 16, "J9B": 9, "K6C": 6, "S4B8": 4, "": 0, "S": 0, "S!B": 0} {
		got, ok := packedSize(packed)
		if got != want || ok != (want != 0) {
			t.Errorf("packedSize(%q) = %d, %v; want %d", packed, got, ok, want)
		}
	}
}

// TestStepLineCharset: digits print as the puzzle's symbols.
func TestStepLineCharset(t *testing.T) {
	var b bytes.Buffer
	step := &sudokuv1.Step{
		Index: 1, Method: "A", Strategy: "Naked Single", Board: "S4B",
		Placements:  []*sudokuv1.Placement{{Cell: 0, Digit: 4}},
		Explanation: "D is the only candidate left in r1c1",
	}
	if err := newStepPrinter(&b, resultView{charset: "#ABCD"}, false).print(step); err != nil {
		t.Fatal(err)
	}
	if want := "   1  A  Naked Single      r1c1=D            D is the only candidate left in r1c1\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestDifficultyLine checks the difficulty line of solve and steps: a
// puzzle without a solution has no difficulty, whatever steps the solve
// took before its contradiction, and says so rather than print a rating
// or "unrated".
func TestDifficultyLine(t *testing.T) {
	// seedEasy with r2c2 made 2: three singles, then 2 has no place in row 3.
	const noSolution = "000000000020040010301506408000000000060010040105709803000000000030070020204805709"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"solved", []string{"solve", "000000000070040010301506408000000000060010040105709803000000000030070020204805709"},
			"difficulty: Easy (1 star, score "},
		{"no solution after steps", []string{"solve", noSolution}, "difficulty: none (no solution)\n"},
		{"no solution after steps, steps", []string{"steps", noSolution}, "difficulty: none (no solution)\n"},
		{"no solution at once", []string{"solve", "1200003000000000"}, "difficulty: none (no solution)\n"},
		{"multiple solutions", []string{"solve", "0000000000000000"}, "difficulty: Extreme ("},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, _ := runCLI(t, "", tt.args...)
			if !strings.Contains(out, "\n"+tt.want) {
				t.Errorf("output lacks %q:\n%s", tt.want, out)
			}
		})
	}
}

package service

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// solveText solves a puzzle through SolveSteps and returns the result.
func solveText(t *testing.T, client sudokuv1.SudokuServiceClient, text string) *sudokuv1.SolveResult {
	t.Helper()
	_, res := solveSteps(t, client, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(text)})
	return res
}

var generateTests = []struct {
	name string
	req  *sudokuv1.GenerateRequest
	// header is the 2.0 header the text starts with ("" for other formats).
	header string
}{
	{"default", &sudokuv1.GenerateRequest{Seed: 1}, "S9B"},
	{"hard", &sudokuv1.GenerateRequest{Seed: 1, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD}, "S9B"},
	{"rotational", &sudokuv1.GenerateRequest{Seed: 2, Symmetry: sudokuv1.Symmetry_SYMMETRY_ROTATIONAL}, "S9B"},
	{"16×16", &sudokuv1.GenerateRequest{Seed: 3, Size: 16}, "SGB"},
	{"X", &sudokuv1.GenerateRequest{Seed: 3, Variant: sudokuv1.Variant_VARIANT_X}, "X9B"},
	{"jigsaw", &sudokuv1.GenerateRequest{Seed: 3, Variant: sudokuv1.Variant_VARIANT_JIGSAW}, "J9B"},
	{"killer", &sudokuv1.GenerateRequest{Seed: 3, Variant: sudokuv1.Variant_VARIANT_KILLER}, "L9B"},
	{"KenKen", &sudokuv1.GenerateRequest{Seed: 3, Variant: sudokuv1.Variant_VARIANT_KENKEN}, "K6C"},
	// Its first cage layout of this seed needed a clue, which SudoCue's
	// form, killer X's one text, cannot hold.
	{"killer X, cages alone", &sudokuv1.GenerateRequest{Seed: 5056, Variant: sudokuv1.Variant_VARIANT_KILLER_X, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY}, "3x3:d:k:"},
	{"killer of 5-cell cages", &sudokuv1.GenerateRequest{Seed: 2, Variant: sudokuv1.Variant_VARIANT_KILLER, CageSize: 5}, "L9B"},
	{"plain", &sudokuv1.GenerateRequest{Seed: 4, Format: sudokuv1.Format_FORMAT_PLAIN}, ""},
	{"start from", &sudokuv1.GenerateRequest{Seed: 5, Mode: sudokuv1.GenerateMode_GENERATE_MODE_START_FROM, Puzzle: textPuzzle(seedHard)}, "S9B"},
	{"base on map", &sudokuv1.GenerateRequest{Seed: 6, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
		Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}}, "J9B"},
	{"map alone", &sudokuv1.GenerateRequest{Seed: 6, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
		Puzzle: &sudokuv1.Puzzle{RegionMap: seedJigsawMap}}, "J9B"},
	// Classic with an irregular map is its jigsaw form, as Solve reads it.
	{"map alone, variant classic", &sudokuv1.GenerateRequest{Seed: 6, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
		Variant: sudokuv1.Variant_VARIANT_CLASSIC, Puzzle: &sudokuv1.Puzzle{RegionMap: seedJigsawMap}}, "J9B"},
	{"base on map, variant classic", &sudokuv1.GenerateRequest{Seed: 6, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
		Variant: sudokuv1.Variant_VARIANT_CLASSIC, Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedJigsaw}, RegionMap: seedJigsawMap}}, "J9B"},
	{"charset", &sudokuv1.GenerateRequest{Seed: 7, Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP, Format: sudokuv1.Format_FORMAT_NXN,
		Puzzle: &sudokuv1.Puzzle{Charset: seedSmallCharst, RegionMap: seedSmallMap}}, ""},
}

// TestGenerate checks that generated puzzles are unique (the solution
// comes back from SolveSteps, which proves it unique), graded as Rate
// grades them, and in the format asked for.
func TestGenerate(t *testing.T) {
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute}) // see TestGenerateSolveSteps
	for _, tt := range generateTests {
		t.Run(tt.name, func(t *testing.T) {
			req := proto.CloneOf(tt.req)
			req.IncludeSolution = true
			resp, err := client.Generate(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(resp.GetText(), tt.header) {
				t.Errorf("text %.20q…, want header %q", resp.GetText(), tt.header)
			}
			if !resp.GetLevelMet() || resp.GetSeed() == 0 || resp.GetDifficulty() == nil {
				t.Errorf("level met %v, seed %d, difficulty %v; want met, a seed, a grade", resp.GetLevelMet(), resp.GetSeed(), resp.GetDifficulty())
			}
			if want := tt.req.GetLevel(); want != 0 && resp.GetDifficulty().GetLevel() != want {
				t.Errorf("level %s, want %s", resp.GetDifficulty().GetLevel(), want)
			}
			clues := 0
			for _, c := range resp.GetBoard().GetCells() {
				if c.GetGiven() {
					clues++
				}
			}
			if uint32(clues) != resp.GetClues() {
				t.Errorf("clues = %d, the board has %d", resp.GetClues(), clues)
			}
			puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: resp.GetText()}, Charset: tt.req.GetPuzzle().GetCharset()}
			if tt.req.GetFormat() == sudokuv1.Format_FORMAT_PLAIN {
				puzzle.Format = sudokuv1.Format_FORMAT_PLAIN
			}
			res, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: puzzle})
			if err != nil {
				t.Fatal(err)
			}
			if res.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || !res.GetResult().GetCountComplete() {
				t.Fatalf("the text solves to %s (count complete %v), want one solution", res.GetResult().GetStatus(), res.GetResult().GetCountComplete())
			}
			for i, c := range res.GetResult().GetBoard().GetCells() {
				if c.GetValue() != resp.GetSolution().GetCells()[i].GetValue() {
					t.Fatalf("cell %d: solved %d, the solution returned has %d", i, c.GetValue(), resp.GetSolution().GetCells()[i].GetValue())
				}
			}
			rate, err := client.Rate(context.Background(), &sudokuv1.RateRequest{Puzzle: puzzle})
			if err != nil {
				t.Fatal(err)
			}
			if !proto.Equal(rate.GetDifficulty(), resp.GetDifficulty()) || rate.GetSolvedWithoutGuessing() != resp.GetSolvedWithoutGuessing() {
				t.Errorf("Rate gives %v (no guessing %v), Generate said %v (%v)", rate.GetDifficulty(), rate.GetSolvedWithoutGuessing(), resp.GetDifficulty(), resp.GetSolvedWithoutGuessing())
			}
		})
	}
}

// TestGenerateSolveSteps checks that generated variant puzzles solve
// through SolveSteps.
func TestGenerateSolveSteps(t *testing.T) {
	// Counting the solutions of a killer without givens takes the generic
	// search about a second, and far longer under the race detector.
	client := newClient(t, Config{DefaultTimeout: 5 * time.Minute})
	for _, v := range []sudokuv1.Variant{sudokuv1.Variant_VARIANT_JIGSAW, sudokuv1.Variant_VARIANT_KILLER, sudokuv1.Variant_VARIANT_KENKEN} {
		resp, err := client.Generate(context.Background(), &sudokuv1.GenerateRequest{Variant: v, Seed: 11, IncludeSolution: true})
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		res := solveText(t, client, resp.GetText())
		if res.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || res.GetSolutionCount() != 1 || !res.GetCountComplete() {
			t.Errorf("%s: %s with %d solutions (complete %v), want one", v, res.GetStatus(), res.GetSolutionCount(), res.GetCountComplete())
		}
	}
}

func TestGenerateSameSeed(t *testing.T) {
	client := newClient(t, Config{})
	req := &sudokuv1.GenerateRequest{Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_MEDIUM}
	first, err := client.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	req.Seed = first.GetSeed()
	again, err := client.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if again.GetText() != first.GetText() || again.GetAttempts() != 0 {
		t.Errorf("seed %d gave %s at attempt %d, want %s at attempt 0", req.Seed, again.GetText(), again.GetAttempts(), first.GetText())
	}
}

func TestGenerateDeadline(t *testing.T) {
	// A 4×4 X graded with singles alone is never Hard (engine/generate's
	// TestSmallBoardsEasy): the closest puzzle comes back in time.
	client := newClient(t, Config{DefaultTimeout: 500 * time.Millisecond})
	start := time.Now()
	resp, err := client.Generate(context.Background(), &sudokuv1.GenerateRequest{Size: 4, Variant: sudokuv1.Variant_VARIANT_X,
		Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD, Strategies: []string{"A", "B"}})
	if err != nil {
		t.Fatal(err)
	}
	// Past the deadline the call would have failed above; the bound only
	// catches a hang.
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("took %v with a 500ms default deadline", elapsed)
	}
	if resp.GetLevelMet() || resp.GetDifficulty().GetLevel() == sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_HARD {
		t.Errorf("level met %v at %s, want the closest, not met", resp.GetLevelMet(), resp.GetDifficulty().GetLevel())
	}
	if _, _, err := codec.Decode(resp.GetText(), codec.DecodeOptions{}); err != nil {
		t.Errorf("the text %q does not decode: %v", resp.GetText(), err)
	}
}

// TestGenerateMinimal checks that GenerateResponse.minimal says whether the
// puzzle was proved minimal: a 9×9 is, non_minimal or not (digging alone
// proves it), but not one whose clues were kept to hold the level asked
// for (seed 4 keeps three removable clues).
func TestGenerateMinimal(t *testing.T) {
	client := newClient(t, Config{DefaultTimeout: time.Minute})
	tests := []struct {
		req  *sudokuv1.GenerateRequest
		want bool
	}{
		{&sudokuv1.GenerateRequest{Seed: 1}, true},
		{&sudokuv1.GenerateRequest{Seed: 1, NonMinimal: true}, true},
		{&sudokuv1.GenerateRequest{Seed: 4, NonMinimal: true, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY}, false},
	}
	for _, tt := range tests {
		resp, err := client.Generate(context.Background(), tt.req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetMinimal() != tt.want {
			t.Errorf("%v: minimal = %v, want %v", tt.req, resp.GetMinimal(), tt.want)
		}
	}
}

func TestGenerateInvalidArgument(t *testing.T) {
	client := newClient(t, Config{})
	twoSolutions := ".96187.52578243916.21596.78783654291962318547145729863657932184839471625214865739"
	start := sudokuv1.GenerateMode_GENERATE_MODE_START_FROM
	tests := []struct {
		name      string
		req       *sudokuv1.GenerateRequest
		wantField string
		wantText  string
	}{
		{"mode", &sudokuv1.GenerateRequest{Mode: 9}, "mode", "unknown mode"},
		{"symmetry", &sudokuv1.GenerateRequest{Symmetry: 9}, "symmetry", "unknown symmetry"},
		{"level", &sudokuv1.GenerateRequest{Level: 9}, "level", "unknown level"},
		{"format", &sudokuv1.GenerateRequest{Format: 99}, "format", "unknown format"},
		{"variant", &sudokuv1.GenerateRequest{Variant: 99}, "variant", "unknown variant"},
		{"str8ts b, prime size", &sudokuv1.GenerateRequest{Size: 7, Variant: sudokuv1.Variant_VARIANT_STR8TS_B}, "size", "no regular boxes"},
		{"size too large", &sudokuv1.GenerateRequest{Size: 99}, "size", "out of range 4..32"},
		{"size too small", &sudokuv1.GenerateRequest{Size: 2}, "size", "out of range 4..32"},
		{"kenken size too small", &sudokuv1.GenerateRequest{Size: 2, Variant: sudokuv1.Variant_VARIANT_KENKEN}, "size", "out of range 3..32"},
		{"str8ts size too large", &sudokuv1.GenerateRequest{Size: 20, Variant: sudokuv1.Variant_VARIANT_STR8TS}, "size", "out of range 4..16"},
		{"str8ts b size too large", &sudokuv1.GenerateRequest{Size: 16, Variant: sudokuv1.Variant_VARIANT_STR8TS_B}, "size", "out of range 4..12 for Str8ts B"},
		{"killer X not 9×9", &sudokuv1.GenerateRequest{Size: 6, Variant: sudokuv1.Variant_VARIANT_KILLER_X}, "size", "out of range 9..9 for killer X"},
		{"prime size", &sudokuv1.GenerateRequest{Size: 7}, "size", "no regular boxes"},
		{"windoku 6", &sudokuv1.GenerateRequest{Size: 6, Variant: sudokuv1.Variant_VARIANT_WINDOKU}, "variant", "Windoku"},
		{"strategy", &sudokuv1.GenerateRequest{Strategies: []string{"A", "Z-Wing"}}, "strategies[1]", "unknown strategy"},
		{"minimal only and non-minimal", &sudokuv1.GenerateRequest{MinimalOnly: true, NonMinimal: true}, "minimal_only", "cannot go with non_minimal"},
		// Options no puzzle could meet, which ran to the deadline (or for
		// ever without one).
		{"no strategy places a digit", &sudokuv1.GenerateRequest{Strategies: []string{"D"}}, "strategies", "none of the strategies listed places a digit"},
		// Hidden Single does not run on Str8ts: the list places no digit
		// there, and the generator ran to the deadline for a puzzle graded
		// "score 0, hardest: none".
		{"str8ts, a single that does not run there", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_STR8TS, Size: 6, Strategies: []string{"B"}},
			"strategies", "none of the strategies listed places a digit on a Str8ts board (Hidden Single does not run there"},
		{"str8ts to start from, a single that does not run there", &sudokuv1.GenerateRequest{Mode: start, Strategies: []string{"B", "x"},
			Puzzle: textPuzzle("T6B2a07072a0a082a072a2a2a062a2a012a2a2a2a2a2a032a2a2a2a022a072a0d0b2a07072a")},
			"strategies", "places a digit on a Str8ts board"},
		{"str8ts BX, two singles that do not run there", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_STR8TS_BX, Strategies: []string{"Full House", "B", "x"}},
			"strategies", "(Full House and Hidden Single do not run there;"},
		{"guessing alone without guessing", &sudokuv1.GenerateRequest{Strategies: []string{"C"}, NoGuessing: true}, "no_guessing", "by guessing alone"},
		{"singles to extreme", &sudokuv1.GenerateRequest{Strategies: []string{"A", "B"}, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME}, "level", "grade a puzzle Hard at most"},
		{"singles and guessing without guessing, to extreme", &sudokuv1.GenerateRequest{Strategies: []string{"A", "B", "C"}, NoGuessing: true, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME}, "level", "grade a puzzle Hard at most"},
		{"format cannot carry cages", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KENKEN, Format: sudokuv1.Format_FORMAT_V1}, "format", "cannot carry"},
		{"no puzzle", &sudokuv1.GenerateRequest{Mode: start}, "puzzle", "needs a puzzle"},
		{"bad puzzle", &sudokuv1.GenerateRequest{Mode: start, Puzzle: textPuzzle("123")}, "puzzle.text", ""},
		{"not unique", &sudokuv1.GenerateRequest{Mode: start, Puzzle: textPuzzle(twoSolutions)}, "puzzle", "more than one solution"},
		{"no solution", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
			Puzzle: textPuzzle("12345678.........9" + strings.Repeat(".", 63))}, "puzzle", "no solution"},
		{"size differs", &sudokuv1.GenerateRequest{Mode: start, Size: 16, Puzzle: textPuzzle(seedHard)}, "size", "differs"},
		// A map alone is an empty text of the charset's blank: a charset
		// that cannot be, not a text the request never sent, is at fault.
		{"map alone, charset not ASCII", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
			Puzzle: &sudokuv1.Puzzle{Charset: "é123456789"}}, "puzzle.charset", "charset symbol 'é' at position 1 is not a printable ASCII character"},
		{"map alone, charset too short", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP,
			Puzzle: &sudokuv1.Puzzle{Charset: "0123"}}, "puzzle.charset", "the puzzle needs 1..9"},
		// A new puzzle's charset names the symbols of its text: one too
		// short for its size was dropped without a word, the text written
		// in 0-9 (with that charset line, in the N×N form).
		{"new, charset too short", &sudokuv1.GenerateRequest{Format: sudokuv1.Format_FORMAT_NXN,
			Puzzle: &sudokuv1.Puzzle{Charset: "#ABCD"}}, "puzzle.charset", `charset "#ABCD" has symbols for 1..4, the puzzle needs 1..9`},
		{"new KenKen, charset too short", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KENKEN,
			Puzzle: &sudokuv1.Puzzle{Charset: "#ABCD"}}, "puzzle.charset", "the puzzle needs 1..6"},
		{"new, charset not ASCII", &sudokuv1.GenerateRequest{Size: 4, Puzzle: &sudokuv1.Puzzle{Charset: "é123"}},
			"puzzle.charset", "charset symbol 'é' at position 1 is not a printable ASCII character"},
		// An empty board has no cages: a cage variant's base needs them,
		// and the request sent no text to blame.
		{"map alone, KenKen", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP, Variant: sudokuv1.Variant_VARIANT_KENKEN},
			"puzzle", "mode GENERATE_MODE_BASE_ON_MAP of a KenKen puzzle needs its cages"},
		{"map alone, killer jigsaw", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP, Variant: sudokuv1.Variant_VARIANT_KILLER_JIGSAW,
			Puzzle: &sudokuv1.Puzzle{RegionMap: seedJigsawMap}}, "puzzle", "of a killer jigsaw puzzle needs its cages"},
		{"new with a text", &sudokuv1.GenerateRequest{Puzzle: textPuzzle(seedHard)}, "puzzle.text", "only read with mode GENERATE_MODE_BASE_ON_MAP or GENERATE_MODE_START_FROM"},
		{"new with a board", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_NEW, Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: &sudokuv1.Board{Size: 4}}}}, "puzzle.board", "only read with mode"},
		{"new with a region map", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{RegionMap: seedJigsawMap}}, "puzzle.region_map", "only read with mode"},
		// A new puzzle's variant is the request's: puzzle.variant X made a
		// classic puzzle, and an unknown puzzle.format was taken.
		{"new with a puzzle variant", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Variant: sudokuv1.Variant_VARIANT_X}}, "puzzle.variant", "the request's variant"},
		{"new with a puzzle variant beside the variant", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER, Puzzle: &sudokuv1.Puzzle{Variant: sudokuv1.Variant_VARIANT_X}}, "puzzle.variant", "the request's variant"},
		{"new with a puzzle format", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Format: sudokuv1.Format_FORMAT_PLAIN}}, "puzzle.format", "reads no text"},
		{"new with an unknown puzzle format", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Format: 99}}, "puzzle.format", "reads no text"},
		// The puzzle, not the charset given for it, is the mistake of a
		// request that forgot its mode (it blamed puzzle.charset).
		{"new with a text and its charset", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: "1...\n..2.\n.3..\n...4"}, Charset: ".1234"}}, "puzzle.text", "only read with mode"},
		{"new with a map and its charset", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{RegionMap: seedJigsawMap, Charset: ".12"}}, "puzzle.region_map", "only read with mode"},
		{"new with a puzzle variant and a charset", &sudokuv1.GenerateRequest{Puzzle: &sudokuv1.Puzzle{Variant: sudokuv1.Variant_VARIANT_X, Charset: ".12"}}, "puzzle.variant", "the request's variant"},
		{"new with tolerant", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_NEW, Puzzle: &sudokuv1.Puzzle{Tolerant: true}}, "puzzle.tolerant", "reads no text"},
		{"2.0 string of another variant", &sudokuv1.GenerateRequest{Mode: start, Variant: sudokuv1.Variant_VARIANT_KILLER, Puzzle: textPuzzle(seedS9B)}, "variant", "VARIANT_KILLER contradicts the puzzle, a 2.0 string whose header S9B fixes the variant"},
		{"cage size of a classic", &sudokuv1.GenerateRequest{CageSize: 5}, "cage_size", "applies to killer puzzles, not classic"},
		{"cage size of KenKen", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KENKEN, CageSize: 3}, "cage_size", "not KenKen"},
		{"cage size too small", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER, CageSize: 1}, "cage_size", "out of range 2..8"},
		{"cage size too large", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER, CageSize: 1 << 31}, "cage_size", "out of range 2..8"},
		{"cage of every digit", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER, CageSize: 9}, "cage_size", "could never tell the digits apart"},
		{"cage size from a puzzle", &sudokuv1.GenerateRequest{Mode: start, CageSize: 5, Puzzle: textPuzzle(seedHard)}, "cage_size", "applies to new puzzles"},
		{"no solution as the request's variant", &sudokuv1.GenerateRequest{Mode: start, Variant: sudokuv1.Variant_VARIANT_X, Puzzle: textPuzzle(seedHard)},
			"puzzle", "the puzzle has no solution as variant VARIANT_X"},
		// seedHard's clues are mirror-symmetric; with r1c1's digit of its solution they are not.
		{"start lacks the symmetry", &sudokuv1.GenerateRequest{Mode: start, Symmetry: sudokuv1.Symmetry_SYMMETRY_MIRROR, Puzzle: textPuzzle("7" + seedHard[1:])},
			"symmetry", "the puzzle's clues are not mirror-symmetric: r1c1 holds a clue, r1c9 none"},
		{"variant differs", &sudokuv1.GenerateRequest{Mode: start, Variant: sudokuv1.Variant_VARIANT_X,
			Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedHard}, Variant: sudokuv1.Variant_VARIANT_CLASSIC}}, "variant", "differs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := client.Generate(context.Background(), tt.req)
			checkViolation(t, err, tt.wantField, tt.wantText)
		})
	}
}

// TestGenerateNoPuzzle checks that a generation no attempt can finish (a
// node cap too small for the fill, an operator's setting) ends with
// ResourceExhausted saying why, rather than running until its deadline.
func TestGenerateNoPuzzle(t *testing.T) {
	client := newClient(t, Config{MaxNodes: 20, DefaultTimeout: 2 * time.Minute})
	_, err := client.Generate(context.Background(), &sudokuv1.GenerateRequest{Seed: 1})
	st := status.Convert(err)
	if st.Code() != codes.ResourceExhausted || !strings.Contains(st.Message(), "attempts in a row made none") {
		t.Fatalf("err = %v, want ResourceExhausted: attempts in a row made none", err)
	}
}

// TestCheckGenerateOptionsBeforeTheVariant: a list no puzzle of any
// variant could meet is refused before the puzzle is read, in mode START
// and BASE too (solverctl refuses it as a flag, status 2); a list whose
// singles run on some variant but not on Str8ts waits for the puzzle.
func TestCheckGenerateOptionsBeforeTheVariant(t *testing.T) {
	start := sudokuv1.GenerateMode_GENERATE_MODE_START_FROM
	base := sudokuv1.GenerateMode_GENERATE_MODE_BASE_ON_MAP
	for _, mode := range []sudokuv1.GenerateMode{start, base} {
		for _, tt := range []struct {
			req       *sudokuv1.GenerateRequest
			wantField string
		}{
			{&sudokuv1.GenerateRequest{Strategies: []string{"D"}}, "strategies"},
			{&sudokuv1.GenerateRequest{Strategies: []string{"C"}, NoGuessing: true}, "no_guessing"},
			{&sudokuv1.GenerateRequest{Strategies: []string{"A", "B"}, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME}, "level"},
			{&sudokuv1.GenerateRequest{Strategies: []string{"B"}}, ""},
			{&sudokuv1.GenerateRequest{Strategies: []string{"A", "x"}, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_MEDIUM}, ""},
		} {
			tt.req.Mode = mode
			err := CheckGenerateOptions(tt.req)
			var fe *grid.FieldError
			switch {
			case tt.wantField == "" && err != nil:
				t.Errorf("%v: %v, want nil (checked once the puzzle is read)", tt.req, err)
			case tt.wantField != "" && (!errors.As(err, &fe) || fe.Field != tt.wantField):
				t.Errorf("%v: %v, want an error on %s", tt.req, err, tt.wantField)
			}
		}
	}
}

// TestReachableMessagesOnStr8ts: on a Str8ts board the refusals suggest
// the single that runs there, not Hidden Single (B), and name the listed
// singles that do not run there.
func TestReachableMessagesOnStr8ts(t *testing.T) {
	str8ts := sudokuv1.Variant_VARIANT_STR8TS
	for _, tt := range []struct {
		req           *sudokuv1.GenerateRequest
		want, wantNot string
	}{
		{&sudokuv1.GenerateRequest{Variant: str8ts, Strategies: []string{"x"}}, "(Naked Single, A, the one single that runs on a Str8ts board, or guessing, C)", "A or B"},
		{&sudokuv1.GenerateRequest{Variant: str8ts, Strategies: []string{"B", "C"}, NoGuessing: true}, "guessing alone (C) on a Str8ts board (Hidden Single does not run there)", "A or B"},
		{&sudokuv1.GenerateRequest{Variant: str8ts, Strategies: []string{"A", "B"}, Level: sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_MEDIUM}, "Easy at most on a Str8ts board (Hidden Single does not run there)", "\x00"},
		{&sudokuv1.GenerateRequest{Variant: str8ts, Strategies: []string{"B"}}, "places a digit on a Str8ts board (Hidden Single does not run there; Naked Single, A, or guessing, C, does): no puzzle", "\x00"},
		{&sudokuv1.GenerateRequest{Strategies: []string{"x"}}, "(a single such as A or B, or guessing, C)", "\x00"},
	} {
		err := CheckGenerateOptions(tt.req)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), tt.wantNot) {
			t.Errorf("%v: %v, want %q", tt.req, err, tt.want)
		}
	}
}

// TestNewPuzzleHeader: the header a new puzzle's text gets, from the
// request's variant and size or their defaults; none for the other modes
// and for killer X, which has no 2.0 type.
func TestNewPuzzleHeader(t *testing.T) {
	tests := []struct {
		name   string
		req    *sudokuv1.GenerateRequest
		header string
		size   int
		ok     bool
	}{
		{"default", &sudokuv1.GenerateRequest{}, "S9B", 9, true},
		{"25×25", &sudokuv1.GenerateRequest{Size: 25}, "SPB", 25, true},
		{"killer", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER}, "L9B", 9, true},
		{"KenDoku, default size", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KENDOKU}, "D6C", 6, true},
		{"killer X", &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_KILLER_X}, "", 0, false},
		{"start", &sudokuv1.GenerateRequest{Mode: sudokuv1.GenerateMode_GENERATE_MODE_START_FROM}, "", 0, false},
	}
	for _, tt := range tests {
		header, size, ok := NewPuzzleHeader(tt.req)
		if header != tt.header || ok != tt.ok || ok && size != tt.size {
			t.Errorf("%s: NewPuzzleHeader = %q, %d, %v; want %q, %d, %v", tt.name, header, size, ok, tt.header, tt.size, tt.ok)
		}
	}
}

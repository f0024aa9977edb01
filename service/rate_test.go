package service

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/sudokuwise/solver/engine/strategy"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestRate rates puzzles through Rate. Where a case gives SE bounds, it
// checks the Sudoku Explainer ratings given beside HoDoKu's level: ER the
// hardest step's, EP up to the first placement, ED the first step's
// (ER ≥ EP ≥ ED); a solve that logic leaves unfinished rates at least
// SE's nested forcing chains, 9.5. Solve then gives the same difficulty.
func TestRate(t *testing.T) {
	client := newClient(t, Config{})
	tests := []struct {
		name         string
		puzzle       string
		options      *sudokuv1.SolveOptions
		level        sudokuv1.DifficultyLevel
		noGuessing   bool
		mustUse      string
		mustNotUse   string
		wantStatus   sudokuv1.SolveStatus
		wantHardest  string
		seMin, seMax float64 // bounds of the SE rating; 0, 0 for no check
	}{
		{"singles only", seedEasy, nil, sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY, true, "Naked Single", "Guessing", sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, "Naked Single", 2.3, 2.3},
		{"elimination logic", seedHard, nil, sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_MEDIUM, true, "Locked Pair", "Guessing", sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, "", 2.6, 4.0},
		{"seed methods only guess", seedHard, &sudokuv1.SolveOptions{Strategies: []string{"A", "B", "C"}}, sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EXTREME, false, "Guessing", "Locked Pair", sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED, "Guessing", 0, 0},
		{"logic only gets stuck", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
			&sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY, Strategies: []string{"A", "B", "D", "E", "F", "G"}}, 0, false, "", "Guessing", sudokuv1.SolveStatus_SOLVE_STATUS_STUCK, "", 9.5, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.Rate(context.Background(), &sudokuv1.RateRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.options})
			if err != nil {
				t.Fatal(err)
			}
			if resp.GetStatus() != tt.wantStatus {
				t.Fatalf("status = %v, want %v", resp.GetStatus(), tt.wantStatus)
			}
			d := resp.GetDifficulty()
			if tt.level != 0 && (d.GetLevel() != tt.level || d.GetStars() != uint32(tt.level)) {
				t.Errorf("difficulty = %v, want level %v", d, tt.level)
			}
			if tt.wantHardest != "" && d.GetHardestStrategy() != tt.wantHardest {
				t.Errorf("hardest = %q, want %q", d.GetHardestStrategy(), tt.wantHardest)
			}
			if resp.GetSolvedWithoutGuessing() != tt.noGuessing {
				t.Errorf("solved without guessing = %v, want %v", resp.GetSolvedWithoutGuessing(), tt.noGuessing)
			}
			counts := resp.GetStrategyCounts()
			if tt.mustUse != "" && counts[tt.mustUse] == 0 {
				t.Errorf("counts %v lack %q", counts, tt.mustUse)
			}
			if counts[tt.mustNotUse] != 0 {
				t.Errorf("counts %v include %q", counts, tt.mustNotUse)
			}
			var score uint32
			for name, n := range counts {
				if n == 0 {
					t.Errorf("zero count for %q", name)
				}
				score += n
			}
			if d.GetScore() < score {
				t.Errorf("score %d below the number of steps %d", d.GetScore(), score)
			}
			if tt.seMax == 0 {
				return
			}
			er, ep, ed := d.GetSeRating(), d.GetSePearl(), d.GetSeDiamond()
			if er < tt.seMin || er > tt.seMax {
				t.Errorf("SE rating %v, want %v to %v (%v)", er, tt.seMin, tt.seMax, d)
			}
			if !(er >= ep && ep >= ed && ed >= 1) {
				t.Errorf("SE ER %v, EP %v, ED %v: want ER ≥ EP ≥ ED ≥ 1.0", er, ep, ed)
			}
			solve, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(tt.puzzle), Options: tt.options})
			if err != nil {
				t.Fatal(err)
			}
			if got := solve.GetResult().GetDifficulty(); !proto.Equal(got, d) {
				t.Errorf("Solve's difficulty %v, Rate's %v", got, d)
			}
		})
	}
}

// xWingCase is an X-Wing on 3 from HoDoKu's regression library (case
// 0300 "9.....+5+6+1..."), as givens then deleted candidates.
const (
	xWingGivens = "9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52"
	xWingElims  = "313 314 343 344 353 354 363 364 394"
)

// reglibPuzzle turns a regression-library grid into a structured board
// (+d is a placed digit, not a given) with candidates left for the server
// to compute.
func reglibPuzzle(givens string) *sudokuv1.Puzzle {
	b := &sudokuv1.Board{Size: 9}
	for i := 0; i < len(givens); i++ {
		c := &sudokuv1.Cell{}
		switch ch := givens[i]; {
		case ch == '+':
			i++
			c.Value = uint32(givens[i] - '0')
		case ch >= '1' && ch <= '9':
			c.Value, c.Given = uint32(ch-'0'), true
		}
		b.Cells = append(b.Cells, c)
	}
	return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}
}

func TestFindSteps(t *testing.T) {
	client := newClient(t, Config{})
	resp, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: reglibPuzzle(xWingGivens), Strategies: []string{"Basic Fish"}})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for i, s := range resp.GetSteps() {
		if s.GetIndex() != uint32(i+1) || s.GetMethod() != "J" || s.GetBoard() == "" {
			t.Errorf("step %d: %v", i+1, s)
		}
		if s.GetStrategy() != "X-Wing" {
			continue
		}
		var got []string
		for _, e := range s.GetEliminations() {
			got = append(got, string([]byte{byte('0' + e.GetDigit()), byte('1' + e.GetCell()/9), byte('1' + e.GetCell()%9)}))
		}
		if strings.Join(got, " ") == xWingElims {
			found = true
		}
	}
	if !found {
		t.Fatalf("no X-Wing eliminating %s among %v", xWingElims, resp.GetSteps())
	}
	if resp.GetTruncated() {
		t.Errorf("every Basic Fish step of %d returned, yet truncated", len(resp.GetSteps()))
	}
	// Every strategy at once finds more, and a bound is honoured.
	all, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: reglibPuzzle(xWingGivens), MaxSteps: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.GetSteps()) != 3 {
		t.Errorf("%d steps with max_steps 3", len(all.GetSteps()))
	}
	_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: reglibPuzzle(xWingGivens), Strategies: []string{"A", "nope"}})
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "strategies[1]") {
		t.Errorf("unknown strategy: err = %v", err)
	}
	// Strategies none of which runs on the board's variant find nothing
	// there for that reason alone.
	_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: textPuzzle(simpleStr8ts), Strategies: []string{"B", "Full House"}})
	checkViolation(t, err, "strategies", "none of the strategies listed runs on a Str8ts board (Full House, Hidden Single)")
	// Guessing has no steps to find: a list of it alone answered none.
	_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: reglibPuzzle(xWingGivens), Strategies: []string{"C"}})
	checkViolation(t, err, "strategies", "C (Guessing) finds no steps")
	// Beside others it is skipped, as with every strategy listed.
	if _, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: reglibPuzzle(xWingGivens), Strategies: []string{"C", "Basic Fish"}}); err != nil {
		t.Errorf("C and Basic Fish: %v", err)
	}
}

// urGivens is a Uniqueness Test 1 from HoDoKu's regression library (case
// 0600-1 "+4+7.3..1..."): it removes 2 and 3 from r2c7.
const urGivens = "+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1."

// TestFindStepsNoUniquenessOnCages checks that FindSteps follows the
// solver's rule: uniqueness steps on a board proved unique, none once the
// board has a cage, where swapping digits can break a cage's target.
func TestFindStepsNoUniquenessOnCages(t *testing.T) {
	client := newClient(t, Config{})
	killer := reglibPuzzle(urGivens)
	killer.GetBoard().Variant = sudokuv1.Variant_VARIANT_KILLER
	// r1c1 and r1c2 hold 4 and 7: the cage keeps the one solution.
	killer.GetBoard().Cages = []*sudokuv1.Cage{{Cells: []uint32{0, 1}, Target: 11, Operator: sudokuv1.CageOperator_CAGE_OPERATOR_ADD}}
	tests := []struct {
		name       string
		puzzle     *sudokuv1.Puzzle
		uniqueness bool
	}{
		{"classic", reglibPuzzle(urGivens), true},
		{"killer", killer, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: tt.puzzle})
			if err != nil {
				t.Fatal(err)
			}
			var uniqueness []string
			for _, s := range resp.GetSteps() {
				if st, ok := strategy.Lookup(s.GetMethod()); !ok || st.NeedsUnique() {
					uniqueness = append(uniqueness, s.GetMethod()+" "+s.GetExplanation())
				}
			}
			if got := len(uniqueness) > 0; got != tt.uniqueness {
				t.Errorf("uniqueness steps %q among %d steps; want some: %v", uniqueness, len(resp.GetSteps()), tt.uniqueness)
			}
		})
	}
}

// TestFindStepsDeadline checks that FindSteps gives up at its deadline on
// an empty 32×32 board, where the fish finders alone would work for half
// a minute and find nothing, and that the server stops too: with one
// solving slot, a call right after it gets the slot.
func TestFindStepsDeadline(t *testing.T) {
	client := newClient(t, Config{MaxConcurrent: 1})
	empty := &sudokuv1.Puzzle{
		Source:  &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", 32*32)},
		Charset: ".123456789ABCDEFGHIJKLMNOPQRSTUVW",
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := client.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: empty, MaxSteps: 5})
	if status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("FindSteps = %v, want DeadlineExceeded", err)
	}
	// Generous bounds: the point is seconds, not the half minute of a
	// search that does not stop.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("FindSteps took %v to honour a 200ms deadline", d)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if _, err := client.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: textPuzzle(seedEasy), MaxSteps: 1}); err != nil {
		t.Fatalf("the next call, which needs the slot: %v", err)
	}
}

// openColour is an open Colour board (solverctl generate --variant colour
// --seed 4401) on which Mutant Fish, asked for every step, found 1.19
// million of them: 1.7 GB held at once, past any pod's memory.
const openColour = "C9Bepepep0302ep06epepep09epepepepepepep03epepepep08ep02epep05ep09epepepep0602epepep0405ep08epepepepepepepepep05ep080107epepepepepepep04epep09epepepep07epep05epepepep"

// TestFindStepsOpenBoard asks for Mutant Fish on that board: a few steps
// come back at once, and max_steps at the server's cap gets an answer too
// large to send, refused with ResourceExhausted naming max_steps, after
// the finders were asked for no more steps than an answer can hold (a
// few hundred megabytes allocated, not gigabytes).
func TestFindStepsOpenBoard(t *testing.T) {
	client := newClient(t, Config{})
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: openColour}}
	resp, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: puzzle, Strategies: []string{"Mutant Fish"}, MaxSteps: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetSteps()) != 50 || !resp.GetTruncated() {
		t.Errorf("%d steps, truncated %v, want 50, truncated", len(resp.GetSteps()), resp.GetTruncated())
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: puzzle, Strategies: []string{"Mutant Fish"}, MaxSteps: 100_000})
	runtime.ReadMemStats(&after)
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(err.Error(), "max_steps") {
		t.Errorf("max_steps 100000: err = %v, want ResourceExhausted naming max_steps", err)
	}
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 500 {
		t.Errorf("%d MB allocated for an answer refused", mb)
	}
}

// TestFindStepsDefaultFits checks that with max_steps unset the answer
// holds the steps that fit in what the server sends, marked truncated,
// where max_steps set to as many is refused.
func TestFindStepsDefaultFits(t *testing.T) {
	const limit = 64 << 10
	client := newClient(t, Config{MaxSendMsgSize: limit})
	puzzle := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: openColour}}
	resp, err := client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: puzzle, Strategies: []string{"Mutant Fish"}})
	if err != nil {
		t.Fatal(err)
	}
	n := len(resp.GetSteps())
	if n < 10 || n >= defaultFindSteps || !resp.GetTruncated() || proto.Size(resp) > limit {
		t.Fatalf("%d steps in %d bytes, truncated %v; want some, fewer than %d, truncated, within %d bytes", n, proto.Size(resp), resp.GetTruncated(), defaultFindSteps, limit)
	}
	for i, s := range resp.GetSteps() {
		if s.GetIndex() != uint32(i+1) {
			t.Fatalf("step %d has index %d", i+1, s.GetIndex())
		}
	}
	_, err = client.FindSteps(context.Background(), &sudokuv1.FindStepsRequest{Puzzle: puzzle, Strategies: []string{"Mutant Fish"}, MaxSteps: defaultFindSteps})
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(err.Error(), "max_steps") {
		t.Errorf("max_steps %d: err = %v, want ResourceExhausted naming max_steps", defaultFindSteps, err)
	}
}

// TestRateStrategiesOffVariant: Rate refuses, as Solve does, strategies
// none of which runs on the puzzle's variant.
func TestRateStrategiesOffVariant(t *testing.T) {
	client := newClient(t, Config{})
	_, err := client.Rate(context.Background(), &sudokuv1.RateRequest{Puzzle: textPuzzle(simpleStr8ts), Options: &sudokuv1.SolveOptions{Strategies: []string{"B"}}})
	checkViolation(t, err, "options.strategies", "none of the strategies listed runs on a Str8ts board (Hidden Single)")
}

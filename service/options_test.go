package service

import (
	"errors"
	"math"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestOptionConflicts checks that CheckSolveOptions gives the facts of a
// contradiction (rule, field, strategies at fault) as an *OptionConflict,
// which a client words in its own terms, and that it still reads as the
// field error the service maps to InvalidArgument.
func TestOptionConflicts(t *testing.T) {
	logic := sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY
	guess := sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY
	tests := []struct {
		name       string
		opts       *sudokuv1.SolveOptions
		rule       OptionRule
		path       string
		strategies []string
	}{
		{"logic with guessing", &sudokuv1.SolveOptions{SolvingType: logic, Strategies: []string{"A", "B", "C"}}, LogicListsGuessing, "options.strategies[2]", []string{"C (Guessing)"}},
		{"guessing with eliminations", &sudokuv1.SolveOptions{SolvingType: guess, Strategies: []string{"A", "F", "E", "C"}}, GuessingListsElimination, "options.strategies[1]", []string{"F (Naked Subsets)", "E (Hidden Subsets)"}},
		// It would end stuck without a guess.
		{"guessing without C", &sudokuv1.SolveOptions{SolvingType: guess, Strategies: []string{"A", "B"}}, GuessingListsNoGuessing, "options.strategies", nil},
		{"on_guess on logic", &sudokuv1.SolveOptions{SolvingType: logic, OnGuess: sudokuv1.OnGuess_ON_GUESS_BACKTRACK}, TuningLogicOnly, "options.on_guess", nil},
		{"weight without C", &sudokuv1.SolveOptions{Strategies: []string{"A", "B"}, CountWeight: sudokuv1.CountWeight_COUNT_WEIGHT_NONE}, TuningWithoutGuessing, "options.count_weight", nil},
		{"seed without random", &sudokuv1.SolveOptions{RandomSeed: 7}, SeedWithoutRandom, "options.random_seed", nil},
		{"deep_looks on logic", &sudokuv1.SolveOptions{SolvingType: logic, DeepLooks: 400_000}, TuningLogicOnly, "options.deep_looks", nil},
		{"deep_looks without C", &sudokuv1.SolveOptions{Strategies: []string{"A", "B", "b"}, DeepLooks: 400_000}, TuningWithoutGuessing, "options.deep_looks", nil},
		{"deep_looks on guessing", &sudokuv1.SolveOptions{SolvingType: guess, DeepLooks: 400_000}, DeepLooksGuessingOnly, "options.deep_looks", nil},
		{"max_solutions without the check", &sudokuv1.SolveOptions{CheckMultiple: proto.Bool(false), MaxSolutions: 5}, CountWithoutCheck, "options.max_solutions", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSolveOptions(tt.opts)
			var c *OptionConflict
			if !errors.As(err, &c) {
				t.Fatalf("CheckSolveOptions = %v, want an *OptionConflict", err)
			}
			if c.Rule != tt.rule || c.Path() != tt.path || !slices.Equal(c.Strategies, tt.strategies) {
				t.Errorf("conflict = rule %d at %s listing %q, want rule %d at %s listing %q", c.Rule, c.Path(), c.Strategies, tt.rule, tt.path, tt.strategies)
			}
			field, reason, ok := FieldOf(err)
			if !ok || field != tt.path || reason != c.Reason() {
				t.Errorf("FieldOf = %q, %q, %v; want %q and the conflict's reason", field, reason, ok, tt.path)
			}
		})
	}
	for _, o := range []*sudokuv1.SolveOptions{
		{SolvingType: logic, Strategies: []string{"A", "B", "F"}},
		{DeepLooks: 400_000},
		{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_MIXED, DeepLooks: 400_000},
	} {
		if err := CheckSolveOptions(o); err != nil {
			t.Errorf("consistent options %v refused: %v", o, err)
		}
	}
}

// TestDeepLooksReachesSolver checks that SolveOptions.deep_looks becomes
// the solver's DeepLooks, capped at maxDeepLooks, and 0 when unset.
func TestDeepLooksReachesSolver(t *testing.T) {
	s := New(Config{})
	for _, tt := range []struct {
		looks uint32
		want  int
	}{
		{0, 0},
		{400_000, 400_000},
		{maxDeepLooks, maxDeepLooks},
		{1 << 31, maxDeepLooks},
	} {
		opts, err := s.solveOptions(&sudokuv1.SolveOptions{DeepLooks: tt.looks})
		if err != nil {
			t.Fatalf("deep_looks %d: %v", tt.looks, err)
		}
		if opts.DeepLooks != tt.want {
			t.Errorf("deep_looks %d: solver DeepLooks %d, want %d", tt.looks, opts.DeepLooks, tt.want)
		}
	}
}

// TestMaxNodesBeyondInt64 checks the search nodes a solve may take when
// the server's cap or the request's max_nodes is 2⁶³ or more: the solver
// takes an int64 and reads one that is not positive as no limit, so such
// a value must become math.MaxInt64, not wrap to a negative number.
func TestMaxNodesBeyondInt64(t *testing.T) {
	tests := []struct {
		name      string
		cap, req  uint64
		wantNodes int64
	}{
		{"server's cap", 10_000_000, 0, 10_000_000},
		{"request under the cap", 10_000_000, 5, 5},
		{"request of 2⁶³ capped", 10_000_000, 1 << 63, 10_000_000},
		{"cap of 2⁶³", 1 << 63, 0, math.MaxInt64},
		{"largest cap", math.MaxUint64, 0, math.MaxInt64},
		{"largest cap, request of 2⁶³", math.MaxUint64, 1 << 63, math.MaxInt64},
		{"largest cap, small request", math.MaxUint64, 5, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Config{MaxNodes: tt.cap})
			opts, err := s.solveOptions(&sudokuv1.SolveOptions{MaxNodes: tt.req})
			if err != nil {
				t.Fatal(err)
			}
			if opts.MaxNodes != tt.wantNodes {
				t.Errorf("solve's MaxNodes = %d, want %d", opts.MaxNodes, tt.wantNodes)
			}
			// FindSteps takes the server's cap as it is.
			if got := nodeLimit(tt.cap); tt.req == 0 && got != tt.wantNodes {
				t.Errorf("FindSteps' MaxNodes = %d, want %d", got, tt.wantNodes)
			}
		})
	}
}

package service

import (
	"context"
	"io"
	"strings"
	"testing"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// str8tsEasy1 is str8ts.com's "Easy 1" of 30 November 2024 as the site
// wrote it when it went live (candidates off by one), from the
// compatibility tests of github.com/BlueAnt1/puzzle-coding, and its
// solution in the simple form (black cells' clues kept, '.' for none,
// then the colours, which tell r1c1's black 6 from a white digit).
const (
	str8tsEasy1    = "T9B0gf0030a0af0f00a0a0401f0030af008f006f0f00af0f00af0f0f0f0f0f00cf0f0f0070a0a0jf0f006f0f00a0a0af0f0f0f00af0f0f0f0f0080a04f00a06f0f0f009f00b02f0f0f00a0a05060a0e02f00a"
	str8tsEasy1Sol = "643..87..4123.789632.45.68753428697..978654...8697.543978.43.65869712354..56.423. 100110011000010000001001000000100001110000011100001000000100100000010000110011001"
)

func str8tsPuzzle() *sudokuv1.Puzzle {
	return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: str8tsEasy1}, Tolerant: true}
}

// TestStr8tsEndToEnd takes a Str8ts puzzle through every call that takes
// a puzzle: Solve, SolveSteps (each step's board the T9B string), Rate,
// FindSteps (compartment units with their cells) and Generate.
func TestStr8tsEndToEnd(t *testing.T) {
	ctx := context.Background()
	client := newClient(t, Config{})

	solved, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: str8tsPuzzle()})
	if err != nil {
		t.Fatal(err)
	}
	res := solved.GetResult()
	if res.GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || res.GetPlain() != str8tsEasy1Sol || res.GetSolutionCount() != 1 || !res.GetCountComplete() {
		t.Errorf("Solve: %s %q, %d solutions", res.GetStatus(), res.GetPlain(), res.GetSolutionCount())
	}
	if !strings.HasPrefix(res.GetPacked(), "T9B") {
		t.Errorf("packed %q is no T9B string", res.GetPacked())
	}
	if cells := res.GetBoard().GetCells(); !cells[0].GetBlack() || cells[0].GetValue() != 6 || cells[3].GetValue() != 0 || !cells[3].GetBlack() {
		t.Errorf("black cells lost: %v %v", cells[0], cells[3])
	}

	stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: str8tsPuzzle()})
	if err != nil {
		t.Fatal(err)
	}
	steps, compartments := 0, 0
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s := msg.GetStep()
		if s == nil {
			continue
		}
		steps++
		if !strings.HasPrefix(s.GetBoard(), "T9B") {
			t.Fatalf("step %d board %q is no T9B string", s.GetIndex(), s.GetBoard())
		}
		for _, u := range s.GetUnits() {
			if u.GetKind() == sudokuv1.UnitKind_UNIT_KIND_COMPARTMENT {
				compartments++
				if len(u.GetCells()) < 2 || !strings.HasPrefix(u.GetName(), "compartment r") {
					t.Errorf("step %d: compartment %v", s.GetIndex(), u)
				}
			}
		}
	}
	if steps == 0 || compartments == 0 {
		t.Errorf("%d steps, %d compartment units", steps, compartments)
	}

	rated, err := client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: str8tsPuzzle()})
	if err != nil {
		t.Fatal(err)
	}
	if d := rated.GetDifficulty(); d.GetLevel() != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_EASY || !rated.GetSolvedWithoutGuessing() {
		t.Errorf("Rate: %v, without guessing %v", d, rated.GetSolvedWithoutGuessing())
	}

	found, err := client.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: str8tsPuzzle(), Strategies: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(found.GetSteps()) == 0 || found.GetSteps()[0].GetMethod() != "x" {
		t.Errorf("FindSteps x: %v", found.GetSteps())
	}

	made, err := client.Generate(ctx, &sudokuv1.GenerateRequest{Variant: sudokuv1.Variant_VARIANT_STR8TS, Seed: 9, IncludeSolution: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(made.GetText(), "T9B") || made.GetClues() == 0 {
		t.Errorf("Generate: %q, %d clues", made.GetText(), made.GetClues())
	}
	again, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(made.GetText())})
	if err != nil {
		t.Fatal(err)
	}
	if r := again.GetResult(); r.GetSolutionCount() != 1 || !r.GetCountComplete() {
		t.Errorf("generated puzzle: %d solutions (complete %v)", r.GetSolutionCount(), r.GetCountComplete())
	}
}

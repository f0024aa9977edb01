package client_test

import (
	"context"
	"fmt"
	"log"
	"slices"

	"google.golang.org/grpc/codes"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// A service connects once and solves puzzles with typed calls. The
// example's server runs in-process; a real one is reached by its address,
// such as "dns:///solverd-headless.ns.svc:50051", with WithTLS and
// WithTokenFile.
func Example() {
	opts, stop := startServer(nil) // in-process, for the example
	defer stop()

	c, err := client.New("passthrough:///bufnet", opts...)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	resp, err := c.Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.GetResult().GetStatus())
	fmt.Println(resp.GetResult().GetPlain())
	// Output:
	// SOLVE_STATUS_SOLVED
	// 496187352578243916321596478783654291962318547145729863657932184839471625214865739
}

// SolveSteps yields the steps of a solve as the server finds them, then
// the result.
func ExampleClient_SolveSteps() {
	opts, stop := startServer(nil)
	defer stop()
	c, err := client.New("passthrough:///bufnet", opts...)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	req := &sudokuv1.SolveStepsRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}}
	steps := 0
	for msg, err := range c.SolveSteps(context.Background(), req) {
		if err != nil {
			log.Fatal(err)
		}
		if msg.GetStep() != nil {
			if steps == 0 {
				fmt.Println("first step:", msg.GetStep().GetStrategy())
			}
			steps++
			continue
		}
		r := msg.GetResult()
		fmt.Println(r.GetStatus(), "in", r.GetStepCount(), "steps;", steps == int(r.GetStepCount()))
	}
	// Output:
	// first step: Naked Single
	// SOLVE_STATUS_SOLVED in 54 steps; true
}

// A batch streams many puzzles over SolveBatch; each is answered exactly
// once, tagged with its item's id, in the order answered.
func ExampleBatch() {
	opts, stop := startServer(nil)
	defer stop()
	c, err := client.New("passthrough:///bufnet", opts...)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	var lines []string
	b, err := client.NewBatch([]*client.Client{c}, client.BatchConfig{InFlight: 8, PerMessage: 4}, func(a client.Answer) {
		// Calls are never concurrent: no lock is needed.
		if a.Err != nil {
			lines = append(lines, a.ID+" failed: "+a.Err.Error())
			return
		}
		if e := a.Answer.GetError(); e != nil {
			// The server refused this item alone: the others go on.
			lines = append(lines, fmt.Sprintf("%s refused: %v", a.ID, codes.Code(e.GetCode())))
			return
		}
		lines = append(lines, a.ID+" "+a.Answer.GetResult().GetStatus().String())
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	go func() {
		defer b.CloseInput()
		for i, text := range []string{seedPuzzle, seedPuzzle[:80] + "1", "12"} {
			item := &sudokuv1.BatchItem{
				Id:     fmt.Sprint(i),
				Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: text}},
				View:   sudokuv1.ResultView_RESULT_VIEW_BASIC,
			}
			if err := b.Add(ctx, item); err != nil {
				log.Fatal(err)
			}
		}
	}()
	if err := b.Run(ctx); err != nil {
		log.Fatal(err)
	}
	slices.Sort(lines) // in input order, for the example
	for _, l := range lines {
		fmt.Println(l)
	}
	// Output:
	// 0 SOLVE_STATUS_SOLVED
	// 1 SOLVE_STATUS_NO_SOLUTION
	// 2 refused: InvalidArgument
}

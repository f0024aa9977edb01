package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// runSolve is the solve command: one unary Solve call.
func runSolve(ctx context.Context, e *env, cmd *command, args []string) error {
	var includeSteps bool
	f, puzzle, err := parseSolveArgs(ctx, cmd, e, args, func(fs *flag.FlagSet) {
		fs.BoolVar(&includeSteps, "steps", false, "also print every step taken")
	})
	if err != nil {
		return helpIsNil(err)
	}
	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()

	resp, err := client.Solve(ctx, &sudokuv1.SolveRequest{
		Puzzle:       puzzle,
		Options:      f.options(),
		IncludeSteps: includeSteps,
	})
	if err != nil {
		return err
	}
	if f.json {
		return printJSON(e.stdout, resp)
	}
	sp := newStepPrinter(e.stdout, puzzle.GetCharset())
	for _, s := range resp.GetSteps() {
		if err := sp.print(s); err != nil {
			return err
		}
	}
	return printResult(e.stdout, resp.GetResult())
}

// runSteps is the steps command: a SolveSteps stream, printed as it comes.
func runSteps(ctx context.Context, e *env, cmd *command, args []string) error {
	f, puzzle, err := parseSolveArgs(ctx, cmd, e, args, nil)
	if err != nil {
		return helpIsNil(err)
	}
	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()

	stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{
		Puzzle:  puzzle,
		Options: f.options(),
	})
	if err != nil {
		return err
	}
	sp := newStepPrinter(e.stdout, puzzle.GetCharset())
	gotResult := false
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if f.json {
			if err := printJSON(e.stdout, msg); err != nil {
				return err
			}
			gotResult = gotResult || msg.GetResult() != nil
			continue
		}
		switch ev := msg.GetEvent().(type) {
		case *sudokuv1.SolveStepsResponse_Step:
			err = sp.print(ev.Step)
		case *sudokuv1.SolveStepsResponse_Result:
			gotResult = true
			err = printResult(e.stdout, ev.Result)
		}
		if err != nil {
			return err
		}
	}
	if !gotResult {
		return errors.New("the stream ended without a result")
	}
	return nil
}

// helpIsNil turns the flag.ErrHelp of -h, whose usage is printed, into
// success.
func helpIsNil(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// connect returns a client of the service the flags name, and ctx with
// the deadline of -timeout; done releases both.
func (f *solveFlags) connect(ctx context.Context) (_ context.Context, client sudokuv1.SudokuServiceClient, done func(), err error) {
	client, closeFn, err := f.conn.dial(f.timeout)
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := withTimeout(ctx, f.timeout)
	return ctx, client, func() { cancel(); closeFn() }, nil
}

// withTimeout is context.WithTimeout, except that d == 0 sets no deadline.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, d)
}

// printJSON prints m as one line of protojson.
func printJSON(w io.Writer, m proto.Message) error {
	b, err := protojson.MarshalOptions{}.Marshal(m)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

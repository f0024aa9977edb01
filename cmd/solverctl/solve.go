package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// runSolve is the solve command: one unary Solve call, or with -steps a
// SolveSteps stream, whose messages stay small however many steps the
// solve takes (a unary answer with the steps of a hard 25×25, about 10
// MB, is refused as too large).
func runSolve(ctx context.Context, e *env, cmd *command, args []string) error {
	var includeSteps, oneLine bool
	extra := func(fs *flag.FlagSet) {
		fs.BoolVar(&includeSteps, "steps", false, "also print every step taken")
		oneLineFlag(fs, &oneLine)
	}
	return solveWith(ctx, e, cmd, args, extra, func(ctx context.Context, f *solveFlags, puzzle *sudokuv1.Puzzle, client sudokuv1.SudokuServiceClient) error {
		var resp *sudokuv1.SolveResponse
		var err error
		if includeSteps {
			resp, err = collectSteps(ctx, client, &sudokuv1.SolveStepsRequest{Puzzle: puzzle, Options: f.options()})
		} else {
			resp, err = client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: puzzle, Options: f.options()})
		}
		if err != nil {
			return err
		}
		if f.json {
			err = printJSON(e.stdout, resp)
		} else {
			err = printSolve(e.stdout, f.resultView(puzzle), resp, oneLine)
		}
		if err != nil {
			return err
		}
		noteIdleStrategies(ctx, e.stderr, client, f.options().GetStrategies(), resp.GetResult().GetBoard().GetVariant(), knownUnique(f.options()))
		return solveOutcome(e.stderr, puzzle, resp.GetResult())
	})
}

// solveOutcome returns the outcome of a solve of puzzle (see outcome),
// and notes on w when a 2.0 string without a solution reads as another
// board with -tolerant: most likely an interim base-32 string (strict
// decoding takes its base-36 reading, whose conflicts leave no solution).
func solveOutcome(w io.Writer, puzzle *sudokuv1.Puzzle, r *sudokuv1.SolveResult) error {
	if r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION && !puzzle.GetTolerant() && protoconv.TolerantReadsOtherwise(puzzle.GetText()) {
		fmt.Fprintln(w, "solverctl: note: read with -tolerant this 2.0 string is another board: an interim base-32 string, as SudokuWiki wrote them early in November 2024? try -tolerant")
	}
	return outcome(r)
}

// collectSteps calls SolveSteps with req and returns what a Solve call
// with include_steps answers: the steps streamed and the result. It
// fails when the stream ends without a result.
func collectSteps(ctx context.Context, client sudokuv1.SudokuServiceClient, req *sudokuv1.SolveStepsRequest) (*sudokuv1.SolveResponse, error) {
	stream, err := client.SolveSteps(ctx, req)
	if err != nil {
		return nil, err
	}
	resp := &sudokuv1.SolveResponse{}
	err = recvAll(stream, func(msg *sudokuv1.SolveStepsResponse) error {
		switch ev := msg.GetEvent().(type) {
		case *sudokuv1.SolveStepsResponse_Step:
			resp.Steps = append(resp.Steps, ev.Step)
		case *sudokuv1.SolveStepsResponse_Result:
			resp.Result = ev.Result
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if resp.Result == nil {
		return nil, errors.New("the stream ended without a result")
	}
	return resp, nil
}

// printSolve prints a Solve response in text form, as rv views it: its
// steps (each explanation in one line with oneLine), then its result.
func printSolve(w io.Writer, rv resultView, resp *sudokuv1.SolveResponse, oneLine bool) error {
	sp := newStepPrinter(w, rv, oneLine)
	for _, s := range resp.GetSteps() {
		if err := sp.print(s); err != nil {
			return err
		}
	}
	return printResult(w, resp.GetResult(), rv)
}

// oneLineFlag defines the -one-line flag of the commands that print steps.
func oneLineFlag(fs *flag.FlagSet, oneLine *bool) {
	fs.BoolVar(oneLine, "one-line", false, "print each step's explanation on its line, as the step's explanation field holds it, not laid out a deduction (or a chain) a line under it as the long trials and forcing chains are")
}

// runSteps is the steps command: a SolveSteps stream, printed as it comes.
func runSteps(ctx context.Context, e *env, cmd *command, args []string) error {
	var oneLine bool
	extra := func(fs *flag.FlagSet) { oneLineFlag(fs, &oneLine) }
	return solveWith(ctx, e, cmd, args, extra, func(ctx context.Context, f *solveFlags, puzzle *sudokuv1.Puzzle, client sudokuv1.SudokuServiceClient) error {
		stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{
			Puzzle:  puzzle,
			Options: f.options(),
		})
		if err != nil {
			return err
		}
		result, err := printSteps(e.stdout, f.json, oneLine, f.resultView(puzzle), stream)
		if err != nil {
			return err
		}
		noteIdleStrategies(ctx, e.stderr, client, f.options().GetStrategies(), result.GetBoard().GetVariant(), knownUnique(f.options()))
		return solveOutcome(e.stderr, puzzle, result)
	})
}

// solveWith parses the command line of command cmd, which solves one
// puzzle (see parseSolveArgs; extra defines the command's own flags),
// connects to the service the flags name and calls call with the client,
// ctx bearing the deadline of -timeout. -h prints the usage and succeeds.
func solveWith(ctx context.Context, e *env, cmd *command, args []string, extra func(*flag.FlagSet), call func(context.Context, *solveFlags, *sudokuv1.Puzzle, sudokuv1.SudokuServiceClient) error) error {
	f, puzzle, err := parseSolveArgs(ctx, cmd, e, args, extra)
	if err != nil {
		return helpIsNil(err)
	}
	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	return call(ctx, f, puzzle, client)
}

// printSteps prints the messages of a SolveSteps stream as they come, as
// protojson with asJSON (else each explanation in one line with oneLine),
// the result as rv says, and returns the result; it fails when the stream
// ends without one.
func printSteps(w io.Writer, asJSON, oneLine bool, rv resultView, stream grpc.ServerStreamingClient[sudokuv1.SolveStepsResponse]) (*sudokuv1.SolveResult, error) {
	sp := newStepPrinter(w, rv, oneLine)
	var result *sudokuv1.SolveResult
	err := recvAll(stream, func(msg *sudokuv1.SolveStepsResponse) error {
		if r := msg.GetResult(); r != nil {
			result = r
		}
		if asJSON {
			return printJSON(w, msg)
		}
		switch ev := msg.GetEvent().(type) {
		case *sudokuv1.SolveStepsResponse_Step:
			return sp.print(ev.Step)
		case *sudokuv1.SolveStepsResponse_Result:
			return printResult(w, ev.Result, rv)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if result == nil {
		return nil, errors.New("the stream ended without a result")
	}
	return result, nil
}

// recvAll calls fn with each message of a SolveSteps stream until the
// stream ends; it returns the stream's error or fn's, nil at the end.
func recvAll(stream grpc.ServerStreamingClient[sudokuv1.SolveStepsResponse], fn func(*sudokuv1.SolveStepsResponse) error) error {
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(msg); err != nil {
			return err
		}
	}
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

package main

import (
	"errors"
	"fmt"
	"io"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// The exit statuses of solverctl. A solve that ran to its end exits with
// the status of its outcome, so that a script can tell them apart; the
// output has already said it ("status: no solution").
const (
	exitSolved     = 0 // success; for solve, steps and watch: solved
	exitError      = 1 // an error: bad input, a failed call, ...
	exitUsage      = 2 // a bad command line: options refused before any call
	exitNoSolution = 3 // the puzzle has no solution
	exitMultiple   = 4 // the puzzle has more than one solution
	exitStuck      = 5 // logic alone could not finish (--type logic, --strategies)
)

// exitStatusHelp documents the exit statuses, for the usages.
const exitStatusHelp = `exit status: 0 solved (or success), 1 error, 2 bad command line; a solve
(solve, steps, watch) that ends otherwise exits 3 no solution, 4 multiple
solutions, 5 stuck (logic alone could not finish).
`

// outcomeError is a solve that ended, its result printed, without a
// solution proved: its only effect is the exit status of the outcome.
type outcomeError struct{ status sudokuv1.SolveStatus }

func (e *outcomeError) Error() string {
	return enumText(e.status.String(), "SOLVE_STATUS_")
}

// exitStatus returns the exit status of the outcome.
func (e *outcomeError) exitStatus() int {
	switch e.status {
	case sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION:
		return exitNoSolution
	case sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS:
		return exitMultiple
	case sudokuv1.SolveStatus_SOLVE_STATUS_STUCK:
		return exitStuck
	}
	return exitError
}

// outcome returns the error of a solve's result: nil when solved, else
// an *outcomeError.
func outcome(r *sudokuv1.SolveResult) error {
	if r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		return nil
	}
	return &outcomeError{status: r.GetStatus()}
}

// report prints err to w as solverctl's users see it and returns the exit
// status (see exitSolved...): 2 for a bad command line, 3, 4 or 5 for a
// solve's outcome, which prints nothing more, 1 otherwise. A gRPC error
// prints as "solverctl: <code>: <message>" followed by one line per
// invalid field of its BadRequest detail that the message does not
// already say.
func report(w io.Writer, err error) int {
	if oe := (*outcomeError)(nil); errors.As(err, &oe) {
		return oe.exitStatus()
	}
	if errors.As(err, new(*usageError)) {
		fmt.Fprintf(w, "solverctl: %v\n", err)
		return exitUsage
	}
	st, ok := status.FromError(err)
	if !ok {
		fmt.Fprintf(w, "solverctl: %v\n", err)
		return exitError
	}
	fmt.Fprintf(w, "solverctl: %s: %s\n", st.Code(), st.Message())
	for _, d := range st.Details() {
		br, ok := d.(*errdetails.BadRequest)
		if !ok {
			continue
		}
		for _, v := range br.GetFieldViolations() {
			line := v.GetField() + ": " + v.GetDescription()
			if line != st.Message() {
				fmt.Fprintf(w, "  %s\n", line)
			}
		}
	}
	return exitError
}

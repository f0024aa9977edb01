package main

import (
	"errors"
	"fmt"
	"io"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// report prints err to w as solverctl's users see it and returns the exit
// status: 2 for a bad command line, 1 otherwise. A gRPC error prints as
// "solverctl: <code>: <message>" followed by one line per invalid field of
// its BadRequest detail that the message does not already say.
func report(w io.Writer, err error) int {
	if errors.As(err, new(*usageError)) {
		fmt.Fprintf(w, "solverctl: %v\n", err)
		return 2
	}
	st, ok := status.FromError(err)
	if !ok {
		fmt.Fprintf(w, "solverctl: %v\n", err)
		return 1
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
	return 1
}
